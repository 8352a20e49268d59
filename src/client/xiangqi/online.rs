//! A Xiangqi game played online: a room's end the way it ended off the board (the match
//! layer's follower, `client/play/room.rs`, does the rest).

use super::model::XiangqiMatch;
use crate::protocol::{GameEnd, OffTheBoard};
use crate::rules::Seat;
use crate::rules::xiangqi::Conceded;

/// How a room's end shows in the model, when the rules cannot tell by themselves.
pub(super) fn conceded(
    end: GameEnd,
    table_seats: &[Seat],
    model: &XiangqiMatch,
) -> Option<Conceded> {
    let loser = || {
        let winner = *table_seats.get(end.winner?.index())?;
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
