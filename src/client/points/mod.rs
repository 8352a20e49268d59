//! One board layer for the games of pieces on points (Xiangqi, Qiguo): input and selection,
//! markers, piece entities and their animations, the local referee, status, autosave, the
//! outcome, finished games kept and replays. It is generic over [`PointsMatch`], which each
//! game's match model implements; the game keeps only what is its own (board art, layout,
//! piece looks, notation, move list, rules page, result table).

mod input;
mod lesson;
mod markers;
mod pieces;
mod referee;
mod replay;
mod shelf;
mod table;

pub use input::{BoardCommand, Cursor, Hover, Selection, TriedMove};
pub use lesson::{PointsLesson, lesson_plugin};

use crate::client::lessons::Highlights;
pub use markers::PointArt;
pub use pieces::PointPiece;
pub use replay::{Replay, ReplayJumps};
pub use shelf::{RecordShelf, record_section};
pub use table::{forward_moves_online, play_on, put_on_table};

use super::ClientSet;
use super::i18n::Lang;
use super::matches::{Deal, MatchRequest, PositionKey};
use super::seats::Seats;
use super::table_colours::Palette;
use super::theme::Rgb;
use super::thinking::{self, ComputerGame};
use crate::rules::Seat;
use bevy::ecs::component::Mutable;
use bevy::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::{Debug, Display};

/// What the layer keeps in every match model: where the table stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableState {
    /// The position on the table (see [`PositionKey`]).
    pub key: PositionKey,
    /// Whether this is the title screen's demonstration.
    pub attract: bool,
    /// Whether the end of the game has been announced.
    pub announced: bool,
}

impl TableState {
    /// Whether a game has been put on this table (the default model is none).
    pub fn loaded(&self) -> bool {
        self.key != PositionKey::default()
    }
}

/// The sizes of a board and its pieces, in world units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// Distance between neighbouring points.
    pub step: f32,
    /// A piece's diameter.
    pub piece: f32,
    /// A piece's rim: how far inside its edge, and how wide.
    pub rim: (f32, f32),
    /// The marker ring: how much wider than a piece its image is, how far outside the piece's
    /// edge it runs, and how wide.
    pub ring: (f32, f32, f32),
    /// The destination dot: its image's size and its radius.
    pub dot: (f32, f32),
    /// The glow marker's size (`None`: the glow image's own).
    pub glow: Option<f32>,
    /// The slide of a move: seconds for each step of distance, after a fixed 0.12 s.
    pub slide_per_step: f32,
    /// Whether a press off the pieces pans a zoomed-in board instead of holding.
    pub pans: bool,
}

/// How a piece looks.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceLook {
    /// The face's colour.
    pub face: Rgb,
    /// The rim's and the character's colour.
    pub ink: Rgb,
    /// The character(s) written on it.
    pub text: String,
    /// The character's size.
    pub text_size: f32,
    /// The character's lift above the centre.
    pub text_lift: f32,
    /// A small second character on the rim, below the first (Qiguo: the state's), if any.
    pub badge: Option<&'static str>,
    /// Where the shadow falls.
    pub shadow: Vec2,
}

/// What a move did, for its animation and sounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveEffects {
    /// It took a piece.
    pub captured: bool,
    /// It gives check (a sound and a shake).
    pub check: bool,
    /// It removed an army from the board.
    pub eliminated: bool,
}

/// How the model answers a request that is not a take-back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The request changed the game (a resignation, an agreed draw, a time loss).
    Done,
    /// A computer turned the draw offer down.
    Declined,
    /// The game has no such thing (Qiguo has no resignation).
    Ignored,
}

