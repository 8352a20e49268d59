//! Computer opponents. They see a [`PlayerView`] only — never a face-down identity — and treat
//! every flip as a chance event over the public pool of face-down pieces.

pub mod arena;
mod eval;
mod search;

pub use search::{Found, Limits};

use crate::rules::junqi::{Action, ActionList, Cell, Kind, PlayerView};
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};
use std::str::FromStr;
use std::time::Duration;

/// How strong the computer plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Level {
    /// Uniformly random legal actions (a baseline for the arena).
    Random,
    /// A beginner: looks one action ahead, with some randomness; always takes a flag.
    Easy,
    /// A solid club player: a few plies of expectimax.
    Medium,
    /// As strong as the search can make it in its budget.
    Hard,
}

impl Level {
    /// The longest a move of this level may think.
    pub fn budget(self) -> Duration {
        match self {
            Level::Random => Duration::ZERO,
            Level::Easy => Duration::from_millis(300),
            Level::Medium => Duration::from_millis(1000),
            Level::Hard => Duration::from_millis(2000),
        }
    }

    /// The search limits of this level (node counts keep games reproducible).
    pub fn limits(self) -> Limits {
        let (max_depth, max_nodes) = match self {
            Level::Random => (0, 0),
            Level::Easy => (1, 20_000),
            Level::Medium => (3, 200_000),
            Level::Hard => (5, 800_000),
        };
        let tolerance = self.tolerance();
        Limits {
            max_depth,
            max_nodes,
            max_time: self.budget(),
            margin: tolerance.saturating_add(tolerance / 2),
        }
    }

    /// How far from the best score an action may be and still be chosen at random.
    fn tolerance(self) -> i32 {
        match self {
            Level::Random => 0,
            Level::Easy => 8,
            Level::Medium => 2,
            Level::Hard => 0,
        }
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Level, String> {
        match text {
            "random" => Ok(Level::Random),
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            other => Err(format!(
                "unknown level '{other}': expected random, easy, medium or hard"
            )),
        }
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
    choose_action_within(view, level, level.limits(), seed)
}

/// [`choose_action`] with explicit search limits.
pub fn choose_action_within(
    view: &PlayerView,
    level: Level,
    limits: Limits,
    seed: u64,
) -> Option<Action> {
    let mut actions = ActionList::new();
    view.legal_actions(&mut actions);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ view.hash());
    if level == Level::Random {
        return actions.choose(&mut rng).copied();
    }
    if let Some(action) = flag_capture(view, &actions) {
        return Some(action);
    }
    let (scored, found) = search::score_actions(view, limits)?;
    let tolerance = level.tolerance();
    let near: Vec<Action> = scored
        .iter()
        .filter(|&&(_, score)| {
            score >= found.score - tolerance - rng.random_range(0..=tolerance / 2)
        })
        .map(|&(action, _)| action)
        .collect();
    near.choose(&mut rng).copied().or(Some(found.action))
}

#[cfg(test)]
mod tests;
