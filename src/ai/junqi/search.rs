//! Expectimax search over a player view: alpha-beta at decision nodes, exact expectation over
//! the public pool at flips, capture-only quiescence, iterative deepening and a transposition
//! table. It never sees a face-down identity: flips are chance events.

use super::eval::{WIN, evaluate, value};
use crate::ai::{Budget, Halt};
use crate::rules::junqi::{Action, ActionList, Cell, Kind, Outcome, Piece, PlayerView, Point};
use std::time::Duration;
use web_time::Instant;

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
    /// How many captures in a row the search follows past its depth (0: none, the position
    /// is judged as it stands).
    pub quiescence: i32,
    /// Whether the evaluation weighs the danger a face-up flag is in (a beginner does not).
    pub flag_sense: bool,
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
    budget: Budget,
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
    /// Capture-only search with stand-pat (the side to move can always make a quiet flip).
    fn quiescence(
        &mut self,
        view: &PlayerView,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        left: i32,
    ) -> i32 {
        self.budget.count();
        let Some(side) = view.side_to_move() else {
            return 0;
        };
        let mut actions = ActionList::new();
        view.legal_actions(&mut actions);
        if actions.is_empty() {
            return view.outcome().map_or(0, |o| terminal_score(o, view, ply));
        }
        let stand = evaluate(view, side, self.limits.flag_sense);
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

    /// The expected score of flipping `point`, over every piece still face down, for the side
    /// that flips. Star1 pruning: once the outcomes searched so far put the expectation outside
    /// (`alpha`, `beta`) whatever the rest turn out to be, the bound found is returned; each
    /// outcome is searched with the narrowest window that can still matter.
    fn chance(
        &mut self,
        view: &PlayerView,
        point: Point,
        depth: i32,
        ply: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let total = i64::from(view.face_down_count()).max(1);
        let (lowest, highest) = (-i64::from(WIN), i64::from(WIN));
        let (alpha, beta) = (i64::from(alpha) * total, i64::from(beta) * total);
        // At most 24 distinct pieces: no allocation on this hot path.
        let mut outcomes: arrayvec::ArrayVec<(Piece, i64), 24> =
            pool(view).map(|(p, c)| (p, i64::from(c))).collect();
        // The likeliest outcomes first: they move the bounds most.
        outcomes.sort_by_key(|&(_, count)| std::cmp::Reverse(count));
        let mut sum = 0i64;
        let mut remaining = total;
        for (piece, count) in outcomes {
            remaining -= count;
            // The scores of this outcome that keep the expectation inside the window.
            let low = (alpha - sum - remaining * highest).div_euclid(count);
            let high = (beta - sum - remaining * lowest + count - 1).div_euclid(count);
            let child_alpha = low.clamp(lowest, highest) as i32;
            let child_beta = high.clamp(lowest, highest) as i32;
            let mut child = view.clone();
            child.play_searched(Action::Flip(point), Some(piece));
            // After a flip the other side is to move: negate its score.
            let score = -self.negamax(&child, depth, -child_beta, -child_alpha, ply + 1);
            sum += i64::from(score) * count;
            if self.budget.halt() != Halt::No {
                return 0;
            }
            let most = sum + remaining * highest;
            if most <= alpha {
                return most.div_euclid(total) as i32;
            }
            let least = sum + remaining * lowest;
            if least >= beta {
                return least.div_euclid(total) as i32;
            }
        }
        sum.div_euclid(total) as i32
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
            return self.quiescence(view, alpha, beta, ply, self.limits.quiescence);
        }
        if self.budget.count_node() {
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
                    self.chance(view, point, depth - 2, ply, alpha, beta)
                }
                Action::Move { .. } => {
                    let mut child = view.clone();
                    child.play_searched(action, None);
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
                }
            };
            if self.budget.halt() != Halt::No {
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
}

