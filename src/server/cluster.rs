//! Several nodes on one PostgreSQL database: what they tell each other, and how.
//!
//! The database decides: an event is stored under its room's next version or not at all (the
//! `(code, version)` key). A node holds a replica of a room (its [`super::room::RoomTask`])
//! while it has clients in it; each replica decides its clients' requests and its clocks
//! against its copy of the table, and one that was behind loses the race for the version,
//! reads what it missed and answers `stale`.
//!
//! The nodes tell each other directly, not through the database: each lists itself in the
//! table `nodes` (the address the others reach it at, refreshed every [`HEARTBEAT`]), reads
//! the others' there, and opens a WebSocket to each it has no link with at `/cluster`, showing
//! the secret of the table `cluster_secret`; a link carries notices both ways. Over it go the
//! events a node stored (each only once stored), and soft state that is not stored: who is
//! connected on which node (presence), a seat taken back on another node (its old connection
//! there is closed), a deleted room, and a heartbeat, on a timer of its own that never waits
//! for the database. A node's presence is a lease its heartbeats renew: a node silent for
//! [`NODE_TIMEOUT`] (killed, or paused) has its clients counted as gone, and when it is heard
//! again it is merged back: its rooms' presence is asked for and sent again. Nothing is lost
//! for good while a link is down: when a link is made or ends and when a node is counted gone,
//! every room reads what it missed from the database, and a room that hears an event that does
//! not fit (beyond its next version, or one it cannot take) reads the database instead.

use super::metrics::Metrics;
use super::notice::Notice;
use super::storage::StorageError;
use futures_util::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::{self, Utf8Bytes};

/// How often a node says it is alive, and looks for new nodes.
const HEARTBEAT: Duration = Duration::from_secs(1);

/// How long a node may stay silent before its clients count as disconnected.
pub const NODE_TIMEOUT: Duration = Duration::from_secs(5);

/// The header naming the node that opens a link.
pub const NODE_HEADER: &str = "kawu-node";

/// Frames one link may hold unsent; a peer this far behind is dropped (it reads what it missed
/// when the link is made again).
const LINK_QUEUE: usize = 65_536;

/// The most notices sent in one frame.
const NOTICE_BATCH: usize = 256;

/// Each peer's link: the queue of the frames for it.
type Links = Arc<Mutex<HashMap<u64, mpsc::Sender<Utf8Bytes>>>>;

/// What this node shows the others when it opens a link: the cluster's secret, over TLS
/// when the operator gave the files.
struct Credentials {
    secret: String,
    tls: Option<tokio_rustls::TlsConnector>,
}

/// A link's connection: TCP, or TLS over it.
trait LinkStream: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send {}

impl<S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send> LinkStream for S {}

/// This node's part in the cluster: its id, its way to send notices, and its links.
pub struct Cluster {
    /// A random id, new at each start.
    pub node: u64,
    credentials: Arc<Credentials>,
    outgoing: mpsc::UnboundedSender<Notice>,
    incoming: mpsc::UnboundedSender<Incoming>,
    links: Links,
    pool: deadpool_postgres::Pool,
}

/// The queues [`start`] takes once the node's shared state exists: this node's notices, and
/// what its peers' links bring.
pub struct Unsent {
    outgoing: mpsc::UnboundedReceiver<Notice>,
    incoming: mpsc::UnboundedReceiver<Incoming>,
}

/// What arrives from the peers' links.
enum Incoming {
    /// A link with the node it names was made, by either side.
    Linked(u64),
    /// A link ended: its node may have stored events it did not tell (it was killed between
    /// its commit and its notice).
    Unlinked,
    /// A frame of notices.
    Frame(String),
}

/// The secret of the cluster, made by the first node that asks.
const SECRET: &str = "WITH made AS (
        INSERT INTO cluster_secret (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING
        RETURNING secret
    )
    SELECT secret FROM made UNION ALL SELECT secret FROM cluster_secret";

