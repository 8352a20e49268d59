//! Game-neutral presentation: particles, the camera, the devices and the table's text.
//! Each game's folder decides what to show; this only shows it.

mod camera;
mod devices;
mod label;
mod pads;
pub mod paint;
mod particles;
mod table;

pub use camera::{
    HudInsets, SeatInView, ShowOnTable, TableBounds, TableCamera, TablePitch, TableView, TableZoom,
    frame_board,
};
pub use devices::{CarefulTap, PointerWorld, PressHolds};
pub use label::{Label, LabelAnchor};
pub use pads::{CursorHand, CursorSpot, GamepadSlots};
pub use table::{FadingParts, TableArt, TableGesture, TableReset, line, on_table_of};

use crate::client::schedule::ClientSet;
use crate::client::settings::Settings;
use crate::client::table_colours::TablePalette;
use bevy::prelude::*;

/// What runs headless: the table's gestures and orientation.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_message::<TableReset>()
        .add_message::<TableGesture>()
        .add_message::<ShowOnTable>()
        .init_resource::<PressHolds>()
        .init_resource::<CarefulTap>()
        .init_resource::<TablePalette>()
        .add_plugins((camera::logic_plugin, pads::logic_plugin))
        .add_systems(
            Update,
            table::follow_colour_setting
                .run_if(resource_changed::<Settings>)
                .in_set(ClientSet::Apply),
        );
}

/// What needs a window: camera, particles, devices.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TableArt>()
        .add_plugins((
            camera::plugin,
            label::plugin,
            particles::plugin,
            devices::plugin,
            pads::plugin,
        ))
        .add_systems(Update, table::fade_parts.in_set(ClientSet::Present));
}