/// Iterative deepening over the root actions, resumable between slices of time: the unit of
/// work is one root action at one depth; a unit cut off by the end of a slice is searched
/// again in the next one (the transposition table keeps what it had finished).
pub struct Deepening {
    search: Search,
    view: PlayerView,
    /// The root actions, best first after each finished iteration.
    order: Vec<Action>,
    depth: i32,
    /// The scores of this iteration so far, in the order of `order`.
    scored: Vec<(Action, i32)>,
    /// The last finished iteration: every root action's score and the best one.
    result: Option<(Vec<(Action, i32)>, Found)>,
    /// A root action searched with a full window at every depth, so that its score is as
    /// exact as the best's (a review compares the two).
    judged: Option<Action>,
    finished: bool,
}

impl Deepening {
    /// Prepares a search of `view` over its legal `actions`; `None` when there are none.
    pub fn new(view: &PlayerView, actions: &[Action], limits: Limits) -> Option<Deepening> {
        if actions.is_empty() {
            return None;
        }
        let mut order: Vec<Action> = actions.to_vec();
        order.sort_by_key(|&a| order_key(view, a, None));
        Some(Deepening {
            search: Search {
                limits,
                budget: Budget::new(limits.max_nodes, limits.max_time),
                table: vec![Entry::default(); 1 << TABLE_BITS],
            },
            view: view.clone(),
            order,
            depth: 1,
            scored: Vec::new(),
            result: None,
            judged: None,
            finished: limits.max_depth < 1,
        })
    }

    /// Scores `action` exactly at every depth, however far below the best it falls.
    pub fn judge(&mut self, action: Action) {
        self.judged = Some(action);
    }

    /// Searches until the search is over or, when `slice_end` is given, until about then.
    /// Returns whether the search is over.
    pub fn advance(&mut self, slice_end: Option<Instant>) -> bool {
        self.search.budget.begin_slice(slice_end);
        if self.search.budget.halt() == Halt::Stop {
            self.finished = true;
        }
        while !self.finished {
            let search = &mut self.search;
            let Some(&action) = self.order.get(self.scored.len()) else {
                self.finish_iteration();
                continue;
            };
            // Root actions scoring below the best by more than the margin get only bounds.
            let alpha = self
                .scored
                .iter()
                .map(|&(_, s)| s)
                .max()
                .filter(|_| self.judged != Some(action))
                .unwrap_or(-WIN);
            let floor = alpha - search.limits.margin - 1;
            let score = match action {
                Action::Flip(point) => {
                    search.chance(&self.view, point, self.depth - 2, 0, floor, WIN)
                }
                Action::Move { .. } => {
                    let mut child = self.view.clone();
                    child.play_searched(action, None);
                    -search.negamax(&child, self.depth - 1, -WIN, -floor, 1)
                }
            };
            match search.budget.halt() {
                Halt::No => self.scored.push((action, score)),
                Halt::Pause => return false,
                Halt::Stop => self.finished = true,
            }
        }
        true
    }

    /// Records a finished iteration and decides whether to go deeper.
    fn finish_iteration(&mut self) {
        let mut scored = std::mem::take(&mut self.scored);
        scored.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        self.order = scored.iter().map(|&(a, _)| a).collect();
        let (action, score) = scored[0];
        self.result = Some((
            scored,
            Found {
                action,
                score,
                depth: self.depth,
                nodes: self.search.budget.nodes(),
            },
        ));
        self.depth += 1;
        self.finished = self.depth > self.search.limits.max_depth || score.abs() >= WIN - 100;
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.search.budget.nodes()
    }

    /// The first root action in the current order.
    pub fn first_action(&self) -> Option<Action> {
        self.order.first().copied()
    }

    /// Every root action's score from the last finished iteration, and the best one.
    pub fn result(&self) -> Option<(Vec<(Action, i32)>, Found)> {
        let (scored, found) = self.result.clone()?;
        Some((
            scored,
            Found {
                nodes: self.search.budget.nodes(),
                ..found
            },
        ))
    }
}
