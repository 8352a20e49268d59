//! What a game of pieces on points is to the board layer ([`PointsMatch`]): its geometry,
//! its pieces' looks and what a move does on the table.

use crate::client::i18n::Lang;
use crate::client::play::Match;
use crate::client::seats::Seats;
use crate::client::table_colours::Palette;
use crate::client::theme::Rgb;
use bevy::prelude::*;
use std::fmt::Debug;

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

/// The board of a game of pieces on points: its sizes and where its points are.
pub trait PointsBoard: Match {
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
}

/// A game of pieces on points, as its match model shows it to this layer: its pieces and
/// their looks, its moves and what they did, on its [`PointsBoard`]. The match layer's
/// [`Match`] plays it; nothing is hidden in these games, so the model is the whole game.
pub trait PointsMatch: PointsBoard {
    /// A piece.
    type Piece: Copy + Eq + Debug + Send + Sync + 'static;

    /// Every piece on the board.
    fn pieces(&self) -> Vec<(Self::Point, Self::Piece)>;
    /// The piece on `point`.
    fn piece_at(&self, point: Self::Point) -> Option<Self::Piece>;
    /// Whether the piece on `point` belongs to the side to move.
    fn movable(&self, point: Self::Point) -> bool;
    /// Every legal move now.
    fn legal_moves(&self) -> Vec<Self::Action>;
    /// The move from `from` to `to`.
    fn new_move(from: Self::Point, to: Self::Point) -> Self::Action;
    /// Where a move starts and ends.
    fn ends(mv: Self::Action) -> (Self::Point, Self::Point);
    /// The move played as ply `ply` (from 0).
    fn move_at(&self, ply: usize) -> Option<Self::Action>;

    /// What a move did, for the animations and sounds, seen from the game after it.
    fn effects(&self, did: &Self::Did) -> MoveEffects;
    /// How `piece` looks in `palette`.
    fn look(piece: Self::Piece, palette: &Palette) -> PieceLook;
    /// A point to glow under, and its colour (the general in check, the Ruler to move).
    fn glow(&self, palette: &Palette) -> Option<(Self::Point, Rgb)>;
    /// The result's title, explanation and colour (in `palette`), once the game is over.
    fn result(&self, lang: Lang, palette: &Palette, seats: &Seats)
    -> Option<(String, String, Rgb)>;
}

/// A result's title and the first line of its explanation, for the finished games kept.
pub fn result_line(result: Option<(String, String, Rgb)>) -> String {
    result
        .map(|(title, why, _)| {
            let why = why.lines().next().unwrap_or_default();
            format!("{title} — {why}")
        })
        .unwrap_or_default()
}
