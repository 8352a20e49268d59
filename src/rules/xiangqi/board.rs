//! The board's topology: 90 points, and tables of every piece's reach built at compile time,
//! so move generation only reads arrays.

use super::piece::Color;
use std::fmt;

/// Files (`a`–`i`, from Red's left) and ranks (`0`–`9`, from Red's side).
pub const FILES: usize = 9;
/// Ranks of the board.
pub const RANKS: usize = 10;
/// Points of the board.
pub const POINTS: usize = FILES * RANKS;

/// One of the 90 points: `rank * 9 + file`, with rank 0 Red's back rank and file 0 Red's
/// left (ICCS `a0`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The point at `file` (0–8) and `rank` (0–9); `None` off the board.
    pub const fn new(file: usize, rank: usize) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square((rank * FILES + file) as u8))
        } else {
            None
        }
    }

    /// The point with this index (0–89); `None` otherwise.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < POINTS {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The point an ICCS coordinate names, in either case (`e0`, `H2`); `None` otherwise.
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            &[file, rank] => {
                let file = file.to_ascii_lowercase();
                if (b'a'..=b'i').contains(&file) && rank.is_ascii_digit() {
                    Square::new((file - b'a') as usize, (rank - b'0') as usize)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// Every point, `a0` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..POINTS as u8).map(Square)
    }

    /// 0–89.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 (`a`) to 8 (`i`).
    pub const fn file(self) -> usize {
        self.0 as usize % FILES
    }

    /// 0 (Red's back rank) to 9 (Black's).
    pub const fn rank(self) -> usize {
        self.0 as usize / FILES
    }

    /// Whether the point is on `color`'s own side of the river.
    pub const fn on_own_side(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    /// Whether the point is inside `color`'s palace.
    pub const fn in_palace(self, color: Color) -> bool {
        let file = self.file();
        let rank = match color {
            Color::Red => self.rank(),
            Color::Black => RANKS - 1 - self.rank(),
        };
        file >= 3 && file <= 5 && rank <= 2
    }

    /// The point `files` to the right and `ranks` towards Black, if on the board.
    const fn offset(self, files: i32, ranks: i32) -> Option<Square> {
        let file = self.file() as i32 + files;
        let rank = self.rank() as i32 + ranks;
        if file < 0 || rank < 0 {
            None
        } else {
            Square::new(file as usize, rank as usize)
        }
    }
}

impl crate::rules::BoardPoint for Square {
    fn index(self) -> usize {
        Square::index(self)
    }

    fn from_index(index: usize) -> Option<Square> {
        Square::from_index(index)
    }
}

impl fmt::Display for Square {
    /// ICCS: `e0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file() as u8) as char, self.rank())
    }
}

/// Up to `N` points reachable from one point, in a fixed array.
#[derive(Clone, Copy)]
pub(super) struct Reach<const N: usize> {
    len: u8,
    to: [u8; N],
    /// The point that must be empty for each move (a horse's leg, an elephant's eye).
    via: [u8; N],
}

impl<const N: usize> Reach<N> {
    const EMPTY: Reach<N> = Reach {
        len: 0,
        to: [0; N],
        via: [0; N],
    };

    const fn push(mut self, to: Square, via: Square) -> Reach<N> {
        self.to[self.len as usize] = to.0;
        self.via[self.len as usize] = via.0;
        self.len += 1;
        self
    }

    /// The reachable points, each with the point that must be empty to reach it.
    #[inline]
    pub(super) fn iter(&self) -> impl Iterator<Item = (Square, Square)> + '_ {
        (0..self.len as usize).map(|i| (Square(self.to[i]), Square(self.via[i])))
    }
}

/// Directions along files and ranks: towards Black, towards Red, right, left.
pub(super) const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// A horse's eight moves as (files, ranks), each with its leg.
const HORSE_STEPS: [((i32, i32), (i32, i32)); 8] = [
    ((1, 2), (0, 1)),
    ((-1, 2), (0, 1)),
    ((1, -2), (0, -1)),
    ((-1, -2), (0, -1)),
    ((2, 1), (1, 0)),
    ((2, -1), (1, 0)),
    ((-2, 1), (-1, 0)),
    ((-2, -1), (-1, 0)),
];

