//! Static evaluation of a public position, from the side to move's point of view.

use crate::rules::PointSet;
use crate::rules::junqi::{Cell, Color, Kind, Piece, PlayerView, Point};

/// Score of a won game (minus the plies it takes, so faster wins score higher).
pub const WIN: i32 = 1_000;

/// What each kind is worth, in hundredths of a marshal.
pub const fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Marshal => 100,
        Kind::General => 78,
        Kind::Division => 58,
        Kind::Brigade => 42,
        Kind::Regiment => 32,
        Kind::Battalion => 25,
        Kind::Company => 19,
        Kind::Platoon => 14,
        Kind::Engineer => 22,
        Kind::Bomb => 50,
        Kind::Landmine => 22,
        Kind::Flag => 0,
    }
}

/// Face-down pieces count for less: they cannot act until turned, and may be turned by the enemy
/// next to one of its pieces.
const FACE_DOWN_PERCENT: i32 = 80;

/// What a flag under attack costs the side to move.
const FLAG_THREAT: i32 = WIN * 6 / 10;

/// How much a face-up flag that is certain to fall costs its owner (tuned in the arena:
/// `docs/ai-tuning.md`).
const FLAG_DANGER_COST: f64 = 0.8 * WIN as f64;

/// The static score of `view` for `side`. With `flag_sense`, a face-up flag costs its owner
/// its chance of falling ([`flag_danger`]); without, only its immediate surroundings count,
/// as a beginner sees it.
pub fn evaluate(view: &PlayerView, side: Color, flag_sense: bool) -> i32 {
    let survey = Survey::new(view, flag_sense);
    let score = survey.score;
    let mut raw = score[side.index()] - score[side.opponent().index()];
    // Both colours' reach, worked out once, serves the danger model and the threat below.
    let board =
        (flag_sense && !survey.flags.is_empty()).then(|| FlagSurroundings::new(view, &survey));
    for &(at, owner) in &survey.flags {
        if let Some(board) = &board {
            let cost = (FLAG_DANGER_COST * flag_danger(view, board, at, owner)) as i32;
            raw += if owner == side { -cost } else { cost };
        }
        // A flag the enemy can take next move is nearly lost: only capturing the attacker
        // (which the quiescence search tries) saves it.
        let attacked = match &board {
            Some(board) => board.attacks(at, owner),
            None => view.is_attacked(at),
        };
        if owner == side && attacked {
            raw -= FLAG_THREAT;
        }
    }
    // As the draw counter runs out an advantage is worth less: a dead draw is no win.
    let limit = view.rules().quiet_ply_limit.max(1) as i32;
    let quiet = view.quiet_plies() as i32;
    raw * (2 * limit - quiet) / (2 * limit)
}

/// One pass over the pool and the board: what [`evaluate`] and [`FlagSurroundings`] count.
struct Survey {
    /// Each colour's material, face-down pieces at a discount, face-up ones with their
    /// placement.
    score: [i32; 2],
    /// The face-up flags and their owners.
    flags: arrayvec::ArrayVec<(Point, Color), 2>,
    /// How many movable pieces each colour has face up, and face down.
    movable_up: [u32; 2],
    movable_face_down: [u32; 2],
}

impl Survey {
    fn new(view: &PlayerView, flag_sense: bool) -> Survey {
        let mut survey = Survey {
            score: [0; 2],
            flags: arrayvec::ArrayVec::new(),
            movable_up: [0; 2],
            movable_face_down: [0; 2],
        };
        for kind in Kind::ALL {
            for color in Color::ALL {
                let count = view.pool_count(Piece::new(color, kind));
                survey.score[color.index()] +=
                    i32::from(count) * value(kind) * FACE_DOWN_PERCENT / 100;
                if kind.is_movable() {
                    survey.movable_face_down[color.index()] += u32::from(count);
                }
            }
        }
        for point in Point::all() {
            if let Cell::Up(piece) = view.cell(point) {
                survey.score[piece.color.index()] +=
                    value(piece.kind) + placement(view, point, piece, flag_sense);
                if piece.kind.is_movable() {
                    survey.movable_up[piece.color.index()] += 1;
                }
                if piece.kind == Kind::Flag {
                    survey.flags.push((point, piece.color));
                }
            }
        }
        survey
    }
}

