//! Where things are on the Qiguo table: the 19×19 board's geometry in world units, north at
//! the top as the rules draw it.

use crate::rules::qiguo::{FILES, Point, RANKS};
use bevy::prelude::*;

/// Distance between neighbouring points, in world units.
pub const STEP: f32 = 42.0;
/// A piece's diameter.
pub const PIECE: f32 = 38.0;
/// The whole board: the lines, the file and rank labels around them and the frame.
pub(super) const BOARD: Vec2 = Vec2::new(18.0 * STEP + 118.0, 18.0 * STEP + 118.0);

/// The world position of `point` (the centre point `j10` is the origin).
pub fn point_to_world(point: Point) -> Vec2 {
    let middle = |count: usize| (count as f32 - 1.0) / 2.0;
    Vec2::new(
        (point.file() as f32 - middle(FILES)) * STEP,
        (point.rank() as f32 - middle(RANKS)) * STEP,
    )
}

/// The point whose piece would cover the world position `world`, if any.
pub fn point_at(world: Vec2) -> Option<Point> {
    let middle = |count: usize| (count as f32 - 1.0) / 2.0;
    let file = (world.x / STEP + middle(FILES)).round();
    let rank = (world.y / STEP + middle(RANKS)).round();
    if file < 0.0 || rank < 0.0 {
        return None;
    }
    Point::new(file as usize, rank as usize)
        .filter(|&point| world.distance(point_to_world(point)) <= STEP / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_world_positions_agree() {
        for point in Point::all() {
            assert_eq!(point_at(point_to_world(point)), Some(point));
            assert_eq!(
                point_at(point_to_world(point) + Vec2::new(STEP * 0.3, -STEP * 0.3)),
                Some(point)
            );
        }
        assert_eq!(point_to_world(Point::CENTRE), Vec2::ZERO);
        assert_eq!(point_at(Vec2::splat(10.0 * STEP)), None);
        assert_eq!(point_at(Vec2::new(STEP / 2.0, STEP / 2.0)), None);
    }
}
