//! A game's rules page as the title menu shows it: the goal, the game's own illustrated
//! sections, then the controls every game shares.

use super::i18n::{Lang, tr};
use super::settings::Settings;
use bevy_egui::egui;

/// What a game puts on its rules page.
#[derive(Clone, Copy, Debug)]
pub struct RulesPage {
    /// The message id of the game's goal.
    pub goal: &'static str,
    /// Draws the game's own sections, between the goal and the controls.
    pub sections: fn(&mut egui::Ui, &Settings),
    /// The message id of a word on this game's own controls, below the shared ones.
    pub controls: Option<&'static str>,
}

impl RulesPage {
    /// Draws the page in the player's language.
    pub fn show(&self, ui: &mut egui::Ui, settings: &Settings) {
        let t = |key: &'static str| tr(settings.language, key);
        ui.with_layout(egui::Layout::top_down(egui::Align::LEFT), |ui| {
            rules_section(ui, t("rules-goal-title"), t(self.goal));
            (self.sections)(ui, settings);
            ui.heading(t("rules-controls-title"));
            ui.label(t("rules-controls"));
            if let Some(key) = self.controls {
                ui.label(t(key));
            }
        });
    }
}

/// A section of words: its title, the words, and the space before the next one.
pub fn rules_section(ui: &mut egui::Ui, title: String, words: String) {
    ui.heading(title);
    ui.label(words);
    ui.add_space(6.0);
}

/// The section on how each kind of piece moves: a row a kind, its pieces (drawn by `chips`)
/// beside the words of message `key`. `id` names the grid.
pub fn piece_moves<K: Copy>(
    ui: &mut egui::Ui,
    lang: Lang,
    id: &str,
    kinds: &[(K, &'static str)],
    mut chips: impl FnMut(&mut egui::Ui, K),
) {
    ui.heading(tr(lang, "rules-pieces-title"));
    egui::Grid::new(id)
        .num_columns(2)
        .spacing([10.0, 6.0])
        .show(ui, |ui| {
            for &(kind, key) in kinds {
                ui.horizontal(|ui| chips(ui, kind));
                ui.label(tr(lang, key));
                ui.end_row();
            }
        });
    ui.add_space(6.0);
}
