//! The markers on a board of points — the last move, the game's glow (a general in check, the
//! Ruler to move), a lesson's points, hover, cursor, the selection and its destinations — and
//! the images they are drawn with.

use super::game::{BoardPlay, PointsBoard};
use super::input::{Cursor, Hover, Selection};
use crate::client::lessons::Highlights;
use crate::client::matches::on_table_any;
use crate::client::play::ComputerWords;
use crate::client::table_colours::TablePalette;
use crate::client::tabletop::paint::{fill, paint, rounded_box, size_of, stroke, white};
use crate::client::tabletop::{CursorSpot, TableArt, TableView, on_table_of};
use crate::client::{ClientSet, Screen};
use bevy::prelude::*;
use std::marker::PhantomData;

/// Draw order of the markers: above the board's lines, under the pieces.
const Z_MARK: f32 = 5.0;

/// The images a board's markers are drawn with, sized to its pieces.
#[derive(Resource)]
struct MarkerArt<B: PointsBoard> {
    /// A ring around a point's piece.
    ring: Handle<Image>,
    /// A small dot, for destinations.
    dot: Handle<Image>,
    /// A soft glow.
    glow: Handle<Image>,
    board: PhantomData<B>,
}

/// The images of `B`'s markers, made once for every game played on it.
pub(super) fn board_plugin<B: PointsBoard>(app: &mut App) {
    app.add_systems(PreStartup, create_art::<B>);
}

pub(super) fn plugin<G: BoardPlay>(app: &mut App) {
    app.add_systems(
        Update,
        update_markers::<G>
            .distributive_run_if(on_table_any(G::KINDS))
            .in_set(ClientSet::Present),
    );
}

fn create_art<B: PointsBoard>(
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    table: Res<TableArt>,
) {
    let geometry = B::GEOMETRY;
    let (ring_pad, ring_out, ring_width) = geometry.ring;
    let (dot_size, dot_radius) = geometry.dot;
    let ring_size = geometry.piece + Vec2::splat(ring_pad);
    let edge = geometry.piece / 2.0 + Vec2::splat(ring_out);
    let ring = match geometry.corner {
        None => paint(size_of(ring_size), |p| {
            white(stroke(p.length() - edge.x, ring_width))
        }),
        Some(corner) => paint(size_of(ring_size), |p| {
            white(stroke(rounded_box(p, edge, corner), ring_width))
        }),
    };
    commands.insert_resource(MarkerArt::<B> {
        ring: images.add(ring),
        dot: images.add(paint(UVec2::splat(dot_size as u32), |p| {
            white(fill(p.length() - dot_radius))
        })),
        glow: table.glow.clone(),
        board: PhantomData,
    });
}

/// Markers on the board of `G`.
#[derive(Component)]
struct Marker<G: BoardPlay>(PhantomData<G>);

/// What the markers show.
#[derive(bevy::ecs::system::SystemParam)]
struct Marked<'w, G: BoardPlay> {
    model: Res<'w, G>,
    selection: Res<'w, Selection<<G as BoardPlay>::Board>>,
    hover: Res<'w, Hover<<G as BoardPlay>::Board>>,
    cursor: Res<'w, Cursor<<G as BoardPlay>::Board>>,
    table: Res<'w, TableView>,
    screen: Res<'w, State<Screen>>,
    highlights: Res<'w, Highlights<<G as ComputerWords>::Point>>,
    palette: Res<'w, TablePalette>,
}

fn update_markers<G: BoardPlay>(
    mut commands: Commands,
    art: Res<MarkerArt<G::Board>>,
    marked: Marked<G>,
    markers: Query<Entity, With<Marker<G>>>,
    mut spot: ResMut<CursorSpot>,
) {
    let changed = marked.model.is_changed()
        || marked.selection.is_changed()
        || marked.hover.is_changed()
        || marked.cursor.is_changed()
        || marked.table.is_changed()
        || marked.screen.is_changed()
        || marked.highlights.is_changed()
        || marked.palette.is_changed();
    if !changed {
        return;
    }
    // A controller's number goes at the cursor's upper left.
    let geometry = G::Board::GEOMETRY;
    let piece = geometry.piece;
    spot.set_if_neq(CursorSpot(
        (*marked.screen.get() == Screen::Playing && marked.cursor.visible).then(|| {
            let centre = G::Board::point_to_world(marked.cursor.point, marked.table.turned());
            (centre + Vec2::new(-piece.x, piece.y) * 0.42, piece.y * 0.5)
        }),
    ));
    for entity in &markers {
        commands.entity(entity).despawn();
    }
    let turned = marked.table.turned();
    let mut mark = |image: &Handle<Image>, point: G::Point, colour: Color, z: f32| {
        let glow = image == &art.glow;
        commands.spawn((
            Marker::<G>(PhantomData),
            on_table_of(marked.model.kind()),
            Name::new("Marker"),
            Sprite {
                image: image.clone(),
                color: colour,
                custom_size: geometry.glow.filter(|_| glow).map(Vec2::splat),
                ..default()
            },
            Transform::from_translation(G::Board::point_to_world(point, turned).extend(z)),
        ));
    };
    let model = &*marked.model;
    let colours = &marked.palette.markers;
    if let Some((from, to)) = model.last_marks() {
        let colour = colours.last_move.bevy();
        if let Some(from) = from {
            mark(&art.ring, from, colour.with_alpha(0.5), Z_MARK);
        }
        mark(&art.ring, to, colour.with_alpha(0.9), Z_MARK);
    }
    if let Some((point, colour)) = model.glow_at(&marked.palette) {
        mark(
            &art.glow,
            point,
            colour.bevy().with_alpha(0.9),
            Z_MARK - 0.5,
        );
    }
    if *marked.screen.get() != Screen::Playing {
        return;
    }
    // A lesson's points, until the learner moves.
    for &point in marked.highlights.at(model.plies()) {
        mark(
            &art.glow,
            point,
            colours.lesson_hint.bevy().with_alpha(0.8),
            Z_MARK - 0.4,
        );
    }
    if let Some(point) = marked.hover.0 {
        mark(
            &art.ring,
            point,
            colours.hover.bevy().with_alpha(0.7),
            Z_MARK + 0.1,
        );
    }
    if marked.cursor.visible {
        mark(
            &art.ring,
            marked.cursor.point,
            colours.cursor.bevy(),
            Z_MARK + 0.3,
        );
    }
    if let Some(from) = marked.selection.point {
        mark(&art.ring, from, colours.selected_piece.bevy(), Z_MARK + 0.2);
        for &to in &marked.selection.targets {
            if model.occupied(to) {
                mark(&art.ring, to, colours.target_attack.bevy(), 30.0);
            } else {
                mark(
                    &art.dot,
                    to,
                    colours.target_move.bevy().with_alpha(0.9),
                    Z_MARK + 0.2,
                );
            }
        }
    }
}
