//! The table's camera: it shows the whole board of the game on the table, keeps clear of the
//! HUD panel, turns the table for the seat at the bottom and shakes when a [`Cue`] asks. On a
//! window too small to show the board at its full size, the player may zoom in and pan
//! ([`TableZoom`]).

use crate::client::cues::Cue;
use crate::client::matches::{MatchStatus, TableMode};
use crate::client::seats::Seats;
use crate::client::settings::Settings;
use crate::client::theme::camera_2d;
use crate::client::timeline::{AnimationSystems, animations_settled};
use crate::client::{ClientSet, Screen};
use crate::rules::Seat;
use bevy::camera::{ScalingMode, Viewport};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The camera that shows the table.
#[derive(Component)]
pub struct TableCamera;

/// The world-space size the camera must always show whole (the board with its frame).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct TableBounds(pub Vec2);

impl Default for TableBounds {
    fn default() -> TableBounds {
        TableBounds(Vec2::new(800.0, 900.0))
    }
}

/// The distance between neighbouring points of the board on the table (world units): how
/// small a point is under a finger.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct TablePitch(pub f32);

impl Default for TablePitch {
    fn default() -> TablePitch {
        TablePitch(60.0)
    }
}

/// A system that has the camera frame a board while it is on the table: `bounds`, the board
/// with its frame, always shown whole; `pitch`, the distance between its neighbouring points.
pub fn frame_board(
    bounds: Vec2,
    pitch: f32,
) -> impl FnMut(ResMut<TableBounds>, ResMut<TablePitch>) + Clone {
    move |mut shown, mut spacing| {
        shown.set_if_neq(TableBounds(bounds));
        spacing.set_if_neq(TablePitch(pitch));
    }
}

/// A world point the view should show: a zoomed-in table pans smoothly to bring it in (a
/// selected piece, the last move). Nothing moves when the whole table is in view.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct ShowOnTable(pub Vec2);

/// Which seat the table is drawn for: that seat's side of the board is at the bottom.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableView {
    /// The seat at the bottom of the screen.
    pub bottom: Seat,
}

/// The seat whose own view a game shows now, if one (a game that hides each side's pieces
/// from the other shows the mover's): that seat sits at the bottom whatever the setting.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatInView(pub Option<Seat>);

impl TableView {
    /// Whether a two-sided board is drawn turned by 180° (the second seat at the bottom).
    pub fn turned(&self) -> bool {
        self.bottom != Seat(0)
    }
}

/// Room the HUD takes at the right edge of the window (landscape) or at its bottom
/// (portrait), in logical pixels.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct HudInsets {
    /// The width of the panel at the right edge.
    pub right: f32,
    /// The height of the panel at the bottom edge.
    pub bottom: f32,
}

impl HudInsets {
    /// Where the middle of the table's part of the window is, from the window's middle.
    pub fn table_centre(&self) -> [f32; 2] {
        [-self.right / 2.0, -self.bottom / 2.0]
    }
}

/// How far the player has zoomed into the table and where the view's centre is (world units).
/// Zoom 1 shows the whole table; the camera allows zooming in only until the table is drawn at
/// its full size, so on a large window there is nothing to zoom.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct TableZoom {
    /// 1 or more.
    pub zoom: f32,
    /// The world point at the middle of the view.
    pub centre: Vec2,
}

impl Default for TableZoom {
    fn default() -> TableZoom {
        TableZoom {
            zoom: 1.0,
            centre: Vec2::ZERO,
        }
    }
}

impl TableZoom {
    /// The centre that brings `point` into the middle part of the view (within `margin`, a
    /// fraction of the view's half size) of a table of `bounds`, moving as little as it can;
    /// none when it is already there.
    pub fn centre_showing(&self, point: Vec2, bounds: Vec2, margin: f32) -> Option<Vec2> {
        let half_view = bounds / 2.0 / self.zoom * margin;
        let off = point - self.centre;
        let shift = off - off.clamp(-half_view, half_view);
        let reach = bounds / 2.0 * (1.0 - 1.0 / self.zoom);
        let centre = (self.centre + shift).clamp(-reach, reach);
        (centre != self.centre).then_some(centre)
    }

    /// Zooms by `factor` keeping the world point `anchor` where it is on the screen.
    pub fn zoom_about(&mut self, anchor: Vec2, factor: f32) {
        let zoom = (self.zoom * factor).max(1.0);
        self.centre = anchor + (self.centre - anchor) * (self.zoom / zoom);
        self.zoom = zoom;
    }

