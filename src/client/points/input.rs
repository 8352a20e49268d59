//! Input on a board of points: the table's gestures (click, tap, drag, keys, gamepad) become
//! [`BoardCommand`]s on points, and those become moves for the referee. Tests feed commands
//! directly.

use super::game::PointsMatch;
use crate::client::matches::{MatchStatus, TableGame, on_table};
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
pub enum BoardCommand<G: PointsMatch> {
    /// Select the piece on this point, or move the selected piece here.
    Select(G::Point),
    /// Drop the selection.
    Cancel,
}

/// A move from the selected piece that the rules refuse (a lesson answers it).
#[derive(Message, Debug)]
pub struct TriedMove<G: PointsMatch>(pub G::Action);

/// The selected piece and its legal destinations.
#[derive(Resource, Debug)]
pub struct Selection<G: PointsMatch> {
    /// The selected piece's point.
    pub from: Option<G::Point>,
    /// Where it may go (from the rules).
    pub targets: Vec<G::Point>,
}

impl<G: PointsMatch> Default for Selection<G> {
    fn default() -> Self {
        Selection {
            from: None,
            targets: Vec::new(),
        }
    }
}

impl<G: PointsMatch> Clone for Selection<G> {
    fn clone(&self) -> Self {
        Selection {
            from: self.from,
            targets: self.targets.clone(),
        }
    }
}

impl<G: PointsMatch> PartialEq for Selection<G> {
    fn eq(&self, other: &Self) -> bool {
        self.from == other.from && self.targets == other.targets
    }
}

/// The point under the mouse.
#[derive(Resource, Debug)]
pub struct Hover<G: PointsMatch>(pub Option<G::Point>);

impl<G: PointsMatch> Default for Hover<G> {
    fn default() -> Self {
        Hover(None)
    }
}

impl<G: PointsMatch> PartialEq for Hover<G> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

/// The keyboard and gamepad cursor.
#[derive(Resource, Debug)]
pub struct Cursor<G: PointsMatch> {
    /// Where it is.
    pub point: G::Point,
    /// Whether it shows (after the first key or button).
    pub visible: bool,
}

impl<G: PointsMatch> Default for Cursor<G> {
    fn default() -> Self {
        Cursor {
            point: G::first_cursor(),
            visible: false,
        }
    }
}

pub(super) fn logic_plugin<G: PointsMatch>(app: &mut App) {
    app.add_message::<BoardCommand<G>>()
        .add_message::<TriedMove<G>>()
        .init_resource::<Selection<G>>()
        .init_resource::<Cursor<G>>()
        .add_systems(
            Update,
            (
                gestures_to_commands::<G>
                    .run_if(in_state(Screen::Playing))
                    .in_set(ClientSet::Input),
                handle_commands::<G>.in_set(ClientSet::Command),
                (clear_stale_selection::<G>, show_what_changed::<G>).in_set(ClientSet::Animate),
            )
                .distributive_run_if(on_table(G::KIND)),
        );
}

pub(super) fn plugin<G: PointsMatch>(app: &mut App) {
    app.init_resource::<Hover<G>>().add_systems(
        Update,
        (
            track_hover::<G>
                .run_if(in_state(Screen::Playing))
                .in_set(ClientSet::Input),
            name_points::<G>
                .run_if(resource_equals(PlacesWanted(true)))
                // The points move only when the board turns or another game comes.
                .run_if(resource_changed::<TableView>.or_else(state_changed::<TableGame>))
                .in_set(ClientSet::Present),
        )
            .distributive_run_if(on_table(G::KIND)),
    );
}

/// The board's points by name, for the browser test.
fn name_points<G: PointsMatch>(view: Res<TableView>, mut board: ResMut<BoardPoints>) {
    let turned = view.turned();
    board.set_if_neq(BoardPoints::of(
        G::all_points(),
        |&point| G::point_to_world(point, turned),
        G::GEOMETRY.piece,
    ));
}

