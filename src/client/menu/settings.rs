//! The settings page: the same controls on the title screen and at the table.

use crate::client::i18n::{Lang, tr};
use crate::client::settings::{AnimSpeed, LabelStyle, Settings};
use bevy_egui::egui;

/// The settings page: the same controls on the title screen and at the table.
pub(in crate::client) fn settings_page(ui: &mut egui::Ui, settings: &mut Settings) {
    let lang = settings.language;
    let t = |key: &'static str| tr(lang, key);
    ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
        ui.spacing_mut().slider_width = 220.0;
        egui::Grid::new("volumes")
            .num_columns(2)
            .spacing([16.0, 10.0])
            .show(ui, |ui| {
                for (key, value) in [
                    ("settings-master", &mut settings.master_volume),
                    ("settings-effects", &mut settings.effects_volume),
                    ("settings-music", &mut settings.music_volume),
                ] {
                    ui.label(t(key));
                    ui.add(egui::Slider::new(value, 0.0..=1.0).show_value(false));
                    ui.end_row();
                }
            });
        ui.add_space(6.0);
        ui.label(t("settings-animation"));
        ui.horizontal_wrapped(|ui| {
            for speed in AnimSpeed::ALL {
                ui.selectable_value(&mut settings.animation, speed, t(speed.key()));
            }
        });
        ui.label(t("settings-language"));
        ui.horizontal_wrapped(|ui| {
            for language in Lang::ALL {
                ui.selectable_value(&mut settings.language, language, language.native_name());
            }
        });
        ui.label(t("settings-labels"));
        ui.horizontal_wrapped(|ui| {
            for style in LabelStyle::ALL {
                ui.selectable_value(&mut settings.labels, style, t(style.key()));
            }
        });
        ui.add_space(4.0);
        ui.checkbox(&mut settings.rotate_board, t("settings-rotate"));
        ui.checkbox(&mut settings.colour_safe, t("settings-colour-safe"));
        // The browser plays on the server of its own page.
        if cfg!(not(target_arch = "wasm32")) {
            ui.horizontal(|ui| {
                ui.label(t("settings-server"));
                ui.text_edit_singleline(&mut settings.server);
            });
        }
    });
}
