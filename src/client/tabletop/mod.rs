//! Game-neutral presentation: the animation timeline, particles, the camera and the devices.
//! Each game's folder decides what to show; this only shows it.

mod camera;
mod devices;
mod label;
mod pads;
pub mod paint;
mod particles;
mod timeline;

pub use camera::{
    HudInsets, ShowOnTable, TableBounds, TableCamera, TablePitch, TableView, TableZoom,
};
pub use devices::{CarefulTap, PointerWorld, PressHolds};
pub use label::{Label, LabelAnchor};
pub use pads::{CursorHand, CursorSpot, GamepadSlots};
pub use timeline::{
    Anim, AnimatedPiece, AnimationSystems, Burst, Cue, FadingParts, Opacity, Step, TurnedOver,
    animations_settled, finish_all,
};

use crate::client::matches::MatchStatus;
use crate::client::settings::Settings;
use crate::client::table_colours;
use crate::rules::GameKind;
use bevy::prelude::*;

/// What a player does at the table, whatever the device.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum TableGesture {
    /// A click or tap at this world position.
    Press(Vec2),
    /// A drag (mouse or finger) that began with a press ended at this world position: move
    /// what the press selected here, if it may go there.
    Drop(Vec2),
    /// Move the keyboard or gamepad cursor one step in this screen direction (x right, y up).
    Step(IVec2),
    /// Act on the cursor's point.
    Confirm,
    /// Drop the selection.
    Cancel,
}

/// Draw order of what stands on the table.
pub mod z {
    /// A resting piece.
    pub const PIECE: f32 = 10.0;
    /// A moving piece (above the resting ones).
    pub const MOVING: f32 = 20.0;
    /// Effects (explosions, shards).
    pub const FX: f32 = 40.0;
}

/// What every game's table draws with: a soft white glow (flashes, smoke, highlights). Made
/// once, when the plugin is built.
#[derive(Resource, Clone)]
pub struct TableArt {
    /// A soft white glow, 128 pixels across.
    pub glow: Handle<Image>,
}

impl FromWorld for TableArt {
    fn from_world(world: &mut World) -> TableArt {
        let glow =
            world
                .resource_mut::<Assets<Image>>()
                .add(paint::paint(UVec2::splat(128), |p| {
                    let t = (p.length() / 64.0).min(1.0);
                    paint::white((1.0 - t) * (1.0 - t))
                }));
        TableArt { glow }
    }
}

/// An entity of one game's table (board, pieces, markers): shown only while that game is on
/// the table.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnTable(pub GameKind);

/// Shows the entities of the game on the table and hides the others'.
fn show_the_game_on_the_table(
    status: Res<MatchStatus>,
    mut entities: Query<(Ref<OnTable>, &mut Visibility)>,
) {
    for (on_table, mut visibility) in &mut entities {
        if status.is_changed() || on_table.is_added() {
            visibility.set_if_neq(if on_table.0 == status.game {
                Visibility::Inherited
            } else {
                Visibility::Hidden
            });
        }
    }
}

/// A straight line as a rotated rectangle (board lines, roads, railways).
pub fn line(a: Vec2, b: Vec2, width: f32, color: Color, z: f32) -> impl Bundle {
    let d = b - a;
    (
        Name::new("Line"),
        Sprite::from_color(color, Vec2::new(d.length(), width)),
        Transform::from_translation(((a + b) / 2.0).extend(z))
            .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
    )
}

/// The pieces were rebuilt from the model (a game was loaded or taken back): nothing animates
/// across it, and a click in flight does not land on the new board.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct TableReset;

/// What runs headless: the timeline and the table's orientation.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_message::<TableReset>()
        .add_message::<TableGesture>()
        .add_message::<ShowOnTable>()
        .init_resource::<PressHolds>()
        .init_resource::<CarefulTap>()
        .add_plugins((timeline::plugin, camera::logic_plugin, pads::logic_plugin))
        .add_systems(
            Update,
            follow_colour_setting
                .run_if(resource_changed::<Settings>)
                .in_set(crate::client::ClientSet::Apply),
        );
}

/// The table takes the palette the player chose: its pieces and markers are drawn again.
fn follow_colour_setting(
    settings: Res<Settings>,
    mut view: ResMut<TableView>,
    mut resets: MessageWriter<TableReset>,
) {
    if table_colours::choose(settings.colour_safe) {
        view.set_changed();
        resets.write(TableReset);
    }
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
        .add_systems(
            Update,
            (show_the_game_on_the_table, timeline::fade_parts)
                .in_set(crate::client::ClientSet::Present),
        );
}
