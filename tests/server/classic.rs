//! Junqi classic rooms: secret deployments, the server as the referee, and no frame that names
//! an enemy piece before the end.

use super::*;
use kawu::protocol::{ClassicState, Played, RoomTable};
use kawu::rules::junqi::classic::{Deployment, DeploymentStyle};
use kawu::rules::junqi::{ActionList, Color};

/// The contract's example armies.
const RED: &str = "CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP";
const BLUE: &str = "lfzlp/ldbec/r1m1t/zp1ec/e1g1b/cdrpt";

/// The classic table of a client's replica.
fn classic(client: &Client) -> &ClassicState {
    match &client.replica().table {
        RoomTable::JunqiClassic(state) => state,
        other => panic!("not a Junqi classic room: {other:?}"),
    }
}

/// The legal moves of `client`'s side, from its own army and the public record only.
fn classic_moves(client: &Client) -> Vec<String> {
    let colour = side_of(client);
    let own = Deployment::parse(client.deployment.as_deref().expect("deployed"), colour).unwrap();
    let line = classic(client)
        .line(&own)
        .expect("the public record fits my army");
    let mut moves = ActionList::new();
    line.current().legal_moves(&mut moves);
    moves.iter().map(Action::to_string).collect()
}

/// The colour `client`'s seat plays in the current game.
fn side_of(client: &Client) -> Color {
    if client.seat == Some(client.replica().first_seat) {
        Color::Red
    } else {
        Color::Blue
    }
}

/// `client` deploys `army` and reads its `deployed` event.
async fn deploy(client: &mut Client, army: &str) {
    let before = client.version();
    client.deployment = Some(army.to_string());
    client
        .send(ClientMessage::Deploy {
            deployment: army.to_string(),
        })
        .await;
    client.until_version(before + 1).await;
}

/// Reads until the pong of a ping: everything the room stored before it has arrived.
async fn settle(client: &mut Client, nonce: u64) {
    client.send(ClientMessage::Ping { nonce }).await;
    client
        .until(|m| matches!(m, ServerMessage::Pong { nonce: n } if *n == nonce).then_some(()))
        .await;
}

/// The mover (the one of `players` whose seat is to move) plays the move `choose` picks of its
/// side's legal ones; everyone catches up.
async fn play_classic(
    players: [&mut Client; 2],
    others: &mut [&mut Client],
    choose: impl FnOnce(&[String]) -> String,
    nonce: u64,
) -> String {
    let [mover, waiter] = mover_and_waiter(players);
    let chosen = choose(&classic_moves(mover));
    let before = mover.version();
    mover.act(&chosen).await;
    mover.until_version(before + 1).await;
    settle(mover, nonce).await;
    let version = mover.version();
    waiter.until_version(version).await;
    for other in others.iter_mut() {
        other.until_version(version).await;
    }
    chosen
}

/// Every frame of `frames` a client got before the armies were unveiled: none names a piece of
/// the army `hidden` (a spectator: of either army), and `own_deployment` names only `own`.
/// Returns whether the armies were unveiled.
fn assert_no_enemy_identity(frames: &[String], own: Option<&str>, hidden: &[&str]) -> bool {
    let mut unveiled = false;
    for frame in frames {
        let message: Frame<ServerMessage> = serde_json::from_str(frame).unwrap();
        match &message.msg {
            ServerMessage::Event {
                event: RoomEvent::Unveiled { .. },
                ..
            } => unveiled = true,
            ServerMessage::Event {
                event: RoomEvent::Deployed { deployment, .. },
                ..
            } => assert_eq!(*deployment, None, "a deployment in {frame}"),
            ServerMessage::OwnDeployment { deployment, .. } => {
                assert_eq!(Some(deployment.as_str()), own, "{frame}")
            }
            ServerMessage::Sync { room } if !unveiled => {
                let GameState::JunqiClassic(state) = &room.game else {
                    panic!("not a classic room: {frame}");
                };
                assert_eq!(state.unveiled, None, "{frame}");
            }
            _ => {}
        }
        if !unveiled {
            for army in hidden {
                assert!(!frame.contains(army), "{army} in {frame}");
            }
            // No frame holds a piece's name (ranks travel only as armies and at the end).
            for kind in ["Marshal", "General", "Bomb", "Landmine", "Flag", "revealed"] {
                assert!(!frame.contains(kind), "{kind} in {frame}");
            }
        }
    }
    unveiled
}

