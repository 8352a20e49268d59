//! Qiguo Xiangqi (七國象戲) on the table: the match model and its local referee for 3–7 seats,
//! the Go-board grid with the Zhou emperor, the seven armies' round pieces, moves, captures and
//! eliminations on the shared timeline, input, the HUD section with every state's captures and
//! losses and the result table, and the rules page. Played on one device only.

mod board;
mod hud;
mod input;
mod layout;
mod model;
mod pieces;

pub use hud::{QgHint, result_text, rules_page, seat_states};
pub use input::{QgCommand, QgSelection};
pub use layout::{point_at, point_to_world};
pub use model::{
    LoadQiguo, MIN_PLAYERS, Ply, QgMovePlayed, QgPlayRequest, QiguoMatch, QiguoRecord,
};
pub use pieces::{QgPiece, army};

use crate::client::thinking;
use bevy::prelude::*;

/// What runs headless: the model, its referee, computers, pieces and their timelines.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_plugins((
        model::plugin,
        thinking::plugin::<QiguoMatch>,
        input::logic_plugin,
        pieces::logic_plugin,
    ));
}

/// What needs a window: the board, the pieces' looks, input devices, HUD and sounds.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((board::plugin, pieces::plugin, input::plugin, hud::plugin));
}
