//! How Qiguo's pieces look: round pieces in their army's colours with their character.

use crate::client::table_colours::{Army, Palette};
use crate::rules::qiguo::{Kind, State};

/// The colours of a state's army in `palette`.
pub fn army(palette: &Palette, state: State) -> Army {
    palette.armies[state.index()]
}

/// The size of a piece's character: the Diplomat's two characters are smaller.
pub(super) fn character_size(kind: Kind, diameter: f32) -> f32 {
    if kind == Kind::Diplomat {
        diameter * 0.33
    } else {
        diameter * 0.52
    }
}