#[tokio::test]
async fn no_frame_of_a_classic_game_names_an_enemy_piece_before_the_end() {
    let address = start(config("classic-secrets")).await;
    let mut alice = Client::create(address, GameKind::JunqiClassic, MoveClock::Off).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(55);
    let red = Deployment::generate(Color::Red, DeploymentStyle::Random, &mut rng).to_text();
    let blue = Deployment::generate(Color::Blue, DeploymentStyle::Random, &mut rng).to_text();
    // Alice deploys before anyone joins; the game waits for both armies.
    deploy(&mut alice, &red).await;
    let mut bob = Client::join(address, &alice.code()).await;
    let mut carol = Client::watch(address, &alice.code()).await;
    alice.until_version(3).await;
    assert_eq!(bob.replica().to_move(), None);
    bob.act("a11a10").await;
    assert_eq!(bob.error().await, ErrorCode::NotStarted);
    // Red's army is not Blue's half; a landmine off the last two ranks breaks a rule.
    bob.send(ClientMessage::Deploy {
        deployment: red.clone(),
    })
    .await;
    assert_eq!(bob.error().await, ErrorCode::BadDeployment);
    bob.send(ClientMessage::Deploy {
        deployment: "lfzlp/ldbec/r1m1t/zp1ec/e1g1b/cdrpt"
            .replace("cdrpt", "cdrpl")
            .replace("lfzlp", "tfzlp"),
    })
    .await;
    let refusal = bob
        .until(|m| match m {
            ServerMessage::Error { code, message, .. } => Some((*code, message.clone())),
            _ => None,
        })
        .await;
    assert_eq!(refusal.0, ErrorCode::BadDeployment);
    assert!(refusal.1.contains("landmine"), "{}", refusal.1);
    deploy(&mut bob, &blue).await;
    bob.send(ClientMessage::Deploy {
        deployment: blue.clone(),
    })
    .await;
    assert_eq!(bob.error().await, ErrorCode::AlreadyDeployed);
    alice.until_version(4).await;
    carol.until_version(4).await;
    assert_eq!(carol.replica().to_move(), Some(RoomSeat(0)));

    // No picture of a game in play: it would show every piece.
    let gif = format!("/games/{}/0.gif", alice.code());
    let picture = http_get(address, &gif, "").await;
    assert!(picture.starts_with("HTTP/1.1 404"), "{picture:.200}");
    let mut nonce = 0;
    let mut bob_frames = Vec::new();
    while alice.replica().to_move().is_some() && nonce < 600 {
        nonce += 1;
        play_classic(
            [&mut alice, &mut bob],
            &mut [&mut carol],
            |moves| moves[rng.random_range(0..moves.len())].clone(),
            nonce,
        )
        .await;
        // Bob drops twice and comes back: once for the whole state, once for what he missed.
        if nonce == 10 || nonce == 21 {
            bob_frames.append(&mut bob.frames);
            let since = (nonce == 21).then(|| bob.version());
            let mut again = bob.resume(address, since).await;
            settle(&mut again, 0).await;
            assert_eq!(
                again.deployment.as_deref(),
                Some(blue.as_str()),
                "sent back"
            );
            bob = again;
        }
    }
    assert!(nonce > 21, "the game lasted {nonce} plies");
    if alice.replica().to_move().is_some() {
        alice.send(ClientMessage::Resign {}).await;
        settle(&mut alice, 9999).await;
        let version = alice.version();
        bob.until_version(version).await;
        carol.until_version(version).await;
    }
    bob_frames.append(&mut bob.frames);
    assert!(assert_no_enemy_identity(
        &alice.frames,
        Some(&red),
        &[&blue]
    ));
    assert!(assert_no_enemy_identity(&bob_frames, Some(&blue), &[&red]));
    assert!(assert_no_enemy_identity(
        &carol.frames,
        None,
        &[&red, &blue]
    ));

    // At the end everything is shown, and each side's line is the referee's.
    let room = carol.sync().await;
    let GameState::JunqiClassic(state) = &room.game else {
        panic!("{room:?}");
    };
    assert_eq!(state.unveiled, Some([red.clone(), blue.clone()]));
    let game = state.game().unwrap().expect("unveiled");
    for (colour, army) in [(Color::Red, &red), (Color::Blue, &blue)] {
        let own = Deployment::parse(army, colour).unwrap();
        assert_eq!(
            state.line(&own).unwrap(),
            game.line(colour, usize::MAX),
            "{colour:?}"
        );
    }
    assert_eq!(classic(&carol), state);
    // The finished game, everything shown, as a GIF.
    let picture = http_get(address, &gif, "").await;
    assert!(picture.starts_with("HTTP/1.1 200"), "{picture:.200}");
    assert!(picture.contains("GIF89a"));
}