/// Lists this node (`$1` at address `$2`), forgets nodes silent for a minute, and returns the
/// other nodes heard from within `$3` seconds ([`NODE_TIMEOUT`]).
const HEARTBEAT_STATEMENT: &str = "WITH me AS (
        INSERT INTO nodes (node, address, seen) VALUES ($1, $2, now())
        ON CONFLICT (node) DO UPDATE SET address = EXCLUDED.address, seen = EXCLUDED.seen
    ), gone AS (
        DELETE FROM nodes WHERE seen < now() - interval '1 minute'
    )
    SELECT node, address FROM nodes
    WHERE node <> $1 AND seen > now() - make_interval(secs => $3::float8)";

impl Cluster {
    /// A new node of the cluster whose database `pool` reaches, opening its links with `tls`
    /// when given, and the queues [`start`] takes.
    pub async fn open(
        pool: deadpool_postgres::Pool,
        tls: Option<tokio_rustls::TlsConnector>,
    ) -> Result<(Cluster, Unsent), StorageError> {
        let client = pool
            .get()
            .await
            .map_err(|error| StorageError::Pool(error.to_string()))?;
        let secret: String = client
            .query_one(SECRET, &[&super::secret::seat_token()])
            .await?
            .get(0);
        let (outgoing, outgoing_queue) = mpsc::unbounded_channel();
        let (incoming, incoming_queue) = mpsc::unbounded_channel();
        let cluster = Cluster {
            node: rand::random(),
            credentials: Arc::new(Credentials { secret, tls }),
            outgoing,
            incoming,
            links: Links::default(),
            pool,
        };
        let unsent = Unsent {
            outgoing: outgoing_queue,
            incoming: incoming_queue,
        };
        Ok((cluster, unsent))
    }

    /// Sends `notice` to every other node, in the order of the calls.
    pub fn publish(&self, notice: Notice) {
        let _ = self.outgoing.send(notice);
    }

    /// Whether `shown` is the cluster's secret (compared in constant time).
    pub fn admits(&self, shown: &str) -> bool {
        let secret = &self.credentials.secret;
        shown.len() == secret.len()
            && shown
                .bytes()
                .zip(secret.bytes())
                .fold(0, |differ, (a, b)| differ | (a ^ b))
                == 0
    }

    /// Where the links other nodes open to this one deliver.
    pub fn inbox(&self) -> Inbox {
        Inbox {
            incoming: self.incoming.clone(),
            links: self.links.clone(),
        }
    }

    /// Says every [`HEARTBEAT`] that this node is alive, and lists it at `address` (where the
    /// other nodes reach its `/cluster`), opening a link to each node it has none to. The
    /// heartbeat has a timer and a task of its own and touches nothing but the links' queues:
    /// a slow database or a pool with no free connection never silences it.
    pub fn announce(&self, address: String) {
        let (node, outgoing) = (self.node, self.outgoing.clone());
        tokio::spawn(async move {
            let mut heartbeat = tokio::time::interval(HEARTBEAT);
            heartbeat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                heartbeat.tick().await;
                if outgoing.send(Notice::Alive { node }).is_err() {
                    return;
                }
            }
        });
        let (pool, links, incoming, credentials) = (
            self.pool.clone(),
            self.links.clone(),
            self.incoming.clone(),
            self.credentials.clone(),
        );
        tokio::spawn(async move {
            let mut listing = tokio::time::interval(HEARTBEAT);
            listing.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                listing.tick().await;
                if incoming.is_closed() {
                    return;
                }
                let peers = async {
                    let client = pool.get().await.map_err(|error| error.to_string())?;
                    let statement = client
                        .prepare_cached(HEARTBEAT_STATEMENT)
                        .await
                        .map_err(|error| error.to_string())?;
                    client
                        .query(
                            &statement,
                            &[&(node as i64), &address, &NODE_TIMEOUT.as_secs_f64()],
                        )
                        .await
                        .map_err(|error| error.to_string())
                };
                let peers = match peers.await {
                    Ok(rows) => rows,
                    Err(error) => {
                        tracing::warn!(%error, "cannot list this node or find the others");
                        continue;
                    }
                };
                for row in peers {
                    let (peer, peer_address): (i64, String) = (row.get(0), row.get(1));
                    let peer = peer as u64;
                    let mut open = links.lock().expect("no link task panics");
                    if open.contains_key(&peer) {
                        continue;
                    }
                    let (frames, queue) = mpsc::channel(LINK_QUEUE);
                    open.insert(peer, frames);
                    tokio::spawn(link(
                        node,
                        peer,
                        peer_address,
                        credentials.clone(),
                        queue,
                        links.clone(),
                        incoming.clone(),
                    ));
                }
            }
        });
    }
}

