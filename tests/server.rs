//! `kawu-server` on loopback: protocol clients play whole games through a real server, every
//! frame is checked for hidden identities, the server is killed and restarted mid-game, hostile
//! input is refused, and clocks, grace periods and idle rooms run out.

use futures_util::{SinkExt, StreamExt};
use kawu::protocol::{
    ClientMessage, EndReason, ErrorCode, Frame, GameEnd, GameKind, MoveClock, RoomEvent, RoomState,
    Seat, ServerMessage, junqi_start,
};
use kawu::rules::junqi::{Action, ActionList, Cell, PublicGame, Ruleset};
use kawu::server::{Config, Limits, Timing};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::io::BufRead;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A fresh, empty data folder for one test.
fn data_folder(name: &str) -> PathBuf {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "server-{name}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&folder);
    folder
}

/// A configuration for one test: the default limits, but robot players may play faster than
/// people and open more connections (the tests of those limits set them back).
fn config(name: &str) -> Config {
    Config {
        data: data_folder(name),
        web: None,
        limits: Limits {
            frames_per_second: 10_000,
            frame_burst: 10_000,
            connections_per_address: 10_000,
            ..Limits::default()
        },
        timing: Timing::default(),
    }
}

/// A server in this process on a free loopback port.
async fn start(config: Config) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        if let Err(error) = kawu::server::serve(config, listener).await {
            panic!("server stopped: {error}");
        }
    });
    address
}

/// What a client knows of its room: the public game rebuilt from the state and events.
#[derive(Clone, Debug)]
struct Replica {
    version: u64,
    game: PublicGame,
    first_seat: Seat,
    end: Option<GameEnd>,
    taken: [bool; 2],
}

impl Replica {
    fn from_state(room: &RoomState) -> Replica {
        let game = room.public_game().expect("a state's actions replay");
        assert_eq!(game.view().to_jfen(), room.position, "position of {room:?}");
        Replica {
            version: room.version,
            game,
            first_seat: room.first_seat,
            end: room.end,
            taken: room.seats.map(|seat| seat.taken),
        }
    }

    fn apply(&mut self, version: u64, event: &RoomEvent) {
        assert_eq!(version, self.version + 1, "events arrive in order");
        self.version = version;
        match event {
            RoomEvent::SeatTaken { seat } => self.taken[seat.index()] = true,
            RoomEvent::Played { seat, played } => {
                assert_eq!(Some(*seat), self.to_move());
                self.game.play(*played).expect("a played action replays");
            }
            RoomEvent::GameEnded { end } => self.end = Some(*end),
            RoomEvent::NewGame { first_seat, .. } => {
                self.game = PublicGame::new(junqi_start(*self.game.view().rules()));
                self.first_seat = *first_seat;
                self.end = None;
            }
            RoomEvent::DrawOffered { .. }
            | RoomEvent::DrawDeclined { .. }
            | RoomEvent::RematchRequested { .. } => {}
        }
    }

    fn to_move(&self) -> Option<Seat> {
        if self.end.is_some() || !self.taken.iter().all(|&taken| taken) {
            return None;
        }
        Some(if self.game.view().first_player_to_move() {
            self.first_seat
        } else {
            self.first_seat.other()
        })
    }
}

/// A protocol client: sends typed messages, records every frame it receives, and keeps a
/// replica of its room.
struct Client {
    socket: Socket,
    frames: Vec<String>,
    replica: Option<Replica>,
    seat: Option<Seat>,
    token: Option<String>,
    code: Option<String>,
}

impl Client {
    async fn connect(address: SocketAddr) -> Client {
        let (socket, _) = tokio_tungstenite::connect_async(format!("ws://{address}/ws"))
            .await
            .expect("the server accepts a WebSocket");
        let mut client = Client {
            socket,
            frames: Vec::new(),
            replica: None,
            seat: None,
            token: None,
            code: None,
        };
        assert!(matches!(client.recv().await, ServerMessage::Hello { .. }));
        client
    }

    async fn send(&mut self, message: ClientMessage) {
        let text = serde_json::to_string(&Frame::new(message)).unwrap();
        self.send_text(&text).await;
    }

    async fn send_text(&mut self, text: &str) {
        self.socket
            .send(Message::Text(text.into()))
            .await
            .expect("the connection is open");
    }

