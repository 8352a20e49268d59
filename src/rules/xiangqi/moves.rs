//! Moves and their ICCS coordinates (`h2e2`).

use super::board::Square;
use arrayvec::ArrayVec;
use std::fmt;
use std::str::FromStr;

/// A move from one point to another.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
}

/// More than any position's moves: at most 119 are possible (two open chariots and cannons
/// 17 each, horses 8, elephants and advisors 4, the general 4, soldiers 3).
pub const MAX_MOVES: usize = 128;

/// The moves of one position, in a fixed array.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

impl Move {
    /// The move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Where the piece starts.
    pub const fn from(self) -> Square {
        self.from
    }

    /// Where it lands.
    pub const fn to(self) -> Square {
        self.to
    }
}

impl fmt::Display for Move {
    /// ICCS, lower case: `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// Text that is not an ICCS move.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("'{0}' is not an ICCS move (four characters like h2e2: files a-i, ranks 0-9)")]
pub struct MoveParseError(pub String);

impl FromStr for Move {
    type Err = MoveParseError;

    /// ICCS in either case, with or without a dash: `h2e2`, `H2-E2`.
    fn from_str(text: &str) -> Result<Move, MoveParseError> {
        let error = || MoveParseError(text.chars().take(16).collect());
        let compact: Vec<u8> = text
            .bytes()
            .filter(|&b| b != b'-')
            .map(|b| b.to_ascii_lowercase())
            .collect();
        let [f1, r1, f2, r2] = compact[..] else {
            return Err(error());
        };
        let square = |file: u8, rank: u8| Square::parse(std::str::from_utf8(&[file, rank]).ok()?);
        match (square(f1, r1), square(f2, r2)) {
            (Some(from), Some(to)) if from != to => Ok(Move::new(from, to)),
            _ => Err(error()),
        }
    }
}
