//! Xiangqi on a room's table: the whole game, since the repetition rules need it.

use super::{
    Refusal, TableGame, clip, illegal, kept_after_takeback, nothing_to_take_back, two_seat_takeback,
};
use crate::protocol::{
    EndReason, GameEnd, GameState, Played, RoomSeat, XiangqiPlayed, XiangqiState,
};
use crate::rules::xiangqi;

/// A room's Xiangqi game.
pub struct XiangqiBoard(xiangqi::Game);

impl XiangqiBoard {
    /// A game from the usual start.
    pub fn new() -> XiangqiBoard {
        XiangqiBoard(xiangqi::Game::new(xiangqi::Position::start()))
    }
}

impl TableGame for XiangqiBoard {
    fn scene(&self) -> Option<crate::picture::Scene> {
        Some(crate::picture::xiangqi::scene(&self.0, None))
    }

    fn seat_to_move(&self, first_seat: RoomSeat) -> RoomSeat {
        if self.0.position().side_to_move() == self.0.start().side_to_move() {
            first_seat
        } else {
            first_seat.other()
        }
    }

    fn check(&self, text: &str, mover: RoomSeat) -> Result<(Played, Option<GameEnd>), Refusal> {
        let mv: xiangqi::Move = text.parse().map_err(|_| {
            illegal(format!(
                "'{}' is not a Xiangqi move (ICCS, like h2e2)",
                clip(text)
            ))
        })?;
        if !self.0.position().is_legal(mv) {
            return Err(illegal(format!("{mv} is not a legal move here")));
        }
        let side = self.0.position().side_to_move();
        // Played on a copy to judge it: the repetition rules need the whole game.
        let mut after = self.0.clone();
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

    fn apply(&mut self, played: &Played) -> Result<(), String> {
        let Played::Xiangqi(played) = played else {
            return Err(format!("{played:?} is an action of another game"));
        };
        self.0.play(played.mv).map_err(|error| error.to_string())
    }

    fn takeback_plies(&self, seat: RoomSeat, first_seat: RoomSeat) -> Result<u32, Refusal> {
        two_seat_takeback(self.0.moves().len(), seat, first_seat)
            .map(|plies| plies as u32)
            .ok_or_else(nothing_to_take_back)
    }

    fn take_back(&mut self, plies: u32) -> Result<(), String> {
        let moves = self.0.moves();
        let keep = kept_after_takeback(moves.len(), plies)?;
        let mut replayed = xiangqi::Game::new(self.0.start().clone());
        for played in &moves[..keep] {
            replayed
                .play(played.mv)
                .map_err(|error| error.to_string())?;
        }
        self.0 = replayed;
        Ok(())
    }

    fn state(&self, _to_move: RoomSeat) -> GameState {
        GameState::Xiangqi(XiangqiState {
            start: self.0.start().to_fen(),
            moves: self.0.moves().iter().map(|played| played.mv).collect(),
            position: self.0.position().to_fen(),
        })
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
