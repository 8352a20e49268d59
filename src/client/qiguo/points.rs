//! How Qiguo plays on the match layer (`client/play/`: its records, a room's table) and on the
//! board layer (`client/points/`: its geometry, the armies' looks, the Ruler to move glowing,
//! eliminations). Qiguo has no resignation, draw offer or move clock: the game ends on the
//! board.

use super::hud::result_text;
use super::layout::{PIECE, STEP, point_at, point_to_world};
use super::model::{QiguoMatch, new_game, table_seats, threatens_a_ruler};
use super::pieces::{army, character_size};
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
use crate::client::theme::Rgb;
use crate::protocol::{self, GameEnd, RoomTable};
use crate::rules::GameKind;
use crate::rules::Seat;
use crate::rules::qiguo::{FILES, Kind, Move, MoveList, Piece, Played, Point, QiguoRecord, RANKS};
use bevy::prelude::*;
use std::convert::Infallible;

impl PointsLesson<crate::lessons::Qiguo> for QiguoMatch {
    fn from_lesson(start: crate::rules::qiguo::Position) -> QiguoMatch {
        QiguoMatch::from_start(start)
    }
}

/// The Qiguo board as the board layer sees it.
#[derive(Clone, Copy, Debug)]
pub struct QiguoBoard;

impl PointsBoard for QiguoBoard {
    type Action = Move;
    type Point = Point;
    const GAMES: &'static [GameKind] = &[GameKind::Qiguo];
    const GEOMETRY: Geometry = Geometry {
        step: STEP,
        piece: Vec2::splat(PIECE),
        corner: None,
        ring: (8.0, 3.0, 3.0),
        dot: (16.0, 6.5),
        glow: Some(STEP * 2.2),
        pans: true,
        careful: true,
    };

    fn point_to_world(point: Point, _turned: bool) -> Vec2 {
        point_to_world(point)
    }

    fn point_at(world: Vec2, _turned: bool) -> Option<Point> {
        point_at(world)
    }

    fn all_points() -> impl Iterator<Item = Point> {
        Point::all()
    }

    fn stepped(point: Point, files: i32, ranks: i32) -> Point {
        let file = (point.file() as i32 + files).clamp(0, FILES as i32 - 1);
        let rank = (point.rank() as i32 + ranks).clamp(0, RANKS as i32 - 1);
        Point::new(file as usize, rank as usize).unwrap_or(point)
    }

    fn move_between(from: Point, to: Point) -> Move {
        Move::new(from, to)
    }

    fn action_end(mv: Move) -> Point {
        mv.to()
    }

    fn first_cursor() -> Point {
        Point::CENTRE
    }
}

impl PointsMatch for QiguoMatch {
    type Board = QiguoBoard;
    type Piece = Piece;
    const RIM: (f32, f32) = (3.5, 1.8);
    const SLIDE_PER_STEP: f32 = 0.025;

    fn pieces(&self) -> Vec<(Point, Piece)> {
        self.position().pieces().collect()
    }

    fn piece_at(&self, point: Point) -> Option<Piece> {
        self.position().piece_at(point)
    }

    fn movable(&self, point: Point) -> bool {
        let position = self.position();
        position
            .piece_at(point)
            .is_some_and(|piece| piece.state == position.side_to_move())
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut moves = MoveList::new();
        self.position().legal_moves(&mut moves);
        moves.iter().copied().collect()
    }

    fn ends(mv: Move) -> (Point, Point) {
        (mv.from(), mv.to())
    }

    fn move_at(&self, ply: usize) -> Option<Move> {
        self.game.plies().get(ply).map(|ply| ply.mv)
    }

    fn effects(&self, played: &Played) -> MoveEffects {
        MoveEffects {
            captured: played.captured.is_some(),
            check: threatens_a_ruler(self.position(), played.mover),
            eliminated: !played.eliminated.is_empty(),
        }
    }

    fn look(piece: Piece, palette: &Palette) -> PieceLook {
        let colours = army(palette, piece.state);
        PieceLook {
            face: colours.face,
            ink: colours.ink,
            text: piece.kind.chinese().to_string(),
            text_size: character_size(piece.kind, PIECE),
            // Lifted off the badge at the lower right.
            text_lift: 2.5,
            badge: Some(piece.state.chinese()),
            shadow: Vec2::new(1.5, -2.5),
        }
    }

    fn glow(&self, palette: &Palette) -> Option<(Point, Rgb)> {
        let position = self.position();
        if self.over() {
            return None;
        }
        position
            .ruler(position.side_to_move())
            .map(|ruler| (ruler, palette.markers.ruler_to_move))
    }
}

