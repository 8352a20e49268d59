//! `kawu-cli loadtest`: many games at once against a running `kawu-server` (or several, one
//! after the other: a SQLite node and a cluster behind HAProxy, say), each played by protocol
//! clients choosing random legal actions — two at a Junqi table, or at a Qiguo table of N seats
//! the people among them, the server's computers playing the others; reports throughput, the latency from sending an action
//! to hearing it played, and the memory and processor time of the processes named. Through a
//! balancer in front of several nodes, the two players of each game are placed on different
//! nodes (each node names itself in `hello`).

use crate::Failure;
use futures_util::{SinkExt, StreamExt};
use kawu::protocol::{
    ClientMessage, ComputerLevel, ErrorCode, Frame, MoveClock, QiguoSetup, RoomEvent, RoomSeat,
    RoomView, SeatPlan, ServerMessage, ViewError,
};
use kawu::rules::GameKind;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// `kawu-cli loadtest` flags.
#[derive(clap::Args)]
pub struct LoadtestArgs {
    /// The server's address.
    #[arg(long, default_value = "127.0.0.1:7878")]
    addr: String,
    /// Games played at once (a connection for each person at the table). From one address,
    /// the server must allow this many rooms and as many connections per address as there are
    /// people (`kawu-server --rooms-per-address N --connections-per-address 2N` for Junqi);
    /// or see --loopback-sources.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Connect each table from an address of its own, 127.1.x.y (a loopback target only), so
    /// that a server's per-address limits stay as they are.
    #[arg(long)]
    loopback_sources: bool,
    /// The game: junqi, or qiguo (tables of --seats, --computers of them the server's).
    #[arg(long, default_value = "junqi", value_parser = game_kind)]
    game: GameKind,
    /// Qiguo: seats at each table, 3-7.
    #[arg(long, default_value_t = 4)]
    seats: usize,
    /// Qiguo: seats of each table the server's computer plays (the host's seat is a person's).
    #[arg(long, default_value_t = 2)]
    computers: usize,
    /// Qiguo: the computers' level, easy, medium or hard.
    #[arg(long, default_value = "medium", value_parser = computer_level)]
    level: ComputerLevel,
    /// How long to play, in seconds.
    #[arg(long, default_value_t = 30.0)]
    seconds: f64,
    /// Milliseconds a client thinks before each of its actions, on average (0: as fast as the
    /// server allows).
    #[arg(long, default_value_t = 0)]
    think_ms: u64,
    /// The server's process id, to read its memory from /proc when `/health` cannot tell it.
    #[arg(long)]
    server_pid: Option<u32>,
    /// A server to test, `NAME=HOST:PORT`; several are tested one after the other, with the same
    /// flags (none: `--addr`).
    #[arg(long = "target", value_name = "NAME=HOST:PORT")]
    targets: Vec<String>,
    /// A process whose memory and processor time are reported with target NAME,
    /// `NAME/LABEL=PID` (a process with children, such as PostgreSQL's postmaster, counts with
    /// them).
    #[arg(long = "process", value_name = "NAME/LABEL=PID")]
    processes: Vec<String>,
}

/// A `--game` value.
fn game_kind(text: &str) -> Result<GameKind, String> {
    match text {
        "junqi" => Ok(GameKind::Junqi),
        "qiguo" => Ok(GameKind::Qiguo),
        _ => Err(format!("'{text}': junqi or qiguo")),
    }
}

/// A `--level` value.
fn computer_level(text: &str) -> Result<ComputerLevel, String> {
    serde_json::from_value(serde_json::Value::String(text.to_string()))
        .map_err(|_| format!("'{text}': easy, medium or hard"))
}

impl LoadtestArgs {
    /// People at each table.
    fn people(&self) -> u32 {
        match self.game {
            GameKind::Qiguo => (self.seats - self.computers) as u32,
            GameKind::Junqi | GameKind::Xiangqi | GameKind::JunqiClassic => 2,
        }
    }

    /// The `create` of each table.
    fn create(&self) -> ClientMessage {
        let qiguo = (self.game == GameKind::Qiguo).then(|| {
            let mut seats = vec![SeatPlan::Friend; self.seats - self.computers];
            seats.extend(std::iter::repeat_n(
                SeatPlan::Computer(self.level),
                self.computers,
            ));
            QiguoSetup {
                seats,
                on_leave: Default::default(),
            }
        });
        ClientMessage::Create {
            game: self.game,
            rules: None,
            clock: MoveClock::Off,
            qiguo,
        }
    }
}

