//! The line to the online server: one WebSocket (the same code on the desktop and in the
//! browser), the protocol's JSON frames in and out as [`FromServer`] and [`ToServer`], and a
//! new connection with the seat's secret token when the line drops.

use super::ClientSet;
use super::settings::Settings;
use crate::protocol::{
    ClientMessage, ErrorCode, Frame, MoveClock, OnLeave, QiguoSetup, RoomEvent, RoomSeat, RoomView,
    SeatPlan, SeatState, ServerMessage, TakebackRequest,
};
use crate::rules::GameKind;
use bevy::prelude::*;
use ewebsock::{WsEvent, WsMessage, WsReceiver, WsSender};
use std::time::Duration;

/// A room to open: its game, move clock and, in a game for more than two, its seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomPlan {
    pub game: GameKind,
    pub clock: MoveClock,
    /// Who takes each seat of a table for more than two (the first is the host's); empty for
    /// a game of two.
    pub seats: Vec<SeatPlan>,
    /// What becomes of a seat of such a table whose player leaves for good.
    pub on_leave: OnLeave,
}

impl RoomPlan {
    /// A room of two for `game`, with `clock`.
    pub fn pair(game: GameKind, clock: MoveClock) -> RoomPlan {
        RoomPlan {
            game,
            clock,
            seats: Vec::new(),
            on_leave: OnLeave::default(),
        }
    }
}

/// What the player asked of the server when going online.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineRequest {
    /// Open this room and take its first seat.
    Create(RoomPlan),
    /// Take the free seat of the room with this code.
    Join(String),
    /// Watch the room with this code.
    Watch(String),
}

/// Go online: connect to the server and ask.
#[derive(Message, Clone, Debug)]
pub struct GoOnline(pub OnlineRequest);

/// Leave the online game and close the line.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct GoOffline;

/// A message from the server.
#[derive(Message, Clone, Debug)]
pub struct FromServer(pub ServerMessage);

/// A message for the server.
#[derive(Message, Clone, Debug)]
pub struct ToServer(pub ClientMessage);

/// The state of the line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LinkState {
    /// Not online.
    #[default]
    Offline,
    /// Connecting for the first time.
    Connecting,
    /// Connected.
    Online,
    /// The line dropped; trying again (this many times so far).
    Reconnecting(u32),
    /// The server could not be reached: why.
    Failed(String),
}

/// The room this device is in, to take its place again after the line drops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomTicket {
    /// The room's invite code.
    pub code: String,
    /// The seat held, or `None` when watching.
    pub seat: Option<RoomSeat>,
    /// The seat's secret, sent by the server once.
    token: Option<String>,
}

/// The online session: the line's state, what was asked, the room and what was heard of it.
#[derive(Resource, Clone, Debug, Default)]
pub struct OnlineSession {
    /// The line.
    pub state: LinkState,
    /// The server's WebSocket address.
    pub url: String,
    /// What was asked when going online (answered once seated or watching).
    request: Option<OnlineRequest>,
    /// The room, once in one.
    pub room: Option<RoomTicket>,
    /// When to try the line again (time since start-up).
    retry_at: Option<Duration>,
    /// The room as the server told it: seats, offers, the game, kept by the protocol's one
    /// reader of room events (once its state has been heard).
    pub view: Option<RoomView>,
    /// The seat whose move clock runs, and when it runs out (time since start-up).
    pub clock: Option<(RoomSeat, Duration)>,
    /// When the pending takeback request lapses unanswered (time since start-up).
    pub takeback_lapses: Option<Duration>,
    /// This device's last action sent, until the board changes: sent again once if the
    /// server finds it stale only because the room moved on by an event that left the board
    /// as it was (a friend back, a seat covered, a draw offered).
    sent_act: Option<String>,
}

impl OnlineSession {
    /// Whether an online game is going on (or being set up).
    pub fn active(&self) -> bool {
        self.state != LinkState::Offline
    }

