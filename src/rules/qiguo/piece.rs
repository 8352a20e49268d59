//! The seven states and their pieces.

use super::board::{Direction, Point};
use std::fmt;

/// One of the seven states, in turn order (counter-clockwise round the board, Qin first).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum State {
    /// 秦, white, west edge.
    Qin,
    /// 楚, red, south edge, west half.
    Chu,
    /// 韓, orange, south edge, east half.
    Han,
    /// 齊, blue, east edge, south half.
    Qi,
    /// 魏, green, east edge, north half.
    Wei,
    /// 趙, purple, north edge, east half.
    Zhao,
    /// 燕, black, north edge, west half.
    Yan,
}

impl State {
    /// Every state, in turn order.
    pub const ALL: [State; 7] = [
        State::Qin,
        State::Chu,
        State::Han,
        State::Qi,
        State::Wei,
        State::Zhao,
        State::Yan,
    ];

    /// 0 (Qin) to 6 (Yan): the position in turn order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The state at `index` in turn order; `None` past 6.
    pub const fn from_index(index: usize) -> Option<State> {
        if index < 7 {
            Some(State::ALL[index])
        } else {
            None
        }
    }

    /// The state moving after this one when all are live.
    pub const fn next(self) -> State {
        State::ALL[(self.index() + 1) % 7]
    }

    /// The QFEN letter: `w r o b g p k`.
    pub const fn letter(self) -> char {
        match self {
            State::Qin => 'w',
            State::Chu => 'r',
            State::Han => 'o',
            State::Qi => 'b',
            State::Wei => 'g',
            State::Zhao => 'p',
            State::Yan => 'k',
        }
    }

    /// The state of a QFEN letter.
    pub fn from_letter(letter: char) -> Option<State> {
        State::ALL
            .into_iter()
            .find(|state| state.letter() == letter)
    }

    /// The English name: `Qin`.
    pub const fn name(self) -> &'static str {
        match self {
            State::Qin => "Qin",
            State::Chu => "Chu",
            State::Han => "Han",
            State::Qi => "Qi",
            State::Wei => "Wei",
            State::Zhao => "Zhao",
            State::Yan => "Yan",
        }
    }

    /// The Chinese name: `秦`.
    pub const fn chinese(self) -> &'static str {
        match self {
            State::Qin => "秦",
            State::Chu => "楚",
            State::Han => "韓",
            State::Qi => "齊",
            State::Wei => "魏",
            State::Zhao => "趙",
            State::Yan => "燕",
        }
    }

    /// The army's colour, by name: `white`.
    pub const fn colour(self) -> &'static str {
        match self {
            State::Qin => "white",
            State::Chu => "red",
            State::Han => "orange",
            State::Qi => "blue",
            State::Wei => "green",
            State::Zhao => "purple",
            State::Yan => "black",
        }
    }

    /// Where the state's Ruler starts.
    pub const fn ruler_start(self) -> Point {
        let (file, rank) = match self {
            State::Qin => (0, 9),
            State::Chu => (5, 0),
            State::Han => (13, 0),
            State::Qi => (18, 5),
            State::Wei => (18, 13),
            State::Zhao => (13, 18),
            State::Yan => (5, 18),
        };
        match Point::new(file, rank) {
            Some(point) => point,
            None => panic!("every start point is on the board"),
        }
    }

    /// The direction the army faces: towards the centre.
    pub const fn facing(self) -> Direction {
        match self {
            State::Qin => Direction::East,
            State::Chu | State::Han => Direction::North,
            State::Qi | State::Wei => Direction::West,
            State::Zhao | State::Yan => Direction::South,
        }
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The ten kinds of piece.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Kind {
    /// 將: any distance, eight directions. Its capture eliminates its state.
    Ruler,
    /// 偏: any distance, orthogonally.
    General,
    /// 裨: any distance, diagonally.
    Officer,
    /// 行人: any distance, eight directions; never captures and is never captured.
    Diplomat,
    /// 砲: any distance orthogonally; captures only over one screen.
    Catapult,
    /// 弓: one to four points, eight directions.
    Archer,
    /// 弩: one to five points, eight directions.
    Crossbowman,
    /// 刀: one point diagonally.
    Swordsman,
    /// 劍: one point orthogonally.
    HeavySwordsman,
    /// 騎: one point orthogonally, then exactly three diagonally outward.
    Cavalry,
}

impl Kind {
    /// Every kind, in the order of the contract's table.
    pub const ALL: [Kind; 10] = [
        Kind::Ruler,
        Kind::General,
        Kind::Officer,
        Kind::Diplomat,
        Kind::Catapult,
        Kind::Archer,
        Kind::Crossbowman,
        Kind::Swordsman,
        Kind::HeavySwordsman,
        Kind::Cavalry,
    ];

    /// The QFEN letter: `R G O D C A X S H N`.
    pub const fn letter(self) -> char {
        match self {
            Kind::Ruler => 'R',
            Kind::General => 'G',
            Kind::Officer => 'O',
            Kind::Diplomat => 'D',
            Kind::Catapult => 'C',
            Kind::Archer => 'A',
            Kind::Crossbowman => 'X',
            Kind::Swordsman => 'S',
            Kind::HeavySwordsman => 'H',
            Kind::Cavalry => 'N',
        }
    }

    /// The kind of a QFEN letter.
    pub fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.letter() == letter)
    }

    /// The character on the piece: `將`.
    pub const fn chinese(self) -> &'static str {
        match self {
            Kind::Ruler => "將",
            Kind::General => "偏",
            Kind::Officer => "裨",
            Kind::Diplomat => "行人",
            Kind::Catapult => "砲",
            Kind::Archer => "弓",
            Kind::Crossbowman => "弩",
            Kind::Swordsman => "刀",
            Kind::HeavySwordsman => "劍",
            Kind::Cavalry => "騎",
        }
    }

    /// How many of this kind a state starts with.
    pub const fn per_state(self) -> u8 {
        match self {
            Kind::Swordsman => 2,
            Kind::HeavySwordsman | Kind::Cavalry => 4,
            _ => 1,
        }
    }
}

/// A piece of one state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub state: State,
    pub kind: Kind,
}

impl Piece {
    /// `kind` of `state`.
    pub const fn new(state: State, kind: Kind) -> Piece {
        Piece { state, kind }
    }
}

impl fmt::Display for Piece {
    /// The QFEN token: `wR`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.state.letter(), self.kind.letter())
    }
}

/// A state's start: each kind with its (depth along the facing, side along the left) from
/// the Ruler's point.
pub(super) const START_OFFSETS: [(Kind, i32, i32); 17] = [
    (Kind::Cavalry, 0, 3),
    (Kind::HeavySwordsman, 0, 2),
    (Kind::General, 0, 1),
    (Kind::Ruler, 0, 0),
    (Kind::Officer, 0, -1),
    (Kind::HeavySwordsman, 0, -2),
    (Kind::Cavalry, 0, -3),
    (Kind::Cavalry, 1, 2),
    (Kind::HeavySwordsman, 1, 1),
    (Kind::Catapult, 1, 0),
    (Kind::HeavySwordsman, 1, -1),
    (Kind::Cavalry, 1, -2),
    (Kind::Swordsman, 2, 1),
    (Kind::Crossbowman, 2, 0),
    (Kind::Swordsman, 2, -1),
    (Kind::Archer, 3, 0),
    (Kind::Diplomat, 4, 0),
];
