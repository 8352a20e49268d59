//! Player settings, loaded at start and saved when they change (in `storage.rs`'s files).

use super::i18n::Lang;
use super::schedule::ClientSet;
use super::storage::{read_file, write_file};
use crate::rules::GameKind;
use bevy::prelude::*;
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
            .in_set(ClientSet::Present)
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