/// Where the links other nodes open to this one deliver (see [`Cluster::inbox`]).
pub struct Inbox {
    incoming: mpsc::UnboundedSender<Incoming>,
    links: Links,
}

impl Inbox {
    /// Serves the link node `peer` opened to this one until it ends: reads its notices, and
    /// sends this node's to it unless another link to it does.
    pub async fn read(self, peer: u64, mut socket: axum::extract::ws::WebSocket) {
        use axum::extract::ws::Message;
        let (frames, mut queue) = mpsc::channel(LINK_QUEUE);
        let sends = {
            let mut open = self.links.lock().expect("no link task panics");
            let free = !open.contains_key(&peer);
            if free {
                open.insert(peer, frames);
            }
            free
        };
        if self.incoming.send(Incoming::Linked(peer)).is_err() {
            return;
        }
        loop {
            tokio::select! {
                frame = queue.recv(), if sends => {
                    let Some(frame) = frame else { break };
                    let frame = Message::Text(frame.as_str().into());
                    if socket.send(frame).await.is_err() {
                        break;
                    }
                }
                message = socket.next() => {
                    let frame = match message {
                        Some(Ok(Message::Text(text))) => Incoming::Frame(text.to_string()),
                        Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                        Some(Ok(_)) => continue,
                    };
                    if self.incoming.send(frame).is_err() {
                        break;
                    }
                }
            }
        }
        if sends {
            forget_link(&self.links, peer, queue);
        }
        let _ = self.incoming.send(Incoming::Unlinked);
    }
}

/// Takes the link to `peer` whose queue this is out of `links` (not a newer one).
fn forget_link(links: &Links, peer: u64, mut queue: mpsc::Receiver<Utf8Bytes>) {
    // This link's queue, closed, tells it from a newer link to the same node.
    queue.close();
    let mut links = links.lock().expect("no link task panics");
    if links.get(&peer).is_some_and(|frames| frames.is_closed()) {
        links.remove(&peer);
    }
}

/// What the cluster tells this node's rooms.
#[derive(Debug)]
pub enum Heard {
    /// A notice about one room, from another node.
    Notice(Notice),
    /// A link to another node was made (new, or after losing one), or a node counted as gone
    /// was heard again: any room may have missed notices, and the nodes may not know each
    /// other's clients. Every room reads what it missed and trades its presence.
    Linked,
    /// Node `node` stopped sending heartbeats: its clients count as gone (until it is heard
    /// again), and what it stored without telling is read.
    NodeGone(u64),
    /// A link ended: every room reads what its node may have stored without telling.
    Unlinked,
}

/// Starts sending this node's notices to its links and handing what the others send to
/// `hear`.
pub fn start(
    cluster: &Cluster,
    unsent: Unsent,
    metrics: Metrics,
    hear: impl Fn(Heard) + Send + 'static,
) {
    tokio::spawn(send_notices(
        unsent.outgoing,
        cluster.links.clone(),
        metrics.clone(),
    ));
    tokio::spawn(dispatch(cluster.node, hear, unsent.incoming, metrics));
}

/// Sends queued notices in order to every link, those queued together in one frame.
async fn send_notices(mut queue: mpsc::UnboundedReceiver<Notice>, links: Links, metrics: Metrics) {
    while let Some(first) = queue.recv().await {
        let mut notices = vec![first];
        while notices.len() < NOTICE_BATCH
            && let Ok(next) = queue.try_recv()
        {
            notices.push(next);
        }
        let frame =
            Utf8Bytes::from(serde_json::to_string(&notices).expect("notices always serialise"));
        metrics.notices_sent.inc_by(notices.len() as u64);
        // A link that cannot keep up is dropped: its node reads what it missed when it is
        // made again.
        links
            .lock()
            .expect("no link task panics")
            .retain(|_, link| link.try_send(frame.clone()).is_ok());
    }
}

