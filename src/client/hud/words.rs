//! What the HUD frame says of the game on the table — whose turn it is, who that is, the seats'
//! names, the result — written into [`HudText`] from each game's [`HudWords`].

use super::state::{HudText, who_is_to_move};
use crate::client::i18n::{Lang, tr};
use crate::client::matches::MatchStatus;
use crate::client::play::Match;
use crate::client::seats::Seats;
use crate::client::settings::Settings;
use crate::client::table_colours::{Palette, TablePalette};
use crate::client::theme::{Rgb, palette};
use crate::client::thinking::Hint;
use crate::rules::Seat;
use bevy::prelude::*;

/// How a game names its turns and seats in the HUD frame (its result is its
/// [`MatchWords::result`](crate::client::play::MatchWords::result)).
pub trait HudWords: Match {
    /// Whose turn it is while the game goes on, in its colour in `colours`.
    fn headline(&self, lang: Lang, colours: &Palette) -> (String, Rgb);
    /// Who is to move in `seat`, when the seats do not say it better (you, a computer).
    fn turn_words(&self, lang: Lang, seat: Seat) -> String;
    /// The name of `seat`, for the dialogs.
    fn seat_name(&self, lang: Lang, seat: Seat) -> String;
    /// Whether resigning and offering a draw make sense now.
    fn can_concede(&self) -> bool {
        true
    }
}

/// Writes what the HUD frame says about `G`'s match.
pub(super) fn describe_match<G: HudWords>(
    (model, status, seats): (Res<G>, Res<MatchStatus>, Res<Seats>),
    (settings, colours): (Res<Settings>, Res<TablePalette>),
    hint: Res<Hint<G>>,
    mut text: ResMut<HudText>,
) {
    let lang = settings.language;
    let headline = if model.over() {
        (tr(lang, "turn-game-over"), palette::GOLD)
    } else {
        model.headline(lang, &colours)
    };
    let who = who_is_to_move(&status, &seats, lang)
        .unwrap_or_else(|| model.turn_words(lang, status.to_move));
    text.set_if_neq(HudText {
        headline,
        who,
        seat_names: seats
            .iter()
            .map(|(seat, _)| model.seat_name(lang, seat))
            .collect(),
        can_concede: model.can_concede(),
        hint_available: status.local_turn(&seats) && !hint.thinking(),
        result: model.result(lang, &colours, &seats),
    });
}
