//! Devices: the mouse, touch and the keyboard become [`TableGesture`]s in world and screen
//! terms (controllers do in `pads.rs`); each game maps them onto its own board. The mouse
//! wheel, two fingers, and a drag that holds no piece zoom and pan the table ([`TableZoom`])
//! where the window is small; a double tap fits the whole table in view again. Where the
//! board's points are smaller than a fingertip, a tap is careful ([`CarefulTap`]).

use super::camera::{TableCamera, TablePitch, TableZoom};
use super::pads::CursorHand;
use super::table::{TableGesture, TableReset};
use crate::client::{ClientSet, Screen};
use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};

/// Where the pointer is over the table, in world units.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct PointerWorld(pub Option<Vec2>);

/// Whether the press in progress holds something the game may drag (a piece). Each press
/// starts holding; the game on the table may say it landed on nothing, and then dragging it
/// pans a zoomed-in table instead.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PressHolds(pub bool);

impl Default for PressHolds {
    fn default() -> PressHolds {
        PressHolds(true)
    }
}

/// Whether the press in progress is a finger on points smaller on the screen than a fingertip
/// ([`FINGERTIP`]): the game then acts only on a point the finger clearly hit, and asks for a
/// second tap to confirm a move.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CarefulTap(pub bool);

/// The distance between points (logical pixels) under which taps are careful.
pub const FINGERTIP: f32 = 30.0;

/// Two taps this close in time (seconds) and place (logical pixels) are a double tap.
const DOUBLE_TAP: (f32, f32) = (0.5, 40.0);

