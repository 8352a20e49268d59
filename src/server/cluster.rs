//! Several nodes on one PostgreSQL database: what they tell each other, and how.
//!
//! The database decides: an event is stored under its room's next version or not at all (the
//! `(code, version)` key), and every stored event is sent to every node by `NOTIFY` in the
//! transaction that stores it, so it leaves only once stored. A node holds a replica of a room
//! (its [`super::room::RoomTask`]) while it has clients in it; each replica decides its
//! clients' requests and its clocks against its copy of the table, and one that was behind
//! loses the race for the version, reads what it missed and answers `stale`.
//!
//! Beside the events, nodes send soft state that is not stored: who is connected on which node
//! (presence), a seat taken back on another node (its old connection here is closed), a deleted
//! room, and a heartbeat per node, so that a node that stops sending one (killed) has its
//! clients counted as gone after [`NODE_TIMEOUT`].

use super::Shared;
use super::room::Command;
use super::storage::{CHANNEL, TokenHash};
use crate::protocol::{RoomEvent, RoomSeat};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

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

/// How often a node says it is alive.
const HEARTBEAT: Duration = Duration::from_secs(1);

/// How long a node may stay silent before its clients count as disconnected.
pub const NODE_TIMEOUT: Duration = Duration::from_secs(5);

impl Notice {
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

/// This node's part in the cluster: its id and its way to send notices.
pub struct Cluster {
    /// A random id, new at each start.
    pub node: u64,
    outgoing: mpsc::UnboundedSender<Notice>,
}

/// The queue of this node's notices, which [`start`] sends once the node's shared state
/// exists.
pub struct Unsent {
    outgoing: mpsc::UnboundedReceiver<Notice>,
}

impl Cluster {
    /// A new node, and the queue its notices wait in until [`start`] sends them.
    pub fn new() -> (Cluster, Unsent) {
        let (outgoing, queue) = mpsc::unbounded_channel();
        (
            Cluster {
                node: rand::random(),
                outgoing,
            },
            Unsent { outgoing: queue },
        )
    }

    /// Sends `notice` to every node (this one too), in the order of the calls.
    pub fn publish(&self, notice: Notice) {
        let _ = self.outgoing.send(notice);
    }
}

/// Listens for the other nodes' notices at `url` (returning once listening), and starts
/// sending this node's notices and heartbeats through `pool`.
pub async fn start(
    shared: Arc<Shared>,
    url: String,
    pool: deadpool_postgres::Pool,
    unsent: Unsent,
) -> Result<(), tokio_postgres::Error> {
    let node = shared
        .cluster
        .as_ref()
        .map(|cluster| cluster.node)
        .unwrap_or_default();
    tokio::spawn(send_notices(pool, node, unsent.outgoing));
    let listener = listen(&url).await?;
    tokio::spawn(dispatch(shared, url, listener));
    Ok(())
}

/// Sends queued notices one after the other (so that they arrive in order), and a heartbeat
/// every [`HEARTBEAT`].
async fn send_notices(
    pool: deadpool_postgres::Pool,
    node: u64,
    mut queue: mpsc::UnboundedReceiver<Notice>,
) {
    let mut heartbeat = tokio::time::interval(HEARTBEAT);
    loop {
        let notice = tokio::select! {
            notice = queue.recv() => match notice {
                Some(notice) => notice,
                None => return,
            },
            _ = heartbeat.tick() => Notice::Alive { node },
        };
        let sent = async {
            let client = pool.get().await.map_err(|error| error.to_string())?;
            client
                .execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &notice.payload()])
                .await
                .map_err(|error| error.to_string())
        };
        // Presence is sent again at its next change, heartbeats every second: a lost one is
        // not retried.
        if let Err(error) = sent.await {
            eprintln!("kawu-server: cannot send a notice to the other nodes: {error}");
        }
    }
}

