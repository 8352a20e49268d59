//! Junqi classic at the table: each side deploys its army in secret, then a referee judges
//! every battle and tells only who survived. The game shares Junqi flip's board, pieces, input
//! and animations (`client/junqi/`), and Junqi's one model on the match layer, whose classic
//! side is here: its model, the deployment screen, who sees what (the cover between two
//! players sharing the device), its army sent to a room, its HUD section and its rules page.

mod deployment;
mod hud;
mod model;
mod online;
mod rules_page;
mod secrecy;

pub use deployment::{
    ArmyReady, DeploymentCommand, DeploymentScreen, MAX_LAYOUTS, SavedLayout, SavedLayouts,
};
pub use hud::{ClassicReach, RECORD_WORDS};
pub use model::{ClassicDid, ClassicMatch, QUIET_LIMIT, seat_of, side_of};
pub use online::{armies_awaited, army_awaited_here};
pub use secrecy::{CoverFor, LiftCover, Preparing, ReplayViewer, Uncovered};

use crate::client::catalog::{self, GameEntry};
use crate::rules::GameKind;
use bevy::prelude::*;

/// What runs headless: the model, its referee and computers, the board's pieces and input,
/// the deployment screen's state and the preparation of new games.
pub(super) fn logic_plugin(app: &mut App) {
    catalog::register(
        app,
        GameEntry {
            kind: GameKind::JunqiClassic,
            title: "军棋 · Junqi classic",
            subtitle_key: "title-subtitle-classic",
            seats: 2..=2,
            online: true,
            side_views: true,
            save_file: "autosave-junqi-classic.json",
            record_words: Some(RECORD_WORDS),
            rules: rules_page::RULES,
            seat_label: |lang, _, seat| super::hud::side_name(lang, side_of(seat)),
        },
    );
    app.add_plugins((
        deployment::logic_plugin,
        secrecy::logic_plugin,
        online::logic_plugin,
    ));
}

/// What needs a window: the board, the deployment page, the cover, the HUD section.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((deployment::plugin, secrecy::plugin));
}
