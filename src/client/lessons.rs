//! Learning to play in the game: a game's lesson (`crate::lessons`, steps as data) on the real
//! table, one thing to do in each step, the learner's moves answered. The shell keeps where the
//! learner is, their progress and the first-launch offer, and shows the lesson's panel; each
//! game puts its steps on the table and judges the moves tried there.

use super::catalog::Catalog;
use super::cues::UiSound;
use super::i18n::{Lang, tr, tr_args};
use super::matches::{NewMatch, ResumeMatch};
use super::records::WatchReplay;
use super::seats::Seats;
use super::settings::Settings;
use super::theme::{ButtonSize::Small, UiSet, dialog_frame, palette, sounding_button};
use super::{ClientSet, Screen};
use crate::ai::Level;
use crate::lessons::Verdict;
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::time::Duration;

/// How long a wrong move stays on the board before the step starts again.
const RETRY_AFTER: Duration = Duration::from_millis(1600);

/// The lesson on the table, if one is.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct LessonOn(pub Option<LessonRun>);

impl LessonOn {
    /// The step of `kind`'s lesson on the table, if one is.
    pub fn step_of(&self, kind: GameKind) -> Option<usize> {
        self.0
            .as_ref()
            .filter(|run| run.kind == kind)
            .map(|run| run.step)
    }

    /// Whether the step on the table of `kind` still waits for its right move.
    pub fn waits_in(&self, kind: GameKind) -> Option<usize> {
        self.0
            .as_ref()
            .filter(|run| run.kind == kind && !run.answer.as_ref().is_some_and(|a| a.right))
            .map(|run| run.step)
    }
}

/// Where a learner is in a lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonRun {
    /// The game.
    pub kind: GameKind,
    /// The step on the table (from 0).
    pub step: usize,
    /// The answer to the last move tried in this step.
    pub answer: Option<LessonAnswer>,
    /// Time left before a wrong move is taken back.
    retry_in: Option<Duration>,
}

/// Put step `step` of the lesson of `kind` on the table (the game answers for its own).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartLessonStep {
    /// The game.
    pub kind: GameKind,
    /// The step (from 0).
    pub step: usize,
}

/// A game's answer to a move tried in the step on its table.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct LessonAnswer {
    /// Whether the move does what the step asks.
    pub right: bool,
    /// The message that says why, or what went wrong.
    pub key: String,
}

impl LessonAnswer {
    /// The answer a step's verdict gives.
    pub fn of<R>(verdict: Verdict<'_, R>) -> LessonAnswer {
        match verdict {
            Verdict::Right { why } => LessonAnswer {
                right: true,
                key: why.to_string(),
            },
            Verdict::Wrong { what } | Verdict::Illegal { what, .. } => LessonAnswer {
                right: false,
                key: what.to_string(),
            },
        }
    }
}

/// The points the step on the table asks the learner to notice, shown until the learner moves
/// from ply `at_ply` (each game's board has its own, of its own points).
#[derive(Resource, Debug)]
pub struct Highlights<P: Send + Sync + 'static> {
    /// The points.
    pub points: Vec<P>,
    /// The ply the step starts at.
    pub at_ply: usize,
}

impl<P: Send + Sync + 'static> Default for Highlights<P> {
    fn default() -> Self {
        Highlights {
            points: Vec::new(),
            at_ply: 0,
        }
    }
}

impl<P: Send + Sync + 'static> Highlights<P> {
    /// The points to show when the game on the table stands at `ply`.
    pub fn at(&self, ply: usize) -> &[P] {
        if ply == self.at_ply {
            &self.points
        } else {
            &[]
        }
    }
}

/// Highlights last while the lesson of one of `kinds` does (the games whose boards share them).
pub fn forget_highlights<P: Send + Sync + 'static>(
    kinds: Vec<GameKind>,
) -> impl FnMut(Res<LessonOn>, ResMut<Highlights<P>>) {
    move |on, mut highlights| {
        let lesson = kinds.iter().any(|&kind| on.step_of(kind).is_some());
        if on.is_changed() && !lesson && !highlights.points.is_empty() {
            highlights.points.clear();
        }
    }
}

