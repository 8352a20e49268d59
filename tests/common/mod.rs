//! What the server's and the cluster's tests share: a protocol client that keeps a copy of its
//! room, rebuilt with the rules from states and events, and random play.
// Each test binary uses its own part of this.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use kawu::protocol::{
    ClientMessage, ErrorCode, Frame, MoveClock, QiguoSetup, RoomEvent, RoomSeat, RoomState,
    RoomTable, RoomView, ServerMessage,
};
use kawu::rules::GameKind;
use kawu::rules::junqi::PublicGame;
use kawu::rules::{qiguo, xiangqi};
use rand::RngExt;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

pub mod flood;

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// What the tests ask of a room's table beyond what a follower keeps.
pub trait TableExt {
    /// Every legal action, as `act` writes it.
    fn legal_actions(&self) -> Vec<String>;
    /// The Qiguo position.
    fn qiguo(&self) -> &qiguo::Position;
    /// The Junqi public game.
    fn junqi(&self) -> &PublicGame;
    /// The Xiangqi game.
    fn xiangqi(&self) -> &xiangqi::Game;
}

impl TableExt for RoomTable {
    fn legal_actions(&self) -> Vec<String> {
        self.legal_actions_now()
            .expect("a Junqi classic move needs its player's own army: see classic_moves")
    }

    fn qiguo(&self) -> &qiguo::Position {
        match self {
            RoomTable::Qiguo(game, _) => game.position(),
            other => panic!("not Qiguo: {other:?}"),
        }
    }

    fn junqi(&self) -> &PublicGame {
        match self {
            RoomTable::Junqi(game) => game,
            other => panic!("not Junqi: {other:?}"),
        }
    }

    fn xiangqi(&self) -> &xiangqi::Game {
        match self {
            RoomTable::Xiangqi(game) => game,
            other => panic!("not Xiangqi: {other:?}"),
        }
    }
}

/// The event of `seat` asking for a takeback of `plies` steps, with the default wait.
pub fn takeback_asked(seat: RoomSeat, plies: u32) -> RoomEvent {
    RoomEvent::TakebackAsked {
        seat,
        plies,
        wait_ms: kawu::server::Timing::default().takeback_wait.as_millis() as u64,
    }
}

/// What a client knows of its room: the protocol's follower, which must accept every state
/// and event the server sends, and every event it applied.
#[derive(Clone, Debug)]
pub struct Replica {
    pub view: RoomView,
    /// Every event applied, with its version.
    pub events: Vec<(u64, RoomEvent)>,
}

impl std::ops::Deref for Replica {
    type Target = RoomView;
    fn deref(&self) -> &RoomView {
        &self.view
    }
}

impl Replica {
    pub fn from_state(room: &RoomState) -> Replica {
        Replica {
            view: RoomView::from_state(room).unwrap_or_else(|e| panic!("{e}: {room:?}")),
            events: Vec::new(),
        }
    }

    pub fn apply(&mut self, version: u64, event: &RoomEvent) {
        if let Err(error) = self.view.apply(version, event) {
            panic!("event {version} {event:?} does not follow: {error}");
        }
        self.events.push((version, event.clone()));
    }
}

/// A protocol client: sends typed messages, records every frame it receives, and keeps a
/// replica of its room.
pub struct Client {
    pub socket: Socket,
    /// What the server said it is in `hello` (in a cluster, its node's name).
    pub server: String,
    pub frames: Vec<String>,
    pub replica: Option<Replica>,
    pub seat: Option<RoomSeat>,
    pub token: Option<String>,
    pub code: Option<String>,
    /// Junqi classic: this player's army, as it deployed it or the server sent it back.
    pub deployment: Option<String>,
}

/// Where a test connection comes from, and what it says of its client before its request.
#[derive(Clone, Default)]
pub struct Origin {
    /// The local address to connect from (any 127.x.y.z on loopback); none: the system's pick.
    pub source: Option<IpAddr>,
    /// Bytes sent before the WebSocket's upgrade request (a PROXY protocol header).
    pub preface: Vec<u8>,
    /// More headers of the upgrade request (`X-Forwarded-For`).
    pub headers: Vec<(String, String)>,
}

impl Origin {
    /// A connection from `source`.
    pub fn from(source: IpAddr) -> Origin {
        Origin {
            source: Some(source),
            ..Origin::default()
        }
    }

