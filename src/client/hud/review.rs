//! A replay's review in the HUD: each action's mark and the evaluation graph.

use super::state::{HudActions, HudMatch};
use crate::ai::review::Class;
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::play::{PracticeRequest, ReviewRequest};
use crate::client::records::ReplayRequest;
use crate::client::theme::{ButtonSize::Small, Rgb, name_place, palette, sounding_button};
use crate::rules::Seat;
use bevy::prelude::*;
use bevy_egui::egui;

/// The colour and mark of a judged step's class (the mark is the second cue, for players who
/// cannot tell the colours apart); `None` for the classes that need no mark.
fn class_mark(class: Class) -> Option<(&'static str, Rgb)> {
    match class {
        Class::Inaccuracy => Some(("?!", palette::GOLD)),
        Class::Mistake => Some(("?", palette::WARNING)),
        Class::Blunder => Some(("??", palette::RED_TEXT)),
        Class::Forced | Class::Best | Class::Good => None,
    }
}

/// The review of the replay: start or stop it, how far it is, each player's accuracy, the
/// verdict on the move about to be played from the position shown, and the marked moves
/// (a click steps the replay to the position each was played in).
pub(super) fn review_block(
    ui: &mut egui::Ui,
    lang: Lang,
    table: &HudMatch,
    shown: usize,
    act: &mut HudActions,
) {
    let t = |key: &'static str| tr(lang, key);
    let review = &*table.review;
    if !review.on {
        if sounding_button(ui, Small, true, t("review-start"), &mut act.feedback.sounds) {
            act.reviews.write(ReviewRequest::Start);
        }
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let done = review.lines.len();
        if review.done() {
            ui.label(t("review-done"));
        } else {
            ui.label(tr_args(
                lang,
                "review-progress",
                [("done", done), ("total", review.total)],
            ));
        }
        if sounding_button(ui, Small, true, t("review-stop"), &mut act.feedback.sounds) {
            act.reviews.write(ReviewRequest::Stop);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(t("review-accuracy"));
        for &(mover, accuracy) in &review.accuracy {
            ui.label(format!("{} {accuracy:.1}%", table.text.seat_name(mover)));
        }
    });
    evaluation_graph(ui, table, shown, act);
    if let Some(line) = review.lines.get(shown) {
        let (mark, colour) = class_mark(line.class).unwrap_or(("", palette::TEXT));
        let mut words = format!(
            "{} {}{mark} · {}",
            shown + 1,
            line.played,
            tr(lang, class_key(line.class))
        );
        if let Some(reason) = &line.reason {
            words = format!("{words}: {reason}");
        }
        ui.label(egui::RichText::new(words).color(colour.egui()));
        if let Some(better) = line.better() {
            ui.label(
                egui::RichText::new(tr_args(lang, "review-better", [("best", better)]))
                    .color(palette::HINT.egui()),
            );
        }
    }
    if review.done() {
        // Each seat's mistakes and blunders, as exercises.
        ui.horizontal_wrapped(|ui| {
            for (seat, _) in &review.accuracy {
                let mistakes = review
                    .lines
                    .iter()
                    .any(|line| line.mover == *seat && line.class >= Class::Mistake);
                let player = table.text.seat_name(*seat);
                let words = tr_args(lang, "practice-start", [("player", player)]);
                if mistakes && sounding_button(ui, Small, true, &words, &mut act.feedback.sounds) {
                    act.practice.write(PracticeRequest::Start(*seat));
                }
            }
        });
    }
    egui::ScrollArea::vertical()
        .id_salt("review_marks")
        .max_height(120.0)
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for (ply, line) in review.lines.iter().enumerate() {
                    let Some((mark, colour)) = class_mark(line.class) else {
                        continue;
                    };
                    let text = egui::RichText::new(format!("{} {}{mark}", ply + 1, line.played))
                        .color(colour.egui());
                    let response = ui.add(egui::Button::new(text).small());
                    name_place(ui, format!("review-mark-{}", ply + 1), &response);
                    if response.clicked() {
                        act.replays.write(ReplayRequest::Jump(ply));
                    }
                }
            });
        });
}

/// The colours of the graph's lines: the first player's, then the others' (Qiguo's seats).
const GRAPH_COLOURS: [Rgb; 7] = [
    palette::RED_TEXT,
    palette::NEUTRAL,
    palette::GOLD,
    palette::HINT,
    palette::WARNING,
    palette::SUBTITLE,
    palette::BORDER,
];

/// The review's evaluation graph: the first player's expected score after each step in a game
/// of two (its share of the game at a larger table, a line a seat), and where the replay
/// stands; a click steps the replay there.
fn evaluation_graph(ui: &mut egui::Ui, table: &HudMatch, shown: usize, act: &mut HudActions) {
    use egui_plot::{Line, Plot, PlotPoints, VLine};
    let review = &*table.review;
    let seats = table.text.seat_names.len().max(2);
    // Each seat's points: (ply, its expected score there).
    let mut series: Vec<Vec<[f64; 2]>> = vec![Vec::new(); seats];
    for (ply, line) in review.lines.iter().enumerate() {
        let expected = f64::from(line.expected) / 1000.0;
        if seats == 2 {
            let first = if line.mover.index() == 0 {
                expected
            } else {
                1.0 - expected
            };
            series[0].push([ply as f64, first]);
        } else if let Some(points) = series.get_mut(line.mover.index()) {
            points.push([ply as f64, expected]);
        }
    }
    let plot = Plot::new("review_graph")
        .height(70.0)
        .show_axes(false)
        .show_grid(false)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .include_x(0.0)
        .include_x(review.total.max(1) as f64)
        .include_y(0.0)
        .include_y(1.0)
        .show(ui, |plot| {
            for (seat, points) in series.into_iter().enumerate() {
                if points.len() > 1 {
                    let colour = GRAPH_COLOURS[seat % GRAPH_COLOURS.len()];
                    plot.line(
                        Line::new(
                            table.text.seat_name(Seat(seat as u8)),
                            PlotPoints::from(points),
                        )
                        .color(colour.egui()),
                    );
                }
            }
            plot.vline(VLine::new("", shown as f64).color(palette::HINT.egui()));
            plot.pointer_coordinate()
        });
    if plot.response.clicked()
        && let Some(point) = plot.inner
    {
        let ply = point.x.round().clamp(0.0, review.total as f64) as usize;
        act.replays.write(ReplayRequest::Jump(ply));
    }
}

/// The message key of a class's name.
fn class_key(class: Class) -> &'static str {
    match class {
        Class::Forced => "review-forced",
        Class::Best => "review-best",
        Class::Good => "review-good",
        Class::Inaccuracy => "review-inaccuracy",
        Class::Mistake => "review-mistake",
        Class::Blunder => "review-blunder",
    }
}
