//! A Xiangqi game played online, as the match layer's follower (`client/play/online.rs`) reads
//! it: a room's state is the game on the table, a room's end the way it ended off the board.

use super::model::XiangqiMatch;
use crate::client::online::{room_seats, table_seat};
use crate::client::play::Seated;
use crate::protocol::{self, GameEnd, OffTheBoard, RoomSeat, RoomState};
use crate::rules::Seat;
use crate::rules::xiangqi::Conceded;

/// A room's state as the match on the table, if the room plays Xiangqi.
pub(super) fn seated(
    room: &RoomState,
    mine: Option<RoomSeat>,
) -> Option<Result<Seated<XiangqiMatch>, String>> {
    let protocol::GameState::Xiangqi(state) = &room.game else {
        return None;
    };
    Some(state.game().map(|game| {
        Seated {
            model: XiangqiMatch::new(game, None),
            seats: room_seats(room.first_seat, mine),
            room_table: (0..2)
                .map(|seat| table_seat(room.first_seat, RoomSeat(seat)))
                .collect(),
        }
    }))
}

/// How a room's end shows in the model, when the rules cannot tell by themselves.
pub(super) fn conceded(
    end: GameEnd,
    room_table: &[Seat],
    model: &XiangqiMatch,
) -> Option<Conceded> {
    let loser = || {
        let winner = *room_table.get(end.winner?.index())?;
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
