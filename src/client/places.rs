//! Where things are on the screen, by name: the menus' and the HUD's buttons and fields, and
//! the points of the board on the table. The browser test reads them from the page and clicks
//! by name, so that moving a menu does not break it. In the browser they are published only
//! when the page's address asks (`?places`), as `window.__kawuPlaces`: a JSON object of name
//! → `[x, y, width, height]`, the centre and size in the canvas's CSS pixels.

use super::tabletop::TableCamera;
use super::theme::{UiSet, take_named_widgets};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use std::collections::BTreeMap;

/// Whether places are collected at all (the browser test's page asks for them).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlacesWanted(pub bool);

/// The named places of this frame, in logical pixels: the centre and the size.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Places {
    /// Widgets of the menus and the HUD.
    widgets: BTreeMap<String, [f32; 4]>,
    /// The board's points (`point e3`).
    points: BTreeMap<String, [f32; 4]>,
}

/// The board's points in the world, as the game on the table names them: the name, the
/// centre and the width of what covers it. Each game fills it while it is on the table.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct BoardPoints(pub Vec<(String, Vec2, f32)>);

impl BoardPoints {
    /// Each of `points` at `world(point)`, named `point <name>`, covered by a piece `width`
    /// wide.
    pub fn of<P: std::fmt::Display>(
        points: impl Iterator<Item = P>,
        world: impl Fn(&P) -> Vec2,
        width: f32,
    ) -> BoardPoints {
        BoardPoints(
            points
                .map(|point| (format!("point {point}"), world(&point), width))
                .collect(),
        )
    }
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(PlacesWanted(page_asks_for_places()))
        .init_resource::<Places>()
        .init_resource::<BoardPoints>()
        .add_systems(
            EguiPrimaryContextPass,
            collect_widgets
                .after(UiSet::Dialogs)
                .run_if(resource_equals(PlacesWanted(true))),
        )
        .add_systems(
            PostUpdate,
            (place_points, publish)
                .chain()
                .after(bevy::transform::TransformSystems::Propagate)
                .run_if(resource_equals(PlacesWanted(true))),
        );
}

/// `?places` in the page's address (the browser test's).
fn page_asks_for_places() -> bool {
    #[cfg(target_arch = "wasm32")]
    if let Some(search) = web_sys::window().and_then(|window| window.location().search().ok()) {
        return search
            .trim_start_matches('?')
            .split('&')
            .any(|pair| pair == "places");
    }
    false
}

/// The widgets this pass named replace the last pass's.
fn collect_widgets(
    mut contexts: EguiContexts,
    window: Single<&Window, With<PrimaryWindow>>,
    mut places: ResMut<Places>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let named = take_named_widgets(ctx);
    // egui points to logical pixels.
    let scale = ctx.pixels_per_point() / window.scale_factor();
    let widgets = named
        .into_iter()
        .map(|(name, rect)| {
            let centre = rect.center();
            let size = rect.size();
            (
                name,
                [centre.x, centre.y, size.x, size.y].map(|value| value * scale),
            )
        })
        .collect();
    if places.widgets != widgets {
        places.widgets = widgets;
    }
    Ok(())
}

/// The board's points as the table camera shows them now.
fn place_points(
    board: Res<BoardPoints>,
    camera: Single<(&Camera, &GlobalTransform), With<TableCamera>>,
    mut places: ResMut<Places>,
) {
    let (camera, transform) = *camera;
    let on_screen = |world: Vec2| camera.world_to_viewport(transform, world.extend(0.0)).ok();
    let points = board
        .0
        .iter()
        .filter_map(|(name, world, width)| {
            let centre = on_screen(*world)?;
            let edge = on_screen(*world + Vec2::X * width / 2.0)?;
            let side = 2.0 * (edge.x - centre.x).abs();
            Some((name.clone(), [centre.x, centre.y, side, side]))
        })
        .collect();
    if places.points != points {
        places.points = points;
    }
}

/// The page learns the places when they change.
fn publish(places: Res<Places>) {
    if !places.is_changed() {
        return;
    }
    let all: BTreeMap<&str, [f32; 4]> = places
        .widgets
        .iter()
        .chain(&places.points)
        .map(|(name, place)| (name.as_str(), place.map(|value| value.round())))
        .collect();
    let Ok(json) = serde_json::to_string(&all) else {
        return;
    };
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window() {
        let set =
            web_sys::js_sys::Reflect::set(&window, &"__kawuPlaces".into(), &json.as_str().into());
        if set.is_err() {
            warn!("the page refused its places");
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    debug!("places: {json}");
}
