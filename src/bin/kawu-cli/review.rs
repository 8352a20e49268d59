//! `kawu-cli GAME review`: the contract of `docs/formats.md` (Review), shared by the three games —
//! reading the record, the level, and printing the lines and the accuracy.

use crate::Failure;
use clap::Args;
use kawu::ai::Level;
use kawu::ai::review::{Judgement, accuracy};
use std::fmt::Display;

/// What every game's `review` takes.
#[derive(Args)]
pub struct ReviewArgs {
    /// The record: a file, or '-' for standard input.
    file: String,
    /// The search spent on each position: easy, medium or hard.
    #[arg(long, default_value = "medium")]
    level: String,
    /// The seed of the review's random choices (Junqi classic's guesses at the hidden army;
    /// the other games' reviews draw nothing at random): the same file, level and seed give
    /// the same lines.
    #[arg(long, default_value = "1")]
    seed: String,
}

impl ReviewArgs {
    /// The record's text.
    pub fn record(&self) -> Result<String, Failure> {
        crate::read_record(&self.file)
    }

    /// The seed, checked.
    pub fn seed(&self) -> Result<u64, Failure> {
        self.seed
            .parse::<u64>()
            .map_err(|_| Failure(format!("--seed must be a number, found '{}'", self.seed)))
    }

    /// The level, checked: a review needs one that searches.
    pub fn level(&self) -> Result<Level, Failure> {
        self.seed()?;
        match self.level.parse::<Level>() {
            Ok(Level::Random) | Err(_) => Err(Failure(format!(
                "--level must be easy, medium or hard, found '{}'",
                self.level
            ))),
            Ok(level) => Ok(level),
        }
    }
}

/// The review's output: one line per action (`PLY MOVER ACTION CLASS BEST LOSS`), then the
/// accuracy of each mover in order of first move.
pub fn report<M: Display + PartialEq, A: Display + Copy>(
    judged: &[(M, A, Judgement<A>)],
) -> String {
    let mut out = String::new();
    let mut movers: Vec<&M> = Vec::new();
    for (index, (mover, action, judgement)) in judged.iter().enumerate() {
        out += &format!(
            "{} {mover} {action} {} {} {}\n",
            index + 1,
            judgement.class.word(),
            judgement.best,
            judgement.loss
        );
        if !movers.contains(&mover) {
            movers.push(mover);
        }
    }
    out += "accuracy";
    for mover in movers {
        let own = judged
            .iter()
            .filter(|(who, _, _)| who == mover)
            .map(|(_, _, judgement)| (judgement.loss, judgement.class));
        out += &format!(" {mover}={:.1}", accuracy(own));
    }
    out.push('\n');
    out
}
