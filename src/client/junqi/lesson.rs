//! A lesson on the Junqi board (Junqi flip's, Junqi classic's): a step's game (the local
//! referee holds every piece) for the learner at this device, its points highlighted, and the
//! first action tried there — played, or refused by the rules — judged by the step.

use super::input::TriedAction;
use super::table::JunqiTable;
use crate::client::ClientSet;
use crate::client::lessons::{
    Highlights, LessonAnswer, LessonOn, StartLessonStep, forget_highlights,
};
use crate::client::matches::on_table;
use crate::client::play::{LoadMatch, StepPlayed};
use crate::client::seats::Seats;
use crate::lessons::{LessonGame, Step, lesson};
use crate::rules::GameKind;
use crate::rules::junqi::{Action, Point};
use bevy::prelude::*;

/// The lesson `L` of the game `M` on the Junqi board.
pub(super) fn plugin<M, L>(app: &mut App)
where
    M: JunqiTable,
    L: LessonGame<Table = M::Whole, Move = Action, Point = Point>,
{
    app.init_resource::<Highlights<Point>>().add_systems(
        Update,
        (
            start_steps::<M, L>.before(ClientSet::Command),
            judge_actions::<M, L>
                .distributive_run_if(on_table(M::KIND))
                .after(ClientSet::Apply),
        ),
    );
}

/// The board's highlights go when no lesson on the Junqi board is on.
pub(super) fn forget_plugin(app: &mut App) {
    app.add_systems(
        Update,
        forget_highlights::<Point>(vec![GameKind::Junqi, GameKind::JunqiClassic]),
    );
}

/// Step `step` of the lesson `L`.
fn step_of<L: LessonGame>(step: usize) -> Option<&'static Step<L>> {
    lesson::<L>().ok()?.steps().get(step)
}

fn start_steps<M, L>(
    mut steps: MessageReader<StartLessonStep>,
    mut loads: MessageWriter<LoadMatch<M>>,
    mut highlights: ResMut<Highlights<Point>>,
) where
    M: JunqiTable,
    L: LessonGame<Table = M::Whole, Move = Action, Point = Point>,
{
    for request in steps.read().filter(|r| r.kind == M::KIND) {
        let Some(step) = step_of::<L>(request.step) else {
            warn!("the lesson has no step {}", request.step);
            continue;
        };
        let game = step.start();
        *highlights = Highlights {
            points: step.highlights().to_vec(),
            at_ply: M::shown(&game, usize::MAX).plies(),
        };
        loads.write(LoadMatch {
            game,
            seats: Seats::hot_seat(),
            attract: false,
        });
    }
}

/// The first action from a step's start gets the step's answer.
fn judge_actions<M, L>(
    (mut played, mut tried): (MessageReader<StepPlayed<M>>, MessageReader<TriedAction>),
    (on, highlights): (Res<LessonOn>, Res<Highlights<Point>>),
    model: Res<M>,
    mut answers: MessageWriter<LessonAnswer>,
) where
    M: JunqiTable,
    L: LessonGame<Table = M::Whole, Move = Action, Point = Point>,
{
    let start = highlights.at_ply;
    let plies = model.plies();
    let actions: Vec<Action> = played
        .read()
        .map(|played| M::action(&played.step))
        .filter(|_| plies == start + 1)
        .chain(tried.read().map(|tried| tried.0).filter(|_| plies == start))
        .collect();
    let Some(step) = on.waits_in(M::KIND).and_then(step_of::<L>) else {
        return;
    };
    if let Some(&action) = actions.first() {
        answers.write(LessonAnswer::of(step.judge(action)));
    }
}
