//! The Junqi board: 60 points, their kinds and every connection, as precomputed tables.

use crate::rules::{BoardPoint, PointSet};
use std::fmt;
use std::sync::LazyLock;

/// Number of files (`a`–`e`).
pub const FILES: u8 = 5;
/// Number of ranks (`1`–`12`).
pub const RANKS: u8 = 12;
/// Number of points on the board.
pub const POINTS: usize = (FILES * RANKS) as usize;

/// A point of the board, `a1` (index 0) to `e12` (index 59), rank-major.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Point(u8);

impl Point {
    /// The point at `file` (0 = `a`) and `rank` (0 = rank 1), if on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Point> {
        if file < FILES && rank < RANKS {
            Some(Point(rank * FILES + file))
        } else {
            None
        }
    }

    /// The point with this index (0..60), if on the board.
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < POINTS {
            Some(Point(index as u8))
        } else {
            None
        }
    }

    /// The index 0..60 of this point.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) to 4 (`e`).
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// The rank, 0 (rank 1) to 11 (rank 12).
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// Every point, `a1` first.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS as u8).map(Point)
    }

    /// What kind of point this is.
    pub fn kind(self) -> PointKind {
        TOPOLOGY.kinds[self.index()]
    }

    /// Whether this point is a camp, where pieces cannot be attacked.
    pub fn is_camp(self) -> bool {
        self.kind() == PointKind::Camp
    }

    /// Whether this point is a headquarters.
    pub fn is_headquarters(self) -> bool {
        self.kind() == PointKind::Headquarters
    }

    /// Whether this point lies on the railway.
    pub fn is_rail(self) -> bool {
        TOPOLOGY.rail_points.contains(self)
    }

    /// The points joined to this one by a road (any connection, rail included).
    pub fn neighbours(self) -> &'static [Point] {
        &TOPOLOGY.neighbours[self.index()]
    }

    /// The points joined to this one by a rail segment.
    pub fn rail_neighbours(self) -> &'static [Point] {
        &TOPOLOGY.rail_neighbours[self.index()]
    }

    /// The next point along the rail line through this point in `direction`, if the line goes on.
    pub fn rail_step(self, direction: Direction) -> Option<Point> {
        TOPOLOGY.rail_step[self.index()][direction as usize]
    }

    /// Parses `a1` … `e12`.
    pub fn parse(text: &str) -> Option<Point> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !('a'..='e').contains(&file) {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        Point::new(file as u8 - b'a', rank.checked_sub(1)?)
    }
}

impl BoardPoint for Point {
    fn index(self) -> usize {
        Point::index(self)
    }

    fn from_index(index: usize) -> Option<Point> {
        Point::from_index(index)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// The kinds of point.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PointKind {
    /// An ordinary post.
    Post,
    /// A camp (行营): its piece cannot be attacked; empty at the start.
    Camp,
    /// A headquarters (大本营).
    Headquarters,
}

/// The four straight directions a rail slide can take.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    North,
    South,
    East,
    West,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];

    const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::South => (0, -1),
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
        }
    }
}

/// The camps: `b3 d3 c4 b5 d5` and `b8 d8 c9 b10 d10`.
const CAMPS: [(u8, u8); 10] = [
    (1, 2),
    (3, 2),
    (2, 3),
    (1, 4),
    (3, 4),
    (1, 7),
    (3, 7),
    (2, 8),
    (1, 9),
    (3, 9),
];

/// The headquarters: `b1 d1 b12 d12`.
const HEADQUARTERS: [(u8, u8); 4] = [(1, 0), (3, 0), (1, 11), (3, 11)];

/// Ranks (0-based) that are rail lines from `a` to `e`: 2, 6, 7 and 11.
const RAIL_RANKS: [u8; 4] = [1, 5, 6, 10];

/// Precomputed board topology.
struct Topology {
    kinds: [PointKind; POINTS],
    neighbours: Vec<Vec<Point>>,
    rail_neighbours: Vec<Vec<Point>>,
    rail_step: [[Option<Point>; 4]; POINTS],
    rail_points: PointSet<Point>,
}

static TOPOLOGY: LazyLock<Topology> = LazyLock::new(Topology::build);

fn point(file: u8, rank: u8) -> Point {
    Point::new(file, rank).expect("topology tables name only points on the board")
}

/// Whether two orthogonally adjacent points lie in the same half, or on a front crossing.
fn orthogonal_link(a: Point, b: Point) -> bool {
    let same_half = (a.rank() < 6) == (b.rank() < 6);
    same_half || (a.file() == b.file() && matches!(a.file(), 0 | 2 | 4))
}

/// Whether the orthogonal segment between adjacent `a` and `b` is railway.
fn rail_link(a: Point, b: Point) -> bool {
    if a.rank() == b.rank() {
        RAIL_RANKS.contains(&a.rank())
    } else {
        let (low, high) = (a.rank().min(b.rank()), a.rank().max(b.rank()));
        match a.file() {
            0 | 4 => low >= 1 && high <= 10,
            2 => low == 5 && high == 6,
            _ => false,
        }
    }
}

