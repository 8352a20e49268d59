//! Junqi's arena: paired games between two computer levels, the same deal twice with seats
//! swapped, and how the flag races went.

use super::{Limits, choose_action_within, limits};
use crate::ai::Level;
pub use crate::ai::arena::{Result, Tally};
use crate::rules::junqi::{Color, Effect, Kind, Outcome, PlayerView, Position, Ruleset};
use std::time::{Duration, Instant};

/// The first flag turned face up in a game: whose it was and who turned it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FirstFlag {
    /// Whether the flag was A's.
    pub owner_is_a: bool,
    /// Whether its owner turned it.
    pub shown_by_owner: bool,
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
    /// The first flag shown, if any was.
    pub first_flag: Option<FirstFlag>,
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
        ..limits(level)
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
        first_flag: None,
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
        // Before the first flip nobody has a colour: the flip gives the mover one.
        let mover = view.side_to_move();
        let effect = position
            .play(action)
            .expect("the computer plays legal actions");
        if let Effect::Flipped {
            piece,
            colours_fixed,
        } = effect
            && piece.kind == Kind::Flag
            && report.first_flag.is_none()
        {
            let shown_by_owner = colours_fixed.or(mover) == Some(piece.color);
            report.first_flag = Some(FirstFlag {
                owner_is_a: shown_by_owner == a_to_move,
                shown_by_owner,
            });
        }
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
    /// Results and times.
    pub tally: Tally,
    /// Games whose first flag shown was A's (index 0) or B's (1), by who showed it (0: its
    /// owner, 1: the enemy): how many, and how many of them the flag's owner lost.
    pub first_flags: [[FlagRaces; 2]; 2],
}

/// How often a flag shown first was lost.
#[derive(Clone, Copy, Debug, Default)]
pub struct FlagRaces {
    /// Games whose first flag shown was of this kind.
    pub games: u32,
    /// How many of them the flag's owner lost.
    pub owner_lost: u32,
    /// How many of them were drawn.
    pub drawn: u32,
}

impl FlagRaces {
    fn share_lost(self) -> f64 {
        self.owner_lost as f64 / self.games.max(1) as f64
    }

    /// The flag's owner's score in these games (wins + draws / 2) / games.
    fn owner_score(self) -> f64 {
        ((self.games - self.owner_lost) as f64 - self.drawn as f64 / 2.0) / self.games.max(1) as f64
    }

    /// Both kinds of games together.
    fn and(self, other: FlagRaces) -> FlagRaces {
        FlagRaces {
            games: self.games + other.games,
            owner_lost: self.owner_lost + other.owner_lost,
            drawn: self.drawn + other.drawn,
        }
    }
}

impl Summary {
    /// Adds a finished game.
    pub fn add(&mut self, report: &GameReport) {
        self.tally.add(
            report.result,
            (report.a_time, report.a_moves),
            (report.b_time, report.b_moves),
        );
        if let Some(flag) = report.first_flag {
            let owner_lost = report.result
                == if flag.owner_is_a {
                    Result::Loss
                } else {
                    Result::Win
                };
            let races = &mut self.first_flags[usize::from(!flag.owner_is_a)]
                [usize::from(!flag.shown_by_owner)];
            races.games += 1;
            races.owner_lost += u32::from(owner_lost);
            races.drawn += u32::from(report.result == Result::Draw);
        }
    }

    /// Games in which no flag was shown.
    fn no_flag_shown(&self) -> u32 {
        let shown: u32 = self
            .first_flags
            .iter()
            .flatten()
            .map(|races| races.games)
            .sum();
        self.tally.games() - shown
    }

    /// Whose flag was shown first and how often its owner lost, e.g. `first flag shown: A's
    /// 212 (lost 0.77: shown by A 85 lost 0.69, by B 127 lost 0.82), B's 188 (…), none 0;
    /// even-luck score 0.589`. Games between players who attack well are decided by whose flag
    /// is shown first; this shows how well each side defends a shown flag and attacks one, and
    /// [`Summary::even_luck_score`].
    pub fn flag_line(&self) -> String {
        let seat = |index: usize, owner: &str, enemy: &str| {
            let [by_owner, by_enemy] = self.first_flags[index];
            let all = by_owner.and(by_enemy);
            format!(
                "{owner}'s {} (lost {:.2}: shown by {owner} {} lost {:.2}, by {enemy} {} lost {:.2})",
                all.games,
                all.share_lost(),
                by_owner.games,
                by_owner.share_lost(),
                by_enemy.games,
                by_enemy.share_lost()
            )
        };
        let even_luck = self
            .even_luck_score()
            .map_or("-".to_string(), |score| format!("{score:.3}"));
        format!(
            "first flag shown: {}, {}, none {}; even-luck score {even_luck}",
            seat(0, "A", "B"),
            seat(1, "B", "A"),
            self.no_flag_shown()
        )
    }

