//! Devices: the mouse, touch, the keyboard and gamepads become [`TableGesture`]s in world and
//! screen terms; each game maps them onto its own board.

use super::TableReset;
use super::camera::TableCamera;
use crate::client::{ClientSet, Screen};
use bevy::prelude::*;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};

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

/// Where the pointer is over the table, in world units.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct PointerWorld(pub Option<Vec2>);

/// Whether a left click may act on the table: not until the button has been seen up once since
/// the table was rebuilt, so the click on a menu button that starts a game (whose release can
/// arrive with the new board already in place) never lands on the board as well.
#[derive(Resource, Default)]
struct ClicksArmed(bool);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TableGesture>()
        .init_resource::<PointerWorld>()
        .init_resource::<ClicksArmed>()
        .add_systems(Update, arm_clicks.in_set(ClientSet::Input))
        .add_systems(
            Update,
            (
                (track_pointer, click_table)
                    .chain()
                    .after(arm_clicks)
                    .run_if(not(egui_wants_any_pointer_input)),
                (keyboard_gestures, gamepad_gestures).run_if(not(egui_wants_any_keyboard_input)),
            )
                .run_if(in_state(Screen::Playing))
                .in_set(ClientSet::Input),
        );
}

fn track_pointer(
    window: Single<&Window>,
    camera: Single<(&Camera, &GlobalTransform), With<TableCamera>>,
    mut pointer: ResMut<PointerWorld>,
) {
    let (camera, transform) = *camera;
    let world = window
        .cursor_position()
        .and_then(|cursor| camera.viewport_to_world_2d(transform, cursor).ok());
    pointer.set_if_neq(PointerWorld(world));
}

/// Disarms clicks when the table is rebuilt; arms them once no button or finger is down.
fn arm_clicks(
    mouse: Res<ButtonInput<MouseButton>>,
    touches: Res<Touches>,
    mut resets: MessageReader<TableReset>,
    mut armed: ResMut<ClicksArmed>,
) {
    if resets.read().count() > 0 {
        armed.0 = false;
    } else if !mouse.pressed(MouseButton::Left)
        && !mouse.just_released(MouseButton::Left)
        && touches.iter().next().is_none()
        && touches.iter_just_released().next().is_none()
    {
        armed.0 = true;
    }
}

/// How far (logical pixels) a press must travel before its release is a drag, not a tap.
const DRAG_DISTANCE: f32 = 24.0;

/// A press (the left button or a finger) acts where it lands; its release far from there is a
/// drop. The right button cancels.
fn click_table(
    mouse: Res<ButtonInput<MouseButton>>,
    touches: Res<Touches>,
    window: Single<&Window>,
    camera: Single<(&Camera, &GlobalTransform), With<TableCamera>>,
    armed: Res<ClicksArmed>,
    mut pressed_at: Local<Option<Vec2>>,
    mut gestures: MessageWriter<TableGesture>,
) {
    if !armed.0 {
        *pressed_at = None;
        return;
    }
    let (camera, transform) = *camera;
    let world = |screen: Vec2| camera.viewport_to_world_2d(transform, screen).ok();
    if mouse.just_pressed(MouseButton::Right) {
        gestures.write(TableGesture::Cancel);
    }
    let press = if mouse.just_pressed(MouseButton::Left) {
        window.cursor_position()
    } else {
        touches
            .iter_just_pressed()
            .next()
            .map(|touch| touch.position())
    };
    if let Some(at) = press {
        *pressed_at = Some(at);
        gestures.write(match world(at) {
            Some(world) => TableGesture::Press(world),
            None => TableGesture::Cancel,
        });
    }
    let release = if mouse.just_released(MouseButton::Left) {
        window.cursor_position()
    } else {
        touches
            .iter_just_released()
            .next()
            .map(|touch| touch.position())
    };
    if let Some(at) = release
        && let Some(from) = pressed_at.take()
        && at.distance(from) >= DRAG_DISTANCE
        && let Some(world) = world(at)
    {
        gestures.write(TableGesture::Drop(world));
    }
}

fn keyboard_gestures(keys: Res<ButtonInput<KeyCode>>, mut gestures: MessageWriter<TableGesture>) {
    for (key, step) in [
        (KeyCode::ArrowLeft, IVec2::NEG_X),
        (KeyCode::ArrowRight, IVec2::X),
        (KeyCode::ArrowUp, IVec2::Y),
        (KeyCode::ArrowDown, IVec2::NEG_Y),
    ] {
        if keys.just_pressed(key) {
            gestures.write(TableGesture::Step(step));
        }
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        gestures.write(TableGesture::Confirm);
    }
    if keys.just_pressed(KeyCode::Escape) {
        gestures.write(TableGesture::Cancel);
    }
}

fn gamepad_gestures(gamepads: Query<&Gamepad>, mut gestures: MessageWriter<TableGesture>) {
    for gamepad in &gamepads {
        for (button, step) in [
            (GamepadButton::DPadLeft, IVec2::NEG_X),
            (GamepadButton::DPadRight, IVec2::X),
            (GamepadButton::DPadUp, IVec2::Y),
            (GamepadButton::DPadDown, IVec2::NEG_Y),
        ] {
            if gamepad.just_pressed(button) {
                gestures.write(TableGesture::Step(step));
            }
        }
        if gamepad.just_pressed(GamepadButton::South) {
            gestures.write(TableGesture::Confirm);
        }
        if gamepad.just_pressed(GamepadButton::East) {
            gestures.write(TableGesture::Cancel);
        }
    }
}
