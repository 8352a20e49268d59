//! The online protocol shared by the server and the clients: JSON text frames over a WebSocket,
//! documented message by message in `docs/protocol.md`.
//!
//! Every frame is an envelope `{"v": 1, "msg": {...}}`: `v` is the protocol version, `msg` a
//! [`ClientMessage`] or a [`ServerMessage`] tagged by its `type`. A room's state changes only by
//! [`RoomEvent`]s, numbered 1, 2, 3… by their `version`; a client that missed some asks for them
//! again on reconnecting, or gets the whole [`RoomState`] instead.
//!
//! A room plays one game, [`GameKind`]: Junqi flip, Xiangqi (two seats) or Qiguo Xiangqi (three
//! to seven seats, some of them the server's computer). What differs between them — the text
//! of an action, what a played action carries, the public table in a [`RoomState`] — is in
//! per-game types ([`Played`], [`GameState`]); seats, clocks, offers and results are shared.
//!
//! Nothing here can hold the identity of a face-down piece: states and events are built from the
//! public game only. This module depends on serde alone, so the browser build can use it.

use crate::ai::Level;
use crate::rules::GameKind;
use crate::rules::junqi::{Color, IllegalAction, PlayedAction, PlayerView, PublicGame, Ruleset};
use crate::rules::{qiguo, xiangqi};
use serde::{Deserialize, Serialize};
use std::fmt;

mod classic;
#[cfg(test)]
mod tests;
mod view;

pub use classic::{ClassicPlayed, ClassicState};
pub use view::{RoomTable, RoomView, ViewError};

/// The protocol version this build speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// A frame as it travels: the protocol version and one message.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Frame<M> {
    /// The protocol version, [`PROTOCOL_VERSION`].
    pub v: u32,
    /// The message.
    pub msg: M,
}

impl<M> Frame<M> {
    /// `msg` in an envelope of this protocol version.
    pub fn new(msg: M) -> Frame<M> {
        Frame {
            v: PROTOCOL_VERSION,
            msg,
        }
    }
}

/// Only the version of a frame, read leniently so that a frame of another version gets a clear
/// answer rather than a complaint about its fields.
#[derive(Deserialize)]
pub struct FrameVersion {
    /// The protocol version the frame claims.
    pub v: u32,
}

/// A seat of a room: 0 or 1 in a two-player room, 0 to n − 1 in a Qiguo room of n seats. The
/// creator (the host) holds 0, the players who join the others, for the whole room and all its
/// rematches. (A [`crate::rules::Seat`] is a seat of one game, where seat 0 moves
/// first; the room seat moving first is [`RoomState::first_seat`], and it swaps each rematch.)
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RoomSeat(pub u8);

impl RoomSeat {
    /// Both seats of a two-player room.
    pub const BOTH: [RoomSeat; 2] = [RoomSeat(0), RoomSeat(1)];

    /// The other seat of a two-player room.
    pub fn other(self) -> RoomSeat {
        RoomSeat(1 - self.0.min(1))
    }

    /// The seat as an index into a list of seats.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for RoomSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// The optional move clock: how long each move may take.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum MoveClock {
    /// No clock.
    #[default]
    #[serde(rename = "off")]
    Off,
    /// 30 seconds for each move.
    #[serde(rename = "30s")]
    Seconds30,
    /// 60 seconds for each move.
    #[serde(rename = "60s")]
    Seconds60,
}

impl MoveClock {
    /// The seconds each move may take, if there is a clock.
    pub fn seconds_per_move(self) -> Option<u32> {
        match self {
            MoveClock::Off => None,
            MoveClock::Seconds30 => Some(30),
            MoveClock::Seconds60 => Some(60),
        }
    }
}

/// A computer player's strength, for a Qiguo seat the server plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ComputerLevel {
    Easy,
    Medium,
    Hard,
}

impl ComputerLevel {
    /// The level the computer plays at for a person who is away or gone.
    pub const COVER: ComputerLevel = ComputerLevel::Medium;

