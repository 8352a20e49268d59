//! Reviewing a game (`docs/formats.md`, Review): each action is judged from what its mover could
//! see before it — the engine's best action there, and the expected score the played action
//! lost against it. Each game's search scores one position (its `review` function); this
//! module turns scores into expected scores, losses, classes and accuracy, the same for all
//! three games.

use serde::{Deserialize, Serialize};
use std::fmt;

/// How an action is judged, decided from its printed loss (ordered from forced to blunder).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// The only legal action.
    Forced,
    /// Loss below 0.010.
    Best,
    /// Loss below 0.050.
    Good,
    /// Loss below 0.100.
    Inaccuracy,
    /// Loss below 0.200.
    Mistake,
    /// Loss of 0.200 or more.
    Blunder,
}

impl Class {
    /// The class of an action that lost `loss`; `forced` when it was the only legal one.
    pub fn of(loss: Loss, forced: bool) -> Class {
        match loss.thousandths() {
            _ if forced => Class::Forced,
            0..10 => Class::Best,
            10..50 => Class::Good,
            50..100 => Class::Inaccuracy,
            100..200 => Class::Mistake,
            _ => Class::Blunder,
        }
    }

    /// The class's word in the review's output.
    pub fn word(self) -> &'static str {
        match self {
            Class::Forced => "forced",
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

/// Expected score lost by an action, in thousandths (0 to 1000): what the review prints with
/// three decimals, and what its class is decided from.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub struct Loss(u16);

impl Loss {
    /// The loss of playing what is worth `played` where `best` was there (expected scores,
    /// 0 to 1), rounded to thousandths; never below zero.
    pub fn between(best: f64, played: f64) -> Loss {
        Loss(((best - played).clamp(0.0, 1.0) * 1000.0).round() as u16)
    }

    /// A loss of `thousandths` of a game (at most the whole game).
    pub fn from_thousandths(thousandths: u16) -> Loss {
        Loss(thousandths.min(1000))
    }

    /// The loss in thousandths of a game.
    pub fn thousandths(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Loss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:03}", self.0 / 1000, self.0 % 1000)
    }
}

/// Why a mistake or a blunder was one, where the engine can tell from what the mover could see
/// and its lines: shown beside the better action in the game's review (the command line's
/// review prints the contract's columns only). Pieces are kinds, by their letter in the
/// game's notation (Xiangqi `R` the chariot, Junqi `M` the marshal …).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The best action mates, or takes the flag.
    MissesMate,
    /// After the played action the opponent mates, or can take the flag.
    AllowsMate,
    /// The engine's line after the played action takes this piece of the mover's, and the
    /// best action's line does not.
    Loses(char),
    /// The best action's line wins this piece, and the played one's does not.
    MissesWinning(char),
    /// The mover's piece (first) attacked a face-up piece (second) that beats it.
    RunsInto(char, char),
    /// The best action is a check, the played one is not, and the check's line wins this
    /// piece.
    MissesCheck(char),
}

/// One action judged: the engine's best action in its position, what the played one lost
/// against it, its class, and the mover's expected score there with the best action.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Judgement<A> {
    pub best: A,
    pub loss: Loss,
    pub class: Class,
    /// The mover's expected score before the action, best played (the evaluation graph's
    /// point), in thousandths.
    pub expected: u16,
    /// Why, for a mistake or a blunder, when the engine can tell.
    pub reason: Option<Reason>,
}

impl<A> Judgement<A> {
    /// Whether the action deserves a reason: a mistake or a blunder.
    pub fn wants_reason(&self) -> bool {
        self.class >= Class::Mistake
    }
}

/// The pieces of the mover's lost, and those it won, along one line of play, as kinds'
/// letters and values: the material a reason names.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Material {
    /// The mover's pieces taken.
    pub lost: Vec<(char, i32)>,
    /// The opponents' pieces the mover took.
    pub won: Vec<(char, i32)>,
}

impl Material {
    /// The mover's balance along the line.
    pub fn balance(&self) -> i32 {
        self.won.iter().map(|&(_, value)| value).sum::<i32>()
            - self.lost.iter().map(|&(_, value)| value).sum::<i32>()
    }

    /// The reason the played line's material (`self`) gives against the best line's, when it
    /// is worse by at least `margin`: the most valuable piece lost that the best line keeps,
    /// else the most valuable piece the best line wins that this one does not.
    pub fn reason_against(&self, best: &Material, margin: i32) -> Option<Reason> {
        if self.balance() > best.balance() - margin {
            return None;
        }
        let beyond = |these: &[(char, i32)], those: &[(char, i32)]| {
            let mut those = those.to_vec();
            let mut left: Vec<(char, i32)> = these
                .iter()
                .filter(
                    |piece| match those.iter().position(|other| other == *piece) {
                        Some(index) => {
                            those.swap_remove(index);
                            false
                        }
                        None => true,
                    },
                )
                .copied()
                .collect();
            left.sort_by_key(|&(_, value)| std::cmp::Reverse(value));
            left.first().map(|&(letter, _)| letter)
        };
        beyond(&self.lost, &best.lost)
            .map(Reason::Loses)
            .or_else(|| beyond(&best.won, &self.won).map(Reason::MissesWinning))
    }
}

impl<A: Copy + PartialEq> Judgement<A> {
    /// Judges `played` against `best` from their search scores (`None`: the search could not
    /// score them, so nothing is held against the move and the mover stands even) turned into expected scores by
    /// `expected`; `forced` when it was the only legal action.
    pub fn new(
        played: A,
        best: A,
        scores: Option<(i32, i32)>,
        forced: bool,
        expected: impl Fn(i32) -> f64,
    ) -> Judgement<A> {
        let loss = match scores {
            Some((best_score, played_score)) if !forced && played != best => {
                Loss::between(expected(best_score), expected(played_score))
            }
            _ => Loss::default(),
        };
        let standing = expected(scores.map_or(0, |(best_score, _)| best_score));
        Judgement {
            best,
            loss,
            class: Class::of(loss, forced),
            expected: (standing.clamp(0.0, 1.0) * 1000.0).round() as u16,
            reason: None,
        }
    }
}

