//! A flood of picture requests while another room plays, against one server or through a
//! cluster's balancer: the drawing stays bounded on every node, the requests past the bound are
//! told to come back, the nodes stay healthy, and the room's moves do not wait.

use super::*;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// Pictures one node draws at once, as docs/operating.md says (`Bounded work`).
const DRAWING_AT_ONCE: i64 = 2;

/// The plies of the finished game the flood asks for: its GIF takes a few tenths of a second
/// to draw, so 300 of them are far more than two places a node can draw in the 2 s a request
/// waits.
const PLIES: usize = 100;

/// Concurrent picture requests, each from a client address of its own.
pub const FLOOD: usize = 300;

/// The letters of room codes, as the server draws them (`src/server/secret.rs`).
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// The address the health and the metrics are read from during a flood (its own, so that its
/// plain HTTP rate is its own).
const WATCHER: [u8; 4] = [127, 0, 6, 1];

/// `count` room codes for copies of one room: "GAMESXYZ" and two letters (31 × 31 codes).
pub fn copy_codes(count: usize) -> Vec<String> {
    let base = CODE_ALPHABET.len();
    assert!(count <= base * base);
    (0..count)
        .map(|index| {
            let letters = [CODE_ALPHABET[index / base], CODE_ALPHABET[index % base]];
            format!("GAMESXYZ{}", String::from_utf8_lossy(&letters))
        })
        .collect()
}

/// The whole response to a GET of `path` on a connection from `origin`.
pub async fn http_get_from(origin: &Origin, address: SocketAddr, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = origin.open(address).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    String::from_utf8_lossy(&response).into_owned()
}

/// The value of the metric `name` (a line `name value`) in `metrics`.
fn metric(metrics: &str, name: &str) -> i64 {
    metrics
        .lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("no {name} in the metrics"))
        .trim()
        .parse()
        .unwrap()
}

/// Plays a Xiangqi game of [`PLIES`] random plies on the server at `address` (fewer if it ends
/// before), then its mover resigns; the room's code.
pub async fn finished_game(address: SocketAddr) -> String {
    let (mut alice, mut bob) = table(address, GameKind::Xiangqi, MoveClock::Off).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(56);
    play(&mut alice, &mut bob, &mut [], &mut rng, PLIES).await;
    if alice.replica().end.is_none() {
        let [mover, waiter] = mover_and_waiter([&mut alice, &mut bob]);
        let version = mover.version();
        mover.send(ClientMessage::Resign {}).await;
        waiter.until_version(version + 1).await;
    }
    assert!(alice.replica().end.is_some(), "the game is over");
    alice.code()
}

/// A node's picture counters and its health, read from the watcher's address.
struct NodeLook {
    drawn: i64,
    refused: i64,
    drawing: i64,
}

async fn look(node: SocketAddr) -> NodeLook {
    let watcher = Origin::from(WATCHER.into());
    let health = http_get_from(&watcher, node, "/health").await;
    assert!(health.starts_with("HTTP/1.1 200"), "{node}: {health:.200}");
    let metrics = http_get_from(&watcher, node, "/metrics").await;
    assert!(
        metrics.starts_with("HTTP/1.1 200"),
        "{node}: {metrics:.200}"
    );
    NodeLook {
        drawn: metric(&metrics, "kawu_pictures_drawn_total"),
        refused: metric(&metrics, "kawu_pictures_refused_total"),
        drawing: metric(&metrics, "kawu_pictures_drawing"),
    }
}

/// Two players of a new Xiangqi room, its creator connected to `players[0]` and the other
/// player to `players[1]`.
async fn new_table(players: [SocketAddr; 2]) -> (Client, Client) {
    let mut alice = Client::create(players[0], GameKind::Xiangqi, MoveClock::Off).await;
    let bob = Client::join(players[1], &alice.code()).await;
    alice.until_version(2).await;
    (alice, bob)
}

/// A picture flood: where it goes, what it asks for, and the room that plays meanwhile.
pub struct Flood<'a> {
    /// Where the picture requests go: a node, or the balancer in front of the nodes.
    pub target: SocketAddr,
    /// Finished rooms: each one's first picture is asked once, all at the same time.
    pub codes: &'a [String],
    /// Where the playing room's two players connect.
    pub players: [SocketAddr; 2],
    /// The nodes that draw: their health and picture metrics are read during the flood.
    pub nodes: &'a [SocketAddr],
}