    /// The server's level nearest `level` (a random player is not offered: it plays Easy).
    pub fn of(level: Level) -> ComputerLevel {
        match level {
            Level::Random | Level::Easy => ComputerLevel::Easy,
            Level::Medium => ComputerLevel::Medium,
            Level::Hard => ComputerLevel::Hard,
        }
    }

    /// The search level this is.
    pub fn level(self) -> Level {
        match self {
            ComputerLevel::Easy => Level::Easy,
            ComputerLevel::Medium => Level::Medium,
            ComputerLevel::Hard => Level::Hard,
        }
    }
}

/// Who is meant to play a seat of a Qiguo room: `"friend"` (a person who joins with the
/// invite code; seat 0 is the host's) or `{"computer": "easy"}`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatPlan {
    Friend,
    Computer(ComputerLevel),
}

/// What becomes of a Qiguo seat whose player leaves for good, chosen by the host.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnLeave {
    /// The computer (Medium) plays the seat on.
    #[default]
    Computer,
    /// The seat's states resign: their armies leave the board.
    Resign,
}

/// The seats of a new Qiguo room, in room-seat order (3 to 7; seat 0, the host's, is a friend).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QiguoSetup {
    pub seats: Vec<SeatPlan>,
    #[serde(default)]
    pub on_leave: OnLeave,
}

impl QiguoSetup {
    /// Why these seats cannot make a room, if they cannot.
    pub fn check(&self) -> Result<(), String> {
        let count = self.seats.len();
        if !(3..=7).contains(&count) {
            return Err(format!(
                "a Qiguo room has 3 to 7 seats, not {count}; every seat is \"friend\" or \
                 {{\"computer\": \"easy\" | \"medium\" | \"hard\"}}"
            ));
        }
        if self.seats[0] != SeatPlan::Friend {
            return Err("seat 0 is the host's: it must be \"friend\"".to_string());
        }
        Ok(())
    }
}

/// What a client asks of the server. (Messages without fields are written `Resign {}` so that
/// serde refuses unknown fields in them too.)
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Open a room playing `game` and take seat 0 in it. `rules` are Junqi's options (none:
    /// the defaults); Xiangqi has none, and a Xiangqi room given some is refused. `qiguo` is
    /// required for a Qiguo room and refused for the others.
    Create {
        game: GameKind,
        #[serde(default)]
        rules: Option<Ruleset>,
        #[serde(default)]
        clock: MoveClock,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        qiguo: Option<QiguoSetup>,
    },
    /// Take a free seat of a room: `seat` if given (a Qiguo room), else the first free one.
    Join {
        code: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<RoomSeat>,
    },
    /// Watch a room without a seat.
    Watch { code: String },
    /// Take one's seat again with its secret token, after a disconnection; `since` is the last
    /// event version the client has, to get only the events after it. A connection still
    /// holding the seat is closed.
    Resume {
        code: String,
        token: String,
        #[serde(default)]
        since: Option<u64>,
    },
    /// Play an action, written in the notation of the room's game (Junqi: `c3`, `a2a11`;
    /// Xiangqi: ICCS, `h2e2`); `version` is the version of the last event the client has seen.
    Act { action: String, version: u64 },
    /// Give the game up (Qiguo: the seat's states leave the board, the others play on).
    Resign {},
    /// Qiguo and Junqi classic, the host: start now, the computer taking every free seat at
    /// `level` (Medium when left out; in Junqi classic it deploys at once).
    Start {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level: Option<ComputerLevel>,
    },
    /// Junqi classic: the seat's secret deployment for this game, the six ranks of its half as
    /// `docs/formats.md` writes them (Red's half for the seat moving first, Blue's for the
    /// other). Sent once a game, before both sides have deployed; the server checks it, keeps it
    /// from everyone else until the game ends, and the game starts when both have deployed.
    Deploy { deployment: String },
    /// Qiguo: leave the seat for good (its token no longer resumes it). The host's choice at
    /// creation decides: the computer plays it on, or its states resign. The connection stays
    /// as a spectator.
    Leave {},
    /// Offer a draw.
    OfferDraw {},
    /// Answer the opponent's draw offer.
    AnswerDraw { accept: bool },
    /// Ask to take back one's own last move: the game goes back to just before it, undoing
    /// every move made after it too. Junqi: only actions that revealed nothing (no flip) can be
    /// taken back.
    AskTakeback {},
    /// Answer another seat's takeback request (Qiguo: every person still in the game answers).
    AnswerTakeback { accept: bool },
    /// Withdraw one's own pending takeback request.
    WithdrawTakeback {},
    /// Ask for another game with the first move swapped.
    Rematch {},
    /// Ask for the whole room state again.
    Sync {},
    /// Ask for a pong (a latency probe and keep-alive).
    Ping { nonce: u64 },
}