/// A game of pieces on points, as its match model shows it to this layer. The model is the
/// whole game (nothing is hidden in these games); the layer changes it only through these
/// methods.
pub trait PointsMatch:
    ComputerGame<Request = PlayRequest<Self>> + Resource<Mutability = Mutable> + Clone + Default + Debug
{
    /// A point of the board.
    type Point: Copy + Eq + Debug + Display + Send + Sync + 'static;
    /// A piece.
    type Piece: Copy + Eq + Debug + Send + Sync + 'static;
    /// A move.
    type Move: Copy + Eq + Debug + Display + Send + Sync + 'static;
    /// What a move did, as the rules tell it.
    type Played: Clone + Debug + Send + Sync + 'static;
    /// The game's record (autosave, finished games).
    type Record: Serialize + DeserializeOwned;

    /// The board's sizes.
    const GEOMETRY: Geometry;

    /// The world position of `point`; `turned`: the board seen from the other side.
    fn point_to_world(point: Self::Point, turned: bool) -> Vec2;
    /// The point whose piece would cover `world`, if any.
    fn point_at(world: Vec2, turned: bool) -> Option<Self::Point>;
    /// Every point of the board.
    fn all_points() -> impl Iterator<Item = Self::Point>;
    /// The point a keyboard or gamepad step leads to from `point` (kept on the board).
    fn stepped(point: Self::Point, files: i32, ranks: i32) -> Self::Point;
    /// Where the keyboard cursor starts.
    fn first_cursor() -> Self::Point;

    /// Where the table stands.
    fn table(&self) -> &TableState;
    /// Where the table stands, to change.
    fn table_mut(&mut self) -> &mut TableState;

    /// Every piece on the board.
    fn pieces(&self) -> Vec<(Self::Point, Self::Piece)>;
    /// The piece on `point`.
    fn piece_at(&self, point: Self::Point) -> Option<Self::Piece>;
    /// Whether the piece on `point` belongs to the side to move.
    fn movable(&self, point: Self::Point) -> bool;
    /// Every legal move now.
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// The move from `from` to `to`.
    fn new_move(from: Self::Point, to: Self::Point) -> Self::Move;
    /// Where a move starts and ends.
    fn ends(mv: Self::Move) -> (Self::Point, Self::Point);

    /// Moves played so far.
    fn plies(&self) -> usize;
    /// The move played as ply `ply` (from 0).
    fn move_at(&self, ply: usize) -> Option<Self::Move>;
    /// Plays `mv` by the rules.
    fn apply(&mut self, mv: Self::Move) -> Result<Self::Played, String>;
    /// Takes back the last `plies` moves, and any ending off the board.
    fn take_back(&mut self, plies: usize);
    /// The game after its first `plies` moves (the whole game, ending included, for all).
    fn truncated(&self, plies: usize) -> Self;
    /// Takes `script`'s ending off the board, once a replay shows its last move.
    fn end_like(&mut self, _script: &Self) {}

    /// The seat whose turn it is; once the game is over, the seat that moved last.
    fn seat_to_move(&self) -> Seat;
    /// The seat that made each move so far, oldest first.
    fn movers(&self) -> Vec<Seat>;
    /// How many seats the game has.
    fn seat_count(&self) -> usize;
    /// Whether the game is over, by the rules or off the board.
    fn over(&self) -> bool;
    /// The winning seats once the game is over (empty for a draw).
    fn winners(&self) -> Option<Vec<Seat>>;
    /// Answers a resignation, a draw offer or agreement, or a time loss.
    fn answer(&mut self, request: MatchRequest, seats: &Seats) -> Answer;

    /// A new game for `seats` dealt as `deal` asks, and the seats it is played with.
    fn new_game(seats: &Seats, deal: Deal, attract: bool) -> (Self, Seats);
    /// The record of the game.
    fn record(&self) -> Self::Record;
    /// The game a record holds, or why it holds none.
    fn from_record(record: &Self::Record) -> Result<Self, String>;
    /// The game as text players copy.
    fn to_text(&self) -> String;
    /// The game a pasted text holds, or what is wrong with it (line by line).
    fn from_text(text: &str) -> Result<Self, String>;

    /// What a move did, for the animations and sounds, seen from the game after it.
    fn effects(&self, played: &Self::Played) -> MoveEffects;
    /// Who moved, for the log, when the seat says too little (Qiguo's state).
    fn mover_label(_played: &Self::Played) -> Option<String> {
        None
    }
    /// How `piece` looks in `palette`.
    fn look(piece: Self::Piece, palette: &Palette) -> PieceLook;
    /// A point to glow under, and its colour (the general in check, the Ruler to move).
    fn glow(&self, palette: &Palette) -> Option<(Self::Point, Rgb)>;
    /// The result's title, explanation and colour (in `palette`), once the game is over.
    fn result(&self, lang: Lang, palette: &Palette, seats: &Seats)
    -> Option<(String, String, Rgb)>;
}

