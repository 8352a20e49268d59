//! `kawu-server`: the online game. An axum router with the WebSocket at `/ws`, `/health`, and
//! the web build's folder; one task per connection, one task per room owning its game, and
//! storage behind a small trait: SQLite by default, or PostgreSQL shared by several nodes
//! ([`cluster`] says how they share rooms).
//!
//! A room plays Junqi flip, Xiangqi or Qiguo Xiangqi. The server never knows a face-down
//! Junqi piece: it holds the public game only, and a flip's piece is drawn from the remaining
//! pool when the flip is played. In Qiguo the server plays the computer seats itself, with the
//! client's search, on a bounded pool of threads.
//!
//! For the operator: `tracing` logs, each line inside the span of its room or connection, and
//! Prometheus metrics at `/metrics` ([`metrics`]).

mod address;
mod board;
mod cluster;
mod connection;
#[cfg(debug_assertions)]
mod failpoint;
mod link_tls;
mod metrics;
mod notice;
mod pictures;
mod record;
mod room;
mod secret;
pub mod storage;
mod table;

use crate::protocol::{MoveClock, RoomEvent, RoomSeat};
use crate::rules::GameKind;
use axum::Extension;
use axum::Router;
use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use board::Refusal;
use metrics::{Metrics, game_label};
use record::{RoomGame, RoomRecord};
use room::{Command, RoomTask};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use storage::{
    PostgresStorage, SqliteStorage, SqliteWriter, Storage, StorageError, StoredRoom, Write,
};
use table::Table;
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tracing::Instrument;

pub use address::parse_network;
pub use link_tls::LinkTlsFiles;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The folder of the SQLite database (when `database` is none).
    pub data: PathBuf,
    /// A PostgreSQL URL (`postgres://…`): several nodes may share it. None: SQLite in `data`.
    pub database: Option<String>,
    /// This node's name, shown in `hello` and `/health` (to tell the nodes of a cluster apart).
    pub node: Option<String>,
    /// In a cluster, where this node listens for the other nodes' links (`host:port`), apart
    /// from its clients: needed on PostgreSQL.
    pub cluster_listen: Option<String>,
    /// In a cluster, the address (`host:port`) where the other nodes reach this one's
    /// `cluster_listen`; none: that address, when it names one host.
    pub cluster_address: Option<String>,
    /// TLS on the links between nodes, when given.
    pub cluster_tls: Option<LinkTlsFiles>,
    /// The web build's folder, served at `/` when given.
    pub web: Option<PathBuf>,
    /// The proxies whose word on a client's address is believed (PROXY protocol header or
    /// `X-Forwarded-For`): addresses or networks. Anyone else's connection counts as its own
    /// address.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    pub limits: Limits,
    pub timing: Timing,
}

/// What one client may ask of the server, and how much the computer seats may search.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest text frame read; larger ones get a `too_large` error.
    pub max_frame_bytes: usize,
    /// Frames per second a connection may send on average…
    pub frames_per_second: u32,
    /// …and in a burst.
    pub frame_burst: u32,
    /// Rooms one address may have open at once (an IPv6 address counts as its /64).
    pub rooms_per_address: usize,
    /// Rooms this node may hold at once; past it, `create` is refused.
    pub max_rooms: usize,
    /// Spectators one room may have.
    pub spectators_per_room: usize,
    /// WebSockets one address may have open at once; more are refused with HTTP 429.
    pub connections_per_address: usize,
    /// WebSockets this node may have open at once; more are refused with HTTP 503.
    pub max_connections: usize,
    /// Plain HTTP requests (all but `/ws`) an address may make a second on average…
    pub requests_per_second: u32,
    /// …and in a burst; past them it gets HTTP 429.
    pub request_burst: u32,
    /// Qiguo computer seats searching at once, on blocking threads (the others wait for one).
    pub computer_threads: usize,
    /// A cap on the nodes of every computer search (none: each level's own).
    pub computer_nodes: Option<u64>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_frame_bytes: 4096,
            frames_per_second: 20,
            frame_burst: 40,
            rooms_per_address: 20,
            max_rooms: 10_000,
            spectators_per_room: 64,
            connections_per_address: 100,
            max_connections: 10_000,
            requests_per_second: 10,
            request_burst: 60,
            computer_threads: std::thread::available_parallelism()
                .map_or(1, |cores| cores.get().saturating_sub(1).max(1)),
            computer_nodes: None,
        }
    }
}

