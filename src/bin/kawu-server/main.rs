//! `kawu-server`: the online game (Junqi flip, Xiangqi and Qiguo rooms) — the WebSocket at `/ws`,
//! `/health`, the web build's folder — on an embedded SQLite database, or as one node of
//! several on a shared PostgreSQL database (`--database postgres://…`).

use clap::Parser;
use kawu::server::{Config, Limits, Timing};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser)]
#[command(name = "kawu-server", version, about = "kawu's online game server")]
struct Cli {
    /// Where to listen (port 0 picks a free port; the address is printed).
    #[arg(long, env = "KAWU_ADDR", default_value = "127.0.0.1:7878")]
    addr: String,
    /// The database's folder [default: $XDG_DATA_HOME/kawu-server, else
    /// ~/.local/share/kawu-server].
    #[arg(long, env = "KAWU_DATA")]
    data: Option<PathBuf>,
    /// A PostgreSQL database shared by several nodes, `postgres://user@host:port/name`
    /// [default: SQLite in the data folder].
    #[arg(long, env = "KAWU_DATABASE")]
    database: Option<String>,
    /// This node's name, shown in `hello` and `/health`.
    #[arg(long, env = "KAWU_NODE")]
    node: Option<String>,
    /// In a cluster (needed with --database), where this node listens for the other nodes'
    /// links (`host:port`), apart from --addr: a private address, never behind the proxy.
    #[arg(long, env = "KAWU_CLUSTER_LISTEN")]
    cluster_listen: Option<String>,
    /// In a cluster, where the other nodes reach this one's --cluster-listen (`host:port`,
    /// checked at start: it must resolve and reach this node) [default: --cluster-listen,
    /// unless that is 0.0.0.0 or [::]].
    #[arg(long, env = "KAWU_CLUSTER_ADDRESS")]
    cluster_address: Option<String>,
    /// TLS on the links between nodes: this node's certificate chain (PEM), with
    /// --cluster-tls-key and --cluster-tls-ca (all three or none; every node alike).
    #[arg(long, env = "KAWU_CLUSTER_TLS_CERT", requires_all = ["cluster_tls_key", "cluster_tls_ca"])]
    cluster_tls_cert: Option<PathBuf>,
    /// This node's private key for the links' TLS (PEM).
    #[arg(long, env = "KAWU_CLUSTER_TLS_KEY", requires = "cluster_tls_cert")]
    cluster_tls_key: Option<PathBuf>,
    /// The authority (PEM) whose certificates this node trusts on the other nodes' links.
    #[arg(long, env = "KAWU_CLUSTER_TLS_CA", requires = "cluster_tls_cert")]
    cluster_tls_ca: Option<PathBuf>,
    /// The web build's folder (`target/kawu-web`), served at `/`.
    #[arg(long, env = "KAWU_WEB")]
    web: Option<PathBuf>,
    /// Proxies whose word on a client's address is believed, by address or network
    /// (`10.0.0.5`, `10.0.0.0/24`; several comma-separated or the flag again): their
    /// connections may start with a PROXY protocol header (version 2 or 1, HAProxy's
    /// `send-proxy-v2` or `send-proxy`) or name the client in `X-Forwarded-For` [default:
    /// none, every connection counts as its own address].
    #[arg(long, env = "KAWU_TRUSTED_PROXIES", value_delimiter = ',')]
    trusted_proxy: Vec<String>,
    /// The largest frame a client may send, in bytes (64 to 1048576).
    #[arg(long, env = "KAWU_MAX_FRAME_BYTES", default_value_t = Limits::default().max_frame_bytes)]
    max_frame_bytes: usize,
    /// Frames per second a connection may send on average (1 to 10000).
    #[arg(long, env = "KAWU_FRAMES_PER_SECOND", default_value_t = Limits::default().frames_per_second)]
    frames_per_second: u32,
    /// Frames a connection may send in a burst (1 to 10000).
    #[arg(long, env = "KAWU_FRAME_BURST", default_value_t = Limits::default().frame_burst)]
    frame_burst: u32,
    /// Rooms one address (an IPv6 address: its /64) may have open at once (1 to 1000000).
    #[arg(long, env = "KAWU_ROOMS_PER_ADDRESS", default_value_t = Limits::default().rooms_per_address)]
    rooms_per_address: usize,
    /// Rooms this node may hold at once; past it `create` is refused (1 to 1000000).
    #[arg(long, env = "KAWU_MAX_ROOMS", default_value_t = Limits::default().max_rooms)]
    max_rooms: usize,
    /// Spectators one room may have (0 to 10000).
    #[arg(long, env = "KAWU_SPECTATORS_PER_ROOM", default_value_t = Limits::default().spectators_per_room)]
    spectators_per_room: usize,
    /// WebSockets one address (an IPv6 address: its /64) may have open at once (1 to 1000000).
    #[arg(long, env = "KAWU_CONNECTIONS_PER_ADDRESS", default_value_t = Limits::default().connections_per_address)]
    connections_per_address: usize,
    /// WebSockets this node may have open at once; more get HTTP 503 (1 to 1000000).
    #[arg(long, env = "KAWU_MAX_CONNECTIONS", default_value_t = Limits::default().max_connections)]
    max_connections: usize,
    /// Plain HTTP requests (all but /ws) one address may make a second on average (1 to
    /// 10000); past the rate and its burst, HTTP 429.
    #[arg(long, env = "KAWU_REQUESTS_PER_SECOND", default_value_t = Limits::default().requests_per_second)]
    requests_per_second: u32,
    /// Plain HTTP requests one address may make in a burst (1 to 10000).
    #[arg(long, env = "KAWU_REQUEST_BURST", default_value_t = Limits::default().request_burst)]
    request_burst: u32,
    /// Qiguo computer seats that may search at once, each on a thread of its own (1 to 1024).
    #[arg(long, env = "KAWU_COMPUTER_THREADS", default_value_t = Limits::default().computer_threads)]
    computer_threads: usize,
    /// A cap on the nodes of every computer search, 1 to 10000000000 [default: each level's
    /// own] (for tests and small machines: fewer nodes, weaker and faster computers).
    #[arg(long, env = "KAWU_COMPUTER_NODES")]
    computer_nodes: Option<u64>,
    /// Seconds a disconnected player has to come back before losing (Qiguo: before the
    /// computer plays for them); more than 0, at most --idle-seconds.
    #[arg(long, env = "KAWU_GRACE_SECONDS", default_value_t = Timing::default().grace.as_secs_f64())]
    grace_seconds: f64,
    /// Seconds a takeback request waits to be granted or declined before it lapses (more
    /// than 0).
    #[arg(long, env = "KAWU_TAKEBACK_WAIT_SECONDS", default_value_t = Timing::default().takeback_wait.as_secs_f64())]
    takeback_wait_seconds: f64,
    /// Seconds a room with nobody connected lives (more than 0).
    #[arg(long, env = "KAWU_IDLE_SECONDS", default_value_t = Timing::default().idle.as_secs_f64())]
    idle_seconds: f64,
    /// Seconds a connection may stay without creating, joining or watching a room before it is
    /// closed (more than 0).
    #[arg(long, env = "KAWU_LOBBY_SECONDS", default_value_t = Timing::default().lobby.as_secs_f64())]
    lobby_seconds: f64,
    /// How long one second of the move clock lasts, in seconds, more than 0 (for tests: 0.01
    /// makes a 30 s clock last 0.3 s).
    #[arg(long, env = "KAWU_CLOCK_SECOND", default_value_t = 1.0)]
    clock_second: f64,
    /// On PostgreSQL, milliseconds a writer waits after a write for more to commit with it:
    /// fewer commits for the database, that much more latency (0 to 100).
    #[arg(long, env = "KAWU_COMMIT_DELAY_MS", default_value_t = 0.0)]
    commit_delay_ms: f64,
    /// How the log on standard error is written: lines for people, or one JSON object a line.
    #[arg(long, env = "KAWU_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    /// Which log lines are written: a level (error, warn, info, debug, trace), optionally per
    /// module, as in `info,kawu::server::cluster=debug`.
    #[arg(long, env = "KAWU_LOG", default_value = "info")]
    log: String,
}

