//! The online protocol shared by the server and the clients: JSON text frames over a WebSocket,
//! documented message by message in `docs/protocol.md`.
//!
//! Every frame is an envelope `{"v": 1, "msg": {...}}`: `v` is the protocol version, `msg` a
//! [`ClientMessage`] or a [`ServerMessage`] tagged by its `type`. A room's state changes only by
//! [`RoomEvent`]s, numbered 1, 2, 3… by their `version`; a client that missed some asks for them
//! again on reconnecting, or gets the whole [`RoomState`] instead.
//!
//! A room plays one game, [`GameKind`]: Junqi flip or Xiangqi. What differs between them —
//! the text of an action, what a played action carries, the public table in a [`RoomState`] —
//! is in per-game types ([`Played`], [`GameState`]); seats, clocks, offers and results are shared.
//!
//! Nothing here can hold the identity of a face-down piece: states and events are built from the
//! public game only. This module depends on serde alone, so the browser build can use it.

use crate::rules::GameKind;
use crate::rules::junqi::{Color, IllegalAction, PlayedAction, PlayerView, PublicGame, Ruleset};
use crate::rules::xiangqi;
use serde::{Deserialize, Serialize};
use std::fmt;

#[cfg(test)]
mod tests;

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

/// A seat of a room, 0 or 1: the creator holds 0, the player who joins 1, for the whole room
/// and all its rematches. (A [`crate::rules::Seat`] is a seat of one game, where seat 0 moves
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

/// What a client asks of the server. (Messages without fields are written `Resign {}` so that
/// serde refuses unknown fields in them too.)
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Open a room playing `game` and take seat 0 in it. `rules` are Junqi's options (none:
    /// the defaults); Xiangqi has none, and a Xiangqi room given some is refused.
    Create {
        game: GameKind,
        #[serde(default)]
        rules: Option<Ruleset>,
        #[serde(default)]
        clock: MoveClock,
    },
    /// Take the free seat of a room.
    Join { code: String },
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
    /// Give the game up.
    Resign {},
    /// Offer a draw.
    OfferDraw {},
    /// Answer the opponent's draw offer.
    AnswerDraw { accept: bool },
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
        connected: [bool; 2],
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
}

/// One played action, in the shape of the room's game: `{"action": "c3", "revealed": …}` in
/// Junqi, `{"move": "h2e2"}` in Xiangqi.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Played {
    /// A Junqi action; a flip says what it revealed.
    Junqi(PlayedAction),
    /// A Xiangqi move.
    Xiangqi(XiangqiPlayed),
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
    /// The winning seat, none for a draw.
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
            | EndReason::NoProgress => None,
        }
    }
}

/// Everyone's view of a room: what a client needs to draw it, and nothing hidden.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct RoomState {
    pub code: String,
    /// The room's game and its public table, in the frame as the field `game` (`"junqi"`,
    /// `"xiangqi"`) next to that game's fields.
    #[serde(flatten)]
    pub game: GameState,
    pub clock: MoveClock,
    /// The version of the last event (0 before any).
    pub version: u64,
    /// 0 for the first game, counting rematches.
    pub game_number: u32,
    /// The seat that moved first in this game.
    pub first_seat: RoomSeat,
    /// Each seat: taken, connected, asking for a rematch.
    pub seats: [SeatState; 2],
    /// The spectators connected now.
    pub spectators: u32,
    /// The seat to move, while the game is on.
    pub to_move: Option<RoomSeat>,
    /// The seat offering a draw, if one is.
    pub draw_offer: Option<RoomSeat>,
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
}

impl GameState {
    /// The game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            GameState::Junqi(_) => GameKind::Junqi,
            GameState::Xiangqi(_) => GameKind::Xiangqi,
        }
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
    /// A player holds the seat.
    pub taken: bool,
    /// The player is connected now.
    pub connected: bool,
    /// The player asked for a rematch.
    pub rematch: bool,
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
    /// Both seats of the room are taken.
    RoomFull,
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
    /// It is the other player's turn.
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
