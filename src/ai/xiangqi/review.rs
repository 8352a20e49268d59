//! Judging one move of a game for a review (`crate::ai::review`).

use super::eval::value;
use super::{Deepening, Limits, MATE, MATE_BOUND, Report, node_limits};
use crate::ai::Level;
use crate::ai::review::{Judgement, Material, Reason, expected_score};
use crate::rules::xiangqi::{Game, Kind, Move, MoveList, Position};
use std::time::Duration;

/// The score, in centipawns, at which a side is expected to take three quarters of the game:
/// a soldier lost in an even game is an inaccuracy, a horse a blunder.
const SCALE: f64 = 600.0;

/// Judges `played` in the game's current position with the search of `level` (its nodes,
/// never a clock): the best move there and what `played` lost against it.
pub fn judge_move(game: &Game, played: Move, level: Level) -> Result<Judgement<Move>, String> {
    let mut moves = MoveList::new();
    game.position().legal_moves(&mut moves);
    if !moves.contains(&played) {
        return Err(format!("'{played}' is not legal here"));
    }
    let forced = moves.len() == 1;
    let expected = |score| expected_score(score, SCALE, 2, MATE_BOUND);
    let limits = Limits {
        max_time: Duration::MAX,
        margin: 0,
        ..node_limits(level)
    };
    let Some(mut deepening) = Deepening::new(game, limits) else {
        return Ok(Judgement::new(played, played, None, forced, expected));
    };
    deepening.judge(played);
    deepening.advance(None, &mut |_| {});
    Ok(match deepening.result() {
        Some((scored, report)) => {
            let mut judgement = Judgement::of_root(
                played,
                (report.pv[0], report.score),
                scored,
                forced,
                expected,
            );
            if judgement.wants_reason() {
                judgement.reason = reason(game, played, report, limits);
            }
            judgement
        }
        None => Judgement::new(played, deepening.first_move(), None, forced, expected),
    })
}

/// Plies of the engine's lines whose captures a reason counts.
const LINE_PLIES: usize = 5;

/// Plies within which a mate is a reason of its own (a mate in three moves at most); a longer
/// one is a matter of material first.
const NEAR_MATE_PLIES: i32 = 6;

/// Why `played` is worse than the best line `best` found: a near mate allowed or missed, or
/// the material of the engine's line after it against the best line's (a check that wins it
/// named as such).
fn reason(game: &Game, played: Move, best: &Report, limits: Limits) -> Option<Reason> {
    let mut after = game.clone();
    after.play(played).ok()?;
    let mut reply = Deepening::new(&after, limits)?;
    reply.advance(None, &mut |_| {});
    let (_, reply) = reply.result()?;
    if reply.score >= MATE - NEAR_MATE_PLIES {
        return Some(Reason::AllowsMate);
    }
    if best.score >= MATE - NEAR_MATE_PLIES {
        return Some(Reason::MissesMate);
    }
    let played_line: Vec<Move> = std::iter::once(played)
        .chain(reply.pv.iter().copied())
        .collect();
    let reason = material(game.position(), &played_line)
        .reason_against(&material(game.position(), &best.pv), value(Kind::Soldier));
    match reason {
        Some(Reason::MissesWinning(piece))
            if gives_check(game.position(), best.pv[0])
                && !gives_check(game.position(), played) =>
        {
            Some(Reason::MissesCheck(piece))
        }
        reason => reason,
    }
}

/// Whether `mv`, legal in `position`, checks the other side's general.
fn gives_check(position: &Position, mv: Move) -> bool {
    let mut after = position.clone();
    after.play_unchecked(mv);
    after.in_check(after.side_to_move())
}

/// The captures along the first [`LINE_PLIES`] legal moves of `line` from `position`, for
/// the side to move there.
fn material(position: &Position, line: &[Move]) -> Material {
    let mover = position.side_to_move();
    let mut position = position.clone();
    let mut material = Material::default();
    for &mv in line.iter().take(LINE_PLIES) {
        if !position.is_legal(mv) {
            break;
        }
        if let Some(taken) = position.play_unchecked(mv) {
            let piece = (taken.kind().letter(), value(taken.kind()));
            if taken.color() == mover {
                material.lost.push(piece);
            } else {
                material.won.push(piece);
            }
        }
    }
    material
}