/// What [`flag_danger`] needs of the whole board, computed once per position.
struct FlagSurroundings {
    /// Where each colour's face-up pieces could move if it were their turn.
    reach: [PointSet<Point>; 2],
    /// The share of face-down pieces that are movable pieces of each colour: the chance that
    /// a flip shows a piece of that colour that can attack.
    movable_share: [f64; 2],
    /// How many movable pieces each colour has face up.
    movable_up: [f64; 2],
}

impl FlagSurroundings {
    fn new(view: &PlayerView, survey: &Survey) -> FlagSurroundings {
        let face_down = view.face_down_count().max(1) as f64;
        FlagSurroundings {
            reach: Color::ALL.map(|color| view.reach(color)),
            movable_share: survey
                .movable_face_down
                .map(|count| f64::from(count) / face_down),
            movable_up: survey.movable_up.map(f64::from),
        }
    }

    /// Whether the enemy of `owner` could take `owner`'s flag on `at` if it moved now.
    fn attacks(&self, at: Point, owner: Color) -> bool {
        self.reach[owner.opponent().index()].contains(at)
    }
}

/// The names of [`flag_features`], in order (the header of `kawu-cli junqi flag-data`).
pub const FLAG_FEATURES: [&str; 14] = [
    "bias",
    "attacker_share",
    "movable_up_own",
    "movable_up_enemy",
    "on_rail",
    "owner_to_move",
    "attacked",
    "own_neighbours",
    "hidden_neighbours",
    "hidden_neighbours_x_attacker_share",
    "hidden_neighbours_beside_enemy",
    "empty_neighbours_enemy_reaches",
    "empty_neighbours_own_reaches",
    "empty_neighbours_unreached",
];

/// The weights of [`FLAG_FEATURES`] in the logit of the chance that the flag falls, fitted by
/// `scripts/fit_flag_model.py` on `kawu-cli junqi flag-data --level medium --games 2000
/// --seed 31` (the fit's figures: `docs/ai-tuning.md`). Most telling: the enemy can take it
/// now, empty neighbours the enemy can reach, face-down neighbours while many enemy pieces
/// that move are still face down.
const FLAG_WEIGHTS: [f64; 14] = [
    -1.273, 1.245, -0.084, 0.058, 0.267, -0.202, 3.884, 0.111, -0.222, 2.230, 0.321, 1.746, 0.401,
    0.300,
];

/// What the surroundings of `owner`'s face-up flag on `at` look like, as [`FLAG_FEATURES`].
fn flag_features(
    view: &PlayerView,
    board: &FlagSurroundings,
    at: Point,
    owner: Color,
) -> [f64; 14] {
    let enemy = owner.opponent();
    let enemy_reach = board.reach[enemy.index()];
    let own_reach = board.reach[owner.index()];
    let attacker_share = board.movable_share[enemy.index()];
    let indicator = |condition: bool| if condition { 1.0 } else { 0.0 };
    let mut features = [
        1.0,
        attacker_share,
        board.movable_up[owner.index()],
        board.movable_up[enemy.index()],
        indicator(at.is_rail()),
        indicator(view.side_to_move() == Some(owner)),
        indicator(board.attacks(at, owner)),
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
    ];
    // Each neighbour adds to one of the counts at the end (indices as in FLAG_FEATURES).
    for &next in at.neighbours() {
        let counter = match view.cell(next) {
            Cell::Up(piece) if piece.color == owner => 7,
            Cell::Up(_) => continue,
            Cell::Hidden => {
                let enemy_beside = next.neighbours().iter().any(|&beside| {
                    matches!(view.cell(beside),
                        Cell::Up(piece) if piece.color == enemy && piece.kind.is_movable())
                });
                features[9] += attacker_share;
                features[10] += indicator(enemy_beside);
                8
            }
            Cell::Empty if enemy_reach.contains(next) => 11,
            Cell::Empty if own_reach.contains(next) => 12,
            Cell::Empty => 13,
        };
        features[counter] += 1.0;
    }
    features
}