/// What the server sends.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMessage {
    /// The first frame on every connection.
    Hello { server: String },
    /// The connection holds a seat in room `code`. `token` is the seat's secret, sent once, when
    /// the seat is taken (none on resuming).
    Seated {
        code: String,
        seat: RoomSeat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// The connection watches room `code`.
    Watching { code: String },
    /// The whole public state of the room.
    Sync { room: RoomState },
    /// One change to the room, in version order.
    Event { version: u64, event: RoomEvent },
    /// Who is connected now.
    Presence {
        connected: Vec<bool>,
        spectators: u32,
    },
    /// The move clock (re)started: `seat` has `remaining_ms` from now for its move.
    Clock { seat: RoomSeat, remaining_ms: u64 },
    /// A request was refused (nothing changed), or the connection is about to be closed.
    Error {
        code: ErrorCode,
        message: String,
        /// The room's current version, when the request named an outdated one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        version: Option<u64>,
    },
    /// The answer to a ping.
    Pong { nonce: u64 },
    /// Junqi classic: this seat's own deployment in the current game, sent to that seat alone
    /// when it takes its seat again (a resume or a join after deploying) — the one frame that
    /// holds a hidden identity, and only the receiver's own.
    OwnDeployment {
        game_number: u32,
        deployment: String,
    },
}

/// A change to a room. Events are stored before anyone hears of them.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum RoomEvent {
    /// A player took `seat`.
    SeatTaken { seat: RoomSeat },
    /// `seat` played an action of the room's game.
    Played { seat: RoomSeat, played: Played },
    /// `seat` offered a draw.
    DrawOffered { seat: RoomSeat },
    /// `seat` declined the draw offer.
    DrawDeclined { seat: RoomSeat },
    /// The game ended.
    GameEnded { end: GameEnd },
    /// `seat` asked for a rematch.
    RematchRequested { seat: RoomSeat },
    /// A new game started in the room: `first_seat` moves first.
    NewGame {
        game_number: u32,
        first_seat: RoomSeat,
    },
    /// Qiguo: the host started with `seat` free, and the computer took it.
    ComputerSeated {
        seat: RoomSeat,
        level: ComputerLevel,
    },
    /// Qiguo: `seat`'s player stayed away past the grace period; the computer (Medium) plays
    /// for them until they come back.
    Covered { seat: RoomSeat },
    /// Qiguo: `seat`'s player came back with the seat token and plays again.
    Uncovered { seat: RoomSeat },
    /// Qiguo: `seat`'s player left for good; the computer (Medium) holds the seat from now.
    SeatLeft { seat: RoomSeat },
    /// Qiguo: `seat`'s live `states` (QFEN letters, turn order) left the board, and the turn
    /// passed on if it was theirs.
    Withdrew {
        seat: RoomSeat,
        states: String,
        reason: WithdrawReason,
    },
    /// `seat` asked to take back its last move: granting it undoes the last `plies` steps of
    /// the game's history (Junqi actions, Xiangqi moves, Qiguo moves), none of which revealed
    /// anything. The request lapses when anything is played or the game ends, and when it is
    /// neither granted nor declined within `wait_ms` (counted by each server from when it
    /// stores or reads the request; `u64::MAX`: never).
    TakebackAsked {
        seat: RoomSeat,
        plies: u32,
        /// An event stored before requests had a wait has none: it lapses as the room loads.
        #[serde(default)]
        wait_ms: u64,
    },
    /// Qiguo: `seat` accepted the pending takeback; others still have to answer.
    TakebackAccepted { seat: RoomSeat },
    /// `seat` declined the pending takeback.
    TakebackDeclined { seat: RoomSeat },
    /// `seat`, the asker, withdrew its takeback request.
    TakebackWithdrawn { seat: RoomSeat },
    /// The takeback `seat` asked for was granted: the last `plies` steps of the game's history
    /// are undone, and the seat to move follows from the history that is left.
    TakenBack { seat: RoomSeat, plies: u32 },
    /// The takeback `seat` asked for was neither granted nor declined within its wait: it is
    /// off the table, as if declined.
    TakebackLapsed { seat: RoomSeat },
    /// Junqi classic: `seat` deployed its army. Storage and the cluster's nodes keep the
    /// `deployment`; every frame to a client has none ([`RoomEvent::public`]).
    Deployed {
        seat: RoomSeat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deployment: Option<String>,
    },
    /// Junqi classic: the game ended, and every piece is shown: both deployments, the seat
    /// moving first (Red) first.
    Unveiled { deployments: [String; 2] },
}

