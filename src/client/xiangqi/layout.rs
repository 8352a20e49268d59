//! Where things are on the Xiangqi table: the board's geometry in world units.

use crate::rules::xiangqi::{FILES, RANKS, Square};
use bevy::prelude::*;

/// Distance between neighbouring points, in world units.
pub const STEP: f32 = 74.0;
/// A piece's diameter.
pub const PIECE: f32 = 64.0;
/// The whole board, frame included.
pub(super) const BOARD: Vec2 = Vec2::new(8.0 * STEP + 150.0, 9.0 * STEP + 150.0);

/// The world position of `square`; `turned`: Black at the bottom.
pub fn square_to_world(square: Square, turned: bool) -> Vec2 {
    let (file, rank) = if turned {
        (FILES - 1 - square.file(), RANKS - 1 - square.rank())
    } else {
        (square.file(), square.rank())
    };
    Vec2::new((file as f32 - 4.0) * STEP, (rank as f32 - 4.5) * STEP)
}

/// The point whose piece would cover the world position `world`, if any.
pub fn square_at(world: Vec2, turned: bool) -> Option<Square> {
    Square::all().find(|&square| world.distance(square_to_world(square, turned)) <= STEP / 2.0)
}
