//! Qiguo's arena: games between two levels, A and B, at one table. Seven states never split
//! evenly between two players, and the side with more states nearly always wins, so A and B
//! each take one seat of the same size (as many states) and the field, a third level, plays
//! the other seats. Games 2k and 2k+1 seat A and B the other way round after the same random
//! first round; successive pairs go round the pairs of equal seats.

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

/// Every pair of seats with as many states each, in seat order.
fn equal_seat_pairs(seating: Seating) -> Vec<(Seat, Seat)> {
    let size = |seat: Seat| seating.states(seat).count();
    let seats: Vec<Seat> = seating.seats().collect();
    let mut pairs = Vec::new();
    for (index, &first) in seats.iter().enumerate() {
        for &second in &seats[index + 1..] {
            if size(first) == size(second) {
                pairs.push((first, second));
            }
        }
    }
    pairs
}

/// The seats of A and B in game `index` of an arena seeded with `seed`; `None` when no two
/// seats have as many states.
pub fn seats_of(seating: Seating, seed: u64, index: u64) -> Option<(Seat, Seat)> {
    let pairs = equal_seat_pairs(seating);
    let pair = *pairs.get((seed.wrapping_add(index / 2) % pairs.len().max(1) as u64) as usize)?;
    Some(if index.is_multiple_of(2) {
        pair
    } else {
        (pair.1, pair.0)
    })
}

/// One finished arena game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// Index of the game (pairs are 2k and 2k+1).
    pub index: u64,
    /// A's seat and B's.
    pub seats: (Seat, Seat),
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

/// Plays game `index` of an arena seeded with `seed` between levels A and B, with `field`
/// on the other seats of a table of `seating`; `None` when no two seats have as many states.
pub fn play_game(
    a: Level,
    b: Level,
    field: Level,
    seating: Seating,
    seed: u64,
    index: u64,
) -> Option<GameReport> {
    let (a_seat, b_seat) = seats_of(seating, seed, index)?;
    let mut position = Position::start(seating);
    // The opening: one random move for each state, the same for both games of a pair.
    let mut opening =
        Xoshiro256PlusPlus::seed_from_u64(seed ^ (index / 2).wrapping_mul(0x9e37_79b9));
    let mut moves = MoveList::new();
    for _ in State::ALL {
        position.legal_moves(&mut moves);
        let Some(&mv) = moves.choose(&mut opening) else {
            break;
        };
        position.play_unchecked(mv);
    }
    let mut report = GameReport {
        index,
        seats: (a_seat, b_seat),
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
        let seat = seating.seat(position.side_to_move());
        let level = match seat {
            seat if seat == a_seat => a,
            seat if seat == b_seat => b,
            _ => field,
        };
        let move_seed = seed ^ index.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ u64::from(report.plies);
        let started = Instant::now();
        let chosen = choose_move_within(&position, level, arena_limits(level), move_seed);
        let spent = started.elapsed();
        if seat == a_seat {
            report.a_time += spent;
            report.a_moves += 1;
        } else if seat == b_seat {
            report.b_time += spent;
            report.b_moves += 1;
        }
        report.plies += 1;
        let mv = chosen.expect("a game that goes on has a move");
        position.play_unchecked(mv);
    };
    let a_won = outcome.winners().any(|seat| seat == a_seat);
    let b_won = outcome.winners().any(|seat| seat == b_seat);
    report.result = match (a_won, b_won) {
        (true, false) => Result::Win,
        (false, true) => Result::Loss,
        _ => Result::Draw,
    };
    report.ending = outcome.ending;
    Some(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_and_b_sit_on_seats_of_equal_size_and_swap_in_a_pair() {
        for players in 3..=7 {
            let seating = Seating::for_players(players).unwrap();
            for index in 0..10 {
                let (a, b) = seats_of(seating, 4, index).expect("two equal seats");
                assert_ne!(a, b);
                assert_eq!(seating.states(a).count(), seating.states(b).count());
                let partner = index ^ 1;
                assert_eq!(seats_of(seating, 4, partner), Some((b, a)));
            }
        }
        // Three seats: Chu and Han against Qi and Wei, Zhao, Yan and Qin are the field's.
        let three = Seating::for_players(3).unwrap();
        let (a, b) = seats_of(three, 0, 0).unwrap();
        assert_eq!((a.number(), b.number()), (2, 3));
    }
}
