//! CJFEN: a classic position on one line, `board side quiet ply`. In a full CJFEN every piece
//! is its letter; in a side's view each enemy piece that side cannot name is `X` (Red) or `x`
//! (Blue).

use super::Seen;
use crate::rules::junqi::{Color, FILES, Kind, POINTS, Piece, Point, RANKS};

/// The most quiet plies a CJFEN may count (the largest draw limit).
pub const MAX_QUIET: u16 = 200;

/// Why a text is not a possible classic position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CjfenError {
    #[error("CJFEN needs 4 space-separated fields (board side quiet ply), found {0}")]
    FieldCount(usize),
    #[error("CJFEN board needs 12 ranks separated by '/', found {0}")]
    RankCount(usize),
    #[error("CJFEN rank {rank} describes {points} points, expected 5")]
    RankLength { rank: u8, points: usize },
    #[error("CJFEN rank {rank}: unexpected character '{found}'")]
    BadCharacter { rank: u8, found: char },
    #[error("CJFEN holds both 'X' and 'x': a view hides one side's pieces only")]
    BothHidden,
    #[error("a full CJFEN names every piece; '{0}' belongs in a side's view")]
    HiddenInFull(char),
    #[error("CJFEN has {found} '{letter}', at most {allowed} exist")]
    TooMany {
        letter: char,
        found: u8,
        allowed: u8,
    },
    #[error("CJFEN has {found} {side} pieces, at most 25 exist")]
    TooManyOfSide { side: &'static str, found: u8 },
    #[error("CJFEN has no {0} flag: each flag stands on its side's headquarters")]
    NoFlag(&'static str),
    #[error("CJFEN: the {side} flag stands on {at}, not on its side's headquarters")]
    FlagOffHeadquarters { side: &'static str, at: Point },
    #[error("CJFEN: the {side} landmine on {at} is off its side's last two ranks")]
    LandmineOffBackRanks { side: &'static str, at: Point },
    #[error("CJFEN side must be 'r' or 'b', found '{0}'")]
    BadSide(String),
    #[error("CJFEN quiet-ply counter must be a number from 0 to {MAX_QUIET}, found '{0}'")]
    BadQuiet(String),
    #[error("CJFEN ply must be a non-negative number, found '{0}'")]
    BadPly(String),
    #[error("CJFEN counts {quiet} quiet plies in a game of {ply}")]
    QuietAbovePly { quiet: u16, ply: u32 },
    #[error("CJFEN: {side} cannot be to move at ply {ply} (Red moves at even plies)")]
    SideAgainstPly { side: &'static str, ply: u32 },
}

/// A CJFEN read but not yet judged: the cells, whose view it is (the side that cannot see the
/// hidden letters' owner), and the counters.
pub(super) struct Parsed {
    pub cells: [Seen; POINTS],
    /// The owner of a side's view; `None` for a full position.
    pub viewer: Option<Color>,
    pub side: Color,
    pub quiet: u16,
    pub ply: u32,
}

/// The colour's name in messages.
pub(super) fn side_name(side: Color) -> &'static str {
    match side {
        Color::Red => "Red",
        Color::Blue => "Blue",
    }
}

/// Reads a CJFEN and checks that the position is possible.
pub(super) fn parse(text: &str) -> Result<Parsed, CjfenError> {
    let fields: Vec<&str> = text.split_ascii_whitespace().collect();
    let [board, side, quiet, ply] = fields[..] else {
        return Err(CjfenError::FieldCount(fields.len()));
    };
    let cells = parse_board(board)?;
    let hidden = |color| cells.contains(&Seen::Unknown(color));
    let viewer = match (hidden(Color::Red), hidden(Color::Blue)) {
        (true, true) => return Err(CjfenError::BothHidden),
        (true, false) => Some(Color::Blue),
        (false, true) => Some(Color::Red),
        (false, false) => None,
    };
    check_pieces(&cells)?;
    let side = match side {
        "r" => Color::Red,
        "b" => Color::Blue,
        other => return Err(CjfenError::BadSide(other.chars().take(20).collect())),
    };
    let number = |text: &str| {
        (!text.starts_with('+'))
            .then(|| text.parse::<u32>().ok())
            .flatten()
    };
    let quiet = number(quiet)
        .filter(|&q| q <= u32::from(MAX_QUIET))
        .ok_or_else(|| CjfenError::BadQuiet(quiet.chars().take(20).collect()))?
        as u16;
    let ply = number(ply).ok_or_else(|| CjfenError::BadPly(ply.chars().take(20).collect()))?;
    if u32::from(quiet) > ply {
        return Err(CjfenError::QuietAbovePly { quiet, ply });
    }
    if (side == Color::Red) != ply.is_multiple_of(2) {
        return Err(CjfenError::SideAgainstPly {
            side: side_name(side),
            ply,
        });
    }
    Ok(Parsed {
        cells,
        viewer,
        side,
        quiet,
        ply,
    })
}

fn parse_board(board: &str) -> Result<[Seen; POINTS], CjfenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != RANKS as usize {
        return Err(CjfenError::RankCount(ranks.len()));
    }
    let mut cells = [Seen::Empty; POINTS];
    for (row, text) in ranks.iter().enumerate() {
        let rank = RANKS - row as u8; // 12 first
        let mut file = 0usize;
        for c in text.chars() {
            let (seen, width) = match c {
                '1'..='5' => (Seen::Empty, c as usize - '0' as usize),
                'X' => (Seen::Unknown(Color::Red), 1),
                'x' => (Seen::Unknown(Color::Blue), 1),
                _ => match Piece::from_letter(c) {
                    Some(piece) => (Seen::Piece(piece), 1),
                    None => return Err(CjfenError::BadCharacter { rank, found: c }),
                },
            };
            if file + width > FILES as usize {
                return Err(CjfenError::RankLength {
                    rank,
                    points: file + width,
                });
            }
            for offset in 0..width {
                let at = Point::new((file + offset) as u8, rank - 1).expect("checked above");
                cells[at.index()] = seen;
            }
            file += width;
        }
        if file != FILES as usize {
            return Err(CjfenError::RankLength { rank, points: file });
        }
    }
    Ok(cells)
}

/// Piece counts within the table, each flag on its side's headquarters (a hidden flag is
/// somewhere among the unknown pieces), each landmine on its side's last two ranks.
fn check_pieces(cells: &[Seen; POINTS]) -> Result<(), CjfenError> {
    let mut counts = [0u8; 24];
    let mut per_side = [0u8; 2];
    for seen in cells {
        match *seen {
            Seen::Piece(piece) => {
                counts[piece.index()] += 1;
                per_side[piece.color.index()] += 1;
            }
            Seen::Unknown(color) => per_side[color.index()] += 1,
            Seen::Empty => {}
        }
    }
    for (index, &found) in counts.iter().enumerate() {
        let piece = Piece::from_index(index);
        if found > piece.kind.count() {
            return Err(CjfenError::TooMany {
                letter: piece.letter(),
                found,
                allowed: piece.kind.count(),
            });
        }
    }
    for color in Color::ALL {
        if per_side[color.index()] > 25 {
            return Err(CjfenError::TooManyOfSide {
                side: side_name(color),
                found: per_side[color.index()],
            });
        }
        let flag = Piece::new(color, Kind::Flag);
        let hidden = cells.contains(&Seen::Unknown(color));
        match Point::all().find(|at| cells[at.index()] == Seen::Piece(flag)) {
            None if !hidden => return Err(CjfenError::NoFlag(side_name(color))),
            Some(at) if !super::Deployment::headquarters(color).contains(&at) => {
                return Err(CjfenError::FlagOffHeadquarters {
                    side: side_name(color),
                    at,
                });
            }
            _ => {}
        }
        let mine = Seen::Piece(Piece::new(color, Kind::Landmine));
        if let Some(at) = Point::all()
            .find(|&at| cells[at.index()] == mine && !super::Deployment::is_back_rank(color, at))
        {
            return Err(CjfenError::LandmineOffBackRanks {
                side: side_name(color),
                at,
            });
        }
    }
    Ok(())
}

/// Writes a board field: each cell's letter (`X`/`x` for an unknown piece), empty runs as
/// digits, rank 12 first.
pub(super) fn format(cells: &[Seen; POINTS], side: Color, quiet: u16, ply: u32) -> String {
    let mut text = String::with_capacity(80);
    for rank in (0..RANKS).rev() {
        let mut empty = 0u8;
        for file in 0..FILES {
            let at = Point::new(file, rank).expect("on the board");
            let letter = match cells[at.index()] {
                Seen::Empty => {
                    empty += 1;
                    continue;
                }
                Seen::Piece(piece) => piece.letter(),
                Seen::Unknown(Color::Red) => 'X',
                Seen::Unknown(Color::Blue) => 'x',
            };
            if empty > 0 {
                text.push(char::from(b'0' + empty));
                empty = 0;
            }
            text.push(letter);
        }
        if empty > 0 {
            text.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            text.push('/');
        }
    }
    format!("{text} {} {quiet} {ply}", side.letter())
}
