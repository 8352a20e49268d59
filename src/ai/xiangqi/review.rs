//! Judging one move of a game for a review (`crate::ai::review`).

use super::{Deepening, Limits, MATE_BOUND, node_limits};
use crate::ai::Level;
use crate::ai::review::{Judgement, expected_score};
use crate::rules::xiangqi::{Game, Move, MoveList};
use std::time::Duration;

/// The score, in centipawns, at which a side is expected to take three quarters of the game:
/// a soldier lost in an even game is an inaccuracy, a horse a blunder.
const SCALE: f64 = 600.0;

/// Judges `played` in the game's current position with the search of `level` (its nodes,
/// never a clock): the best move there and what `played` lost against it.
pub fn judge_move(game: &Game, played: Move, level: Level) -> Result<Judgement<Move>, String> {
    let mut moves = MoveList::new();
    game.position().legal_moves(&mut moves);
    if !moves.contains(&played) {
        return Err(format!("'{played}' is not legal here"));
    }
    let forced = moves.len() == 1;
    let expected = |score| expected_score(score, SCALE, 2, MATE_BOUND);
    let limits = Limits {
        max_time: Duration::MAX,
        margin: 0,
        ..node_limits(level)
    };
    let Some(mut deepening) = Deepening::new(game, limits) else {
        return Ok(Judgement::new(played, played, None, forced, expected));
    };
    deepening.judge(played);
    deepening.advance(None, &mut |_| {});
    Ok(match deepening.result() {
        Some((scored, report)) => Judgement::of_root(
            played,
            (report.pv[0], report.score),
            scored,
            forced,
            expected,
        ),
        None => Judgement::new(played, deepening.first_move(), None, forced, expected),
    })
}