    /// Whether an online game of `kind` is going on: that game follows the server.
    pub fn plays(&self, kind: GameKind) -> bool {
        self.active() && self.game() == Some(kind)
    }

    /// The game the room plays, once its state has been heard.
    pub fn game(&self) -> Option<GameKind> {
        self.view.as_ref().map(RoomView::game)
    }

    /// The version of the last room event heard (0 before any).
    pub fn version(&self) -> u64 {
        self.view.as_ref().map_or(0, |view| view.version)
    }

    /// The room's seats: who holds each, whether they are connected, and (at a table for more
    /// than two) whether the computer plays it.
    pub fn seats(&self) -> &[SeatState] {
        self.view.as_ref().map_or(&[], |view| &view.seats)
    }

    /// How many watch.
    pub fn spectators(&self) -> u32 {
        self.view.as_ref().map_or(0, |view| view.spectators)
    }

    /// The room seat offering a draw, if one is.
    pub fn draw_offer(&self) -> Option<RoomSeat> {
        self.view.as_ref().and_then(|view| view.draw_offer)
    }

    /// The request to take a move back, while one waits for answers.
    pub fn takeback(&self) -> Option<&TakebackRequest> {
        self.view.as_ref().and_then(|view| view.takeback.as_ref())
    }

    /// The room seat this device holds, if it holds one.
    pub fn my_seat(&self) -> Option<RoomSeat> {
        self.room.as_ref().and_then(|ticket| ticket.seat)
    }

    /// Whether a seat is still free: the game has not begun.
    pub fn waiting_for_players(&self) -> bool {
        self.view
            .as_ref()
            .is_some_and(RoomView::waiting_for_players)
    }

    /// Whether each seat's player is connected now.
    pub fn connected(&self) -> Vec<bool> {
        self.seats().iter().map(|seat| seat.connected).collect()
    }
}

/// The socket itself: not `Send` in the browser, so kept out of the ECS's shared resources.
#[derive(Default)]
struct Socket(Option<(WsSender, WsReceiver)>);

/// The line runs headless too: tests play through a real server with it.
pub(super) fn logic_plugin(app: &mut App) {
    app.init_resource::<OnlineSession>()
        .add_message::<GoOnline>()
        .add_message::<GoOffline>()
        .add_message::<FromServer>()
        .add_message::<ToServer>()
        .add_message::<OwnTakebackRefused>()
        .init_non_send::<Socket>()
        .add_systems(Startup, join_from_page)
        .add_systems(OnEnter(super::Screen::Title), leave_room)
        .add_systems(
            Update,
            (go_online, go_offline, retry, receive)
                .chain()
                .in_set(ClientSet::Input),
        )
        .add_systems(Update, send.in_set(ClientSet::Present));
}

/// The server's address: the page's own server in the browser, the setting on the desktop.
fn server_url(settings: &Settings) -> String {
    #[cfg(target_arch = "wasm32")]
    if let Some(location) = web_sys::window().map(|window| window.location()) {
        let secure = location.protocol().is_ok_and(|p| p == "https:");
        if let Ok(host) = location.host() {
            return format!("{}://{host}/ws", if secure { "wss" } else { "ws" });
        }
    }
    settings.server.clone()
}