#[tokio::test]
async fn a_classic_takeback_undoes_quiet_moves_only_and_flips_are_refused() {
    let address = start(config("classic-takeback")).await;
    let (mut alice, mut bob) = table(address, GameKind::JunqiClassic, MoveClock::Off).await;
    deploy(&mut alice, RED).await;
    deploy(&mut bob, BLUE).await;
    alice.until_version(4).await;
    alice.act("c3").await;
    assert_eq!(alice.error().await, ErrorCode::IllegalAction);
    // A quiet move (onto an empty point) may be taken back.
    let quiet = play_classic(
        [&mut alice, &mut bob],
        &mut [],
        |moves| {
            moves
                .iter()
                .find(|mv| ["b6b5", "d6d5", "c6c5", "a6b5"].contains(&mv.as_str()))
                .expect("a move into a camp")
                .clone()
        },
        1,
    )
    .await;
    let Some(Played::JunqiClassic(played)) = alice.replica().table.history().pop() else {
        panic!("a classic move");
    };
    assert_eq!((played.moved.to_string(), played.verdict), (quiet, None));
    alice.send(ClientMessage::AskTakeback {}).await;
    bob.until(|m| {
        matches!(
            m,
            ServerMessage::Event {
                event: RoomEvent::TakebackAsked { .. },
                ..
            }
        )
        .then_some(())
    })
    .await;
    bob.send(ClientMessage::AnswerTakeback { accept: true })
        .await;
    settle(&mut bob, 2).await;
    alice.until_version(bob.version()).await;
    assert!(classic(&alice).moves.is_empty());
    // A battle cannot be taken back: its verdict was heard.
    play_classic([&mut alice, &mut bob], &mut [], |_| "a6a7".to_string(), 3).await;
    assert!(classic(&bob).moves[0].verdict.is_some());
    alice.send(ClientMessage::AskTakeback {}).await;
    assert_eq!(alice.error().await, ErrorCode::TakebackReveals);
}

#[tokio::test]
async fn a_classic_room_takes_no_rules_and_other_rooms_take_no_army() {
    let address = start(config("classic-refusals")).await;
    let mut client = Client::connect(address).await;
    client
        .send(ClientMessage::Create {
            game: GameKind::JunqiClassic,
            rules: Some(Default::default()),
            clock: MoveClock::Off,
            qiguo: None,
        })
        .await;
    assert_eq!(client.error().await, ErrorCode::BadFrame);
    let mut xiangqi = Client::create(address, GameKind::Xiangqi, MoveClock::Off).await;
    xiangqi
        .send(ClientMessage::Deploy {
            deployment: RED.into(),
        })
        .await;
    assert_eq!(xiangqi.error().await, ErrorCode::NotInThisGame);
    // A spectator deploys nothing.
    let mut alice = Client::create(address, GameKind::JunqiClassic, MoveClock::Off).await;
    let mut carol = Client::watch(address, &alice.code()).await;
    carol
        .send(ClientMessage::Deploy {
            deployment: BLUE.into(),
        })
        .await;
    assert_eq!(carol.error().await, ErrorCode::NotSeated);
    deploy(&mut alice, RED).await;
}

