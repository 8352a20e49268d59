//! Learn from your mistakes: after a review, the mistakes and blunders of one seat become
//! exercises. Each puts the position before the mistake on the table for the people at this
//! device, judges the move played there as the review did, takes a wrong one back for a second
//! try, and after two shows the engine's answer on the board.

use super::game::{LoadMatch, Match, StepPlayed};
use super::review::{Review, ReviewView};
use crate::ai::Level;
use crate::ai::review::Class;
use crate::client::ClientSet;
use crate::client::lessons::Highlights;
use crate::client::matches::{MatchRequest, TableMode, on_table_any};
use crate::client::seats::Seats;
use crate::client::settings::Settings;
use crate::client::thinking::{ActionOf, Judging};
use crate::rules::Seat;
use bevy::prelude::*;

/// The level a move is judged at: the review's.
const PRACTICE_LEVEL: Level = Level::Medium;
/// Wrong moves before the answer is shown.
const TRIES: u8 = 2;

/// Practise the reviewed mistakes of a seat, go on to the next exercise, or stop.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PracticeRequest {
    Start(Seat),
    Next,
    Stop,
}

/// How the exercise on the table stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Attempt {
    /// Waiting for a move.
    #[default]
    Waiting,
    /// The move played is being judged.
    Judging,
    /// The move was wrong: it was taken back for another try.
    Wrong { played: String },
    /// The move was right.
    Right { played: String },
    /// Two wrong moves: the engine's answer, marked on the board.
    Shown { answer: String },
}

/// The exercises as the HUD shows them.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct PracticeView {
    /// Whether exercises are on the table.
    pub on: bool,
    /// Whose mistakes they are.
    pub seat: Seat,
    /// The exercise on the table (from 0) and how many there are.
    pub index: usize,
    pub total: usize,
    /// How many were solved, without the answer shown.
    pub solved: usize,
    /// The move that was played in the game there.
    pub played_in_game: String,
    pub attempt: Attempt,
}

/// One exercise: the ply of the mistake, the game before it, the engine's answer there, and
/// the move the game saw.
struct Exercise<G: Match> {
    ply: usize,
    before: G,
    answer: ActionOf<G>,
    played: String,
}

/// The exercises of `G` in progress.
#[derive(Resource)]
struct Practice<G: Match> {
    /// The reviewed game, its steps, and how many seats it has.
    whole: Option<(G::Whole, usize, usize)>,
    exercises: Vec<Exercise<G>>,
    /// Wrong moves in this exercise so far.
    wrong: u8,
    /// The move being judged, and its judging.
    judging: Option<(ActionOf<G>, Judging<G::Sight>)>,
}

impl<G: Match> Default for Practice<G> {
    fn default() -> Self {
        Practice {
            whole: None,
            exercises: Vec::new(),
            wrong: 0,
            judging: None,
        }
    }
}

pub(super) fn plugin<G: Match>(app: &mut App) {
    app.init_resource::<Practice<G>>()
        .init_resource::<PracticeView>()
        .add_message::<PracticeRequest>()
        .add_systems(
            Update,
            (handle_requests::<G>, judge_moves::<G>)
                .chain()
                .distributive_run_if(on_table_any(G::KINDS))
                .in_set(ClientSet::Command),
        );
}

impl<G: Match> Practice<G> {
    /// Puts exercise `index` on the table: the game before its mistake, every seat here.
    fn set_up(
        &mut self,
        index: usize,
        view: &mut PracticeView,
        loads: &mut MessageWriter<LoadMatch<G>>,
    ) {
        self.wrong = 0;
        self.judging = None;
        view.index = index;
        view.attempt = Attempt::Waiting;
        let (Some((whole, total, seats)), Some(exercise)) =
            (&self.whole, self.exercises.get(index))
        else {
            return;
        };
        view.played_in_game = exercise.played.clone();
        let mut game = whole.clone();
        G::take_back_whole(&mut game, total - exercise.ply);
        loads.write(LoadMatch {
            game,
            seats: Seats::people(*seats),
            mode: TableMode::Local,
        });
    }
}

