//! Paired games between two computer levels: the same deal twice, seats swapped.

use super::{Level, Limits, choose_action_within};
use crate::rules::junqi::{Color, Outcome, PlayerView, Position, Ruleset};
use std::time::{Duration, Instant};

/// How one game ended for player A.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Result {
    Win,
    Draw,
    Loss,
}

/// One finished arena game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// Index of the game (pairs are 2k and 2k+1).
    pub index: u64,
    /// Whether A moved first.
    pub a_first: bool,
    pub result: Result,
    pub outcome: Outcome,
    pub plies: u32,
    /// Time A and B spent thinking, and how many actions each chose.
    pub a_time: Duration,
    pub a_moves: u32,
    pub b_time: Duration,
    pub b_moves: u32,
}

/// The search limits used in the arena: the level's, without the clock, so that games are
/// reproducible from the seed on any machine.
fn arena_limits(level: Level) -> Limits {
    Limits {
        max_time: Duration::from_secs(3600),
        ..level.limits()
    }
}

/// Plays game `index` of an arena seeded with `seed`: games 2k and 2k+1 share a deal, and A
/// moves first in the even one.
pub fn play_game(a: Level, b: Level, seed: u64, index: u64) -> GameReport {
    play_game_observed(a, b, seed, index, |_| {})
}

/// [`play_game`], showing `observe` every position before its action is chosen.
pub fn play_game_observed(
    a: Level,
    b: Level,
    seed: u64,
    index: u64,
    mut observe: impl FnMut(&PlayerView),
) -> GameReport {
    let deal_seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (index / 2);
    let mut position = Position::deal_seeded(Ruleset::default(), deal_seed);
    let a_first = index.is_multiple_of(2);
    let mut report = GameReport {
        index,
        a_first,
        result: Result::Draw,
        outcome: Outcome::Draw(crate::rules::junqi::DrawReason::QuietPlies),
        plies: 0,
        a_time: Duration::ZERO,
        a_moves: 0,
        b_time: Duration::ZERO,
        b_moves: 0,
    };
    loop {
        if let Some(outcome) = position.outcome() {
            report.outcome = outcome;
            break;
        }
        let view = position.view();
        observe(view);
        let a_to_move = view.first_player_to_move() == a_first;
        let level = if a_to_move { a } else { b };
        let started = Instant::now();
        let action_seed = seed ^ index.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ u64::from(view.ply());
        let action = choose_action_within(view, level, arena_limits(level), action_seed)
            .expect("a game that goes on has an action");
        let spent = started.elapsed();
        if a_to_move {
            report.a_time += spent;
            report.a_moves += 1;
        } else {
            report.b_time += spent;
            report.b_moves += 1;
        }
        position
            .play(action)
            .expect("the computer plays legal actions");
    }
    let view = position.view();
    report.plies = view.ply();
    report.result = match report.outcome {
        Outcome::Draw(_) => Result::Draw,
        Outcome::Win { winner, .. } => {
            // The colour of whoever moves at even plies is the first player's.
            let side = view.side_to_move().unwrap_or(Color::Red);
            let first_colour = if view.first_player_to_move() {
                side
            } else {
                side.opponent()
            };
            if (winner == first_colour) == a_first {
                Result::Win
            } else {
                Result::Loss
            }
        }
    };
    report
}

/// The summary of an arena for A against B.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub a_time: Duration,
    pub a_moves: u32,
    pub b_time: Duration,
    pub b_moves: u32,
}

impl Summary {
    /// Adds a finished game.
    pub fn add(&mut self, report: &GameReport) {
        match report.result {
            Result::Win => self.wins += 1,
            Result::Draw => self.draws += 1,
            Result::Loss => self.losses += 1,
        }
        self.a_time += report.a_time;
        self.a_moves += report.a_moves;
        self.b_time += report.b_time;
        self.b_moves += report.b_moves;
    }

    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// (wins + draws / 2) / games.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// The Elo difference and the half-width of its 95% interval.
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games().max(1) as f64;
        // Keep the score off 0 and 1, where the Elo difference is infinite.
        let s = self.score().clamp(0.5 / n, 1.0 - 0.5 / n);
        let elo = -400.0 * (1.0 / s - 1.0).log10();
        let mean = self.score();
        let variance = (self.wins as f64 * (1.0 - mean).powi(2)
            + self.draws as f64 * (0.5 - mean).powi(2)
            + self.losses as f64 * mean.powi(2))
            / n;
        let standard_error = (variance / n).sqrt().max(0.5 / n);
        let slope = 400.0 / (std::f64::consts::LN_10 * s * (1.0 - s));
        (elo, 1.96 * standard_error * slope)
    }

    /// The one summary line: `score 0.935 wins 180 draws 12 losses 8 elo 450 ci95 60 ms_a 12 ms_b 0`.
    pub fn line(&self) -> String {
        let (elo, ci) = self.elo();
        let ms = |time: Duration, moves: u32| time.as_secs_f64() * 1000.0 / moves.max(1) as f64;
        format!(
            "score {:.3} wins {} draws {} losses {} elo {:.0} ci95 {:.0} ms_a {:.0} ms_b {:.0}",
            self.score(),
            self.wins,
            self.draws,
            self.losses,
            elo,
            ci,
            ms(self.a_time, self.a_moves),
            ms(self.b_time, self.b_moves)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paired_games_share_the_deal_and_are_reproducible() {
        let first = play_game(Level::Random, Level::Random, 4, 0);
        let again = play_game(Level::Random, Level::Random, 4, 0);
        assert_eq!(first.plies, again.plies);
        assert_eq!(first.outcome, again.outcome);
        assert!(first.a_first);
        assert!(!play_game(Level::Random, Level::Random, 4, 1).a_first);
    }

    #[test]
    fn summary_line_format() {
        let summary = Summary {
            wins: 180,
            draws: 12,
            losses: 8,
            ..Summary::default()
        };
        let line = summary.line();
        assert!(
            line.starts_with("score 0.930 wins 180 draws 12 losses 8 elo "),
            "{line}"
        );
        let (elo, ci) = summary.elo();
        assert!((440.0..470.0).contains(&elo), "{elo}");
        assert!(ci > 20.0 && ci < 150.0, "{ci}");
        let even = Summary {
            wins: 5,
            losses: 5,
            ..Summary::default()
        };
        assert_eq!(even.elo().0.round(), 0.0);
    }
}