impl RoomEvent {
    /// The seat the event names: the one acting, the first to move in a new game, the winner
    /// of an ended game.
    pub fn seat(&self) -> Option<RoomSeat> {
        match self {
            RoomEvent::SeatTaken { seat }
            | RoomEvent::Played { seat, .. }
            | RoomEvent::DrawOffered { seat }
            | RoomEvent::DrawDeclined { seat }
            | RoomEvent::RematchRequested { seat }
            | RoomEvent::ComputerSeated { seat, .. }
            | RoomEvent::Covered { seat }
            | RoomEvent::Uncovered { seat }
            | RoomEvent::SeatLeft { seat }
            | RoomEvent::Withdrew { seat, .. }
            | RoomEvent::TakebackAsked { seat, .. }
            | RoomEvent::TakebackAccepted { seat }
            | RoomEvent::TakebackDeclined { seat }
            | RoomEvent::TakebackWithdrawn { seat }
            | RoomEvent::TakenBack { seat, .. }
            | RoomEvent::TakebackLapsed { seat }
            | RoomEvent::Deployed { seat, .. }
            | RoomEvent::NewGame {
                first_seat: seat, ..
            } => Some(*seat),
            RoomEvent::GameEnded { end } => end.winner,
            RoomEvent::Unveiled { .. } => None,
        }
    }

    /// The event as a client may hear it: a Junqi classic deployment without its pieces (the
    /// one secret an event carries, for storage and the cluster's nodes only).
    pub fn public(&self) -> RoomEvent {
        match self {
            RoomEvent::Deployed { seat, .. } => RoomEvent::Deployed {
                seat: *seat,
                deployment: None,
            },
            event => event.clone(),
        }
    }
}

/// A pending takeback request, in a [`RoomState`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TakebackRequest {
    /// The seat asking.
    pub seat: RoomSeat,
    /// How many steps of the history granting it undoes.
    pub plies: u32,
    /// Qiguo: the seats that accepted so far.
    #[serde(default)]
    pub accepted: Vec<RoomSeat>,
    /// In a room state: the time left, from when the state was sent, before the request lapses
    /// (none: it never does).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining_ms: Option<u64>,
}

/// Why a Qiguo seat's states left the board off the game's rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WithdrawReason {
    /// The player resigned.
    Resigned,
    /// The player left for good, and the host chose that leaving resigns.
    Left,
    /// The seat's move clock ran out.
    OutOfTime,
}

/// One played action, in the shape of the room's game: `{"action": "c3", "revealed": …}` in
/// Junqi, `{"move": "h2e2"}` in Xiangqi, `{"move": "e10j15", "state": "w"}` in Qiguo.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Played {
    /// A Junqi action; a flip says what it revealed.
    Junqi(PlayedAction),
    /// A Xiangqi move.
    Xiangqi(XiangqiPlayed),
    /// A Qiguo move and the state that made it.
    Qiguo(QiguoPlayed),
    /// A Junqi classic move and the referee's announcement.
    JunqiClassic(ClassicPlayed),
}

