//! What the HUD's parts share: the text the game has it say, the room left for the game's
//! own section, the open dialogs, and what the buttons do and read.

use crate::client::catalog::Catalog;
use crate::client::i18n::{Lang, tr};
use crate::client::matches::{MatchRequest, MatchStatus, NewMatch, TableGame};
use crate::client::online::RoomAction;
use crate::client::play::{
    PracticeRequest, PracticeView, ResultWords, ReviewRequest, ReviewView, ShareRequest,
};
use crate::client::records::{ReplayRequest, WatchReplay};
use crate::client::schedule::Screen;
use crate::client::seats::Seats;
use crate::client::theme::{Rgb, UiFeedback};
use crate::client::thinking::{HintRequest, computer_to_move};
use crate::client::timeline::Anim;
use crate::rules::Seat;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

/// What the game on the table has the HUD say, in the player's language. The game fills it
/// before the frame is drawn.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct HudText {
    /// Whose turn it is (or that the game is over), in its colour.
    pub headline: (String, Rgb),
    /// Who that is, under the headline.
    pub who: String,
    /// Each seat's name, for the dialogs.
    pub seat_names: Vec<String>,
    /// Whether resigning and offering a draw make sense yet.
    pub can_concede: bool,
    /// Whether the Hint button may work out a hint now.
    pub hint_available: bool,
    /// The result, once the game is over: title, explanation, colour.
    pub result: Option<ResultWords>,
}

impl HudText {
    /// The name of `seat`.
    pub fn seat_name(&self, seat: Seat) -> &str {
        self.seat_names.get(seat.index()).map_or("", String::as_str)
    }
}

/// The part of the panel left for the game's own section (pool, captures, moves).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct HudSectionArea(pub egui::Rect);

impl Default for HudSectionArea {
    fn default() -> HudSectionArea {
        HudSectionArea(egui::Rect::NOTHING)
    }
}

/// Open dialogs.
#[derive(Resource, Default, Debug)]
pub(super) struct HudState {
    pub(super) settings_open: bool,
    pub(super) confirm_resign: bool,
    /// A draw offered by this seat to the next one (players sharing the device).
    pub(super) draw_offer: Option<Seat>,
    /// The position whose game-over dialog the player closed.
    pub(super) dismissed: Option<crate::client::matches::PositionKey>,
    /// Choosing who plays on from a replay's position.
    pub(super) continue_replay: bool,
}

/// What the HUD's buttons do.
#[derive(SystemParam)]
pub(super) struct HudActions<'w> {
    pub(super) room: MessageWriter<'w, RoomAction>,
    pub(super) requests: MessageWriter<'w, MatchRequest>,
    pub(super) hints: MessageWriter<'w, HintRequest>,
    pub(super) starts: MessageWriter<'w, NewMatch>,
    pub(super) next: ResMut<'w, NextState<Screen>>,
    pub(super) feedback: UiFeedback<'w>,
    pub(super) replays: MessageWriter<'w, ReplayRequest>,
    pub(super) watch: MessageWriter<'w, WatchReplay>,
    pub(super) reviews: MessageWriter<'w, ReviewRequest>,
    pub(super) practice: MessageWriter<'w, PracticeRequest>,
    pub(super) shares: MessageWriter<'w, ShareRequest>,
    pub(super) catalog: Res<'w, Catalog>,
}

/// The match on the table as the HUD reads it.
#[derive(SystemParam)]
pub(super) struct HudMatch<'w, 's> {
    /// The game on the table.
    pub(super) game: Res<'w, State<TableGame>>,
    pub(super) status: Res<'w, MatchStatus>,
    pub(super) review: Res<'w, ReviewView>,
    pub(super) practice: Res<'w, PracticeView>,
    pub(super) seats: Res<'w, Seats>,
    pub(super) text: Res<'w, HudText>,
    /// Running animations: the result waits for the last action to be shown.
    pub(super) anims: Query<'w, 's, (), With<Anim>>,
}

/// The "who" line for the seat to move when it is not a person sharing the device: the
/// computer thinking, or "you" where yours is the only seat here and it is to move; `None`
/// when the game names the seat (a person sharing the device, a friend elsewhere, the end).
pub fn who_is_to_move(status: &MatchStatus, seats: &Seats, lang: Lang) -> Option<String> {
    if computer_to_move(status, seats).is_some() {
        Some(tr(lang, "turn-computer"))
    } else if !status.over && seats.single_local() == Some(status.to_move) {
        Some(tr(lang, "turn-you"))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::client::seats::Controller;

    #[test]
    fn your_turn_is_said_only_when_your_seat_is_to_move() {
        let seats = Seats::try_from(vec![
            Controller::Local,
            Controller::Remote,
            Controller::Computer(Level::Easy),
        ])
        .unwrap();
        let who = |to_move, over| {
            let status = MatchStatus {
                to_move: Seat(to_move),
                over,
                ..Default::default()
            };
            who_is_to_move(&status, &seats, Lang::En)
        };
        assert_eq!(who(0, false), Some(tr(Lang::En, "turn-you")));
        assert_eq!(
            who(1, false),
            None,
            "a friend elsewhere is named by the game"
        );
        assert_eq!(who(2, false), Some(tr(Lang::En, "turn-computer")));
        assert_eq!(who(0, true), None, "the game is over");
    }
}
