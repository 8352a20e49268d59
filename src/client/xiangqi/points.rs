//! How Xiangqi plays on the match layer (`client/play/`: the referee's answers to a
//! resignation, a draw or time, its records) and on the board layer (`client/points/`: its
//! geometry and its pieces' looks).

use super::hud::result_text;
use super::layout::{PIECE, STEP, square_at, square_to_world};
use super::model::{Played, XiangqiMatch, computer_accepts_draw, new_game};
use super::online;
use super::pieces::ink;
use crate::client::i18n::Lang;
use crate::client::matches::{Deal, MatchRequest};
use crate::client::play::{
    Answer, Authority, ComputerWords, MatchModel, MatchWords, RecordText, Records, ResultWords,
    RoomAdapter,
};
use crate::client::points::{
    Geometry, MoveEffects, PieceLook, PointsBoard, PointsLesson, PointsMatch,
};
use crate::client::seats::Seats;
use crate::client::table_colours::Palette;
use crate::client::theme::{Rgb, palette};
use crate::protocol::{self, GameEnd, RoomTable};
use crate::rules::GameKind;
use crate::rules::Seat;
use crate::rules::xiangqi::{
    Conceded, FILES, Kind, Move, MoveList, Piece, RANKS, Square, XiangqiRecord, move_name,
};
use bevy::prelude::*;

impl PointsLesson<crate::lessons::Xiangqi> for XiangqiMatch {
    fn from_lesson(game: crate::rules::xiangqi::Game) -> XiangqiMatch {
        XiangqiMatch::new(game, None)
    }
}

/// The Xiangqi board as the board layer sees it.
#[derive(Clone, Copy, Debug)]
pub struct XiangqiBoard;

impl PointsBoard for XiangqiBoard {
    type Action = Move;
    type Point = Square;
    const GAMES: &'static [GameKind] = &[GameKind::Xiangqi];
    const GEOMETRY: Geometry = Geometry {
        step: STEP,
        piece: Vec2::splat(PIECE),
        corner: None,
        ring: (12.0, 5.0, 4.0),
        dot: (24.0, 10.0),
        glow: None,
        pans: false,
        careful: true,
    };

    fn point_to_world(point: Square, turned: bool) -> Vec2 {
        square_to_world(point, turned)
    }

    fn point_at(world: Vec2, turned: bool) -> Option<Square> {
        square_at(world, turned)
    }

    fn all_points() -> impl Iterator<Item = Square> {
        Square::all()
    }

    fn stepped(point: Square, files: i32, ranks: i32) -> Square {
        let file = (point.file() as i32 + files).clamp(0, FILES as i32 - 1);
        let rank = (point.rank() as i32 + ranks).clamp(0, RANKS as i32 - 1);
        Square::new(file as usize, rank as usize).unwrap_or(point)
    }

    fn move_between(from: Square, to: Square) -> Move {
        Move::new(from, to)
    }

    fn action_end(mv: Move) -> Square {
        mv.to()
    }

    fn first_cursor() -> Square {
        Square::new(4, 2).expect("e2 is on the board")
    }
}

impl PointsMatch for XiangqiMatch {
    type Board = XiangqiBoard;
    type Piece = Piece;
    const RIM: (f32, f32) = (5.0, 2.5);
    const SLIDE_PER_STEP: f32 = 0.03;

    fn pieces(&self) -> Vec<(Square, Piece)> {
        self.position().pieces().collect()
    }

    fn piece_at(&self, point: Square) -> Option<Piece> {
        self.position().piece_at(point)
    }

    fn movable(&self, point: Square) -> bool {
        let position = self.position();
        position
            .piece_at(point)
            .is_some_and(|piece| piece.color() == position.side_to_move())
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut moves = MoveList::new();
        self.position().legal_moves(&mut moves);
        moves.iter().copied().collect()
    }

    fn ends(mv: Move) -> (Square, Square) {
        (mv.from(), mv.to())
    }

    fn move_at(&self, ply: usize) -> Option<Move> {
        self.game.moves().get(ply).map(|played| played.mv)
    }

    fn effects(&self, played: &Played) -> MoveEffects {
        MoveEffects {
            captured: played.captured.is_some(),
            check: played.check,
            eliminated: false,
        }
    }

    fn look(piece: Piece, palette: &Palette) -> PieceLook {
        PieceLook {
            face: palette::PAPER,
            ink: ink(palette, piece.color()),
            text: piece.character().to_string(),
            text_size: PIECE * 0.55,
            text_lift: 1.0,
            badge: None,
            shadow: Vec2::new(2.5, -3.5),
        }
    }

