//! Game-neutral presentation: the animation timeline, particles, the camera and the devices.
//! Each game's folder decides what to show; this only shows it.

mod camera;
mod devices;
pub mod paint;
mod particles;
mod timeline;

pub use camera::{HudInsets, TableBounds, TableCamera, TableView};
pub use devices::{PointerWorld, TableGesture};
pub use timeline::{
    Anim, AnimatedPiece, AnimationSystems, Burst, Cue, Opacity, Step, TurnedOver,
    animations_settled, finish_all,
};

use bevy::prelude::*;

/// Draw order of what stands on the table.
pub mod z {
    /// A resting piece.
    pub const PIECE: f32 = 10.0;
    /// A moving piece (above the resting ones).
    pub const MOVING: f32 = 20.0;
    /// Effects (explosions, shards).
    pub const FX: f32 = 40.0;
}

/// The pieces were rebuilt from the model (a game was loaded or taken back): nothing animates
/// across it, and a click in flight does not land on the new board.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct TableReset;

/// What runs headless: the timeline and the table's orientation.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_message::<TableReset>()
        .add_plugins((timeline::plugin, camera::logic_plugin));
}

/// What needs a window: camera, particles, devices.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((camera::plugin, particles::plugin, devices::plugin));
}
