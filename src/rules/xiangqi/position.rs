//! A position: the board, the side to move and the count towards the no-progress draw. Built
//! legal (FEN parsing validates), changed only by legal moves.

use super::board::{
    ADVISOR, ELEPHANT, GENERAL, HORSE, HORSE_ATTACKERS, POINTS, RAYS, SOLDIER, SOLDIER_ATTACKERS,
    Square,
};
use super::moves::{Move, MoveList};
use super::piece::{Color, Kind, Piece};
use std::fmt;

/// A position of Xiangqi.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    /// Piece codes by point; 0 is empty.
    board: [u8; POINTS],
    /// The points of each side's pieces, one bit a point, by [`Color::index`]: the board
    /// again, so that a walk over the pieces skips the empty points.
    occupied: [u128; 2],
    side: Color,
    /// Each side's general, by [`Color::index`].
    generals: [Square; 2],
    key: u64,
    /// Plies since the last capture or advance of a soldier across the river.
    quiet_plies: u16,
    /// The move number, starting at 1 and increasing after Black's move.
    fullmove: u16,
}

/// The points of the set bits of `bits` (bit `i` for the point of index `i`), in order.
fn points(mut bits: u128) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        let index = bits.trailing_zeros() as usize;
        bits &= bits.wrapping_sub(1);
        Square::from_index(index)
    })
}

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

const fn build_zobrist() -> [[u64; POINTS]; 16] {
    let mut table = [[0; POINTS]; 16];
    let mut state = 0x6b61_7775_7871_u64;
    let mut code = 0;
    while code < 16 {
        let mut point = 0;
        while point < POINTS {
            let (next, value) = splitmix(state);
            state = next;
            table[code][point] = value;
            point += 1;
        }
        code += 1;
    }
    table
}

static ZOBRIST: [[u64; POINTS]; 16] = build_zobrist();
const BLACK_TO_MOVE_KEY: u64 = 0x3c6e_f372_fe94_f82b;

