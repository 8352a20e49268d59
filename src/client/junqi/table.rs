//! What the Junqi board asks of a game played on it. Junqi flip and Junqi classic share the
//! board, its pieces and the animation of moves and battles; input, selection and markers are
//! the shared board layer's (`client/points/`, through [`BoardPlay`]: what a tap does, where a
//! piece may go). Each game's model says here what a point shows to whom and how a step is
//! staged.

use super::layout::JunqiBoard;
use crate::client::play::MatchModel;
use crate::client::points::BoardPlay;
use crate::rules::junqi::{Action, Color as Side, Combat, Kind, Piece, Point};
use bevy::prelude::*;

/// Who looks at the board now: what its pieces show depends on it where identities are
/// secret (Junqi classic). Junqi flip shows everyone the same.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Viewer {
    /// Everyone sees every identity this device may know (a finished game, a replay, the
    /// title screen's demonstration).
    #[default]
    All,
    /// One side sees its own pieces and what the referee showed.
    Side(Side),
    /// Nobody: the board is covered between two players' turns, no rank shown.
    Nobody,
}

/// What a piece shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// Its back, side unknown (a face-down piece of Junqi flip).
    Back,
    /// Its back in its side's colours: a piece the viewer cannot name.
    Unknown(Side),
    /// Its face.
    Up(Piece),
}

/// How a battle sounds and looks: what everyone is told of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Battle {
    /// The attacker won.
    Won,
    /// The attacker lost.
    Lost,
    /// Both were removed.
    Traded,
    /// A bomb went off.
    Bomb,
    /// A landmine went off.
    Mine,
    /// A flag was captured.
    Flag,
}

impl Battle {
    /// How a battle between these two pieces, with this outcome, shows to those who see both.
    pub fn of(attacker: Piece, defender: Piece, combat: Combat) -> Battle {
        let bomb = attacker.kind == Kind::Bomb || defender.kind == Kind::Bomb;
        match combat {
            Combat::FlagCaptured | Combat::FlagBombed => Battle::Flag,
            _ if bomb => Battle::Bomb,
            Combat::DefenderWins | Combat::AttackerWins if defender.kind == Kind::Landmine => {
                Battle::Mine
            }
            Combat::AttackerWins => Battle::Won,
            Combat::DefenderWins => Battle::Lost,
            Combat::BothRemoved => Battle::Traded,
        }
    }
}

/// How a step is animated: the way the piece travelled and what happened where it stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Staging {
    /// The points a moving piece passed (from and to); the point alone for a flip.
    pub path: Vec<Point>,
    /// What a flip revealed.
    pub flipped: Option<Piece>,
    /// A battle where the move ended: how it shows, the two sides, who fell.
    pub battle: Option<StagedBattle>,
    /// Flags the referee showed after the step, with the piece each one is.
    pub flags_shown: Vec<(Point, Piece)>,
}

/// A battle as the board shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StagedBattle {
    /// Its sound and effect.
    pub battle: Battle,
    /// The attacker's side and the defender's.
    pub sides: (Side, Side),
    /// Whether the attacker fell.
    pub attacker_falls: bool,
    /// Whether the defender fell.
    pub defender_falls: bool,
}

/// A Junqi game as its board shows it.
pub trait JunqiTable: BoardPlay<Board = JunqiBoard> + MatchModel<Action = Action> {
    /// What `viewer` sees on `point`; `None` where it is empty.
    fn face(&self, point: Point, viewer: Viewer) -> Option<Face>;
    /// How a step that did `did` is animated.
    fn staging(did: &Self::Did) -> Staging;
}
