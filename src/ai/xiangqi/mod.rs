//! Xiangqi's computer opponents: three levels of one search (`search`), which knows the
//! repetition rules, over a hand-made evaluation (`eval`). Xiangqi hides nothing, so the
//! search sees the game as both players do.

pub mod arena;
mod eval;
mod fitted;
mod review;
mod search;

pub use eval::{FEATURES, MATE, MATE_BOUND, evaluate, features};
pub use review::judge_move;
pub use search::{Deepening, Limits, Report, Table};

use crate::ai::Level;
use crate::rules::xiangqi::{Game, Move, MoveList};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use std::task::Poll;
use std::time::Duration;
use web_time::Instant;

/// The transposition table of the game's levels: 2^18 entries (6 MB).
const TABLE_ENTRIES: usize = 1 << 18;

/// The search limits of `level` in a game: Easy and Medium stop at their node counts (their
/// strength by design), Hard deepens until its time budget runs out.
pub fn limits(level: Level) -> Limits {
    let reproducible = node_limits(level);
    match level {
        Level::Hard => Limits {
            max_nodes: u64::MAX,
            ..reproducible
        },
        _ => reproducible,
    }
}

/// The search limits of `level` by node counts alone, for reproducible arenas and tests (the
/// clock only caps them on a slow machine). Easy looks two plies ahead and chooses loosely
/// among moves near the best; Medium and Hard search ten and a hundred times as many nodes.
/// Why: `docs/ai-tuning.md`.
pub fn node_limits(level: Level) -> Limits {
    let (max_depth, max_nodes) = match level {
        Level::Random => (0, 0),
        Level::Easy => (2, 20_000),
        Level::Medium => (64, 40_000),
        Level::Hard => (64, 400_000),
    };
    Limits {
        max_depth,
        max_nodes,
        max_time: level.budget(),
        margin: tolerance(level) * 3 / 2,
        table_entries: TABLE_ENTRIES,
    }
}

/// How far below the best score a move may be and still be chosen at random.
fn tolerance(level: Level) -> i32 {
    match level {
        Level::Easy => 60,
        Level::Medium => 8,
        Level::Random | Level::Hard => 0,
    }
}

/// Chooses a move for the side to move at `level`; `seed` makes it reproducible. `None` when
/// the game is over.
pub fn choose_move(game: &Game, level: Level, seed: u64) -> Option<Move> {
    choose_move_within(game, level, limits(level), seed)
}

/// [`choose_move`] with explicit search limits.
pub fn choose_move_within(game: &Game, level: Level, limits: Limits, seed: u64) -> Option<Move> {
    let mut thinker = Thinker::new(game, level, limits, seed);
    crate::ai::think_to_the_end(|| thinker.think(None))
}

/// A computer's decision in progress, in one go (on a thread) or in slices of time (in a
/// browser, where there are no threads, so that no frame waits long).
pub struct Thinker {
    level: Level,
    rng: Xoshiro256PlusPlus,
    /// The answer, when known without a search (random level, game over).
    decided: Option<Option<Move>>,
    deepening: Option<Deepening>,
}

impl Thinker {
    /// Starts deciding for the side to move in `game`; `seed` makes the decision reproducible.
    pub fn new(game: &Game, level: Level, limits: Limits, seed: u64) -> Thinker {
        Thinker::with_table(game, level, limits, seed, None)
    }

    /// [`Thinker::new`], searching at Hard with the table of an earlier search of the game
    /// ([`Thinker::into_table`]) when there is one.
    pub fn with_table(
        game: &Game,
        level: Level,
        limits: Limits,
        seed: u64,
        table: Option<Table>,
    ) -> Thinker {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ game.position().key());
        // Easy and Medium start afresh each move: their node counts set their strength.
        let table = table.filter(|_| level == Level::Hard);
        let deepening = match level {
            Level::Random => None,
            _ => Deepening::with_table(game, limits, table),
        };
        let decided = match (&deepening, level) {
            (Some(_), _) => None,
            (None, Level::Random) if game.outcome().is_none() => {
                let mut moves = MoveList::new();
                game.position().legal_moves(&mut moves);
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
        self.think_reporting(slice, &mut |_| {})
    }

    /// [`Thinker::think`], telling `report` of every finished iteration.
    pub fn think_reporting(
        &mut self,
        slice: Option<Duration>,
        report: &mut dyn FnMut(&Report),
    ) -> Poll<Option<Move>> {
        if let Some(answer) = self.decided {
            return Poll::Ready(answer);
        }
        let Some(deepening) = self.deepening.as_mut() else {
            return Poll::Ready(None);
        };
        if !deepening.advance(slice.map(|slice| Instant::now() + slice), report) {
            return Poll::Pending;
        }
        let answer = match deepening.result() {
            Some((scored, report)) => {
                let best = report.score;
                let tolerance = tolerance(self.level);
                let floor = best - tolerance - self.rng.random_range(0..=tolerance / 2);
                // Never trade a won or drawn game for a lost one at random.
                let near: Vec<Move> = scored
                    .iter()
                    .filter(|&&(_, score)| {
                        score >= floor && (score > -MATE_BOUND || best <= -MATE_BOUND)
                    })
                    .map(|&(mv, _)| mv)
                    .collect();
                near.choose(&mut self.rng).copied().or(Some(report.pv[0]))
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

    /// The search's transposition table, for the next move of the game (none without a
    /// search).
    pub fn into_table(self) -> Option<Table> {
        self.deepening.map(Deepening::into_table)
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
