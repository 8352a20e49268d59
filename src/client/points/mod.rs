//! One board layer for the games of pieces on points (Junqi flip and Junqi classic, Xiangqi,
//! Qiguo): input and selection, markers and lessons for any game on a [`PointsBoard`] (a
//! board's geometry; Junqi's stations, camps and headquarters are points too), generic over
//! [`BoardPlay`]; every game's pieces placed as the view turns the board ([`OnPoint`]); and
//! for the games of round pieces ([`PointsMatch`]) their piece entities and animations. Each
//! game keeps only what is its own (board art, layout, piece looks, notation, move list, rules
//! page, result table).

mod board;
mod game;
mod input;
mod lesson;
mod markers;
mod pieces;
mod placing;

pub use board::{board_logic_plugin, board_plugin};
pub use game::{BoardPlay, Geometry, MoveEffects, PieceLook, PointsBoard, PointsMatch};
pub use input::{BoardCommand, Covered, Cursor, Hover, Selection, TriedMove};
pub use lesson::{PointsLesson, lesson_plugin};
pub use pieces::{PointPiece, StepsToAnimate, pieces_rebuilt};
pub use placing::{OnPoint, placed_on_turn, resting_place};

use bevy::prelude::*;

/// What runs headless for a game of round pieces `G`: the match layer, input, pieces and
/// their timelines.
pub fn logic_plugin<G: PointsMatch>(app: &mut App) {
    app.add_plugins((
        super::play::logic_plugin::<G>,
        board_logic_plugin::<G>,
        pieces::logic_plugin::<G>,
    ));
}

/// What needs a window for a game of round pieces `G`: the match layer's, markers, the pieces'
/// looks, the pointer.
pub fn plugin<G: PointsMatch>(app: &mut App) {
    app.add_plugins((
        super::play::plugin::<G>,
        board_plugin::<G>,
        pieces::plugin::<G>,
    ));
}
