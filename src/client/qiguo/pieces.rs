//! The pieces: one round piece per piece on the board, keyed by its point ([`QgPiece`]), in
//! its army's colours with its character; and their timelines when a move is played (a slide,
//! a capture that shatters the taken piece, an eliminated army leaving the board).

use super::board::QgArt;
use super::layout::{PIECE, STEP, point_to_world};
use super::model::{QgMovePlayed, QiguoMatch};
use crate::client::ClientSet;
use crate::client::audio::embedded_sound;
use crate::client::matches::MatchStatus;
use crate::client::settings::Settings;
use crate::client::tabletop::{
    Anim, AnimatedPiece, AnimationSystems, Burst, Cue, FadingParts, OnTable, Opacity, Step,
    TableReset, finish_all, z,
};
use crate::client::theme::palette::{self, Army};
use crate::rules::GameKind;
use crate::rules::qiguo::{Kind, Piece, Point, State};
use bevy::prelude::*;
use bevy_kira_audio::AudioSource;

/// A piece on the board at the point the rules have it on (its transform may lag behind while
/// it slides). A taken or eliminated piece loses this while it plays its last animation.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct QgPiece {
    /// Where the piece stands.
    pub point: Point,
    /// Which piece it is.
    pub piece: Piece,
}

/// The colours of a state's army.
pub fn army(state: State) -> Army {
    match state {
        State::Qin => palette::ARMY_WHITE,
        State::Chu => palette::ARMY_RED,
        State::Han => palette::ARMY_ORANGE,
        State::Qi => palette::ARMY_BLUE,
        State::Wei => palette::ARMY_GREEN,
        State::Zhao => palette::ARMY_PURPLE,
        State::Yan => palette::ARMY_BLACK,
    }
}

/// The size of a piece's character: the Diplomat's two characters are smaller.
pub(super) fn character_size(kind: Kind, diameter: f32) -> f32 {
    if kind == Kind::Diplomat {
        diameter * 0.36
    } else {
        diameter * 0.58
    }
}

/// The sounds of moves, captures and eliminations.
#[derive(Resource)]
pub(super) struct QgSounds {
    step: Handle<AudioSource>,
    capture: Handle<AudioSource>,
    eliminated: Handle<AudioSource>,
}

pub(super) fn logic_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (rebuild_pieces, start_animations)
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
    commands.insert_resource(QgSounds {
        step: embedded_sound!(sources, "move.ogg"),
        capture: embedded_sound!(sources, "win_attack.ogg"),
        eliminated: embedded_sound!(sources, "bomb.ogg"),
    });
}

/// On a reset (or several moves in one frame), the pieces are rebuilt from the model.
fn rebuild_pieces(
    mut commands: Commands,
    mut resets: MessageReader<TableReset>,
    mut played: MessageReader<QgMovePlayed>,
    model: Res<QiguoMatch>,
    status: Res<MatchStatus>,
    pieces: Query<Entity, With<QgPiece>>,
) {
    let (resets, played) = (resets.read().count(), played.read().count());
    if resets == 0 && played <= 1 {
        return;
    }
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    // A reset may come from another game: only the game on the table draws its pieces.
    if status.game != GameKind::Qiguo {
        return;
    }
    for (point, piece) in model.position().pieces() {
        commands.spawn(piece_bundle(point, piece));
    }
}

fn piece_bundle(point: Point, piece: Piece) -> impl Bundle {
    (
        Name::new(format!("Qiguo piece {point}")),
        OnTable(GameKind::Qiguo),
        QgPiece { point, piece },
        Opacity(1.0),
        Transform::from_translation(point_to_world(point).extend(z::PIECE)),
        Visibility::default(),
    )
}

