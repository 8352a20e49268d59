//! Moves and their notation: the start point, then the end point (`e10j15`).

use super::board::Point;
use arrayvec::ArrayVec;
use std::fmt;
use std::str::FromStr;

/// A move of one piece from one point to another.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    from: Point,
    to: Point,
}

/// More than any position's moves: one state's pieces reach at most 380 points (Ruler and
/// Diplomat 72 each, General, Officer and Catapult 36, Crossbowman 40, Archer 32, Cavalry
/// 4 × 8, Heavy swordsmen 4 × 4, Swordsmen 2 × 4).
pub const MAX_MOVES: usize = 384;

/// The moves of one position, in a fixed array.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

impl Move {
    /// The move from `from` to `to`.
    pub const fn new(from: Point, to: Point) -> Move {
        Move { from, to }
    }

    /// Where the piece starts.
    pub const fn from(self) -> Point {
        self.from
    }

    /// Where it lands.
    pub const fn to(self) -> Point {
        self.to
    }
}

impl fmt::Display for Move {
    /// `e10j15`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// Text that is not a move.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("'{0}' is not a move (two points like e10j15: files a-s, ranks 1-19 without leading zero)")]
pub struct MoveParseError(pub String);

impl FromStr for Move {
    type Err = MoveParseError;

    fn from_str(text: &str) -> Result<Move, MoveParseError> {
        let error = || MoveParseError(text.chars().take(16).collect());
        let (from, rest) = Point::parse_prefix(text).ok_or_else(error)?;
        let (to, rest) = Point::parse_prefix(rest).ok_or_else(error)?;
        if !rest.is_empty() {
            return Err(error());
        }
        Ok(Move::new(from, to))
    }
}
