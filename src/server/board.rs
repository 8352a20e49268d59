//! A room's current game as the server holds it, one variant per game: reading a player's
//! action from its text, checking it, applying it, judging the result, and projecting the
//! public table for clients. Everything game-specific of a room is here; [`super::table`]
//! keeps seats, offers and results alike for every game.

use super::secret::draw_from_pool;
use super::storage::{QiguoRoom, RoomGame};
use super::table::Refusal;
use crate::protocol::{
    EndReason, ErrorCode, GameEnd, GameState, JunqiState, OnLeave, Played, QiguoPlayed, QiguoState,
    QiguoStep, RoomSeat, WithdrawReason, XiangqiPlayed, XiangqiState, junqi_start,
};
use crate::rules::junqi::{self, Action, Color, DrawReason, PlayedAction, PublicGame, WinReason};
use crate::rules::{qiguo, xiangqi};

/// The game on a room's table. Junqi's is the public game only: no face-down piece is known
/// before a flip draws it.
pub enum Board {
    Junqi(Box<PublicGame>),
    Xiangqi(xiangqi::Game),
    Qiguo(Box<QiguoBoard>),
}

/// A Qiguo game on a room's table: room seat `first_seat` plays the game's seat 1, the next
/// room seat seat 2, and so on round the table.
pub struct QiguoBoard {
    start: qiguo::Position,
    position: qiguo::Position,
    history: Vec<QiguoStep>,
    first_seat: RoomSeat,
    on_leave: OnLeave,
}

impl QiguoBoard {
    fn seat_count(&self) -> usize {
        self.position.seating().seat_count()
    }

    /// The game seat room seat `seat` plays.
    pub fn game_seat(&self, seat: RoomSeat) -> qiguo::Seat {
        let count = self.seat_count();
        let index = (seat.index() + count - self.first_seat.index() % count) % count;
        qiguo::Seat::new(index as u8 + 1).expect("a room has at most seven seats")
    }

    /// The room seat that plays game seat `seat`.
    pub fn room_seat(&self, seat: qiguo::Seat) -> RoomSeat {
        RoomSeat(((seat.index() + self.first_seat.index()) % self.seat_count()) as u8)
    }

    /// The position now.
    pub fn position(&self) -> &qiguo::Position {
        &self.position
    }

    /// How the game ends in `position`, if it does, as the room says it.
    fn end(&self, position: &qiguo::Position) -> Option<GameEnd> {
        let outcome = position.outcome()?;
        let mut winners = outcome.winners();
        let winner = match (winners.next(), winners.next()) {
            (Some(winner), None) => Some(self.room_seat(winner)),
            _ => None,
        };
        Some(GameEnd {
            winner,
            reason: match outcome.ending {
                qiguo::Ending::Hegemon(_) => EndReason::Hegemon,
                qiguo::Ending::LastSeat(_) => EndReason::LastSeat,
                qiguo::Ending::QuietLimit => EndReason::QuietLimit,
            },
        })
    }

    /// The live states of room seat `seat` as QFEN letters, and how the game ends if they
    /// leave the board; `None` when the seat has no live state.
    pub fn withdrawal(&self, seat: RoomSeat) -> Option<(String, Option<GameEnd>)> {
        let mut after = self.position.clone();
        let gone = after.withdraw(self.game_seat(seat));
        let states: String = gone
            .iter()
            .filter(|elimination| elimination.reason == qiguo::EliminationReason::Withdrawn)
            .map(|elimination| elimination.state.letter())
            .collect();
        (!states.is_empty()).then(|| (states, self.end(&after)))
    }

    /// Takes room seat `seat`'s states off the board (checked before, or read back from
    /// storage).
    pub fn withdraw(
        &mut self,
        seat: RoomSeat,
        states: &str,
        reason: WithdrawReason,
    ) -> Result<(), String> {
        let step = QiguoStep::Withdrew {
            seat,
            states: states.to_string(),
            reason,
        };
        let expected = self.withdrawal(seat).map(|(states, _)| states);
        if expected.as_deref() != Some(states) {
            return Err(format!(
                "{seat} withdraws '{states}', but its live states are {expected:?}"
            ));
        }
        step.apply(&mut self.position)?;
        self.history.push(step);
        Ok(())
    }
}

