//! Qiguo's input: the table's gestures become [`QgCommand`]s on points, and those become
//! moves. A press on an empty point holds nothing, so dragging from it pans a zoomed-in board.
//! Tests feed commands directly.

use super::layout::point_at;
use super::model::{QgMovePlayed, QgPlayRequest, QiguoMatch};
use crate::client::matches::{MatchStatus, on_table};
use crate::client::seats::Seats;
use crate::client::tabletop::{PointerWorld, PressHolds, TableGesture, TableReset};
use crate::client::{ClientSet, Screen};
use crate::rules::GameKind;
use crate::rules::qiguo::{FILES, Move, MoveList, Point, RANKS};
use bevy::prelude::*;

/// What a player does on the board, whatever the device.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum QgCommand {
    /// Select the piece on this point, or move the selected piece here.
    Select(Point),
    /// Drop the selection.
    Cancel,
}

/// The selected piece and its legal destinations.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct QgSelection {
    /// The selected piece's point.
    pub from: Option<Point>,
    /// Where it may go (from the rules).
    pub targets: Vec<Point>,
}

/// The point under the mouse.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QgHover(pub Option<Point>);

/// The keyboard and gamepad cursor.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct QgCursor {
    pub point: Point,
    pub visible: bool,
}

impl Default for QgCursor {
    fn default() -> QgCursor {
        QgCursor {
            point: Point::CENTRE,
            visible: false,
        }
    }
}

pub(super) fn logic_plugin(app: &mut App) {
    app.add_message::<QgCommand>()
        .init_resource::<QgSelection>()
        .add_systems(
            Update,
            (
                handle_commands.in_set(ClientSet::Command),
                clear_stale_selection.in_set(ClientSet::Animate),
            ),
        );
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<QgHover>()
        .init_resource::<QgCursor>()
        .add_systems(
            Update,
            (track_hover, gestures_to_commands)
                .chain()
                .run_if(in_state(Screen::Playing).and_then(on_table(GameKind::Qiguo)))
                .in_set(ClientSet::Input),
        );
}

fn handle_commands(
    mut commands: MessageReader<QgCommand>,
    model: Res<QiguoMatch>,
    status: Res<MatchStatus>,
    seats: Res<Seats>,
    mut selection: ResMut<QgSelection>,
    mut requests: MessageWriter<QgPlayRequest>,
) {
    for &command in commands.read() {
        let point = match command {
            QgCommand::Cancel => {
                selection.set_if_neq(QgSelection::default());
                continue;
            }
            QgCommand::Select(point) => point,
        };
        if status.game != GameKind::Qiguo || !status.local_turn(&seats) {
            continue;
        }
        if let Some(from) = selection.from
            && selection.targets.contains(&point)
        {
            requests.write(QgPlayRequest::new(Move::new(from, point), &model));
            *selection = QgSelection::default();
            continue;
        }
        let position = model.position();
        let own = position
            .piece_at(point)
            .is_some_and(|piece| piece.state == position.side_to_move());
        if own && selection.from != Some(point) {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            *selection = QgSelection {
                from: Some(point),
                targets: moves
                    .iter()
                    .filter(|mv| mv.from() == point)
                    .map(|mv| mv.to())
                    .collect(),
            };
        } else {
            selection.set_if_neq(QgSelection::default());
        }
    }
}

/// A selection never outlives the position it was made in.
fn clear_stale_selection(
    mut played: MessageReader<QgMovePlayed>,
    mut resets: MessageReader<TableReset>,
    mut selection: ResMut<QgSelection>,
) {
    if played.read().count() + resets.read().count() > 0 {
        selection.set_if_neq(QgSelection::default());
    }
}

fn track_hover(pointer: Res<PointerWorld>, mut hover: ResMut<QgHover>) {
    hover.set_if_neq(QgHover(pointer.0.and_then(point_at)));
}

fn gestures_to_commands(
    mut gestures: MessageReader<TableGesture>,
    (model, selection): (Res<QiguoMatch>, Res<QgSelection>),
    mut holds: ResMut<PressHolds>,
    mut cursor: ResMut<QgCursor>,
    mut commands: MessageWriter<QgCommand>,
) {
    for &gesture in gestures.read() {
        match gesture {
            TableGesture::Press(world) => {
                let point = point_at(world);
                // Only a piece can be dragged; a drag from anywhere else pans.
                let on_piece = point.is_some_and(|p| model.position().piece_at(p).is_some());
                holds.set_if_neq(PressHolds(on_piece));
                match point {
                    Some(point) => {
                        cursor.point = point;
                        cursor.visible = false;
                        commands.write(QgCommand::Select(point));
                    }
                    None => {
                        commands.write(QgCommand::Cancel);
                    }
                }
            }
            // A piece dragged onto one of its destinations moves there.
            TableGesture::Drop(world) => {
                if let Some(point) = point_at(world).filter(|p| selection.targets.contains(p)) {
                    commands.write(QgCommand::Select(point));
                }
            }
            TableGesture::Step(step) => {
                if !cursor.visible {
                    cursor.visible = true;
                    continue;
                }
                let file = (cursor.point.file() as i32 + step.x).clamp(0, FILES as i32 - 1);
                let rank = (cursor.point.rank() as i32 + step.y).clamp(0, RANKS as i32 - 1);
                if let Some(point) = Point::new(file as usize, rank as usize) {
                    cursor.point = point;
                }
            }
            TableGesture::Confirm if cursor.visible => {
                commands.write(QgCommand::Select(cursor.point));
            }
            TableGesture::Confirm => cursor.visible = true,
            TableGesture::Cancel => {
                commands.write(QgCommand::Cancel);
            }
        }
    }
}
