//! What a board of points is to the board layer ([`PointsBoard`]: its geometry), what a game
//! on it is to the shared input and markers ([`BoardPlay`]), and what a game of round pieces
//! is to the shared pieces and their animations ([`PointsMatch`]).

use crate::client::play::Match;
use crate::client::table_colours::Palette;
use crate::client::theme::Rgb;
use crate::rules::GameKind;
use bevy::prelude::*;
use std::fmt::{Debug, Display};

/// The sizes of a board, its pieces and its markers, in world units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// Distance between neighbouring points.
    pub step: f32,
    /// A piece's size: a round piece's diameter both ways, a tile's width and height.
    pub piece: Vec2,
    /// The corner radius of a tile's marker ring; `None` for round pieces and rings.
    pub corner: Option<f32>,
    /// The marker ring: how much wider than a piece its image is, how far outside the piece's
    /// edge it runs, and how wide.
    pub ring: (f32, f32, f32),
    /// The destination dot: its image's size and its radius.
    pub dot: (f32, f32),
    /// The glow marker's size (`None`: the glow image's own).
    pub glow: Option<f32>,
    /// Whether a press off the pieces pans a zoomed-in board instead of holding.
    pub pans: bool,
    /// Whether a careful tap (points smaller than a fingertip) needs a clear hit and a second
    /// tap to move; a board of wide tiles takes every tap at once.
    pub careful: bool,
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

/// A board of points: its sizes and where its points are. Games may share one (Junqi flip and
/// Junqi classic); the input, selection and markers belong to the board.
pub trait PointsBoard: Send + Sync + 'static {
    /// A point of the board.
    type Point: Copy + Eq + Debug + Display + Send + Sync + 'static;
    /// An action on the board.
    type Action: Copy;
    /// The board's sizes.
    const GEOMETRY: Geometry;
    /// The games played on it (their lessons' highlights are the board's).
    const GAMES: &'static [GameKind];

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
    /// The move from `from` to `to`.
    fn move_between(from: Self::Point, to: Self::Point) -> Self::Action;
    /// Where an action ends (the point a zoomed-in view shows).
    fn action_end(action: Self::Action) -> Self::Point;
}

/// A game on a [`PointsBoard`], as the shared input, markers and lessons play it.
pub trait BoardPlay: Match {
    /// The board it is played on.
    type Board: PointsBoard<Point = Self::Point, Action = Self::Action>;

    /// The action a tap on `point` plays by itself (a Junqi flip), if any.
    fn tap_action(&self, _point: Self::Point) -> Option<Self::Action> {
        None
    }
    /// Where the piece on `point` may go, when it is the side to move's; `None` otherwise.
    fn destinations(&self, point: Self::Point) -> Option<Vec<Self::Point>>;
    /// Whether a piece stands on `point`.
    fn occupied(&self, point: Self::Point) -> bool;
    /// Where the last action started (a move) and where it ended, for its marker.
    fn last_marks(&self) -> Option<(Option<Self::Point>, Self::Point)>;
    /// A point to glow under and its colour (the general in check, the Ruler to move).
    fn glow_at(&self, _palette: &Palette) -> Option<(Self::Point, Rgb)> {
        None
    }
}

/// A game of pieces on points, as its match model shows it to this layer: its pieces and
/// their looks, its moves and what they did, on its [`PointsBoard`]. The match layer's
/// [`Match`] plays it; nothing is hidden in these games, so the model is the whole game.
pub trait PointsMatch: Match {
    /// The board it is played on.
    type Board: PointsBoard<Point = Self::Point, Action = Self::Action>;
    /// A piece.
    type Piece: Copy + Eq + Debug + Send + Sync + 'static;
    /// A piece's rim: how far inside its edge, and how wide.
    const RIM: (f32, f32);
    /// The slide of a move: seconds for each step of distance, after a fixed 0.12 s.
    const SLIDE_PER_STEP: f32;

    /// Every piece on the board.
    fn pieces(&self) -> Vec<(Self::Point, Self::Piece)>;
    /// The piece on `point`.
    fn piece_at(&self, point: Self::Point) -> Option<Self::Piece>;
    /// Whether the piece on `point` belongs to the side to move.
    fn movable(&self, point: Self::Point) -> bool;
    /// Every legal move now.
    fn legal_moves(&self) -> Vec<Self::Action>;
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
}

impl<G: PointsMatch> BoardPlay for G {
    type Board = <G as PointsMatch>::Board;

    fn destinations(&self, point: G::Point) -> Option<Vec<G::Point>> {
        self.movable(point).then(|| {
            self.legal_moves()
                .into_iter()
                .map(G::ends)
                .filter(|&(start, _)| start == point)
                .map(|(_, end)| end)
                .collect()
        })
    }

    fn occupied(&self, point: G::Point) -> bool {
        self.piece_at(point).is_some()
    }

    fn last_marks(&self) -> Option<(Option<G::Point>, G::Point)> {
        let last = self.move_at(self.plies().checked_sub(1)?)?;
        let (from, to) = G::ends(last);
        Some((Some(from), to))
    }

    fn glow_at(&self, palette: &Palette) -> Option<(G::Point, Rgb)> {
        self.glow(palette)
    }
}
