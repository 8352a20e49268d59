//! Principal-variation alpha-beta with iterative deepening (the best move first in an
//! aspiration window), a transposition table kept from move to move, quiescence on captures
//! (with delta pruning) and, at its first ply, quiet checks, null-move pruning, reverse
//! futility, futility and late-move pruning near the leaves (bolder or more careful as the
//! static evaluation rises or not over the side's last move), late-move reductions (of quiet
//! moves and of captures that lose material), the table's move searched before the others are
//! generated, killer and history ordering (a cutoff raises its move's history and lowers that
//! of the quiet moves tried before it), static evaluations remembered by position key, and the
//! repetition rules: a cycle in the line searched is judged as the referee would (the
//! perpetual checker or chaser loses, anything else is a draw), so the search never walks into
//! a loss by repetition and steers the opponent into one when it can.

use super::eval::{MATE, MATE_BOUND, evaluate, value};
use crate::ai::{Budget, Halt};
use crate::rules::xiangqi::{
    CycleVerdict, Game, Kind, MAX_MOVES, Move, MoveList, NO_PROGRESS_PLIES, POINTS, Position,
    Pressure, Square, cycle_conduct, judge_cycle, pressure,
};
use arrayvec::ArrayVec;
use std::time::Duration;
use web_time::Instant;

/// The score of a game won by the repetition rules, less the plies it takes.
const RULE_WIN: i32 = 20_000;
/// The deepest line searched, quiescence included.
const MAX_PLY: usize = 96;
const INFINITY: i32 = MATE + 1;

/// Limits on one search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub max_depth: i32,
    /// Stop after about this many nodes (keeps results reproducible).
    pub max_nodes: u64,
    /// Never think longer than this.
    pub max_time: Duration,
    /// Root moves scoring within this much of the best get exact scores (others only bounds),
    /// so that a level may choose among them.
    pub margin: i32,
    /// Transposition table size, in entries (a power of two).
    pub table_entries: usize,
}

/// What one finished iteration found.
#[derive(Clone, Debug)]
pub struct Report {
    pub depth: i32,
    /// For the side to move, in centipawns; beyond [`MATE_BOUND`] a mate.
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The expected line, the best move first.
    pub pv: Vec<Move>,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    best: Option<Move>,
    score: i32,
    depth: i8,
    bound: Bound,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// A transposition table that outlives a search, so that the next search of the same game
/// starts from what the last one learnt.
pub struct Table(Vec<Entry>);

impl Table {
    /// An empty table of `entries` entries (rounded up to a power of two, at least 1,024).
    pub fn new(entries: usize) -> Table {
        Table(vec![Entry::default(); Self::size(entries)])
    }