/// Play a move chosen in a position of the match; ignored if illegal or stale.
#[derive(Message, Debug)]
pub struct PlayRequest<G: PointsMatch> {
    /// The move.
    pub mv: G::Move,
    /// The position it was chosen in.
    pub chosen_at: PositionKey,
}

impl<G: PointsMatch> Clone for PlayRequest<G> {
    fn clone(&self) -> Self {
        PlayRequest {
            mv: self.mv,
            chosen_at: self.chosen_at,
        }
    }
}

impl<G: PointsMatch> PlayRequest<G> {
    /// Play `mv` in the position `model` shows now.
    pub fn new(mv: G::Move, model: &G) -> PlayRequest<G> {
        PlayRequest {
            mv,
            chosen_at: model.table().key,
        }
    }
}

/// A move was played on the table.
#[derive(Message, Debug)]
pub struct MovePlayed<G: PointsMatch> {
    /// The move.
    pub mv: G::Move,
    /// What it did.
    pub played: G::Played,
    /// The seat that made it.
    pub mover: Seat,
}

impl<G: PointsMatch> Clone for MovePlayed<G> {
    fn clone(&self) -> Self {
        MovePlayed {
            mv: self.mv,
            played: self.played.clone(),
            mover: self.mover,
        }
    }
}

/// Put a game on the table (it ends a replay).
#[derive(Message, Clone, Debug)]
pub struct LoadMatch<G: PointsMatch> {
    /// The game, with its moves.
    pub game: G,
    /// Who plays each seat (as many as the game has).
    pub seats: Seats,
    /// Whether this is the title screen's demonstration.
    pub attract: bool,
}

/// The order of the table's work within [`ClientSet::Apply`]: the referee, a replay or the
/// server (a game's online follower) rule first, then the shell hears where the match stands.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PointsSet {
    /// Requests, replays and the server's news change the model.
    Rule,
    /// [`MatchStatus`](super::matches::MatchStatus) follows the model.
    Report,
}

/// What runs headless for `G`: the referee, computers, input, pieces and their timelines,
/// replays and the finished games.
pub fn logic_plugin<G: PointsMatch>(app: &mut App) {
    app.configure_sets(
        Update,
        (PointsSet::Rule, PointsSet::Report)
            .chain()
            .in_set(ClientSet::Apply),
    )
    .add_systems(
        Update,
        (
            (
                replay::end_replays::<G>,
                referee::referee::<G>,
                replay::start_replays::<G>,
                replay::step_replays::<G>,
            )
                .chain()
                .in_set(PointsSet::Rule),
            referee::report_status::<G>.in_set(PointsSet::Report),
        ),
    );
    app.init_resource::<G>()
        .init_resource::<Highlights<G::Point>>()
        .add_plugins((
            referee::plugin::<G>,
            replay::plugin::<G>,
            thinking::plugin::<G>,
            input::logic_plugin::<G>,
            pieces::logic_plugin::<G>,
            shelf::logic_plugin::<G>,
        ));
}

/// What needs a window for `G`: markers, the pieces' looks, input devices, sounds, saving.
pub fn plugin<G: PointsMatch>(app: &mut App) {
    app.add_plugins((
        markers::plugin::<G>,
        pieces::plugin::<G>,
        input::plugin::<G>,
        shelf::plugin::<G>,
    ));
}
