//! Xiangqi on the table: the match model and its local referee, the board and its round
//! pieces, moves and captures on the shared timeline, input, the HUD section with the move
//! list, export and import, and the rules page.

mod board;
mod hud;
mod input;
mod layout;
mod model;
mod online;
mod pieces;

pub use hud::{XqHint, result_text, rules_page};
pub use input::{XqCommand, XqSelection};
pub use layout::{square_at, square_to_world};
pub use model::{
    Conceded, LoadXiangqi, MovePlayed, XiangqiMatch, XiangqiRecord, XqPlayRequest, XqSide,
};
pub use pieces::XqPiece;

use crate::client::thinking;
use bevy::prelude::*;

/// What runs headless: the model, its referee, computers, pieces and their timelines.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_plugins((
        model::plugin,
        online::plugin,
        thinking::plugin::<XiangqiMatch>,
        input::logic_plugin,
        pieces::logic_plugin,
    ));
}

/// What needs a window: the board, the pieces' looks, input devices, HUD and sounds.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((board::plugin, pieces::plugin, input::plugin, hud::plugin));
}
