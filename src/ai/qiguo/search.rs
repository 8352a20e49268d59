//! Paranoid alpha-beta: the seat to move at the root maximises its evaluation and every other
//! seat is assumed to minimise it, which lets a multi-player game be searched like a
//! two-player one; the others may be limited to one reply of any of them (best-reply) or to
//! their captures of the root seat's pieces (`Replies`). Iterative deepening, a
//! transposition table, quiescence on captures, killer and history ordering;
//! the work is cut into units (one root move at one depth) so a search can run in slices.

use super::eval::{WIN, WIN_BOUND, capture_value, evaluate_against, threatened};
use crate::ai::{Budget, Halt};
use crate::rules::qiguo::{MAX_MOVES, Move, MoveList, POINTS, Position, Seat, State};
use arrayvec::ArrayVec;
use std::time::Duration;
use web_time::Instant;

/// The deepest line searched, quiescence included.
const MAX_PLY: usize = 64;
/// Captures searched past the nominal depth.
const QUIESCENCE_PLIES: i32 = 4;
const INFINITY: i32 = WIN + 1;
/// Marks the root seat's layer in the table's keys.
const MAXIMISING_KEY: u64 = 0x5bd1_e995_7f4a_7c15;

/// Limits on one search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The deepest iteration, in moves (each move is one state's turn).
    pub max_depth: i32,
    /// Stop after about this many nodes (keeps results reproducible).
    pub max_nodes: u64,
    /// Never think longer than this.
    pub max_time: Duration,
    /// Root moves scoring within this much of the best get exact scores (others only
    /// bounds), so that a level may choose among them.
    pub margin: i32,
    /// Who answers the root seat's moves.
    pub replies: Replies,
    /// Whether the evaluation counts the root seat's pieces that enemies attack (costly:
    /// it looks for attackers of every piece).
    pub threats: bool,
    /// Whether quiescence searches only the others' captures of the root seat's pieces
    /// (with all of the root seat's own captures), which leaves nodes for depth.
    pub narrow_quiescence: bool,
    /// Whether the evaluation weighs the strongest other seat besides the others' average
    /// (not used by a level: no gain measured yet).
    pub leader: bool,
}

/// Who answers the root seat's moves in the search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Replies {
    /// Every state moves in its turn, and every other seat plays against the root seat.
    Paranoid,
    /// The root seat's states and the others' take turns, and of the others only the one
    /// most damaging reply is searched (best-reply search): fewer plies go to the others,
    /// so the search sees the root seat's own plans further ahead.
    BestReply,
    /// Every state moves in its turn, but the others only capture the root seat's pieces or
    /// pass, and only the root seat's moves count against the depth: between two of its
    /// moves the search sees what every enemy can take, not only the next one's.
    Captures,
}

/// What one finished iteration found.
#[derive(Clone, Debug)]
pub struct Report {
    pub depth: i32,
    /// For the seat to move at the root; beyond [`WIN_BOUND`] a won or lost game.
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub best: Move,
    /// The line the search expects from `best` on (`best` first), as far as its table holds
    /// it.
    pub pv: Vec<Move>,
}

/// Transposition table entries: 2^16 (1 MB).
const TABLE_ENTRIES: usize = 1 << 16;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    best: Option<Move>,
    score: i32,
    depth: i8,
    bound: Bound,
}

/// What a stored score says of the true one.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// Converts a score for storing at `ply` (won games relative to the node) and back.
fn to_table(score: i32, ply: i32) -> i32 {
    if score > WIN_BOUND {
        score + ply
    } else if score < -WIN_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: i32) -> i32 {
    if score > WIN_BOUND {
        score - ply
    } else if score < -WIN_BOUND {
        score + ply
    } else {
        score
    }
}

struct Search {
    seat: Seat,
    table: Vec<Entry>,
    limits: Limits,
    budget: Budget,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// How often each move (from, to) caused a cutoff, weighted by depth.
    history: Vec<i32>,
}

impl Search {
    /// The score of a finished game for the root seat: a win alone is best, a shared one
    /// half as good, the nearer the better.
    fn final_score(&self, position: &Position, ply: i32) -> Option<i32> {
        let outcome = position.outcome()?;
        let winners = outcome.winners().count();
        let won = outcome.winners().any(|seat| seat == self.seat);
        Some(match (won, winners) {
            (true, 1) => WIN - ply,
            (true, _) => WIN / 2 - ply,
            (false, _) => -WIN + ply,
        })
    }

    /// The position's worth to the root seat.
    fn evaluate(&self, position: &Position) -> i32 {
        let score = evaluate_against(position, self.seat, self.limits.leader);
        if self.limits.threats {
            score - threatened(position, self.seat)
        } else {
            score
        }
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let entry = self.table[key as usize & (self.table.len() - 1)];
        (entry.key == key).then_some(entry)
    }

    fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: Option<Move>) {
        let index = key as usize & (self.table.len() - 1);
        let old = self.table[index];
        // Keep a deeper entry of the same position unless this one is exact.
        if old.key == key && i32::from(old.depth) > depth && bound != Bound::Exact {
            return;
        }
        self.table[index] = Entry {
            key,
            best: best.or(if old.key == key { old.best } else { None }),
            score,
            depth: depth.clamp(0, 127) as i8,
            bound,
        };
    }

    /// The line from `root` that begins with `first` and follows the table's best moves, while
    /// they are legal for the side to move, never back into a position met before. The table
    /// holds the layers where the side to move moves itself, so a
    /// [`Replies::BestReply`] search's line stops after `first`.
    fn principal_variation(&self, root: &Position, first: Move) -> Vec<Move> {
        let mut pv = vec![first];
        let mut position = root.clone();
        position.play_unchecked(first);
        let mut seen = vec![position.key()];
        while pv.len() < MAX_PLY && self.limits.replies != Replies::BestReply {
            let maximising = position.seating().seat(position.side_to_move()) == self.seat;
            let key = position.key() ^ if maximising { MAXIMISING_KEY } else { 0 };
            let Some(mv) = self.probe(key).and_then(|entry| entry.best) else {
                break;
            };
            if position.outcome().is_some() || !position.is_legal(mv) {
                break;
            }
            position.play_unchecked(mv);
            if seen.contains(&position.key()) {
                break;
            }
            seen.push(position.key());
            pv.push(mv);
        }
        pv
    }

    fn order(&self, position: &Position, moves: &mut MoveList, best: Option<Move>, ply: usize) {
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let key = |mv: &Move| -> i32 {
            if Some(*mv) == best {
                return i32::MIN;
            }
            if let Some(victim) = position.piece_at(mv.to()) {
                return -10_000_000 - capture_value(victim.kind);
            }
            if killers[0] == Some(*mv) {
                return -9_000_000;
            }
            if killers[1] == Some(*mv) {
                return -8_000_000;
            }
            -self.history[mv.from().index() * POINTS + mv.to().index()]
        };
        let mut keyed: ArrayVec<(i32, u16, Move), MAX_MOVES> = moves
            .iter()
            .enumerate()
            .map(|(index, mv)| (key(mv), index as u16, *mv))
            .collect();
        keyed.sort_unstable_by_key(|&(key, index, _)| (key, index));
        for (slot, (_, _, mv)) in moves.iter_mut().zip(keyed) {
            *slot = mv;
        }
    }

    /// Whether the root seat moves in the layer after `child` was reached from a layer that
    /// was (`maximising`) or was not the root seat's.
    fn child_layer(&self, child: &Position, maximising: bool) -> bool {
        match self.limits.replies {
            Replies::Paranoid | Replies::Captures => {
                child.seating().seat(child.side_to_move()) == self.seat
            }
            Replies::BestReply => !maximising,
        }
    }

    /// The positions whose side to move may move in this layer: the side to move itself, or
    /// in a best-reply search every live state of the layer's seats.
    fn movers(&self, position: &Position, maximising: bool) -> ArrayVec<Position, 7> {
        match self.limits.replies {
            Replies::Paranoid | Replies::Captures => [position.clone()].into_iter().collect(),
            Replies::BestReply => {
                let seating = position.seating();
                State::ALL
                    .into_iter()
                    .filter(|&state| (seating.seat(state) == self.seat) == maximising)
                    .filter_map(|state| position.with_side_to_move(state))
                    .collect()
            }
        }
    }

    /// Captures only, `left` more at most; each layer may instead stand on the evaluation.
    fn quiescence(
        &mut self,
        position: &Position,
        mut alpha: i32,
        mut beta: i32,
        ply: i32,
        left: i32,
        maximising: bool,
    ) -> i32 {
        if self.budget.count_node() {
            return 0;
        }
        if let Some(score) = self.final_score(position, ply) {
            return score;
        }
        let stand_pat = self.evaluate(position);
        if maximising {
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
        } else {
            if stand_pat <= alpha {
                return stand_pat;
            }
            beta = beta.min(stand_pat);
        }
        if left <= 0 || ply as usize >= MAX_PLY - 1 {
            return stand_pat;
        }
        let mut best = stand_pat;
        for mover in self.movers(position, maximising) {
            let mut moves = MoveList::new();
            mover.legal_captures(&mut moves);
            if !maximising && self.limits.narrow_quiescence {
                // The others' captures among themselves change the root seat's worth little
                // and would take most of the nodes: only theirs of its pieces are searched.
                let seating = mover.seating();
                moves.retain(|mv| {
                    mover
                        .piece_at(mv.to())
                        .is_some_and(|victim| seating.seat(victim.state) == self.seat)
                });
            }
            self.order(&mover, &mut moves, None, ply as usize);
            for mv in moves {
                let mut child = mover.clone();
                child.play_unchecked(mv);
                let layer = self.child_layer(&child, maximising);
                let score = self.quiescence(&child, alpha, beta, ply + 1, left - 1, layer);
                if self.budget.halt() != Halt::No {
                    return 0;
                }
                if maximising {
                    best = best.max(score);
                    alpha = alpha.max(score);
                } else {
                    best = best.min(score);
                    beta = beta.min(score);
                }
                if alpha >= beta {
                    return best;
                }
            }
        }
        best
    }

    /// An enemy's turn in a [`Replies::Captures`] search: each of its captures of the root
    /// seat's pieces, or a pass to the next live state (whatever else it does is taken to
    /// leave the root seat alone). Costs no depth.
    fn answer(
        &mut self,
        position: &Position,
        depth: i32,
        alpha: i32,
        mut beta: i32,
        ply: i32,
    ) -> i32 {
        let seating = position.seating();
        let mut moves = MoveList::new();
        position.legal_captures(&mut moves);
        moves.retain(|mv| {
            position
                .piece_at(mv.to())
                .is_some_and(|victim| seating.seat(victim.state) == self.seat)
        });
        self.order(position, &mut moves, None, ply as usize);
        let mut best = INFINITY;
        for mv in moves {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let layer = self.child_layer(&child, false);
            let score = self.search(&child, depth, alpha, beta, ply + 1, layer);
            if self.budget.halt() != Halt::No {
                return 0;
            }
            best = best.min(score);
            beta = beta.min(score);
            if alpha >= beta {
                return best;
            }
        }
        let mut next = position.side_to_move().next();
        while !position.is_live(next) {
            next = next.next();
        }
        let Some(pass) = position.with_side_to_move(next) else {
            return best.min(self.evaluate(position));
        };
        let layer = self.child_layer(&pass, false);
        let score = self.search(&pass, depth, alpha, beta, ply + 1, layer);
        if self.budget.halt() != Halt::No {
            return 0;
        }
        best.min(score)
    }

    fn search(
        &mut self,
        position: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: i32,
        maximising: bool,
    ) -> i32 {
        if self.budget.count_node() {
            return 0;
        }
        if let Some(score) = self.final_score(position, ply) {
            return score;
        }
        if self.limits.replies == Replies::Captures && !maximising {
            if ply as usize >= MAX_PLY - 1 || !position.seat_is_live(self.seat) {
                return self.evaluate(position);
            }
            return self.answer(position, depth, alpha, beta, ply);
        }
        if depth <= 0 || ply as usize >= MAX_PLY - 1 {
            return self.quiescence(position, alpha, beta, ply, QUIESCENCE_PLIES, maximising);
        }
        // A best-reply search meets one position in either layer.
        let key = position.key() ^ if maximising { MAXIMISING_KEY } else { 0 };
        let entry = self.probe(key);
        if let Some(entry) = entry
            && i32::from(entry.depth) >= depth
        {
            let score = from_table(entry.score, ply);
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }
        let table_move = entry.and_then(|entry| entry.best);
        let (original_alpha, original_beta) = (alpha, beta);
        let mut best_move = None;
        let mut best = if maximising { -INFINITY } else { INFINITY };
        let movers = self.movers(position, maximising);
        // Every mover's captures first, then every mover's quiet moves.
        'passes: for captures in [true, false] {
            for mover in &movers {
                let mut moves = MoveList::new();
                if captures {
                    mover.legal_captures(&mut moves);
                } else {
                    mover.legal_moves(&mut moves);
                    moves.retain(|mv| !mover.is_capture(*mv));
                }
                self.order(mover, &mut moves, table_move, ply as usize);
                for mv in moves {
                    let mut child = mover.clone();
                    child.play_unchecked(mv);
                    let layer = self.child_layer(&child, maximising);
                    let score = self.search(&child, depth - 1, alpha, beta, ply + 1, layer);
                    if self.budget.halt() != Halt::No {
                        return 0;
                    }
                    let improved = if maximising {
                        score > best
                    } else {
                        score < best
                    };
                    if improved {
                        best = score;
                        best_move = Some(mv);
                    }
                    if maximising {
                        alpha = alpha.max(score);
                    } else {
                        beta = beta.min(score);
                    }
                    if alpha >= beta {
                        if !captures {
                            let killers = &mut self.killers[ply as usize];
                            if killers[0] != Some(mv) {
                                killers[1] = killers[0];
                                killers[0] = Some(mv);
                            }
                            let slot = mv.from().index() * POINTS + mv.to().index();
                            self.history[slot] = (self.history[slot] + depth * depth).min(1 << 20);
                        }
                        break 'passes;
                    }
                }
            }
        }
        if best_move.is_none() {
            // Nobody in this layer can move.
            return self.evaluate(position);
        }
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= original_beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.store(key, depth, to_table(best, ply), bound, best_move);
        best
    }
}

