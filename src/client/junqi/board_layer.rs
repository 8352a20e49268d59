//! The Junqi games on the shared board layer (`client/points/`): input, selection, markers and
//! lessons come from there, on the [`JunqiBoard`]; the pieces, their looks and the animation
//! of moves, flips and battles stay on the Junqi board, through the model's [`JunqiTable`]
//! (what a point shows to whom, how a step is staged).

use super::layout::JunqiBoard;
use super::variants::JunqiMatch;
use super::{board, choreography, pieces};
use crate::client::points;
use crate::lessons;
use bevy::prelude::*;

/// What runs headless on the Junqi board: input, pieces, animations, both games' lessons.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_plugins((
        points::board_logic_plugin::<JunqiMatch>,
        points::lesson_plugin::<JunqiMatch, lessons::Junqi>,
        points::lesson_plugin::<JunqiMatch, lessons::JunqiClassic>,
        pieces::table_logic::<JunqiMatch>,
        choreography::table_plugin::<JunqiMatch>,
    ));
}

/// What needs a window on the Junqi board: the board, its markers, the pieces' looks and the
/// pointer.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        board::table_plugin::<JunqiMatch>,
        points::board_plugin::<JunqiMatch>,
        pieces::table_looks::<JunqiMatch>,
    ));
}

/// The board's commands, as tests and devices give them.
pub type BoardCommand = points::BoardCommand<JunqiBoard>;
/// The piece selected on the board and its destinations.
pub type Selection = points::Selection<JunqiBoard>;
