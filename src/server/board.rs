//! A room's current game as the server holds it, one variant per game: reading a player's
//! action from its text, checking it, applying it, judging the result, and projecting the
//! public table for clients. Everything game-specific of a room is here; [`super::table`]
//! keeps seats, offers and results alike for every game.

use super::secret::draw_from_pool;
use super::storage::RoomGame;
use super::table::Refusal;
use crate::protocol::{
    EndReason, ErrorCode, GameEnd, GameState, JunqiState, Played, RoomSeat, XiangqiPlayed,
    XiangqiState, junqi_start,
};
use crate::rules::junqi::{self, Action, Color, DrawReason, PlayedAction, PublicGame, WinReason};
use crate::rules::xiangqi;

/// The game on a room's table. Junqi's is the public game only: no face-down piece is known
/// before a flip draws it.
pub enum Board {
    Junqi(Box<PublicGame>),
    Xiangqi(xiangqi::Game),
}

impl Board {
    /// A new game of `game`.
    pub fn new(game: RoomGame) -> Board {
        match game {
            RoomGame::Junqi(rules) => Board::Junqi(Box::new(PublicGame::new(junqi_start(rules)))),
            RoomGame::Xiangqi => Board::Xiangqi(xiangqi::Game::new(xiangqi::Position::start())),
        }
    }

    /// Whether the seat that moved first in this game is to move.
    pub fn first_to_move(&self) -> bool {
        match self {
            Board::Junqi(public) => public.view().first_player_to_move(),
            Board::Xiangqi(game) => game.position().side_to_move() == game.start().side_to_move(),
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
            (_, played) => Err(format!("{played:?} is an action of another game")),
        }
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
        }
    }
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
