//! The Junqi board: the drawing of the board itself (wood, posts, camps, headquarters, roads,
//! railways, the front and its mountains) and the art its pieces share. Its markers are the
//! board layer's (`client/points/`).

use super::layout::{BOARD, FACE, FILE_STEP, FRONT_GAP, JunqiBoard, POST, RANK_STEP, TILE};
use super::table::JunqiTable;
use crate::client::ClientSet;
use crate::client::matches::{TableGame, on_table_any};
use crate::client::points::PointsBoard;
use crate::client::tabletop::paint::{fill, mix, paint, rounded_box, size_of, stroke, white};
use crate::client::tabletop::{Label, TableView, frame_board, line, on_table_of};
use crate::client::theme::palette;
use crate::rules::junqi::{FILES, Point, RANKS};
use bevy::prelude::*;

/// Images shared by the board and the pieces (generated at start-up, no files).
#[derive(Resource, Clone)]
pub(super) struct Art {
    /// A white rounded rectangle the size of a tile.
    pub tile: Handle<Image>,
    /// A white rounded rectangle the size of a tile's face (inside its rim).
    pub face: Handle<Image>,
    /// The common back of face-down pieces (face-sized).
    pub back: Handle<Image>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, create_art);
}

/// `M`'s board: set up when `M` comes to the table, framed while it is there.
pub(super) fn table_plugin<M: JunqiTable>(app: &mut App) {
    for &kind in M::KINDS {
        app.add_systems(OnEnter(TableGame(kind)), (spawn_board, label_coordinates));
    }
    app.add_systems(
        Update,
        (
            frame_board(BOARD + Vec2::splat(24.0), RANK_STEP),
            label_coordinates.run_if(resource_changed::<TableView>),
        )
            .distributive_run_if(on_table_any(M::KINDS))
            .in_set(ClientSet::Present),
    );
}

// ---------------------------------------------------------------------------------------------
// Art

fn create_art(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let tile = images.add(paint(size_of(TILE), |p| {
        white(fill(rounded_box(p, TILE / 2.0, 7.0)))
    }));
    let face = images.add(paint(size_of(FACE), |p| {
        white(fill(rounded_box(p, FACE / 2.0, 5.0)))
    }));
    let back = images.add(paint(size_of(FACE), |p| {
        // A deep green back with a gold lattice and an inner border.
        let d = rounded_box(p, FACE / 2.0, 5.0);
        let lattice = {
            let u = (p.x + p.y) / 9.0;
            let v = (p.x - p.y) / 9.0;
            let line = |t: f32| ((t - t.round()).abs() * 9.0 - 0.6).clamp(0.0, 1.0);
            1.0 - line(u).min(line(v))
        };
        let border = stroke(d + 3.0, 1.5);
        let base = [0.10, 0.30, 0.24];
        let gold = [0.78, 0.64, 0.32];
        let colour = mix(mix(base, gold, lattice * 0.45), gold, border);
        [colour[0], colour[1], colour[2], fill(d)]
    }));
    commands.insert_resource(Art { tile, face, back });
}

// ---------------------------------------------------------------------------------------------
// The board

const Z_WOOD: f32 = 0.0;
const Z_BAND: f32 = 0.5;
const Z_ROAD: f32 = 1.0;
const Z_RAIL: f32 = 1.5;
const Z_POST: f32 = 2.0;

/// The board of the Junqi game on the table (the same for both).
fn spawn_board(
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    game: Res<State<TableGame>>,
) {
    let root = commands
        .spawn((
            Name::new("Board"),
            on_table_of(game.get().0),
            Transform::default(),
            Visibility::default(),
        ))
        .id();
    let mut parts: Vec<Entity> = Vec::new();
    spawn_wood(&mut commands, &mut images, &mut parts);
    spawn_front(&mut commands, &mut images, &mut parts);
    spawn_roads_and_railways(&mut commands, &mut parts);
    spawn_posts(&mut commands, &mut images, &mut parts);
    commands.entity(root).add_children(&parts);
}

/// Wood with a darker frame.
fn spawn_wood(commands: &mut Commands, images: &mut Assets<Image>, parts: &mut Vec<Entity>) {
    // Wood with a darker frame.
    let wood = images.add(paint(size_of(BOARD), |p| {
        let d = rounded_box(p, BOARD / 2.0, 22.0);
        let warp = 9.0 * ops::sin(p.x * 0.011 + 0.7)
            + 4.0 * ops::sin(p.x * 0.029 + 2.1)
            + 2.0 * ops::sin(p.x * 0.07);
        let grain = 0.5 + 0.5 * ops::sin((p.y + warp) * 0.085);
        let fine = 0.5 + 0.5 * ops::sin((p.y + warp * 1.7) * 0.61 + ops::sin(p.x * 0.05) * 2.0);
        let light = [0.90, 0.74, 0.50];
        let dark = [0.80, 0.62, 0.39];
        let mut c = mix(light, dark, grain * 0.55 + fine * 0.12);
        // Frame: a darker band along the edge with a thin inner line.
        let frame = 1.0 - fill(d + 16.0);
        c = mix(c, [0.55, 0.36, 0.19], frame * 0.85);
        c = mix(c, [0.36, 0.22, 0.10], stroke(d + 16.0, 2.0));
        [c[0], c[1], c[2], fill(d)]
    }));
    parts.push(commands.spawn(layer("Wood", wood, Z_WOOD)).id());
}