/// The log's format.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum LogFormat {
    Text,
    Json,
}

/// Writes the server's `tracing` events to standard error, each with the spans it is in (its
/// room, its connection).
fn start_logging(cli: &Cli) -> Result<(), String> {
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let filter = log_filter(&cli.log)?;
    let subscriber = tracing_subscriber::registry().with(filter);
    let lines = tracing_subscriber::fmt::layer().with_writer(std::io::stderr);
    let started = match cli.log_format {
        LogFormat::Text => subscriber.with(lines.with_ansi(false)).try_init(),
        LogFormat::Json => subscriber
            .with(lines.json().with_current_span(true).with_span_list(true))
            .try_init(),
    };
    started.map_err(|error| format!("cannot start the log: {error}"))
}

/// The log filter `text` names: levels, or `target=level` pairs, separated by commas. Each
/// must name a level: a bare word that is not one would be read as a target and silence the
/// rest of the log.
fn log_filter(text: &str) -> Result<tracing_subscriber::filter::Targets, String> {
    for directive in text.split(',') {
        let level = directive
            .rsplit_once('=')
            .map_or(directive, |(_, level)| level)
            .trim();
        let known = ["off", "error", "warn", "info", "debug", "trace"];
        if !known.iter().any(|name| level.eq_ignore_ascii_case(name)) {
            return Err(format!(
                "--log: {directive:?} names no level (off, error, warn, info, debug or trace, \
                 alone or after target=)"
            ));
        }
    }
    text.parse()
        .map_err(|error| format!("--log: {text:?} is not a log filter: {error}"))
}

