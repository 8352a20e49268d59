//! One task per room, owning its [`Table`]: connections send it commands, it stores the events
//! they cause, then tells everyone in the room. It also runs the room's clocks: the move clock,
//! the grace period of a disconnected player, the wait of a takeback request, and the room's
//! expiry when it lies idle; and in Qiguo its computer seats, whose searches run on the
//! server's bounded pool of thinkers and whose moves come back as commands, to be checked and
//! stored like a person's.
//!
//! In a cluster the task is this node's replica of the room: it also applies the events other
//! nodes stored (heard as notices, or read when it finds itself behind), counts the other
//! nodes' clients in its presence, and loses a race for a version by answering `stale`.

use super::Shared;
use super::board::Refusal;
use super::cluster::Heard;
use super::notice::Notice;
use super::record::TokenHash;
use super::storage::{StorageError, Write};
use super::table::Table;
use crate::protocol::{
    ClientMessage, ComputerLevel, EndReason, ErrorCode, Frame, RoomEvent, RoomSeat, RoomState,
    ServerMessage,
};
use axum::extract::ws::Utf8Bytes;
use std::collections::HashMap;
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
    /// Take a free seat: this one, or the first.
    Join { seat: Option<RoomSeat> },
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
    /// Start now, the computer taking the free seats at this level.
    Start {
        level: ComputerLevel,
    },
    Leave,
    AskTakeback,
    AnswerTakeback {
        accept: bool,
    },
    WithdrawTakeback,
    Sync,
    /// Junqi classic: deploy the army this text names.
    Deploy {
        deployment: String,
    },
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
            ClientMessage::Start { level } => Request::Start {
                level: level.unwrap_or(ComputerLevel::COVER),
            },
            ClientMessage::Leave {} => Request::Leave,
            ClientMessage::AskTakeback {} => Request::AskTakeback,
            ClientMessage::AnswerTakeback { accept } => Request::AnswerTakeback { accept },
            ClientMessage::WithdrawTakeback {} => Request::WithdrawTakeback,
            ClientMessage::Sync {} => Request::Sync,
            ClientMessage::Deploy { deployment } => Request::Deploy { deployment },
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
    /// A `ping` of a connection in the room: answered after everything before it.
    Ping {
        connection: u64,
        nonce: u64,
    },
    /// Another node stored event `version`; a taken seat brings its token's hash.
    Heard {
        version: u64,
        event: RoomEvent,
        seat_token: Option<(RoomSeat, TokenHash)>,
    },
    /// Read from storage whatever events this replica has not applied.
    CatchUp,
    /// A link to another node was made, or a node counted as gone was heard again: read what
    /// this replica missed, tell the other nodes who is connected here and ask them the same.
    Linked,
    /// Node `node`'s own clients in this room; `asks`: it wants this node's in return.
    RemotePresence {
        node: u64,
        connected: Vec<bool>,
        spectators: u32,
        asks: bool,
    },
    /// A computer seat's search for the decision at `version` ended with `action` (none: it
    /// found no move, or failed).
    ComputerMove {
        version: u64,
        action: Option<String>,
    },
    /// A client of another node took `seat`: its connections here are closed.
    RemoteReplaced {
        seat: RoomSeat,
    },
    /// Node `node` fell silent: its clients are gone.
    NodeGone {
        node: u64,
    },
    /// Another node deleted the room.
    Deleted,
}

/// Hands what the cluster heard to the rooms of this node it is about.
pub fn hear(shared: &Shared, heard: Heard) {
    let (code, command) = match heard {
        Heard::Linked => return shared.tell_every_room(|| Command::Linked),
        Heard::NodeGone(node) => return shared.tell_every_room(|| Command::NodeGone { node }),
        Heard::Unlinked => return shared.tell_every_room(|| Command::CatchUp),
        Heard::Notice(Notice::Alive { .. }) => return,
        Heard::Notice(Notice::Event {
            code,
            version,
            event,
            seat_token,
        }) => (
            code,
            Command::Heard {
                version,
                event,
                seat_token,
            },
        ),
        Heard::Notice(Notice::Presence {
            code,
            node,
            connected,
            spectators,
            asks,
        }) => (
            code,
            Command::RemotePresence {
                node,
                connected,
                spectators,
                asks,
            },
        ),
        Heard::Notice(Notice::Replaced { code, seat, .. }) => {
            (code, Command::RemoteReplaced { seat })
        }
        Heard::Notice(Notice::Deleted { code }) => (code, Command::Deleted),
    };
    if let Some(room) = shared.room(&code) {
        shared.deliver(room, command);
    }
}