/// A flat layer of the board's art, centred on the table at depth `z`.
fn layer(name: &'static str, image: Handle<Image>, z: f32) -> impl Bundle {
    (
        Name::new(name),
        Sprite::from_image(image),
        Transform::from_xyz(0.0, 0.0, z),
    )
}

/// The front between ranks 6 and 7: a river-like band with two mountains.
fn spawn_front(commands: &mut Commands, images: &mut Assets<Image>, parts: &mut Vec<Entity>) {
    // The front: a river-like band between ranks 6 and 7, with two mountains.
    let band_size = Vec2::new(
        4.0 * FILE_STEP + POST.x + 20.0,
        RANK_STEP + FRONT_GAP - POST.y - 8.0,
    );
    let band = images.add(paint(size_of(band_size), |p| {
        let d = rounded_box(p, band_size / 2.0, 6.0);
        let wave = ops::sin(p.x * 0.16 + ops::sin(p.y * 0.5) * 1.2 + p.y * 0.9);
        let ripple = ((wave - 0.86) * 6.0).clamp(0.0, 1.0);
        let depth = 1.0 - (p.y.abs() / (band_size.y / 2.0));
        let mut c = mix([0.56, 0.74, 0.78], [0.40, 0.61, 0.70], depth);
        c = mix(c, [0.86, 0.94, 0.95], ripple * 0.6);
        c = mix(c, [0.30, 0.42, 0.42], stroke(d, 2.0));
        [c[0], c[1], c[2], fill(d)]
    }));
    parts.push(commands.spawn(layer("Front", band, Z_BAND)).id());
    let mountain_size = Vec2::new(86.0, band_size.y + 10.0);
    let mountain = images.add(paint(size_of(mountain_size), |p| {
        // Three peaks; the left faces are lit, the right ones shaded; snow on the tops.
        let peaks = [(-20.0, 6.0, 1.6), (3.0, 27.0, 1.4), (24.0, 2.0, 1.6)];
        let base = -mountain_size.y / 2.0 + 4.0;
        let mut best: Option<(f32, f32, f32)> = None;
        for (px, top, slope) in peaks {
            let height = top - (p.x - px).abs() * slope;
            if height > best.map_or(f32::MIN, |b| b.0) {
                best = Some((height, px, top));
            }
        }
        let (height, px, top) = best.expect("three peaks");
        let inside =
            fill(p.y - height) * fill(base - p.y) * fill(p.x.abs() - mountain_size.x / 2.0 + 1.0);
        let lit = p.x < px;
        let mut c = if lit {
            [0.55, 0.47, 0.36]
        } else {
            [0.40, 0.33, 0.25]
        };
        if p.y > top - 9.0 {
            c = mix(c, [0.97, 0.96, 0.93], 0.9);
        }
        c = mix(c, [0.25, 0.18, 0.11], stroke(p.y - height, 1.6));
        [c[0], c[1], c[2], inside]
    }));
    for file in [1u8, 3] {
        let x = (file as f32 - 2.0) * FILE_STEP;
        parts.push(
            commands
                .spawn((
                    Name::new("Mountain"),
                    Sprite::from_image(mountain.clone()),
                    Transform::from_xyz(x, 0.0, Z_POST + 0.2),
                ))
                .id(),
        );
    }
}

/// Roads, camp diagonals and railways (each connection once).
fn spawn_roads_and_railways(commands: &mut Commands, parts: &mut Vec<Entity>) {
    // Roads, camp diagonals and railways (each connection once).
    let rail_colour = palette::RAIL.bevy();
    for a in Point::all() {
        let pa = JunqiBoard::point_to_world(a, false);
        for &b in a.neighbours() {
            if b <= a {
                continue;
            }
            let pb = JunqiBoard::point_to_world(b, false);
            if a.rail_neighbours().contains(&b) {
                parts.push(commands.spawn(line(pa, pb, 6.0, rail_colour, Z_RAIL)).id());
                // Sleepers.
                let d = pb - pa;
                let length = d.length();
                let count = (length / 12.0).floor() as i32;
                let angle = d.y.atan2(d.x);
                for i in 1..count {
                    let at = pa + d * (i as f32 / count as f32);
                    parts.push(
                        commands
                            .spawn((
                                Name::new("Sleeper"),
                                Sprite::from_color(rail_colour, Vec2::new(3.0, 16.0)),
                                Transform::from_translation(at.extend(Z_RAIL))
                                    .with_rotation(Quat::from_rotation_z(angle)),
                            ))
                            .id(),
                    );
                }
            } else {
                parts.push(
                    commands
                        .spawn(line(
                            pa,
                            pb,
                            2.0,
                            palette::BOARD_INK.bevy().with_alpha(0.8),
                            Z_ROAD,
                        ))
                        .id(),
                );
            }
        }
    }
}

