//! Junqi classic's part of the HUD: what the frame says (whose turn, the result and why) and
//! the section below the buttons — the draw counter, the hint, the moves with the referee's
//! verdicts, and the record.

use super::model::{ClassicDid, ClassicMatch, seat_of};
use super::online::armies_awaited;
use super::secrecy::ReplayViewer;
use crate::client::Screen;
use crate::client::hud::{HudSectionArea, HudText, who_is_to_move};
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::junqi::hud::{outcome_colour, outcome_text, side_name};
use crate::client::junqi::pieces::side_text;
use crate::client::matches::{MatchStatus, on_table};
use crate::client::online::OnlineSession;
use crate::client::play::{MatchModel, MatchWords, RecordShelf, record_section};
use crate::client::records::{RecordBoxText, ReplayRequest};
use crate::client::schedule::ClientSet;
use crate::client::seats::Seats;
use crate::client::settings::Settings;
use crate::client::table_colours::{Palette, TablePalette};
use crate::client::theme::{UiSet, palette, section_title};
use crate::client::thinking::Hint;
use crate::rules::GameKind;
use crate::rules::junqi::classic::{Observed, Verdict};
use crate::rules::junqi::{Color as Side, Outcome};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// What Junqi classic's export/import box says.
pub const RECORD_WORDS: RecordBoxText = RecordBoxText {
    help: "record-help-classic",
    import: "record-watch",
    export: true,
    watch: true,
};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        describe_match
            .in_set(ClientSet::Present)
            .distributive_run_if(on_table(GameKind::JunqiClassic))
            .run_if(in_state(Screen::Playing)),
    )
    .add_systems(
        EguiPrimaryContextPass,
        hud_section
            .in_set(UiSet::Section)
            .run_if(in_state(Screen::Playing).and_then(on_table(GameKind::JunqiClassic))),
    );
}

/// The title and explanation of a finished classic game.
fn classic_outcome_text(lang: Lang, seats: &Seats, outcome: Outcome) -> (String, String) {
    outcome_text(lang, seats, outcome, super::model::QUIET_LIMIT, |side| {
        Some(seat_of(side))
    })
}

/// The result in one line, for the list of finished games.
fn outcome_summary(lang: Lang, seats: &Seats, outcome: Outcome) -> String {
    let (title, why) = classic_outcome_text(lang, seats, outcome);
    format!("{title} — {why}")
}

impl MatchWords for ClassicMatch {
    fn summary(&self, lang: Lang, _palette: &Palette, seats: &Seats) -> String {
        self.outcome()
            .map(|outcome| outcome_summary(lang, seats, outcome))
            .unwrap_or_default()
    }

    fn log_text(step: &Observed, _did: &ClassicDid) -> String {
        step.to_string()
    }
}

/// Writes what the HUD frame says about the match.
fn describe_match(
    model: Res<ClassicMatch>,
    status: Res<MatchStatus>,
    seats: Res<Seats>,
    (settings, colours): (Res<Settings>, Res<TablePalette>),
    hint: Res<Hint<ClassicMatch>>,
    mut text: ResMut<HudText>,
) {
    let lang = settings.language;
    let t = |key: &'static str| tr(lang, key);
    let side = model.side_to_move();
    let headline = match model.outcome() {
        Some(_) => (t("turn-game-over"), palette::GOLD),
        None => (
            format!("{} {}", side_name(lang, side), t("turn-to-move")),
            side_text(&colours, side),
        ),
    };
    let who = who_is_to_move(&status, &seats, lang).unwrap_or_else(|| {
        t(
            if status.to_move == seat_of(crate::rules::junqi::Color::Red) {
                "player-first"
            } else {
                "player-second"
            },
        )
    });
    text.set_if_neq(HudText {
        headline,
        who,
        seat_names: seats
            .iter()
            .map(|(seat, _)| side_name(lang, super::model::side_of(seat)))
            .collect(),
        can_concede: true,
        hint_available: status.local_turn(&seats) && !hint.thinking(),
        result: model.outcome().map(|outcome| {
            let (title, why) = classic_outcome_text(lang, &seats, outcome);
            (title, why, outcome_colour(&colours, outcome))
        }),
    });
}

