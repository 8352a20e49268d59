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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::cues::Cue;
    use crate::client::points::Geometry;
    use crate::client::timeline::{self, AnimationSystems, Step};
    use crate::rules::{GameKind, Seat};
    use bevy::time::TimeUpdateStrategy;
    use std::time::Duration;

    /// A row of points ten units apart, mirrored when turned.
    struct Row;

    impl PointsBoard for Row {
        type Point = u8;
        type Action = (u8, u8);
        const GEOMETRY: Geometry = Geometry {
            step: 10.0,
            piece: Vec2::splat(8.0),
            corner: None,
            ring: (0.0, 0.0, 1.0),
            dot: (2.0, 1.0),
            glow: None,
            pans: false,
            careful: false,
        };
        const GAMES: &'static [GameKind] = &[];

        fn point_to_world(point: u8, turned: bool) -> Vec2 {
            let x = f32::from(point) * 10.0;
            Vec2::new(if turned { -x } else { x }, 0.0)
        }

        fn point_at(_world: Vec2, _turned: bool) -> Option<u8> {
            None
        }

        fn all_points() -> impl Iterator<Item = u8> {
            0..4
        }

        fn stepped(point: u8, _files: i32, _ranks: i32) -> u8 {
            point
        }

        fn first_cursor() -> u8 {
            0
        }

        fn move_between(from: u8, to: u8) -> (u8, u8) {
            (from, to)
        }

        fn action_end((_, to): (u8, u8)) -> u8 {
            to
        }
    }

    #[derive(Component)]
    struct RowPiece(u8);

    impl OnPoint for RowPiece {
        type Board = Row;

        fn point(&self) -> u8 {
            self.0
        }
    }

    fn x_of(app: &App, piece: Entity) -> f32 {
        app.world()
            .get::<Transform>(piece)
            .expect("a piece")
            .translation
            .x
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
                placed_on_turn::<RowPiece>().before(AnimationSystems),
            );
        let resting = app
            .world_mut()
            .spawn((RowPiece(1), Transform::from_xyz(10.0, 0.0, z::PIECE)))
            .id();
        let turning = app
            .world_mut()
            .spawn((
                RowPiece(2),
                Transform::from_xyz(20.0, 0.0, z::PIECE),
                timeline::Opacity(1.0),
                Anim::new([Step::Wait(0.2)]),
            ))
            .id();
        app.update();
        app.world_mut().resource_mut::<TableView>().bottom = Seat(1);
        app.update();
        assert_eq!(x_of(&app, resting), -10.0, "a resting piece moves at once");
        assert_eq!(
            x_of(&app, turning),
            20.0,
            "an animated piece keeps its place"
        );
        for _ in 0..30 {
            app.update();
        }
        assert!(
            app.world().get::<Anim>(turning).is_none(),
            "the animation ended"
        );
        assert_eq!(
            x_of(&app, turning),
            -20.0,
            "the rested piece on its turned place"
        );
        assert!(app.world().get::<PlaceWhenResting>(turning).is_none());
    }
}