impl Board {
    /// A new game of `game`; in Qiguo room seat `first_seat` plays the game's first seat.
    pub fn new(game: RoomGame, first_seat: RoomSeat) -> Board {
        match game {
            RoomGame::Junqi(rules) => Board::Junqi(Box::new(PublicGame::new(junqi_start(rules)))),
            RoomGame::Xiangqi => Board::Xiangqi(xiangqi::Game::new(xiangqi::Position::start())),
            RoomGame::Qiguo(room) => Board::Qiguo(Box::new(QiguoBoard::new(room, first_seat))),
        }
    }

    /// The seat to move (whether or not the game is on), when `first_seat` moved first.
    pub fn seat_to_move(&self, first_seat: RoomSeat) -> RoomSeat {
        let first_to_move = match self {
            Board::Junqi(public) => public.view().first_player_to_move(),
            Board::Xiangqi(game) => game.position().side_to_move() == game.start().side_to_move(),
            Board::Qiguo(board) => {
                let side = board.position.side_to_move();
                return board.room_seat(board.position.seating().seat(side));
            }
        };
        if first_to_move {
            first_seat
        } else {
            first_seat.other()
        }
    }

    /// The Qiguo game, if this is one.
    pub fn qiguo(&self) -> Option<&QiguoBoard> {
        match self {
            Board::Qiguo(board) => Some(board),
            Board::Junqi(_) | Board::Xiangqi(_) => None,
        }
    }

    /// The action `text` names, played by `mover` (the seat to move): what it plays (a flip's
    /// piece drawn now from the pool) and, if it ends the game, how.
    pub fn check(&self, text: &str, mover: RoomSeat) -> Result<(Played, Option<GameEnd>), Refusal> {
        let illegal = |message: String| Refusal::new(ErrorCode::IllegalAction, message);
        match self {
            Board::Junqi(public) => {
                let action: Action = text.parse().map_err(|_| {
                    illegal(format!(
                        "'{}' is not a Junqi action (a point like c3, or two like a2a11)",
                        clip(text)
                    ))
                })?;
                let view = public.view();
                if !view.is_legal(action) {
                    return Err(illegal(format!("{action} is not a legal action here")));
                }
                let revealed = match action {
                    Action::Flip(_) => Some(
                        draw_from_pool(view)
                            .ok_or_else(|| illegal("no face-down piece is left".into()))?,
                    ),
                    Action::Move { .. } => None,
                };
                let mut after = view.clone();
                after
                    .play_hypothetical(action, revealed)
                    .map_err(|error| illegal(error.to_string()))?;
                let end = after
                    .outcome()
                    .map(|outcome| junqi_end(outcome, mover, after.side_to_move()));
                Ok((Played::Junqi(PlayedAction { action, revealed }), end))
            }
            Board::Xiangqi(game) => {
                let mv: xiangqi::Move = text.parse().map_err(|_| {
                    illegal(format!(
                        "'{}' is not a Xiangqi move (ICCS, like h2e2)",
                        clip(text)
                    ))
                })?;
                if !game.position().is_legal(mv) {
                    return Err(illegal(format!("{mv} is not a legal move here")));
                }
                let side = game.position().side_to_move();
                // Played on a copy to judge it: the repetition rules need the whole game.
                let mut after = game.clone();
                after
                    .play(mv)
                    .map_err(|_| illegal(format!("{mv} is not a legal move here")))?;
                let end = after.outcome().map(|outcome| GameEnd {
                    winner: outcome
                        .winner
                        .map(|winner| if winner == side { mover } else { mover.other() }),
                    reason: xiangqi_reason(outcome.reason),
                });
                Ok((Played::Xiangqi(XiangqiPlayed { mv }), end))
            }
            Board::Qiguo(board) => {
                let mv: qiguo::Move = text.parse().map_err(|_| {
                    illegal(format!(
                        "'{}' is not a Qiguo move (two points, like e10j15)",
                        clip(text)
                    ))
                })?;
                let state = board.position.side_to_move();
                let mut after = board.position.clone();
                after
                    .play(mv)
                    .map_err(|_| illegal(format!("{mv} is not a legal move of {state} here")))?;
                Ok((Played::Qiguo(QiguoPlayed { mv, state }), board.end(&after)))
            }
        }
    }

