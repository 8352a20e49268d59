//! The Xiangqi board: nine files by ten ranks of lines, the river with 楚河 漢界, the palaces
//! with their diagonals and the file numbers of both sides, in the wood of the Junqi board. The
//! markers on it are the shared board layer's.

use super::layout::{BOARD, STEP, square_to_world};
use crate::client::ClientSet;
use crate::client::matches::{TableGame, on_table};
use crate::client::tabletop::paint::wood;
use crate::client::tabletop::{Label, TableView, frame_board, line, on_table_of};
use crate::client::theme::palette;
use crate::rules::GameKind;
use crate::rules::xiangqi::{FILES, RANKS, Square};
use bevy::prelude::*;

const Z_WOOD: f32 = 0.0;
const Z_LINE: f32 = 1.0;
const Z_TEXT: f32 = 1.5;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(TableGame(GameKind::Xiangqi)),
        (spawn_board, label_files),
    )
    .add_systems(
        Update,
        (
            frame_board(BOARD + Vec2::splat(24.0), STEP),
            // The numerals follow the board when it turns.
            label_files.run_if(resource_changed::<TableView>),
        )
            .distributive_run_if(on_table(GameKind::Xiangqi))
            .in_set(ClientSet::Present),
    );
}

fn spawn_board(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let wood = images.add(wood(BOARD));
    let ink = palette::BOARD_INK.bevy();
    let at = |file: usize, rank: usize| {
        square_to_world(Square::new(file, rank).expect("on the board"), false)
    };
    let root = commands
        .spawn((
            Name::new("Xiangqi board"),
            on_table_of(GameKind::Xiangqi),
            Sprite::from_image(wood),
            Transform::from_xyz(0.0, 0.0, Z_WOOD),
        ))
        .id();
    let mut parts = Vec::new();
    // Ranks across; files down each half (the river cuts the inner files).
    for rank in 0..RANKS {
        parts.push(
            commands
                .spawn(line(at(0, rank), at(8, rank), 2.5, ink, Z_LINE))
                .id(),
        );
    }
    for file in 0..FILES {
        if file == 0 || file == FILES - 1 {
            parts.push(
                commands
                    .spawn(line(at(file, 0), at(file, 9), 2.5, ink, Z_LINE))
                    .id(),
            );
        } else {
            parts.push(
                commands
                    .spawn(line(at(file, 0), at(file, 4), 2.5, ink, Z_LINE))
                    .id(),
            );
            parts.push(
                commands
                    .spawn(line(at(file, 5), at(file, 9), 2.5, ink, Z_LINE))
                    .id(),
            );
        }
    }
    // The palaces' diagonals.
    for (a, b) in [
        ((3, 0), (5, 2)),
        ((5, 0), (3, 2)),
        ((3, 7), (5, 9)),
        ((5, 7), (3, 9)),
    ] {
        parts.push(
            commands
                .spawn(line(at(a.0, a.1), at(b.0, b.1), 2.0, ink, Z_LINE))
                .id(),
        );
    }
    // A heavier frame around the lines.
    let (low, high) = (at(0, 0) - Vec2::splat(8.0), at(8, 9) + Vec2::splat(8.0));
    for (a, b) in [
        (low, Vec2::new(high.x, low.y)),
        (Vec2::new(high.x, low.y), high),
        (high, Vec2::new(low.x, high.y)),
        (Vec2::new(low.x, high.y), low),
    ] {
        parts.push(commands.spawn(line(a, b, 4.0, ink, Z_LINE)).id());
    }
    // The river's words.
    let river_y = (at(0, 4).y + at(0, 5).y) / 2.0;
    for (text, x) in [("楚 河", -2.0 * STEP), ("漢 界", 2.0 * STEP)] {
        parts.push(
            commands
                .spawn((
                    Name::new("River"),
                    Label::new(text, 38.0, ink.with_alpha(0.8)),
                    Transform::from_xyz(x, river_y, Z_TEXT),
                ))
                .id(),
        );
    }
    commands.entity(root).add_children(&parts);
}

/// The file numbers: each side counts its files from its own right, Red in Chinese numerals at
/// its edge, Black in digits at the other.
#[derive(Component)]
struct FileLabel;

const RED_NUMERALS: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];

fn label_files(
    mut commands: Commands,
    table: Res<TableView>,
    labels: Query<Entity, With<FileLabel>>,
) {
    for entity in &labels {
        commands.entity(entity).despawn();
    }
    let turned = table.turned();
    for (file, numeral) in RED_NUMERALS.iter().enumerate() {
        for (rank, text, side) in [
            (0, numeral.to_string(), -1.0),
            (9, (file + 1).to_string(), 1.0),
        ] {
            let square = Square::new(file, rank).expect("on the board");
            let at = square_to_world(square, turned);
            let outward = if turned { -side } else { side };
            commands.spawn((
                FileLabel,
                on_table_of(GameKind::Xiangqi),
                Name::new("File label"),
                Label::new(text, 20.0, palette::BOARD_INK.bevy().with_alpha(0.85)),
                Transform::from_xyz(at.x, at.y + outward * (STEP / 2.0 + 18.0), Z_TEXT),
            ));
        }
    }
}
