//! The Qiguo board: the 19×19 lines of a Go board with its star points, file letters and rank
//! numbers, the Zhou emperor at the centre, in the wood of the Xiangqi board; and the markers
//! on it (last move, the Ruler of the state to move, selection, destinations, hover, cursor).

use super::input::{QgCursor, QgHover, QgSelection};
use super::layout::{BOARD, PIECE, STEP, point_to_world};
use super::model::QiguoMatch;
use crate::client::matches::on_table;
use crate::client::tabletop::paint::{fill, paint, stroke, white, wood};
use crate::client::tabletop::{OnTable, TableArt, TableBounds, line, z};
use crate::client::theme::palette;
use crate::client::{ClientSet, Screen};
use crate::rules::GameKind;
use crate::rules::qiguo::{FILES, Point, RANKS};
use bevy::prelude::*;

const Z_WOOD: f32 = 0.0;
const Z_LINE: f32 = 1.0;
const Z_TEXT: f32 = 1.5;
const Z_MARK: f32 = 5.0;

/// Images and the font the board and pieces share.
#[derive(Resource, Clone)]
pub(super) struct QgArt {
    pub font: Handle<Font>,
    /// A white disc the size of a piece.
    pub disc: Handle<Image>,
    /// A white ring inside a piece's edge.
    pub rim: Handle<Image>,
    /// A ring around a point, for markers.
    pub ring: Handle<Image>,
    /// A small dot, for destinations.
    pub dot: Handle<Image>,
    /// A soft glow (the Ruler of the state to move).
    pub glow: Handle<Image>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, create_art)
        .add_systems(Startup, spawn_board)
        .add_systems(
            Update,
            (fit_table, update_markers)
                .run_if(on_table(GameKind::Qiguo))
                .in_set(ClientSet::Present),
        );
}

/// The camera frames this board while it is on the table.
fn fit_table(mut bounds: ResMut<TableBounds>) {
    bounds.set_if_neq(TableBounds(BOARD + Vec2::splat(16.0)));
}

fn create_art(mut commands: Commands, mut images: ResMut<Assets<Image>>, table: Res<TableArt>) {
    let radius = PIECE / 2.0;
    commands.insert_resource(QgArt {
        font: table.font.clone(),
        disc: images.add(paint(UVec2::splat(PIECE as u32), |p| {
            white(fill(p.length() - radius + 0.5))
        })),
        rim: images.add(paint(UVec2::splat(PIECE as u32), |p| {
            white(stroke(p.length() - radius + 3.5, 1.8))
        })),
        ring: images.add(paint(UVec2::splat(PIECE as u32 + 8), |p| {
            white(stroke(p.length() - radius - 3.0, 3.0))
        })),
        dot: images.add(paint(UVec2::splat(16), |p| white(fill(p.length() - 6.5)))),
        glow: table.glow.clone(),
    });
}

/// The star points of a Go board (the centre one holds the emperor).
const STAR_POINTS: [(usize, usize); 8] = [
    (3, 3),
    (9, 3),
    (15, 3),
    (3, 9),
    (15, 9),
    (3, 15),
    (9, 15),
    (15, 15),
];

/// The letters of the files, west to east.
const FILE_LETTERS: &str = "abcdefghijklmnopqrs";

fn spawn_board(mut commands: Commands, mut images: ResMut<Assets<Image>>, art: Res<QgArt>) {
    let ink = palette::BOARD_INK.bevy();
    let at =
        |file: usize, rank: usize| point_to_world(Point::new(file, rank).expect("on the board"));
    let root = commands
        .spawn((
            Name::new("Qiguo board"),
            OnTable(GameKind::Qiguo),
            Sprite::from_image(images.add(wood(BOARD))),
            Transform::from_xyz(0.0, 0.0, Z_WOOD),
            Visibility::Hidden,
        ))
        .id();
    let mut parts = Vec::new();
    for index in 0..FILES.max(RANKS) {
        let edge = index == 0 || index == FILES - 1;
        let width = if edge { 2.5 } else { 1.5 };
        parts.push(
            commands
                .spawn(line(at(0, index), at(FILES - 1, index), width, ink, Z_LINE))
                .id(),
        );
        parts.push(
            commands
                .spawn(line(at(index, 0), at(index, RANKS - 1), width, ink, Z_LINE))
                .id(),
        );
    }
    let star = images.add(paint(UVec2::splat(12), |p| white(fill(p.length() - 4.5))));
    for (file, rank) in STAR_POINTS {
        parts.push(
            commands
                .spawn((
                    Sprite {
                        image: star.clone(),
                        color: ink,
                        ..default()
                    },
                    Transform::from_translation(at(file, rank).extend(Z_LINE + 0.1)),
                ))
                .id(),
        );
    }
    // The file letters under and over the lines, the rank numbers at both sides.
    let label = |text: String, at: Vec2| {
        (
            Name::new("Coordinate"),
            Text2d::new(text),
            TextFont {
                font: art.font.clone().into(),
                font_size: FontSize::Px(17.0),
                ..default()
            },
            TextColor(ink.with_alpha(0.85)),
            Transform::from_translation(at.extend(Z_TEXT)),
        )
    };
    let outside = STEP * 0.5 + 14.0;
    for (file, letter) in FILE_LETTERS.chars().enumerate() {
        for (rank, side) in [(0, -1.0), (RANKS - 1, 1.0)] {
            let place = at(file, rank) + Vec2::new(0.0, side * outside);
            parts.push(commands.spawn(label(letter.to_string(), place)).id());
        }
    }
    for rank in 0..RANKS {
        for (file, side) in [(0, -1.0), (FILES - 1, 1.0)] {
            let place = at(file, rank) + Vec2::new(side * outside, 0.0);
            parts.push(commands.spawn(label((rank + 1).to_string(), place)).id());
        }
    }
    parts.push(commands.spawn(emperor(&mut images, &art)).id());
    commands.entity(root).add_children(&parts);
}

