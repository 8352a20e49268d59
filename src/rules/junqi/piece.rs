//! Colours, piece kinds and pieces.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The two colours. Red letters are upper case in JFEN, blue lower case.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Color {
    Red,
    Blue,
}

impl Color {
    /// Both colours, red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Blue];

    /// The other colour.
    pub const fn opponent(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }

    /// 0 for red, 1 for blue.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `r` or `b`, as in JFEN's side field.
    pub const fn letter(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Blue => 'b',
        }
    }
}

/// The twelve kinds of piece, highest rank first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Kind {
    Marshal,
    General,
    Division,
    Brigade,
    Regiment,
    Battalion,
    Company,
    Platoon,
    Engineer,
    Bomb,
    Landmine,
    Flag,
}

impl Kind {
    /// All kinds, highest rank first.
    pub const ALL: [Kind; 12] = [
        Kind::Marshal,
        Kind::General,
        Kind::Division,
        Kind::Brigade,
        Kind::Regiment,
        Kind::Battalion,
        Kind::Company,
        Kind::Platoon,
        Kind::Engineer,
        Kind::Bomb,
        Kind::Landmine,
        Kind::Flag,
    ];

    /// 0..12, in the order of [`Kind::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How many of this kind each colour has at the start.
    pub const fn count(self) -> u8 {
        match self {
            Kind::Marshal | Kind::General | Kind::Flag => 1,
            Kind::Division | Kind::Brigade | Kind::Regiment | Kind::Battalion | Kind::Bomb => 2,
            Kind::Company | Kind::Platoon | Kind::Engineer | Kind::Landmine => 3,
        }
    }

    /// The rank order, 9 (marshal) to 1 (engineer); `None` for bomb, landmine and flag.
    pub const fn rank(self) -> Option<u8> {
        match self {
            Kind::Bomb | Kind::Landmine | Kind::Flag => None,
            other => Some(9 - other as u8),
        }
    }

    /// Whether a face-up piece of this kind may move (landmines and flags never do).
    pub const fn is_movable(self) -> bool {
        !matches!(self, Kind::Landmine | Kind::Flag)
    }

    /// The upper-case JFEN letter.
    pub const fn letter(self) -> char {
        match self {
            Kind::Marshal => 'M',
            Kind::General => 'G',
            Kind::Division => 'D',
            Kind::Brigade => 'B',
            Kind::Regiment => 'R',
            Kind::Battalion => 'T',
            Kind::Company => 'C',
            Kind::Platoon => 'P',
            Kind::Engineer => 'E',
            Kind::Bomb => 'Z',
            Kind::Landmine => 'L',
            Kind::Flag => 'F',
        }
    }

    /// The Chinese name, as printed on real pieces.
    pub const fn chinese(self) -> &'static str {
        match self {
            Kind::Marshal => "司令",
            Kind::General => "军长",
            Kind::Division => "师长",
            Kind::Brigade => "旅长",
            Kind::Regiment => "团长",
            Kind::Battalion => "营长",
            Kind::Company => "连长",
            Kind::Platoon => "排长",
            Kind::Engineer => "工兵",
            Kind::Bomb => "炸弹",
            Kind::Landmine => "地雷",
            Kind::Flag => "军旗",
        }
    }

    /// The kind named by an upper-case JFEN letter.
    pub fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.letter() == letter)
    }
}

/// A piece: a colour and a kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }

    /// 0..24: red kinds then blue kinds.
    pub const fn index(self) -> usize {
        self.color.index() * 12 + self.kind.index()
    }

    /// The piece with this index (0..24).
    pub const fn from_index(index: usize) -> Piece {
        Piece::new(
            if index < 12 { Color::Red } else { Color::Blue },
            Kind::ALL[index % 12],
        )
    }

    /// The JFEN letter: upper case for red, lower case for blue.
    pub const fn letter(self) -> char {
        let letter = self.kind.letter();
        match self.color {
            Color::Red => letter,
            Color::Blue => letter.to_ascii_lowercase(),
        }
    }

    /// The piece named by a JFEN letter.
    pub fn from_letter(letter: char) -> Option<Piece> {
        let color = if letter.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Blue
        };
        Kind::from_letter(letter.to_ascii_uppercase()).map(|kind| Piece::new(color, kind))
    }

    /// The full set of 50 pieces, in index order.
    pub fn full_set() -> impl Iterator<Item = Piece> {
        (0..24)
            .map(Piece::from_index)
            .flat_map(|piece| std::iter::repeat_n(piece, piece.kind.count() as usize))
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// What happens when `attacker` moves onto `defender`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Combat {
    /// The attacker wins and takes the point.
    AttackerWins,
    /// The defender stays; the attacker is removed.
    DefenderWins,
    /// Both are removed (equal ranks, or a bomb).
    BothRemoved,
    /// The flag is captured: the attacker takes the point and wins the game.
    FlagCaptured,
    /// The flag is captured by a bomb: both are removed and the bomb's side wins.
    FlagBombed,
}

impl Combat {
    /// The outcome of `attacker` (a movable kind) attacking `defender`.
    pub const fn resolve(attacker: Kind, defender: Kind) -> Combat {
        match (attacker, defender) {
            (Kind::Bomb, Kind::Flag) => Combat::FlagBombed,
            (_, Kind::Flag) => Combat::FlagCaptured,
            (Kind::Bomb, _) | (_, Kind::Bomb) => Combat::BothRemoved,
            (Kind::Engineer, Kind::Landmine) => Combat::AttackerWins,
            (_, Kind::Landmine) => Combat::DefenderWins,
            _ => {
                let (Some(a), Some(d)) = (attacker.rank(), defender.rank()) else {
                    return Combat::DefenderWins;
                };
                if a > d {
                    Combat::AttackerWins
                } else if a < d {
                    Combat::DefenderWins
                } else {
                    Combat::BothRemoved
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_set_has_fifty_pieces() {
        assert_eq!(Piece::full_set().count(), 50);
        assert_eq!(
            Piece::full_set().filter(|p| p.color == Color::Red).count(),
            25
        );
    }

    #[test]
    fn letters_round_trip() {
        for index in 0..24 {
            let piece = Piece::from_index(index);
            assert_eq!(piece.index(), index);
            assert_eq!(Piece::from_letter(piece.letter()), Some(piece));
        }
        assert_eq!(Piece::from_letter('x'), None);
        assert_eq!(Piece::from_letter('?'), None);
    }

    #[test]
    fn combat_table() {
        use Combat::*;
        use Kind::*;
        assert_eq!(Combat::resolve(Marshal, General), AttackerWins);
        assert_eq!(Combat::resolve(Engineer, Platoon), DefenderWins);
        assert_eq!(Combat::resolve(Company, Company), BothRemoved);
        assert_eq!(Combat::resolve(Marshal, Bomb), BothRemoved);
        assert_eq!(Combat::resolve(Bomb, Engineer), BothRemoved);
        assert_eq!(Combat::resolve(Bomb, Landmine), BothRemoved);
        assert_eq!(Combat::resolve(Engineer, Landmine), AttackerWins);
        assert_eq!(Combat::resolve(Marshal, Landmine), DefenderWins);
        assert_eq!(Combat::resolve(Engineer, Flag), FlagCaptured);
        assert_eq!(Combat::resolve(Bomb, Flag), FlagBombed);
    }
}
