//! Judging one action of a game for a review (`crate::ai::review`), from the mover's view:
//! face-down pieces are chances over the pool, never their identities.

use super::eval::value;
use super::search::Deepening;
use super::{Limits, WIN, limits};
use crate::ai::Level;
use crate::ai::review::{Judgement, Reason, expected_score};
use crate::rules::junqi::{
    Action, ActionList, Cell, Color, Combat, Kind, Piece, PlayerView, Point,
};
use std::time::Duration;

/// The score (a marshal 100) at which a side is expected to take three quarters of the game:
/// a marshal lost in an even game is a blunder, a platoon hardly a slip.
const SCALE: f64 = 150.0;

/// Judges `played` in `view` with the search of `level` (its nodes, never a clock): the best
/// action there and what `played` lost against it.
pub fn judge_action(
    view: &PlayerView,
    played: Action,
    level: Level,
) -> Result<Judgement<Action>, String> {
    let mut actions = ActionList::new();
    view.legal_actions(&mut actions);
    if !actions.contains(&played) {
        return Err(format!("'{played}' is not legal here"));
    }
    let forced = actions.len() == 1;
    // Scores within a hundred of a won game are decided ones (the search stops there too).
    let expected = |score| expected_score(score, SCALE, 2, WIN - 100);
    let limits = Limits {
        max_time: Duration::MAX,
        margin: 0,
        ..limits(level)
    };
    let Some(mut deepening) = Deepening::new(view, &actions, limits) else {
        return Ok(Judgement::new(played, played, None, forced, expected));
    };
    deepening.judge(played);
    deepening.advance(None);
    Ok(match deepening.result() {
        Some((scored, found)) => {
            let mut judgement = Judgement::of_root(
                played,
                (found.action, found.score),
                &scored,
                forced,
                expected,
            );
            if judgement.wants_reason() {
                judgement.reason = reason(view, played, found.action);
            }
            judgement
        }
        None => {
            let first = deepening.first_action().unwrap_or(played);
            Judgement::new(played, first, None, forced, expected)
        }
    })
}

/// Why `played` is worse than `best`, from what the mover sees: a known piece it cannot beat
/// attacked, the enemy flag left standing, its own flag or a piece left to a known enemy that
/// beats it (face-down pieces threaten nothing known).
fn reason(view: &PlayerView, played: Action, best: Action) -> Option<Reason> {
    let mover = view.side_to_move()?;
    if let Some((attacker, defender)) = attack(view, played)
        && match Combat::resolve(attacker, defender) {
            Combat::DefenderWins => true,
            // Not a trade of equals, nor a bomb thrown on purpose.
            Combat::BothRemoved => defender == Kind::Bomb && attacker != Kind::Bomb,
            _ => false,
        }
    {
        return Some(Reason::RunsInto(attacker.letter(), defender.letter()));
    }
    if let Some((_, Kind::Flag)) = attack(view, best) {
        return Some(Reason::MissesMate);
    }
    let played_threats = threats_after(view, played, mover)?;
    let best_threats = threats_after(view, best, mover)?;
    let new_threats: Vec<Kind> = played_threats
        .into_iter()
        .filter(|kind| !best_threats.contains(kind))
        .collect();
    if new_threats.contains(&Kind::Flag) {
        return Some(Reason::AllowsMate);
    }
    new_threats
        .into_iter()
        .max_by_key(|&kind| value(kind))
        .map(|kind| Reason::Loses(kind.letter()))
}

/// The kinds of the attacker and the defender when `action` attacks a face-up piece.
fn attack(view: &PlayerView, action: Action) -> Option<(Kind, Kind)> {
    let Action::Move { from, to } = action else {
        return None;
    };
    match (view.cell(from), view.cell(to)) {
        (Cell::Up(attacker), Cell::Up(defender)) => Some((attacker.kind, defender.kind)),
        _ => None,
    }
}

/// After `action`, the kinds of `mover`'s face-up pieces that a face-up enemy piece could take
/// next (the flag to any attacker). A flip's piece is not known before it is played: it
/// counts as revealing some piece of the pool, and is left out of the threatened.
fn threats_after(view: &PlayerView, action: Action, mover: Color) -> Option<Vec<Kind>> {
    let mut after = view.clone();
    let revealed = match action {
        Action::Flip(_) => Some(
            Color::ALL
                .into_iter()
                .flat_map(|color| Kind::ALL.map(|kind| Piece { color, kind }))
                .find(|&piece| view.pool_count(piece) > 0)?,
        ),
        Action::Move { .. } => None,
    };
    after.play_hypothetical(action, revealed).ok()?;
    if after.outcome().is_some() {
        return Some(Vec::new());
    }
    let mut threatened = Vec::new();
    for from in Point::all() {
        let Cell::Up(enemy) = after.cell(from) else {
            continue;
        };
        if enemy.color == mover {
            continue;
        }
        for to in after.destinations(from).iter() {
            if let Cell::Up(target) = after.cell(to)
                && action != Action::Flip(to)
                && target.color == mover
                && let Combat::AttackerWins | Combat::FlagCaptured | Combat::FlagBombed =
                    Combat::resolve(enemy.kind, target.kind)
                && !threatened.contains(&target.kind)
            {
                threatened.push(target.kind);
            }
        }
    }
    Some(threatened)
}
