//! The static evaluation: a weighted sum of terms — material, where each piece stands (a
//! hand-made placement table and a fitted correction for each kind on each point), how far
//! chariots, horses and cannons reach, and the safety of the general — once for the opening
//! and once for the ending, blended by how many chariots, horses and cannons are left. The
//! weights and corrections (`fitted.rs`) are fitted to a reference engine's scores of
//! self-play positions (`scripts/fit_xiangqi_eval.py`). The search adds them up from one
//! table a piece, weights and corrections folded in. Scores are centipawns for the side to
//! move.

use super::fitted::{CORRECTION, WEIGHTS};
use crate::rules::xiangqi::{Color, Kind, POINTS, Piece, Position, Square};

/// The score of a won game, less the plies it takes.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses found by the search, not evaluations.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// The base value of a piece of `kind` on the rules texts' scale (a soldier at home 1,
/// elephant and advisor 2, horse 4, cannon 4.5, chariot 9), for ordering captures; the
/// evaluation weighs material by its fitted weights.
pub const fn value(kind: Kind) -> i32 {
    match kind {
        Kind::General => 0,
        Kind::Advisor => 200,
        Kind::Elephant => 200,
        Kind::Horse => 400,
        Kind::Chariot => 900,
        Kind::Cannon => 450,
        Kind::Soldier => 100,
    }
}

/// How far forward a point is for `color` (0: its back rank, 9: the enemy's), and how far
/// from the centre file (0–4).
const fn coordinates(color: Color, square: Square) -> (i32, i32) {
    let ahead = match color {
        Color::Red => square.rank() as i32,
        Color::Black => 9 - square.rank() as i32,
    };
    let off_centre = (square.file() as i32 - 4).abs();
    (ahead, off_centre)
}

/// What a piece of `kind` is worth on a point, beyond its value, for a side whose pieces are
/// counted from its own back rank.
const fn placement(kind: Kind, ahead: i32, off_centre: i32) -> i32 {
    match kind {
        Kind::Soldier => {
            if ahead <= 4 {
                // At home: the centre soldier and those that open a horse's way are worth a
                // little more once they have stepped forward.
                if ahead == 4 { 10 - 2 * off_centre } else { 0 }
            } else if ahead == 9 {
                // On the last rank a soldier can only go sideways.
                40
            } else {
                // Across the river: worth two, more the nearer the palace.
                let near_palace = if off_centre <= 1 { 30 } else { 10 };
                let advance = if ahead - 5 < 3 { ahead - 5 } else { 3 };
                100 + near_palace + 12 * advance - 4 * off_centre
            }
        }
        Kind::Horse => {
            let forward = [0, 10, 20, 25, 30, 40, 45, 40, 30, 10][ahead as usize];
            let edge = [20, 18, 12, 6, -12][off_centre as usize];
            forward + edge - 20
        }
        Kind::Cannon => {
            // Central cannons and cannons on the home ranks that control the river do well.
            let file = [25, 8, 4, 0, 4][off_centre as usize];
            let rank = [6, 4, 10, 4, 6, 4, 4, 0, -6, -4][ahead as usize];
            file + rank
        }
        Kind::Chariot => {
            let rank = [-10, 6, 4, 6, 14, 12, 16, 22, 14, 4][ahead as usize];
            let file = [6, 8, 4, 12, 0][off_centre as usize];
            rank + file
        }
        Kind::Advisor | Kind::Elephant => {
            if off_centre == 0 {
                10
            } else {
                0
            }
        }
        Kind::General => {
            // Better at home than up in the palace.
            -12 * ahead - 4 * off_centre
        }
    }
}

/// `[colour][kind][point]`: placement alone.
static PLACEMENT: [[[i32; POINTS]; 7]; 2] = build_placement();

const fn build_placement() -> [[[i32; POINTS]; 7]; 2] {
    let mut table = [[[0; POINTS]; 7]; 2];
    let colors = [Color::Red, Color::Black];
    let kinds = Kind::ALL;
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 7 {
            let mut index = 0;
            while index < POINTS {
                if let Some(square) = Square::from_index(index) {
                    let (ahead, off_centre) = coordinates(colors[c], square);
                    table[c][k][index] = placement(kinds[k], ahead, off_centre);
                }
                index += 1;
            }
            k += 1;
        }
        c += 1;
    }
    table
}

/// How many terms the evaluation adds up.
pub const FEATURES: usize = 18;