impl Topology {
    fn build() -> Topology {
        let mut kinds = [PointKind::Post; POINTS];
        for &(f, r) in &CAMPS {
            kinds[point(f, r).index()] = PointKind::Camp;
        }
        for &(f, r) in &HEADQUARTERS {
            kinds[point(f, r).index()] = PointKind::Headquarters;
        }
        let mut neighbours = vec![Vec::new(); POINTS];
        let mut rail_neighbours = vec![Vec::new(); POINTS];
        let mut rail_step = [[None; 4]; POINTS];
        let mut rail_points = PointSet::EMPTY;
        for a in Point::all() {
            for direction in Direction::ALL {
                let (df, dr) = direction.delta();
                let Some(b) = Point::new(
                    a.file().wrapping_add_signed(df),
                    a.rank().wrapping_add_signed(dr),
                ) else {
                    continue;
                };
                if !orthogonal_link(a, b) {
                    continue;
                }
                neighbours[a.index()].push(b);
                if rail_link(a, b) {
                    rail_neighbours[a.index()].push(b);
                    rail_step[a.index()][direction as usize] = Some(b);
                    rail_points.insert(a);
                }
            }
            for (df, dr) in [(-1i8, -1i8), (1, -1), (-1, 1), (1, 1)] {
                let Some(b) = Point::new(
                    a.file().wrapping_add_signed(df),
                    a.rank().wrapping_add_signed(dr),
                ) else {
                    continue;
                };
                let same_half = (a.rank() < 6) == (b.rank() < 6);
                let camp_end =
                    kinds[a.index()] == PointKind::Camp || kinds[b.index()] == PointKind::Camp;
                if same_half && camp_end {
                    neighbours[a.index()].push(b);
                }
            }
        }
        Topology {
            kinds,
            neighbours,
            rail_neighbours,
            rail_step,
            rail_points,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Point {
        Point::parse(text).unwrap()
    }

    #[test]
    fn connection_counts_match_the_contract() {
        let connections: usize = Point::all().map(|a| a.neighbours().len()).sum::<usize>() / 2;
        assert_eq!(connections, 133);
        let diagonals: usize = Point::all()
            .map(|a| {
                a.neighbours()
                    .iter()
                    .filter(|b| b.file() != a.file() && b.rank() != a.rank())
                    .count()
            })
            .sum::<usize>()
            / 2;
        assert_eq!(diagonals, 32);
        let rail_segments: usize = Point::all()
            .map(|a| a.rail_neighbours().len())
            .sum::<usize>()
            / 2;
        assert_eq!(rail_segments, 35);
        assert_eq!(Point::all().filter(|a| a.is_rail()).count(), 32);
    }

    #[test]
    fn point_kinds() {
        let camps: Vec<String> = Point::all()
            .filter(|a| a.is_camp())
            .map(|a| a.to_string())
            .collect();
        assert_eq!(
            camps,
            ["b3", "d3", "c4", "b5", "d5", "b8", "d8", "c9", "b10", "d10"]
        );
        let hqs: Vec<String> = Point::all()
            .filter(|a| a.is_headquarters())
            .map(|a| a.to_string())
            .collect();
        assert_eq!(hqs, ["b1", "d1", "b12", "d12"]);
    }

    #[test]
    fn front_is_crossed_only_on_files_a_c_e() {
        assert!(p("a6").neighbours().contains(&p("a7")));
        assert!(p("c6").neighbours().contains(&p("c7")));
        assert!(p("e6").neighbours().contains(&p("e7")));
        assert!(!p("b6").neighbours().contains(&p("b7")));
        assert!(!p("d6").neighbours().contains(&p("d7")));
        assert!(p("c6").rail_neighbours().contains(&p("c7")));
    }

    #[test]
    fn camp_diagonals() {
        let mut around_b3: Vec<String> =
            p("b3").neighbours().iter().map(|a| a.to_string()).collect();
        around_b3.sort();
        assert_eq!(around_b3, ["a2", "a3", "a4", "b2", "b4", "c2", "c3", "c4"]);
        // a2–b1 is not a diagonal: neither end is a camp.
        assert!(!p("a2").neighbours().contains(&p("b1")));
        // A camp's diagonals reach the front (b5–a6, both on rank 6 or below) but none crosses
        // it: the only roads between rank 6 and rank 7 run straight along files a, c and e.
        assert!(p("b5").neighbours().contains(&p("a6")));
        let front = p("a6").rank();
        let crossings: Vec<String> = Point::all()
            .flat_map(|a| a.neighbours().iter().map(move |&b| (a, b)))
            .filter(|(a, b)| a.rank() <= front && b.rank() > front)
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        assert_eq!(crossings, ["a6-a7", "c6-c7", "e6-e7"]);
    }

    #[test]
    fn parse_and_display_round_trip() {
        for a in Point::all() {
            assert_eq!(Point::parse(&a.to_string()), Some(a));
        }
        for bad in ["", "a", "f1", "a0", "a13", "a01", "A1", "a1x", "a+1"] {
            assert_eq!(Point::parse(bad), None, "{bad}");
        }
    }
}
