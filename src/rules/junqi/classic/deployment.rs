//! A side's secret deployment: its 25 pieces on the 25 non-camp points of its half, the rules
//! a deployment must keep, its one-line text, and ways to make one.

use crate::rules::junqi::{Color, FILES, Kind, POINTS, Piece, Point};
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use std::fmt;

/// Ranks of one half.
const HALF_RANKS: u8 = 6;

/// Why a text or an arrangement is not a legal deployment, named as a player reads it. The
/// variants are in the order the rules are checked: the first broken one is reported.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum DeploymentError {
    #[error("a deployment needs 6 ranks separated by '/', found {0}")]
    RankCount(usize),
    #[error("rank {rank} of the deployment: unexpected character '{found}'")]
    BadCharacter { rank: u8, found: char },
    #[error(
        "rank {rank} of the deployment: '{found}' is not a {side} piece (letters are in the side's case)"
    )]
    WrongCase {
        rank: u8,
        found: char,
        side: &'static str,
    },
    #[error("rank {rank} of the deployment describes {points} points, expected 5")]
    RankLength { rank: u8, points: usize },
    #[error("the camp {0} must be written '1' (camps start empty)")]
    PieceInCamp(Point),
    #[error("{0} is empty: every point of the half but the camps holds a piece")]
    EmptyPost(Point),
    #[error("the deployment has {found} '{letter}', a side has {allowed}")]
    Count {
        letter: char,
        found: u8,
        allowed: u8,
    },
    #[error("the flag must stand on a headquarters ({}), found on {found}", headquarters(*.side))]
    Flag { side: Color, found: Point },
    #[error("a landmine must stand on your last two ranks ({}), found on {found}", back_ranks(*.side))]
    Landmine { side: Color, found: Point },
    #[error("a bomb must not stand on your front rank ({}), found on {found}", front_rank(*.side))]
    Bomb { side: Color, found: Point },
}

fn headquarters(side: Color) -> String {
    let [a, b] = Deployment::headquarters(side);
    format!("{a} or {b}")
}

fn back_ranks(side: Color) -> &'static str {
    match side {
        Color::Red => "ranks 1-2",
        Color::Blue => "ranks 11-12",
    }
}

fn front_rank(side: Color) -> &'static str {
    match side {
        Color::Red => "rank 6",
        Color::Blue => "rank 7",
    }
}

/// A side's pieces on its half, by point: a legal one (every constructor checks the rules).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Deployment {
    side: Color,
    kinds: [Option<Kind>; POINTS],
}

/// A style of deployment the computer and the deployment screen offer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DeploymentStyle {
    /// Uniformly at random among legal deployments.
    Random,
    /// Mines and bombs guard the flag, strong pieces spread over the front and the rails.
    Balanced,
    /// A thick guard around the flag; the strongest pieces kept back.
    Defensive,
    /// The strongest pieces and the bombs forward; a thin guard.
    Aggressive,
}

impl DeploymentStyle {
    /// Every style, in menu order.
    pub const ALL: [DeploymentStyle; 4] = [
        DeploymentStyle::Random,
        DeploymentStyle::Balanced,
        DeploymentStyle::Defensive,
        DeploymentStyle::Aggressive,
    ];

    /// The style's name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            DeploymentStyle::Random => "random",
            DeploymentStyle::Balanced => "balanced",
            DeploymentStyle::Defensive => "defensive",
            DeploymentStyle::Aggressive => "aggressive",
        }
    }
}

impl std::str::FromStr for DeploymentStyle {
    type Err = String;

    fn from_str(text: &str) -> Result<DeploymentStyle, String> {
        DeploymentStyle::ALL
            .into_iter()
            .find(|style| style.name() == text)
            .ok_or_else(|| {
                format!(
                    "unknown deployment style '{text}' (random, balanced, defensive, aggressive)"
                )
            })
    }
}

impl Deployment {
    /// The two headquarters of `side`'s half.
    pub fn headquarters(side: Color) -> [Point; 2] {
        let rank = Deployment::back_rank(side);
        [point(1, rank), point(3, rank)]
    }

    /// The 25 points a deployment fills, from the front rank back (as seen by `side`), files
    /// a to e.
    pub fn points(side: Color) -> impl Iterator<Item = Point> {
        (0..HALF_RANKS)
            .flat_map(move |depth| (0..FILES).map(move |file| point(file, rank_at(side, depth))))
            .filter(|p| !p.is_camp())
    }