/// The chance that `owner`'s face-up flag on `at` is lost, from its surroundings.
fn flag_danger(view: &PlayerView, board: &FlagSurroundings, at: Point, owner: Color) -> f64 {
    let features = flag_features(view, board, at, owner);
    let logit: f64 = features.iter().zip(FLAG_WEIGHTS).map(|(x, w)| x * w).sum();
    1.0 / (1.0 + (-logit).exp())
}

/// One line of flag-race data for every face-up flag in `view`: the owner's colour and
/// [`FLAG_FEATURES`]. The model's training data (`kawu-cli junqi flag-data`).
pub fn flag_race_rows(view: &PlayerView) -> Vec<(Color, [f64; 14])> {
    let survey = Survey::new(view, true);
    if survey.flags.is_empty() {
        return Vec::new();
    }
    let board = FlagSurroundings::new(view, &survey);
    survey
        .flags
        .iter()
        .map(|&(at, owner)| (owner, flag_features(view, &board, at, owner)))
        .collect()
}

/// Positional terms for a face-up piece (with `flag_sense`, a flag's surroundings are judged by
/// [`flag_danger`] instead).
fn placement(view: &PlayerView, point: Point, piece: Piece, flag_sense: bool) -> i32 {
    match piece.kind {
        Kind::Flag if flag_sense => 0,
        // An exposed flag is a target: reward guards (own pieces or mines around it), punish
        // open approaches.
        Kind::Flag => point
            .neighbours()
            .iter()
            .map(|&n| match view.cell(n) {
                Cell::Up(p) if p.color == piece.color => 8,
                Cell::Hidden => -6,
                Cell::Empty => -20,
                Cell::Up(_) => -45,
            })
            .sum(),
        // Camps are safe; rails give reach.
        _ if point.is_camp() => 3,
        _ if point.is_rail() && piece.kind.is_movable() => 2,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::junqi::Position;

    /// The danger to red's face-up flag on a1 in `jfen`.
    fn red_flag_danger(jfen: &str) -> f64 {
        let position = Position::from_jfen(jfen).expect("test JFEN");
        let view = position.view();
        flag_danger(
            view,
            &FlagSurroundings::new(view, &Survey::new(view, true)),
            Point::parse("a1").unwrap(),
            Color::Red,
        )
    }

    #[test]
    fn a_guarded_flag_is_safer_than_an_exposed_one_and_an_attacked_one_is_nearly_lost() {
        // Blue moves next in all three; blue's regiment stands on d4 with its flag on e12; of
        // the pieces face down, two in five are blue pieces that move (two in seven when the
        // guards are face down too).
        // Guarded: a red mine on b1 and a red general on a2.
        let guarded = red_flag_danger("?P?P?C1f/5/5/5/5/5/5/5/3r1/5/G?c3/FL?d2 b 0 40");
        // Exposed: both neighbours face down, each may turn into a blue attacker.
        let exposed = red_flag_danger("?P?P?C1f/5/5/5/5/5/5/5/3r1/5/?G?c3/F?L?d2 b 0 40");
        // Attacked: blue's regiment on a2 takes the flag next move.
        let attacked = red_flag_danger("?P?P?C1f/5/5/5/5/5/5/5/5/5/r?c3/F?L?d2 b 0 40");
        assert!(guarded < 0.4, "guarded {guarded}");
        assert!(
            exposed > guarded + 0.1,
            "guarded {guarded}, exposed {exposed}"
        );
        assert!(exposed < attacked, "exposed {exposed}, attacked {attacked}");
        assert!(attacked > 0.9, "attacked {attacked}");
    }

    #[test]
    fn flag_sense_prefers_a_guarded_flag_far_more_than_a_blind_look_does() {
        let red = |jfen: &str, flag_sense: bool| {
            let position = Position::from_jfen(jfen).expect("test JFEN");
            evaluate(position.view(), Color::Red, flag_sense)
        };
        let guarded = "?P?P?C1f/5/5/5/5/5/5/5/3r1/5/G?c3/FL?d2 r 0 40";
        let exposed = "?P?P?C1f/5/5/5/5/5/5/5/3r1/5/?G?c3/F?L?d2 r 0 40";
        let blind = red(guarded, false) - red(exposed, false);
        let sensing = red(guarded, true) - red(exposed, true);
        assert!(sensing > blind + 75, "sensing {sensing}, blind {blind}");
    }
}
