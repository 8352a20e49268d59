//! Qiguo Xiangqi (七國象戲) on the table: the match model for 3–7 seats, the Go-board grid with
//! the Zhou emperor, the seven armies' looks, the HUD section with every state's captures and
//! losses and the result table, the rules page and how a room's table shows. The referee,
//! replays, autosave and online play are the match layer's (`client/play/`); input, markers and
//! the pieces' animations the board layer's (`client/points/`); `points.rs` fits Qiguo to both.
//! Online, the server keeps the table and plays its computer seats.

mod board;
mod hud;
mod layout;
mod model;
mod pieces;
mod points;

pub use hud::{result_text, seat_states};
pub use layout::{point_at, point_to_world};
pub use model::{MIN_PLAYERS, QiguoMatch};
pub use pieces::army;
pub use points::QiguoBoard;

use crate::client::catalog::{self, GameEntry};
use crate::client::hud as hud_layer;
use crate::client::points as board_layer;
use crate::client::records::RecordBoxText;
use crate::client::seats::MAX_SEATS;
use crate::rules::GameKind;
use bevy::prelude::*;

/// What runs headless: the model and its referee, computers, pieces and their timelines.
pub(super) fn logic_plugin(app: &mut App) {
    catalog::register(
        app,
        GameEntry {
            kind: GameKind::Qiguo,
            title: "七國象戲",
            subtitle_key: "qg-subtitle",
            seats: MIN_PLAYERS..=MAX_SEATS,
            online: true,
            side_views: false,
            save_file: "autosave-qiguo.json",
            record_words: Some(RecordBoxText {
                help: "qg-transfer-help",
                import: "record-load",
                export: true,
                watch: false,
            }),
            rules: hud::RULES,
            seat_label: seat_states,
        },
    );
    app.add_plugins((
        board_layer::logic_plugin::<QiguoMatch>,
        board_layer::lesson_plugin::<QiguoMatch, crate::lessons::Qiguo>,
    ));
}

/// What needs a window: the board, the pieces' looks, input devices, HUD and sounds.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        board_layer::plugin::<QiguoMatch>,
        board::plugin,
        hud_layer::game_plugin::<QiguoMatch>,
    ));
}
