//! How Xiangqi's pieces look: round paper pieces with their character in their side's ink.

use crate::client::table_colours;
use crate::client::theme::Rgb;
use crate::rules::xiangqi::Color as Side;

/// The ink of a side.
pub(super) fn ink(side: Side) -> Rgb {
    let sides = table_colours::active().sides;
    match side {
        Side::Red => sides.red_ink,
        Side::Black => sides.black_ink,
    }
}
