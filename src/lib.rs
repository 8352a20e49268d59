//! kawu: Junqi flip, Xiangqi and Qiguo Xiangqi played well — rules, computer opponents, the
//! lessons that teach them, the online protocol and (with the `client` feature) the Bevy game,
//! (with `server`) its server.

pub mod ai;
#[cfg(feature = "client")]
pub mod client;
pub mod lessons;
// In every native build and in the browser's game; the worker's module draws nothing.
#[cfg(any(not(target_arch = "wasm32"), feature = "client"))]
pub mod picture;
pub mod protocol;
pub mod rules;
#[cfg(feature = "server")]
pub mod server;
#[cfg(all(feature = "worker", target_arch = "wasm32"))]
mod worker;
