//! Junqi's computer opponents. They see a [`PlayerView`] only — never a face-down identity —
//! and treat every flip as a chance event over the public pool of face-down pieces.

pub mod arena;
pub mod classic;
mod eval;
mod review;
mod search;

pub use eval::{FLAG_FEATURES, WIN, flag_race_rows};
pub use review::judge_action;
pub use search::{Found, Limits};

use search::Deepening;

use crate::ai::Level;
use crate::rules::junqi::{Action, ActionList, Cell, Kind, PlayerView};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use std::task::Poll;
use std::time::Duration;
use web_time::Instant;

/// The search limits of `level` (node counts keep games reproducible). Easy sees no reply (a
/// beginner's eye) and does not think of its flag's safety; Medium looks one action ahead with
/// every capture that follows and weighs the danger a face-up flag is in; Hard looks four plies
/// ahead (a flip counts two) when its nodes allow. Why these depths: `docs/ai-tuning.md`.
pub fn limits(level: Level) -> Limits {
    let (max_depth, max_nodes, quiescence) = match level {
        Level::Random => (0, 0, 0),
        Level::Easy => (1, 20_000, 0),
        Level::Medium => (1, 100_000, 4),
        Level::Hard => (4, 2_000_000, 6),
    };
    let tolerance = tolerance(level).max(flip_tolerance(level));
    Limits {
        max_depth,
        max_nodes,
        max_time: level.budget(),
        margin: tolerance.saturating_add(tolerance / 2),
        quiescence,
        flag_sense: matches!(level, Level::Medium | Level::Hard),
    }
}

/// How far from the best score a flip may be and still be chosen at random: a beginner turns
/// pieces over with little thought of what they may meet.
fn flip_tolerance(level: Level) -> i32 {
    match level {
        Level::Easy => 60,
        level => tolerance(level),
    }
}

/// How far from the best score an action may be and still be chosen at random.
fn tolerance(level: Level) -> i32 {
    match level {
        Level::Random => 0,
        Level::Easy => 20,
        Level::Medium => 4,
        Level::Hard => 0,
    }
}

/// Captures the enemy flag if the side to move can.
fn flag_capture(view: &PlayerView, actions: &[Action]) -> Option<Action> {
    actions.iter().copied().find(|action| {
        matches!(action, Action::Move { to, .. }
            if matches!(view.cell(*to), Cell::Up(piece) if piece.kind == Kind::Flag))
    })
}

/// Chooses an action for the side to move in `view` at `level`; `seed` makes it reproducible.
/// `None` when the game is over.
pub fn choose_action(view: &PlayerView, level: Level, seed: u64) -> Option<Action> {
    choose_action_within(view, level, limits(level), seed)
}

/// [`choose_action`] with explicit search limits.
pub fn choose_action_within(
    view: &PlayerView,
    level: Level,
    limits: Limits,
    seed: u64,
) -> Option<Action> {
    let mut thinker = Thinker::new(view, level, limits, seed);
    crate::ai::think_to_the_end(|| thinker.think(None))
}

/// A computer's decision in progress. It can think in one go (on a thread) or in slices of
/// time (in a browser, where there are no threads, so that no frame waits long).
pub struct Thinker {
    level: Level,
    rng: Xoshiro256PlusPlus,
    /// The answer, when known without a search (random level, flag capture, game over).
    decided: Option<Option<Action>>,
    deepening: Option<Deepening>,
    /// The score of the chosen action for the side to move, once decided by a search (or a
    /// won game for a flag capture).
    score: Option<i32>,
}

impl Thinker {
    /// Starts deciding for the side to move in `view`; `seed` makes the decision reproducible.
    pub fn new(view: &PlayerView, level: Level, limits: Limits, seed: u64) -> Thinker {
        let mut actions = ActionList::new();
        view.legal_actions(&mut actions);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ view.hash());
        let flag = (level != Level::Random)
            .then(|| flag_capture(view, &actions))
            .flatten();
        let decided = if level == Level::Random || actions.is_empty() {
            Some(actions.choose(&mut rng).copied())
        } else {
            flag.map(Some)
        };
        let deepening = match decided {
            Some(_) => None,
            None => Deepening::new(view, &actions, limits),
        };
        Thinker {
            level,
            rng,
            decided,
            deepening,
            score: flag.map(|_| eval::WIN),
        }
    }

    /// The score of the chosen action for the side that moves (a won game is [`WIN`]);
    /// `None` before the decision or when no search made it.
    pub fn score(&self) -> Option<i32> {
        self.score
    }

    /// Thinks for about `slice` (to the end when `None`); ready with the action once decided.
    pub fn think(&mut self, slice: Option<Duration>) -> Poll<Option<Action>> {
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
            Some((scored, found)) => {
                let chosen = self.pick(&scored, found);
                self.score = scored
                    .iter()
                    .find(|&&(action, _)| action == chosen)
                    .map(|&(_, score)| score);
                Some(chosen)
            }
            // Not even the first iteration finished: any legal action beats none.
            None => deepening.first_action(),
        };
        self.decided = Some(answer);
        Poll::Ready(answer)
    }

    /// Picks among the actions scoring near the best, as loosely as the level plays.
    fn pick(&mut self, scored: &[(Action, i32)], found: Found) -> Action {
        let level = self.level;
        let rng = &mut self.rng;
        let near: Vec<Action> = scored
            .iter()
            .filter(|&&(action, score)| {
                let tolerance = match action {
                    Action::Flip(_) => flip_tolerance(level),
                    Action::Move { .. } => tolerance(level),
                };
                score >= found.score - tolerance - rng.random_range(0..=tolerance / 2)
            })
            .map(|&(action, _)| action)
            .collect();
        near.choose(&mut self.rng).copied().unwrap_or(found.action)
    }
}

impl crate::ai::Decision for Thinker {
    type Action = Action;

    fn think(&mut self, slice: Option<Duration>) -> Poll<Option<Action>> {
        Thinker::think(self, slice)
    }

    fn nodes(&self) -> u64 {
        self.deepening.as_ref().map_or(0, Deepening::nodes)
    }
}

#[cfg(test)]
mod tests;
