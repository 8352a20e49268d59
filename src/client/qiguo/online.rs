//! A Qiguo table played online, as the match layer's follower (`client/play/online.rs`) reads
//! it: a room's state is the game on the table with this device's seat, a withdrawal takes a
//! seat's armies off. The server plays the room's computer seats.

use super::model::QiguoMatch;
use crate::client::play::{Heard, Seated};
use crate::client::seats::{Controller, Seats};
use crate::protocol::{self, QiguoState, QiguoStep, RoomEvent, RoomSeat, RoomState};
use crate::rules::Seat;
use crate::rules::qiguo::{Position, Replay, State};

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
pub(super) fn same_game(model: &QiguoMatch, game: &Replay) -> bool {
    model.game.start() == game.start()
        && model.game.position() == game.position()
        && model.game.plies().len() == game.plies().len()
        && model
            .game
            .plies()
            .iter()
            .zip(game.plies())
            .all(|(a, b)| a.mv == b.mv)
}

/// A room's state as the match on the table, if the room plays Qiguo.
pub(super) fn seated(
    room: &RoomState,
    mine: Option<RoomSeat>,
) -> Option<Result<Seated<QiguoMatch>, String>> {
    let protocol::GameState::Qiguo(state) = &room.game else {
        return None;
    };
    Some(replay_of(state).and_then(|game| {
        let room_table = table_seats(state, game.position())?;
        let started = !room.seats.iter().any(|seat| !seat.taken);
        let seats = seats_at_table(&room_table, mine, started)
            .ok_or_else(|| "the room's seats do not fit its game".to_string())?;
        Ok(Seated {
            model: QiguoMatch::of(game),
            seats,
            room_table,
        })
    }))
}

/// What a room event means for the match on the table: a move, or a seat's armies taken off.
pub(super) fn heard(model: &QiguoMatch, event: &RoomEvent) -> Result<Heard<QiguoMatch>, String> {
    Ok(match event {
        RoomEvent::Played {
            played: protocol::Played::Qiguo(played),
            ..
        } => Heard::Step(played.mv),
        RoomEvent::Withdrew { states, .. } => {
            let mut game = model.game.clone();
            withdraw(&mut game, states)?;
            Heard::Replaced(QiguoMatch::of(game))
        }
        _ => Heard::Nothing,
    })
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
