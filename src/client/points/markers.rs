//! The markers on a board of points — the last move, the game's glow (a general in check, the
//! Ruler to move), hover, cursor, the selection and its destinations — and the images the
//! pieces and markers are drawn with.

use super::game::PointsMatch;
use super::input::{Cursor, Hover, Selection};
use crate::client::lessons::Highlights;
use crate::client::matches::on_table;
use crate::client::play::ComputerWords;
use crate::client::table_colours::TablePalette;
use crate::client::tabletop::paint::{fill, paint, stroke, white};
use crate::client::tabletop::{CursorSpot, TableArt, TableView, on_table_of};
use crate::client::{ClientSet, Screen};
use bevy::prelude::*;
use std::marker::PhantomData;

/// Draw order of the markers: above the board's lines, under the pieces.
const Z_MARK: f32 = 5.0;

/// The images a game's pieces and markers are drawn with, sized to its board.
#[derive(Resource)]
pub struct PointArt<G: PointsMatch> {
    /// A white disc the size of a piece.
    pub disc: Handle<Image>,
    /// A white ring inside a piece's edge.
    pub rim: Handle<Image>,
    /// A ring around a point, for markers.
    pub ring: Handle<Image>,
    /// A small dot, for destinations.
    pub dot: Handle<Image>,
    /// A soft glow.
    pub glow: Handle<Image>,
    game: PhantomData<G>,
}

pub(super) fn plugin<G: PointsMatch>(app: &mut App) {
    app.add_systems(PreStartup, create_art::<G>).add_systems(
        Update,
        update_markers::<G>
            .distributive_run_if(on_table(G::KIND))
            .in_set(ClientSet::Present),
    );
}

fn create_art<G: PointsMatch>(
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    table: Res<TableArt>,
) {
    let geometry = G::GEOMETRY;
    let radius = geometry.piece / 2.0;
    let size = UVec2::splat(geometry.piece as u32);
    let (rim_inset, rim_width) = geometry.rim;
    let (ring_pad, ring_out, ring_width) = geometry.ring;
    let (dot_size, dot_radius) = geometry.dot;
    commands.insert_resource(PointArt::<G> {
        disc: images.add(paint(size, |p| white(fill(p.length() - radius + 0.5)))),
        rim: images.add(paint(size, |p| {
            white(stroke(p.length() - radius + rim_inset, rim_width))
        })),
        ring: images.add(paint(
            UVec2::splat((geometry.piece + ring_pad) as u32),
            |p| white(stroke(p.length() - radius - ring_out, ring_width)),
        )),
        dot: images.add(paint(UVec2::splat(dot_size as u32), |p| {
            white(fill(p.length() - dot_radius))
        })),
        glow: table.glow.clone(),
        game: PhantomData,
    });
}

/// Markers on the board of `G`.
#[derive(Component)]
struct Marker<G: PointsMatch>(PhantomData<G>);

/// What the markers show.
#[derive(bevy::ecs::system::SystemParam)]
struct Marked<'w, G: PointsMatch> {
    model: Res<'w, G>,
    selection: Res<'w, Selection<G>>,
    hover: Res<'w, Hover<G>>,
    cursor: Res<'w, Cursor<G>>,
    table: Res<'w, TableView>,
    screen: Res<'w, State<Screen>>,
    highlights: Res<'w, Highlights<<G as ComputerWords>::Point>>,
    palette: Res<'w, TablePalette>,
}

fn update_markers<G: PointsMatch>(
    mut commands: Commands,
    art: Res<PointArt<G>>,
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
    let piece = G::GEOMETRY.piece;
    spot.set_if_neq(CursorSpot(
        (*marked.screen.get() == Screen::Playing && marked.cursor.visible).then(|| {
            let centre = G::point_to_world(marked.cursor.point, marked.table.turned());
            (centre + Vec2::new(-piece, piece) * 0.42, piece * 0.5)
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
            on_table_of(G::KIND),
            Name::new("Marker"),
            Sprite {
                image: image.clone(),
                color: colour,
                custom_size: G::GEOMETRY.glow.filter(|_| glow).map(Vec2::splat),
                ..default()
            },
            Transform::from_translation(G::point_to_world(point, turned).extend(z)),
        ));
    };
    let model = &*marked.model;
    let colours = &marked.palette.markers;
    if let Some(last) = model
        .plies()
        .checked_sub(1)
        .and_then(|ply| model.move_at(ply))
    {
        let colour = colours.last_move.bevy();
        let (from, to) = G::ends(last);
        mark(&art.ring, from, colour.with_alpha(0.5), Z_MARK);
        mark(&art.ring, to, colour.with_alpha(0.9), Z_MARK);
    }
    if let Some((point, colour)) = model.glow(&marked.palette) {
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
    if let Some(from) = marked.selection.from {
        mark(&art.ring, from, colours.selected_piece.bevy(), Z_MARK + 0.2);
        for &to in &marked.selection.targets {
            if model.piece_at(to).is_some() {
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
