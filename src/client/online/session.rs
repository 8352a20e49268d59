//! The online session: what the player asked, the room this device is in and the protocol's
//! view of it ([`RoomView`], the one follower of the room), the line's state, and what each
//! frame from the server changes. The view hears every frame first: the board hears a room
//! change ([`RoomNews`]) only once the view accepted it, and the one resync policy — when the
//! whole room is asked for again — lives here ([`OnlineSession::hear`]).

use crate::client::seats::{Controller, Seats};
use crate::protocol::{
    ClientMessage, ErrorCode, MoveClock, OnLeave, QiguoSetup, RoomEvent, RoomSeat, RoomView,
    SeatPlan, SeatState, ServerMessage, TakebackRequest,
};
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;
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

/// The session and the messages it passes.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OnlineSession>()
        .add_message::<GoOnline>()
        .add_message::<GoOffline>()
        .add_message::<RoomNews>()
        .add_message::<OwnTakebackRefused>();
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

/// A change of the room that its view accepted, in order: what the board follows. A frame
/// the view refuses is never news.
#[derive(Message, Clone, Debug)]
pub enum RoomNews {
    /// The room's whole state was read: the view is new.
    State,
    /// The server told this seat a secret of its game (its own army, deployed in secret).
    Secret,
    /// The view applied this event, numbered `version`.
    Event { version: u64, event: RoomEvent },
}

/// This device's takeback request was declined, or lapsed unanswered.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnTakebackRefused {
    pub lapsed: bool,
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
    /// Whether the whole room has been asked for again and its state not heard yet (it is
    /// asked for once).
    resyncing: bool,
    /// What this seat alone knows of the room's game numbered so: its own army, deployed in
    /// secret (accepted from this device, or sent by the server when the seat is taken again).
    secret: Option<(u32, String)>,
    /// The secret this device sent, until the room accepts it (its `deployed` event for this
    /// seat) or the server refuses it.
    sent_secret: Option<(u32, String)>,
}

/// What a frame from the server changes beyond the session.
#[derive(Debug, Default)]
pub(super) struct FrameEffects {
    /// Frames to send back at once: an action again, a request for the whole room.
    pub replies: Vec<ClientMessage>,
    /// The frame for the rest of the client, unless it was answered here alone.
    pub message: Option<ServerMessage>,
    /// The room change the view accepted.
    pub news: Option<RoomNews>,
    /// This device's takeback request refused.
    pub refused: Option<OwnTakebackRefused>,
}

impl OnlineSession {
    /// A session going online at `url` to ask `request`.
    pub(super) fn asking(url: String, request: OnlineRequest) -> OnlineSession {
        OnlineSession {
            state: LinkState::Connecting,
            url,
            request: Some(request),
            ..default()
        }
    }

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

    /// What this seat alone knows of the room's current game (its own army, deployed in
    /// secret), if anything.
    pub fn secret(&self) -> Option<&str> {
        let (game_number, secret) = self.secret.as_ref()?;
        let current = self.view.as_ref()?.game_number;
        (*game_number == current && self.my_seat().is_some()).then_some(secret.as_str())
    }

    /// Notes this seat's secret of the room's current game as sent to the server: it becomes
    /// the seat's secret once the room accepts it.
    pub fn send_secret(&mut self, secret: String) {
        if let Some(view) = &self.view {
            self.sent_secret = Some((view.game_number, secret));
        }
    }