    fn size(entries: usize) -> usize {
        entries.next_power_of_two().max(1024)
    }
}

/// One position on the line from the game's last irreversible move to the node searched.
struct Step {
    position: Position,
    /// The move that led here (`None` at the first step and after a null move).
    mv: Option<Move>,
    /// What that move did to the opponent, once worked out.
    pressure: Option<Pressure>,
}

struct Search {
    limits: Limits,
    budget: Budget,
    table: Vec<Entry>,
    line: Vec<Step>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// How often each move (from, to) caused a cutoff, less how often it was tried in vain
    /// before another quiet move's cutoff, weighted by depth.
    history: Vec<i32>,
    /// The static evaluation at each ply of the line ([`NO_EVAL`] when in check).
    evals: [i32; MAX_PLY],
    /// Static evaluations already made, by position key: the upper half of the key and the
    /// score ([`NO_EVAL`]: none yet). Iterative deepening meets many positions again.
    eval_cache: Vec<(u32, i32)>,
}

/// How many static evaluations the search remembers (a power of two; 512 KB).
const EVAL_CACHE_ENTRIES: usize = 1 << 16;

/// The static evaluation of a node in check, which has none.
const NO_EVAL: i32 = i32::MIN;

/// Converts a score for storing at `ply` (mates relative to the node) and back.
fn to_table(score: i32, ply: i32) -> i32 {
    if score > MATE_BOUND {
        score + ply
    } else if score < -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: i32) -> i32 {
    if score > MATE_BOUND {
        score - ply
    } else if score < -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

/// Plies from the leaves where futility pruning applies.
const FUTILITY_DEPTH: i32 = 3;
/// How far (per ply of depth left) a static evaluation may be from the window before the
/// moves below it are taken as unable to cross it.
const FUTILITY_MARGIN: i32 = 160;
/// Quiet moves searched at depths 1 to 3 before the rest are pruned (index 0 unused).
const LATE_MOVES: [usize; 4] = [usize::MAX, 6, 10, 16];
/// The half-width of the first window the best root move is searched in, around the last
/// iteration's score.
const ASPIRATION_WINDOW: i32 = 35;
/// The search stops this fraction of its time early (2%: 6 ms of 300), which is left for
/// unwinding and answering, so that a move takes no longer than its time.
const RESERVE: u32 = 50;
/// What placement could add to a capture in quiescence beyond the piece taken.
const DELTA_MARGIN: i32 = 200;

/// How many plies a late quiet move (number `index` in the order, from 0) is searched
/// shallower at `depth`: about ln(depth) × ln(index) / 2, at least one.
fn reduction(depth: i32, index: usize) -> i32 {
    let more = i32::from(depth >= 4 && index >= 6)
        + i32::from(depth >= 6 && index >= 16)
        + i32::from(depth >= 10 && index >= 30);
    (1 + more).min(depth - 2).max(1)
}

/// The value of the piece `mv` takes (0 when it takes nothing).
fn captured_value(position: &Position, mv: Move) -> i32 {
    position.piece_at(mv.to()).map_or(0, |p| value(p.kind()))
}

/// Whether `mv` can give check to the general on `general`: a check comes along the
/// general's file or rank (chariot, cannon, soldier, or a screen moved onto or off it) or from
/// near it (horse, or a horse's leg moved away), so a move touching neither can be skipped.
fn may_give_check(mv: Move, general: Square) -> bool {
    let near = |square: Square| {
        square.file() == general.file()
            || square.rank() == general.rank()
            || (square.file().abs_diff(general.file()) <= 2
                && square.rank().abs_diff(general.rank()) <= 2)
    };
    near(mv.from()) || near(mv.to())
}

/// Where a move's history is kept: one slot for each (from, to).
fn history_slot(mv: Move) -> usize {
    mv.from().index() * POINTS + mv.to().index()
}

/// What each kind is worth in a static exchange: the general more than everything else.
fn exchange_worth(kind: Kind) -> i32 {
    match kind {
        Kind::General => MATE,
        _ => value(kind),
    }
}

/// Whether the capture `mv` loses material once both sides have taken back on its point (a
/// static exchange): only a piece worth more than its victim can.
fn loses_material(position: &Position, mv: Move) -> bool {
    let worth = |square: Square| {
        position
            .piece_at(square)
            .map_or(0, |p| exchange_worth(p.kind()))
    };
    worth(mv.from()) > worth(mv.to()) && position.static_exchange(mv, exchange_worth) < 0
}

/// Most valuable victim, least valuable attacker.
fn capture_order(position: &Position, mv: Move) -> i32 {
    let victim = position.piece_at(mv.to()).map_or(0, |p| value(p.kind()));
    let attacker = position.piece_at(mv.from()).map_or(0, |p| value(p.kind()));
    victim * 16 - attacker / 16
}

impl Search {
    fn position(&self) -> &Position {
        &self.line.last().expect("the line has its root").position
    }

    fn table_index(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let entry = self.table[self.table_index(key)];
        (entry.key == key).then_some(entry)
    }

    fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: Option<Move>) {
        let index = self.table_index(key);
        let old = self.table[index];
        // Keep a deeper entry of the same position unless this one is exact.
        if old.key == key && i32::from(old.depth) > depth && bound != Bound::Exact {
            return;
        }
        self.table[index] = Entry {
            key,
            best: best.or(if old.key == key { old.best } else { None }),
            score,
            depth: depth.clamp(-1, 127) as i8,
            bound,
        };
    }

    /// The static evaluation of `position`, from the cache when it was made before.
    fn evaluate(&mut self, position: &Position) -> i32 {
        let key = position.key();
        let slot = (key as usize) & (EVAL_CACHE_ENTRIES - 1);
        let check = (key >> 32) as u32;
        let (seen, score) = self.eval_cache[slot];
        if seen == check && score != NO_EVAL {
            return score;
        }
        let score = evaluate(position);
        self.eval_cache[slot] = (check, score);
        score
    }

    fn push(&mut self, mv: Option<Move>) {
        let mut position = self.position().clone();
        match mv {
            Some(mv) => {
                position.play_unchecked(mv);
            }
            None => position.pass(),
        }
        self.line.push(Step {
            position,
            mv,
            pressure: None,
        });
    }

    fn pop(&mut self) {
        self.line.pop();
    }

    /// The pressure of the move that led to step `index`.
    fn pressure_at(&mut self, index: usize) -> Pressure {
        if let Some(known) = self.line[index].pressure {
            return known;
        }
        let mv = self.line[index].mv.expect("a step after a move");
        let found = pressure(
            &self.line[index - 1].position,
            mv,
            &self.line[index].position,
        );
        self.line[index].pressure = Some(found);
        found
    }

    /// The repetition rules' score of the node at the end of the line, if it repeats an
    /// earlier position: the violator loses, anything else draws.
    fn repetition_score(&mut self, ply: i32) -> Option<i32> {
        let now = self.line.len() - 1;
        let position = &self.line[now].position;
        let key = position.key();
        let reach = usize::from(position.quiet_plies()).min(now);
        let mut earlier = None;
        let mut index = now;
        while index >= 2 && now - index + 2 <= reach {
            // A null move breaks every cycle through it.
            if self.line[index].mv.is_none() || self.line[index - 1].mv.is_none() {
                return None;
            }
            index -= 2;
            if self.line[index].position.key() == key {
                earlier = Some(index);
                break;
            }
        }
        let start = earlier?;
        let mut moves = Vec::with_capacity(now - start);
        for step in start + 1..=now {
            let mv = self.line[step].mv.expect("a step after a move");
            moves.push((mv, self.pressure_at(step)));
        }
        let first = self.line[start].position.side_to_move();
        let side = self.position().side_to_move();
        Some(match judge_cycle(cycle_conduct(moves, first)) {
            CycleVerdict::Draw => 0,
            CycleVerdict::PerpetualCheck(loser) | CycleVerdict::PerpetualChase(loser) => {
                if loser == side {
                    -(RULE_WIN - ply)
                } else {
                    RULE_WIN - ply
                }
            }
        })
    }

    fn order(&self, position: &Position, moves: &mut MoveList, best: Option<Move>, ply: usize) {
        let killers = self.killers[ply];
        let key = |mv: &Move| -> i32 {
            if Some(*mv) == best {
                return i32::MIN;
            }
            if position.is_capture(*mv) {
                // Captures that lose material come after the quiet moves.
                if loses_material(position, *mv) {
                    return 2_000_000 - capture_order(position, *mv);
                }
                return -1_000_000 - capture_order(position, *mv);
            }
            if killers[0] == Some(*mv) {
                return -900_000;
            }
            if killers[1] == Some(*mv) {
                return -800_000;
            }
            -self.history[history_slot(*mv)]
        };
        // Each key, the move's index (which breaks ties, so the order is the stable sort's)
        // and the move packed in one number, on the stack.
        let mut keyed: ArrayVec<u64, MAX_MOVES> = moves
            .iter()
            .enumerate()
            .map(|(index, mv)| {
                let key = u64::from(key(mv) as u32 ^ 0x8000_0000);
                let (from, to) = (mv.from().index() as u64, mv.to().index() as u64);
                (key << 24) | ((index as u64) << 16) | (from << 8) | to
            })
            .collect();
        keyed.sort_unstable();
        let point = |bits: u64| Square::from_index((bits & 0xff) as usize).expect("a point");
        for (slot, packed) in moves.iter_mut().zip(keyed) {
            *slot = Move::new(point(packed >> 8), point(packed));
        }
    }

    /// Captures until the position is quiet; at the first ply (`checks`), quiet moves that
    /// give check too, so that a mating attack just past the horizon is seen.
    fn quiescence(&mut self, mut alpha: i32, beta: i32, ply: i32, checks: bool) -> i32 {
        if self.budget.count_node() {
            return 0;
        }
        let position = self.position().clone();
        let side = position.side_to_move();
        let in_check = position.in_check(side);
        let mut moves = MoveList::new();
        let mut stand_pat = -INFINITY;
        // In check, every reply is generated legal (none: mated); otherwise the moves are
        // tested for legality only when played.
        let mut candidates = None;
        if in_check {
            position.legal_moves_knowing_check(&mut moves, false, true);
            if moves.is_empty() {
                return -(MATE - ply);
            }
        } else {
            stand_pat = self.evaluate(&position);
            if stand_pat >= beta || ply as usize >= MAX_PLY - 1 {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            candidates = Some(position.candidate_moves(&mut moves, true, false));
            // A capture that loses material once both sides have taken back is not tried.
            moves.retain(|mv| !loses_material(&position, *mv));
        }
        if ply as usize >= MAX_PLY - 1 {
            return self.evaluate(&position);
        }
        self.order(&position, &mut moves, None, ply as usize);
        // Captures (or every reply to a check) first; then, at the first ply, the quiet moves
        // that give check, generated only when no capture cut.
        let enemy = side.opponent();
        for quiet_checks in [false, true] {
            if quiet_checks {
                if !checks || in_check {
                    break;
                }
                let general = position.general(enemy);
                let mut all = MoveList::new();
                candidates = Some(position.candidate_moves(&mut all, false, false));
                moves.clear();
                moves.extend(
                    all.into_iter()
                        .filter(|&mv| !position.is_capture(mv) && may_give_check(mv, general)),
                );
            }
            for &mv in &moves {
                // A capture that could not lift the score to alpha even with a margin for
                // placement is not worth a node (never when escaping check).
                if !in_check
                    && !quiet_checks
                    && stand_pat + captured_value(&position, mv) + DELTA_MARGIN <= alpha
                {
                    continue;
                }
                self.push(Some(mv));
                let illegal = candidates
                    .as_ref()
                    .is_some_and(|candidates| candidates.may_be_illegal(mv))
                    && self.position().in_check(side);
                if illegal || (quiet_checks && !self.position().in_check(enemy)) {
                    self.pop();
                    continue;
                }
                let score = -self.quiescence(-beta, -alpha, ply + 1, false);
                self.pop();
                if self.budget.halt() != Halt::No {
                    return 0;
                }
                if score >= beta {
                    return score;
                }
                alpha = alpha.max(score);
            }
        }
        alpha
    }

    /// Whether `mv`, near the leaves, loses more in the exchange on its point than the search
    /// below could win back: more than 20 centipawns × depth² for a quiet move, 80 × depth
    /// for a capture.
    fn loses_too_much(position: &Position, mv: Move, quiet: bool, depth: i32) -> bool {
        let allowed = if quiet {
            20 * depth * depth
        } else {
            80 * depth
        };
        position.static_exchange(mv, exchange_worth) < -allowed
    }

    /// Whether the side to move has pieces beyond soldiers and guards (null moves are unsafe
    /// without them: zugzwang).
    fn has_big_pieces(position: &Position) -> bool {
        let side = position.side_to_move();
        position.pieces().any(|(_, piece)| {
            piece.color() == side
                && matches!(piece.kind(), Kind::Chariot | Kind::Horse | Kind::Cannon)
        })
    }

    fn negamax(
        &mut self,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        allow_null: bool,
    ) -> i32 {
        if self.budget.count_node() {
            return 0;
        }
        let position = self.position().clone();
        if ply > 0 {
            if let Some(score) = self.repetition_score(ply) {
                return score;
            }
            if position.quiet_plies() >= NO_PROGRESS_PLIES {
                return 0;
            }
            // Mate distance: nothing here can beat a mate already found nearer the root.
            if MATE - ply <= alpha {
                return alpha;
            }
        }
        let side = position.side_to_move();
        let in_check = position.in_check(side);
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 || ply as usize >= MAX_PLY - 1 {
            return self.quiescence(alpha, beta, ply, true);
        }
        let key = position.key();
        let pv_node = beta - alpha > 1;
        let entry = self.probe(key);
        if let Some(entry) = entry
            && ply > 0
            && !pv_node
            && i32::from(entry.depth) >= depth
        {
            let score = from_table(entry.score, ply);
            let cut = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut {
                return score;
            }
        }
        // The static evaluation, where the pruning below may use it, and whether it improved
        // on the side's own two plies before (pruning is then bolder, reductions milder).
        let eval_here = if in_check {
            NO_EVAL
        } else {
            self.evaluate(&position)
        };
        self.evals[ply as usize] = eval_here;
        let improving = ply >= 2
            && eval_here != NO_EVAL
            && self.evals[ply as usize - 2] != NO_EVAL
            && eval_here > self.evals[ply as usize - 2];
        let static_eval = (!pv_node && !in_check).then_some(eval_here);
        // Reverse futility: near the leaves, a position this far above beta stays above it.
        if let Some(eval) = static_eval
            && depth <= FUTILITY_DEPTH
            && beta.abs() < MATE_BOUND
            && eval - FUTILITY_MARGIN * (depth - i32::from(improving)) >= beta
        {
            return eval;
        }
        if allow_null
            && depth >= 3
            && beta.abs() < MATE_BOUND
            && static_eval.is_some_and(|eval| eval >= beta)
            && Self::has_big_pieces(&position)
        {
            let reduction = if depth >= 6 { 3 } else { 2 };
            self.push(None);
            let score = -self.negamax(depth - 1 - reduction, -beta, -beta + 1, ply + 1, false);
            self.pop();
            if self.budget.halt() != Halt::No {
                return 0;
            }
            if score >= beta {
                return if score > MATE_BOUND { beta } else { score };
            }
        }
        // The table's move is searched before the others are generated, which a cutoff
        // by it spares; the others are then ordered with the history its search left.
        let table_move = entry
            .and_then(|e| e.best)
            .filter(|&mv| position.is_legal(mv));
        // The other moves are generated by the pieces' movement and tested for legality only
        // when played.
        let mut moves = MoveList::new();
        let mut candidates = None;
        match table_move {
            Some(mv) => moves.push(mv),
            None => {
                candidates = Some(position.candidate_moves(&mut moves, false, in_check));
                self.order(&position, &mut moves, None, ply as usize);
            }
        }
        let mut legal_found = false;
        let mut generated = table_move.is_none();
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        // Quiet moves that cannot reach alpha near the leaves (futility), late ones there
        // (late-move pruning), and moves there that lose too much in the exchange on their
        // point are skipped unless they give check.
        let futile = static_eval
            .is_some_and(|eval| depth <= FUTILITY_DEPTH && eval + FUTILITY_MARGIN * depth <= alpha);
        let late_limit = if static_eval.is_some() && depth <= FUTILITY_DEPTH {
            if improving {
                LATE_MOVES[depth as usize]
            } else {
                LATE_MOVES[depth as usize] * 2 / 3
            }
        } else {
            usize::MAX
        };
        // The quiet moves searched so far, whose history a later cutoff lowers.
        let mut quiets_tried: ArrayVec<Move, MAX_MOVES> = ArrayVec::new();
        let enemy_general = position.general(side.opponent());
        let mut next = 0;
        // The moves taken from the list so far, less those found illegal: the number that
        // late-move reductions and pruning read.
        let mut counted = 0;
        loop {
            if next == moves.len() {
                if generated {
                    break;
                }
                // The table's move did not cut: all the moves, it first (already searched).
                candidates = Some(position.candidate_moves(&mut moves, false, in_check));
                self.order(&position, &mut moves, table_move, ply as usize);
                generated = true;
                continue;
            }
            let (index, mv) = (counted, moves[next]);
            next += 1;
            let quiet = !position.is_capture(mv);
            let near_leaves = static_eval.is_some() && depth <= FUTILITY_DEPTH;
            let prunable = index > 0
                && best_score > -MATE_BOUND
                && ((quiet && (futile || index >= late_limit))
                    || (near_leaves && Self::loses_too_much(&position, mv, quiet, depth)));
            // A move far from the enemy general's lines cannot give check: pruned unplayed.
            if prunable && !may_give_check(mv, enemy_general) {
                counted += 1;
                continue;
            }
            self.push(Some(mv));
            if candidates
                .as_ref()
                .is_some_and(|candidates| candidates.may_be_illegal(mv))
                && self.position().in_check(side)
            {
                self.pop();
                continue;
            }
            counted += 1;
            legal_found = true;
            if prunable && !self.position().in_check(self.position().side_to_move()) {
                self.pop();
                continue;
            }
            let score = if index == 0 {
                -self.negamax(depth - 1, -beta, -alpha, ply + 1, true)
            } else {
                // Late quiet moves, and late captures that lose material in the exchange on
                // their point, are searched shallower first, all with a null window.
                let reduction = if (quiet || loses_material(&position, mv))
                    && depth >= 3
                    && index >= 3
                    && !in_check
                {
                    reduction(depth, index)
                } else {
                    0
                };
                let mut score =
                    -self.negamax(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && reduction > 0 {
                    score = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(depth - 1, -beta, -alpha, ply + 1, true);
                }
                score
            };
            self.pop();
            if self.budget.halt() != Halt::No {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    let killers = &mut self.killers[ply as usize];
                    if killers[0] != Some(mv) {
                        killers[1] = killers[0];
                        killers[0] = Some(mv);
                    }
                    let slot = history_slot(mv);
                    self.history[slot] = (self.history[slot] + depth * depth).min(1 << 20);
                    for &tried in &quiets_tried {
                        let slot = history_slot(tried);
                        self.history[slot] = (self.history[slot] - depth * depth).max(-(1 << 20));
                    }
                }
                break;
            }
            if quiet {
                quiets_tried.push(mv);
            }
        }
        if !legal_found {
            // Checkmate and stalemate both lose.
            return -(MATE - ply);
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(key, depth, to_table(best_score, ply), bound, best_move);
        best_score
    }

    /// The line the table expects from the root.
    fn principal_variation(&mut self, first: Move) -> Vec<Move> {
        let mut pv = vec![first];
        let mut position = self.line[self.line.len() - 1].position.clone();
        position.play_unchecked(first);
        let mut seen = vec![position.key()];
        while pv.len() < 24 {
            let Some(mv) = self.probe(position.key()).and_then(|e| e.best) else {
                break;
            };
            if !position.is_legal(mv) {
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
}

/// Iterative deepening over the root moves, resumable between slices of time: the unit of
/// work is one root move at one depth; a unit cut off by the end of a slice is searched again
/// in the next (the transposition table keeps what it had finished).
pub struct Deepening {
    search: Search,
    /// The root moves, best first after each finished iteration.
    order: Vec<Move>,
    depth: i32,
    /// This iteration's scores so far, in the order of `order`.
    scored: Vec<(Move, i32)>,
    /// The last finished iteration: every root move's score, and its report.
    result: Option<(Vec<(Move, i32)>, Report)>,
    /// A root move scored exactly once the search is over, at the last finished iteration's
    /// depth, so that its score is as exact as the best's (a review compares the two).
    judged: Option<Move>,
    finished: bool,
}

impl Deepening {
    /// Prepares a search of the game's position, with its history for the repetition rules;
    /// `None` when the game is over.
    pub fn new(game: &Game, limits: Limits) -> Option<Deepening> {
        Deepening::with_table(game, limits, None)
    }

    /// [`Deepening::new`], starting from `table` when it has the size `limits` ask for.
    pub fn with_table(game: &Game, limits: Limits, table: Option<Table>) -> Option<Deepening> {
        if game.outcome().is_some() {
            return None;
        }
        let root = game.position();
        let mut order = MoveList::new();
        root.legal_moves(&mut order);
        if order.is_empty() {
            return None;
        }
        // The positions since the last capture or soldier's advance, for the cycles.
        let positions = game.positions();
        let moves = game.moves();
        let first = positions.len() - 1 - usize::from(root.quiet_plies()).min(positions.len() - 1);
        let line = (first..positions.len())
            .map(|index| Step {
                position: positions[index].clone(),
                mv: (index > first).then(|| moves[index - 1].mv),
                pressure: (index > first).then(|| moves[index - 1].pressure),
            })
            .collect();
        let search = Search {
            limits,
            budget: Budget::new(
                limits.max_nodes,
                limits.max_time - limits.max_time / RESERVE,
            ),
            table: table
                .filter(|table| table.0.len() == Table::size(limits.table_entries))
                .unwrap_or_else(|| Table::new(limits.table_entries))
                .0,
            line,
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; POINTS * POINTS],
            evals: [NO_EVAL; MAX_PLY],
            eval_cache: vec![(0, NO_EVAL); EVAL_CACHE_ENTRIES],
        };
        let root_position = root.clone();
        search.order(&root_position, &mut order, None, 0);
        Some(Deepening {
            search,
            order: order.to_vec(),
            depth: 1,
            scored: Vec::new(),
            result: None,
            judged: None,
            finished: limits.max_depth < 1,
        })
    }

    /// Scores `mv` exactly when the search is over, however far below the best it falls. The
    /// search itself runs as it would without it, so its best move does not depend on `mv`.
    pub fn judge(&mut self, mv: Move) {
        self.judged = Some(mv);
    }

    /// Searches the judged move again (once), with a full window and a budget of its own, at
    /// the depth of the last finished iteration, unless it was that iteration's best.
    fn score_judged(&mut self) {
        let Some(judged) = self.judged.take() else {
            return;
        };
        let Some((scored, report)) = &mut self.result else {
            return;
        };
        if scored.first().is_some_and(|&(best, _)| best == judged) {
            return;
        }
        // Deepening again over the one move, so that each depth finds the table ready.
        let limits = self.search.limits;
        self.search.budget = Budget::new(limits.max_nodes, limits.max_time);
        self.search.push(Some(judged));
        let mut score = 0;
        for depth in 1..=report.depth {
            score = -self.search.negamax(depth - 1, -INFINITY, INFINITY, 1, true);
        }
        self.search.pop();
        if self.search.budget.halt() == Halt::No
            && let Some(entry) = scored.iter_mut().find(|(mv, _)| *mv == judged)
        {
            entry.1 = score;
        }
    }

    /// Searches until the search is over or, when `slice_end` is given, until about then.
    /// `report` hears of every finished iteration. Returns whether the search is over.
    pub fn advance(&mut self, slice_end: Option<Instant>, report: &mut dyn FnMut(&Report)) -> bool {
        self.search.budget.begin_slice(slice_end);
        if self.search.budget.halt() == Halt::Stop && !self.finished {
            self.finished = true;
            self.adopt_unfinished();
        }
        while !self.finished {
            let Some(&mv) = self.order.get(self.scored.len()) else {
                self.finish_iteration(report);
                continue;
            };
            let search = &mut self.search;
            let best = self.scored.iter().map(|&(_, s)| s).max();
            let score = match best {
                None => {
                    // The first move, in a window around the last iteration's score, widened
                    // on the side the score falls out of until it falls inside.
                    let previous = self.result.as_ref().map(|(_, report)| report.score);
                    let (mut low, mut high) = match previous {
                        Some(score) if self.depth >= 4 && score.abs() < MATE_BOUND => {
                            (score - ASPIRATION_WINDOW, score + ASPIRATION_WINDOW)
                        }
                        _ => (-INFINITY, INFINITY),
                    };
                    let mut widening = ASPIRATION_WINDOW;
                    search.push(Some(mv));
                    let score = loop {
                        let score = -search.negamax(self.depth - 1, -high, -low, 1, true);
                        if search.budget.halt() != Halt::No || (low < score && score < high) {
                            break score;
                        }
                        widening *= 4;
                        if score <= low {
                            low = if widening > MATE_BOUND {
                                -INFINITY
                            } else {
                                score - widening
                            };
                        } else {
                            high = if widening > MATE_BOUND {
                                INFINITY
                            } else {
                                score + widening
                            };
                        }
                    };
                    search.pop();
                    score
                }
                Some(best) => {
                    // Moves below the best by more than the margin get only bounds.
                    let floor = best - search.limits.margin - 1;
                    search.push(Some(mv));
                    let mut score = -search.negamax(self.depth - 1, -floor - 1, -floor, 1, true);
                    if score > floor && search.budget.halt() == Halt::No {
                        score = -search.negamax(self.depth - 1, -INFINITY, -floor, 1, true);
                    }
                    search.pop();
                    score
                }
            };
            match search.budget.halt() {
                Halt::No => self.scored.push((mv, score)),
                Halt::Pause => return false,
                Halt::Stop => {
                    self.finished = true;
                    self.adopt_unfinished();
                }
            }
        }
        self.score_judged();
        true
    }

    /// Records a finished iteration and decides whether to go deeper.
    fn finish_iteration(&mut self, report: &mut dyn FnMut(&Report)) {
        let mut scored = std::mem::take(&mut self.scored);
        // Stable: equal scores keep the previous order.
        scored.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        self.order = scored.iter().map(|&(mv, _)| mv).collect();
        let (best, score) = scored[0];
        let root_key = self.search.position().key();
        self.search
            .store(root_key, self.depth, score, Bound::Exact, Some(best));
        let found = Report {
            depth: self.depth,
            score,
            nodes: self.search.budget.nodes(),
            elapsed: self.search.budget.elapsed(),
            pv: self.search.principal_variation(best),
        };
        report(&found);
        self.result = Some((scored, found));
        self.depth += 1;
        // A forced mate needs no deeper look, and a lone legal move none at all; a mate
        // against the side to move is searched on, for the longest defence a deeper look finds.
        self.finished = self.depth > self.search.limits.max_depth
            || score > MATE_BOUND
            || self.order.len() == 1;
    }

    /// When the budget stops an iteration of a search that wants only the best move (no
    /// margin), root moves the deeper search has already scored replace the last finished
    /// iteration's answer if one beats the previous best: the deeper look is the better one.
    fn adopt_unfinished(&mut self) {
        // A review compares its moves within one iteration.
        if self.search.limits.margin != 0 || self.judged.is_some() {
            return;
        }
        let Some(&(previous_best, previous_score)) = self.scored.first() else {
            return;
        };
        let Some(&(best, score)) = self.scored.iter().max_by_key(|&&(_, score)| score) else {
            return;
        };
        let Some((list, report)) = &mut self.result else {
            return;
        };
        if best == previous_best || score <= previous_score {
            return;
        }
        let mut deeper = self.scored.clone();
        deeper.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        for &(mv, _) in list.iter() {
            if !deeper.iter().any(|&(seen, _)| seen == mv) {
                deeper.push((mv, -INFINITY));
            }
        }
        *list = deeper;
        report.score = score;
        report.pv = vec![best];
    }

    /// Ends the search at once (the answer is the last finished iteration's, or the unfinished
    /// one's where it found better).
    pub fn stop(&mut self) {
        self.search.budget.stop();
        if !self.finished {
            self.finished = true;
            self.adopt_unfinished();
        }
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

    /// The transposition table, for the next search of the game.
    pub fn into_table(self) -> Table {
        Table(self.search.table)
    }
}
