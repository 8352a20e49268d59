//! kawu: Junqi flip and Xiangqi played well — rules, computer opponents and (with the `client`
//! feature) the Bevy game.

pub mod ai;
#[cfg(feature = "client")]
pub mod client;
pub mod protocol;
pub mod rules;
#[cfg(feature = "server")]
pub mod server;

#[cfg(test)]
mod layout;
