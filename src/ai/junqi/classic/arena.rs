//! Junqi classic's arena: paired games between two levels — the same two deployments twice,
//! seats swapped — each player reading only its own side's line.

use super::{ClassicLimits, choose_move, deployment_style, limits};
use crate::ai::Level;
use crate::rules::junqi::classic::{ClassicGame, ClassicPosition, Deployment};
use crate::rules::junqi::{Color, DEFAULT_QUIET_PLY_LIMIT, Outcome};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use std::time::Duration;
use web_time::Instant;

/// One finished arena game.
#[derive(Clone, Debug)]
pub struct ArenaGame {
    /// Index of the game (pairs are 2k and 2k+1).
    pub index: u64,
    /// Whether A played Red (and moved first).
    pub a_first: bool,
    /// A's score: 1 a win, ½ a draw, 0 a loss.
    pub a_score: f64,
    pub outcome: Outcome,
    pub plies: u32,
    /// The longest any move took to choose.
    pub slowest_move: Duration,
}

/// The limits used in the arena: the level's nodes without its clock, so that games replay
/// from the seed on any machine.
fn arena_limits(level: Level) -> ClassicLimits {
    let mut limits = limits(level);
    limits.search.max_time = Duration::from_secs(3600);
    limits
}

/// Plays game `index` of an arena seeded with `seed`: games 2k and 2k+1 share the two
/// deployments, and A plays Red (moving first) in the even one.
pub fn play_game(a: Level, b: Level, seed: u64, index: u64) -> ArenaGame {
    let a_first = index.is_multiple_of(2);
    let (red_level, blue_level) = if a_first { (a, b) } else { (b, a) };
    let pair = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (index / 2);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(pair);
    // The deployments belong to the seats, so both levels play each of them once a pair.
    let red = Deployment::generate(
        Color::Red,
        deployment_style(if a_first { a } else { b }),
        &mut rng,
    );
    let blue = Deployment::generate(
        Color::Blue,
        deployment_style(if a_first { b } else { a }),
        &mut rng,
    );
    let mut game = ClassicGame::new(ClassicPosition::start(&red, &blue, DEFAULT_QUIET_PLY_LIMIT));
    let mut slowest_move = Duration::ZERO;
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break outcome;
        }
        let mover = game.position().side_to_move();
        let level = if mover == Color::Red {
            red_level
        } else {
            blue_level
        };
        let line = game.line(mover, game.actions().len());
        let move_seed = pair ^ u64::from(game.position().ply()) << 32 ^ index;
        let started = Instant::now();
        let (action, _) = choose_move(&line, level, arena_limits(level), move_seed)
            .expect("a computer can always read its own line");
        slowest_move = slowest_move.max(started.elapsed());
        game.play(action).expect("the computer plays legal moves");
    };
    let a_colour = if a_first { Color::Red } else { Color::Blue };
    let a_score = match outcome {
        Outcome::Win { winner, .. } if winner == a_colour => 1.0,
        Outcome::Win { .. } => 0.0,
        Outcome::Draw(_) => 0.5,
    };
    ArenaGame {
        index,
        a_first,
        a_score,
        outcome,
        plies: game.position().ply(),
        slowest_move,
    }
}
