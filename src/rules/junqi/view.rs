//! The public state of a game: what every player may see. It cannot hold the identity of a
//! face-down piece, only the public pool of what is still face down.

use super::action::{Action, ActionList};
use super::board::{Direction, POINTS, Point};
use super::piece::{Color, Combat, Kind, Piece};
use super::ruleset::{ColourRule, Ruleset};
use crate::rules::PointSet;
use std::sync::LazyLock;

/// What a player can see on one point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cell {
    /// Nothing there.
    Empty,
    /// A face-down piece of unknown identity.
    Hidden,
    /// A face-up piece.
    Up(Piece),
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// `winner` won.
    Win { winner: Color, reason: WinReason },
    /// Nobody won.
    Draw(DrawReason),
}

/// Why a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum WinReason {
    /// The loser's flag was captured.
    FlagCaptured,
    /// The loser had no legal action on their turn.
    NoLegalAction,
    /// The loser resigned.
    Resignation,
    /// The loser's move clock ran out.
    OutOfTime,
    /// The loser left an online game and did not come back in time.
    Abandoned,
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum DrawReason {
    /// Too many plies in a row without a flip or an attack.
    QuietPlies,
    /// The players agreed to a draw.
    Agreement,
    /// No action was left before the colours were decided (only possible in hand-made positions).
    NoActionBeforeColours,
}

/// What an action did, for presentation (animations, sounds, logs).
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub enum Effect {
    /// A face-down piece was turned over and showed `piece`; `colours_fixed` when this flip
    /// decided who plays which colour (the flipping player now plays `mover`).
    Flipped {
        piece: Piece,
        colours_fixed: Option<Color>,
    },
    /// A piece moved to an empty point.
    Moved { piece: Piece },
    /// A piece attacked another.
    Attacked {
        attacker: Piece,
        defender: Piece,
        combat: Combat,
    },
}

/// Why an action cannot be played now.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum IllegalAction {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The action is not among the legal ones.
    #[error("{0} is not a legal action here")]
    NotLegal(Action),
    /// A hypothetical flip named a piece that is not in the face-down pool.
    #[error("{0} is not among the face-down pieces")]
    NotInPool(Piece),
}

/// The public state of a Junqi flip game, identical for both players.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayerView {
    pub(super) rules: Ruleset,
    pub(super) cells: [Cell; POINTS],
    /// How many of each piece (by [`Piece::index`]) are still face down.
    pub(super) pool: [u8; 24],
    pub(super) side: Option<Color>,
    pub(super) quiet: u16,
    pub(super) ply: u32,
    /// Two-in-a-row colour rule: the colour each player (first, second) flipped last.
    pub(super) last_flips: [Option<Color>; 2],
    pub(super) hash: u64,
}

/// Random keys for the position hash.
struct Zobrist {
    cells: [[u64; 25]; POINTS],
    pool: [[u64; 4]; 24],
    side: [u64; 3],
    last_flips: [[u64; 3]; 2],
}

static ZOBRIST: LazyLock<Zobrist> = LazyLock::new(|| {
    let mut state = 0x6b61_7775_6a75_6e71u64;
    let mut next = || {
        // splitmix64
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    Zobrist {
        cells: std::array::from_fn(|_| std::array::from_fn(|_| next())),
        pool: std::array::from_fn(|_| std::array::from_fn(|_| next())),
        side: std::array::from_fn(|_| next()),
        last_flips: std::array::from_fn(|_| std::array::from_fn(|_| next())),
    }
});

fn cell_key(point: usize, cell: Cell) -> u64 {
    match cell {
        Cell::Empty => 0,
        Cell::Hidden => ZOBRIST.cells[point][24],
        Cell::Up(piece) => ZOBRIST.cells[point][piece.index()],
    }
}

fn side_key(side: Option<Color>) -> u64 {
    ZOBRIST.side[side.map_or(2, |c| c.index())]
}

fn pool_key(piece: usize, count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        ZOBRIST.pool[piece][count as usize - 1]
    }
}

fn last_flip_key(player: usize, colour: Option<Color>) -> u64 {
    colour.map_or(0, |c| ZOBRIST.last_flips[player][c.index()])
}