    /// Plays an action checked before, or read back from storage (where one that does not
    /// apply means the stored room is broken).
    pub fn apply(&mut self, played: &Played) -> Result<(), String> {
        match (self, played) {
            (Board::Junqi(public), Played::Junqi(played)) => public
                .play(*played)
                .map(|_| ())
                .map_err(|error| format!("{}: {error}", played.action)),
            (Board::Xiangqi(game), Played::Xiangqi(played)) => {
                game.play(played.mv).map_err(|error| error.to_string())
            }
            (Board::Qiguo(board), Played::Qiguo(played)) => {
                let step = QiguoStep::Move {
                    mv: played.mv,
                    state: played.state,
                };
                step.apply(&mut board.position)?;
                board.history.push(step);
                Ok(())
            }
            (_, played) => Err(format!("{played:?} is an action of another game")),
        }
    }

    /// How many steps of the history a takeback asked by `seat` undoes: back to just before
    /// its last move, with every step after it (when `first_seat` moved first). Refused when
    /// the seat has no move in this game, when one of those steps revealed something (a Junqi
    /// flip) or is a Qiguo withdrawal.
    pub fn takeback_plies(&self, seat: RoomSeat, first_seat: RoomSeat) -> Result<u32, Refusal> {
        let nothing = |message: &str| Refusal::new(ErrorCode::NothingToTakeBack, message);
        let plies = match self {
            Board::Junqi(public) => two_seat_takeback(public.history().len(), seat, first_seat)
                .ok_or_else(|| nothing("you have made no move in this game to take back"))?,
            Board::Xiangqi(game) => two_seat_takeback(game.moves().len(), seat, first_seat)
                .ok_or_else(|| nothing("you have made no move in this game to take back"))?,
            Board::Qiguo(board) => {
                let seating = board.position.seating();
                let last = board
                    .history
                    .iter()
                    .rposition(|step| match step {
                        QiguoStep::Move { state, .. } => {
                            board.room_seat(seating.seat(*state)) == seat
                        }
                        QiguoStep::Withdrew { .. } => false,
                    })
                    .ok_or_else(|| nothing("you have made no move in this game to take back"))?;
                if let Some(QiguoStep::Withdrew { seat: gone, .. }) = board.history[last..]
                    .iter()
                    .find(|step| matches!(step, QiguoStep::Withdrew { .. }))
                {
                    return Err(nothing(&format!(
                        "{gone} withdrew after your last move, which cannot be undone"
                    )));
                }
                board.history.len() - last
            }
        };
        if let Board::Junqi(public) = self {
            let history = public.history();
            if history[history.len() - plies..]
                .iter()
                .any(|played| played.revealed.is_some())
            {
                return Err(Refusal::new(
                    ErrorCode::TakebackReveals,
                    "a flip is among the actions to take back, and what it revealed cannot \
                     be unseen: only actions that revealed nothing may be taken back",
                ));
            }
        }
        Ok(plies as u32)
    }

    /// Undoes the last `plies` steps of the history (checked before, or read back from
    /// storage): the game is replayed from its start without them.
    pub fn take_back(&mut self, plies: u32) -> Result<(), String> {
        let plies = plies as usize;
        let too_many = |played: usize| {
            format!("a takeback of {plies} steps in a game of {played}, or of none")
        };
        match self {
            Board::Junqi(public) => {
                let history = public.history();
                let keep = history
                    .len()
                    .checked_sub(plies)
                    .filter(|_| plies > 0)
                    .ok_or_else(|| too_many(history.len()))?;
                let mut replayed = PublicGame::new(public.start().clone());
                for played in &history[..keep] {
                    replayed
                        .play(*played)
                        .map_err(|error| format!("{}: {error}", played.action))?;
                }
                **public = replayed;
            }
            Board::Xiangqi(game) => {
                let moves = game.moves();
                let keep = moves
                    .len()
                    .checked_sub(plies)
                    .filter(|_| plies > 0)
                    .ok_or_else(|| too_many(moves.len()))?;
                let mut replayed = xiangqi::Game::new(game.start().clone());
                for played in &moves[..keep] {
                    replayed
                        .play(played.mv)
                        .map_err(|error| error.to_string())?;
                }
                *game = replayed;
            }
            Board::Qiguo(board) => {
                let keep = board
                    .history
                    .len()
                    .checked_sub(plies)
                    .filter(|_| plies > 0)
                    .ok_or_else(|| too_many(board.history.len()))?;
                let mut position = board.start.clone();
                for step in &board.history[..keep] {
                    step.apply(&mut position)?;
                }
                board.position = position;
                board.history.truncate(keep);
            }
        }
        Ok(())
    }

