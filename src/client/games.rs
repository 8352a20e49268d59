//! The one list of games: the only shared file that names the games' folders.

use super::settings::Settings;
use super::{junqi, xiangqi};
use crate::rules::GameKind;
use bevy::prelude::*;
use bevy_egui::egui;

/// Every game's headless logic.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_plugins((junqi::logic_plugin, xiangqi::logic_plugin));
}

/// Every game's presentation.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((junqi::plugin, xiangqi::plugin));
}

/// A game's name as the title screen writes it.
pub fn title(game: GameKind) -> &'static str {
    match game {
        GameKind::Junqi => "军棋翻棋",
        GameKind::Xiangqi => "象棋",
    }
}

/// The message id of a game's subtitle on the title screen.
pub fn subtitle_key(game: GameKind) -> &'static str {
    match game {
        GameKind::Junqi => "title-subtitle",
        GameKind::Xiangqi => "xq-subtitle",
    }
}

/// Every game, in menu order.
pub const ALL: [GameKind; 2] = [GameKind::Junqi, GameKind::Xiangqi];

/// A game's illustrated rules.
pub fn rules_page(game: GameKind, ui: &mut egui::Ui, settings: &Settings) {
    match game {
        GameKind::Junqi => junqi::rules_page(ui, settings),
        GameKind::Xiangqi => xiangqi::rules_page(ui, settings),
    }
}
