//! The animation timeline: when the model has changed (and the piece entities already stand
//! where the rules say), each piece involved gets a list of [`Step`]s that brings its looks up
//! to date — a card-like turn, a slide, a death — and [`Cue`]s for sound and effects. A new
//! action or a reset first finishes every running timeline at once, so skipping never
//! corrupts anything. Which steps an action produces is each game's choreography.

use crate::client::ClientSet;
use crate::client::cues::Cue;
use bevy::prelude::*;
use std::collections::VecDeque;

/// Where things stand on the table, front to back.
pub mod z {
    /// A resting piece.
    pub const PIECE: f32 = 10.0;
    /// A moving piece (above the resting ones).
    pub const MOVING: f32 = 20.0;
    /// Effects (explosions, shards).
    pub const FX: f32 = 40.0;
}

/// One step of a piece's timeline.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Hold still.
    Wait(f32),
    /// Turn over like a card; half-way the piece gets [`TurnedOver`] to change its face.
    Turn(f32),
    /// Slide through these world points.
    Slide {
        /// The way, first point included.
        path: Vec<Vec2>,
        /// Duration in seconds.
        secs: f32,
    },
    /// Shrink and fade away, then despawn.
    Die(f32),
    /// Send a cue (sound, effect).
    Cue(Cue),
}

/// A piece's timeline. While any exists, the table is not settled.
#[derive(Component, Clone, Debug, Default)]
pub struct Anim {
    steps: VecDeque<Step>,
    /// Time spent in the current step.
    elapsed: f32,
}

impl Anim {
    /// A timeline of these steps.
    pub fn new(steps: impl IntoIterator<Item = Step>) -> Anim {
        Anim {
            steps: steps.into_iter().collect(),
            elapsed: 0.0,
        }
    }

    /// The steps still to play.
    pub fn steps(&self) -> impl Iterator<Item = &Step> {
        self.steps.iter()
    }
}

/// A piece's opacity (a dying piece fades).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Opacity(pub f32);

/// Half-way through a [`Step::Turn`] (or when the turn is skipped): the piece shows its other
/// side. Each game observes it for its own pieces.
#[derive(EntityEvent, Clone, Copy, Debug)]
pub struct TurnedOver {
    /// The piece.
    pub entity: Entity,
}

/// Whether no animation is running (a run condition).
pub fn animations_settled(anims: Query<(), With<Anim>>) -> bool {
    anims.is_empty()
}

/// Running the timelines (after each game has started its new ones).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AnimationSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        run_animations
            .in_set(AnimationSystems)
            .in_set(ClientSet::Animate),
    );
}

/// The parts of a piece a timeline changes.
pub type AnimatedPiece<'a> = (Entity, &'a mut Anim, &'a mut Transform, &'a mut Opacity);

/// Finishes every running timeline at once (no cues).
pub fn finish_all(commands: &mut Commands, pieces: &mut Query<AnimatedPiece>) {
    for (entity, mut anim, mut transform, mut opacity) in pieces.iter_mut() {
        let mut dead = false;
        let turned_already =
            matches!(anim.steps.front(), Some(Step::Turn(secs)) if anim.elapsed >= secs / 2.0);
        for (index, step) in anim.steps.drain(..).enumerate() {
            match step {
                Step::Turn(_) if index == 0 && turned_already => {}
                Step::Turn(_) => commands.trigger(TurnedOver { entity }),
                Step::Slide { path, .. } => {
                    if let Some(end) = path.last() {
                        transform.translation = end.extend(z::PIECE);
                    }
                }
                Step::Die(_) => dead = true,
                Step::Wait(_) | Step::Cue(_) => {}
            }
        }
        if dead {
            commands.entity(entity).despawn();
        } else {
            transform.translation.z = z::PIECE;
            transform.scale = Vec3::ONE;
            if opacity.0 != 1.0 {
                opacity.0 = 1.0;
            }
            commands.entity(entity).remove::<Anim>();
        }
    }
}

/// Smooth start and stop.
fn ease(t: f32) -> f32 {
    EaseFunction::CubicInOut.sample_clamped(t)
}

/// The point at fraction `t` (0–1) of the way along `path`, by length.
fn along(path: &[Vec2], t: f32) -> Vec2 {
    let total: f32 = path.windows(2).map(|w| w[0].distance(w[1])).sum();
    let mut left = total * t;
    for w in path.windows(2) {
        let length = w[0].distance(w[1]);
        if left <= length && length > 0.0 {
            return w[0].lerp(w[1], left / length);
        }
        left -= length;
    }
    path.last().copied().unwrap_or_default()
}

fn run_animations(
    mut commands: Commands,
    time: Res<Time>,
    mut cues: MessageWriter<Cue>,
    mut pieces: Query<AnimatedPiece>,
) {
    let dt = time.delta_secs();
    for (entity, mut anim, mut transform, mut opacity) in &mut pieces {
        let before = anim.elapsed;
        anim.elapsed += dt;
        let mut step_started = before;
        loop {
            let elapsed = anim.elapsed;
            let Some(step) = anim.steps.front() else {
                transform.translation.z = z::PIECE;
                commands.entity(entity).remove::<Anim>();
                break;
            };
            // How far into the step we are (1 = done) and its length.
            let (progress, length) = match step {
                Step::Cue(_) => (1.0, 0.0),
                Step::Wait(secs)
                | Step::Turn(secs)
                | Step::Slide { secs, .. }
                | Step::Die(secs) => (
                    if *secs <= 0.0 {
                        1.0
                    } else {
                        (elapsed / secs).min(1.0)
                    },
                    *secs,
                ),
            };
            match step {
                Step::Cue(cue) => {
                    cues.write(cue.clone());
                }
                Step::Wait(_) => {}
                Step::Turn(secs) => {
                    // Scale x from 1 to 0, change sides, back to 1; lift a little meanwhile.
                    let half = secs / 2.0;
                    if step_started < half.max(f32::MIN_POSITIVE) && elapsed >= half {
                        commands.trigger(TurnedOver { entity });
                    }
                    let k = ease(progress);
                    transform.scale.x = (1.0 - 2.0 * k).abs().max(0.02);
                    transform.scale.y = 1.0 + 0.12 * ops::sin(std::f32::consts::PI * k);
                    transform.translation.z = z::MOVING;
                }
                Step::Slide { path, .. } => {
                    let at = along(path, ease(progress));
                    let lift = 1.0 + 0.08 * ops::sin(std::f32::consts::PI * progress);
                    // Until its timeline ends, a piece that moved stays above the one it met.
                    transform.translation = at.extend(if progress < 1.0 {
                        z::MOVING
                    } else {
                        z::PIECE + 1.0
                    });
                    transform.scale = Vec3::splat(if progress < 1.0 { lift } else { 1.0 });
                }
                Step::Die(_) => {
                    transform.scale = Vec3::splat(1.0 - 0.6 * progress);
                    opacity.0 = 1.0 - progress;
                    if progress >= 1.0 {
                        commands.entity(entity).despawn();
                        break;
                    }
                }
            }
            if progress < 1.0 {
                break;
            }
            anim.elapsed -= length;
            step_started = 0.0;
            anim.steps.pop_front();
        }
    }
}
