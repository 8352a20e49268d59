//! Judging one action of a game for a review (`crate::ai::review`), from the mover's view:
//! face-down pieces are chances over the pool, never their identities.

use super::search::Deepening;
use super::{Limits, WIN, limits};
use crate::ai::Level;
use crate::ai::review::{Judgement, expected_score};
use crate::rules::junqi::{Action, ActionList, PlayerView};
use std::time::Duration;

/// The score (a marshal 100) at which a side is expected to take three quarters of the game:
/// a marshal lost in an even game is a blunder, a platoon hardly a slip.
const SCALE: f64 = 150.0;

/// Judges `played` in `view` with the search of `level` (its nodes, never a clock): the best
/// action there and what `played` lost against it.
pub fn judge_action(
    view: &PlayerView,
    played: Action,
    level: Level,
) -> Result<Judgement<Action>, String> {
    let mut actions = ActionList::new();
    view.legal_actions(&mut actions);
    if !actions.contains(&played) {
        return Err(format!("'{played}' is not legal here"));
    }
    let forced = actions.len() == 1;
    // Scores within a hundred of a won game are decided ones (the search stops there too).
    let expected = |score| expected_score(score, SCALE, 2, WIN - 100);
    let limits = Limits {
        max_time: Duration::MAX,
        margin: 0,
        ..limits(level)
    };
    let Some(mut deepening) = Deepening::new(view, &actions, limits) else {
        return Ok(Judgement::new(played, played, None, forced, expected));
    };
    deepening.judge(played);
    deepening.advance(None);
    Ok(match deepening.result() {
        Some((scored, found)) => Judgement::of_root(
            played,
            (found.action, found.score),
            &scored,
            forced,
            expected,
        ),
        None => {
            let first = deepening.first_action().unwrap_or(played);
            Judgement::new(played, first, None, forced, expected)
        }
    })
}