/// One server (or balancer) under test, and the processes that serve it.
struct Target {
    name: String,
    addr: String,
    processes: Vec<(String, u32)>,
}

/// The targets the flags name.
fn targets(args: &LoadtestArgs) -> Result<Vec<Target>, Failure> {
    let mut targets = Vec::new();
    for spec in &args.targets {
        let (name, addr) = spec
            .split_once('=')
            .ok_or_else(|| Failure(format!("--target {spec}: NAME=HOST:PORT")))?;
        targets.push(Target {
            name: name.to_string(),
            addr: addr.to_string(),
            processes: Vec::new(),
        });
    }
    if targets.is_empty() {
        targets.push(Target {
            name: "server".into(),
            addr: args.addr.clone(),
            processes: args
                .server_pid
                .map(|pid| ("kawu-server".to_string(), pid))
                .into_iter()
                .collect(),
        });
    }
    for spec in &args.processes {
        let parsed = spec.split_once('/').and_then(|(name, rest)| {
            let (label, pid) = rest.split_once('=')?;
            Some((name, label, pid.parse::<u32>().ok()?))
        });
        let (name, label, pid) =
            parsed.ok_or_else(|| Failure(format!("--process {spec}: NAME/LABEL=PID")))?;
        let target = targets
            .iter_mut()
            .find(|target| target.name == name)
            .ok_or_else(|| Failure(format!("--process {spec}: no target is named {name}")))?;
        target.processes.push((label.to_string(), pid));
    }
    Ok(targets)
}

