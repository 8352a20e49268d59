//! The table's palette: the colours themselves are plain data in [`crate::picture::colours`]
//! (the pictures of games use them too); the player's colour-blind setting picks one as the
//! resource [`TablePalette`].

pub use crate::picture::colours::*;
use bevy::prelude::Resource;
use std::ops::Deref;

/// The palette the table and the HUD are drawn in: [`CLASSIC`], or [`COLOUR_SAFE`] when the
/// player's setting asks for it (the tabletop keeps it in step with the setting). Derefs to
/// the [`Palette`].
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TablePalette {
    /// Whether it is [`COLOUR_SAFE`].
    pub colour_safe: bool,
}

impl Deref for TablePalette {
    type Target = Palette;

    fn deref(&self) -> &Palette {
        palette(self.colour_safe)
    }
}