/// How many steps the lesson of `kind` has (none if its file is broken, which a test forbids).
pub fn step_count(kind: GameKind) -> usize {
    crate::lessons::outline(kind)
        .and_then(Result::ok)
        .map_or(0, |outline| outline.step_ids.len())
}

/// The step a learner of `kind` starts at: where they stopped, or the first once all are done.
pub fn next_step(settings: &Settings, kind: GameKind) -> usize {
    let done = settings.lessons_done.get(&kind).copied().unwrap_or(0);
    if done >= step_count(kind) { 0 } else { done }
}

/// Whether the title screen offers the lesson of `kind`: once, to a player who has not begun
/// it, where the game has one.
pub fn offers_lesson(settings: &Settings, kind: GameKind) -> bool {
    step_count(kind) > 0
        && !settings.lessons_offered.contains(&kind)
        && !settings.lessons_done.contains_key(&kind)
}

/// A newcomer answered the title screen's offer of a game's lesson (took it or said "No,
/// thanks"): it is not offered again.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonOfferAnswered(pub GameKind);

/// Keeps the answered offers in the settings, which the desktop and the browser store.
fn remember_answered_offers(
    mut answers: MessageReader<LessonOfferAnswered>,
    mut settings: ResMut<Settings>,
) {
    for &LessonOfferAnswered(kind) in answers.read() {
        settings.lessons_offered.insert(kind);
    }
}

/// Headless parts: the run, its messages and progress.
pub(super) fn logic_plugin(app: &mut App) {
    app.init_resource::<LessonOn>()
        .add_message::<StartLessonStep>()
        .add_message::<LessonAnswer>()
        .add_message::<LessonOfferAnswered>()
        .add_systems(
            Update,
            (
                remember_answered_offers,
                (leave_lessons, begin_steps, hear_answers, retry_wrong_moves).chain(),
            )
                .in_set(ClientSet::Present),
        )
        .add_systems(OnEnter(Screen::Title), |mut on: ResMut<LessonOn>| {
            on.set_if_neq(LessonOn(None));
        });
}

/// The lesson's panel over the table.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LessonPanelHeight>().add_systems(
        EguiPrimaryContextPass,
        lesson_panel
            .in_set(UiSet::Dialogs)
            .run_if(in_state(Screen::Playing)),
    );
}

/// A game started (not the title screen's demonstration), resumed or replayed ends the lesson.
fn leave_lessons(
    (mut starts, mut resumes, mut watch): (
        MessageReader<NewMatch>,
        MessageReader<ResumeMatch>,
        MessageReader<WatchReplay>,
    ),
    mut on: ResMut<LessonOn>,
) {
    let others = starts.read().filter(|start| !start.attract).count()
        + resumes.read().count()
        + watch.read().count();
    if others > 0 {
        on.set_if_neq(LessonOn(None));
    }
}

/// A step put on the table becomes the run's; a step started again after a wrong move keeps
/// the answer on show.
fn begin_steps(
    mut steps: MessageReader<StartLessonStep>,
    mut on: ResMut<LessonOn>,
    mut next: ResMut<NextState<Screen>>,
) {
    for &StartLessonStep { kind, step } in steps.read() {
        let answer =
            on.0.as_ref()
                .filter(|run| run.kind == kind && run.step == step)
                .and_then(|run| run.answer.clone());
        info!("lesson {kind:?} step {}", step + 1);
        on.0 = Some(LessonRun {
            kind,
            step,
            answer,
            retry_in: None,
        });
        next.set(Screen::Playing);
    }
}

/// The game's answers reach the run; a right move counts in the learner's progress.
fn hear_answers(
    mut answers: MessageReader<LessonAnswer>,
    mut on: ResMut<LessonOn>,
    mut settings: ResMut<Settings>,
) {
    for answer in answers.read() {
        let Some(run) = on.0.as_mut() else {
            continue;
        };
        let verdict = if answer.right { "right" } else { "wrong" };
        info!(
            "lesson {:?} step {}: {verdict} ({})",
            run.kind,
            run.step + 1,
            answer.key
        );
        run.retry_in = (!answer.right).then_some(RETRY_AFTER);
        run.answer = Some(answer.clone());
        if answer.right {
            let done = settings.lessons_done.entry(run.kind).or_default();
            *done = (*done).max(run.step + 1);
        }
    }
}

