//! The games' rules as plain Rust: no Bevy, no I/O.

pub mod junqi;
mod point_set;
pub mod qiguo;
mod record_text;
pub mod xiangqi;

pub use point_set::{BoardPoint, PointSet};
pub use record_text::TextError;

/// A seat at the table: 0 moves first. Two-player games have seats 0 and 1; Qiguo up to 7.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat as an index into a list of seats.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The games kawu plays.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Junqi flip (军棋翻棋).
    #[default]
    Junqi,
    /// Xiangqi (象棋, Chinese chess).
    Xiangqi,
    /// Qiguo Xiangqi (七國象戲, the game of the seven states), for 3–7 players.
    Qiguo,
    /// Junqi classic (军棋 with a referee): secret deployments, battles judged unseen.
    #[serde(rename = "junqi_classic")]
    JunqiClassic,
}