    /// The next message (pings and pongs of the WebSocket itself aside).
    async fn recv(&mut self) -> ServerMessage {
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(20), self.socket.next())
                .await
                .expect("a frame within 20 s")
                .expect("the connection is open")
                .expect("a readable frame");
            let Message::Text(text) = frame else {
                continue;
            };
            self.frames.push(text.to_string());
            let frame: Frame<ServerMessage> =
                serde_json::from_str(&text).expect("the server sends protocol frames");
            assert_eq!(frame.v, 1);
            self.track(&frame.msg);
            return frame.msg;
        }
    }

    fn track(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::Seated { code, seat, token } => {
                self.seat = Some(*seat);
                self.code = Some(code.clone());
                if token.is_some() {
                    self.token = token.clone();
                }
            }
            ServerMessage::Watching { code } => self.code = Some(code.clone()),
            ServerMessage::Sync { room } => self.replica = Some(Replica::from_state(room)),
            ServerMessage::Event { version, event } => self
                .replica
                .as_mut()
                .expect("a state before events")
                .apply(*version, event),
            _ => {}
        }
    }

    /// Reads until `pick` accepts a message.
    async fn until<T>(&mut self, mut pick: impl FnMut(&ServerMessage) -> Option<T>) -> T {
        loop {
            let message = self.recv().await;
            if let Some(found) = pick(&message) {
                return found;
            }
        }
    }

    async fn error(&mut self) -> ErrorCode {
        self.until(|message| match message {
            ServerMessage::Error { code, .. } => Some(*code),
            _ => None,
        })
        .await
    }

    /// Reads until the replica reaches `version`; an error on the way fails the test.
    async fn until_version(&mut self, version: u64) {
        while self.version() < version {
            if let ServerMessage::Error { code, message, .. } = self.recv().await {
                panic!("waiting for version {version}: {code:?}: {message}");
            }
        }
    }

    fn replica(&self) -> &Replica {
        self.replica.as_ref().expect("a room")
    }

    fn version(&self) -> u64 {
        self.replica.as_ref().map_or(0, |replica| replica.version)
    }

    async fn create(address: SocketAddr, clock: MoveClock) -> Client {
        let mut client = Client::connect(address).await;
        client
            .send(ClientMessage::Create {
                game: GameKind::Junqi,
                rules: Ruleset::default(),
                clock,
            })
            .await;
        client
            .until(|message| matches!(message, ServerMessage::Sync { .. }).then_some(()))
            .await;
        client
    }

    async fn join(address: SocketAddr, code: &str) -> Client {
        let mut client = Client::connect(address).await;
        client.send(ClientMessage::Join { code: code.into() }).await;
        client
            .until(|message| matches!(message, ServerMessage::Sync { .. }).then_some(()))
            .await;
        client
    }

    async fn watch(address: SocketAddr, code: &str) -> Client {
        let mut client = Client::connect(address).await;
        client
            .send(ClientMessage::Watch { code: code.into() })
            .await;
        client
            .until(|message| matches!(message, ServerMessage::Sync { .. }).then_some(()))
            .await;
        client
    }

    fn code(&self) -> String {
        self.code.clone().expect("in a room")
    }
}

/// Two players, and the creator opened the room.
async fn table(address: SocketAddr, clock: MoveClock) -> (Client, Client) {
    let mut alice = Client::create(address, clock).await;
    let bob = Client::join(address, &alice.code()).await;
    alice.until_version(2).await;
    (alice, bob)
}

/// The mover plays one random legal action; everyone in `others` catches up with it.
async fn play_one(players: [&mut Client; 2], others: &mut [&mut Client], rng: &mut impl RngExt) {
    let [first, second] = players;
    let to_move = first.replica().to_move().expect("the game is on");
    let (mover, waiter) = if first.seat == Some(to_move) {
        (first, second)
    } else {
        (second, first)
    };
    let mut actions = ActionList::new();
    mover.replica().game.view().legal_actions(&mut actions);
    let action = actions[rng.random_range(0..actions.len())];
    let before = mover.version();
    mover
        .send(ClientMessage::Act {
            action,
            version: before,
        })
        .await;
    mover.until_version(before + 1).await;
    if mover.replica().game.outcome().is_some() {
        mover.until_version(before + 2).await;
    }
    let version = mover.version();
    waiter.until_version(version).await;
    for other in others.iter_mut() {
        other.until_version(version).await;
    }
}

/// Plays random actions until the game ends or `plies` were played.
async fn play(
    alice: &mut Client,
    bob: &mut Client,
    others: &mut [&mut Client],
    rng: &mut impl RngExt,
    plies: usize,
) {
    for _ in 0..plies {
        if alice.replica().to_move().is_none() {
            return;
        }
        play_one([&mut *alice, &mut *bob], others, rng).await;
    }
}

