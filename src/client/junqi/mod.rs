//! Junqi on the table: one match model for Junqi flip and Junqi classic (`variants.rs`), the
//! board and its pieces, the choreography of flips and battles, input on the board, flip's
//! HUD section, sounds, the rules page and what a room's state means. The referee, replays,
//! autosave and online play are the match layer's (`client/play/`), built once for both
//! games. Junqi classic's own parts are in `classic/`.

mod board;
mod board_layer;
mod choreography;
pub mod classic;
mod hud;
mod layout;
mod model;
mod online;
mod pieces;
mod play;
mod rules_page;
mod table;
mod variants;

pub use board_layer::{BoardCommand, Selection};
pub use hud::RECORD_WORDS;
pub use layout::JunqiBoard;
pub use model::{ActionDid, FlipMatch};
pub use pieces::{Dying, Owner, PieceFace, PieceSprite, SyncPieces, Underside};
pub use table::{Face, JunqiTable, Viewer};
pub use variants::{JunqiDid, JunqiMatch, JunqiRecord, JunqiSight, JunqiStep, JunqiWhole};

use crate::client::catalog::{self, GameEntry, turn_order_label};
use crate::client::hud as hud_layer;
use crate::client::play as match_layer;
use crate::rules::GameKind;
use bevy::prelude::*;

/// What runs headless: the model, its referee, computers, the pieces and their timelines.
pub(super) fn logic_plugin(app: &mut App) {
    catalog::register(
        app,
        GameEntry {
            kind: GameKind::Junqi,
            title: "军棋翻棋",
            subtitle_key: "title-subtitle",
            seats: 2..=2,
            online: true,
            side_views: false,
            // The name it had before there were other games.
            save_file: "autosave.json",
            record_words: Some(RECORD_WORDS),
            rules: rules_page::RULES,
            seat_label: turn_order_label,
        },
    );
    app.add_plugins((
        match_layer::logic_plugin::<JunqiMatch>,
        pieces::logic_plugin,
        board_layer::logic_plugin,
        classic::logic_plugin,
    ));
}

/// What needs a window: the board's art, the pieces' looks, input devices, HUD, sounds, saving.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        match_layer::plugin::<JunqiMatch>,
        board::plugin,
        board_layer::plugin,
        hud_layer::game_plugin::<JunqiMatch>,
        classic::plugin,
    ));
}
