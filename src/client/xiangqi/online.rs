//! A Xiangqi game played online: the server is the authority. Its room state puts the game on
//! the table, its events play the moves, and this device's moves go to the server instead of
//! the local referee.

use super::model::XiangqiMatch;
use crate::client::matches::DrawDeclined;
use crate::client::net::{FromServer, OnlineSession, ToServer};
use crate::client::online::{room_seats, table_seat};
use crate::client::points::{MovePlayed, PointsSet, forward_moves_online, play_on, put_on_table};
use crate::client::tabletop::TableReset;
use crate::client::{ClientSet, Screen};
use crate::protocol::{
    self, ClientMessage, GameEnd, OffTheBoard, RoomEvent, RoomSeat, ServerMessage,
};
use crate::rules::GameKind;
use crate::rules::xiangqi::Conceded;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// The room seat that plays red in the game on the table.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
struct RedSeat(RoomSeat);

impl Default for RedSeat {
    fn default() -> RedSeat {
        RedSeat(RoomSeat(0))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RedSeat>()
        .add_systems(
            Update,
            forward_moves_online::<XiangqiMatch>.in_set(ClientSet::Command),
        )
        .add_systems(Update, follow_server.in_set(PointsSet::Rule));
}

/// How a room's end shows in the model, when the rules cannot tell by themselves.
fn conceded(end: GameEnd, red: RoomSeat, model: &XiangqiMatch) -> Option<Conceded> {
    let loser = || {
        let winner = table_seat(red, end.winner?);
        Some(model.colour_of(winner).opponent())
    };
    // The rules end the other games by themselves.
    match end.reason.off_the_board()? {
        OffTheBoard::Agreement => Some(Conceded::Agreed),
        OffTheBoard::Resignation => loser().map(Conceded::Resigned),
        OffTheBoard::OutOfTime => loser().map(Conceded::OutOfTime),
        OffTheBoard::Abandoned => loser().map(Conceded::Abandoned),
    }
}

/// What following the server changes besides the model.
#[derive(SystemParam)]
struct Table<'w> {
    played: MessageWriter<'w, MovePlayed<XiangqiMatch>>,
    resets: MessageWriter<'w, TableReset>,
    declined: MessageWriter<'w, DrawDeclined>,
    next: ResMut<'w, NextState<Screen>>,
    outgoing: MessageWriter<'w, ToServer>,
}

/// The room's state and events become the game on the table.
fn follow_server(
    mut heard: MessageReader<FromServer>,
    session: Res<OnlineSession>,
    mut model: ResMut<XiangqiMatch>,
    mut red: ResMut<RedSeat>,
    mut commands: Commands,
    mut table: Table,
) {
    for FromServer(message) in heard.read() {
        match message {
            ServerMessage::Sync { room } => {
                let protocol::GameState::Xiangqi(state) = &room.game else {
                    continue;
                };
                let game = match state.game() {
                    Ok(game) => game,
                    Err(error) => {
                        warn!("the room's state does not replay: {error}");
                        continue;
                    }
                };
                commands.insert_resource(room_seats(room.first_seat, session.my_seat()));
                NextState::set_if_neq(&mut table.next, Screen::Playing);
                // A state that shows the game already on the table (a resync when the other
                // player arrives) changes nothing: a click made meanwhile still counts.
                let unchanged = model.table.loaded()
                    && !model.table.attract
                    && red.0 == room.first_seat
                    && model.game.moves().len() == game.moves().len()
                    && model
                        .game
                        .moves()
                        .iter()
                        .zip(game.moves())
                        .all(|(a, b)| a.mv == b.mv)
                    && model.game.start().to_fen() == game.start().to_fen();
                red.0 = room.first_seat;
                if !unchanged {
                    put_on_table(&mut *model, XiangqiMatch::new(game, None), false);
                    table.resets.write(TableReset);
                }
                if let Some(end) = room.end
                    && model.game.outcome().is_none()
                {
                    model.conceded = conceded(end, red.0, &model);
                }
            }
            ServerMessage::Event { event, .. } if session.plays(GameKind::Xiangqi) => match event {
                RoomEvent::Played {
                    played: protocol::Played::Xiangqi(played),
                    ..
                } => {
                    if let Err(error) = play_on(&mut *model, played.mv, &mut table.played) {
                        warn!("the server's {} does not fit: {error}", played.mv);
                        // Catch up with the whole state rather than show a wrong board.
                        table.outgoing.write(ToServer(ClientMessage::Sync {}));
                    }
                }
                RoomEvent::GameEnded { end } if model.game.outcome().is_none() => {
                    model.conceded = conceded(*end, red.0, &model);
                }
                RoomEvent::DrawDeclined { seat } if Some(*seat) != session.my_seat() => {
                    table.declined.write(DrawDeclined);
                }
                _ => {}
            },
            _ => {}
        }
    }
}
