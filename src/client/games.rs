//! The one list of games: the only shared file that names the games' folders. It composes their
//! plugins; each game registers its own entry in the [`Catalog`](super::catalog::Catalog).

use super::{junqi, qiguo, xiangqi};
use bevy::prelude::*;

/// Every game's headless logic, in menu order.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_plugins((
        junqi::logic_plugin,
        xiangqi::logic_plugin,
        qiguo::logic_plugin,
    ));
}

/// Every game's presentation.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((junqi::plugin, xiangqi::plugin, qiguo::plugin));
}