impl<A: Copy + PartialEq> Judgement<A> {
    /// Judges `played` from a finished search's root: the best action and its score, and every
    /// root action's score (`played` among them when the search judged it exactly).
    pub fn of_root(
        played: A,
        (best, best_score): (A, i32),
        scored: &[(A, i32)],
        forced: bool,
        expected: impl Fn(i32) -> f64,
    ) -> Judgement<A> {
        let played_score = scored
            .iter()
            .find(|&&(action, _)| action == played)
            .map(|&(_, score)| score);
        let scores = played_score.map(|played_score| (best_score, played_score));
        Judgement::new(played, best, scores, forced, expected)
    }
}

/// The share of the game a search score promises the mover among `seats` players: 1/`seats`
/// at 0, towards 1 as the score rises and 0 as it falls, half-way (in its own direction) at
/// `scale`; a score beyond `decided` (a won or lost game) is 1 or 0. Built of square roots
/// and divisions only, which IEEE arithmetic rounds alike on every machine, so a review reads
/// the same everywhere.
pub fn expected_score(score: i32, scale: f64, seats: usize, decided: i32) -> f64 {
    if score > decided {
        return 1.0;
    }
    if score < -decided {
        return 0.0;
    }
    let even = 1.0 / seats.max(2) as f64;
    let x = f64::from(score) / scale;
    // From -1 to 1, with the sign of the score.
    let towards = x / (x * x + 1.0).sqrt();
    if towards >= 0.0 {
        even + (1.0 - even) * towards
    } else {
        even * (1.0 + towards)
    }
}

/// The accuracy of one mover: 100 × (1 − the mean loss over its unforced actions), 100 when
/// every action was forced (or it made none).
pub fn accuracy(judged: impl IntoIterator<Item = (Loss, Class)>) -> f64 {
    let (sum, count) = judged
        .into_iter()
        .filter(|&(_, class)| class != Class::Forced)
        .fold((0u64, 0u64), |(sum, count), (loss, _)| {
            (sum + u64::from(loss.thousandths()), count + 1)
        });
    if count == 0 {
        100.0
    } else {
        100.0 * (1.0 - sum as f64 / 1000.0 / count as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_follow_the_contracts_thresholds() {
        let class = |thousandths: u16| Class::of(Loss(thousandths), false);
        assert_eq!(class(0), Class::Best);
        assert_eq!(class(9), Class::Best);
        assert_eq!(class(10), Class::Good);
        assert_eq!(class(49), Class::Good);
        assert_eq!(class(50), Class::Inaccuracy);
        assert_eq!(class(99), Class::Inaccuracy);
        assert_eq!(class(100), Class::Mistake);
        assert_eq!(class(199), Class::Mistake);
        assert_eq!(class(200), Class::Blunder);
        assert_eq!(class(1000), Class::Blunder);
        assert_eq!(Class::of(Loss(0), true), Class::Forced);
    }

    #[test]
    fn losses_print_with_three_decimals_and_round_to_thousandths() {
        assert_eq!(Loss::between(0.75, 0.5).to_string(), "0.250");
        assert_eq!(Loss::between(1.0, 0.0).to_string(), "1.000");
        assert_eq!(Loss::between(0.5, 0.6).to_string(), "0.000");
        assert_eq!(Loss::between(0.5004, 0.4).to_string(), "0.100");
        assert_eq!(Loss::between(0.50951, 0.5).thousandths(), 10);
    }

    #[test]
    fn the_played_best_move_and_a_forced_one_lose_nothing() {
        let expected = |score: i32| expected_score(score, 100.0, 2, 1000);
        let best = Judgement::new(1, 1, Some((50, 50)), false, expected);
        assert_eq!((best.loss, best.class), (Loss(0), Class::Best));
        let forced = Judgement::new(2, 1, Some((500, -500)), true, expected);
        assert_eq!((forced.loss, forced.class), (Loss(0), Class::Forced));
        let blunder = Judgement::new(2, 1, Some((0, -500)), false, expected);
        assert_eq!(blunder.class, Class::Blunder);
        assert_eq!(blunder.best, 1);
    }

    #[test]
    fn expected_scores_rise_with_the_score_from_an_even_share() {
        assert_eq!(expected_score(0, 100.0, 2, 1000), 0.5);
        assert!((expected_score(0, 100.0, 4, 1000) - 0.25).abs() < 1e-12);
        assert_eq!(expected_score(1001, 100.0, 2, 1000), 1.0);
        assert_eq!(expected_score(-1001, 100.0, 4, 1000), 0.0);
        assert!((expected_score(100, 100.0, 2, 1000) - (0.5 + 0.5 / 2f64.sqrt())).abs() < 1e-12);
        let mut last = 0.0;
        for score in (-1000..=1000).step_by(10) {
            let now = expected_score(score, 100.0, 3, 1000);
            assert!(now > last && now < 1.0, "{score}: {now}");
            last = now;
        }
    }

    #[test]
    fn accuracy_is_the_mean_loss_of_unforced_actions() {
        assert_eq!(accuracy([]), 100.0);
        assert_eq!(accuracy([(Loss(0), Class::Forced)]), 100.0);
        let judged = [
            (Loss(0), Class::Best),
            (Loss(300), Class::Blunder),
            (Loss(0), Class::Forced),
        ];
        assert!((accuracy(judged) - 85.0).abs() < 1e-9);
    }
}