/// What all clients count together.
#[derive(Default)]
struct Counters {
    actions: AtomicU64,
    /// Moves of the server's computers (Qiguo).
    computer_moves: AtomicU64,
    games_finished: AtomicU64,
    errors: AtomicU64,
    /// Games whose players are on two different nodes (as their `hello`s name them).
    spread: AtomicU64,
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Runs the load test and returns its report.
pub fn run(args: LoadtestArgs) -> Result<String, Failure> {
    if args.games == 0 || !(args.seconds > 0.0 && args.seconds.is_finite()) {
        return Err(Failure("--games and --seconds must be positive".into()));
    }
    if args.game == GameKind::Qiguo
        && !((3..=7).contains(&args.seats) && args.computers < args.seats)
    {
        return Err(Failure(
            "--seats is 3-7, and --computers leaves the host's seat a person's".into(),
        ));
    }
    let targets = targets(&args)?;
    let runtime = tokio::runtime::Runtime::new()?;
    let mut out = String::new();
    for target in &targets {
        let report = runtime.block_on(load(&args, target))?;
        if targets.len() > 1 {
            let _ = writeln!(out, "== {} ({})", target.name, target.addr);
        }
        out.push_str(&report);
    }
    Ok(out)
}

async fn load(args: &LoadtestArgs, target: &Target) -> Result<String, Failure> {
    let counters = Arc::new(Counters::default());
    let stop = Arc::new(AtomicBool::new(false));
    let think = Duration::from_millis(args.think_ms);
    let memory_before = server_memory_kib(target).await;

    // Open every table first, then let all games play at once.
    let mut tables = Vec::with_capacity(args.games as usize);
    for index in 0..args.games {
        let server = Server {
            addr: target.addr.clone(),
            source: args.loopback_sources.then(|| loopback_source(index)),
        };
        let table = open_table(&server, args, &counters).await.map_err(|message| {
            Failure(format!(
                "table {index}: {message} (is kawu-server running at {} with --rooms-per-address {} \
                 and --connections-per-address {} or more?)",
                target.addr,
                args.games,
                args.games * args.people()
            ))
        })?;
        tables.push(table);
    }
    let started = Instant::now();
    let cpu_before: Vec<Option<f64>> = target
        .processes
        .iter()
        .map(|(_, pid)| process_tree(*pid).map(|tree| tree.cpu_seconds))
        .collect();
    let mut peaks = vec![0u64; target.processes.len()];
    let mut players = Vec::new();
    for table in tables {
        for player in table {
            players.push(tokio::spawn(play(
                player,
                think,
                counters.clone(),
                stop.clone(),
            )));
        }
    }
    let mut peak_kib = memory_before.unwrap_or(0);
    let deadline = started + Duration::from_secs_f64(args.seconds);
    while Instant::now() < deadline {
        tokio::time::sleep(Duration::from_secs(1).min(deadline - Instant::now())).await;
        if let Some(kib) = server_memory_kib(target).await {
            peak_kib = peak_kib.max(kib);
        }
        for ((_, pid), peak) in target.processes.iter().zip(&mut peaks) {
            if let Some(tree) = process_tree(*pid) {
                *peak = (*peak).max(tree.rss_kib);
            }
        }
    }
    stop.store(true, Ordering::Relaxed);
    let mut latencies = Vec::new();
    for player in players {
        if let Ok(samples) = player.await {
            latencies.extend(samples);
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let processes = target
        .processes
        .iter()
        .zip(cpu_before)
        .zip(peaks)
        .map(|(((label, pid), cpu_before), peak_kib)| {
            let tree = process_tree(*pid);
            ProcessMeasure {
                label: label.clone(),
                pid: *pid,
                peak_kib: peak_kib.max(tree.as_ref().map_or(0, |tree| tree.rss_kib)),
                cpu_seconds: cpu_before
                    .zip(tree.as_ref().map(|tree| tree.cpu_seconds))
                    .map(|(before, after)| after - before),
                end: tree,
            }
        })
        .collect();
    let memory_kib = server_memory_kib(target).await;
    let measures = Measures {
        elapsed,
        latencies,
        memory_kib,
        peak_kib: peak_kib.max(memory_kib.unwrap_or(0)),
        processes,
    };
    Ok(report(args, &counters, measures))
}

/// A process (with its children) at one moment.
struct ProcessTree {
    /// How many processes: the one named and its children.
    count: usize,
    rss_kib: u64,
    /// The proportional set size: shared pages divided among the processes sharing them, so
    /// that the sum over a process and its children counts each page once.
    pss_kib: Option<u64>,
    cpu_seconds: f64,
}

/// What one process named with `--process` used during the run.
struct ProcessMeasure {
    label: String,
    pid: u32,
    end: Option<ProcessTree>,
    peak_kib: u64,
    cpu_seconds: Option<f64>,
}

/// Process `pid` and its children, from `/proc`; `None` when it is gone.
fn process_tree(pid: u32) -> Option<ProcessTree> {
    let mut pids = vec![pid];
    if let Ok(entries) = std::fs::read_dir("/proc") {
        for entry in entries.flatten() {
            let Some(child) = entry
                .file_name()
                .to_str()
                .and_then(|n| n.parse::<u32>().ok())
            else {
                continue;
            };
            if child != pid && parent_pid(child) == Some(pid) {
                pids.push(child);
            }
        }
    }
    let mut tree = ProcessTree {
        count: 0,
        rss_kib: 0,
        pss_kib: Some(0),
        cpu_seconds: 0.0,
    };
    for (index, pid) in pids.into_iter().enumerate() {
        let Some(cpu) = server_cpu_seconds(pid) else {
            if index == 0 {
                return None;
            }
            continue;
        };
        tree.count += 1;
        tree.cpu_seconds += cpu;
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        tree.rss_kib += kib_field(&status, "VmRSS:").unwrap_or(0);
        let rollup =
            std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).unwrap_or_default();
        tree.pss_kib = tree
            .pss_kib
            .zip(kib_field(&rollup, "Pss:"))
            .map(|(sum, pss)| sum + pss);
    }
    Some(tree)
}

/// The parent of process `pid`.
fn parent_pid(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command name, which ends at the last ')': the state, then the parent.
    stat.rsplit_once(')')?
        .1
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// The number of KiB on the line starting with `name` of a `/proc` file.
fn kib_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(name))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// What a run measured.
struct Measures {
    elapsed: f64,
    latencies: Vec<Duration>,
    /// The server's resident memory at the end, and the most seen during the run.
    memory_kib: Option<u64>,
    peak_kib: u64,
    /// The processes named with `--process`.
    processes: Vec<ProcessMeasure>,
}

fn report(args: &LoadtestArgs, counters: &Counters, measures: Measures) -> String {
    let Measures {
        elapsed,
        mut latencies,
        memory_kib,
        peak_kib,
        processes,
    } = measures;
    latencies.sort_unstable();
    let percentile = |fraction: f64| -> f64 {
        if latencies.is_empty() {
            return 0.0;
        }
        let index = ((latencies.len() as f64 - 1.0) * fraction).round() as usize;
        latencies[index].as_secs_f64() * 1000.0
    };
    let actions = counters.actions.load(Ordering::Relaxed);
    let mut out = String::new();
    let computer_moves = counters.computer_moves.load(Ordering::Relaxed);
    let table = match args.game {
        GameKind::Qiguo => format!(
            "Qiguo tables of {} seats, {} of them {:?} computers",
            args.seats, args.computers, args.level
        ),
        GameKind::Junqi | GameKind::Xiangqi | GameKind::JunqiClassic => "Junqi tables".to_string(),
    };
    let _ = writeln!(
        out,
        "games: {} at once ({table}; {} connections) for {elapsed:.1} s, think time {} ms on \
         average",
        args.games,
        args.games * args.people(),
        args.think_ms
    );
    let _ = writeln!(
        out,
        "actions: {actions} ({:.0}/s); games finished: {}; errors: {}",
        actions as f64 / elapsed,
        counters.games_finished.load(Ordering::Relaxed),
        counters.errors.load(Ordering::Relaxed),
    );
    if args.game == GameKind::Qiguo {
        let _ = writeln!(
            out,
            "moves of the server's computers: {computer_moves} ({:.0}/s)",
            computer_moves as f64 / elapsed
        );
    }
    let spread = counters.spread.load(Ordering::Relaxed);
    if spread > 0 {
        let _ = writeln!(
            out,
            "games whose two players are on different nodes: {spread} of {}",
            args.games
        );
    }
    let _ = writeln!(
        out,
        "latency (action sent to action played): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(0.5),
        percentile(0.99),
        percentile(1.0)
    );
    for process in &processes {
        let mib = |kib: u64| kib as f64 / 1024.0;
        let Some(end) = &process.end else {
            let _ = writeln!(out, "{} (pid {}): gone", process.label, process.pid);
            continue;
        };
        let children = match end.count {
            1 => String::new(),
            count => format!(", {count} processes with its children"),
        };
        let pss = end
            .pss_kib
            .map(|kib| format!(", PSS {:.1} MiB", mib(kib)))
            .unwrap_or_default();
        let cpu = process
            .cpu_seconds
            .map(|seconds| {
                let per_computer_move = if computer_moves > 0 {
                    format!(
                        ", {:.1} ms per computer move if they took it all",
                        1e3 * seconds / computer_moves as f64
                    )
                } else {
                    String::new()
                };
                format!(
                    "; processor {seconds:.1} s ({:.0}% of one core, {:.0} µs per action{per_computer_move})",
                    100.0 * seconds / elapsed,
                    1e6 * seconds / actions.max(1) as f64
                )
            })
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "{} (pid {}{children}): RSS {:.1} MiB (peak seen {:.1} MiB){pss}{cpu}",
            process.label,
            process.pid,
            mib(end.rss_kib),
            mib(process.peak_kib),
        );
    }
    if !processes.is_empty() {
        return out;
    }
    match memory_kib {
        Some(kib) => {
            let _ = writeln!(
                out,
                "server memory: {:.1} MiB resident (peak seen {:.1} MiB)",
                kib as f64 / 1024.0,
                peak_kib as f64 / 1024.0
            );
        }
        None => {
            let _ = writeln!(
                out,
                "server memory: unknown (its /health gives none; pass --server-pid)"
            );
        }
    }
    out
}

/// The processor time (user and system) process `pid` has used, from `/proc/PID/stat` (in
/// Linux's clock ticks of 1/100 s).
fn server_cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name, which ends at the last ')': state is the first, user
    // and system time the 12th and 13th.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// The server's resident memory: from `/proc` for the first process named, else `/health`.
async fn server_memory_kib(target: &Target) -> Option<u64> {
    if let Some((_, pid)) = target.processes.first() {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        return kib_field(&status, "VmRSS:");
    }
    let mut stream = tokio::net::TcpStream::connect(&target.addr).await.ok()?;
    let request = format!(
        "GET /health HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        target.addr
    );
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await.ok()?;
    let body = response.split("\r\n\r\n").nth(1)?;
    let health: serde_json::Value = serde_json::from_str(body).ok()?;
    health["rss_kib"].as_u64()
}

/// One player's connection and its copy of the room.
struct Player {
    socket: Socket,
    seat: RoomSeat,
    room: RoomView,
}

async fn send(socket: &mut Socket, message: ClientMessage) -> Result<(), String> {
    let text = serde_json::to_string(&Frame::new(message)).map_err(|e| e.to_string())?;
    socket
        .send(Message::Text(text.into()))
        .await
        .map_err(|e| e.to_string())
}

async fn receive(socket: &mut Socket) -> Result<ServerMessage, String> {
    loop {
        let frame = socket
            .next()
            .await
            .ok_or("the server closed the connection")?
            .map_err(|e| e.to_string())?;
        if let Message::Text(text) = frame {
            let frame: Frame<ServerMessage> =
                serde_json::from_str(&text).map_err(|e| format!("{e}: {text}"))?;
            return Ok(frame.msg);
        }
    }
}

/// Where a table's players connect, and from which address.
struct Server {
    addr: String,
    /// The local address to connect from; none: the system's pick.
    source: Option<std::net::IpAddr>,
}

/// Table `index`'s own loopback address, 127.1.x.y (62,500 of them, then round again).
fn loopback_source(index: u32) -> std::net::IpAddr {
    let n = index % 62_500;
    std::net::Ipv4Addr::new(127, 1, (n / 250) as u8, (n % 250 + 1) as u8).into()
}

async fn connect(server: &Server) -> Result<Socket, String> {
    let url = format!("ws://{}/ws", server.addr);
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0);
    let cannot = |e: &dyn std::fmt::Display| format!("cannot connect to {url}: {e}");
    let Some(source) = server.source else {
        let (socket, _) = tokio_tungstenite::connect_async_with_config(&url, Some(config), true)
            .await
            .map_err(|e| cannot(&e))?;
        return Ok(socket);
    };
    let target = tokio::net::lookup_host(&server.addr)
        .await
        .map_err(|e| cannot(&e))?
        .find(|address| address.is_ipv4())
        .ok_or_else(|| cannot(&"no IPv4 address"))?;
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| cannot(&e))?;
    socket
        .bind(std::net::SocketAddr::new(source, 0))
        .map_err(|e| cannot(&e))?;
    let stream = socket.connect(target).await.map_err(|e| cannot(&e))?;
    let _ = stream.set_nodelay(true);
    let stream = tokio_tungstenite::MaybeTlsStream::Plain(stream);
    let (socket, _) = tokio_tungstenite::client_async_with_config(&url, stream, Some(config))
        .await
        .map_err(|e| cannot(&e))?;
    Ok(socket)
}

