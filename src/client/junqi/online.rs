//! A Junqi game played online: a room's end the way it ended off the board (the match
//! layer's follower, `client/play/room.rs`, does the rest). No face-down identity ever reaches
//! this device.

use super::model::FlipMatch;
use crate::protocol::{GameEnd, OffTheBoard};
use crate::rules::Seat;
use crate::rules::junqi::{DrawReason, Outcome, WinReason};

/// The outcome a room's end means for the model, when the public game cannot tell by itself.
pub(super) fn conceded(end: GameEnd, table_seats: &[Seat], model: &FlipMatch) -> Option<Outcome> {
    let winner_colour = end
        .winner
        .and_then(|seat| table_seats.get(seat.index()))
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