/// The link this node (`node`) opens to node `peer` at `address`: sends the frames of `queue`
/// and reads the peer's until the connection or the queue ends, then leaves `links`.
async fn link(
    node: u64,
    peer: u64,
    address: String,
    credentials: Arc<Credentials>,
    mut queue: mpsc::Receiver<Utf8Bytes>,
    links: Links,
    incoming: mpsc::UnboundedSender<Incoming>,
) {
    type Failure = Box<dyn std::error::Error + Send + Sync>;
    let connected = async {
        use tungstenite::client::IntoClientRequest;
        let scheme = if credentials.tls.is_some() {
            "wss"
        } else {
            "ws"
        };
        let mut request = format!("{scheme}://{address}/cluster").into_client_request()?;
        let headers = request.headers_mut();
        headers.insert(
            tungstenite::http::header::AUTHORIZATION,
            format!("Bearer {}", credentials.secret).parse()?,
        );
        headers.insert(NODE_HEADER, format!("{node:016x}").parse()?);
        let connecting = async {
            let tcp = tokio::net::TcpStream::connect(&address).await?;
            let _ = tcp.set_nodelay(true);
            let stream: Box<dyn LinkStream> = match &credentials.tls {
                Some(connector) => {
                    let name = super::link_tls::server_name(&address)?;
                    Box::new(connector.connect(name, tcp).await?)
                }
                None => Box::new(tcp),
            };
            Ok::<_, Failure>(tokio_tungstenite::client_async(request, stream).await?.0)
        };
        match tokio::time::timeout(NODE_TIMEOUT, connecting).await {
            Ok(connected) => connected,
            Err(_) => Err(Failure::from("no answer")),
        }
    };
    let mut linked = false;
    let result: Result<(), Failure> = async {
        let mut socket = connected.await?;
        linked = true;
        let _ = incoming.send(Incoming::Linked(peer));
        loop {
            tokio::select! {
                frame = queue.recv() => match frame {
                    Some(frame) => socket.send(tungstenite::Message::Text(frame)).await?,
                    None => return Ok(()),
                },
                message = socket.next() => match message {
                    Some(Ok(tungstenite::Message::Text(text))) => {
                        let _ = incoming.send(Incoming::Frame(text.to_string()));
                    }
                    Some(Ok(_)) => {}
                    Some(Err(error)) => return Err(error.into()),
                    None => return Err("closed".into()),
                },
            }
        }
    }
    .await;
    if let Err(error) = result {
        tracing::warn!(peer = %format!("{peer:016x}"), %address, %error, "the link to a node ended");
    }
    forget_link(&links, peer, queue);
    if linked {
        let _ = incoming.send(Incoming::Unlinked);
    }
}

/// Which nodes this one hears from: each node's presence lives while it is heard, a lease
/// that [`NODE_TIMEOUT`] of silence ends. A node heard again after its lease ended is merged
/// back, not mourned.
struct Liveness {
    /// When each node was last heard, while its lease lasts.
    heard: HashMap<u64, Instant>,
    /// When this node last looked at the leases.
    checked: Instant,
}

impl Liveness {
    fn new(now: Instant) -> Liveness {
        Liveness {
            heard: HashMap::new(),
            checked: now,
        }
    }

    /// Notes that `node` was heard at `now`; true when it had no lease (new, or counted as
    /// gone).
    fn heard(&mut self, node: u64, now: Instant) -> bool {
        self.heard.insert(node, now).is_none()
    }

