//! A Qiguo table played online: the server is the authority and plays its computer seats. Its
//! room state puts the game on the table with this device's seat, its events play the moves and
//! take a seat's armies off, and this device's moves go to the server.

use super::model::QiguoMatch;
use crate::client::net::{FromServer, OnlineSession, ToServer};
use crate::client::online::RoomTable;
use crate::client::points::{MovePlayed, PointsSet, forward_moves_online, play_on, put_on_table};
use crate::client::seats::{Controller, Seats};
use crate::client::tabletop::TableReset;
use crate::client::{ClientSet, Screen};
use crate::protocol::{
    self, ClientMessage, QiguoState, QiguoStep, RoomEvent, RoomSeat, ServerMessage,
};
use crate::rules::qiguo::{Position, Replay, State};
use crate::rules::{GameKind, Seat};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        forward_moves_online::<QiguoMatch>.in_set(ClientSet::Command),
    )
    .add_systems(Update, follow_server.in_set(PointsSet::Rule));
}

/// The game of a room's state: its start replayed through its moves and withdrawals.
fn replay_of(state: &QiguoState) -> Result<Replay, String> {
    let start = Position::from_qfen(&state.start).map_err(|error| error.to_string())?;
    let mut game = Replay::new(start);
    for step in &state.history {
        match step {
            QiguoStep::Move { mv, .. } => {
                game.play(*mv).map_err(|error| format!("{mv}: {error}"))?;
            }
            QiguoStep::Withdrew { states, .. } => withdraw(&mut game, states)?,
        }
    }
    Ok(game)
}

/// Takes the seat of the first of `states` (QFEN letters) off the board.
fn withdraw(game: &mut Replay, states: &str) -> Result<(), String> {
    let state = states
        .chars()
        .next()
        .and_then(State::from_letter)
        .ok_or_else(|| format!("'{states}' names no state"))?;
    let seat = game.position().seating().seat(state);
    if game.withdraw(seat).is_empty() {
        return Err(format!("seat {seat} has no state left to withdraw"));
    }
    Ok(())
}

/// The table seat of each room seat: the game's seat of its first state.
fn table_seats(state: &QiguoState, position: &Position) -> Result<Vec<Seat>, String> {
    state
        .seat_states
        .iter()
        .map(|letters| {
            let state = letters
                .chars()
                .next()
                .and_then(State::from_letter)
                .ok_or_else(|| format!("'{letters}' names no state"))?;
            Ok(Seat(position.seating().seat(state).index() as u8))
        })
        .collect()
}

/// Who plays each table seat at this device: only its own seat, and only once the game is on.
fn seats_at_table(table: &[Seat], mine: Option<RoomSeat>, started: bool) -> Option<Seats> {
    let mut controllers = vec![Controller::Remote; table.len()];
    if started && let Some(mine) = mine {
        *controllers.get_mut(table.get(mine.index())?.index())? = Controller::Local;
    }
    Seats::try_from(controllers).ok()
}

/// Whether the game on the table already is the room's: the same start and moves.
fn same_game(model: &QiguoMatch, game: &Replay) -> bool {
    model.table.loaded()
        && !model.table.attract
        && model.game.start() == game.start()
        && model.game.position() == game.position()
        && model.game.plies().len() == game.plies().len()
        && model
            .game
            .plies()
            .iter()
            .zip(game.plies())
            .all(|(a, b)| a.mv == b.mv)
}

/// What following the server changes besides the model.
#[derive(SystemParam)]
struct Table<'w> {
    played: MessageWriter<'w, MovePlayed<QiguoMatch>>,
    resets: MessageWriter<'w, TableReset>,
    next: ResMut<'w, NextState<Screen>>,
    outgoing: MessageWriter<'w, ToServer>,
    room_table: ResMut<'w, RoomTable>,
}

