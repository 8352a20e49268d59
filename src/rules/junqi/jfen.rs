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
    #[error("captured pieces: unexpected character '{0}'")]
    BadCaptured(char),
    #[error("view: {found} '{piece}' on the board and captured, at most {allowed} exist")]
    PoolNegative { piece: char, found: u8, allowed: u8 },
    #[error("view: {hidden} face-down points but {pool} pieces unaccounted for")]
    PoolMismatch { hidden: usize, pool: usize },
}

/// The cells and the hidden identities a board field describes.
type Board = ([Cell; POINTS], [Option<Piece>; POINTS]);

/// Parses the board field into cells and the hidden identities. In a `view`, every `?` is a
/// face-down point on its own (what follows it is the next point); in a full position `?X`
/// is a face-down `X`.
fn parse_board(board: &str, view: bool) -> Result<Board, JfenError> {
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
                '?' if view => (Cell::Hidden, None, 1),
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

/// Parses the side, quiet-ply and ply fields.
fn parse_counters(
    side: &str,
    quiet: &str,
    ply: &str,
    rules: Ruleset,
) -> Result<(Option<Color>, u16, u32), JfenError> {
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
    Ok((side, quiet, ply))
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
        let (cells, hidden) = parse_board(board, false)?;
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
        let (side, quiet, ply) = parse_counters(side, quiet, ply, rules)?;
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
    /// Parses what a player sees under the default rules: a JFEN whose face-down points are a
    /// bare `?`, and `captured`, the letters of the pieces no longer on the board. The
    /// face-down pool is every piece less those face up and those captured.
    pub fn from_view_jfen(text: &str, captured: &str) -> Result<PlayerView, JfenError> {
        PlayerView::from_view_jfen_with_rules(text, captured, Ruleset::default())
    }

    /// [`PlayerView::from_view_jfen`] under `rules`.
    pub fn from_view_jfen_with_rules(
        text: &str,
        captured: &str,
        rules: Ruleset,
    ) -> Result<PlayerView, JfenError> {
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        let [board, side, quiet, ply] = fields[..] else {
            return Err(JfenError::FieldCount(fields.len()));
        };
        let (cells, _) = parse_board(board, true)?;
        let mut gone = [0u8; 24];
        for point in Point::all() {
            if let Cell::Up(piece) = cells[point.index()] {
                gone[piece.index()] += 1;
            }
        }
        for letter in captured.chars() {
            let piece = Piece::from_letter(letter).ok_or(JfenError::BadCaptured(letter))?;
            gone[piece.index()] = gone[piece.index()].saturating_add(1);
        }
        let mut pool = [0u8; 24];
        for (index, &found) in gone.iter().enumerate() {
            let piece = Piece::from_index(index);
            let allowed = piece.kind.count();
            pool[index] = allowed.checked_sub(found).ok_or(JfenError::PoolNegative {
                piece: piece.letter(),
                found,
                allowed,
            })?;
        }
        let hidden = cells.iter().filter(|&&cell| cell == Cell::Hidden).count();
        let pool_size: usize = pool.iter().map(|&n| usize::from(n)).sum();
        if hidden != pool_size {
            return Err(JfenError::PoolMismatch {
                hidden,
                pool: pool_size,
            });
        }
        let (side, quiet, ply) = parse_counters(side, quiet, ply, rules)?;
        Ok(PlayerView::from_parts(rules, cells, pool, side, quiet, ply))
    }

    /// The JFEN of what a player sees: face-down pieces are a bare `?`.
    pub fn to_jfen(&self) -> String {
        format_jfen(self, |_| None)
    }

    /// The letters of the pieces no longer on the board (neither face up nor face down), in
    /// the order of [`Piece::index`]: with [`PlayerView::to_jfen`], what
    /// [`PlayerView::from_view_jfen`] reads back.
    pub fn captured_letters(&self) -> String {
        let mut on_board = [0u8; 24];
        for point in Point::all() {
            if let Cell::Up(piece) = self.cell(point) {
                on_board[piece.index()] += 1;
            }
        }
        (0..24)
            .map(Piece::from_index)
            .flat_map(|piece| {
                let left = on_board[piece.index()] + self.pool_count(piece);
                let gone = piece.kind.count().saturating_sub(left);
                std::iter::repeat_n(piece.letter(), usize::from(gone))
            })
            .collect()
    }
}

/// A player's view travels as its ruleset, its view JFEN, the captured pieces and the
/// two-in-a-row rule's memory: never a face-down identity, since the view has none.
#[derive(serde::Serialize, serde::Deserialize)]
struct ViewText {
    rules: Ruleset,
    jfen: String,
    captured: String,
    #[serde(default)]
    last_flips: [Option<Color>; 2],
}

impl serde::Serialize for PlayerView {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ViewText {
            rules: *self.rules(),
            jfen: self.to_jfen(),
            captured: self.captured_letters(),
            last_flips: self.last_flips,
        }
        .serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for PlayerView {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<PlayerView, D::Error> {
        let text = ViewText::deserialize(deserializer)?;
        let mut view = PlayerView::from_view_jfen_with_rules(
            &text.jfen,
            &text.captured,
            text.rules.sanitized(),
        )
        .map_err(serde::de::Error::custom)?;
        if view.side_to_move().is_none() {
            view.restore_last_flips(text.last_flips);
        }
        Ok(view)
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