    /// A connection that starts with a PROXY protocol version 2 header naming `client`.
    pub fn proxied(client: IpAddr) -> Origin {
        let destination: SocketAddr = if client.is_ipv4() {
            "127.0.0.1:7878".parse().unwrap()
        } else {
            "[::1]:7878".parse().unwrap()
        };
        let header = ppp::v2::Builder::with_addresses(
            ppp::v2::Version::Two | ppp::v2::Command::Proxy,
            ppp::v2::Protocol::Stream,
            (SocketAddr::new(client, 50_000), destination),
        )
        .build()
        .unwrap();
        Origin {
            preface: header,
            ..Origin::default()
        }
    }

    /// A connection that starts with a PROXY protocol version 1 line naming `client`.
    pub fn proxied_v1(client: IpAddr) -> Origin {
        let (family, destination) = match client {
            IpAddr::V4(_) => ("TCP4", "127.0.0.1"),
            IpAddr::V6(_) => ("TCP6", "::1"),
        };
        let header = format!("PROXY {family} {client} {destination} 50000 7878\r\n");
        Origin {
            preface: header.into_bytes(),
            ..Origin::default()
        }
    }

    /// A connection whose request says it was forwarded for `client`.
    pub fn forwarded_for(client: &str) -> Origin {
        Origin {
            headers: vec![("x-forwarded-for".into(), client.into())],
            ..Origin::default()
        }
    }

    /// A TCP connection to `address` from this origin's source.
    pub async fn open(&self, address: SocketAddr) -> std::io::Result<tokio::net::TcpStream> {
        let Some(source) = self.source else {
            return tokio::net::TcpStream::connect(address).await;
        };
        let socket = match source {
            IpAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
            IpAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
        };
        socket.bind(SocketAddr::new(source, 0))?;
        socket.connect(address).await
    }
}

impl Client {
    pub async fn connect(address: SocketAddr) -> Client {
        Client::try_connect(address)
            .await
            .expect("the server accepts a WebSocket")
    }

    /// A new connection and its `hello`, or why there is none.
    pub async fn try_connect(address: SocketAddr) -> Result<Client, String> {
        Client::try_connect_as(address, &Origin::default()).await
    }

    /// A new connection as `origin` says, and its `hello`, or why there is none.
    pub async fn try_connect_as(address: SocketAddr, origin: &Origin) -> Result<Client, String> {
        use tokio::io::AsyncWriteExt;
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut stream = origin
            .open(address)
            .await
            .map_err(|error| error.to_string())?;
        stream
            .write_all(&origin.preface)
            .await
            .map_err(|error| error.to_string())?;
        let stream = tokio_tungstenite::MaybeTlsStream::Plain(stream);
        let mut request = format!("ws://{address}/ws")
            .into_client_request()
            .map_err(|error| error.to_string())?;
        for (name, value) in &origin.headers {
            request.headers_mut().append(
                tokio_tungstenite::tungstenite::http::HeaderName::from_bytes(name.as_bytes())
                    .unwrap(),
                value.parse().unwrap(),
            );
        }
        let (socket, _) = tokio_tungstenite::client_async(request, stream)
            .await
            .map_err(|error| error.to_string())?;
        let mut client = Client {
            socket,
            server: String::new(),
            frames: Vec::new(),
            replica: None,
            seat: None,
            token: None,
            code: None,
            deployment: None,
        };
        match client.recv().await {
            ServerMessage::Hello { server } => client.server = server,
            other => return Err(format!("{other:?} before hello")),
        }
        Ok(client)
    }

    pub async fn send(&mut self, message: ClientMessage) {
        let text = serde_json::to_string(&Frame::new(message)).unwrap();
        self.send_text(&text).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.socket
            .send(Message::Text(text.into()))
            .await
            .expect("the connection is open");
    }

    /// Plays `action` on the version this client has.
    pub async fn act(&mut self, action: &str) {
        let version = self.version();
        self.send(ClientMessage::Act {
            action: action.into(),
            version,
        })
        .await;
    }

