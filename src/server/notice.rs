//! What the nodes of a cluster tell each other over their links ([`super::cluster`]): the
//! events a node stored, and the soft state that is not stored.

use super::record::TokenHash;
use super::storage::Write;
use crate::protocol::{RoomEvent, RoomSeat};
use serde::{Deserialize, Serialize};

/// One message between nodes; a link's frame is a JSON array of them.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Notice {
    /// Room `code` stored its event `version`. A taken seat brings its token's hash.
    Event {
        code: String,
        version: u64,
        event: RoomEvent,
        #[serde(default)]
        seat_token: Option<(RoomSeat, TokenHash)>,
    },
    /// Node `node`'s own clients in room `code`: which seats, how many spectators. With
    /// `asks`, the sender lost track of the other nodes' clients (a link was made, or a node
    /// counted as gone was heard again): every node holding the room answers with its own.
    Presence {
        code: String,
        node: u64,
        connected: Vec<bool>,
        spectators: u32,
        #[serde(default)]
        asks: bool,
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

impl Notice {
    /// The notice telling the other nodes that `write` was stored, when it appends an event.
    pub fn stored(write: &Write) -> Option<Notice> {
        match write {
            Write::AppendEvent {
                code,
                version,
                event,
                seat_token,
            } => Some(Notice::Event {
                code: code.clone(),
                version: *version,
                event: event.clone(),
                seat_token: seat_token.clone(),
            }),
            Write::CreateRoom(_) | Write::DeleteRoom { .. } => None,
        }
    }

    /// The node that sent this notice, when it names itself.
    pub fn sender(&self) -> Option<u64> {
        match self {
            Notice::Presence { node, .. }
            | Notice::Replaced { node, .. }
            | Notice::Alive { node } => Some(*node),
            Notice::Event { .. } | Notice::Deleted { .. } => None,
        }
    }

    /// The notice's kind, as in its JSON (`event`, `presence` …).
    pub fn kind(&self) -> &'static str {
        match self {
            Notice::Event { .. } => "event",
            Notice::Presence { .. } => "presence",
            Notice::Replaced { .. } => "replaced",
            Notice::Deleted { .. } => "deleted",
            Notice::Alive { .. } => "alive",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{Played, XiangqiPlayed};

    #[test]
    fn notices_read_back_and_malformed_ones_are_refused() {
        let notices = vec![
            Notice::Event {
                code: "AAAAAAAAAA".into(),
                version: 3,
                event: RoomEvent::Played {
                    seat: RoomSeat(0),
                    played: Played::Xiangqi(XiangqiPlayed {
                        mv: "h2e2".parse().unwrap(),
                    }),
                },
                seat_token: Some((RoomSeat(1), TokenHash("ab".into()))),
            },
            Notice::Alive { node: u64::MAX },
        ];
        let frame = serde_json::to_string(&notices).unwrap();
        assert_eq!(
            serde_json::from_str::<Vec<Notice>>(&frame).unwrap(),
            notices
        );
        for malformed in [
            r#"[{"kind":"event","code":1}]"#,
            r#"[{"kind":"event","code":"A","version":1}]"#,
            r#"{"kind":"alive","node":1}"#,
        ] {
            assert!(
                serde_json::from_str::<Vec<Notice>>(malformed).is_err(),
                "{malformed}"
            );
        }
    }
}