/// The Zhou emperor 周: a golden disc, a little larger than a piece.
fn emperor(images: &mut Assets<Image>, art: &QgArt) -> impl Bundle {
    let colours = palette::EMPEROR;
    let radius = PIECE / 2.0 + 2.0;
    let size = UVec2::splat(PIECE as u32 + 4);
    let disc = images.add(paint(size, |p| white(fill(p.length() - radius + 0.5))));
    let rim = images.add(paint(size, |p| {
        white(stroke(p.length() - radius + 4.0, 2.0))
    }));
    (
        Name::new("Zhou emperor"),
        Sprite {
            image: disc,
            color: colours.face.bevy(),
            ..default()
        },
        // It stands like a piece, above the lines.
        Transform::from_translation(point_to_world(Point::CENTRE).extend(z::PIECE)),
        children![
            (
                Sprite {
                    image: rim,
                    color: colours.ink.bevy(),
                    ..default()
                },
                Transform::from_xyz(0.0, 0.0, 0.1),
            ),
            (
                Text2d::new("周"),
                TextFont {
                    font: art.font.clone().into(),
                    font_size: FontSize::Px(PIECE * 0.6),
                    ..default()
                },
                TextColor(colours.ink.bevy()),
                Transform::from_xyz(0.0, 0.5, 0.2),
            ),
        ],
    )
}

/// Markers on the board.
#[derive(Component)]
struct Marker;

/// What the markers show.
#[derive(bevy::ecs::system::SystemParam)]
struct Marked<'w> {
    model: Res<'w, QiguoMatch>,
    selection: Res<'w, QgSelection>,
    hover: Res<'w, QgHover>,
    cursor: Res<'w, QgCursor>,
    screen: Res<'w, State<Screen>>,
}

fn update_markers(
    mut commands: Commands,
    art: Res<QgArt>,
    marked: Marked,
    markers: Query<Entity, With<Marker>>,
) {
    let changed = marked.model.is_changed()
        || marked.selection.is_changed()
        || marked.hover.is_changed()
        || marked.cursor.is_changed()
        || marked.screen.is_changed();
    if !changed {
        return;
    }
    for entity in &markers {
        commands.entity(entity).despawn();
    }
    let mut mark = |image: &Handle<Image>, point: Point, colour: Color, z: f32| {
        commands.spawn((
            Marker,
            OnTable(GameKind::Qiguo),
            Name::new("Marker"),
            Sprite {
                image: image.clone(),
                color: colour,
                custom_size: (image == &art.glow).then_some(Vec2::splat(STEP * 2.2)),
                ..default()
            },
            Transform::from_translation(point_to_world(point).extend(z)),
        ));
    };
    let position = marked.model.position();
    if let Some(last) = marked.model.plies.last() {
        let colour = palette::LAST_MOVE.bevy();
        mark(&art.ring, last.mv.from(), colour.with_alpha(0.5), Z_MARK);
        mark(&art.ring, last.mv.to(), colour.with_alpha(0.9), Z_MARK);
    }
    if !marked.model.over()
        && let Some(ruler) = position.ruler(position.side_to_move())
    {
        mark(&art.glow, ruler, palette::WARNING.bevy(), Z_MARK - 0.5);
    }
    if *marked.screen.get() != Screen::Playing {
        return;
    }
    if let Some(point) = marked.hover.0 {
        mark(&art.ring, point, Color::WHITE.with_alpha(0.7), Z_MARK + 0.1);
    }
    if marked.cursor.visible {
        mark(
            &art.ring,
            marked.cursor.point,
            palette::CURSOR.bevy(),
            Z_MARK + 0.3,
        );
    }
    if let Some(from) = marked.selection.from {
        mark(
            &art.ring,
            from,
            palette::SELECTED_PIECE.bevy(),
            Z_MARK + 0.2,
        );
        for &to in &marked.selection.targets {
            if position.piece_at(to).is_some() {
                mark(&art.ring, to, palette::TARGET_ATTACK.bevy(), 30.0);
            } else {
                mark(
                    &art.dot,
                    to,
                    palette::TARGET_MOVE.bevy().with_alpha(0.9),
                    Z_MARK + 0.2,
                );
            }
        }
    }
}