fn handle_requests<G: Match>(
    mut requests: MessageReader<PracticeRequest>,
    (review, review_view): (Res<Review<G>>, Res<ReviewView>),
    mut practice: ResMut<Practice<G>>,
    mut view: ResMut<PracticeView>,
    mut loads: MessageWriter<LoadMatch<G>>,
    mut highlights: Option<ResMut<Highlights<G::Point>>>,
) {
    for request in requests.read() {
        if practice.whole.is_some()
            && let Some(highlights) = highlights.as_deref_mut()
        {
            highlights.points.clear();
        }
        match *request {
            PracticeRequest::Start(seat) => {
                let Some((whole, _)) = &review.game else {
                    continue;
                };
                if !review_view.done() {
                    continue;
                }
                let exercises: Vec<Exercise<G>> = review_view
                    .lines
                    .iter()
                    .zip(&review.best)
                    .enumerate()
                    .filter(|(_, (line, _))| line.mover == seat && line.class >= Class::Mistake)
                    .map(|(ply, (line, &(answer, _)))| Exercise {
                        ply,
                        before: G::shown(whole, ply),
                        answer,
                        played: line.played.clone(),
                    })
                    .collect();
                if exercises.is_empty() {
                    continue;
                }
                let seats = G::shown(whole, 0).seat_count();
                *practice = Practice {
                    whole: Some((whole.clone(), review_view.total, seats)),
                    exercises,
                    ..default()
                };
                *view = PracticeView {
                    on: true,
                    seat,
                    total: practice.exercises.len(),
                    ..default()
                };
                practice.set_up(0, &mut view, &mut loads);
            }
            PracticeRequest::Next if practice.whole.is_some() => {
                let next = view.index + 1;
                practice.set_up(next, &mut view, &mut loads);
            }
            PracticeRequest::Next => {}
            PracticeRequest::Stop if practice.whole.is_some() => {
                *practice = Practice::default();
                *view = PracticeView::default();
            }
            PracticeRequest::Stop => {}
        }
    }
}

/// Judges the move played in the exercise; a wrong one is taken back (twice, then the answer
/// is shown), a right one ends the exercise.
fn judge_moves<G: Match>(
    mut played: MessageReader<StepPlayed<G>>,
    mut practice: ResMut<Practice<G>>,
    mut view: ResMut<PracticeView>,
    settings: Res<Settings>,
    mut undo: MessageWriter<MatchRequest>,
    mut highlights: Option<ResMut<Highlights<G::Point>>>,
) {
    let practice = &mut *practice;
    let Some(exercise) = practice.exercises.get(view.index) else {
        played.clear();
        return;
    };
    let before = &exercise.before;
    for step in played.read() {
        let open = matches!(view.attempt, Attempt::Waiting | Attempt::Wrong { .. });
        let action = G::action(&step.step).to_string().parse::<ActionOf<G>>();
        if let (true, Ok(action)) = (open, action) {
            let judging = Judging::start(before.sight(), action, PRACTICE_LEVEL);
            practice.judging = Some((action, judging));
            view.attempt = Attempt::Judging;
        }
    }
    let Some((action, judging)) = practice.judging.as_mut() else {
        return;
    };
    let Some(verdict) = judging.poll() else {
        return;
    };
    let played = before.action_name(action, settings.language);
    practice.judging = None;
    match verdict {
        // Within the inaccuracy threshold of the best is right.
        Ok(judgement) if judgement.class < Class::Inaccuracy => {
            view.solved += 1;
            view.attempt = Attempt::Right { played };
        }
        Ok(_) => {
            practice.wrong += 1;
            undo.write(MatchRequest::Undo);
            if practice.wrong >= TRIES {
                if let Some(highlights) = highlights.as_deref_mut() {
                    *highlights = Highlights {
                        points: G::action_points(&exercise.answer),
                        at_ply: exercise.ply,
                    };
                }
                view.attempt = Attempt::Shown {
                    answer: before.action_name(&exercise.answer, settings.language),
                };
            } else {
                view.attempt = Attempt::Wrong { played };
            }
        }
        Err(why) => {
            warn!("the exercise's move could not be judged: {why}");
            view.attempt = Attempt::Waiting;
        }
    }
}
