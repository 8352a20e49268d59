//! `kawu-cli loadtest`: many games at once against a running `kawu-server`, each played by two
//! protocol clients choosing random legal actions; reports throughput, the latency from sending
//! an action to hearing it played, and the server's memory.

use crate::Failure;
use futures_util::{SinkExt, StreamExt};
use kawu::protocol::{
    ClientMessage, ErrorCode, Frame, GameState, MoveClock, Played, RoomEvent, RoomSeat, RoomState,
    ServerMessage, junqi_start,
};
use kawu::rules::GameKind;
use kawu::rules::junqi::{ActionList, PublicGame};
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
    /// Games played at once (two connections each). The server must allow this many rooms
    /// and twice as many connections per address: `kawu-server --rooms-per-address N
    /// --connections-per-address 2N`.
    #[arg(long, default_value_t = 100)]
    games: u32,
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
}

/// What all clients count together.
#[derive(Default)]
struct Counters {
    actions: AtomicU64,
    games_finished: AtomicU64,
    errors: AtomicU64,
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Runs the load test and returns its report.
pub fn run(args: LoadtestArgs) -> Result<String, Failure> {
    if args.games == 0 || !(args.seconds > 0.0 && args.seconds.is_finite()) {
        return Err(Failure("--games and --seconds must be positive".into()));
    }
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(load(args))
}

async fn load(args: LoadtestArgs) -> Result<String, Failure> {
    let url = format!("ws://{}/ws", args.addr);
    let counters = Arc::new(Counters::default());
    let stop = Arc::new(AtomicBool::new(false));
    let think = Duration::from_millis(args.think_ms);
    let memory_before = server_memory_kib(&args).await;

    // Open every table first, then let all games play at once.
    let mut tables = Vec::with_capacity(args.games as usize);
    for index in 0..args.games {
        let table = open_table(&url).await.map_err(|message| {
            Failure(format!(
                "table {index}: {message} (is kawu-server running at {} with --rooms-per-address {} \
                 and --connections-per-address {} or more?)",
                args.addr,
                args.games,
                args.games * 2
            ))
        })?;
        tables.push(table);
    }
    let started = Instant::now();
    let cpu_before = args.server_pid.and_then(server_cpu_seconds);
    let mut players = Vec::new();
    for (first, second) in tables {
        for player in [first, second] {
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
        if let Some(kib) = server_memory_kib(&args).await {
            peak_kib = peak_kib.max(kib);
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
    let cpu_after = args.server_pid.and_then(server_cpu_seconds);
    let memory_kib = server_memory_kib(&args).await;
    let measures = Measures {
        elapsed,
        latencies,
        memory_kib,
        peak_kib: peak_kib.max(memory_kib.unwrap_or(0)),
        cpu_seconds: cpu_before
            .zip(cpu_after)
            .map(|(before, after)| after - before),
    };
    Ok(report(&args, &counters, measures))
}

/// What a run measured.
struct Measures {
    elapsed: f64,
    latencies: Vec<Duration>,
    /// The server's resident memory at the end, and the most seen during the run.
    memory_kib: Option<u64>,
    peak_kib: u64,
    /// The processor time the server used during the run.
    cpu_seconds: Option<f64>,
}

fn report(args: &LoadtestArgs, counters: &Counters, measures: Measures) -> String {
    let Measures {
        elapsed,
        mut latencies,
        memory_kib,
        peak_kib,
        cpu_seconds,
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
    let _ = writeln!(
        out,
        "games: {} at once ({} connections) for {elapsed:.1} s, think time {} ms on average",
        args.games,
        args.games * 2,
        args.think_ms
    );
    let _ = writeln!(
        out,
        "actions: {actions} ({:.0}/s); games finished: {}; errors: {}",
        actions as f64 / elapsed,
        counters.games_finished.load(Ordering::Relaxed),
        counters.errors.load(Ordering::Relaxed),
    );
    let _ = writeln!(
        out,
        "latency (action sent to action played): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(0.5),
        percentile(0.99),
        percentile(1.0)
    );
    if let Some(seconds) = cpu_seconds {
        let _ = writeln!(
            out,
            "server processor time: {seconds:.1} s ({:.0}% of one core), {:.0} µs per action",
            100.0 * seconds / elapsed,
            1e6 * seconds / actions.max(1) as f64
        );
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

/// The server's resident memory: from `/proc/PID/status` when given the pid, else `/health`.
async fn server_memory_kib(args: &LoadtestArgs) -> Option<u64> {
    if let Some(pid) = args.server_pid {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
        return line.split_whitespace().nth(1)?.parse().ok();
    }
    let mut stream = tokio::net::TcpStream::connect(&args.addr).await.ok()?;
    let request = format!(
        "GET /health HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        args.addr
    );
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await.ok()?;
    let body = response.split("\r\n\r\n").nth(1)?;
    let health: serde_json::Value = serde_json::from_str(body).ok()?;
    health["rss_kib"].as_u64()
}

/// One player's connection and what it knows of its game.
struct Player {
    socket: Socket,
    seat: RoomSeat,
    version: u64,
    game: PublicGame,
    first_seat: RoomSeat,
    over: bool,
}

/// The public Junqi game of a room's state.
fn junqi_game(room: &RoomState) -> Result<PublicGame, String> {
    match &room.game {
        GameState::Junqi(junqi) => junqi.public_game().map_err(|e| e.to_string()),
        other => Err(format!("a {:?} room, not Junqi", other.kind())),
    }
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

async fn connect(url: &str) -> Result<Socket, String> {
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0);
    let (socket, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
        .await
        .map_err(|e| format!("cannot connect to {url}: {e}"))?;
    Ok(socket)
}

/// Sends `message` (create or join) and reads until the room's state arrives.
async fn enter(mut socket: Socket, message: ClientMessage) -> Result<(Player, String), String> {
    send(&mut socket, message).await?;
    let mut seat = RoomSeat(0);
    loop {
        match receive(&mut socket).await? {
            ServerMessage::Seated { seat: taken, .. } => seat = taken,
            ServerMessage::Sync { room } => {
                let game = junqi_game(&room)?;
                let player = Player {
                    socket,
                    seat,
                    version: room.version,
                    game,
                    first_seat: room.first_seat,
                    over: room.end.is_some(),
                };
                return Ok((player, room.code));
            }
            ServerMessage::Error { code, message, .. } => {
                return Err(format!("{code:?}: {message}"));
            }
            _ => {}
        }
    }
}

/// Two players at a new table: one creates the room, the other joins it.
async fn open_table(url: &str) -> Result<(Player, Player), String> {
    let create = ClientMessage::Create {
        game: GameKind::Junqi,
        rules: None,
        clock: MoveClock::Off,
    };
    let (mut first, code) = enter(connect(url).await?, create).await?;
    let (second, _) = enter(connect(url).await?, ClientMessage::Join { code }).await?;
    // The creator hears of the second seat before the game starts.
    while first.version < second.version {
        let message = receive(&mut first.socket).await?;
        first.apply(&message);
    }
    Ok((first, second))
}

impl Player {
    fn to_move(&self) -> RoomSeat {
        if self.game.view().first_player_to_move() {
            self.first_seat
        } else {
            self.first_seat.other()
        }
    }

    /// Follows the room; returns the seat that played, for a `played` event.
    fn apply(&mut self, message: &ServerMessage) -> Option<RoomSeat> {
        match message {
            ServerMessage::Sync { room } => {
                if let Ok(game) = junqi_game(room) {
                    self.game = game;
                    self.version = room.version;
                    self.first_seat = room.first_seat;
                    self.over = room.end.is_some();
                }
                None
            }
            ServerMessage::Event { version, event } => {
                self.version = *version;
                match event {
                    RoomEvent::Played {
                        seat,
                        played: Played::Junqi(played),
                    } => {
                        let _ = self.game.play(*played);
                        return Some(*seat);
                    }
                    RoomEvent::GameEnded { .. } => self.over = true,
                    RoomEvent::NewGame { first_seat, .. } => {
                        self.game = PublicGame::new(junqi_start(*self.game.view().rules()));
                        self.first_seat = *first_seat;
                        self.over = false;
                    }
                    _ => {}
                }
                None
            }
            _ => None,
        }
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
        if pending.is_none() && !player.over && player.to_move() == player.seat {
            if !think.is_zero() {
                // Between half and one and a half times the think time, so that the games do
                // not act in lockstep.
                tokio::time::sleep(think.mul_f64(rng.random_range(0.5..1.5))).await;
            }
            let mut actions = ActionList::new();
            player.game.view().legal_actions(&mut actions);
            if actions.is_empty() {
                player.over = true;
                continue;
            }
            let action = actions[rng.random_range(0..actions.len())];
            let act = ClientMessage::Act {
                action: action.to_string(),
                version: player.version,
            };
            if send(&mut player.socket, act).await.is_err() {
                break;
            }
            pending = Some(Instant::now());
        }
        if player.over && !asked_rematch {
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
        let was_over = player.over;
        if player.apply(&message) == Some(player.seat)
            && let Some(sent) = pending.take()
        {
            latencies.push(sent.elapsed());
            counters.actions.fetch_add(1, Ordering::Relaxed);
        }
        if was_over && !player.over {
            asked_rematch = false;
        }
    }
    latencies
}
