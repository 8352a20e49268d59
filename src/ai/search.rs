//! Expectimax search over a player view: alpha-beta at decision nodes, exact expectation over
//! the public pool at flips, capture-only quiescence, iterative deepening and a transposition
//! table. It never sees a face-down identity: flips are chance events.

use super::eval::{WIN, evaluate, value};
use crate::rules::junqi::{
    Action, ActionList, Cell, Effect, Kind, Outcome, Piece, PlayerView, Point,
};
use std::time::{Duration, Instant};

/// Limits on one search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The deepest iteration, in plies (a flip costs two).
    pub max_depth: i32,
    /// Stop after about this many nodes (keeps results reproducible).
    pub max_nodes: u64,
    /// Never think longer than this.
    pub max_time: Duration,
    /// Root actions scoring within this much of the best get exact scores (others only bounds).
    pub margin: i32,
}

/// The result of a search: the best action and its score for the side to move.
#[derive(Clone, Copy, Debug)]
pub struct Found {
    pub action: Action,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    depth: i8,
    bound: u8,
    score: i32,
    best: Option<Action>,
}

const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;
const TABLE_BITS: u32 = 16;

struct Search {
    limits: Limits,
    started: Instant,
    nodes: u64,
    stopped: bool,
    table: Vec<Entry>,
}

/// Score of a finished game for the side to move at `ply` plies from the root.
fn terminal_score(outcome: Outcome, view: &PlayerView, ply: i32) -> i32 {
    match outcome {
        Outcome::Win { winner, .. } if Some(winner) == view.side_to_move() => WIN - ply,
        Outcome::Win { .. } => -(WIN - ply),
        Outcome::Draw(_) => 0,
    }
}

/// The distinct pieces still face down, with how many of each.
fn pool(view: &PlayerView) -> impl Iterator<Item = (Piece, u32)> + '_ {
    (0..24)
        .map(Piece::from_index)
        .map(|piece| (piece, view.pool_count(piece) as u32))
        .filter(|&(_, count)| count > 0)
}

/// Whether a flip on `point` may matter tactically: it stands next to a face-up piece.
fn flip_is_tactical(view: &PlayerView, point: Point) -> bool {
    point
        .neighbours()
        .iter()
        .any(|&n| matches!(view.cell(n), Cell::Up(_)))
}

/// Ordering key: captures of valuable pieces by cheap ones first, then flips, then quiet moves.
fn order_key(view: &PlayerView, action: Action, best: Option<Action>) -> i32 {
    if Some(action) == best {
        return i32::MIN;
    }
    match action {
        Action::Flip(_) => -100,
        Action::Move { from, to } => match (view.cell(from), view.cell(to)) {
            (Cell::Up(attacker), Cell::Up(defender)) => {
                let gain = if defender.kind == Kind::Flag {
                    10_000
                } else {
                    value(defender.kind) * 10
                };
                -(gain - value(attacker.kind))
            }
            _ => 0,
        },
    }
}