/// The node a connection's `hello` names (`kawu-server 0.1.0 (node a)`), if any.
async fn hello_node(socket: &mut Socket) -> Result<Option<String>, String> {
    match receive(socket).await? {
        ServerMessage::Hello { server } => Ok(server
            .rsplit_once("(node ")
            .map(|(_, node)| node.trim_end_matches(')').to_string())),
        other => Err(format!("{other:?} before hello")),
    }
}

/// A connection on a node other than `node` (when the server names nodes): through a balancer
/// that hands connections round, one of a few tries lands there.
async fn connect_elsewhere(server: &Server, node: Option<&str>) -> Result<(Socket, bool), String> {
    for _ in 0..8 {
        let mut socket = connect(server).await?;
        let here = hello_node(&mut socket).await?;
        match (node, here.as_deref()) {
            (Some(node), Some(here)) if node == here => continue,
            (Some(_), Some(_)) => return Ok((socket, true)),
            _ => return Ok((socket, false)),
        }
    }
    let mut socket = connect(server).await?;
    hello_node(&mut socket).await?;
    Ok((socket, false))
}

/// Sends `message` (create or join) and reads until the room's state arrives.
async fn enter(mut socket: Socket, message: ClientMessage) -> Result<(Player, String), String> {
    send(&mut socket, message).await?;
    let mut seat = RoomSeat(0);
    loop {
        match receive(&mut socket).await? {
            ServerMessage::Seated { seat: taken, .. } => seat = taken,
            ServerMessage::Sync { room } => {
                let room = RoomView::from_state(&room).map_err(|e| e.to_string())?;
                let code = room.code.clone();
                return Ok((Player { socket, seat, room }, code));
            }
            ServerMessage::Error { code, message, .. } => {
                return Err(format!("{code:?}: {message}"));
            }
            _ => {}
        }
    }
}

