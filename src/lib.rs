//! kawu: Junqi flip played well — rules, computer opponents and (with the `client` feature)
//! the Bevy game.

pub mod ai;
pub mod rules;
