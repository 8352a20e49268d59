//! Game controllers (gilrs on the desktop, the browser's Gamepad API on the web). Each gets a
//! number as it is plugged in — controller 1, 2 … — and its d-pad or left stick, South, East and
//! Start become [`TableGesture`]s for the seat to move, when [`SeatPads`] lets that controller
//! play it. In the menus and at a finished game's buttons, they move egui's focus instead.

use super::label::Label;
use super::paint::{fill, paint, white};
use super::table::TableGesture;
use crate::client::matches::MatchStatus;
use crate::client::seats::{SeatPads, Seats};
use crate::client::table_colours::TablePalette;
use crate::client::timeline::z;
use crate::client::{ClientSet, Screen};
use bevy::input::InputSystems;
use bevy::input::gamepad::{Gamepad, GamepadAxis, GamepadButton};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy_egui::input::EguiInputEvent;
use bevy_egui::{EguiContexts, EguiInputSet, PrimaryEguiContext, egui};
use std::time::Duration;

/// The controllers plugged in, numbered from 1 in the order they came. A number freed by an
/// unplugged controller goes to the next one plugged in, so a controller unplugged and plugged
/// back in keeps its number (and its seat).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct GamepadSlots(Vec<Option<Entity>>);

impl GamepadSlots {
    /// The number of the controller `pad`, while it is plugged in.
    pub fn number(&self, pad: Entity) -> Option<u8> {
        let index = self.0.iter().position(|slot| *slot == Some(pad))?;
        u8::try_from(index + 1).ok()
    }

    /// The numbers of the controllers plugged in, in order.
    pub fn numbers(&self) -> impl Iterator<Item = u8> + '_ {
        (1u8..)
            .zip(&self.0)
            .filter_map(|(number, slot)| slot.map(|_| number))
    }

    fn plug(&mut self, pad: Entity) {
        if self.number(pad).is_some() {
            return;
        }
        match self.0.iter_mut().find(|slot| slot.is_none()) {
            Some(free) => *free = Some(pad),
            None => self.0.push(Some(pad)),
        }
    }

    fn unplug(&mut self, pad: Entity) {
        for slot in &mut self.0 {
            if *slot == Some(pad) {
                *slot = None;
            }
        }
        while self.0.last() == Some(&None) {
            self.0.pop();
        }
    }
}

/// Which controller moved the table's cursor last (its number is drawn beside the cursor), or
/// `None` when the keyboard did.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CursorHand(pub Option<u8>);

/// Where the badge with the number of the controller that moved the cursor goes while the
/// cursor shows, and its diameter (world units): each game puts it at its cursor's corner.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct CursorSpot(pub Option<(Vec2, f32)>);

/// How far the stick must lean to count as a direction.
const STICK_LEAN: f32 = 0.5;
/// A direction held this long starts to repeat ...
const REPEAT_AFTER: Duration = Duration::from_millis(400);
/// ... every this often.
const REPEAT_EVERY: Duration = Duration::from_millis(150);

/// A direction one controller holds, and when it next steps again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Held {
    direction: IVec2,
    next_step: Duration,
}

/// The direction a controller points: the d-pad, or the left stick leaning far enough (its
/// stronger axis), as a screen step (x right, y up).
fn pointing(pad: &Gamepad) -> IVec2 {
    let pad_direction = [
        (GamepadButton::DPadLeft, IVec2::NEG_X),
        (GamepadButton::DPadRight, IVec2::X),
        (GamepadButton::DPadUp, IVec2::Y),
        (GamepadButton::DPadDown, IVec2::NEG_Y),
    ]
    .into_iter()
    .find(|(button, _)| pad.pressed(*button))
    .map(|(_, step)| step);
    if let Some(step) = pad_direction {
        return step;
    }
    let x = pad.get(GamepadAxis::LeftStickX).unwrap_or(0.0);
    let y = pad.get(GamepadAxis::LeftStickY).unwrap_or(0.0);
    if x.abs().max(y.abs()) < STICK_LEAN {
        IVec2::ZERO
    } else if x.abs() >= y.abs() {
        IVec2::new(x.signum() as i32, 0)
    } else {
        IVec2::new(0, y.signum() as i32)
    }
}

