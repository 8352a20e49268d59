//! Where a piece rests on a board as the view shows it, and the pieces following when the
//! board turns: resting pieces jump to their new places at once, animated ones take theirs as
//! soon as their timelines end (a timeline runs in the places of the view it began in).

use super::game::PointsBoard;
use crate::client::tabletop::TableView;
use crate::client::timeline::{Anim, z};
use bevy::ecs::schedule::ScheduleConfigs;
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;

/// A piece entity's component naming the point of its board the piece stands on.
pub trait OnPoint: Component {
    /// The board the piece stands on.
    type Board: PointsBoard;

    /// The point the piece stands on.
    fn point(&self) -> <Self::Board as PointsBoard>::Point;
}

/// Where a resting piece on `point` of board `B` stands, on the board as `table` shows it.
pub fn resting_place<B: PointsBoard>(point: B::Point, table: &TableView) -> Vec3 {
    B::point_to_world(point, table.turned()).extend(z::PIECE)
}

/// The systems that put the pieces `P` in their places when the board turns, in order: run
/// them after the pieces are rebuilt from the model and before new timelines start.
pub fn placed_on_turn<P: OnPoint>() -> ScheduleConfigs<ScheduleSystem> {
    (
        place_pieces::<P>.run_if(resource_changed::<TableView>),
        place_rested_pieces::<P>,
    )
        .chain()
        .into_configs()
}

/// A piece that was animated when the board turned: it takes its new place once it rests.
#[derive(Component)]
struct PlaceWhenResting;

/// When the board turns, resting pieces jump to their new places; animated ones are marked to
/// follow when they rest.
fn place_pieces<P: OnPoint>(
    mut commands: Commands,
    table: Res<TableView>,
    mut pieces: Query<(Entity, &P, &mut Transform, Has<Anim>)>,
) {
    for (entity, piece, mut transform, animated) in &mut pieces {
        if animated {
            commands.entity(entity).insert(PlaceWhenResting);
        } else {
            transform.translation = resting_place::<P::Board>(piece.point(), &table);
        }
    }
}

/// Pieces animated when the board turned that rest now.
type RestedToPlace = (With<PlaceWhenResting>, Without<Anim>);

/// The pieces animated when the board turned take their places once they rest.
fn place_rested_pieces<P: OnPoint>(
    mut commands: Commands,
    table: Res<TableView>,
    mut pieces: Query<(Entity, &P, &mut Transform), RestedToPlace>,
) {
    for (entity, piece, mut transform) in &mut pieces {
        transform.translation = resting_place::<P::Board>(piece.point(), &table);
        commands.entity(entity).remove::<PlaceWhenResting>();
    }
}
