//! Qiguo Xiangqi (七國象戲, the game of the seven states): seven armies and the Zhou emperor
//! on a 19×19 board for 3–7 seats (`docs/formats.md`).
//!
//! [`Position`] is the whole state of a game (QFEN writes all of it): build one with
//! [`Position::start`] or [`Position::from_qfen`], list moves with
//! [`Position::legal_moves`], play with [`Position::play`], and read the result with
//! [`Position::outcome`]. [`QiguoRecord`] is a game as JSON and as text, [`Replay`] a game
//! with every position it went through.

mod board;
mod moves;
mod outcome;
mod piece;
mod position;
mod qfen;
mod record;
mod seating;

pub use board::{Direction, FILES, POINTS, Point, PointParseError, RANKS};
pub use moves::{MAX_MOVES, Move, MoveList, MoveParseError};
pub use outcome::{Ending, Outcome, Standing};
pub use piece::{Kind, Piece, State};
pub use position::{
    ELIMINATION_PIECES, Elimination, EliminationReason, HEGEMON_PIECES, HEGEMON_RULERS, Occupant,
    PlayError, Played, Position, QUIET_LIMIT,
};
pub use qfen::QfenError;
pub use record::{Ply, Record as QiguoRecord, RecordError, RecordTextError, Replay};
pub use seating::{Seat, Seating, SeatingError};

/// The start QFEN for seven seats (other seat counts change only the `SEATS` field).
pub const START_QFEN: &str = "2kNkHkOkRkGkHkN1pNpHpOpRpGpHpN2/3kNkHkCkHkN3pNpHpCpHpN3/4kSkXkS5pSpXpS3gN/5kA7pA3gNgH/5kD7pD2gSgHgO/14gDgAgXgCgR/wN15gSgHgG/wHwN15gNgH/wGwHwS15gN/wRwCwXwAwD4*9/wOwHwS15bN/wHwN15bNbH/wN15bSbHbO/14bDbAbXbCbR/5rD7oD2bSbHbG/5rA7oA3bNbH/4rSrXrS5oSoXoS3bN/3rNrHrCrHrN3oNoHoCoHoN3/2rNrHrGrRrOrHrN1oNoHoGoRoOoHoN2 w 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 0 0";

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;
