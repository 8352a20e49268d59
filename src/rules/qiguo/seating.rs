//! Seats: who owns which states. A seat is one player (a person or the computer); with fewer
//! than seven seats some seats hold an alliance of neighbouring states.

use super::piece::State;
use std::fmt;

/// One player's seat, numbered from 1 in order of the first state it owns.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Seat(u8);

impl Seat {
    /// The seat numbered `number` (1–7); `None` otherwise.
    pub const fn new(number: u8) -> Option<Seat> {
        if number >= 1 && number <= 7 {
            Some(Seat(number - 1))
        } else {
            None
        }
    }

    /// 1–7, as QFEN writes it.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// 0–6, for arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// The seat of each state: QFEN's `SEATS` field. Seats are numbered in order of first
/// appearance along the turn order, so each grouping has exactly one spelling.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Seating {
    seats: [Seat; 7],
}

/// Why a `SEATS` field was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "seats must be seven digits, numbered in order of first appearance from 1 (like 1223341), found '{0}'"
)]
pub struct SeatingError(pub String);

impl Seating {
    /// The app's seating for `players` seats (3–7), with the alliances of the contract;
    /// `None` for another count.
    pub fn for_players(players: usize) -> Option<Seating> {
        let text = match players {
            7 => "1234567",
            6 => "1234561",
            5 => "1223451",
            4 => "1223341",
            3 => "1223311",
            _ => return None,
        };
        text.parse().ok()
    }

    /// The seat that owns `state`.
    #[inline]
    pub const fn seat(&self, state: State) -> Seat {
        self.seats[state.index()]
    }

    /// How many seats there are.
    pub fn seat_count(&self) -> usize {
        self.seats
            .iter()
            .map(|seat| seat.index() + 1)
            .max()
            .unwrap_or(0)
    }

    /// Every seat, 1 first.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.seat_count() as u8).map(Seat)
    }

    /// The states `seat` owns, in turn order.
    pub fn states(&self, seat: Seat) -> impl Iterator<Item = State> + '_ {
        State::ALL
            .into_iter()
            .filter(move |&state| self.seat(state) == seat)
    }

    /// Whether `a` and `b` belong to one seat (they never capture each other).
    #[inline]
    pub const fn allied(&self, a: State, b: State) -> bool {
        self.seats[a.index()].0 == self.seats[b.index()].0
    }
}

impl Default for Seating {
    /// Seven seats, one state each: the contract's default.
    fn default() -> Seating {
        Seating {
            seats: [0, 1, 2, 3, 4, 5, 6].map(Seat),
        }
    }
}

impl std::str::FromStr for Seating {
    type Err = SeatingError;

    fn from_str(text: &str) -> Result<Seating, SeatingError> {
        let error = || SeatingError(text.chars().take(16).collect());
        let bytes = text.as_bytes();
        if bytes.len() != 7 {
            return Err(error());
        }
        let mut seats = [Seat(0); 7];
        let mut largest = 0;
        for (slot, &byte) in seats.iter_mut().zip(bytes) {
            if !byte.is_ascii_digit() {
                return Err(error());
            }
            let number = byte - b'0';
            if number == 0 || number > largest + 1 {
                return Err(error());
            }
            largest = largest.max(number);
            *slot = Seat(number - 1);
        }
        Ok(Seating { seats })
    }
}

impl fmt::Display for Seating {
    /// The `SEATS` field: `1223341`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for seat in self.seats {
            write!(f, "{seat}")?;
        }
        Ok(())
    }
}