    /// A's score had each side's flag been shown first in half the games: the mean of A's
    /// score when its flag was shown first and when B's was. Whose flag shows first is a coin
    /// flip whatever the players do (a flip draws from the pool nobody can see), and the largest
    /// part of an arena's noise; this leaves it out. `None` until both have happened.
    pub fn even_luck_score(&self) -> Option<f64> {
        let [a_flag, b_flag] = self
            .first_flags
            .map(|[by_owner, by_enemy]| by_owner.and(by_enemy));
        (a_flag.games > 0 && b_flag.games > 0)
            .then(|| (a_flag.owner_score() + 1.0 - b_flag.owner_score()) / 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::junqi::{Cell, Point};

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
    fn the_first_flag_shown_is_recorded_with_its_owner_and_who_turned_it() {
        let mut seen = 0;
        for index in 0..8 {
            // Watch the game: the first position with a face-up flag follows its flip.
            let mut before: Option<PlayerView> = None;
            let mut expected = None;
            let game = play_game_observed(Level::Easy, Level::Random, 5, index, |view| {
                let flag_up = Point::all().find_map(|point| match view.cell(point) {
                    Cell::Up(piece) if piece.kind == Kind::Flag => Some(piece.color),
                    _ => None,
                });
                if let (Some(owner), Some(previous), None) = (flag_up, &before, expected) {
                    let mover_is_a = previous.first_player_to_move() == index.is_multiple_of(2);
                    // The first flip of all gives its mover the flag's colour.
                    let shown_by_owner = previous.side_to_move().is_none_or(|mover| mover == owner);
                    expected = Some(FirstFlag {
                        owner_is_a: shown_by_owner == mover_is_a,
                        shown_by_owner,
                    });
                }
                before = Some(view.clone());
            });
            assert_eq!(game.first_flag, expected, "game {index}");
            if let Some(flag) = expected {
                seen += 1;
                let mut summary = Summary::default();
                summary.add(&game);
                let races = summary.first_flags[usize::from(!flag.owner_is_a)]
                    [usize::from(!flag.shown_by_owner)];
                assert_eq!(races.games, 1);
                let owner_won = game.result
                    == if flag.owner_is_a {
                        Result::Win
                    } else {
                        Result::Loss
                    };
                assert_eq!(
                    races.owner_lost,
                    u32::from(!owner_won && game.result != Result::Draw)
                );
            }
        }
        assert!(seen >= 6, "only {seen} games showed a flag");
    }

    #[test]
    fn flag_line_gives_the_share_of_first_flags_lost_and_the_even_luck_score() {
        let mut summary = Summary::default();
        assert_eq!(summary.even_luck_score(), None);
        summary.first_flags[0][0] = FlagRaces {
            games: 4,
            owner_lost: 3,
            drawn: 0,
        };
        summary.first_flags[0][1] = FlagRaces {
            games: 6,
            owner_lost: 6,
            drawn: 0,
        };
        assert_eq!(summary.even_luck_score(), None);
        summary.first_flags[1][1] = FlagRaces {
            games: 5,
            owner_lost: 1,
            drawn: 1,
        };
        // Those 15 games and 2 more without a flag shown, from A's side.
        summary.tally.wins = 2;
        summary.tally.draws = 3;
        summary.tally.losses = 12;
        // A scores 0.1 when its flag shows first, 1 - 0.7 when B's does (B's owner score:
        // three wins and a draw in five).
        assert_eq!(
            summary.flag_line(),
            "first flag shown: A's 10 (lost 0.90: shown by A 4 lost 0.75, by B 6 lost 1.00), \
             B's 5 (lost 0.20: shown by B 0 lost 0.00, by A 5 lost 0.20), none 2; \
             even-luck score 0.200"
        );
    }
}
