//! Two `kawu-server` nodes on one PostgreSQL behind HAProxy, as `scripts/cluster.sh` starts
//! them: a game whose players sit on different nodes plays to the end, two nodes racing for one
//! version store one event and the loser's client hears `stale`, players resume through the
//! balancer after either node is killed, a surviving node takes over a dead node's clock, and
//! a takeback asked on one node is granted from the other, and one left unanswered lapses
//! once, for the clients of both nodes; a node's link takes only a node showing the cluster's
//! secret, and carries every event the node stored. Faults injected on purpose: a node paused
//! for longer than its lease and a database stalled as long (their players keep their seats),
//! a node killed between its commit and its notice (nothing is lost), and forged notices that
//! do not fit (never applied). A flood of picture requests through the balancer stays bounded
//! on each node while another room plays.
//!
//! Run them with `bash scripts/cluster.sh cargo test --no-default-features --features server
//! --test cluster -- --ignored --test-threads=1` (one at a time: the race test counts the writes
//! that wait for a lock in the whole database, and the kill tests kill the nodes the others use).
//! Elsewhere they are ignored; run with `--ignored` outside that script, they fail.

use kawu::protocol::ServerMessage;
use kawu::protocol::{
    ClientMessage, ComputerLevel, EndReason, ErrorCode, MoveClock, OnLeave, QiguoSetup, RoomEvent,
    RoomSeat, RoomTable, SeatPlan,
};
use kawu::rules::GameKind;
use kawu::rules::junqi::Action;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

mod common;
use common::*;

/// The cluster `scripts/cluster.sh` started.
struct Cluster {
    balancer: SocketAddr,
    a: SocketAddr,
    b: SocketAddr,
    /// Node a's cluster listener, where the other nodes' links come (TLS).
    link_a: SocketAddr,
    /// The authority of the links' certificate.
    authority: PathBuf,
    folder: PathBuf,
    database: String,
}

/// The cluster `scripts/cluster.sh` started; outside it the test fails, saying how to run it.
fn cluster() -> Cluster {
    let address = |name: &str| -> Option<SocketAddr> { std::env::var(name).ok()?.parse().ok() };
    let found = (|| {
        Some(Cluster {
            balancer: address("KAWU_CLUSTER_LB")?,
            a: address("KAWU_CLUSTER_NODE_A")?,
            b: address("KAWU_CLUSTER_NODE_B")?,
            link_a: address("KAWU_CLUSTER_LINK_A")?,
            authority: std::env::var("KAWU_CLUSTER_TLS_CA").ok()?.into(),
            folder: std::env::var("KAWU_CLUSTER_DIR").ok()?.into(),
            database: std::env::var("KAWU_CLUSTER_DATABASE").ok()?,
        })
    })();
    found.expect(
        "no cluster here: run `bash scripts/cluster.sh cargo test --no-default-features \
         --features server --test cluster -- --ignored --test-threads=1`",
    )
}

impl Cluster {
    fn node(&self, name: &str) -> SocketAddr {
        if name == "a" { self.a } else { self.b }
    }

