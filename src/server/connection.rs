//! One task per WebSocket: reads frames, checks their size and rate, parses them into typed
//! messages, and hands room requests to the room's task. Every text frame gets an answer (past
//! the rate, `rate_limited`); a binary frame gets `binary_frame` within the rate and nothing
//! past it; a frame far over the size limit ends the connection. Nothing a client sends can stop
//! the server. A connection that enters no room in time, or whose seat another connection takes
//! back, is told why and closed.

use super::address::TokenBucket;
use super::board::Refusal;
use super::record::{QiguoRoom, RoomGame};
use super::room::{Command, ConnectionHandle, Entry, Request, encode, sleep_until};
use super::{ConnectionSlot, Shared};
use crate::protocol::{
    ClientMessage, ErrorCode, Frame, FrameVersion, PROTOCOL_VERSION, QiguoSetup, ServerMessage,
};
use crate::rules::GameKind;
use crate::rules::junqi::Ruleset;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tokio::sync::{Notify, mpsc, oneshot};
use tokio::time::Instant;
use tracing::Instrument;

/// Frames queued for one connection before it counts as too slow and is dropped.
const OUTBOX: usize = 1024;

/// The room a connection is in.
struct Membership {
    commands: mpsc::Sender<Command>,
}

/// Parses a client frame: a version this server speaks and a known message.
pub fn parse(text: &str) -> Result<ClientMessage, Refusal> {
    match serde_json::from_str::<Frame<ClientMessage>>(text) {
        Ok(frame) if frame.v == PROTOCOL_VERSION => Ok(frame.msg),
        Ok(frame) => Err(unsupported(frame.v)),
        Err(error) => match serde_json::from_str::<FrameVersion>(text) {
            Ok(frame) if frame.v != PROTOCOL_VERSION => Err(unsupported(frame.v)),
            _ => {
                let mut message = error.to_string();
                message.truncate(200);
                Err(Refusal::new(ErrorCode::BadFrame, message))
            }
        },
    }
}

fn unsupported(version: u32) -> Refusal {
    Refusal::new(
        ErrorCode::UnsupportedVersion,
        format!(
            "protocol version {version} is not spoken here; this server speaks {PROTOCOL_VERSION}"
        ),
    )
}

/// Serves one WebSocket until it closes.
pub async fn serve(socket: WebSocket, shared: Arc<Shared>, slot: ConnectionSlot) {
    let id = shared.next_connection.fetch_add(1, Ordering::Relaxed);
    let span = tracing::info_span!("connection", id, address = %slot.address());
    talk(socket, shared, slot, id).instrument(span).await;
}

/// Serves connection `id` (see [`serve`]).
async fn talk(mut socket: WebSocket, shared: Arc<Shared>, slot: ConnectionSlot, id: u64) {
    tracing::debug!("connected");
    let address = slot.address();
    let (outbox, mut outgoing) = mpsc::channel(OUTBOX);
    let handle = ConnectionHandle {
        id,
        outbox,
        kick: Arc::new(Notify::new()),
        replaced: Arc::new(Notify::new()),
    };
    // Durations too long to add up mean never.
    let lobby_deadline = Instant::now().checked_add(shared.config.timing.lobby);
    let limits = &shared.config.limits;
    let mut session = Session {
        rate: TokenBucket::new(limits.frames_per_second, limits.frame_burst),
        shared: shared.clone(),
        handle: handle.clone(),
        address,
        membership: None,
    };
    session.reply(ServerMessage::Hello {
        server: shared.server_name(),
    });
    loop {
        let lobby = lobby_deadline.filter(|_| session.membership.is_none());
        tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(message)) => {
                    if !session.on_message(message).await {
                        break;
                    }
                }
                _ => break,
            },
            Some(text) = outgoing.recv() => {
                if socket.send(Message::Text(text)).await.is_err() {
                    break;
                }
            }
            () = handle.kick.notified() => break,
            () = handle.replaced.notified() => {
                // The room has already let the seat go: no `Leave` for it.
                session.membership = None;
                let refusal = Refusal::new(
                    ErrorCode::Replaced,
                    "this seat was taken back on another connection",
                );
                close(&mut socket, &mut outgoing, refusal).await;
                break;
            }
            () = sleep_until(lobby) => {
                let seconds = shared.config.timing.lobby.as_secs_f64();
                let refusal = Refusal::new(
                    ErrorCode::Idle,
                    format!("no room was entered within {seconds} s"),
                );
                close(&mut socket, &mut outgoing, refusal).await;
                break;
            }
        }
    }
    if let Some(membership) = session.membership.take() {
        let _ = membership
            .commands
            .send(Command::Leave {
                connection: handle.id,
            })
            .await;
    }
    drop(slot);
    tracing::debug!("disconnected");
}

