//! The static evaluation: a weighted sum of terms — material, where each piece stands (a
//! hand-made placement table and a fitted correction for each kind on each point), how far
//! chariots, horses and cannons reach, and the safety of the general — once for the opening
//! and once for the ending, blended by how many chariots, horses and cannons are left. The
//! weights and corrections (`fitted.rs`) are fitted to a reference engine's scores of
//! self-play positions (`scripts/fit_xiangqi_eval.py`). Scores are centipawns for the side to
//! move.

use super::fitted::{CORRECTION, WEIGHTS};
use crate::rules::xiangqi::{Color, Kind, POINTS, Position, Square};

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

/// The evaluation's terms, each Red's less Black's: the side to move (+1 Red, -1 Black);
/// advisors, elephants, horses, chariots, cannons, soldiers at home and soldiers across the
/// river; the placement table's sum for generals, advisors and elephants, horses, chariots,
/// cannons and soldiers; the points chariots, horses (beyond three) and cannons reach; and
/// the danger to the general (missing guards times the enemy's attackers).
pub fn features(position: &Position) -> [i32; FEATURES] {
    terms(position).0
}

/// The phase of the start position: see [`terms`].
const FULL_PHASE: i32 = 16;

/// [`features`]; the placement's fitted corrections (`CORRECTION`) summed over Red's pieces
/// less Black's, for the opening and for the ending; and the phase, from [`FULL_PHASE`] at
/// the start to 0 in an ending without chariots, horses or cannons (two for each chariot on
/// the board, one for each horse and cannon).
fn terms(position: &Position) -> ([i32; FEATURES], [i32; 2], i32) {
    let mut f = [[0i32; FEATURES]; 2];
    let mut corrected = [[0i32; 2]; 2];
    let mut phase = 0;
    // Attackers that threaten a general (chariots, horses, cannons, crossed soldiers) and
    // defenders around it (advisors and elephants).
    let mut attackers = [0i32; 2];
    let mut defenders = [0i32; 2];
    for (square, piece) in position.pieces() {
        let side = piece.color().index();
        let placed = PLACEMENT[side][piece.kind() as usize][square.index()];
        let (ahead, off_centre) = coordinates(piece.color(), square);
        let cell = (ahead * 5 + off_centre) as usize;
        for (sum, table) in corrected[side].iter_mut().zip(&CORRECTION) {
            *sum += table[piece.kind() as usize][cell];
        }
        let t = &mut f[side];
        match piece.kind() {
            Kind::General => t[8] += placed,
            Kind::Advisor => {
                t[1] += 1;
                t[9] += placed;
                defenders[side] += 1;
            }
            Kind::Elephant => {
                t[2] += 1;
                t[9] += placed;
                defenders[side] += 1;
            }
            Kind::Horse => {
                t[3] += 1;
                t[10] += placed;
                t[15] += position.reach(square) as i32 - 3;
                attackers[side] += 2;
                phase += 1;
            }
            Kind::Chariot => {
                t[4] += 1;
                t[11] += placed;
                t[14] += position.reach(square) as i32;
                attackers[side] += 3;
                phase += 2;
            }
            Kind::Cannon => {
                t[5] += 1;
                t[12] += placed;
                t[16] += position.reach(square) as i32;
                attackers[side] += 2;
                phase += 1;
            }
            Kind::Soldier => {
                if square.on_own_side(piece.color()) {
                    t[6] += 1;
                } else {
                    t[7] += 1;
                    attackers[side] += 1;
                }
                t[13] += placed;
            }
        }
    }
    for side in 0..2 {
        let missing = 4 - defenders[side].min(4);
        f[side][17] = missing * attackers[1 - side];
    }
    let mut out = [0i32; FEATURES];
    for (index, term) in out.iter_mut().enumerate() {
        *term = f[0][index] - f[1][index];
    }
    out[0] = match position.side_to_move() {
        Color::Red => 1,
        Color::Black => -1,
    };
    let corrected = [0, 1].map(|stage| corrected[0][stage] - corrected[1][stage]);
    (out, corrected, phase.min(FULL_PHASE))
}

/// The position's score for the side to move.
pub fn evaluate(position: &Position) -> i32 {
    let (terms, corrected, phase) = terms(position);
    // Hundredths of a centipawn, for the opening and for the ending, blended by the phase.
    let [opening, ending] = [0, 1].map(|stage| {
        let weights: &[i32; FEATURES] = &WEIGHTS[stage];
        let weighted: i32 = terms.iter().zip(weights).map(|(&f, w)| f * w).sum();
        weighted + 100 * corrected[stage]
    });
    let red = (opening * phase + ending * (FULL_PHASE - phase)) / (100 * FULL_PHASE);
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
