//! A room's stored shape: what never changes after it is created (its game, clock and
//! creator) and the hashes of its seat tokens. Storage, the table and the cluster's notices
//! all speak of rooms in these types.

use crate::protocol::{MoveClock, OnLeave, QiguoSetup, RoomSeat, SeatPlan};
use crate::rules::GameKind;
use crate::rules::junqi::Ruleset;
use crate::rules::qiguo::Seating;

/// A room as it was created: what never changes after.
#[derive(Clone, PartialEq, Debug)]
pub struct RoomRecord {
    pub code: String,
    pub game: RoomGame,
    pub clock: MoveClock,
    /// The address that opened the room (for the rooms-per-address limit).
    pub creator: String,
}

/// The game a room plays, with its options.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RoomGame {
    /// Junqi flip under these rules.
    Junqi(Ruleset),
    /// Xiangqi from the usual start.
    Xiangqi,
    /// Qiguo Xiangqi with these seats.
    Qiguo(QiguoRoom),
    /// Junqi classic: secret deployments and a referee, drawn after this many quiet plies.
    JunqiClassic { quiet_limit: u16 },
}

impl RoomGame {
    /// Which game this is.
    pub fn kind(self) -> GameKind {
        match self {
            RoomGame::Junqi(_) => GameKind::Junqi,
            RoomGame::Xiangqi => GameKind::Xiangqi,
            RoomGame::Qiguo(_) => GameKind::Qiguo,
            RoomGame::JunqiClassic { .. } => GameKind::JunqiClassic,
        }
    }

    /// How many seats the room has.
    pub fn seat_count(self) -> usize {
        match self {
            RoomGame::Junqi(_) | RoomGame::Xiangqi | RoomGame::JunqiClassic { .. } => 2,
            RoomGame::Qiguo(room) => room.seat_count(),
        }
    }
}

/// A Qiguo room's seats as the host planned them, and what leaving does: a checked
/// [`QiguoSetup`] in a form that copies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct QiguoRoom {
    plans: [SeatPlan; 7],
    count: u8,
    pub on_leave: OnLeave,
}

impl QiguoRoom {
    /// The room `setup` asks for, or why there is none.
    pub fn new(setup: &QiguoSetup) -> Result<QiguoRoom, String> {
        setup.check()?;
        let mut plans = [SeatPlan::Friend; 7];
        plans[..setup.seats.len()].copy_from_slice(&setup.seats);
        Ok(QiguoRoom {
            plans,
            count: setup.seats.len() as u8,
            on_leave: setup.on_leave,
        })
    }

    /// The setup this room was made from.
    pub fn setup(&self) -> QiguoSetup {
        QiguoSetup {
            seats: self.plans[..self.seat_count()].to_vec(),
            on_leave: self.on_leave,
        }
    }

    /// How many seats: 3 to 7.
    pub fn seat_count(&self) -> usize {
        usize::from(self.count)
    }

    /// Who the host meant to play `seat`.
    pub fn plan(&self, seat: RoomSeat) -> SeatPlan {
        self.plans[seat.index()]
    }

    /// The game's seats and alliances.
    pub fn seating(&self) -> Seating {
        Seating::for_players(self.seat_count()).expect("a checked room has 3 to 7 seats")
    }
}

/// The hex SHA-256 of a seat token: all the server keeps of it.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct TokenHash(pub String);
