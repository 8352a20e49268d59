//! How Xiangqi's pieces look: round paper pieces with their character in their side's ink.

use crate::client::table_colours::Palette;
use crate::client::theme::Rgb;
use crate::rules::xiangqi::Color as Side;

/// The ink of a side in `palette`.
pub(super) fn ink(palette: &Palette, side: Side) -> Rgb {
    let sides = palette.sides;
    match side {
        Side::Red => sides.red_ink,
        Side::Black => sides.black_ink,
    }
}
