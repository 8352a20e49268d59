//! Sides and pieces.

use std::fmt;

/// A side. Red moves first. Records write it `"red"` or `"black"`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    Red,
    Black,
}

impl Color {
    /// The other side.
    pub const fn opponent(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// 0 for Red, 1 for Black.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `red` or `black`, as the status line prints it.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }
}

/// The seven kinds of piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Kind {
    General,
    Advisor,
    Elephant,
    Horse,
    Chariot,
    Cannon,
    Soldier,
}

impl Kind {
    /// Every kind, in FEN letter order `K A B N R C P`.
    pub const ALL: [Kind; 7] = [
        Kind::General,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Chariot,
        Kind::Cannon,
        Kind::Soldier,
    ];

    /// The FEN letter for Red (upper case).
    pub const fn letter(self) -> char {
        match self {
            Kind::General => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'B',
            Kind::Horse => 'N',
            Kind::Chariot => 'R',
            Kind::Cannon => 'C',
            Kind::Soldier => 'P',
        }
    }

    /// The kind of a FEN letter of either case (`E` and `H` are accepted for the elephant
    /// and the horse, as some programs write them).
    pub fn from_letter(letter: char) -> Option<Kind> {
        Some(match letter.to_ascii_uppercase() {
            'K' => Kind::General,
            'A' => Kind::Advisor,
            'B' | 'E' => Kind::Elephant,
            'N' | 'H' => Kind::Horse,
            'R' => Kind::Chariot,
            'C' => Kind::Cannon,
            'P' => Kind::Soldier,
            _ => return None,
        })
    }
}

/// A piece: a kind of one side, packed in one byte (never 0, which is an empty point).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    /// The piece of `kind` for `color`.
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece(1 + kind as u8 + 8 * color as u8)
    }

    /// Its side.
    pub const fn color(self) -> Color {
        if self.0 >= 8 {
            Color::Black
        } else {
            Color::Red
        }
    }

    /// Its kind.
    pub const fn kind(self) -> Kind {
        Kind::ALL[(self.0 as usize - 1) % 8]
    }

    /// 1–15, for tables indexed by piece (0 is never used).
    pub const fn code(self) -> usize {
        self.0 as usize
    }

    /// The piece with this code, if it is one.
    pub(super) const fn from_code(code: u8) -> Option<Piece> {
        if code < 16 && !code.is_multiple_of(8) {
            Some(Piece(code))
        } else {
            None
        }
    }

    /// Its FEN letter: upper case for Red.
    pub fn letter(self) -> char {
        match self.color() {
            Color::Red => self.kind().letter(),
            Color::Black => self.kind().letter().to_ascii_lowercase(),
        }
    }

    /// Its traditional character: 帥仕相傌俥炮兵 for Red, 將士象馬車砲卒 for Black.
    pub fn character(self) -> char {
        let (red, black) = match self.kind() {
            Kind::General => ('帥', '將'),
            Kind::Advisor => ('仕', '士'),
            Kind::Elephant => ('相', '象'),
            Kind::Horse => ('傌', '馬'),
            Kind::Chariot => ('俥', '車'),
            Kind::Cannon => ('炮', '砲'),
            Kind::Soldier => ('兵', '卒'),
        };
        match self.color() {
            Color::Red => red,
            Color::Black => black,
        }
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