#[tokio::test]
async fn two_clients_play_a_whole_game_and_a_rematch() {
    let address = start(config("whole-game")).await;
    let (mut alice, mut bob) = table(address, MoveClock::Off).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(16);
    play(&mut alice, &mut bob, &mut [], &mut rng, 5000).await;
    let end = alice.replica().end.expect("the game ended");
    assert_eq!(bob.replica().end, Some(end));
    assert!(!matches!(
        end.reason,
        EndReason::OutOfTime | EndReason::Abandoned | EndReason::Resignation
    ));
    assert_eq!(alice.replica().game.history(), bob.replica().game.history());
    // The server's state says the same as both replicas.
    alice.send(ClientMessage::Sync {}).await;
    let room = alice
        .until(|message| match message {
            ServerMessage::Sync { room } => Some(room.clone()),
            _ => None,
        })
        .await;
    assert_eq!(room.end, Some(end));
    assert_eq!(room.actions, bob.replica().game.history());
    assert_eq!(room.to_move, None);

    // A rematch swaps the first move.
    alice.send(ClientMessage::Rematch {}).await;
    bob.send(ClientMessage::Rematch {}).await;
    let version = room.version + 3;
    alice.until_version(version).await;
    bob.until_version(version).await;
    assert_eq!(bob.replica().first_seat, Seat(1));
    assert_eq!(bob.replica().to_move(), Some(Seat(1)));
    assert!(bob.replica().game.history().is_empty());
    play_one([&mut alice, &mut bob], &mut [], &mut rng).await;
    assert_eq!(alice.replica().game.history().len(), 1);
}

/// Every piece a frame names must be one a flip has revealed: checks one frame against the
/// public game its receiver knew before it (`known`), panicking on a leak.
fn assert_no_hidden_identity(frame: &str, known: Option<&Replica>) {
    let message: Frame<ServerMessage> = serde_json::from_str(frame).unwrap();
    match message.msg {
        ServerMessage::Sync { room } => {
            // Every revealed piece belongs to a flip; replaying the flips from the all-face-down
            // start is consistent with the pool and gives exactly the position sent, which a
            // public view renders with no identity under a `?`.
            assert_eq!(room.start, junqi_start(room.rules).to_jfen(), "{frame}");
            for played in &room.actions {
                assert_eq!(
                    played.revealed.is_some(),
                    matches!(played.action, Action::Flip(_)),
                    "{frame}"
                );
            }
            Replica::from_state(&room);
        }
        ServerMessage::Event {
            event: RoomEvent::Played { played, .. },
            ..
        } => {
            let known = known.expect("a state before events");
            match played.action {
                Action::Flip(point) => {
                    // The piece named is the one this flip turned up: the point was face down
                    // and the piece was still in the face-down pool.
                    let piece = played.revealed.expect("a flip reveals its piece");
                    assert_eq!(known.game.view().cell(point), Cell::Hidden);
                    assert!(known.game.view().pool_count(piece) > 0);
                }
                Action::Move { .. } => assert_eq!(played.revealed, None, "{frame}"),
            }
        }
        _ => {
            // Nothing else may name a piece at all.
            assert!(
                !frame.contains("\"kind\""),
                "a piece outside a flip: {frame}"
            );
        }
    }
}

/// Re-reads a client's recorded frames, checking each against the replica before it.
fn check_frames(frames: &[String]) {
    let mut replica: Option<Replica> = None;
    for frame in frames {
        assert_no_hidden_identity(frame, replica.as_ref());
        let message: Frame<ServerMessage> = serde_json::from_str(frame).unwrap();
        match &message.msg {
            ServerMessage::Sync { room } => replica = Some(Replica::from_state(room)),
            ServerMessage::Event { version, event } => {
                replica.as_mut().unwrap().apply(*version, event)
            }
            _ => {}
        }
    }
}

#[tokio::test]
async fn no_frame_to_a_player_or_a_spectator_holds_a_face_down_identity() {
    let mut config = config("leak");
    config.limits.rooms_per_address = 100;
    let address = start(config).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
    let mut frames = 0;
    for _ in 0..40 {
        let (mut alice, mut bob) = table(address, MoveClock::Off).await;
        let mut spectator = Client::watch(address, &alice.code()).await;
        // Players also poke at the server on the way: requests out of turn, illegal flips of
        // empty points, syncs; none of their answers may tell anything either.
        for _ in 0..400 {
            if alice.replica().to_move().is_none() {
                break;
            }
            if rng.random_range(0..10) == 0 {
                let waiting = if alice.replica().to_move() == alice.seat {
                    &mut bob
                } else {
                    &mut alice
                };
                let version = waiting.version();
                waiting
                    .send(ClientMessage::Act {
                        action: "b3".parse().unwrap(),
                        version,
                    })
                    .await;
                waiting.error().await;
                waiting.send(ClientMessage::Sync {}).await;
                waiting
                    .until(|m| matches!(m, ServerMessage::Sync { .. }).then_some(()))
                    .await;
            }
            play_one([&mut alice, &mut bob], &mut [&mut spectator], &mut rng).await;
        }
        for client in [&alice, &bob, &spectator] {
            check_frames(&client.frames);
            frames += client.frames.len();
        }
        // A seat's token goes to its holder only.
        let alice_token = alice.token.clone().unwrap();
        let bob_token = bob.token.clone().unwrap();
        for (client, foreign) in [
            (&alice, vec![&bob_token]),
            (&bob, vec![&alice_token]),
            (&spectator, vec![&alice_token, &bob_token]),
        ] {
            for token in foreign {
                assert!(
                    !client
                        .frames
                        .iter()
                        .any(|frame| frame.contains(token.as_str()))
                );
            }
        }
    }
    assert!(frames > 10_000, "{frames} frames checked");
}

