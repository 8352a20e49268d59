//! Junqi classic at the table. So far its deployment screen, where a side arranges its army
//! in secret before the game: the first part of the game to join the table.

mod deployment;

pub use deployment::{
    ArmyReady, DeploymentCommand, DeploymentScreen, MAX_LAYOUTS, SavedLayout, SavedLayouts,
};

use bevy::prelude::*;

/// What runs headless: the deployment screen's state and commands.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_plugins(deployment::logic_plugin);
}

/// What needs a window: the deployment page and the saved layouts' file.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(deployment::plugin);
}
