//! Xiangqi (象棋, Chinese chess): board, moves, legality, FEN and ICCS, move names for
//! display, and the game with its repetition and draw rules (`docs/formats.md`).
//!
//! [`Position`] is a legal position (parsing validates); [`Game`] is a position with its
//! history, which the repetition rules need. [`XiangqiRecord`] is a game as JSON and as text.

mod board;
mod fen;
mod game;
mod moves;
mod notation;
mod piece;
mod position;
mod pressure;
mod record;

pub use board::{FILES, POINTS, RANKS, Square};
pub use fen::FenError;
pub use game::{
    EFFECTIVE_PLIES, Game, NO_PROGRESS_PLIES, Outcome, PERPETUAL_PER_PIECE, PlayError, PlayedMove,
    Reason, TOTAL_PLIES,
};
pub use moves::{MAX_MOVES, Move, MoveList, MoveParseError};
pub use notation::{Notation, move_name};
pub use piece::{Color, Kind, Piece};
pub use position::{Candidates, Position, PositionError};
pub use pressure::{CycleConduct, CycleVerdict, Pressure, cycle_conduct, judge_cycle, pressure};
pub use record::{Conceded, Record as XiangqiRecord, RecordError, RecordTextError};

/// The start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

#[cfg(test)]
mod tests;
