//! A flood of picture requests against one server while a game plays on it: the drawing stays
//! bounded, the requests past the bound are told to come back, and the game's moves do not wait.

use super::*;

/// Pictures drawn at once, as docs/operating.md says (`Bounded work`).
const DRAWING_AT_ONCE: i64 = 2;

/// The plies of the finished game the flood asks for: its GIF takes a few tenths of a second
/// to draw, so 300 of them are far more than two places can draw in the 2 s a request waits.
const PLIES: usize = 100;

/// Concurrent picture requests, each from a client address of its own.
const FLOOD: usize = 300;

/// The letters of room codes, as the server draws them (`src/server/secret.rs`).
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// The whole response to a GET of `path` on a connection from `origin`.
async fn http_get_from(origin: &Origin, address: SocketAddr, path: &str) -> String {
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

/// Plays a Xiangqi game of [`PLIES`] random plies (fewer if it ends before), then its mover
/// resigns; the room's code.
async fn finished_game(address: SocketAddr) -> String {
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

/// Copies of room `code` stored under `count` new codes in the server's SQLite database in
/// `data`: as many finished games to draw, without playing each.
fn copies(data: &std::path::Path, code: &str, count: usize) -> Vec<String> {
    let mut database = rusqlite::Connection::open(data.join("kawu.sqlite3")).unwrap();
    database.busy_timeout(Duration::from_secs(5)).unwrap();
    let transaction = database.transaction().unwrap();
    // "GAMESXYZ" and two letters: 31 × 31 codes.
    let base = CODE_ALPHABET.len();
    assert!(count <= base * base);
    let codes: Vec<String> = (0..count)
        .map(|index| {
            let letters = [CODE_ALPHABET[index / base], CODE_ALPHABET[index % base]];
            format!("GAMESXYZ{}", String::from_utf8_lossy(&letters))
        })
        .collect();
    for copy in &codes {
        for statement in [
            "INSERT INTO rooms SELECT ?1, game, rules, clock, creator FROM rooms WHERE code = ?2",
            "INSERT INTO seats SELECT ?1, seat, token_hash FROM seats WHERE code = ?2",
            "INSERT INTO events SELECT ?1, version, event FROM events WHERE code = ?2
             ORDER BY version",
        ] {
            transaction.execute(statement, [copy, code]).unwrap();
        }
    }
    transaction.commit().unwrap();
    codes
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_pictures_is_bounded_and_the_moves_of_another_room_do_not_wait() {
    let config = config("picture-flood");
    let data = config.data.clone();
    let address = start(config).await;
    let code = finished_game(address).await;
    let mut codes = copies(&data, &code, FLOOD - 1);
    codes.push(code);
    let paths: Vec<String> = codes
        .iter()
        .map(|code| format!("/games/{code}/0.gif"))
        .collect();

    let (mut alice, mut bob) = table(address, GameKind::Xiangqi, MoveClock::Off).await;
    let flood: Vec<_> = paths
        .iter()
        .enumerate()
        .map(|(index, path)| {
            let origin =
                Origin::from([127, 0, 7 + (index / 250) as u8, 1 + (index % 250) as u8].into());
            let path = path.clone();
            tokio::spawn(async move { http_get_from(&origin, address, &path).await })
        })
        .collect();

    // Meanwhile the other room plays, each move timed from its sending until both players
    // have it; the node's health and its drawing gauge are read between moves.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(53);
    let mut moves = Vec::new();
    let mut most_drawing = 0;
    // Within the plain HTTP rate of one address (10 a second).
    let mut next_look = std::time::Instant::now();
    while moves.len() < 40 || !flood.iter().all(|request| request.is_finished()) {
        let started = std::time::Instant::now();
        play_one([&mut alice, &mut bob], &mut [], &mut rng).await;
        moves.push(started.elapsed());
        if alice.replica().end.is_some() {
            (alice, bob) = table(address, GameKind::Xiangqi, MoveClock::Off).await;
        }
        if std::time::Instant::now() >= next_look {
            next_look += Duration::from_millis(300);
            let health = http_get(address, "/health", "").await;
            assert!(health.starts_with("HTTP/1.1 200"), "{health:.200}");
            let metrics = http_get(address, "/metrics", "").await;
            assert!(metrics.starts_with("HTTP/1.1 200"), "{metrics:.200}");
            most_drawing = most_drawing.max(metric(&metrics, "kawu_pictures_drawing"));
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
    assert_eq!(drawn + refused.len(), FLOOD, "each drawn or refused");
    // Two at a time cannot draw 300 pictures within the 2 s a request waits: some are told
    // to come back, and never more than two were drawn at once.
    assert!(!refused.is_empty(), "no request refused: all {FLOOD} drawn");
    for (answer, _) in &refused {
        assert!(
            answer.to_ascii_lowercase().contains("retry-after: 2"),
            "{answer:.300}"
        );
    }
    assert!(drawn >= 2, "only {drawn} drawn");
    assert!(
        (1..=DRAWING_AT_ONCE).contains(&most_drawing),
        "{most_drawing} pictures drawn at once"
    );
    let metrics = http_get(address, "/metrics", "").await;
    assert_eq!(metric(&metrics, "kawu_pictures_drawn_total"), drawn as i64);
    assert_eq!(
        metric(&metrics, "kawu_pictures_refused_total"),
        refused.len() as i64
    );
    assert_eq!(metric(&metrics, "kawu_pictures_drawing"), 0);

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
    let again = http_get(address, path, "").await;
    assert!(again.starts_with("HTTP/1.1 200"), "{again:.300}");
    let health = http_get(address, "/health", "").await;
    assert!(health.starts_with("HTTP/1.1 200"), "{health:.200}");
}
