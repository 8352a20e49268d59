//! The in-game HUD (egui): the panel beside the table with whose turn it is and the game's
//! buttons, room below them for the game's own section, and the dialogs (settings, resign,
//! draw offer, game over). The game on the table says what to write in [`HudText`]. One file
//! a part: `frame.rs` lays the panel out and draws the parts of `room.rs` (online),
//! `buttons.rs`, `replay.rs`, `review.rs` and `practice.rs`; `words.rs` writes what the frame
//! says of the game (each game's words through [`HudWords`]); `section.rs` draws the game's
//! section below them (each game's widgets through [`HudSection`]); `dialogs.rs` opens over
//! it; what they share is in `state.rs`.

mod buttons;
mod dialogs;
mod frame;
mod practice;
mod replay;
mod review;
mod room;
mod section;
mod state;
mod words;

pub(super) use frame::plugin;
pub use section::{HudSection, Looks, game_plugin, move_text};
pub use state::HudText;
pub use words::HudWords;