/// Posts, camps and headquarters.
fn spawn_posts(commands: &mut Commands, images: &mut Assets<Image>, parts: &mut Vec<Entity>) {
    // Posts, camps and headquarters.
    let post_fill = images.add(paint(size_of(POST), |p| {
        white(fill(rounded_box(p, POST / 2.0, 8.0)))
    }));
    let post_line = images.add(paint(size_of(POST), |p| {
        white(stroke(rounded_box(p, POST / 2.0, 8.0), 2.5))
    }));
    let camp_size = Vec2::splat(62.0);
    let camp_fill = images.add(paint(size_of(camp_size), |p| {
        white(fill(p.length() - 30.0))
    }));
    let camp_line = images.add(paint(size_of(camp_size), |p| {
        white(stroke(p.length() - 30.0, 2.5).max(stroke(p.length() - 25.0, 1.2)))
    }));
    let hq_size = Vec2::new(POST.x, POST.y + 8.0);
    let arch = |p: Vec2| {
        // A gate: a box whose top is a round arch.
        let body = rounded_box(
            p + Vec2::new(0.0, 6.0),
            Vec2::new(POST.x / 2.0, POST.y / 2.0 - 2.0),
            6.0,
        );
        let top = (p - Vec2::new(0.0, 2.0)) / Vec2::new(POST.x / 2.0, hq_size.y / 2.0 - 2.0);
        let dome = (top.length() - 1.0) * (hq_size.y / 2.0 - 2.0);
        body.min(dome)
    };
    let hq_fill = images.add(paint(size_of(hq_size), |p| white(fill(arch(p)))));
    let hq_line = images.add(paint(size_of(hq_size), |p| {
        // Outline, plus a small arch inside as the headquarters' marker.
        let centre = Vec2::new(0.0, -4.0);
        let arc = (1.0 - ((p - centre).length() - 13.0).abs()).clamp(0.0, 1.0)
            * (p.y - centre.y + 0.5).clamp(0.0, 1.0);
        let base = (1.0 - (p.y - centre.y).abs()).clamp(0.0, 1.0) * fill(p.x.abs() - 19.0);
        white(stroke(arch(p), 2.5).max(arc).max(base))
    }));
    let post_colour = palette::POST.bevy();
    for point in Point::all() {
        let at = JunqiBoard::point_to_world(point, false);
        let (fill_image, line_image) = if point.is_camp() {
            (camp_fill.clone(), camp_line.clone())
        } else if point.is_headquarters() {
            (hq_fill.clone(), hq_line.clone())
        } else {
            (post_fill.clone(), post_line.clone())
        };
        parts.push(
            commands
                .spawn((
                    Name::new(format!("Post {point}")),
                    Sprite {
                        image: fill_image,
                        color: post_colour,
                        ..default()
                    },
                    Transform::from_translation(at.extend(Z_POST)),
                ))
                .id(),
        );
        parts.push(
            commands
                .spawn((
                    Name::new(format!("Post outline {point}")),
                    Sprite {
                        image: line_image,
                        color: palette::BOARD_INK.bevy(),
                        ..default()
                    },
                    Transform::from_translation(at.extend(Z_POST + 0.1)),
                ))
                .id(),
        );
    }
}

/// File letters and rank numbers around the board (they follow the rotation).
#[derive(Component)]
struct CoordinateLabel;

fn label_coordinates(
    mut commands: Commands,
    (table, game): (Res<TableView>, Res<State<TableGame>>),
    labels: Query<Entity, With<CoordinateLabel>>,
) {
    for entity in &labels {
        commands.entity(entity).despawn();
    }
    let colour = palette::BOARD_INK.bevy().with_alpha(0.85);
    let mut label = |name: &'static str, text: String, x: f32, y: f32| {
        commands.spawn((
            CoordinateLabel,
            on_table_of(game.get().0),
            Name::new(name),
            Label::new(text, 16.0, colour),
            Transform::from_xyz(x, y, Z_POST + 0.3),
        ));
    };
    // Files below rank 1 and ranks left of file a (the other way round when rotated).
    let side = if table.turned() { 1.0 } else { -1.0 };
    for file in 0..FILES {
        let Some(point) = Point::new(file, 0) else {
            continue;
        };
        let at = JunqiBoard::point_to_world(point, table.turned());
        let y = at.y + side * (POST.y / 2.0 + 21.0);
        label("File label", ((b'a' + file) as char).to_string(), at.x, y);
    }
    for rank in 0..RANKS {
        let Some(point) = Point::new(0, rank) else {
            continue;
        };
        let at = JunqiBoard::point_to_world(point, table.turned());
        let x = at.x + side * (POST.x / 2.0 + 22.0);
        label("Rank label", (rank + 1).to_string(), x, at.y);
    }
}