    /// The nodes whose leases ended by `now`, taken out. When this node itself was stopped
    /// (a pause of the process or the machine: the checks, due every second, came late), it
    /// could not hear the others, so their leases start again instead.
    fn ended(&mut self, now: Instant) -> Vec<u64> {
        let paused = now.duration_since(self.checked) > LIVENESS_CHECK * 3;
        self.checked = now;
        if paused {
            self.heard.values_mut().for_each(|heard| *heard = now);
            return Vec::new();
        }
        let ended: Vec<u64> = self
            .heard
            .iter()
            .filter(|(_, heard)| now.duration_since(**heard) > NODE_TIMEOUT)
            .map(|(node, _)| *node)
            .collect();
        for node in &ended {
            self.heard.remove(node);
        }
        ended
    }
}

/// How often the leases of the other nodes are looked at.
const LIVENESS_CHECK: Duration = Duration::from_secs(1);

/// Hands each notice to `hear`, and keeps track of which nodes are alive.
async fn dispatch(
    own: u64,
    hear: impl Fn(Heard),
    mut incoming: mpsc::UnboundedReceiver<Incoming>,
    metrics: Metrics,
) {
    let mut liveness = Liveness::new(Instant::now());
    let mut check = tokio::time::interval(LIVENESS_CHECK);
    check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            arrived = incoming.recv() => match arrived {
                Some(Incoming::Frame(frame)) => {
                    for notice in read_frame(own, &frame, &metrics) {
                        if let Some(node) = notice.sender()
                            && liveness.heard(node, Instant::now())
                        {
                            tracing::info!(
                                node = %format!("{node:016x}"),
                                "a node without a lease is heard: its clients are merged back"
                            );
                            hear(Heard::Linked);
                        }
                        if let Notice::Alive { .. } = notice {
                            metrics.heartbeats_heard.inc();
                        } else {
                            hear(Heard::Notice(notice));
                        }
                    }
                }
                Some(Incoming::Linked(node)) => {
                    liveness.heard(node, Instant::now());
                    hear(Heard::Linked);
                }
                Some(Incoming::Unlinked) => hear(Heard::Unlinked),
                None => return,
            },
            _ = check.tick() => {
                for node in liveness.ended(Instant::now()) {
                    tracing::warn!(node = %format!("{node:016x}"), "a node is silent: its clients count as gone");
                    hear(Heard::NodeGone(node));
                }
                metrics.nodes_alive.set(liveness.heard.len() as i64);
            }
        }
    }
}

/// Reads one frame of notices, and returns those of other nodes: not this node's own presence
/// or replacements (or heartbeats) coming back.
fn read_frame(own: u64, frame: &str, metrics: &Metrics) -> Vec<Notice> {
    match serde_json::from_str::<Vec<Notice>>(frame) {
        Ok(notices) => notices
            .into_iter()
            .inspect(|notice| {
                metrics
                    .notices_heard
                    .with_label_values(&[notice.kind()])
                    .inc();
            })
            .filter(|notice| notice.sender() != Some(own))
            .collect(),
        Err(error) => {
            tracing::warn!(%error, "an unreadable frame from another node");
            Vec::new()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_silent_node_loses_its_lease_and_is_merged_back_when_heard_again() {
        let start = Instant::now();
        let mut liveness = Liveness::new(start);
        assert!(liveness.heard(7, start), "a new node has no lease yet");
        assert!(!liveness.heard(7, start + LIVENESS_CHECK));
        let mut now = start;
        let mut ended = Vec::new();
        while ended.is_empty() {
            now += LIVENESS_CHECK;
            ended = liveness.ended(now);
        }
        assert_eq!(ended, [7]);
        assert!(now > start + NODE_TIMEOUT);
        assert!(liveness.heard(7, now), "heard again: merged back");
        assert!(liveness.ended(now + LIVENESS_CHECK).is_empty());
    }

    #[test]
    fn a_node_that_was_paused_itself_gives_the_others_a_new_lease() {
        let start = Instant::now();
        let mut liveness = Liveness::new(start);
        liveness.heard(7, start);
        // This node's checks stopped for 8 s: it could not hear node 7.
        let woke = start + Duration::from_secs(8);
        assert!(liveness.ended(woke).is_empty());
        assert!(liveness.ended(woke + LIVENESS_CHECK).is_empty());
        assert!(
            !liveness.heard(7, woke + LIVENESS_CHECK),
            "its lease lasted"
        );
    }
}
