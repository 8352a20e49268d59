//! One board layer for the games of pieces on points (Xiangqi, Qiguo): input and selection,
//! markers, piece entities and their animations, and lessons. It is generic over
//! [`PointsBoard`] (the geometry) and [`PointsMatch`] (pieces and moves) (`game.rs`), which each
//! game's match model implements beside the match layer's
//! [`Match`](crate::client::play::Match); the game keeps only what is its own (board art, layout, piece looks, notation,
//! move list, rules page, result table).

mod game;
mod input;
mod lesson;
mod markers;
mod pieces;

pub use game::{Geometry, MoveEffects, PieceLook, PointsBoard, PointsMatch, result_line};
pub use input::{BoardCommand, Cursor, Hover, Selection, TriedMove};
pub use lesson::{PointsLesson, lesson_plugin};
pub use markers::PointArt;
pub use pieces::PointPiece;

use crate::client::lessons::Highlights;
use bevy::prelude::*;

/// What runs headless for `G`: input, pieces and their timelines, beside the match layer.
pub fn logic_plugin<G: PointsMatch>(app: &mut App) {
    app.init_resource::<Highlights<G::Point>>().add_plugins((
        super::play::logic_plugin::<G>,
        input::logic_plugin::<G>,
        pieces::logic_plugin::<G>,
    ));
}

/// What needs a window for `G`: markers, the pieces' looks, input devices, sounds, saving.
pub fn plugin<G: PointsMatch>(app: &mut App) {
    app.add_plugins((
        super::play::plugin::<G>,
        markers::plugin::<G>,
        pieces::plugin::<G>,
        input::plugin::<G>,
    ));
}
