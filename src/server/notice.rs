//! What the nodes of a cluster tell each other: the payloads of `NOTIFY` on [`CHANNEL`]. The
//! storage sends an event's notice in the transaction that stores it; [`super::cluster`] sends
//! the soft state and hears everything.

use super::record::TokenHash;
use crate::protocol::{RoomEvent, RoomSeat};
use serde::{Deserialize, Serialize};

/// The channel of `NOTIFY`: every node `LISTEN`s on it.
pub const CHANNEL: &str = "kawu";

/// One message between nodes, the payload of a `NOTIFY` on [`CHANNEL`].
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Notice {
    /// Room `code` stored its event `version`. `event` is missing when it would not fit in a
    /// notice: the nodes read it from the database. A taken seat brings its token's hash.
    Event {
        code: String,
        version: u64,
        #[serde(default)]
        event: Option<RoomEvent>,
        #[serde(default)]
        seat_token: Option<(RoomSeat, TokenHash)>,
    },
    /// Node `node`'s own clients in room `code`: which seats, how many spectators.
    Presence {
        code: String,
        node: u64,
        connected: Vec<bool>,
        spectators: u32,
    },
    /// A client of node `node` took `seat` of room `code`: any other connection holding it is
    /// closed.
    Replaced {
        code: String,
        node: u64,
        seat: RoomSeat,
    },
    /// Room `code` expired and was deleted.
    Deleted { code: String },
    /// Node `node` is alive.
    Alive { node: u64 },
}

/// The longest payload PostgreSQL takes is 8000 bytes; an event longer than this is sent
/// without its content.
const MAX_PAYLOAD: usize = 7000;

impl Notice {
    /// The notice's kind, as in its payload (`event`, `presence` …).
    pub fn kind(&self) -> &'static str {
        match self {
            Notice::Event { .. } => "event",
            Notice::Presence { .. } => "presence",
            Notice::Replaced { .. } => "replaced",
            Notice::Deleted { .. } => "deleted",
            Notice::Alive { .. } => "alive",
        }
    }

    /// The notice as sent.
    pub fn payload(&self) -> String {
        serde_json::to_string(self).expect("notices always serialise")
    }

    /// The payload telling that room `code` stored `event` as `version`.
    pub fn event(
        code: &str,
        version: u64,
        event: &RoomEvent,
        seat_token: Option<&(RoomSeat, TokenHash)>,
    ) -> String {
        let mut notice = Notice::Event {
            code: code.to_string(),
            version,
            event: Some(event.clone()),
            seat_token: seat_token.cloned(),
        };
        let payload = notice.payload();
        if payload.len() <= MAX_PAYLOAD {
            return payload;
        }
        if let Notice::Event { event, .. } = &mut notice {
            *event = None;
        }
        notice.payload()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{Played, XiangqiPlayed};

    #[test]
    fn notices_read_back_and_large_events_travel_without_content() {
        let event = RoomEvent::Played {
            seat: RoomSeat(0),
            played: Played::Xiangqi(XiangqiPlayed {
                mv: "h2e2".parse().unwrap(),
            }),
        };
        let payload = Notice::event("AAAAAAAAAA", 3, &event, None);
        assert_eq!(
            serde_json::from_str::<Notice>(&payload).unwrap(),
            Notice::Event {
                code: "AAAAAAAAAA".into(),
                version: 3,
                event: Some(event.clone()),
                seat_token: None,
            }
        );
        let long_code = "A".repeat(MAX_PAYLOAD);
        let payload = Notice::event(&long_code, 3, &event, None);
        assert!(payload.len() < MAX_PAYLOAD + 100, "{}", payload.len());
        assert!(matches!(
            serde_json::from_str::<Notice>(&payload).unwrap(),
            Notice::Event { event: None, .. }
        ));
        assert!(serde_json::from_str::<Notice>(r#"{"kind":"event","code":1}"#).is_err());
    }
}