/// The server's durations.
#[derive(Clone, Debug)]
pub struct Timing {
    /// How long one second of the move clock lasts (shorter in tests).
    pub clock_second: Duration,
    /// How long a disconnected player has to come back before losing.
    pub grace: Duration,
    /// How long a takeback request waits to be granted or declined before it lapses.
    pub takeback_wait: Duration,
    /// How long a room with nobody connected lives.
    pub idle: Duration,
    /// How long a connection may stay without entering a room before it is closed.
    pub lobby: Duration,
    /// On PostgreSQL, how long a writer waits after a batch's first write for more to join it.
    pub commit_delay: Duration,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            clock_second: Duration::from_secs(1),
            grace: Duration::from_secs(120),
            takeback_wait: Duration::from_secs(30),
            idle: Duration::from_secs(24 * 60 * 60),
            lobby: Duration::from_secs(60),
            commit_delay: Duration::ZERO,
        }
    }
}

/// `value` when it lies in `range`, else a refusal naming `--flag` and the range.
fn within<T: PartialOrd + std::fmt::Display>(
    value: T,
    range: std::ops::RangeInclusive<T>,
    flag: &str,
) -> Result<(), String> {
    if range.contains(&value) {
        Ok(())
    } else {
        Err(format!(
            "--{flag} must be from {} to {}, not {value}",
            range.start(),
            range.end()
        ))
    }
}

/// What `--cluster-address` names, or why it names nothing another node could reach: a host
/// (or IP address, IPv6 in brackets) and a port, not 0, nor an address that means "any".
fn check_cluster_address(address: &str) -> Result<(), String> {
    let refuse = |why: &str| Err(format!("--cluster-address {address:?}: {why}"));
    let Some((host, port)) = address.rsplit_once(':') else {
        return refuse("give host:port");
    };
    match port.parse::<u16>() {
        Ok(0) | Err(_) => return refuse("the port must be a number from 1 to 65535"),
        Ok(_) => {}
    }
    let bare = host
        .strip_prefix('[')
        .and_then(|host| host.strip_suffix(']'))
        .unwrap_or(host);
    if bare.is_empty() || bare.contains(char::is_whitespace) {
        return refuse("give a host");
    }
    if let Ok(ip) = bare.parse::<IpAddr>() {
        if ip.is_unspecified() {
            return refuse("0.0.0.0 and [::] reach no node: give this node's own address");
        }
        if ip.is_ipv6() && !host.starts_with('[') {
            return refuse("an IPv6 address goes in brackets, as [::1]:7878");
        }
    }
    Ok(())
}

impl Config {
    /// Whether these settings make sense, or the first that does not, named by its flag with
    /// its range (the ranges `docs/operating.md` lists).
    pub fn check(&self) -> Result<(), String> {
        let limits = &self.limits;
        let timing = &self.timing;
        within(limits.max_frame_bytes, 64..=1 << 20, "max-frame-bytes")?;
        within(limits.frames_per_second, 1..=10_000, "frames-per-second")?;
        within(limits.frame_burst, 1..=10_000, "frame-burst")?;
        within(limits.rooms_per_address, 1..=1_000_000, "rooms-per-address")?;
        within(limits.max_rooms, 1..=1_000_000, "max-rooms")?;
        within(
            limits.spectators_per_room,
            0..=10_000,
            "spectators-per-room",
        )?;
        within(
            limits.connections_per_address,
            1..=1_000_000,
            "connections-per-address",
        )?;
        within(limits.max_connections, 1..=1_000_000, "max-connections")?;
        within(
            limits.requests_per_second,
            1..=10_000,
            "requests-per-second",
        )?;
        within(limits.request_burst, 1..=10_000, "request-burst")?;
        within(limits.computer_threads, 1..=1024, "computer-threads")?;
        if let Some(nodes) = limits.computer_nodes {
            within(nodes, 1..=10_000_000_000, "computer-nodes")?;
        }
        // Durations have no upper bound: one too long to count means never.
        for (duration, flag) in [
            (timing.clock_second, "clock-second"),
            (timing.grace, "grace-seconds"),
            (timing.takeback_wait, "takeback-wait-seconds"),
            (timing.idle, "idle-seconds"),
            (timing.lobby, "lobby-seconds"),
        ] {
            if duration.is_zero() {
                return Err(format!("--{flag} must be more than 0"));
            }
        }
        within(
            timing.commit_delay.as_secs_f64() * 1000.0,
            0.0..=100.0,
            "commit-delay-ms",
        )?;
        if timing.grace > timing.idle {
            return Err(format!(
                "--grace-seconds ({} s) is longer than --idle-seconds ({} s): the room would \
                 expire before a disconnected player's grace ends",
                timing.grace.as_secs_f64(),
                timing.idle.as_secs_f64()
            ));
        }
        if let Some(address) = &self.cluster_address {
            check_cluster_address(address)?;
        }
        if self.database.is_some() && self.cluster_listen.is_none() {
            return Err(
                "--cluster-listen is needed with --database: the other nodes' links \
                        come there, never to the clients' address"
                    .into(),
            );
        }
        Ok(())
    }
}

