//! What the server's and the cluster's tests share: a protocol client that keeps a copy of its
//! room, rebuilt with the rules from states and events, and random play.
// Each test binary uses its own part of this.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use kawu::protocol::{
    ClientMessage, ErrorCode, Frame, GameEnd, GameState, MoveClock, Played, QiguoPlayed,
    QiguoSetup, QiguoStep, RoomEvent, RoomSeat, RoomState, ServerMessage, TakebackRequest,
    XiangqiPlayed, junqi_start,
};
use kawu::rules::GameKind;
use kawu::rules::junqi::{Action, ActionList, PublicGame};
use kawu::rules::{qiguo, xiangqi};
use rand::RngExt;
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A client's copy of the room's current game, rebuilt from states and events with the rules.
#[derive(Clone, Debug)]
pub enum Board {
    Junqi(Box<PublicGame>),
    Xiangqi(xiangqi::Game),
    /// A Qiguo game and its history (moves and withdrawals).
    Qiguo(Box<qiguo::Position>, Vec<QiguoStep>),
}

impl Board {
    /// The game a state describes; its position must be the one the state names.
    pub fn from_state(room: &RoomState) -> Board {
        match &room.game {
            GameState::Junqi(state) => {
                let game = state.public_game().expect("a state's actions replay");
                assert_eq!(
                    game.view().to_jfen(),
                    state.position,
                    "position of {room:?}"
                );
                Board::Junqi(Box::new(game))
            }
            GameState::Xiangqi(state) => {
                let game = state.game().expect("a state's moves replay");
                assert_eq!(
                    game.position().to_fen(),
                    state.position,
                    "position of {room:?}"
                );
                Board::Xiangqi(game)
            }
            GameState::Qiguo(state) => {
                let position = state.replay().expect("a state's history replays");
                assert_eq!(position.to_qfen(), state.position, "position of {room:?}");
                Board::Qiguo(Box::new(position), state.history.clone())
            }
        }
    }

    /// The same game from its start again.
    pub fn restarted(&self) -> Board {
        match self {
            Board::Junqi(game) => {
                Board::Junqi(Box::new(PublicGame::new(junqi_start(*game.view().rules()))))
            }
            Board::Xiangqi(game) => Board::Xiangqi(xiangqi::Game::new(game.start().clone())),
            Board::Qiguo(position, _) => Board::Qiguo(
                Box::new(qiguo::Position::start(position.seating())),
                Vec::new(),
            ),
        }
    }

    pub fn play(&mut self, played: &Played) {
        match (self, played) {
            (Board::Junqi(game), Played::Junqi(played)) => {
                game.play(*played).expect("a played action replays");
            }
            (Board::Xiangqi(game), Played::Xiangqi(played)) => {
                game.play(played.mv).expect("a played move replays");
            }
            (Board::Qiguo(position, history), Played::Qiguo(played)) => {
                let step = QiguoStep::Move {
                    mv: played.mv,
                    state: played.state,
                };
                step.apply(position).expect("a played move replays");
                history.push(step);
            }
            (board, played) => panic!("{played:?} played on {board:?}"),
        }
    }

    /// The game without its last `plies` steps, replayed from the start.
    pub fn take_back(&mut self, plies: u32) {
        let keep = self
            .history_len()
            .checked_sub(plies as usize)
            .expect("a takeback of steps that were played");
        let mut replayed = self.restarted();
        match (&mut replayed, &*self) {
            (Board::Qiguo(position, history), Board::Qiguo(_, old)) => {
                for step in &old[..keep] {
                    step.apply(position).expect("a kept step replays");
                    history.push(step.clone());
                }
            }
            (replayed, old) => {
                for played in &old.history()[..keep] {
                    replayed.play(played);
                }
            }
        }
        *self = replayed;
    }

    /// How many steps the history has (Qiguo: withdrawals too).
    pub fn history_len(&self) -> usize {
        match self {
            Board::Qiguo(_, history) => history.len(),
            other => other.history().len(),
        }
    }

    /// Whether the seat that moved first is to move.
    pub fn first_to_move(&self) -> bool {
        match self {
            Board::Junqi(game) => game.view().first_player_to_move(),
            Board::Xiangqi(game) => game.moves().len() % 2 == 0,
            Board::Qiguo(..) => panic!("a Qiguo table has more than two seats"),
        }
    }

