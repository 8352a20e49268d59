//! The games' rules as plain Rust: no Bevy, no I/O.

pub mod junqi;
pub mod xiangqi;