/// A wrong move stays on the board a moment, then the step starts again.
fn retry_wrong_moves(
    time: Res<Time>,
    mut on: ResMut<LessonOn>,
    mut steps: MessageWriter<StartLessonStep>,
) {
    let Some(run) = on.0.as_ref().filter(|run| run.retry_in.is_some()) else {
        return;
    };
    let (kind, step) = (run.kind, run.step);
    let run = on.0.as_mut().expect("checked above");
    let left = run
        .retry_in
        .unwrap_or_default()
        .saturating_sub(time.delta());
    if left.is_zero() {
        run.retry_in = None;
        steps.write(StartLessonStep { kind, step });
    } else {
        run.retry_in = Some(left);
    }
}

/// How much of the window's foot the lesson's panel takes (0 without a lesson): the HUD's game
/// section ends above it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct LessonPanelHeight(pub f32);

/// The steps' words and buttons: what to do, the answer, on to the next step; at the end, a
/// first game against Easy.
fn lesson_panel(
    mut contexts: EguiContexts,
    (on, mut height): (Res<LessonOn>, ResMut<LessonPanelHeight>),
    (settings, catalog): (Res<Settings>, Res<Catalog>),
    mut steps: MessageWriter<StartLessonStep>,
    mut starts: MessageWriter<NewMatch>,
    mut next: ResMut<NextState<Screen>>,
    mut sounds: MessageWriter<UiSound>,
) -> Result {
    let Some(run) = &on.0 else {
        height.set_if_neq(LessonPanelHeight(0.0));
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let t = |key: &str| tr(lang, key);
    let Some(Ok(outline)) = crate::lessons::outline(run.kind) else {
        return Ok(());
    };
    let total = outline.step_ids.len();
    let Some(say) = outline.say_keys.get(run.step) else {
        return Ok(());
    };
    let right = run.answer.as_ref().is_some_and(|answer| answer.right);
    let last = run.step + 1 == total;
    let shown = egui::Area::new(egui::Id::new("lesson"))
        // At the foot of the HUD panel (its game section ends above), clear of the board.
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-12.0, -12.0))
        .show(ctx, |ui| {
            dialog_frame().inner_margin(14.0).show(ui, |ui| {
                ui.set_max_width(270.0);
                ui.label(
                    egui::RichText::new(t(outline.title_key))
                        .size(19.0)
                        .strong(),
                );
                ui.label(step_line(lang, run.step, total));
                ui.label(egui::RichText::new(t(say)).size(17.0));
                if let Some(answer) = &run.answer {
                    let colour = if answer.right {
                        palette::HINT
                    } else {
                        palette::WARNING
                    };
                    ui.label(egui::RichText::new(t(&answer.key)).color(colour.egui()));
                }
                if right && last {
                    ui.label(egui::RichText::new(t(outline.done_key)).strong());
                }
                ui.horizontal_wrapped(|ui| {
                    if right
                        && !last
                        && sounding_button(ui, Small, true, t("learn-next"), &mut sounds)
                    {
                        steps.write(StartLessonStep {
                            kind: run.kind,
                            step: run.step + 1,
                        });
                    }
                    if right
                        && last
                        && sounding_button(ui, Small, true, t("learn-play-easy"), &mut sounds)
                    {
                        let players = *catalog.get(run.kind).seats.start();
                        starts.write(NewMatch {
                            game: run.kind,
                            seats: Seats::person_and_computers(Level::Easy, Seat(0), players),
                            deal: default(),
                            attract: false,
                        });
                    }
                    if !right && sounding_button(ui, Small, true, t("learn-again"), &mut sounds) {
                        steps.write(StartLessonStep {
                            kind: run.kind,
                            step: run.step,
                        });
                    }
                    if sounding_button(ui, Small, true, t("learn-leave"), &mut sounds) {
                        next.set(Screen::Title);
                    }
                });
            });
        });
    // The panel and the margin under it.
    height.set_if_neq(LessonPanelHeight(shown.response.rect.height() + 24.0));
    Ok(())
}

/// "Step 2 of 9".
fn step_line(lang: Lang, step: usize, total: usize) -> String {
    tr_args(lang, "learn-step", [("number", step + 1), ("total", total)])
}