/// Sends the frames still queued, then `refusal` and a closing frame.
async fn close(socket: &mut WebSocket, outgoing: &mut mpsc::Receiver<Utf8Bytes>, refusal: Refusal) {
    while let Ok(text) = outgoing.try_recv() {
        if socket.send(Message::Text(text)).await.is_err() {
            return;
        }
    }
    let error = encode(ServerMessage::Error {
        code: refusal.code,
        message: refusal.message,
        version: None,
    });
    if socket.send(Message::Text(error)).await.is_ok() {
        let _ = socket
            .send(Message::Close(Some(CloseFrame {
                code: close_code::NORMAL,
                reason: Utf8Bytes::from_static(""),
            })))
            .await;
    }
}

/// One connection's state.
struct Session {
    shared: Arc<Shared>,
    handle: ConnectionHandle,
    address: IpAddr,
    /// The frames this connection may send.
    rate: TokenBucket,
    membership: Option<Membership>,
}

impl Session {
    fn reply(&self, message: ServerMessage) {
        self.handle.send(message);
    }

    fn refuse(&self, refusal: Refusal) {
        self.shared.metrics.refused(refusal.code);
        self.reply(ServerMessage::Error {
            code: refusal.code,
            message: refusal.message,
            version: None,
        });
    }

    /// Handles one frame; false when the connection should close.
    async fn on_message(&mut self, message: Message) -> bool {
        let text = match message {
            Message::Text(text) => text,
            Message::Binary(_) => {
                if self.rate.allow(Instant::now()) {
                    self.refuse(Refusal::new(ErrorCode::BinaryFrame, "frames are JSON text"));
                }
                return true;
            }
            Message::Close(_) => return false,
            Message::Ping(_) | Message::Pong(_) => return true,
        };
        if !self.rate.allow(Instant::now()) {
            self.refuse(Refusal::new(
                ErrorCode::RateLimited,
                "too many frames: this one was ignored",
            ));
            return true;
        }
        let cap = self.shared.config.limits.max_frame_bytes;
        if text.len() > cap {
            self.refuse(Refusal::new(
                ErrorCode::TooLarge,
                format!("frames may hold {cap} bytes at most"),
            ));
            return true;
        }
        match parse(text.as_str()) {
            Ok(message) => {
                if let Err(refusal) = self.on_client_message(message).await {
                    self.refuse(refusal);
                }
            }
            Err(refusal) => self.refuse(refusal),
        }
        true
    }

