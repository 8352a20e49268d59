//! The pieces: one round piece entity per piece on the board, keyed by its point
//! ([`PointPiece`]), and their timelines when a move is played: a slide, a capture that
//! shatters the taken piece, pieces of an eliminated army leaving in smoke, the cues of check.

use super::game::{PointsBoard, PointsMatch};
use crate::client::ClientSet;
use crate::client::audio::{first_frames_drawn, sound_file};
use crate::client::cues::{Burst, Cue};
use crate::client::matches::on_table;
use crate::client::play::StepPlayed;
use crate::client::settings::Settings;
use crate::client::table_colours::TablePalette;
use crate::client::tabletop::paint::{fill, paint, stroke, white};
use crate::client::tabletop::{FadingParts, Label, TableReset, TableView, on_table_of};
use crate::client::timeline::{
    Anim, AnimatedPiece, AnimationSystems, Opacity, Step, finish_all, z,
};
use bevy::prelude::*;
use bevy_kira_audio::AudioSource;
use std::marker::PhantomData;

/// A piece on the board at the point the rules have it on (its transform may lag behind while
/// it slides). A taken or eliminated piece loses this while it plays its last animation.
#[derive(Component, Debug)]
pub struct PointPiece<G: PointsMatch> {
    /// Where the piece stands.
    pub point: G::Point,
    /// Which piece it is.
    pub piece: G::Piece,
}

impl<G: PointsMatch> Clone for PointPiece<G> {
    fn clone(&self) -> Self {
        PointPiece {
            point: self.point,
            piece: self.piece,
        }
    }
}

/// The images a game's round pieces are drawn with, sized to its board.
#[derive(Resource)]
struct PieceArt<G: PointsMatch> {
    /// A white disc the size of a piece.
    disc: Handle<Image>,
    /// A white ring inside a piece's edge.
    rim: Handle<Image>,
    game: PhantomData<G>,
}

fn create_art<G: PointsMatch>(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let diameter = G::Board::GEOMETRY.piece.x;
    let radius = diameter / 2.0;
    let size = UVec2::splat(diameter as u32);
    let (rim_inset, rim_width) = G::RIM;
    commands.insert_resource(PieceArt::<G> {
        disc: images.add(paint(size, |p| white(fill(p.length() - radius + 0.5)))),
        rim: images.add(paint(size, |p| {
            white(stroke(p.length() - radius + rim_inset, rim_width))
        })),
        game: PhantomData,
    });
}

/// The sounds of moves, captures, check and eliminations, shared by the games of points.
#[derive(Resource)]
struct PointSounds {
    step: Handle<AudioSource>,
    capture: Handle<AudioSource>,
    check: Handle<AudioSource>,
    eliminated: Handle<AudioSource>,
}

/// Loads [`PointSounds`] once, however many games use them.
struct PointSoundsPlugin;

impl Plugin for PointSoundsPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            load_sounds.run_if(first_frames_drawn.and_then(not(resource_exists::<PointSounds>))),
        );
    }
}

fn load_sounds(mut commands: Commands, server: Res<AssetServer>) {
    let server = &*server;
    commands.insert_resource(PointSounds {
        step: sound_file(server, "move.ogg"),
        capture: sound_file(server, "capture.ogg"),
        check: sound_file(server, "check.ogg"),
        eliminated: sound_file(server, "bomb.ogg"),
    });
}

pub(super) fn logic_plugin<G: PointsMatch>(app: &mut App) {
    app.add_systems(
        Update,
        (
            rebuild_pieces::<G>,
            place_pieces::<G>.run_if(resource_changed::<TableView>),
            start_animations::<G>,
        )
            .chain()
            .distributive_run_if(on_table(G::KIND))
            .in_set(ClientSet::Animate)
            .before(AnimationSystems),
    );
}

pub(super) fn plugin<G: PointsMatch>(app: &mut App) {
    if !app.is_plugin_added::<PointSoundsPlugin>() {
        app.add_plugins(PointSoundsPlugin);
    }
    app.add_systems(PreStartup, create_art::<G>).add_systems(
        Update,
        add_looks::<G>
            .distributive_run_if(on_table(G::KIND))
            .in_set(ClientSet::Present),
    );
}

/// On a reset (or several moves in one frame), the pieces are rebuilt from the model.
fn rebuild_pieces<G: PointsMatch>(
    mut commands: Commands,
    mut resets: MessageReader<TableReset>,
    mut played: MessageReader<StepPlayed<G>>,
    model: Res<G>,
    table: Res<TableView>,
    pieces: Query<Entity, With<PointPiece<G>>>,
) {
    let (resets, played) = (resets.read().count(), played.read().count());
    if resets == 0 && played <= 1 {
        return;
    }
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    for (point, piece) in model.pieces() {
        commands.spawn(piece_bundle::<G>(point, piece, table.turned()));
    }
}

fn piece_bundle<G: PointsMatch>(point: G::Point, piece: G::Piece, turned: bool) -> impl Bundle {
    (
        Name::new(format!("{:?} piece {point}", G::KIND)),
        on_table_of(G::KIND),
        PointPiece::<G> { point, piece },
        Opacity(1.0),
        Transform::from_translation(G::Board::point_to_world(point, turned).extend(z::PIECE)),
        Visibility::default(),
    )
}

