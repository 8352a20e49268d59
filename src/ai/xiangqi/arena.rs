//! Xiangqi's arena: paired games from a small opening book, the same opening twice with
//! colours swapped, between any two players (a level, or an outside engine the caller wraps).

use super::{Limits, Table, Thinker, node_limits};
use crate::ai::Level;
pub use crate::ai::arena::{Result, Tally};
use crate::rules::xiangqi::{Color, Game, Move, Outcome, Position};
use std::sync::LazyLock;
use std::time::{Duration, Instant};

/// The opening book: lines of ICCS moves from the start (`#` starts a comment).
const OPENINGS: &str = include_str!("openings.txt");

/// The book's lines, parsed once.
pub fn openings() -> &'static [Vec<Move>] {
    static BOOK: LazyLock<Vec<Vec<Move>>> = LazyLock::new(parse_book);
    &BOOK
}

fn parse_book() -> Vec<Vec<Move>> {
    OPENINGS
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            line.split_whitespace()
                .map(|mv| mv.parse().expect("the book holds ICCS moves"))
                .collect()
        })
        .collect()
}

/// Someone who plays arena games.
pub trait Player {
    /// The move for the side to move in `game`; `seed` varies a level's choices.
    fn choose(&mut self, game: &Game, seed: u64) -> std::result::Result<Move, String>;
}

/// What bounds each move of an arena's players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// Levels search their node limits (reproducible); outside engines think a second.
    Levels,
    /// Every player thinks this long a move.
    Time(Duration),
    /// Every player searches about this many nodes a move (Easy keeps its two plies), so that
    /// two engines compare the same on any machine, however loaded.
    Nodes(u64),
}

impl Pace {
    /// The pace of game `index`: at `Pace::Nodes`, each pass through the book searches an
    /// eighth more nodes than the one before, so that two engines whose searches repeat do
    /// not play the same games again.
    pub fn for_game(self, index: u64) -> Pace {
        match self {
            Pace::Nodes(nodes) => {
                let pass = index / (2 * openings().len() as u64);
                Pace::Nodes(nodes + nodes * pass / 8)
            }
            other => other,
        }
    }
}

/// A computer level of this project, limited by nodes (reproducible) unless a time per move
/// is given.
pub struct LevelPlayer {
    pub level: Level,
    pub limits: Limits,
    /// The last move's transposition table, which the next move's search starts from.
    table: Option<Table>,
}

impl LevelPlayer {
    /// `level` at `pace`.
    pub fn new(level: Level, pace: Pace) -> LevelPlayer {
        let level_limits = node_limits(level);
        let max_depth = if level == Level::Easy {
            level_limits.max_depth
        } else {
            64
        };
        let limits = match pace {
            Pace::Levels => Limits {
                max_time: Duration::from_secs(3600),
                ..level_limits
            },
            Pace::Time(time) => Limits {
                max_time: time,
                max_nodes: u64::MAX,
                max_depth,
                ..level_limits
            },
            Pace::Nodes(nodes) => Limits {
                max_time: Duration::from_secs(3600),
                max_nodes: nodes,
                max_depth,
                ..level_limits
            },
        };
        LevelPlayer {
            level,
            limits,
            table: None,
        }
    }
}

impl Player for LevelPlayer {
    fn choose(&mut self, game: &Game, seed: u64) -> std::result::Result<Move, String> {
        let table = self.table.take();
        let mut thinker = Thinker::with_table(game, self.level, self.limits, seed, table);
        let chosen = crate::ai::think_to_the_end(|| thinker.think(None));
        self.table = thinker.into_table();
        chosen.ok_or_else(|| "no move in a game that goes on".to_string())
    }
}

/// How an arena game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules.
    Rules(Outcome),
    /// A player failed to give a legal move (an outside engine that crashed, hung or
    /// answered an illegal move) and lost.
    Forfeit { loser: Color, why: String },
}

impl Ending {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Ending::Rules(outcome) => outcome.winner,
            Ending::Forfeit { loser, .. } => Some(loser.opponent()),
        }
    }
}