    async fn on_client_message(&mut self, message: ClientMessage) -> Result<(), Refusal> {
        if let ClientMessage::Ping { nonce } = message {
            // A barrier: in a room, the room answers it after everything asked before it
            // (and, in a cluster, after reading whatever the other nodes stored). Outside one,
            // every earlier request was answered before this frame was read.
            match &self.membership {
                Some(membership) => {
                    let command = Command::Ping {
                        connection: self.handle.id,
                        nonce,
                    };
                    return membership
                        .commands
                        .send(command)
                        .await
                        .map_err(|_| room_gone());
                }
                None => self.reply(ServerMessage::Pong { nonce }),
            }
            return Ok(());
        }
        let message = match Request::try_from(message) {
            Ok(request) => {
                let membership = self.membership.as_ref().ok_or_else(|| {
                    Refusal::new(ErrorCode::NotInRoom, "create, join or watch a room first")
                })?;
                let command = Command::Request {
                    connection: self.handle.id,
                    request,
                };
                return membership
                    .commands
                    .send(command)
                    .await
                    .map_err(|_| room_gone());
            }
            Err(message) => message,
        };
        if self.membership.is_some() {
            return Err(Refusal::new(
                ErrorCode::AlreadyInRoom,
                "this connection is already in a room; open another to enter one more",
            ));
        }
        let (commands, entry) = match message {
            ClientMessage::Create {
                game,
                rules,
                clock,
                qiguo,
            } => {
                let game = room_game(game, rules, qiguo)?;
                let (commands, token) = self.shared.create_room(self.address, game, clock).await?;
                (commands, Entry::Creator { token })
            }
            ClientMessage::Join { code, seat } => {
                (self.find_room(&code).await?, Entry::Join { seat })
            }
            ClientMessage::Watch { code } => (self.find_room(&code).await?, Entry::Watch),
            ClientMessage::Resume { code, token, since } => {
                (self.find_room(&code).await?, Entry::Resume { token, since })
            }
            _ => return Ok(()),
        };
        let (reply, answer) = oneshot::channel();
        commands
            .send(Command::Enter {
                connection: self.handle.clone(),
                entry,
                reply,
            })
            .await
            .map_err(|_| room_gone())?;
        answer.await.map_err(|_| room_gone())??;
        self.membership = Some(Membership { commands });
        Ok(())
    }

    async fn find_room(&self, code: &str) -> Result<mpsc::Sender<Command>, Refusal> {
        let code = super::secret::normalise_code(code).ok_or_else(room_gone)?;
        self.shared.find_room(&code).await.ok_or_else(room_gone)
    }
}

/// The game a `create` asks for, if its options fit it.
fn room_game(
    game: GameKind,
    rules: Option<Ruleset>,
    qiguo: Option<QiguoSetup>,
) -> Result<RoomGame, Refusal> {
    let bad = |message: &str| Refusal::new(ErrorCode::BadFrame, message);
    match (game, rules, qiguo) {
        (GameKind::Junqi | GameKind::Xiangqi | GameKind::JunqiClassic, _, Some(_)) => {
            Err(bad("only a Qiguo room takes \"qiguo\" seats"))
        }
        (GameKind::JunqiClassic, Some(_), None) => Err(bad(
            "a Junqi classic room takes no rules: it plays the classic game's own",
        )),
        (GameKind::JunqiClassic, None, None) => Ok(RoomGame::JunqiClassic {
            quiet_limit: crate::rules::junqi::DEFAULT_QUIET_PLY_LIMIT,
        }),
        (GameKind::Junqi, rules, None) => {
            Ok(RoomGame::Junqi(rules.unwrap_or_default().sanitized()))
        }
        (GameKind::Xiangqi, None, None) => Ok(RoomGame::Xiangqi),
        (GameKind::Xiangqi, Some(_), None) => Err(bad("a Xiangqi room takes no rules")),
        (GameKind::Qiguo, Some(_), _) => Err(bad(
            "a Qiguo room takes no rules: its options are in \"qiguo\"",
        )),
        (GameKind::Qiguo, None, None) => Err(bad(
            "a Qiguo room needs its seats: \"qiguo\": {\"seats\": [\"friend\", …]}",
        )),
        (GameKind::Qiguo, None, Some(setup)) => QiguoRoom::new(&setup)
            .map(RoomGame::Qiguo)
            .map_err(|message| bad(&message)),
    }
}

fn room_gone() -> Refusal {
    Refusal::new(ErrorCode::UnknownRoom, "no room has this code")
}