impl Flood<'_> {
    /// Sends the flood while the room plays, each move timed from its sending until both
    /// players have it, and asserts: every request drawn or refused with `Retry-After`, some
    /// refused, no node drawing more than its bound, the nodes' counters agreeing, the moves'
    /// 99th percentile under 250 ms, the nodes healthy throughout, and a refused picture drawn
    /// when asked again after the flood.
    pub async fn run(self) {
        let mut before = Vec::new();
        for node in self.nodes {
            before.push(look(*node).await);
        }
        let paths: Vec<String> = self
            .codes
            .iter()
            .map(|code| format!("/games/{code}/0.gif"))
            .collect();
        let (mut alice, mut bob) = new_table(self.players).await;
        let target = self.target;
        let flood: Vec<_> = paths
            .iter()
            .enumerate()
            .map(|(index, path)| {
                let origin =
                    Origin::from([127, 0, 7 + (index / 250) as u8, 1 + (index % 250) as u8].into());
                let path = path.clone();
                tokio::spawn(async move { http_get_from(&origin, target, &path).await })
            })
            .collect();

        let mut rng = Xoshiro256PlusPlus::seed_from_u64(53);
        let mut moves = Vec::new();
        let mut most_drawing = vec![0; self.nodes.len()];
        // Within the plain HTTP rate of the watcher's address (10 a second).
        let looks_apart = Duration::from_millis(200 * self.nodes.len() as u64);
        let mut next_look = std::time::Instant::now();
        while moves.len() < 40 || !flood.iter().all(|request| request.is_finished()) {
            let started = std::time::Instant::now();
            play_one([&mut alice, &mut bob], &mut [], &mut rng).await;
            moves.push(started.elapsed());
            if alice.replica().end.is_some() {
                (alice, bob) = new_table(self.players).await;
            }
            if std::time::Instant::now() >= next_look {
                next_look += looks_apart;
                for (node, most) in self.nodes.iter().zip(&mut most_drawing) {
                    *most = (*most).max(look(*node).await.drawing);
                }
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }

        let mut answers = Vec::new();
        for request in flood {
            answers.push(request.await.unwrap());
        }
        let drawn = answers
            .iter()
            .filter(|answer| answer.starts_with("HTTP/1.1 200"))
            .count();
        let refused: Vec<_> = answers
            .iter()
            .zip(&paths)
            .filter(|(answer, _)| answer.starts_with("HTTP/1.1 503"))
            .collect();
        let flood_size = paths.len();
        assert_eq!(drawn + refused.len(), flood_size, "each drawn or refused");
        // Two at a time on each node cannot draw them all within the 2 s a request waits:
        // some are told to come back, and no node ever drew more than two at once.
        assert!(
            !refused.is_empty(),
            "no request refused: all {flood_size} drawn"
        );
        for (answer, _) in &refused {
            assert!(
                answer.to_ascii_lowercase().contains("retry-after: 2"),
                "{answer:.300}"
            );
        }
        assert!(drawn >= 2, "only {drawn} drawn");
        for (node, most) in self.nodes.iter().zip(&most_drawing) {
            assert!(
                *most <= DRAWING_AT_ONCE,
                "{most} pictures drawn at once on {node}"
            );
        }
        assert!(
            most_drawing.iter().any(|most| *most >= 1),
            "no drawing seen: {most_drawing:?}"
        );
        let mut counted = (0, 0);
        for (node, before) in self.nodes.iter().zip(&before) {
            let after = look(*node).await;
            assert_eq!(after.drawing, 0, "{node} still draws");
            counted.0 += after.drawn - before.drawn;
            counted.1 += after.refused - before.refused;
        }
        assert_eq!(
            counted,
            (drawn as i64, refused.len() as i64),
            "drawn, refused"
        );

        // The moves did not wait for the pictures: their 99th percentile under 250 ms.
        moves.sort();
        let p99 = moves[(moves.len() * 99).div_ceil(100) - 1];
        eprintln!(
            "{drawn} pictures drawn, {} refused; {} moves, p99 {p99:?}, slowest {:?}",
            refused.len(),
            moves.len(),
            moves.last().unwrap()
        );
        assert!(p99 < Duration::from_millis(250), "moves' p99 {p99:?}");

        // A refused picture asked again once the flood is over is drawn.
        let (_, path) = refused[0];
        let again = http_get(self.target, path, "").await;
        assert!(again.starts_with("HTTP/1.1 200"), "{again:.300}");
        for node in self.nodes {
            look(*node).await;
        }
    }
}