fn add_looks(
    mut commands: Commands,
    art: Res<QgArt>,
    new: Query<(Entity, &QgPiece), Added<QgPiece>>,
) {
    for (entity, piece) in &new {
        let colours = army(piece.piece.state);
        let parts = vec![
            commands
                .spawn((
                    Sprite {
                        image: art.disc.clone(),
                        color: Color::srgba(0.1, 0.05, 0.0, 0.35),
                        ..default()
                    },
                    Transform::from_xyz(1.5, -2.5, -0.2),
                ))
                .id(),
            commands
                .spawn((
                    Sprite {
                        image: art.disc.clone(),
                        color: colours.face.bevy(),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.0),
                ))
                .id(),
            commands
                .spawn((
                    Sprite {
                        image: art.rim.clone(),
                        color: colours.ink.bevy(),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ))
                .id(),
            commands
                .spawn((
                    Text2d::new(piece.piece.kind.chinese()),
                    TextFont {
                        font: art.font.clone().into(),
                        font_size: FontSize::Px(character_size(piece.piece.kind, PIECE)),
                        ..default()
                    },
                    TextColor(colours.ink.bevy()),
                    Transform::from_xyz(0.0, 0.5, 0.2),
                ))
                .id(),
        ];
        commands
            .entity(entity)
            .add_children(&parts)
            .insert(FadingParts(parts));
    }
}

/// Where the timelines are made: the settings, the model and the sounds.
#[derive(bevy::ecs::system::SystemParam)]
struct Stage<'w> {
    settings: Res<'w, Settings>,
    model: Res<'w, QiguoMatch>,
    /// Absent without audio (headless tests): the timelines are silent.
    sounds: Option<Res<'w, QgSounds>>,
}

/// The slide of the moved piece, the end of a taken one, and the departure of every piece of
/// an eliminated army, with their cues.
fn start_animations(
    mut commands: Commands,
    mut played: MessageReader<QgMovePlayed>,
    mut resets: MessageReader<TableReset>,
    stage: Stage,
    mut animating: Query<AnimatedPiece>,
    pieces: Query<(Entity, &QgPiece)>,
) {
    let reset = resets.read().count() > 0;
    let moves: Vec<&QgMovePlayed> = played.read().collect();
    if moves.is_empty() {
        return;
    }
    finish_all(&mut commands, &mut animating);
    if reset || moves.len() > 1 {
        return;
    }
    let played = moves[0];
    let secs = |s: f32| s * stage.settings.animation.duration_factor();
    let sound = |pick: fn(&QgSounds) -> &Handle<AudioSource>| {
        stage.sounds.as_deref().map(|s| pick(s).clone())
    };
    let (from, to) = (
        point_to_world(played.mv.from()),
        point_to_world(played.mv.to()),
    );
    let Some((mover, moved)) = pieces.iter().find(|(_, p)| p.point == played.mv.from()) else {
        return;
    };
    let slide = secs(0.12 + 0.025 * from.distance(to) / STEP);
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
    if played.played.captured.is_some() {
        steps.push(Step::Cue(Cue {
            at: to,
            sound: sound(|s| &s.capture),
            burst: Some(Burst::Flash),
            shake: 0.0,
        }));
    }
    if !played.played.eliminated.is_empty() {
        steps.push(Step::Wait(secs(0.15)));
        steps.push(Step::Cue(Cue {
            at: to,
            sound: sound(|s| &s.eliminated),
            burst: None,
            shake: 0.35,
        }));
    }
    // Every other piece the rules no longer have where it stands was taken or eliminated.
    let position = stage.model.position();
    for (entity, piece) in &pieces {
        if entity == mover || position.piece_at(piece.point) == Some(piece.piece) {
            continue;
        }
        let taken = piece.point == played.mv.to();
        let at = point_to_world(piece.point);
        let colours = army(piece.piece.state);
        let (wait, burst) = if taken {
            (
                slide,
                Burst::Shards([colours.face.bevy(), colours.ink.bevy()]),
            )
        } else {
            (slide + secs(0.15), Burst::Smoke)
        };
        commands
            .entity(entity)
            .remove::<QgPiece>()
            .insert(Anim::new([
                Step::Wait(wait),
                Step::Cue(Cue {
                    at,
                    burst: Some(burst),
                    ..default()
                }),
                Step::Die(secs(if taken { 0.45 } else { 0.7 })),
            ]));
    }
    commands.entity(mover).insert((
        QgPiece {
            point: played.mv.to(),
            piece: moved.piece,
        },
        Anim::new(steps),
    ));
}
