//! The line to the online server: one WebSocket (the same code on the desktop and in the
//! browser), the protocol's JSON frames in and out as [`FromServer`] and [`ToServer`], a
//! `ping` on a timer so that a silent line is noticed within seconds ([`LineCheck`]), and a new
//! connection with the seat's secret token when the line drops.

use super::session::{GoOffline, GoOnline, LinkState, OnlineSession, OwnTakebackRefused, RoomNews};
use crate::client::matches::{NewMatch, ResumeMatch};
use crate::client::schedule::{ClientSet, Screen};
use crate::client::settings::Settings;
use crate::protocol::{ClientMessage, ErrorCode, Frame, ServerMessage};
use bevy::platform::time::Instant;
use bevy::prelude::*;
use ewebsock::{WsEvent, WsMessage, WsReceiver, WsSender};
use std::time::Duration;

/// A message from the server.
#[derive(Message, Clone, Debug)]
pub struct FromServer(pub ServerMessage);

/// A message for the server.
#[derive(Message, Clone, Debug)]
pub struct ToServer(pub ClientMessage);

/// How the line is kept alive while online: a `ping` every `every`, and the line counted lost
/// (closed, then opened again and the seat resumed) when its `pong` has not come within
/// `wait`, both in wall-clock time (the line's, not the game's). The server answers a ping in
/// a room only after sending every event it has stored, so an event that never reached this
/// device is noticed by the next ping too.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCheck {
    /// How long after a `pong` the next `ping` goes.
    pub every: Duration,
    /// How long a `ping` may wait for its `pong`.
    pub wait: Duration,
}

impl Default for LineCheck {
    fn default() -> Self {
        LineCheck {
            every: Duration::from_secs(5),
            wait: Duration::from_secs(5),
        }
    }
}

/// The ping in flight and when the next goes.
#[derive(Debug)]
struct KeepAlive {
    /// When the line was opened or the last `ping` answered: the next goes a period later.
    quiet_since: Instant,
    /// The ping waiting for its `pong`: its nonce and when it went.
    waiting: Option<(u64, Instant)>,
    /// The last nonce sent.
    nonce: u64,
}

impl KeepAlive {
    /// A line just opened at `now`: its first ping goes a period later.
    fn opened(now: Instant) -> KeepAlive {
        KeepAlive {
            quiet_since: now,
            waiting: None,
            nonce: 0,
        }
    }

    /// The server answered: a `pong` of the ping in flight, or a refusal of it for the rate.
    fn answered(&mut self, message: &ServerMessage, now: Instant) {
        let answers = match message {
            ServerMessage::Pong { nonce } => self.waiting.is_some_and(|(sent, _)| sent == *nonce),
            ServerMessage::Error {
                code: ErrorCode::RateLimited,
                ..
            } => self.waiting.is_some(),
            _ => false,
        };
        if answers {
            self.waiting = None;
            self.quiet_since = now;
        }
    }

    /// The ping to send now, if one is due; an error when the one in flight waited too long.
    fn tick(&mut self, now: Instant, check: &LineCheck) -> Result<Option<u64>, Duration> {
        if let Some((_, sent)) = self.waiting {
            let waited = now.saturating_duration_since(sent);
            return if waited > check.wait {
                Err(waited)
            } else {
                Ok(None)
            };
        }
        if now < self.quiet_since + check.every {
            return Ok(None);
        }
        self.nonce += 1;
        self.waiting = Some((self.nonce, now));
        Ok(Some(self.nonce))
    }
}

/// An open WebSocket and its keep-alive.
struct Link {
    sender: WsSender,
    receiver: WsReceiver,
    keep_alive: KeepAlive,
}

/// The socket itself: not `Send` in the browser, so kept out of the ECS's shared resources.
#[derive(Default)]
struct Socket(Option<Link>);

impl Socket {
    /// Closes the line, if open.
    fn close(&mut self) {
        if let Some(mut link) = self.0.take() {
            link.sender.close();
        }
    }
}

/// When to try the line again after it dropped (time since start-up).
#[derive(Resource, Default)]
struct RetryAt(Option<Duration>);