/// The people at a new table: one creates the room, the others join it, on another node when
/// there are several.
async fn open_table(
    server: &Server,
    args: &LoadtestArgs,
    counters: &Counters,
) -> Result<Vec<Player>, String> {
    let mut socket = connect(server).await?;
    let node = hello_node(&mut socket).await?;
    let (first, code) = enter(socket, args.create()).await?;
    let mut players = vec![first];
    for _ in 1..args.people() {
        let (socket, spread) = connect_elsewhere(server, node.as_deref()).await?;
        if spread && players.len() == 1 {
            counters.spread.fetch_add(1, Ordering::Relaxed);
        }
        let join = ClientMessage::Join {
            code: code.clone(),
            seat: None,
        };
        players.push(enter(socket, join).await?.0);
    }
    // Everyone hears of the last seat before the game starts.
    let last = players.last().map_or(0, |player| player.room.version);
    for player in &mut players {
        while player.room.version < last {
            let message = receive(&mut player.socket).await?;
            player.follow(&message).map_err(|e| e.to_string())?;
        }
    }
    Ok(players)
}

impl Player {
    /// Whether the room's game has ended.
    fn over(&self) -> bool {
        self.room.end.is_some()
    }

    /// Whether the server's computer plays `seat`.
    fn computer_plays(&self, seat: RoomSeat) -> bool {
        self.room
            .seats
            .get(seat.index())
            .is_some_and(|seat| seat.computer.is_some())
    }