impl MatchModel for QiguoMatch {
    type Action = Move;
    type Step = Move;
    type Did = Played;
    type Ending = Infallible;

    fn action(mv: &Move) -> Move {
        *mv
    }

    fn follow(&mut self, mv: &Move) -> Result<Played, String> {
        self.play(*mv).cloned()
    }

    fn take_back(&mut self, plies: usize) {
        QiguoMatch::take_back(self, plies);
    }

    fn conclude(&mut self, ending: Infallible) {
        match ending {}
    }

    fn plies(&self) -> usize {
        self.game.plies().len()
    }

    fn seat_to_move(&self) -> Seat {
        QiguoMatch::seat_to_move(self)
    }

    fn movers(&self) -> Vec<Seat> {
        QiguoMatch::movers(self)
    }

    fn seat_count(&self) -> usize {
        self.position().seating().seat_count()
    }

    fn over(&self) -> bool {
        QiguoMatch::over(self)
    }

    fn winners(&self) -> Option<Vec<Seat>> {
        let outcome = self.position().outcome()?;
        Some(
            outcome
                .winners()
                .map(|seat| Seat(seat.index() as u8))
                .collect(),
        )
    }
}

impl Authority for QiguoMatch {
    type Whole = QiguoMatch;

    fn new_game(_kind: GameKind, seats: &Seats, deal: Deal, attract: bool) -> (QiguoMatch, Seats) {
        let seats = table_seats(seats, attract);
        (new_game(&seats, deal), seats)
    }

    fn decide(whole: &mut QiguoMatch, mv: Move) -> Result<Move, String> {
        whole.play(mv).map(|_| mv)
    }

    fn step_at(whole: &QiguoMatch, ply: usize) -> Option<Move> {
        whole.game.plies().get(ply).map(|ply| ply.mv)
    }

    fn take_back_whole(whole: &mut QiguoMatch, plies: usize) {
        whole.take_back(plies);
    }

    fn answer(_: &mut QiguoMatch, _: MatchRequest, _: &Seats) -> Answer<Infallible> {
        Answer::Ignored
    }

    fn ending(_: &QiguoMatch) -> Option<Infallible> {
        None
    }

    fn shown(whole: &QiguoMatch, plies: usize) -> QiguoMatch {
        let mut game = whole.clone();
        game.game.truncate(plies.min(whole.plies()));
        game
    }
}

impl Records for QiguoMatch {
    type Record = QiguoRecord;

    fn record(whole: &QiguoMatch) -> QiguoRecord {
        whole.game.record()
    }

    fn from_record(_kind: GameKind, record: &QiguoRecord) -> Result<QiguoMatch, String> {
        let game = record.replay().map_err(|error| error.to_string())?;
        Ok(QiguoMatch::of(game))
    }

    fn scene(whole: &QiguoMatch) -> crate::picture::Scene {
        crate::picture::qiguo::scene(&whole.game)
    }
}

impl RecordText for QiguoRecord {
    fn text(&self) -> String {
        self.to_text()
    }

    fn read(text: &str) -> Result<QiguoRecord, String> {
        QiguoRecord::from_text(text).map_err(|error| error.to_string())
    }
}

impl MatchWords for QiguoMatch {
    fn result(&self, lang: Lang, palette: &Palette, seats: &Seats) -> Option<ResultWords> {
        result_text(lang, palette, self, seats)
    }

    fn log_text(mv: &Move, _: &Played) -> String {
        mv.to_string()
    }

    fn mover_label(played: &Played) -> Option<String> {
        Some(played.mover.to_string())
    }
}

impl ComputerWords for QiguoMatch {
    type Point = Point;

    fn action_points(mv: &Move) -> Vec<Point> {
        let (from, to) = <Self as PointsMatch>::ends(*mv);
        vec![from, to]
    }

    fn kind_key(letter: char) -> Option<&'static str> {
        Kind::from_letter(letter).map(|kind| super::hud::kind_keys(kind).0)
    }
}

impl RoomAdapter for QiguoMatch {
    fn from_table(table: &RoomTable, _secret: Option<&str>) -> Option<Result<Self, String>> {
        let RoomTable::Qiguo(game, _) = table else {
            return None;
        };
        Some(Ok(QiguoMatch::of((**game).clone())))
    }

    fn step_of(played: &protocol::Played) -> Option<Move> {
        match played {
            protocol::Played::Qiguo(played) => Some(played.mv),
            _ => None,
        }
    }

    fn ending_of(&self, _: GameEnd, _: &[Seat]) -> Option<Infallible> {
        None
    }

    fn whole_seen(&self) -> Option<QiguoMatch> {
        Some(self.clone())
    }
}