impl PlayerView {
    /// A view with these cells; the pool and hash are derived. Used by positions and parsers.
    pub(super) fn from_parts(
        rules: Ruleset,
        cells: [Cell; POINTS],
        pool: [u8; 24],
        side: Option<Color>,
        quiet: u16,
        ply: u32,
    ) -> PlayerView {
        let mut view = PlayerView {
            rules,
            cells,
            pool,
            side,
            quiet,
            ply,
            last_flips: [None; 2],
            hash: 0,
        };
        view.hash = view.compute_hash();
        view
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = side_key(self.side);
        for (point, &cell) in self.cells.iter().enumerate() {
            hash ^= cell_key(point, cell);
        }
        for (piece, &count) in self.pool.iter().enumerate() {
            hash ^= pool_key(piece, count);
        }
        for (player, &colour) in self.last_flips.iter().enumerate() {
            hash ^= last_flip_key(player, colour);
        }
        hash
    }

    /// The ruleset of this game.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// What stands on `point`.
    pub fn cell(&self, point: Point) -> Cell {
        self.cells[point.index()]
    }

    /// The colour to move, or `None` before the colours are decided.
    pub fn side_to_move(&self) -> Option<Color> {
        self.side
    }

    /// Plies since the last flip or attack (the draw counter).
    pub fn quiet_plies(&self) -> u16 {
        self.quiet
    }

    /// Plies played since the start.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Whether the first player (who moved at ply 0) is to move.
    pub fn first_player_to_move(&self) -> bool {
        self.ply.is_multiple_of(2)
    }

    /// How many of `piece` are still face down.
    pub fn pool_count(&self, piece: Piece) -> u8 {
        self.pool[piece.index()]
    }

    /// How many pieces are still face down.
    pub fn face_down_count(&self) -> u32 {
        self.pool.iter().map(|&n| n as u32).sum()
    }

