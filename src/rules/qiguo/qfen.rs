//! QFEN, one line of seven fields: `BOARD SIDE SEATS CAPTURES RULERS QUIET PLY`. The reader
//! accepts exactly what the writer produces, so a valid QFEN reads back unchanged.

use super::board::{FILES, Point, RANKS};
use super::piece::{Kind, Piece, State};
use super::position::{Occupant, Parts, Position, QUIET_LIMIT};
use super::seating::{Seating, SeatingError};
use arrayvec::ArrayVec;
use std::fmt;

/// Why a QFEN was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum QfenError {
    #[error(
        "QFEN needs seven fields separated by single spaces (BOARD SIDE SEATS CAPTURES RULERS QUIET PLY), found {0}"
    )]
    FieldCount(usize),
    #[error("QFEN board needs 19 ranks separated by '/', found {0}")]
    RankCount(usize),
    #[error("QFEN rank {rank} does not cover exactly 19 points")]
    RankWidth { rank: usize },
    #[error("QFEN rank {rank} has a malformed token at '{text}'")]
    Token { rank: usize, text: String },
    #[error("QFEN board has the emperor '*' on {0}: it stands on j10 and nowhere else")]
    EmperorMisplaced(Point),
    #[error("QFEN board has no emperor '*' on j10")]
    EmperorMissing,
    #[error("QFEN board has more than {most} of {state}'s {kind:?}")]
    TooMany { state: State, kind: Kind, most: u8 },
    #[error("QFEN board has pieces of {0} but not its Ruler")]
    NoRuler(State),
    #[error("QFEN side to move must be one of w r o b g p k, found '{0}'")]
    Side(String),
    #[error("QFEN side to move {0} is not live (its Ruler is not on the board)")]
    SideNotLive(State),
    #[error("QFEN {0}")]
    Seats(#[from] SeatingError),
    #[error("QFEN {field} must be seven comma-separated integers 0-{most}, found '{text}'")]
    Counts {
        field: &'static str,
        most: u8,
        text: String,
    },
    #[error("QFEN says {0} captured more Rulers than pieces")]
    RulersBeyondCaptures(State),
    #[error(
        "QFEN {field} must be an integer 0-{most} without sign or leading zero, found '{text}'"
    )]
    Counter {
        field: &'static str,
        most: u64,
        text: String,
    },
}

/// Cuts user text short for an error message.
fn quoted(text: &str) -> String {
    text.chars().take(24).collect()
}

/// An integer of at most `most` with no sign and no leading zero.
fn number(text: &str, most: u64) -> Option<u64> {
    let plain = !text.is_empty()
        && text.len() <= 20
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    plain
        .then(|| text.parse::<u64>().ok())
        .flatten()
        .filter(|&value| value <= most)
}

/// Seven comma-separated integers of at most `most`.
fn counts(field: &'static str, text: &str, most: u8) -> Result<[u8; 7], QfenError> {
    let error = || QfenError::Counts {
        field,
        most,
        text: quoted(text),
    };
    let mut values = [0u8; 7];
    let mut parts = text.split(',');
    for value in &mut values {
        let part = parts.next().ok_or_else(error)?;
        *value = number(part, u64::from(most)).ok_or_else(error)? as u8;
    }
    if parts.next().is_some() {
        return Err(error());
    }
    Ok(values)
}

/// The board as it is read: the pieces so far, how many of each kind each state has, and
/// whether the emperor was seen.
#[derive(Default)]
struct BoardReader {
    pieces: ArrayVec<(Point, Piece), 119>,
    kinds: [[u8; 10]; 7],
    emperor: bool,
}