#[tokio::test]
async fn a_flip_turns_up_a_piece_drawn_then_not_a_deal() {
    // The same first flip in many fresh rooms turns up many different pieces: the server
    // deals nothing in advance that a flip would merely read.
    let mut config = config("draws");
    config.limits.rooms_per_address = 100;
    let address = start(config).await;
    let mut seen = std::collections::HashSet::new();
    for _ in 0..24 {
        let (mut alice, mut bob) = table(address, MoveClock::Off).await;
        alice
            .send(ClientMessage::Act {
                action: "a1".parse().unwrap(),
                version: 2,
            })
            .await;
        alice.until_version(3).await;
        bob.until_version(3).await;
        seen.insert(alice.replica().game.history()[0].revealed.unwrap());
    }
    assert!(seen.len() >= 6, "{} different pieces", seen.len());
}

/// A `kawu-server` process, killed with SIGKILL when dropped.
struct ServerProcess {
    child: std::process::Child,
    address: SocketAddr,
}

impl ServerProcess {
    fn spawn(data: &std::path::Path) -> ServerProcess {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kawu-server"))
            .args(["--addr", "127.0.0.1:0", "--frames-per-second", "10000"])
            .args(["--frame-burst", "10000", "--data"])
            .arg(data)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("kawu-server starts");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|address| address.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        ServerProcess { child, address }
    }