/// Why the server cannot run.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error("{0}")]
    Config(String),
    #[error(transparent)]
    Storage(#[from] StorageError),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// A room as the registry knows it: where its task listens, and who opened it.
struct RoomEntry {
    commands: mpsc::Sender<Command>,
    /// Its creator's address as the per-address limits count it ([`address::limit_key`]).
    creator: IpAddr,
    game: GameKind,
}

/// What all tasks share: the configuration, the storage and the room registry (a map from
/// invite code to room task, locked only to look up, add or remove a room).
pub struct Shared {
    config: Config,
    storage: Arc<dyn Storage>,
    /// This node's part in a cluster, on PostgreSQL.
    cluster: Option<cluster::Cluster>,
    /// Held while a room stored by another node is loaded, so that it is loaded once.
    loading: tokio::sync::Mutex<()>,
    rooms: Mutex<HashMap<String, RoomEntry>>,
    /// Open WebSockets.
    connections: Mutex<ConnectionCounts>,
    /// Each address's plain HTTP requests.
    requests: Mutex<address::RequestLimiter>,
    next_connection: AtomicU64,
    /// One permit for each computer search that may run at once.
    thinkers: Arc<tokio::sync::Semaphore>,
    /// One permit for each picture that may be loaded and drawn at once.
    drawing: tokio::sync::Semaphore,
    /// The pictures of finished games drawn lately.
    pictures: Mutex<pictures::PictureCache>,
    metrics: Metrics,
}

/// The open WebSockets of a node: by address as the limits count it, and in all.
#[derive(Default)]
struct ConnectionCounts {
    by_address: HashMap<IpAddr, usize>,
    total: usize,
}

/// Why a WebSocket is not admitted.
enum Crowded {
    /// Its address has as many as it may.
    Address,
    /// The node has as many as it may.
    Node,
}

/// One admitted WebSocket of an address; dropping it frees the place.
pub struct ConnectionSlot {
    shared: Arc<Shared>,
    address: IpAddr,
    /// The address as the limits count it.
    counted: IpAddr,
}

impl ConnectionSlot {
    /// The address this connection comes from.
    pub fn address(&self) -> IpAddr {
        self.address
    }
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut connections = self.shared.connection_counts();
        connections.total -= 1;
        if let Some(count) = connections.by_address.get_mut(&self.counted) {
            *count -= 1;
            if *count == 0 {
                connections.by_address.remove(&self.counted);
            }
        }
    }
}

/// The read and write buffer of each WebSocket, in bytes.
const SOCKET_BUFFER: usize = 4096;

/// How many commands a room's queue holds before senders wait.
const ROOM_QUEUE: usize = 256;

impl Shared {
    fn registry(&self) -> std::sync::MutexGuard<'_, HashMap<String, RoomEntry>> {
        // A panic elsewhere cannot leave the map half-changed: every change is one call.
        self.rooms
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn picture_cache(&self) -> std::sync::MutexGuard<'_, pictures::PictureCache> {
        // Likewise: each change of the cache is one call.
        self.pictures
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn connection_counts(&self) -> std::sync::MutexGuard<'_, ConnectionCounts> {
        self.connections
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Whether `address` may make one more plain HTTP request now.
    fn allow_request(&self, address: IpAddr) -> bool {
        self.requests
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .allow(address)
    }

    /// A place for one more WebSocket of `address`, if it and the node have fewer than their
    /// limits.
    fn admit(self: &Arc<Self>, address: IpAddr) -> Result<ConnectionSlot, Crowded> {
        let limits = &self.config.limits;
        let counted = address::limit_key(address);
        let mut connections = self.connection_counts();
        if connections.total >= limits.max_connections {
            return Err(Crowded::Node);
        }
        let count = connections.by_address.entry(counted).or_insert(0);
        if *count >= limits.connections_per_address {
            return Err(Crowded::Address);
        }
        *count += 1;
        connections.total += 1;
        Ok(ConnectionSlot {
            shared: self.clone(),
            address,
            counted,
        })
    }

    /// The task of room `code` on this node.
    fn room(&self, code: &str) -> Option<mpsc::Sender<Command>> {
        self.registry()
            .get(code)
            .map(|entry| entry.commands.clone())
    }