/// `?join=CODE` in the page's address goes straight into that room.
fn join_from_page(mut online: MessageWriter<GoOnline>) {
    #[cfg(target_arch = "wasm32")]
    if let Some(search) = web_sys::window().and_then(|window| window.location().search().ok()) {
        let code = search
            .trim_start_matches('?')
            .split('&')
            .find_map(|pair| pair.strip_prefix("join="));
        if let Some(code) = code.filter(|code| !code.is_empty()) {
            online.write(GoOnline(OnlineRequest::Join(code.to_uppercase())));
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = &mut online;
}

/// Opens the line; a failure is the session's state, never a panic.
fn open(session: &mut OnlineSession, socket: &mut Socket) {
    match ewebsock::connect(session.url.clone(), ewebsock::Options::default()) {
        Ok(link) => socket.0 = Some(link),
        Err(error) => {
            warn!("cannot connect to {}: {error}", session.url);
            socket.0 = None;
            session.state = LinkState::Failed(error);
        }
    }
}

fn go_online(
    mut requests: MessageReader<GoOnline>,
    settings: Res<Settings>,
    mut session: ResMut<OnlineSession>,
    mut socket: NonSendMut<Socket>,
) {
    for GoOnline(request) in requests.read() {
        *session = OnlineSession {
            state: LinkState::Connecting,
            url: server_url(&settings),
            request: Some(request.clone()),
            ..default()
        };
        info!("going online at {}: {request:?}", session.url);
        open(&mut session, &mut socket);
    }
}

fn go_offline(
    mut requests: MessageReader<GoOffline>,
    mut session: ResMut<OnlineSession>,
    mut socket: NonSendMut<Socket>,
) {
    if requests.read().count() > 0 {
        if let Some((mut sender, _)) = socket.0.take() {
            sender.close();
        }
        *session = OnlineSession::default();
    }
}

/// Back on the title screen, the online game is left.
fn leave_room(session: Res<OnlineSession>, mut offline: MessageWriter<GoOffline>) {
    if session.room.is_some() {
        offline.write(GoOffline);
    }
}

/// The web address of the server this device uses (its WebSocket address without `/ws`).
fn server_page(session: &OnlineSession) -> String {
    let page = session
        .url
        .replacen("wss://", "https://", 1)
        .replacen("ws://", "http://", 1);
    page.strip_suffix("/ws").unwrap_or(&page).to_string()
}

/// The address a friend opens to join `code`: the web page of the server this device uses.
pub fn invite_link(session: &OnlineSession, code: &str) -> String {
    format!("{}/?join={code}", server_page(session))
}

/// The address of the room's finished game as an animated picture (the server draws it for
/// as long as it keeps the room), once the game has ended.
pub fn finished_game_link(session: &OnlineSession) -> Option<String> {
    let (room, view) = (session.room.as_ref()?, session.view.as_ref()?);
    view.end.as_ref()?;
    Some(format!(
        "{}/games/{}/{}.gif",
        server_page(session),
        room.code,
        view.game_number
    ))
}

/// Tries the line again once the wait after a drop is over.
fn retry(time: Res<Time>, mut session: ResMut<OnlineSession>, mut socket: NonSendMut<Socket>) {
    if session
        .retry_at
        .is_some_and(|at| time.elapsed() >= at && socket.0.is_none())
    {
        session.retry_at = None;
        open(&mut session, &mut socket);
    }
}

/// The first message on a new line: take the seat again, or ask what the player asked.
fn introduction(session: &OnlineSession) -> Option<ClientMessage> {
    match (&session.room, &session.request) {
        (Some(room), _) => Some(match &room.token {
            Some(token) => ClientMessage::Resume {
                code: room.code.clone(),
                token: token.clone(),
                since: session.view.as_ref().map(|view| view.version),
            },
            None => ClientMessage::Watch {
                code: room.code.clone(),
            },
        }),
        (None, Some(OnlineRequest::Create(plan))) => Some(ClientMessage::Create {
            game: plan.game,
            rules: default(),
            clock: plan.clock,
            qiguo: (!plan.seats.is_empty()).then(|| QiguoSetup {
                seats: plan.seats.clone(),
                on_leave: plan.on_leave,
            }),
        }),
        (None, Some(OnlineRequest::Join(code))) => Some(ClientMessage::Join {
            code: code.clone(),
            seat: None,
        }),
        (None, Some(OnlineRequest::Watch(code))) => {
            Some(ClientMessage::Watch { code: code.clone() })
        }
        (None, None) => None,
    }
}

/// How long to wait before the next try: 1, 2, 4, then 8 seconds.
fn backoff(attempt: u32) -> Duration {
    Duration::from_secs(1 << attempt.min(3))
}

fn write_frame(sender: &mut WsSender, message: ClientMessage) {
    match serde_json::to_string(&Frame::new(message)) {
        Ok(text) => sender.send(WsMessage::Text(text)),
        Err(error) => warn!("cannot encode a frame: {error}"),
    }
}

fn receive(
    time: Res<Time>,
    mut session: ResMut<OnlineSession>,
    mut socket: NonSendMut<Socket>,
    mut heard: MessageWriter<FromServer>,
    mut refusals: MessageWriter<OwnTakebackRefused>,
) {
    let mut dropped = None;
    if let Some((sender, receiver)) = socket.0.as_mut() {
        while let Some(event) = receiver.try_recv() {
            match event {
                WsEvent::Opened => {
                    session.state = LinkState::Online;
                    if let Some(message) = introduction(&session) {
                        write_frame(sender, message);
                    }
                }
                WsEvent::Message(WsMessage::Text(text)) => {
                    match serde_json::from_str::<Frame<ServerMessage>>(&text) {
                        Ok(frame) => {
                            if let Some(act) = act_again(&mut session, &frame.msg) {
                                info!("sent again on the room's new version: {act:?}");
                                write_frame(sender, act);
                                continue;
                            }
                            let asker = session.takeback().map(|takeback| takeback.seat);
                            if note(&mut session, &frame.msg, time.elapsed()) {
                                write_frame(sender, ClientMessage::Sync {});
                            }
                            if let Some(refused) = own_takeback_refused(&session, asker, &frame.msg)
                            {
                                refusals.write(refused);
                            }
                            heard.write(FromServer(frame.msg));
                        }
                        Err(error) => warn!("ignoring a frame the client cannot read: {error}"),
                    }
                }
                WsEvent::Message(_) => {}
                WsEvent::Error(error) => dropped = Some(error),
                WsEvent::Closed => dropped = Some("the server closed the connection".into()),
            }
        }
    }
    if let Some(reason) = dropped {
        socket.0 = None;
        if session.room.is_some() {
            let attempt = match session.state {
                LinkState::Reconnecting(attempt) => attempt + 1,
                _ => 0,
            };
            info!("the line dropped ({reason}); trying again");
            session.state = LinkState::Reconnecting(attempt);
            session.retry_at = Some(time.elapsed() + backoff(attempt));
        } else {
            session.state = LinkState::Failed(reason);
        }
    }
}

/// The action to send again for `message`: a `stale` refusal of this device's last action
/// when every event since it was sent left the board as it was, so the action still means
/// what the player chose. Once only: the action is forgotten either way.
fn act_again(session: &mut OnlineSession, message: &ServerMessage) -> Option<ClientMessage> {
    let ServerMessage::Error {
        code: ErrorCode::Stale,
        version: Some(version),
        ..
    } = message
    else {
        return None;
    };
    let action = session.sent_act.take()?;
    (*version == session.version()).then_some(ClientMessage::Act {
        action,
        version: *version,
    })
}

/// This device's takeback request was declined, or lapsed unanswered.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnTakebackRefused {
    pub lapsed: bool,
}

/// Whether `message` refuses the takeback request of `asker`, the seat whose request was
/// pending before it, when that seat is this device's.
fn own_takeback_refused(
    session: &OnlineSession,
    asker: Option<RoomSeat>,
    message: &ServerMessage,
) -> Option<OwnTakebackRefused> {
    let ServerMessage::Event { event, .. } = message else {
        return None;
    };
    let lapsed = match event {
        RoomEvent::TakebackDeclined { .. } => false,
        RoomEvent::TakebackLapsed { .. } => true,
        _ => return None,
    };
    (asker.is_some() && asker == session.my_seat()).then_some(OwnTakebackRefused { lapsed })
}

/// Whether `event` changes the board (an action sent before it is no longer the player's
/// choice on the board as it is).
fn changes_the_board(event: &RoomEvent) -> bool {
    matches!(
        event,
        RoomEvent::Played { .. }
            | RoomEvent::Withdrew { .. }
            | RoomEvent::TakenBack { .. }
            | RoomEvent::GameEnded { .. }
            | RoomEvent::NewGame { .. }
    )
}

/// Keeps what the session needs to take its place again, and what the HUD shows of the room.
/// Returns whether the room as heard no longer fits the session's view of it: the whole state
/// should be asked for again.
fn note(session: &mut OnlineSession, message: &ServerMessage, now: Duration) -> bool {
    match message {
        ServerMessage::Seated { code, seat, token } => {
            info!("seated in room {code} ({seat})");
            let token = token
                .clone()
                .or_else(|| session.room.as_ref().and_then(|room| room.token.clone()));
            session.room = Some(RoomTicket {
                code: code.clone(),
                seat: Some(*seat),
                token,
            });
        }
        ServerMessage::Watching { code } => {
            session.room = Some(RoomTicket {
                code: code.clone(),
                seat: None,
                token: None,
            });
        }
        ServerMessage::Sync { room } => {
            session.view = match RoomView::from_state(room) {
                Ok(view) => Some(view),
                Err(error) => {
                    warn!("a room state that does not replay: {error}");
                    None
                }
            };
            session.takeback_lapses = room
                .takeback
                .as_ref()
                .and_then(|takeback| takeback.remaining_ms)
                .map(|ms| now + Duration::from_millis(ms));
            session.clock = room
                .to_move
                .zip(room.clock_ms)
                .map(|(seat, ms)| (seat, now + Duration::from_millis(ms)));
        }
        ServerMessage::Event { version, event } => {
            if changes_the_board(event) {
                session.sent_act = None;
            }
            let Some(view) = session.view.as_mut() else {
                return false;
            };
            if let Err(error) = view.apply(*version, event) {
                warn!("room event {version} does not follow: {error}; asking for the room again");
                return true;
            }
            match event {
                RoomEvent::TakebackAsked { wait_ms, .. } => {
                    // `u64::MAX`: a server whose requests never lapse.
                    session.takeback_lapses =
                        (*wait_ms != u64::MAX).then(|| now + Duration::from_millis(*wait_ms));
                }
                RoomEvent::GameEnded { .. } => session.clock = None,
                // This device left its seat for good: it watches on, with no seat to resume.
                RoomEvent::SeatLeft { seat } => {
                    if let Some(room) = session.room.as_mut().filter(|r| r.seat == Some(*seat)) {
                        room.seat = None;
                        room.token = None;
                    }
                }
                _ => {}
            }
        }
        ServerMessage::Presence {
            connected,
            spectators,
        } => {
            if let Some(view) = session.view.as_mut() {
                view.presence(connected, *spectators);
            }
        }
        ServerMessage::Clock { seat, remaining_ms } => {
            session.clock = Some((*seat, now + Duration::from_millis(*remaining_ms)));
        }
        // Another connection took this seat with its token: this one gives the room up
        // rather than take it back (and be replaced again).
        ServerMessage::Error {
            code: ErrorCode::Replaced,
            ..
        } => {
            session.room = None;
            session.request = None;
        }
        ServerMessage::Error { .. } => session.sent_act = None,
        _ => {}
    }
    false
}

fn send(
    mut outgoing: MessageReader<ToServer>,
    mut session: ResMut<OnlineSession>,
    mut socket: NonSendMut<Socket>,
) {
    for ToServer(message) in outgoing.read() {
        match socket.0.as_mut() {
            Some((sender, _)) if session.state == LinkState::Online => {
                if let ClientMessage::Act { action, .. } = message {
                    session.sent_act = Some(action.clone());
                }
                write_frame(sender, message.clone());
            }
            _ => warn!("not connected: {message:?} was not sent"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::RoomState;

    fn stale(version: u64) -> ServerMessage {
        ServerMessage::Error {
            code: ErrorCode::Stale,
            message: "stale".into(),
            version: Some(version),
        }
    }

    fn event(version: u64, event: RoomEvent) -> ServerMessage {
        ServerMessage::Event { version, event }
    }

    /// A session in a room of two seats taken, its game at the start, after `version` events,
    /// which sent `action`. (The room is written as the server sends it: the shell names no
    /// game.)
    fn sent(action: &str, version: u64) -> OnlineSession {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let room = serde_json::json!({
            "code": "ABCDEFGHJK",
            "game": "xiangqi",
            "start": start,
            "moves": [],
            "position": start,
            "clock": "off",
            "version": version,
            "game_number": 0,
            "first_seat": 0,
            "seats": [
                {"taken": true, "connected": true, "rematch": false},
                {"taken": true, "connected": true, "rematch": false}
            ],
            "spectators": 0,
            "to_move": 0,
            "draw_offer": null,
            "end": null,
            "clock_ms": null
        });
        let room: RoomState = serde_json::from_value(room).expect("a room state");
        OnlineSession {
            view: Some(RoomView::from_state(&room).unwrap()),
            sent_act: Some(action.into()),
            ..default()
        }
    }

    #[test]
    fn an_action_refused_as_stale_after_an_offer_is_sent_again_once() {
        let mut session = sent("c9d10", 41);
        let offer = event(42, RoomEvent::DrawOffered { seat: RoomSeat(1) });
        assert!(
            !note(&mut session, &offer, Duration::ZERO),
            "the view follows"
        );
        assert_eq!(session.draw_offer(), Some(RoomSeat(1)));
        let again = act_again(&mut session, &stale(42));
        assert!(
            matches!(&again, Some(ClientMessage::Act { action, version: 42 }) if action == "c9d10"),
            "{again:?}"
        );
        assert_eq!(act_again(&mut session, &stale(42)), None, "once only");
    }

    #[test]
    fn an_action_refused_as_stale_after_the_board_changed_is_not_sent_again() {
        let mut session = sent("c9d10", 41);
        let taken_back = RoomEvent::TakenBack {
            seat: RoomSeat(0),
            plies: 2,
        };
        // (No takeback was asked: the view no longer fits, and the state is asked again.)
        assert!(note(&mut session, &event(42, taken_back), Duration::ZERO));
        assert_eq!(act_again(&mut session, &stale(42)), None);
        // Nor when the events it missed have not been heard yet.
        let mut session = sent("c9d10", 41);
        assert_eq!(act_again(&mut session, &stale(43)), None);
        // Another refusal is the player's to see, and ends the action.
        let mut session = sent("c9d10", 41);
        let refused = ServerMessage::Error {
            code: ErrorCode::NotYourTurn,
            message: "not your turn".into(),
            version: None,
        };
        assert_eq!(act_again(&mut session, &refused), None);
        assert!(!note(&mut session, &refused, Duration::ZERO));
        assert_eq!(session.sent_act, None);
    }

    #[test]
    fn only_this_devices_own_declined_or_lapsed_request_is_told() {
        let mut session = sent("c9d10", 41);
        session.room = Some(RoomTicket {
            code: "ABCDEFGHJK".into(),
            seat: Some(RoomSeat(1)),
            token: None,
        });
        let declined = event(42, RoomEvent::TakebackDeclined { seat: RoomSeat(0) });
        let lapsed = event(42, RoomEvent::TakebackLapsed { seat: RoomSeat(1) });
        let mine = Some(RoomSeat(1));
        assert_eq!(
            own_takeback_refused(&session, mine, &declined),
            Some(OwnTakebackRefused { lapsed: false })
        );
        assert_eq!(
            own_takeback_refused(&session, mine, &lapsed),
            Some(OwnTakebackRefused { lapsed: true })
        );
        assert_eq!(
            own_takeback_refused(&session, Some(RoomSeat(2)), &declined),
            None
        );
        assert_eq!(own_takeback_refused(&session, None, &lapsed), None);
        let played = event(42, RoomEvent::SeatTaken { seat: RoomSeat(0) });
        assert_eq!(own_takeback_refused(&session, mine, &played), None);
    }
}
