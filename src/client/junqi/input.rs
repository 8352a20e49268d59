//! Junqi's input: the table's gestures become [`BoardCommand`]s on points, and board commands
//! become requests (flip, select, move). Tests feed board commands directly.

use super::layout::{POST, point_at, point_to_world};
use super::table::{JunqiTable, Viewer};
use crate::client::matches::{MatchStatus, TableGame, on_table};
use crate::client::places::{BoardPoints, PlacesWanted};
use crate::client::play::{PlayRequest, StepPlayed, TableState};
use crate::client::seats::Seats;
use crate::client::tabletop::{PointerWorld, TableGesture, TableReset, TableView};
use crate::client::{ClientSet, Screen};
use crate::rules::PointSet;
use crate::rules::junqi::{Action, FILES, Point, RANKS};
use bevy::prelude::*;

/// What a player does on the board, whatever the device.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardCommand {
    /// The player pointed at this point and confirmed: flip it, select the piece on it, or move
    /// the selected piece there.
    Select(Point),
    /// Drop the selection.
    Cancel,
}

/// A move from the selected piece that the rules refuse (a lesson answers it).
#[derive(Message, Clone, Copy, Debug)]
pub struct TriedAction(pub Action);

/// The selected piece and its legal destinations.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The selected piece's point.
    pub point: Option<Point>,
    /// Its legal destinations (from the rules).
    pub targets: PointSet<Point>,
}

/// The point under the mouse.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hover(pub Option<Point>);

/// The keyboard and gamepad cursor; shown once an arrow key or the d-pad is used.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyCursor {
    /// Where the cursor is.
    pub point: Point,
    /// Whether it is shown.
    pub visible: bool,
}

impl Default for KeyCursor {
    fn default() -> KeyCursor {
        KeyCursor {
            point: Point::new(2, 3).expect("c4 is on the board"),
            visible: false,
        }
    }
}

pub(super) fn logic_plugin(app: &mut App) {
    app.add_message::<BoardCommand>()
        .add_message::<TriedAction>()
        .init_resource::<Selection>()
        .init_resource::<KeyCursor>()
        .init_resource::<Hover>();
}

/// Input on `M`'s board, while `M` is on the table.
pub(super) fn table_logic<M: JunqiTable>(app: &mut App) {
    app.add_systems(
        Update,
        (
            gestures_to_commands
                .run_if(in_state(Screen::Playing))
                .in_set(ClientSet::Input),
            handle_board_commands::<M>.in_set(ClientSet::Command),
            clear_stale_selection::<M>.in_set(ClientSet::Animate),
        )
            .distributive_run_if(on_table(M::KIND)),
    );
}

/// The pointer over `M`'s board and its points' names, while `M` is on the table.
pub(super) fn table_pointer<M: JunqiTable>(app: &mut App) {
    app.add_systems(
        Update,
        (
            track_hover
                .run_if(in_state(Screen::Playing))
                .in_set(ClientSet::Input),
            name_points
                .run_if(resource_equals(PlacesWanted(true)))
                // The points move only when the board turns or another game comes.
                .run_if(resource_changed::<TableView>.or_else(state_changed::<TableGame>))
                .in_set(ClientSet::Present),
        )
            .distributive_run_if(on_table(M::KIND)),
    );
}

/// The board's points by name, for the browser test.
fn name_points(view: Res<TableView>, mut board: ResMut<BoardPoints>) {
    let turned = view.turned();
    board.set_if_neq(BoardPoints::of(
        Point::all(),
        |&point| point_to_world(point, turned),
        POST.x,
    ));
}

fn handle_board_commands<M: JunqiTable>(
    mut commands: MessageReader<BoardCommand>,
    (model, table, viewer): (Res<M>, Res<TableState<M>>, Res<Viewer>),
    status: Res<MatchStatus>,
    seats: Res<Seats>,
    mut selection: ResMut<Selection>,
    (mut requests, mut tried): (MessageWriter<PlayRequest<M>>, MessageWriter<TriedAction>),
) {
    for &command in commands.read() {
        let point = match command {
            BoardCommand::Cancel => {
                selection.set_if_neq(Selection::default());
                continue;
            }
            BoardCommand::Select(point) => point,
        };
        // Nobody moves on a covered board.
        if !status.local_turn(&seats) || *viewer == Viewer::Nobody {
            continue;
        }
        if let Some(from) = selection.point
            && selection.targets.contains(point)
        {
            requests.write(PlayRequest::new(Action::Move { from, to: point }, &table));
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
                    tried.write(TriedAction(Action::Move { from, to: point }));
                }
                selection.set_if_neq(Selection::default());
            }
        }
    }
}

/// A selection never outlives the position it was made in.
fn clear_stale_selection<M: JunqiTable>(
    mut played: MessageReader<StepPlayed<M>>,
    mut resets: MessageReader<TableReset>,
    mut selection: ResMut<Selection>,
) {
    let changed = played.read().count() + resets.read().count() > 0;
    if changed {
        selection.set_if_neq(Selection::default());
    }
}

fn track_hover(pointer: Res<PointerWorld>, table: Res<TableView>, mut hover: ResMut<Hover>) {
    let point = pointer.0.and_then(|world| point_at(world, table.turned()));
    hover.set_if_neq(Hover(point));
}

/// Moves the cursor one point in a screen direction.
fn step_cursor(cursor: &mut KeyCursor, step: IVec2, turned: bool) {
    if !cursor.visible {
        cursor.visible = true;
        return;
    }
    let step = if turned { -step } else { step };
    let file = (i32::from(cursor.point.file()) + step.x).clamp(0, i32::from(FILES) - 1);
    let rank = (i32::from(cursor.point.rank()) + step.y).clamp(0, i32::from(RANKS) - 1);
    if let Some(point) = Point::new(file as u8, rank as u8) {
        cursor.point = point;
    }
}

fn gestures_to_commands(
    mut gestures: MessageReader<TableGesture>,
    table: Res<TableView>,
    selection: Res<Selection>,
    mut cursor: ResMut<KeyCursor>,
    mut commands: MessageWriter<BoardCommand>,
) {
    for &gesture in gestures.read() {
        match gesture {
            TableGesture::Press(world) => match point_at(world, table.turned()) {
                Some(point) => {
                    cursor.point = point;
                    cursor.visible = false;
                    commands.write(BoardCommand::Select(point));
                }
                None => {
                    commands.write(BoardCommand::Cancel);
                }
            },
            // A piece dragged onto one of its destinations moves there.
            TableGesture::Drop(world) => {
                if let Some(point) = point_at(world, table.turned())
                    .filter(|&point| selection.targets.contains(point))
                {
                    commands.write(BoardCommand::Select(point));
                }
            }
            TableGesture::Step(step) => step_cursor(&mut cursor, step, table.turned()),
            TableGesture::Confirm if cursor.visible => {
                commands.write(BoardCommand::Select(cursor.point));
            }
            TableGesture::Confirm => cursor.visible = true,
            TableGesture::Cancel => {
                commands.write(BoardCommand::Cancel);
            }
        }
    }
}
