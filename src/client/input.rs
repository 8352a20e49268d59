//! Input: mouse, keyboard and gamepad become [`BoardCommand`]s; board commands become game
//! requests (flip, select, move). Tests feed board commands directly.

use super::board::{BoardView, point_at};
use super::game::{ActionPlayed, ActiveGame, BoardReset, GameRequest};
use super::seats::{Controller, Seats};
use super::{ClientSet, Screen};
use crate::rules::PointSet;
use crate::rules::junqi::{Action, Cell, FILES, Point, RANKS};
use bevy::prelude::*;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};

/// What a player does on the board, whatever the device.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardCommand {
    /// The player pointed at this point and confirmed: flip it, select the piece on it, or move
    /// the selected piece there.
    Select(Point),
    /// Drop the selection.
    Cancel,
}

/// The selected piece and its legal destinations.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The selected piece's point.
    pub point: Option<Point>,
    /// Its legal destinations (from the rules).
    pub targets: PointSet<Point>,
}

/// The point under the mouse.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hover(pub Option<Point>);

/// The keyboard and gamepad cursor; shown once an arrow key or the d-pad is used.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyCursor {
    /// Where the cursor is.
    pub point: Point,
    /// Whether it is shown.
    pub visible: bool,
}

impl Default for KeyCursor {
    fn default() -> KeyCursor {
        KeyCursor {
            point: Point::new(2, 3).expect("c4 is on the board"),
            visible: false,
        }
    }
}

pub(super) fn logic_plugin(app: &mut App) {
    app.add_message::<BoardCommand>()
        .init_resource::<Selection>()
        .add_systems(
            Update,
            (
                handle_board_commands.in_set(ClientSet::Command),
                clear_stale_selection.in_set(ClientSet::Animate),
            ),
        );
}

/// Whether a left click may act on the board: not until the button has been seen up once since
/// the board was rebuilt, so the click on a menu button that starts a game (whose release can
/// arrive with the new board already in place) never lands on the board as well.
#[derive(Resource, Default)]
struct ClicksArmed(bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hover>()
        .init_resource::<KeyCursor>()
        .init_resource::<ClicksArmed>()
        .add_systems(Update, arm_clicks.in_set(ClientSet::Input))
        .add_systems(
            Update,
            (
                (track_hover, click_board)
                    .chain()
                    .after(arm_clicks)
                    .run_if(not(egui_wants_any_pointer_input)),
                (keyboard_commands, gamepad_commands).run_if(not(egui_wants_any_keyboard_input)),
            )
                .run_if(in_state(Screen::Playing))
                .in_set(ClientSet::Input),
        );
}

/// Whether a person at this device may act now.
fn local_turn(active: &ActiveGame, seats: &Seats) -> bool {
    !active.attract
        && active.game.outcome().is_none()
        && seats.0[active.player_to_move()] == Controller::Local
}

fn handle_board_commands(
    mut commands: MessageReader<BoardCommand>,
    active: Res<ActiveGame>,
    seats: Res<Seats>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<GameRequest>,
) {
    for &command in commands.read() {
        let point = match command {
            BoardCommand::Cancel => {
                selection.set_if_neq(Selection::default());
                continue;
            }
            BoardCommand::Select(point) => point,
        };
        if !local_turn(&active, &seats) {
            continue;
        }
        let view = active.game.view();
        if let Some(from) = selection.point
            && selection.targets.contains(point)
        {
            requests.write(GameRequest::play(Action::Move { from, to: point }, &active));
            *selection = Selection::default();
            continue;
        }
        match view.cell(point) {
            Cell::Hidden => {
                requests.write(GameRequest::play(Action::Flip(point), &active));
                *selection = Selection::default();
            }
            Cell::Up(piece)
                if Some(piece.color) == view.side_to_move() && selection.point != Some(point) =>
            {
                *selection = Selection {
                    point: Some(point),
                    targets: view.destinations(point),
                };
            }
            _ => {
                selection.set_if_neq(Selection::default());
            }
        }
    }
}

/// A selection never outlives the position it was made in.
fn clear_stale_selection(
    mut played: MessageReader<ActionPlayed>,
    mut resets: MessageReader<BoardReset>,
    mut selection: ResMut<Selection>,
) {
    let changed = played.read().count() + resets.read().count() > 0;
    if changed {
        selection.set_if_neq(Selection::default());
    }
}

