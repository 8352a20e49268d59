//! The three games as lesson games: their notations, moves and results, all from
//! `crate::rules`.

use super::{Lesson, LessonError, LessonGame};
use crate::rules::{GameKind, junqi, qiguo, xiangqi};
use std::sync::LazyLock;

/// Junqi flip: positions are full JFEN (the lesson is the referee and knows every face-down
/// piece); the table is a [`junqi::Game`] under the default rules.
#[derive(Clone, Copy, Debug)]
pub struct Junqi;

/// Junqi classic: positions are full CJFEN (the lesson is the referee and knows every piece);
/// the table is a [`junqi::classic::ClassicGame`].
#[derive(Clone, Copy, Debug)]
pub struct JunqiClassic;

/// Xiangqi: positions are FEN; the table is a [`xiangqi::Game`], whose history the repetition
/// rules read.
#[derive(Clone, Copy, Debug)]
pub struct Xiangqi;

/// Qiguo Xiangqi: positions are QFEN; the table is a [`qiguo::Position`].
#[derive(Clone, Copy, Debug)]
pub struct Qiguo;

static JUNQI: LazyLock<Result<Lesson<Junqi>, LessonError>> =
    LazyLock::new(|| Lesson::parse(Junqi::source()));
static JUNQI_CLASSIC: LazyLock<Result<Lesson<JunqiClassic>, LessonError>> =
    LazyLock::new(|| Lesson::parse(JunqiClassic::source()));
static XIANGQI: LazyLock<Result<Lesson<Xiangqi>, LessonError>> =
    LazyLock::new(|| Lesson::parse(Xiangqi::source()));
static QIGUO: LazyLock<Result<Lesson<Qiguo>, LessonError>> =
    LazyLock::new(|| Lesson::parse(Qiguo::source()));

impl LessonGame for Junqi {
    const KIND: GameKind = GameKind::Junqi;
    const NAME: &'static str = "junqi";
    type Table = junqi::Game;
    type Point = junqi::Point;
    type Move = junqi::Action;
    type Refusal = junqi::IllegalAction;

    fn source() -> &'static str {
        include_str!("../../assets/lessons/junqi.toml")
    }

    fn loaded() -> &'static LazyLock<Result<Lesson<Junqi>, LessonError>> {
        &JUNQI
    }

    fn read_position(text: &str) -> Result<junqi::Game, String> {
        junqi::Position::from_jfen(text)
            .map(junqi::Game::new)
            .map_err(|error| error.to_string())
    }

    fn read_point(text: &str) -> Option<junqi::Point> {
        junqi::Point::parse(text)
    }

    fn read_move(text: &str) -> Result<junqi::Action, String> {
        text.parse()
            .map_err(|error: junqi::ActionParseError| error.to_string())
    }

    fn play(
        game: &junqi::Game,
        action: junqi::Action,
    ) -> Result<junqi::Game, junqi::IllegalAction> {
        let mut after = game.clone();
        after.play(action)?;
        Ok(after)
    }

    fn legal_moves(game: &junqi::Game) -> Vec<junqi::Action> {
        let mut actions = junqi::ActionList::new();
        game.position().legal_actions(&mut actions);
        actions.to_vec()
    }

    fn is_over(game: &junqi::Game) -> bool {
        game.outcome().is_some()
    }

    fn mover_won(before: &junqi::Game, after: &junqi::Game) -> bool {
        match (before.position().side_to_move(), after.outcome()) {
            (Some(mover), Some(junqi::Outcome::Win { winner, .. })) => winner == mover,
            _ => false,
        }
    }

    fn is_flip(action: junqi::Action) -> bool {
        matches!(action, junqi::Action::Flip(_))
    }
}

impl LessonGame for JunqiClassic {
    const KIND: GameKind = GameKind::JunqiClassic;
    const NAME: &'static str = "junqi-classic";
    type Table = junqi::classic::ClassicGame;
    type Point = junqi::Point;
    type Move = junqi::Action;
    type Refusal = junqi::IllegalAction;

