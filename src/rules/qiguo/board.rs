//! The board's topology: the 361 points of a 19×19 Go board, kept inside a 21×21 mailbox so
//! that one step from any point in any of the eight directions lands on a cell of the array,
//! either a point or the border that stops every walk.

use std::fmt;
use std::str::FromStr;

/// Files (`a`–`s`, west to east) of the board.
pub const FILES: usize = 19;
/// Ranks (`1`–`19`, south to north) of the board.
pub const RANKS: usize = 19;
/// Points of the board.
pub const POINTS: usize = FILES * RANKS;

/// Width of the mailbox: the board with a border of one cell on each side.
pub(super) const MAILBOX_WIDTH: usize = FILES + 2;
/// Cells of the mailbox.
pub(super) const CELLS: usize = MAILBOX_WIDTH * (RANKS + 2);

/// One of the 361 points (`a1` the south-west corner, `s19` the north-east one).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point {
    /// The point's cell in the mailbox.
    cell: u16,
}

impl Point {
    /// The centre, `j10`, where the Zhou emperor stands.
    pub const CENTRE: Point = Point::at(9, 9);

    /// The point at `file` (0 = `a`) and `rank` (0 = rank 1); `None` off the board.
    pub const fn new(file: usize, rank: usize) -> Option<Point> {
        if file < FILES && rank < RANKS {
            Some(Point::at(file, rank))
        } else {
            None
        }
    }

    const fn at(file: usize, rank: usize) -> Point {
        Point {
            cell: ((rank + 1) * MAILBOX_WIDTH + file + 1) as u16,
        }
    }

    /// The point with this index (`rank * 19 + file`, 0–360); `None` otherwise.
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < POINTS {
            Some(Point::at(index % FILES, index / FILES))
        } else {
            None
        }
    }

    /// Every point, `a1` first, then along rank 1 to `s1`, and so on up to `s19`.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS).map(|index| Point::at(index % FILES, index / FILES))
    }

    /// `rank * 19 + file`: 0 (`a1`) to 360 (`s19`).
    pub const fn index(self) -> usize {
        self.rank() * FILES + self.file()
    }

    /// 0 (`a`) to 18 (`s`).
    pub const fn file(self) -> usize {
        self.cell as usize % MAILBOX_WIDTH - 1
    }

    /// 0 (rank 1) to 18 (rank 19).
    pub const fn rank(self) -> usize {
        self.cell as usize / MAILBOX_WIDTH - 1
    }

    /// The point's cell in the mailbox.
    pub(super) const fn cell(self) -> usize {
        self.cell as usize
    }

    /// The point of a mailbox cell that is on the board.
    pub(super) const fn from_cell(cell: usize) -> Point {
        Point { cell: cell as u16 }
    }

    /// The point `files` east and `ranks` north, if on the board.
    pub const fn offset(self, files: i32, ranks: i32) -> Option<Point> {
        let file = self.file() as i32 + files;
        let rank = self.rank() as i32 + ranks;
        if file < 0 || rank < 0 {
            None
        } else {
            Point::new(file as usize, rank as usize)
        }
    }
}

impl fmt::Display for Point {
    /// File letter and rank number: `j10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            self.rank() + 1
        )
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// Text that is not a point.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("'{0}' is not a point (a file letter a-s and a rank 1-19, like j10)")]
pub struct PointParseError(pub String);

impl Point {
    /// Reads a point from the start of `text`: its file letter and rank digits (no leading
    /// zero); the point and the rest of the text.
    pub(super) fn parse_prefix(text: &str) -> Option<(Point, &str)> {
        let bytes = text.as_bytes();
        let file = bytes.first().filter(|b| (b'a'..=b's').contains(b))? - b'a';
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        let rank_text = &text[1..1 + digits];
        if rank_text.is_empty() || rank_text.starts_with('0') || digits > 2 {
            return None;
        }
        let rank: usize = rank_text.parse().ok()?;
        let point = Point::new(usize::from(file), rank.checked_sub(1)?)?;
        Some((point, &text[1 + digits..]))
    }
}

impl FromStr for Point {
    type Err = PointParseError;

    fn from_str(text: &str) -> Result<Point, PointParseError> {
        match Point::parse_prefix(text) {
            Some((point, "")) => Ok(point),
            _ => Err(PointParseError(text.chars().take(16).collect())),
        }
    }
}

/// The eight directions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Direction {
    North,
    South,
    East,
    West,
    NorthEast,
    NorthWest,
    SouthEast,
    SouthWest,
}

impl Direction {
    /// North, south, east, west.
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];
    /// The four diagonals.
    pub const DIAGONAL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];
    /// All eight.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    /// One step as (files east, ranks north).
    pub const fn step(self) -> (i32, i32) {
        match self {
            Direction::North => (0, 1),
            Direction::South => (0, -1),
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
        }
    }

    /// One step as a change of mailbox cell.
    pub(super) const fn cell_step(self) -> isize {
        let (files, ranks) = self.step();
        (ranks * MAILBOX_WIDTH as i32 + files) as isize
    }

    /// The direction turned 90° counter-clockwise (a state's left of its facing).
    pub const fn left(self) -> Direction {
        match self {
            Direction::North => Direction::West,
            Direction::West => Direction::South,
            Direction::South => Direction::East,
            Direction::East => Direction::North,
            Direction::NorthEast => Direction::NorthWest,
            Direction::NorthWest => Direction::SouthWest,
            Direction::SouthWest => Direction::SouthEast,
            Direction::SouthEast => Direction::NorthEast,
        }
    }
}

/// A cavalry move's shape: one orthogonal step, then three diagonal steps continuing it.
#[derive(Clone, Copy)]
pub(super) struct CavalryPath {
    pub(super) first: isize,
    pub(super) then: isize,
}

const fn cavalry_paths() -> [CavalryPath; 8] {
    let pairs = [
        (Direction::North, Direction::NorthEast),
        (Direction::North, Direction::NorthWest),
        (Direction::South, Direction::SouthEast),
        (Direction::South, Direction::SouthWest),
        (Direction::East, Direction::NorthEast),
        (Direction::East, Direction::SouthEast),
        (Direction::West, Direction::NorthWest),
        (Direction::West, Direction::SouthWest),
    ];
    let mut paths = [CavalryPath { first: 0, then: 0 }; 8];
    let mut i = 0;
    while i < 8 {
        paths[i] = CavalryPath {
            first: pairs[i].0.cell_step(),
            then: pairs[i].1.cell_step(),
        };
        i += 1;
    }
    paths
}

/// The eight cavalry moves, each with its one path.
pub(super) const CAVALRY_PATHS: [CavalryPath; 8] = cavalry_paths();