/// The data folder when none is given.
fn default_data_folder() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".local").join("share"))
        })
        .unwrap_or_else(|| PathBuf::from("."));
    base.join("kawu-server")
}

fn seconds(value: f64, flag: &str) -> Result<Duration, String> {
    Duration::try_from_secs_f64(value).map_err(|_| format!("--{flag}: {value} is not a duration"))
}

fn config(cli: &Cli) -> Result<Config, String> {
    if let Some(url) = &cli.database
        && !(url.starts_with("postgres://") || url.starts_with("postgresql://"))
    {
        return Err(format!(
            "--database takes a postgres:// URL, not {url:?} (SQLite is the default: --data)"
        ));
    }
    let config = Config {
        data: cli.data.clone().unwrap_or_else(default_data_folder),
        database: cli.database.clone(),
        node: cli.node.clone(),
        cluster_listen: cli.cluster_listen.clone(),
        cluster_address: cli.cluster_address.clone(),
        cluster_tls: match (
            &cli.cluster_tls_cert,
            &cli.cluster_tls_key,
            &cli.cluster_tls_ca,
        ) {
            (Some(certificate), Some(key), Some(authority)) => Some(kawu::server::LinkTlsFiles {
                certificate: certificate.clone(),
                key: key.clone(),
                authority: authority.clone(),
            }),
            _ => None,
        },
        web: cli.web.clone(),
        trusted_proxies: cli
            .trusted_proxy
            .iter()
            .map(|text| kawu::server::parse_network(text))
            .collect::<Result<_, _>>()?,
        limits: Limits {
            max_frame_bytes: cli.max_frame_bytes,
            frames_per_second: cli.frames_per_second,
            frame_burst: cli.frame_burst,
            rooms_per_address: cli.rooms_per_address,
            max_rooms: cli.max_rooms,
            spectators_per_room: cli.spectators_per_room,
            connections_per_address: cli.connections_per_address,
            max_connections: cli.max_connections,
            requests_per_second: cli.requests_per_second,
            request_burst: cli.request_burst,
            computer_threads: cli.computer_threads,
            computer_nodes: cli.computer_nodes,
        },
        timing: Timing {
            clock_second: seconds(cli.clock_second, "clock-second")?,
            grace: seconds(cli.grace_seconds, "grace-seconds")?,
            takeback_wait: seconds(cli.takeback_wait_seconds, "takeback-wait-seconds")?,
            idle: seconds(cli.idle_seconds, "idle-seconds")?,
            lobby: seconds(cli.lobby_seconds, "lobby-seconds")?,
            commit_delay: seconds(cli.commit_delay_ms / 1000.0, "commit-delay-ms")?,
        },
    };
    config.check()?;
    Ok(config)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let config = match config(&cli).and_then(|config| start_logging(&cli).map(|()| config)) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("kawu-server: {message}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("kawu-server: cannot start the runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&cli.addr)
            .await
            .map_err(|error| format!("cannot listen on {}: {error}", cli.addr))?;
        let address = listener.local_addr().map_err(|error| error.to_string())?;
        let data = match &config.database {
            // The URL may hold a password: only where it points is printed.
            Some(url) => format!("PostgreSQL at {}", url.rsplit('@').next().unwrap_or(url)),
            None => config.data.display().to_string(),
        };
        let server = kawu::server::Server::open(config)
            .await
            .map_err(|error| error.to_string())?;
        // Printed once every stored room is back; the tests read this line to learn the port.
        println!("kawu-server listening on http://{address} (data in {data})");
        server
            .serve(listener)
            .await
            .map_err(|error| error.to_string())
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("kawu-server: {message}");
            ExitCode::FAILURE
        }
    }
}
