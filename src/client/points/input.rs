//! Input on a board of points: the table's gestures (click, tap, drag, keys, gamepad) become
//! [`BoardCommand`]s on points, and those become actions for the authority: a flip, a
//! selection, a move. The commands, the selection, the hover and the cursor are the board's
//! (Junqi flip and Junqi classic share them); tests feed commands directly.

use super::game::{BoardPlay, PointsBoard};
use crate::client::matches::{MatchStatus, TableGame, on_table_any};
use crate::client::places::{BoardPoints, PlacesWanted};
use crate::client::play::{PlayRequest, StepPlayed, TableState};
use crate::client::seats::Seats;
use crate::client::tabletop::{
    CarefulTap, PointerWorld, PressHolds, ShowOnTable, TableGesture, TableReset, TableView,
};
use crate::client::{ClientSet, Screen};
use bevy::prelude::*;

/// What a player does on the board, whatever the device.
#[derive(Message, Debug)]
pub enum BoardCommand<B: PointsBoard> {
    /// Flip the piece on this point, select the piece on it, or move the selected piece here.
    Select(B::Point),
    /// Drop the selection.
    Cancel,
}

/// An action from the selected piece that the rules refuse (a lesson answers it).
#[derive(Message, Debug)]
pub struct TriedMove<G: BoardPlay>(pub G::Action);

/// The selected piece and its legal destinations.
#[derive(Resource, Debug)]
pub struct Selection<B: PointsBoard> {
    /// The selected piece's point.
    pub point: Option<B::Point>,
    /// Where it may go (from the rules).
    pub targets: Vec<B::Point>,
}

impl<B: PointsBoard> Default for Selection<B> {
    fn default() -> Self {
        Selection {
            point: None,
            targets: Vec::new(),
        }
    }
}

impl<B: PointsBoard> Clone for Selection<B> {
    fn clone(&self) -> Self {
        Selection {
            point: self.point,
            targets: self.targets.clone(),
        }
    }
}

impl<B: PointsBoard> PartialEq for Selection<B> {
    fn eq(&self, other: &Self) -> bool {
        self.point == other.point && self.targets == other.targets
    }
}

/// The point under the mouse.
#[derive(Resource, Debug)]
pub struct Hover<B: PointsBoard>(pub Option<B::Point>);

impl<B: PointsBoard> Default for Hover<B> {
    fn default() -> Self {
        Hover(None)
    }
}

impl<B: PointsBoard> PartialEq for Hover<B> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

/// The keyboard and gamepad cursor.
#[derive(Resource, Debug)]
pub struct Cursor<B: PointsBoard> {
    /// Where it is.
    pub point: B::Point,
    /// Whether it shows (after the first key or button).
    pub visible: bool,
}

impl<B: PointsBoard> Default for Cursor<B> {
    fn default() -> Self {
        Cursor {
            point: B::first_cursor(),
            visible: false,
        }
    }
}

/// Whether the board is covered: nobody at this device may look at it (two players share the
/// device and the one to move has not lifted the cover), so taps do nothing.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Covered(pub bool);

/// The board's commands and state, once for every game played on it.
pub(super) fn board_plugin<B: PointsBoard>(app: &mut App) {
    app.add_message::<BoardCommand<B>>()
        .init_resource::<Covered>()
        .init_resource::<Selection<B>>()
        .init_resource::<Cursor<B>>()
        .init_resource::<Hover<B>>();
}

pub(super) fn logic_plugin<G: BoardPlay>(app: &mut App) {
    app.add_message::<TriedMove<G>>().add_systems(
        Update,
        (
            gestures_to_commands::<G>
                .run_if(in_state(Screen::Playing))
                .in_set(ClientSet::Input),
            handle_commands::<G>.in_set(ClientSet::Command),
            (clear_stale_selection::<G>, show_what_changed::<G>).in_set(ClientSet::Animate),
        )
            .distributive_run_if(on_table_any(G::KINDS)),
    );
}

pub(super) fn plugin<G: BoardPlay>(app: &mut App) {
    app.add_systems(
        Update,
        (
            track_hover::<G::Board>
                .run_if(in_state(Screen::Playing))
                .in_set(ClientSet::Input),
            name_points::<G::Board>
                .run_if(resource_equals(PlacesWanted(true)))
                // The points move only when the board turns or another game comes.
                .run_if(resource_changed::<TableView>.or_else(state_changed::<TableGame>))
                .in_set(ClientSet::Present),
        )
            .distributive_run_if(on_table_any(G::KINDS)),
    );
}

/// The board's points by name, for the browser test.
fn name_points<B: PointsBoard>(view: Res<TableView>, mut board: ResMut<BoardPoints>) {
    let turned = view.turned();
    board.set_if_neq(BoardPoints::of(
        B::all_points(),
        |&point| B::point_to_world(point, turned),
        B::GEOMETRY.piece.x,
    ));
}

