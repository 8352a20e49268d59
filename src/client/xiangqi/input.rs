//! Xiangqi's input: the table's gestures become [`XqCommand`]s on points, and those become
//! moves. Tests feed commands directly.

use super::layout::square_at;
use super::model::{MovePlayed, XiangqiMatch, XqPlayRequest};
use crate::client::matches::{MatchStatus, on_table};
use crate::client::seats::Seats;
use crate::client::tabletop::{PointerWorld, TableGesture, TableReset, TableView};
use crate::client::{ClientSet, Screen};
use crate::rules::GameKind;
use crate::rules::xiangqi::{FILES, MoveList, RANKS, Square};
use bevy::prelude::*;

/// What a player does on the board, whatever the device.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum XqCommand {
    /// Select the piece on this point, or move the selected piece here.
    Select(Square),
    /// Drop the selection.
    Cancel,
}

/// The selected piece and its legal destinations.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct XqSelection {
    /// The selected piece's point.
    pub from: Option<Square>,
    /// Where it may go (from the rules).
    pub targets: Vec<Square>,
}

/// The point under the mouse.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct XqHover(pub Option<Square>);

/// The keyboard and gamepad cursor.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct XqCursor {
    pub square: Square,
    pub visible: bool,
}

impl Default for XqCursor {
    fn default() -> XqCursor {
        XqCursor {
            square: Square::new(4, 2).expect("e2 is on the board"),
            visible: false,
        }
    }
}

pub(super) fn logic_plugin(app: &mut App) {
    app.add_message::<XqCommand>()
        .init_resource::<XqSelection>()
        .add_systems(
            Update,
            (
                handle_commands.in_set(ClientSet::Command),
                clear_stale_selection.in_set(ClientSet::Animate),
            ),
        );
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<XqHover>()
        .init_resource::<XqCursor>()
        .add_systems(
            Update,
            (track_hover, gestures_to_commands)
                .chain()
                .run_if(in_state(Screen::Playing).and_then(on_table(GameKind::Xiangqi)))
                .in_set(ClientSet::Input),
        );
}

fn handle_commands(
    mut commands: MessageReader<XqCommand>,
    model: Res<XiangqiMatch>,
    status: Res<MatchStatus>,
    seats: Res<Seats>,
    mut selection: ResMut<XqSelection>,
    mut requests: MessageWriter<XqPlayRequest>,
) {
    for &command in commands.read() {
        let square = match command {
            XqCommand::Cancel => {
                selection.set_if_neq(XqSelection::default());
                continue;
            }
            XqCommand::Select(square) => square,
        };
        if status.game != GameKind::Xiangqi || !status.local_turn(&seats) {
            continue;
        }
        if let Some(from) = selection.from
            && selection.targets.contains(&square)
        {
            let mv = crate::rules::xiangqi::Move::new(from, square);
            requests.write(XqPlayRequest::new(mv, &model));
            *selection = XqSelection::default();
            continue;
        }
        let position = model.position();
        let own = position
            .piece_at(square)
            .is_some_and(|piece| piece.color() == position.side_to_move());
        if own && selection.from != Some(square) {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            *selection = XqSelection {
                from: Some(square),
                targets: moves
                    .iter()
                    .filter(|mv| mv.from() == square)
                    .map(|mv| mv.to())
                    .collect(),
            };
        } else {
            selection.set_if_neq(XqSelection::default());
        }
    }
}

/// A selection never outlives the position it was made in.
fn clear_stale_selection(
    mut played: MessageReader<MovePlayed>,
    mut resets: MessageReader<TableReset>,
    mut selection: ResMut<XqSelection>,
) {
    if played.read().count() + resets.read().count() > 0 {
        selection.set_if_neq(XqSelection::default());
    }
}

fn track_hover(pointer: Res<PointerWorld>, table: Res<TableView>, mut hover: ResMut<XqHover>) {
    let square = pointer.0.and_then(|world| square_at(world, table.turned()));
    hover.set_if_neq(XqHover(square));
}

fn gestures_to_commands(
    mut gestures: MessageReader<TableGesture>,
    table: Res<TableView>,
    selection: Res<XqSelection>,
    mut cursor: ResMut<XqCursor>,
    mut commands: MessageWriter<XqCommand>,
) {
    for &gesture in gestures.read() {
        match gesture {
            TableGesture::Press(world) => match square_at(world, table.turned()) {
                Some(square) => {
                    cursor.square = square;
                    cursor.visible = false;
                    commands.write(XqCommand::Select(square));
                }
                None => {
                    commands.write(XqCommand::Cancel);
                }
            },
            // A piece dragged onto one of its destinations moves there.
            TableGesture::Drop(world) => {
                if let Some(square) = square_at(world, table.turned())
                    .filter(|square| selection.targets.contains(square))
                {
                    commands.write(XqCommand::Select(square));
                }
            }
            TableGesture::Step(step) => {
                if !cursor.visible {
                    cursor.visible = true;
                    continue;
                }
                let step = if table.turned() { -step } else { step };
                let file = (cursor.square.file() as i32 + step.x).clamp(0, FILES as i32 - 1);
                let rank = (cursor.square.rank() as i32 + step.y).clamp(0, RANKS as i32 - 1);
                if let Some(square) = Square::new(file as usize, rank as usize) {
                    cursor.square = square;
                }
            }
            TableGesture::Confirm if cursor.visible => {
                commands.write(XqCommand::Select(cursor.square));
            }
            TableGesture::Confirm => cursor.visible = true,
            TableGesture::Cancel => {
                commands.write(XqCommand::Cancel);
            }
        }
    }
}
