//! Junqi's lesson on the table: a step's game (the local referee holds its face-down pieces)
//! for two people at this device, its points highlighted, and the first action tried there —
//! played, or refused by the rules — judged by the step.

use super::input::TriedAction;
use super::model::JunqiMatch;
use crate::client::ClientSet;
use crate::client::lessons::{
    Highlights, LessonAnswer, LessonOn, StartLessonStep, forget_highlights,
};
use crate::client::matches::on_table;
use crate::client::play::{LoadMatch, StepPlayed};
use crate::client::seats::Seats;
use crate::lessons::{Junqi, Step, lesson};
use crate::rules::GameKind;
use crate::rules::junqi::{Action, Point};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Highlights<Point>>().add_systems(
        Update,
        (
            start_steps.before(ClientSet::Command),
            judge_actions
                .distributive_run_if(on_table(GameKind::Junqi))
                .after(ClientSet::Apply),
            forget_highlights::<Point>(GameKind::Junqi),
        ),
    );
}

/// Step `step` of Junqi's lesson.
fn step_of(step: usize) -> Option<&'static Step<Junqi>> {
    lesson::<Junqi>().ok()?.steps().get(step)
}

fn start_steps(
    mut steps: MessageReader<StartLessonStep>,
    mut loads: MessageWriter<LoadMatch<JunqiMatch>>,
    mut highlights: ResMut<Highlights<Point>>,
) {
    for request in steps.read().filter(|r| r.kind == GameKind::Junqi) {
        let Some(step) = step_of(request.step) else {
            warn!("the lesson has no step {}", request.step);
            continue;
        };
        let game = step.start();
        *highlights = Highlights {
            points: step.highlights().to_vec(),
            at_ply: game.history().len(),
        };
        loads.write(LoadMatch {
            game,
            seats: Seats::hot_seat(),
            attract: false,
        });
    }
}

/// The first action from a step's start gets the step's answer.
fn judge_actions(
    (mut played, mut tried): (
        MessageReader<StepPlayed<JunqiMatch>>,
        MessageReader<TriedAction>,
    ),
    (on, highlights): (Res<LessonOn>, Res<Highlights<Point>>),
    model: Res<JunqiMatch>,
    mut answers: MessageWriter<LessonAnswer>,
) {
    let start = highlights.at_ply;
    let plies = model.public.history().len();
    let actions: Vec<Action> = played
        .read()
        .map(|played| played.step.action)
        .filter(|_| plies == start + 1)
        .chain(tried.read().map(|tried| tried.0).filter(|_| plies == start))
        .collect();
    let Some(step) = on.waits_in(GameKind::Junqi).and_then(step_of) else {
        return;
    };
    if let Some(&action) = actions.first() {
        answers.write(LessonAnswer::of(step.judge(action)));
    }
}