/// Whether a left click may act on the table: not until the button has been seen up once since
/// the table was rebuilt, so the click on a menu button that starts a game (whose release can
/// arrive with the new board already in place) never lands on the board as well.
#[derive(Resource, Default)]
struct ClicksArmed(bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PointerWorld>()
        .init_resource::<ClicksArmed>()
        .init_resource::<SecondTap>()
        .add_systems(Update, arm_clicks.in_set(ClientSet::Input))
        .add_systems(
            Update,
            (
                // Taps are followed even over the panel: a finger lifted there still counts.
                (
                    watch_taps,
                    (track_pointer, click_table, wheel_and_pinch)
                        .chain()
                        .run_if(not(egui_wants_any_pointer_input)),
                )
                    .chain()
                    .after(arm_clicks),
                keyboard_gestures.run_if(not(egui_wants_any_keyboard_input)),
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

/// A press in progress: where it began and was last seen (screen), and whether it pans.
#[derive(Default)]
struct Pressing {
    at: Option<Vec2>,
    last: Vec2,
    panning: bool,
}

/// The camera as the devices need it: screen positions to world ones.
#[derive(bevy::ecs::system::SystemParam)]
struct ScreenToWorld<'w, 's> {
    camera: Single<'w, 's, (&'static Camera, &'static GlobalTransform), With<TableCamera>>,
}

impl ScreenToWorld<'_, '_> {
    fn world(&self, screen: Vec2) -> Option<Vec2> {
        let (camera, transform) = *self.camera;
        camera.viewport_to_world_2d(transform, screen).ok()
    }

    /// How many logical pixels a world unit takes on the screen now.
    fn pixels_per_world(&self, at: Vec2) -> Option<f32> {
        let world = self.world(at)?.distance(self.world(at + Vec2::X)?);
        (world > 0.0).then(|| 1.0 / world)
    }
}

/// The fingers on the screen as their touch messages tell, one message at a time: on a slow
/// device both taps of a double tap can arrive within one frame, where [`Touches`] keeps only
/// one press and one release.
#[derive(Default)]
struct FingerTaps {
    /// Where each finger now down came down.
    down: bevy::platform::collections::HashMap<u64, Vec2>,
    /// Whether the fingers down since the screen was last bare can start no double tap: more than
    /// one came down, or one came down as a double tap's second.
    spent: bool,
    /// Where and when (seconds since start-up) the last lone tap ended.
    last: Option<(f32, Vec2)>,
}

impl FingerTaps {
    /// Follows this frame's touch messages; true when a finger came down as the second tap of a
    /// double tap. `fingers_down`: whether any finger is on the screen after them (a finger
    /// whose release was never seen is forgotten once none is).
    fn double_tap<'a>(
        &mut self,
        touches: impl IntoIterator<Item = &'a TouchInput>,
        now: f32,
        fingers_down: bool,
    ) -> bool {
        let mut double = false;
        for touch in touches {
            match touch.phase {
                TouchPhase::Started => {
                    let second = self.down.is_empty()
                        && self.last.take().is_some_and(|(then, there)| {
                            now - then < DOUBLE_TAP.0
                                && touch.position.distance(there) < DOUBLE_TAP.1
                        });
                    double |= second;
                    self.down.insert(touch.id, touch.position);
                    self.spent |= second || self.down.len() > 1;
                }
                TouchPhase::Moved => {}
                TouchPhase::Ended | TouchPhase::Canceled => {
                    let from = self.down.remove(&touch.id);
                    self.last = from
                        .filter(|from| {
                            touch.phase == TouchPhase::Ended
                                && self.down.is_empty()
                                && !self.spent
                                && from.distance(touch.position) < DRAG_DISTANCE
                        })
                        .map(|_| (now, touch.position));
                    if self.down.is_empty() {
                        self.spent = false;
                    }
                }
            }
        }
        if !fingers_down {
            self.down.clear();
            self.spent = false;
        }
        double
    }
}

/// Whether this frame's press is a double tap's second, which fitted the table again (and
/// acts on nothing else).
#[derive(Resource, Default, PartialEq)]
struct SecondTap(bool);

/// Follows the fingers' taps every frame, whatever egui wants: a double tap on a zoomed table
/// fits the whole table again.
fn watch_taps(
    (touches, time): (Res<Touches>, Res<Time>),
    mut messages: MessageReader<TouchInput>,
    mut taps: Local<FingerTaps>,
    mut zoom: ResMut<TableZoom>,
    mut second: ResMut<SecondTap>,
) {
    let fingers_down = touches.iter().next().is_some();
    let double = taps.double_tap(messages.read(), time.elapsed_secs(), fingers_down);
    let fit = double && zoom.zoom > 1.0;
    if fit {
        *zoom = TableZoom::default();
    }
    second.set_if_neq(SecondTap(fit));
}

/// A press (the left button or a finger) acts where it lands; its release far from there is a
/// drop, or, when the press held nothing, the drag pans the table. The right button cancels.
#[allow(clippy::too_many_arguments)]
fn click_table(
    (mouse, touches): (Res<ButtonInput<MouseButton>>, Res<Touches>),
    window: Single<&Window>,
    view: ScreenToWorld,
    (armed, mut holds, mut careful): (Res<ClicksArmed>, ResMut<PressHolds>, ResMut<CarefulTap>),
    (mut zoom, pitch): (ResMut<TableZoom>, Res<TablePitch>),
    (mut pressing, second): (Local<Pressing>, Res<SecondTap>),
    mut gestures: MessageWriter<TableGesture>,
) {
    // Two fingers pinch and pan (see `wheel_and_pinch`): no press of one finger goes on.
    if !armed.0 || touches.iter().count() > 1 {
        *pressing = Pressing::default();
        return;
    }
    if mouse.just_pressed(MouseButton::Right) {
        gestures.write(TableGesture::Cancel);
    }
    let finger = touches
        .iter_just_pressed()
        .next()
        .map(|touch| touch.position());
    let press = if mouse.just_pressed(MouseButton::Left) {
        window.cursor_position()
    } else {
        finger
    };
    if second.0 {
        // A double tap fitted the whole table again: its second tap acts on nothing.
        *pressing = Pressing::default();
        return;
    }
    if let Some(at) = press {
        let on_screen = view.pixels_per_world(at).map(|scale| pitch.0 * scale);
        careful.set_if_neq(CarefulTap(
            finger.is_some() && on_screen.is_some_and(|pitch| pitch < FINGERTIP),
        ));
        *pressing = Pressing {
            at: Some(at),
            last: at,
            panning: false,
        };
        holds.set_if_neq(PressHolds(true));
        gestures.write(match view.world(at) {
            Some(world) => TableGesture::Press(world),
            None => TableGesture::Cancel,
        });
    }
    let held = if mouse.pressed(MouseButton::Left) {
        window.cursor_position()
    } else {
        touches.iter().next().map(|touch| touch.position())
    };
    if let (Some(from), Some(now)) = (pressing.at, held)
        && !holds.0
    {
        pressing.panning |= now.distance(from) >= DRAG_DISTANCE;
        if pressing.panning
            && let (Some(before), Some(after)) = (view.world(pressing.last), view.world(now))
        {
            zoom.centre += before - after;
        }
        pressing.last = now;
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
        && let Some(from) = pressing.at.take()
        && !pressing.panning
        && at.distance(from) >= DRAG_DISTANCE
        && let Some(world) = view.world(at)
    {
        gestures.write(TableGesture::Drop(world));
    }
}

/// The mouse wheel zooms about the pointer; two fingers zoom by their spread and pan by their
/// middle.
fn wheel_and_pinch(
    scroll: Res<AccumulatedMouseScroll>,
    touches: Res<Touches>,
    window: Single<&Window>,
    view: ScreenToWorld,
    mut zoom: ResMut<TableZoom>,
) {
    let lines = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    if lines != 0.0
        && let Some(anchor) = window.cursor_position().and_then(|at| view.world(at))
    {
        zoom.zoom_about(anchor, 1.15_f32.powf(lines));
    }
    let fingers: Vec<&bevy::input::touch::Touch> = touches.iter().take(3).collect();
    let [a, b] = fingers[..] else {
        return;
    };
    let (now, before) = (
        (a.position(), b.position()),
        (a.previous_position(), b.previous_position()),
    );
    let spread = |(p, q): (Vec2, Vec2)| p.distance(q);
    let middle = |(p, q): (Vec2, Vec2)| (p + q) / 2.0;
    if let (Some(was), Some(is)) = (view.world(middle(before)), view.world(middle(now))) {
        zoom.centre += was - is;
    }
    if spread(before) > 1.0
        && let Some(anchor) = view.world(middle(now))
    {
        zoom.zoom_about(anchor, spread(now) / spread(before));
    }
}

/// The arrow keys step the cursor, Enter or Space acts, Escape cancels. The cursor then shows no
/// controller's number.
fn keyboard_gestures(
    keys: Res<ButtonInput<KeyCode>>,
    mut hand: ResMut<CursorHand>,
    mut gestures: MessageWriter<TableGesture>,
) {
    let mut pressed = Vec::new();
    for (key, step) in [
        (KeyCode::ArrowLeft, IVec2::NEG_X),
        (KeyCode::ArrowRight, IVec2::X),
        (KeyCode::ArrowUp, IVec2::Y),
        (KeyCode::ArrowDown, IVec2::NEG_Y),
    ] {
        if keys.just_pressed(key) {
            pressed.push(TableGesture::Step(step));
        }
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        pressed.push(TableGesture::Confirm);
    }
    if keys.just_pressed(KeyCode::Escape) {
        pressed.push(TableGesture::Cancel);
    }
    if !pressed.is_empty() {
        hand.set_if_neq(CursorHand(None));
        gestures.write_batch(pressed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn touch(phase: TouchPhase, id: u64, x: f32) -> TouchInput {
        TouchInput {
            phase,
            position: Vec2::new(x, 100.0),
            window: Entity::PLACEHOLDER,
            force: None,
            id,
        }
    }

    fn tap(id: u64, x: f32) -> [TouchInput; 2] {
        [
            touch(TouchPhase::Started, id, x),
            touch(TouchPhase::Ended, id, x),
        ]
    }

    #[test]
    fn two_taps_within_one_frame_are_a_double_tap() {
        let mut taps = FingerTaps::default();
        assert!(taps.double_tap(&[tap(1, 50.0), tap(2, 60.0)].concat(), 1.0, false));
        // The same finger id twice, as some browsers number them.
        assert!(FingerTaps::default().double_tap(
            &[tap(1, 50.0), tap(1, 50.0)].concat(),
            1.0,
            false
        ));
    }

    #[test]
    fn taps_in_frames_apart_are_a_double_tap_only_when_close_in_time_and_place() {
        let mut taps = FingerTaps::default();
        assert!(!taps.double_tap(&tap(1, 50.0), 1.0, false));
        assert!(taps.double_tap(&tap(2, 70.0), 1.4, false));
        // A third tap starts again.
        assert!(!taps.double_tap(&tap(3, 70.0), 1.5, false));
        // Too late, then too far.
        assert!(!taps.double_tap(&tap(4, 70.0), 2.1, false));
        assert!(!taps.double_tap(&tap(5, 150.0), 2.2, false));
        // A lift in one frame and the next press in another.
        let mut taps = FingerTaps::default();
        assert!(!taps.double_tap(&[touch(TouchPhase::Started, 1, 50.0)], 1.0, true));
        assert!(!taps.double_tap(&[touch(TouchPhase::Ended, 1, 50.0)], 1.1, false));
        assert!(taps.double_tap(&[touch(TouchPhase::Started, 2, 52.0)], 1.2, true));
    }

    #[test]
    fn a_finger_whose_lift_was_never_seen_is_forgotten_once_none_is_down() {
        let mut taps = FingerTaps::default();
        // A press whose release went by unseen, then a bare screen.
        assert!(!taps.double_tap(&[touch(TouchPhase::Started, 1, 50.0)], 1.0, true));
        assert!(!taps.double_tap(&[], 1.1, false));
        assert!(!taps.double_tap(&tap(2, 60.0), 1.2, false));
        assert!(taps.double_tap(&tap(3, 60.0), 1.4, false));
    }

    #[test]
    fn a_drag_or_two_fingers_are_no_first_tap() {
        let mut taps = FingerTaps::default();
        let drag = [
            touch(TouchPhase::Started, 1, 50.0),
            touch(TouchPhase::Moved, 1, 90.0),
            touch(TouchPhase::Ended, 1, 90.0),
        ];
        assert!(!taps.double_tap(&drag, 1.0, false));
        assert!(!taps.double_tap(&tap(2, 90.0), 1.1, false));
        let mut taps = FingerTaps::default();
        let pinch = [
            touch(TouchPhase::Started, 1, 50.0),
            touch(TouchPhase::Started, 2, 60.0),
            touch(TouchPhase::Ended, 1, 50.0),
            touch(TouchPhase::Ended, 2, 60.0),
        ];
        assert!(!taps.double_tap(&pinch, 1.0, false));
        assert!(!taps.double_tap(&tap(3, 60.0), 1.1, false));
    }
}