impl Search {
    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.limits.max_nodes
            || (self.nodes.is_multiple_of(1024) && self.started.elapsed() >= self.limits.max_time)
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Capture-only search with stand-pat (the side to move can always make a quiet flip).
    fn quiescence(
        &mut self,
        view: &PlayerView,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        left: i32,
    ) -> i32 {
        self.nodes += 1;
        let Some(side) = view.side_to_move() else {
            return 0;
        };
        let mut actions = ActionList::new();
        view.legal_actions(&mut actions);
        if actions.is_empty() {
            return view.outcome().map_or(0, |o| terminal_score(o, view, ply));
        }
        let stand = evaluate(view, side);
        if stand >= beta || left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut captures: Vec<Action> = actions
            .iter()
            .copied()
            .filter(
                |a| matches!(a, Action::Move { to, .. } if matches!(view.cell(*to), Cell::Up(_))),
            )
            .collect();
        captures.sort_by_key(|&a| order_key(view, a, None));
        for action in captures {
            let mut child = view.clone();
            child.play_searched(action, None);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, left - 1);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// The expected score of flipping `point`, over every piece still face down.
    fn chance(&mut self, view: &PlayerView, point: Point, depth: i32, ply: i32) -> i32 {
        let total = view.face_down_count() as i64;
        let mut sum = 0i64;
        for (piece, count) in pool(view) {
            let mut child = view.clone();
            let effect = child.play_searched(Action::Flip(point), Some(piece));
            // The flipper keeps the move's perspective: after a flip the other side is to move.
            let score = match effect {
                Effect::Flipped { .. } => -self.negamax(&child, depth, -WIN, WIN, ply + 1),
                _ => unreachable!("a flip flips"),
            };
            sum += score as i64 * count as i64;
        }
        (sum / total.max(1)) as i32
    }

    fn negamax(
        &mut self,
        view: &PlayerView,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        if depth <= 0 || view.side_to_move().is_none() {
            return self.quiescence(view, alpha, beta, ply, 4);
        }
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let slot = (view.hash() >> (64 - TABLE_BITS)) as usize;
        let entry = self.table[slot];
        let mut best_known = None;
        if entry.key == view.hash() {
            best_known = entry.best;
            if entry.depth as i32 >= depth {
                let usable = match entry.bound {
                    EXACT => true,
                    LOWER => entry.score >= beta,
                    _ => entry.score <= alpha,
                };
                if usable {
                    return entry.score;
                }
            }
        }
        let original_alpha = alpha;
        let mut actions = ActionList::new();
        view.legal_actions(&mut actions);
        if actions.is_empty() {
            return view.outcome().map_or(0, |o| terminal_score(o, view, ply));
        }
        actions.sort_by_key(|&a| order_key(view, a, best_known));
        let mut best = i32::MIN;
        let mut best_action = None;
        let mut flips_searched = 0;
        for &action in &actions {
            let score = match action {
                Action::Flip(point) => {
                    // Away from the root only flips next to the action, and a couple of others.
                    if ply > 0 && !flip_is_tactical(view, point) {
                        if flips_searched >= 1 {
                            continue;
                        }
                        flips_searched += 1;
                    }
                    self.chance(view, point, depth - 2, ply)
                }
                Action::Move { .. } => {
                    let mut child = view.clone();
                    child.play_searched(action, None);
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
                }
            };
            if self.stopped {
                return best.max(alpha);
            }
            if score > best {
                best = score;
                best_action = Some(action);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= original_alpha {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.table[slot] = Entry {
            key: view.hash(),
            depth: depth as i8,
            bound,
            score: best,
            best: best_action,
        };
        best
    }

    /// Scores every root action at `depth`; flips exactly, over the whole pool.
    fn root(
        &mut self,
        view: &PlayerView,
        actions: &[Action],
        depth: i32,
    ) -> Option<Vec<(Action, i32)>> {
        let mut scored = Vec::with_capacity(actions.len());
        let mut alpha = -WIN;
        for &action in actions {
            let score = match action {
                Action::Flip(point) => self.chance(view, point, depth - 2, 0),
                Action::Move { .. } => {
                    let mut child = view.clone();
                    child.play_searched(action, None);
                    -self.negamax(&child, depth - 1, -WIN, self.limits.margin - alpha + 1, 1)
                }
            };
            if self.stopped {
                return None;
            }
            alpha = alpha.max(score);
            scored.push((action, score));
        }
        Some(scored)
    }
}

/// Scores the root actions by iterative deepening; returns the last complete iteration's scores.
pub fn score_actions(view: &PlayerView, limits: Limits) -> Option<(Vec<(Action, i32)>, Found)> {
    let mut actions = ActionList::new();
    view.legal_actions(&mut actions);
    if actions.is_empty() {
        return None;
    }
    let mut search = Search {
        limits,
        started: Instant::now(),
        nodes: 0,
        stopped: false,
        table: vec![Entry::default(); 1 << TABLE_BITS],
    };
    let mut order: Vec<Action> = actions.to_vec();
    order.sort_by_key(|&a| order_key(view, a, None));
    let mut result: Option<(Vec<(Action, i32)>, Found)> = None;
    for depth in 1..=limits.max_depth {
        let Some(mut scored) = search.root(view, &order, depth) else {
            break;
        };
        scored.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        order = scored.iter().map(|&(a, _)| a).collect();
        let (action, score) = scored[0];
        result = Some((
            scored,
            Found {
                action,
                score,
                depth,
                nodes: search.nodes,
            },
        ));
        if score.abs() >= WIN - 100 {
            break;
        }
    }
    if let Some((_, found)) = result.as_mut() {
        found.nodes = search.nodes;
    }
    result
}
