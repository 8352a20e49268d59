//! A position: the board, the state to move, the seats, each state's captures, and the
//! counters. Everything the rules need is here (there are no repetition rules), so a
//! position is a whole game's state and QFEN writes all of it.

use super::board::{CAVALRY_PATHS, CELLS, Direction, MAILBOX_WIDTH, Point};
use super::moves::{Move, MoveList};
use super::outcome::{Ending, Outcome, Standing};
use super::piece::{Kind, Piece, START_OFFSETS, State};
use super::seating::{Seat, Seating};
use arrayvec::ArrayVec;
use std::fmt;
use std::ops::ControlFlow;

/// A state with this many pieces or fewer after a capture is eliminated (it lost more than
/// ten of its seventeen).
pub const ELIMINATION_PIECES: u8 = 6;
/// A seat whose states captured this many Rulers is the hegemon.
pub const HEGEMON_RULERS: u32 = 2;
/// A seat whose states captured this many pieces is the hegemon.
pub const HEGEMON_PIECES: u32 = 31;
/// Moves in a row without a capture that end the game.
pub const QUIET_LIMIT: u8 = 200;

/// Cell codes: empty, the emperor, the border; a piece is `(state + 1) << 4 | kind`.
const EMPTY: u8 = 0;
const EMPEROR: u8 = 1;
const BORDER: u8 = 2;
/// Enough steps to cross the board along any line.
const UNLIMITED: usize = 18;

const fn piece_code(piece: Piece) -> u8 {
    ((piece.state.index() as u8 + 1) << 4) | piece.kind as u8
}

/// A well-mixed 64 bits of `value` (SplitMix64's finaliser), for the position's key.
const fn mix(value: u64) -> u64 {
    let mut z = value.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The key of a piece code on a cell.
const fn piece_key(code: u8, cell: usize) -> u64 {
    mix((code as u64) << 16 | cell as u64)
}

/// The key of `state` to move.
const fn side_key(state: State) -> u64 {
    mix(1 << 40 | state.index() as u64)
}

/// The key of `state` having captured `count` pieces (`rulers`: Rulers).
const fn count_key(state: State, count: u8, rulers: bool) -> u64 {
    mix(1 << 41 | (rulers as u64) << 32 | (state.index() as u64) << 8 | count as u64)
}

fn piece_of_code(code: u8) -> Option<Piece> {
    let state = State::from_index(usize::from(code >> 4).checked_sub(1)?)?;
    let kind = *Kind::ALL.get(usize::from(code & 15))?;
    Some(Piece::new(state, kind))
}

/// Why a state left the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EliminationReason {
    /// Its Ruler was captured.
    RulerCaptured,
    /// A capture left it with six pieces or fewer.
    TooFewPieces,
    /// Its turn came and it had no legal move.
    NoLegalMove,
    /// Its seat gave up or left the table (online play: a resignation, a player leaving for
    /// good, a move clock run out).
    Withdrawn,
}

/// A state's elimination: all its pieces left the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Elimination {
    pub state: State,
    pub reason: EliminationReason,
}

/// What a move did, for whoever shows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Played {
    /// The state that moved.
    pub mover: State,
    /// The piece captured on the destination, if any.
    pub captured: Option<Piece>,
    /// The states eliminated by the move, in the order it happened.
    pub eliminated: ArrayVec<Elimination, 7>,
}

/// A move that the position does not allow.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PlayError {
    #[error("the game is over: no move is legal")]
    GameOver,
    #[error("{mv} is not a legal move of {state}")]
    Illegal { mv: Move, state: State },
}

/// A position of Qiguo Xiangqi.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// Cell codes of the mailbox (the board with a border).
    cells: [u8; CELLS],
    side: State,
    seating: Seating,
    /// Pieces captured by each state.
    captures: [u8; 7],
    /// Rulers captured by each state.
    rulers: [u8; 7],
    /// Pieces of each state on the board; a state is live while it has any.
    on_board: [u8; 7],
    /// Pieces of each state on the board by kind.
    kinds: [[u8; 10]; 7],
    /// Where each live state's Ruler stands.
    ruler_points: [Point; 7],
    /// A hash of the board, the side to move and the captures.
    key: u64,
    /// Moves since the last capture.
    quiet: u8,
    /// Moves since the start.
    ply: u32,
}