/// A new piece gets its shadow, face, rim and character.
fn add_looks<G: PointsMatch>(
    mut commands: Commands,
    art: Res<PieceArt<G>>,
    new: Query<(Entity, &PointPiece<G>), Added<PointPiece<G>>>,
    palette: Res<TablePalette>,
) {
    for (entity, piece) in &new {
        let look = G::look(piece.piece, &palette);
        let disc = |color: Color, at: Vec3| {
            (
                Sprite {
                    image: art.disc.clone(),
                    color,
                    ..default()
                },
                Transform::from_translation(at),
            )
        };
        let mut parts = vec![
            commands
                .spawn(disc(
                    Color::srgba(0.1, 0.05, 0.0, 0.35),
                    look.shadow.extend(-0.2),
                ))
                .id(),
            commands.spawn(disc(look.face.bevy(), Vec3::ZERO)).id(),
            commands
                .spawn((
                    Sprite {
                        image: art.rim.clone(),
                        color: look.ink.bevy(),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ))
                .id(),
            commands
                .spawn((
                    Label::new(look.text, look.text_size, look.ink.bevy()),
                    Transform::from_xyz(0.0, look.text_lift, 0.2),
                ))
                .id(),
        ];
        // The badge: a small tab in the rim's ink at the lower right, its character in the
        // face's colour, large enough to read where the pieces are small.
        if let Some(badge) = look.badge {
            let diameter = G::Board::GEOMETRY.piece.x;
            let at = Vec2::new(diameter, -diameter) * 0.3;
            parts.push(
                commands
                    .spawn((
                        Sprite {
                            image: art.disc.clone(),
                            color: look.ink.bevy(),
                            custom_size: Some(Vec2::splat(diameter * 0.42)),
                            ..default()
                        },
                        Transform::from_translation(at.extend(0.25)),
                    ))
                    .id(),
            );
            parts.push(
                commands
                    .spawn((
                        Label::new(badge, diameter * 0.3, look.face.bevy()),
                        Transform::from_translation(at.extend(0.3)),
                    ))
                    .id(),
            );
        }
        commands
            .entity(entity)
            .add_children(&parts)
            .insert(FadingParts(parts));
    }
}

/// When the board turns, resting pieces jump to their new places.
fn place_pieces<G: PointsMatch>(
    table: Res<TableView>,
    mut pieces: Query<(&PointPiece<G>, &mut Transform), Without<Anim>>,
) {
    for (piece, mut transform) in &mut pieces {
        transform.translation =
            G::Board::point_to_world(piece.point, table.turned()).extend(z::PIECE);
    }
}

/// Where the timelines are made: the settings, the table, the model and the sounds.
#[derive(bevy::ecs::system::SystemParam)]
struct Stage<'w, G: PointsMatch> {
    settings: Res<'w, Settings>,
    table: Res<'w, TableView>,
    model: Res<'w, G>,
    palette: Res<'w, TablePalette>,
    /// Absent without audio (headless tests): the timelines are silent.
    sounds: Option<Res<'w, PointSounds>>,
}

/// The slide of the moved piece, the end of a taken one, the departure of every piece of an
/// eliminated army, and the cues of capture, check and elimination.
fn start_animations<G: PointsMatch>(
    mut commands: Commands,
    mut played: MessageReader<StepPlayed<G>>,
    mut resets: MessageReader<TableReset>,
    stage: Stage<G>,
    mut animating: Query<AnimatedPiece>,
    pieces: Query<(Entity, &PointPiece<G>)>,
) {
    let reset = resets.read().count() > 0;
    let moves: Vec<&StepPlayed<G>> = played.read().collect();
    if moves.is_empty() {
        return;
    }
    finish_all(&mut commands, &mut animating);
    if reset || moves.len() > 1 {
        return;
    }
    let played = moves[0];
    let secs = |s: f32| s * stage.settings.animation.duration_factor();
    let sound = |pick: fn(&PointSounds) -> &Handle<AudioSource>| {
        stage.sounds.as_deref().map(|s| pick(s).clone())
    };
    let turned = stage.table.turned();
    let (start, end) = G::ends(G::action(&played.step));
    let (from, to) = (
        G::Board::point_to_world(start, turned),
        G::Board::point_to_world(end, turned),
    );
    let Some((mover, moved)) = pieces.iter().find(|(_, p)| p.point == start) else {
        return;
    };
    let effects = stage.model.effects(&played.did);
    let slide = secs(0.12 + G::SLIDE_PER_STEP * from.distance(to) / G::Board::GEOMETRY.step);
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
    if effects.captured {
        steps.push(Step::Cue(Cue {
            at: to,
            sound: sound(|s| &s.capture),
            burst: Some(Burst::Flash),
            shake: 0.0,
        }));
    }
    if effects.eliminated {
        steps.push(Step::Wait(secs(0.15)));
        steps.push(Step::Cue(Cue {
            at: to,
            sound: sound(|s| &s.eliminated),
            burst: None,
            shake: 0.35,
        }));
    }
    if effects.check {
        steps.push(Step::Cue(Cue {
            at: to,
            sound: sound(|s| &s.check),
            burst: Some(Burst::Flash),
            shake: 0.2,
        }));
    }
    // Every other piece the rules no longer have where it stands was taken or eliminated.
    for (entity, piece) in &pieces {
        if entity == mover || stage.model.piece_at(piece.point) == Some(piece.piece) {
            continue;
        }
        let taken = piece.point == end;
        let at = G::Board::point_to_world(piece.point, turned);
        let look = G::look(piece.piece, &stage.palette);
        let (wait, burst) = if taken {
            (slide, Burst::Shards([look.ink.bevy(), look.face.bevy()]))
        } else {
            (slide + secs(0.15), Burst::Smoke)
        };
        commands
            .entity(entity)
            .remove::<PointPiece<G>>()
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
        PointPiece::<G> {
            point: end,
            piece: moved.piece,
        },
        Anim::new(steps),
    ));
}
