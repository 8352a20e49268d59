//! The Junqi board layer for a game played on it (Junqi flip, Junqi classic): its pieces,
//! input, markers and animations, each generic over the game's [`JunqiTable`].

use super::table::JunqiTable;
use super::{board, choreography, input, pieces};
use bevy::prelude::*;

/// What runs headless for a game on the Junqi board: its pieces, input and animations.
pub(super) fn logic_plugin<M: JunqiTable>(app: &mut App) {
    app.add_plugins((
        pieces::table_logic::<M>,
        input::table_logic::<M>,
        choreography::table_plugin::<M>,
    ));
}

/// What needs a window for a game on the Junqi board: the board, its markers, the pieces'
/// looks and the pointer.
pub(super) fn plugin<M: JunqiTable>(app: &mut App) {
    app.add_plugins((
        board::table_plugin::<M>,
        pieces::table_looks::<M>,
        input::table_pointer::<M>,
    ));
}
