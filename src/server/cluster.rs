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

use super::metrics::Metrics;
use super::notice::{CHANNEL, Notice};
use futures_util::StreamExt;
use std::collections::HashMap;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// How often a node says it is alive.
const HEARTBEAT: Duration = Duration::from_secs(1);

/// How long a node may stay silent before its clients count as disconnected.
pub const NODE_TIMEOUT: Duration = Duration::from_secs(5);

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

/// What the cluster tells this node's rooms.
#[derive(Debug)]
pub enum Heard {
    /// A notice about one room, from any node (this one's own presence and replacements
    /// left out).
    Notice(Notice),
    /// The listening connection was lost and is back: any room may have missed notices.
    Relistened,
    /// Node `node` stopped sending heartbeats: its clients count as gone.
    NodeGone(u64),
}

/// Listens for the other nodes' notices at `url` (returning once listening), hands what it
/// hears to `hear`, and starts sending this node's notices and heartbeats through `pool`.
pub async fn start(
    node: u64,
    url: String,
    pool: deadpool_postgres::Pool,
    unsent: Unsent,
    metrics: Metrics,
    hear: impl Fn(Heard) + Send + 'static,
) -> Result<(), tokio_postgres::Error> {
    tokio::spawn(send_notices(pool, node, unsent.outgoing, metrics.clone()));
    let listener = listen(&url).await?;
    tokio::spawn(dispatch(node, hear, url, listener, metrics));
    Ok(())
}

/// The most notices sent in one statement.
const NOTICE_BATCH: usize = 256;

/// Sends queued notices in order, those queued together in one statement (one transaction of
/// the database, which serialises the commits of transactions that notify), and a heartbeat
/// every [`HEARTBEAT`].
async fn send_notices(
    pool: deadpool_postgres::Pool,
    node: u64,
    mut queue: mpsc::UnboundedReceiver<Notice>,
    metrics: Metrics,
) {
    let mut heartbeat = tokio::time::interval(HEARTBEAT);
    loop {
        let first = tokio::select! {
            notice = queue.recv() => match notice {
                Some(notice) => notice,
                None => return,
            },
            _ = heartbeat.tick() => Notice::Alive { node },
        };
        let mut payloads = vec![first.payload()];
        while payloads.len() < NOTICE_BATCH
            && let Ok(next) = queue.try_recv()
        {
            payloads.push(next.payload());
        }
        let sent = async {
            let client = pool.get().await.map_err(|error| error.to_string())?;
            client
                .query_one(
                    "SELECT count(pg_notify($1, payload)) FROM unnest($2::text[]) AS payload",
                    &[&CHANNEL, &payloads],
                )
                .await
                .map_err(|error| error.to_string())
        };
        // Presence is sent again at its next change, heartbeats every second: a lost one is
        // not retried.
        match sent.await {
            Ok(_) => metrics.notices_sent.inc_by(payloads.len() as u64),
            Err(error) => tracing::warn!(%error, "cannot send notices to the other nodes"),
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
                    tracing::error!(%error, "the connection listening to other nodes failed");
                    return;
                }
            }
        }
    });
    client.batch_execute(&format!("LISTEN {CHANNEL}")).await?;
    Ok((client, notices))
}

/// Hands each notice to `hear`, keeps track of which nodes are alive, and listens again
/// when the listening connection ends.
async fn dispatch(
    own: u64,
    hear: impl Fn(Heard),
    url: String,
    listener: Listener,
    metrics: Metrics,
) {
    let (mut _client, mut notices) = listener;
    let mut alive: HashMap<u64, Instant> = HashMap::new();
    let mut check = tokio::time::interval(Duration::from_secs(1));
    loop {
        tokio::select! {
            payload = notices.recv() => match payload {
                Some(payload) => {
                    if let Some(notice) = sort(own, &mut alive, &payload, &metrics) {
                        hear(Heard::Notice(notice));
                    }
                }
                None => {
                    (_client, notices) = relisten(&url).await;
                    hear(Heard::Relistened);
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
                    tracing::warn!(node = %format!("{node:016x}"), "a node is silent: its clients count as gone");
                    hear(Heard::NodeGone(node));
                }
                metrics.nodes_alive.set(alive.len() as i64);
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
            Err(error) => tracing::error!(%error, "cannot listen to the other nodes"),
        }
    }
}

/// Reads one payload, notes the node it shows alive, and returns the notice when it is for the
/// rooms: not a heartbeat, nor this node's own presence or replacement.
fn sort(
    own: u64,
    alive: &mut HashMap<u64, Instant>,
    payload: &str,
    metrics: &Metrics,
) -> Option<Notice> {
    let notice = match serde_json::from_str::<Notice>(payload) {
        Ok(notice) => notice,
        Err(error) => {
            tracing::warn!(%error, "an unreadable notice from another node");
            return None;
        }
    };
    metrics
        .notices_heard
        .with_label_values(&[notice.kind()])
        .inc();
    match &notice {
        Notice::Alive { node } => {
            if *node != own {
                alive.insert(*node, Instant::now());
                metrics.heartbeats_heard.inc();
            }
            None
        }
        Notice::Presence { node, .. } | Notice::Replaced { node, .. } if *node == own => None,
        Notice::Presence { node, .. } => {
            // A node heard from counts as alive from now, even before its first heartbeat.
            alive.entry(*node).or_insert_with(Instant::now);
            Some(notice)
        }
        Notice::Event { .. } | Notice::Replaced { .. } | Notice::Deleted { .. } => Some(notice),
    }
}
