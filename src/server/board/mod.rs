//! A room's current game as the server holds it: reading a player's action from its text,
//! checking it, applying it, judging the result, and projecting the public table for clients.
//! [`Board`] hands each of these to its game ([`junqi`], [`xiangqi`], [`qiguo`],
//! [`classic`]); everything
//! game-specific of a room is in those files, and [`super::table`] keeps seats, offers and
//! results alike for every game.

mod classic;
mod junqi;
mod qiguo;
mod xiangqi;

pub use classic::ClassicBoard;
pub use qiguo::QiguoBoard;

use super::record::RoomGame;
use crate::protocol::{ErrorCode, GameEnd, GameState, Played, RoomSeat, WithdrawReason};

/// A refused request: its code and a message for people.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
}

impl Refusal {
    /// A refusal with this code and message.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

/// What a room needs of its game, whatever the game.
trait TableGame: Send {
    /// The seat to move (whether or not the game is on), when `first_seat` moved first.
    fn seat_to_move(&self, first_seat: RoomSeat) -> RoomSeat;

    /// The action `text` names, played by `mover` (the seat to move): what it plays and, if it
    /// ends the game, how.
    fn check(&self, text: &str, mover: RoomSeat) -> Result<(Played, Option<GameEnd>), Refusal>;

    /// Plays an action checked before, or read back from storage (where one that does not
    /// apply means the stored room is broken).
    fn apply(&mut self, played: &Played) -> Result<(), String>;

    /// How many steps of the history a takeback asked by `seat` undoes, when `first_seat`
    /// moved first, or why there is none.
    fn takeback_plies(&self, seat: RoomSeat, first_seat: RoomSeat) -> Result<u32, Refusal>;

    /// Undoes the last `plies` steps of the history (checked before, or read back from
    /// storage).
    fn take_back(&mut self, plies: u32) -> Result<(), String>;

    /// The public table, for `to_move` the seat to move.
    fn state(&self, to_move: RoomSeat) -> GameState;

    /// The game as a picture shows it: what everyone saw, from its start (Junqi classic:
    /// everything, shown at the end; none before both sides deployed).
    fn scene(&self) -> Option<crate::picture::Scene>;

    /// Whether the game can start once every seat is taken (Junqi classic: both sides have
    /// deployed).
    fn ready(&self) -> bool {
        true
    }

    /// The Qiguo game, if this is one.
    fn qiguo(&self) -> Option<&QiguoBoard> {
        None
    }

    /// The Qiguo game to change, if this is one.
    fn qiguo_mut(&mut self) -> Option<&mut QiguoBoard> {
        None
    }

    /// The Junqi classic game, if this is one.
    fn classic(&self) -> Option<&ClassicBoard> {
        None
    }

    /// The Junqi classic game to change, if this is one.
    fn classic_mut(&mut self) -> Option<&mut ClassicBoard> {
        None
    }
}

/// The game on a room's table. Junqi's is the public game only: no face-down piece is known
/// before a flip draws it.
pub struct Board(Box<dyn TableGame>);

impl Board {
    /// A new game of `game`; room seat `first_seat` plays the game's first seat (Qiguo), or
    /// Red (Junqi classic).
    pub fn new(game: RoomGame, first_seat: RoomSeat) -> Board {
        Board(match game {
            RoomGame::Junqi(rules) => Box::new(junqi::JunqiBoard::new(rules)),
            RoomGame::Xiangqi => Box::new(xiangqi::XiangqiBoard::new()),
            RoomGame::Qiguo(room) => Box::new(QiguoBoard::new(room, first_seat)),
            RoomGame::JunqiClassic { quiet_limit } => {
                Box::new(ClassicBoard::new(quiet_limit, first_seat))
            }
        })
    }

    /// Whether the game can start once every seat is taken (Junqi classic: both sides have
    /// deployed).
    pub fn ready(&self) -> bool {
        self.0.ready()
    }

    /// The Junqi classic game, if this is one.
    pub fn classic(&self) -> Option<&ClassicBoard> {
        self.0.classic()
    }

    /// Takes in Junqi classic room seat `seat`'s deployment (checked before, or read back
    /// from storage).
    pub fn deploy(&mut self, seat: RoomSeat, deployment: &str) -> Result<(), String> {
        match self.0.classic_mut() {
            Some(board) => board.deploy(seat, deployment),
            None => Err(format!(
                "{seat} deploys, which happens in Junqi classic only"
            )),
        }
    }

