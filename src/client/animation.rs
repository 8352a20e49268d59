//! Animations: when an action has been played (the model and the piece entities already show
//! the new state), each piece involved gets a timeline of [`Step`]s that brings its looks up to
//! date: a card-like flip, a slide along the rules' path, a clash, a death. A new action or a
//! reset first finishes every running timeline at once, so skipping never corrupts anything.

use super::ClientSet;
use super::board::{BoardView, Z_MOVING, Z_PIECE, point_to_world};
use super::game::{ActionPlayed, ActiveGame, BoardReset};
use super::pieces::{Dying, PieceAlpha, PieceFace, PieceSprite};
use super::seats::{Controller, Seats};
use super::settings::Settings;
use crate::rules::junqi::{Action, Combat, Effect, Kind, Outcome, Piece, Point};
use bevy::prelude::*;
use std::collections::VecDeque;

/// Something worth a sound or a visual effect, at a world position.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct Cue {
    /// What happened.
    pub kind: CueKind,
    /// Where (world units).
    pub at: Vec2,
}

/// The kinds of [`Cue`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CueKind {
    /// A piece was turned over.
    Flip,
    /// A piece stepped along a road.
    Move,
    /// A piece travelled along the railway.
    Rail,
    /// Two pieces met.
    Clash,
    /// The attacker won.
    WinAttack,
    /// The attacker lost.
    LoseAttack,
    /// Equal ranks: both removed.
    Trade,
    /// A bomb went off.
    Bomb,
    /// A landmine went off.
    Mine,
    /// A flag was captured.
    Flag,
    /// A piece of this colour broke apart.
    Shatter(Piece),
    /// The game is over and a local player won (or, with two local players, someone did).
    Victory,
    /// The game is over and the computer won.
    Defeat,
    /// The game ended in a draw.
    Draw,
    /// A button was pressed.
    Click,
}

/// One step of a piece's animation timeline.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Hold still.
    Wait(f32),
    /// Turn over like a card, showing `face` from half-way.
    Flip {
        /// The face shown afterwards.
        face: Option<Piece>,
        /// Duration in seconds.
        secs: f32,
    },
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

/// A piece's animation timeline. While any exists, the board is not settled.
#[derive(Component, Clone, Debug, Default)]
pub struct Anim {
    steps: VecDeque<Step>,
    /// Time spent in the current step.
    elapsed: f32,
}

impl Anim {
    fn new(steps: impl IntoIterator<Item = Step>) -> Anim {
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

/// Whether no animation is running (a run condition).
pub fn animations_settled(anims: Query<(), With<Anim>>) -> bool {
    anims.is_empty()
}

/// Starting and running the animations (after the pieces were synced with the model).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AnimationSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Cue>().add_systems(
        Update,
        (start_animations, run_animations, announce_outcome)
            .chain()
            .in_set(AnimationSystems)
            .in_set(ClientSet::Animate)
            .after(super::pieces::SyncPieces),
    );
}

type AnimatedPiece<'a> = (
    Entity,
    &'a mut Anim,
    &'a mut Transform,
    &'a mut PieceFace,
    &'a mut PieceAlpha,
);

/// Finishes every running timeline at once (no cues).
pub(super) fn finish_all(commands: &mut Commands, pieces: &mut Query<AnimatedPiece>) {
    for (entity, mut anim, mut transform, mut face, mut alpha) in pieces.iter_mut() {
        let mut dead = false;
        for step in anim.steps.drain(..) {
            match step {
                Step::Flip { face: shown, .. } => face.0 = shown,
                Step::Slide { path, .. } => {
                    if let Some(end) = path.last() {
                        transform.translation = end.extend(Z_PIECE);
                    }
                }
                Step::Die(_) => dead = true,
                Step::Wait(_) | Step::Cue(_) => {}
            }
        }
        if dead {
            commands.entity(entity).despawn();
        } else {
            transform.translation.z = Z_PIECE;
            transform.scale = Vec3::ONE;
            if alpha.0 != 1.0 {
                alpha.0 = 1.0;
            }
            commands.entity(entity).remove::<Anim>();
        }
    }
}

/// The sound of an attack's outcome.
fn combat_cue(attacker: Piece, defender: Piece, combat: Combat) -> CueKind {
    let bomb = attacker.kind == Kind::Bomb || defender.kind == Kind::Bomb;
    match combat {
        Combat::FlagCaptured | Combat::FlagBombed => CueKind::Flag,
        _ if bomb => CueKind::Bomb,
        Combat::DefenderWins if defender.kind == Kind::Landmine => CueKind::Mine,
        Combat::AttackerWins if defender.kind == Kind::Landmine => CueKind::Mine,
        Combat::AttackerWins => CueKind::WinAttack,
        Combat::DefenderWins => CueKind::LoseAttack,
        Combat::BothRemoved => CueKind::Trade,
    }
}

