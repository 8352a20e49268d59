//! The HUD's dialogs: settings, resign, draw offer, game over, and continuing a replay.

use super::state::{HudActions, HudMatch, HudState};
use crate::client::i18n::{Lang, tr};
use crate::client::matches::{DrawDeclined, MatchRequest, NewMatch};
use crate::client::menu::settings_page;
use crate::client::play::ReviewRequest;
use crate::client::records::{RecordSource, ReplayRequest, WatchReplay};
use crate::client::schedule::Screen;
use crate::client::seats::{LEVEL_CHOICES, Seats};
use crate::client::settings::Settings;
use crate::client::tabletop::HudInsets;
use crate::client::theme::{
    ButtonSize::{Small, Wide},
    Toast, dialog_frame, name_place, sounding_button,
};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Continue a replay from the position shown: who plays on.
fn continue_dialog(
    ctx: &egui::Context,
    lang: Lang,
    table: &HudMatch,
    state: &mut HudState,
    act: &mut HudActions,
) {
    let (status, count) = (&table.status, table.seats.len());
    let t = |key: &'static str| tr(lang, key);
    egui::Modal::new(egui::Id::new("continue_replay"))
        .frame(dialog_frame())
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(t("replay-continue")).size(20.0));
            let sounds = &mut act.feedback.sounds;
            let mut chosen = None;
            if sounding_button(ui, Wide, true, t("replay-everyone-here"), sounds) {
                chosen = Some(Seats::people(count));
            }
            ui.label(egui::RichText::new(t("replay-versus-computer")).size(17.0));
            ui.horizontal(|ui| {
                for (level, key) in LEVEL_CHOICES {
                    if sounding_button(ui, Small, true, t(key), sounds) {
                        chosen = Some(Seats::person_and_computers(level, status.to_move, count));
                    }
                }
            });
            if sounding_button(ui, Small, true, t("dialog-cancel"), sounds) {
                state.continue_replay = false;
            }
            if let Some(seats) = chosen {
                act.replays.write(ReplayRequest::ContinueHere(seats));
                state.continue_replay = false;
            }
        });
}

pub(super) fn hud_dialogs(
    mut contexts: EguiContexts,
    table: HudMatch,
    mut settings: ResMut<Settings>,
    mut state: ResMut<HudState>,
    insets: Res<HudInsets>,
    mut act: HudActions,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let t = |key: &'static str| tr(lang, key);
    let (status, seats, text) = (&table.status, &table.seats, &table.text);
    let game = table.game.get().0;
    let board_centre = insets.table_centre();
    if status.over {
        state.confirm_resign = false;
        state.draw_offer = None;
    }

    if state.settings_open {
        let mut open = true;
        egui::Window::new(t("menu-settings"))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, board_centre)
            .show(ctx, |ui| {
                let mut edited = settings.clone();
                settings_page(ui, &mut edited);
                if edited != *settings {
                    *settings = edited;
                }
            });
        state.settings_open = open;
    }

    if state.confirm_resign {
        let player = seats.local_player(status.to_move);
        egui::Modal::new(egui::Id::new("resign"))
            .frame(dialog_frame())
            .show(ctx, |ui| {
                let question = format!("{} — {}", text.seat_name(player), t("dialog-resign"));
                ui.label(egui::RichText::new(question).size(20.0));
                ui.horizontal(|ui| {
                    // Named as the buttons under the dialog are: while it is open, the test
                    // that clicks by name finds these.
                    let resign = ui.button(t("hud-resign"));
                    name_place(ui, t("hud-resign"), &resign);
                    if resign.clicked() {
                        act.requests.write(MatchRequest::Resign);
                        state.confirm_resign = false;
                    }
                    let cancel = ui.button(t("dialog-cancel"));
                    name_place(ui, t("dialog-cancel"), &cancel);
                    if cancel.clicked() {
                        state.confirm_resign = false;
                    }
                });
            });
    }

    if let Some(offerer) = state.draw_offer {
        let other = seats.next(offerer);
        egui::Modal::new(egui::Id::new("draw"))
            .frame(dialog_frame())
            .show(ctx, |ui| {
                let offer = format!("{} {}", text.seat_name(offerer), t("dialog-offers-draw"));
                ui.label(egui::RichText::new(offer).size(20.0));
                let ask = format!("{}: {}", text.seat_name(other), t("dialog-accept-draw"));
                ui.label(egui::RichText::new(ask).size(18.0));
                ui.horizontal(|ui| {
                    if ui.button(t("dialog-accept")).clicked() {
                        act.requests.write(MatchRequest::AgreeDraw);
                        state.draw_offer = None;
                    }
                    if ui.button(t("dialog-decline")).clicked() {
                        state.draw_offer = None;
                        act.feedback.toast.show_key("toast-draw-declined");
                    }
                });
            });
    }

    if state.continue_replay && status.replay.is_some() {
        continue_dialog(ctx, lang, &table, &mut state, &mut act);
    }

    if let Some((title, why, colour)) = &text.result
        && status.replay.is_none()
        && table.anims.is_empty()
        && state.dismissed != Some(status.key)
    {
        egui::Window::new("game_over")
            .title_bar(false)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, board_centre)
            .frame(dialog_frame())
            .show(ctx, |ui| {
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new(title)
                            .size(40.0)
                            .color(colour.egui())
                            .strong(),
                    );
                    ui.label(egui::RichText::new(why).size(18.0));
                    ui.add_space(12.0);
                    let sounds = &mut act.feedback.sounds;
                    if sounding_button(ui, Wide, true, t("result-rematch"), sounds) {
                        act.starts.write(NewMatch {
                            game,
                            seats: (*seats).clone(),
                            deal: default(),
                            attract: false,
                        });
                    }
                    // Only the games whose records replay offer it.
                    if act.catalog.get(game).record_words.is_some()
                        && sounding_button(ui, Wide, true, t("result-replay"), sounds)
                    {
                        act.watch.write(WatchReplay {
                            kind: game,
                            record: RecordSource::OnTable,
                        });
                    }
                    if act.catalog.get(game).record_words.is_some()
                        && sounding_button(ui, Wide, true, t("result-review"), sounds)
                    {
                        act.watch.write(WatchReplay {
                            kind: game,
                            record: RecordSource::OnTable,
                        });
                        act.reviews.write(ReviewRequest::Start);
                    }
                    if sounding_button(ui, Wide, true, t("result-view-board"), sounds) {
                        state.dismissed = Some(status.key);
                    }
                    if sounding_button(ui, Wide, true, t("hud-menu"), sounds) {
                        act.next.set(Screen::Title);
                    }
                });
            });
    }
    act.feedback
        .toast
        .show_ui(ctx, lang, insets.table_centre()[0]);
    Ok(())
}

/// A computer's "no" to a draw offer gets a toast.
pub(super) fn toast_declined_draws(
    mut declined: MessageReader<DrawDeclined>,
    mut toast: ResMut<Toast>,
) {
    if declined.read().count() > 0 {
        toast.show_key("toast-draw-declined");
    }
}
