//! Junqi flip on a room's table: the public game only. A flip's piece is drawn from the pool
//! of pieces not yet seen when the flip is checked, never before.

use super::{
    Refusal, TableGame, clip, illegal, kept_after_takeback, nothing_to_take_back, two_seat_takeback,
};
use crate::protocol::{
    EndReason, ErrorCode, GameEnd, GameState, JunqiState, Played, RoomSeat, junqi_start,
};
use crate::rules::junqi::{
    Action, Color, DrawReason, Outcome, PlayedAction, PublicGame, Ruleset, WinReason,
};
use crate::server::secret::draw_from_pool;

/// A room's Junqi game.
pub struct JunqiBoard(PublicGame);

impl JunqiBoard {
    /// A new deal under `rules`, every piece face down.
    pub fn new(rules: Ruleset) -> JunqiBoard {
        JunqiBoard(PublicGame::new(junqi_start(rules)))
    }
}

impl TableGame for JunqiBoard {
    fn scene(&self) -> Option<crate::picture::Scene> {
        Some(crate::picture::junqi::scene(&self.0))
    }

    fn seat_to_move(&self, first_seat: RoomSeat) -> RoomSeat {
        if self.0.view().first_player_to_move() {
            first_seat
        } else {
            first_seat.other()
        }
    }

    fn check(&self, text: &str, mover: RoomSeat) -> Result<(Played, Option<GameEnd>), Refusal> {
        let action: Action = text.parse().map_err(|_| {
            illegal(format!(
                "'{}' is not a Junqi action (a point like c3, or two like a2a11)",
                clip(text)
            ))
        })?;
        let view = self.0.view();
        if !view.is_legal(action) {
            return Err(illegal(format!("{action} is not a legal action here")));
        }
        let revealed = match action {
            Action::Flip(_) => Some(
                draw_from_pool(view).ok_or_else(|| illegal("no face-down piece is left".into()))?,
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

    fn apply(&mut self, played: &Played) -> Result<(), String> {
        let Played::Junqi(played) = played else {
            return Err(format!("{played:?} is an action of another game"));
        };
        self.0
            .play(*played)
            .map(|_| ())
            .map_err(|error| format!("{}: {error}", played.action))
    }

    fn takeback_plies(&self, seat: RoomSeat, first_seat: RoomSeat) -> Result<u32, Refusal> {
        let history = self.0.history();
        let plies =
            two_seat_takeback(history.len(), seat, first_seat).ok_or_else(nothing_to_take_back)?;
        if history[history.len() - plies..]
            .iter()
            .any(|played| played.revealed.is_some())
        {
            return Err(Refusal::new(
                ErrorCode::TakebackReveals,
                "a flip is among the actions to take back, and what it revealed cannot be \
                 unseen: only actions that revealed nothing may be taken back",
            ));
        }
        Ok(plies as u32)
    }

    fn take_back(&mut self, plies: u32) -> Result<(), String> {
        let history = self.0.history();
        let keep = kept_after_takeback(history.len(), plies)?;
        let mut replayed = PublicGame::new(self.0.start().clone());
        for played in &history[..keep] {
            replayed
                .play(*played)
                .map_err(|error| format!("{}: {error}", played.action))?;
        }
        self.0 = replayed;
        Ok(())
    }

    fn state(&self, to_move: RoomSeat) -> GameState {
        let view = self.0.view();
        let colours = view.side_to_move().map(|side| {
            let mut colours = [side; 2];
            colours[to_move.other().index()] = side.opponent();
            colours
        });
        GameState::Junqi(JunqiState {
            rules: *view.rules(),
            start: self.0.start().to_jfen(),
            actions: self.0.history().to_vec(),
            position: view.to_jfen(),
            colours,
        })
    }
}

/// The result of a Junqi `outcome` reached by `mover`'s action, after which `side_after` is to
/// move (colours are decided once anyone can win).
pub(super) fn junqi_end(outcome: Outcome, mover: RoomSeat, side_after: Option<Color>) -> GameEnd {
    match outcome {
        Outcome::Win { winner, reason } => GameEnd {
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
        Outcome::Draw(reason) => GameEnd {
            winner: None,
            reason: match reason {
                DrawReason::QuietPlies => EndReason::QuietPlies,
                DrawReason::Agreement => EndReason::Agreement,
                DrawReason::NoActionBeforeColours => EndReason::NoActionBeforeColours,
            },
        },
    }
}