/// The room's state and events become the game on the table.
fn follow_server(
    mut heard: MessageReader<FromServer>,
    session: Res<OnlineSession>,
    mut model: ResMut<QiguoMatch>,
    mut commands: Commands,
    mut table: Table,
) {
    for FromServer(message) in heard.read() {
        match message {
            ServerMessage::Sync { room } => {
                let protocol::GameState::Qiguo(state) = &room.game else {
                    continue;
                };
                let seated = replay_of(state).and_then(|game| {
                    let seats = table_seats(state, game.position())?;
                    Ok((game, seats))
                });
                let (game, room_table) = match seated {
                    Ok(seated) => seated,
                    Err(error) => {
                        warn!("the room's state does not replay: {error}");
                        continue;
                    }
                };
                let started = !room.seats.iter().any(|seat| !seat.taken);
                let Some(seats) = seats_at_table(&room_table, session.my_seat(), started) else {
                    warn!("the room's seats do not fit its game");
                    continue;
                };
                commands.insert_resource(seats);
                table.room_table.0 = room_table;
                NextState::set_if_neq(&mut table.next, Screen::Playing);
                // A state that shows the game already on the table (a seat filled, a friend
                // back) changes nothing: a click made meanwhile still counts.
                if !same_game(&model, &game) {
                    put_on_table(&mut *model, QiguoMatch::of(game), false);
                    table.resets.write(TableReset);
                }
            }
            ServerMessage::Event { event, .. } if session.plays(GameKind::Qiguo) => match event {
                RoomEvent::Played {
                    played: protocol::Played::Qiguo(played),
                    ..
                } => {
                    info!("heard {} ({:?})", played.mv, played.state);
                    if let Err(error) = play_on(&mut *model, played.mv, &mut table.played) {
                        warn!("the server's {} does not fit: {error}", played.mv);
                        // Catch up with the whole state rather than show a wrong board.
                        table.outgoing.write(ToServer(ClientMessage::Sync {}));
                    }
                }
                RoomEvent::Withdrew { states, .. } => {
                    let mut game = model.game.clone();
                    match withdraw(&mut game, states) {
                        Ok(()) => {
                            put_on_table(&mut *model, QiguoMatch::of(game), false);
                            table.resets.write(TableReset);
                        }
                        Err(error) => {
                            warn!("the server's withdrawal does not fit: {error}");
                            table.outgoing.write(ToServer(ClientMessage::Sync {}));
                        }
                    }
                }
                // Who plays here may have changed (this device's player left): sit anew.
                RoomEvent::SeatLeft { .. } => {
                    table.outgoing.write(ToServer(ClientMessage::Sync {}));
                }
                _ => {}
            },
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{OnLeave, WithdrawReason};
    use crate::rules::qiguo::{MoveList, Seating};

    fn four_seats() -> (QiguoState, Position) {
        let start = Position::start(Seating::for_players(4).expect("four seats"));
        let mut position = start.clone();
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        let mv = moves[0];
        let state = position.side_to_move();
        position.play(mv).expect("a listed move");
        let seat = position.seating().seat(State::Qi);
        position.withdraw(seat);
        let room = QiguoState {
            // Game 1 of the room: the seats rotated by one.
            seat_states: ["ro", "bg", "p", "wk"].map(String::from).to_vec(),
            on_leave: OnLeave::Resign,
            start: start.to_qfen(),
            history: vec![
                QiguoStep::Move { mv, state },
                QiguoStep::Withdrew {
                    seat: RoomSeat(1),
                    states: "bg".into(),
                    reason: WithdrawReason::Resigned,
                },
            ],
            position: position.to_qfen(),
        };
        (room, position)
    }

    #[test]
    fn a_rooms_moves_and_withdrawals_replay_to_its_position() {
        let (room, position) = four_seats();
        let game = replay_of(&room).expect("it replays");
        assert_eq!(game.position(), &position);
        assert_eq!(game.plies().len(), 1);
        let mut broken = room.clone();
        broken.history.push(QiguoStep::Withdrew {
            seat: RoomSeat(1),
            states: "bg".into(),
            reason: WithdrawReason::Resigned,
        });
        assert!(replay_of(&broken).is_err(), "no state of that seat is left");
    }

    #[test]
    fn each_room_seat_sits_where_its_states_do_and_plays_once_the_game_is_on() {
        let (room, position) = four_seats();
        let table = table_seats(&room, &position).expect("every seat names states");
        assert_eq!(table, [Seat(1), Seat(2), Seat(3), Seat(0)]);
        let seats = seats_at_table(&table, Some(RoomSeat(3)), true).expect("four seats");
        assert_eq!(seats.controller(Seat(0)), Controller::Local);
        assert_eq!(seats.controller(Seat(1)), Controller::Remote);
        let waiting = seats_at_table(&table, Some(RoomSeat(3)), false).expect("four seats");
        assert!(waiting.iter().all(|(_, c)| c == Controller::Remote));
        assert!(seats_at_table(&table, Some(RoomSeat(5)), true).is_none());
    }
}