    fn glow(&self, palette: &Palette) -> Option<(Square, Rgb)> {
        let position = self.position();
        let side = position.side_to_move();
        position
            .in_check(side)
            .then(|| (position.general(side), palette.markers.check))
    }
}

impl MatchModel for XiangqiMatch {
    type Action = Move;
    type Step = Move;
    type Did = Played;
    type Ending = Conceded;

    fn action(mv: &Move) -> Move {
        *mv
    }

    fn follow(&mut self, mv: &Move) -> Result<Played, String> {
        let mv = *mv;
        let before = self.position().clone();
        let piece = before
            .piece_at(mv.from())
            .ok_or_else(|| format!("no piece on {}", mv.from()))?;
        self.game.play(mv).map_err(|error| error.to_string())?;
        let after = self.position();
        Ok(Played {
            piece,
            captured: before.piece_at(mv.to()),
            check: after.in_check(after.side_to_move()),
        })
    }

    fn take_back(&mut self, plies: usize) {
        for _ in 0..plies {
            self.game.undo();
        }
        self.conceded = None;
    }

    fn conclude(&mut self, conceded: Conceded) {
        self.conceded = Some(conceded);
    }

    fn plies(&self) -> usize {
        self.game.moves().len()
    }

    fn seat_to_move(&self) -> Seat {
        XiangqiMatch::seat_to_move(self)
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn over(&self) -> bool {
        XiangqiMatch::over(self)
    }

    fn winners(&self) -> Option<Vec<Seat>> {
        let winner = match (self.conceded, self.game.outcome()) {
            (Some(conceded), _) => conceded.winner(),
            (None, Some(outcome)) => outcome.winner,
            (None, None) => return None,
        };
        Some(winner.map(|side| self.seat_of(side)).into_iter().collect())
    }
}

impl Authority for XiangqiMatch {
    type Whole = XiangqiMatch;

    fn new_game(
        _kind: GameKind,
        seats: &Seats,
        deal: Deal,
        _attract: bool,
    ) -> (XiangqiMatch, Seats) {
        (XiangqiMatch::new(new_game(deal), None), seats.clone())
    }

    fn decide(whole: &mut XiangqiMatch, mv: Move) -> Result<Move, String> {
        if whole.over() {
            return Err("the game is over".into());
        }
        whole.follow(&mv).map(|_| mv)
    }

    fn step_at(whole: &XiangqiMatch, ply: usize) -> Option<Move> {
        whole.game.moves().get(ply).map(|played| played.mv)
    }

    fn take_back_whole(whole: &mut XiangqiMatch, plies: usize) {
        whole.take_back(plies);
    }

    fn answer(whole: &mut XiangqiMatch, request: MatchRequest, seats: &Seats) -> Answer<Conceded> {
        let conceded = match request {
            MatchRequest::Undo => return Answer::Ignored,
            MatchRequest::Resign => {
                let seat = seats.local_player(whole.seat_to_move());
                Conceded::Resigned(whole.colour_of(seat))
            }
            MatchRequest::OfferDraw if computer_accepts_draw(whole.position()) => Conceded::Agreed,
            MatchRequest::OfferDraw => return Answer::Declined,
            MatchRequest::AgreeDraw => Conceded::Agreed,
            MatchRequest::OutOfTime => Conceded::OutOfTime(whole.colour_of(whole.seat_to_move())),
        };
        whole.conclude(conceded);
        Answer::Ended(conceded)
    }

    fn ending(whole: &XiangqiMatch) -> Option<Conceded> {
        whole.conceded
    }

    fn shown(whole: &XiangqiMatch, plies: usize) -> XiangqiMatch {
        let mut game = whole.clone();
        let total = whole.plies();
        if plies < total {
            game.take_back(total - plies);
        }
        game
    }
}

impl Records for XiangqiMatch {
    type Record = XiangqiRecord;

    fn record(whole: &XiangqiMatch) -> XiangqiRecord {
        whole.record()
    }

    fn from_record(_kind: GameKind, record: &XiangqiRecord) -> Result<XiangqiMatch, String> {
        let game = record.game().map_err(|error| error.to_string())?;
        Ok(XiangqiMatch::new(game, record.conceded))
    }

    fn scene(whole: &XiangqiMatch) -> crate::picture::Scene {
        crate::picture::xiangqi::scene(&whole.game, whole.conceded)
    }
}

impl RecordText for XiangqiRecord {
    fn text(&self) -> String {
        self.to_text()
    }