    /// The task of room `code`: on this node, or in a cluster loaded from the database (a
    /// room another node opened, or that a stopped node held).
    async fn find_room(self: &Arc<Self>, code: &str) -> Option<mpsc::Sender<Command>> {
        if let Some(room) = self.room(code) {
            return Some(room);
        }
        self.cluster.as_ref()?;
        let _loading = self.loading.lock().await;
        if let Some(room) = self.room(code) {
            return Some(room);
        }
        let stored = match self.storage.load_room(code.to_string(), 0).await {
            Ok(stored) => stored?,
            Err(error) => {
                tracing::error!(code, %error, "cannot load a room");
                return None;
            }
        };
        let commands = self.start_room(stored)?;
        // Registered before this read: whatever was stored after the load is read now or
        // heard as a notice.
        self.deliver(commands.clone(), Command::CatchUp);
        Some(commands)
    }

    /// Hands `command` to a room without waiting: when its queue is full, a task waits for
    /// room in it.
    fn deliver(&self, room: mpsc::Sender<Command>, command: Command) {
        if let Err(mpsc::error::TrySendError::Full(command)) = room.try_send(command) {
            tokio::spawn(async move {
                let _ = room.send(command).await;
            });
        }
    }

    /// Hands every room on this node the command `make` makes.
    fn tell_every_room(&self, make: impl Fn() -> Command) {
        let rooms: Vec<_> = self
            .registry()
            .values()
            .map(|entry| entry.commands.clone())
            .collect();
        for room in rooms {
            self.deliver(room, make());
        }
    }

    fn forget_room(&self, code: &str) {
        self.registry().remove(code);
    }

    /// Starts the task of the room at `table`, its span naming the room in every log line.
    fn spawn_room(
        self: &Arc<Self>,
        table: Table,
        commands: mpsc::WeakSender<Command>,
        queue: mpsc::Receiver<Command>,
    ) {
        let span = tracing::info_span!(
            "room",
            code = %table.record.code,
            game = game_label(table.record.game.kind())
        );
        tokio::spawn(
            RoomTask::new(table, self.clone(), commands)
                .run(queue)
                .instrument(span),
        );
    }

    /// Opens a room for `creator`, stored before it exists; returns its task and the creator's
    /// seat token.
    async fn create_room(
        self: &Arc<Self>,
        creator: IpAddr,
        game: RoomGame,
        clock: MoveClock,
    ) -> Result<(mpsc::Sender<Command>, String), Refusal> {
        let (commands, queue) = mpsc::channel(ROOM_QUEUE);
        let counted = address::limit_key(creator);
        let code = {
            let mut rooms = self.registry();
            if rooms.len() >= self.config.limits.max_rooms {
                return Err(Refusal::new(
                    crate::protocol::ErrorCode::Unavailable,
                    format!(
                        "this server holds as many rooms as it may ({}); try again later",
                        self.config.limits.max_rooms
                    ),
                ));
            }
            let open = rooms
                .values()
                .filter(|room| room.creator == counted)
                .count();
            if open >= self.config.limits.rooms_per_address {
                return Err(Refusal::new(
                    crate::protocol::ErrorCode::TooManyRooms,
                    format!(
                        "an address may have {} rooms open at most",
                        self.config.limits.rooms_per_address
                    ),
                ));
            }
            let code = std::iter::repeat_with(secret::invite_code)
                .find(|code| !rooms.contains_key(code))
                .expect("an endless supply of codes");
            rooms.insert(
                code.clone(),
                RoomEntry {
                    commands: commands.clone(),
                    creator: counted,
                    game: game.kind(),
                },
            );
            code
        };
        let record = RoomRecord {
            code: code.clone(),
            game,
            clock,
            creator: creator.to_string(),
        };
        let token = secret::seat_token();
        let hash = secret::hash_token(&token);
        let first = RoomEvent::SeatTaken { seat: RoomSeat(0) };
        let room_commands = commands.downgrade();
        let stored = self
            .storage
            .write(vec![
                Write::CreateRoom(record.clone()),
                Write::AppendEvent {
                    code: code.clone(),
                    version: 1,
                    event: first.clone(),
                    seat_token: Some((RoomSeat(0), hash.clone())),
                },
            ])
            .await;
        if let Err(error) = stored {
            tracing::error!(%error, "cannot store a new room");
            self.forget_room(&code);
            return Err(Refusal::new(
                crate::protocol::ErrorCode::Unavailable,
                "the server could not store the room; try again",
            ));
        }
        let mut table = Table::new(record);
        table.seat_tokens[0] = Some(hash);
        table.apply(first).expect("a new room takes its first seat");
        self.spawn_room(table, room_commands, queue);
        Ok((commands, token))
    }

    /// Starts a task for every stored room; a room whose events do not replay is skipped
    /// (and reported). Returns how many rooms resumed.
    fn resume_rooms(self: &Arc<Self>, stored_rooms: Vec<StoredRoom>) -> usize {
        stored_rooms
            .into_iter()
            .filter_map(|stored| self.start_room(stored))
            .count()
    }