    /// Waits until node `name` answers (the script starts a killed node again).
    async fn wait_for(&self, name: &str) {
        for _ in 0..100 {
            if let Ok(client) = Client::try_connect(self.node(name)).await {
                drop(client);
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("node {name} did not come back");
    }

    /// Both nodes answer.
    async fn ready(&self) {
        self.wait_for("a").await;
        self.wait_for("b").await;
    }

    /// `kill -9` of node `name`.
    fn kill(&self, name: &str) {
        self.signal(name, "KILL");
    }

    /// Sends node `name` the signal `signal` (`KILL`, `STOP`, `CONT`).
    fn signal(&self, name: &str, signal: &str) {
        let pid = std::fs::read_to_string(self.folder.join(format!("node-{name}.pid")))
            .expect("the script wrote the node's process id");
        let status = std::process::Command::new("kill")
            .args(["-s", signal, pid.trim()])
            .status()
            .unwrap();
        assert!(status.success(), "kill -s {signal} {pid}");
    }

    /// The nodes' grace period, as the script set it.
    fn grace(&self) -> Duration {
        let seconds: f64 = std::env::var("KAWU_CLUSTER_GRACE_SECONDS")
            .expect("the script sets the grace")
            .parse()
            .unwrap();
        Duration::from_secs_f64(seconds)
    }

    /// A connection to the nodes' database, and the cluster's secret read there.
    async fn secret(&self) -> (tokio_postgres::Client, String) {
        let (database, connection) = tokio_postgres::connect(&self.database, tokio_postgres::NoTls)
            .await
            .unwrap();
        tokio::spawn(connection);
        let secret: String = database
            .query_one("SELECT secret FROM cluster_secret", &[])
            .await
            .unwrap()
            .get(0);
        (database, secret)
    }

    /// Arms the failpoint `name` of the nodes (debug builds) for room `code`.
    fn arm_failpoint(&self, name: &str, code: &str) {
        std::fs::write(self.folder.join(name), code).unwrap();
    }

    /// A new connection through the balancer, retried while it has no live node yet.
    async fn through_balancer(&self) -> Client {
        for _ in 0..100 {
            if let Ok(client) = Client::try_connect(self.balancer).await {
                return client;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the balancer found no live node");
    }
}

fn assert_on(client: &Client, node: &str) {
    assert!(
        client.server.ends_with(&format!("(node {node})")),
        "{} is not node {node}",
        client.server
    );
}

/// Every event a client heard, in order.
fn events(client: &Client) -> Vec<(u64, RoomEvent)> {
    client
        .frames
        .iter()
        .filter_map(|frame| {
            match serde_json::from_str::<kawu::protocol::Frame<ServerMessage>>(frame)
                .unwrap()
                .msg
            {
                ServerMessage::Event { version, event } => Some((version, event)),
                _ => None,
            }
        })
        .collect()
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn a_game_whose_players_sit_on_two_nodes_plays_to_the_end_and_a_rematch() {
    let cluster = cluster();
    cluster.ready().await;
    let mut alice = Client::create(cluster.a, GameKind::Junqi, MoveClock::Off).await;
    assert_on(&alice, "a");
    let mut bob = Client::join(cluster.b, &alice.code()).await;
    assert_on(&bob, "b");
    let mut watcher = Client::watch(cluster.balancer, &alice.code()).await;
    alice.until_version(2).await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(27);
    play(&mut alice, &mut bob, &mut [&mut watcher], &mut rng, 5000).await;
    assert!(alice.replica().end.is_some(), "the game ended");
    // Both players ask for the rematch at once, on their two nodes: one request wins the
    // version, the other is decided again after it, and the new game starts.
    rematch(&mut alice, &mut bob).await;
    watcher.until_version(alice.version()).await;
    assert!(alice.replica().end.is_none());
    let alices = events(&alice);
    let played_from = |client: &Client| -> Vec<(u64, RoomEvent)> {
        events(client)
            .into_iter()
            .filter(|(version, _)| *version > 2)
            .collect()
    };
    assert_eq!(played_from(&alice), played_from(&bob));
    assert_eq!(played_from(&alice), played_from(&watcher));
    assert!(alices.len() > 10, "{} events", alices.len());
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn a_qiguo_table_across_two_nodes_with_a_server_computer_agrees_move_by_move() {
    let cluster = cluster();
    cluster.ready().await;
    let setup = QiguoSetup {
        seats: vec![
            SeatPlan::Friend,
            SeatPlan::Friend,
            SeatPlan::Computer(ComputerLevel::Easy),
        ],
        on_leave: OnLeave::Computer,
    };
    let mut host = Client::create_qiguo(cluster.a, setup, MoveClock::Off).await;
    let mut guest = Client::join(cluster.b, &host.code()).await;
    assert_on(&guest, "b");
    host.until_version(2).await;
    // Both nodes have people in the room; one of them searches for the computer (while their
    // views of who is where differ, both may: the database takes one move per version, and
    // the other node's is dropped as stale).
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(29);
    play_qiguo(&mut [&mut host, &mut guest], &mut rng, 40).await;
    // Either side may have heard the last move first, and the computer plays on while it is
    // its turn: wait until both have every event and a person (who no longer plays) is to move.
    loop {
        let latest = host.version().max(guest.version());
        host.until_version(latest).await;
        guest.until_version(latest).await;
        let replica = host.replica();
        if replica.table.over() || replica.to_move() != Some(RoomSeat(2)) {
            break;
        }
        host.until_version(latest + 1).await;
    }
    let from_two = |client: &Client| -> Vec<(u64, RoomEvent)> {
        events(client)
            .into_iter()
            .filter(|(version, _)| *version > 2)
            .collect()
    };
    assert_eq!(from_two(&host), from_two(&guest));
    assert!(
        from_two(&host).iter().any(|(_, event)| matches!(
            event,
            RoomEvent::Played {
                seat: RoomSeat(2),
                ..
            }
        )),
        "the computer moved"
    );
    let rebuilt = Replica::from_state(&guest.sync().await);
    assert_eq!(rebuilt.table.qiguo(), host.replica().table.qiguo());
}

/// Waits until `count` writes wait for a lock (the test's, or another write's row).
async fn writers_waiting(database: &tokio_postgres::Client, count: i64) {
    for _ in 0..200 {
        let waiting: i64 = database
            .query_one(
                "SELECT count(*) FROM pg_stat_activity
                 WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
                &[],
            )
            .await
            .unwrap()
            .get(0);
        if waiting >= count {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let activity: Vec<String> = database
        .query(
            "SELECT coalesce(wait_event_type, '-') || ' ' || state || ': ' || query
             FROM pg_stat_activity WHERE datname = current_database()",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    panic!("{count} writers never waited for the lock: {activity:#?}");
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn two_nodes_racing_for_one_version_store_one_event_and_the_loser_hears_stale() {
    let cluster = cluster();
    cluster.ready().await;
    let mut alice = Client::create(cluster.a, GameKind::Junqi, MoveClock::Off).await;
    let mut bob = Client::join(cluster.b, &alice.code()).await;
    alice.until_version(2).await;
    let (database, connection) = tokio_postgres::connect(&cluster.database, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    // Hold node b's write of this room's next event after its insert, before its commit: a
    // trigger waits for a lock the test holds. Bob (seat 1) offers a draw on node b; then
    // Alice (seat 0, to move) flips on node a, which decides version 3 too, and whose insert
    // finds node b's row under the same key and waits for node b's transaction.
    let code = alice.code();
    database
        .batch_execute(&format!(
            "CREATE OR REPLACE FUNCTION kawu_test_hold() RETURNS trigger LANGUAGE plpgsql AS
                 $$ BEGIN PERFORM pg_advisory_xact_lock_shared(27); RETURN NULL; END $$;
             CREATE TRIGGER kawu_test_hold AFTER INSERT ON room_events FOR EACH ROW
                 WHEN (NEW.code = '{code}') EXECUTE FUNCTION kawu_test_hold();
             SELECT pg_advisory_lock(27);"
        ))
        .await
        .unwrap();
    bob.send(ClientMessage::OfferDraw {}).await;
    writers_waiting(&database, 1).await;
    let action = alice.replica().table.legal_actions()[0].clone();
    alice.act(&action).await;
    writers_waiting(&database, 2).await;
    database
        .batch_execute(
            "SELECT pg_advisory_unlock(27);
             DROP TRIGGER kawu_test_hold ON room_events;
             DROP FUNCTION kawu_test_hold();",
        )
        .await
        .unwrap();
    // Node b's insert was first: its event is version 3, and Alice hears it, then `stale`.
    let (code, version) = alice
        .until(|message| match message {
            ServerMessage::Error { code, version, .. } => Some((*code, *version)),
            _ => None,
        })
        .await;
    assert_eq!((code, version), (ErrorCode::Stale, Some(3)));
    assert_eq!(alice.version(), 3);
    bob.until_version(3).await;
    let mut both = [&alice, &bob].map(|client| events(client).pop());
    assert_eq!(both[0], both[1]);
    assert!(matches!(
        both[0].take(),
        Some((3, RoomEvent::DrawOffered { seat: RoomSeat(1) }))
    ));
    // Stored once: version 3 is the draw offer, and nothing of Alice's flip.
    let stored: Vec<String> = database
        .query(
            "SELECT event FROM room_events WHERE code = $1 ORDER BY version",
            &[&alice.code()],
        )
        .await
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    assert_eq!(stored.len(), 3, "{stored:?}");
    assert!(stored[2].contains("draw_offered"), "{stored:?}");
    // Alice plays again on the version she now has, and both hear it.
    alice.act(&action).await;
    alice.until_version(4).await;
    bob.until_version(4).await;
}

/// `client`'s seat taken back through the balancer, asking for the events after the version
/// it has.
async fn resume_through_balancer(cluster: &Cluster, client: &Client) -> Client {
    let since = client.version();
    let connection = cluster.through_balancer().await;
    let mut again = client.resume_on(connection, Some(since)).await;
    // The barrier: everything the room stored is heard before the pong.
    again.send(ClientMessage::Ping { nonce: 7 }).await;
    again
        .until(|message| matches!(message, ServerMessage::Pong { nonce: 7 }).then_some(()))
        .await;
    again
}

/// Junqi: `plies` random flips, which no deal can end a game by.
async fn play_flips(
    alice: &mut Client,
    bob: &mut Client,
    rng: &mut Xoshiro256PlusPlus,
    plies: usize,
) {
    for _ in 0..plies {
        play_chosen([&mut *alice, &mut *bob], &mut [], |actions| {
            let flips: Vec<&String> = actions
                .iter()
                .filter(|action| matches!(action.parse(), Ok(Action::Flip(_))))
                .collect();
            assert!(!flips.is_empty(), "a face-down piece is left: {actions:?}");
            flips[rng.random_range(0..flips.len())].clone()
        })
        .await;
    }
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn players_resume_through_the_balancer_after_either_node_is_killed() {
    let cluster = cluster();
    cluster.ready().await;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let mut alice = Client::create(cluster.a, GameKind::Junqi, MoveClock::Off).await;
    let mut bob = Client::join(cluster.b, &alice.code()).await;
    alice.until_version(2).await;
    // Flips only before the kills: they cannot end the game, whatever the deal.
    play_flips(&mut alice, &mut bob, &mut rng, 12).await;

    // Node a dies: Alice comes back through the balancer, on node b, with all she had seen.
    cluster.kill("a");
    alice.closed().await;
    let mut alice = resume_through_balancer(&cluster, &alice).await;
    assert_on(&alice, "b");
    assert_eq!(alice.version(), bob.version());
    play_flips(&mut alice, &mut bob, &mut rng, 12).await;

    // Node a is back (the script restarts it); node b dies with both players on it.
    cluster.wait_for("a").await;
    cluster.kill("b");
    alice.closed().await;
    bob.closed().await;
    let mut alice = resume_through_balancer(&cluster, &alice).await;
    let mut bob = resume_through_balancer(&cluster, &bob).await;
    assert_on(&alice, "a");
    assert_on(&bob, "a");
    assert_eq!(alice.version(), bob.version());
    play(&mut alice, &mut bob, &mut [], &mut rng, 5000).await;
    assert!(alice.replica().end.is_some(), "the game ended");

    // Nothing acknowledged was lost: the stored game is the one both players heard, action
    // for action.
    let state = alice.sync().await;
    assert_eq!(state.version, alice.version());
    assert_eq!(
        RoomTable::from_state(&state.game).unwrap().history(),
        alice.replica().table.history()
    );
    assert_eq!(
        alice.replica().table.history(),
        bob.replica().table.history()
    );
    assert!(alice.replica().table.history().len() > 24);
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn a_surviving_node_takes_over_the_clock_of_a_killed_node() {
    let cluster = cluster();
    cluster.ready().await;
    // Both players on node a, with a clock (30 s a move, 0.6 s at the script's clock speed).
    let mut alice = Client::create(cluster.a, GameKind::Junqi, MoveClock::Seconds30).await;
    let bob = Client::join(cluster.a, &alice.code()).await;
    alice.until_version(2).await;
    assert_eq!(alice.replica().to_move(), Some(RoomSeat(0)));
    // Node a dies before Alice's time is up; only Bob comes back, through the balancer.
    cluster.kill("a");
    let mut bob = resume_through_balancer(&cluster, &bob).await;
    assert_on(&bob, "b");
    // Node b runs the room's clock now: Alice, who never came back, runs out of time.
    while bob.replica().end.is_none() {
        bob.recv().await;
    }
    let end = bob.replica().end.unwrap();
    assert_eq!(end.winner, Some(RoomSeat(1)));
    assert_eq!(end.reason, EndReason::OutOfTime);
    alice.closed().await;
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn presence_and_a_seat_taken_back_reach_across_nodes() {
    let cluster = cluster();
    cluster.ready().await;
    let mut alice = Client::create(cluster.a, GameKind::Xiangqi, MoveClock::Off).await;
    let mut bob = Client::join(cluster.b, &alice.code()).await;
    alice.until_version(2).await;
    // Each hears that the other, on the other node, is connected.
    until_both_connected(&mut alice).await;
    until_both_connected(&mut bob).await;
    // Alice takes her seat back on node b: her connection on node a is told and closed.
    let mut again = alice.resume(cluster.b, Some(alice.version())).await;
    let replaced = alice
        .until(|message| match message {
            ServerMessage::Error { code, .. } => Some(*code),
            _ => None,
        })
        .await;
    assert_eq!(replaced, ErrorCode::Replaced);
    alice.closed().await;
    // She plays on from node b, and Bob hears it.
    again.act("h2e2").await;
    again.until_version(3).await;
    bob.until_version(3).await;
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn a_takeback_asked_on_one_node_is_granted_from_the_other() {
    let cluster = cluster();
    cluster.ready().await;
    let mut alice = Client::create(cluster.a, GameKind::Xiangqi, MoveClock::Off).await;
    let mut bob = Client::join(cluster.b, &alice.code()).await;
    assert_on(&bob, "b");
    alice.until_version(2).await;
    alice.act("h2e2").await;
    alice.until_version(3).await;
    bob.until_version(3).await;
    alice.send(ClientMessage::AskTakeback {}).await;
    alice.until_version(4).await;
    bob.until_version(4).await;
    assert!(matches!(
        bob.replica().events.last(),
        Some((
            4,
            RoomEvent::TakebackAsked {
                seat: RoomSeat(0),
                plies: 1,
                ..
            }
        ))
    ));
    assert!(
        bob.sync().await.takeback.is_some(),
        "node b holds the request"
    );
    bob.send(ClientMessage::AnswerTakeback { accept: true })
        .await;
    bob.until_version(5).await;
    alice.until_version(5).await;
    let granted = RoomEvent::TakenBack {
        seat: RoomSeat(0),
        plies: 1,
    };
    assert_eq!(alice.replica().events.last(), Some(&(5, granted)));
    for client in [&mut alice, &mut bob] {
        let room = client.sync().await;
        assert_eq!(room.takeback, None);
        assert_eq!(room.to_move, Some(RoomSeat(0)));
        assert!(Replica::from_state(&room).table.history().is_empty());
    }
    // Alice plays another first move on node a, and node b's replica takes it.
    alice.act("b2e2").await;
    alice.until_version(6).await;
    bob.until_version(6).await;
    assert_eq!(bob.replica().table.history().len(), 1);
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn the_computer_plays_on_when_a_node_with_people_at_its_table_dies() {
    let cluster = cluster();
    cluster.ready().await;
    // One node thinks for a room's computer: whichever it is, the other takes over when it
    // dies. Qin (the host, node a), Chu and Han (the guest, node b), Qi and Wei (the computer).
    let setup = QiguoSetup {
        seats: vec![
            SeatPlan::Friend,
            SeatPlan::Friend,
            SeatPlan::Computer(ComputerLevel::Easy),
        ],
        on_leave: OnLeave::Computer,
    };
    let mut host = Client::create_qiguo(cluster.a, setup, MoveClock::Off).await;
    let mut guest = Client::join(cluster.b, &host.code()).await;
    host.until_version(2).await;
    let first_legal = |client: &Client| client.replica().table.legal_actions()[0].clone();
    for (mover, version) in [(&mut host, 3), (&mut guest, 4)] {
        mover.until_version(version - 1).await;
        let action = first_legal(mover);
        mover.act(&action).await;
        mover.until_version(version).await;
    }
    cluster.kill("a");
    // Han's move leaves the computer to move, with people on node b only.
    let action = first_legal(&guest);
    guest.act(&action).await;
    guest.until_version(5).await;
    guest.until_version(7).await;
    assert!(
        guest.replica().events[guest.replica().events.len() - 2..]
            .iter()
            .all(|(_, event)| matches!(
                event,
                RoomEvent::Played {
                    seat: RoomSeat(2),
                    ..
                }
            )),
        "{:?}",
        guest.replica().events
    );
    drop(host);
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn an_unanswered_takeback_lapses_once_for_both_nodes() {
    let cluster = cluster();
    cluster.ready().await;
    let mut alice = Client::create(cluster.a, GameKind::Xiangqi, MoveClock::Off).await;
    let mut bob = Client::join(cluster.b, &alice.code()).await;
    assert_on(&bob, "b");
    alice.until_version(2).await;
    alice.act("h2e2").await;
    alice.until_version(3).await;
    bob.until_version(3).await;
    alice.send(ClientMessage::AskTakeback {}).await;
    bob.until_version(4).await;
    assert!(matches!(
        bob.replica().events.last(),
        Some((
            4,
            RoomEvent::TakebackAsked {
                seat: RoomSeat(0),
                plies: 1,
                ..
            }
        ))
    ));
    // Both nodes count the wait (the script's 1 s); the database takes one lapse.
    let lapsed = RoomEvent::TakebackLapsed { seat: RoomSeat(0) };
    for client in [&mut alice, &mut bob] {
        client.until_version(5).await;
        assert_eq!(client.replica().events.last(), Some(&(5, lapsed.clone())));
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    for client in [&mut alice, &mut bob] {
        let room = client.sync().await;
        assert_eq!((room.version, room.takeback), (5, None), "one lapse stored");
    }
    bob.act("h9g7").await;
    bob.until_version(6).await;
    alice.until_version(6).await;
}

/// A link to a node, as another node opens it.
type Link = tokio_tungstenite::WebSocketStream<Box<dyn LinkStream>>;

/// A link's connection: TCP, or TLS over it.
trait LinkStream: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send {}

impl<S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send> LinkStream for S {}

/// The status of an attempt to open a node's link to `address` as node `ff`, showing `secret`,
/// over TLS trusting `authority` when given, and the link when it opened.
async fn open_link(
    address: SocketAddr,
    authority: Option<&std::path::Path>,
    secret: Option<&str>,
) -> (u16, Option<Link>) {
    use tokio_rustls::rustls;
    use tokio_tungstenite::tungstenite::{self, client::IntoClientRequest, http::header};
    let scheme = if authority.is_some() { "wss" } else { "ws" };
    let mut request = format!("{scheme}://{address}/cluster")
        .into_client_request()
        .unwrap();
    let headers = request.headers_mut();
    headers.insert("kawu-node", "00000000000000ff".parse().unwrap());
    if let Some(secret) = secret {
        headers.insert(
            header::AUTHORIZATION,
            format!("Bearer {secret}").parse().unwrap(),
        );
    }
    let tcp = tokio::net::TcpStream::connect(address).await.unwrap();
    let stream: Box<dyn LinkStream> = match authority {
        None => Box::new(tcp),
        Some(authority) => {
            use rustls::pki_types::{CertificateDer, pem::PemObject};
            let mut roots = rustls::RootCertStore::empty();
            for certificate in CertificateDer::pem_file_iter(authority).unwrap() {
                roots.add(certificate.unwrap()).unwrap();
            }
            let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
            let config = rustls::ClientConfig::builder_with_provider(provider)
                .with_safe_default_protocol_versions()
                .unwrap()
                .with_root_certificates(roots)
                .with_no_client_auth();
            let connector = tokio_rustls::TlsConnector::from(std::sync::Arc::new(config));
            let name = rustls::pki_types::ServerName::from(address.ip());
            Box::new(connector.connect(name, tcp).await.unwrap())
        }
    };
    match tokio_tungstenite::client_async(request, stream).await {
        Ok((socket, response)) => (response.status().as_u16(), Some(socket)),
        Err(tungstenite::Error::Http(response)) => (response.status().as_u16(), None),
        Err(error) => panic!("no answer from {address}/cluster: {error}"),
    }
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn a_link_between_nodes_needs_the_secret_and_carries_each_stored_event() {
    use futures_util::StreamExt;
    let cluster = cluster();
    cluster.ready().await;
    let (_database, secret) = cluster.secret().await;
    let tls = Some(cluster.authority.as_path());
    assert_eq!(
        open_link(cluster.link_a, tls, None).await.0,
        400,
        "no secret shown"
    );
    assert_eq!(open_link(cluster.link_a, tls, Some("guess")).await.0, 403);
    let last = if secret.ends_with('0') { '1' } else { '0' };
    let wrong = format!("{}{last}", &secret[..secret.len() - 1]);
    assert_eq!(open_link(cluster.link_a, tls, Some(&wrong)).await.0, 403);
    // Links come to the cluster listener alone, and only over TLS.
    for public in [cluster.balancer, cluster.a] {
        let status = open_link(public, None, Some(&secret)).await.0;
        assert_eq!(status, 404, "no link at {public}");
    }
    let plain = http_get(cluster.link_a, "/cluster", "").await;
    assert!(
        !plain.starts_with("HTTP/"),
        "plain HTTP is answered: {plain}"
    );
    let (status, link) = open_link(cluster.link_a, tls, Some(&secret)).await;
    assert_eq!(status, 101);
    let mut link = link.unwrap();
    // A game on node a: its stored events reach the link as notices, in order.
    let (mut alice, mut bob) = table(cluster.a, GameKind::Xiangqi, MoveClock::Off).await;
    let code = alice.code();
    alice.act("h2e2").await;
    bob.until_version(3).await;
    let mut versions = Vec::new();
    while versions.last() != Some(&3) {
        let frame = tokio::time::timeout(Duration::from_secs(10), link.next())
            .await
            .expect("notices within 10 s")
            .expect("the link is open")
            .unwrap();
        let Ok(text) = frame.into_text() else {
            continue;
        };
        let notices: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
        for notice in notices {
            if notice["kind"] == "event" && notice["code"] == code.as_str() {
                versions.push(notice["version"].as_u64().unwrap());
            }
        }
    }
    assert_eq!(versions, [2, 3], "the room's creation is read, not sent");
}

/// Reads until `client` hears that both seats are connected.
async fn until_both_connected(client: &mut Client) {
    client
        .until(|message| {
            matches!(
                message,
                ServerMessage::Presence { connected, .. } if connected == &[true, true]
            )
            .then_some(())
        })
        .await;
}

/// Whether the room's whole state, read now, shows both seats connected.
async fn both_seated(client: &mut Client) -> bool {
    let room = client.sync().await;
    room.seats.iter().all(|seat| seat.taken && seat.connected)
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn a_node_paused_for_eight_seconds_keeps_both_players_seated() {
    let cluster = cluster();
    cluster.ready().await;
    let grace = cluster.grace();
    assert!(
        grace > Duration::from_secs(8),
        "a pause shorter than the grace"
    );
    let mut alice = Client::create(cluster.a, GameKind::Xiangqi, MoveClock::Off).await;
    let mut bob = Client::join(cluster.b, &alice.code()).await;
    assert_on(&bob, "b");
    alice.until_version(2).await;
    until_both_connected(&mut alice).await;
    until_both_connected(&mut bob).await;
    // Node a stops for 8 s, longer than its lease: node b counts Alice as gone meanwhile.
    cluster.signal("a", "STOP");
    tokio::time::sleep(Duration::from_secs(8)).await;
    cluster.signal("a", "CONT");
    // Past the grace and 10 s more, nobody lost by abandonment and both are seated again.
    tokio::time::sleep(grace + Duration::from_secs(10)).await;
    assert!(both_seated(&mut bob).await, "node b sees both seated");
    assert!(both_seated(&mut alice).await, "node a sees both seated");
    for client in [&alice, &bob] {
        assert!(client.replica().end.is_none(), "nobody lost");
        assert_eq!(client.version(), 2, "nothing happened meanwhile");
    }
    // A move each, each seen by the other.
    alice.act("h2e2").await;
    bob.until_version(3).await;
    bob.act("h9g7").await;
    alice.until_version(4).await;
    bob.until_version(4).await;
    assert_eq!(events(&alice).last(), events(&bob).last());
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn a_node_killed_between_its_commit_and_its_notice_loses_nothing() {
    let cluster = cluster();
    cluster.ready().await;
    let mut alice = Client::create(cluster.a, GameKind::Xiangqi, MoveClock::Off).await;
    let mut bob = Client::join(cluster.b, &alice.code()).await;
    assert_on(&bob, "b");
    alice.until_version(2).await;
    until_both_connected(&mut bob).await;
    // Node a stores Alice's move, then dies before it tells anyone.
    cluster.arm_failpoint("exit-after-commit", &alice.code());
    let moved = std::time::Instant::now();
    alice.act("h2e2").await;
    alice.closed().await;
    assert_eq!(alice.version(), 2, "node a died before telling Alice");
    // Node b's replica reads it when the link ends: Bob sees it within 2 s.
    tokio::time::timeout(Duration::from_secs(2), bob.until_version(3))
        .await
        .expect("Bob sees the move within 2 s");
    assert!(moved.elapsed() < Duration::from_secs(2));
    // Alice resumes through the balancer from what she had: the move is there.
    let mut alice = resume_through_balancer(&cluster, &alice).await;
    assert_eq!(alice.version(), 3);
    assert_eq!(events(&alice).last(), events(&bob).last());
    bob.act("h9g7").await;
    alice.until_version(4).await;
    let state = alice.sync().await;
    assert_eq!(state.version, 4);
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn a_notice_that_does_not_fit_is_never_applied() {
    use futures_util::SinkExt;
    let cluster = cluster();
    cluster.ready().await;
    let (database, secret) = cluster.secret().await;
    let (mut alice, mut bob) = table(cluster.a, GameKind::Xiangqi, MoveClock::Off).await;
    let code = alice.code();
    let tls = Some(cluster.authority.as_path());
    let (status, link) = open_link(cluster.link_a, tls, Some(&secret)).await;
    assert_eq!(status, 101);
    let mut link = link.unwrap();
    // A notice with a gap (version 4 while the room is at 2), and one of the next version
    // that the room cannot take (a takeback accepted that nobody asked for).
    let forged = serde_json::json!([
        {"kind": "event", "code": code, "version": 4,
         "event": {"type": "draw_offered", "seat": 1}},
        {"kind": "event", "code": code, "version": 3,
         "event": {"type": "takeback_accepted", "seat": 1}},
    ]);
    link.send(tokio_tungstenite::tungstenite::Message::Text(
        forged.to_string().into(),
    ))
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    // Both replicas read the database instead: nothing of the notices reached anyone.
    for client in [&mut alice, &mut bob] {
        let room = client.sync().await;
        assert_eq!(room.version, 2);
        assert_eq!(room.draw_offer, None);
        assert_eq!(client.version(), 2);
    }
    // The room plays on at version 3.
    alice.act("h2e2").await;
    alice.until_version(3).await;
    bob.until_version(3).await;
    assert!(matches!(
        events(&bob).last(),
        Some((3, RoomEvent::Played { .. }))
    ));
    let stored: i64 = database
        .query_one("SELECT count(*) FROM room_events WHERE code = $1", &[&code])
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, 3);
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn a_database_stalled_for_six_seconds_loses_nobody_their_seat() {
    let cluster = cluster();
    cluster.ready().await;
    let mut alice = Client::create(cluster.a, GameKind::Xiangqi, MoveClock::Off).await;
    let mut bob = Client::join(cluster.b, &alice.code()).await;
    assert_on(&bob, "b");
    alice.until_version(2).await;
    until_both_connected(&mut alice).await;
    until_both_connected(&mut bob).await;
    // Every table the nodes use is locked for 6 s, longer than a node's lease: their writes,
    // their reads and their listing in `nodes` wait. Their heartbeats do not.
    let (database, _) = cluster.secret().await;
    let heard_before = bob.frames.len();
    let stall = tokio::spawn(async move {
        database
            .batch_execute(
                "BEGIN; LOCK TABLE rooms, seats, room_events, nodes IN ACCESS EXCLUSIVE MODE;
                 SELECT pg_sleep(6); COMMIT;",
            )
            .await
            .unwrap();
    });
    tokio::time::sleep(Duration::from_millis(500)).await;
    // Alice's move, played during the stall, is stored once it ends; Bob sees it.
    alice.act("h2e2").await;
    stall.await.unwrap();
    bob.until_version(3).await;
    // Nobody was counted gone: no presence without both seats reached Bob, and both are
    // seated past the grace.
    tokio::time::sleep(cluster.grace() + Duration::from_secs(2)).await;
    assert!(both_seated(&mut bob).await);
    assert!(both_seated(&mut alice).await);
    let lost_sight = bob.frames[heard_before..].iter().any(|frame| {
        matches!(
            serde_json::from_str::<kawu::protocol::Frame<ServerMessage>>(frame).unwrap().msg,
            ServerMessage::Presence { connected, .. } if connected != [true, true]
        )
    });
    assert!(!lost_sight, "node b never counted Alice as gone");
    bob.act("h9g7").await;
    alice.until_version(4).await;
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn two_clients_through_the_balancer_have_limits_of_their_own() {
    let cluster = cluster();
    cluster.ready().await;
    let (database, _) = cluster.secret().await;
    // HAProxy names each client in a PROXY header: the nodes count 127.0.9.1, not HAProxy.
    let greedy = Origin::from([127, 0, 9, 1].into());
    let mut rooms = Vec::new();
    let refused = loop {
        match Client::try_create_as(cluster.balancer, &greedy).await {
            Ok(client) => rooms.push(client),
            Err(code) => break code,
        }
        assert!(rooms.len() <= 40, "20 rooms a node, on two nodes");
    };
    assert_eq!(refused, ErrorCode::TooManyRooms);
    assert!(rooms.len() >= 20, "refused after {} rooms", rooms.len());
    let creator: String = database
        .query_one(
            "SELECT creator FROM rooms WHERE code = $1",
            &[&rooms[0].code()],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(creator, "127.0.9.1");
    // Another client, through the same balancer to the same nodes, is within its own limit.
    let other = Origin::from([127, 0, 9, 2].into());
    for _ in 0..2 {
        let client = Client::try_create_as(cluster.balancer, &other).await;
        assert!(client.is_ok(), "127.0.9.2's own limit: {:?}", client.err());
    }
}

/// Copies of room `code` stored under `count` new codes in the nodes' database: as many
/// finished games to draw, without playing each.
async fn copies(database: &mut tokio_postgres::Client, code: &str, count: usize) -> Vec<String> {
    let transaction = database.transaction().await.unwrap();
    let codes = flood::copy_codes(count);
    for copy in &codes {
        for statement in [
            "INSERT INTO rooms SELECT $1, game, rules, clock, creator FROM rooms WHERE code = $2",
            "INSERT INTO seats SELECT $1, seat, token_hash FROM seats WHERE code = $2",
            "INSERT INTO room_events SELECT $1, version, event FROM room_events WHERE code = $2
             ORDER BY version",
        ] {
            transaction
                .execute(statement, &[copy, &code])
                .await
                .unwrap();
        }
    }
    transaction.commit().await.unwrap();
    codes
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn a_flood_of_pictures_through_the_balancer_leaves_another_room_playing() {
    let cluster = cluster();
    cluster.ready().await;
    let code = flood::finished_game(cluster.a).await;
    let (mut database, _) = cluster.secret().await;
    let mut codes = copies(&mut database, &code, flood::FLOOD - 1).await;
    codes.push(code);
    // The pictures are asked through HAProxy, which shares them between the nodes; the room
    // plays with a player on each node.
    flood::Flood {
        target: cluster.balancer,
        codes: &codes,
        players: [cluster.a, cluster.b],
        nodes: &[cluster.a, cluster.b],
    }
    .run()
    .await;
}

#[tokio::test]
#[ignore = "needs the cluster of scripts/cluster.sh (run there with --ignored)"]
async fn an_older_nodes_event_out_of_order_is_refused_while_the_nodes_play_on() {
    let cluster = cluster();
    cluster.ready().await;
    let mut alice = Client::create(cluster.a, GameKind::Junqi, MoveClock::Off).await;
    let mut bob = Client::join(cluster.b, &alice.code()).await;
    alice.until_version(2).await;
    let (database, _) = cluster.secret().await;
    // A node of a version from before the nodes checked the order themselves inserts the
    // events as they come, into `events`: the database refuses the hole it would leave, and
    // takes the next version.
    let insert = "INSERT INTO events (code, version, event)
        SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])";
    let code = format!("OLDER{}", alice.code());
    let text = r#"{"kind":"seat_taken","seat":0}"#;
    for version in [1_i64, 2] {
        database
            .execute(insert, &[&vec![&code], &vec![version], &vec![text]])
            .await
            .unwrap();
    }
    let hole = database
        .execute(insert, &[&vec![&code], &vec![4_i64], &vec![text]])
        .await
        .expect_err("version 4 with no version 3 is refused");
    assert_eq!(
        hole.code(),
        Some(&tokio_postgres::error::SqlState::INTEGRITY_CONSTRAINT_VIOLATION)
    );
    let taken = database
        .execute(insert, &[&vec![&code], &vec![2_i64], &vec![text]])
        .await
        .expect_err("version 2 is stored already");
    assert_eq!(
        taken.code(),
        Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION)
    );
    let versions: Vec<i64> = database
        .query(
            "SELECT version FROM room_events WHERE code = $1 ORDER BY version",
            &[&code],
        )
        .await
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    assert_eq!(versions, [1, 2]);
    database
        .execute("DELETE FROM room_events WHERE code = $1", &[&code])
        .await
        .unwrap();
    // Meanwhile the nodes store every move.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(53);
    play_flips(&mut alice, &mut bob, &mut rng, 4).await;
    bob.until_version(alice.version()).await;
    let stored: i64 = database
        .query_one(
            "SELECT count(*) FROM events WHERE code = $1",
            &[&alice.code()],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, alice.version() as i64);
}