/// The board point under the mouse pointer, if any.
fn pointer_point(
    window: &Window,
    camera: &Camera,
    camera_transform: &GlobalTransform,
    board_view: &BoardView,
) -> Option<Point> {
    let cursor = window.cursor_position()?;
    let world = camera.viewport_to_world_2d(camera_transform, cursor).ok()?;
    point_at(world, board_view.rotated)
}

fn track_hover(
    window: Single<&Window>,
    camera: Single<(&Camera, &GlobalTransform), With<super::board::BoardCamera>>,
    board_view: Res<BoardView>,
    mut hover: ResMut<Hover>,
) {
    let (camera, transform) = *camera;
    hover.set_if_neq(Hover(pointer_point(
        &window,
        camera,
        transform,
        &board_view,
    )));
}

/// Disarms board clicks when the board is rebuilt; arms them once the left button is up.
fn arm_clicks(
    mouse: Res<ButtonInput<MouseButton>>,
    mut resets: MessageReader<BoardReset>,
    mut armed: ResMut<ClicksArmed>,
) {
    if resets.read().count() > 0 {
        armed.0 = false;
    } else if !mouse.pressed(MouseButton::Left) && !mouse.just_released(MouseButton::Left) {
        armed.0 = true;
    }
}

fn click_board(
    mouse: Res<ButtonInput<MouseButton>>,
    hover: Res<Hover>,
    armed: Res<ClicksArmed>,
    mut cursor: ResMut<KeyCursor>,
    mut commands: MessageWriter<BoardCommand>,
) {
    if !armed.0 {
        return;
    }
    if mouse.just_pressed(MouseButton::Right) {
        commands.write(BoardCommand::Cancel);
    }
    if mouse.just_pressed(MouseButton::Left) {
        match hover.0 {
            Some(point) => {
                cursor.point = point;
                cursor.visible = false;
                commands.write(BoardCommand::Select(point));
            }
            None => {
                commands.write(BoardCommand::Cancel);
            }
        }
    }
}

/// Moves the cursor one point in a screen direction (`dx` right, `dy` up).
fn step_cursor(cursor: &mut KeyCursor, dx: i32, dy: i32, rotated: bool) {
    if !cursor.visible {
        cursor.visible = true;
        return;
    }
    let (dx, dy) = if rotated { (-dx, -dy) } else { (dx, dy) };
    let file = (cursor.point.file() as i32 + dx).clamp(0, FILES as i32 - 1);
    let rank = (cursor.point.rank() as i32 + dy).clamp(0, RANKS as i32 - 1);
    if let Some(point) = Point::new(file as u8, rank as u8) {
        cursor.point = point;
    }
}

fn keyboard_commands(
    keys: Res<ButtonInput<KeyCode>>,
    board_view: Res<BoardView>,
    mut cursor: ResMut<KeyCursor>,
    mut commands: MessageWriter<BoardCommand>,
) {
    for (key, dx, dy) in [
        (KeyCode::ArrowLeft, -1, 0),
        (KeyCode::ArrowRight, 1, 0),
        (KeyCode::ArrowUp, 0, 1),
        (KeyCode::ArrowDown, 0, -1),
    ] {
        if keys.just_pressed(key) {
            step_cursor(&mut cursor, dx, dy, board_view.rotated);
        }
    }
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        if cursor.visible {
            commands.write(BoardCommand::Select(cursor.point));
        } else {
            cursor.visible = true;
        }
    }
    if keys.just_pressed(KeyCode::Escape) {
        commands.write(BoardCommand::Cancel);
    }
}

fn gamepad_commands(
    gamepads: Query<&Gamepad>,
    board_view: Res<BoardView>,
    mut cursor: ResMut<KeyCursor>,
    mut commands: MessageWriter<BoardCommand>,
) {
    for gamepad in &gamepads {
        for (button, dx, dy) in [
            (GamepadButton::DPadLeft, -1, 0),
            (GamepadButton::DPadRight, 1, 0),
            (GamepadButton::DPadUp, 0, 1),
            (GamepadButton::DPadDown, 0, -1),
        ] {
            if gamepad.just_pressed(button) {
                step_cursor(&mut cursor, dx, dy, board_view.rotated);
            }
        }
        if gamepad.just_pressed(GamepadButton::South) {
            if cursor.visible {
                commands.write(BoardCommand::Select(cursor.point));
            } else {
                cursor.visible = true;
            }
        }
        if gamepad.just_pressed(GamepadButton::East) {
            commands.write(BoardCommand::Cancel);
        }
    }
}
