//! The game's buttons in the HUD: undo, resign, draw, hint, settings, menu.

use super::state::{HudActions, HudMatch, HudState};
use crate::client::i18n::{Lang, tr};
use crate::client::matches::MatchRequest;
use crate::client::schedule::Screen;
use crate::client::theme::{ButtonSize::Small, sounding_button};
use crate::client::thinking::HintRequest;
use bevy_egui::egui;

/// The game's buttons: undo, resign, draw, hint, settings, menu.
pub(super) fn game_buttons(
    ui: &mut egui::Ui,
    lang: Lang,
    table: &HudMatch,
    state: &mut HudState,
    act: &mut HudActions,
) {
    let t = |key: &'static str| tr(lang, key);
    let (status, seats, text) = (&table.status, &table.seats, &table.text);
    ui.horizontal_wrapped(|ui| {
        let sounds = &mut act.feedback.sounds;
        if sounding_button(ui, Small, status.can_undo(seats), t("hud-undo"), sounds) {
            act.requests.write(MatchRequest::Undo);
            state.dismissed = None;
        }
        let can_concede = !status.over && text.can_concede;
        if sounding_button(ui, Small, can_concede, t("hud-resign"), sounds) {
            state.confirm_resign = true;
        }
        if sounding_button(ui, Small, can_concede, t("hud-draw"), sounds) {
            if seats.all_local() {
                state.draw_offer = Some(status.to_move);
            } else {
                act.requests.write(MatchRequest::OfferDraw);
            }
        }
        if sounding_button(ui, Small, text.hint_available, t("hud-hint"), sounds) {
            act.hints.write(HintRequest);
        }
        if sounding_button(ui, Small, true, t("menu-settings"), sounds) {
            state.settings_open = !state.settings_open;
        }
        if sounding_button(ui, Small, true, t("hud-menu"), sounds) {
            act.next.set(Screen::Title);
        }
    });
}