    fn kill(&mut self) {
        // `Child::kill` sends SIGKILL on Unix: no chance to flush or close anything.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

#[tokio::test]
async fn kill_9_mid_game_loses_no_acknowledged_action() {
    let data = data_folder("restart");
    let mut server = ServerProcess::spawn(&data);
    let (mut alice, mut bob) = table(server.address, MoveClock::Seconds60).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    play(&mut alice, &mut bob, &mut [], &mut rng, 30).await;
    if alice.replica().to_move().is_none() {
        // That game ended early: go on in the next.
        alice.send(ClientMessage::Rematch {}).await;
        bob.send(ClientMessage::Rematch {}).await;
        let version = alice.version() + 3;
        alice.until_version(version).await;
        bob.until_version(version).await;
    }
    // One more action goes out and the server dies at once: it may or may not have been stored,
    // but nothing acknowledged may be lost.
    let acknowledged = alice.replica().clone();
    let mover = if acknowledged.to_move() == alice.seat {
        &mut alice
    } else {
        &mut bob
    };
    let mut actions = ActionList::new();
    mover.replica().game.view().legal_actions(&mut actions);
    let version = mover.version();
    mover
        .send(ClientMessage::Act {
            action: actions[0],
            version,
        })
        .await;
    server.kill();

    let server = ServerProcess::spawn(&data);
    // Alice asks for the whole state, Bob for the events after the last one he heard.
    let mut resumed = Vec::new();
    for (client, since) in [(&alice, None), (&bob, Some(bob.version()))] {
        let mut again = Client::connect(server.address).await;
        again.replica = since.and(client.replica.clone());
        again
            .send(ClientMessage::Resume {
                code: client.code(),
                token: client.token.clone().unwrap(),
                since,
            })
            .await;
        again
            .until(|m| matches!(m, ServerMessage::Seated { .. }).then_some(()))
            .await;
        assert_eq!(again.seat, client.seat);
        resumed.push(again);
    }
    let [mut alice, mut bob] = <[Client; 2]>::try_from(resumed).ok().unwrap();
    alice
        .until(|m| matches!(m, ServerMessage::Sync { .. }).then_some(()))
        .await;
    bob.until_version(alice.version()).await;
    assert_eq!(bob.replica().game.history(), alice.replica().game.history());
    let history = alice.replica().game.history().to_vec();
    let acknowledged_history = acknowledged.game.history();
    assert!(
        history.starts_with(acknowledged_history),
        "every acknowledged action survived"
    );
    assert!(history.len() <= acknowledged_history.len() + 1);
    // The clock restarted with a whole move, and both play on to the end.
    alice.send(ClientMessage::Sync {}).await;
    let room = alice
        .until(|m| match m {
            ServerMessage::Sync { room } => Some(room.clone()),
            _ => None,
        })
        .await;
    assert!(room.seats.iter().all(|seat| seat.connected));
    assert!(
        room.clock_ms.is_some_and(|ms| ms > 50_000),
        "{:?}",
        room.clock_ms
    );
    bob.until_version(alice.version()).await;
    play(&mut alice, &mut bob, &mut [], &mut rng, 5000).await;
    assert!(alice.replica().end.is_some());
}

#[tokio::test]
async fn hostile_input_gets_an_error_and_changes_nothing() {
    let mut config = config("hostile");
    config.limits.rooms_per_address = 3;
    config.limits.max_frame_bytes = 1000;
    config.limits.frames_per_second = 20;
    config.limits.frame_burst = 40;
    let address = start(config).await;
    let (mut alice, mut bob) = table(address, MoveClock::Off).await;
    let mut stranger = Client::connect(address).await;

    // Frames that are not messages.
    for (text, code) in [
        ("{not json", ErrorCode::BadFrame),
        ("[]", ErrorCode::BadFrame),
        ("", ErrorCode::BadFrame),
        (r#"{"v":1,"msg":{"type":"launch"}}"#, ErrorCode::BadFrame),
        (
            r#"{"v":1,"msg":{"type":"resign","now":true}}"#,
            ErrorCode::BadFrame,
        ),
        (
            r#"{"v":1,"msg":{"type":"join","code":7}}"#,
            ErrorCode::BadFrame,
        ),
        (
            r#"{"v":1,"msg":{"type":"ping","nonce":1},"x":1}"#,
            ErrorCode::BadFrame,
        ),
        (
            r#"{"v":2,"msg":{"type":"ping","nonce":1}}"#,
            ErrorCode::UnsupportedVersion,
        ),
        (
            r#"{"v":2,"msg":{"type":"future","x":1}}"#,
            ErrorCode::UnsupportedVersion,
        ),
        (
            r#"{"v":1,"msg":{"type":"act","action":"q99","version":2}}"#,
            ErrorCode::BadFrame,
        ),
    ] {
        alice.send_text(text).await;
        assert_eq!(alice.error().await, code, "{text}");
    }
    let huge = format!(
        r#"{{"v":1,"msg":{{"type":"join","code":"{}"}}}}"#,
        "A".repeat(2000)
    );
    alice.send_text(&huge).await;
    assert_eq!(alice.error().await, ErrorCode::TooLarge);
    alice
        .socket
        .send(Message::Binary(vec![1, 2, 3].into()))
        .await
        .unwrap();
    assert_eq!(alice.error().await, ErrorCode::BinaryFrame);

    // Rooms and tokens that do not exist.
    for message in [
        ClientMessage::Join {
            code: "ZZZZZZZZZZ".into(),
        },
        ClientMessage::Watch { code: "x".into() },
        ClientMessage::Resume {
            code: "ZZZZZZZZZZ".into(),
            token: "00".into(),
            since: None,
        },
    ] {
        stranger.send(message).await;
        assert_eq!(stranger.error().await, ErrorCode::UnknownRoom);
    }
    stranger
        .send(ClientMessage::Resume {
            code: alice.code(),
            token: "0123456789abcdef0123456789abcdef".into(),
            since: None,
        })
        .await;
    assert_eq!(stranger.error().await, ErrorCode::BadToken);
    stranger
        .send(ClientMessage::Act {
            action: "a1".parse().unwrap(),
            version: 2,
        })
        .await;
    assert_eq!(stranger.error().await, ErrorCode::NotInRoom);
    stranger
        .send(ClientMessage::Join { code: alice.code() })
        .await;
    assert_eq!(stranger.error().await, ErrorCode::RoomFull);

    // Requests out of place.
    let flip = |point: &str| point.parse::<Action>().unwrap();
    bob.send(ClientMessage::Act {
        action: flip("a1"),
        version: 2,
    })
    .await;
    assert_eq!(bob.error().await, ErrorCode::NotYourTurn);
    alice
        .send(ClientMessage::Act {
            action: flip("b3"),
            version: 2,
        })
        .await;
    assert_eq!(alice.error().await, ErrorCode::IllegalAction);
    alice
        .send(ClientMessage::Act {
            action: "a1a2".parse().unwrap(),
            version: 2,
        })
        .await;
    assert_eq!(alice.error().await, ErrorCode::IllegalAction);
    alice
        .send(ClientMessage::Act {
            action: flip("a1"),
            version: 1,
        })
        .await;
    let stale = alice
        .until(|m| match m {
            ServerMessage::Error { code, version, .. } => Some((*code, *version)),
            _ => None,
        })
        .await;
    assert_eq!(stale, (ErrorCode::Stale, Some(2)));
    alice
        .send(ClientMessage::Create {
            game: GameKind::Junqi,
            rules: Ruleset::default(),
            clock: MoveClock::Off,
        })
        .await;
    assert_eq!(alice.error().await, ErrorCode::AlreadyInRoom);
    alice.send(ClientMessage::AnswerDraw { accept: true }).await;
    assert_eq!(alice.error().await, ErrorCode::NoDrawOffer);
    alice.send(ClientMessage::Rematch {}).await;
    assert_eq!(alice.error().await, ErrorCode::GameNotOver);
    let mut spectator = Client::watch(address, &alice.code()).await;
    spectator.send(ClientMessage::Resign {}).await;
    assert_eq!(spectator.error().await, ErrorCode::NotSeated);

    // A replayed action: accepted once, stale the second time.
    let act = ClientMessage::Act {
        action: flip("a1"),
        version: 2,
    };
    alice.send(act.clone()).await;
    alice.until_version(3).await;
    alice.send(act).await;
    assert_eq!(alice.error().await, ErrorCode::Stale);

    // A flood: the frames past the burst are refused, not served.
    let mut flooder = Client::connect(address).await;
    for nonce in 0..120 {
        flooder.send(ClientMessage::Ping { nonce }).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    while pongs + limited < 120 {
        match flooder.recv().await {
            ServerMessage::Pong { .. } => pongs += 1,
            ServerMessage::Error {
                code: ErrorCode::RateLimited,
                ..
            } => limited += 1,
            other => panic!("{other:?}"),
        }
    }
    assert!(
        limited > 0 && pongs >= 40,
        "{pongs} pongs, {limited} refused"
    );

    // Too many rooms from one address (the table above holds one already).
    for _ in 0..2 {
        Client::create(address, MoveClock::Off).await;
    }
    let mut greedy = Client::connect(address).await;
    greedy
        .send(ClientMessage::Create {
            game: GameKind::Junqi,
            rules: Ruleset::default(),
            clock: MoveClock::Off,
        })
        .await;
    assert_eq!(greedy.error().await, ErrorCode::TooManyRooms);

    // A frame far over the cap ends that connection, and only that one.
    let mut giant = Client::connect(address).await;
    let _ = giant
        .socket
        .send(Message::Text("x".repeat(1 << 20).into()))
        .await;
    let end = tokio::time::timeout(Duration::from_secs(10), giant.socket.next())
        .await
        .expect("the server ends the connection");
    assert!(
        matches!(end, None | Some(Err(_)) | Some(Ok(Message::Close(_)))),
        "{end:?}"
    );

    // Nothing above changed the game but the one accepted flip, and the server still serves.
    bob.until_version(3).await;
    bob.send(ClientMessage::Sync {}).await;
    let room = bob
        .until(|m| match m {
            ServerMessage::Sync { room } => Some(room.clone()),
            _ => None,
        })
        .await;
    assert_eq!(room.version, 3);
    assert_eq!(room.actions.len(), 1);
    stranger.send(ClientMessage::Ping { nonce: 5 }).await;
    assert!(matches!(
        stranger.recv().await,
        ServerMessage::Pong { nonce: 5 }
    ));
}

#[tokio::test]
async fn resign_draws_and_rematches() {
    let address = start(config("endings")).await;
    let (mut alice, mut bob) = table(address, MoveClock::Off).await;
    bob.send(ClientMessage::Resign {}).await;
    alice.until_version(3).await;
    assert_eq!(
        alice.replica().end,
        Some(GameEnd {
            winner: Some(Seat(0)),
            reason: EndReason::Resignation
        })
    );
    alice.send(ClientMessage::Resign {}).await;
    assert_eq!(alice.error().await, ErrorCode::GameOver);
    // Asking twice asks once.
    bob.send(ClientMessage::Rematch {}).await;
    bob.send(ClientMessage::Rematch {}).await;
    bob.send(ClientMessage::Sync {}).await;
    let asked = bob
        .until(|m| match m {
            ServerMessage::Sync { room } => Some(room.clone()),
            _ => None,
        })
        .await;
    assert_eq!(asked.version, 4);
    assert!(asked.seats[1].rematch && !asked.seats[0].rematch);
    alice.send(ClientMessage::Rematch {}).await;
    alice.until_version(6).await;
    assert_eq!(alice.replica().to_move(), Some(Seat(1)));

    // Declined, then offered by both: a draw by agreement.
    alice.send(ClientMessage::OfferDraw {}).await;
    alice.send(ClientMessage::OfferDraw {}).await;
    assert_eq!(alice.error().await, ErrorCode::NoDrawOffer);
    bob.until_version(7).await;
    bob.send(ClientMessage::AnswerDraw { accept: false }).await;
    bob.until_version(8).await;
    bob.send(ClientMessage::OfferDraw {}).await;
    alice.until_version(9).await;
    alice.send(ClientMessage::OfferDraw {}).await;
    bob.until_version(10).await;
    assert_eq!(
        bob.replica().end,
        Some(GameEnd {
            winner: None,
            reason: EndReason::Agreement
        })
    );
}

#[tokio::test]
async fn a_reconnecting_player_gets_only_what_it_missed() {
    let address = start(config("resume")).await;
    let (mut alice, bob) = table(address, MoveClock::Off).await;
    let (code, token, since) = (bob.code(), bob.token.clone().unwrap(), bob.version());
    let replica = bob.replica.clone();
    drop(bob);
    alice
        .until(|m| {
            matches!(
                m,
                ServerMessage::Presence {
                    connected: [true, false],
                    ..
                }
            )
            .then_some(())
        })
        .await;
    alice
        .send(ClientMessage::Act {
            action: "e12".parse().unwrap(),
            version: 2,
        })
        .await;
    alice.until_version(3).await;
    let mut bob = Client::connect(address).await;
    bob.replica = replica;
    bob.send(ClientMessage::Resume {
        code,
        token,
        since: Some(since),
    })
    .await;
    let missed = bob
        .until(|m| match m {
            ServerMessage::Event { version, event } => Some((*version, event.clone())),
            ServerMessage::Sync { .. } => panic!("a full state where events would do"),
            _ => None,
        })
        .await;
    assert_eq!(missed.0, 3);
    assert!(matches!(missed.1, RoomEvent::Played { seat: Seat(0), .. }));
    assert_eq!(bob.seat, Some(Seat(1)));
    assert_eq!(bob.token, None, "the token is sent only once");
}

#[tokio::test]
async fn a_player_out_of_time_loses() {
    let mut config = config("clock");
    // One clock second lasts 20 ms: a 30 s move clock runs out in 0.6 s.
    config.timing.clock_second = Duration::from_millis(20);
    let address = start(config).await;
    let (mut alice, mut bob) = table(address, MoveClock::Seconds30).await;
    let clock = alice
        .until(|m| match m {
            ServerMessage::Clock { seat, remaining_ms } => Some((*seat, *remaining_ms)),
            _ => None,
        })
        .await;
    assert_eq!(clock.0, Seat(0));
    assert!(clock.1 <= 600);
    // Alice moves in time, Bob does not.
    alice
        .send(ClientMessage::Act {
            action: "a1".parse().unwrap(),
            version: 2,
        })
        .await;
    bob.until_version(4).await;
    assert_eq!(
        bob.replica().end,
        Some(GameEnd {
            winner: Some(Seat(0)),
            reason: EndReason::OutOfTime
        })
    );
}

#[tokio::test]
async fn a_player_gone_past_the_grace_period_loses() {
    let mut config = config("grace");
    config.timing.grace = Duration::from_millis(600);
    let address = start(config).await;
    let (mut alice, bob) = table(address, MoveClock::Off).await;
    // Back within the grace period: nothing happens.
    let (code, token) = (bob.code(), bob.token.clone().unwrap());
    drop(bob);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut bob = Client::connect(address).await;
    bob.send(ClientMessage::Resume {
        code: code.clone(),
        token: token.clone(),
        since: None,
    })
    .await;
    bob.until(|m| matches!(m, ServerMessage::Sync { .. }).then_some(()))
        .await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    bob.send(ClientMessage::Sync {}).await;
    let room = bob
        .until(|m| match m {
            ServerMessage::Sync { room } => Some(room.clone()),
            _ => None,
        })
        .await;
    assert_eq!(room.end, None);
    // Gone for good: Alice wins once the grace period is over.
    drop(bob);
    alice.until_version(3).await;
    assert_eq!(
        alice.replica().end,
        Some(GameEnd {
            winner: Some(Seat(0)),
            reason: EndReason::Abandoned
        })
    );
}

#[tokio::test]
async fn an_idle_room_expires() {
    let mut config = config("idle");
    config.timing.idle = Duration::from_millis(200);
    let address = start(config).await;
    let alice = Client::create(address, MoveClock::Off).await;
    let code = alice.code();
    drop(alice);
    tokio::time::sleep(Duration::from_millis(600)).await;
    let mut bob = Client::connect(address).await;
    bob.send(ClientMessage::Join { code }).await;
    assert_eq!(bob.error().await, ErrorCode::UnknownRoom);
}

/// The whole response to a GET of `path`, with `headers` (each ending in CRLF).
async fn http_get(address: SocketAddr, path: &str, headers: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\n{headers}Connection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    String::from_utf8_lossy(&response).into_owned()
}

#[tokio::test]
async fn health_reports_rooms_connections_and_memory() {
    let address = start(config("health")).await;
    let _alice = Client::create(address, MoveClock::Off).await;
    let response = http_get(address, "/health", "").await;
    let body = response.split("\r\n\r\n").nth(1).unwrap();
    let health: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(health["status"], "ok");
    assert_eq!(health["rooms"], 1);
    assert_eq!(health["connections"], 1);
    assert!(health["rss_kib"].as_u64().is_some_and(|kib| kib > 0));
}

#[tokio::test]
async fn the_web_folder_is_served_precompressed_when_it_can_be() {
    let web = data_folder("web-files");
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(web.join("index.html"), "<html>kawu</html>").unwrap();
    std::fs::write(web.join("kawu.js"), "plain script").unwrap();
    std::fs::write(web.join("kawu.js.gz"), "gzip bytes").unwrap();
    std::fs::write(web.join("kawu.js.br"), "brotli bytes").unwrap();
    let mut config = config("web");
    config.web = Some(web);
    let address = start(config).await;
    // An invite link opens the page.
    let page = http_get(address, "/?join=K7QMZ3WX2P", "").await;
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.ends_with("<html>kawu</html>"));
    let brotli = http_get(address, "/kawu.js", "Accept-Encoding: gzip, br\r\n").await;
    assert!(
        brotli.to_lowercase().contains("content-encoding: br"),
        "{brotli}"
    );
    assert!(brotli.ends_with("brotli bytes"));
    let gzip = http_get(address, "/kawu.js", "Accept-Encoding: gzip\r\n").await;
    assert!(gzip.ends_with("gzip bytes"), "{gzip}");
    assert!(
        http_get(address, "/kawu.js", "")
            .await
            .ends_with("plain script")
    );
    assert!(
        http_get(address, "/missing.js", "")
            .await
            .starts_with("HTTP/1.1 404")
    );
    // The WebSocket and health still answer next to the files.
    assert!(
        http_get(address, "/health", "")
            .await
            .contains("\"status\":\"ok\"")
    );
}

#[tokio::test]
async fn durations_too_long_to_count_mean_never() {
    let mut config = config("long-durations");
    config.timing.clock_second = Duration::MAX;
    config.timing.grace = Duration::MAX;
    config.timing.idle = Duration::MAX;
    let address = start(config).await;
    let (mut alice, bob) = table(address, MoveClock::Seconds60).await;
    drop(bob);
    alice
        .send(ClientMessage::Act {
            action: "a1".parse().unwrap(),
            version: 2,
        })
        .await;
    alice.until_version(3).await;
    alice.send(ClientMessage::Sync {}).await;
    let room = alice
        .until(|m| match m {
            ServerMessage::Sync { room } => Some(room.clone()),
            _ => None,
        })
        .await;
    assert_eq!(room.end, None);
    assert_eq!(room.clock_ms, None);
}

#[test]
fn the_server_takes_its_flags_from_the_environment_and_refuses_bad_ones() {
    let data = data_folder("environment");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kawu-server"))
        .env("KAWU_ADDR", "127.0.0.1:0")
        .env("KAWU_DATA", &data)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("kawu-server starts");
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        line.starts_with("kawu-server listening on http://127.0.0.1:"),
        "{line}"
    );
    assert!(line.contains(&data.display().to_string()), "{line}");
    assert!(data.join("kawu.sqlite3").exists());

    for bad in [
        ["--grace-seconds", "NaN"],
        ["--idle-seconds", "-5"],
        ["--addr", "nowhere:port"],
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_kawu-server"))
            .args(bad)
            .arg("--data")
            .arg(&data)
            .output()
            .unwrap();
        assert!(!output.status.success(), "{bad:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{bad:?}: {stderr}");
        assert!(!stderr.is_empty(), "{bad:?}");
    }
}

#[tokio::test]
async fn an_address_may_hold_so_many_connections() {
    let mut config = config("connections");
    config.limits.connections_per_address = 3;
    let address = start(config).await;
    let url = format!("ws://{address}/ws");
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(Client::connect(address).await);
    }
    match tokio_tungstenite::connect_async(&url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 429)
        }
        other => panic!("a fourth connection: {:?}", other.map(|_| ())),
    }
    // A closed connection frees its place.
    drop(open.pop());
    let started = std::time::Instant::now();
    while tokio_tungstenite::connect_async(&url).await.is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the place came free"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