/// A Qiguo move as played.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QiguoPlayed {
    /// The move (`e10j15`).
    #[serde(rename = "move", with = "as_text")]
    pub mv: qiguo::Move,
    /// The state that moved, by its QFEN letter (`w`).
    #[serde(with = "state_letter")]
    pub state: qiguo::State,
}

/// A Xiangqi move as played.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct XiangqiPlayed {
    /// The move, in ICCS (`h2e2`).
    #[serde(rename = "move", with = "iccs")]
    pub mv: xiangqi::Move,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameEnd {
    /// The winning seat, none for a draw (Qiguo: none when seats share first place; the whole
    /// result table follows from the final position, `Position::outcome`).
    pub winner: Option<RoomSeat>,
    pub reason: EndReason,
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Junqi: a flag was captured.
    FlagCaptured,
    /// Junqi: the loser had no legal action on their turn.
    NoLegalAction,
    /// Junqi: too many plies in a row without a flip or an attack: a draw.
    QuietPlies,
    /// Junqi: no action was left before the colours were decided: a draw.
    NoActionBeforeColours,
    /// Xiangqi: the loser is in check with no legal move.
    Checkmate,
    /// Xiangqi: the loser has no legal move without being in check, which loses too.
    Stalemate,
    /// Xiangqi: the loser kept checking through a repeated position, against the rules.
    PerpetualCheck,
    /// Xiangqi: the loser kept chasing a piece through a repeated position, against the rules.
    PerpetualChase,
    /// Xiangqi: a position repeated with no rule broken (or both sides broke it alike): a draw.
    Repetition,
    /// Xiangqi: 120 moves a side without a check or chase or its answer, or 300 moves a side
    /// in all: a draw.
    MoveLimit,
    /// Xiangqi: 30 moves a side without a capture or a soldier's advance across the river: a
    /// draw.
    NoProgress,
    /// Qiguo: a seat's states captured two Rulers or 31 pieces.
    Hegemon,
    /// Qiguo: every state left on the board belongs to one seat.
    LastSeat,
    /// Qiguo: 200 moves in a row without a capture; the scores decide.
    QuietLimit,
    /// The loser resigned.
    Resignation,
    /// Both players agreed to a draw.
    Agreement,
    /// The loser's move clock ran out.
    OutOfTime,
    /// The loser stayed disconnected past the grace period.
    Abandoned,
}

/// How a game ended off the board: nothing a game's rules decide.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OffTheBoard {
    /// The loser resigned.
    Resignation,
    /// Both players agreed to a draw.
    Agreement,
    /// The loser's move clock ran out.
    OutOfTime,
    /// The loser stayed away past the grace period.
    Abandoned,
}

impl EndReason {
    /// How the game ended off the board, or `None` when its rules ended it (the clients'
    /// games see those by themselves).
    pub fn off_the_board(self) -> Option<OffTheBoard> {
        match self {
            EndReason::Resignation => Some(OffTheBoard::Resignation),
            EndReason::Agreement => Some(OffTheBoard::Agreement),
            EndReason::OutOfTime => Some(OffTheBoard::OutOfTime),
            EndReason::Abandoned => Some(OffTheBoard::Abandoned),
            EndReason::FlagCaptured
            | EndReason::NoLegalAction
            | EndReason::QuietPlies
            | EndReason::NoActionBeforeColours
            | EndReason::Checkmate
            | EndReason::Stalemate
            | EndReason::PerpetualCheck
            | EndReason::PerpetualChase
            | EndReason::Repetition
            | EndReason::MoveLimit
            | EndReason::NoProgress
            | EndReason::Hegemon
            | EndReason::LastSeat
            | EndReason::QuietLimit => None,
        }
    }
}