/// The line runs headless too: tests play through a real server with it.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LineCheck>()
        .init_resource::<RetryAt>()
        .add_message::<FromServer>()
        .add_message::<ToServer>()
        .init_non_send::<Socket>()
        .add_systems(Startup, join_from_page)
        .add_systems(OnEnter(Screen::Title), leave_room)
        .add_systems(
            Update,
            (
                go_online,
                go_offline,
                drop_attempts_for_local_games,
                retry,
                receive,
            )
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
            let request = super::session::OnlineRequest::Join(code.to_uppercase());
            online.write(GoOnline(request));
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = &mut online;
}

/// Opens the line; a failure is the session's state, never a panic.
fn open(session: &mut OnlineSession, socket: &mut Socket) {
    match ewebsock::connect(session.url.clone(), ewebsock::Options::default()) {
        Ok((sender, receiver)) => {
            socket.0 = Some(Link {
                sender,
                receiver,
                keep_alive: KeepAlive::opened(Instant::now()),
            });
        }
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
    mut retry_at: ResMut<RetryAt>,
) {
    for GoOnline(request) in requests.read() {
        socket.close();
        retry_at.0 = None;
        *session = OnlineSession::asking(server_url(&settings), request.clone());
        info!("going online at {}: {request:?}", session.url);
        open(&mut session, &mut socket);
    }
}

fn go_offline(
    mut requests: MessageReader<GoOffline>,
    mut session: ResMut<OnlineSession>,
    mut socket: NonSendMut<Socket>,
    mut retry_at: ResMut<RetryAt>,
) {
    if requests.read().count() > 0 {
        socket.close();
        retry_at.0 = None;
        *session = OnlineSession::default();
    }
}

/// A game started or resumed at this device while no room is held (the server could not be
/// reached, or is still being reached) drops the attempt: the game is this device's.
fn drop_attempts_for_local_games(
    (mut starts, mut resumes): (MessageReader<NewMatch>, MessageReader<ResumeMatch>),
    mut session: ResMut<OnlineSession>,
    mut socket: NonSendMut<Socket>,
    mut retry_at: ResMut<RetryAt>,
) {
    let local = starts.read().filter(|start| !start.attract).count() + resumes.read().count();
    if local > 0 && session.active() && session.room.is_none() {
        info!("a game at this device: the attempt to go online is dropped");
        socket.close();
        retry_at.0 = None;
        *session = OnlineSession::default();
    }
}

/// Back on the title screen, the online game is left.
fn leave_room(session: Res<OnlineSession>, mut offline: MessageWriter<GoOffline>) {
    if session.room.is_some() {
        offline.write(GoOffline);
    }
}

/// Tries the line again once the wait after a drop is over.
fn retry(
    time: Res<Time>,
    mut session: ResMut<OnlineSession>,
    mut socket: NonSendMut<Socket>,
    mut retry_at: ResMut<RetryAt>,
) {
    if retry_at
        .0
        .is_some_and(|at| time.elapsed() >= at && socket.0.is_none())
    {
        retry_at.0 = None;
        open(&mut session, &mut socket);
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

/// What the server sent, in order: the session and its view hear each frame first; then the
/// rest of the client hears it, and the board the room change the view accepted. A ping goes
/// when one is due, and a line whose ping went unanswered too long is closed and tried again.
fn receive(
    time: Res<Time>,
    check: Res<LineCheck>,
    (mut session, mut retry_at): (ResMut<OnlineSession>, ResMut<RetryAt>),
    mut socket: NonSendMut<Socket>,
    mut heard: MessageWriter<FromServer>,
    mut news: MessageWriter<RoomNews>,
    mut refusals: MessageWriter<OwnTakebackRefused>,
) {
    let (now, wall_clock) = (time.elapsed(), Instant::now());
    let mut dropped = None;
    if let Some(link) = socket.0.as_mut() {
        while let Some(event) = link.receiver.try_recv() {
            match event {
                WsEvent::Opened => {
                    session.state = LinkState::Online;
                    link.keep_alive = KeepAlive::opened(wall_clock);
                    if let Some(message) = session.introduction() {
                        write_frame(&mut link.sender, message);
                    }
                }
                WsEvent::Message(WsMessage::Text(text)) => {
                    let message = match serde_json::from_str::<Frame<ServerMessage>>(&text) {
                        Ok(frame) => frame.msg,
                        Err(error) => {
                            warn!("ignoring a frame the client cannot read: {error}");
                            continue;
                        }
                    };
                    link.keep_alive.answered(&message, wall_clock);
                    let answer = session.hear(message, now);
                    for reply in answer.replies {
                        write_frame(&mut link.sender, reply);
                    }
                    if let Some(refused) = answer.refused {
                        refusals.write(refused);
                    }
                    if let Some(change) = answer.news {
                        news.write(change);
                    }
                    if let Some(message) = answer.message {
                        heard.write(FromServer(message));
                    }
                }
                WsEvent::Message(_) => {}
                WsEvent::Error(error) => dropped = Some(error),
                WsEvent::Closed => dropped = Some("the server closed the connection".into()),
            }
        }
        if dropped.is_none() && session.state == LinkState::Online {
            match link.keep_alive.tick(wall_clock, &check) {
                Ok(Some(nonce)) => write_frame(&mut link.sender, ClientMessage::Ping { nonce }),
                Ok(None) => {}
                Err(waited) => {
                    dropped = Some(format!(
                        "no answer to a ping in {:.1} s",
                        waited.as_secs_f32()
                    ));
                }
            }
        }
    }
    if let Some(reason) = dropped {
        socket.close();
        if session.room.is_some() {
            let attempt = match session.state {
                LinkState::Reconnecting(attempt) => attempt + 1,
                _ => 0,
            };
            info!("the line dropped ({reason}); trying again");
            session.state = LinkState::Reconnecting(attempt);
            retry_at.0 = Some(now + backoff(attempt));
        } else {
            session.state = LinkState::Failed(reason);
        }
    }
}

fn send(
    mut outgoing: MessageReader<ToServer>,
    mut session: ResMut<OnlineSession>,
    mut socket: NonSendMut<Socket>,
) {
    for ToServer(message) in outgoing.read() {
        match socket.0.as_mut() {
            Some(link) if session.state == LinkState::Online => {
                session.sending(message);
                write_frame(&mut link.sender, message.clone());
            }
            _ => warn!("not connected: {message:?} was not sent"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ping_goes_each_period_and_a_late_pong_loses_the_line() {
        let check = LineCheck {
            every: Duration::from_secs(5),
            wait: Duration::from_secs(3),
        };
        let start = Instant::now();
        let at = |seconds| start + Duration::from_secs(seconds);
        let mut keep_alive = KeepAlive::opened(at(0));
        assert_eq!(keep_alive.tick(at(4), &check), Ok(None));
        assert_eq!(keep_alive.tick(at(5), &check), Ok(Some(1)));
        assert_eq!(
            keep_alive.tick(at(6), &check),
            Ok(None),
            "one ping at a time"
        );
        // Another nonce's pong is no answer; its own is.
        keep_alive.answered(&ServerMessage::Pong { nonce: 7 }, at(6));
        assert_eq!(keep_alive.tick(at(7), &check), Ok(None));
        keep_alive.answered(&ServerMessage::Pong { nonce: 1 }, at(7));
        assert_eq!(keep_alive.tick(at(11), &check), Ok(None));
        assert_eq!(keep_alive.tick(at(12), &check), Ok(Some(2)));
        assert_eq!(keep_alive.tick(at(15), &check), Ok(None));
        assert_eq!(
            keep_alive.tick(at(16), &check),
            Err(Duration::from_secs(4)),
            "the line is lost"
        );
    }

    #[test]
    fn a_ping_refused_for_the_rate_still_shows_the_line_alive() {
        let check = LineCheck::default();
        let start = Instant::now();
        let mut keep_alive = KeepAlive::opened(start);
        assert_eq!(keep_alive.tick(start + check.every, &check), Ok(Some(1)));
        let refused = ServerMessage::Error {
            code: ErrorCode::RateLimited,
            message: "too fast".into(),
            version: None,
        };
        keep_alive.answered(&refused, start + check.every);
        assert_eq!(
            keep_alive.tick(start + check.every * 2, &check),
            Ok(Some(2))
        );
    }
}
