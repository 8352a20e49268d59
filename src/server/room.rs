//! One task per room, owning its [`Table`]: connections send it commands, it stores the events
//! they cause, then tells everyone in the room. It also runs the room's clocks: the move clock,
//! the grace period of a disconnected player, and the room's expiry when it lies idle.

use super::Shared;
use super::storage::{TokenHash, Write};
use super::table::{Refusal, Table};
use crate::protocol::{
    ClientMessage, EndReason, ErrorCode, Frame, RoomEvent, RoomSeat, ServerMessage,
};
use axum::extract::ws::Utf8Bytes;
use std::sync::Arc;
use tokio::sync::{Notify, mpsc, oneshot};
use tokio::time::{Duration, Instant};

/// How a connection takes part in a room.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Role {
    Player(RoomSeat),
    Spectator,
}

/// A connection as a room sees it: where its frames go, how to drop it if it falls behind, and
/// how to close it when another connection takes its seat.
#[derive(Clone)]
pub struct ConnectionHandle {
    pub id: u64,
    pub outbox: mpsc::Sender<Utf8Bytes>,
    /// Drops the connection at once, queued frames and all.
    pub kick: Arc<Notify>,
    /// Closes the connection once its queued frames are sent.
    pub replaced: Arc<Notify>,
}

impl ConnectionHandle {
    /// Queues `message`; a connection whose queue is full is too slow to keep and is dropped.
    pub fn send(&self, message: ServerMessage) -> bool {
        self.send_text(encode(message))
    }

    fn send_text(&self, text: Utf8Bytes) -> bool {
        let sent = self.outbox.try_send(text).is_ok();
        if !sent {
            self.kick.notify_one();
        }
        sent
    }
}

/// A server message as a text frame.
pub fn encode(message: ServerMessage) -> Utf8Bytes {
    Utf8Bytes::from(serde_json::to_string(&Frame::new(message)).expect("messages serialise"))
}

/// How a connection enters a room.
pub enum Entry {
    /// The connection that created the room takes seat 0 with the token it was given.
    Creator { token: String },
    /// Take the free seat.
    Join,
    /// Watch.
    Watch,
    /// Take one's seat back with its token; `since` is the last event version the client has.
    Resume { token: String, since: Option<u64> },
}

/// What a room does for a connection that is in it.
pub enum Request {
    /// Play the action this text names in the room's game.
    Act {
        action: String,
        version: u64,
    },
    Resign,
    OfferDraw,
    AnswerDraw {
        accept: bool,
    },
    Rematch,
    Sync,
}

impl TryFrom<ClientMessage> for Request {
    type Error = ClientMessage;

    /// The room request a client message makes; the message back if it makes none.
    fn try_from(message: ClientMessage) -> Result<Request, ClientMessage> {
        Ok(match message {
            ClientMessage::Act { action, version } => Request::Act { action, version },
            ClientMessage::Resign {} => Request::Resign,
            ClientMessage::OfferDraw {} => Request::OfferDraw,
            ClientMessage::AnswerDraw { accept } => Request::AnswerDraw { accept },
            ClientMessage::Rematch {} => Request::Rematch,
            ClientMessage::Sync {} => Request::Sync,
            other => return Err(other),
        })
    }
}

/// A message to a room's task.
pub enum Command {
    Enter {
        connection: ConnectionHandle,
        entry: Entry,
        reply: oneshot::Sender<Result<Role, Refusal>>,
    },
    Leave {
        connection: u64,
    },
    Request {
        connection: u64,
        request: Request,
    },
}

/// A room's task and its state.
pub struct RoomTask {
    table: Table,
    shared: Arc<Shared>,
    members: Vec<(ConnectionHandle, Role)>,
    /// When the player to move runs out of time, while a clocked game is on.
    clock_deadline: Option<Instant>,
    /// Since when each seat has had no connection.
    absent_since: [Option<Instant>; 2],
    last_activity: Instant,
}