/// Everyone's view of a room: what a client needs to draw it, and nothing hidden.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct RoomState {
    pub code: String,
    /// The room's game and its public table, in the frame as the field `game` (`"junqi"`,
    /// `"xiangqi"`, `"qiguo"`) next to that game's fields.
    #[serde(flatten)]
    pub game: GameState,
    pub clock: MoveClock,
    /// The version of the last event (0 before any).
    pub version: u64,
    /// 0 for the first game, counting rematches.
    pub game_number: u32,
    /// The seat that moved first in this game.
    pub first_seat: RoomSeat,
    /// Each seat: taken, connected, asking for a rematch (two in Junqi and Xiangqi).
    pub seats: Vec<SeatState>,
    /// The spectators connected now.
    pub spectators: u32,
    /// The seat to move, while the game is on.
    pub to_move: Option<RoomSeat>,
    /// The seat offering a draw, if one is.
    pub draw_offer: Option<RoomSeat>,
    /// The pending takeback request, if one is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback: Option<TakebackRequest>,
    /// How the game ended, if it did.
    pub end: Option<GameEnd>,
    /// The time the player to move has left for this move, when there is a clock.
    pub clock_ms: Option<u64>,
}

/// The public table of a room's current game, by game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum GameState {
    /// A Junqi flip game.
    Junqi(JunqiState),
    /// A Xiangqi game.
    Xiangqi(XiangqiState),
    /// A Qiguo game.
    Qiguo(QiguoState),
    /// A Junqi classic game.
    #[serde(rename = "junqi_classic")]
    JunqiClassic(ClassicState),
}

impl GameState {
    /// The game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            GameState::Junqi(_) => GameKind::Junqi,
            GameState::Xiangqi(_) => GameKind::Xiangqi,
            GameState::Qiguo(_) => GameKind::Qiguo,
            GameState::JunqiClassic(_) => GameKind::JunqiClassic,
        }
    }
}

/// A Qiguo game: nothing is hidden.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct QiguoState {
    /// The states of each room seat in this game (QFEN letters in turn order, `"wk"`); they
    /// move in that order, and the seats rotate with each rematch.
    pub seat_states: Vec<String>,
    /// What becomes of a seat whose player leaves for good.
    pub on_leave: OnLeave,
    /// The QFEN of the start.
    pub start: String,
    /// The moves and withdrawals of this game so far.
    pub history: Vec<QiguoStep>,
    /// The QFEN now.
    pub position: String,
}

/// One step of a Qiguo game's history.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum QiguoStep {
    /// A move.
    Move {
        #[serde(rename = "move", with = "as_text")]
        mv: qiguo::Move,
        #[serde(with = "state_letter")]
        state: qiguo::State,
    },
    /// A seat's states left the board, as in [`RoomEvent::Withdrew`].
    Withdrew {
        seat: RoomSeat,
        states: String,
        reason: WithdrawReason,
    },
}

impl QiguoStep {
    /// Plays this step on `position`.
    pub fn apply(&self, position: &mut qiguo::Position) -> Result<(), String> {
        match self {
            QiguoStep::Move { mv, state } => {
                check_mover(position, *mv, *state)?;
                position.play(*mv).map(|_| ()).map_err(|e| e.to_string())
            }
            QiguoStep::Withdrew { states, .. } => {
                let seat = withdrawn_seat(position, states)?;
                withdrawn(seat, position.withdraw(seat).len())
            }
        }
    }

    /// Plays this step in `game`, which keeps each move with the position before it.
    pub fn play_in(&self, game: &mut qiguo::Replay) -> Result<(), String> {
        match self {
            QiguoStep::Move { mv, state } => {
                check_mover(game.position(), *mv, *state)?;
                game.play(*mv).map(|_| ()).map_err(|e| e.to_string())
            }
            QiguoStep::Withdrew { states, .. } => {
                let seat = withdrawn_seat(game.position(), states)?;
                withdrawn(seat, game.withdraw(seat).len())
            }
        }
    }
}

/// Whether `state` is to move in `position`, as a step playing `mv` for it says.
fn check_mover(
    position: &qiguo::Position,
    mv: qiguo::Move,
    state: qiguo::State,
) -> Result<(), String> {
    if position.side_to_move() == state {
        return Ok(());
    }
    Err(format!(
        "{mv} is played by {}, but {} is to move",
        state.letter(),
        position.side_to_move().letter()
    ))
}

