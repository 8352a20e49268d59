//! A Junqi game played online, as the match layer's follower (`client/play/online.rs`) reads
//! it: a room's state is the public game on the table, a room's end the way it ended off the
//! board. No face-down identity ever reaches this device.

use super::model::JunqiMatch;
use crate::client::online::{room_seats, table_seat};
use crate::client::play::Seated;
use crate::protocol::{self, GameEnd, OffTheBoard, RoomSeat, RoomState};
use crate::rules::Seat;
use crate::rules::junqi::{DrawReason, Outcome, WinReason};

/// A room's state as the match on the table, if the room plays Junqi.
pub(super) fn seated(
    room: &RoomState,
    mine: Option<RoomSeat>,
) -> Option<Result<Seated<JunqiMatch>, String>> {
    let protocol::GameState::Junqi(state) = &room.game else {
        return None;
    };
    Some(
        state
            .public_game()
            .map_err(|error| error.to_string())
            .map(|public| Seated {
                model: JunqiMatch::of(public),
                seats: room_seats(room.first_seat, mine),
                room_table: (0..2)
                    .map(|seat| table_seat(room.first_seat, RoomSeat(seat)))
                    .collect(),
            }),
    )
}

/// The outcome a room's end means for the model, when the public game cannot tell by itself.
pub(super) fn conceded(end: GameEnd, room_table: &[Seat], model: &JunqiMatch) -> Option<Outcome> {
    let winner_colour = end
        .winner
        .and_then(|seat| room_table.get(seat.index()))
        .and_then(|&seat| model.colour_of(seat));
    let win = |reason| winner_colour.map(|winner| Outcome::Win { winner, reason });
    // The rules end the other games by themselves.
    match end.reason.off_the_board()? {
        OffTheBoard::Agreement => Some(Outcome::Draw(DrawReason::Agreement)),
        OffTheBoard::Resignation => win(WinReason::Resignation),
        OffTheBoard::OutOfTime => win(WinReason::OutOfTime),
        OffTheBoard::Abandoned => win(WinReason::Abandoned),
    }
}
