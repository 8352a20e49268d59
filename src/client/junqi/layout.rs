//! Where things are on the Junqi table: the board's geometry in world units, and the board as
//! the board layer sees it ([`JunqiBoard`]: its stations, camps and headquarters are points).

use crate::client::points::{Geometry, PointsBoard};
use crate::rules::GameKind;
use crate::rules::junqi::{Action, FILES, Point, RANKS};
use bevy::prelude::*;

/// Horizontal distance between files, in world units (about pixels).
pub const FILE_STEP: f32 = 118.0;
/// Vertical distance between ranks.
pub const RANK_STEP: f32 = 60.0;
/// Extra room between ranks 6 and 7 for the front.
pub const FRONT_GAP: f32 = 60.0;
/// A piece tile's size.
pub const TILE: Vec2 = Vec2::new(84.0, 40.0);
/// A post's size (a little larger than a tile).
pub(super) const POST: Vec2 = Vec2::new(92.0, 46.0);
/// The whole board, frame included.
pub(super) const BOARD: Vec2 = Vec2::new(
    4.0 * FILE_STEP + POST.x + 96.0,
    10.0 * RANK_STEP + RANK_STEP + FRONT_GAP + POST.y + 90.0,
);

/// Face size (inside the rim).
pub(super) const FACE: Vec2 = Vec2::new(TILE.x - 6.0, TILE.y - 6.0);

/// The Junqi board, which Junqi flip and Junqi classic share, as the board layer sees it.
#[derive(Clone, Copy, Debug)]
pub struct JunqiBoard;

impl PointsBoard for JunqiBoard {
    type Point = Point;
    type Action = Action;
    const GAMES: &'static [GameKind] = &[GameKind::Junqi, GameKind::JunqiClassic];
    const GEOMETRY: Geometry = Geometry {
        step: RANK_STEP,
        piece: TILE,
        corner: Some(10.0),
        ring: (14.0, 6.5, 4.0),
        dot: (22.0, 10.0),
        glow: Some(TILE.x * 1.5),
        pans: false,
        careful: false,
    };

    fn point_to_world(point: Point, turned: bool) -> Vec2 {
        let (file, rank) = if turned {
            (FILES - 1 - point.file(), RANKS - 1 - point.rank())
        } else {
            (point.file(), point.rank())
        };
        let front = if rank >= RANKS / 2 {
            FRONT_GAP / 2.0
        } else {
            -FRONT_GAP / 2.0
        };
        Vec2::new(
            (file as f32 - 2.0) * FILE_STEP,
            (rank as f32 - 5.5) * RANK_STEP + front,
        )
    }

    /// The point whose post contains `world`, if any.
    fn point_at(world: Vec2, turned: bool) -> Option<Point> {
        Point::all().find(|&point| {
            let offset = (world - Self::point_to_world(point, turned)).abs();
            offset.x <= POST.x / 2.0 + 8.0 && offset.y <= POST.y / 2.0 + 3.0
        })
    }

    fn all_points() -> impl Iterator<Item = Point> {
        Point::all()
    }

    fn stepped(point: Point, files: i32, ranks: i32) -> Point {
        let file = (i32::from(point.file()) + files).clamp(0, i32::from(FILES) - 1);
        let rank = (i32::from(point.rank()) + ranks).clamp(0, i32::from(RANKS) - 1);
        Point::new(file as u8, rank as u8).unwrap_or(point)
    }

    fn first_cursor() -> Point {
        Point::new(2, 3).expect("c4 is on the board")
    }

    fn move_between(from: Point, to: Point) -> Action {
        Action::Move { from, to }
    }

    fn action_end(action: Action) -> Point {
        match action {
            Action::Flip(point) | Action::Move { to: point, .. } => point,
        }
    }
}

impl JunqiBoard {
    /// Where `action` started (a move; a flip stays on its point) and where it ended, for its
    /// marker.
    pub fn marks(action: Action) -> (Option<Point>, Point) {
        match action {
            Action::Flip(point) => (None, point),
            Action::Move { from, to } => (Some(from), to),
        }
    }
}
