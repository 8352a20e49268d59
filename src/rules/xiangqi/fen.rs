//! FEN as UCI/UCCI Xiangqi engines write it:
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.

use super::board::{FILES, RANKS, Square};
use super::piece::{Color, Kind, Piece};
use super::position::{Position, PositionError};

/// Why a FEN was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FenError {
    #[error("FEN is empty")]
    Empty,
    #[error("FEN board needs 10 ranks separated by '/', found {0}")]
    RankCount(usize),
    #[error("FEN rank {rank} (counted from Black's side) does not hold 9 points")]
    RankWidth { rank: usize },
    #[error("FEN board has an unknown piece letter '{0}'")]
    UnknownLetter(char),
    #[error("FEN side to move must be 'w', 'r' or 'b', found '{0}'")]
    Side(String),
    #[error("FEN {field} must be a number, found '{value}'")]
    Counter { field: &'static str, value: String },
    #[error("FEN has an unexpected field '{0}'")]
    Extra(String),
    #[error("FEN position is not legal: {0}")]
    Illegal(#[from] PositionError),
}

/// Cuts user text short for an error message.
fn quoted(text: &str) -> String {
    text.chars().take(16).collect()
}

impl Position {
    /// Parses a FEN; the fields after the side to move are optional.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or(FenError::Empty)?;
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != RANKS {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut pieces = Vec::with_capacity(32);
        for (row, text) in ranks.iter().enumerate() {
            let rank = RANKS - 1 - row;
            let mut file = 0;
            for letter in text.chars() {
                if let Some(skip) = letter.to_digit(10) {
                    file += skip as usize;
                } else {
                    let kind = Kind::from_letter(letter).ok_or(FenError::UnknownLetter(letter))?;
                    let color = if letter.is_ascii_uppercase() {
                        Color::Red
                    } else {
                        Color::Black
                    };
                    let square =
                        Square::new(file, rank).ok_or(FenError::RankWidth { rank: row + 1 })?;
                    pieces.push((square, Piece::new(color, kind)));
                    file += 1;
                }
                if file > FILES {
                    return Err(FenError::RankWidth { rank: row + 1 });
                }
            }
            if file != FILES {
                return Err(FenError::RankWidth { rank: row + 1 });
            }
        }
        let side = match fields.next() {
            None | Some("w" | "r" | "W" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(other) => return Err(FenError::Side(quoted(other))),
        };
        // Castling and en passant fields do not exist in Xiangqi: "-" is written for each.
        let mut rest: Vec<&str> = fields.collect();
        while rest.first() == Some(&"-") {
            rest.remove(0);
        }
        let counter = |field: &'static str, value: Option<&&str>| -> Result<u16, FenError> {
            match value {
                None => Ok(match field {
                    "halfmove clock" => 0,
                    _ => 1,
                }),
                Some(text) => text.parse().map_err(|_| FenError::Counter {
                    field,
                    value: quoted(text),
                }),
            }
        };
        let halfmove = counter("halfmove clock", rest.first())?;
        let fullmove = counter("fullmove number", rest.get(1))?;
        if let Some(extra) = rest.get(2) {
            return Err(FenError::Extra(quoted(extra)));
        }
        Ok(Position::from_parts(&pieces, side, halfmove, fullmove)?)
    }

    /// The FEN of this position.
    pub fn to_fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                let square = Square::new(file, rank).expect("on the board");
                match self.piece_at(square) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        fen.push(piece.letter());
                    }
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        let side = match self.side_to_move() {
            Color::Red => 'w',
            Color::Black => 'b',
        };
        format!(
            "{fen} {side} - - {} {}",
            self.quiet_plies(),
            self.fullmove()
        )
    }
}