    /// Whether a secret this device sent for the room's current game waits for the room.
    pub fn secret_sent(&self) -> bool {
        let current = self.view.as_ref().map(|view| view.game_number);
        self.sent_secret
            .as_ref()
            .is_some_and(|(game_number, _)| Some(*game_number) == current)
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

    /// The table seat (0 moves first) of each room seat in the room's current game: the
    /// room's first seat sits at table seat 0, the others in turn after it.
    pub fn table_seats(&self) -> Vec<Seat> {
        let Some(view) = &self.view else {
            return Vec::new();
        };
        let count = view.seats.len().max(1);
        (0..count)
            .map(|room| Seat(((room + count - view.first_seat.index() % count) % count) as u8))
            .collect()
    }

    /// Who plays each table seat at this device: its own seat, the others remote. At a table
    /// for more than two nobody plays here before the game is on (its host starts it).
    pub fn seats_here(&self) -> Option<Seats> {
        let table = self.table_seats();
        let mut controllers = vec![Controller::Remote; table.len()];
        let on = table.len() <= 2 || !self.waiting_for_players();
        if on && let Some(mine) = self.my_seat() {
            *controllers.get_mut(table.get(mine.index())?.index())? = Controller::Local;
        }
        Seats::try_from(controllers).ok()
    }

    /// The first message on a new line: take the seat again, or ask what the player asked.
    pub(super) fn introduction(&self) -> Option<ClientMessage> {
        match (&self.room, &self.request) {
            (Some(room), _) => Some(match &room.token {
                Some(token) => ClientMessage::Resume {
                    code: room.code.clone(),
                    token: token.clone(),
                    since: self.view.as_ref().map(|view| view.version),
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

    /// A message for the server is sent: an action is kept until the board changes.
    pub(super) fn sending(&mut self, message: &ClientMessage) {
        if let ClientMessage::Act { action, .. } = message {
            self.sent_act = Some(action.clone());
        }
    }

    /// A frame from the server: the session and its view follow it, and say what else it
    /// changes.
    pub(super) fn hear(&mut self, message: ServerMessage, now: Duration) -> FrameEffects {
        let mut heard = FrameEffects::default();
        if let Some(act) = self.act_again(&message) {
            info!("sent again on the room's new version: {act:?}");
            heard.replies.push(act);
            return heard;
        }
        let asker = self.takeback().map(|takeback| takeback.seat);
        let (news, resync) = self.note(&message, now);
        if resync {
            heard.replies.extend(self.resync());
        }
        heard.refused = self.own_takeback_refused(asker, &message);
        heard.news = news;
        heard.message = Some(message);
        heard
    }

    /// The one resync policy: the whole room is asked for again when its view refused a
    /// frame (an event missed, or the server and the view disagree) or the server found a
    /// request stale — once, until its state comes.
    fn resync(&mut self) -> Option<ClientMessage> {
        (!std::mem::replace(&mut self.resyncing, true)).then_some(ClientMessage::Sync {})
    }

    /// The action to send again for `message`: a `stale` refusal of this device's last
    /// action when every event since it was sent left the board as it was, so the action
    /// still means what the player chose. Once only: the action is forgotten either way.
    fn act_again(&mut self, message: &ServerMessage) -> Option<ClientMessage> {
        let ServerMessage::Error {
            code: ErrorCode::Stale,
            version: Some(version),
            ..
        } = message
        else {
            return None;
        };
        let action = self.sent_act.take()?;
        (*version == self.version()).then_some(ClientMessage::Act {
            action,
            version: *version,
        })
    }

    /// Whether `message` refuses the takeback request of `asker`, the seat whose request was
    /// pending before it, when that seat is this device's.
    fn own_takeback_refused(
        &self,
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
        (asker.is_some() && asker == self.my_seat()).then_some(OwnTakebackRefused { lapsed })
    }

    /// Keeps what the session needs to take its place again, and what the HUD shows of the
    /// room. Returns the room change the view accepted, and whether the whole room should be
    /// asked for again.
    fn note(&mut self, message: &ServerMessage, now: Duration) -> (Option<RoomNews>, bool) {
        match message {
            ServerMessage::Seated { code, seat, token } => {
                info!("seated in room {code} ({seat})");
                let token = token
                    .clone()
                    .or_else(|| self.room.as_ref().and_then(|room| room.token.clone()));
                self.room = Some(RoomTicket {
                    code: code.clone(),
                    seat: Some(*seat),
                    token,
                });
            }
            ServerMessage::Watching { code } => {
                self.room = Some(RoomTicket {
                    code: code.clone(),
                    seat: None,
                    token: None,
                });
            }
            ServerMessage::Sync { room } => {
                self.resyncing = false;
                self.takeback_lapses = room
                    .takeback
                    .as_ref()
                    .and_then(|takeback| takeback.remaining_ms)
                    .map(|ms| now + Duration::from_millis(ms));
                self.clock = room
                    .to_move
                    .zip(room.clock_ms)
                    .map(|(seat, ms)| (seat, now + Duration::from_millis(ms)));
                return match RoomView::from_state(room) {
                    Ok(view) => {
                        self.view = Some(view);
                        (Some(RoomNews::State), false)
                    }
                    Err(error) => {
                        warn!("a room state that does not replay: {error}");
                        self.view = None;
                        (None, false)
                    }
                };
            }
            ServerMessage::Event { version, event } => {
                if changes_the_board(event) {
                    self.sent_act = None;
                }
                let Some(view) = self.view.as_mut() else {
                    return (None, false);
                };
                if let Err(error) = view.apply(*version, event) {
                    warn!(
                        "room event {version} does not follow: {error}; asking for the room again"
                    );
                    return (None, true);
                }
                match event {
                    RoomEvent::TakebackAsked { wait_ms, .. } => {
                        // `u64::MAX`: a server whose requests never lapse.
                        self.takeback_lapses =
                            (*wait_ms != u64::MAX).then(|| now + Duration::from_millis(*wait_ms));
                    }
                    RoomEvent::GameEnded { .. } => self.clock = None,
                    // The room took the army this device sent.
                    RoomEvent::Deployed { seat, .. }
                        if self.room.as_ref().is_some_and(|r| r.seat == Some(*seat)) =>
                    {
                        self.secret = self.sent_secret.take().or(self.secret.take());
                    }
                    // This device left its seat for good: it watches on, with no seat to resume.
                    RoomEvent::SeatLeft { seat } => {
                        if let Some(room) = self.room.as_mut().filter(|r| r.seat == Some(*seat)) {
                            room.seat = None;
                            room.token = None;
                        }
                    }
                    _ => {}
                }
                let news = RoomNews::Event {
                    version: *version,
                    event: event.clone(),
                };
                return (Some(news), false);
            }
            ServerMessage::Presence {
                connected,
                spectators,
            } => {
                if let Some(view) = self.view.as_mut() {
                    view.presence(connected, *spectators);
                }
            }
            ServerMessage::Clock { seat, remaining_ms } => {
                self.clock = Some((*seat, now + Duration::from_millis(*remaining_ms)));
            }
            ServerMessage::OwnDeployment {
                game_number,
                deployment,
            } => {
                self.secret = Some((*game_number, deployment.clone()));
                return (Some(RoomNews::Secret), false);
            }
            // Another connection took this seat with its token: this one gives the room up
            // rather than take it back (and be replaced again).
            ServerMessage::Error {
                code: ErrorCode::Replaced,
                ..
            } => {
                self.room = None;
                self.request = None;
            }
            ServerMessage::Error { code, .. } => {
                self.sent_act = None;
                if *code == ErrorCode::BadDeployment {
                    self.sent_secret = None;
                }
                return (None, *code == ErrorCode::Stale);
            }
            _ => {}
        }
        (None, false)
    }
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

    /// The ticket of `sent`'s room, holding `seat`.
    fn holding(seat: RoomSeat) -> Option<RoomTicket> {
        Some(RoomTicket {
            code: "ABCDEFGHJK".into(),
            seat: Some(seat),
            token: None,
        })
    }

    #[test]
    fn an_action_refused_as_stale_after_an_offer_is_sent_again_once() {
        let mut session = sent("c9d10", 41);
        let offer = event(42, RoomEvent::DrawOffered { seat: RoomSeat(1) });
        let heard = session.hear(offer, Duration::ZERO);
        assert!(heard.replies.is_empty(), "the view follows");
        assert!(matches!(
            heard.news,
            Some(RoomNews::Event { version: 42, .. })
        ));
        assert_eq!(session.draw_offer(), Some(RoomSeat(1)));
        let again = session.hear(stale(42), Duration::ZERO);
        assert!(
            matches!(&again.replies[..], [ClientMessage::Act { action, version: 42 }] if action == "c9d10"),
            "{again:?}"
        );
        assert!(again.message.is_none(), "answered by the line alone");
        let refused = session.hear(stale(42), Duration::ZERO);
        assert_eq!(refused.replies, [ClientMessage::Sync {}], "once only");
        assert!(
            refused.message.is_some(),
            "the refusal is the player's to see"
        );
    }

    #[test]
    fn an_action_refused_as_stale_after_the_board_changed_is_not_sent_again() {
        let mut session = sent("c9d10", 41);
        let taken_back = RoomEvent::TakenBack {
            seat: RoomSeat(0),
            plies: 2,
        };
        // (No takeback was asked: the view no longer fits, and the state is asked again,
        // once.)
        let heard = session.hear(event(42, taken_back.clone()), Duration::ZERO);
        assert_eq!(heard.replies, [ClientMessage::Sync {}]);
        assert!(
            heard.news.is_none(),
            "the board hears nothing the view refused"
        );
        let heard = session.hear(event(43, taken_back), Duration::ZERO);
        assert!(heard.replies.is_empty(), "the room is asked for once");
        assert_eq!(session.act_again(&stale(42)), None);
        // Nor when the events it missed have not been heard yet.
        let mut session = sent("c9d10", 41);
        assert_eq!(session.act_again(&stale(43)), None);
        // Another refusal is the player's to see, and ends the action.
        let mut session = sent("c9d10", 41);
        let refused = ServerMessage::Error {
            code: ErrorCode::NotYourTurn,
            message: "not your turn".into(),
            version: None,
        };
        let heard = session.hear(refused, Duration::ZERO);
        assert!(heard.replies.is_empty() && heard.message.is_some());
        assert_eq!(session.sent_act, None);
    }

    #[test]
    fn only_this_devices_own_declined_or_lapsed_request_is_told() {
        let mut session = sent("c9d10", 41);
        session.room = holding(RoomSeat(1));
        let declined = event(42, RoomEvent::TakebackDeclined { seat: RoomSeat(0) });
        let lapsed = event(42, RoomEvent::TakebackLapsed { seat: RoomSeat(1) });
        let mine = Some(RoomSeat(1));
        assert_eq!(
            session.own_takeback_refused(mine, &declined),
            Some(OwnTakebackRefused { lapsed: false })
        );
        assert_eq!(
            session.own_takeback_refused(mine, &lapsed),
            Some(OwnTakebackRefused { lapsed: true })
        );
        assert_eq!(
            session.own_takeback_refused(Some(RoomSeat(2)), &declined),
            None
        );
        assert_eq!(session.own_takeback_refused(None, &lapsed), None);
        let played = event(42, RoomEvent::SeatTaken { seat: RoomSeat(0) });
        assert_eq!(session.own_takeback_refused(mine, &played), None);
    }

    #[test]
    fn the_seat_that_moves_first_sits_at_table_seat_zero() {
        let mut session = sent("c9d10", 41);
        session.room = holding(RoomSeat(1));
        assert_eq!(session.table_seats(), [Seat(0), Seat(1)]);
        session.view.as_mut().unwrap().first_seat = RoomSeat(1);
        assert_eq!(session.table_seats(), [Seat(1), Seat(0)]);
        let seats = session.seats_here().expect("two seats");
        assert_eq!(seats.controller(Seat(0)), Controller::Local);
        assert_eq!(seats.controller(Seat(1)), Controller::Remote);
        session.room.as_mut().unwrap().seat = None;
        let watching = session.seats_here().expect("two seats");
        assert!(watching.iter().all(|(_, c)| c == Controller::Remote));
    }

    #[test]
    fn at_a_table_for_more_than_two_each_seat_sits_in_turn_after_the_first() {
        let mut session = sent("c9d10", 41);
        let view = session.view.as_mut().unwrap();
        view.seats = vec![view.seats[0]; 4];
        view.seats[2].taken = false;
        view.first_seat = RoomSeat(1);
        session.room = holding(RoomSeat(0));
        // The server's rule: game seat = (room seat - first seat) mod the seat count.
        assert_eq!(session.table_seats(), [Seat(3), Seat(0), Seat(1), Seat(2)]);
        let waiting = session.seats_here().expect("four seats");
        assert!(waiting.iter().all(|(_, c)| c == Controller::Remote));
        session.view.as_mut().unwrap().seats[2].taken = true;
        let seats = session.seats_here().expect("four seats");
        assert_eq!(seats.controller(Seat(3)), Controller::Local);
        assert_eq!(seats.controller(Seat(0)), Controller::Remote);
    }
}
