//! What a board gives every game played on it, and what any game on a board adds: the board's
//! commands, selection, highlights and marker images once per board (Junqi flip and Junqi
//! classic share theirs), each game's input and markers while it is on the table.

use super::game::{BoardPlay, PointsBoard};
use super::{input, lesson, markers};
use bevy::prelude::*;
use std::marker::PhantomData;

/// What runs headless for any game `G` on a board: its board's commands, selection and
/// highlights, and its input.
pub fn board_logic_plugin<G: BoardPlay>(app: &mut App) {
    if !app.is_plugin_added::<BoardLogic<G::Board>>() {
        app.add_plugins(BoardLogic::<G::Board>(PhantomData));
    }
    app.add_plugins(input::logic_plugin::<G>);
}

/// What needs a window for any game `G` on a board: its markers and the pointer over it.
pub fn board_plugin<G: BoardPlay>(app: &mut App) {
    if !app.is_plugin_added::<BoardLooks<G::Board>>() {
        app.add_plugins(BoardLooks::<G::Board>(PhantomData));
    }
    app.add_plugins((markers::plugin::<G>, input::plugin::<G>));
}

/// A board's own state, once for every game played on it.
struct BoardLogic<B>(PhantomData<B>);

impl<B: PointsBoard> Plugin for BoardLogic<B> {
    fn build(&self, app: &mut App) {
        app.add_plugins((input::board_plugin::<B>, lesson::board_plugin::<B>));
    }
}

/// A board's marker images, once for every game played on it.
struct BoardLooks<B>(PhantomData<B>);

impl<B: PointsBoard> Plugin for BoardLooks<B> {
    fn build(&self, app: &mut App) {
        app.add_plugins(markers::board_plugin::<B>);
    }
}
