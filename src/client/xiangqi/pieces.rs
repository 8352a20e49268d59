//! The pieces: one round piece per piece on the board, keyed by its point ([`XqPiece`]),
//! with its character; and their timelines when a move is played (a slide, a capture that
//! shatters the taken piece, the sound of check).

use super::board::XqArt;
use super::layout::{PIECE, STEP, square_to_world};
use super::model::{MovePlayed, XiangqiMatch};
use crate::client::ClientSet;
use crate::client::audio::embedded_sound;
use crate::client::matches::MatchStatus;
use crate::client::settings::Settings;
use crate::client::tabletop::{
    Anim, AnimatedPiece, AnimationSystems, Burst, Cue, FadingParts, OnTable, Opacity, Step,
    TableReset, TableView, finish_all, z,
};
use crate::client::theme::{Rgb, palette};
use crate::rules::GameKind;
use crate::rules::xiangqi::{Color as Side, Piece, Square};
use bevy::prelude::*;
use bevy_kira_audio::AudioSource;

/// A piece on the board at the point the rules have it on (its transform may lag behind while
/// it slides). A taken piece loses this while it plays its last animation.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct XqPiece {
    /// Where the piece stands.
    pub square: Square,
    /// Which piece it is.
    pub piece: Piece,
}

/// The ink of a side.
pub(super) fn ink(side: Side) -> Rgb {
    match side {
        Side::Red => palette::RED_INK,
        Side::Black => palette::BLACK_INK,
    }
}

/// The sounds of moves, captures and check.
#[derive(Resource)]
pub(super) struct XqSounds {
    step: Handle<AudioSource>,
    capture: Handle<AudioSource>,
    check: Handle<AudioSource>,
}

pub(super) fn logic_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            rebuild_pieces,
            place_pieces.run_if(resource_changed::<TableView>),
            start_animations,
        )
            .chain()
            .in_set(ClientSet::Animate)
            .before(AnimationSystems),
    );
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_sounds)
        .add_systems(Update, add_looks.in_set(ClientSet::Present));
}

fn load_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let sources = &mut *sources;
    commands.insert_resource(XqSounds {
        step: embedded_sound!(sources, "move.ogg"),
        capture: embedded_sound!(sources, "win_attack.ogg"),
        check: embedded_sound!(sources, "flag.ogg"),
    });
}

/// On a reset (or several moves in one frame), the pieces are rebuilt from the model.
fn rebuild_pieces(
    mut commands: Commands,
    mut resets: MessageReader<TableReset>,
    mut played: MessageReader<MovePlayed>,
    model: Res<XiangqiMatch>,
    (status, table): (Res<MatchStatus>, Res<TableView>),
    pieces: Query<Entity, With<XqPiece>>,
) {
    let (resets, played) = (resets.read().count(), played.read().count());
    if resets == 0 && played <= 1 {
        return;
    }
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    // A reset may come from the other game: only the game on the table draws its pieces.
    if status.game != GameKind::Xiangqi {
        return;
    }
    for (square, piece) in model.position().pieces() {
        commands.spawn(piece_bundle(square, piece, table.turned()));
    }
}

fn piece_bundle(square: Square, piece: Piece, turned: bool) -> impl Bundle {
    (
        Name::new(format!("Xiangqi piece {square}")),
        OnTable(GameKind::Xiangqi),
        XqPiece { square, piece },
        Opacity(1.0),
        Transform::from_translation(square_to_world(square, turned).extend(z::PIECE)),
        Visibility::default(),
    )
}

