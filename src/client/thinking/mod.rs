//! Computer players, hints and a review's judgements. `computer.rs` drives them; where a search
//! runs is one interface in two files: `native.rs` (threads of the async compute pool) and
//! `web.rs` (a Web Worker beside the page, or slices of frames), each with a `Pondering` (a
//! decision) and a [`Judging`] (a judgement) that start, and are polled each frame.

mod computer;
#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(target_arch = "wasm32")]
mod web;

pub use computer::{
    ActionOf, ComputerGame, ComputerPaused, Hint, HintRequest, computer_to_move, plugin,
};
#[cfg(not(target_arch = "wasm32"))]
pub use native::Judging;
#[cfg(target_arch = "wasm32")]
pub use web::Judging;
