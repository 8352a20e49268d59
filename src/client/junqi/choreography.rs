//! Choreography: which timeline each piece gets when an action has been played (the model and
//! the piece entities already show the new state), with the sounds and effects of the battle,
//! and the fanfare when the game is over.

use super::model::JunqiMatch;
use super::pieces::{Dying, PieceSprite, SyncPieces, Underside, ink};
use super::sounds::JunqiSounds;
use crate::client::ClientSet;
use crate::client::cues::{Burst, Cue};
use crate::client::matches::on_table;
use crate::client::play::StepPlayed;
use crate::client::settings::Settings;
use crate::client::table_colours::{Palette, TablePalette};
use crate::client::tabletop::{TableReset, TableView};
use crate::client::theme::palette;
use crate::client::timeline::{Anim, AnimatedPiece, AnimationSystems, Step, finish_all};
use crate::rules::GameKind;
use crate::rules::junqi::{Action, Combat, Effect, Kind, Piece, Point};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_kira_audio::AudioSource;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        start_animations
            .distributive_run_if(on_table(GameKind::Junqi))
            .in_set(ClientSet::Animate)
            .after(SyncPieces)
            .before(AnimationSystems),
    );
}

/// What happens in a battle, for the ear and the eye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Battle {
    /// The attacker won.
    Won,
    /// The attacker lost.
    Lost,
    /// Equal ranks: both removed.
    Traded,
    /// A bomb went off.
    Bomb,
    /// A landmine went off.
    Mine,
    /// A flag was captured.
    Flag,
}

impl Battle {
    fn of(attacker: Piece, defender: Piece, combat: Combat) -> Battle {
        let bomb = attacker.kind == Kind::Bomb || defender.kind == Kind::Bomb;
        match combat {
            Combat::FlagCaptured | Combat::FlagBombed => Battle::Flag,
            _ if bomb => Battle::Bomb,
            Combat::DefenderWins | Combat::AttackerWins if defender.kind == Kind::Landmine => {
                Battle::Mine
            }
            Combat::AttackerWins => Battle::Won,
            Combat::DefenderWins => Battle::Lost,
            Combat::BothRemoved => Battle::Traded,
        }
    }
}

/// Where the timelines are made: the settings, the table and the sounds.
#[derive(SystemParam)]
struct Stage<'w> {
    settings: Res<'w, Settings>,
    table: Res<'w, TableView>,
    colours: Res<'w, TablePalette>,
    /// Absent without audio (headless tests): the timelines are silent.
    sounds: Option<Res<'w, JunqiSounds>>,
}

impl Stage<'_> {
    fn sound(
        &self,
        pick: impl Fn(&JunqiSounds) -> &Handle<AudioSource>,
    ) -> Option<Handle<AudioSource>> {
        self.sounds.as_deref().map(|sounds| pick(sounds).clone())
    }

    fn battle_cue(&self, battle: Battle, at: Vec2) -> Cue {
        let (sound, burst, shake) = match battle {
            Battle::Won => (self.sound(|s| &s.win_attack), None, 0.0),
            Battle::Lost => (self.sound(|s| &s.lose_attack), None, 0.0),
            Battle::Traded => (self.sound(|s| &s.trade), None, 0.0),
            Battle::Bomb => (self.sound(|s| &s.bomb), Some(Burst::Blast), 0.9),
            Battle::Mine => (self.sound(|s| &s.mine), Some(Burst::Smoke), 0.5),
            Battle::Flag => (self.sound(|s| &s.flag), Some(Burst::Flash), 0.0),
        };
        Cue {
            at,
            sound,
            burst,
            shake,
        }
    }
}

/// The cue of a piece breaking apart, in `colours`.
fn shatter(colours: &Palette, piece: Piece, at: Vec2) -> Step {
    Step::Cue(Cue {
        at,
        burst: Some(Burst::Shards([
            ink(colours, piece.color).bevy(),
            palette::PAPER.bevy(),
        ])),
        ..default()
    })
}

fn start_animations(
    mut commands: Commands,
    mut played: MessageReader<StepPlayed<JunqiMatch>>,
    mut resets: MessageReader<TableReset>,
    stage: Stage,
    mut animating: Query<AnimatedPiece>,
    pieces: Query<(Entity, &PieceSprite)>,
) {
    let reset = resets.read().count() > 0;
    let actions: Vec<&StepPlayed<JunqiMatch>> = played.read().collect();
    if actions.is_empty() {
        return;
    }
    finish_all(&mut commands, &mut animating);
    if reset || actions.len() > 1 {
        // The pieces were rebuilt from the model this frame; nothing to animate.
        return;
    }
    let played = actions[0];
    let factor = stage.settings.animation.duration_factor();
    let secs = |s: f32| s * factor;
    let entity_at = |point: Point| {
        pieces
            .iter()
            .find(|(_, p)| p.point == point)
            .map(|(e, _)| e)
    };
    let world = |point: Point| super::layout::point_to_world(point, stage.table.turned());
    match (played.step.action, played.did.effect) {
        (Action::Flip(point), Effect::Flipped { piece, .. }) => {
            let Some(entity) = entity_at(point) else {
                return;
            };
            commands.entity(entity).insert((
                Underside(piece),
                Anim::new([
                    Step::Cue(Cue {
                        at: world(point),
                        sound: stage.sound(|s| &s.flip),
                        ..default()
                    }),
                    Step::Turn(secs(0.34)),
                ]),
            ));
        }
        (Action::Move { from, to }, effect) => {
            let Some(mover) = entity_at(from) else { return };
            let path: Vec<Vec2> = played.did.path.iter().map(|&p| world(p)).collect();
            let slide = secs(0.14 + 0.07 * (played.did.path.len() - 1) as f32);
            let travel = if played.did.path.len() > 2 {
                stage.sound(|s| &s.rail)
            } else {
                stage.sound(|s| &s.step)
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
            if let Effect::Attacked {
                attacker,
                defender,
                combat,
            } = effect
            {
                let hold = secs(0.2);
                let die = secs(0.5);
                steps.push(Step::Cue(Cue {
                    at: target,
                    sound: stage.sound(|s| &s.clash),
                    burst: Some(Burst::Flash),
                    shake: 0.0,
                }));
                steps.push(Step::Wait(hold));
                steps.push(Step::Cue(
                    stage.battle_cue(Battle::of(attacker, defender, combat), target),
                ));
                mover_dies = matches!(
                    combat,
                    Combat::DefenderWins | Combat::BothRemoved | Combat::FlagBombed
                );
                if mover_dies {
                    steps.push(shatter(&stage.colours, attacker, target));
                    steps.push(Step::Die(die));
                }
                if let Some(defender_entity) = entity_at(to) {
                    let mut defender_steps = vec![Step::Wait(slide + hold)];
                    if combat != Combat::DefenderWins {
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
        (Action::Flip(_), _) => warn!("a flip without a flip effect"),
    }
}