/// The seat of the first of `states` (QFEN letters) in `position`.
fn withdrawn_seat(position: &qiguo::Position, states: &str) -> Result<qiguo::Seat, String> {
    let state = states
        .chars()
        .next()
        .and_then(qiguo::State::from_letter)
        .ok_or_else(|| format!("'{states}' names no state"))?;
    Ok(position.seating().seat(state))
}

/// A withdrawal that took `taken` states of `seat` off the board: none is an error.
fn withdrawn(seat: qiguo::Seat, taken: usize) -> Result<(), String> {
    if taken == 0 {
        return Err(format!("seat {seat} has no state left to withdraw"));
    }
    Ok(())
}

impl QiguoState {
    /// The game this state describes: the start, replayed through `history`.
    pub fn game(&self) -> Result<qiguo::Replay, String> {
        let start = qiguo::Position::from_qfen(&self.start).map_err(|error| error.to_string())?;
        let mut game = qiguo::Replay::new(start);
        for step in &self.history {
            step.play_in(&mut game)?;
        }
        Ok(game)
    }

    /// The position this state describes: the start, replayed through `history`.
    pub fn replay(&self) -> Result<qiguo::Position, String> {
        self.game().map(|game| game.position().clone())
    }
}

/// A Junqi game as everyone sees it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct JunqiState {
    pub rules: Ruleset,
    /// The public JFEN of the start (face-down pieces are a bare `?`).
    pub start: String,
    /// The actions of this game so far, with what each flip revealed.
    pub actions: Vec<PlayedAction>,
    /// The public JFEN now.
    pub position: String,
    /// Each seat's colour, once the colours are decided.
    pub colours: Option<[Color; 2]>,
}

impl JunqiState {
    /// The public game this state describes: the start, replayed through `actions`.
    pub fn public_game(&self) -> Result<PublicGame, IllegalAction> {
        let mut game = PublicGame::new(junqi_start(self.rules));
        for played in &self.actions {
            game.play(*played)?;
        }
        Ok(game)
    }
}

/// A Xiangqi game: nothing is hidden. The first seat plays the side to move in `start` (red
/// from the usual start).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct XiangqiState {
    /// The FEN of the start.
    pub start: String,
    /// The moves of this game so far, in ICCS.
    #[serde(with = "iccs_list")]
    pub moves: Vec<xiangqi::Move>,
    /// The FEN now.
    pub position: String,
}

impl XiangqiState {
    /// The game this state describes: the start, replayed through `moves` and judged by the
    /// rules after each.
    pub fn game(&self) -> Result<xiangqi::Game, String> {
        let start = xiangqi::Position::from_fen(&self.start).map_err(|error| error.to_string())?;
        let mut game = xiangqi::Game::new(start);
        for &mv in &self.moves {
            game.play(mv).map_err(|error| error.to_string())?;
        }
        Ok(game)
    }
}

/// One seat of a room.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatState {
    /// A player holds the seat (Qiguo: a person or the computer).
    pub taken: bool,
    /// The player is connected now.
    pub connected: bool,
    /// The player asked for a rematch.
    pub rematch: bool,
    /// Qiguo: the computer holds the seat, at this level (planned by the host, taken at the
    /// start, or after its player left for good).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<ComputerLevel>,
    /// Qiguo: the seat's player is away past the grace period and the computer (Medium) plays
    /// for them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub covered: bool,
    /// Qiguo: the seat's player left for good.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub left: bool,
}