/// A room's task and its state.
pub struct RoomTask {
    table: Table,
    shared: Arc<Shared>,
    /// This room's own queue, for the computer's answers (weak: the registry keeps the room).
    commands: mpsc::WeakSender<Command>,
    members: Vec<(ConnectionHandle, Role)>,
    /// When the player to move runs out of time, while a clocked game is on.
    clock_deadline: Option<Instant>,
    /// When the pending takeback request lapses, if it is neither granted nor declined.
    takeback_deadline: Option<Instant>,
    /// Since when each seat has had no connection.
    absent_since: Vec<Option<Instant>>,
    last_activity: Instant,
    /// In a cluster, the other nodes' clients in this room, by node: seats and spectators.
    remote: HashMap<u64, (Vec<bool>, u32)>,
    /// The version a computer seat is deciding at, while its search runs.
    thinking: Option<u64>,
}

/// How often a request that lost a race for its version is decided again against the room as
/// it now is (an action is not: it names the version it was meant for).
const RETRIES: usize = 3;

impl RoomTask {
    /// The task of a room whose events are all in `table`: its clock restarts with a whole move's
    /// time, a pending takeback request has its whole wait again, and its players
    /// (disconnected, as after a restart) have their grace period from now.
    pub fn new(table: Table, shared: Arc<Shared>, commands: mpsc::WeakSender<Command>) -> RoomTask {
        let now = Instant::now();
        let mut task = RoomTask {
            absent_since: table
                .seats()
                .map(|seat| table.has_person(seat).then_some(now))
                .collect(),
            table,
            shared,
            commands,
            members: Vec::new(),
            clock_deadline: None,
            takeback_deadline: None,
            last_activity: now,
            remote: HashMap::new(),
            thinking: None,
        };
        task.restart_clock(now);
        task.takeback_deadline = task
            .table
            .takeback_wait_ms()
            .and_then(|wait_ms| lapse_deadline(now, wait_ms));
        task
    }

