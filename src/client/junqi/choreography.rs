//! Choreography: which timeline each piece gets when an action has been played (the model and
//! the piece entities already show the new state), with the sounds and effects of the battle,
//! and the fanfare when the game is over.

use super::layout::JunqiBoard;
use super::pieces::{Dying, PieceFace, PieceSprite, SyncPieces, Underside, ink};
use super::table::{Battle, JunqiTable, StagedBattle};
use crate::client::ClientSet;
use crate::client::audio::TableSound;
use crate::client::cues::{Burst, Cue};
use crate::client::matches::on_table_any;
use crate::client::points::{PointsBoard, StepsToAnimate};
use crate::client::settings::Settings;
use crate::client::table_colours::{Palette, TablePalette};
use crate::client::tabletop::TableView;
use crate::client::theme::palette;
use crate::client::timeline::{Anim, AnimationSystems, Step};
use crate::rules::junqi::{Action, Color as Side, Point};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// The animations of `M`'s steps, while `M` is on the table.
pub(super) fn table_plugin<M: JunqiTable>(app: &mut App) {
    app.add_systems(
        Update,
        start_animations::<M>
            .distributive_run_if(on_table_any(M::KINDS))
            .in_set(ClientSet::Animate)
            .after(SyncPieces)
            .before(AnimationSystems),
    );
}

/// Where the timelines are made: the settings, the table and the sounds.
#[derive(SystemParam)]
struct Stage<'w> {
    settings: Res<'w, Settings>,
    table: Res<'w, TableView>,
    colours: Res<'w, TablePalette>,
    sounds: TableSound<'w>,
}

impl Stage<'_> {
    fn battle_cue(&self, battle: Battle, at: Vec2) -> Cue {
        let (sound, burst, shake) = match battle {
            Battle::Won => (self.sounds.of(|s| &s.win_attack), None, 0.0),
            Battle::Lost => (self.sounds.of(|s| &s.lose_attack), None, 0.0),
            Battle::Traded => (self.sounds.of(|s| &s.trade), None, 0.0),
            Battle::Bomb => (self.sounds.of(|s| &s.bomb), Some(Burst::Blast), 0.9),
            Battle::Mine => (self.sounds.of(|s| &s.mine), Some(Burst::Smoke), 0.5),
            Battle::Flag => (self.sounds.of(|s| &s.flag), Some(Burst::Flash), 0.0),
        };
        Cue {
            at,
            sound,
            burst,
            shake,
        }
    }
}

/// The cue of a piece of `side` breaking apart, in `colours`.
fn shatter(colours: &Palette, side: Side, at: Vec2) -> Step {
    Step::Cue(Cue {
        at,
        burst: Some(Burst::Shards([
            ink(colours, side).bevy(),
            palette::PAPER.bevy(),
        ])),
        ..default()
    })
}

fn start_animations<M: JunqiTable>(
    mut commands: Commands,
    mut steps: StepsToAnimate<M>,
    stage: Stage,
    pieces: Query<(Entity, &PieceSprite, &PieceFace)>,
) {
    let Some(played) = steps.single(&mut commands) else {
        return;
    };
    let staging = M::staging(&played.did);
    let factor = stage.settings.animation.duration_factor();
    let secs = |s: f32| s * factor;
    let entity_at = |point: Point| {
        pieces
            .iter()
            .find(|(_, p, _)| p.point == point)
            .map(|(e, _, face)| (e, face.0.is_some()))
    };
    let world = |point: Point| JunqiBoard::point_to_world(point, stage.table.turned());
    // When the move and its battle are over: flags the referee showed turn over then.
    let mut settled = 0.0;
    let action = M::action(&played.step);
    match action {
        Action::Flip(point) => {
            let (Some((entity, _)), Some(piece)) = (entity_at(point), staging.flipped) else {
                warn!("a flip without its piece");
                return;
            };
            commands.entity(entity).insert((
                Underside(piece),
                Anim::new([
                    Step::Cue(Cue {
                        at: world(point),
                        sound: stage.sounds.of(|s| &s.flip),
                        ..default()
                    }),
                    Step::Turn(secs(0.34)),
                ]),
            ));
        }
        Action::Move { from, to } => {
            let Some((mover, _)) = entity_at(from) else {
                return;
            };
            let path: Vec<Vec2> = staging.path.iter().map(|&p| world(p)).collect();
            let slide = secs(0.14 + 0.07 * (staging.path.len().max(2) - 1) as f32);
            settled = slide;
            let travel = if staging.path.len() > 2 {
                stage.sounds.of(|s| &s.rail)
            } else {
                stage.sounds.of(|s| &s.step)
            };
            let target = world(to);
            let mut steps = vec![
                Step::Cue(Cue {
                    at: world(from),
                    sound: travel,
                    ..default()
                }),
                Step::Slide { path, secs: slide },
            ];
            let mut mover_dies = false;
            if let Some(StagedBattle {
                battle,
                sides: (attacker, defender),
                attacker_falls,
                defender_falls,
            }) = staging.battle
            {
                let hold = secs(0.2);
                let die = secs(0.5);
                settled += hold + die;
                steps.push(Step::Cue(Cue {
                    at: target,
                    sound: stage.sounds.of(|s| &s.clash),
                    burst: Some(Burst::Flash),
                    shake: 0.0,
                }));
                steps.push(Step::Wait(hold));
                steps.push(Step::Cue(stage.battle_cue(battle, target)));
                mover_dies = attacker_falls;
                if mover_dies {
                    steps.push(shatter(&stage.colours, attacker, target));
                    steps.push(Step::Die(die));
                }
                if let Some((defender_entity, _)) = entity_at(to) {
                    let mut defender_steps = vec![Step::Wait(slide + hold)];
                    if defender_falls {
                        defender_steps.push(shatter(&stage.colours, defender, target));
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
    }
    // A flag the referee showed (its marshal fell) turns over where it stands, with an effect
    // of its own once the battle is over.
    let battle_point = match action {
        Action::Flip(point) | Action::Move { to: point, .. } => point,
    };
    for &(point, flag) in &staging.flags_shown {
        let Some((entity, face_up)) = entity_at(point).filter(|_| point != battle_point) else {
            continue;
        };
        let mut steps = vec![
            Step::Wait(settled),
            Step::Cue(Cue {
                at: world(point),
                sound: stage.sounds.of(|s| &s.flag),
                burst: Some(Burst::Flash),
                shake: 0.4,
            }),
        ];
        if !face_up {
            commands.entity(entity).insert(Underside(flag));
            steps.push(Step::Turn(secs(0.5)));
        }
        commands.entity(entity).insert(Anim::new(steps));
    }
}
