//! `kawu-server` on loopback: protocol clients play whole Junqi and Xiangqi games through a real
//! server, every frame is checked for hidden identities, the server is killed and restarted
//! mid-game, hostile input is refused, and clocks, grace periods, idle rooms and idle
//! connections run out. Qiguo tables of three to seven seats play to a result with the server's
//! computers in some seats, cover for a dropped player, survive `kill -9`, and refuse hostile
//! seats and moves. Takebacks are asked, granted, declined and refused in every game, lapse
//! unanswered after their wait, and survive a restart. A flood of picture requests stays
//! bounded while another room plays.

use futures_util::SinkExt;
use kawu::protocol::{
    ClientMessage, ComputerLevel, EndReason, ErrorCode, Frame, GameEnd, GameState, MoveClock,
    OnLeave, Played, QiguoSetup, RoomEvent, RoomSeat, RoomState, SeatPlan, ServerMessage,
    TakebackRequest, WithdrawReason, XiangqiPlayed, junqi_start,
};
use kawu::rules::GameKind;
use kawu::rules::junqi::{Action, Cell, Ruleset};
use kawu::rules::{qiguo, xiangqi};
use kawu::server::{Config, Limits, Timing};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::io::BufRead;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

#[path = "server/classic.rs"]
mod classic;
mod common;
#[path = "server/pictures.rs"]
mod pictures;
use common::*;

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
        database: None,
        node: None,
        cluster_listen: None,
        cluster_address: None,
        cluster_tls: None,
        web: None,
        trusted_proxies: Vec::new(),
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

#[tokio::test]
async fn two_clients_play_a_whole_game_and_a_rematch() {
    let address = start(config("whole-game")).await;
    let (mut alice, mut bob) = table(address, GameKind::Junqi, MoveClock::Off).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(16);
    play(&mut alice, &mut bob, &mut [], &mut rng, 5000).await;
    let end = alice.replica().end.expect("the game ended");
    assert_eq!(bob.replica().end, Some(end));
    assert!(!matches!(
        end.reason,
        EndReason::OutOfTime | EndReason::Abandoned | EndReason::Resignation
    ));
    assert_eq!(
        alice.replica().table.history(),
        bob.replica().table.history()
    );
    // The server's state says the same as both replicas.
    let room = alice.sync().await;
    assert_eq!(room.end, Some(end));
    let GameState::Junqi(junqi) = &room.game else {
        panic!("a Junqi room: {room:?}");
    };
    assert_eq!(junqi.actions, bob.replica().table.junqi().history());
    assert_eq!(room.to_move, None);

    // A rematch swaps the first move.
    rematch(&mut alice, &mut bob).await;
    assert_eq!(bob.replica().first_seat, RoomSeat(1));
    assert_eq!(bob.replica().to_move(), Some(RoomSeat(1)));
    assert!(bob.replica().table.history().is_empty());
    play_one([&mut alice, &mut bob], &mut [], &mut rng).await;
    assert_eq!(alice.replica().table.history().len(), 1);
}

/// A short mate from the start (Black helping): Red's cannon takes the elephant on c9.
const XIANGQI_MATE: [&str; 5] = ["b2b4", "a6a5", "b4c4", "f9e8", "c4c9"];

