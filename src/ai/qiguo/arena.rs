//! Qiguo's arena: games between two levels, A and B, sharing the seats of one table. Seats
//! alternate between the two (A takes seats 1, 3, … in even games and 2, 4, … in odd ones),
//! and games 2k and 2k+1 open with the same random first round, so over a pair each level
//! plays each seat's part.

use super::{Limits, choose_move_within, limits};
use crate::ai::Level;
pub use crate::ai::arena::{Result, Tally};
use crate::rules::qiguo::{Ending, MoveList, Position, Seat, Seating, State};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use std::time::{Duration, Instant};

/// A level as an arena plays it: limited by nodes only, so a game is reproducible.
pub fn arena_limits(level: Level) -> Limits {
    Limits {
        max_time: Duration::from_secs(3600),
        ..limits(level)
    }
}

/// Whether A plays `seat` in game `index`.
pub fn a_plays(seat: Seat, index: u64) -> bool {
    (seat.index() as u64 + index).is_multiple_of(2)
}

/// One finished arena game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// Index of the game (pairs are 2k and 2k+1).
    pub index: u64,
    pub result: Result,
    pub ending: Ending,
    /// Moves after the opening round.
    pub plies: u32,
    /// Time A and B spent thinking, and how many moves each chose.
    pub a_time: Duration,
    pub a_moves: u32,
    pub b_time: Duration,
    pub b_moves: u32,
}

/// Plays game `index` of an arena seeded with `seed` between levels A and B at a table of
/// `seating`.
pub fn play_game(a: Level, b: Level, seating: Seating, seed: u64, index: u64) -> GameReport {
    let mut position = Position::start(seating);
    // The opening: one random move for each state, the same for both games of a pair.
    let mut opening = Xoshiro256PlusPlus::seed_from_u64(seed ^ (index / 2).wrapping_mul(0x9e37));
    let mut moves = MoveList::new();
    for _ in State::ALL {
        position.legal_moves(&mut moves);
        let Some(&mv) = moves.choose(&mut opening) else {
            break;
        };
        position.play_unchecked(mv);
    }
    let (a_limits, b_limits) = (arena_limits(a), arena_limits(b));
    let mut report = GameReport {
        index,
        result: Result::Draw,
        ending: Ending::QuietLimit,
        plies: 0,
        a_time: Duration::ZERO,
        a_moves: 0,
        b_time: Duration::ZERO,
        b_moves: 0,
    };
    let outcome = loop {
        if let Some(outcome) = position.outcome() {
            break outcome;
        }
        let a_to_move = a_plays(seating.seat(position.side_to_move()), index);
        let (level, limits) = if a_to_move {
            (a, a_limits)
        } else {
            (b, b_limits)
        };
        let move_seed = seed ^ index.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ u64::from(report.plies);
        let started = Instant::now();
        let chosen = choose_move_within(&position, level, limits, move_seed);
        let spent = started.elapsed();
        if a_to_move {
            report.a_time += spent;
            report.a_moves += 1;
        } else {
            report.b_time += spent;
            report.b_moves += 1;
        }
        report.plies += 1;
        let mv = chosen.expect("a game that goes on has a move");
        position.play_unchecked(mv);
    };
    let (mut a_won, mut b_won) = (false, false);
    for seat in outcome.winners() {
        if a_plays(seat, index) {
            a_won = true;
        } else {
            b_won = true;
        }
    }
    report.result = match (a_won, b_won) {
        (true, false) => Result::Win,
        (false, true) => Result::Loss,
        _ => Result::Draw,
    };
    report.ending = outcome.ending;
    report
}
