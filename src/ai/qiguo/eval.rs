//! The evaluation: what a position is worth to one seat. Material keeps a state alive and
//! captures are the score, so a seat's strength is its pieces on the board (by the 13th-century
//! values the contract quotes) plus what its states captured; the evaluation is the seat's
//! strength less the others' average.

use crate::rules::qiguo::{Kind, Piece, Position, Seat, State};

/// A won game, less the plies it takes to win it.
pub const WIN: i32 = 100_000;
/// Scores beyond this are won or lost games.
pub const WIN_BOUND: i32 = WIN - 1_000;
/// One captured piece: one point of score.
const CAPTURE: i32 = 100;
/// One captured Ruler, on top of the piece: half of the way to the hegemony.
const RULER_CAPTURE: i32 = 600;

/// A piece's worth on the board, in hundredths of a Heavy swordsman: the contract's values
/// (General 5, Officer 4, Catapult 3, Cavalry 2, the rest 1). The Ruler's worth is its whole
/// army, which leaves the board with it; the Diplomat can neither take nor be taken.
pub const fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Ruler | Kind::Diplomat => 0,
        Kind::General => 500,
        Kind::Officer => 400,
        Kind::Catapult => 300,
        Kind::Cavalry => 200,
        Kind::Archer | Kind::Crossbowman | Kind::Swordsman | Kind::HeavySwordsman => 100,
    }
}

/// What a capture of `kind` is worth to the capturer.
pub const fn capture_value(kind: Kind) -> i32 {
    match kind {
        Kind::Ruler => CAPTURE + RULER_CAPTURE,
        kind => CAPTURE + value(kind),
    }
}

/// A seat's own Ruler attacked by an enemy: the army is likely lost, and a Ruler point given.
const OWN_RULER_ATTACKED: i32 = 600;
/// An enemy Ruler attacked by the seat: others may move first, so worth less than a capture.
const ENEMY_RULER_ATTACKED: i32 = 150;

/// Each seat's strength: material of its states plus its captures, by seat index.
fn strengths(position: &Position) -> [i32; 7] {
    let seating = position.seating();
    let mut strength = [0; 7];
    for state in State::ALL {
        let material: i32 = Kind::ALL
            .iter()
            .map(|&kind| value(kind) * position.count(Piece::new(state, kind)) as i32)
            .sum();
        strength[seating.seat(state).index()] += material
            + CAPTURE * position.captures(state) as i32
            + RULER_CAPTURE * position.rulers_captured(state) as i32;
    }
    strength
}

/// The position's worth to `seat`: its strength less the average of the other seats'.
pub fn evaluate(position: &Position, seat: Seat) -> i32 {
    evaluate_against(position, seat, false)
}

/// [`evaluate`], or with `leader` the seat's strength less the mean of the others' average and
/// their strongest: only the highest score wins, so the leader's gains count for more.
pub fn evaluate_against(position: &Position, seat: Seat, leader: bool) -> i32 {
    let strength = strengths(position);
    let seats = position.seating().seat_count();
    let others = (0..seats)
        .filter(|&index| index != seat.index())
        .map(|index| strength[index]);
    let average = others.clone().sum::<i32>() / (seats as i32 - 1).max(1);
    let against = if leader {
        (average + others.max().unwrap_or(0)) / 2
    } else {
        average
    };
    strength[seat.index()] - against + ruler_danger(position, seat)
}

/// What the attacks on the Rulers mean to `seat`: its own Rulers under attack by any enemy,
/// and enemy Rulers under its own attack.
fn ruler_danger(position: &Position, seat: Seat) -> i32 {
    let seating = position.seating();
    State::ALL
        .into_iter()
        .filter_map(|state| position.ruler(state).map(|point| (state, point)))
        .map(|(state, point)| {
            if seating.seat(state) == seat {
                if position.is_attacked_by(point, |attacker| seating.seat(attacker) != seat) {
                    -OWN_RULER_ATTACKED
                } else {
                    0
                }
            } else if position.is_attacked_by(point, |attacker| seating.seat(attacker) == seat) {
                ENEMY_RULER_ATTACKED
            } else {
                0
            }
        })
        .sum()
}

/// The share of a piece's worth an enemy's attack on it costs: it may be lost before its
/// seat moves again, or it may be defended.
const THREATENED_PERCENT: i32 = 40;

/// Pieces worth less than this are not looked at: the look is costly, and they are many.
const THREATENED_FROM_VALUE: i32 = 200;

/// What the enemies' attacks on `seat`'s major pieces (Cavalry and up; its Rulers aside,
/// which [`evaluate`] weighs) cost it.
pub fn threatened(position: &Position, seat: Seat) -> i32 {
    let seating = position.seating();
    position
        .pieces()
        .filter(|(_, piece)| {
            seating.seat(piece.state) == seat && value(piece.kind) >= THREATENED_FROM_VALUE
        })
        .filter(|&(point, _)| position.is_attacked_by(point, |state| seating.seat(state) != seat))
        .map(|(_, piece)| value(piece.kind) * THREATENED_PERCENT / 100)
        .sum()
}