fn handle_commands<G: PointsMatch>(
    mut commands: MessageReader<BoardCommand<G>>,
    (model, table): (Res<G>, Res<TableState<G>>),
    (status, seats): (Res<MatchStatus>, Res<Seats>),
    mut selection: ResMut<Selection<G>>,
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
        if !status.local_turn(&seats) {
            continue;
        }
        if let Some(from) = selection.from
            && selection.targets.contains(&point)
        {
            requests.write(PlayRequest::new(G::new_move(from, point), &table));
            *selection = Selection::default();
            continue;
        }
        if let Some(from) = selection.from
            && !model.movable(point)
        {
            // A move the rules refuse: only a lesson answers it.
            tried.write(TriedMove(G::new_move(from, point)));
        }
        if model.movable(point) && selection.from != Some(point) {
            *selection = Selection {
                from: Some(point),
                targets: model
                    .legal_moves()
                    .into_iter()
                    .map(G::ends)
                    .filter(|&(start, _)| start == point)
                    .map(|(_, end)| end)
                    .collect(),
            };
        } else {
            selection.set_if_neq(Selection::default());
        }
    }
}

/// A zoomed-in view follows the selected piece and the last move.
fn show_what_changed<G: PointsMatch>(
    mut played: MessageReader<StepPlayed<G>>,
    (selection, table): (Res<Selection<G>>, Res<TableView>),
    mut show: MessageWriter<ShowOnTable>,
) {
    let turned = table.turned();
    if let Some(moved) = played.read().last() {
        let (_, to) = G::ends(G::action(&moved.step));
        show.write(ShowOnTable(G::point_to_world(to, turned)));
    } else if selection.is_changed()
        && let Some(from) = selection.from
    {
        show.write(ShowOnTable(G::point_to_world(from, turned)));
    }
}

/// A selection never outlives the position it was made in.
fn clear_stale_selection<G: PointsMatch>(
    mut played: MessageReader<StepPlayed<G>>,
    mut resets: MessageReader<TableReset>,
    mut selection: ResMut<Selection<G>>,
) {
    if played.read().count() + resets.read().count() > 0 {
        selection.set_if_neq(Selection::default());
    }
}

fn track_hover<G: PointsMatch>(
    pointer: Res<PointerWorld>,
    table: Res<TableView>,
    mut hover: ResMut<Hover<G>>,
) {
    let point = pointer
        .0
        .and_then(|world| G::point_at(world, table.turned()));
    hover.set_if_neq(Hover(point));
}

/// How near a point's centre (in steps between points) a careful tap must land to hit it.
const CLEAR_HIT: f32 = 0.36;

fn gestures_to_commands<G: PointsMatch>(
    mut gestures: MessageReader<TableGesture>,
    (model, table, selection): (Res<G>, Res<TableView>, Res<Selection<G>>),
    (mut holds, careful): (ResMut<PressHolds>, Res<CarefulTap>),
    mut cursor: ResMut<Cursor<G>>,
    mut commands: MessageWriter<BoardCommand<G>>,
) {
    let turned = table.turned();
    for &gesture in gestures.read() {
        match gesture {
            TableGesture::Press(world) => {
                // A careful tap (a finger on small points) acts only on a point it clearly
                // hit: between two points it does nothing.
                let point = G::point_at(world, turned).filter(|&point| {
                    !careful.0
                        || G::point_to_world(point, turned).distance(world)
                            <= CLEAR_HIT * G::GEOMETRY.step
                });
                if G::GEOMETRY.pans {
                    // Only a piece can be dragged; a drag from anywhere else pans.
                    let on_piece = point.is_some_and(|p| model.piece_at(p).is_some());
                    holds.set_if_neq(PressHolds(on_piece));
                }
                match point {
                    // A careful tap on a destination marks it; a second tap there moves.
                    Some(point)
                        if careful.0
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
                    None if careful.0 => {}
                    None => {
                        commands.write(BoardCommand::Cancel);
                    }
                }
            }
            // A piece dragged onto one of its destinations moves there.
            TableGesture::Drop(world) => {
                if let Some(point) =
                    G::point_at(world, turned).filter(|point| selection.targets.contains(point))
                {
                    commands.write(BoardCommand::Select(point));
                }
            }
            TableGesture::Step(step) => {
                if cursor.visible {
                    let step = if turned { -step } else { step };
                    cursor.point = G::stepped(cursor.point, step.x, step.y);
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