#[tokio::test]
async fn a_xiangqi_game_is_played_to_mate_and_the_rematch_gives_red_to_the_other_seat() {
    // The rules agree: the line is legal and mates Black.
    let mut game = xiangqi::Game::new(xiangqi::Position::start());
    for mv in XIANGQI_MATE {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let outcome = game.outcome().expect("the line ends the game");
    assert_eq!(outcome.winner, Some(xiangqi::Color::Red));
    assert_eq!(outcome.reason, xiangqi::Reason::Checkmate);

    let address = start(config("xiangqi")).await;
    let (mut alice, mut bob) = table(address, GameKind::Xiangqi, MoveClock::Off).await;
    let mut spectator = Client::watch(address, &alice.code()).await;
    for mv in XIANGQI_MATE {
        play_chosen([&mut alice, &mut bob], &mut [&mut spectator], |legal| {
            assert!(legal.iter().any(|action| action == mv), "{mv} is legal");
            mv.to_string()
        })
        .await;
    }
    let mate = GameEnd {
        winner: Some(RoomSeat(0)),
        reason: EndReason::Checkmate,
    };
    for client in [&alice, &bob, &spectator] {
        assert_eq!(client.replica().end, Some(mate));
        assert_eq!(client.version(), 2 + 5 + 1);
    }
    let room = spectator.sync().await;
    assert_eq!(room.end, Some(mate));
    assert_eq!(room.to_move, None);
    let GameState::Xiangqi(state) = &room.game else {
        panic!("a Xiangqi room: {room:?}");
    };
    assert_eq!(state.start, xiangqi::START_FEN);
    assert_eq!(state.moves, XIANGQI_MATE.map(|mv| mv.parse().unwrap()));
    assert_eq!(state.position, game.position().to_fen());
    alice.act("h2e2").await;
    assert_eq!(alice.error().await, ErrorCode::GameOver);

    // The rematch: Bob's seat moves first, so Bob plays Red.
    rematch(&mut alice, &mut bob).await;
    let room = bob.sync().await;
    assert_eq!(
        (room.first_seat, room.to_move),
        (RoomSeat(1), Some(RoomSeat(1)))
    );
    alice.act("h2e2").await;
    assert_eq!(alice.error().await, ErrorCode::NotYourTurn);
    bob.act("h2e2").await;
    bob.until_version(room.version + 1).await;
    alice.until_version(room.version + 1).await;
    let position = alice.replica().table.xiangqi().position().clone();
    assert_eq!(position.side_to_move(), xiangqi::Color::Black);

    // Random moves to a result: the server's verdict is the one the rules give this replica.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(17);
    play(&mut alice, &mut bob, &mut [], &mut rng, 5000).await;
    let end = alice.replica().end.expect("the game ended");
    let outcome = alice
        .replica()
        .table
        .xiangqi()
        .outcome()
        .expect("by the rules");
    let red = RoomSeat(1);
    let winner = outcome.winner.map(|colour| match colour {
        xiangqi::Color::Red => red,
        xiangqi::Color::Black => red.other(),
    });
    assert_eq!(end.winner, winner);
    assert_eq!(
        serde_json::to_value(end.reason).unwrap(),
        outcome.reason.word().replace('-', "_"),
        "{end:?} for {outcome}"
    );
}

#[tokio::test]
async fn an_illegal_xiangqi_move_is_refused_and_changes_nothing() {
    let address = start(config("xiangqi-illegal")).await;
    let (mut alice, mut bob) = table(address, GameKind::Xiangqi, MoveClock::Off).await;
    let start = xiangqi::Position::start();
    // Blocked by its own soldier, a general's two steps, Black's piece on Red's turn, and texts
    // that are no move at all (a Junqi flip among them).
    for text in ["a0a5", "e0e2", "a9a8"] {
        assert!(!start.is_legal(text.parse().unwrap()), "{text}");
    }
    for text in [
        "a0a5", "e0e2", "a9a8", "c3", "zz", "", "h2e2h2e2", "j0j1", "h2h2",
    ] {
        alice.act(text).await;
        assert_eq!(alice.error().await, ErrorCode::IllegalAction, "{text:?}");
    }
    bob.act("h9g7").await;
    assert_eq!(bob.error().await, ErrorCode::NotYourTurn);
    let room = bob.sync().await;
    assert_eq!(room.version, 2);
    let GameState::Xiangqi(state) = &room.game else {
        panic!("a Xiangqi room: {room:?}");
    };
    assert!(state.moves.is_empty());
    assert_eq!(state.position, xiangqi::START_FEN);
    // ICCS in capitals with a dash is read, and told back in the usual form.
    alice.act("H2-E2").await;
    bob.until_version(3).await;
    assert_eq!(
        bob.replica().table.history(),
        [Played::Xiangqi(XiangqiPlayed {
            mv: "h2e2".parse().unwrap()
        })]
    );
}

/// Closes `client`'s connection (keeping what it knew) and waits until `other` hears of it.
async fn disconnect(client: &mut Client, other: &mut Client) {
    let _ = client.socket.close(None).await;
    let gone = client.seat.expect("a seat").index();
    other
        .until(|m| match m {
            ServerMessage::Presence { connected, .. } => (!connected[gone]).then_some(()),
            _ => None,
        })
        .await;
}

/// Reads the events a resumed client gets before anything else; a whole state fails the test.
async fn missed_events(client: &mut Client, count: usize) -> Vec<(u64, RoomEvent)> {
    let mut missed = Vec::new();
    while missed.len() < count {
        match client.recv().await {
            ServerMessage::Event { version, event } => missed.push((version, event)),
            ServerMessage::Sync { .. } => panic!("a full state where events would do"),
            _ => {}
        }
    }
    missed
}

#[tokio::test]
async fn a_xiangqi_player_resuming_gets_the_moves_it_missed() {
    let address = start(config("xiangqi-resume")).await;
    let (mut alice, mut bob) = table(address, GameKind::Xiangqi, MoveClock::Off).await;
    alice.act("h2e2").await;
    bob.until_version(3).await;
    disconnect(&mut bob, &mut alice).await;
    // Bob's move was made before he left; Alice plays on.
    alice.act("b2e2").await;
    assert_eq!(alice.error().await, ErrorCode::NotYourTurn);
    let mut bob = bob.resume(address, Some(3)).await;
    bob.act("h9g7").await;
    bob.until_version(4).await;
    disconnect(&mut bob, &mut alice).await;
    alice.act("b0c2").await;
    alice.until_version(5).await;
    alice.send(ClientMessage::OfferDraw {}).await;
    alice.until_version(6).await;
    let mut bob = bob.resume(address, Some(4)).await;
    let missed = missed_events(&mut bob, 2).await;
    assert_eq!(missed[0].0, 5);
    assert_eq!(
        missed[0].1,
        RoomEvent::Played {
            seat: RoomSeat(0),
            played: Played::Xiangqi(XiangqiPlayed {
                mv: "b0c2".parse().unwrap()
            })
        }
    );
    assert_eq!(missed[1], (6, RoomEvent::DrawOffered { seat: RoomSeat(0) }));
    // The replica caught up exactly: Bob's reply is accepted on the version he has.
    bob.act("a9a8").await;
    alice.until_version(7).await;
    bob.until_version(7).await;
    assert_eq!(
        alice.replica().table.history(),
        bob.replica().table.history()
    );
    assert_eq!(alice.replica().table.history().len(), 4);
}

/// Every piece a frame names must be one a flip has revealed: checks one frame of a Junqi room
/// against the public game its receiver knew before it (`known`), panicking on a leak.
fn assert_no_hidden_identity(frame: &str, known: Option<&Replica>) {
    let message: Frame<ServerMessage> = serde_json::from_str(frame).unwrap();
    match message.msg {
        ServerMessage::Sync { room } => {
            // Every revealed piece belongs to a flip; replaying the flips from the all-face-down
            // start is consistent with the pool and gives exactly the position sent, which a
            // public view renders with no identity under a `?`.
            let GameState::Junqi(junqi) = &room.game else {
                panic!("a Junqi room: {frame}");
            };
            assert_eq!(junqi.start, junqi_start(junqi.rules).to_jfen(), "{frame}");
            for played in &junqi.actions {
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
            let Played::Junqi(played) = played else {
                panic!("a Junqi action: {frame}");
            };
            match played.action {
                Action::Flip(point) => {
                    // The piece named is the one this flip turned up: the point was face down
                    // and the piece was still in the face-down pool.
                    let piece = played.revealed.expect("a flip reveals its piece");
                    let view = known.table.junqi().view();
                    assert_eq!(view.cell(point), Cell::Hidden);
                    assert!(view.pool_count(piece) > 0);
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
        let (mut alice, mut bob) = table(address, GameKind::Junqi, MoveClock::Off).await;
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
                waiting.act("b3").await;
                waiting.error().await;
                waiting.sync().await;
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
        let (mut alice, mut bob) = table(address, GameKind::Junqi, MoveClock::Off).await;
        alice.act("a1").await;
        alice.until_version(3).await;
        bob.until_version(3).await;
        seen.insert(alice.replica().table.junqi().history()[0].revealed.unwrap());
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
        ServerProcess::spawn_with(data, &[])
    }

    /// A server on `data` with these flags besides.
    fn spawn_with(data: &std::path::Path, flags: &[&str]) -> ServerProcess {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kawu-server"))
            .args(["--addr", "127.0.0.1:0", "--frames-per-second", "10000"])
            .args(["--frame-burst", "10000", "--data"])
            .arg(data)
            .args(flags)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("kawu-server starts");
        let address = listening_address(&mut child);
        ServerProcess { child, address }
    }

    fn kill(&mut self) {
        // `Child::kill` sends SIGKILL on Unix: no chance to flush or close anything.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The address a `kawu-server` started with `--addr 127.0.0.1:0` and its standard output piped
/// says it listens on (its first line).
fn listening_address(child: &mut std::process::Child) -> SocketAddr {
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().expect("standard output piped"))
        .read_line(&mut line)
        .unwrap();
    line.split("http://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|address| address.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A `game` room with a clock, played a while, then the server is killed the moment one more
/// action goes out: after a restart both players take their seats back, nothing acknowledged
/// is lost, the clock gives a whole move again, and they play on to the end.
async fn kill_9_mid_game(name: &str, game: GameKind, seed: u64) {
    let data = data_folder(name);
    let mut server = ServerProcess::spawn(&data);
    let (mut alice, mut bob) = table(server.address, game, MoveClock::Seconds60).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    play(&mut alice, &mut bob, &mut [], &mut rng, 30).await;
    if alice.replica().to_move().is_none() {
        // That game ended early: go on in the next.
        rematch(&mut alice, &mut bob).await;
    }
    // It may or may not have been stored, but nothing acknowledged may be lost.
    let acknowledged = alice.replica().table.history();
    let mover = if alice.replica().to_move() == alice.seat {
        &mut alice
    } else {
        &mut bob
    };
    let action = mover.replica().table.legal_actions()[0].clone();
    mover.act(&action).await;
    server.kill();

    let server = ServerProcess::spawn(&data);
    // Alice asks for the whole state, Bob for the events after the last one he heard.
    let mut alice = alice.resume(server.address, None).await;
    let mut bob = bob.resume(server.address, Some(bob.version())).await;
    alice.until_sync().await;
    bob.until_version(alice.version()).await;
    let history = alice.replica().table.history();
    assert_eq!(bob.replica().table.history(), history);
    assert!(
        history.starts_with(&acknowledged),
        "every acknowledged action survived"
    );
    assert!(history.len() <= acknowledged.len() + 1);
    let room = alice.sync().await;
    assert_eq!(room.game.kind(), game);
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
async fn kill_9_mid_game_loses_no_acknowledged_action() {
    kill_9_mid_game("restart", GameKind::Junqi, 9).await;
}

#[tokio::test]
async fn kill_9_mid_xiangqi_game_resumes_the_room() {
    kill_9_mid_game("restart-xiangqi", GameKind::Xiangqi, 10).await;
}

#[tokio::test]
async fn hostile_input_gets_an_error_and_changes_nothing() {
    let mut config = config("hostile");
    config.limits.rooms_per_address = 3;
    config.limits.max_frame_bytes = 1000;
    config.limits.frames_per_second = 20;
    config.limits.frame_burst = 40;
    let address = start(config).await;
    let (mut alice, mut bob) = table(address, GameKind::Junqi, MoveClock::Off).await;
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
            r#"{"v":1,"msg":{"type":"act","action":99,"version":2}}"#,
            ErrorCode::BadFrame,
        ),
        (
            r#"{"v":1,"msg":{"type":"act","action":"q99","version":2}}"#,
            ErrorCode::IllegalAction,
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

    // Rooms and tokens that do not exist, and a Xiangqi room with Junqi's rules.
    for (message, code) in [
        (
            ClientMessage::Join {
                code: "ZZZZZZZZZZ".into(),
                seat: None,
            },
            ErrorCode::UnknownRoom,
        ),
        (
            ClientMessage::Watch { code: "x".into() },
            ErrorCode::UnknownRoom,
        ),
        (
            ClientMessage::Resume {
                code: "ZZZZZZZZZZ".into(),
                token: "00".into(),
                since: None,
            },
            ErrorCode::UnknownRoom,
        ),
        (
            ClientMessage::Resume {
                code: alice.code(),
                token: "0123456789abcdef0123456789abcdef".into(),
                since: None,
            },
            ErrorCode::BadToken,
        ),
        (
            ClientMessage::Act {
                action: "a1".into(),
                version: 2,
            },
            ErrorCode::NotInRoom,
        ),
        (
            ClientMessage::Join {
                code: alice.code(),
                seat: None,
            },
            ErrorCode::RoomFull,
        ),
        (
            ClientMessage::Create {
                game: GameKind::Xiangqi,
                rules: Some(Ruleset::default()),
                clock: MoveClock::Off,
                qiguo: None,
            },
            ErrorCode::BadFrame,
        ),
        // A Qiguo room needs its seats.
        (
            ClientMessage::Create {
                game: GameKind::Qiguo,
                rules: None,
                clock: MoveClock::Off,
                qiguo: None,
            },
            ErrorCode::BadFrame,
        ),
    ] {
        stranger.send(message).await;
        assert_eq!(stranger.error().await, code);
    }

    // Requests out of place.
    bob.act("a1").await;
    assert_eq!(bob.error().await, ErrorCode::NotYourTurn);
    for illegal in ["b3", "a1a2", "h2e2", "a1a1a1"] {
        alice.act(illegal).await;
        assert_eq!(alice.error().await, ErrorCode::IllegalAction, "{illegal}");
    }
    alice
        .send(ClientMessage::Act {
            action: "a1".into(),
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
            rules: None,
            clock: MoveClock::Off,
            qiguo: None,
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
        action: "a1".into(),
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
        Client::create(address, GameKind::Junqi, MoveClock::Off).await;
    }
    let mut greedy = Client::connect(address).await;
    greedy
        .send(ClientMessage::Create {
            game: GameKind::Xiangqi,
            rules: None,
            clock: MoveClock::Off,
            qiguo: None,
        })
        .await;
    assert_eq!(greedy.error().await, ErrorCode::TooManyRooms);

    // A frame far over the cap ends that connection, and only that one.
    let mut giant = Client::connect(address).await;
    let _ = giant
        .socket
        .send(Message::Text("x".repeat(1 << 20).into()))
        .await;
    giant.closed().await;

    // Nothing above changed the game but the one accepted flip, and the server still serves.
    bob.until_version(3).await;
    let room = bob.sync().await;
    assert_eq!(room.version, 3);
    assert_eq!(bob.replica().table.history().len(), 1);
    stranger.send(ClientMessage::Ping { nonce: 5 }).await;
    assert!(matches!(
        stranger.recv().await,
        ServerMessage::Pong { nonce: 5 }
    ));
}

#[tokio::test]
async fn resign_draws_and_rematches() {
    let address = start(config("endings")).await;
    let (mut alice, mut bob) = table(address, GameKind::Junqi, MoveClock::Off).await;
    bob.send(ClientMessage::Resign {}).await;
    alice.until_version(3).await;
    assert_eq!(
        alice.replica().end,
        Some(GameEnd {
            winner: Some(RoomSeat(0)),
            reason: EndReason::Resignation
        })
    );
    alice.send(ClientMessage::Resign {}).await;
    assert_eq!(alice.error().await, ErrorCode::GameOver);
    // Asking twice asks once.
    bob.send(ClientMessage::Rematch {}).await;
    bob.send(ClientMessage::Rematch {}).await;
    let asked = bob.sync().await;
    assert_eq!(asked.version, 4);
    assert!(asked.seats[1].rematch && !asked.seats[0].rematch);
    alice.send(ClientMessage::Rematch {}).await;
    alice.until_version(6).await;
    assert_eq!(alice.replica().to_move(), Some(RoomSeat(1)));

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
async fn a_finished_game_is_shared_as_a_gif_and_its_positions_as_pngs() {
    let address = start(config("pictures")).await;
    let (mut alice, mut bob) = table(address, GameKind::Xiangqi, MoveClock::Off).await;
    let code = alice.code();
    let gif = format!("/games/{code}/0.gif");
    let start = alice.version();
    // Not while the game is on.
    alice.act("h2e2").await;
    bob.until_version(start + 1).await;
    assert!(
        http_get(address, &gif, "")
            .await
            .starts_with("HTTP/1.1 404")
    );
    bob.act("h9g7").await;
    bob.until_version(start + 2).await;
    bob.send(ClientMessage::Resign {}).await;
    alice.until_version(start + 3).await;
    assert!(alice.replica().end.is_some());

    let response = http_get(address, &gif, "").await;
    assert!(response.starts_with("HTTP/1.1 200"), "{response:.300}");
    let head = response.to_ascii_lowercase();
    assert!(head.contains("content-type: image/gif"), "{response:.300}");
    assert!(
        head.contains("cache-control: public, max-age=86400, immutable"),
        "{response:.300}"
    );
    assert!(response.contains("GIF89a"));
    let png = http_get(address, &format!("/games/{code}/0/1.png"), "").await;
    assert!(png.starts_with("HTTP/1.1 200"), "{png:.300}");
    assert!(png.to_ascii_lowercase().contains("content-type: image/png"));
    assert!(png.contains("PNG"));
    // The code may be typed in small letters with a dash, as players write it.
    let typed = format!("{}-{}", &code[..5], &code[5..]).to_lowercase();
    let again = http_get(address, &format!("/games/{typed}/0.gif"), "").await;
    assert!(again.starts_with("HTTP/1.1 200"), "{again:.300}");
    // Each picture is drawn once, then served from memory with its entity tag; a client that
    // holds it gets 304.
    let etag = head
        .lines()
        .find_map(|line| line.strip_prefix("etag: "))
        .expect("an etag")
        .trim()
        .to_string();
    assert!(
        again
            .to_ascii_lowercase()
            .contains(&format!("etag: {etag}"))
    );
    assert_eq!(again.len(), response.len(), "the same picture");
    let held = http_get(address, &gif, &format!("If-None-Match: {etag}\r\n")).await;
    assert!(held.starts_with("HTTP/1.1 304"), "{held:.300}");
    assert!(
        held.to_ascii_lowercase().contains("immutable"),
        "{held:.300}"
    );
    let metrics = http_get(address, "/metrics", "").await;
    assert!(
        metrics.contains("kawu_pictures_drawn_total 2"),
        "one GIF and one PNG drawn: {}",
        metrics
            .lines()
            .filter(|line| line.contains("pictures"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    for missing in [
        "/games/K7QMZ3WX2P/0.gif".to_string(),
        format!("/games/{code}/1.gif"),
        format!("/games/{code}/0.png"),
        format!("/games/{code}/x.gif"),
        format!("/games/{code}/0/3.png"),
        format!("/games/{code}/0/a.png"),
    ] {
        let response = http_get(address, &missing, "").await;
        assert!(
            response.starts_with("HTTP/1.1 404"),
            "{missing}: {response:.200}"
        );
    }
}

#[tokio::test]
async fn a_reconnecting_player_gets_only_what_it_missed() {
    let address = start(config("resume")).await;
    let (mut alice, mut bob) = table(address, GameKind::Junqi, MoveClock::Off).await;
    let since = bob.version();
    disconnect(&mut bob, &mut alice).await;
    alice.act("e12").await;
    alice.until_version(3).await;
    let mut bob = bob.resume(address, Some(since)).await;
    let missed = missed_events(&mut bob, 1).await;
    assert_eq!(missed[0].0, 3);
    assert!(matches!(
        missed[0].1,
        RoomEvent::Played {
            seat: RoomSeat(0),
            ..
        }
    ));
}

#[tokio::test]
async fn resuming_a_seat_closes_the_connection_that_held_it() {
    let mut config = config("replaced");
    config.timing.grace = Duration::from_millis(300);
    let address = start(config).await;
    let (mut alice, mut bob) = table(address, GameKind::Xiangqi, MoveClock::Off).await;
    // Bob's seat taken back elsewhere while his first connection is still open.
    let mut elsewhere = bob.resume(address, None).await;
    elsewhere.until_sync().await;
    let code = bob.error().await;
    assert_eq!(code, ErrorCode::Replaced);
    bob.closed().await;
    // The seat stays present through the old connection's end: no grace period starts.
    tokio::time::sleep(Duration::from_millis(600)).await;
    let room = alice.sync().await;
    assert_eq!(
        room.seats
            .iter()
            .map(|seat| seat.connected)
            .collect::<Vec<_>>(),
        [true, true]
    );
    assert_eq!(room.end, None);
    alice.act("h2e2").await;
    elsewhere.until_version(3).await;
    elsewhere.act("h9g7").await;
    elsewhere.until_version(4).await;
    alice.until_version(4).await;
    // And once more: the second connection gives way to a third.
    let mut third = elsewhere.resume(address, Some(4)).await;
    assert_eq!(elsewhere.error().await, ErrorCode::Replaced);
    elsewhere.closed().await;
    alice.act("b2e2").await;
    assert_eq!(alice.error().await, ErrorCode::IllegalAction);
    alice.act("b0c2").await;
    third.until_version(5).await;
}

#[tokio::test]
async fn a_connection_that_enters_no_room_is_closed() {
    let mut config = config("lobby");
    config.timing.lobby = Duration::from_millis(400);
    let address = start(config).await;
    let player = Client::create(address, GameKind::Junqi, MoveClock::Off).await;
    let mut idle = Client::connect(address).await;
    // Pings answer but do not keep a connection that is in no room.
    idle.send(ClientMessage::Ping { nonce: 1 }).await;
    assert!(matches!(
        idle.recv().await,
        ServerMessage::Pong { nonce: 1 }
    ));
    let started = std::time::Instant::now();
    assert_eq!(idle.error().await, ErrorCode::Idle);
    idle.closed().await;
    assert!(started.elapsed() < Duration::from_secs(5));
    // A connection in a room stays.
    let mut player = player;
    tokio::time::sleep(Duration::from_millis(300)).await;
    player.send(ClientMessage::Ping { nonce: 2 }).await;
    player
        .until(|m| matches!(m, ServerMessage::Pong { nonce: 2 }).then_some(()))
        .await;
}

#[tokio::test]
async fn a_player_out_of_time_loses() {
    let mut config = config("clock");
    // One clock second lasts 20 ms: a 30 s move clock runs out in 0.6 s.
    config.timing.clock_second = Duration::from_millis(20);
    let address = start(config).await;
    for game in [GameKind::Junqi, GameKind::Xiangqi] {
        let (mut alice, mut bob) = table(address, game, MoveClock::Seconds30).await;
        let clock = alice
            .until(|m| match m {
                ServerMessage::Clock { seat, remaining_ms } => Some((*seat, *remaining_ms)),
                _ => None,
            })
            .await;
        assert_eq!(clock.0, RoomSeat(0));
        assert!(clock.1 <= 600);
        // Alice moves in time, Bob does not.
        let first = alice.replica().table.legal_actions()[0].clone();
        alice.act(&first).await;
        bob.until_version(4).await;
        assert_eq!(
            bob.replica().end,
            Some(GameEnd {
                winner: Some(RoomSeat(0)),
                reason: EndReason::OutOfTime
            }),
            "{game:?}"
        );
    }
}

#[tokio::test]
async fn a_player_gone_past_the_grace_period_loses() {
    let mut config = config("grace");
    config.timing.grace = Duration::from_millis(600);
    let address = start(config).await;
    for game in [GameKind::Junqi, GameKind::Xiangqi] {
        let (mut alice, mut bob) = table(address, game, MoveClock::Off).await;
        // Back within the grace period: nothing happens.
        disconnect(&mut bob, &mut alice).await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        let mut bob = bob.resume(address, None).await;
        bob.until_sync().await;
        tokio::time::sleep(Duration::from_millis(800)).await;
        assert_eq!(bob.sync().await.end, None);
        // Gone for good: Alice wins once the grace period is over.
        drop(bob);
        alice.until_version(3).await;
        assert_eq!(
            alice.replica().end,
            Some(GameEnd {
                winner: Some(RoomSeat(0)),
                reason: EndReason::Abandoned
            }),
            "{game:?}"
        );
    }
}

#[tokio::test]
async fn an_idle_room_expires() {
    let mut config = config("idle");
    config.timing.idle = Duration::from_millis(200);
    config.timing.grace = Duration::from_millis(100);
    let address = start(config).await;
    let alice = Client::create(address, GameKind::Xiangqi, MoveClock::Off).await;
    let code = alice.code();
    drop(alice);
    tokio::time::sleep(Duration::from_millis(600)).await;
    let mut bob = Client::connect(address).await;
    bob.send(ClientMessage::Join { code, seat: None }).await;
    assert_eq!(bob.error().await, ErrorCode::UnknownRoom);
}

#[tokio::test]
async fn a_single_node_has_no_link_for_other_nodes() {
    let address = start(config("no-cluster")).await;
    let response = http_get(address, "/cluster", "Authorization: Bearer x\r\n").await;
    assert!(response.starts_with("HTTP/1.1 404"), "{response}");
}

#[tokio::test]
async fn health_reports_rooms_connections_and_memory() {
    let address = start(config("health")).await;
    let _alice = Client::create(address, GameKind::Junqi, MoveClock::Off).await;
    let response = http_get(address, "/health", "").await;
    let body = response.split("\r\n\r\n").nth(1).unwrap();
    let health: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(health["status"], "ok");
    assert_eq!(health["rooms"], 1);
    assert_eq!(health["connections"], 1);
    assert!(health["rss_kib"].as_u64().is_some_and(|kib| kib > 0));
}

/// The value of the sample `name` (with its labels, as written) in a `/metrics` page.
fn metric(page: &str, name: &str) -> f64 {
    page.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in {page}"))
}

#[tokio::test]
async fn metrics_count_the_rooms_actions_and_refusals_of_a_game() {
    let address = start(config("metrics")).await;
    let (mut alice, mut bob) = table(address, GameKind::Xiangqi, MoveClock::Off).await;
    alice.act("a0a5").await;
    assert_eq!(alice.error().await, ErrorCode::IllegalAction);
    bob.act("h9g7").await;
    assert_eq!(bob.error().await, ErrorCode::NotYourTurn);
    for mv in XIANGQI_MATE {
        play_chosen([&mut alice, &mut bob], &mut [], |_| mv.to_string()).await;
    }
    let response = http_get(address, "/metrics", "").await;
    let (head, page) = split_response(&response);
    // The head comes lowercased.
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("text/plain"), "{head}");
    assert_eq!(metric(page, "kawu_rooms{game=\"xiangqi\"}"), 1.0);
    assert_eq!(metric(page, "kawu_connections"), 2.0);
    assert_eq!(metric(page, "kawu_actions_total{game=\"xiangqi\"}"), 5.0);
    assert_eq!(
        metric(page, "kawu_action_seconds_count{game=\"xiangqi\"}"),
        5.0
    );
    assert_eq!(
        metric(page, "kawu_refusals_total{code=\"illegal_action\"}"),
        1.0
    );
    assert_eq!(
        metric(page, "kawu_refusals_total{code=\"not_your_turn\"}"),
        1.0
    );
    // The room's writes: Bob's seat and five moves, the last with the game's end (the room
    // and its first seat are stored before its task starts).
    assert_eq!(metric(page, "kawu_commit_seconds_count"), 6.0);
    assert_eq!(metric(page, "kawu_computer_moves_total"), 0.0);
    // The page is the server's own: a second server counts nothing of this game.
    let other = start(config("metrics-other")).await;
    let response = http_get(other, "/metrics", "").await;
    let (_, page) = split_response(&response);
    assert!(!page.contains("kawu_actions_total{"), "{page}");
}

#[test]
fn the_server_logs_json_lines_in_the_spans_of_rooms_and_connections() {
    let data = data_folder("json-log");
    let mut server = std::process::Command::new(env!("CARGO_BIN_EXE_kawu-server"))
        .args([
            "--addr",
            "127.0.0.1:0",
            "--log-format",
            "json",
            "--log",
            "debug",
        ])
        .arg("--data")
        .arg(&data)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("kawu-server starts");
    let address = listening_address(&mut server);
    let code = tokio::runtime::Runtime::new().unwrap().block_on(async {
        let (mut alice, mut bob) = table(address, GameKind::Xiangqi, MoveClock::Off).await;
        alice.send(ClientMessage::Resign {}).await;
        bob.until(|message| {
            matches!(
                message,
                ServerMessage::Event {
                    event: RoomEvent::GameEnded { .. },
                    ..
                }
            )
            .then_some(())
        })
        .await;
        alice.code()
    });
    let _ = server.kill();
    let output = server.wait_with_output().unwrap();
    let log = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<serde_json::Value> = log
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}")))
        .collect();
    let ended = lines
        .iter()
        .find(|line| line["fields"]["message"] == "game ended")
        .unwrap_or_else(|| panic!("no game ended in {log}"));
    assert_eq!(ended["level"], "INFO");
    assert_eq!(ended["span"]["name"], "room");
    assert_eq!(ended["span"]["code"], code.as_str());
    assert_eq!(ended["span"]["game"], "xiangqi");
    assert!(
        ended["fields"]["reason"]
            .as_str()
            .unwrap()
            .contains("Resign")
    );
    assert!(
        lines
            .iter()
            .any(|line| line["fields"]["message"] == "connected"
                && line["span"]["name"] == "connection"
                && line["span"]["address"] == "127.0.0.1"),
        "{log}"
    );
}

#[test]
fn nonsense_settings_are_refused_with_the_flag_named() {
    let data = data_folder("nonsense-flags");
    for (flags, named) in [
        (&["--clock-second", "0"][..], "--clock-second"),
        (&["--computer-threads", "0"], "--computer-threads"),
        (&["--computer-nodes", "0"], "--computer-nodes"),
        (&["--frames-per-second", "0"], "--frames-per-second"),
        (&["--frame-burst", "0"], "--frame-burst"),
        (&["--max-frame-bytes", "10"], "--max-frame-bytes"),
        (&["--rooms-per-address", "0"], "--rooms-per-address"),
        (
            &["--connections-per-address", "0"],
            "--connections-per-address",
        ),
        (&["--takeback-wait-seconds", "0"], "--takeback-wait-seconds"),
        (&["--lobby-seconds", "0"], "--lobby-seconds"),
        (&["--idle-seconds", "0"], "--idle-seconds"),
        (
            &["--grace-seconds", "600", "--idle-seconds", "60"],
            "--grace-seconds",
        ),
        (&["--commit-delay-ms", "500"], "--commit-delay-ms"),
        (&["--commit-delay-ms=-1"], "--commit-delay-ms"),
        (&["--log", "info,=nonsense"], "--log"),
        (&["--log", "infoo"], "--log"),
        (&["--log", "info,kawu=verbose"], "--log"),
        (&["--grace-seconds", "0"], "--grace-seconds"),
        (
            &["--max-frame-bytes", "18446744073709551615"],
            "--max-frame-bytes",
        ),
        (&["--computer-threads", "100000"], "--computer-threads"),
        (&["--computer-nodes", "99999999999999"], "--computer-nodes"),
        (
            &["--frames-per-second", "4000000000"],
            "--frames-per-second",
        ),
        (&["--frame-burst", "20000"], "--frame-burst"),
        (&["--spectators-per-room", "20000"], "--spectators-per-room"),
        (&["--rooms-per-address", "2000000"], "--rooms-per-address"),
        (&["--cluster-address", "0.0.0.0:7878"], "--cluster-address"),
        (&["--cluster-address", "node-a"], "--cluster-address"),
        (&["--cluster-address", "node-a:0"], "--cluster-address"),
        (&["--cluster-address", "::1:7878"], "--cluster-address"),
        (&["--log-format", "xml"], "--log-format"),
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_kawu-server"))
            .args(["--addr", "127.0.0.1:0", "--data"])
            .arg(&data)
            .args(flags)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{flags:?}: {stderr}");
        assert!(stderr.contains(named), "{flags:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{flags:?}: {stderr}");
    }
    // The library refuses them too, for servers started in a process of their own.
    let mut config = config("nonsense-config");
    config.timing.clock_second = Duration::ZERO;
    let refused = tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(kawu::server::Server::open(config));
    assert!(refused.is_err_and(|error| error.to_string().contains("--clock-second")));
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

/// The head of an HTTP response, lower-cased, and its body.
fn split_response(response: &str) -> (String, &str) {
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    (head.to_lowercase(), body)
}

#[tokio::test]
async fn the_wasm_is_served_precompressed_as_wasm_with_its_encoding() {
    let web = data_folder("web-wasm");
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(web.join("kawu_bg.wasm"), "raw wasm").unwrap();
    std::fs::write(web.join("kawu_bg.wasm.br"), "brotli wasm").unwrap();
    std::fs::write(web.join("kawu_bg.wasm.gz"), "gzip wasm").unwrap();
    let mut config = config("web-wasm");
    config.web = Some(web);
    let address = start(config).await;
    for (accept, encoding, body) in [
        ("Accept-Encoding: br\r\n", Some("br"), "brotli wasm"),
        (
            "Accept-Encoding: gzip, deflate, br\r\n",
            Some("br"),
            "brotli wasm",
        ),
        ("Accept-Encoding: gzip\r\n", Some("gzip"), "gzip wasm"),
        ("Accept-Encoding: identity\r\n", None, "raw wasm"),
        ("", None, "raw wasm"),
    ] {
        let response = http_get(address, "/kawu_bg.wasm", accept).await;
        let (head, got) = split_response(&response);
        assert!(head.starts_with("http/1.1 200"), "{accept}: {head}");
        assert_eq!(got, body, "{accept}");
        assert!(
            head.contains("content-type: application/wasm\r\n"),
            "{accept}: {head}"
        );
        assert!(
            head.contains(&format!("content-length: {}\r\n", body.len())),
            "{accept}: {head}"
        );
        match encoding {
            Some(encoding) => assert!(
                head.contains(&format!("content-encoding: {encoding}\r\n")),
                "{accept}: {head}"
            ),
            None => assert!(!head.contains("content-encoding"), "{accept}: {head}"),
        }
        // Caches keep the encodings apart and ask before reusing a file.
        assert!(
            head.contains("vary: accept-encoding\r\n"),
            "{accept}: {head}"
        );
        assert!(
            head.contains("cache-control: no-cache\r\n"),
            "{accept}: {head}"
        );
        assert!(head.contains("last-modified: "), "{accept}: {head}");
    }
    // A second visit that still has the file downloads nothing.
    let response = http_get(address, "/kawu_bg.wasm", "Accept-Encoding: br\r\n").await;
    let modified = response
        .lines()
        .find_map(|line| {
            line.to_lowercase()
                .starts_with("last-modified: ")
                .then(|| &line[15..])
        })
        .unwrap();
    let again = http_get(
        address,
        "/kawu_bg.wasm",
        &format!("Accept-Encoding: br\r\nIf-Modified-Since: {modified}\r\n"),
    )
    .await;
    let (head, body) = split_response(&again);
    assert!(head.starts_with("http/1.1 304"), "{head}");
    assert!(body.is_empty());
}

#[tokio::test]
async fn durations_too_long_to_count_mean_never() {
    let mut config = config("long-durations");
    config.timing.clock_second = Duration::MAX;
    config.timing.grace = Duration::MAX;
    config.timing.idle = Duration::MAX;
    config.timing.lobby = Duration::MAX;
    let address = start(config).await;
    let mut lobby = Client::connect(address).await;
    let (mut alice, bob) = table(address, GameKind::Junqi, MoveClock::Seconds60).await;
    drop(bob);
    alice.act("a1").await;
    alice.until_version(3).await;
    let room = alice.sync().await;
    assert_eq!(room.end, None);
    assert_eq!(room.clock_ms, None);
    lobby.send(ClientMessage::Ping { nonce: 3 }).await;
    assert!(matches!(
        lobby.recv().await,
        ServerMessage::Pong { nonce: 3 }
    ));
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
        ["--takeback-wait-seconds", "-1"],
        ["--idle-seconds", "-5"],
        ["--lobby-seconds", "inf"],
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

    // Every limit is in the help, with its variable.
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_kawu-server"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    for flag in [
        "--lobby-seconds",
        "KAWU_LOBBY_SECONDS",
        "--idle-seconds",
        "--takeback-wait-seconds",
        "KAWU_TAKEBACK_WAIT_SECONDS",
    ] {
        assert!(help.contains(flag), "{flag} in {help}");
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

#[tokio::test]
async fn a_forged_client_address_from_an_untrusted_peer_is_ignored() {
    let mut config = config("untrusted-proxy");
    config.limits.rooms_per_address = 2;
    let address = start(config).await;
    // Each connection claims another client: none is believed, all count as 127.0.0.1.
    let mut open = Vec::new();
    for claimed in ["198.51.100.1", "198.51.100.2"] {
        open.push(Client::try_create_as(address, &Origin::forwarded_for(claimed)).await);
    }
    assert!(open.iter().all(Result::is_ok));
    let third = Client::try_create_as(address, &Origin::forwarded_for("198.51.100.3")).await;
    assert_eq!(third.err(), Some(ErrorCode::TooManyRooms));
    // A PROXY protocol header from it is no HTTP request: the connection is refused.
    let proxied = Origin::proxied("198.51.100.4".parse().unwrap());
    assert!(Client::try_connect_as(address, &proxied).await.is_err());
}

#[tokio::test]
async fn limits_count_the_client_a_trusted_proxy_names_an_ipv6_one_by_its_64() {
    let mut config = config("trusted-proxy");
    config.limits.rooms_per_address = 2;
    config.limits.connections_per_address = 3;
    config.trusted_proxies = vec![kawu::server::parse_network("127.0.0.1").unwrap()];
    let address = start(config).await;
    let proxied = |client: &str| Origin::proxied(client.parse().unwrap());
    let create = |origin: Origin| async move { Client::try_create_as(address, &origin).await };
    let mut open = Vec::new();
    // Through the PROXY protocol: each client its own rooms.
    for client in ["198.51.100.1", "198.51.100.1", "198.51.100.2"] {
        open.push(
            create(proxied(client))
                .await
                .expect("within the client's limit"),
        );
    }
    assert_eq!(
        create(proxied("198.51.100.1")).await.err(),
        Some(ErrorCode::TooManyRooms)
    );
    // A PROXY protocol version 1 line names the client as well: the same client, one limit.
    let proxied_v1 = |client: &str| Origin::proxied_v1(client.parse().unwrap());
    assert_eq!(
        create(proxied_v1("198.51.100.1")).await.err(),
        Some(ErrorCode::TooManyRooms)
    );
    open.push(
        create(proxied_v1("198.51.100.3"))
            .await
            .expect("198.51.100.3's own rooms"),
    );
    // Through X-Forwarded-For: the address the proxy appended, not what the client wrote.
    for forwarded in ["203.0.113.5", "198.51.100.1, 203.0.113.5"] {
        let origin = Origin::forwarded_for(forwarded);
        open.push(create(origin).await.expect("203.0.113.5's own rooms"));
    }
    let origin = Origin::forwarded_for("203.0.113.5");
    assert_eq!(create(origin).await.err(), Some(ErrorCode::TooManyRooms));
    // IPv6 clients in one /64 share its limit; the next /64 has its own.
    for client in ["2001:db8::1", "2001:db8::ffff:2"] {
        open.push(create(proxied(client)).await.expect("the /64's rooms"));
    }
    assert_eq!(
        create(proxied("2001:db8::3")).await.err(),
        Some(ErrorCode::TooManyRooms)
    );
    open.push(
        create(proxied("2001:db8:0:1::1"))
            .await
            .expect("another /64"),
    );
    // The proxy itself, without a header, is a client of its own.
    open.push(
        create(Origin::default())
            .await
            .expect("127.0.0.1's own rooms"),
    );
    // The connection limit counts the named client too: 198.51.100.1 holds two rooms' (its
    // third, refused, closed), may open one more and no other.
    let third = Client::try_connect_as(address, &proxied("198.51.100.1")).await;
    assert!(third.is_ok());
    let fourth = Client::try_connect_as(address, &proxied("198.51.100.1")).await;
    let refusal = fourth
        .err()
        .expect("198.51.100.1 has 3 connections already");
    assert!(refusal.contains("429"), "{refusal}");
    assert!(
        Client::try_connect_as(address, &proxied("198.51.100.9"))
            .await
            .is_ok()
    );
}

#[tokio::test]
async fn a_node_refuses_connections_and_rooms_past_its_own_caps() {
    let mut config = config("node-caps");
    config.limits.max_connections = 3;
    config.limits.max_rooms = 2;
    let address = start(config).await;
    let from = |host: u8| Origin::from(std::net::Ipv4Addr::new(127, 0, 3, host).into());
    let mut open = Vec::new();
    for host in 1..=2 {
        open.push(Client::try_create_as(address, &from(host)).await.unwrap());
    }
    // Another address still may not open a third room on this node.
    let refused = Client::try_create_as(address, &from(3)).await;
    assert_eq!(refused.err(), Some(ErrorCode::Unavailable));
    // Three connections in all (that refused one closed): a fourth gets 503.
    let third = Client::try_connect_as(address, &from(4)).await.unwrap();
    let fourth = Client::try_connect_as(address, &from(5)).await;
    let refusal = fourth.err().expect("the node is full");
    assert!(refusal.contains("503"), "{refusal}");
    drop(third);
}

#[tokio::test]
async fn plain_http_requests_are_limited_per_address() {
    let mut config = config("request-rate");
    config.limits.requests_per_second = 1;
    config.limits.request_burst = 3;
    let address = start(config).await;
    for _ in 0..3 {
        let answer = http_get(address, "/health", "").await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    }
    let answer = http_get(address, "/health", "").await;
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    assert!(
        answer.to_ascii_lowercase().contains("retry-after: 1"),
        "{answer}"
    );
    // WebSockets have limits of their own.
    Client::connect(address).await;
}

#[tokio::test]
async fn the_load_test_from_loopback_sources_keeps_within_per_address_limits() {
    let mut config = config("loopback-sources");
    config.limits.rooms_per_address = 1;
    config.limits.connections_per_address = 2;
    let address = start(config).await;
    let load = |sources: bool| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_kawu-cli"));
        command.args(["loadtest", "--addr", &address.to_string()]);
        command.args(["--games", "3", "--seconds", "0.5", "--think-ms", "50"]);
        if sources {
            command.arg("--loopback-sources");
        }
        tokio::task::spawn_blocking(move || command.output().unwrap())
    };
    let spread = load(true).await.unwrap();
    let report = String::from_utf8_lossy(&spread.stdout);
    assert!(
        spread.status.success(),
        "{report}{}",
        String::from_utf8_lossy(&spread.stderr)
    );
    assert!(report.contains("errors: 0"), "{report}");
    // From one address, the second table's room is one too many.
    let crowded = load(false).await.unwrap();
    assert!(!crowded.status.success());
    let refusal = String::from_utf8_lossy(&crowded.stderr);
    assert!(refusal.contains("table 1"), "{refusal}");
}

/// Sends `messages` in one write, so that the server reads them all at once.
async fn send_together<const N: usize>(client: &mut Client, messages: [ClientMessage; N]) {
    for message in messages {
        let text = serde_json::to_string(&Frame::new(message)).unwrap();
        client
            .socket
            .feed(Message::Text(text.into()))
            .await
            .unwrap();
    }
    client.socket.flush().await.unwrap();
}

#[tokio::test]
async fn a_ping_in_a_room_is_answered_after_everything_asked_before_it() {
    let address = start(config("ping-barrier")).await;
    let (mut alice, _bob) = table(address, GameKind::Xiangqi, MoveClock::Off).await;
    // Read by the server at once: the room stores the move before it answers the ping.
    let before = alice.version();
    let act = |action: &str, version| ClientMessage::Act {
        action: action.into(),
        version,
    };
    send_together(
        &mut alice,
        [act("h2e2", before), ClientMessage::Ping { nonce: 5 }],
    )
    .await;
    alice
        .until(|message| matches!(message, ServerMessage::Pong { nonce: 5 }).then_some(()))
        .await;
    assert_eq!(alice.version(), before + 1, "the move came before the pong");
    // A refusal comes before the pong too.
    let version = alice.version();
    send_together(
        &mut alice,
        [act("h9g7", version), ClientMessage::Ping { nonce: 6 }],
    )
    .await;
    let mut refused = None;
    alice
        .until(|message| match message {
            ServerMessage::Error { code, .. } => {
                refused = Some(*code);
                None
            }
            ServerMessage::Pong { nonce: 6 } => Some(()),
            _ => None,
        })
        .await;
    assert_eq!(refused, Some(ErrorCode::NotYourTurn));
}

/// A configuration for a Qiguo test: computers that search few nodes, so that whole games
/// take seconds.
fn qiguo_config(name: &str) -> Config {
    let mut config = config(name);
    config.limits.computer_nodes = Some(QUICK_COMPUTER_NODES);
    config
}

/// The node cap of the tests' computers.
const QUICK_COMPUTER_NODES: u64 = 300;

/// A Qiguo table's seats: the host, `friends` more people, then `computers` at Easy.
fn qiguo_seats(friends: usize, computers: usize, on_leave: OnLeave) -> QiguoSetup {
    let mut seats = vec![SeatPlan::Friend; 1 + friends];
    seats.extend(std::iter::repeat_n(
        SeatPlan::Computer(ComputerLevel::Easy),
        computers,
    ));
    QiguoSetup { seats, on_leave }
}

/// The seats that played a move in `events`.
fn movers(events: &[(u64, RoomEvent)]) -> std::collections::BTreeSet<u8> {
    events
        .iter()
        .filter_map(|(_, event)| match event {
            RoomEvent::Played { seat, played } => {
                assert!(matches!(played, Played::Qiguo(_)), "{played:?}");
                Some(seat.0)
            }
            _ => None,
        })
        .collect()
}

/// The result the rules give the final position: the reason and the single winner.
fn assert_rules_result(client: &Client) {
    let replica = client.replica();
    let position = replica.table.qiguo();
    let outcome = position.outcome().expect("the rules ended the game");
    let end = replica.end.expect("the room ended the game");
    let reason = match outcome.ending {
        qiguo::Ending::Hegemon(_) => EndReason::Hegemon,
        qiguo::Ending::LastSeat(_) => EndReason::LastSeat,
        qiguo::Ending::QuietLimit => EndReason::QuietLimit,
    };
    assert_eq!(end.reason, reason);
    let winners: Vec<_> = outcome.winners().collect();
    if winners.len() == 1 {
        let seats = replica.seats.len();
        let winner = (winners[0].index() + replica.first_seat.index()) % seats;
        assert_eq!(end.winner, Some(RoomSeat(winner as u8)));
    } else {
        assert_eq!(end.winner, None);
    }
}

#[tokio::test]
async fn four_qiguo_seats_two_people_and_two_server_computers_play_to_a_result() {
    let address = start(qiguo_config("qiguo-four")).await;
    let mut host = Client::create_qiguo(
        address,
        qiguo_seats(1, 2, OnLeave::Computer),
        MoveClock::Off,
    )
    .await;
    let room = host.sync().await;
    let GameState::Qiguo(state) = &room.game else {
        panic!("{room:?}");
    };
    assert_eq!(state.seat_states, ["wk", "ro", "bg", "p"]);
    assert_eq!(room.seats.len(), 4);
    assert_eq!(room.to_move, None, "a friend's seat is free");
    assert_eq!(room.seats[2].computer, Some(ComputerLevel::Easy));
    assert!(room.seats[2].taken && !room.seats[1].taken);
    let mut guest = Client::join(address, &host.code()).await;
    assert_eq!(guest.seat, Some(RoomSeat(1)));
    host.until_version(2).await;
    assert_eq!(host.replica().to_move(), Some(RoomSeat(0)));
    let mut watcher = Client::watch(address, &host.code()).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(28);
    let played = play_qiguo(&mut [&mut host, &mut guest], &mut rng, 5000).await;
    assert!(played > 10, "{played} moves of people");
    assert_rules_result(&host);
    let end = host.replica().end;
    assert_eq!(guest.replica().end, end);
    watcher.until_version(host.version()).await;
    assert_eq!(watcher.replica().end, end);
    assert_eq!(
        movers(&host.replica().events),
        [0, 1, 2, 3].into(),
        "every seat moved, the computer's too"
    );
    // The whole history comes with the room's state, and it rebuilds the same game.
    let room = guest.sync().await;
    let rebuilt = Replica::from_state(&room);
    assert_eq!(rebuilt.table.qiguo(), host.replica().table.qiguo());
    assert_eq!(rebuilt.end, end);
    // A rematch, once both people ask: the seats rotate.
    host.send(ClientMessage::Rematch {}).await;
    guest.send(ClientMessage::Rematch {}).await;
    let version = host.version() + 3;
    host.until_version(version).await;
    assert_eq!(host.replica().first_seat, RoomSeat(1));
    assert_eq!(host.replica().to_move(), Some(RoomSeat(1)));
    let room = host.sync().await;
    let GameState::Qiguo(state) = &room.game else {
        panic!("{room:?}");
    };
    assert_eq!(state.seat_states, ["p", "wk", "ro", "bg"]);
}

#[tokio::test]
async fn seven_qiguo_seats_one_person_and_six_computers_play_to_a_result() {
    let address = start(qiguo_config("qiguo-seven")).await;
    let mut host = Client::create_qiguo(
        address,
        qiguo_seats(0, 6, OnLeave::Computer),
        MoveClock::Off,
    )
    .await;
    // Every other seat is the computer's: the game is on at once.
    assert_eq!(host.replica().to_move(), Some(RoomSeat(0)));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    play_qiguo(&mut [&mut host], &mut rng, 5000).await;
    assert_rules_result(&host);
    assert_eq!(movers(&host.replica().events).len(), 7);
}

/// Reads until `event` arrives; returns its version.
async fn until_event(client: &mut Client, event: &RoomEvent) -> u64 {
    client
        .until(|message| match message {
            ServerMessage::Event {
                version,
                event: heard,
            } if heard == event => Some(*version),
            _ => None,
        })
        .await
}

#[tokio::test]
async fn a_dropped_qiguo_player_is_covered_by_the_computer_and_takes_the_seat_back() {
    let mut config = qiguo_config("qiguo-grace");
    config.timing.grace = Duration::from_millis(300);
    let address = start(config).await;
    let mut host = Client::create_qiguo(
        address,
        qiguo_seats(1, 1, OnLeave::Computer),
        MoveClock::Off,
    )
    .await;
    let mut guest = Client::join(address, &host.code()).await;
    host.until_version(2).await;
    // Three seats: the host holds Zhao, Yan and Qin, the guest Chu and Han.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    play_qiguo(&mut [&mut host, &mut guest], &mut rng, 4).await;
    disconnect(&mut guest, &mut host).await;
    // The host plays on; once the grace period is over the computer covers the guest's seat.
    let covered = RoomEvent::Covered { seat: RoomSeat(1) };
    while !host.replica().seats[1].covered {
        if host.replica().to_move() == Some(RoomSeat(0)) {
            play_qiguo(&mut [&mut host], &mut rng, 1).await;
        } else {
            until_event(&mut host, &covered).await;
        }
    }
    // The computer moves for the guest's seat: Chu and Han move on.
    let covered_at = host.version();
    while host.replica().end.is_none()
        && !host.replica().events.iter().any(|(version, event)| {
            *version > covered_at
                && matches!(
                    event,
                    RoomEvent::Played {
                        seat: RoomSeat(1),
                        ..
                    }
                )
        })
    {
        play_qiguo(&mut [&mut host], &mut rng, 1).await;
    }
    assert!(host.replica().end.is_none(), "the game went on");
    let room = host.sync().await;
    assert!(room.seats[1].covered && !room.seats[1].connected);
    // The guest comes back with the seat's token and takes it back; the table is told.
    let mut guest = guest.resume(address, None).await;
    guest.until_sync().await;
    let uncovered = RoomEvent::Uncovered { seat: RoomSeat(1) };
    until_event(&mut guest, &uncovered).await;
    let version = guest.version();
    host.until_version(version).await;
    assert!(!host.replica().seats[1].covered);
    // From now on the guest's seat waits for the guest, and the guest plays it.
    let guest_moves = |guest: &Client| {
        guest
            .replica()
            .events
            .iter()
            .filter(|(_, event)| {
                matches!(
                    event,
                    RoomEvent::Played {
                        seat: RoomSeat(1),
                        ..
                    }
                )
            })
            .count()
    };
    let before = guest_moves(&guest);
    play_qiguo(&mut [&mut host, &mut guest], &mut rng, 12).await;
    let after = guest_moves(&guest);
    assert!(
        guest.replica().end.is_some() || after > before,
        "the guest moved again"
    );
    assert!(!guest.sync().await.seats[1].covered);
}

#[tokio::test]
async fn a_qiguo_player_who_leaves_for_good_resigns_or_hands_the_seat_to_the_computer() {
    let address = start(qiguo_config("qiguo-leave")).await;
    for on_leave in [OnLeave::Resign, OnLeave::Computer] {
        let mut host =
            Client::create_qiguo(address, qiguo_seats(1, 1, on_leave), MoveClock::Off).await;
        let mut guest = Client::join(address, &host.code()).await;
        host.until_version(2).await;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        play_qiguo(&mut [&mut host, &mut guest], &mut rng, 2).await;
        guest.send(ClientMessage::Leave {}).await;
        until_event(&mut guest, &RoomEvent::SeatLeft { seat: RoomSeat(1) }).await;
        let room = guest.sync().await;
        assert!(room.seats[1].left);
        assert_eq!(room.seats[1].computer, Some(ComputerLevel::Medium));
        let position = Replica::from_state(&room).table.qiguo().clone();
        let guest_seat = qiguo::Seat::new(2).unwrap();
        match on_leave {
            OnLeave::Resign => assert!(!position.seat_is_live(guest_seat)),
            OnLeave::Computer => assert!(position.seat_is_live(guest_seat)),
        }
        // The guest watches now, and its token no longer takes the seat.
        guest.act("a1a2").await;
        assert_eq!(guest.error().await, ErrorCode::NotSeated);
        let mut again = Client::connect(address).await;
        again
            .send(ClientMessage::Resume {
                code: host.code(),
                token: guest.token.clone().unwrap(),
                since: None,
            })
            .await;
        assert_eq!(again.error().await, ErrorCode::BadToken);
        // The game goes on without them, to its end.
        host.until_version(room.version).await;
        play_qiguo(&mut [&mut host], &mut rng, 5000).await;
        assert_rules_result(&host);
    }
}

#[tokio::test]
async fn hostile_qiguo_input_gets_an_error_and_changes_nothing() {
    let address = start(qiguo_config("qiguo-hostile")).await;
    let mut stranger = Client::connect(address).await;
    // Malformed seats.
    for text in [
        r#"{"v":1,"msg":{"type":"create","game":"qiguo","qiguo":{"seats":["friend","friend"]}}}"#,
        r#"{"v":1,"msg":{"type":"create","game":"qiguo","qiguo":{"seats":["friend","friend","friend","friend","friend","friend","friend","friend"]}}}"#,
        r#"{"v":1,"msg":{"type":"create","game":"qiguo","qiguo":{"seats":[{"computer":"easy"},"friend","friend"]}}}"#,
        r#"{"v":1,"msg":{"type":"create","game":"qiguo","qiguo":{"seats":["friend","robot","friend"]}}}"#,
        r#"{"v":1,"msg":{"type":"create","game":"qiguo","qiguo":{"seats":["friend",{"computer":"random"},"friend"]}}}"#,
        r#"{"v":1,"msg":{"type":"create","game":"qiguo","qiguo":{"seats":["friend","friend","friend"]},"rules":{}}}"#,
        r#"{"v":1,"msg":{"type":"create","game":"qiguo"}}"#,
        r#"{"v":1,"msg":{"type":"create","game":"xiangqi","qiguo":{"seats":["friend","friend","friend"]}}}"#,
        r#"{"v":1,"msg":{"type":"join","code":"ZZZZZZZZZZ","seat":"one"}}"#,
    ] {
        stranger.send_text(text).await;
        let error = stranger.error().await;
        assert!(
            matches!(error, ErrorCode::BadFrame | ErrorCode::UnknownRoom),
            "{text}: {error:?}"
        );
    }
    // A room of four: the host, two friends' seats, and the computer on seat 3.
    let mut host = Client::create_qiguo(
        address,
        qiguo_seats(2, 1, OnLeave::Computer),
        MoveClock::Off,
    )
    .await;
    let code = host.code();
    let join = |seat: u8| ClientMessage::Join {
        code: code.clone(),
        seat: Some(RoomSeat(seat)),
    };
    for (message, error) in [
        (join(0), ErrorCode::SeatTaken),
        (join(3), ErrorCode::SeatTaken),
        (join(4), ErrorCode::BadFrame),
        (join(200), ErrorCode::BadFrame),
    ] {
        let mut client = Client::connect(address).await;
        client.send(message.clone()).await;
        assert_eq!(client.error().await, error, "{message:?}");
    }
    // A friend takes seat 2 by name: seat 1 stays free, and the game waits.
    let mut second = Client::enter(address, join(2)).await;
    assert_eq!(second.seat, Some(RoomSeat(2)));
    host.until_version(2).await;
    // Only the host starts; before the start nobody moves.
    second.send(ClientMessage::Start { level: None }).await;
    assert_eq!(second.error().await, ErrorCode::NotHost);
    host.act("e10j15").await;
    assert_eq!(host.error().await, ErrorCode::NotStarted);
    // A third friend takes the last free seat; a fourth finds the room full.
    let mut first = Client::join(address, &code).await;
    assert_eq!(first.seat, Some(RoomSeat(1)));
    let mut late = Client::connect(address).await;
    late.send(ClientMessage::Join {
        code: code.clone(),
        seat: None,
    })
    .await;
    assert_eq!(late.error().await, ErrorCode::RoomFull);
    host.until_version(3).await;
    host.send(ClientMessage::Start { level: None }).await;
    assert_eq!(host.error().await, ErrorCode::IllegalAction);
    // Acting for another seat: it is the host's turn (Qin), not seat 1's or seat 2's.
    second.until_version(3).await;
    first.act("f5f6").await;
    assert_eq!(first.error().await, ErrorCode::NotYourTurn);
    second.act("e10j15").await;
    assert_eq!(second.error().await, ErrorCode::NotYourTurn);
    // Not a move, a move of another state, a draw offer: all refused.
    host.act("e10").await;
    assert_eq!(host.error().await, ErrorCode::IllegalAction);
    host.act("f5f6").await;
    assert_eq!(host.error().await, ErrorCode::IllegalAction);
    host.send(ClientMessage::OfferDraw {}).await;
    assert_eq!(host.error().await, ErrorCode::NotInThisGame);
    let room = host.sync().await;
    assert_eq!(room.version, 3, "nothing changed");
    assert_eq!(room.to_move, Some(RoomSeat(0)));
    // Leaving and starting are Qiguo's alone.
    let (mut alice, _bob) = table(address, GameKind::Xiangqi, MoveClock::Off).await;
    alice.send(ClientMessage::Leave {}).await;
    assert_eq!(alice.error().await, ErrorCode::NotInThisGame);
    alice.send(ClientMessage::Start { level: None }).await;
    assert_eq!(alice.error().await, ErrorCode::NotInThisGame);
}

#[tokio::test]
async fn the_host_starts_a_qiguo_game_early_and_the_computer_takes_the_free_seats() {
    let address = start(qiguo_config("qiguo-start")).await;
    let mut host = Client::create_qiguo(
        address,
        qiguo_seats(4, 0, OnLeave::Computer),
        MoveClock::Off,
    )
    .await;
    let code = host.code();
    let mut guest = Client::join(address, &code).await;
    host.until_version(2).await;
    host.send(ClientMessage::Start { level: None }).await;
    host.until_version(5).await;
    let seated: Vec<_> = host.replica().events[1..]
        .iter()
        .map(|(_, event)| event.clone())
        .collect();
    assert_eq!(
        seated,
        [2, 3, 4].map(|seat| RoomEvent::ComputerSeated {
            seat: RoomSeat(seat),
            level: ComputerLevel::Medium
        })
    );
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    play_qiguo(&mut [&mut host, &mut guest], &mut rng, 30).await;
    assert!(movers(&host.replica().events).contains(&4));
}

/// A Qiguo room with computer seats survives `kill -9`: after a restart the people take their
/// seats back, nothing acknowledged is lost, and the computers play on.
#[tokio::test]
async fn kill_9_mid_qiguo_game_resumes_the_room_and_its_computers() {
    let data = data_folder("qiguo-restart");
    let nodes = QUICK_COMPUTER_NODES.to_string();
    let args = ["--computer-nodes", nodes.as_str()];
    let server = ServerProcess::spawn_with(&data, &args);
    let mut host = Client::create_qiguo(
        server.address,
        qiguo_seats(1, 2, OnLeave::Computer),
        MoveClock::Seconds60,
    )
    .await;
    let mut guest = Client::join(server.address, &host.code()).await;
    host.until_version(2).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
    play_qiguo(&mut [&mut host, &mut guest], &mut rng, 8).await;
    assert!(host.replica().end.is_none(), "the game is on");
    let acknowledged = host.replica().table.history();
    drop(server);

    let server = ServerProcess::spawn_with(&data, &args);
    let mut host = host.resume(server.address, None).await;
    let mut guest = guest.resume(server.address, Some(guest.version())).await;
    host.until_sync().await;
    guest.until_version(host.version()).await;
    assert!(host.replica().table.history().starts_with(&acknowledged));
    assert_eq!(
        guest.replica().table.history(),
        host.replica().table.history()
    );
    let room = host.sync().await;
    assert_eq!(room.game.kind(), GameKind::Qiguo);
    assert_eq!(room.seats[2].computer, Some(ComputerLevel::Easy));
    play_qiguo(&mut [&mut host, &mut guest], &mut rng, 5000).await;
    assert_rules_result(&host);
    assert!(movers(&host.replica().events).is_superset(&[2, 3].into()));
}

#[tokio::test]
async fn a_qiguo_seat_whose_clock_runs_out_leaves_the_board_and_the_others_play_on() {
    let mut config = qiguo_config("qiguo-clock");
    config.timing.clock_second = Duration::from_millis(10);
    let address = start(config).await;
    let mut host = Client::create_qiguo(
        address,
        qiguo_seats(0, 2, OnLeave::Computer),
        MoveClock::Seconds30,
    )
    .await;
    let clock = host
        .until(|message| match message {
            ServerMessage::Clock { seat, remaining_ms } => Some((*seat, *remaining_ms)),
            _ => None,
        })
        .await;
    assert_eq!(clock.0, RoomSeat(0));
    assert!(clock.1 <= 300, "{clock:?}");
    // The host holds Zhao, Yan and Qin, and lets Qin's time run out.
    let withdrew = RoomEvent::Withdrew {
        seat: RoomSeat(0),
        states: "wpk".into(),
        reason: WithdrawReason::OutOfTime,
    };
    until_event(&mut host, &withdrew).await;
    assert!(
        !host
            .replica()
            .table
            .qiguo()
            .seat_is_live(qiguo::Seat::new(1).unwrap())
    );
    // The two computers play it out between them.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(30);
    play_qiguo(&mut [&mut host], &mut rng, 5000).await;
    assert_rules_result(&host);
    assert_ne!(host.replica().end.unwrap().winner, Some(RoomSeat(0)));
}

#[tokio::test]
async fn a_thinking_computer_holds_up_no_other_room() {
    // Hard computers at their full node count, on one thinker thread: a search takes a while
    // (seconds in the test build).
    let mut config = config("qiguo-busy");
    config.limits.computer_threads = 1;
    let address = start(config).await;
    let setup = QiguoSetup {
        seats: vec![
            SeatPlan::Friend,
            SeatPlan::Computer(ComputerLevel::Hard),
            SeatPlan::Computer(ComputerLevel::Hard),
        ],
        on_leave: OnLeave::Computer,
    };
    let mut host = Client::create_qiguo(address, setup, MoveClock::Off).await;
    host.act("e10j15").await;
    host.until_version(2).await;
    // Chu's computer is thinking now; meanwhile a Xiangqi room plays on, and (the test's
    // runtime has one thread) so does everything else.
    let (mut alice, mut bob) = table(address, GameKind::Xiangqi, MoveClock::Off).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(31);
    play(&mut alice, &mut bob, &mut [], &mut rng, 10).await;
    assert_eq!(alice.version(), 12);
    let room = host.sync().await;
    assert_eq!(room.version, 2, "the computer is still thinking");
    // And then it answers.
    host.until_version(3).await;
    assert!(matches!(
        host.replica().events.last(),
        Some((
            3,
            RoomEvent::Played {
                seat: RoomSeat(1),
                ..
            }
        ))
    ));
}

/// `client` sends `message`, and reads until the room event it causes; returns that event.
async fn event_after(client: &mut Client, message: ClientMessage) -> RoomEvent {
    client.send(message).await;
    client
        .until(|message| match message {
            ServerMessage::Event { event, .. } => Some(event.clone()),
            ServerMessage::Error { code, message, .. } => panic!("{code:?}: {message}"),
            _ => None,
        })
        .await
}

/// `client` sends `message` and reads the error refusing it.
async fn refused(client: &mut Client, message: ClientMessage) -> ErrorCode {
    client.send(message).await;
    client.error().await
}

/// The server's state of the room agrees with `client`'s replica: the same history and the
/// same pending takeback, which has some of its default wait left.
async fn assert_server_agrees(client: &mut Client) {
    let room = client.sync().await;
    let rebuilt = Replica::from_state(&room);
    assert_eq!(rebuilt.table.history(), client.replica().table.history());
    assert_eq!(without_time_left(&room), client.replica().takeback);
    if let Some(takeback) = &room.takeback {
        let left = takeback
            .remaining_ms
            .expect("a pending request says its time left");
        assert!(left <= Timing::default().takeback_wait.as_millis() as u64);
    }
    assert_eq!(room.to_move, client.replica().to_move());
}

/// The room's pending takeback request without its time left (which only the server knows).
fn without_time_left(room: &RoomState) -> Option<TakebackRequest> {
    room.takeback.clone().map(|takeback| TakebackRequest {
        remaining_ms: None,
        ..takeback
    })
}

/// Whether a Junqi action text is a move (two points) rather than a flip (one).
fn is_junqi_move(action: &str) -> bool {
    matches!(action.parse(), Ok(Action::Move { .. }))
}

#[tokio::test]
async fn a_junqi_move_that_revealed_nothing_is_taken_back_and_a_flip_is_not() {
    let address = start(config("takeback-junqi")).await;
    let (mut alice, mut bob) = table(address, GameKind::Junqi, MoveClock::Off).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(6);
    // Flip at random until the player to move can move a piece; then that player moves.
    let mut moved = false;
    for _ in 0..200 {
        let replica = alice.replica();
        let mover_is_alice = replica.to_move() == alice.seat;
        let actions = replica.table.legal_actions();
        if let Some(action) = actions.iter().find(|action| is_junqi_move(action)) {
            let action = action.clone();
            let (mover, other) = if mover_is_alice {
                (&mut alice, &mut bob)
            } else {
                (&mut bob, &mut alice)
            };
            let before = mover.replica().table.clone();
            let version = mover.version();
            mover.act(&action).await;
            mover.until_version(version + 1).await;
            other.until_version(version + 1).await;
            assert!(mover.replica().end.is_none(), "a first move ends no game");
            // The mover asks; the request says one action goes, and it revealed nothing.
            let asked = event_after(mover, ClientMessage::AskTakeback {}).await;
            let seat = mover.seat.unwrap();
            assert_eq!(asked, takeback_asked(seat, 1));
            other.until_version(mover.version()).await;
            assert_server_agrees(other).await;
            let granted = event_after(other, ClientMessage::AnswerTakeback { accept: true }).await;
            assert_eq!(granted, RoomEvent::TakenBack { seat, plies: 1 });
            mover.until_version(other.version()).await;
            assert_eq!(
                mover.replica().table.junqi().view().to_jfen(),
                before.junqi().view().to_jfen()
            );
            assert_eq!(mover.replica().to_move(), Some(seat));
            assert_server_agrees(mover).await;
            moved = true;
            break;
        }
        play_chosen([&mut alice, &mut bob], &mut [], |actions| {
            actions[rng.random_range(0..actions.len())].clone()
        })
        .await;
    }
    assert!(moved, "a piece could move within 200 flips");

    // A flip cannot be unseen: neither alone nor under the opponent's answer.
    let flip = |actions: &[String]| {
        actions
            .iter()
            .find(|action| !is_junqi_move(action))
            .expect("a face-down piece is left")
            .clone()
    };
    play_chosen([&mut alice, &mut bob], &mut [], flip).await;
    let (flipper, other) = if alice.replica().to_move() == alice.seat {
        (&mut bob, &mut alice)
    } else {
        (&mut alice, &mut bob)
    };
    let version = flipper.version();
    assert_eq!(
        refused(flipper, ClientMessage::AskTakeback {}).await,
        ErrorCode::TakebackReveals
    );
    assert_eq!(
        refused(other, ClientMessage::AskTakeback {}).await,
        ErrorCode::TakebackReveals,
        "the opponent's last action is under the flip"
    );
    assert_eq!(flipper.sync().await.version, version, "nothing changed");
}

#[tokio::test]
async fn xiangqi_takebacks_are_granted_declined_withdrawn_and_lapse_with_a_move() {
    let address = start(config("takeback-xiangqi")).await;
    let (mut alice, mut bob) = table(address, GameKind::Xiangqi, MoveClock::Seconds60).await;
    let mut watcher = Client::watch(address, &alice.code()).await;
    let moves = |client: &Client| -> Vec<String> {
        client
            .replica()
            .table
            .xiangqi()
            .moves()
            .iter()
            .map(|played| played.mv.to_string())
            .collect()
    };
    let step = async |mover: &mut Client, other: &mut Client, mv: &str| {
        mover.until_version(other.version()).await;
        let version = mover.version();
        mover.act(mv).await;
        mover.until_version(version + 1).await;
        other.until_version(version + 1).await;
    };

    // Declined: Alice may not ask again before a move.
    step(&mut alice, &mut bob, "h2e2").await;
    let asked = event_after(&mut alice, ClientMessage::AskTakeback {}).await;
    assert_eq!(asked, takeback_asked(RoomSeat(0), 1));
    bob.until_version(alice.version()).await;
    let declined = event_after(&mut bob, ClientMessage::AnswerTakeback { accept: false }).await;
    assert_eq!(declined, RoomEvent::TakebackDeclined { seat: RoomSeat(1) });
    alice.until_version(bob.version()).await;
    assert_eq!(
        refused(&mut alice, ClientMessage::AskTakeback {}).await,
        ErrorCode::TakebackAskedAlready
    );

    // Withdrawn; then a move by the one asked lets the asker ask again, which lapses with the
    // next move.
    step(&mut bob, &mut alice, "h9g7").await;
    let asked = event_after(&mut alice, ClientMessage::AskTakeback {}).await;
    assert_eq!(
        asked,
        takeback_asked(RoomSeat(0), 2),
        "on her turn Alice's last move is two plies back"
    );
    let withdrawn = event_after(&mut alice, ClientMessage::WithdrawTakeback {}).await;
    assert_eq!(
        withdrawn,
        RoomEvent::TakebackWithdrawn { seat: RoomSeat(0) }
    );
    bob.until_version(alice.version()).await;
    step(&mut alice, &mut bob, "c3c4").await;
    event_after(&mut alice, ClientMessage::AskTakeback {}).await;
    bob.until_version(alice.version()).await;
    step(&mut bob, &mut alice, "c6c5").await;
    assert_eq!(bob.replica().takeback, None, "a move ends the request");
    assert_eq!(
        refused(&mut bob, ClientMessage::AnswerTakeback { accept: true }).await,
        ErrorCode::NoTakeback
    );
    assert_server_agrees(&mut alice).await;

    // Granted, one ply (Bob's own) and then two (Alice's and Bob's answer).
    let asked = event_after(&mut bob, ClientMessage::AskTakeback {}).await;
    assert_eq!(asked, takeback_asked(RoomSeat(1), 1));
    alice.until_version(bob.version()).await;
    assert_eq!(
        refused(&mut bob, ClientMessage::AnswerTakeback { accept: true }).await,
        ErrorCode::NoTakeback,
        "nobody answers their own request"
    );
    let granted = event_after(&mut alice, ClientMessage::AnswerTakeback { accept: true }).await;
    assert_eq!(
        granted,
        RoomEvent::TakenBack {
            seat: RoomSeat(1),
            plies: 1
        }
    );
    // The seat to move after the rewind gets a whole move's time.
    let (seat, remaining_ms) = alice
        .until(|message| match message {
            ServerMessage::Clock { seat, remaining_ms } => Some((*seat, *remaining_ms)),
            _ => None,
        })
        .await;
    assert_eq!(seat, RoomSeat(1));
    assert!(remaining_ms > 50_000, "{remaining_ms}");
    assert_eq!(moves(&alice), ["h2e2", "h9g7", "c3c4"]);
    assert_eq!(alice.replica().to_move(), Some(RoomSeat(1)));
    step(&mut bob, &mut alice, "b9c7").await;
    let asked = event_after(&mut alice, ClientMessage::AskTakeback {}).await;
    assert_eq!(asked, takeback_asked(RoomSeat(0), 2));
    bob.until_version(alice.version()).await;
    event_after(&mut bob, ClientMessage::AnswerTakeback { accept: true }).await;
    alice.until_version(bob.version()).await;
    watcher.until_version(bob.version()).await;
    assert_eq!(moves(&alice), ["h2e2", "h9g7"]);
    assert_eq!(moves(&watcher), moves(&alice));
    assert_eq!(alice.replica().to_move(), Some(RoomSeat(0)));
    assert_server_agrees(&mut bob).await;
    // The game goes on from the rewound position.
    step(&mut alice, &mut bob, "b0c2").await;
    assert_eq!(moves(&bob), ["h2e2", "h9g7", "b0c2"]);
}

#[tokio::test]
async fn hostile_takeback_requests_get_an_error_and_change_nothing() {
    let address = start(config("takeback-hostile")).await;
    let mut alice = Client::create(address, GameKind::Xiangqi, MoveClock::Off).await;
    assert_eq!(
        refused(&mut alice, ClientMessage::AskTakeback {}).await,
        ErrorCode::NotStarted
    );
    let mut bob = Client::join(address, &alice.code()).await;
    alice.until_version(2).await;
    let mut watcher = Client::watch(address, &alice.code()).await;
    let mut stranger = Client::connect(address).await;
    for (text, code) in [
        (
            r#"{"v":1,"msg":{"type":"answer_takeback"}}"#,
            ErrorCode::BadFrame,
        ),
        (
            r#"{"v":1,"msg":{"type":"answer_takeback","accept":"yes"}}"#,
            ErrorCode::BadFrame,
        ),
        (
            r#"{"v":1,"msg":{"type":"ask_takeback","plies":5}}"#,
            ErrorCode::BadFrame,
        ),
    ] {
        alice.send_text(text).await;
        assert_eq!(alice.error().await, code, "{text}");
    }
    assert_eq!(
        refused(&mut stranger, ClientMessage::AskTakeback {}).await,
        ErrorCode::NotInRoom
    );
    assert_eq!(
        refused(&mut alice, ClientMessage::AskTakeback {}).await,
        ErrorCode::NothingToTakeBack
    );
    for message in [
        ClientMessage::AnswerTakeback { accept: true },
        ClientMessage::WithdrawTakeback {},
    ] {
        assert_eq!(
            refused(&mut bob, message).await,
            ErrorCode::NoTakeback,
            "nothing is pending"
        );
    }
    alice.act("h2e2").await;
    alice.until_version(3).await;
    bob.until_version(3).await;
    assert_eq!(
        refused(&mut bob, ClientMessage::AskTakeback {}).await,
        ErrorCode::NothingToTakeBack,
        "Bob has not moved"
    );
    for message in [
        ClientMessage::AskTakeback {},
        ClientMessage::AnswerTakeback { accept: true },
    ] {
        assert_eq!(refused(&mut watcher, message).await, ErrorCode::NotSeated);
    }
    event_after(&mut alice, ClientMessage::AskTakeback {}).await;
    bob.until_version(4).await;
    assert_eq!(
        refused(&mut alice, ClientMessage::AskTakeback {}).await,
        ErrorCode::TakebackPending
    );
    assert_eq!(
        refused(&mut bob, ClientMessage::AskTakeback {}).await,
        ErrorCode::TakebackPending
    );
    assert_eq!(
        refused(&mut bob, ClientMessage::WithdrawTakeback {}).await,
        ErrorCode::NoTakeback,
        "only the asker withdraws"
    );
    assert_eq!(
        refused(&mut alice, ClientMessage::AnswerTakeback { accept: true }).await,
        ErrorCode::NoTakeback
    );
    assert_eq!(alice.sync().await.version, 4, "nothing changed");
    // A resignation ends the request with the game, and nothing is taken back after it.
    event_after(&mut bob, ClientMessage::Resign {}).await;
    alice.until_version(5).await;
    assert_eq!(alice.replica().takeback, None);
    for message in [
        ClientMessage::AskTakeback {},
        ClientMessage::AnswerTakeback { accept: true },
    ] {
        assert_eq!(refused(&mut bob, message).await, ErrorCode::GameOver);
    }
    assert_eq!(alice.sync().await.takeback, None);
}

/// The first legal action of the person to move, played by them; every client catches up.
async fn qiguo_step(clients: &mut [&mut Client]) {
    let to_move = clients[0].replica().to_move().expect("the game is on");
    let version = clients[0].version();
    let mover = clients
        .iter_mut()
        .find(|client| client.seat == Some(to_move))
        .expect("a person is to move");
    mover.until_version(version).await;
    let action = mover.replica().table.legal_actions()[0].clone();
    mover.act(&action).await;
    mover.until_version(version + 1).await;
    for client in clients.iter_mut() {
        client.until_version(version + 1).await;
    }
}

/// Reads until the person `seat` is to move (the computers playing meanwhile).
async fn until_to_move(client: &mut Client, seat: RoomSeat) {
    while client.replica().to_move() != Some(seat) {
        if let ServerMessage::Error { code, message, .. } = client.recv().await {
            panic!("{code:?}: {message}");
        }
    }
}

#[tokio::test]
async fn a_qiguo_takeback_needs_every_person_and_the_computer_thinks_again() {
    let address = start(qiguo_config("takeback-qiguo")).await;
    // The host, the computer, and two friends.
    let setup = QiguoSetup {
        seats: vec![
            SeatPlan::Friend,
            SeatPlan::Computer(ComputerLevel::Easy),
            SeatPlan::Friend,
            SeatPlan::Friend,
        ],
        on_leave: OnLeave::Computer,
    };
    let mut host = Client::create_qiguo(address, setup, MoveClock::Off).await;
    let mut ann = Client::join(address, &host.code()).await;
    let mut ben = Client::join(address, &host.code()).await;
    assert_eq!((ann.seat, ben.seat), (Some(RoomSeat(2)), Some(RoomSeat(3))));
    host.until_version(3).await;
    ann.until_version(3).await;

    // The host moves (Qin), the computer answers (Chu, Zhao), Ann moves (Han, Wei): Ben is
    // to move (Qi).
    qiguo_step(&mut [&mut host, &mut ann, &mut ben]).await;
    until_to_move(&mut host, RoomSeat(2)).await;
    ann.until_version(host.version()).await;
    ben.until_version(host.version()).await;
    qiguo_step(&mut [&mut host, &mut ann, &mut ben]).await;
    qiguo_step(&mut [&mut host, &mut ann, &mut ben]).await;
    assert_eq!(host.replica().to_move(), Some(RoomSeat(3)));
    let before = host.replica().table.clone();
    assert_eq!(before.history_len(), 5);

    // All five moves would go; Ann accepts, Ben declines.
    let asked = event_after(&mut host, ClientMessage::AskTakeback {}).await;
    assert_eq!(asked, takeback_asked(RoomSeat(0), 5));
    ann.until_version(host.version()).await;
    let accepted = event_after(&mut ann, ClientMessage::AnswerTakeback { accept: true }).await;
    assert_eq!(accepted, RoomEvent::TakebackAccepted { seat: RoomSeat(2) });
    assert_eq!(
        refused(&mut ann, ClientMessage::AnswerTakeback { accept: true }).await,
        ErrorCode::NoTakeback,
        "one answer each"
    );
    ben.until_version(ann.version()).await;
    assert_server_agrees(&mut ben).await;
    assert_eq!(
        ben.replica().takeback.as_ref().unwrap().accepted,
        [RoomSeat(2)]
    );
    let declined = event_after(&mut ben, ClientMessage::AnswerTakeback { accept: false }).await;
    assert_eq!(declined, RoomEvent::TakebackDeclined { seat: RoomSeat(3) });
    host.until_version(ben.version()).await;
    ann.until_version(ben.version()).await;
    assert_eq!(host.replica().table.history(), before.history());

    // Ben moves; the host (Yan to move) asks again, six steps now, and both accept.
    qiguo_step(&mut [&mut host, &mut ann, &mut ben]).await;
    assert_eq!(host.replica().to_move(), Some(RoomSeat(0)));
    let asked = event_after(&mut host, ClientMessage::AskTakeback {}).await;
    assert_eq!(asked, takeback_asked(RoomSeat(0), 6));
    ann.until_version(host.version()).await;
    ben.until_version(host.version()).await;
    event_after(&mut ben, ClientMessage::AnswerTakeback { accept: true }).await;
    ann.until_version(ben.version()).await;
    let granted = event_after(&mut ann, ClientMessage::AnswerTakeback { accept: true }).await;
    assert_eq!(
        granted,
        RoomEvent::TakenBack {
            seat: RoomSeat(0),
            plies: 6
        }
    );
    host.until_version(ann.version()).await;
    assert_eq!(host.replica().table.history_len(), 0);
    assert_eq!(host.replica().to_move(), Some(RoomSeat(0)));
    assert_server_agrees(&mut host).await;

    // The host plays another first move, and the computer thinks again from there.
    let version = host.version();
    let other_move = host.replica().table.legal_actions()[1].clone();
    host.act(&other_move).await;
    until_to_move(&mut host, RoomSeat(2)).await;
    let replayed = &host.replica().events;
    assert!(
        replayed.iter().any(|(at, event)| *at > version
            && matches!(
                event,
                RoomEvent::Played {
                    seat: RoomSeat(1),
                    ..
                }
            )),
        "the computer moved after the takeback"
    );
    assert_eq!(host.replica().table.history_len(), 3);
    assert_server_agrees(&mut host).await;
}

#[tokio::test]
async fn a_person_against_computers_takes_back_at_once() {
    let address = start(qiguo_config("takeback-alone")).await;
    let mut host = Client::create_qiguo(
        address,
        qiguo_seats(0, 2, OnLeave::Computer),
        MoveClock::Off,
    )
    .await;
    qiguo_step(&mut [&mut host]).await;
    until_to_move(&mut host, RoomSeat(0)).await;
    // Qin (the host), Chu and Han, Qi and Wei (the computers): Zhao, the host's, is to move.
    assert_eq!(host.replica().table.history_len(), 5);
    let asked = event_after(&mut host, ClientMessage::AskTakeback {}).await;
    assert_eq!(asked, takeback_asked(RoomSeat(0), 5));
    let granted = host
        .until(|message| match message {
            ServerMessage::Event { event, .. } => Some(event.clone()),
            _ => None,
        })
        .await;
    assert_eq!(
        granted,
        RoomEvent::TakenBack {
            seat: RoomSeat(0),
            plies: 5
        },
        "computers accept on their own"
    );
    assert_eq!(host.replica().table.history_len(), 0);
}

/// A takeback is stored like any event: after `kill -9` and a restart, a pending request and a
/// granted takeback come back from storage, in the whole state and in the missed events.
#[tokio::test]
async fn a_takeback_survives_kill_9_and_the_room_resumes_rewound() {
    let data = data_folder("takeback-restart");
    let server = ServerProcess::spawn(&data);
    let (mut alice, mut bob) = table(server.address, GameKind::Xiangqi, MoveClock::Off).await;
    for (index, mv) in ["h2e2", "h9g7", "b2b4"].into_iter().enumerate() {
        let (mover, other) = if index % 2 == 0 {
            (&mut alice, &mut bob)
        } else {
            (&mut bob, &mut alice)
        };
        mover.act(mv).await;
        mover.until_version(3 + index as u64).await;
        other.until_version(3 + index as u64).await;
    }
    event_after(&mut alice, ClientMessage::AskTakeback {}).await;
    bob.until_version(alice.version()).await;
    drop(server);

    let server = ServerProcess::spawn(&data);
    let mut alice = alice.resume(server.address, Some(alice.version())).await;
    let mut bob = bob.resume(server.address, None).await;
    let room = bob.until_sync().await;
    assert_eq!(
        without_time_left(&room),
        Some(TakebackRequest {
            seat: RoomSeat(0),
            plies: 1,
            accepted: Vec::new(),
            remaining_ms: None,
        }),
        "the pending request came back"
    );
    let before_answer = bob.replica.clone();
    event_after(&mut bob, ClientMessage::AnswerTakeback { accept: true }).await;
    alice.until_version(bob.version()).await;
    let rewound = alice.replica().table.history();
    assert_eq!(rewound.len(), 2);
    drop(server);

    let server = ServerProcess::spawn(&data);
    let mut alice = alice.resume(server.address, None).await;
    let room = alice.until_sync().await;
    assert_eq!(Replica::from_state(&room).table.history(), rewound);
    assert_eq!(room.to_move, Some(RoomSeat(0)));
    assert_eq!(room.takeback, None);
    // Bob, asking for what he missed since before the takeback, hears it again.
    bob.replica = before_answer;
    let mut bob = bob.resume(server.address, Some(bob.version())).await;
    bob.until_version(alice.version()).await;
    assert_eq!(bob.replica().table.history(), rewound);
    alice.act("b2b4").await;
    alice.until_version(bob.version() + 1).await;
}

#[tokio::test]
async fn a_covered_seat_accepts_a_takeback_on_its_own() {
    let mut config = qiguo_config("takeback-covered");
    config.timing.grace = Duration::from_millis(300);
    let address = start(config).await;
    let mut host = Client::create_qiguo(
        address,
        qiguo_seats(1, 1, OnLeave::Computer),
        MoveClock::Off,
    )
    .await;
    let mut guest = Client::join(address, &host.code()).await;
    host.until_version(2).await;
    // Qin (the host), Chu and Han (the guest), Qi and Wei (the computer): the host is to move.
    qiguo_step(&mut [&mut host, &mut guest]).await;
    qiguo_step(&mut [&mut host, &mut guest]).await;
    qiguo_step(&mut [&mut host, &mut guest]).await;
    until_to_move(&mut host, RoomSeat(0)).await;
    assert_eq!(host.replica().table.history_len(), 5);
    let asked = event_after(&mut host, ClientMessage::AskTakeback {}).await;
    assert_eq!(asked, takeback_asked(RoomSeat(0), 5));
    // The guest goes without answering; covered past the grace period, the seat accepts.
    disconnect(&mut guest, &mut host).await;
    until_event(&mut host, &RoomEvent::Covered { seat: RoomSeat(1) }).await;
    let granted = host
        .until(|message| match message {
            ServerMessage::Event { event, .. } => Some(event.clone()),
            _ => None,
        })
        .await;
    assert_eq!(
        granted,
        RoomEvent::TakenBack {
            seat: RoomSeat(0),
            plies: 5
        }
    );
    assert_eq!(host.replica().table.history_len(), 0);
    assert_server_agrees(&mut host).await;
}

/// The takeback wait of the lapse tests, and the `takeback_asked` event with it.
const QUICK_WAIT: Duration = Duration::from_millis(400);

fn quickly_asked(seat: RoomSeat, plies: u32) -> RoomEvent {
    RoomEvent::TakebackAsked {
        seat,
        plies,
        wait_ms: QUICK_WAIT.as_millis() as u64,
    }
}

/// Reads pongs until the one for `nonce`: everything the server sent before it was read.
async fn pinged(client: &mut Client, nonce: u64) {
    client.send(ClientMessage::Ping { nonce }).await;
    client
        .until(|message| {
            matches!(message, ServerMessage::Pong { nonce: heard } if *heard == nonce).then_some(())
        })
        .await;
}

#[tokio::test]
async fn an_unanswered_takeback_lapses_after_its_wait_and_an_answered_one_does_not() {
    let mut config = config("takeback-lapse");
    config.timing.takeback_wait = QUICK_WAIT;
    let address = start(config).await;
    let (mut alice, mut bob) = table(address, GameKind::Xiangqi, MoveClock::Off).await;
    let mut watcher = Client::watch(address, &alice.code()).await;
    alice.act("h2e2").await;
    alice.until_version(3).await;
    bob.until_version(3).await;

    // Bob does not answer: the request is pending a while, then lapses for everyone.
    let asked = event_after(&mut alice, ClientMessage::AskTakeback {}).await;
    assert_eq!(asked, quickly_asked(RoomSeat(0), 1));
    let room = bob.sync().await;
    let left = room
        .takeback
        .expect("pending")
        .remaining_ms
        .expect("a wait");
    assert!(
        left <= QUICK_WAIT.as_millis() as u64,
        "{left} ms left of a {QUICK_WAIT:?} wait"
    );
    let lapsed = RoomEvent::TakebackLapsed { seat: RoomSeat(0) };
    let version = until_event(&mut alice, &lapsed).await;
    assert_eq!(version, 5);
    assert_eq!(until_event(&mut bob, &lapsed).await, 5);
    assert_eq!(until_event(&mut watcher, &lapsed).await, 5);
    assert_eq!(bob.sync().await.takeback, None);
    assert_server_agrees(&mut alice).await;
    // Off the table as if declined: no answer now, no second request before a move.
    assert_eq!(
        refused(&mut bob, ClientMessage::AnswerTakeback { accept: true }).await,
        ErrorCode::NoTakeback
    );
    assert_eq!(
        refused(&mut alice, ClientMessage::AskTakeback {}).await,
        ErrorCode::TakebackAskedAlready
    );

    // They play on; a request declined at once does not lapse later.
    bob.act("h9g7").await;
    bob.until_version(6).await;
    alice.until_version(6).await;
    alice.act("b2b4").await;
    alice.until_version(7).await;
    bob.until_version(7).await;
    event_after(&mut alice, ClientMessage::AskTakeback {}).await;
    bob.until_version(8).await;
    let declined = event_after(&mut bob, ClientMessage::AnswerTakeback { accept: false }).await;
    assert_eq!(declined, RoomEvent::TakebackDeclined { seat: RoomSeat(1) });
    tokio::time::sleep(QUICK_WAIT * 2).await;
    pinged(&mut alice, 1).await;
    pinged(&mut watcher, 2).await;
    assert_eq!(
        (alice.version(), watcher.version()),
        (9, 9),
        "nothing lapsed"
    );
    bob.act("a6a5").await;
    bob.until_version(10).await;
    alice.until_version(10).await;
    assert_eq!(alice.replica().table.history().len(), 4);
}

#[tokio::test]
async fn a_qiguo_computer_held_by_an_unanswered_takeback_moves_once_it_lapses() {
    // The computer at its own Easy budget searches far longer than a request takes to come.
    let mut config = config("takeback-lapse-qiguo");
    config.timing.takeback_wait = QUICK_WAIT;
    let address = start(config).await;
    // The host (Qin, Zhao, Yan), the computer (Chu, Han), a friend (Qi, Wei).
    let setup = QiguoSetup {
        seats: vec![
            SeatPlan::Friend,
            SeatPlan::Computer(ComputerLevel::Easy),
            SeatPlan::Friend,
        ],
        on_leave: OnLeave::Computer,
    };
    let mut host = Client::create_qiguo(address, setup, MoveClock::Off).await;
    let mut guest = Client::join(address, &host.code()).await;
    assert_eq!(guest.seat, Some(RoomSeat(2)));
    host.until_version(2).await;

    // The host moves Qin and asks at once, while the computer (Chu) thinks: the move it
    // finds is for a version that is gone.
    let action = host.replica().table.legal_actions()[0].clone();
    host.act(&action).await;
    host.until_version(3).await;
    let asked = event_after(&mut host, ClientMessage::AskTakeback {}).await;
    assert_eq!(asked, quickly_asked(RoomSeat(0), 1));
    let asked_at = host.version();
    assert_eq!(
        host.replica().to_move(),
        Some(RoomSeat(1)),
        "the computer's turn"
    );

    // The guest does not answer: the computer waits for the lapse, then moves.
    let lapsed = RoomEvent::TakebackLapsed { seat: RoomSeat(0) };
    assert_eq!(until_event(&mut host, &lapsed).await, asked_at + 1);
    until_to_move(&mut host, RoomSeat(2)).await;
    let moved = host.replica().events.iter().any(|(at, event)| {
        *at > asked_at + 1
            && matches!(
                event,
                RoomEvent::Played {
                    seat: RoomSeat(1),
                    ..
                }
            )
    });
    assert!(moved, "the computer moved after the lapse");
    guest.until_version(host.version()).await;
    assert!(guest.replica().events.contains(&(asked_at + 1, lapsed)));
    assert_server_agrees(&mut guest).await;
    // The guest plays on.
    qiguo_step(&mut [&mut guest, &mut host]).await;
}

/// A pending request is stored: after `kill -9` and a restart it is in the room again, with
/// its whole wait, and lapses then.
#[tokio::test]
async fn a_takeback_pending_at_a_restart_lapses_after_it() {
    let data = data_folder("takeback-lapse-restart");
    let wait = ["--takeback-wait-seconds", "3"];
    let server = ServerProcess::spawn_with(&data, &wait);
    let (mut alice, mut bob) = table(server.address, GameKind::Xiangqi, MoveClock::Off).await;
    alice.act("h2e2").await;
    alice.until_version(3).await;
    bob.until_version(3).await;
    let asked = event_after(&mut alice, ClientMessage::AskTakeback {}).await;
    assert_eq!(
        asked,
        RoomEvent::TakebackAsked {
            seat: RoomSeat(0),
            plies: 1,
            wait_ms: 3000
        }
    );
    bob.until_version(4).await;
    drop(server);

    let server = ServerProcess::spawn_with(&data, &wait);
    let mut alice = alice.resume(server.address, Some(alice.version())).await;
    let mut bob = bob.resume(server.address, None).await;
    let room = bob.until_sync().await;
    let pending = room.takeback.expect("the request came back");
    assert_eq!((pending.seat, pending.plies), (RoomSeat(0), 1));
    assert!(pending.remaining_ms.is_some_and(|left| left <= 3000));
    let lapsed = RoomEvent::TakebackLapsed { seat: RoomSeat(0) };
    assert_eq!(until_event(&mut bob, &lapsed).await, 5);
    assert_eq!(until_event(&mut alice, &lapsed).await, 5);
    bob.act("h9g7").await;
    alice.until_version(6).await;
}

/// The mover's Qiguo move in `client`'s copy of the game: a Ruler capture if `capture_ruler`
/// and one is legal, else (none when `capture_ruler`, quiet when not) a random move.
fn chosen_qiguo_move(
    client: &Client,
    capture_ruler: bool,
    rng: &mut Xoshiro256PlusPlus,
) -> (String, bool) {
    let position = client.replica().table.qiguo();
    let mut captures = qiguo::MoveList::new();
    position.legal_captures(&mut captures);
    let takes_ruler = |mv: &qiguo::Move| {
        position
            .piece_at(mv.to())
            .is_some_and(|piece| piece.kind == qiguo::Kind::Ruler)
    };
    if capture_ruler && let Some(mv) = captures.iter().find(|mv| takes_ruler(mv)) {
        return (mv.to_string(), true);
    }
    let mut moves = qiguo::MoveList::new();
    position.legal_moves(&mut moves);
    moves.retain(|mv| !takes_ruler(mv) && (capture_ruler || !position.is_capture(*mv)));
    (moves[rng.random_range(0..moves.len())].to_string(), false)
}

/// The person to move plays `action`; every client catches up.
async fn qiguo_play(clients: &mut [Client], action: &str) {
    let version = clients[0].version();
    let mover = clients[0].replica().to_move().expect("the game is on");
    clients[mover.index()].act(action).await;
    for client in clients.iter_mut() {
        client.until_version(version + 1).await;
    }
}

/// Qiguo: a takeback that undoes a Ruler capture brings the eliminated seat back. That seat,
/// with no state on the board, is not asked (its only sensible answer is yes); every other
/// person is, and once they accept, its army is on the board again and it plays its turns.
#[tokio::test]
async fn a_takeback_of_a_ruler_capture_brings_back_the_seat_it_eliminated_without_asking_it() {
    let address = start(qiguo_config("takeback-eliminated")).await;
    let setup = QiguoSetup {
        seats: vec![SeatPlan::Friend; 7],
        on_leave: OnLeave::Computer,
    };
    let host = Client::create_qiguo(address, setup, MoveClock::Off).await;
    let code = host.code();
    let mut clients = vec![host];
    for seat in 1..7 {
        let guest = Client::join(address, &code).await;
        assert_eq!(guest.seat, Some(RoomSeat(seat)));
        clients.push(guest);
    }
    for client in &mut clients {
        client.until_version(7).await;
    }
    let GameState::Qiguo(table) = clients[0].sync().await.game else {
        panic!("a Qiguo room");
    };
    // Seven seats: one state each.
    let state_of = |seat: usize| {
        qiguo::State::from_letter(table.seat_states[seat].chars().next().unwrap()).unwrap()
    };

    // Random moves until a Ruler can be taken, and it is.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(28);
    let capturer = loop {
        assert!(clients[0].version() < 200, "no Ruler taken in 190 moves");
        let mover = clients[0].replica().to_move().expect("the game is on");
        let (action, takes_ruler) = chosen_qiguo_move(&clients[0], true, &mut rng);
        qiguo_play(&mut clients, &action).await;
        if takes_ruler {
            break mover.index();
        }
    };
    let position = clients[0].replica().table.qiguo().clone();
    assert_eq!(position.ending(), None, "one Ruler does not end the game");
    let gone: Vec<usize> = (0..7)
        .filter(|&seat| !position.is_live(state_of(seat)))
        .collect();
    let [eliminated] = gone[..] else {
        panic!("one seat eliminated, not {gone:?}");
    };

    // The capturer asks; the eliminated seat is not asked, the five others are.
    let asked = event_after(&mut clients[capturer], ClientMessage::AskTakeback {}).await;
    assert_eq!(asked, takeback_asked(RoomSeat(capturer as u8), 1));
    let mut version = clients[capturer].version();
    clients[eliminated].until_version(version).await;
    assert_eq!(
        refused(
            &mut clients[eliminated],
            ClientMessage::AnswerTakeback { accept: true }
        )
        .await,
        ErrorCode::NoTakeback,
        "the eliminated seat is not asked"
    );
    let answering: Vec<usize> = (0..7)
        .filter(|&seat| seat != capturer && seat != eliminated)
        .collect();
    for (count, &seat) in answering.iter().enumerate() {
        let client = &mut clients[seat];
        client.until_version(version).await;
        let answered = event_after(client, ClientMessage::AnswerTakeback { accept: true }).await;
        let expected = if count + 1 < answering.len() {
            RoomEvent::TakebackAccepted {
                seat: RoomSeat(seat as u8),
            }
        } else {
            RoomEvent::TakenBack {
                seat: RoomSeat(capturer as u8),
                plies: 1,
            }
        };
        assert_eq!(answered, expected);
        version = client.version();
    }
    for client in &mut clients {
        client.until_version(version).await;
    }
    assert!(
        clients[0]
            .replica()
            .table
            .qiguo()
            .is_live(state_of(eliminated)),
        "its army is back"
    );
    assert_server_agrees(&mut clients[eliminated]).await;

    // Quiet moves until the seat's turn, and it plays.
    while clients[0].replica().to_move() != Some(RoomSeat(eliminated as u8)) {
        let (action, _) = chosen_qiguo_move(&clients[0], false, &mut rng);
        qiguo_play(&mut clients, &action).await;
    }
    let (action, _) = chosen_qiguo_move(&clients[0], false, &mut rng);
    qiguo_play(&mut clients, &action).await;
    assert!(matches!(
        clients[0].replica().events.last(),
        Some((_, RoomEvent::Played { seat, .. })) if seat.index() == eliminated
    ));
}

/// Reads the next `count` messages, whatever they are.
async fn next_messages(client: &mut Client, count: usize) -> Vec<ServerMessage> {
    let mut messages = Vec::with_capacity(count);
    for _ in 0..count {
        messages.push(client.recv().await);
    }
    messages
}

/// Pings, and the pong is the next message: nothing else was on its way to `client`.
async fn nothing_before_pong(client: &mut Client, nonce: u64) {
    client.send(ClientMessage::Ping { nonce }).await;
    assert_eq!(client.recv().await, ServerMessage::Pong { nonce });
}

/// A Qiguo room of `seats` friends' seats, every one taken: the host first, then the
/// friends in seat order; every client has seen the last seat taken.
async fn qiguo_friends(address: SocketAddr, seats: usize) -> Vec<Client> {
    let setup = qiguo_seats(seats - 1, 0, OnLeave::Computer);
    let host = Client::create_qiguo(address, setup, MoveClock::Off).await;
    let code = host.code();
    let mut clients = vec![host];
    for seat in 1..seats {
        let guest = Client::join(address, &code).await;
        assert_eq!(guest.seat, Some(RoomSeat(seat as u8)));
        clients.push(guest);
    }
    for client in &mut clients {
        client.until_version(seats as u64).await;
    }
    clients
}

/// `seat` resigns; every client catches up with the events it causes (`count` of them).
async fn qiguo_resign(clients: &mut [Client], seat: usize, count: u64) {
    let version = clients[0].version() + count;
    clients[seat].send(ClientMessage::Resign {}).await;
    for client in clients.iter_mut() {
        client.until_version(version).await;
    }
}

/// The room seat playing `state` in game 0 (room seat `s` plays game seat `s + 1`).
fn qiguo_room_seat(position: &qiguo::Position, state: qiguo::State) -> usize {
    position.seating().seat(state).index()
}

/// The game seat room seat `seat` plays in game 0.
fn qiguo_game_seat(seat: usize) -> qiguo::Seat {
    qiguo::Seat::new(seat as u8 + 1).expect("a room seat of a Qiguo table")
}

/// `start` is checked as every request in a room is, and the first check it fails names the
/// error: the connection (in no room, a spectator), the room's game, the host, and last the
/// state of the game.
#[tokio::test]
async fn start_is_refused_by_the_first_check_it_fails() {
    let address = start(qiguo_config("start-order")).await;
    // Three friends' seats and no computer: nothing moves unless a person moves it.
    let mut clients = qiguo_friends(address, 3).await;
    let code = clients[0].code();
    let mut watcher = Client::watch(address, &code).await;
    let mut stranger = Client::connect(address).await;
    let start_now = || ClientMessage::Start { level: None };
    assert_eq!(
        refused(&mut stranger, start_now()).await,
        ErrorCode::NotInRoom
    );

    // The game is on: a spectator is not seated, a friend is not the host, the host is late.
    assert_eq!(
        refused(&mut watcher, start_now()).await,
        ErrorCode::NotSeated
    );
    assert_eq!(
        refused(&mut clients[1], start_now()).await,
        ErrorCode::NotHost
    );
    assert_eq!(
        refused(&mut clients[0], start_now()).await,
        ErrorCode::IllegalAction
    );

    // The host and Ann resign: Ben's seat is the last on the board, and the game is over.
    qiguo_resign(&mut clients, 0, 1).await;
    qiguo_resign(&mut clients, 1, 2).await;
    assert_eq!(
        clients[0].replica().end,
        Some(GameEnd {
            winner: Some(RoomSeat(2)),
            reason: EndReason::LastSeat
        })
    );
    // After the end, the same order.
    assert_eq!(
        refused(&mut watcher, start_now()).await,
        ErrorCode::NotSeated
    );
    for friend in [1, 2] {
        assert_eq!(
            refused(&mut clients[friend], start_now()).await,
            ErrorCode::NotHost
        );
    }
    assert_eq!(
        refused(&mut clients[0], start_now()).await,
        ErrorCode::IllegalAction
    );
    // A friend who left the seat for good watches: not seated.
    clients[1].send(ClientMessage::Leave {}).await;
    until_event(&mut clients[1], &RoomEvent::SeatLeft { seat: RoomSeat(1) }).await;
    assert_eq!(
        refused(&mut clients[1], start_now()).await,
        ErrorCode::NotSeated
    );

    // In a two-player room too the connection comes before the room's game.
    let (mut alice, _bob) = table(address, GameKind::Junqi, MoveClock::Off).await;
    let mut junqi_watcher = Client::watch(address, &alice.code()).await;
    assert_eq!(
        refused(&mut junqi_watcher, start_now()).await,
        ErrorCode::NotSeated
    );
    assert_eq!(
        refused(&mut alice, start_now()).await,
        ErrorCode::NotInThisGame
    );
}

/// A frame over the cap gets `too_large` and the connection stays, up to four times the cap
/// and at least 64 KiB; a frame larger still ends the connection at once, with no error frame.
#[tokio::test]
async fn a_frame_far_over_the_cap_ends_the_connection_without_an_error_frame() {
    let mut config = config("frame-cap");
    config.limits.max_frame_bytes = 1000;
    let address = start(config).await;
    let mut client = Client::connect(address).await;
    // A frame of the cap is read (this one holds no message); one byte more is not.
    client.send_text(&"x".repeat(1000)).await;
    assert_eq!(client.error().await, ErrorCode::BadFrame);
    client.send_text(&"x".repeat(1001)).await;
    assert_eq!(client.error().await, ErrorCode::TooLarge);
    // Four times 1000 bytes is less than 64 KiB: a frame of 65536 bytes is still answered.
    client.send_text(&"x".repeat(65536)).await;
    assert_eq!(client.error().await, ErrorCode::TooLarge);
    nothing_before_pong(&mut client, 1).await;
    // One byte more, and the connection ends without a word.
    let _ = client
        .socket
        .send(Message::Text("x".repeat(65537).into()))
        .await;
    loop {
        let next = tokio::time::timeout(
            Duration::from_secs(10),
            futures_util::StreamExt::next(&mut client.socket),
        )
        .await
        .expect("the server ends the connection");
        match next {
            Some(Ok(Message::Text(text))) => panic!("a frame before the end: {text}"),
            Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
            Some(Ok(_)) => {}
        }
    }
}

/// A Qiguo capture that makes its seat the hegemon and also leaves only that seat on the
/// board ends the game as `hegemon`: the rules look for a hegemon first.
#[tokio::test]
async fn a_qiguo_capture_that_makes_a_hegemon_and_leaves_one_seat_ends_it_as_hegemon() {
    let address = start(qiguo_config("qiguo-hegemon-last-seat")).await;
    // Seven seats: one state each, so a Ruler taken takes a whole seat off the board.
    let mut clients = qiguo_friends(address, 7).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(41);
    // Random moves until a Ruler can be taken, and it is: its taker is the attacker.
    let attacker = loop {
        assert!(clients[0].version() < 400, "no Ruler taken");
        let mover = clients[0].replica().to_move().expect("the game is on");
        let (action, takes_ruler) = chosen_qiguo_move(&clients[0], true, &mut rng);
        qiguo_play(&mut clients, &action).await;
        if takes_ruler {
            break mover.index();
        }
    };
    // Nobody else takes a Ruler; once the attacker can take a second one, every other seat
    // resigns but the victim's, and the attacker takes it.
    loop {
        assert!(
            clients[0].version() < 3000,
            "no second Ruler for {attacker}"
        );
        let mover = clients[0].replica().to_move().expect("the game is on");
        let position = clients[0].replica().table.qiguo().clone();
        if mover.index() == attacker
            && let Some((blow, resigning)) = final_blow(&position, attacker)
        {
            for seat in resigning {
                qiguo_resign(&mut clients, seat, 1).await;
                assert_eq!(clients[0].replica().end, None);
            }
            let version = clients[0].version();
            clients[attacker].act(&blow.to_string()).await;
            for client in &mut clients {
                client.until_version(version + 2).await;
            }
            break;
        }
        let mut moves = qiguo::MoveList::new();
        position.legal_moves(&mut moves);
        moves.retain(|mv| {
            position
                .piece_at(mv.to())
                .is_none_or(|piece| piece.kind != qiguo::Kind::Ruler)
        });
        let action = moves[rng.random_range(0..moves.len())].to_string();
        qiguo_play(&mut clients, &action).await;
    }
    let replica = clients[0].replica();
    let position = replica.table.qiguo();
    // Both hold: one seat captured two Rulers, and every state on the board is that seat's.
    assert_eq!(
        position.seat_captures(qiguo_game_seat(attacker)).1,
        qiguo::HEGEMON_RULERS
    );
    assert!(
        qiguo::State::ALL.into_iter().all(|state| {
            !position.is_live(state) || qiguo_room_seat(position, state) == attacker
        })
    );
    assert_eq!(
        replica.events.last().map(|(_, event)| event.clone()),
        Some(RoomEvent::GameEnded {
            end: GameEnd {
                winner: Some(RoomSeat(attacker as u8)),
                reason: EndReason::Hegemon
            }
        })
    );
    assert_rules_result(&clients[0]);
}

/// Attacker `attacker`'s capture of a second Ruler that leaves only its own seat on the board
/// once the seats resign that are neither its own nor the victim's: the move and those seats.
fn final_blow(position: &qiguo::Position, attacker: usize) -> Option<(qiguo::Move, Vec<usize>)> {
    let mut captures = qiguo::MoveList::new();
    position.legal_captures(&mut captures);
    captures.iter().find_map(|&mv| {
        let piece = position
            .piece_at(mv.to())
            .filter(|piece| piece.kind == qiguo::Kind::Ruler)?;
        let victim = qiguo_room_seat(position, piece.state);
        let resigning: Vec<usize> = (0..position.seating().seat_count())
            .filter(|&seat| {
                seat != attacker && seat != victim && position.seat_is_live(qiguo_game_seat(seat))
            })
            .collect();
        let mut after = position.clone();
        for &seat in &resigning {
            after.withdraw(qiguo_game_seat(seat));
        }
        if after.ending().is_some() || after.side_to_move() != position.side_to_move() {
            return None;
        }
        after.play(mv).ok()?;
        let alone = qiguo::State::ALL
            .into_iter()
            .all(|state| !after.is_live(state) || qiguo_room_seat(&after, state) == attacker);
        (alone && after.ending() == Some(qiguo::Ending::Hegemon(qiguo_game_seat(attacker))))
            .then_some((mv, resigning))
    })
}

/// When one seat is left on the board (`last_seat`), the result ranks the seats by score as
/// always: a seat that resigned with a capture wins over the last seat, which has none.
#[tokio::test]
async fn a_qiguo_game_ended_by_last_seat_goes_to_the_best_score_not_the_seat_on_the_board() {
    let address = start(qiguo_config("qiguo-last-seat-score")).await;
    let mut clients = qiguo_friends(address, 3).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(40);
    // Quiet moves until a capture can be made, and it is.
    let capturer = loop {
        assert!(clients[0].version() < 300, "no capture");
        let mover = clients[0].replica().to_move().expect("the game is on");
        let mut captures = qiguo::MoveList::new();
        clients[0]
            .replica()
            .table
            .qiguo()
            .legal_captures(&mut captures);
        let capture = captures.iter().next().map(qiguo::Move::to_string);
        let action = capture
            .clone()
            .unwrap_or_else(|| chosen_qiguo_move(&clients[0], false, &mut rng).0);
        qiguo_play(&mut clients, &action).await;
        if capture.is_some() {
            break mover.index();
        }
    };
    let others: Vec<usize> = (0..3).filter(|&seat| seat != capturer).collect();
    let [quitter, last] = others[..] else {
        unreachable!()
    };
    // The capturer resigns, then another seat: the third is the last on the board.
    qiguo_resign(&mut clients, capturer, 1).await;
    assert_eq!(clients[0].replica().end, None);
    qiguo_resign(&mut clients, quitter, 2).await;
    let position = clients[0].replica().table.qiguo();
    let score = |seat: usize| position.seat_captures(qiguo_game_seat(seat)).0;
    assert_eq!((score(capturer), score(quitter), score(last)), (1, 0, 0));
    assert!(position.seat_is_live(qiguo_game_seat(last)));
    assert!(!position.seat_is_live(qiguo_game_seat(capturer)));
    assert_eq!(
        clients[0].replica().end,
        Some(GameEnd {
            winner: Some(RoomSeat(capturer as u8)),
            reason: EndReason::LastSeat
        })
    );
    assert_rules_result(&clients[0]);
}

/// A covered seat has no move clock: while the computer plays it nothing runs out, and no
/// `clock` frame names it.
#[tokio::test]
async fn a_covered_qiguo_seat_has_no_move_clock() {
    let mut config = qiguo_config("qiguo-covered-clock");
    // A 30 s move lasts 0.6 s; the grace period 0.1 s.
    config.timing.clock_second = Duration::from_millis(20);
    config.timing.grace = Duration::from_millis(100);
    let address = start(config).await;
    // The host (Qin, Zhao, Yan), the guest (Chu, Han), the computer (Qi, Wei).
    let mut host = Client::create_qiguo(
        address,
        qiguo_seats(1, 1, OnLeave::Computer),
        MoveClock::Seconds30,
    )
    .await;
    let mut guest = Client::join(address, &host.code()).await;
    host.until_version(2).await;
    disconnect(&mut guest, &mut host).await;
    let covered = RoomEvent::Covered { seat: RoomSeat(1) };
    assert_eq!(until_event(&mut host, &covered).await, 3);
    // The host, to move, goes too: with nobody in the room the computer does not think. The
    // host's clock runs out; then the covered seat is to move, far longer than a move's time.
    let since = host.version();
    let _ = host.socket.close(None).await;
    tokio::time::sleep(Duration::from_millis(2000)).await;
    let mut host = host.resume(address, Some(since)).await;
    let answer = next_messages(&mut host, 2).await;
    assert_eq!(
        answer,
        [
            ServerMessage::Event {
                version: 4,
                event: RoomEvent::Withdrew {
                    seat: RoomSeat(0),
                    states: "wpk".into(),
                    reason: WithdrawReason::OutOfTime,
                },
            },
            ServerMessage::Presence {
                connected: vec![true, false, false],
                spectators: 0,
            },
        ],
        "no clock runs for the covered seat"
    );
    // Someone is in the room again: the computer plays Chu and Han for the covered seat, then
    // Qi and Wei for its own, and no clock starts for either.
    while host.version() < 8 {
        let message = host.recv().await;
        assert!(
            !matches!(
                message,
                ServerMessage::Clock { .. } | ServerMessage::Error { .. }
            ),
            "{message:?}"
        );
    }
    assert_eq!(
        movers(&host.replica().events[..]),
        [1, 2].into(),
        "{:?}",
        host.replica().events
    );
    let room = host.sync().await;
    assert!(room.seats[1].covered);
    assert_eq!(room.clock_ms, None);
}

/// A player who resumes gets `seated`, then the events after `since` (or the whole state,
/// without `since` or with a version the room never reached; nothing when up to date), then
/// everyone gets `presence`, and in Qiguo `uncovered` after that when the computer covered.
#[tokio::test]
async fn a_resuming_player_gets_seated_the_missed_events_or_the_state_then_presence_and_uncovered()
{
    let mut quick_grace = qiguo_config("qiguo-resume-order");
    quick_grace.timing.grace = Duration::from_millis(100);
    let address = start(quick_grace).await;
    let mut host = Client::create_qiguo(
        address,
        qiguo_seats(1, 1, OnLeave::Computer),
        MoveClock::Off,
    )
    .await;
    let mut guest = Client::join(address, &host.code()).await;
    host.until_version(2).await;
    // The host is to move and waits: nothing happens but the guest's comings and goings.
    let covered = RoomEvent::Covered { seat: RoomSeat(1) };
    let uncovered = RoomEvent::Uncovered { seat: RoomSeat(1) };
    let presence = ServerMessage::Presence {
        connected: vec![true, true, false],
        spectators: 0,
    };
    disconnect(&mut guest, &mut host).await;
    assert_eq!(until_event(&mut host, &covered).await, 3);
    let mut guest = guest.resume(address, Some(2)).await;
    let answer = next_messages(&mut guest, 3).await;
    assert_eq!(
        answer,
        [
            ServerMessage::Event {
                version: 3,
                event: covered.clone(),
            },
            presence.clone(),
            ServerMessage::Event {
                version: 4,
                event: uncovered.clone(),
            },
        ]
    );
    nothing_before_pong(&mut guest, 1).await;
    assert_eq!(until_event(&mut host, &uncovered).await, 4);
    // Without `since`, or with a version the room never reached: the whole state.
    for since in [None, Some(1000)] {
        disconnect(&mut guest, &mut host).await;
        let version = until_event(&mut host, &covered).await;
        guest = guest.resume(address, since).await;
        let answer = next_messages(&mut guest, 3).await;
        assert!(
            matches!(&answer[0], ServerMessage::Sync { room }
                if room.version == version && room.seats[1].covered),
            "{answer:?}"
        );
        assert_eq!(
            answer[1..],
            [
                presence.clone(),
                ServerMessage::Event {
                    version: version + 1,
                    event: uncovered.clone(),
                },
            ]
        );
        nothing_before_pong(&mut guest, 2).await;
        assert_eq!(until_event(&mut host, &uncovered).await, version + 1);
    }
    // Up to date: neither events nor the state (a Xiangqi room: no grace period to race).
    let address = start(config("resume-up-to-date")).await;
    let (mut alice, mut bob) = table(address, GameKind::Xiangqi, MoveClock::Off).await;
    disconnect(&mut bob, &mut alice).await;
    let mut bob = bob.resume(address, Some(2)).await;
    assert_eq!(
        bob.recv().await,
        ServerMessage::Presence {
            connected: vec![true, true],
            spectators: 0,
        }
    );
    nothing_before_pong(&mut bob, 3).await;
}

/// A withdrawal is no move: the count of moves without a capture (which ends the game at 200)
/// and the ply count stay as they were.
#[tokio::test]
async fn a_qiguo_withdrawal_leaves_the_quiet_move_count_as_it_was() {
    let address = start(qiguo_config("qiguo-withdraw-quiet")).await;
    let mut clients = qiguo_friends(address, 3).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
    // The counters of the server's position.
    async fn counters(client: &mut Client) -> (u8, u32) {
        let GameState::Qiguo(state) = client.sync().await.game else {
            panic!("a Qiguo room");
        };
        let position = qiguo::Position::from_qfen(&state.position).expect("a QFEN");
        (position.quiet(), position.ply())
    }
    // Qin (the host), Chu and Han (Ann): three moves without a capture.
    for _ in 0..3 {
        let (action, _) = chosen_qiguo_move(&clients[0], false, &mut rng);
        qiguo_play(&mut clients, &action).await;
    }
    assert_eq!(counters(&mut clients[0]).await, (3, 3));
    // Ann resigns while Qi (Ben) is to move.
    qiguo_resign(&mut clients, 1, 1).await;
    assert_eq!(clients[0].replica().to_move(), Some(RoomSeat(2)));
    assert_eq!(counters(&mut clients[0]).await, (3, 3));
    // Ben's quiet move counts on from there.
    let (action, _) = chosen_qiguo_move(&clients[0], false, &mut rng);
    qiguo_play(&mut clients, &action).await;
    assert_eq!(counters(&mut clients[0]).await, (4, 4));
    // Ben resigns on his own turn (Wei's): the host's seat is the last on the board.
    qiguo_resign(&mut clients, 2, 2).await;
    assert_eq!(
        clients[0].replica().end,
        Some(GameEnd {
            winner: Some(RoomSeat(0)),
            reason: EndReason::LastSeat
        })
    );
    assert_eq!(counters(&mut clients[0]).await, (4, 4));
}

/// `act.version` is a JSON integer from 0 to 2^64 − 1: anything else is a bad frame, refused
/// before the room sees it (so also on a spectator's connection).
#[tokio::test]
async fn an_act_version_that_is_no_whole_number_up_to_2_64_is_a_bad_frame() {
    let address = start(config("act-version")).await;
    let (mut alice, mut bob) = table(address, GameKind::Junqi, MoveClock::Off).await;
    let mut watcher = Client::watch(address, &alice.code()).await;
    for version in [
        "-1",
        "-2.5",
        "2.5",
        "2.0",
        "2e0",
        "18446744073709551616",
        "\"2\"",
        "null",
    ] {
        let text = format!(r#"{{"v":1,"msg":{{"type":"act","action":"a1","version":{version}}}}}"#);
        for client in [&mut alice, &mut watcher] {
            client.send_text(&text).await;
            assert_eq!(client.error().await, ErrorCode::BadFrame, "{version}");
        }
    }
    // The largest version is one: an act on it is stale.
    alice
        .send(ClientMessage::Act {
            action: "a1".into(),
            version: u64::MAX,
        })
        .await;
    let stale = alice
        .until(|m| match m {
            ServerMessage::Error { code, version, .. } => Some((*code, *version)),
            _ => None,
        })
        .await;
    assert_eq!(stale, (ErrorCode::Stale, Some(2)));
    assert_eq!(bob.sync().await.version, 2, "nothing was played");
}

/// Past the rate, each text frame gets a `rate_limited` of its own and nothing else (a ping
/// no pong, a malformed or too large frame no other error); a binary frame gets nothing.
#[tokio::test]
async fn every_text_frame_past_the_rate_gets_its_own_error_and_a_binary_one_none() {
    let mut config = config("rate-each");
    config.limits.frames_per_second = 1;
    config.limits.frame_burst = 10;
    let address = start(config).await;
    let mut client = Client::connect(address).await;
    let ping = |nonce: u64| {
        let text = serde_json::to_string(&Frame::new(ClientMessage::Ping { nonce })).unwrap();
        Message::Text(text.into())
    };
    let binary = || Message::Binary(vec![1, 2, 3].into());
    // One write: the burst, then frames past it.
    let mut frames: Vec<Message> = (0..10).map(ping).collect();
    frames.extend([
        binary(),
        ping(10),
        binary(),
        Message::Text("{not json".into()),
        Message::Text("x".repeat(5000).into()),
        binary(),
        ping(11),
    ]);
    for frame in frames {
        client.socket.feed(frame).await.unwrap();
    }
    client.socket.flush().await.unwrap();
    for nonce in 0..10 {
        assert_eq!(client.recv().await, ServerMessage::Pong { nonce });
    }
    for _ in 0..4 {
        let message = client.recv().await;
        assert!(
            matches!(
                message,
                ServerMessage::Error {
                    code: ErrorCode::RateLimited,
                    ..
                }
            ),
            "{message:?}"
        );
    }
    // A second and a half later one frame may pass again, and its answer is the next frame.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    nothing_before_pong(&mut client, 12).await;
}

/// Joining a Qiguo table that still has a free seat starts no clock: no `clock` frame to
/// anyone until the last seat is taken and the game is on.
#[tokio::test]
async fn joining_a_qiguo_table_with_a_seat_still_free_starts_no_clock() {
    let address = start(qiguo_config("qiguo-join-clock")).await;
    // Four seats: the host, two friends, the computer. The host (Qin) moves first.
    let mut host = Client::create_qiguo(
        address,
        qiguo_seats(2, 1, OnLeave::Computer),
        MoveClock::Seconds30,
    )
    .await;
    let code = host.code();
    pinged(&mut host, 1).await;
    let join = || ClientMessage::Join {
        code: code.clone(),
        seat: None,
    };
    // The first friend: a seat is still free, so the game is not on and no clock runs.
    let mut ann = Client::connect(address).await;
    ann.send(join()).await;
    let answer = next_messages(&mut ann, 3).await;
    assert!(
        matches!(
            &answer[0],
            ServerMessage::Seated {
                seat: RoomSeat(1),
                token: Some(_),
                ..
            }
        ),
        "{answer:?}"
    );
    assert!(
        matches!(&answer[1], ServerMessage::Sync { room }
            if room.to_move.is_none() && room.clock_ms.is_none()),
        "{answer:?}"
    );
    assert!(
        matches!(&answer[2], ServerMessage::Presence { .. }),
        "{answer:?}"
    );
    nothing_before_pong(&mut ann, 2).await;
    let told = next_messages(&mut host, 2).await;
    assert_eq!(
        told[0],
        ServerMessage::Event {
            version: 2,
            event: RoomEvent::SeatTaken { seat: RoomSeat(1) },
        }
    );
    assert!(
        matches!(&told[1], ServerMessage::Presence { .. }),
        "{told:?}"
    );
    nothing_before_pong(&mut host, 3).await;
    // The second friend takes the last free seat: the game is on, the host's clock starts.
    let mut ben = Client::connect(address).await;
    ben.send(join()).await;
    let answer = next_messages(&mut ben, 4).await;
    assert!(
        matches!(
            &answer[0],
            ServerMessage::Seated {
                seat: RoomSeat(2),
                ..
            }
        ),
        "{answer:?}"
    );
    assert!(
        matches!(&answer[1], ServerMessage::Sync { room }
            if room.to_move == Some(RoomSeat(0)) && room.clock_ms.is_some()),
        "{answer:?}"
    );
    assert!(
        matches!(&answer[2], ServerMessage::Clock { seat: RoomSeat(0), remaining_ms }
            if *remaining_ms <= 30_000),
        "{answer:?}"
    );
    assert!(
        matches!(&answer[3], ServerMessage::Presence { .. }),
        "{answer:?}"
    );
    for client in [&mut host, &mut ann] {
        let told = next_messages(client, 3).await;
        assert_eq!(
            told[0],
            ServerMessage::Event {
                version: 3,
                event: RoomEvent::SeatTaken { seat: RoomSeat(2) },
            }
        );
        assert!(
            matches!(
                &told[1],
                ServerMessage::Clock {
                    seat: RoomSeat(0),
                    ..
                }
            ),
            "{told:?}"
        );
        assert!(
            matches!(&told[2], ServerMessage::Presence { .. }),
            "{told:?}"
        );
    }
}

/// A player covered for when the game ended is still covered, and coming back afterwards
/// uncovers the seat: `seated`, the missed events up to `game_ended`, `presence`, then
/// `uncovered` for everyone.
#[tokio::test]
async fn a_player_covered_when_the_game_ended_is_uncovered_on_coming_back() {
    let mut config = qiguo_config("qiguo-uncovered-after-end");
    config.timing.grace = Duration::from_millis(100);
    let address = start(config).await;
    // The host (Qin, Zhao, Yan), Ann (Chu, Han), Ben (Qi, Wei).
    let mut clients = qiguo_friends(address, 3).await;
    let mut ann = clients.remove(1);
    disconnect(&mut ann, &mut clients[0]).await;
    let covered = RoomEvent::Covered { seat: RoomSeat(1) };
    assert_eq!(until_event(&mut clients[0], &covered).await, 4);
    let since = ann.version();
    // The host and Ben resign (the computer moving for Ann meanwhile): Ann's seat is the last
    // on the board.
    clients[0].send(ClientMessage::Resign {}).await;
    clients[1].send(ClientMessage::Resign {}).await;
    let end = clients[0]
        .until(|message| match message {
            ServerMessage::Event {
                event: RoomEvent::GameEnded { end },
                ..
            } => Some(*end),
            _ => None,
        })
        .await;
    assert_eq!(
        end,
        GameEnd {
            winner: Some(RoomSeat(1)),
            reason: EndReason::LastSeat
        }
    );
    let last = clients[0].version();
    let room = clients[0].sync().await;
    assert!(room.seats[1].covered, "still covered after the end");
    // Ann comes back.
    let mut ann = ann.resume(address, Some(since)).await;
    let missed = (last - since) as usize;
    let answer = next_messages(&mut ann, missed + 2).await;
    assert!(
        answer[..missed]
            .iter()
            .all(|message| matches!(message, ServerMessage::Event { .. })),
        "{answer:?}"
    );
    assert_eq!(
        answer[missed - 1],
        ServerMessage::Event {
            version: last,
            event: RoomEvent::GameEnded { end },
        }
    );
    assert_eq!(
        answer[missed..],
        [
            ServerMessage::Presence {
                connected: vec![true, true, true],
                spectators: 0,
            },
            ServerMessage::Event {
                version: last + 1,
                event: RoomEvent::Uncovered { seat: RoomSeat(1) },
            },
        ]
    );
    assert_eq!(
        until_event(&mut clients[0], &RoomEvent::Uncovered { seat: RoomSeat(1) }).await,
        last + 1
    );
    let room = ann.sync().await;
    assert!(!room.seats[1].covered);
    assert_eq!(room.end, Some(end));
    // Ann is at the table again, and asks for the rematch herself.
    assert_eq!(
        event_after(&mut ann, ClientMessage::Rematch {}).await,
        RoomEvent::RematchRequested { seat: RoomSeat(1) }
    );
}

#[tokio::test]
async fn a_client_slow_to_send_its_headers_is_cut_off() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = start(config("slow-headers")).await;
    let mut slow = tokio::net::TcpStream::connect(address).await.unwrap();
    // Half a request, then nothing more: the server does not wait for ever.
    slow.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let started = std::time::Instant::now();
    let mut answer = Vec::new();
    let closed = tokio::time::timeout(
        kawu::server::HEADER_READ_TIMEOUT + Duration::from_secs(5),
        slow.read_to_end(&mut answer),
    )
    .await;
    assert!(closed.is_ok(), "the connection is closed");
    assert!(started.elapsed() >= kawu::server::HEADER_READ_TIMEOUT - Duration::from_secs(1));
    // A client that sends its request whole is answered as before.
    let health = http_get(address, "/health", "").await;
    assert!(health.starts_with("HTTP/1.1 200"), "{health:.200}");
}
