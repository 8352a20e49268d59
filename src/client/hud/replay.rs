//! The replay's controls in the HUD.

use super::state::{HudActions, HudMatch, HudState};
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::matches::ReplayProgress;
use crate::client::play::ShareRequest;
use crate::client::records::ReplayRequest;
use crate::client::schedule::Screen;
use crate::client::theme::{ButtonSize::Small, sounding_button};
use bevy_egui::egui;

/// The replay's controls: where it stands, step, play, jump, continue from here, share.
pub(super) fn replay_bar(
    ui: &mut egui::Ui,
    lang: Lang,
    progress: ReplayProgress,
    table: &HudMatch,
    state: &mut HudState,
    act: &mut HudActions,
) {
    let t = |key: &'static str| tr(lang, key);
    let ReplayProgress {
        shown,
        total,
        playing,
    } = progress;
    ui.label(
        egui::RichText::new(tr_args(
            lang,
            "replay-progress",
            [("shown", shown), ("total", total)],
        ))
        .size(16.0),
    );
    let (at_start, at_end) = (shown == 0, shown == total);
    ui.horizontal_wrapped(|ui| {
        let sounds = &mut act.feedback.sounds;
        let mut ask = |request| {
            act.replays.write(request);
        };
        if sounding_button(ui, Small, !at_start, "|◀", sounds) {
            ask(ReplayRequest::First);
        }
        if sounding_button(ui, Small, !at_start, "◀", sounds) {
            ask(ReplayRequest::Back);
        }
        let play = t(if playing {
            "replay-pause"
        } else {
            "replay-play"
        });
        if sounding_button(ui, Small, total > 0, play, sounds) {
            ask(ReplayRequest::TogglePlay);
        }
        if sounding_button(ui, Small, !at_end, "▶", sounds) {
            ask(ReplayRequest::Forward);
        }
        if sounding_button(ui, Small, !at_end, "▶|", sounds) {
            ask(ReplayRequest::Last);
        }
    });
    let mut ply = shown;
    let slider = egui::Slider::new(&mut ply, 0..=total).show_value(false);
    if total > 0 && ui.add(slider).changed() {
        act.replays.write(ReplayRequest::Jump(ply));
    }
    ui.horizontal_wrapped(|ui| {
        let sounds = &mut act.feedback.sounds;
        if sounding_button(ui, Small, true, t("replay-continue"), sounds) {
            state.continue_replay = true;
        }
        if sounding_button(ui, Small, true, t("hud-menu"), sounds) {
            act.next.set(Screen::Title);
        }
    });
    ui.horizontal_wrapped(|ui| {
        if sounding_button(ui, Small, true, t("share-gif"), &mut act.feedback.sounds) {
            act.shares.write(ShareRequest::Game);
        }
        if sounding_button(ui, Small, true, t("share-png"), &mut act.feedback.sounds) {
            act.shares.write(ShareRequest::Position);
        }
        // A game whose armies are hidden from each other also shares as each side saw it.
        if act.catalog.get(table.game.get().0).side_views {
            for (seat, _) in table.seats.iter() {
                let side = [("side", table.text.seat_name(seat))];
                if sounding_button(
                    ui,
                    Small,
                    true,
                    tr_args(lang, "share-seen-by", side),
                    &mut act.feedback.sounds,
                ) {
                    act.shares.write(ShareRequest::SeenBy(seat));
                }
            }
        }
    });
}