/// One finished arena game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// Index of the game (pairs are 2k and 2k+1).
    pub index: u64,
    /// Whether A played Red (who moves first).
    pub a_red: bool,
    pub result: Result,
    pub ending: Ending,
    /// Plies after the opening.
    pub plies: u32,
    /// Every move of the game, the opening's first.
    pub moves: Vec<Move>,
    /// Time A and B spent thinking, and how many moves each chose.
    pub a_time: Duration,
    pub a_moves: u32,
    pub b_time: Duration,
    pub b_moves: u32,
}

/// Plays game `index` of an arena seeded with `seed` between A and B: games 2k and 2k+1
/// start from the same book line, A playing Red in the even one. A player that fails (an
/// outside engine that stops answering or answers an illegal move) loses the game.
pub fn play_game(
    a: &mut dyn Player,
    b: &mut dyn Player,
    seed: u64,
    index: u64,
) -> std::result::Result<GameReport, String> {
    let book = openings();
    let line = &book[((seed as usize).wrapping_mul(7) + (index / 2) as usize) % book.len()];
    let mut game = Game::new(Position::start());
    for &mv in line {
        game.play(mv).map_err(|e| format!("opening book: {e}"))?;
    }
    let a_red = index.is_multiple_of(2);
    let mut report = GameReport {
        index,
        a_red,
        result: Result::Draw,
        ending: Ending::Forfeit {
            loser: Color::Red,
            why: String::new(),
        },
        plies: 0,
        moves: Vec::new(),
        a_time: Duration::ZERO,
        a_moves: 0,
        b_time: Duration::ZERO,
        b_moves: 0,
    };
    let a_color = if a_red { Color::Red } else { Color::Black };
    let ending = loop {
        if let Some(outcome) = game.outcome() {
            break Ending::Rules(outcome);
        }
        let mover = game.position().side_to_move();
        let a_to_move = mover == a_color;
        let player: &mut dyn Player = if a_to_move { &mut *a } else { &mut *b };
        let started = Instant::now();
        let move_seed =
            seed ^ index.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ game.moves().len() as u64;
        let chosen = player.choose(&game, move_seed);
        let spent = started.elapsed();
        if a_to_move {
            report.a_time += spent;
            report.a_moves += 1;
        } else {
            report.b_time += spent;
            report.b_moves += 1;
        }
        report.plies += 1;
        let played = chosen.and_then(|mv| game.play(mv).map_err(|e| e.to_string()));
        if let Err(why) = played {
            break Ending::Forfeit { loser: mover, why };
        }
    };
    report.result = match ending.winner() {
        None => Result::Draw,
        Some(winner) if winner == a_color => Result::Win,
        Some(_) => Result::Loss,
    };
    report.ending = ending;
    report.moves = game.moves().iter().map(|played| played.mv).collect();
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_book_is_legal_and_varied() {
        let book = openings();
        assert!(book.len() >= 20, "{}", book.len());
        let mut ends = std::collections::HashSet::new();
        for line in book {
            let mut game = Game::new(Position::start());
            for &mv in line {
                game.play(mv).unwrap_or_else(|e| panic!("{line:?}: {e}"));
            }
            assert!(
                ends.insert(game.position().key()),
                "two lines end alike: {line:?}"
            );
        }
    }

    #[test]
    fn paired_games_swap_colours_and_are_reproducible() {
        let mut easy = LevelPlayer::new(Level::Easy, Pace::Levels);
        let mut random = LevelPlayer::new(Level::Random, Pace::Levels);
        let first = play_game(&mut easy, &mut random, 3, 0).expect("a game");
        let again = play_game(&mut easy, &mut random, 3, 0).expect("a game");
        assert_eq!(first.plies, again.plies);
        assert_eq!(first.ending, again.ending);
        assert!(first.a_red);
        let second = play_game(&mut easy, &mut random, 3, 1).expect("a game");
        let book_pass = 2 * openings().len() as u64;
        assert_eq!(Pace::Nodes(800).for_game(book_pass - 1), Pace::Nodes(800));
        assert_eq!(Pace::Nodes(800).for_game(book_pass), Pace::Nodes(900));
        assert!(!second.a_red);
        // Easy beats a random mover.
        assert_eq!(first.result, Result::Win, "{first:?}");
        assert_eq!(second.result, Result::Win, "{second:?}");
    }
}