    /// Whether `at` lies in `side`'s half.
    pub fn in_half(side: Color, at: Point) -> bool {
        match side {
            Color::Red => at.rank() < HALF_RANKS,
            Color::Blue => at.rank() >= HALF_RANKS,
        }
    }

    /// Whether `at` is on one of `side`'s two back ranks, where landmines stand.
    pub fn is_back_rank(side: Color, at: Point) -> bool {
        depth_of(side, at) >= HALF_RANKS - 2
    }

    /// Whether `at` is on `side`'s front rank, where no bomb stands.
    pub fn is_front_rank(side: Color, at: Point) -> bool {
        depth_of(side, at) == 0
    }

    fn back_rank(side: Color) -> u8 {
        rank_at(side, HALF_RANKS - 1)
    }

    /// `side`'s deployment as it stands in a start position, if its half is a legal one.
    pub fn of_position(position: &super::ClassicPosition, side: Color) -> Option<Deployment> {
        let mut kinds = [None; POINTS];
        for at in Point::all().filter(|&at| Deployment::in_half(side, at)) {
            kinds[at.index()] = position
                .piece_at(at)
                .filter(|piece| piece.color == side)
                .map(|piece| piece.kind);
        }
        Deployment::from_kinds(side, kinds).ok()
    }

    /// The side whose pieces these are.
    pub fn side(&self) -> Color {
        self.side
    }

    /// The kind on `at`, if this deployment puts one there.
    pub fn kind_at(&self, at: Point) -> Option<Kind> {
        self.kinds[at.index()]
    }