    /// Every legal action, as `act` writes it.
    pub fn legal_actions(&self) -> Vec<String> {
        match self {
            Board::Junqi(game) => {
                let mut actions = ActionList::new();
                game.view().legal_actions(&mut actions);
                actions.iter().map(Action::to_string).collect()
            }
            Board::Xiangqi(game) => {
                let mut moves = xiangqi::MoveList::new();
                game.position().legal_moves(&mut moves);
                moves.iter().map(xiangqi::Move::to_string).collect()
            }
            Board::Qiguo(position, _) => {
                let mut moves = qiguo::MoveList::new();
                position.legal_moves(&mut moves);
                moves.iter().map(qiguo::Move::to_string).collect()
            }
        }
    }

    /// Whether the rules ended the game.
    pub fn over(&self) -> bool {
        match self {
            Board::Junqi(game) => game.outcome().is_some(),
            Board::Xiangqi(game) => game.outcome().is_some(),
            Board::Qiguo(position, _) => position.outcome().is_some(),
        }
    }

    /// The actions played so far.
    pub fn history(&self) -> Vec<Played> {
        match self {
            Board::Junqi(game) => game.history().iter().copied().map(Played::Junqi).collect(),
            Board::Xiangqi(game) => game
                .moves()
                .iter()
                .map(|played| Played::Xiangqi(XiangqiPlayed { mv: played.mv }))
                .collect(),
            Board::Qiguo(_, history) => history
                .iter()
                .filter_map(|step| match step {
                    QiguoStep::Move { mv, state } => Some(Played::Qiguo(QiguoPlayed {
                        mv: *mv,
                        state: *state,
                    })),
                    QiguoStep::Withdrew { .. } => None,
                })
                .collect(),
        }
    }

    /// The Qiguo position.
    pub fn qiguo(&self) -> &qiguo::Position {
        match self {
            Board::Qiguo(position, _) => position,
            other => panic!("not Qiguo: {other:?}"),
        }
    }

    pub fn junqi(&self) -> &PublicGame {
        match self {
            Board::Junqi(game) => game,
            other => panic!("not Junqi: {other:?}"),
        }
    }

