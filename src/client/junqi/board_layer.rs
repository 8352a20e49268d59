//! The Junqi games on the shared board layer (`client/points/`): input, selection, markers and
//! lessons come from there, on the [`JunqiBoard`]; the pieces, their looks and the animation
//! of moves, flips and battles stay on the Junqi board, each generic over the game's
//! [`JunqiTable`].

use super::layout::JunqiBoard;
use super::table::JunqiTable;
use super::{board, choreography, pieces};
use crate::client::points::{self, PointsLesson};
use bevy::prelude::*;

/// What runs headless for a game on the Junqi board: its input, pieces, animations, lesson.
pub(super) fn logic_plugin<M: JunqiTable + PointsLesson>(app: &mut App) {
    app.add_plugins((
        points::board_logic_plugin::<M>,
        points::lesson_plugin::<M>,
        pieces::table_logic::<M>,
        choreography::table_plugin::<M>,
    ));
}

/// What needs a window for a game on the Junqi board: the board, its markers, the pieces'
/// looks and the pointer.
pub(super) fn plugin<M: JunqiTable>(app: &mut App) {
    app.add_plugins((
        board::table_plugin::<M>,
        points::board_plugin::<M>,
        pieces::table_looks::<M>,
    ));
}

/// The board's commands, as tests and devices give them.
pub type BoardCommand = points::BoardCommand<JunqiBoard>;
/// The piece selected on the board and its destinations.
pub type Selection = points::Selection<JunqiBoard>;
