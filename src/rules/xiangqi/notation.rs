//! Move names for players: Chinese (炮二平五, 马8进7) and WXF (`C2=5`, `H8+7`).
//!
//! Files are counted from each player's own right: Red's in Chinese numerals, Black's in
//! digits. A straight move names how many points it goes; a horse, elephant or advisor names
//! the file it lands on. Two or more alike on one file are told apart by their order from the
//! front (前/中/后, or `+`/`-` in WXF).

use super::moves::Move;
use super::piece::{Color, Kind};
use super::position::Position;

/// Which notation to write.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Notation {
    /// 炮二平五
    Chinese,
    /// `C2=5`
    Wxf,
}

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The file number (1–9) of `file` (0 = `a`) for `color`, counted from its own right.
fn file_number(color: Color, file: usize) -> usize {
    match color {
        Color::Red => 9 - file,
        Color::Black => file + 1,
    }
}

/// A number as `color` writes it in Chinese notation.
fn chinese_number(color: Color, number: usize) -> char {
    match color {
        Color::Red => RED_NUMERALS[number - 1],
        Color::Black => char::from(b'0' + number as u8),
    }
}

fn chinese_piece(color: Color, kind: Kind) -> char {
    match (kind, color) {
        (Kind::General, Color::Red) => '帅',
        (Kind::General, Color::Black) => '将',
        (Kind::Advisor, Color::Red) => '仕',
        (Kind::Advisor, Color::Black) => '士',
        (Kind::Elephant, Color::Red) => '相',
        (Kind::Elephant, Color::Black) => '象',
        (Kind::Horse, _) => '马',
        (Kind::Chariot, _) => '车',
        (Kind::Cannon, _) => '炮',
        (Kind::Soldier, Color::Red) => '兵',
        (Kind::Soldier, Color::Black) => '卒',
    }
}

fn wxf_piece(kind: Kind) -> char {
    match kind {
        Kind::General => 'K',
        Kind::Advisor => 'A',
        Kind::Elephant => 'E',
        Kind::Horse => 'H',
        Kind::Chariot => 'R',
        Kind::Cannon => 'C',
        Kind::Soldier => 'P',
    }
}

/// The name of `mv`, a legal move in `position`, in `notation`.
pub fn move_name(position: &Position, mv: Move, notation: Notation) -> String {
    let Some(piece) = position.piece_at(mv.from()) else {
        return mv.to_string();
    };
    let (color, kind) = (piece.color(), piece.kind());
    let (from, to) = (mv.from(), mv.to());
    // Ranks counted towards the enemy.
    let ahead = |rank: usize| match color {
        Color::Red => rank as i32,
        Color::Black => 9 - rank as i32,
    };
    let forward = ahead(to.rank()) - ahead(from.rank());
    let diagonal_mover = matches!(kind, Kind::Horse | Kind::Elephant | Kind::Advisor);
    let destination = if forward == 0 || diagonal_mover {
        file_number(color, to.file())
    } else {
        forward.unsigned_abs() as usize
    };
    // Alike pieces on the same file, front (nearest the enemy) first.
    let mut alike: Vec<usize> = position
        .pieces()
        .filter(|&(square, other)| other == piece && square.file() == from.file())
        .map(|(square, _)| square.rank())
        .collect();
    alike.sort_by_key(|&rank| -ahead(rank));
    let order = alike
        .iter()
        .position(|&rank| rank == from.rank())
        .unwrap_or(0);
    match notation {
        Notation::Chinese => {
            let operator = match forward.signum() {
                1 => '进',
                -1 => '退',
                _ => '平',
            };
            let head: String = match alike.len() {
                1 => format!(
                    "{}{}",
                    chinese_piece(color, kind),
                    chinese_number(color, file_number(color, from.file()))
                ),
                2 => format!("{}{}", ['前', '后'][order], chinese_piece(color, kind)),
                3 => format!(
                    "{}{}",
                    ['前', '中', '后'][order],
                    chinese_piece(color, kind)
                ),
                _ => format!("{}{}", RED_NUMERALS[order], chinese_piece(color, kind)),
            };
            format!("{head}{operator}{}", chinese_number(color, destination))
        }
        Notation::Wxf => {
            let operator = match forward.signum() {
                1 => '+',
                -1 => '-',
                _ => '=',
            };
            let letter = wxf_piece(kind);
            let head = match alike.len() {
                1 => format!("{letter}{}", file_number(color, from.file())),
                2 => format!("{}{letter}", ['+', '-'][order]),
                _ => format!("{}{letter}", order + 1),
            };
            format!("{head}{operator}{destination}")
        }
    }
}
