//! Player settings and where they (and the autosave) are stored.
//!
//! Native builds keep JSON files in `$XDG_CONFIG_HOME/kawu` (or `~/.config/kawu`, or
//! `%APPDATA%\kawu`); the web build keeps the same files in the browser's local storage.

use super::i18n::{Lang, tr};
use crate::rules::GameKind;
use bevy::prelude::*;
use bevy_egui::egui;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// How fast animations play.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum AnimSpeed {
    /// Half again as long as normal.
    Slow,
    /// The default pace.
    #[default]
    Normal,
    /// About twice as fast.
    Fast,
    /// No animation: pieces jump to where they belong.
    Instant,
}

impl AnimSpeed {
    /// Every speed, in menu order.
    pub const ALL: [AnimSpeed; 4] = [
        AnimSpeed::Slow,
        AnimSpeed::Normal,
        AnimSpeed::Fast,
        AnimSpeed::Instant,
    ];

    /// How long an animation lasts relative to normal speed (0 = instant).
    pub fn duration_factor(self) -> f32 {
        match self {
            AnimSpeed::Slow => 1.6,
            AnimSpeed::Normal => 1.0,
            AnimSpeed::Fast => 0.5,
            AnimSpeed::Instant => 0.0,
        }
    }

    /// The message id of this speed's name.
    pub fn key(self) -> &'static str {
        match self {
            AnimSpeed::Slow => "speed-slow",
            AnimSpeed::Normal => "speed-normal",
            AnimSpeed::Fast => "speed-fast",
            AnimSpeed::Instant => "speed-instant",
        }
    }
}

/// What is written on face-up pieces.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum LabelStyle {
    /// The Chinese rank, as on real pieces.
    Chinese,
    /// A short Latin-alphabet name.
    Latin,
    /// The Chinese rank with the Latin letter and rank number in a corner.
    #[default]
    Both,
}

impl LabelStyle {
    /// Every style, in menu order.
    pub const ALL: [LabelStyle; 3] = [LabelStyle::Chinese, LabelStyle::Latin, LabelStyle::Both];

    /// The message id of this style's name.
    pub fn key(self) -> &'static str {
        match self {
            LabelStyle::Chinese => "labels-chinese",
            LabelStyle::Latin => "labels-latin",
            LabelStyle::Both => "labels-both",
        }
    }
}

/// The player's settings; saved whenever they change.
#[derive(Resource, Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Overall volume, 0–1.
    pub master_volume: f32,
    /// Sound effects volume, 0–1.
    pub effects_volume: f32,
    /// Music volume, 0–1.
    pub music_volume: f32,
    /// Animation pace.
    pub animation: AnimSpeed,
    /// Interface language.
    pub language: Lang,
    /// Piece labels.
    pub labels: LabelStyle,
    /// In a two-player game on one device, turn the board so the player to move sits at the bottom.
    pub rotate_board: bool,
    /// The online server's WebSocket address (the desktop's; the browser uses its page's).
    pub server: String,
    /// How many steps of each game's lesson the player has done.
    pub lessons_done: BTreeMap<GameKind, usize>,
    /// The games whose lesson the title screen has offered once.
    pub lessons_offered: BTreeSet<GameKind>,
    /// Draw sides, armies and markers in colours that stay apart for colour-blind players.
    pub colour_safe: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            master_volume: 0.8,
            effects_volume: 0.8,
            music_volume: 0.4,
            animation: AnimSpeed::Normal,
            language: Lang::from_environment(),
            labels: LabelStyle::Both,
            rotate_board: false,
            server: "ws://127.0.0.1:7878/ws".to_string(),
            lessons_done: BTreeMap::new(),
            lessons_offered: BTreeSet::new(),
            colour_safe: false,
        }
    }
}

const SETTINGS_FILE: &str = "settings.json";

/// Loading and saving the settings (not part of the headless logic: tests never touch files).
pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, load_settings).add_systems(
        Update,
        save_settings
            .in_set(super::ClientSet::Present)
            .run_if(resource_changed::<Settings>),
    );
}

fn load_settings(mut commands: Commands) {
    let Some(text) = read_file(SETTINGS_FILE) else {
        return;
    };
    match serde_json::from_str::<Settings>(&text) {
        Ok(mut settings) => {
            settings.master_volume = settings.master_volume.clamp(0.0, 1.0);
            settings.effects_volume = settings.effects_volume.clamp(0.0, 1.0);
            settings.music_volume = settings.music_volume.clamp(0.0, 1.0);
            commands.insert_resource(settings);
        }
        Err(error) => warn!("ignoring unreadable settings file: {error}"),
    }
}

fn save_settings(settings: Res<Settings>) {
    match serde_json::to_string_pretty(&*settings) {
        Ok(text) => write_file(SETTINGS_FILE, &text),
        Err(error) => warn!("could not encode settings: {error}"),
    }
}

/// The directory for settings and the autosave, if the platform has one.
#[cfg(not(target_arch = "wasm32"))]
fn config_dir() -> Option<std::path::PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(std::path::PathBuf::from)
    };
    let base = var("XDG_CONFIG_HOME")
        .or_else(|| var("HOME").map(|home| home.join(".config")))
        .or_else(|| var("APPDATA"))?;
    Some(base.join("kawu"))
}

/// The contents of a file in the config directory, if it exists and is readable.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn read_file(name: &str) -> Option<String> {
    std::fs::read_to_string(config_dir()?.join(name)).ok()
}

/// Writes a file in the config directory (atomically: a temporary file, then a rename).
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn write_file(name: &str, contents: &str) {
    let Some(dir) = config_dir() else {
        return;
    };
    let temporary = dir.join(format!("{name}.tmp"));
    let result = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(&temporary, contents))
        .and_then(|()| std::fs::rename(&temporary, dir.join(name)));
    if let Err(error) = result {
        warn!("could not write {name}: {error}");
    }
}

/// Removes a file from the config directory, if it is there.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn remove_file(name: &str) {
    if let Some(dir) = config_dir() {
        let _ = std::fs::remove_file(dir.join(name));
    }
}

/// The browser's local storage, where the web build keeps settings and the autosave.
#[cfg(target_arch = "wasm32")]
fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The key of a file in the browser's local storage.
#[cfg(target_arch = "wasm32")]
fn storage_key(name: &str) -> String {
    format!("kawu/{name}")
}

/// The contents of a file kept in the browser's local storage, if it is there.
#[cfg(target_arch = "wasm32")]
pub(super) fn read_file(name: &str) -> Option<String> {
    local_storage()?.get_item(&storage_key(name)).ok().flatten()
}

/// Keeps a file in the browser's local storage.
#[cfg(target_arch = "wasm32")]
pub(super) fn write_file(name: &str, contents: &str) {
    let stored = local_storage().map(|storage| storage.set_item(&storage_key(name), contents));
    if !matches!(stored, Some(Ok(()))) {
        warn!("could not keep {name} in the browser's storage");
    }
}

/// Removes a file from the browser's local storage, if it is there.
#[cfg(target_arch = "wasm32")]
pub(super) fn remove_file(name: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.remove_item(&storage_key(name));
    }
}

/// The settings page: the same controls on the title screen and at the table.
pub(super) fn settings_page(ui: &mut egui::Ui, settings: &mut Settings) {
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
