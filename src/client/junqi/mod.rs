//! Junqi flip on the table: the match model and its local referee, the board and its pieces,
//! the choreography of flips and battles, input on the board, the HUD section, sounds and the
//! rules page.

mod board;
mod choreography;
mod hud;
mod input;
mod layout;
mod lesson;
mod model;
mod online;
mod pieces;
mod replay;
mod rules_page;
mod shelf;
mod sounds;

pub use hud::RECORD_WORDS;
pub use input::{BoardCommand, Selection};
pub use layout::{point_at, point_to_world};
pub use model::{
    ActionPlayed, Change, JunqiMatch, JunqiReplay, LoadGame, LocalReferee, PlayRequest, Ruling,
};
pub use pieces::{Dying, PieceFace, PieceSprite, Underside};
pub use rules_page::rules_page;

use crate::client::ClientSet;
use crate::client::catalog::{self, GameEntry, turn_order_label};
use crate::client::thinking;
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
            // The name it had before there were other games.
            save_file: "autosave.json",
            record_words: Some(RECORD_WORDS),
            rules_page,
            seat_label: turn_order_label,
        },
    );
    // The authority (the local referee, or the server as the online follower hears it) rules;
    // the model follows the rulings; the shell hears where the match stands.
    app.add_systems(
        Update,
        (
            // A replay asked for with a new game (the demonstration) in the same frame wins.
            replay::end_replays,
            model::referee,
            replay::start_replays,
            replay::step_replays,
            online::follow_server,
            model::follow_rulings,
            online::rule_room_end,
            model::report_status,
        )
            .chain()
            .in_set(ClientSet::Apply),
    )
    .add_systems(
        Update,
        (shelf::keep_finished_games, model::log_actions).in_set(ClientSet::Present),
    );
    app.add_plugins((
        model::plugin,
        online::plugin,
        lesson::plugin,
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
        shelf::autosave
            .in_set(ClientSet::Present)
            .run_if(resource_changed::<JunqiMatch>),
    );
}
