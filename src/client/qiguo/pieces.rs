//! How Qiguo's pieces look: round pieces in their army's colours with their character.

use crate::client::theme::palette::{self, Army};
use crate::rules::qiguo::{Kind, State};

/// The colours of a state's army.
pub fn army(state: State) -> Army {
    match state {
        State::Qin => palette::ARMY_WHITE,
        State::Chu => palette::ARMY_RED,
        State::Han => palette::ARMY_ORANGE,
        State::Qi => palette::ARMY_BLUE,
        State::Wei => palette::ARMY_GREEN,
        State::Zhao => palette::ARMY_PURPLE,
        State::Yan => palette::ARMY_BLACK,
    }
}

/// The size of a piece's character: the Diplomat's two characters are smaller.
pub(super) fn character_size(kind: Kind, diameter: f32) -> f32 {
    if kind == Kind::Diplomat {
        diameter * 0.36
    } else {
        diameter * 0.58
    }
}
