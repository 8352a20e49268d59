//! Judging one move of a game for a review (`crate::ai::review`).

use super::{Deepening, Limits, WIN_BOUND, limits};
use crate::ai::Level;
use crate::ai::review::{Judgement, expected_score};
use crate::rules::qiguo::{Move, MoveList, Position};
use std::time::Duration;

/// The evaluation (a seat's strength less the others' average, a Heavy swordsman 100) at
/// which a seat is expected to take half of what lies between its even share and the whole
/// game: a capture of a Swordsman missed is an inaccuracy, as a soldier is in Xiangqi.
const SCALE: f64 = 1500.0;

/// Judges `played` in `position` with the search of `level` (its nodes, never a clock): the
/// best move there and what `played` lost against it, in the mover's share of the game.
pub fn judge_move(
    position: &Position,
    played: Move,
    level: Level,
) -> Result<Judgement<Move>, String> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    if !moves.contains(&played) {
        return Err(format!("'{played}' is not legal here"));
    }
    let forced = moves.len() == 1;
    let seats = position.seating().seat_count();
    let expected = |score| expected_score(score, SCALE, seats, WIN_BOUND);
    let limits = Limits {
        max_time: Duration::MAX,
        margin: 0,
        ..limits(level)
    };
    let Some(mut deepening) = Deepening::new(position, limits) else {
        return Ok(Judgement::new(played, played, None, forced, expected));
    };
    deepening.judge(played);
    deepening.advance(None);
    Ok(match deepening.result() {
        Some((scored, report)) => Judgement::of_root(
            played,
            (report.best, report.score),
            scored,
            forced,
            expected,
        ),
        None => Judgement::new(played, deepening.first_move(), None, forced, expected),
    })
}
