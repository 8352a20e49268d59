//! Practice from a review's mistake, in the HUD.

use super::state::{HudActions, HudMatch};
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::play::{Attempt, PracticeRequest};
use crate::client::theme::{ButtonSize::Small, palette, sounding_button};
use bevy::prelude::*;
use bevy_egui::egui;

/// Learn from your mistakes: the exercise on the table, how the last try went, next, stop.
pub(super) fn practice_block(
    ui: &mut egui::Ui,
    lang: Lang,
    table: &HudMatch,
    act: &mut HudActions,
) {
    let practice = &*table.practice;
    let t = |key: &'static str| tr(lang, key);
    if practice.index >= practice.total {
        ui.label(tr_args(
            lang,
            "practice-done",
            [("solved", practice.solved), ("total", practice.total)],
        ));
    } else {
        ui.label(tr_args(
            lang,
            "practice-task",
            [
                ("n", (practice.index + 1).to_string()),
                ("total", practice.total.to_string()),
                ("played", practice.played_in_game.clone()),
            ],
        ));
        let (words, colour) = match &practice.attempt {
            Attempt::Waiting => (String::new(), palette::TEXT),
            Attempt::Judging => (t("practice-judging"), palette::TEXT),
            Attempt::Wrong { played } => (
                tr_args(lang, "practice-wrong", [("played", played.as_str())]),
                palette::WARNING,
            ),
            Attempt::Right { played } => (
                tr_args(lang, "practice-right", [("played", played.as_str())]),
                palette::HINT,
            ),
            Attempt::Shown { answer } => (
                tr_args(lang, "practice-answer", [("answer", answer.as_str())]),
                palette::GOLD,
            ),
        };
        if !words.is_empty() {
            ui.label(egui::RichText::new(words).size(18.0).color(colour.egui()));
        }
    }
    let sounds = &mut act.feedback.sounds;
    ui.horizontal_wrapped(|ui| {
        let finished = matches!(
            practice.attempt,
            Attempt::Right { .. } | Attempt::Shown { .. }
        );
        if practice.index < practice.total
            && sounding_button(ui, Small, finished, t("practice-next"), sounds)
        {
            act.practice.write(PracticeRequest::Next);
        }
        if sounding_button(ui, Small, true, t("practice-stop"), sounds) {
            act.practice.write(PracticeRequest::Stop);
        }
    });
}