/// The steps a controller takes this frame: one when a direction is first pointed, then
/// repeats while it is held.
fn steps(held: &mut Option<Held>, direction: IVec2, now: Duration) -> Option<IVec2> {
    if direction == IVec2::ZERO {
        *held = None;
        return None;
    }
    match held {
        Some(was) if was.direction == direction => {
            if now < was.next_step {
                return None;
            }
            was.next_step = now + REPEAT_EVERY;
        }
        _ => {
            *held = Some(Held {
                direction,
                next_step: now + REPEAT_AFTER,
            });
        }
    }
    Some(direction)
}

pub(super) fn logic_plugin(app: &mut App) {
    app.init_resource::<GamepadSlots>()
        .init_resource::<CursorHand>()
        .init_resource::<CursorSpot>()
        .init_resource::<SeatPads>()
        .add_systems(
            Update,
            (
                number_pads,
                say_seat_pads.run_if(resource_changed::<SeatPads>),
                pads_at_the_table
                    .run_if(in_state(Screen::Playing))
                    .after(number_pads),
            )
                .in_set(ClientSet::Input),
        );
}

/// Numbers controllers as they are plugged in and frees the numbers of those unplugged.
fn number_pads(
    plugged: Query<Entity, Added<Gamepad>>,
    mut unplugged: RemovedComponents<Gamepad>,
    mut slots: ResMut<GamepadSlots>,
) {
    for pad in unplugged.read() {
        slots.unplug(pad);
    }
    for pad in &plugged {
        slots.plug(pad);
    }
}

/// Logs which controller plays each seat (the browser test reads it).
fn say_seat_pads(pads: Res<SeatPads>) {
    info!("controllers of the seats: {:?}", *pads);
}

/// At the table: Start opens the menu; the d-pad or stick, South and East are gestures for the
/// seat to move, from a controller that may play it. A finished game's buttons take focus
/// moves instead (see `pads_drive_menus`).
#[allow(clippy::too_many_arguments)]
fn pads_at_the_table(
    pads: Query<(Entity, &Gamepad)>,
    (slots, seats, pad_seats, status): (
        Res<GamepadSlots>,
        Res<Seats>,
        Res<SeatPads>,
        Res<MatchStatus>,
    ),
    time: Res<Time>,
    mut held: Local<HashMap<Entity, Option<Held>>>,
    mut hand: ResMut<CursorHand>,
    mut next: ResMut<NextState<Screen>>,
    mut gestures: MessageWriter<TableGesture>,
) {
    for (entity, pad) in &pads {
        let Some(number) = slots.number(entity) else {
            continue;
        };
        if pad.just_pressed(GamepadButton::Start) {
            next.set(Screen::Title);
        }
        let held = held.entry(entity).or_default();
        let step = steps(held, pointing(pad), time.elapsed());
        let plays = !status.over && pad_seats.may_act(&seats, status.to_move, number);
        if !plays {
            continue;
        }
        let mut acted = false;
        if let Some(step) = step {
            gestures.write(TableGesture::Step(step));
            acted = true;
        }
        if pad.just_pressed(GamepadButton::South) {
            gestures.write(TableGesture::Confirm);
            acted = true;
        }
        if pad.just_pressed(GamepadButton::East) {
            gestures.write(TableGesture::Cancel);
            acted = true;
        }
        if acted {
            hand.set_if_neq(CursorHand(Some(number)));
        }
    }
}

/// The menus and a finished game's buttons: a controller moves egui's focus (the d-pad or
/// stick as the arrow keys, the first press as Tab), South presses the focused button as Enter
/// does, East goes back as Escape does.
fn pads_drive_menus(
    pads: Query<(Entity, &Gamepad)>,
    (screen, status): (Res<State<Screen>>, Res<MatchStatus>),
    time: Res<Time>,
    mut contexts: EguiContexts,
    context: Query<Entity, With<PrimaryEguiContext>>,
    mut held: Local<HashMap<Entity, Option<Held>>>,
    mut keys: MessageWriter<EguiInputEvent>,
) {
    if pads.is_empty() {
        return;
    }
    let in_menus = *screen.get() == Screen::Title || status.over;
    let (Ok(context), Ok(ctx)) = (context.single(), contexts.ctx_mut()) else {
        return;
    };
    for (entity, pad) in &pads {
        let held = held.entry(entity).or_default();
        let step = steps(held, pointing(pad), time.elapsed());
        if !in_menus {
            continue;
        }
        let focused = ctx.memory(|memory| memory.focused().is_some());
        let arrow = |step: IVec2| match (step.x, step.y) {
            (-1, _) => egui::Key::ArrowLeft,
            (1, _) => egui::Key::ArrowRight,
            (_, 1) => egui::Key::ArrowUp,
            _ => egui::Key::ArrowDown,
        };
        let pressed = [
            step.map(|step| if focused { arrow(step) } else { egui::Key::Tab }),
            pad.just_pressed(GamepadButton::South)
                .then_some(egui::Key::Enter),
            pad.just_pressed(GamepadButton::East)
                .then_some(egui::Key::Escape),
        ];
        for key in pressed.into_iter().flatten() {
            for down in [true, false] {
                keys.write(EguiInputEvent {
                    context,
                    event: egui::Event::Key {
                        key,
                        physical_key: None,
                        pressed: down,
                        repeat: false,
                        modifiers: egui::Modifiers::NONE,
                    },
                });
            }
        }
    }
}

