//! The end of a game and its result: the seats ranked by what their states captured.

use super::seating::Seat;
use arrayvec::ArrayVec;
use std::fmt;

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ending {
    /// The seat's states captured two Rulers or 31 pieces.
    Hegemon(Seat),
    /// Every live state belongs to this seat.
    LastSeat(Seat),
    /// 200 moves in a row without a capture.
    QuietLimit,
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Hegemon(seat) => write!(f, "hegemon {seat}"),
            Ending::LastSeat(seat) => write!(f, "last-seat {seat}"),
            Ending::QuietLimit => f.write_str("quiet-limit"),
        }
    }
}

/// One seat's line of the result table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Standing {
    pub seat: Seat,
    /// 1 for the winners; seats level with each other share a place.
    pub place: u8,
    /// Pieces its states captured, Rulers among them.
    pub score: u32,
    /// Rulers its states captured.
    pub rulers: u32,
    /// Whether one of its states is still on the board.
    pub live: bool,
    /// Whether it is the hegemon.
    pub hegemon: bool,
}

impl Standing {
    /// What ranks seats: the hegemon first, then score, then Rulers, then still being live.
    fn merit(&self) -> (bool, u32, u32, bool) {
        (self.hegemon, self.score, self.rulers, self.live)
    }

    /// Sorts `table` best first (level lines by seat) and gives each line its place, whatever
    /// place it held before.
    pub(super) fn rank(table: &mut [Standing]) {
        table.sort_by(|a, b| b.merit().cmp(&a.merit()).then(a.seat.cmp(&b.seat)));
        for index in 0..table.len() {
            table[index].place = if index > 0 && table[index].merit() == table[index - 1].merit() {
                table[index - 1].place
            } else {
                index as u8 + 1
            };
        }
    }
}

/// The result of a finished game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    pub ending: Ending,
    /// Every seat, best first.
    pub standings: ArrayVec<Standing, 7>,
}

impl Outcome {
    /// The seats in first place (more than one share the win).
    pub fn winners(&self) -> impl Iterator<Item = Seat> + '_ {
        self.standings
            .iter()
            .filter(|standing| standing.place == 1)
            .map(|standing| standing.seat)
    }
}
