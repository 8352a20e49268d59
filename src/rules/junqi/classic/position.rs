//! The referee's position: every piece known, and what each battle tells the players.

use super::cjfen::{self, CjfenError};
use super::{Deployment, Seen, Verdict};
use crate::rules::junqi::{
    Action, ActionList, Cell, Color, Combat, DEFAULT_QUIET_PLY_LIMIT, Effect, IllegalAction, Kind,
    Outcome, POINTS, Piece, PlayerView, Point, Ruleset,
};
use arrayvec::ArrayVec;

/// The rules of a classic game: Junqi's moves and battles with every piece face up to its
/// owner, headquarters locking their pieces, and the draw after `quiet_limit` quiet plies.
pub fn classic_rules(quiet_limit: u16) -> Ruleset {
    Ruleset {
        headquarters_lock: true,
        quiet_ply_limit: quiet_limit.clamp(1, cjfen::MAX_QUIET),
        ..Ruleset::default()
    }
}

/// What the referee announces after an action: the battle's verdict (for an attack) and the
/// flags shown because a marshal fell, Red's first.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Announcement {
    /// `None` for a move onto an empty point.
    pub verdict: Option<Verdict>,
    /// Where the flag of each side whose marshal fell in this battle stands.
    pub flags_shown: ArrayVec<Point, 2>,
}

/// A whole classic position, every identity known: only the referee holds one.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ClassicPosition {
    board: PlayerView,
}

impl ClassicPosition {
    /// The start of a game: Blue's deployment on the north half, Red's on the south, Red to move.
    pub fn start(red: &Deployment, blue: &Deployment, quiet_limit: u16) -> ClassicPosition {
        let mut cells = [Cell::Empty; POINTS];
        for (at, piece) in red.pieces().chain(blue.pieces()) {
            cells[at.index()] = Cell::Up(piece);
        }
        ClassicPosition::from_cells(cells, Color::Red, 0, 0, quiet_limit)
    }

    /// A position from its cells (no face-down cell) and counters.
    pub(crate) fn from_cells(
        cells: [Cell; POINTS],
        side: Color,
        quiet: u16,
        ply: u32,
        quiet_limit: u16,
    ) -> ClassicPosition {
        ClassicPosition {
            board: PlayerView::from_parts(
                classic_rules(quiet_limit),
                cells,
                [0; 24],
                Some(side),
                quiet,
                ply,
            ),
        }
    }

    /// Reads a full CJFEN (every piece a letter) under the default draw limit.
    pub fn from_cjfen(text: &str) -> Result<ClassicPosition, CjfenError> {
        let parsed = cjfen::parse(text)?;
        if let Some(viewer) = parsed.viewer {
            let hidden = if viewer == Color::Red { 'x' } else { 'X' };
            return Err(CjfenError::HiddenInFull(hidden));
        }
        let cells = parsed.cells.map(|seen| match seen {
            Seen::Piece(piece) => Cell::Up(piece),
            _ => Cell::Empty,
        });
        Ok(ClassicPosition::from_cells(
            cells,
            parsed.side,
            parsed.quiet,
            parsed.ply,
            DEFAULT_QUIET_PLY_LIMIT,
        ))
    }

    /// The full CJFEN.
    pub fn to_cjfen(&self) -> String {
        let cells = self.board.cells.map(|cell| match cell {
            Cell::Up(piece) => Seen::Piece(piece),
            _ => Seen::Empty,
        });
        cjfen::format(
            &cells,
            self.side_to_move(),
            self.board.quiet,
            self.board.ply,
        )
    }

    /// The board as Junqi's shared model sees it: every piece face up, the classic rules on.
    /// Searches and pictures read it; it tells nothing a full position does not.
    pub fn board(&self) -> &PlayerView {
        &self.board
    }

    /// The piece on `at`, if any.
    pub fn piece_at(&self, at: Point) -> Option<Piece> {
        match self.board.cell(at) {
            Cell::Up(piece) => Some(piece),
            _ => None,
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.board.side_to_move().unwrap_or(Color::Red)
    }

    /// Plies since the last attack.
    pub fn quiet_plies(&self) -> u16 {
        self.board.quiet_plies()
    }

    /// Plies played.
    pub fn ply(&self) -> u32 {
        self.board.ply()
    }

    /// The draw limit in quiet plies.
    pub fn quiet_limit(&self) -> u16 {
        self.board.rules.quiet_ply_limit
    }

    /// Every legal move of the side to move; none once the game is over.
    pub fn legal_moves(&self, out: &mut ActionList) {
        self.board.legal_actions(out);
    }

    /// How the game ended by the rules (flag captured, no legal move, the draw), if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        self.board.outcome()
    }

    /// Whether `side`'s marshal is still on the board.
    pub fn has_marshal(&self, side: Color) -> bool {
        self.board
            .cells
            .contains(&Cell::Up(Piece::new(side, Kind::Marshal)))
    }

    /// Where `side`'s flag stands, if on the board.
    pub fn flag_point(&self, side: Color) -> Option<Point> {
        let flag = Cell::Up(Piece::new(side, Kind::Flag));
        Point::all().find(|at| self.board.cell(*at) == flag)
    }

    /// Plays a legal move and returns what the referee announces.
    pub fn play(&mut self, action: Action) -> Result<Announcement, IllegalAction> {
        if matches!(action, Action::Flip(_)) || !self.board.is_legal(action) {
            return Err(match self.outcome() {
                Some(_) => IllegalAction::GameOver,
                None => IllegalAction::NotLegal(action),
            });
        }
        Ok(self.play_legal(action))
    }

    /// Plays a move known to be legal (from [`ClassicPosition::legal_moves`]).
    pub fn play_legal(&mut self, action: Action) -> Announcement {
        let effect = self.board.play_searched(action, None);
        announcement(&effect, self)
    }
}

/// The referee's words for an action's effect, read after it was played on `after`.
fn announcement(effect: &Effect, after: &ClassicPosition) -> Announcement {
    let Effect::Attacked {
        attacker,
        defender,
        combat,
    } = *effect
    else {
        return Announcement::default();
    };
    let verdict = Verdict::of(combat);
    let mut flags_shown = ArrayVec::new();
    for color in Color::ALL {
        let fell = |piece: Piece, removed: bool| {
            piece.color == color && piece.kind == Kind::Marshal && removed
        };
        let attacker_removed = matches!(
            combat,
            Combat::DefenderWins | Combat::BothRemoved | Combat::FlagBombed
        );
        let defender_removed = !matches!(combat, Combat::DefenderWins);
        if (fell(attacker, attacker_removed) || fell(defender, defender_removed))
            && let Some(flag) = after.flag_point(color)
        {
            flags_shown.push(flag);
        }
    }
    Announcement {
        verdict: Some(verdict),
        flags_shown,
    }
}
