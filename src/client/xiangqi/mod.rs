//! Xiangqi on the table: the match model, the board and the looks of its round pieces, the HUD
//! section with the move list, the rules page and what a room's state means. The referee,
//! replays, autosave and online play are the match layer's (`client/play/`); input, markers and
//! the pieces' animations the board layer's (`client/points/`); `points.rs` fits Xiangqi to
//! both.

mod board;
mod hud;
mod layout;
mod model;
mod online;
mod pieces;
mod points;

pub use hud::result_text;
use hud::side_label;
pub use layout::{square_at, square_to_world};
pub use model::{Played, XiangqiMatch};
pub use points::XiangqiBoard;

use crate::client::catalog::{self, GameEntry};
use crate::client::hud as hud_layer;
use crate::client::points as board_layer;
use crate::client::records::RecordBoxText;
use crate::rules::GameKind;
use bevy::prelude::*;

/// What runs headless: the model and its referee, computers, pieces and their timelines.
pub(super) fn logic_plugin(app: &mut App) {
    catalog::register(
        app,
        GameEntry {
            kind: GameKind::Xiangqi,
            title: "象棋",
            subtitle_key: "xq-subtitle",
            seats: 2..=2,
            online: true,
            side_views: false,
            save_file: "autosave-xiangqi.json",
            record_words: Some(RecordBoxText {
                help: "xq-transfer-help",
                import: "record-load",
                export: true,
                watch: false,
            }),
            rules: hud::RULES,
            seat_label: side_label,
        },
    );
    app.add_plugins((
        board_layer::logic_plugin::<XiangqiMatch>,
        board_layer::lesson_plugin::<XiangqiMatch, crate::lessons::Xiangqi>,
    ));
}

/// What needs a window: the board, the pieces' looks, input devices, HUD and sounds.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        board_layer::plugin::<XiangqiMatch>,
        board::plugin,
        hud_layer::game_plugin::<XiangqiMatch>,
    ));
}
