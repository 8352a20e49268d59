//! The Qiguo board: the 19×19 lines of a Go board with its star points, file letters and rank
//! numbers, the Zhou emperor at the centre, in the wood of the Xiangqi board. The markers on it
//! are the shared board layer's.

use super::layout::{BOARD, PIECE, STEP, point_to_world};
use crate::client::ClientSet;
use crate::client::matches::{TableGame, on_table};
use crate::client::table_colours::TablePalette;
use crate::client::tabletop::paint::{fill, paint, stroke, white, wood};
use crate::client::tabletop::{Label, frame_board, line, on_table_of};
use crate::client::theme::palette;
use crate::client::timeline::z;
use crate::picture::qiguo::STAR_POINTS;
use crate::rules::GameKind;
use crate::rules::qiguo::{FILES, Point, RANKS};
use bevy::prelude::*;

const Z_WOOD: f32 = 0.0;
const Z_LINE: f32 = 1.0;
const Z_TEXT: f32 = 1.5;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(TableGame(GameKind::Qiguo)), spawn_board)
        .add_systems(
            Update,
            (frame_board(BOARD + Vec2::splat(16.0), STEP), colour_emperor)
                .distributive_run_if(on_table(GameKind::Qiguo))
                .in_set(ClientSet::Present),
        );
}

/// The letters of the files, west to east.
const FILE_LETTERS: &str = "abcdefghijklmnopqrs";

fn spawn_board(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let ink = palette::BOARD_INK.bevy();
    let at =
        |file: usize, rank: usize| point_to_world(Point::new(file, rank).expect("on the board"));
    let root = commands
        .spawn((
            Name::new("Qiguo board"),
            on_table_of(GameKind::Qiguo),
            Sprite::from_image(images.add(wood(BOARD))),
            Transform::from_xyz(0.0, 0.0, Z_WOOD),
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
            Label::new(text, 17.0, ink.with_alpha(0.85)),
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
    parts.push(commands.spawn(emperor(&mut images)).id());
    commands.entity(root).add_children(&parts);
}

/// The Zhou emperor's disc, in Zhou's face colour.
#[derive(Component)]
struct EmperorFace;

/// The Zhou emperor's rim and character, in Zhou's ink.
#[derive(Component)]
struct EmperorInk;

/// The Zhou emperor 周: a golden disc, a little larger than a piece (coloured by
/// [`colour_emperor`]).
fn emperor(images: &mut Assets<Image>) -> impl Bundle {
    let radius = PIECE / 2.0 + 2.0;
    let size = UVec2::splat(PIECE as u32 + 4);
    let disc = images.add(paint(size, |p| white(fill(p.length() - radius + 0.5))));
    let rim = images.add(paint(size, |p| {
        white(stroke(p.length() - radius + 4.0, 2.0))
    }));
    (
        Name::new("Zhou emperor"),
        EmperorFace,
        Sprite::from_image(disc),
        // It stands like a piece, above the lines.
        Transform::from_translation(point_to_world(Point::CENTRE).extend(z::PIECE)),
        children![
            (
                EmperorInk,
                Sprite::from_image(rim),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ),
            (
                EmperorInk,
                Label::new("周", PIECE * 0.6, Color::WHITE),
                Transform::from_xyz(0.0, 0.5, 0.2),
            ),
        ],
    )
}

/// The Zhou emperor in the palette the table is drawn in (when the board is set up, and when
/// the player chooses another palette).
fn colour_emperor(
    colours: Res<TablePalette>,
    added: Query<(), Added<EmperorFace>>,
    mut faces: Query<&mut Sprite, With<EmperorFace>>,
    mut rims: Query<&mut Sprite, (With<EmperorInk>, Without<EmperorFace>)>,
    mut labels: Query<&mut Label, With<EmperorInk>>,
) {
    if !colours.is_changed() && added.is_empty() {
        return;
    }
    let zhou = colours.zhou;
    for mut face in &mut faces {
        face.color = zhou.face.bevy();
    }
    for mut rim in &mut rims {
        rim.color = zhou.ink.bevy();
    }
    for mut label in &mut labels {
        label.colour = zhou.ink.bevy();
    }
}
