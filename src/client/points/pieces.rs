//! The pieces: one round piece entity per piece on the board, keyed by its point
//! ([`PointPiece`]), and their timelines when a move is played: a slide, a capture that
//! shatters the taken piece, pieces of an eliminated army leaving in smoke, the cues of check.

use super::game::{PointsBoard, PointsMatch};
use super::placing::{OnPoint, placed_on_turn, resting_place};
use crate::client::ClientSet;
use crate::client::audio::TableSound;
use crate::client::cues::{Burst, Cue};
use crate::client::matches::on_table_any;
use crate::client::play::{MatchModel, StepPlayed};
use crate::client::settings::Settings;
use crate::client::table_colours::TablePalette;
use crate::client::tabletop::paint::{fill, paint, stroke, white};
use crate::client::tabletop::{FadingParts, Label, TableReset, TableView, on_table_of};
use crate::client::timeline::{Anim, AnimatedPiece, AnimationSystems, Opacity, Step, finish_all};
use crate::rules::GameKind;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
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

impl<G: PointsMatch> OnPoint for PointPiece<G> {
    type Board = G::Board;

    fn point(&self) -> G::Point {
        self.point
    }
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

pub(super) fn logic_plugin<G: PointsMatch>(app: &mut App) {
    app.add_systems(
        Update,
        (
            rebuild_pieces::<G>.run_if(pieces_rebuilt::<G>),
            placed_on_turn::<PointPiece<G>>(),
            start_animations::<G>,
        )
            .chain()
            .distributive_run_if(on_table_any(G::KINDS))
            .in_set(ClientSet::Animate)
            .before(AnimationSystems),
    );
}

pub(super) fn plugin<G: PointsMatch>(app: &mut App) {
    app.add_systems(PreStartup, create_art::<G>).add_systems(
        Update,
        add_looks::<G>
            .distributive_run_if(on_table_any(G::KINDS))
            .in_set(ClientSet::Present),
    );
}

/// A run condition: whether `G`'s pieces are to be rebuilt from its model, on a reset or when
/// several steps were played in one frame (never in play), instead of animating them.
pub fn pieces_rebuilt<G: MatchModel>(
    mut resets: MessageReader<TableReset>,
    mut played: MessageReader<StepPlayed<G>>,
) -> bool {
    let (resets, played) = (resets.read().count(), played.read().count());
    resets > 0 || played > 1
}

/// The pieces, rebuilt from the model (see [`pieces_rebuilt`]).
fn rebuild_pieces<G: PointsMatch>(
    mut commands: Commands,
    model: Res<G>,
    table: Res<TableView>,
    pieces: Query<Entity, With<PointPiece<G>>>,
) {
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    for (point, piece) in model.pieces() {
        commands.spawn(piece_bundle::<G>(model.kind(), point, piece, &table));
    }
}

fn piece_bundle<G: PointsMatch>(
    kind: GameKind,
    point: G::Point,
    piece: G::Piece,
    table: &TableView,
) -> impl Bundle {
    (
        Name::new(format!("{kind:?} piece {point}")),
        on_table_of(kind),
        PointPiece::<G> { point, piece },
        Opacity(1.0),
        Transform::from_translation(resting_place::<G::Board>(point, table)),
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

/// Where the timelines are made: the settings, the table, the model and the sounds.
#[derive(bevy::ecs::system::SystemParam)]
struct Stage<'w, G: PointsMatch> {
    settings: Res<'w, Settings>,
    table: Res<'w, TableView>,
    model: Res<'w, G>,
    palette: Res<'w, TablePalette>,
    sounds: TableSound<'w>,
}

/// The steps played this frame, as the pieces' timelines take them.
#[derive(SystemParam)]
pub struct StepsToAnimate<'w, 's, G: MatchModel> {
    played: MessageReader<'w, 's, StepPlayed<G>>,
    resets: MessageReader<'w, 's, TableReset>,
    animating: Query<'w, 's, AnimatedPiece<'static>>,
}

impl<G: MatchModel> StepsToAnimate<'_, '_, G> {
    /// The one step to animate now: any step played finishes the running timelines, and none
    /// is animated after a reset or when several came at once (the pieces were rebuilt from
    /// the model this frame).
    pub fn single(&mut self, commands: &mut Commands) -> Option<StepPlayed<G>> {
        let reset = self.resets.read().count() > 0;
        let steps: Vec<&StepPlayed<G>> = self.played.read().collect();
        if steps.is_empty() {
            return None;
        }
        finish_all(commands, &mut self.animating);
        match steps[..] {
            [step] if !reset => Some(step.clone()),
            _ => None,
        }
    }
}

/// The slide of the moved piece, the end of a taken one, the departure of every piece of an
/// eliminated army, and the cues of capture, check and elimination.
fn start_animations<G: PointsMatch>(
    mut commands: Commands,
    mut steps: StepsToAnimate<G>,
    stage: Stage<G>,
    pieces: Query<(Entity, &PointPiece<G>)>,
) {
    let Some(played) = steps.single(&mut commands) else {
        return;
    };
    let secs = |s: f32| s * stage.settings.animation.duration_factor();
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
            sound: stage.sounds.of(|s| &s.step),
            ..default()
        }),
        Step::Slide {
            path: vec![from, to],
            secs: slide,
        },
    ];
    // What the move did sounds and shows where it ended.
    let at_end = |sound, burst, shake| {
        Step::Cue(Cue {
            at: to,
            sound,
            burst,
            shake,
        })
    };
    if effects.captured {
        steps.push(at_end(
            stage.sounds.of(|s| &s.capture),
            Some(Burst::Flash),
            0.0,
        ));
    }
    if effects.eliminated {
        steps.push(Step::Wait(secs(0.15)));
        steps.push(at_end(stage.sounds.of(|s| &s.bomb), None, 0.35));
    }
    if effects.check {
        steps.push(at_end(
            stage.sounds.of(|s| &s.check),
            Some(Burst::Flash),
            0.2,
        ));
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
