//! How Xiangqi's pieces look: round paper pieces with their character in their side's ink.

use crate::client::theme::{Rgb, palette};
use crate::rules::xiangqi::Color as Side;

/// The ink of a side.
pub(super) fn ink(side: Side) -> Rgb {
    match side {
        Side::Red => palette::RED_INK,
        Side::Black => palette::BLACK_INK,
    }
}