/// The term a piece of `kind` counts in (`None`: the general, always there), on a point
/// across the river or not.
const fn material_term(kind: Kind, across: bool) -> Option<usize> {
    match kind {
        Kind::General => None,
        Kind::Advisor => Some(1),
        Kind::Elephant => Some(2),
        Kind::Horse => Some(3),
        Kind::Chariot => Some(4),
        Kind::Cannon => Some(5),
        Kind::Soldier => Some(if across { 7 } else { 6 }),
    }
}

/// The term a piece of `kind` adds its placement to.
const fn placement_term(kind: Kind) -> usize {
    match kind {
        Kind::General => 8,
        Kind::Advisor | Kind::Elephant => 9,
        Kind::Horse => 10,
        Kind::Chariot => 11,
        Kind::Cannon => 12,
        Kind::Soldier => 13,
    }
}

/// The term a piece of `kind` adds its reach to, and what is taken off the reach first (a
/// horse's first three points are its due).
const fn reach_term(kind: Kind) -> Option<(usize, i32)> {
    match kind {
        Kind::Chariot => Some((14, 0)),
        Kind::Horse => Some((15, 3)),
        Kind::Cannon => Some((16, 0)),
        _ => None,
    }
}

/// The term of the danger to the general.
const DANGER_TERM: usize = 17;

/// How much a piece of `kind` on a point (across the river or not) threatens the enemy
/// general, how much it guards its own, and how much it counts towards the phase.
const fn weight_in_attack(kind: Kind, across: bool) -> (i32, i32, i32) {
    match kind {
        Kind::General => (0, 0, 0),
        Kind::Advisor | Kind::Elephant => (0, 1, 0),
        Kind::Horse => (2, 0, 1),
        Kind::Chariot => (3, 0, 2),
        Kind::Cannon => (2, 0, 1),
        Kind::Soldier => (if across { 1 } else { 0 }, 0, 0),
    }
}

/// The general's danger for each side: guards missing (of four) times the enemy's
/// attackers.
fn danger(attackers: [i32; 2], defenders: [i32; 2]) -> [i32; 2] {
    [0, 1].map(|side| (4 - defenders[side].min(4)) * attackers[1 - side])
}

/// The evaluation's terms, each Red's less Black's: the side to move (+1 Red, -1 Black);
/// advisors, elephants, horses, chariots, cannons, soldiers at home and soldiers across the
/// river; the placement table's sum for generals, advisors and elephants, horses, chariots,
/// cannons and soldiers; the points chariots, horses (beyond three) and cannons reach; and
/// the danger to the general (missing guards times the enemy's attackers).
pub fn features(position: &Position) -> [i32; FEATURES] {
    let mut f = [[0i32; FEATURES]; 2];
    let mut attackers = [0i32; 2];
    let mut defenders = [0i32; 2];
    for (square, piece) in position.pieces() {
        let (side, kind) = (piece.color().index(), piece.kind());
        let across = !square.on_own_side(piece.color());
        let t = &mut f[side];
        if let Some(term) = material_term(kind, across) {
            t[term] += 1;
        }
        t[placement_term(kind)] += PLACEMENT[side][kind as usize][square.index()];
        if let Some((term, due)) = reach_term(kind) {
            t[term] += position.reach(square) as i32 - due;
        }
        let (attack, guard, _) = weight_in_attack(kind, across);
        attackers[side] += attack;
        defenders[side] += guard;
    }
    let danger = danger(attackers, defenders);
    let mut out = [0i32; FEATURES];
    for (index, term) in out.iter_mut().enumerate() {
        *term = f[0][index] - f[1][index];
    }
    out[0] = match position.side_to_move() {
        Color::Red => 1,
        Color::Black => -1,
    };
    out[DANGER_TERM] = danger[0] - danger[1];
    out
}

/// The phase of the start position: 0 is an ending without chariots, horses or cannons (two
/// for each chariot on the board, one for each horse and cannon).
const FULL_PHASE: i32 = 16;

/// What a piece on a point adds to the evaluation: the weights, the placement table and the
/// corrections folded piece by piece.
#[derive(Clone, Copy)]
struct Folded {
    /// What it adds to Red's score in the opening and in the ending (Black's counted
    /// against), in hundredths of a centipawn: its weighted material and placement, its
    /// fitted correction, and what its reach's due takes off.
    score: [i32; 2],
    /// How much it threatens the enemy general, guards its own, and counts to the phase.
    roles: [i8; 3],
    /// Whether its reach counts ([`PER_REACH`]).
    reaches: bool,
}