    fn source() -> &'static str {
        include_str!("../../assets/lessons/junqi-classic.toml")
    }

    fn loaded() -> &'static LazyLock<Result<Lesson<JunqiClassic>, LessonError>> {
        &JUNQI_CLASSIC
    }

    fn read_position(text: &str) -> Result<junqi::classic::ClassicGame, String> {
        junqi::classic::ClassicPosition::from_cjfen(text)
            .map(junqi::classic::ClassicGame::new)
            .map_err(|error| error.to_string())
    }

    // Junqi flip's points and moves.
    fn read_point(text: &str) -> Option<junqi::Point> {
        Junqi::read_point(text)
    }

    fn read_move(text: &str) -> Result<junqi::Action, String> {
        Junqi::read_move(text)
    }

    fn play(
        game: &junqi::classic::ClassicGame,
        action: junqi::Action,
    ) -> Result<junqi::classic::ClassicGame, junqi::IllegalAction> {
        let mut after = game.clone();
        after.play(action)?;
        Ok(after)
    }

    fn legal_moves(game: &junqi::classic::ClassicGame) -> Vec<junqi::Action> {
        if game.outcome().is_some() {
            return Vec::new();
        }
        let mut actions = junqi::ActionList::new();
        game.position().legal_moves(&mut actions);
        actions.to_vec()
    }

    fn is_over(game: &junqi::classic::ClassicGame) -> bool {
        game.outcome().is_some()
    }

    fn mover_won(
        before: &junqi::classic::ClassicGame,
        after: &junqi::classic::ClassicGame,
    ) -> bool {
        let mover = before.position().side_to_move();
        matches!(after.outcome(), Some(junqi::Outcome::Win { winner, .. }) if winner == mover)
    }

    fn is_flip(_action: junqi::Action) -> bool {
        false
    }
}

impl LessonGame for Xiangqi {
    const KIND: GameKind = GameKind::Xiangqi;
    const NAME: &'static str = "xiangqi";
    type Table = xiangqi::Game;
    type Point = xiangqi::Square;
    type Move = xiangqi::Move;
    type Refusal = xiangqi::PlayError;

    fn source() -> &'static str {
        include_str!("../../assets/lessons/xiangqi.toml")
    }

    fn loaded() -> &'static LazyLock<Result<Lesson<Xiangqi>, LessonError>> {
        &XIANGQI
    }

    fn read_position(text: &str) -> Result<xiangqi::Game, String> {
        xiangqi::Position::from_fen(text)
            .map(xiangqi::Game::new)
            .map_err(|error| error.to_string())
    }

    fn read_point(text: &str) -> Option<xiangqi::Square> {
        xiangqi::Square::parse(text)
    }

    fn read_move(text: &str) -> Result<xiangqi::Move, String> {
        text.parse()
            .map_err(|error: xiangqi::MoveParseError| error.to_string())
    }

    fn play(game: &xiangqi::Game, mv: xiangqi::Move) -> Result<xiangqi::Game, xiangqi::PlayError> {
        let mut after = game.clone();
        after.play(mv)?;
        Ok(after)
    }

    fn legal_moves(game: &xiangqi::Game) -> Vec<xiangqi::Move> {
        if game.outcome().is_some() {
            return Vec::new();
        }
        let mut moves = xiangqi::MoveList::new();
        game.position().legal_moves(&mut moves);
        moves.to_vec()
    }

    fn is_over(game: &xiangqi::Game) -> bool {
        game.outcome().is_some()
    }

    fn mover_won(before: &xiangqi::Game, after: &xiangqi::Game) -> bool {
        after
            .outcome()
            .is_some_and(|outcome| outcome.winner == Some(before.position().side_to_move()))
    }

    fn is_flip(_: xiangqi::Move) -> bool {
        false
    }
}

impl LessonGame for Qiguo {
    const KIND: GameKind = GameKind::Qiguo;
    const NAME: &'static str = "qiguo";
    type Table = qiguo::Position;
    type Point = qiguo::Point;
    type Move = qiguo::Move;
    type Refusal = qiguo::PlayError;

    fn source() -> &'static str {
        include_str!("../../assets/lessons/qiguo.toml")
    }

    fn loaded() -> &'static LazyLock<Result<Lesson<Qiguo>, LessonError>> {
        &QIGUO
    }

    fn read_position(text: &str) -> Result<qiguo::Position, String> {
        qiguo::Position::from_qfen(text).map_err(|error| error.to_string())
    }

    fn read_point(text: &str) -> Option<qiguo::Point> {
        text.parse().ok()
    }

    fn read_move(text: &str) -> Result<qiguo::Move, String> {
        text.parse()
            .map_err(|error: qiguo::MoveParseError| error.to_string())
    }

    fn play(
        position: &qiguo::Position,
        mv: qiguo::Move,
    ) -> Result<qiguo::Position, qiguo::PlayError> {
        let mut after = position.clone();
        after.play(mv)?;
        Ok(after)
    }

    fn legal_moves(position: &qiguo::Position) -> Vec<qiguo::Move> {
        let mut moves = qiguo::MoveList::new();
        position.legal_moves(&mut moves);
        moves.to_vec()
    }

    fn is_over(position: &qiguo::Position) -> bool {
        position.ending().is_some()
    }

    fn mover_won(before: &qiguo::Position, after: &qiguo::Position) -> bool {
        let mover = before.seating().seat(before.side_to_move());
        after
            .outcome()
            .is_some_and(|outcome| outcome.winners().any(|seat| seat == mover))
    }

    fn is_flip(_: qiguo::Move) -> bool {
        false
    }
}
