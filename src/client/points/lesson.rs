//! Lessons on a board of points: a step's position goes on the table for people at this device
//! (the local referee holds every piece, Junqi's too), its points are highlighted, and the first
//! action tried there — played, or refused by the rules — is judged by the step.

use super::game::{BoardPlay, PointsBoard};
use super::input::TriedMove;
use crate::client::ClientSet;
use crate::client::lessons::{
    Highlights, LessonAnswer, LessonOn, StartLessonStep, forget_highlights,
};
use crate::client::matches::{TableMode, on_table_any};
use crate::client::play::{LoadMatch, StepPlayed};
use crate::client::seats::Seats;
use crate::lessons::{LessonGame, Step, lesson};
use bevy::prelude::*;

/// A game of points with the lesson `L` (a model playing two games has two).
pub trait PointsLesson<L: LessonGame>: BoardPlay {
    /// The game a step's start puts on the table.
    fn from_lesson(table: L::Table) -> Self::Whole;
}

/// The lesson `L` for `G` (headless: tests drive them).
pub fn lesson_plugin<G, L>(app: &mut App)
where
    G: PointsLesson<L>,
    L: LessonGame<Point = G::Point, Move = G::Action>,
{
    app.add_systems(
        Update,
        (
            start_steps::<G, L>.before(ClientSet::Command),
            judge_moves::<G, L>
                .distributive_run_if(on_table_any(G::KINDS))
                .after(ClientSet::Apply),
        ),
    );
}

/// The highlights of `B`'s lessons, which last while the lesson of a game on it does.
pub(super) fn board_plugin<B: PointsBoard>(app: &mut App) {
    app.init_resource::<Highlights<B::Point>>()
        .add_systems(Update, forget_highlights::<B::Point>(B::GAMES.to_vec()));
}

/// The step of the lesson `L` numbered `step`.
fn step_of<L: LessonGame>(step: usize) -> Option<&'static Step<L>> {
    lesson::<L>().ok()?.steps().get(step)
}

fn start_steps<G, L>(
    mut steps: MessageReader<StartLessonStep>,
    mut loads: MessageWriter<LoadMatch<G>>,
    mut highlights: ResMut<Highlights<G::Point>>,
) where
    G: PointsLesson<L>,
    L: LessonGame<Point = G::Point, Move = G::Action>,
{
    for request in steps.read().filter(|request| request.kind == L::KIND) {
        let Some(step) = step_of::<L>(request.step) else {
            warn!("the lesson has no step {}", request.step);
            continue;
        };
        let game = G::from_lesson(step.start());
        let shown = G::shown(&game, usize::MAX);
        let seats = Seats::people(shown.seat_count());
        *highlights = Highlights {
            points: step.highlights().to_vec(),
            at_ply: shown.plies(),
        };
        loads.write(LoadMatch {
            game,
            seats,
            mode: TableMode::Lesson,
        });
    }
}

/// The first move played from a step's start, or tried and refused there, gets the step's
/// answer.
fn judge_moves<G, L>(
    (mut played, mut tried): (MessageReader<StepPlayed<G>>, MessageReader<TriedMove<G>>),
    (on, highlights): (Res<LessonOn>, Res<Highlights<G::Point>>),
    model: Res<G>,
    mut answers: MessageWriter<LessonAnswer>,
) where
    G: PointsLesson<L>,
    L: LessonGame<Point = G::Point, Move = G::Action>,
{
    let start = highlights.at_ply;
    let moves: Vec<G::Action> = played
        .read()
        .map(|played| G::action(&played.step))
        .filter(|_| model.plies() == start + 1)
        .chain(
            tried
                .read()
                .map(|tried| tried.0)
                .filter(|_| model.plies() == start),
        )
        .collect();
    let Some(step) = on.waits_in(L::KIND).and_then(step_of::<L>) else {
        return;
    };
    if let Some(&mv) = moves.first() {
        answers.write(LessonAnswer::of(step.judge(mv)));
    }
}