    pub fn xiangqi(&self) -> &xiangqi::Game {
        match self {
            Board::Xiangqi(game) => game,
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

/// What a client knows of its room.
#[derive(Clone, Debug)]
pub struct Replica {
    pub version: u64,
    pub board: Board,
    pub first_seat: RoomSeat,
    pub end: Option<GameEnd>,
    pub taken: Vec<bool>,
    /// Qiguo: the seats the computer covers for.
    pub covered: Vec<bool>,
    /// The pending takeback request.
    pub takeback: Option<TakebackRequest>,
    /// Every event applied, with its version.
    pub events: Vec<(u64, RoomEvent)>,
}

impl Replica {
    pub fn from_state(room: &RoomState) -> Replica {
        Replica {
            version: room.version,
            board: Board::from_state(room),
            first_seat: room.first_seat,
            end: room.end,
            taken: room.seats.iter().map(|seat| seat.taken).collect(),
            covered: room.seats.iter().map(|seat| seat.covered).collect(),
            // The time left is the server's to count: a replica keeps the request alone.
            takeback: room.takeback.clone().map(|takeback| TakebackRequest {
                remaining_ms: None,
                ..takeback
            }),
            events: Vec::new(),
        }
    }

    pub fn apply(&mut self, version: u64, event: &RoomEvent) {
        assert_eq!(version, self.version + 1, "events arrive in order");
        self.version = version;
        self.events.push((version, event.clone()));
        match event {
            RoomEvent::SeatTaken { seat } => self.taken[seat.index()] = true,
            RoomEvent::Played { seat, played } => {
                assert_eq!(Some(*seat), self.to_move());
                self.board.play(played);
                self.takeback = None;
            }
            RoomEvent::GameEnded { end } => {
                self.end = Some(*end);
                self.takeback = None;
            }
            RoomEvent::TakebackAsked { seat, plies, .. } => {
                assert_eq!(self.takeback, None, "one takeback request at a time");
                self.takeback = Some(TakebackRequest {
                    seat: *seat,
                    plies: *plies,
                    accepted: Vec::new(),
                    remaining_ms: None,
                });
            }
            RoomEvent::TakebackAccepted { seat } => self
                .takeback
                .as_mut()
                .expect("a pending takeback")
                .accepted
                .push(*seat),
            RoomEvent::TakebackDeclined { .. } | RoomEvent::TakebackWithdrawn { .. } => {
                assert!(self.takeback.take().is_some(), "a pending takeback ends");
            }
            RoomEvent::TakebackLapsed { seat } => {
                let asked = self.takeback.take().expect("a pending takeback lapses");
                assert_eq!(asked.seat, *seat);
            }
            RoomEvent::TakenBack { seat, plies } => {
                let asked = self.takeback.take().expect("a pending takeback is granted");
                assert_eq!((asked.seat, asked.plies), (*seat, *plies));
                self.board.take_back(*plies);
            }
            RoomEvent::NewGame { first_seat, .. } => {
                self.board = self.board.restarted();
                self.first_seat = *first_seat;
                self.end = None;
                self.takeback = None;
            }
            RoomEvent::ComputerSeated { seat, .. } => self.taken[seat.index()] = true,
            RoomEvent::Covered { seat } => self.covered[seat.index()] = true,
            RoomEvent::Uncovered { seat } => self.covered[seat.index()] = false,
            RoomEvent::Withdrew {
                seat,
                states,
                reason,
            } => {
                let Board::Qiguo(position, history) = &mut self.board else {
                    panic!("a withdrawal outside Qiguo");
                };
                let step = QiguoStep::Withdrew {
                    seat: *seat,
                    states: states.clone(),
                    reason: *reason,
                };
                step.apply(position).expect("a withdrawal replays");
                history.push(step);
                self.takeback = None;
            }
            RoomEvent::SeatLeft { seat } => {
                if self
                    .takeback
                    .as_ref()
                    .is_some_and(|asked| asked.seat == *seat)
                {
                    self.takeback = None;
                }
            }
            RoomEvent::DrawOffered { .. }
            | RoomEvent::DrawDeclined { .. }
            | RoomEvent::RematchRequested { .. } => {}
        }
    }

    pub fn to_move(&self) -> Option<RoomSeat> {
        if self.end.is_some() || !self.taken.iter().all(|&taken| taken) {
            return None;
        }
        if let Board::Qiguo(position, _) = &self.board {
            let seat = position.seating().seat(position.side_to_move());
            let count = self.taken.len();
            return Some(RoomSeat(
                ((seat.index() + self.first_seat.index()) % count) as u8,
            ));
        }
        Some(if self.board.first_to_move() {
            self.first_seat
        } else {
            self.first_seat.other()
        })
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
}

impl Client {
    pub async fn connect(address: SocketAddr) -> Client {
        Client::try_connect(address)
            .await
            .expect("the server accepts a WebSocket")
    }

    /// A new connection and its `hello`, or why there is none.
    pub async fn try_connect(address: SocketAddr) -> Result<Client, String> {
        let (socket, _) = tokio_tungstenite::connect_async(format!("ws://{address}/ws"))
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

/// The mover plays the action `choose` picks from the legal ones; the other player and
/// everyone in `others` catch up with it.
pub async fn play_chosen(
    players: [&mut Client; 2],
    others: &mut [&mut Client],
    choose: impl FnOnce(&[String]) -> String,
) {
    let [first, second] = players;
    let to_move = first.replica().to_move().expect("the game is on");
    let (mover, waiter) = if first.seat == Some(to_move) {
        (first, second)
    } else {
        (second, first)
    };
    let action = choose(&mover.replica().board.legal_actions());
    let before = mover.version();
    mover.act(&action).await;
    mover.until_version(before + 1).await;
    if mover.replica().board.over() {
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
    let start = players[0].replica().board.history().len();
    loop {
        // The first player follows the game until a person is to move.
        let reference = &mut *players[0];
        let person_to_move = loop {
            let replica = reference.replica();
            if replica.end.is_some() || replica.board.history().len() - start >= moves {
                break None;
            }
            match replica.to_move() {
                // (A move that ends the game comes before the event that says so.)
                Some(seat)
                    if seats.contains(&seat)
                        && !replica.covered[seat.index()]
                        && !replica.board.over() =>
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
        if replica.to_move() != Some(seat) || replica.covered[seat.index()] || replica.board.over()
        {
            players[0].recv().await;
            continue;
        }
        let actions = replica.board.legal_actions();
        let action = actions[rng.random_range(0..actions.len())].clone();
        let before = mover.version();
        mover.act(&action).await;
        mover.until_version(before + 1).await;
        played += 1;
    }
}