/// `[piece code][point]`: [`Folded`], the weighted sum of [`features`] and the corrections
/// piece by piece, so that [`evaluate`] adds one entry a piece (and its reach).
static FOLDED: [[Folded; POINTS]; 16] = build_folded();

/// `[piece code]`: what each point a piece reaches adds, as [`Folded::score`] counts.
static PER_REACH: [[i32; 2]; 16] = {
    let mut table = [[0; 2]; 16];
    let mut k = 0;
    while k < 7 {
        if let Some((term, _)) = reach_term(Kind::ALL[k]) {
            let red = Piece::new(Color::Red, Kind::ALL[k]).code();
            let black = Piece::new(Color::Black, Kind::ALL[k]).code();
            table[red] = [WEIGHTS[0][term], WEIGHTS[1][term]];
            table[black] = [-WEIGHTS[0][term], -WEIGHTS[1][term]];
        }
        k += 1;
    }
    table
};

const fn build_folded() -> [[Folded; POINTS]; 16] {
    let none = Folded {
        score: [0; 2],
        roles: [0; 3],
        reaches: false,
    };
    let mut table = [[none; POINTS]; 16];
    let colors = [Color::Red, Color::Black];
    let mut c = 0;
    while c < 2 {
        let sign = if c == 0 { 1 } else { -1 };
        let mut k = 0;
        while k < 7 {
            let kind = Kind::ALL[k];
            let code = Piece::new(colors[c], kind).code();
            let mut index = 0;
            while index < POINTS {
                if let Some(square) = Square::from_index(index) {
                    let (ahead, off_centre) = coordinates(colors[c], square);
                    let cell = (ahead * 5 + off_centre) as usize;
                    let across = !square.on_own_side(colors[c]);
                    let folded = &mut table[code][index];
                    let mut stage = 0;
                    while stage < 2 {
                        let weights = &WEIGHTS[stage];
                        let mut score = weights[placement_term(kind)] * PLACEMENT[c][k][index]
                            + 100 * CORRECTION[stage][k][cell];
                        if let Some(term) = material_term(kind, across) {
                            score += weights[term];
                        }
                        if let Some((term, due)) = reach_term(kind) {
                            score -= weights[term] * due;
                        }
                        folded.score[stage] = sign * score;
                        stage += 1;
                    }
                    let (attack, guard, phase) = weight_in_attack(kind, across);
                    folded.roles = [attack as i8, guard as i8, phase as i8];
                    folded.reaches = reach_term(kind).is_some();
                }
                index += 1;
            }
            k += 1;
        }
        c += 1;
    }
    table
}