    /// Runs the room until it expires.
    pub async fn run(mut self, mut commands: mpsc::Receiver<Command>) {
        tracing::debug!(version = self.table.version, "room task started");
        loop {
            let wake = self.next_deadline();
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => {
                        if self.handle(command).await {
                            return;
                        }
                    }
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

    /// Gives the seat to move a whole move's time (none for the computer, which answers
    /// within its own budget).
    fn restart_clock(&mut self, now: Instant) {
        self.clock_deadline = self
            .move_time()
            .filter(|_| self.table.in_play() && self.table.computer_to_move().is_none())
            .and_then(|time| now.checked_add(time));
    }

    fn clock_ms(&self) -> Option<u64> {
        self.clock_deadline.map(remaining_ms)
    }

    /// The time the pending takeback request has left before it lapses.
    fn takeback_ms(&self) -> Option<u64> {
        self.takeback_deadline.map(remaining_ms)
    }

    /// The room as everyone may see it now.
    fn room_state(&self, connected: &[bool]) -> RoomState {
        self.table.state(
            connected,
            self.spectators(),
            self.clock_ms(),
            self.takeback_ms(),
        )
    }

    /// The seats held by this node's connections.
    fn local_connected(&self) -> Vec<bool> {
        self.table
            .seats()
            .map(|seat| {
                self.members
                    .iter()
                    .any(|(_, role)| *role == Role::Player(seat))
            })
            .collect()
    }

    fn local_spectators(&self) -> u32 {
        self.members
            .iter()
            .filter(|(_, role)| *role == Role::Spectator)
            .count() as u32
    }

    /// The seats held by a connection on any node.
    fn connected(&self) -> Vec<bool> {
        let mut connected = self.local_connected();
        for (seats, _) in self.remote.values() {
            for (here, there) in connected.iter_mut().zip(seats) {
                *here |= *there;
            }
        }
        connected
    }

    /// The spectators on every node.
    fn spectators(&self) -> u32 {
        self.remote
            .values()
            .fold(self.local_spectators(), |sum, (_, spectators)| {
                sum.saturating_add(*spectators)
            })
    }

    /// When a seat absent this long loses (Qiguo: is covered by the computer), if someone is
    /// here waiting for it: its opponent (Qiguo: anyone else at the table or watching).
    fn grace_deadline(&self, seat: RoomSeat) -> Option<Instant> {
        let since = self.absent_since[seat.index()]?;
        let connected = self.connected();
        let waited_for = if self.table.qiguo().is_some() {
            self.table.has_person(seat)
                && !self.table.is_covered(seat)
                && (self.spectators() > 0
                    || connected
                        .iter()
                        .enumerate()
                        .any(|(index, here)| *here && index != seat.index()))
        } else {
            connected[seat.other().index()]
        };
        // Durations too long to add up mean never.
        (self.table.in_play() && waited_for)
            .then(|| since.checked_add(self.shared.config.timing.grace))
            .flatten()
    }

    /// Whether anyone, on any node, is in the room.
    fn anyone_here(&self) -> bool {
        !self.members.is_empty()
            || self
                .remote
                .values()
                .any(|(seats, spectators)| seats.iter().any(|&here| here) || *spectators > 0)
    }

    fn idle_deadline(&self) -> Option<Instant> {
        (!self.anyone_here())
            .then(|| {
                self.last_activity
                    .checked_add(self.shared.config.timing.idle)
            })
            .flatten()
    }

    fn next_deadline(&self) -> Option<Instant> {
        self.table
            .seats()
            .map(|seat| self.grace_deadline(seat))
            .chain([
                self.clock_deadline,
                self.takeback_deadline,
                self.idle_deadline(),
            ])
            .flatten()
            .min()
    }

    /// Acts on whatever deadline passed; true when the room expired.
    async fn on_deadline(&mut self) -> bool {
        let now = Instant::now();
        if self.clock_deadline.is_some_and(|deadline| deadline <= now) {
            let mover = self.table.seat_to_move();
            let events = self.table.forfeit(mover, EndReason::OutOfTime);
            if events.is_empty() {
                self.clock_deadline = None;
            } else {
                self.commit_or_wait(events).await;
            }
            return false;
        }
        if self
            .takeback_deadline
            .is_some_and(|deadline| deadline <= now)
        {
            match self.table.lapse_takeback() {
                Some(lapsed) => self.commit_or_wait(vec![lapsed]).await,
                None => self.takeback_deadline = None,
            }
            return false;
        }
        for seat in self.table.seats() {
            if self
                .grace_deadline(seat)
                .is_some_and(|deadline| deadline <= now)
            {
                let events = if self.table.qiguo().is_some() {
                    self.table.cover(seat)
                } else {
                    self.table.forfeit(seat, EndReason::Abandoned)
                };
                if events.is_empty() {
                    // Nothing to decide: the seat waits no more.
                    self.absent_since[seat.index()] = None;
                } else {
                    self.commit_or_wait(events).await;
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
    /// that caused them is tried again. (When another node decided first, this replica has
    /// read what it decided, and the deadlines follow from that.)
    async fn commit_or_wait(&mut self, events: Vec<RoomEvent>) {
        if let Err(refusal) = self.commit(events, None).await
            && refusal.code != ErrorCode::Stale
        {
            tracing::error!(reason = %refusal.message, "the room's own events are not stored");
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }

    async fn expire(&mut self) -> bool {
        let code = self.table.record.code.clone();
        let deleted = self
            .shared
            .storage
            .write(vec![Write::DeleteRoom { code: code.clone() }])
            .await;
        if let Err(error) = deleted {
            tracing::error!(%error, "cannot delete the expired room");
            self.last_activity = Instant::now();
            return false;
        }
        if let Some(cluster) = &self.shared.cluster {
            cluster.publish(Notice::Deleted { code: code.clone() });
        }
        self.shared.forget_room(&code);
        true
    }

    /// Handles one command; true when the room is gone.
    async fn handle(&mut self, command: Command) -> bool {
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
                        if let Some(cluster) = &self.shared.cluster {
                            cluster.publish(Notice::Replaced {
                                code: self.table.record.code.clone(),
                                node: cluster.node,
                                seat,
                            });
                        }
                    }
                    self.members.push((connection, role));
                    self.refresh_absences();
                    self.broadcast_presence();
                }
                let seated = match entered {
                    Ok(Role::Player(seat)) => Some(seat),
                    _ => None,
                };
                let _ = reply.send(entered);
                if let Some(seat) = seated
                    && let Some(event) = self.table.uncover(seat)
                {
                    self.commit_or_wait(vec![event]).await;
                }
                self.consider_computer();
            }
            Command::ComputerMove { version, action } => {
                if self.thinking == Some(version) {
                    self.thinking = None;
                }
                if let Some(action) = action
                    && version == self.table.version
                    && self.table.computer_to_move().is_some()
                {
                    let seat = self.table.seat_to_move();
                    match self.table.play(seat, &action, version) {
                        Ok(events) => {
                            let stored_before = self.table.version;
                            self.commit_or_wait(events).await;
                            if self.table.version > stored_before {
                                self.shared.metrics.computer_moves.inc();
                                self.count_action();
                            }
                        }
                        Err(refusal) => tracing::error!(
                            action,
                            reason = %refusal.message,
                            "the computer's move was refused"
                        ),
                    }
                }
                self.consider_computer();
            }
            Command::Leave { connection } => {
                self.members.retain(|(member, _)| member.id != connection);
                self.refresh_absences();
                self.last_activity = Instant::now();
                self.broadcast_presence();
            }
            Command::Ping { connection, nonce } => {
                // Everything stored before the ping is sent before the pong, also what other
                // nodes stored.
                self.catch_up().await;
                if let Some((member, _)) = self.members.iter().find(|(m, _)| m.id == connection) {
                    member.send(ServerMessage::Pong { nonce });
                }
            }
            Command::Heard {
                version,
                event,
                seat_token,
            } => self.hear_event(version, event, seat_token).await,
            Command::CatchUp => self.catch_up().await,
            Command::Linked => {
                self.catch_up().await;
                self.publish_presence(true);
            }
            Command::RemotePresence {
                node,
                connected,
                spectators,
                asks,
            } => {
                let first_word = self.remote.insert(node, (connected, spectators)).is_none();
                self.refresh_absences();
                self.last_activity = Instant::now();
                self.send_presence();
                // A node new to this room, or one that lost track, does not know this node's
                // clients.
                if (first_word || asks) && !self.members.is_empty() {
                    self.publish_presence(false);
                }
                self.consider_computer();
            }
            Command::RemoteReplaced { seat } => {
                let before = self.members.len();
                self.replace_holders(Role::Player(seat));
                if self.members.len() != before {
                    self.refresh_absences();
                    self.broadcast_presence();
                }
            }
            Command::NodeGone { node } => {
                // The gone node may have stored events it could not tell.
                self.catch_up().await;
                if self.remote.remove(&node).is_some() {
                    self.refresh_absences();
                    self.last_activity = Instant::now();
                    self.send_presence();
                    // The gone node may have been the one thinking for the computer.
                    self.consider_computer();
                }
            }
            Command::Deleted => {
                self.shared.forget_room(&self.table.record.code);
                return true;
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
                    return false;
                };
                let started = matches!(request, Request::Act { .. }).then(Instant::now);
                let result = self.request(&handle, role, request).await;
                if let Some(started) = started
                    && result.is_ok()
                {
                    self.count_action();
                    self.shared
                        .metrics
                        .action_seconds
                        .with_label_values(&[self.game_label()])
                        .observe(started.elapsed().as_secs_f64());
                }
                if let Err(refusal) = result {
                    self.shared.metrics.refused(refusal.code);
                    handle.send(ServerMessage::Error {
                        code: refusal.code,
                        message: refusal.message,
                        version: (refusal.code == ErrorCode::Stale).then_some(self.table.version),
                    });
                }
            }
        }
        false
    }

    /// Applies event `version` another node says it stored, when it fits: the next version,
    /// and an event the room takes. One that does not fit (a gap: notices were missed, or
    /// the notice is wrong) is never applied: the room reads what the database holds instead.
    async fn hear_event(
        &mut self,
        version: u64,
        event: RoomEvent,
        seat_token: Option<(RoomSeat, TokenHash)>,
    ) {
        if version <= self.table.version {
            return;
        }
        let next = version == self.table.version + 1
            && seat_token
                .as_ref()
                .is_none_or(|(seat, _)| seat.index() < self.table.seat_count());
        if next {
            let held = seat_token.map(|(seat, hash)| {
                let slot = &mut self.table.seat_tokens[seat.index()];
                (seat, slot.replace(hash))
            });
            if self.apply_stored(vec![event]) {
                return;
            }
            if let Some((seat, before)) = held {
                self.table.seat_tokens[seat.index()] = before;
            }
        }
        tracing::info!(
            version,
            at = self.table.version,
            "a notice does not fit: the room reads what is stored"
        );
        self.catch_up().await;
    }

    /// In a cluster, reads and applies the events other nodes stored that this replica has not
    /// applied yet.
    async fn catch_up(&mut self) {
        if self.shared.cluster.is_none() {
            return;
        }
        let code = self.table.record.code.clone();
        let stored = match self
            .shared
            .storage
            .load_room(code.clone(), self.table.version)
            .await
        {
            Ok(Some(stored)) => stored,
            Ok(None) => {
                // Deleted meanwhile: its `deleted` notice ends this task.
                return;
            }
            Err(error) => {
                tracing::error!(%error, "cannot read what other nodes stored");
                return;
            }
        };
        for (seat, hash) in stored.seat_tokens {
            if let Some(slot) = self.table.seat_tokens.get_mut(seat.index())
                && slot.is_none()
            {
                *slot = Some(hash);
            }
        }
        let mut events = Vec::new();
        for (version, event) in stored.events {
            if version != self.table.version + 1 + events.len() as u64 {
                tracing::error!(version, "a stored event is out of order");
                break;
            }
            events.push(event);
        }
        self.apply_stored(events);
    }

    /// Marks seats that just lost their last connection, on every node, as absent, and seats
    /// held again as present.
    fn refresh_absences(&mut self) {
        let connected = self.connected();
        let now = Instant::now();
        for seat in self.table.seats() {
            let absent = &mut self.absent_since[seat.index()];
            if connected[seat.index()] {
                *absent = None;
            } else if self.table.has_person(seat) && absent.is_none() {
                *absent = Some(now);
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

    /// Admits `connection` (sending it its welcome) or says why not.
    async fn enter(
        &mut self,
        connection: &ConnectionHandle,
        entry: Entry,
    ) -> Result<Role, Refusal> {
        let code = self.table.record.code.clone();
        if matches!(entry, Entry::Resume { .. } | Entry::Join { .. }) {
            // What other nodes stored and did not tell (yet): a resume never returns an older
            // state than the database holds, and a join looks at the seats as they are.
            self.catch_up().await;
        }
        let (role, token, since) = match entry {
            Entry::Creator { token } => (Role::Player(RoomSeat(0)), Some(token), None),
            Entry::Join { seat: wanted } => {
                let token = super::secret::seat_token();
                let hash = super::secret::hash_token(&token);
                let mut attempt = 0;
                let seat = loop {
                    let seat = self.table.free_seat(wanted)?;
                    let taken = vec![RoomEvent::SeatTaken { seat }];
                    match self.commit(taken, Some((seat, hash.clone()))).await {
                        // Another node stored something first: look again.
                        Err(refusal) if refusal.code == ErrorCode::Stale && attempt < RETRIES => {
                            attempt += 1;
                        }
                        result => break result.map(|()| seat)?,
                    }
                };
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
                let seat = self.table.seat_of_token(&hash)?;
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
                        event: event.public(),
                    });
                }
            }
            None => {
                let mut connected = self.connected();
                if let Role::Player(seat) = role {
                    connected[seat.index()] = true;
                }
                connection.send(ServerMessage::Sync {
                    room: self.room_state(&connected),
                });
            }
        }
        if let Role::Player(seat) = role
            && let Some(deployment) = self.table.own_deployment(seat)
        {
            connection.send(ServerMessage::OwnDeployment {
                game_number: self.table.game_number(),
                deployment,
            });
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
            // Never an older state than the database holds.
            self.catch_up().await;
            connection.send(ServerMessage::Sync {
                room: self.room_state(&self.connected()),
            });
            return Ok(());
        }
        let Role::Player(seat) = role else {
            return Err(Refusal::new(ErrorCode::NotSeated, "spectators only watch"));
        };
        let mut attempt = 0;
        loop {
            let events = match &request {
                Request::Act { action, version } => self.table.play(seat, action, *version)?,
                Request::Resign => self.table.resign(seat)?,
                Request::OfferDraw => self.table.offer_draw(seat)?,
                Request::AnswerDraw { accept } => self.table.answer_draw(seat, *accept)?,
                Request::Rematch => self.table.rematch(seat)?,
                Request::Start { level } => self.table.start(seat, *level)?,
                Request::Deploy { deployment } => self.table.deploy(seat, deployment)?,
                Request::Leave => self.table.leave(seat)?,
                Request::AskTakeback => self.table.ask_takeback(seat, self.takeback_wait_ms())?,
                Request::AnswerTakeback { accept } => self.table.answer_takeback(seat, *accept)?,
                Request::WithdrawTakeback => self.table.withdraw_takeback(seat)?,
                Request::Sync => Vec::new(),
            };
            let leaving = matches!(request, Request::Leave);
            match self.commit(events, None).await {
                // Another node stored this version first: a request that names no version is
                // decided again against the room as it is now.
                Err(refusal)
                    if refusal.code == ErrorCode::Stale
                        && !matches!(request, Request::Act { .. })
                        && attempt < RETRIES =>
                {
                    attempt += 1;
                }
                result => {
                    if leaving && result.is_ok() {
                        // The connection stays, to watch.
                        for (member, role) in &mut self.members {
                            if member.id == connection.id {
                                *role = Role::Spectator;
                            }
                        }
                        self.refresh_absences();
                        self.broadcast_presence();
                        self.consider_computer();
                    }
                    return result;
                }
            }
        }
    }

    /// The room's game as the metrics label it.
    fn game_label(&self) -> &'static str {
        super::metrics::game_label(self.table.record.game.kind())
    }

    /// Counts one action played and stored in this room.
    fn count_action(&self) {
        self.shared
            .metrics
            .actions
            .with_label_values(&[self.game_label()])
            .inc();
    }

    /// How long a takeback request asked now waits (durations too long to count mean never).
    fn takeback_wait_ms(&self) -> u64 {
        u64::try_from(self.shared.config.timing.takeback_wait.as_millis()).unwrap_or(u64::MAX)
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
        let writes: Vec<Write> = events
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
        // What the other nodes are told once the writes are stored.
        let notices: Vec<Notice> = match &self.shared.cluster {
            Some(_) => writes.iter().filter_map(Notice::stored).collect(),
            None => Vec::new(),
        };
        let started = Instant::now();
        let stored = self.shared.storage.write(writes).await;
        self.shared
            .metrics
            .commit_seconds
            .observe(started.elapsed().as_secs_f64());
        match stored {
            Ok(()) => {
                #[cfg(debug_assertions)]
                super::failpoint::exit_after_commit(&code);
                if let Some(cluster) = &self.shared.cluster {
                    notices
                        .into_iter()
                        .for_each(|notice| cluster.publish(notice));
                }
            }
            Err(StorageError::Conflict(_) | StorageError::NotNext(_)) => {
                // Another node stored this version first, or this replica is out of step
                // with the database: it reads what the database holds.
                let based_on = self.table.version;
                self.catch_up().await;
                return Err(Refusal::new(
                    ErrorCode::Stale,
                    format!(
                        "another node decided version {} first; the room is at version {}",
                        based_on + 1,
                        self.table.version
                    ),
                ));
            }
            Err(error) => {
                tracing::error!(%error, "cannot store the room's events");
                return Err(Refusal::new(
                    ErrorCode::Unavailable,
                    "the server could not store this; nothing changed, try again",
                ));
            }
        }
        if let Some((seat, hash)) = seat_token {
            self.table.seat_tokens[seat.index()] = Some(hash);
        }
        self.apply_stored(events);
        Ok(())
    }

    /// Applies stored events (this node's, or another's) and tells every member here; stops at
    /// one that does not apply (reported), and says whether all did.
    fn apply_stored(&mut self, events: Vec<RoomEvent>) -> bool {
        if events.is_empty() {
            return true;
        }
        let (mut takes_seat, mut restarts_clock, mut applied_all) = (false, false, true);
        let now = Instant::now();
        for event in events {
            if let Err(error) = self.table.apply(event.clone()) {
                tracing::error!(%error, "an event does not apply");
                applied_all = false;
                break;
            }
            takes_seat |= matches!(event, RoomEvent::SeatTaken { .. });
            restarts_clock |= !matches!(
                event,
                RoomEvent::DrawOffered { .. }
                    | RoomEvent::DrawDeclined { .. }
                    | RoomEvent::RematchRequested { .. }
                    | RoomEvent::GameEnded { .. }
                    | RoomEvent::TakebackAsked { .. }
                    | RoomEvent::TakebackAccepted { .. }
                    | RoomEvent::TakebackDeclined { .. }
                    | RoomEvent::TakebackWithdrawn { .. }
                    | RoomEvent::TakebackLapsed { .. }
            );
            if let RoomEvent::GameEnded { end } = &event {
                tracing::info!(
                    version = self.table.version,
                    winner = ?end.winner,
                    reason = ?end.reason,
                    "game ended"
                );
            }
            // Every replica counts a request's wait from when it stores or hears it.
            if let RoomEvent::TakebackAsked { wait_ms, .. } = &event {
                self.takeback_deadline = lapse_deadline(now, *wait_ms);
            }
            // A deployment stays with storage and the nodes: clients hear only that it is in.
            let text = encode(ServerMessage::Event {
                version: self.table.version,
                event: event.public(),
            });
            self.members
                .retain(|(member, _)| member.send_text(text.clone()));
        }
        if !self.table.takeback_pending() {
            self.takeback_deadline = None;
        }
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
        if takes_seat {
            self.refresh_absences();
        }
        self.consider_computer();
        applied_all
    }

    /// Starts the computer's search when a computer seat is to move (or covers for the seat
    /// to move), no takeback request is pending (its move would end the request) and someone
    /// is in the room to see it, in a cluster on one node only ([`RoomTask::thinks_here`]);
    /// its answer comes back as a [`Command::ComputerMove`]. The search runs on a blocking thread once one of the server's
    /// thinker permits is free, so a thinking computer never holds up a room's task.
    fn consider_computer(&mut self) {
        let Some(level) = self.table.computer_to_move() else {
            return;
        };
        let version = self.table.version;
        if self.thinking == Some(version) || !self.thinks_here() || self.table.takeback_pending() {
            return;
        }
        let seed = computer_seed(&self.table.record.code, self.table.game_number(), version);
        // The server's cap on a computer's nodes, none: the level's own.
        let node_cap = self.shared.config.limits.computer_nodes.unwrap_or(u64::MAX);
        let search: Box<dyn FnOnce() -> Option<String> + Send> =
            if let Some(board) = self.table.qiguo() {
                let position = board.position().clone();
                let mut limits = crate::ai::qiguo::limits(level.level());
                limits.max_nodes = limits.max_nodes.min(node_cap);
                Box::new(move || {
                    crate::ai::qiguo::choose_move_within(&position, level.level(), limits, seed)
                        .map(|mv| mv.to_string())
                })
            } else if let Some(game) = self.table.classic().and_then(|board| board.game()) {
                // The computer's side's line: its own army and what the referee announced.
                let line = game.line(game.position().side_to_move(), usize::MAX);
                let mut limits = crate::ai::junqi::classic::limits(level.level());
                limits.search.max_nodes = limits.search.max_nodes.min(node_cap);
                Box::new(move || {
                    crate::ai::junqi::classic::choose_move(&line, level.level(), limits, seed)
                        .ok()
                        .map(|(action, _)| action.to_string())
                })
            } else {
                return;
            };
        self.thinking = Some(version);
        let thinkers = self.shared.thinkers.clone();
        let room = self.commands.clone();
        let queue = self.shared.metrics.computer_queue.clone();
        queue.inc();
        tokio::spawn(async move {
            let permit = thinkers.acquire_owned().await;
            queue.dec();
            let action = match permit {
                Ok(permit) => tokio::task::spawn_blocking(move || {
                    let _permit = permit;
                    search()
                })
                .await
                .ok()
                .flatten(),
                Err(_) => None,
            };
            if let Some(room) = room.upgrade() {
                let _ = room.send(Command::ComputerMove { version, action }).await;
            }
        });
    }

    /// Whether this node searches for the room's computer: alone, when anyone is in the room;
    /// in a cluster, when someone is in it here and this node ranks first for the room among
    /// the nodes with anyone in it ([`thinker_rank`]), so that one search serves each decision,
    /// the other nodes hear its move, and the rooms' searches spread over the nodes. (When that
    /// node goes, its presence goes with it, and the next takes over.)
    fn thinks_here(&self) -> bool {
        let Some(cluster) = &self.shared.cluster else {
            return self.anyone_here();
        };
        let code = &self.table.record.code;
        let rank = thinker_rank(code, cluster.node);
        let outranked = self.remote.iter().any(|(node, (seats, spectators))| {
            (seats.iter().any(|&here| here) || *spectators > 0) && thinker_rank(code, *node) < rank
        });
        !self.members.is_empty() && !outranked
    }

    /// Tells the members here, and in a cluster the other nodes, who is connected now.
    fn broadcast_presence(&mut self) {
        self.send_presence();
        self.publish_presence(false);
    }

    /// Tells the members here who is connected on every node.
    fn send_presence(&mut self) {
        let text = encode(ServerMessage::Presence {
            connected: self.connected(),
            spectators: self.spectators(),
        });
        self.members
            .retain(|(member, _)| member.send_text(text.clone()));
    }

    /// In a cluster, tells the other nodes who is connected here; `asks`: and asks for theirs.
    fn publish_presence(&self, asks: bool) {
        if let Some(cluster) = &self.shared.cluster {
            cluster.publish(Notice::Presence {
                code: self.table.record.code.clone(),
                node: cluster.node,
                connected: self.local_connected(),
                spectators: self.local_spectators(),
                asks,
            });
        }
    }
}

/// The seed of the computer's decision at `version` of game `game_number` in room `code`: the
/// same room replayed makes the same choices (as far as the search's clock allows).
fn computer_seed(code: &str, game_number: u32, version: u64) -> u64 {
    // FNV-1a over the code, then the numbers mixed in.
    let code_hash = code.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    code_hash ^ (u64::from(game_number) << 40) ^ version.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Node `node`'s rank for thinking for room `code`'s computer, lowest first: a hash of both, so
/// that each room has its own order of the nodes (rendezvous hashing).
fn thinker_rank(code: &str, node: u64) -> u64 {
    computer_seed(code, 0, node)
}

/// The time from now until `deadline`, in milliseconds (0 once it passed).
fn remaining_ms(deadline: Instant) -> u64 {
    deadline
        .saturating_duration_since(Instant::now())
        .as_millis() as u64
}

/// When a takeback request counted from `since` lapses after `wait_ms` (none: never, as
/// `u64::MAX` says, or any time too far to count).
fn lapse_deadline(since: Instant, wait_ms: u64) -> Option<Instant> {
    if wait_ms == u64::MAX {
        return None;
    }
    since.checked_add(Duration::from_millis(wait_ms))
}

/// Waits until `deadline`; forever without one.
pub async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}