fn add_looks(
    mut commands: Commands,
    art: Res<XqArt>,
    new: Query<(Entity, &XqPiece), Added<XqPiece>>,
) {
    for (entity, piece) in &new {
        let colour = ink(piece.piece.color()).bevy();
        let parts = vec![
            commands
                .spawn((
                    Sprite {
                        image: art.disc.clone(),
                        color: Color::srgba(0.1, 0.05, 0.0, 0.35),
                        ..default()
                    },
                    Transform::from_xyz(2.5, -3.5, -0.2),
                ))
                .id(),
            commands
                .spawn((
                    Sprite {
                        image: art.disc.clone(),
                        color: palette::PAPER.bevy(),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.0),
                ))
                .id(),
            commands
                .spawn((
                    Sprite {
                        image: art.rim.clone(),
                        color: colour,
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ))
                .id(),
            commands
                .spawn((
                    Text2d::new(piece.piece.character().to_string()),
                    TextFont {
                        font: art.font.clone().into(),
                        font_size: FontSize::Px(PIECE * 0.55),
                        ..default()
                    },
                    TextColor(colour),
                    Transform::from_xyz(0.0, 1.0, 0.2),
                ))
                .id(),
        ];
        commands
            .entity(entity)
            .add_children(&parts)
            .insert(FadingParts(parts));
    }
}

/// When the board turns, resting pieces jump to their new places.
fn place_pieces(
    table: Res<TableView>,
    mut pieces: Query<(&XqPiece, &mut Transform), Without<Anim>>,
) {
    for (piece, mut transform) in &mut pieces {
        transform.translation = square_to_world(piece.square, table.turned()).extend(z::PIECE);
    }
}

/// Where the timelines are made: the settings, the table and the sounds.
#[derive(bevy::ecs::system::SystemParam)]
struct Stage<'w> {
    settings: Res<'w, Settings>,
    table: Res<'w, TableView>,
    /// Absent without audio (headless tests): the timelines are silent.
    sounds: Option<Res<'w, XqSounds>>,
}

/// The slide of the moved piece, the end of a taken one, and the cues of capture and check.
fn start_animations(
    mut commands: Commands,
    mut played: MessageReader<MovePlayed>,
    mut resets: MessageReader<TableReset>,
    stage: Stage,
    mut animating: Query<AnimatedPiece>,
    pieces: Query<(Entity, &XqPiece)>,
) {
    let reset = resets.read().count() > 0;
    let moves: Vec<&MovePlayed> = played.read().collect();
    if moves.is_empty() {
        return;
    }
    finish_all(&mut commands, &mut animating);
    if reset || moves.len() > 1 {
        return;
    }
    let played = moves[0];
    let secs = |s: f32| s * stage.settings.animation.duration_factor();
    let sound = |pick: fn(&XqSounds) -> &Handle<AudioSource>| {
        stage.sounds.as_deref().map(|s| pick(s).clone())
    };
    let from = square_to_world(played.mv.from(), stage.table.turned());
    let to = square_to_world(played.mv.to(), stage.table.turned());
    let entity_at = |square: Square| {
        pieces
            .iter()
            .find(|(_, p)| p.square == square)
            .map(|(e, _)| e)
    };
    let Some(mover) = entity_at(played.mv.from()) else {
        return;
    };
    let slide = secs(0.12 + 0.03 * from.distance(to) / STEP);
    let mut steps = vec![
        Step::Cue(Cue {
            at: from,
            sound: sound(|s| &s.step),
            ..default()
        }),
        Step::Slide {
            path: vec![from, to],
            secs: slide,
        },
    ];
    if let Some(taken) = played.captured {
        steps.push(Step::Cue(Cue {
            at: to,
            sound: sound(|s| &s.capture),
            burst: Some(Burst::Flash),
            shake: 0.0,
        }));
        if let Some(victim) = entity_at(played.mv.to()) {
            commands
                .entity(victim)
                .remove::<XqPiece>()
                .insert(Anim::new([
                    Step::Wait(slide),
                    Step::Cue(Cue {
                        at: to,
                        burst: Some(Burst::Shards([
                            ink(taken.color()).bevy(),
                            palette::PAPER.bevy(),
                        ])),
                        ..default()
                    }),
                    Step::Die(secs(0.45)),
                ]));
        }
    }
    if played.check {
        steps.push(Step::Cue(Cue {
            at: to,
            sound: sound(|s| &s.check),
            burst: Some(Burst::Flash),
            shake: 0.2,
        }));
    }
    commands.entity(mover).insert((
        XqPiece {
            square: played.mv.to(),
            piece: played.piece,
        },
        Anim::new(steps),
    ));
}