    /// Shows both Junqi classic armies at the end (checked against the ones deployed).
    pub fn unveil(&mut self, deployments: &[String; 2]) -> Result<(), String> {
        match self.0.classic_mut() {
            Some(board) => board.unveil(deployments),
            None => Err("armies are unveiled in Junqi classic only".to_string()),
        }
    }

    /// The seat to move (whether or not the game is on), when `first_seat` moved first.
    pub fn seat_to_move(&self, first_seat: RoomSeat) -> RoomSeat {
        self.0.seat_to_move(first_seat)
    }

    /// The Qiguo game, if this is one.
    pub fn qiguo(&self) -> Option<&QiguoBoard> {
        self.0.qiguo()
    }

    /// The game as a picture shows it, once there is one.
    pub fn scene(&self) -> Option<crate::picture::Scene> {
        self.0.scene()
    }

    /// The action `text` names, played by `mover` (the seat to move): what it plays (a Junqi
    /// flip's piece drawn now from the pool) and, if it ends the game, how.
    pub fn check(&self, text: &str, mover: RoomSeat) -> Result<(Played, Option<GameEnd>), Refusal> {
        self.0.check(text, mover)
    }

    /// Plays an action checked before, or read back from storage (where one that does not
    /// apply means the stored room is broken).
    pub fn apply(&mut self, played: &Played) -> Result<(), String> {
        self.0.apply(played)
    }

    /// How many steps of the history a takeback asked by `seat` undoes: back to just before
    /// its last move, with every step after it (when `first_seat` moved first). Refused when
    /// the seat has no move in this game, when one of those steps revealed something (a Junqi
    /// flip) or is a Qiguo withdrawal.
    pub fn takeback_plies(&self, seat: RoomSeat, first_seat: RoomSeat) -> Result<u32, Refusal> {
        self.0.takeback_plies(seat, first_seat)
    }

    /// Undoes the last `plies` steps of the history (checked before, or read back from
    /// storage): the game is replayed from its start without them.
    pub fn take_back(&mut self, plies: u32) -> Result<(), String> {
        self.0.take_back(plies)
    }

    /// Takes Qiguo room seat `seat`'s states off the board (checked before, or read back from
    /// storage); other games have no withdrawals.
    pub fn withdraw(
        &mut self,
        seat: RoomSeat,
        states: &str,
        reason: WithdrawReason,
    ) -> Result<(), String> {
        match self.0.qiguo_mut() {
            Some(board) => board.withdraw(seat, states, reason),
            None => Err(format!(
                "{seat} withdraws, which happens in Qiguo rooms only"
            )),
        }
    }

    /// The public table, for `to_move` the seat to move.
    pub fn state(&self, to_move: RoomSeat) -> GameState {
        self.0.state(to_move)
    }
}

/// The refusal of an action the game does not take.
fn illegal(message: String) -> Refusal {
    Refusal::new(ErrorCode::IllegalAction, message)
}

/// The refusal of a takeback by a seat that has not moved.
fn nothing_to_take_back() -> Refusal {
    Refusal::new(
        ErrorCode::NothingToTakeBack,
        "you have made no move in this game to take back",
    )
}

/// How many steps to keep of a history of `played` when `plies` are taken back, or why that
/// cannot be.
fn kept_after_takeback(played: usize, plies: u32) -> Result<usize, String> {
    let plies = plies as usize;
    played
        .checked_sub(plies)
        .filter(|_| plies > 0)
        .ok_or_else(|| format!("a takeback of {plies} steps in a game of {played}, or of none"))
}

/// In a game of `played` plies where two seats take turns, `first_seat` first: how many plies
/// take back `seat`'s last move — one when it was the last ply, two when the other seat has
/// answered it — or `None` when `seat` has not moved.
fn two_seat_takeback(played: usize, seat: RoomSeat, first_seat: RoomSeat) -> Option<usize> {
    let seat_of = |ply: usize| {
        if ply.is_multiple_of(2) {
            first_seat
        } else {
            first_seat.other()
        }
    };
    (0..played)
        .rev()
        .take(2)
        .find(|&ply| seat_of(ply) == seat)
        .map(|last| played - last)
}

/// At most 16 characters of a client's text, for a message about it.
fn clip(text: &str) -> String {
    text.chars().take(16).collect()
}