impl RoomTask {
    /// The task of a room whose events are all in `table`: its clock restarts with a whole move's
    /// time, and its players (disconnected, as after a restart) have their grace period from now.
    pub fn new(table: Table, shared: Arc<Shared>) -> RoomTask {
        let now = Instant::now();
        let mut task = RoomTask {
            absent_since: std::array::from_fn(|index| {
                table.is_taken(RoomSeat(index as u8)).then_some(now)
            }),
            table,
            shared,
            members: Vec::new(),
            clock_deadline: None,
            last_activity: now,
        };
        task.restart_clock(now);
        task
    }

    /// Runs the room until it expires.
    pub async fn run(mut self, mut commands: mpsc::Receiver<Command>) {
        loop {
            let wake = self.next_deadline();
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => return,
                },
                () = sleep_until(wake) => {
                    if self.on_deadline().await {
                        return;
                    }
                }
            }
        }
    }

    fn move_time(&self) -> Option<Duration> {
        let seconds = self.table.record.clock.seconds_per_move()?;
        self.shared.config.timing.clock_second.checked_mul(seconds)
    }

    fn restart_clock(&mut self, now: Instant) {
        self.clock_deadline = self
            .move_time()
            .filter(|_| self.table.in_play())
            .and_then(|time| now.checked_add(time));
    }

    fn clock_ms(&self) -> Option<u64> {
        self.clock_deadline.map(|deadline| {
            deadline
                .saturating_duration_since(Instant::now())
                .as_millis() as u64
        })
    }

    fn connected(&self) -> [bool; 2] {
        std::array::from_fn(|index| {
            self.members
                .iter()
                .any(|(_, role)| *role == Role::Player(RoomSeat(index as u8)))
        })
    }

    fn spectators(&self) -> u32 {
        self.members
            .iter()
            .filter(|(_, role)| *role == Role::Spectator)
            .count() as u32
    }

    /// When a seat absent this long loses, if its opponent is here to win.
    fn grace_deadline(&self, seat: RoomSeat) -> Option<Instant> {
        let connected = self.connected();
        let since = self.absent_since[seat.index()]?;
        // Durations too long to add up mean never.
        (self.table.in_play() && connected[seat.other().index()])
            .then(|| since.checked_add(self.shared.config.timing.grace))
            .flatten()
    }

    fn idle_deadline(&self) -> Option<Instant> {
        self.members
            .is_empty()
            .then(|| {
                self.last_activity
                    .checked_add(self.shared.config.timing.idle)
            })
            .flatten()
    }

    fn next_deadline(&self) -> Option<Instant> {
        [
            self.clock_deadline,
            self.grace_deadline(RoomSeat(0)),
            self.grace_deadline(RoomSeat(1)),
            self.idle_deadline(),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// Acts on whatever deadline passed; true when the room expired.
    async fn on_deadline(&mut self) -> bool {
        let now = Instant::now();
        if self.clock_deadline.is_some_and(|deadline| deadline <= now) {
            let mover = self.table.seat_to_move();
            if let Some(event) = self.table.forfeit(mover, EndReason::OutOfTime) {
                self.commit_or_wait(vec![event]).await;
            }
            return false;
        }
        for seat in RoomSeat::BOTH {
            if self
                .grace_deadline(seat)
                .is_some_and(|deadline| deadline <= now)
            {
                if let Some(event) = self.table.forfeit(seat, EndReason::Abandoned) {
                    self.commit_or_wait(vec![event]).await;
                }
                return false;
            }
        }
        if self.idle_deadline().is_some_and(|deadline| deadline <= now) {
            return self.expire().await;
        }
        false
    }

    /// Commits events the server decided; if storage fails, waits a moment before the deadline
    /// that caused them is tried again.
    async fn commit_or_wait(&mut self, events: Vec<RoomEvent>) {
        if let Err(refusal) = self.commit(events, None).await {
            eprintln!("room {}: {}", self.table.record.code, refusal.message);
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }

    async fn expire(&mut self) -> bool {
        let code = self.table.record.code.clone();
        let deleted = self
            .shared
            .writer
            .write(vec![Write::DeleteRoom { code: code.clone() }])
            .await;
        if let Err(error) = deleted {
            eprintln!("room {code}: cannot delete the expired room: {error}");
            self.last_activity = Instant::now();
            return false;
        }
        self.shared.forget_room(&code);
        true
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Enter {
                connection,
                entry,
                reply,
            } => {
                let entered = self.enter(&connection, entry).await;
                if let Ok(role) = entered {
                    if let Role::Player(seat) = role {
                        self.replace_holders(role);
                        self.absent_since[seat.index()] = None;
                    }
                    self.members.push((connection, role));
                    self.broadcast_presence();
                }
                let _ = reply.send(entered);
            }
            Command::Leave { connection } => {
                self.members.retain(|(member, _)| member.id != connection);
                self.note_absences();
                self.last_activity = Instant::now();
                self.broadcast_presence();
            }
            Command::Request {
                connection,
                request,
            } => {
                let Some((handle, role)) = self
                    .members
                    .iter()
                    .find(|(member, _)| member.id == connection)
                    .cloned()
                else {
                    return;
                };
                if let Err(refusal) = self.request(&handle, role, request).await {
                    handle.send(ServerMessage::Error {
                        code: refusal.code,
                        message: refusal.message,
                        version: (refusal.code == ErrorCode::Stale).then_some(self.table.version),
                    });
                }
            }
        }
    }

    /// Closes the connections holding `role`'s seat: a player resuming from elsewhere takes it
    /// over (an older connection whose loss has not been noticed yet, another device).
    fn replace_holders(&mut self, role: Role) {
        self.members.retain(|(member, held)| {
            let replaced = *held == role;
            if replaced {
                member.replaced.notify_one();
            }
            !replaced
        });
    }

    /// Marks seats that just lost their last connection as absent.
    fn note_absences(&mut self) {
        let connected = self.connected();
        let now = Instant::now();
        for seat in RoomSeat::BOTH {
            if self.table.is_taken(seat)
                && !connected[seat.index()]
                && self.absent_since[seat.index()].is_none()
            {
                self.absent_since[seat.index()] = Some(now);
            }
        }
    }

    /// Admits `connection` (sending it its welcome) or says why not.
    async fn enter(
        &mut self,
        connection: &ConnectionHandle,
        entry: Entry,
    ) -> Result<Role, Refusal> {
        let code = self.table.record.code.clone();
        let (role, token, since) = match entry {
            Entry::Creator { token } => (Role::Player(RoomSeat(0)), Some(token), None),
            Entry::Join => {
                let seat = RoomSeat(1);
                if self.table.is_taken(seat) {
                    return Err(Refusal::new(
                        ErrorCode::RoomFull,
                        "both seats are taken: watch the game instead",
                    ));
                }
                let token = super::secret::seat_token();
                let hash = super::secret::hash_token(&token);
                self.commit(vec![RoomEvent::SeatTaken { seat }], Some((seat, hash)))
                    .await?;
                (Role::Player(seat), Some(token), None)
            }
            Entry::Watch => {
                if self.spectators() as usize >= self.shared.config.limits.spectators_per_room {
                    return Err(Refusal::new(
                        ErrorCode::TooManySpectators,
                        "this room has as many spectators as it may",
                    ));
                }
                (Role::Spectator, None, None)
            }
            Entry::Resume { token, since } => {
                let hash = super::secret::hash_token(&token);
                let seat = self.table.seat_of_token(&hash).ok_or_else(|| {
                    Refusal::new(ErrorCode::BadToken, "this is not a seat token of this room")
                })?;
                (Role::Player(seat), None, since)
            }
        };
        connection.send(match role {
            Role::Player(seat) => ServerMessage::Seated {
                code: code.clone(),
                seat,
                token,
            },
            Role::Spectator => ServerMessage::Watching { code },
        });
        match since.and_then(|since| self.table.events_since(since)) {
            Some(missed) => {
                for (version, event) in missed {
                    connection.send(ServerMessage::Event {
                        version: *version,
                        event: event.clone(),
                    });
                }
            }
            None => {
                let mut connected = self.connected();
                if let Role::Player(seat) = role {
                    connected[seat.index()] = true;
                }
                connection.send(ServerMessage::Sync {
                    room: self
                        .table
                        .state(connected, self.spectators(), self.clock_ms()),
                });
            }
        }
        if let Some(remaining_ms) = self.clock_ms() {
            connection.send(ServerMessage::Clock {
                seat: self.table.seat_to_move(),
                remaining_ms,
            });
        }
        Ok(role)
    }

    async fn request(
        &mut self,
        connection: &ConnectionHandle,
        role: Role,
        request: Request,
    ) -> Result<(), Refusal> {
        if let Request::Sync = request {
            connection.send(ServerMessage::Sync {
                room: self
                    .table
                    .state(self.connected(), self.spectators(), self.clock_ms()),
            });
            return Ok(());
        }
        let Role::Player(seat) = role else {
            return Err(Refusal::new(ErrorCode::NotSeated, "spectators only watch"));
        };
        let events = match request {
            Request::Act { action, version } => self.table.play(seat, &action, version)?,
            Request::Resign => self.table.resign(seat)?,
            Request::OfferDraw => self.table.offer_draw(seat)?,
            Request::AnswerDraw { accept } => self.table.answer_draw(seat, accept)?,
            Request::Rematch => self.table.rematch(seat)?,
            Request::Sync => Vec::new(),
        };
        self.commit(events, None).await
    }

    /// Stores `events`, then applies them and tells every member; nothing changes if storing
    /// fails. `seat_token` comes with a `SeatTaken` event.
    async fn commit(
        &mut self,
        events: Vec<RoomEvent>,
        seat_token: Option<(RoomSeat, TokenHash)>,
    ) -> Result<(), Refusal> {
        if events.is_empty() {
            return Ok(());
        }
        let code = self.table.record.code.clone();
        let writes = events
            .iter()
            .zip(self.table.version + 1..)
            .enumerate()
            .map(|(index, (event, version))| Write::AppendEvent {
                code: code.clone(),
                version,
                event: event.clone(),
                seat_token: seat_token.clone().filter(|_| index == 0),
            })
            .collect();
        self.shared.writer.write(writes).await.map_err(|error| {
            eprintln!("room {code}: {error}");
            Refusal::new(
                ErrorCode::Unavailable,
                "the server could not store this; nothing changed, try again",
            )
        })?;
        if let Some((seat, hash)) = seat_token {
            self.table.seat_tokens[seat.index()] = Some(hash);
        }
        let restarts_clock = events.iter().any(|event| {
            matches!(
                event,
                RoomEvent::Played { .. } | RoomEvent::NewGame { .. } | RoomEvent::SeatTaken { .. }
            )
        });
        for event in events {
            if let Err(error) = self.table.apply(event.clone()) {
                eprintln!("room {code}: a checked event did not apply: {error}");
                continue;
            }
            let text = encode(ServerMessage::Event {
                version: self.table.version,
                event,
            });
            self.members
                .retain(|(member, _)| member.send_text(text.clone()));
        }
        let now = Instant::now();
        self.last_activity = now;
        if restarts_clock || !self.table.in_play() {
            self.restart_clock(now);
            if let Some(remaining_ms) = self.clock_ms() {
                let text = encode(ServerMessage::Clock {
                    seat: self.table.seat_to_move(),
                    remaining_ms,
                });
                self.members
                    .retain(|(member, _)| member.send_text(text.clone()));
            }
        }
        Ok(())
    }

    fn broadcast_presence(&mut self) {
        let text = encode(ServerMessage::Presence {
            connected: self.connected(),
            spectators: self.spectators(),
        });
        self.members
            .retain(|(member, _)| member.send_text(text.clone()));
    }
}

/// Waits until `deadline`; forever without one.
pub async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}