    /// Every piece with its point, from the front rank back.
    pub fn pieces(&self) -> impl Iterator<Item = (Point, Piece)> + '_ {
        Deployment::points(self.side)
            .filter_map(|at| self.kinds[at.index()].map(|kind| (at, Piece::new(self.side, kind))))
    }

    /// Checks an arrangement of `side`'s pieces on its half against the rules, in order:
    /// pieces on the half's posts only, the counts, the flag, the landmines, the bombs.
    pub fn from_kinds(
        side: Color,
        kinds: [Option<Kind>; POINTS],
    ) -> Result<Deployment, DeploymentError> {
        for at in Point::all() {
            let filled = kinds[at.index()].is_some();
            if !Deployment::in_half(side, at) {
                if filled {
                    return Err(DeploymentError::PieceInCamp(at));
                }
            } else if at.is_camp() && filled {
                return Err(DeploymentError::PieceInCamp(at));
            } else if !at.is_camp() && !filled {
                return Err(DeploymentError::EmptyPost(at));
            }
        }
        for kind in Kind::ALL {
            let found = kinds.iter().filter(|&&k| k == Some(kind)).count() as u8;
            if found != kind.count() {
                return Err(DeploymentError::Count {
                    letter: Piece::new(side, kind).letter(),
                    found,
                    allowed: kind.count(),
                });
            }
        }
        let deployment = Deployment { side, kinds };
        for kind in [Kind::Flag, Kind::Landmine, Kind::Bomb] {
            if let Some(error) = deployment
                .pieces()
                .filter(|&(_, piece)| piece.kind == kind)
                .find_map(|(at, _)| Deployment::misplaced(side, kind, at))
            {
                return Err(error);
            }
        }
        Ok(deployment)
    }

    /// The rule a `side` piece of `kind` breaks on post `at` of its half, if it breaks one:
    /// the flag stands on a headquarters, landmines on the last two ranks, bombs off the front
    /// rank.
    pub fn misplaced(side: Color, kind: Kind, at: Point) -> Option<DeploymentError> {
        let found = at;
        match kind {
            Kind::Flag if !at.is_headquarters() => Some(DeploymentError::Flag { side, found }),
            Kind::Landmine if !Deployment::is_back_rank(side, at) => {
                Some(DeploymentError::Landmine { side, found })
            }
            Kind::Bomb if Deployment::is_front_rank(side, at) => {
                Some(DeploymentError::Bomb { side, found })
            }
            _ => None,
        }
    }

    /// Parses a deployment's text: the six ranks of the half from the front (Red: 6 to 1;
    /// Blue: 12 to 7 — top to bottom as seen from the south) separated by `/`, letters in the
    /// side's case, each camp a `1`.
    pub fn parse(text: &str, side: Color) -> Result<Deployment, DeploymentError> {
        let ranks: Vec<&str> = text.trim().split('/').collect();
        if ranks.len() != HALF_RANKS as usize {
            return Err(DeploymentError::RankCount(ranks.len()));
        }
        let mut kinds = [None; POINTS];
        for (row, text) in ranks.iter().enumerate() {
            // Top to bottom as seen from the south.
            let rank = match side {
                Color::Red => HALF_RANKS - 1 - row as u8,
                Color::Blue => 2 * HALF_RANKS - 1 - row as u8,
            };
            let mut file = 0usize;
            for c in text.chars() {
                let (kind, width) = match c {
                    '1'..='5' => (None, c as usize - '0' as usize),
                    _ => match Piece::from_letter(c) {
                        Some(piece) if piece.color == side => (Some(piece.kind), 1),
                        Some(_) => {
                            return Err(DeploymentError::WrongCase {
                                rank: rank + 1,
                                found: c,
                                side: color_name(side),
                            });
                        }
                        None => {
                            return Err(DeploymentError::BadCharacter {
                                rank: rank + 1,
                                found: c,
                            });
                        }
                    },
                };
                if file + width > FILES as usize {
                    return Err(DeploymentError::RankLength {
                        rank: rank + 1,
                        points: file + width,
                    });
                }
                if let Some(kind) = kind {
                    kinds[point(file as u8, rank).index()] = Some(kind);
                }
                file += width;
            }
            if file != FILES as usize {
                return Err(DeploymentError::RankLength {
                    rank: rank + 1,
                    points: file,
                });
            }
        }
        Deployment::from_kinds(side, kinds)
    }

    /// A deployment drawn in `style`; the same `rng` state gives the same one.
    pub fn generate<R: Rng + ?Sized>(
        side: Color,
        style: DeploymentStyle,
        rng: &mut R,
    ) -> Deployment {
        match style {
            DeploymentStyle::Random => Deployment::uniform(side, rng),
            style => Deployment::styled(side, style, rng),
        }
    }

    /// Uniform among legal deployments: the flag on one of 2 headquarters, the mines on 3 of the
    /// 9 back-rank posts left, the bombs on 2 of the 16 posts left off the front rank, the rest
    /// shuffled. Each stage has the same number of choices whatever came before, so every legal
    /// deployment is equally likely.
    fn uniform<R: Rng + ?Sized>(side: Color, rng: &mut R) -> Deployment {
        let mut kinds = [None; POINTS];
        let mut free: Vec<Point> = Deployment::points(side).collect();
        let mut place = |kind: Kind,
                         count: u8,
                         allowed: &dyn Fn(Point) -> bool,
                         free: &mut Vec<Point>,
                         rng: &mut R| {
            for _ in 0..count {
                let choices: Vec<usize> = (0..free.len()).filter(|&i| allowed(free[i])).collect();
                let chosen = choices[rng.random_range(0..choices.len())];
                kinds[free.swap_remove(chosen).index()] = Some(kind);
            }
        };
        place(Kind::Flag, 1, &|at| at.is_headquarters(), &mut free, rng);
        place(
            Kind::Landmine,
            3,
            &|at| Deployment::is_back_rank(side, at),
            &mut free,
            rng,
        );
        place(
            Kind::Bomb,
            2,
            &|at| !Deployment::is_front_rank(side, at),
            &mut free,
            rng,
        );
        let mut rest: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|k| !matches!(k, Kind::Flag | Kind::Landmine | Kind::Bomb))
            .flat_map(|k| std::iter::repeat_n(k, k.count() as usize))
            .collect();
        rest.shuffle(rng);
        free.sort();
        for (at, kind) in free.into_iter().zip(rest) {
            kinds[at.index()] = Some(kind);
        }
        Deployment::from_kinds(side, kinds).expect("each stage keeps the rules")
    }

    /// A deployment by a style's taste: each kind in turn (flag, mines, bombs, then from the
    /// strongest down) takes the free post it likes best, with some randomness so two games
    /// differ.
    fn styled<R: Rng + ?Sized>(side: Color, style: DeploymentStyle, rng: &mut R) -> Deployment {
        let mut kinds = [None; POINTS];
        let flag = Deployment::headquarters(side)[rng.random_range(0..2)];
        kinds[flag.index()] = Some(Kind::Flag);
        let order = [
            Kind::Landmine,
            Kind::Bomb,
            Kind::Marshal,
            Kind::General,
            Kind::Division,
            Kind::Brigade,
            Kind::Engineer,
            Kind::Regiment,
            Kind::Battalion,
            Kind::Company,
            Kind::Platoon,
        ];
        for kind in order {
            for _ in 0..kind.count() {
                let best = Deployment::points(side)
                    .filter(|at| kinds[at.index()].is_none())
                    .filter(|&at| match kind {
                        Kind::Landmine => Deployment::is_back_rank(side, at),
                        Kind::Bomb => !Deployment::is_front_rank(side, at),
                        _ => true,
                    })
                    .map(|at| {
                        (
                            taste(style, side, kind, at, flag) + rng.random_range(0..40),
                            at,
                        )
                    })
                    .max_by_key(|&(score, at)| (score, std::cmp::Reverse(at)))
                    .map(|(_, at)| at)
                    .expect("a free post is left for every piece");
                kinds[best.index()] = Some(kind);
            }
        }
        Deployment::from_kinds(side, kinds).expect("each kind took a post its rules allow")
    }

    /// The same army for the other side, as its player sees it: the board turned half round,
    /// so the front stays the front and the left the player's left (a layout saved by a Red
    /// player serves them as Blue).
    pub fn turned(&self) -> Deployment {
        let mut kinds = [None; POINTS];
        for (at, piece) in self.pieces() {
            let turned = point(FILES - 1 - at.file(), 2 * HALF_RANKS - 1 - at.rank());
            kinds[turned.index()] = Some(piece.kind);
        }
        Deployment::from_kinds(self.side.opponent(), kinds)
            .expect("turning the board keeps every rule of a deployment")
    }

    /// The side's half as text (see [`Deployment::parse`]).
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for row in 0..HALF_RANKS {
            if row > 0 {
                text.push('/');
            }
            let rank = match self.side {
                Color::Red => HALF_RANKS - 1 - row,
                Color::Blue => 2 * HALF_RANKS - 1 - row,
            };
            let mut empty = 0;
            for file in 0..FILES {
                match self.kinds[point(file, rank).index()] {
                    Some(kind) => {
                        if empty > 0 {
                            text.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        text.push(Piece::new(self.side, kind).letter());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push(char::from(b'0' + empty));
            }
        }
        text
    }
}

impl fmt::Display for Deployment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// How much `style` likes `kind` on `at` (higher is better), given where the flag stands.
fn taste(style: DeploymentStyle, side: Color, kind: Kind, at: Point, flag: Point) -> i32 {
    let depth = i32::from(depth_of(side, at)); // 0 front .. 5 back
    let near_flag = 6
        - (i32::from(at.file()) - i32::from(flag.file())).abs()
        - (i32::from(at.rank()) - i32::from(flag.rank())).abs();
    let rail = if at.is_rail() { 1 } else { 0 };
    let guard = match style {
        DeploymentStyle::Defensive => 3,
        DeploymentStyle::Aggressive => 1,
        _ => 2,
    };
    let forward = match style {
        DeploymentStyle::Aggressive => 3,
        DeploymentStyle::Defensive => 0,
        _ => 1,
    };
    match kind {
        Kind::Landmine => near_flag * 10 * guard,
        Kind::Bomb => near_flag * 6 * guard + (5 - depth) * 8 * forward,
        Kind::Marshal | Kind::General | Kind::Division => {
            (5 - depth) * 10 * forward + rail * 30 + (3 - depth).abs() * -5 * (3 - forward)
        }
        Kind::Engineer => rail * 40 + (2 - (depth - 2).abs()) * 10,
        Kind::Company | Kind::Platoon => (5 - depth) * 12,
        _ => near_flag * 4 * guard + rail * 10,
    }
}

fn color_name(side: Color) -> &'static str {
    match side {
        Color::Red => "Red",
        Color::Blue => "Blue",
    }
}

/// The rank (0-based) `depth` ranks behind `side`'s front rank.
fn rank_at(side: Color, depth: u8) -> u8 {
    match side {
        Color::Red => HALF_RANKS - 1 - depth,
        Color::Blue => HALF_RANKS + depth,
    }
}

/// How many ranks behind `side`'s front rank `at` lies (0 = the front rank).
fn depth_of(side: Color, at: Point) -> u8 {
    match side {
        Color::Red => (HALF_RANKS - 1).saturating_sub(at.rank()),
        Color::Blue => at.rank().saturating_sub(HALF_RANKS),
    }
}

fn point(file: u8, rank: u8) -> Point {
    Point::new(file, rank).expect("file and rank are on the board")
}
