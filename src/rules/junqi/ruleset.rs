//! The ruleset: the seed's rules by default, with house-rule options.

use serde::{Deserialize, Serialize};

/// How the players get their colours.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum ColourRule {
    /// The very first flip fixes the colours: its piece's colour is the first player's (default).
    #[default]
    FirstFlip,
    /// A player takes a colour by flipping that colour twice in a row (or by flipping the last
    /// face-down piece, so a game can never run out of flips without colours).
    TwoInARow,
}

/// The rules a game is played by. `Ruleset::default()` is exactly the contract's rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Ruleset {
    /// How colours are decided.
    pub colours: ColourRule,
    /// Pieces that enter a headquarters are stuck there.
    pub headquarters_lock: bool,
    /// A flag can be taken only once all landmines of its colour are gone.
    pub flag_after_mines: bool,
    /// Only engineers may take a flag.
    pub only_engineers_take_flag: bool,
    /// The game is drawn after this many plies in a row without a flip or attack (1–200).
    pub quiet_ply_limit: u16,
}

/// The seed's draw limit: 40 moves by each side.
pub const DEFAULT_QUIET_PLY_LIMIT: u16 = 80;

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset {
            colours: ColourRule::FirstFlip,
            headquarters_lock: false,
            flag_after_mines: false,
            only_engineers_take_flag: false,
            quiet_ply_limit: DEFAULT_QUIET_PLY_LIMIT,
        }
    }
}

impl Ruleset {
    /// Clamps options to the supported range (used on settings and saves from outside).
    pub fn sanitized(mut self) -> Ruleset {
        self.quiet_ply_limit = self.quiet_ply_limit.clamp(1, 200);
        self
    }
}