fn handle_commands<G: BoardPlay>(
    mut commands: MessageReader<BoardCommand<G::Board>>,
    (model, table, covered): (Res<G>, Res<TableState<G>>, Res<Covered>),
    (status, seats): (Res<MatchStatus>, Res<Seats>),
    mut selection: ResMut<Selection<G::Board>>,
    (mut requests, mut tried): (MessageWriter<PlayRequest<G>>, MessageWriter<TriedMove<G>>),
) {
    for command in commands.read() {
        let point = match command {
            BoardCommand::Cancel => {
                selection.set_if_neq(Selection::default());
                continue;
            }
            BoardCommand::Select(point) => *point,
        };
        if !status.local_turn(&seats) || covered.0 {
            continue;
        }
        if let Some(from) = selection.point
            && selection.targets.contains(&point)
        {
            requests.write(PlayRequest::new(
                G::Board::move_between(from, point),
                &table,
            ));
            *selection = Selection::default();
            continue;
        }
        if let Some(action) = model.tap_action(point) {
            requests.write(PlayRequest::new(action, &table));
            *selection = Selection::default();
            continue;
        }
        match model.destinations(point) {
            Some(targets) if selection.point != Some(point) => {
                *selection = Selection {
                    point: Some(point),
                    targets,
                };
            }
            own => {
                if let Some(from) = selection.point
                    && own.is_none()
                {
                    // A move the rules refuse: only a lesson answers it.
                    tried.write(TriedMove(G::Board::move_between(from, point)));
                }
                selection.set_if_neq(Selection::default());
            }
        }
    }
}

/// A zoomed-in view follows the selected piece and the last move.
fn show_what_changed<G: BoardPlay>(
    mut played: MessageReader<StepPlayed<G>>,
    (selection, table): (Res<Selection<G::Board>>, Res<TableView>),
    mut show: MessageWriter<ShowOnTable>,
) {
    let turned = table.turned();
    if let Some(moved) = played.read().last() {
        let to = G::Board::action_end(G::action(&moved.step));
        show.write(ShowOnTable(G::Board::point_to_world(to, turned)));
    } else if selection.is_changed()
        && let Some(from) = selection.point
    {
        show.write(ShowOnTable(G::Board::point_to_world(from, turned)));
    }
}

/// A selection never outlives the position it was made in.
fn clear_stale_selection<G: BoardPlay>(
    mut played: MessageReader<StepPlayed<G>>,
    mut resets: MessageReader<TableReset>,
    mut selection: ResMut<Selection<G::Board>>,
) {
    if played.read().count() + resets.read().count() > 0 {
        selection.set_if_neq(Selection::default());
    }
}

fn track_hover<B: PointsBoard>(
    pointer: Res<PointerWorld>,
    table: Res<TableView>,
    mut hover: ResMut<Hover<B>>,
) {
    let point = pointer
        .0
        .and_then(|world| B::point_at(world, table.turned()));
    hover.set_if_neq(Hover(point));
}

/// How near a point's centre (in steps between points) a careful tap must land to hit it.
const CLEAR_HIT: f32 = 0.36;

fn gestures_to_commands<G: BoardPlay>(
    mut gestures: MessageReader<TableGesture>,
    (model, table, selection): (Res<G>, Res<TableView>, Res<Selection<G::Board>>),
    (mut holds, careful): (ResMut<PressHolds>, Res<CarefulTap>),
    mut cursor: ResMut<Cursor<G::Board>>,
    mut commands: MessageWriter<BoardCommand<G::Board>>,
) {
    let geometry = G::Board::GEOMETRY;
    let careful = careful.0 && geometry.careful;
    let turned = table.turned();
    for &gesture in gestures.read() {
        match gesture {
            TableGesture::Press(world) => {
                // A careful tap (a finger on small points) acts only on a point it clearly
                // hit: between two points it does nothing.
                let point = G::Board::point_at(world, turned).filter(|&point| {
                    !careful
                        || G::Board::point_to_world(point, turned).distance(world)
                            <= CLEAR_HIT * geometry.step
                });
                if geometry.pans {
                    // Only a piece can be dragged; a drag from anywhere else pans.
                    let on_piece = point.is_some_and(|p| model.occupied(p));
                    holds.set_if_neq(PressHolds(on_piece));
                }
                match point {
                    // A careful tap on a destination marks it; a second tap there moves.
                    Some(point)
                        if careful
                            && selection.targets.contains(&point)
                            && !(cursor.visible && cursor.point == point) =>
                    {
                        cursor.point = point;
                        cursor.visible = true;
                        info!("tap {point} again to move there");
                    }
                    Some(point) => {
                        cursor.point = point;
                        cursor.visible = false;
                        commands.write(BoardCommand::Select(point));
                    }
                    None if careful => {}
                    None => {
                        commands.write(BoardCommand::Cancel);
                    }
                }
            }
            // A piece dragged onto one of its destinations moves there.
            TableGesture::Drop(world) => {
                if let Some(point) = G::Board::point_at(world, turned)
                    .filter(|point| selection.targets.contains(point))
                {
                    commands.write(BoardCommand::Select(point));
                }
            }
            TableGesture::Step(step) => {
                if cursor.visible {
                    let step = if turned { -step } else { step };
                    cursor.point = G::Board::stepped(cursor.point, step.x, step.y);
                }
                cursor.visible = true;
                info!("cursor at {}", cursor.point);
            }
            TableGesture::Confirm if cursor.visible => {
                commands.write(BoardCommand::Select(cursor.point));
            }
            TableGesture::Confirm => {
                cursor.visible = true;
                info!("cursor at {}", cursor.point);
            }
            TableGesture::Cancel => {
                commands.write(BoardCommand::Cancel);
            }
        }
    }
}