    /// A hash of the public position (board, pool, side to move; not the counters).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    fn set_cell(&mut self, point: Point, cell: Cell) {
        let index = point.index();
        self.hash ^= cell_key(index, self.cells[index]) ^ cell_key(index, cell);
        self.cells[index] = cell;
    }

    fn set_side(&mut self, side: Option<Color>) {
        self.hash ^= side_key(self.side) ^ side_key(side);
        self.side = side;
    }

    fn set_last_flip(&mut self, player: usize, colour: Option<Color>) {
        self.hash ^= last_flip_key(player, self.last_flips[player]) ^ last_flip_key(player, colour);
        self.last_flips[player] = colour;
    }

    /// Whether `color` still has its flag on the board (face up or face down).
    pub fn has_flag(&self, color: Color) -> bool {
        let flag = Piece::new(color, Kind::Flag);
        self.pool[flag.index()] > 0 || self.cells.contains(&Cell::Up(flag))
    }

    /// How many landmines of `color` are still on the board (face up or face down).
    pub fn landmines_left(&self, color: Color) -> u32 {
        let mine = Piece::new(color, Kind::Landmine);
        self.pool[mine.index()] as u32
            + self.cells.iter().filter(|&&c| c == Cell::Up(mine)).count() as u32
    }

    /// The outcome if the game is over by the rules (flag captured, draw counter reached, or no
    /// legal action for the side to move); `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.outcome_before_actions() {
            return Some(outcome);
        }
        let mut actions = ActionList::new();
        self.legal_actions(&mut actions);
        if !actions.is_empty() {
            return None;
        }
        Some(match self.side {
            Some(side) => Outcome::Win {
                winner: side.opponent(),
                reason: WinReason::NoLegalAction,
            },
            None => Outcome::Draw(DrawReason::NoActionBeforeColours),
        })
    }

    /// Game ends that do not depend on the list of legal actions.
    fn outcome_before_actions(&self) -> Option<Outcome> {
        if let Some(side) = self.side {
            match (self.has_flag(side), self.has_flag(side.opponent())) {
                (true, true) => {}
                (false, true) => {
                    return Some(Outcome::Win {
                        winner: side.opponent(),
                        reason: WinReason::FlagCaptured,
                    });
                }
                (true, false) => {
                    return Some(Outcome::Win {
                        winner: side,
                        reason: WinReason::FlagCaptured,
                    });
                }
                // Both flags gone: the side that just moved took the last one.
                (false, false) => {
                    return Some(Outcome::Win {
                        winner: side.opponent(),
                        reason: WinReason::FlagCaptured,
                    });
                }
            }
        }
        (self.quiet >= self.rules.quiet_ply_limit).then_some(Outcome::Draw(DrawReason::QuietPlies))
    }

    /// Fills `out` with every legal action (flips first, then moves by origin); empty when the
    /// game is over.
    pub fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        if self.outcome_before_actions().is_some() {
            return;
        }
        for point in Point::all() {
            if self.cells[point.index()] == Cell::Hidden {
                out.push(Action::Flip(point));
            }
        }
        if let Some(side) = self.side {
            self.push_moves_of(side, out);
        }
    }

    /// Appends every move of `side`'s face-up pieces, whoever is to move and whether or not
    /// the game is over (Junqi classic's views list their owner's moves with this).
    pub(super) fn push_moves_of(&self, side: Color, out: &mut ActionList) {
        for from in Point::all() {
            if let Cell::Up(piece) = self.cells[from.index()]
                && piece.color == side
            {
                let targets = self.move_targets(from, piece);
                push_moves(out, from, targets);
            }
        }
    }

    /// The number of legal actions, without listing them.
    pub fn count_legal_actions(&self) -> usize {
        if self.outcome_before_actions().is_some() {
            return 0;
        }
        let mut count = self.cells.iter().filter(|&&c| c == Cell::Hidden).count();
        if let Some(side) = self.side {
            for from in Point::all() {
                if let Cell::Up(piece) = self.cells[from.index()]
                    && piece.color == side
                {
                    count += self.move_targets(from, piece).len();
                }
            }
        }
        count
    }

    /// Whether `action` is legal now.
    pub fn is_legal(&self, action: Action) -> bool {
        if self.outcome_before_actions().is_some() {
            return false;
        }
        match action {
            Action::Flip(point) => self.cells[point.index()] == Cell::Hidden,
            Action::Move { from, to } => match (self.side, self.cells[from.index()]) {
                (Some(side), Cell::Up(piece)) if piece.color == side => {
                    self.move_targets(from, piece).contains(to)
                }
                _ => false,
            },
        }
    }

    /// The legal destinations of the face-up piece on `from` (attacks included); empty if it
    /// cannot move.
    pub fn destinations(&self, from: Point) -> PointSet<Point> {
        match self.cells[from.index()] {
            Cell::Up(piece)
                if Some(piece.color) == self.side && self.outcome_before_actions().is_none() =>
            {
                self.move_targets(from, piece)
            }
            _ => PointSet::EMPTY,
        }
    }

    /// The destinations of the face-up piece on `from` whoever is to move and whether or not
    /// the game is over (Junqi classic checks an unseen piece's move with this).
    pub(super) fn targets_from(&self, from: Point) -> PointSet<Point> {
        match self.cells[from.index()] {
            Cell::Up(piece) => self.move_targets(from, piece),
            _ => PointSet::EMPTY,
        }
    }

    /// Whether the face-up piece on `target` could be attacked by an enemy piece if that enemy
    /// were to move now (flags threatened, pieces hanging).
    pub fn is_attacked(&self, target: Point) -> bool {
        let Cell::Up(defender) = self.cells[target.index()] else {
            return false;
        };
        self.reach(defender.color.opponent()).contains(target)
    }

    /// Every point the face-up pieces of `color` could move to or attack if it were their turn.
    pub fn reach(&self, color: Color) -> PointSet<Point> {
        Point::all()
            .map(|from| match self.cells[from.index()] {
                Cell::Up(piece) if piece.color == color => self.move_targets(from, piece),
                _ => PointSet::EMPTY,
            })
            .fold(PointSet::EMPTY, |all, targets| all | targets)
    }

    /// Whether `attacker` may attack whatever stands on `target`.
    fn can_attack(&self, attacker: Kind, attacker_color: Color, target: Point) -> bool {
        let Cell::Up(defender) = self.cells[target.index()] else {
            return false;
        };
        if defender.color == attacker_color || target.is_camp() {
            return false;
        }
        if defender.kind == Kind::Flag {
            if self.rules.only_engineers_take_flag && attacker != Kind::Engineer {
                return false;
            }
            if self.rules.flag_after_mines && self.landmines_left(defender.color) > 0 {
                return false;
            }
        }
        true
    }

    /// Destinations of `piece` standing on `from`.
    fn move_targets(&self, from: Point, piece: Piece) -> PointSet<Point> {
        let mut targets = PointSet::EMPTY;
        if !piece.kind.is_movable() || (self.rules.headquarters_lock && from.is_headquarters()) {
            return targets;
        }
        for &to in from.neighbours() {
            match self.cells[to.index()] {
                Cell::Empty => targets.insert(to),
                Cell::Up(_) if self.can_attack(piece.kind, piece.color, to) => targets.insert(to),
                _ => {}
            }
        }
        if !from.is_rail() {
            return targets;
        }
        if piece.kind == Kind::Engineer {
            // Breadth-first over rail points reachable through empty points.
            let mut reached = PointSet::single(from);
            let mut frontier = reached;
            while let Some(at) = frontier.pop_first() {
                for &next in at.rail_neighbours() {
                    if reached.contains(next) {
                        continue;
                    }
                    match self.cells[next.index()] {
                        Cell::Empty => {
                            reached.insert(next);
                            frontier.insert(next);
                            targets.insert(next);
                        }
                        Cell::Up(_) if self.can_attack(piece.kind, piece.color, next) => {
                            targets.insert(next)
                        }
                        _ => {}
                    }
                }
            }
        } else {
            for direction in Direction::ALL {
                let mut at = from;
                while let Some(next) = at.rail_step(direction) {
                    match self.cells[next.index()] {
                        Cell::Empty => {
                            targets.insert(next);
                            at = next;
                        }
                        Cell::Up(_) if self.can_attack(piece.kind, piece.color, next) => {
                            targets.insert(next);
                            break;
                        }
                        _ => break,
                    }
                }
            }
        }
        targets
    }

    /// Plays a flip whose identity is `piece` (the real one, or a hypothesis drawn from the pool
    /// by a searching opponent). The action must be legal; `piece` must be in the pool.
    pub(super) fn apply_flip(&mut self, point: Point, piece: Piece) -> Effect {
        self.set_cell(point, Cell::Up(piece));
        let index = piece.index();
        self.hash ^= pool_key(index, self.pool[index]) ^ pool_key(index, self.pool[index] - 1);
        self.pool[index] -= 1;
        let mut colours_fixed = None;
        match self.side {
            Some(side) => self.set_side(Some(side.opponent())),
            None => {
                let player = (self.ply % 2) as usize;
                let fixes = match self.rules.colours {
                    ColourRule::FirstFlip => true,
                    ColourRule::TwoInARow => {
                        self.last_flips[player] == Some(piece.color) || self.face_down_count() == 0
                    }
                };
                if fixes {
                    colours_fixed = Some(piece.color);
                    self.set_side(Some(piece.color.opponent()));
                    self.set_last_flip(0, None);
                    self.set_last_flip(1, None);
                } else {
                    self.set_last_flip(player, Some(piece.color));
                }
            }
        }
        self.quiet = 0;
        self.ply += 1;
        Effect::Flipped {
            piece,
            colours_fixed,
        }
    }

    /// Plays a legal move or attack of a face-up piece.
    pub(super) fn apply_move(&mut self, from: Point, to: Point) -> Effect {
        let Cell::Up(attacker) = self.cells[from.index()] else {
            unreachable!("a legal move starts on a face-up piece");
        };
        let effect = match self.cells[to.index()] {
            Cell::Up(defender) => {
                let combat = Combat::resolve(attacker.kind, defender.kind);
                self.set_cell(from, Cell::Empty);
                match combat {
                    Combat::AttackerWins | Combat::FlagCaptured => {
                        self.set_cell(to, Cell::Up(attacker))
                    }
                    Combat::DefenderWins => {}
                    Combat::BothRemoved | Combat::FlagBombed => self.set_cell(to, Cell::Empty),
                }
                self.quiet = 0;
                Effect::Attacked {
                    attacker,
                    defender,
                    combat,
                }
            }
            _ => {
                self.set_cell(from, Cell::Empty);
                self.set_cell(to, Cell::Up(attacker));
                self.quiet += 1;
                Effect::Moved { piece: attacker }
            }
        };
        self.set_side(self.side.map(Color::opponent));
        self.ply += 1;
        effect
    }

    /// Plays a legal move, or a flip that reveals `revealed` (required for flips).
    pub(super) fn apply_unchecked(&mut self, action: Action, revealed: Option<Piece>) -> Effect {
        match action {
            Action::Flip(point) => {
                self.apply_flip(point, revealed.expect("a flip needs its identity"))
            }
            Action::Move { from, to } => self.apply_move(from, to),
        }
    }

    /// Plays `action` on this view; a flip must say which piece it hypothetically reveals, drawn
    /// from the pool. This is how a search explores chance: the view never learns the real piece.
    pub fn play_hypothetical(
        &mut self,
        action: Action,
        revealed: Option<Piece>,
    ) -> Result<Effect, IllegalAction> {
        if self.outcome_before_actions().is_some() {
            return Err(IllegalAction::GameOver);
        }
        if !self.is_legal(action) {
            return Err(IllegalAction::NotLegal(action));
        }
        match (action, revealed) {
            (Action::Flip(_), Some(piece)) if self.pool[piece.index()] > 0 => {
                Ok(self.apply_unchecked(action, Some(piece)))
            }
            (Action::Flip(_), Some(piece)) => Err(IllegalAction::NotInPool(piece)),
            (Action::Flip(_), None) => Err(IllegalAction::NotLegal(action)),
            (Action::Move { .. }, _) => Ok(self.apply_unchecked(action, None)),
        }
    }

    /// Plays a flip revealing `piece`, or a move, without legality checks, for searches that
    /// only play actions from [`PlayerView::legal_actions`] and pieces from the pool.
    pub fn play_searched(&mut self, action: Action, revealed: Option<Piece>) -> Effect {
        debug_assert!(self.is_legal(action));
        self.apply_unchecked(action, revealed)
    }

    /// The points a piece passes through when moving from `from` to `to` (both included): a
    /// straight rail slide, an engineer's rail route (turning at junctions), or one road step.
    /// Call it before the move is played.
    pub fn move_path(&self, from: Point, to: Point) -> Vec<Point> {
        if from.neighbours().contains(&to) {
            return vec![from, to];
        }
        let engineer = matches!(self.cells[from.index()], Cell::Up(p) if p.kind == Kind::Engineer);
        if !engineer {
            for direction in Direction::ALL {
                let mut path = vec![from];
                let mut at = from;
                while let Some(next) = at.rail_step(direction) {
                    path.push(next);
                    if next == to {
                        return path;
                    }
                    if self.cells[next.index()] != Cell::Empty {
                        break;
                    }
                    at = next;
                }
            }
            return vec![from, to];
        }
        // Shortest engineer route through empty rail points.
        let mut came_from = [None::<Point>; POINTS];
        let mut queue = std::collections::VecDeque::from([from]);
        let mut seen = PointSet::single(from);
        while let Some(at) = queue.pop_front() {
            for &next in at.rail_neighbours() {
                if seen.contains(next) {
                    continue;
                }
                seen.insert(next);
                came_from[next.index()] = Some(at);
                if next == to {
                    let mut path = vec![to];
                    let mut step = at;
                    while step != from {
                        path.push(step);
                        step = came_from[step.index()].expect("breadth-first parents lead back");
                    }
                    path.push(from);
                    path.reverse();
                    return path;
                }
                if self.cells[next.index()] == Cell::Empty {
                    queue.push_back(next);
                }
            }
        }
        vec![from, to]
    }

    /// Every face-down piece's point.
    pub fn face_down_points(&self) -> impl Iterator<Item = Point> + '_ {
        Point::all().filter(|p| self.cells[p.index()] == Cell::Hidden)
    }

    /// Restores the two-in-a-row rule's memory of each player's last flip colour.
    pub(super) fn restore_last_flips(&mut self, last_flips: [Option<Color>; 2]) {
        for (player, colour) in last_flips.into_iter().enumerate() {
            self.set_last_flip(player, colour);
        }
    }

    #[cfg(test)]
    pub(super) fn hash_is_consistent(&self) -> bool {
        self.hash == self.compute_hash()
    }
}

fn push_moves(out: &mut ActionList, from: Point, targets: PointSet<Point>) {
    for to in targets.iter() {
        out.push(Action::Move { from, to });
    }
}
