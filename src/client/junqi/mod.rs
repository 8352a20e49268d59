//! Junqi flip on the table: the match model and its local referee, the board and its pieces,
//! the choreography of flips and battles, input on the board, the HUD section, sounds and the
//! rules page.

mod board;
mod choreography;
mod hud;
mod input;
mod model;
mod online;
mod pieces;
mod rules_page;
mod sounds;

pub use board::{point_at, point_to_world};
pub use hud::Hint;
pub use input::{BoardCommand, Selection};
pub use model::{ActionPlayed, Change, JunqiMatch, LoadGame, LocalReferee, PlayRequest, Ruling};
pub use pieces::{Dying, PieceFace, PieceSprite, Underside};
pub use rules_page::rules_page;

use crate::client::ClientSet;
use crate::client::save::{SavedGame, store};
use crate::client::seats::Seats;
use crate::client::thinking;
use crate::rules::GameKind;
use bevy::prelude::*;

/// What runs headless: the model, its referee, computers, the pieces and their timelines.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_plugins((
        model::plugin,
        online::plugin,
        thinking::plugin::<JunqiMatch>,
        input::logic_plugin,
        pieces::logic_plugin,
        choreography::plugin,
    ));
}

/// What needs a window: the board's art, the pieces' looks, input devices, HUD, sounds, saving.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        board::plugin,
        pieces::plugin,
        input::plugin,
        hud::plugin,
        sounds::plugin,
    ))
    .add_systems(
        Update,
        autosave
            .in_set(ClientSet::Present)
            .run_if(resource_changed::<JunqiMatch>),
    );
}

/// Saves the game after every change (not the demonstration).
fn autosave(
    model: Res<JunqiMatch>,
    referee: Res<LocalReferee>,
    seats: Res<Seats>,
    mut saved: ResMut<SavedGame>,
) {
    if model.attract {
        return;
    }
    if let Some(game) = referee.game() {
        store(&mut saved, GameKind::Junqi, &seats, game.record());
    }
}
