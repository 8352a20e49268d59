//! Judging one move of a game for a review (`crate::ai::review`).

use super::eval::capture_value;
use super::{Deepening, Limits, WIN_BOUND, limits};
use crate::ai::Level;
use crate::ai::review::{Judgement, Material, Reason, expected_score};
use crate::rules::qiguo::{Kind, Move, MoveList, Position};
use std::time::Duration;

/// The evaluation (a seat's strength less the others' average, a Heavy swordsman 100) at
/// which a seat is expected to take half of what lies between its even share and the whole
/// game: a capture of a Swordsman missed is an inaccuracy, as a soldier is in Xiangqi.
const SCALE: f64 = 1500.0;

/// Judges `played` in `position` with the search of `level` (its nodes, never a clock): the
/// best move there and what `played` lost against it, in the mover's share of the game.
pub fn judge_move(
    position: &Position,
    played: Move,
    level: Level,
) -> Result<Judgement<Move>, String> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    if !moves.contains(&played) {
        return Err(format!("'{played}' is not legal here"));
    }
    let forced = moves.len() == 1;
    let seats = position.seating().seat_count();
    let expected = |score| expected_score(score, SCALE, seats, WIN_BOUND);
    let limits = Limits {
        max_time: Duration::MAX,
        margin: 0,
        ..limits(level)
    };
    let Some(mut deepening) = Deepening::new(position, limits) else {
        return Ok(Judgement::new(played, played, None, forced, expected));
    };
    deepening.judge(played);
    deepening.advance(None);
    Ok(match deepening.result() {
        Some((scored, report)) => {
            let mut judgement = Judgement::of_root(
                played,
                (report.best, report.score),
                scored,
                forced,
                expected,
            );
            if judgement.wants_reason() {
                judgement.reason = reason(position, played, &report.pv, limits);
            }
            judgement
        }
        None => Judgement::new(played, deepening.first_move(), None, forced, expected),
    })
}

/// Why `played` is worse than the best line `best`: the material of the engine's line after
/// it (a search from the next state's side) against the best line's.
fn reason(position: &Position, played: Move, best: &[Move], limits: Limits) -> Option<Reason> {
    let mut after = position.clone();
    after.play_unchecked(played);
    let reply_line = Deepening::new(&after, limits)
        .and_then(|mut reply| {
            reply.advance(None);
            Some(reply.result()?.1.pv.clone())
        })
        .unwrap_or_default();
    let played_line: Vec<Move> = std::iter::once(played).chain(reply_line).collect();
    material(position, &played_line)
        .reason_against(&material(position, best), capture_value(Kind::Swordsman))
}

/// Plies of the engine's lines whose captures a reason counts: a round of seven states.
const LINE_PLIES: usize = 7;

/// The captures along the first [`LINE_PLIES`] legal moves of `line` from `position`, for
/// the seat to move there: its states' pieces taken, and those its states took (captures
/// among the others count for neither).
fn material(position: &Position, line: &[Move]) -> Material {
    let seating = position.seating();
    let seat = seating.seat(position.side_to_move());
    let mut position = position.clone();
    let mut material = Material::default();
    for &mv in line.iter().take(LINE_PLIES) {
        if position.outcome().is_some() || !position.is_legal(mv) {
            break;
        }
        let played = position.play_unchecked(mv);
        if let Some(taken) = played.captured {
            let piece = (taken.kind.letter(), capture_value(taken.kind));
            if seating.seat(taken.state) == seat {
                material.lost.push(piece);
            } else if seating.seat(played.mover) == seat {
                material.won.push(piece);
            }
        }
    }
    material
}