/// Why a request was refused, or a connection closed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The frame is not JSON of a known message (malformed, unknown type or field), or asks
    /// for what its game does not have (rules for a Xiangqi room).
    BadFrame,
    /// The frame's protocol version is not this server's.
    UnsupportedVersion,
    /// The frame is larger than the server accepts.
    TooLarge,
    /// Frames are JSON text, not binary.
    BinaryFrame,
    /// Too many frames too fast: this one was ignored.
    RateLimited,
    /// No room has this code.
    UnknownRoom,
    /// Every seat of the room is taken.
    RoomFull,
    /// Qiguo: the seat asked for is taken, by a person or the computer.
    SeatTaken,
    /// Qiguo: only the host (seat 0) may start the game early.
    NotHost,
    /// The request is not part of this room's game (a draw offer in Qiguo, `start` or
    /// `leave` in Junqi or Xiangqi).
    NotInThisGame,
    /// The token is not this room's seat token.
    BadToken,
    /// The request needs a room and this connection is in none.
    NotInRoom,
    /// This connection is already in a room.
    AlreadyInRoom,
    /// Only a seated player may do that.
    NotSeated,
    /// The game has not started: a seat is free.
    NotStarted,
    /// It is another player's turn.
    NotYourTurn,
    /// The action is not legal now, or not an action of the room's game at all.
    IllegalAction,
    /// The request named a version other than the room's current one.
    Stale,
    /// The game is over.
    GameOver,
    /// The game is not over (a rematch needs a finished game).
    GameNotOver,
    /// There is no draw offer to answer, or one's own offer is pending.
    NoDrawOffer,
    /// There is no takeback request to answer or withdraw (or it is one's own to answer,
    /// another's to withdraw, or already answered).
    NoTakeback,
    /// A takeback request is pending already.
    TakebackPending,
    /// One's takeback request was declined or withdrawn: ask again after the next move.
    TakebackAskedAlready,
    /// The seat has no move of its own in this game to take back (in Qiguo also: a seat's
    /// withdrawal came after it, which cannot be undone).
    NothingToTakeBack,
    /// Junqi: the actions to take back include a flip (in Junqi classic a battle), which
    /// cannot be unseen.
    TakebackReveals,
    /// Junqi classic: the deployment breaks a rule (named in the message), or is not this
    /// seat's half.
    BadDeployment,
    /// Junqi classic: the seat has deployed in this game already.
    AlreadyDeployed,
    /// This address has opened as many rooms as it may.
    TooManyRooms,
    /// The room has as many spectators as it may.
    TooManySpectators,
    /// The server could not store the request; nothing changed, try again.
    Unavailable,
    /// Another connection took this seat back with its token: this one is closed.
    Replaced,
    /// The connection entered no room in the time allowed: it is closed.
    Idle,
}

/// The start of every Junqi flip game as everyone sees it: all 50 pieces face down. (A view
/// holds no identities, so the deal behind it does not matter.)
pub fn junqi_start(rules: Ruleset) -> PlayerView {
    crate::rules::junqi::Position::deal_seeded(rules.sanitized(), 0)
        .view()
        .clone()
}

/// A value as its text (`Display` and `FromStr`).
mod as_text {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::fmt::Display;
    use std::str::FromStr;

    pub fn serialize<T: Display, S: Serializer>(
        value: &T,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where
        T: FromStr<Err: Display>,
        D: Deserializer<'de>,
    {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A Qiguo state as its QFEN letter.
mod state_letter {
    use crate::rules::qiguo::State;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(state: &State, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_char(state.letter())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<State, D::Error> {
        let text = String::deserialize(deserializer)?;
        let mut letters = text.chars();
        match (letters.next().and_then(State::from_letter), letters.next()) {
            (Some(state), None) => Ok(state),
            _ => Err(serde::de::Error::custom(format!(
                "'{}' is not a Qiguo state (one of w r o b g p k)",
                text.chars().take(8).collect::<String>()
            ))),
        }
    }
}

/// A Xiangqi move as its ICCS text.
mod iccs {
    use crate::rules::xiangqi::Move;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(mv: &Move, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(mv)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Xiangqi moves as a list of ICCS texts.
mod iccs_list {
    use crate::rules::xiangqi::Move;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(moves: &[Move], serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(moves.iter().map(Move::to_string))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Move>, D::Error> {
        Vec::<String>::deserialize(deserializer)?
            .iter()
            .map(|text| text.parse().map_err(serde::de::Error::custom))
            .collect()
    }
}