    /// Replays a stored room and starts its task; a room whose events do not replay is not
    /// started (and reported).
    fn start_room(self: &Arc<Self>, stored: StoredRoom) -> Option<mpsc::Sender<Command>> {
        let code = stored.record.code.clone();
        let creator = address::limit_key(
            stored
                .record
                .creator
                .parse()
                .unwrap_or(IpAddr::from([0, 0, 0, 0])),
        );
        let mut table = Table::new(stored.record);
        for (seat, hash) in stored.seat_tokens {
            if let Some(slot) = table.seat_tokens.get_mut(seat.index()) {
                *slot = Some(hash);
            }
        }
        let replayed = stored.events.into_iter().try_for_each(|(version, event)| {
            if version != table.version + 1 {
                return Err(format!("event {version} follows {}", table.version));
            }
            table.apply(event)
        });
        if let Err(reason) = replayed {
            tracing::error!(code, %reason, "a stored room is not resumed");
            return None;
        }
        let (commands, queue) = mpsc::channel(ROOM_QUEUE);
        let game = table.record.game.kind();
        self.registry().insert(
            code,
            RoomEntry {
                commands: commands.clone(),
                creator,
                game,
            },
        );
        self.spawn_room(table, commands.downgrade(), queue);
        Some(commands)
    }

    /// What `hello` says the server is.
    fn server_name(&self) -> String {
        let version = env!("CARGO_PKG_VERSION");
        match &self.config.node {
            Some(node) => format!("kawu-server {version} (node {node})"),
            None => format!("kawu-server {version}"),
        }
    }

    /// The figures `/health` reports.
    /// The metrics page, its room and connection counts read from the registry as `/health`
    /// reads them.
    fn metrics_page(&self) -> String {
        let mut rooms: HashMap<GameKind, i64> = HashMap::new();
        for entry in self.registry().values() {
            *rooms.entry(entry.game).or_default() += 1;
        }
        for game in [GameKind::Junqi, GameKind::Xiangqi, GameKind::Qiguo] {
            let count = rooms.get(&game).copied().unwrap_or(0);
            self.metrics
                .rooms
                .with_label_values(&[game_label(game)])
                .set(count);
        }
        let connections = self.connection_counts().total;
        self.metrics.connections.set(connections as i64);
        self.metrics.render()
    }

    fn health(&self) -> String {
        serde_json::json!({
            "status": "ok",
            "node": self.config.node,
            "rooms": self.registry().len(),
            "connections": self.connection_counts().total,
            "rss_kib": resident_memory_kib(),
        })
        .to_string()
    }
}

/// This process's resident memory in KiB, where `/proc` tells it.
fn resident_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A server whose rooms are loaded, ready to serve.
pub struct Server {
    shared: Arc<Shared>,
    /// In a cluster with TLS, what accepts the other nodes' links.
    acceptor: Option<tokio_rustls::TlsAcceptor>,
}

impl Server {
    /// Opens the database — SQLite in `config.data`, or PostgreSQL at `config.database` — and
    /// with SQLite resumes every stored room (each room gets its task). On PostgreSQL the node
    /// listens to the other nodes first, and loads a room when one of its clients asks for it.
    pub async fn open(config: Config) -> Result<Server, ServerError> {
        config.check().map_err(ServerError::Config)?;
        let (storage, stored_rooms, postgres): (Arc<dyn Storage>, _, _) = match &config.database {
            None => {
                let mut storage = SqliteStorage::open(&config.data)?;
                let stored_rooms = storage.load()?;
                (Arc::new(SqliteWriter::start(storage)), stored_rooms, None)
            }
            Some(url) => {
                let storage =
                    PostgresStorage::open_with_delay(url, config.timing.commit_delay).await?;
                let pool = storage.pool().clone();
                (Arc::new(storage), Vec::new(), Some(pool))
            }
        };
        let link_tls = match &config.cluster_tls {
            Some(files) => Some(link_tls::LinkTls::load(files).map_err(ServerError::Config)?),
            None => None,
        };
        let (cluster, unsent) = match postgres {
            Some(pool) => {
                let connector = link_tls.as_ref().map(|tls| tls.connector.clone());
                let (cluster, unsent) = cluster::Cluster::open(pool, connector).await?;
                (Some(cluster), Some(unsent))
            }
            None => (None, None),
        };
        let metrics = Metrics::new();
        let thinkers = Arc::new(tokio::sync::Semaphore::new(config.limits.computer_threads));
        let requests = Mutex::new(address::RequestLimiter::new(
            config.limits.requests_per_second,
            config.limits.request_burst,
        ));
        let shared = Arc::new(Shared {
            thinkers,
            drawing: tokio::sync::Semaphore::new(pictures::DRAWING_AT_ONCE),
            pictures: Mutex::default(),
            metrics: metrics.clone(),
            storage,
            cluster,
            loading: tokio::sync::Mutex::new(()),
            config,
            rooms: Mutex::new(HashMap::new()),
            connections: Mutex::default(),
            requests,
            next_connection: AtomicU64::new(1),
        });
        if let (Some(cluster), Some(unsent)) = (&shared.cluster, unsent) {
            let rooms = shared.clone();
            cluster::start(cluster, unsent, metrics, move |heard| {
                room::hear(&rooms, heard)
            });
        }
        let resumed = shared.resume_rooms(stored_rooms);
        if resumed > 0 {
            tracing::info!(resumed, "rooms resumed");
        }
        Ok(Server {
            shared,
            acceptor: link_tls.map(|tls| tls.acceptor),
        })
    }

