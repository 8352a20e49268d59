//! Junqi classic (军棋 with a referee): each side deploys its 25 pieces in secret on its own
//! half, then the players move as in Junqi flip — with no flips — and a referee judges every
//! battle, telling both players only who survived. Board, pieces, moves and battles are Junqi
//! flip's own ([`crate::rules::junqi`]); this module adds the deployment, the referee, the
//! sides' views and lines, CJFEN and the records.

mod cjfen;
mod deployment;
mod draft;
mod line;
mod position;
mod record;
mod view;

pub use cjfen::{CjfenError, MAX_QUIET};
pub use deployment::{Deployment, DeploymentError, DeploymentStyle};
pub use draft::DeploymentDraft;
pub use line::{LineError, LineResult, Observed, SideLine, parse_action};
pub use position::{Announcement, ClassicPosition, classic_rules};
pub use record::{ClassicGame, ClassicRecordError};
pub use view::{ClassicText, ClassicView, ObservedError};

use super::{Color, Combat, Piece};

/// What a side sees on a point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Seen {
    /// Nothing there.
    Empty,
    /// A piece the side can name: its own, a flag the referee showed, or any once the game is
    /// over.
    Piece(Piece),
    /// An enemy piece the side cannot name.
    Unknown(Color),
}

impl Seen {
    /// The colour of the piece there, if any.
    pub fn color(self) -> Option<Color> {
        match self {
            Seen::Empty => None,
            Seen::Piece(piece) => Some(piece.color),
            Seen::Unknown(color) => Some(color),
        }
    }
}

/// The referee's verdict on a battle: all the players learn of it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Verdict {
    /// `+`: the attacker won and stands on the point (a captured flag too).
    AttackerWon,
    /// `-`: the attacker was removed.
    AttackerLost,
    /// `=`: both were removed (a bomb that took the flag too).
    BothRemoved,
}

impl Verdict {
    /// The verdict of a battle's outcome.
    pub const fn of(combat: Combat) -> Verdict {
        match combat {
            Combat::AttackerWins | Combat::FlagCaptured => Verdict::AttackerWon,
            Combat::DefenderWins => Verdict::AttackerLost,
            Combat::BothRemoved | Combat::FlagBombed => Verdict::BothRemoved,
        }
    }

    /// The outcome mark: `+`, `-` or `=`.
    pub const fn mark(self) -> char {
        match self {
            Verdict::AttackerWon => '+',
            Verdict::AttackerLost => '-',
            Verdict::BothRemoved => '=',
        }
    }

    /// The verdict of an outcome mark.
    pub fn from_mark(mark: char) -> Option<Verdict> {
        match mark {
            '+' => Some(Verdict::AttackerWon),
            '-' => Some(Verdict::AttackerLost),
            '=' => Some(Verdict::BothRemoved),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
