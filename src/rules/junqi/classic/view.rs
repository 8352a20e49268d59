//! What one side knows: its own pieces, where the enemy's pieces stand but not what they are,
//! an enemy flag the referee showed, and everything once the game is over.

use super::cjfen::{self, CjfenError};
use super::deployment::Deployment;
use super::position::{ClassicPosition, classic_rules};
use super::{Seen, Verdict};
use crate::rules::PointSet;
use crate::rules::junqi::{
    Action, ActionList, Cell, Color, Combat, DEFAULT_QUIET_PLY_LIMIT, Kind, POINTS, Piece,
    PlayerView, Point,
};

/// Why an observed action cannot follow in a side's view.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ObservedError {
    #[error("the game is over")]
    GameOver,
    #[error("{0} is not a move: a classic action is two points (a6a7)")]
    NotAMove(Action),
    #[error("{action} is not a legal move here")]
    NotLegal { action: Action },
    #[error("{action} attacks: its outcome mark (+, - or =) is missing")]
    MissingMark { action: Action },
    #[error("{action} attacks nothing: it takes no outcome mark")]
    MarkOnMove { action: Action },
    #[error("{action}{mark}: that outcome is impossible between these pieces")]
    ImpossibleVerdict { action: Action, mark: char },
    #[error("after {action}: flag={at} does not follow from that battle")]
    UnexpectedFlag { action: Action, at: Point },
    #[error("after {action}: the marshal fell, so flag={at} must follow")]
    MissingFlag { action: Action, at: Point },
}

/// One side's knowledge of a classic position.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ClassicView {
    owner: Color,
    cells: [Seen; POINTS],
    side: Color,
    quiet: u16,
    ply: u32,
    quiet_limit: u16,
}

/// A CJFEN as read: the referee's full position, or one side's view.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ClassicText {
    Full(ClassicPosition),
    View(ClassicView),
}

impl ClassicText {
    /// Reads a full CJFEN or a side's view (told apart by the hidden letters it holds).
    pub fn parse(text: &str) -> Result<ClassicText, CjfenError> {
        let parsed = cjfen::parse(text)?;
        match parsed.viewer {
            None => ClassicPosition::from_cjfen(text).map(ClassicText::Full),
            Some(owner) => Ok(ClassicText::View(ClassicView {
                owner,
                cells: parsed.cells,
                side: parsed.side,
                quiet: parsed.quiet,
                ply: parsed.ply,
                quiet_limit: DEFAULT_QUIET_PLY_LIMIT,
            })),
        }
    }
}

impl ClassicView {
    /// `side`'s view of `position`: every piece once the game is over; before, its own pieces
    /// and an enemy flag whose marshal has fallen.
    pub fn of(position: &ClassicPosition, side: Color) -> ClassicView {
        let over = position.outcome().is_some();
        let enemy = side.opponent();
        let flag_shown = !position.has_marshal(enemy);
        let cells = std::array::from_fn(|index| {
            let at = Point::from_index(index).expect("index within the board");
            match position.piece_at(at) {
                None => Seen::Empty,
                Some(piece)
                    if over || piece.color == side || (piece.kind == Kind::Flag && flag_shown) =>
                {
                    Seen::Piece(piece)
                }
                Some(piece) => Seen::Unknown(piece.color),
            }
        });
        ClassicView {
            owner: side,
            cells,
            side: position.side_to_move(),
            quiet: position.quiet_plies(),
            ply: position.ply(),
            quiet_limit: position.quiet_limit(),
        }
    }

    /// The start as the side that deployed `own` sees it, under `quiet_limit`: its own pieces,
    /// and an enemy piece of unknown kind on every point the enemy's deployment fills.
    pub fn unknown_enemy(own: &Deployment, quiet_limit: u16) -> ClassicView {
        let mut cells = [Seen::Empty; POINTS];
        for (at, piece) in own.pieces() {
            cells[at.index()] = Seen::Piece(piece);
        }
        let enemy = own.side().opponent();
        for at in Deployment::points(enemy) {
            cells[at.index()] = Seen::Unknown(enemy);
        }
        ClassicView {
            owner: own.side(),
            cells,
            side: Color::Red,
            quiet: 0,
            ply: 0,
            quiet_limit,
        }
    }

    /// A spectator's start under `quiet_limit`: a piece of unknown kind on every point either
    /// army fills, and no rank known (the view is kept as Red's: the side that moves first).
    pub fn unknown_armies(quiet_limit: u16) -> ClassicView {
        let mut cells = [Seen::Empty; POINTS];
        for side in Color::ALL {
            for at in Deployment::points(side) {
                cells[at.index()] = Seen::Unknown(side);
            }
        }
        ClassicView {
            owner: Color::Red,
            cells,
            side: Color::Red,
            quiet: 0,
            ply: 0,
            quiet_limit,
        }
    }