/// The points along each orthogonal direction from a point, nearest first.
#[derive(Clone, Copy)]
pub(super) struct Ray {
    len: u8,
    points: [u8; 9],
}

impl Ray {
    #[inline]
    pub(super) fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.points[..self.len as usize].iter().map(|&p| Square(p))
    }
}

const fn build_rays() -> [[Ray; 4]; POINTS] {
    let mut rays = [[Ray {
        len: 0,
        points: [0; 9],
    }; 4]; POINTS];
    let mut index = 0;
    while index < POINTS {
        let mut dir = 0;
        while dir < 4 {
            let (df, dr) = ORTHOGONAL[dir];
            let mut at = Square(index as u8);
            while let Some(next) = at.offset(df, dr) {
                let ray = &mut rays[index][dir];
                ray.points[ray.len as usize] = next.0;
                ray.len += 1;
                at = next;
            }
            dir += 1;
        }
        index += 1;
    }
    rays
}

/// `[point][direction]`: the points along that direction, nearest first.
pub(super) static RAYS: [[Ray; 4]; POINTS] = build_rays();

const fn build_horse() -> [Reach<8>; POINTS] {
    let mut table = [Reach::EMPTY; POINTS];
    let mut index = 0;
    while index < POINTS {
        let from = Square(index as u8);
        let mut i = 0;
        while i < 8 {
            let ((df, dr), (lf, lr)) = HORSE_STEPS[i];
            if let (Some(to), Some(leg)) = (from.offset(df, dr), from.offset(lf, lr)) {
                table[index] = table[index].push(to, leg);
            }
            i += 1;
        }
        index += 1;
    }
    table
}

/// A horse's moves from each point, with the leg that blocks each.
pub(super) static HORSE: [Reach<8>; POINTS] = build_horse();

const fn build_horse_attackers() -> [Reach<8>; POINTS] {
    let mut table = [Reach::EMPTY; POINTS];
    let mut index = 0;
    while index < POINTS {
        let target = Square(index as u8);
        let mut i = 0;
        while i < 8 {
            // A horse at target - step reaches target through its own leg.
            let ((df, dr), (lf, lr)) = HORSE_STEPS[i];
            if let Some(horse) = target.offset(-df, -dr)
                && let Some(leg) = horse.offset(lf, lr)
            {
                table[index] = table[index].push(horse, leg);
            }
            i += 1;
        }
        index += 1;
    }
    table
}

/// The points from which a horse attacks each point, with the leg that blocks it.
pub(super) static HORSE_ATTACKERS: [Reach<8>; POINTS] = build_horse_attackers();

const fn build_elephant() -> [Reach<4>; POINTS] {
    let mut table = [Reach::EMPTY; POINTS];
    let mut index = 0;
    while index < POINTS {
        let from = Square(index as u8);
        let color = if from.rank() <= 4 {
            Color::Red
        } else {
            Color::Black
        };
        let mut i = 0;
        while i < 4 {
            let (df, dr) = DIAGONAL[i];
            if let (Some(to), Some(eye)) = (from.offset(2 * df, 2 * dr), from.offset(df, dr))
                && to.on_own_side(color)
            {
                table[index] = table[index].push(to, eye);
            }
            i += 1;
        }
        index += 1;
    }
    table
}

/// An elephant's moves from each point (staying on its side of the river), with the eye.
pub(super) static ELEPHANT: [Reach<4>; POINTS] = build_elephant();

const fn build_palace_steps(diagonal: bool) -> [Reach<4>; POINTS] {
    let mut table = [Reach::EMPTY; POINTS];
    let mut index = 0;
    while index < POINTS {
        let from = Square(index as u8);
        let color = if from.rank() <= 4 {
            Color::Red
        } else {
            Color::Black
        };
        if from.in_palace(color) {
            let steps = if diagonal { DIAGONAL } else { ORTHOGONAL };
            let mut i = 0;
            while i < 4 {
                let (df, dr) = steps[i];
                if let Some(to) = from.offset(df, dr)
                    && to.in_palace(color)
                {
                    table[index] = table[index].push(to, to);
                }
                i += 1;
            }
        }
        index += 1;
    }
    table
}

