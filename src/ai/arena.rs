//! What every game's arena shares: the result of a game for player A and the tally of an
//! arena with its one summary line.

use std::time::Duration;

/// How one game ended for player A.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Result {
    Win,
    Draw,
    Loss,
}

/// The results and thinking times of an arena, for A against B.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub a_time: Duration,
    pub a_moves: u32,
    pub b_time: Duration,
    pub b_moves: u32,
}

impl Tally {
    /// Adds a finished game: its result for A, and each side's time and number of moves.
    pub fn add(&mut self, result: Result, a: (Duration, u32), b: (Duration, u32)) {
        match result {
            Result::Win => self.wins += 1,
            Result::Draw => self.draws += 1,
            Result::Loss => self.losses += 1,
        }
        self.a_time += a.0;
        self.a_moves += a.1;
        self.b_time += b.0;
        self.b_moves += b.1;
    }

    /// Games played.
    pub fn games(&self) -> u32 {
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

    /// The one summary line: `score 0.930 wins 180 draws 12 losses 8 elo 449 ci95 83 ms_a 12 ms_b 0`.
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
    fn summary_line_format() {
        let summary = Tally {
            wins: 180,
            draws: 12,
            losses: 8,
            ..Tally::default()
        };
        let line = summary.line();
        assert!(
            line.starts_with("score 0.930 wins 180 draws 12 losses 8 elo "),
            "{line}"
        );
        let (elo, ci) = summary.elo();
        assert!((440.0..470.0).contains(&elo), "{elo}");
        assert!(ci > 20.0 && ci < 150.0, "{ci}");
        let even = Tally {
            wins: 5,
            losses: 5,
            ..Tally::default()
        };
        assert_eq!(even.elo().0.round(), 0.0);
    }
}