fn start_animations(
    mut commands: Commands,
    mut played: MessageReader<ActionPlayed>,
    mut resets: MessageReader<BoardReset>,
    settings: Res<Settings>,
    board_view: Res<BoardView>,
    mut animating: Query<AnimatedPiece>,
    pieces: Query<(Entity, &PieceSprite)>,
) {
    let reset = resets.read().count() > 0;
    let actions: Vec<&ActionPlayed> = played.read().collect();
    if actions.is_empty() {
        return;
    }
    finish_all(&mut commands, &mut animating);
    if reset || actions.len() > 1 {
        // The pieces were rebuilt from the model this frame; nothing to animate.
        return;
    }
    let played = actions[0];
    let factor = settings.animation.duration_factor();
    let secs = |s: f32| s * factor;
    let entity_at = |point: Point| {
        pieces
            .iter()
            .find(|(_, p)| p.point == point)
            .map(|(e, _)| e)
    };
    let world = |point: Point| point_to_world(point, board_view.rotated);
    match (played.action, played.effect) {
        (Action::Flip(point), Effect::Flipped { piece, .. }) => {
            let Some(entity) = entity_at(point) else {
                return;
            };
            commands.entity(entity).insert(Anim::new([
                Step::Cue(Cue {
                    kind: CueKind::Flip,
                    at: world(point),
                }),
                Step::Flip {
                    face: Some(piece),
                    secs: secs(0.34),
                },
            ]));
        }
        (Action::Move { from, to }, effect) => {
            let Some(mover) = entity_at(from) else { return };
            let path: Vec<Vec2> = played.path.iter().map(|&p| world(p)).collect();
            let slide = secs(0.14 + 0.07 * (played.path.len() - 1) as f32);
            let travel = if played.path.len() > 2 {
                CueKind::Rail
            } else {
                CueKind::Move
            };
            let target = world(to);
            let mut steps = vec![
                Step::Cue(Cue {
                    kind: travel,
                    at: world(from),
                }),
                Step::Slide { path, secs: slide },
            ];
            let mut mover_dies = false;
            if let Effect::Attacked {
                attacker,
                defender,
                combat,
            } = effect
            {
                let hold = secs(0.2);
                let die = secs(0.5);
                steps.push(Step::Cue(Cue {
                    kind: CueKind::Clash,
                    at: target,
                }));
                steps.push(Step::Wait(hold));
                steps.push(Step::Cue(Cue {
                    kind: combat_cue(attacker, defender, combat),
                    at: target,
                }));
                mover_dies = matches!(
                    combat,
                    Combat::DefenderWins | Combat::BothRemoved | Combat::FlagBombed
                );
                if mover_dies {
                    steps.push(Step::Cue(Cue {
                        kind: CueKind::Shatter(attacker),
                        at: target,
                    }));
                    steps.push(Step::Die(die));
                }
                if let Some(defender_entity) = entity_at(to) {
                    let mut defender_steps = vec![Step::Wait(slide + hold)];
                    if combat != Combat::DefenderWins {
                        defender_steps.push(Step::Cue(Cue {
                            kind: CueKind::Shatter(defender),
                            at: target,
                        }));
                        defender_steps.push(Step::Die(die));
                        commands
                            .entity(defender_entity)
                            .remove::<PieceSprite>()
                            .insert(Dying);
                    }
                    commands
                        .entity(defender_entity)
                        .insert(Anim::new(defender_steps));
                }
            }
            // The model already changed: keep the entities keyed like the board.
            if mover_dies {
                commands.entity(mover).remove::<PieceSprite>().insert(Dying);
            } else {
                commands.entity(mover).insert(PieceSprite { point: to });
            }
            commands.entity(mover).insert(Anim::new(steps));
        }
        (Action::Flip(_), _) => warn!("a flip without a flip effect"),
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
    for (entity, mut anim, mut transform, mut face, mut alpha) in &mut pieces {
        anim.elapsed += dt;
        loop {
            let elapsed = anim.elapsed;
            let Some(step) = anim.steps.front() else {
                transform.translation.z = Z_PIECE;
                commands.entity(entity).remove::<Anim>();
                break;
            };
            // How far into the step we are (1 = done) and its length.
            let (progress, length) = match step {
                Step::Cue(_) => (1.0, 0.0),
                Step::Wait(secs)
                | Step::Flip { secs, .. }
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
                    cues.write(*cue);
                }
                Step::Wait(_) => {}
                Step::Flip { face: shown, .. } => {
                    // Scale x from 1 to 0, swap the face, back to 1; lift a little meanwhile.
                    if progress >= 0.5 && face.0 != *shown {
                        face.0 = *shown;
                    }
                    let k = ease(progress);
                    transform.scale.x = (1.0 - 2.0 * k).abs().max(0.02);
                    transform.scale.y = 1.0 + 0.12 * ops::sin(std::f32::consts::PI * k);
                    transform.translation.z = Z_MOVING;
                }
                Step::Slide { path, .. } => {
                    let at = along(path, ease(progress));
                    let lift = 1.0 + 0.08 * ops::sin(std::f32::consts::PI * progress);
                    // Until its timeline ends, a piece that moved stays above the one it met.
                    transform.translation = at.extend(if progress < 1.0 {
                        Z_MOVING
                    } else {
                        Z_PIECE + 1.0
                    });
                    transform.scale = Vec3::splat(if progress < 1.0 { lift } else { 1.0 });
                }
                Step::Die(_) => {
                    transform.scale = Vec3::splat(1.0 - 0.6 * progress);
                    alpha.0 = 1.0 - progress;
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
            anim.steps.pop_front();
        }
    }
}

/// When the last action has been shown and the game is over, cue the ending (once).
fn announce_outcome(
    mut active: ResMut<ActiveGame>,
    seats: Res<Seats>,
    anims: Query<(), With<Anim>>,
    mut cues: MessageWriter<Cue>,
) {
    if active.announced || !anims.is_empty() {
        return;
    }
    let Some(outcome) = active.game.outcome() else {
        return;
    };
    active.announced = true;
    let kind = match outcome {
        Outcome::Draw(_) => CueKind::Draw,
        Outcome::Win { winner, .. } => {
            let computer_won = active
                .player_of(winner)
                .is_some_and(|player| matches!(seats.0[player], Controller::Computer(_)));
            if computer_won && !seats.0.iter().all(|c| matches!(c, Controller::Computer(_))) {
                CueKind::Defeat
            } else {
                CueKind::Victory
            }
        }
    };
    cues.write(Cue {
        kind,
        at: Vec2::ZERO,
    });
}