    /// Answers `/ws`, `/health`, `/metrics` and the web folder on `listener`, and in a cluster
    /// the other nodes' links on the cluster listener, until the process ends.
    pub async fn serve(self, listener: TcpListener) -> Result<(), ServerError> {
        if let (Some(cluster), Some(listen)) =
            (&self.shared.cluster, &self.shared.config.cluster_listen)
        {
            let links = TcpListener::bind(listen).await.map_err(|error| {
                ServerError::Config(format!("--cluster-listen {listen}: {error}"))
            })?;
            let address = match &self.shared.config.cluster_address {
                Some(address) => {
                    reachable(address).await.map_err(ServerError::Config)?;
                    address.clone()
                }
                None => {
                    let listening = links.local_addr()?;
                    if listening.ip().is_unspecified() {
                        return Err(ServerError::Config(format!(
                            "--cluster-address is needed: the other nodes cannot reach {listening}"
                        )));
                    }
                    listening.to_string()
                }
            };
            let router = Router::new()
                .route("/cluster", get(cluster_link))
                .with_state(self.shared.clone());
            tokio::spawn(serve_links(links, router, self.acceptor.clone()));
            cluster.announce(address);
        }
        // Plain HTTP requests count against their address's rate; WebSockets have limits of
        // their own.
        let mut router = Router::new()
            .route("/health", get(health))
            .route("/metrics", get(metrics_page))
            .route("/games/{code}/{file}", get(pictures::game_gif))
            .route("/games/{code}/{number}/{file}", get(pictures::position_png));
        if let Some(web) = &self.shared.config.web {
            router = router.fallback_service(web_files(web));
        }
        let router = router
            .layer(axum::middleware::from_fn_with_state(
                self.shared.clone(),
                limit_requests,
            ))
            .route("/ws", get(websocket));
        let trusted = self.shared.config.trusted_proxies.clone();
        serve_connections(listener, router.with_state(self.shared), trusted).await
    }
}

/// How long a client may take to send a request's headers before its connection is closed
/// (a client that sends them a byte at a time would hold the connection open for ever).
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// Serves `app` on every connection `listener` accepts, each request with its client's address
/// (as [`address::ClientAddress`]), within the [`HEADER_READ_TIMEOUT`]. A connection from one of
/// the `trusted` proxies may start with a PROXY protocol header naming the client, or name it
/// in `X-Forwarded-For`; any other connection's client is its peer.
async fn serve_connections(
    listener: TcpListener,
    app: Router,
    trusted: Vec<ipnet::IpNet>,
) -> Result<(), ServerError> {
    let trusted = Arc::new(trusted);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors, or a connection reset before it was accepted: the
                // next accept may succeed; a pause keeps a lasting error from spinning.
                tracing::warn!(%error, "cannot accept a connection");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        // Small frames that should leave at once: no Nagle delay.
        let _ = stream.set_nodelay(true);
        let (app, trusted) = (app.clone(), trusted.clone());
        tokio::spawn(async move {
            if !address::trusted(&trusted, peer.ip()) {
                let client = move |_: &axum::http::HeaderMap| peer.ip();
                return serve_http(stream, peer, client, app).await;
            }
            let mut stream = stream;
            let reading = address::read_proxy_header(&mut stream);
            let header = match tokio::time::timeout(HEADER_READ_TIMEOUT, reading).await {
                Ok(Ok(header)) => header,
                Ok(Err(error)) => {
                    return tracing::debug!(%error, %peer, "a proxy's connection is dropped");
                }
                Err(_) => return,
            };
            let stream = address::Rewound::new(header.rest, stream);
            match header.client {
                Some(client) => serve_http(stream, peer, move |_: &_| client, app).await,
                None => {
                    let client =
                        move |headers: &_| address::forwarded_client(headers, peer.ip(), &trusted);
                    serve_http(stream, peer, client, app).await
                }
            }
        });
    }
}