/// The contents of one point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Occupant {
    Empty,
    /// The Zhou emperor, on `j10` all game.
    Emperor,
    Piece(Piece),
}

/// The facts a position is built from (QFEN's fields), checked by the QFEN reader.
pub(super) struct Parts {
    pub(super) pieces: ArrayVec<(Point, Piece), 119>,
    pub(super) side: State,
    pub(super) seating: Seating,
    pub(super) captures: [u8; 7],
    pub(super) rulers: [u8; 7],
    pub(super) quiet: u8,
    pub(super) ply: u32,
}

impl Position {
    /// The start position with `seating`.
    pub fn start(seating: Seating) -> Position {
        let mut pieces = ArrayVec::new();
        for state in State::ALL {
            let ruler = state.ruler_start();
            let (forward, left) = (state.facing().step(), state.facing().left().step());
            for (kind, depth, side) in START_OFFSETS {
                let point = ruler
                    .offset(
                        depth * forward.0 + side * left.0,
                        depth * forward.1 + side * left.1,
                    )
                    .expect("every army starts on the board");
                pieces.push((point, Piece::new(state, kind)));
            }
        }
        Position::from_parts(Parts {
            pieces,
            side: State::Qin,
            seating,
            captures: [0; 7],
            rulers: [0; 7],
            quiet: 0,
            ply: 0,
        })
    }

    /// The position of checked parts.
    pub(super) fn from_parts(parts: Parts) -> Position {
        let mut cells = [BORDER; CELLS];
        for point in Point::all() {
            cells[point.cell()] = EMPTY;
        }
        cells[Point::CENTRE.cell()] = EMPEROR;
        let mut on_board = [0; 7];
        let mut kinds = [[0; 10]; 7];
        let mut ruler_points = [Point::CENTRE; 7];
        for (point, piece) in parts.pieces {
            if piece.kind == Kind::Ruler {
                ruler_points[piece.state.index()] = point;
            }
            cells[point.cell()] = piece_code(piece);
            on_board[piece.state.index()] += 1;
            kinds[piece.state.index()][piece.kind as usize] += 1;
        }
        let mut key = side_key(parts.side);
        for (cell, &code) in cells.iter().enumerate() {
            if code >= 16 {
                key ^= piece_key(code, cell);
            }
        }
        for state in State::ALL {
            key ^= count_key(state, parts.captures[state.index()], false)
                ^ count_key(state, parts.rulers[state.index()], true);
        }
        Position {
            cells,
            key,
            side: parts.side,
            seating: parts.seating,
            captures: parts.captures,
            rulers: parts.rulers,
            on_board,
            kinds,
            ruler_points,
            quiet: parts.quiet,
            ply: parts.ply,
        }
    }

    /// What stands on `point`.
    #[inline]
    pub fn occupant(&self, point: Point) -> Occupant {
        match self.cells[point.cell()] {
            EMPTY => Occupant::Empty,
            EMPEROR => Occupant::Emperor,
            code => piece_of_code(code).map_or(Occupant::Empty, Occupant::Piece),
        }
    }

    /// The piece on `point`, if any (the emperor is no piece of a state).
    #[inline]
    pub fn piece_at(&self, point: Point) -> Option<Piece> {
        match self.occupant(point) {
            Occupant::Piece(piece) => Some(piece),
            _ => None,
        }
    }

