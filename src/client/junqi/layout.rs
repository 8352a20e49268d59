//! Where things are on the Junqi table: the board's geometry in world units.

use crate::rules::junqi::{FILES, Point, RANKS};
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
/// Marker rings around a tile.
pub(super) const RING: Vec2 = Vec2::new(98.0, 52.0);

/// The world position of `point`'s centre; `turned`: the board turned by 180°.
pub fn point_to_world(point: Point, turned: bool) -> Vec2 {
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

/// The point whose post contains the world position `world`, if any.
pub fn point_at(world: Vec2, turned: bool) -> Option<Point> {
    Point::all().find(|&point| {
        let offset = (world - point_to_world(point, turned)).abs();
        offset.x <= POST.x / 2.0 + 8.0 && offset.y <= POST.y / 2.0 + 3.0
    })
}

/// Face size (inside the rim).
pub(super) const FACE: Vec2 = Vec2::new(TILE.x - 6.0, TILE.y - 6.0);
