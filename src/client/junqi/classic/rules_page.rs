//! Junqi classic's rules, illustrated: the board and pieces are Junqi flip's, the deployment
//! and the referee are its own.

use super::model::QUIET_LIMIT;
use crate::client::i18n::{tr, tr_args};
use crate::client::junqi::rules_page::{board_diagram, pieces_grid};
use crate::client::settings::Settings;
use bevy_egui::egui;

/// The rules, illustrated.
pub fn rules_page(ui: &mut egui::Ui, settings: &Settings) {
    let lang = settings.language;
    let t = |key: &'static str| tr(lang, key);
    ui.with_layout(egui::Layout::top_down(egui::Align::LEFT), |ui| {
        ui.heading(t("rules-goal-title"));
        ui.label(t("classic-rules-goal"));
        ui.add_space(6.0);
        ui.heading(t("rules-board-title"));
        ui.horizontal(|ui| {
            board_diagram(ui);
            ui.vertical(|ui| {
                ui.set_max_width(380.0);
                ui.label(t("rules-board"));
            });
        });
        ui.add_space(6.0);
        ui.heading(t("rules-pieces-title"));
        pieces_grid(ui, settings);
        ui.add_space(6.0);
        ui.heading(t("classic-rules-deploy-title"));
        ui.label(t("classic-rules-deploy"));
        ui.add_space(6.0);
        ui.heading(t("classic-rules-referee-title"));
        ui.label(t("classic-rules-referee"));
        ui.add_space(6.0);
        ui.heading(t("rules-combat-title"));
        ui.label(t("rules-combat"));
        ui.add_space(6.0);
        ui.heading(t("rules-end-title"));
        ui.label(tr_args(lang, "classic-rules-end", [("limit", QUIET_LIMIT)]));
        ui.add_space(6.0);
        ui.heading(t("rules-controls-title"));
        ui.label(t("rules-controls"));
    });
}