/// A general's steps inside its palace.
pub(super) static GENERAL: [Reach<4>; POINTS] = build_palace_steps(false);
/// An advisor's diagonal steps inside its palace.
pub(super) static ADVISOR: [Reach<4>; POINTS] = build_palace_steps(true);

const fn build_soldier(color: Color) -> [Reach<3>; POINTS] {
    let mut table = [Reach::EMPTY; POINTS];
    let forward = match color {
        Color::Red => 1,
        Color::Black => -1,
    };
    let mut index = 0;
    while index < POINTS {
        let from = Square(index as u8);
        if let Some(to) = from.offset(0, forward) {
            table[index] = table[index].push(to, to);
        }
        if !from.on_own_side(color) {
            if let Some(to) = from.offset(1, 0) {
                table[index] = table[index].push(to, to);
            }
            if let Some(to) = from.offset(-1, 0) {
                table[index] = table[index].push(to, to);
            }
        }
        index += 1;
    }
    table
}

/// A soldier's steps from each point, per colour: forward, and sideways once across.
pub(super) static SOLDIER: [[Reach<3>; POINTS]; 2] =
    [build_soldier(Color::Red), build_soldier(Color::Black)];

const fn build_soldier_attackers(color: Color) -> [Reach<3>; POINTS] {
    let steps = build_soldier(color);
    let mut table = [Reach::EMPTY; POINTS];
    let mut from = 0;
    while from < POINTS {
        let mut i = 0;
        while i < steps[from].len as usize {
            let to = steps[from].to[i] as usize;
            table[to] = table[to].push(Square(from as u8), Square(from as u8));
            i += 1;
        }
        from += 1;
    }
    table
}

/// The points from which a soldier of each colour reaches each point.
pub(super) static SOLDIER_ATTACKERS: [[Reach<3>; POINTS]; 2] = [
    build_soldier_attackers(Color::Red),
    build_soldier_attackers(Color::Black),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        let bytes = name.as_bytes();
        Square::new((bytes[0] - b'a') as usize, (bytes[1] - b'0') as usize).unwrap()
    }

    #[test]
    fn tables_match_the_pieces_reach() {
        assert_eq!(HORSE[sq("b0").index()].iter().count(), 3);
        assert_eq!(HORSE[sq("e4").index()].iter().count(), 8);
        // Elephants stay home: from c4 only back to a2/e2.
        let from_c4: Vec<String> = ELEPHANT[sq("c4").index()]
            .iter()
            .map(|(to, _)| to.to_string())
            .collect();
        assert_eq!(from_c4, ["e2", "a2"]);
        assert_eq!(GENERAL[sq("e1").index()].iter().count(), 4);
        assert_eq!(ADVISOR[sq("e1").index()].iter().count(), 4);
        assert_eq!(ADVISOR[sq("d0").index()].iter().count(), 1);
        assert_eq!(GENERAL[sq("e8").index()].iter().count(), 4);
        assert_eq!(SOLDIER[0][sq("a3").index()].iter().count(), 1);
        assert_eq!(SOLDIER[0][sq("e5").index()].iter().count(), 3);
        assert_eq!(SOLDIER[0][sq("e9").index()].iter().count(), 2);
        assert_eq!(SOLDIER[1][sq("e4").index()].iter().count(), 3);
        assert_eq!(RAYS[sq("a0").index()][0].iter().count(), 9);
        for target in Square::all() {
            for (horse, leg) in HORSE_ATTACKERS[target.index()].iter() {
                assert!(HORSE[horse.index()].iter().any(|m| m == (target, leg)));
            }
            for color in 0..2 {
                let mut found: Vec<Square> = SOLDIER_ATTACKERS[color][target.index()]
                    .iter()
                    .map(|(from, _)| from)
                    .collect();
                let mut expected: Vec<Square> = Square::all()
                    .filter(|from| {
                        SOLDIER[color][from.index()]
                            .iter()
                            .any(|(to, _)| to == target)
                    })
                    .collect();
                found.sort_by_key(|s| s.index());
                expected.sort_by_key(|s| s.index());
                assert_eq!(found, expected, "{target}");
            }
        }
    }
}