#[tokio::test]
async fn the_computer_takes_a_free_classic_seat_deploys_and_plays_its_side() {
    let address = start(config("classic-computer")).await;
    let mut alice = Client::create(address, GameKind::JunqiClassic, MoveClock::Off).await;
    deploy(&mut alice, RED).await;
    alice
        .send(ClientMessage::Start {
            level: Some(ComputerLevel::Easy),
        })
        .await;
    alice.until_version(4).await;
    assert_eq!(alice.replica().seats[1].computer, Some(ComputerLevel::Easy));
    assert_eq!(classic(&alice).deployed, [true, true]);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for nonce in 1..=4 {
        if alice.replica().to_move() != Some(RoomSeat(0)) {
            break;
        }
        let moves = classic_moves(&alice);
        let before = alice.version();
        alice.act(&moves[rng.random_range(0..moves.len())]).await;
        // Alice's move, then the computer's answer (unless the game ended).
        alice.until_version(before + 1).await;
        if alice.replica().end.is_none() {
            alice.until_version(before + 2).await;
        }
        settle(&mut alice, nonce).await;
    }
    // The computer's moves are Blue's, and fit Alice's line (`classic_moves` checks it).
    let moves = classic(&alice).moves.len();
    assert!(moves >= 2, "{moves} moves");
    if alice.replica().end.is_none() {
        classic_moves(&alice);
        alice.send(ClientMessage::Resign {}).await;
        settle(&mut alice, 99).await;
    }
    let [_, computer] = classic(&alice)
        .unveiled
        .clone()
        .expect("unveiled at the end");
    assert!(assert_no_enemy_identity(
        &alice.frames,
        Some(RED),
        &[&computer]
    ));

    // A rematch: the computer moves first now, as Red, with a new army; Alice deploys Blue's.
    alice.send(ClientMessage::Rematch {}).await;
    settle(&mut alice, 100).await;
    assert_eq!(alice.replica().first_seat, RoomSeat(1));
    assert_eq!(classic(&alice).deployed, [false, true]);
    deploy(&mut alice, BLUE).await;
    let deployed = alice.version();
    alice.until_version(deployed + 1).await;
    assert_eq!(side_of(&alice), Color::Blue);
    assert_eq!(classic(&alice).moves.len(), 1, "the computer opened as Red");
}

#[tokio::test]
async fn a_classic_room_survives_kill_9_with_its_secret_armies() {
    let data = data_folder("classic-restart");
    let mut server = ServerProcess::spawn(&data);
    let (mut alice, mut bob) =
        table(server.address, GameKind::JunqiClassic, MoveClock::Seconds60).await;
    deploy(&mut alice, RED).await;
    // The move clock waits for both armies.
    let waiting = bob.sync().await;
    assert_eq!((waiting.to_move, waiting.clock_ms), (None, None));
    deploy(&mut bob, BLUE).await;
    alice.until_version(4).await;
    let started = alice.sync().await;
    assert_eq!(started.to_move, Some(RoomSeat(0)));
    assert!(
        started.clock_ms.is_some_and(|ms| ms > 50_000),
        "{started:?}"
    );
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    for nonce in 1..=6 {
        if alice.replica().to_move().is_none() {
            break;
        }
        play_classic(
            [&mut alice, &mut bob],
            &mut [],
            |moves| moves[rng.random_range(0..moves.len())].clone(),
            nonce,
        )
        .await;
    }
    let acknowledged = classic(&alice).moves.clone();
    server.kill();

    let server = ServerProcess::spawn(&data);
    let mut alice = alice.resume(server.address, None).await;
    let mut bob = bob.resume(server.address, Some(bob.version())).await;
    settle(&mut alice, 1).await;
    settle(&mut bob, 2).await;
    // Each gets its own army back, and only its own; the referee still has both.
    assert_eq!(alice.deployment.as_deref(), Some(RED));
    assert_eq!(bob.deployment.as_deref(), Some(BLUE));
    assert_eq!(classic(&alice).moves, acknowledged);
    assert_eq!(classic(&bob), classic(&alice));
    let unveiled = alice.replica().end.is_some();
    assert_eq!(
        assert_no_enemy_identity(&alice.frames, Some(RED), &[BLUE]),
        unveiled
    );
    assert_eq!(
        assert_no_enemy_identity(&bob.frames, Some(BLUE), &[RED]),
        unveiled
    );
    if alice.replica().to_move().is_some() {
        play_classic([&mut alice, &mut bob], &mut [], |moves| moves[0].clone(), 3).await;
        assert_eq!(classic(&bob).moves.len(), acknowledged.len() + 1);
    }
}