    /// This zoom held within `max_zoom`, with the view inside the table of `bounds`.
    fn clamped(self, bounds: Vec2, max_zoom: f32) -> TableZoom {
        let zoom = self.zoom.clamp(1.0, max_zoom.max(1.0));
        let reach = bounds / 2.0 * (1.0 - 1.0 / zoom);
        TableZoom {
            zoom,
            centre: self.centre.clamp(-reach, reach),
        }
    }
}

/// Where the view is panning to, after a [`ShowOnTable`].
#[derive(Resource, Clone, Copy, Debug, Default)]
struct PanTarget(Option<Vec2>);

/// Camera shake, 0–1; cues raise it, it fades by itself.
#[derive(Resource, Clone, Copy, Debug, Default)]
struct CameraShake(f32);

pub(super) fn logic_plugin(app: &mut App) {
    app.init_resource::<TableView>()
        .init_resource::<SeatInView>()
        .add_systems(
            Update,
            // After the animations have started, so the table turns only once they are over.
            choose_orientation
                .in_set(ClientSet::Animate)
                .after(AnimationSystems)
                .run_if(animations_settled),
        );
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HudInsets>()
        .init_resource::<TableBounds>()
        .init_resource::<CameraShake>()
        .init_resource::<TableZoom>()
        .init_resource::<TablePitch>()
        .init_resource::<PanTarget>()
        .add_systems(PreStartup, spawn_camera)
        .add_systems(OnEnter(Screen::Title), (clear_insets, reset_zoom))
        .add_systems(
            Update,
            (
                shake_on_cues,
                reset_zoom.run_if(resource_changed::<TableBounds>),
                (
                    fit_camera_to_table,
                    fit_camera_viewport,
                    pan_to_show,
                    zoom_camera,
                    shake_camera,
                )
                    .chain(),
            )
                .in_set(ClientSet::Present),
        );
}

/// Decides which seat sits at the bottom (see [`Seats::bottom_seat`]); the demonstration is
/// always seen from the first seat.
fn choose_orientation(
    (status, mode): (Res<MatchStatus>, Res<State<TableMode>>),
    seats: Res<Seats>,
    settings: Res<Settings>,
    in_view: Res<SeatInView>,
    mut view: ResMut<TableView>,
) {
    let bottom = if *mode.get() == TableMode::Attract {
        Seat(0)
    } else if let Some(seat) = in_view.0 {
        seat
    } else {
        seats.bottom_seat(status.to_move, settings.rotate_board)
    };
    view.set_if_neq(TableView { bottom });
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((camera_2d("Table camera"), TableCamera));
}

/// Keeps the whole table in view whatever the window's shape.
fn fit_camera_to_table(
    bounds: Res<TableBounds>,
    mut projection: Single<&mut Projection, With<TableCamera>>,
) {
    if !bounds.is_changed() {
        return;
    }
    **projection = Projection::Orthographic(OrthographicProjection {
        scaling_mode: ScalingMode::AutoMin {
            min_width: bounds.0.x,
            min_height: bounds.0.y,
        },
        ..OrthographicProjection::default_2d()
    });
}

fn clear_insets(mut insets: ResMut<HudInsets>) {
    insets.set_if_neq(HudInsets::default());
}

/// A new table, or the title screen, starts with the whole table in view.
fn reset_zoom(mut zoom: ResMut<TableZoom>, mut target: ResMut<PanTarget>) {
    zoom.set_if_neq(TableZoom::default());
    target.0 = None;
}

/// Pans a zoomed-in view towards what it was asked to show, smoothly (a quarter of a second);
/// a pan or a zoom by the player meanwhile wins.
fn pan_to_show(
    time: Res<Time>,
    bounds: Res<TableBounds>,
    mut asked: MessageReader<ShowOnTable>,
    mut zoom: ResMut<TableZoom>,
    mut target: ResMut<PanTarget>,
    mut last: Local<Option<TableZoom>>,
) {
    if last.is_some_and(|last| last != *zoom) {
        target.0 = None;
    }
    if let Some(ShowOnTable(point)) = asked.read().last()
        && zoom.zoom > 1.0
    {
        target.0 = zoom.centre_showing(*point, bounds.0, 0.7).or(target.0);
    }
    if let Some(goal) = target.0 {
        let step = 1.0 - (-time.delta_secs() * 12.0).exp();
        let centre = zoom.centre.lerp(goal, step);
        zoom.centre = if centre.distance(goal) < 0.5 {
            target.0 = None;
            goal
        } else {
            centre
        };
    }
    *last = Some(*zoom);
}

