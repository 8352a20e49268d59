//! The review of the game being replayed (`docs/formats.md`, Review): each step judged in turn
//! from what its mover saw, at the default level, beside play ([`Judging`]: a worker thread,
//! or the browser's Web Worker). It fills in as it goes; the HUD shows it through
//! [`ReviewView`], whichever game is on the table, and can stop it at any time.

use super::game::Match;
use super::replay::Replay;
use crate::ai::Level;
use crate::ai::review::{Class, Loss, Reason, accuracy};
use crate::client::ClientSet;
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::lessons::Highlights;
use crate::client::matches::{MatchStatus, on_table_any};
use crate::client::settings::Settings;
use crate::client::thinking::{ActionOf, Judging};
use crate::rules::Seat;
use bevy::prelude::*;
use web_time::Instant;

/// The level a review searches at: the default of `kawu-cli review`.
const REVIEW_LEVEL: Level = Level::Medium;

/// Start a review of the game being replayed (once a replay is on the table), or stop it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewRequest {
    Start,
    Stop,
}

/// One judged step, as the HUD shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewLine {
    /// Who made it.
    pub mover: Seat,
    /// The action played, in the game's notation.
    pub played: String,
    /// The engine's best action there.
    pub best: String,
    /// The expected score the played action lost against the best.
    pub loss: Loss,
    pub class: Class,
    /// The mover's expected score before it, best played, in thousandths.
    pub expected: u16,
    /// Why it was a mistake or a blunder, in words, when the engine could tell.
    pub reason: Option<String>,
}

impl ReviewLine {
    /// The action to suggest instead of the one played: none when the played one is classed
    /// best (within a hundredth of the best) or was forced.
    pub fn better(&self) -> Option<&str> {
        (self.class > Class::Best && self.best != self.played).then_some(self.best.as_str())
    }
}

/// The review of the replay on the table, as the HUD shows it.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ReviewView {
    /// Whether a review is running or done for the replay on the table.
    pub on: bool,
    /// How many steps the game has.
    pub total: usize,
    /// The steps judged so far, from the first.
    pub lines: Vec<ReviewLine>,
    /// Each mover's accuracy over the steps judged so far, in order of first move.
    pub accuracy: Vec<(Seat, f64)>,
}

impl ReviewView {
    /// Whether every step has been judged.
    pub fn done(&self) -> bool {
        self.on && self.lines.len() == self.total
    }
}

/// The review of `G`'s replay in progress.
#[derive(Resource)]
pub(super) struct Review<G: Match> {
    /// A review was asked for and waits for the replay.
    wanted: bool,
    /// The game under review, and its text (to notice another replay replacing it).
    pub(super) game: Option<(G::Whole, String)>,
    /// Who made each step.
    movers: Vec<Seat>,
    /// The step being judged: the model before it, the action played, and its judging.
    judging: Option<(G, ActionOf<G>, Judging<G::Sight>)>,
    /// The engine's best action at each step judged, and the step's class.
    pub(super) best: Vec<(ActionOf<G>, Class)>,
    /// Whether the board marks a better action now.
    marked: bool,
    /// When the review began (its time goes to the log when it ends).
    started: Option<Instant>,
}

impl<G: Match> Default for Review<G> {
    fn default() -> Self {
        Review {
            wanted: false,
            game: None,
            movers: Vec::new(),
            judging: None,
            best: Vec::new(),
            marked: false,
            started: None,
        }
    }
}

pub(super) fn plugin<G: Match>(app: &mut App) {
    app.init_resource::<Review<G>>()
        .init_resource::<ReviewView>()
        .add_message::<ReviewRequest>()
        .add_systems(
            Update,
            (
                start_or_stop::<G>,
                judge_steps::<G>,
                mark_better::<G>.distributive_run_if(on_table_any(G::KINDS)),
            )
                .chain()
                .in_set(ClientSet::Command),
        );
}

/// Starts a review when asked and a replay of `G` is on; stops it when asked, or when the
/// replay ends or another takes its place.
fn start_or_stop<G: Match>(
    mut requests: MessageReader<ReviewRequest>,
    replay: Res<Replay<G>>,
    mut review: ResMut<Review<G>>,
    mut view: ResMut<ReviewView>,
) {
    for request in requests.read() {
        match request {
            ReviewRequest::Start => review.wanted = true,
            ReviewRequest::Stop => {
                if review.game.is_some() {
                    *view = ReviewView::default();
                }
                *review = Review {
                    marked: review.marked,
                    ..default()
                };
            }
        }
    }
    if replay.is_changed()
        && let Some((_, text)) = &review.game
        && replay.script().map(G::to_text).as_ref() != Some(text)
    {
        *review = Review {
            marked: review.marked,
            ..default()
        };
        *view = ReviewView::default();
    }
    if review.wanted
        && review.game.is_none()
        && let Some(script) = replay.script()
    {
        let total = replay.progress().map_or(0, |progress| progress.total);
        review.movers = G::shown(script, total).movers();
        review.game = Some((script.clone(), G::to_text(script)));
        review.wanted = false;
        review.started = Some(Instant::now());
        info!("review started: {total} steps");
        *view = ReviewView {
            on: true,
            total,
            ..default()
        };
    }
}