/// The position's score for the side to move: [`features`] weighted and the fitted
/// corrections added, for the opening and for the ending, blended by the phase.
pub fn evaluate(position: &Position) -> i32 {
    // Hundredths of a centipawn for Red, in the opening and in the ending.
    let mut score = [0i32; 2];
    let mut attackers = [0i32; 2];
    let mut defenders = [0i32; 2];
    let mut phase = 0;
    for (square, piece) in position.pieces() {
        let code = piece.code();
        let folded = &FOLDED[code][square.index()];
        score[0] += folded.score[0];
        score[1] += folded.score[1];
        if folded.reaches {
            let reach = position.reach(square) as i32;
            let [per_opening, per_ending] = PER_REACH[code];
            score[0] += per_opening * reach;
            score[1] += per_ending * reach;
        }
        let [attack, guard, weight] = folded.roles;
        let side = piece.color().index();
        attackers[side] += i32::from(attack);
        defenders[side] += i32::from(guard);
        phase += i32::from(weight);
    }
    let danger = danger(attackers, defenders);
    let tempo = match position.side_to_move() {
        Color::Red => 1,
        Color::Black => -1,
    };
    for (stage, sum) in score.iter_mut().enumerate() {
        *sum += WEIGHTS[stage][0] * tempo + WEIGHTS[stage][DANGER_TERM] * (danger[0] - danger[1]);
    }
    let phase = phase.min(FULL_PHASE);
    let red = (score[0] * phase + score[1] * (FULL_PHASE - phase)) / (100 * FULL_PHASE);
    match position.side_to_move() {
        Color::Red => red,
        Color::Black => -red,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worth of `kind` for `color` on `square` by the base scale and placement table.
    fn worth(color: Color, kind: Kind, square: Square) -> i32 {
        value(kind) + PLACEMENT[color.index()][kind as usize][square.index()]
    }

    #[test]
    fn the_start_is_balanced_and_material_counts() {
        let start = Position::start();
        assert_eq!(evaluate(&start), WEIGHTS[0][0] / 100, "only the tempo");
        // Black without a chariot: Red is well ahead, whoever moves.
        let fen = "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let red_up = Position::from_fen(fen).expect("valid");
        assert!(evaluate(&red_up) > 700, "{}", evaluate(&red_up));
        let black_to_move = Position::from_fen(&fen.replace(" w ", " b ")).expect("valid");
        assert!(evaluate(&black_to_move) < -700);
    }

    #[test]
    fn colours_and_sides_mirrored_score_the_same() {
        // A middle game with pieces off their start points, then the same with the colours
        // swapped (ranks turned over) and with the files turned over.
        let fen = "2bak4/4a4/2n1b1n2/p1p1C1p1p/4r4/2P6/P3P1P1P/2N1B1c2/4A4/R2AK1B2 w - - 0 1";
        let swap_colours = |fen: &str| {
            let (board, rest) = fen.split_once(' ').expect("a FEN");
            let rows: Vec<String> = board
                .split('/')
                .rev()
                .map(|row| {
                    row.chars()
                        .map(|c| {
                            if c.is_ascii_uppercase() {
                                c.to_ascii_lowercase()
                            } else {
                                c.to_ascii_uppercase()
                            }
                        })
                        .collect()
                })
                .collect();
            let side = if rest.starts_with('w') { "b" } else { "w" };
            format!("{} {side}{}", rows.join("/"), &rest[1..])
        };
        let turn_files = |fen: &str| {
            let (board, rest) = fen.split_once(' ').expect("a FEN");
            let rows: Vec<String> = board
                .split('/')
                .map(|row| row.chars().rev().collect())
                .collect();
            format!("{} {rest}", rows.join("/"))
        };
        let score = |fen: &str| evaluate(&Position::from_fen(fen).expect("valid"));
        let original = score(fen);
        assert_ne!(
            original,
            WEIGHTS[0][0] / 100,
            "the position is not balanced"
        );
        assert_eq!(score(&swap_colours(fen)), original);
        assert_eq!(score(&turn_files(fen)), original);
    }

    /// The evaluation as the fit defines it: the weighted terms plus the corrections, for the
    /// opening and the ending, blended by the phase.
    fn evaluate_from_terms(position: &Position) -> i32 {
        let terms = features(position);
        let mut corrected = [0i32; 2];
        let mut phase = 0;
        for (square, piece) in position.pieces() {
            let sign = if piece.color() == Color::Red { 1 } else { -1 };
            let (ahead, off_centre) = coordinates(piece.color(), square);
            for (sum, table) in corrected.iter_mut().zip(&CORRECTION) {
                *sum += sign * table[piece.kind() as usize][(ahead * 5 + off_centre) as usize];
            }
            phase += weight_in_attack(piece.kind(), false).2;
        }
        let [opening, ending] = [0, 1].map(|stage| {
            let weighted: i32 = terms.iter().zip(&WEIGHTS[stage]).map(|(f, w)| f * w).sum();
            weighted + 100 * corrected[stage]
        });
        let phase = phase.min(FULL_PHASE);
        let red = (opening * phase + ending * (FULL_PHASE - phase)) / (100 * FULL_PHASE);
        if position.side_to_move() == Color::Red {
            red
        } else {
            -red
        }
    }

    #[test]
    fn the_folded_tables_score_as_the_weighted_terms() {
        use rand::{RngExt, SeedableRng, rngs::Xoshiro256PlusPlus};
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut checked = 0;
        for _ in 0..40 {
            let mut position = Position::start();
            for _ in 0..160 {
                assert_eq!(evaluate(&position), evaluate_from_terms(&position));
                checked += 1;
                let mut moves = crate::rules::xiangqi::MoveList::new();
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(checked > 2_000, "{checked} positions");
    }

    #[test]
    fn a_soldier_across_the_river_is_worth_about_two() {
        let home = worth(Color::Red, Kind::Soldier, Square::new(4, 3).unwrap());
        let across = worth(Color::Red, Kind::Soldier, Square::new(4, 5).unwrap());
        assert!((180..=260).contains(&(across)), "{across}");
        assert!(home < 120);
        // The same point from Black's side is mirrored.
        let black = worth(Color::Black, Kind::Soldier, Square::new(4, 4).unwrap());
        assert_eq!(black, across);
    }
}
