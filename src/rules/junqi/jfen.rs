//! JFEN: the one-line text notation of a position (`board side quiet ply`).

use super::board::{FILES, POINTS, Point, RANKS};
use super::piece::{Color, Piece};
use super::position::Position;
use super::ruleset::Ruleset;
use super::view::{Cell, PlayerView};
use std::fmt::Write;

/// Why a text is not a valid JFEN.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum JfenError {
    #[error("JFEN needs 4 space-separated fields (board side quiet ply), found {0}")]
    FieldCount(usize),
    #[error("JFEN board needs 12 ranks separated by '/', found {0}")]
    RankCount(usize),
    #[error("JFEN rank {rank} describes {points} points, expected 5")]
    RankLength { rank: u8, points: usize },
    #[error("JFEN rank {rank}: unexpected character '{found}'")]
    BadCharacter { rank: u8, found: char },
    #[error("JFEN rank {rank}: '?' must be followed by the piece's letter in a full position")]
    UnknownIdentity { rank: u8 },
    #[error("JFEN has {found} '{piece}', at most {allowed} exist")]
    TooMany { piece: char, found: u8, allowed: u8 },
    #[error("JFEN side must be 'r', 'b' or '-', found '{0}'")]
    BadSide(String),
    #[error("JFEN quiet-ply counter must be a number from 0 to {limit}, found '{found}'")]
    BadQuiet { found: String, limit: u16 },
    #[error("JFEN ply must be a non-negative number, found '{0}'")]
    BadPly(String),
}

/// Parses the board field into cells and the hidden identities.
fn parse_board(board: &str) -> Result<([Cell; POINTS], [Option<Piece>; POINTS]), JfenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != RANKS as usize {
        return Err(JfenError::RankCount(ranks.len()));
    }
    let mut cells = [Cell::Empty; POINTS];
    let mut hidden = [None; POINTS];
    for (row, text) in ranks.iter().enumerate() {
        let rank = RANKS - row as u8; // 12 first
        let mut file = 0usize;
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            let (cell, identity, width) = match c {
                '1'..='5' => (Cell::Empty, None, c as usize - '0' as usize),
                '?' => match chars.next() {
                    Some(letter) => match Piece::from_letter(letter) {
                        Some(piece) => (Cell::Hidden, Some(piece), 1),
                        None => {
                            return Err(JfenError::BadCharacter {
                                rank,
                                found: letter,
                            });
                        }
                    },
                    None => return Err(JfenError::UnknownIdentity { rank }),
                },
                _ => match Piece::from_letter(c) {
                    Some(piece) => (Cell::Up(piece), None, 1),
                    None => return Err(JfenError::BadCharacter { rank, found: c }),
                },
            };
            if file + width > FILES as usize {
                return Err(JfenError::RankLength {
                    rank,
                    points: file + width + chars.count(),
                });
            }
            for offset in 0..width {
                let point = Point::new((file + offset) as u8, rank - 1).expect("checked above");
                cells[point.index()] = cell;
                hidden[point.index()] = identity;
            }
            file += width;
        }
        if file != FILES as usize {
            return Err(JfenError::RankLength { rank, points: file });
        }
    }
    Ok((cells, hidden))
}

impl Position {
    /// Parses a full JFEN (face-down pieces written `?X`) under the default rules.
    pub fn from_jfen(text: &str) -> Result<Position, JfenError> {
        Position::from_jfen_with_rules(text, Ruleset::default())
    }

    /// Parses a full JFEN under `rules`.
    pub fn from_jfen_with_rules(text: &str, rules: Ruleset) -> Result<Position, JfenError> {
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        let [board, side, quiet, ply] = fields[..] else {
            return Err(JfenError::FieldCount(fields.len()));
        };
        let (cells, hidden) = parse_board(board)?;
        let mut on_board = [0u8; 24];
        let mut pool = [0u8; 24];
        for point in Point::all() {
            match (cells[point.index()], hidden[point.index()]) {
                (Cell::Up(piece), _) => on_board[piece.index()] += 1,
                (Cell::Hidden, Some(piece)) => {
                    on_board[piece.index()] += 1;
                    pool[piece.index()] += 1;
                }
                _ => {}
            }
        }
        for (index, &found) in on_board.iter().enumerate() {
            let piece = Piece::from_index(index);
            if found > piece.kind.count() {
                return Err(JfenError::TooMany {
                    piece: piece.letter(),
                    found,
                    allowed: piece.kind.count(),
                });
            }
        }
        let side = match side {
            "r" => Some(Color::Red),
            "b" => Some(Color::Blue),
            "-" => None,
            other => return Err(JfenError::BadSide(other.chars().take(20).collect())),
        };
        let limit = rules.quiet_ply_limit;
        let quiet = quiet
            .parse::<u16>()
            .ok()
            .filter(|&q| q <= limit && !quiet.starts_with('+'))
            .ok_or_else(|| JfenError::BadQuiet {
                found: quiet.chars().take(20).collect(),
                limit,
            })?;
        let ply = ply
            .parse::<u32>()
            .ok()
            .filter(|_| !ply.starts_with('+'))
            .ok_or_else(|| JfenError::BadPly(ply.chars().take(20).collect()))?;
        Ok(Position {
            view: PlayerView::from_parts(rules, cells, pool, side, quiet, ply),
            hidden,
        })
    }

    /// The full JFEN, face-down identities included.
    pub fn to_jfen(&self) -> String {
        format_jfen(&self.view, |point| self.hidden[point.index()])
    }
}

impl PlayerView {
    /// The JFEN of what a player sees: face-down pieces are a bare `?`.
    pub fn to_jfen(&self) -> String {
        format_jfen(self, |_| None)
    }
}

fn format_jfen(view: &PlayerView, identity: impl Fn(Point) -> Option<Piece>) -> String {
    let mut out = String::with_capacity(96);
    for rank in (0..RANKS).rev() {
        let mut empty = 0;
        for file in 0..FILES {
            let point = Point::new(file, rank).expect("on the board");
            let cell = view.cell(point);
            if cell == Cell::Empty {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
                empty = 0;
            }
            match cell {
                Cell::Up(piece) => out.push(piece.letter()),
                Cell::Hidden => {
                    out.push('?');
                    if let Some(piece) = identity(point) {
                        out.push(piece.letter());
                    }
                }
                Cell::Empty => {}
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let side = view.side_to_move().map_or('-', Color::letter);
    let _ = write!(out, " {side} {} {}", view.quiet_plies(), view.ply());
    out
}