/// Judges the steps one after another, each beside play, and shows each verdict as it comes
/// (actions named as the game's move list names them).
fn judge_steps<G: Match>(
    mut review: ResMut<Review<G>>,
    mut view: ResMut<ReviewView>,
    settings: Res<Settings>,
) {
    let review = &mut *review;
    let Some((whole, _)) = &review.game else {
        return;
    };
    let next = view.lines.len();
    if next >= view.total {
        return;
    }
    let Some((before, played, judging)) = review.judging.as_mut() else {
        let action = G::step_at(whole, next)
            .and_then(|step| G::action(&step).to_string().parse::<ActionOf<G>>().ok());
        match action {
            Some(action) => {
                let before = G::shown(whole, next);
                let judging = Judging::start(before.sight(), action, REVIEW_LEVEL);
                review.judging = Some((before, action, judging));
            }
            None => {
                warn!("the review stops: step {} cannot be read", next + 1);
                view.total = next;
            }
        }
        return;
    };
    let Some(verdict) = judging.poll() else {
        return;
    };
    let lang = settings.language;
    let notation = played.to_string();
    let played = before.action_name(played, lang);
    // Named from the position before, which ends with the judging.
    let verdict = verdict.map(|judgement| (before.action_name(&judgement.best, lang), judgement));
    review.judging = None;
    match verdict {
        Ok((best, judgement)) => {
            info!(
                "reviewed step {}: {notation} {} (best {}){}",
                next + 1,
                judgement.class.word(),
                judgement.best,
                judgement
                    .reason
                    .map_or(String::new(), |reason| format!(" {reason:?}"))
            );
            review.best.push((judgement.best, judgement.class));
            view.lines.push(ReviewLine {
                mover: review.movers.get(next).copied().unwrap_or(Seat(0)),
                played,
                best,
                loss: judgement.loss,
                class: judgement.class,
                expected: judgement.expected,
                reason: judgement
                    .reason
                    .and_then(|reason| reason_text::<G>(reason, lang)),
            });
            let mut movers: Vec<Seat> = Vec::new();
            for line in &view.lines {
                if !movers.contains(&line.mover) {
                    movers.push(line.mover);
                }
            }
            view.accuracy = movers
                .into_iter()
                .map(|mover| {
                    let own = view.lines.iter().filter(|line| line.mover == mover);
                    (mover, accuracy(own.map(|line| (line.loss, line.class))))
                })
                .collect();
            if view.done() {
                let elapsed = review
                    .started
                    .map_or(0, |started| started.elapsed().as_millis());
                info!("review finished: {} steps in {elapsed} ms", view.total);
            }
        }
        Err(why) => {
            warn!("the review stops at step {}: {why}", next + 1);
            view.total = next;
        }
    }
}

/// Marks the engine's better action on the board while the replay stands where a step that
/// lost something was played; clears the marks once it does not.
fn mark_better<G: Match>(
    status: Res<MatchStatus>,
    mut review: ResMut<Review<G>>,
    highlights: Option<ResMut<Highlights<G::Point>>>,
) {
    let Some(mut highlights) = highlights else {
        return;
    };
    let shown = status.replay.map(|progress| progress.shown);
    let better = shown
        .and_then(|shown| review.best.get(shown).map(|found| (shown, found)))
        .filter(|(_, (_, class))| *class >= Class::Inaccuracy)
        .map(|(shown, (best, _))| (shown, G::action_points(best)));
    match better {
        Some((shown, points)) => {
            if highlights.at_ply != shown || highlights.points != points {
                *highlights = Highlights {
                    points,
                    at_ply: shown,
                };
            }
            review.marked = true;
        }
        None if review.marked => {
            highlights.points.clear();
            review.marked = false;
        }
        None => {}
    }
}

/// `reason` in `lang`, or none where the game cannot name the pieces it names.
fn reason_text<G: Match>(reason: Reason, lang: Lang) -> Option<String> {
    let piece = |letter: char| G::kind_key(letter).map(|key| tr(lang, key).to_lowercase());
    let (misses_mate, allows_mate) = if G::WON_BY_FLAG {
        ("review-reason-misses-flag", "review-reason-allows-flag")
    } else {
        ("review-reason-misses-mate", "review-reason-allows-mate")
    };
    Some(match reason {
        Reason::MissesMate => tr(lang, misses_mate),
        Reason::AllowsMate => tr(lang, allows_mate),
        Reason::Loses(letter) => tr_args(lang, "review-reason-loses", [("piece", piece(letter)?)]),
        Reason::MissesWinning(letter) => tr_args(
            lang,
            "review-reason-misses-winning",
            [("piece", piece(letter)?)],
        ),
        Reason::RunsInto(attacker, defender) => tr_args(
            lang,
            "review-reason-runs-into",
            [("piece", piece(attacker)?), ("other", piece(defender)?)],
        ),
        Reason::MissesCheck(letter) => tr_args(
            lang,
            "review-reason-misses-check",
            [("piece", piece(letter)?)],
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(played: &str, best: &str, loss: u16) -> ReviewLine {
        let loss = Loss::from_thousandths(loss);
        ReviewLine {
            mover: Seat(0),
            played: played.into(),
            best: best.into(),
            loss,
            class: Class::of(loss, false),
            expected: 500,
            reason: None,
        }
    }

    #[test]
    fn a_better_action_is_suggested_only_past_the_best_class() {
        assert_eq!(line("c6b5", "a6a7", 9).better(), None);
        assert_eq!(line("c6b5", "a6a7", 10).better(), Some("a6a7"));
        assert_eq!(line("a6a7", "a6a7", 0).better(), None);
    }
}