impl BoardReader {
    /// Reads one rank's text (`rank` 0 is rank 1).
    fn read_rank(&mut self, text: &str, rank: usize) -> Result<(), QfenError> {
        // Ranks are named as players name them: 19 at the top, 1 at the bottom.
        let named = rank + 1;
        let bytes = text.as_bytes();
        let mut file = 0;
        let mut at = 0;
        while at < bytes.len() {
            let token_error = || QfenError::Token {
                rank: named,
                text: quoted(&text[at..]),
            };
            if bytes[at].is_ascii_digit() {
                let digits = bytes[at..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                let run = number(&text[at..at + digits], FILES as u64)
                    .filter(|&run| run > 0)
                    .ok_or_else(token_error)?;
                at += digits;
                file += run as usize;
                if file > FILES {
                    return Err(QfenError::RankWidth { rank: named });
                }
                continue;
            }
            let point = Point::new(file, rank).ok_or(QfenError::RankWidth { rank: named })?;
            if bytes[at] == b'*' {
                if point != Point::CENTRE {
                    return Err(QfenError::EmperorMisplaced(point));
                }
                self.emperor = true;
                at += 1;
            } else {
                let state = State::from_letter(char::from(bytes[at])).ok_or_else(token_error)?;
                let kind = bytes
                    .get(at + 1)
                    .and_then(|&letter| Kind::from_letter(char::from(letter)))
                    .ok_or_else(token_error)?;
                if point == Point::CENTRE {
                    return Err(QfenError::EmperorMissing);
                }
                let count = &mut self.kinds[state.index()][kind as usize];
                if *count >= kind.per_state() {
                    return Err(QfenError::TooMany {
                        state,
                        kind,
                        most: kind.per_state(),
                    });
                }
                *count += 1;
                self.pieces.push((point, Piece::new(state, kind)));
                at += 2;
            }
            file += 1;
        }
        if file != FILES {
            return Err(QfenError::RankWidth { rank: named });
        }
        Ok(())
    }
}

impl Position {
    /// Reads a QFEN; every field is checked, and anything but the exact form is refused.
    pub fn from_qfen(qfen: &str) -> Result<Position, QfenError> {
        let fields: ArrayVec<&str, 8> = qfen.split(' ').take(8).collect();
        let [board, side, seats, captures, rulers, quiet, ply] = fields[..] else {
            return Err(QfenError::FieldCount(qfen.split(' ').count()));
        };
        let ranks: ArrayVec<&str, 20> = board.split('/').take(20).collect();
        if ranks.len() != RANKS {
            return Err(QfenError::RankCount(board.split('/').count()));
        }
        let mut reader = BoardReader::default();
        for (row, text) in ranks.iter().enumerate() {
            reader.read_rank(text, RANKS - 1 - row)?;
        }
        if !reader.emperor {
            return Err(QfenError::EmperorMissing);
        }
        for state in State::ALL {
            let kinds = reader.kinds[state.index()];
            if kinds[Kind::Ruler as usize] == 0 && kinds.iter().any(|&count| count > 0) {
                return Err(QfenError::NoRuler(state));
            }
        }
        let mut letters = side.chars();
        let side = match (letters.next().and_then(State::from_letter), letters.next()) {
            (Some(state), None) => state,
            _ => return Err(QfenError::Side(quoted(side))),
        };
        if reader.kinds[side.index()][Kind::Ruler as usize] == 0 {
            return Err(QfenError::SideNotLive(side));
        }
        let seating: Seating = seats.parse()?;
        let captures = counts("CAPTURES", captures, 96)?;
        let rulers = counts("RULERS", rulers, 6)?;
        if let Some(state) = State::ALL
            .into_iter()
            .find(|state| rulers[state.index()] > captures[state.index()])
        {
            return Err(QfenError::RulersBeyondCaptures(state));
        }
        let counter = |field: &'static str, text: &str, most: u64| {
            number(text, most).ok_or_else(|| QfenError::Counter {
                field,
                most,
                text: quoted(text),
            })
        };
        let quiet = counter("QUIET", quiet, u64::from(QUIET_LIMIT))? as u8;
        let ply = counter("PLY", ply, u64::from(u32::MAX))? as u32;
        Ok(Position::from_parts(Parts {
            pieces: reader.pieces,
            side,
            seating,
            captures,
            rulers,
            quiet,
            ply,
        }))
    }

    /// The QFEN of this position.
    pub fn to_qfen(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Position {
    /// The QFEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                let point = Point::new(file, rank).expect("on the board");
                let token = match self.occupant(point) {
                    Occupant::Empty => {
                        empty += 1;
                        continue;
                    }
                    Occupant::Emperor => "*".to_string(),
                    Occupant::Piece(piece) => piece.to_string(),
                };
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                f.write_str(&token)?;
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let list = |values: [u32; 7]| {
            values
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(
            f,
            " {} {} {} {} {} {}",
            self.side_to_move().letter(),
            self.seating(),
            list(State::ALL.map(|state| self.captures(state))),
            list(State::ALL.map(|state| self.rulers_captured(state))),
            self.quiet(),
            self.ply()
        )
    }
}