    /// The next message (pings and pongs of the WebSocket itself aside).
    pub async fn recv(&mut self) -> ServerMessage {
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

    /// Waits for the server to end the connection (text frames on the way are read as usual).
    pub async fn closed(&mut self) {
        loop {
            let next = tokio::time::timeout(Duration::from_secs(10), self.socket.next())
                .await
                .expect("the server ends the connection");
            match next {
                Some(Ok(Message::Text(text))) => {
                    let frame: Frame<ServerMessage> = serde_json::from_str(&text).unwrap();
                    self.track(&frame.msg);
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => {}
            }
        }
    }

    pub fn track(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::Seated { code, seat, token } => {
                self.seat = Some(*seat);
                self.code = Some(code.clone());
                if token.is_some() {
                    self.token = token.clone();
                }
            }
            ServerMessage::Watching { code } => self.code = Some(code.clone()),
            ServerMessage::OwnDeployment { deployment, .. } => {
                self.deployment = Some(deployment.clone())
            }
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
    pub async fn until<T>(&mut self, mut pick: impl FnMut(&ServerMessage) -> Option<T>) -> T {
        loop {
            let message = self.recv().await;
            if let Some(found) = pick(&message) {
                return found;
            }
        }
    }

    pub async fn error(&mut self) -> ErrorCode {
        self.until(|message| match message {
            ServerMessage::Error { code, .. } => Some(*code),
            _ => None,
        })
        .await
    }

    /// Reads until the next whole room state.
    pub async fn until_sync(&mut self) -> RoomState {
        self.until(|message| match message {
            ServerMessage::Sync { room } => Some(room.clone()),
            _ => None,
        })
        .await
    }

    /// Asks for the whole room state and reads it.
    pub async fn sync(&mut self) -> RoomState {
        self.send(ClientMessage::Sync {}).await;
        self.until_sync().await
    }

    /// Reads until the replica reaches `version`; an error on the way fails the test.
    pub async fn until_version(&mut self, version: u64) {
        while self.version() < version {
            if let ServerMessage::Error { code, message, .. } = self.recv().await {
                panic!("waiting for version {version}: {code:?}: {message}");
            }
        }
    }

    pub fn replica(&self) -> &Replica {
        self.replica.as_ref().expect("a room")
    }

    pub fn version(&self) -> u64 {
        self.replica.as_ref().map_or(0, |replica| replica.version)
    }

    /// Sends `message` on a new connection and reads until the room's state.
    pub async fn enter(address: SocketAddr, message: ClientMessage) -> Client {
        let mut client = Client::connect(address).await;
        client.send(message).await;
        client.until_sync().await;
        client
    }

    pub async fn create(address: SocketAddr, game: GameKind, clock: MoveClock) -> Client {
        let message = ClientMessage::Create {
            game,
            rules: None,
            clock,
            qiguo: None,
        };
        Client::enter(address, message).await
    }

    /// Asks for a new Xiangqi room on a connection from `origin`: the room's state, or the
    /// error that refused it.
    pub async fn try_create_as(address: SocketAddr, origin: &Origin) -> Result<Client, ErrorCode> {
        let mut client = Client::try_connect_as(address, origin)
            .await
            .expect("the server accepts a WebSocket");
        client
            .send(ClientMessage::Create {
                game: GameKind::Xiangqi,
                rules: None,
                clock: MoveClock::Off,
                qiguo: None,
            })
            .await;
        loop {
            match client.recv().await {
                ServerMessage::Sync { .. } => return Ok(client),
                ServerMessage::Error { code, .. } => return Err(code),
                _ => {}
            }
        }
    }

    /// The host of a new Qiguo room with these seats.
    pub async fn create_qiguo(address: SocketAddr, setup: QiguoSetup, clock: MoveClock) -> Client {
        let message = ClientMessage::Create {
            game: GameKind::Qiguo,
            rules: None,
            clock,
            qiguo: Some(setup),
        };
        Client::enter(address, message).await
    }

    pub async fn join(address: SocketAddr, code: &str) -> Client {
        let message = ClientMessage::Join {
            code: code.into(),
            seat: None,
        };
        Client::enter(address, message).await
    }

    pub async fn watch(address: SocketAddr, code: &str) -> Client {
        Client::enter(address, ClientMessage::Watch { code: code.into() }).await
    }

    /// `self`'s seat taken back on a new connection, which keeps `self`'s token, and its
    /// replica when it asks only for the events after `since`.
    pub async fn resume(&self, address: SocketAddr, since: Option<u64>) -> Client {
        self.resume_on(Client::connect(address).await, since).await
    }

    /// `self`'s seat taken back on the connection `again`, as [`Client::resume`] does.
    pub async fn resume_on(&self, mut again: Client, since: Option<u64>) -> Client {
        again.replica = since.and(self.replica.clone());
        again.token = self.token.clone();
        again
            .send(ClientMessage::Resume {
                code: self.code(),
                token: self.token.clone().expect("a seat's token"),
                since,
            })
            .await;
        let token = again
            .until(|m| match m {
                ServerMessage::Seated { token, .. } => Some(token.clone()),
                _ => None,
            })
            .await;
        assert_eq!(token, None, "a seat's token is sent only once");
        assert_eq!(again.seat, self.seat);
        again
    }

    pub fn code(&self) -> String {
        self.code.clone().expect("in a room")
    }
}

/// Two players of `game`, and the creator opened the room.
pub async fn table(address: SocketAddr, game: GameKind, clock: MoveClock) -> (Client, Client) {
    let mut alice = Client::create(address, game, clock).await;
    let bob = Client::join(address, &alice.code()).await;
    alice.until_version(2).await;
    (alice, bob)
}

/// The two players of a game in play: the one to move first, then the other.
pub fn mover_and_waiter(players: [&mut Client; 2]) -> [&mut Client; 2] {
    let [first, second] = players;
    let to_move = first.replica().to_move().expect("the game is on");
    if first.seat == Some(to_move) {
        [first, second]
    } else {
        [second, first]
    }
}

/// The mover plays the action `choose` picks from the legal ones; the other player and
/// everyone in `others` catch up with it.
pub async fn play_chosen(
    players: [&mut Client; 2],
    others: &mut [&mut Client],
    choose: impl FnOnce(&[String]) -> String,
) {
    let [mover, waiter] = mover_and_waiter(players);
    let action = choose(&mover.replica().table.legal_actions());
    let before = mover.version();
    mover.act(&action).await;
    mover.until_version(before + 1).await;
    if mover.replica().table.over() {
        mover.until_version(before + 2).await;
    }
    let version = mover.version();
    waiter.until_version(version).await;
    for other in others.iter_mut() {
        other.until_version(version).await;
    }
}

/// The mover plays one random legal action.
pub async fn play_one(
    players: [&mut Client; 2],
    others: &mut [&mut Client],
    rng: &mut impl RngExt,
) {
    play_chosen(players, others, |actions| {
        actions[rng.random_range(0..actions.len())].clone()
    })
    .await;
}

/// Plays random actions until the game ends or `plies` were played.
pub async fn play(
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

/// Both players ask for a rematch; both follow until the new game has started.
pub async fn rematch(alice: &mut Client, bob: &mut Client) {
    alice.send(ClientMessage::Rematch {}).await;
    bob.send(ClientMessage::Rematch {}).await;
    let version = alice.version() + 3;
    alice.until_version(version).await;
    bob.until_version(version).await;
}

/// Qiguo: the people in `players` (each in its own seat) play random legal moves, and the
/// server's computers the other seats, until the game ends or `moves` more were played; every
/// player catches up with the last version. Returns the moves the people played.
pub async fn play_qiguo(players: &mut [&mut Client], rng: &mut impl RngExt, moves: usize) -> usize {
    let seats: Vec<RoomSeat> = players
        .iter()
        .map(|player| player.seat.expect("seated"))
        .collect();
    let mut played = 0;
    let start = players[0].replica().table.history().len();
    loop {
        // The first player follows the game until a person is to move.
        let reference = &mut *players[0];
        let person_to_move = loop {
            let replica = reference.replica();
            if replica.end.is_some() || replica.table.history().len() - start >= moves {
                break None;
            }
            match replica.to_move() {
                // (A move that ends the game comes before the event that says so.)
                Some(seat)
                    if seats.contains(&seat)
                        && !replica.seats[seat.index()].covered
                        && !replica.table.over() =>
                {
                    break Some(seat);
                }
                _ => {
                    if let ServerMessage::Error { code, message, .. } = reference.recv().await {
                        panic!("while the computer plays: {code:?}: {message}");
                    }
                }
            }
        };
        let version = reference.version();
        let Some(seat) = person_to_move else {
            for player in players.iter_mut() {
                player.until_version(version).await;
            }
            return played;
        };
        let mover = players
            .iter_mut()
            .find(|player| player.seat == Some(seat))
            .expect("a person of this table");
        mover.until_version(version).await;
        // The mover may know more than the first player: it decides by what it knows.
        let replica = mover.replica();
        if replica.to_move() != Some(seat)
            || replica.seats[seat.index()].covered
            || replica.table.over()
        {
            players[0].recv().await;
            continue;
        }
        let actions = replica.table.legal_actions();
        let action = actions[rng.random_range(0..actions.len())].clone();
        let before = mover.version();
        mover.act(&action).await;
        mover.until_version(before + 1).await;
        played += 1;
    }
}

/// The whole response to a GET of `path`, with `headers` (each ending in CRLF).
pub async fn http_get(address: SocketAddr, path: &str, headers: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\n{headers}Connection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    String::from_utf8_lossy(&response).into_owned()
}