/// A connection listening on [`CHANNEL`] (it listens while its client is kept), and the
/// payloads it hears; the receiver ends when the connection does.
type Listener = (tokio_postgres::Client, mpsc::UnboundedReceiver<String>);

async fn listen(url: &str) -> Result<Listener, tokio_postgres::Error> {
    let (client, mut connection) = tokio_postgres::connect(url, tokio_postgres::NoTls).await?;
    let (heard, notices) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(message) = messages.next().await {
            match message {
                Ok(tokio_postgres::AsyncMessage::Notification(notification)) => {
                    if heard.send(notification.payload().to_string()).is_err() {
                        return;
                    }
                }
                Ok(_) => {}
                Err(error) => {
                    eprintln!("kawu-server: the connection listening to other nodes: {error}");
                    return;
                }
            }
        }
    });
    client.batch_execute(&format!("LISTEN {CHANNEL}")).await?;
    Ok((client, notices))
}

/// Hands each notice to the room it is about, keeps track of which nodes are alive, and
/// listens again (every room then reading what it missed) when the listening connection ends.
async fn dispatch(shared: Arc<Shared>, url: String, listener: Listener) {
    let (mut _client, mut notices) = listener;
    let own = shared
        .cluster
        .as_ref()
        .map(|cluster| cluster.node)
        .unwrap_or_default();
    let mut alive: HashMap<u64, Instant> = HashMap::new();
    let mut check = tokio::time::interval(Duration::from_secs(1));
    loop {
        tokio::select! {
            payload = notices.recv() => match payload {
                Some(payload) => route(&shared, own, &mut alive, &payload),
                None => {
                    (_client, notices) = relisten(&url).await;
                    shared.tell_every_room(|| Command::CatchUp);
                }
            },
            _ = check.tick() => {
                let now = Instant::now();
                let gone: Vec<u64> = alive
                    .iter()
                    .filter(|(_, seen)| now.duration_since(**seen) > NODE_TIMEOUT)
                    .map(|(node, _)| *node)
                    .collect();
                for node in gone {
                    alive.remove(&node);
                    eprintln!("kawu-server: node {node:016x} is silent: its clients count as gone");
                    shared.tell_every_room(|| Command::NodeGone { node });
                }
            }
        }
    }
}

/// Connects and listens again, retrying every second until it works.
async fn relisten(url: &str) -> Listener {
    loop {
        tokio::time::sleep(Duration::from_secs(1)).await;
        match listen(url).await {
            Ok(listener) => return listener,
            Err(error) => eprintln!("kawu-server: cannot listen to the other nodes: {error}"),
        }
    }
}

/// Hands one notice to its room on this node, if this node holds a replica of it.
fn route(shared: &Shared, own: u64, alive: &mut HashMap<u64, Instant>, payload: &str) {
    let notice = match serde_json::from_str::<Notice>(payload) {
        Ok(notice) => notice,
        Err(error) => {
            eprintln!("kawu-server: an unreadable notice from another node: {error}");
            return;
        }
    };
    let (code, command) = match notice {
        Notice::Alive { node } => {
            if node != own {
                alive.insert(node, Instant::now());
            }
            return;
        }
        Notice::Event {
            code,
            version,
            event,
            seat_token,
        } => (
            code,
            Command::Heard {
                version,
                event,
                seat_token,
            },
        ),
        Notice::Presence {
            code,
            node,
            connected,
            spectators,
        } => {
            if node == own {
                return;
            }
            // A node heard from counts as alive from now, even before its first heartbeat.
            alive.entry(node).or_insert_with(Instant::now);
            (
                code,
                Command::RemotePresence {
                    node,
                    connected,
                    spectators,
                },
            )
        }
        Notice::Replaced { code, node, seat } => {
            if node == own {
                return;
            }
            (code, Command::RemoteReplaced { seat })
        }
        Notice::Deleted { code } => (code, Command::Deleted),
    };
    if let Some(room) = shared.room(&code) {
        shared.deliver(room, command);
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
