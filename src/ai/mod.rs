//! Computer opponents. What the games' searches share lives here — the levels, the budget of
//! nodes and time that lets a search think in slices, and the arena's tally — and each game's
//! search and evaluation in its own folder. A search sees what its player may see, never more.

pub mod arena;
mod budget;
pub mod junqi;
pub mod qiguo;
pub mod request;
pub mod review;
pub mod xiangqi;

pub use budget::{Budget, Halt};

use serde::{Deserialize, Serialize};
use std::str::FromStr;
use std::task::Poll;
use std::time::Duration;

/// How strong the computer plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Level {
    /// Uniformly random legal moves (a baseline for the arena).
    Random,
    /// A beginner.
    Easy,
    /// A solid club player.
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

/// A computer's decision in progress, which can think in one go (on a thread) or in slices
/// (in a browser, where there are no threads).
pub trait Decision: Send + Sync + 'static {
    /// What it decides.
    type Action: Send + Sync + 'static;

    /// Thinks for about `slice` (to the end when `None`); ready with the choice once decided
    /// (`None`: there was nothing to choose).
    fn think(&mut self, slice: Option<Duration>) -> Poll<Option<Self::Action>>;

    /// Nodes searched so far.
    fn nodes(&self) -> u64;
}

/// Polls a decision that thinks in one go (`think` with no slice) until it answers.
pub fn think_to_the_end<T>(mut think: impl FnMut() -> Poll<T>) -> T {
    loop {
        if let Poll::Ready(answer) = think() {
            return answer;
        }
    }
}