/// Applies the player's zoom, within what the window allows: at most until one world unit
/// takes one logical pixel.
fn zoom_camera(
    bounds: Res<TableBounds>,
    mut zoom: ResMut<TableZoom>,
    camera: Single<(&Camera, &mut Projection), With<TableCamera>>,
) {
    let (camera, mut projection) = camera.into_inner();
    let Some(view) = camera
        .logical_viewport_size()
        .filter(|v| v.min_element() > 0.0)
    else {
        return;
    };
    let world_per_pixel = (bounds.0 / view).max_element();
    let clamped = zoom.clamped(bounds.0, world_per_pixel);
    zoom.set_if_neq(clamped);
    if let Projection::Orthographic(orthographic) = &mut *projection {
        let scale = 1.0 / clamped.zoom;
        if orthographic.scale != scale {
            orthographic.scale = scale;
        }
    }
}

/// Keeps the table camera's viewport clear of the HUD panel.
fn fit_camera_viewport(
    insets: Res<HudInsets>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut camera: Single<&mut Camera, With<TableCamera>>,
) {
    let scale = window.scale_factor();
    let size = UVec2::new(window.physical_width(), window.physical_height());
    let right = (insets.right * scale) as u32;
    let bottom = (insets.bottom * scale) as u32;
    let wanted = ((right > 0 || bottom > 0) && size.x > right + 16 && size.y > bottom + 16)
        .then(|| UVec2::new(size.x - right, size.y - bottom));
    if camera.viewport.as_ref().map(|v| v.physical_size) != wanted {
        camera.viewport = wanted.map(|physical_size| Viewport {
            physical_position: UVec2::ZERO,
            physical_size,
            ..default()
        });
    }
}

fn shake_on_cues(
    mut cues: MessageReader<Cue>,
    mut shake: ResMut<CameraShake>,
    mode: Res<State<TableMode>>,
) {
    for cue in cues.read() {
        if cue.shake > 0.0 && *mode.get() != TableMode::Attract {
            shake.0 = (shake.0 + cue.shake).min(1.0);
        }
    }
}

fn shake_camera(
    time: Res<Time>,
    zoom: Res<TableZoom>,
    mut shake: ResMut<CameraShake>,
    mut camera: Single<&mut Transform, With<TableCamera>>,
) {
    let t = time.elapsed_secs();
    let strength = shake.0 * shake.0 * 14.0;
    let offset = Vec2::new(ops::sin(t * 61.0), ops::cos(t * 53.0)) * strength;
    camera.translation.x = zoom.centre.x + offset.x;
    camera.translation.y = zoom.centre.y + offset.y;
    if shake.0 > 0.0 {
        shake.0 = (shake.0 - time.delta_secs() * 1.8).max(0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zoom_stays_inside_the_table_and_the_window_allows() {
        let bounds = Vec2::new(800.0, 800.0);
        let mut zoom = TableZoom::default();
        zoom.zoom_about(Vec2::new(400.0, 400.0), 4.0);
        assert_eq!(zoom.zoom, 4.0);
        let held = zoom.clamped(bounds, 2.0);
        assert_eq!(held.zoom, 2.0);
        assert_eq!(held.centre, Vec2::new(200.0, 200.0));
        // Zooming out past the whole table stops there, centred.
        let mut out = held;
        out.zoom_about(Vec2::ZERO, 0.1);
        assert_eq!(out.clamped(bounds, 2.0), TableZoom::default());
        // A window showing the table at full size allows no zoom.
        assert_eq!(held.clamped(bounds, 0.8).zoom, 1.0);
    }

    #[test]
    fn a_zoomed_view_pans_just_enough_to_show_a_point() {
        let bounds = Vec2::new(800.0, 800.0);
        let zoom = TableZoom {
            zoom: 2.0,
            centre: Vec2::ZERO,
        };
        // The view shows ±200 around its centre; its middle part (0.7) ±140.
        assert_eq!(
            zoom.centre_showing(Vec2::new(100.0, -50.0), bounds, 0.7),
            None
        );
        assert_eq!(
            zoom.centre_showing(Vec2::new(300.0, 0.0), bounds, 0.7),
            Some(Vec2::new(160.0, 0.0))
        );
        // Never past the table's edge.
        assert_eq!(
            zoom.centre_showing(Vec2::new(0.0, -900.0), bounds, 0.7),
            Some(Vec2::new(0.0, -200.0))
        );
        // The whole table in view: nothing to pan.
        let whole = TableZoom::default();
        assert_eq!(
            whole.centre_showing(Vec2::new(390.0, 0.0), bounds, 0.7),
            None
        );
    }
}
