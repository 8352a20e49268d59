//! The games' rules as plain Rust: no Bevy, no I/O.

pub mod junqi;
mod point_set;
pub mod qiguo;
pub mod xiangqi;

pub use point_set::{BoardPoint, PointSet};