/// Serves the other nodes' links (`app`) on every connection `listener` accepts, over TLS
/// when `acceptor` is given.
async fn serve_links(
    listener: TcpListener,
    app: Router,
    acceptor: Option<tokio_rustls::TlsAcceptor>,
) {
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(error) => {
                tracing::warn!(%error, "cannot accept a node's link");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let (app, acceptor) = (app.clone(), acceptor.clone());
        tokio::spawn(async move {
            let client = move |_: &axum::http::HeaderMap| peer.ip();
            let Some(acceptor) = acceptor else {
                return serve_http(stream, peer, client, app).await;
            };
            match tokio::time::timeout(HEADER_READ_TIMEOUT, acceptor.accept(stream)).await {
                Ok(Ok(stream)) => serve_http(stream, peer, client, app).await,
                Ok(Err(error)) => tracing::warn!(%error, %peer, "a node's link without TLS"),
                Err(_) => tracing::warn!(%peer, "a node's link gave no TLS handshake in time"),
            }
        });
    }
}

/// Serves `app` on one connection from `peer`, each request with the address `client` finds
/// from its headers, within the [`HEADER_READ_TIMEOUT`].
async fn serve_http<S>(
    stream: S,
    peer: SocketAddr,
    client: impl Fn(&axum::http::HeaderMap) -> IpAddr + Clone + Send + 'static,
    app: Router,
) where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;
    let service = hyper::service::service_fn(
        move |mut request: axum::http::Request<hyper::body::Incoming>| {
            let address = address::ClientAddress(client(request.headers()));
            request.extensions_mut().insert(address);
            app.clone().oneshot(request.map(axum::body::Body::new))
        },
    );
    let served = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_READ_TIMEOUT)
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades()
        .await;
    if let Err(error) = served {
        tracing::debug!(%error, %peer, "a connection ended with an error");
    }
}

/// Refuses a plain HTTP request past its address's rate with 429 and `Retry-After`.
async fn limit_requests(
    State(shared): State<Arc<Shared>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let client = request
        .extensions()
        .get::<address::ClientAddress>()
        .map(|address| address.0);
    if let Some(client) = client
        && !shared.allow_request(client)
    {
        return (
            axum::http::StatusCode::TOO_MANY_REQUESTS,
            [(header::RETRY_AFTER, "1")],
            "too many requests from this address",
        )
            .into_response();
    }
    next.run(request).await
}

/// The web build's folder: `X.br` or `X.gz` for `X` when the build wrote it and the client
/// accepts it (with `X`'s content type), and headers that keep caches from handing one
/// encoding to a client that asked for another, or an old `kawu.js` beside a new
/// `kawu_bg.wasm` (the names carry no version, so every use revalidates: a 304 while unchanged).
fn web_files(web: &std::path::Path) -> Router {
    async fn cache_headers(mut response: axum::response::Response) -> axum::response::Response {
        let headers = response.headers_mut();
        headers.insert(
            header::VARY,
            header::HeaderValue::from_static("accept-encoding"),
        );
        headers.insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("no-cache"),
        );
        response
    }
    Router::new()
        .fallback_service(
            tower_http::services::ServeDir::new(web)
                .precompressed_br()
                .precompressed_gzip(),
        )
        .layer(axum::middleware::map_response(cache_headers))
}

/// Whether `--cluster-address` reaches a listener (this node's, which listens already): a name
/// that resolves to nothing, or an address where nothing listens, would leave this node cut off
/// from the others, its players counted as gone.
async fn reachable(address: &str) -> Result<(), String> {
    let refuse = |why: String| format!("--cluster-address {address:?} {why}");
    let resolved: Vec<SocketAddr> = tokio::net::lookup_host(address)
        .await
        .map_err(|error| refuse(format!("does not resolve: {error}")))?
        .collect();
    let mut last_error = String::from("resolves to no address");
    for target in resolved {
        let connecting = tokio::net::TcpStream::connect(target);
        match tokio::time::timeout(Duration::from_secs(2), connecting).await {
            Ok(Ok(_)) => return Ok(()),
            Ok(Err(error)) => last_error = format!("{target}: {error}"),
            Err(_) => last_error = format!("{target}: no answer within 2 s"),
        }
    }
    Err(refuse(format!("reaches nothing ({last_error})")))
}

/// Opens the server ([`Server::open`]) and serves on `listener` until the process ends.
pub async fn serve(config: Config, listener: TcpListener) -> Result<(), ServerError> {
    Server::open(config).await?.serve(listener).await
}