    fn read(text: &str) -> Result<XiangqiRecord, String> {
        XiangqiRecord::from_text(text).map_err(|error| error.to_string())
    }
}

impl MatchWords for XiangqiMatch {
    fn result(&self, lang: Lang, palette: &Palette, seats: &Seats) -> Option<ResultWords> {
        result_text(lang, palette, self, seats)
    }

    fn log_text(mv: &Move, _played: &Played) -> String {
        mv.to_string()
    }
}

impl ComputerWords for XiangqiMatch {
    type Point = Square;

    fn action_points(mv: &Move) -> Vec<Square> {
        let (from, to) = <Self as PointsMatch>::ends(*mv);
        vec![from, to]
    }

    fn action_name(&self, mv: &Move, lang: Lang) -> String {
        move_name(self.position(), *mv, super::hud::notation(lang))
    }

    fn kind_key(letter: char) -> Option<&'static str> {
        Kind::from_letter(letter).map(|kind| super::hud::kind_keys(kind).0)
    }
}

impl RoomAdapter for XiangqiMatch {
    fn from_table(table: &RoomTable, _secret: Option<&str>) -> Option<Result<Self, String>> {
        let RoomTable::Xiangqi(game) = table else {
            return None;
        };
        Some(Ok(XiangqiMatch::new(game.clone(), None)))
    }

    fn step_of(played: &protocol::Played) -> Option<Move> {
        match played {
            protocol::Played::Xiangqi(played) => Some(played.mv),
            _ => None,
        }
    }

    fn ending_of(&self, end: GameEnd, table_seats: &[Seat]) -> Option<Conceded> {
        online::conceded(end, table_seats, self)
    }

    fn whole_seen(&self) -> Option<XiangqiMatch> {
        Some(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::cues::Cue;
    use crate::client::points::{PointPiece, placed_on_turn};
    use crate::client::tabletop::TableView;
    use crate::client::timeline::{self, Anim, AnimationSystems, Opacity, Step, z};
    use crate::rules::xiangqi::{Color as Side, Kind};
    use bevy::time::TimeUpdateStrategy;
    use std::time::Duration;

    fn square(file: usize, rank: usize) -> Square {
        Square::new(file, rank).expect("a square")
    }

    /// Where the piece `entity` is drawn, and where a piece on `point` rests on the board
    /// turned.
    fn drawn_and_turned(app: &App, entity: Entity, point: Square) -> (Vec2, Vec2) {
        let drawn = app.world().get::<Transform>(entity).expect("a piece");
        (
            drawn.translation.truncate(),
            XiangqiBoard::point_to_world(point, true),
        )
    }

    #[test]
    fn a_piece_animated_when_the_board_turns_takes_its_turned_place_once_it_rests() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, timeline::plugin))
            .add_message::<Cue>()
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                20,
            )))
            .init_resource::<TableView>()
            .add_systems(
                Update,
                placed_on_turn::<PointPiece<XiangqiMatch>>().before(AnimationSystems),
            );
        let piece = |point: Square| {
            (
                PointPiece::<XiangqiMatch> {
                    point,
                    piece: Piece::new(Side::Red, Kind::Cannon),
                },
                Transform::from_translation(
                    XiangqiBoard::point_to_world(point, false).extend(z::PIECE),
                ),
                Opacity(1.0),
            )
        };
        let (resting_on, turning_on) = (square(1, 2), square(7, 2));
        let resting = app.world_mut().spawn(piece(resting_on)).id();
        let turning = app
            .world_mut()
            .spawn((piece(turning_on), Anim::new([Step::Wait(0.2)])))
            .id();
        app.update();
        app.world_mut().resource_mut::<TableView>().bottom = Seat(1);
        app.update();
        let (drawn, turned) = drawn_and_turned(&app, resting, resting_on);
        assert_eq!(drawn, turned, "a resting piece moves at once");
        let (drawn, turned) = drawn_and_turned(&app, turning, turning_on);
        assert_ne!(drawn, turned, "an animated piece keeps its place meanwhile");
        for _ in 0..30 {
            app.update();
        }
        assert!(
            app.world().get::<Anim>(turning).is_none(),
            "the animation ended"
        );
        let (drawn, turned) = drawn_and_turned(&app, turning, turning_on);
        assert_eq!(drawn, turned, "the rested piece stands on its turned place");
    }
}