    /// The public table, for `to_move` the seat to move.
    pub fn state(&self, to_move: RoomSeat) -> GameState {
        match self {
            Board::Junqi(public) => {
                let view = public.view();
                let colours = view.side_to_move().map(|side| {
                    let mut colours = [side; 2];
                    colours[to_move.other().index()] = side.opponent();
                    colours
                });
                GameState::Junqi(JunqiState {
                    rules: *view.rules(),
                    start: public.start().to_jfen(),
                    actions: public.history().to_vec(),
                    position: view.to_jfen(),
                    colours,
                })
            }
            Board::Xiangqi(game) => GameState::Xiangqi(XiangqiState {
                start: game.start().to_fen(),
                moves: game.moves().iter().map(|played| played.mv).collect(),
                position: game.position().to_fen(),
            }),
            Board::Qiguo(board) => {
                let seating = board.position.seating();
                GameState::Qiguo(QiguoState {
                    seat_states: (0..board.seat_count())
                        .map(|seat| {
                            seating
                                .states(board.game_seat(RoomSeat(seat as u8)))
                                .map(qiguo::State::letter)
                                .collect()
                        })
                        .collect(),
                    on_leave: board.on_leave,
                    start: board.start.to_qfen(),
                    history: board.history.clone(),
                    position: board.position.to_qfen(),
                })
            }
        }
    }
}

impl QiguoBoard {
    fn new(room: QiguoRoom, first_seat: RoomSeat) -> QiguoBoard {
        let start = qiguo::Position::start(room.seating());
        QiguoBoard {
            position: start.clone(),
            start,
            history: Vec::new(),
            first_seat,
            on_leave: room.on_leave,
        }
    }
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

/// The result of a Junqi `outcome` reached by `mover`'s action, after which `side_after` is to
/// move (colours are decided once anyone can win).
fn junqi_end(outcome: junqi::Outcome, mover: RoomSeat, side_after: Option<Color>) -> GameEnd {
    match outcome {
        junqi::Outcome::Win { winner, reason } => GameEnd {
            winner: Some(if side_after == Some(winner) {
                mover.other()
            } else {
                mover
            }),
            reason: match reason {
                WinReason::FlagCaptured => EndReason::FlagCaptured,
                WinReason::NoLegalAction => EndReason::NoLegalAction,
                WinReason::Resignation => EndReason::Resignation,
                WinReason::OutOfTime => EndReason::OutOfTime,
                WinReason::Abandoned => EndReason::Abandoned,
            },
        },
        junqi::Outcome::Draw(reason) => GameEnd {
            winner: None,
            reason: match reason {
                DrawReason::QuietPlies => EndReason::QuietPlies,
                DrawReason::Agreement => EndReason::Agreement,
                DrawReason::NoActionBeforeColours => EndReason::NoActionBeforeColours,
            },
        },
    }
}

/// Why a Xiangqi game ended, as the protocol says it.
fn xiangqi_reason(reason: xiangqi::Reason) -> EndReason {
    match reason {
        xiangqi::Reason::Checkmate => EndReason::Checkmate,
        xiangqi::Reason::Stalemate => EndReason::Stalemate,
        xiangqi::Reason::PerpetualCheck => EndReason::PerpetualCheck,
        xiangqi::Reason::PerpetualChase => EndReason::PerpetualChase,
        xiangqi::Reason::Repetition => EndReason::Repetition,
        xiangqi::Reason::MoveLimit => EndReason::MoveLimit,
        xiangqi::Reason::NoProgress => EndReason::NoProgress,
    }
}