async fn health(State(shared): State<Arc<Shared>>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        shared.health(),
    )
}

async fn metrics_page(State(shared): State<Arc<Shared>>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        shared.metrics_page(),
    )
}

/// Another node's link to this one: refused unless it shows the cluster's secret.
async fn cluster_link(
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
    headers: axum::http::HeaderMap,
    State(shared): State<Arc<Shared>>,
) -> axum::response::Response {
    let Some(cluster) = &shared.cluster else {
        return axum::http::StatusCode::NOT_FOUND.into_response();
    };
    let header = |name| headers.get(name).and_then(|value| value.to_str().ok());
    let shown =
        header(header::AUTHORIZATION.as_str()).and_then(|value| value.strip_prefix("Bearer "));
    let peer = header(cluster::NODE_HEADER).and_then(|node| u64::from_str_radix(node, 16).ok());
    let (Some(shown), Some(peer)) = (shown, peer) else {
        return (
            axum::http::StatusCode::BAD_REQUEST,
            "a node's link names itself and shows the secret",
        )
            .into_response();
    };
    if !cluster.admits(shown) {
        return axum::http::StatusCode::FORBIDDEN.into_response();
    }
    let inbox = cluster.inbox();
    match upgrade {
        Ok(upgrade) => upgrade.on_upgrade(move |socket| inbox.read(peer, socket)),
        Err(rejection) => rejection.into_response(),
    }
}

async fn websocket(
    upgrade: WebSocketUpgrade,
    Extension(address::ClientAddress(client)): Extension<address::ClientAddress>,
    State(shared): State<Arc<Shared>>,
) -> axum::response::Response {
    let slot = match shared.admit(client) {
        Ok(slot) => slot,
        Err(Crowded::Address) => {
            return (
                axum::http::StatusCode::TOO_MANY_REQUESTS,
                "too many connections from this address",
            )
                .into_response();
        }
        Err(Crowded::Node) => {
            return (
                axum::http::StatusCode::SERVICE_UNAVAILABLE,
                [(header::RETRY_AFTER, "5")],
                "this server holds as many connections as it may; try again later",
            )
                .into_response();
        }
    };
    // Frames a little over the cap still arrive, to be answered with `too_large`; far larger
    // ones end the connection.
    let hard_cap = (shared.config.limits.max_frame_bytes * 4).max(64 * 1024);
    // Frames are small: buffers of a few KiB (the default 128 KiB each way would cost 256 KiB
    // per connection).
    upgrade
        .read_buffer_size(SOCKET_BUFFER)
        .write_buffer_size(SOCKET_BUFFER)
        .max_write_buffer_size(hard_cap * 4)
        .max_message_size(hard_cap)
        .max_frame_size(hard_cap)
        .on_upgrade(move |socket| connection::serve(socket, shared, slot))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cluster_address_names_a_host_and_a_port_another_node_can_reach() {
        for good in ["10.0.0.2:7878", "node-a.internal:7878", "[fd00::2]:7878"] {
            assert_eq!(check_cluster_address(good), Ok(()), "{good}");
        }
        for bad in [
            "node-a",
            "node-a:0",
            "node-a:http",
            ":7878",
            "0.0.0.0:7878",
            "[::]:7878",
            "fd00::2:7878",
        ] {
            let refusal = check_cluster_address(bad).unwrap_err();
            assert!(refusal.starts_with("--cluster-address"), "{bad}: {refusal}");
        }
    }

    #[test]
    fn a_cluster_needs_a_listener_of_its_own_for_the_links() {
        let mut config = Config {
            data: PathBuf::from("."),
            database: Some("postgres://kawu@db.internal/kawu".into()),
            node: None,
            cluster_listen: None,
            cluster_address: None,
            cluster_tls: None,
            web: None,
            trusted_proxies: Vec::new(),
            limits: Limits::default(),
            timing: Timing::default(),
        };
        let refusal = config.check().unwrap_err();
        assert!(refusal.starts_with("--cluster-listen"), "{refusal}");
        config.cluster_listen = Some("10.0.0.11:7879".into());
        assert_eq!(config.check(), Ok(()));
    }

    #[tokio::test]
    async fn a_cluster_address_must_reach_a_listener_at_start() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap().to_string();
        assert_eq!(reachable(&address).await, Ok(()));
        drop(listener);
        let refusal = reachable(&address).await.unwrap_err();
        assert!(refusal.contains("reaches nothing"), "{refusal}");
        let refusal = reachable("no-such-host.invalid:7878").await.unwrap_err();
        assert!(refusal.contains("does not resolve"), "{refusal}");
    }
}