/// The number of the controller at the cursor.
#[derive(Component)]
struct CursorBadge;

/// The badge's disc, drawn once.
#[derive(Resource)]
struct BadgeDisc(Handle<Image>);

impl FromWorld for BadgeDisc {
    fn from_world(world: &mut World) -> BadgeDisc {
        let image = paint(UVec2::splat(64), |p| white(fill(p.length() - 31.5)));
        BadgeDisc(world.resource_mut::<Assets<Image>>().add(image))
    }
}

/// Draws the number of the controller that moved the cursor beside the cursor.
fn draw_cursor_badge(
    mut commands: Commands,
    (hand, spot): (Res<CursorHand>, Res<CursorSpot>),
    (disc, colours): (Res<BadgeDisc>, Res<TablePalette>),
    badges: Query<Entity, With<CursorBadge>>,
) {
    if !hand.is_changed() && !spot.is_changed() && !colours.is_changed() {
        return;
    }
    for badge in &badges {
        commands.entity(badge).despawn();
    }
    let (Some(number), Some((at, diameter))) = (hand.0, spot.0) else {
        return;
    };
    commands
        .spawn((
            CursorBadge,
            Name::new(format!("Controller {number} at the cursor")),
            Sprite {
                image: disc.0.clone(),
                color: colours.markers.cursor.bevy(),
                custom_size: Some(Vec2::splat(diameter)),
                ..default()
            },
            Transform::from_translation(at.extend(z::FX - 1.0)),
        ))
        .with_child((
            Label::new(
                number.to_string(),
                diameter * 0.72,
                Color::srgb(0.08, 0.08, 0.1),
            ),
            Transform::from_xyz(0.0, 0.0, 0.1),
        ));
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BadgeDisc>()
        .add_systems(
            PreUpdate,
            pads_drive_menus
                .after(InputSystems)
                .in_set(EguiInputSet::ReadBevyMessages),
        )
        .add_systems(Update, draw_cursor_badge.in_set(ClientSet::Present));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controllers_keep_their_numbers_and_a_freed_number_is_taken_again() {
        let mut slots = GamepadSlots::default();
        let [a, b, c] = [1, 2, 3].map(Entity::from_raw_u32).map(Option::unwrap);
        slots.plug(a);
        slots.plug(b);
        slots.plug(a);
        assert_eq!((slots.number(a), slots.number(b)), (Some(1), Some(2)));
        slots.unplug(a);
        assert_eq!(slots.number(a), None);
        assert_eq!(slots.numbers().collect::<Vec<_>>(), [2]);
        slots.plug(c);
        assert_eq!(slots.number(c), Some(1));
        slots.unplug(b);
        slots.unplug(c);
        assert_eq!(slots, GamepadSlots::default());
    }

    #[test]
    fn a_held_direction_steps_once_then_repeats() {
        let ms = Duration::from_millis;
        let mut held = None;
        assert_eq!(steps(&mut held, IVec2::X, ms(0)), Some(IVec2::X));
        assert_eq!(steps(&mut held, IVec2::X, ms(100)), None);
        assert_eq!(steps(&mut held, IVec2::X, ms(400)), Some(IVec2::X));
        assert_eq!(steps(&mut held, IVec2::X, ms(500)), None);
        assert_eq!(steps(&mut held, IVec2::X, ms(550)), Some(IVec2::X));
        // Another direction steps at once; letting go stops.
        assert_eq!(steps(&mut held, IVec2::Y, ms(560)), Some(IVec2::Y));
        assert_eq!(steps(&mut held, IVec2::ZERO, ms(570)), None);
        assert_eq!(steps(&mut held, IVec2::Y, ms(580)), Some(IVec2::Y));
    }
}