    /// Follows the room with its view; returns the seat that played, for a `played` event. An
    /// error: the view no longer fits the room, whose state should be asked for again.
    fn follow(&mut self, message: &ServerMessage) -> Result<Option<RoomSeat>, ViewError> {
        match message {
            ServerMessage::Sync { room } => self.room = RoomView::from_state(room)?,
            ServerMessage::Event { version, event } => {
                self.room.apply(*version, event)?;
                if let RoomEvent::Played { seat, .. } = event {
                    return Ok(Some(*seat));
                }
            }
            ServerMessage::Presence {
                connected,
                spectators,
            } => self.room.presence(connected, *spectators),
            _ => {}
        }
        Ok(None)
    }
}

/// Plays until `stop`: acts whenever it is this player's turn, asks for a rematch when a game
/// ends; returns the latency of each of its actions.
async fn play(
    mut player: Player,
    think: Duration,
    counters: Arc<Counters>,
    stop: Arc<AtomicBool>,
) -> Vec<Duration> {
    let mut latencies = Vec::new();
    let mut pending: Option<Instant> = None;
    let mut asked_rematch = false;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(rand::random());
    while !stop.load(Ordering::Relaxed) {
        if pending.is_none() && player.room.to_move() == Some(player.seat) {
            if !think.is_zero() {
                // Between half and one and a half times the think time, so that the games do
                // not act in lockstep.
                tokio::time::sleep(think.mul_f64(rng.random_range(0.5..1.5))).await;
            }
            // (No action: the game's end is on its way.)
            let actions = player.room.table.legal_actions_now().unwrap_or_default();
            if !actions.is_empty() {
                let act = ClientMessage::Act {
                    action: actions[rng.random_range(0..actions.len())].clone(),
                    version: player.room.version,
                };
                if send(&mut player.socket, act).await.is_err() {
                    break;
                }
                pending = Some(Instant::now());
            }
        }
        if player.over() && !asked_rematch {
            asked_rematch = true;
            if player.seat == RoomSeat(0) {
                counters.games_finished.fetch_add(1, Ordering::Relaxed);
            }
            if send(&mut player.socket, ClientMessage::Rematch {})
                .await
                .is_err()
            {
                break;
            }
        }
        let message =
            match tokio::time::timeout(Duration::from_millis(200), receive(&mut player.socket))
                .await
            {
                Ok(Ok(message)) => message,
                Ok(Err(_)) => break,
                Err(_) => continue,
            };
        if let ServerMessage::Error { code, .. } = message {
            counters.errors.fetch_add(1, Ordering::Relaxed);
            // Lost track, or too fast: catch up and try again.
            pending = None;
            if code != ErrorCode::RateLimited {
                let _ = send(&mut player.socket, ClientMessage::Sync {}).await;
            } else {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            continue;
        }
        let was_over = player.over();
        let mover = match player.follow(&message) {
            Ok(mover) => mover,
            Err(_) => {
                // The view lost track: catch up.
                pending = None;
                let _ = send(&mut player.socket, ClientMessage::Sync {}).await;
                continue;
            }
        };
        if mover == Some(player.seat)
            && let Some(sent) = pending.take()
        {
            latencies.push(sent.elapsed());
            counters.actions.fetch_add(1, Ordering::Relaxed);
        }
        // The host counts the computers' moves.
        if player.seat == RoomSeat(0) && mover.is_some_and(|seat| player.computer_plays(seat)) {
            counters.computer_moves.fetch_add(1, Ordering::Relaxed);
        }
        if was_over && !player.over() {
            asked_rematch = false;
        }
    }
    latencies
}