/// Iterative deepening over the root moves, resumable between slices of time: the unit of
/// work is one root move at one depth; a unit cut off by the end of a slice is searched again
/// in the next.
pub struct Deepening {
    search: Search,
    root: Position,
    /// The root moves, best first after each finished iteration.
    order: Vec<Move>,
    depth: i32,
    /// This iteration's scores so far, in the order of `order`.
    scored: Vec<(Move, i32)>,
    /// The last finished iteration: every root move's score, and its report.
    result: Option<(Vec<(Move, i32)>, Report)>,
    /// A root move searched with a full window at every depth, so that its score is as exact
    /// as the best's (a review compares the two).
    judged: Option<Move>,
    finished: bool,
}

impl Deepening {
    /// Prepares a search for the side to move; `None` when it has no move (the game is over).
    pub fn new(position: &Position, limits: Limits) -> Option<Deepening> {
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let search = Search {
            seat: position.seating().seat(position.side_to_move()),
            table: vec![Entry::default(); TABLE_ENTRIES],
            limits,
            budget: Budget::new(limits.max_nodes, limits.max_time),
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; POINTS * POINTS],
        };
        search.order(position, &mut moves, None, 0);
        Some(Deepening {
            search,
            root: position.clone(),
            order: moves.to_vec(),
            depth: 1,
            scored: Vec::new(),
            result: None,
            judged: None,
            finished: limits.max_depth < 1,
        })
    }

    /// Scores `mv` exactly at every depth, however far below the best it falls.
    pub fn judge(&mut self, mv: Move) {
        self.judged = Some(mv);
    }

    /// Searches until the search is over or, when `slice_end` is given, until about then.
    /// Returns whether the search is over.
    pub fn advance(&mut self, slice_end: Option<Instant>) -> bool {
        self.search.budget.begin_slice(slice_end);
        if self.search.budget.halt() == Halt::Stop {
            self.finished = true;
        }
        while !self.finished {
            let Some(&mv) = self.order.get(self.scored.len()) else {
                self.finish_iteration();
                continue;
            };
            // Moves below the best by more than the margin get only bounds.
            let floor = self
                .scored
                .iter()
                .map(|&(_, score)| score - self.search.limits.margin - 1)
                .max()
                .filter(|_| self.judged != Some(mv))
                .unwrap_or(-INFINITY);
            let mut child = self.root.clone();
            child.play_unchecked(mv);
            let layer = self.search.child_layer(&child, true);
            let score = self
                .search
                .search(&child, self.depth - 1, floor, INFINITY, 1, layer);
            match self.search.budget.halt() {
                Halt::No => self.scored.push((mv, score)),
                Halt::Pause => return false,
                Halt::Stop => self.finished = true,
            }
        }
        true
    }

    /// Records a finished iteration and decides whether to go deeper.
    fn finish_iteration(&mut self) {
        let mut scored = std::mem::take(&mut self.scored);
        // Stable: equal scores keep the previous order.
        scored.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        self.order = scored.iter().map(|&(mv, _)| mv).collect();
        let (best, score) = scored[0];
        let report = Report {
            depth: self.depth,
            score,
            nodes: self.search.budget.nodes(),
            elapsed: self.search.budget.elapsed(),
            best,
            pv: self.search.principal_variation(&self.root, best),
        };
        self.result = Some((scored, report));
        self.depth += 1;
        // A decided game needs no deeper look; a lone legal move needs none at all.
        self.finished = self.depth > self.search.limits.max_depth
            || score.abs() > WIN_BOUND
            || self.order.len() == 1;
    }

    /// Ends the search at once (the answer is the last finished iteration's).
    pub fn stop(&mut self) {
        self.search.budget.stop();
        self.finished = true;
    }

    /// The first root move in the current order (an answer even before any iteration ends).
    pub fn first_move(&self) -> Move {
        self.order[0]
    }

    /// Every root move's score from the last finished iteration, best first, and its report.
    pub fn result(&self) -> Option<(&[(Move, i32)], &Report)> {
        self.result
            .as_ref()
            .map(|(scored, report)| (scored.as_slice(), report))
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.search.budget.nodes()
    }
}
