//! Qiguo Xiangqi's computer players: three levels of one alpha-beta search (`search`) over a
//! material-and-score evaluation (`eval`), paranoid for Easy and Medium, the others reduced to
//! their captures of its pieces for Hard. Qiguo hides nothing, so the position is the view.

pub mod arena;
mod eval;
mod review;
mod search;

pub use eval::{WIN, WIN_BOUND, evaluate, value};
pub use review::judge_move;
pub use search::{Deepening, Limits, Replies, Report};

use crate::ai::Level;
use crate::rules::qiguo::{Move, MoveList, Position};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use std::task::Poll;
use std::time::Duration;
use web_time::Instant;

/// The search limits of `level` (node counts keep games reproducible; the clock caps them on
/// a slow machine). Easy looks at its own move and the captures that follow and chooses
/// loosely; Medium looks at the next state's answer too and chooses among moves near the
/// best; Hard plays the best and looks at two moves of its own seat with every enemy's
/// captures of its pieces between them (`Replies::Captures`), its quiescence narrowed to
/// captures by and of its own seat. Why: `docs/ai-tuning.md`.
pub fn limits(level: Level) -> Limits {
    let (max_depth, max_nodes) = match level {
        Level::Random => (0, 0),
        Level::Easy => (1, 20_000),
        Level::Medium => (2, 20_000),
        Level::Hard => (64, 250_000),
    };
    Limits {
        max_depth,
        max_nodes,
        max_time: level.budget(),
        margin: tolerance(level) * 3 / 2,
        replies: if level == Level::Hard {
            Replies::Captures
        } else {
            Replies::Paranoid
        },
        threats: false,
        narrow_quiescence: level == Level::Hard,
        leader: false,
    }
}

/// How far below the best score a move may be and still be chosen at random.
fn tolerance(level: Level) -> i32 {
    match level {
        Level::Easy => 150,
        Level::Medium => 40,
        Level::Random | Level::Hard => 0,
    }
}

/// Chooses a move for the side to move at `level`; `seed` makes it reproducible. `None` when
/// the side has no move (the game is over).
pub fn choose_move(position: &Position, level: Level, seed: u64) -> Option<Move> {
    choose_move_within(position, level, limits(level), seed)
}

/// [`choose_move`] with explicit search limits.
pub fn choose_move_within(
    position: &Position,
    level: Level,
    limits: Limits,
    seed: u64,
) -> Option<Move> {
    let mut thinker = Thinker::new(position, level, limits, seed);
    crate::ai::think_to_the_end(|| thinker.think(None))
}

/// A computer's decision in progress, in one go (on a thread) or in slices of time (in a
/// browser, where there are no threads, so that no frame waits long).
pub struct Thinker {
    level: Level,
    rng: Xoshiro256PlusPlus,
    /// The answer, when known without a search (random level, nothing to move).
    decided: Option<Option<Move>>,
    deepening: Option<Deepening>,
}

impl Thinker {
    /// Starts deciding for the side to move in `position`; `seed` makes the decision
    /// reproducible.
    pub fn new(position: &Position, level: Level, limits: Limits, seed: u64) -> Thinker {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ u64::from(position.ply()));
        let deepening = match level {
            Level::Random => None,
            _ => Deepening::new(position, limits),
        };
        let decided = match (&deepening, level) {
            (Some(_), _) => None,
            (None, Level::Random) => {
                let mut moves = MoveList::new();
                position.legal_moves(&mut moves);
                Some(moves.choose(&mut rng).copied())
            }
            (None, _) => Some(None),
        };
        Thinker {
            level,
            rng,
            decided,
            deepening,
        }
    }

    /// Thinks for about `slice` (to the end when `None`); ready with the move once decided.
    pub fn think(&mut self, slice: Option<Duration>) -> Poll<Option<Move>> {
        if let Some(answer) = self.decided {
            return Poll::Ready(answer);
        }
        let Some(deepening) = self.deepening.as_mut() else {
            return Poll::Ready(None);
        };
        if !deepening.advance(slice.map(|slice| Instant::now() + slice)) {
            return Poll::Pending;
        }
        let answer = match deepening.result() {
            Some((scored, report)) => {
                let best = report.score;
                let tolerance = tolerance(self.level);
                let floor = best - tolerance - self.rng.random_range(0..=tolerance / 2);
                // Never trade a won game, or one still open, for a lost one at random.
                let near: Vec<Move> = scored
                    .iter()
                    .filter(|&&(_, score)| {
                        score >= floor && (score > -WIN_BOUND || best <= -WIN_BOUND)
                    })
                    .map(|&(mv, _)| mv)
                    .collect();
                near.choose(&mut self.rng).copied().or(Some(report.best))
            }
            // Not even the first iteration finished: any legal move beats none.
            None => Some(deepening.first_move()),
        };
        self.decided = Some(answer);
        Poll::Ready(answer)
    }

    /// Stops thinking: the next [`Thinker::think`] answers from what is known.
    pub fn stop(&mut self) {
        if let Some(deepening) = self.deepening.as_mut() {
            deepening.stop();
        }
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.deepening.as_ref().map_or(0, Deepening::nodes)
    }
}

impl crate::ai::Decision for Thinker {
    type Action = Move;

    fn think(&mut self, slice: Option<Duration>) -> Poll<Option<Move>> {
        Thinker::think(self, slice)
    }

    fn nodes(&self) -> u64 {
        Thinker::nodes(self)
    }
}

#[cfg(test)]
mod tests;