/// What the section reads and where its buttons go.
#[derive(bevy::ecs::system::SystemParam)]
struct Section<'w> {
    model: Res<'w, ClassicMatch>,
    status: Res<'w, MatchStatus>,
    settings: Res<'w, Settings>,
    hint: Res<'w, Hint<ClassicMatch>>,
    area: Res<'w, HudSectionArea>,
    shelf: RecordShelf<'w, ClassicMatch>,
    replays: MessageWriter<'w, ReplayRequest>,
    session: Res<'w, OnlineSession>,
    replay_viewer: ResMut<'w, ReplayViewer>,
}

fn hud_section(mut contexts: EguiContexts, mut section: Section) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = section.settings.language;
    let t = |key: &'static str| tr(lang, key);
    let mut ui = egui::Ui::new(
        ctx.clone(),
        "classic_hud".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(section.area.0),
    );
    egui::ScrollArea::vertical().show(&mut ui, |ui| {
        let model = &*section.model;
        if armies_awaited(&section.session) {
            ui.label(
                egui::RichText::new(t("classic-armies-awaited")).color(palette::WARNING.egui()),
            );
        }
        let (quiet, limit) = model.quiet();
        if quiet >= 60.min(limit) {
            let counter = tr_args(lang, "hud-quiet", [("count", quiet), ("limit", limit)]);
            ui.label(egui::RichText::new(counter).color(palette::WARNING.egui()));
        }
        if section.hint.thinking() {
            ui.label(egui::RichText::new(format!("{} …", t("hud-hint-is"))).weak());
        } else if let Some(action) = section.hint.suggestion {
            ui.label(
                egui::RichText::new(format!("{} {action}", t("hud-hint-is")))
                    .size(18.0)
                    .color(palette::HINT.egui()),
            );
        }
        if section.status.replay.is_some() {
            replay_viewer_row(ui, lang, &mut section.replay_viewer);
        }
        if let Some(ply) = move_log(ui, lang, model, section.status.replay.is_some()) {
            section.replays.write(ReplayRequest::Jump(ply));
        }
        ui.separator();
        record_section(ui, lang, model, &mut section.shelf);
    });
    Ok(())
}

/// Whose view the replay shows: everything, or what one side saw as it played.
fn replay_viewer_row(ui: &mut egui::Ui, lang: Lang, shown: &mut ResMut<ReplayViewer>) {
    ui.label(tr(lang, "classic-replay-shows"));
    ui.horizontal_wrapped(|ui| {
        let choices = [
            (None, tr(lang, "classic-replay-everything")),
            (Some(Side::Red), side_name(lang, Side::Red)),
            (Some(Side::Blue), side_name(lang, Side::Blue)),
        ];
        for (side, label) in choices {
            if ui.selectable_label(shown.0 == side, label).clicked() {
                shown.set_if_neq(ReplayViewer(side));
            }
        }
    });
}

/// The word for a verdict in the move list.
fn verdict_key(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::AttackerWon => "classic-verdict-won",
        Verdict::AttackerLost => "classic-verdict-lost",
        Verdict::BothRemoved => "classic-verdict-both",
    }
}

/// The moves played, two to a line, each with the referee's verdict; in a replay each can be
/// clicked to go to the position after it (the number of moves to show is returned).
fn move_log(ui: &mut egui::Ui, lang: Lang, model: &ClassicMatch, replay: bool) -> Option<usize> {
    section_title(ui, tr(lang, "hud-moves"));
    let plies = model.plies();
    if plies == 0 {
        ui.label(egui::RichText::new(tr(lang, "hud-no-moves")).weak());
        return None;
    }
    let moves: Vec<String> = model
        .steps()
        .iter()
        .map(|step| match step.verdict {
            Some(verdict) => format!("{} {}", step.action, tr(lang, verdict_key(verdict))),
            None => step.action.to_string(),
        })
        .collect();
    let mut clicked = None;
    egui::ScrollArea::vertical()
        .id_salt("moves")
        .max_height(260.0)
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new("classic_move_log")
                .num_columns(3)
                .striped(true)
                .show(ui, |ui| {
                    for (number, pair) in moves.chunks(2).enumerate() {
                        ui.label(egui::RichText::new(format!("{}.", number + 1)).weak());
                        for (offset, text) in pair.iter().enumerate() {
                            let text = egui::RichText::new(text)
                                .monospace()
                                .color(palette::MOVE_TEXT.egui());
                            let label = egui::Label::new(text).sense(if replay {
                                egui::Sense::click()
                            } else {
                                egui::Sense::hover()
                            });
                            if ui.add(label).clicked() {
                                clicked = Some(number * 2 + offset + 1);
                            }
                        }
                        ui.end_row();
                    }
                });
        });
    clicked
}