/// What a position must satisfy to be played from.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PositionError {
    #[error("{0} has no general")]
    NoGeneral(&'static str),
    #[error("{0} has more than one general")]
    TwoGenerals(&'static str),
    #[error("{0:?} cannot stand on {1}")]
    Misplaced(Piece, Square),
    #[error("{0} has too many pieces of kind {1:?}")]
    TooMany(&'static str, Kind),
    #[error("the side not to move is in check (its general could be taken)")]
    OpponentInCheck,
}

impl Position {
    /// The start position.
    pub fn start() -> Position {
        Position::from_fen(super::START_FEN).expect("the start FEN is valid")
    }

    /// Builds a position from pieces, checking that every piece stands where it can and that
    /// the side not to move is not in check.
    pub(super) fn from_parts(
        pieces: &[(Square, Piece)],
        side: Color,
        quiet_plies: u16,
        fullmove: u16,
    ) -> Result<Position, PositionError> {
        let mut board = [0u8; POINTS];
        let mut generals = [None, None];
        let mut counts = [[0u8; 7]; 2];
        for &(square, piece) in pieces {
            let color = piece.color();
            if !stands_where_it_can(piece, square) {
                return Err(PositionError::Misplaced(piece, square));
            }
            let count = &mut counts[color.index()][piece.kind() as usize];
            *count += 1;
            let most = match piece.kind() {
                Kind::General => 1,
                Kind::Soldier => 5,
                _ => 2,
            };
            if *count > most {
                return Err(match piece.kind() {
                    Kind::General => PositionError::TwoGenerals(color.name()),
                    kind => PositionError::TooMany(color.name(), kind),
                });
            }
            if piece.kind() == Kind::General {
                generals[color.index()] = Some(square);
            }
            board[square.index()] = piece.code() as u8;
        }
        let generals = [
            generals[0].ok_or(PositionError::NoGeneral("red"))?,
            generals[1].ok_or(PositionError::NoGeneral("black"))?,
        ];
        let mut occupied = [0u128; 2];
        for &(square, piece) in pieces {
            occupied[piece.color().index()] |= 1 << square.index();
        }
        let mut position = Position {
            board,
            occupied,
            side,
            generals,
            key: 0,
            quiet_plies,
            fullmove: fullmove.max(1),
        };
        position.key = position.compute_key();
        if position.in_check(side.opponent()) {
            return Err(PositionError::OpponentInCheck);
        }
        Ok(position)
    }

    fn compute_key(&self) -> u64 {
        let pieces = Square::all()
            .filter(|s| self.board[s.index()] != 0)
            .fold(0, |key, s| {
                key ^ ZOBRIST[self.board[s.index()] as usize][s.index()]
            });
        match self.side {
            Color::Red => pieces,
            Color::Black => pieces ^ BLACK_TO_MOVE_KEY,
        }
    }

    /// The piece on `square`, if any.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        Piece::from_code(self.board[square.index()])
    }

    /// Every piece with its point.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        points(self.occupied[0] | self.occupied[1]).filter_map(|s| self.piece_at(s).map(|p| (s, p)))
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// `color`'s general.
    pub fn general(&self, color: Color) -> Square {
        self.generals[color.index()]
    }

    /// A hash of the pieces and the side to move (equal for repeated positions).
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Plies since the last capture or advance of a soldier across the river.
    pub fn quiet_plies(&self) -> u16 {
        self.quiet_plies
    }

    /// The move number (1 at the start, +1 after each Black move).
    pub fn fullmove(&self) -> u16 {
        self.fullmove
    }

    /// The same pieces with `side` to move (for asking what that side attacks).
    pub(super) fn with_side(&self, side: Color) -> Position {
        let mut position = self.clone();
        if position.side != side {
            position.side = side;
            position.key ^= BLACK_TO_MOVE_KEY;
        }
        position
    }

    /// Whether `color`'s general is attacked, including by the enemy general on an open file.
    pub fn in_check(&self, color: Color) -> bool {
        let general = self.generals[color.index()];
        let enemy = color.opponent();
        let chariot = Piece::new(enemy, Kind::Chariot).code() as u8;
        let cannon = Piece::new(enemy, Kind::Cannon).code() as u8;
        let enemy_general = Piece::new(enemy, Kind::General).code() as u8;
        for (dir, ray) in RAYS[general.index()].iter().enumerate() {
            let mut screened = false;
            for square in ray.iter() {
                let code = self.board[square.index()];
                if code == 0 {
                    continue;
                }
                if screened {
                    if code == cannon {
                        return true;
                    }
                    break;
                }
                // The generals face each other along files only (directions 0 and 1).
                if code == chariot || (code == enemy_general && dir < 2) {
                    return true;
                }
                screened = true;
            }
        }
        let horse = Piece::new(enemy, Kind::Horse).code() as u8;
        for (from, leg) in HORSE_ATTACKERS[general.index()].iter() {
            if self.board[from.index()] == horse && self.board[leg.index()] == 0 {
                return true;
            }
        }
        let soldier = Piece::new(enemy, Kind::Soldier).code() as u8;
        let ahead = match color {
            Color::Red => general.index() + 9,
            Color::Black => general.index().wrapping_sub(9),
        };
        // The general never stands on an edge file, so both neighbours exist.
        [ahead, general.index() - 1, general.index() + 1]
            .into_iter()
            .any(|index| index < POINTS && self.board[index] == soldier)
    }

    /// Every move of the side to move that obeys the pieces' movement, legal or not.
    pub(super) fn pseudo_moves(&self, list: &mut MoveList, captures_only: bool) {
        for square in points(self.occupied[self.side.index()]) {
            if let Some(piece) = self.piece_at(square) {
                self.piece_moves(square.index(), piece, list, captures_only);
            }
        }
    }

    /// How many points the piece on `from` could move to by its movement, legal or not
    /// (its mobility); 0 on an empty point.
    pub fn reach(&self, from: Square) -> usize {
        let Some(piece) = self.piece_at(from) else {
            return 0;
        };
        let mut count = 0;
        self.for_each_target(from.index(), piece, false, |_| count += 1);
        count
    }

    /// The moves of `piece` on point `index` by its movement, legal or not.
    #[inline]
    fn piece_moves(&self, index: usize, piece: Piece, list: &mut MoveList, captures_only: bool) {
        let from = Square::from_index(index).expect("index is on the board");
        self.for_each_target(index, piece, captures_only, |to| {
            list.push(Move::new(from, to))
        });
    }

    /// Calls `visit` with every point `piece` on point `index` could move to by its
    /// movement, legal or not (only captures, if `captures_only`).
    #[inline]
    fn for_each_target(
        &self,
        index: usize,
        piece: Piece,
        captures_only: bool,
        mut visit: impl FnMut(Square),
    ) {
        let color = piece.color();
        // A macro rather than a closure, so that every use is inlined.
        macro_rules! push {
            ($to:expr) => {{
                let to: Square = $to;
                let target = self.board[to.index()];
                if target == 0 {
                    if !captures_only {
                        visit(to);
                    }
                } else if Piece::from_code(target).is_some_and(|p| p.color() != color) {
                    visit(to);
                }
            }};
        }
        match piece.kind() {
            Kind::General => GENERAL[index].iter().for_each(|(to, _)| push!(to)),
            Kind::Advisor => ADVISOR[index].iter().for_each(|(to, _)| push!(to)),
            Kind::Elephant => ELEPHANT[index]
                .iter()
                .filter(|(_, eye)| self.board[eye.index()] == 0)
                .for_each(|(to, _)| push!(to)),
            Kind::Horse => HORSE[index]
                .iter()
                .filter(|(_, leg)| self.board[leg.index()] == 0)
                .for_each(|(to, _)| push!(to)),
            Kind::Soldier => SOLDIER[color.index()][index]
                .iter()
                .for_each(|(to, _)| push!(to)),
            Kind::Chariot => {
                for ray in &RAYS[index] {
                    for to in ray.iter() {
                        push!(to);
                        if self.board[to.index()] != 0 {
                            break;
                        }
                    }
                }
            }
            Kind::Cannon => {
                for ray in &RAYS[index] {
                    let mut screened = false;
                    for to in ray.iter() {
                        let occupied = self.board[to.index()] != 0;
                        if !screened {
                            if occupied {
                                screened = true;
                            } else {
                                push!(to);
                            }
                        } else if occupied {
                            push!(to);
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Whether `mv` (a pseudo-legal move of the side to move) leaves its general safe. The
    /// board is changed and put back (not `occupied`, which [`Position::in_check`] does not
    /// read).
    #[inline]
    fn keeps_general_safe(&mut self, mv: Move) -> bool {
        let (from, to) = (mv.from().index(), mv.to().index());
        let moved = self.board[from];
        let captured = self.board[to];
        let color = self.side;
        self.board[to] = moved;
        self.board[from] = 0;
        let general_moved = self.generals[color.index()].index() == from;
        if general_moved {
            self.generals[color.index()] = mv.to();
        }
        let safe = !self.in_check(color);
        if general_moved {
            self.generals[color.index()] = mv.from();
        }
        self.board[from] = moved;
        self.board[to] = captured;
        safe
    }

    /// Every legal move of the side to move.
    pub fn legal_moves(&self, list: &mut MoveList) {
        self.legal_moves_knowing_check(list, false, self.in_check(self.side));
    }

    /// Every legal capture of the side to move.
    pub fn legal_captures(&self, list: &mut MoveList) {
        self.legal_moves_knowing_check(list, true, self.in_check(self.side));
    }

    /// [`Position::legal_moves`] (or, if `captures_only`, [`Position::legal_captures`]) for a
    /// caller that has already asked whether the side to move is in check: `in_check` is
    /// that answer.
    pub fn legal_moves_knowing_check(
        &self,
        list: &mut MoveList,
        captures_only: bool,
        in_check: bool,
    ) {
        let candidates = self.candidate_moves(list, captures_only, in_check);
        let mut scratch = self.clone();
        list.retain(|mv| !candidates.may_be_illegal(*mv) || scratch.keeps_general_safe(*mv));
    }

    /// Every move of the side to move by the pieces' movement (only captures, if
    /// `captures_only`), legal or not, and which of them may leave the general attacked: for
    /// a search that plays few of the moves it generates and tests only those it plays.
    /// `in_check` is whether the side to move is in check.
    pub fn candidate_moves(
        &self,
        list: &mut MoveList,
        captures_only: bool,
        in_check: bool,
    ) -> Candidates {
        debug_assert_eq!(in_check, self.in_check(self.side));
        list.clear();
        self.pseudo_moves(list, captures_only);
        Candidates(if in_check {
            Exposing {
                from: u128::MAX,
                to: u128::MAX,
            }
        } else {
            self.exposing_points()
        })
    }

    /// The points where a move of the side to move, not in check, could start or end and
    /// leave its general attacked (see [`Exposing`]).
    fn exposing_points(&self) -> Exposing {
        let color = self.side;
        let enemy = color.opponent();
        let general = self.generals[color.index()];
        let chariot = Piece::new(enemy, Kind::Chariot).code() as u8;
        let cannon = Piece::new(enemy, Kind::Cannon).code() as u8;
        let enemy_general = Piece::new(enemy, Kind::General).code() as u8;
        let bit = |square: Square| 1u128 << square.index();
        let mut exposing = Exposing {
            from: bit(general),
            to: 0,
        };
        // The legs of enemy horses that would attack the general but for them.
        let horse = Piece::new(enemy, Kind::Horse).code() as u8;
        for (from, leg) in HORSE_ATTACKERS[general.index()].iter() {
            if self.board[from.index()] == horse {
                exposing.from |= bit(leg);
            }
        }
        for (dir, ray) in RAYS[general.index()].iter().enumerate() {
            // The first three pieces along the line, and the empty points before the first.
            let mut pieces = [None; 3];
            let mut found = 0;
            let mut open = 0u128;
            for square in ray.iter() {
                if self.board[square.index()] == 0 {
                    if found == 0 {
                        open |= bit(square);
                    }
                    continue;
                }
                pieces[found] = Some(square);
                found += 1;
                if found == 3 {
                    break;
                }
            }
            let code = |slot: usize| pieces[slot].map_or(0, |s: Square| self.board[s.index()]);
            let own = |slot: usize| pieces[slot].filter(|s| self.is_own(*s));
            // An enemy cannon facing the general: a piece put between would be its screen.
            if code(0) == cannon {
                exposing.to |= open;
            }
            // One piece before an enemy chariot (or the enemy general along the file) is
            // pinned; either of two before an enemy cannon is.
            if code(1) == chariot || (code(1) == enemy_general && dir < 2) {
                exposing.from |= own(0).map_or(0, bit);
            }
            if code(2) == cannon {
                exposing.from |= own(0).map_or(0, bit) | own(1).map_or(0, bit);
            }
        }
        exposing
    }

    #[inline]
    fn is_own(&self, square: Square) -> bool {
        Piece::from_code(self.board[square.index()]).is_some_and(|p| p.color() == self.side)
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        !list.is_empty()
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        let Some(piece) = self.piece_at(mv.from()).filter(|p| p.color() == self.side) else {
            return false;
        };
        let mut moves_there = false;
        self.for_each_target(mv.from().index(), piece, false, |to| {
            moves_there |= to == mv.to()
        });
        moves_there && self.clone().keeps_general_safe(mv)
    }

    /// What the side to move gains by `mv` if both sides then take turns capturing on its
    /// point, each with its least valuable piece there (soldier, advisor, elephant, horse,
    /// cannon, chariot, general, in that order) and each free to stop: a static exchange
    /// evaluation, with `value` the worth of each kind. Pins, checks and the generals facing
    /// each other are left out; give the general a worth above all the rest, so that it takes
    /// only an undefended piece.
    pub fn static_exchange(&self, mv: Move, value: impl Fn(Kind) -> i32) -> i32 {
        let target = mv.to().index();
        let worth = |code: u8| Piece::from_code(code).map_or(0, |p| value(p.kind()));
        let mut board = self.board;
        // gains[n]: what the side making the n-th capture has won if the exchange stops there.
        let mut gains = [0i32; 34];
        gains[0] = worth(board[target]);
        let mut standing = worth(board[mv.from().index()]);
        board[target] = board[mv.from().index()];
        board[mv.from().index()] = 0;
        let mut side = self.side.opponent();
        let mut depth = 0;
        while let Some(from) = least_valuable_attacker(&board, target, side) {
            depth += 1;
            gains[depth] = standing - gains[depth - 1];
            standing = worth(board[from]);
            board[target] = board[from];
            board[from] = 0;
            side = side.opponent();
        }
        while depth > 0 {
            gains[depth - 1] = gains[depth - 1].min(-gains[depth]);
            depth -= 1;
        }
        gains[0]
    }

    /// Whether `mv` captures.
    pub fn is_capture(&self, mv: Move) -> bool {
        self.board[mv.to().index()] != 0
    }

    /// Whether `mv` is progress for the no-progress draw: a capture, or a soldier across the
    /// river stepping forward.
    pub fn is_progress(&self, mv: Move) -> bool {
        if self.is_capture(mv) {
            return true;
        }
        match self.piece_at(mv.from()) {
            Some(piece) if piece.kind() == Kind::Soldier => {
                mv.from().file() == mv.to().file() && !mv.to().on_own_side(piece.color())
            }
            _ => false,
        }
    }

    /// Plays `mv`, which must be legal (from [`Position::legal_moves`]); returns the piece
    /// taken, if any.
    pub fn play_unchecked(&mut self, mv: Move) -> Option<Piece> {
        let (from, to) = (mv.from().index(), mv.to().index());
        let moved = self.board[from];
        let captured = self.board[to];
        let progress = self.is_progress(mv);
        self.key ^= ZOBRIST[moved as usize][from] ^ ZOBRIST[moved as usize][to];
        if captured != 0 {
            self.key ^= ZOBRIST[captured as usize][to];
        }
        self.board[to] = moved;
        self.board[from] = 0;
        self.occupied[self.side.index()] ^= (1 << from) | (1 << to);
        if captured != 0 {
            self.occupied[self.side.opponent().index()] ^= 1 << to;
        }
        if self.generals[self.side.index()].index() == from {
            self.generals[self.side.index()] = mv.to();
        }
        self.quiet_plies = if progress {
            0
        } else {
            self.quiet_plies.saturating_add(1)
        };
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.opponent();
        self.key ^= BLACK_TO_MOVE_KEY;
        Piece::from_code(captured)
    }

    /// Passes the move to the other side (a null move, for the search). Not legal in check.
    pub fn pass(&mut self) {
        self.side = self.side.opponent();
        self.key ^= BLACK_TO_MOVE_KEY;
    }

    /// The number of move sequences of `depth` plies (leaves counted at depth 1).
    pub fn perft(&self, depth: u32) -> u64 {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        if depth <= 1 {
            return if depth == 0 { 1 } else { list.len() as u64 };
        }
        let mut total = 0;
        for &mv in &list {
            let mut child = self.clone();
            child.play_unchecked(mv);
            total += child.perft(depth - 1);
        }
        total
    }

    /// Every legal root move with the count of sequences of `depth` plies starting with it.
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.iter()
            .map(|&mv| {
                let mut child = self.clone();
                child.play_unchecked(mv);
                (mv, child.perft(depth.saturating_sub(1)))
            })
            .collect()
    }
}

/// Where a move must start or end, as bits by point index, to possibly leave the general of
/// a side not in check attacked: it starts on the general, on a piece pinned to it along a
/// file or rank (before an enemy chariot, the enemy general, or with one other piece before
/// an enemy cannon) or on a horse's leg next to it, or it ends between the general and an
/// enemy cannon facing it. Any other move changes no attack on the general.
struct Exposing {
    from: u128,
    to: u128,
}

/// Which of a position's [`Position::candidate_moves`] may be illegal.
pub struct Candidates(Exposing);

impl Candidates {
    /// Whether `mv` may leave its side's general attacked (then play it and ask
    /// [`Position::in_check`] of the side that moved); any other candidate is legal.
    #[inline]
    pub fn may_be_illegal(&self, mv: Move) -> bool {
        self.0.may_expose(mv)
    }
}

impl Exposing {
    #[inline]
    fn may_expose(&self, mv: Move) -> bool {
        ((self.from >> mv.from().index()) | (self.to >> mv.to().index())) & 1 != 0
    }
}

/// Whether `piece` can ever stand on `square`: generals and advisors in their palace,
/// elephants on their seven points, soldiers not behind their start.
fn stands_where_it_can(piece: Piece, square: Square) -> bool {
    let color = piece.color();
    // Counted from the piece's own back rank.
    let rank = match color {
        Color::Red => square.rank(),
        Color::Black => 9 - square.rank(),
    };
    let file = square.file();
    match piece.kind() {
        Kind::General => square.in_palace(color),
        Kind::Advisor => matches!((file, rank), (3 | 5, 0 | 2) | (4, 1)),
        Kind::Elephant => matches!((file, rank), (2 | 6, 0 | 4) | (0 | 4 | 8, 2)),
        Kind::Soldier => rank >= 5 || (rank >= 3 && file.is_multiple_of(2)),
        Kind::Horse | Kind::Chariot | Kind::Cannon => true,
    }
}

/// The point of `side`'s least valuable piece (in [`Position::static_exchange`]'s order) that
/// reaches point `target` on `board` by its movement, if any.
fn least_valuable_attacker(board: &[u8; POINTS], target: usize, side: Color) -> Option<usize> {
    let is = |from: Square, kind: Kind| board[from.index()] == Piece::new(side, kind).code() as u8;
    let open = |point: Square| board[point.index()] == 0;
    let stepping = SOLDIER_ATTACKERS[side.index()][target]
        .iter()
        .find(|&(from, _)| is(from, Kind::Soldier))
        .or_else(|| {
            ADVISOR[target]
                .iter()
                .find(|&(from, _)| is(from, Kind::Advisor))
        })
        .or_else(|| {
            ELEPHANT[target]
                .iter()
                .find(|&(from, eye)| is(from, Kind::Elephant) && open(eye))
        })
        .or_else(|| {
            HORSE_ATTACKERS[target]
                .iter()
                .find(|&(from, leg)| is(from, Kind::Horse) && open(leg))
        });
    if let Some((from, _)) = stepping {
        return Some(from.index());
    }
    // Along the lines a chariot is the first piece met, a cannon the second.
    let mut chariot = None;
    for ray in &RAYS[target] {
        let mut pieces = ray.iter().filter(|&point| !open(point));
        let Some(first) = pieces.next() else {
            continue;
        };
        // A cannon takes over whatever stands first, its own chariot too, and is worth less.
        if let Some(second) = pieces.next()
            && is(second, Kind::Cannon)
        {
            return Some(second.index());
        }
        if is(first, Kind::Chariot) {
            chariot = chariot.or(Some(first.index()));
        }
    }
    chariot.or_else(|| {
        GENERAL[target]
            .iter()
            .find(|&(from, _)| is(from, Kind::General))
            .map(|(from, _)| from.index())
    })
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}