    /// The same view with every piece of `position` named (the referee's own view, for
    /// pictures and the end of a game).
    pub fn revealed(mut self, position: &ClassicPosition) -> ClassicView {
        for at in Point::all() {
            if let Some(piece) = position.piece_at(at) {
                self.cells[at.index()] = Seen::Piece(piece);
            }
        }
        self
    }

    /// The view as CJFEN.
    pub fn to_cjfen(&self) -> String {
        cjfen::format(&self.cells, self.side, self.quiet, self.ply)
    }

    /// The side whose view this is.
    pub fn owner(&self) -> Color {
        self.owner
    }

    /// What the owner sees on `at`.
    pub fn seen(&self, at: Point) -> Seen {
        self.cells[at.index()]
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Plies since the last attack.
    pub fn quiet_plies(&self) -> u16 {
        self.quiet
    }

    /// Plies played.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The draw limit in quiet plies.
    pub fn quiet_limit(&self) -> u16 {
        self.quiet_limit
    }

    /// Whether the game is over as far as the owner can tell: the draw limit reached, a flag
    /// known to be gone, or the owner to move without a move.
    pub fn is_over(&self) -> bool {
        let flag_gone = |color: Color| {
            let hidden = self.cells.contains(&Seen::Unknown(color));
            !hidden
                && !self
                    .cells
                    .contains(&Seen::Piece(Piece::new(color, Kind::Flag)))
        };
        if self.quiet >= self.quiet_limit || Color::ALL.into_iter().any(flag_gone) {
            return true;
        }
        if self.side != self.owner {
            return false;
        }
        let mut moves = ActionList::new();
        self.stand_in_board(None)
            .push_moves_of(self.owner, &mut moves);
        moves.is_empty()
    }

    /// The owner's legal moves when the owner is to move: the same as the full position's,
    /// since they depend only on the owner's pieces and where pieces stand. None when the game
    /// is over or it is the enemy's turn.
    pub fn legal_moves(&self, out: &mut ActionList) {
        out.clear();
        if self.side != self.owner || self.is_over() {
            return;
        }
        self.stand_in_board(None).push_moves_of(self.owner, out);
    }

    /// Where the piece on `from` could go if it were a `kind` (an unknown piece's possible
    /// moves; a known piece keeps its own kind).
    pub fn targets_as(&self, from: Point, kind: Kind) -> PointSet<Point> {
        self.stand_in_board(Some((from, kind))).targets_from(from)
    }

    /// The points a piece passes moving from `from` to `to` (both included), as the owner can
    /// draw it: an unknown piece is taken for an engineer, whose route is the shortest the
    /// rails allow. Call it before the move is played.
    pub fn move_path(&self, from: Point, to: Point) -> Vec<Point> {
        let stand_in =
            matches!(self.cells[from.index()], Seen::Unknown(_)).then_some((from, Kind::Engineer));
        self.stand_in_board(stand_in).move_path(from, to)
    }

    /// Junqi's shared board with a stand-in for each unknown piece: a platoon commander, or
    /// the kind `stand_in` names on its point.
    fn stand_in_board(&self, stand_in: Option<(Point, Kind)>) -> PlayerView {
        let cells = std::array::from_fn(|index| match self.cells[index] {
            Seen::Empty => Cell::Empty,
            Seen::Piece(piece) => Cell::Up(piece),
            Seen::Unknown(color) => {
                let kind = match stand_in {
                    Some((at, kind)) if at.index() == index => kind,
                    _ => Kind::Platoon,
                };
                Cell::Up(Piece::new(color, kind))
            }
        });
        PlayerView::from_parts(
            classic_rules(self.quiet_limit),
            cells,
            [0; 24],
            Some(self.side),
            self.quiet,
            self.ply,
        )
    }

    /// Plays an action as the owner saw it: the move, the referee's verdict for an attack and
    /// the flags the referee showed. An enemy move is checked as far as the owner can: some
    /// piece could make it, and the verdict is possible for pieces that could be there.
    pub fn play_observed(
        &mut self,
        action: Action,
        verdict: Option<Verdict>,
        flags: &[Point],
    ) -> Result<(), ObservedError> {
        let Action::Move { from, to } = action else {
            return Err(ObservedError::NotAMove(action));
        };
        if self.is_over() {
            return Err(ObservedError::GameOver);
        }
        let mover = self.side;
        let not_legal = ObservedError::NotLegal { action };
        let attacker = self.cells[from.index()];
        if attacker.color() != Some(mover) {
            return Err(not_legal);
        }
        // An engineer reaches every point any piece could.
        let targets = self.targets_as(from, Kind::Engineer);
        if !targets.contains(to) {
            return Err(not_legal);
        }
        let defender = self.cells[to.index()];
        let attack = defender != Seen::Empty;
        let verdict = match (attack, verdict) {
            (true, None) => return Err(ObservedError::MissingMark { action }),
            (false, Some(_)) => return Err(ObservedError::MarkOnMove { action }),
            (_, verdict) => verdict,
        };
        if let Some(verdict) = verdict
            && !possible(attacker, defender, verdict)
        {
            return Err(ObservedError::ImpossibleVerdict {
                action,
                mark: verdict.mark(),
            });
        }
        let (attacker_removed, defender_removed) = match verdict {
            None => (false, false),
            Some(Verdict::AttackerWon) => (false, true),
            Some(Verdict::AttackerLost) => (true, false),
            Some(Verdict::BothRemoved) => (true, true),
        };
        self.check_flags(
            action,
            flags,
            [(attacker, attacker_removed), (defender, defender_removed)],
        )?;
        self.cells[from.index()] = Seen::Empty;
        if !attacker_removed {
            self.cells[to.index()] = attacker;
        } else if defender_removed {
            self.cells[to.index()] = Seen::Empty;
        }
        for &at in flags {
            if let Seen::Unknown(color) = self.cells[at.index()] {
                self.cells[at.index()] = Seen::Piece(Piece::new(color, Kind::Flag));
            }
        }
        self.quiet = if attack {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        self.ply += 1;
        self.side = mover.opponent();
        Ok(())
    }

    /// The `flag=` tokens after a battle must name the owner's flag when the owner's marshal
    /// fell, and may name an enemy headquarters holding an enemy piece when an enemy piece
    /// fell (the owner cannot tell whether it was the marshal); Red's first.
    fn check_flags(
        &self,
        action: Action,
        flags: &[Point],
        fallen: [(Seen, bool); 2],
    ) -> Result<(), ObservedError> {
        let own_marshal = Seen::Piece(Piece::new(self.owner, Kind::Marshal));
        // A spectator knows no rank of either army: each side's flag follows an unknown
        // piece of that side falling, as the enemy's does for a player.
        let own_known = self
            .cells
            .iter()
            .any(|seen| matches!(seen, Seen::Piece(piece) if piece.color == self.owner));
        let own_flag = || {
            Point::all().find(|at| {
                self.cells[at.index()] == Seen::Piece(Piece::new(self.owner, Kind::Flag))
            })
        };
        let marshal_fell = fallen
            .iter()
            .any(|&(seen, removed)| removed && seen == own_marshal);
        let unknown_fell = |colour: Color| {
            fallen
                .iter()
                .any(|&(seen, removed)| removed && seen == Seen::Unknown(colour))
        };
        let mut expected_own = marshal_fell.then(own_flag).flatten();
        let mut last_colour = None;
        for &at in flags {
            let unexpected = ObservedError::UnexpectedFlag { action, at };
            let colour = if super::Deployment::headquarters(Color::Red).contains(&at) {
                Color::Red
            } else if super::Deployment::headquarters(Color::Blue).contains(&at) {
                Color::Blue
            } else {
                return Err(unexpected);
            };
            // Red's first, each side once.
            if last_colour.is_some_and(|last| last == colour || colour == Color::Red) {
                return Err(unexpected);
            }
            last_colour = Some(colour);
            if colour == self.owner && own_known {
                if expected_own != Some(at) {
                    return Err(unexpected);
                }
                expected_own = None;
            } else if !unknown_fell(colour) || self.cells[at.index()] != Seen::Unknown(colour) {
                return Err(unexpected);
            }
        }
        match expected_own {
            Some(at) => Err(ObservedError::MissingFlag { action, at }),
            None => Ok(()),
        }
    }
}

/// Whether `verdict` can come from `attacker` attacking `defender`, for some identity of an
/// unknown one.
fn possible(attacker: Seen, defender: Seen, verdict: Verdict) -> bool {
    let kinds = |seen: Seen, movable_only: bool| -> Vec<Kind> {
        match seen {
            Seen::Piece(piece) => vec![piece.kind],
            _ => Kind::ALL
                .into_iter()
                .filter(|kind| !movable_only || kind.is_movable())
                .collect(),
        }
    };
    kinds(attacker, true).into_iter().any(|a| {
        kinds(defender, false)
            .into_iter()
            .any(|d| Verdict::of(Combat::resolve(a, d)) == verdict)
    })
}