    /// Every piece with its point, `a1` first.
    pub fn pieces(&self) -> impl Iterator<Item = (Point, Piece)> + '_ {
        Point::all().filter_map(|point| self.piece_at(point).map(|piece| (point, piece)))
    }

    /// The state to move (in a finished game, the one that would have moved).
    pub fn side_to_move(&self) -> State {
        self.side
    }

    /// Who owns which state.
    pub fn seating(&self) -> Seating {
        self.seating
    }

    /// Pieces `state` captured (Rulers among them).
    pub fn captures(&self, state: State) -> u32 {
        u32::from(self.captures[state.index()])
    }

    /// Rulers `state` captured.
    pub fn rulers_captured(&self, state: State) -> u32 {
        u32::from(self.rulers[state.index()])
    }

    /// Pieces of `state` on the board.
    pub fn pieces_on_board(&self, state: State) -> u32 {
        u32::from(self.on_board[state.index()])
    }

    /// How many pieces like `piece` are on the board.
    #[inline]
    pub fn count(&self, piece: Piece) -> u32 {
        u32::from(self.kinds[piece.state.index()][piece.kind as usize])
    }

    /// Where `state`'s Ruler stands; `None` once the state is eliminated.
    #[inline]
    pub fn ruler(&self, state: State) -> Option<Point> {
        self.is_live(state)
            .then_some(self.ruler_points[state.index()])
    }

    /// A hash of the board, the side to move and the captures: equal for equal positions
    /// (the counters aside), and almost surely different otherwise.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The same position with `state` to move, if it is live: for a search that lets a state
    /// answer out of turn.
    pub fn with_side_to_move(&self, state: State) -> Option<Position> {
        if !self.is_live(state) {
            return None;
        }
        let mut position = self.clone();
        position.key ^= side_key(position.side) ^ side_key(state);
        position.side = state;
        Some(position)
    }

    /// Whether `state` is live (its Ruler is on the board).
    #[inline]
    pub fn is_live(&self, state: State) -> bool {
        self.on_board[state.index()] > 0
    }

    /// Moves since the last capture.
    pub fn quiet(&self) -> u8 {
        self.quiet
    }

    /// Moves since the start.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The pieces `seat`'s states captured, and the Rulers among them.
    pub fn seat_captures(&self, seat: Seat) -> (u32, u32) {
        self.seating
            .states(seat)
            .fold((0, 0), |(pieces, rulers), state| {
                (
                    pieces + self.captures(state),
                    rulers + self.rulers_captured(state),
                )
            })
    }

    /// Whether any of `seat`'s states is live.
    pub fn seat_is_live(&self, seat: Seat) -> bool {
        self.seating.states(seat).any(|state| self.is_live(state))
    }

    /// How the game ended, if it did.
    pub fn ending(&self) -> Option<Ending> {
        let mut pieces = [0u32; 7];
        let mut rulers = [0u32; 7];
        // The seat of the live states, while they all share one (`None` once two differ).
        let mut live_seat = None;
        let mut live_seats_differ = false;
        for state in State::ALL {
            let seat = self.seating.seat(state);
            pieces[seat.index()] += self.captures(state);
            rulers[seat.index()] += self.rulers_captured(state);
            if self.is_live(state) {
                match live_seat {
                    None => live_seat = Some(seat),
                    Some(first) => live_seats_differ |= first != seat,
                }
            }
        }
        if let Some(seat) = self.seating.seats().find(|seat| {
            pieces[seat.index()] >= HEGEMON_PIECES || rulers[seat.index()] >= HEGEMON_RULERS
        }) {
            return Some(Ending::Hegemon(seat));
        }
        if let Some(seat) = live_seat
            && !live_seats_differ
        {
            return Some(Ending::LastSeat(seat));
        }
        if self.quiet >= QUIET_LIMIT {
            return Some(Ending::QuietLimit);
        }
        None
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ending().map(|ending| Outcome {
            ending,
            standings: self.standings(),
        })
    }

    /// Every seat ranked, best first, as the result would rank them if the game ended now.
    pub fn standings(&self) -> ArrayVec<Standing, 7> {
        let ending = self.ending();
        let mut table: ArrayVec<Standing, 7> = self
            .seating()
            .seats()
            .map(|seat| {
                let (score, rulers) = self.seat_captures(seat);
                Standing {
                    seat,
                    place: 0,
                    score,
                    rulers,
                    live: self.seat_is_live(seat),
                    hegemon: ending == Some(Ending::Hegemon(seat)),
                }
            })
            .collect();
        Standing::rank(&mut table);
        table
    }

    /// Visits every move of `state`'s pieces until `visit` breaks.
    #[inline]
    fn each_move(
        &self,
        state: State,
        captures_only: bool,
        mut visit: impl FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let own = state.index() as u8 + 1;
        // Bit `s + 1` is set for every state `s` of another seat.
        let enemies = State::ALL
            .into_iter()
            .filter(|&other| !self.seating.allied(state, other))
            .fold(0u8, |mask, other| mask | 1 << (other.index() + 1));
        let capturable = |code: u8| {
            code >= 16 && code & 15 != Kind::Diplomat as u8 && enemies >> (code >> 4) & 1 != 0
        };
        let cells = &self.cells;
        let line = |from: usize,
                    directions: &[Direction],
                    range: usize,
                    captures: bool,
                    visit: &mut dyn FnMut(Move) -> ControlFlow<()>|
         -> ControlFlow<()> {
            for direction in directions {
                let step = direction.cell_step();
                let mut cell = from;
                for _ in 0..range {
                    cell = cell.wrapping_add_signed(step);
                    let code = cells[cell];
                    if code == EMPTY {
                        if !captures_only {
                            visit(Move::new(Point::from_cell(from), Point::from_cell(cell)))?;
                        }
                    } else {
                        if captures && capturable(code) {
                            visit(Move::new(Point::from_cell(from), Point::from_cell(cell)))?;
                        }
                        break;
                    }
                }
            }
            ControlFlow::Continue(())
        };
        for from in MAILBOX_WIDTH + 1..CELLS - MAILBOX_WIDTH - 1 {
            let code = cells[from];
            if code >> 4 != own {
                continue;
            }
            let visit: &mut dyn FnMut(Move) -> ControlFlow<()> = &mut visit;
            match Kind::ALL[usize::from(code & 15)] {
                Kind::Ruler => line(from, &Direction::ALL, UNLIMITED, true, visit)?,
                Kind::General => line(from, &Direction::ORTHOGONAL, UNLIMITED, true, visit)?,
                Kind::Officer => line(from, &Direction::DIAGONAL, UNLIMITED, true, visit)?,
                Kind::Diplomat => line(from, &Direction::ALL, UNLIMITED, false, visit)?,
                Kind::Archer => line(from, &Direction::ALL, 4, true, visit)?,
                Kind::Crossbowman => line(from, &Direction::ALL, 5, true, visit)?,
                Kind::Swordsman => line(from, &Direction::DIAGONAL, 1, true, visit)?,
                Kind::HeavySwordsman => line(from, &Direction::ORTHOGONAL, 1, true, visit)?,
                Kind::Catapult => {
                    for direction in Direction::ORTHOGONAL {
                        let step = direction.cell_step();
                        let mut cell = from.wrapping_add_signed(step);
                        while cells[cell] == EMPTY {
                            if !captures_only {
                                visit(Move::new(Point::from_cell(from), Point::from_cell(cell)))?;
                            }
                            cell = cell.wrapping_add_signed(step);
                        }
                        // `cell` is the screen, unless the walk reached the border.
                        if cells[cell] == BORDER {
                            continue;
                        }
                        cell = cell.wrapping_add_signed(step);
                        while cells[cell] == EMPTY {
                            cell = cell.wrapping_add_signed(step);
                        }
                        if capturable(cells[cell]) {
                            visit(Move::new(Point::from_cell(from), Point::from_cell(cell)))?;
                        }
                    }
                }
                Kind::Cavalry => {
                    for path in CAVALRY_PATHS {
                        let mut cell = from.wrapping_add_signed(path.first);
                        if cells[cell] != EMPTY {
                            continue;
                        }
                        cell = cell.wrapping_add_signed(path.then);
                        if cells[cell] != EMPTY {
                            continue;
                        }
                        cell = cell.wrapping_add_signed(path.then);
                        if cells[cell] != EMPTY {
                            continue;
                        }
                        cell = cell.wrapping_add_signed(path.then);
                        let code = cells[cell];
                        if (code == EMPTY && !captures_only) || capturable(code) {
                            visit(Move::new(Point::from_cell(from), Point::from_cell(cell)))?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Every legal move of the side to move, in no particular order; none once the game is
    /// over.
    pub fn legal_moves(&self, list: &mut MoveList) {
        list.clear();
        if self.ending().is_some() {
            return;
        }
        let _ = self.each_move(self.side, false, |mv| {
            list.push(mv);
            ControlFlow::Continue(())
        });
    }

    /// Every legal capture of the side to move.
    pub fn legal_captures(&self, list: &mut MoveList) {
        list.clear();
        if self.ending().is_some() {
            return;
        }
        let _ = self.each_move(self.side, true, |mv| {
            list.push(mv);
            ControlFlow::Continue(())
        });
    }

    /// Whether `state`'s pieces have any move (whoever is to move).
    fn can_move(&self, state: State) -> bool {
        self.each_move(state, false, |_| ControlFlow::Break(()))
            .is_break()
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.contains(&mv)
    }

    /// Whether a piece of a state that `attacker` accepts could capture on `point`, were a
    /// capturable piece there (alliances aside: the caller chooses the attackers).
    pub fn is_attacked_by(&self, point: Point, attacker: impl Fn(State) -> bool) -> bool {
        let cells = &self.cells;
        let target = point.cell();
        let attacks = |code: u8, kinds: &[Kind]| {
            piece_of_code(code)
                .is_some_and(|piece| kinds.contains(&piece.kind) && attacker(piece.state))
        };
        for direction in Direction::ALL {
            let step = direction.cell_step();
            let orthogonal = Direction::ORTHOGONAL.contains(&direction);
            let mut cell = target;
            let mut distance = 0;
            loop {
                cell = cell.wrapping_add_signed(-step);
                distance += 1;
                if cells[cell] != EMPTY {
                    break;
                }
            }
            let code = cells[cell];
            let line: &[Kind] = match (orthogonal, distance) {
                (true, 1) => &[
                    Kind::Ruler,
                    Kind::General,
                    Kind::Archer,
                    Kind::Crossbowman,
                    Kind::HeavySwordsman,
                ],
                (false, 1) => &[
                    Kind::Ruler,
                    Kind::Officer,
                    Kind::Archer,
                    Kind::Crossbowman,
                    Kind::Swordsman,
                ],
                (true, 2..=4) => &[Kind::Ruler, Kind::General, Kind::Archer, Kind::Crossbowman],
                (false, 2..=4) => &[Kind::Ruler, Kind::Officer, Kind::Archer, Kind::Crossbowman],
                (true, 5) => &[Kind::Ruler, Kind::General, Kind::Crossbowman],
                (false, 5) => &[Kind::Ruler, Kind::Officer, Kind::Crossbowman],
                (true, _) => &[Kind::Ruler, Kind::General],
                (false, _) => &[Kind::Ruler, Kind::Officer],
            };
            if attacks(code, line) {
                return true;
            }
            // Past the first piece (the screen), a catapult.
            if orthogonal && code != BORDER {
                loop {
                    cell = cell.wrapping_add_signed(-step);
                    if cells[cell] != EMPTY {
                        break;
                    }
                }
                if attacks(cells[cell], &[Kind::Catapult]) {
                    return true;
                }
            }
        }
        // A cavalry's path, walked backwards from its destination.
        CAVALRY_PATHS.iter().any(|path| {
            let mut cell = target;
            for _ in 0..3 {
                cell = cell.wrapping_add_signed(-path.then);
                if cells[cell] != EMPTY {
                    return false;
                }
            }
            attacks(
                cells[cell.wrapping_add_signed(-path.first)],
                &[Kind::Cavalry],
            )
        })
    }

    /// Whether `mv` lands on a piece (a legal move there captures it).
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.cells[mv.to().cell()] >= 16
    }

    /// Plays `mv` if it is legal.
    pub fn play(&mut self, mv: Move) -> Result<Played, PlayError> {
        if self.ending().is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(PlayError::Illegal {
                mv,
                state: self.side,
            });
        }
        Ok(self.play_unchecked(mv))
    }

    /// Plays `mv`, which must be legal (from [`Position::legal_moves`]): the capture and its
    /// score, eliminations, the counters, and the turn passing to the next live state that
    /// can move.
    pub fn play_unchecked(&mut self, mv: Move) -> Played {
        let mover = self.side;
        let (from, to) = (mv.from().cell(), mv.to().cell());
        let target = self.cells[to];
        let moved = self.cells[from];
        if moved & 15 == Kind::Ruler as u8 {
            self.ruler_points[mover.index()] = mv.to();
        }
        self.key ^= side_key(mover) ^ piece_key(moved, from) ^ piece_key(moved, to);
        self.cells[to] = moved;
        self.cells[from] = EMPTY;
        let mut played = Played {
            mover,
            captured: piece_of_code(target),
            eliminated: ArrayVec::new(),
        };
        if let Some(captured) = played.captured {
            self.key ^= piece_key(target, to);
            self.count_capture(mover, false);
            let victim = captured.state;
            self.on_board[victim.index()] -= 1;
            self.kinds[victim.index()][captured.kind as usize] -= 1;
            let reason = if captured.kind == Kind::Ruler {
                self.count_capture(mover, true);
                Some(EliminationReason::RulerCaptured)
            } else if self.on_board[victim.index()] <= ELIMINATION_PIECES {
                Some(EliminationReason::TooFewPieces)
            } else {
                None
            };
            if let Some(reason) = reason {
                self.eliminate(victim);
                played.eliminated.push(Elimination {
                    state: victim,
                    reason,
                });
            }
            self.quiet = 0;
        } else {
            self.quiet = self.quiet.saturating_add(1);
        }
        self.ply = self.ply.saturating_add(1);
        self.side = self.next_live_after(mover);
        while self.ending().is_none() && !self.can_move(self.side) {
            let stuck = self.side;
            self.eliminate(stuck);
            played.eliminated.push(Elimination {
                state: stuck,
                reason: EliminationReason::NoLegalMove,
            });
            self.side = self.next_live_after(stuck);
        }
        self.key ^= side_key(self.side);
        played
    }

    /// Takes every live state of `seat` off the board, as if each had been eliminated (its
    /// captures still count for the seat), and passes the turn on as a move would when the
    /// side to move was one of them. Nothing changes once the game is over or when the seat
    /// has no live state.
    pub fn withdraw(&mut self, seat: Seat) -> ArrayVec<Elimination, 7> {
        let mut eliminated = ArrayVec::new();
        if self.ending().is_some() {
            return eliminated;
        }
        let states: ArrayVec<State, 7> = self
            .seating
            .states(seat)
            .filter(|&state| self.is_live(state))
            .collect();
        for state in states {
            self.eliminate(state);
            eliminated.push(Elimination {
                state,
                reason: EliminationReason::Withdrawn,
            });
        }
        if eliminated.is_empty() {
            return eliminated;
        }
        self.key ^= side_key(self.side);
        if !self.is_live(self.side) {
            self.side = self.next_live_after(self.side);
        }
        while self.ending().is_none() && !self.can_move(self.side) {
            let stuck = self.side;
            self.eliminate(stuck);
            eliminated.push(Elimination {
                state: stuck,
                reason: EliminationReason::NoLegalMove,
            });
            self.side = self.next_live_after(stuck);
        }
        self.key ^= side_key(self.side);
        eliminated
    }

    /// Counts a capture (`ruler`: of a Ruler) for `state`.
    fn count_capture(&mut self, state: State, ruler: bool) {
        let counts = if ruler {
            &mut self.rulers
        } else {
            &mut self.captures
        };
        let before = counts[state.index()];
        let after = before.saturating_add(1);
        counts[state.index()] = after;
        self.key ^= count_key(state, before, ruler) ^ count_key(state, after, ruler);
    }

    /// Takes every piece of `state` off the board.
    fn eliminate(&mut self, state: State) {
        let own = state.index() as u8 + 1;
        for (cell, code) in self.cells.iter_mut().enumerate() {
            if *code >> 4 == own {
                self.key ^= piece_key(*code, cell);
                *code = EMPTY;
            }
        }
        self.on_board[state.index()] = 0;
        self.kinds[state.index()] = [0; 10];
        // Eliminated states keep no Ruler point, as a position read from QFEN has none.
        self.ruler_points[state.index()] = Point::CENTRE;
    }

    /// The first live state after `state` in turn order (cyclically, so possibly itself).
    fn next_live_after(&self, state: State) -> State {
        let mut next = state.next();
        while next != state && !self.is_live(next) {
            next = next.next();
        }
        next
    }

    /// The number of move sequences of `depth` moves (leaves counted at depth 1).
    pub fn perft(&self, depth: u32) -> u64 {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        if depth <= 1 {
            return if depth == 0 { 1 } else { list.len() as u64 };
        }
        list.iter()
            .map(|&mv| {
                let mut child = self.clone();
                child.play_unchecked(mv);
                child.perft(depth - 1)
            })
            .sum()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}
