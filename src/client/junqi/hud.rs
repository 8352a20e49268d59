//! Junqi's part of the HUD: what the frame says (whose turn by colour, the result and why),
//! and the section below the buttons — the draw counter, the hint, the face-down pool, the
//! captured pieces and the move list.

use super::model::JunqiMatch;
use super::pieces::side_text;
use super::rules_page::{piece_chip, short_label};
use crate::client::ClientSet;
use crate::client::Screen;
use crate::client::hud::{HudSectionArea, HudText, who_is_to_move};
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::matches::{MatchStatus, on_table};
use crate::client::play::{RecordShelf, record_section};
use crate::client::records::{RecordBoxText, ReplayRequest};
use crate::client::seats::Seats;
use crate::client::settings::Settings;
use crate::client::table_colours::{Palette, TablePalette};
use crate::client::theme::{Rgb, UiSet, palette, section_title};
use crate::client::thinking::Hint;
use crate::rules::GameKind;
use crate::rules::Seat;
use crate::rules::junqi::{
    Action, Cell, Color as Side, DrawReason, Kind, Outcome, Piece, Point, WinReason,
};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        describe_match
            .in_set(ClientSet::Present)
            .distributive_run_if(on_table(GameKind::Junqi))
            .run_if(in_state(Screen::Playing)),
    )
    .add_systems(
        EguiPrimaryContextPass,
        hud_section
            .in_set(UiSet::Section)
            .run_if(in_state(Screen::Playing).and_then(on_table(GameKind::Junqi))),
    );
}

/// The name of a side in the interface language.
pub(super) fn side_name(lang: Lang, side: Side) -> String {
    tr(
        lang,
        match side {
            Side::Red => "side-red",
            Side::Blue => "side-blue",
        },
    )
}

/// What a seat is called: by colour once colours are decided, else first or second.
fn seat_name(lang: Lang, model: &JunqiMatch, seat: Seat) -> String {
    match model.colour_of(seat) {
        Some(side) => side_name(lang, side),
        None => tr(
            lang,
            if seat == Seat(0) {
                "player-first"
            } else {
                "player-second"
            },
        ),
    }
}

/// The title and explanation of a finished game: `quiet_limit` is its draw's limit,
/// `seat_of` the seat that played a side.
pub(super) fn outcome_text(
    lang: Lang,
    seats: &Seats,
    outcome: Outcome,
    quiet_limit: u16,
    seat_of: impl Fn(Side) -> Option<Seat>,
) -> (String, String) {
    let t = |key: &'static str| tr(lang, key);
    match outcome {
        Outcome::Draw(reason) => {
            let why = match reason {
                DrawReason::QuietPlies => tr_args(lang, "reason-quiet", [("limit", quiet_limit)]),
                DrawReason::Agreement => t("reason-agreement"),
                DrawReason::NoActionBeforeColours => t("reason-no-action"),
            };
            (t("result-draw"), why)
        }
        Outcome::Win { winner, reason } => {
            let reason = match reason {
                WinReason::FlagCaptured => "reason-flag",
                WinReason::NoLegalAction => "reason-stuck",
                WinReason::Resignation => "reason-resigned",
                WinReason::OutOfTime => "reason-timeout",
                WinReason::Abandoned => "reason-abandoned",
            };
            let why = format!("{}: {}", side_name(lang, winner.opponent()), t(reason));
            let title = match seats.single_local() {
                Some(human) if seat_of(winner) == Some(human) => t("result-you-win"),
                Some(_) => t("result-you-lose"),
                None => format!("{} {}", side_name(lang, winner), t("result-wins")),
            };
            (title, why)
        }
    }
}

/// The title and explanation of a finished Junqi flip game.
fn junqi_outcome_text(
    lang: Lang,
    model: &JunqiMatch,
    seats: &Seats,
    outcome: Outcome,
) -> (String, String) {
    let limit = model.view().rules().quiet_ply_limit;
    outcome_text(lang, seats, outcome, limit, |side| model.seat_of(side))
}

/// The colour of a finished game's result: the winner's, in `colours`.
pub(super) fn outcome_colour(colours: &Palette, outcome: Outcome) -> Rgb {
    match outcome {
        Outcome::Draw(_) => palette::NEUTRAL,
        Outcome::Win { winner, .. } => side_text(colours, winner),
    }
}

/// The result in one line, for the list of finished games.
pub(super) fn outcome_summary(
    lang: Lang,
    model: &JunqiMatch,
    seats: &Seats,
    outcome: Outcome,
) -> String {
    let (title, why) = junqi_outcome_text(lang, model, seats, outcome);
    format!("{title} — {why}")
}

/// Writes what the HUD frame says about the match.
fn describe_match(
    model: Res<JunqiMatch>,
    status: Res<MatchStatus>,
    seats: Res<Seats>,
    (settings, colours): (Res<Settings>, Res<TablePalette>),
    hint: Res<Hint<JunqiMatch>>,
    mut text: ResMut<HudText>,
) {
    let lang = settings.language;
    let t = |key: &'static str| tr(lang, key);
    let view = model.view();
    let to_move = status.to_move;
    let headline = match (model.outcome(), view.side_to_move()) {
        (Some(_), _) => (t("turn-game-over"), palette::GOLD),
        (None, Some(side)) => (
            format!("{} {}", side_name(lang, side), t("turn-to-move")),
            side_text(&colours, side),
        ),
        (None, None) => (
            format!("{} {}", seat_name(lang, &model, to_move), t("turn-to-move")),
            palette::NEUTRAL,
        ),
    };
    let who = who_is_to_move(&status, &seats, lang).unwrap_or_else(|| {
        t(match (view.side_to_move(), to_move) {
            (None, _) => "turn-pick",
            (Some(_), Seat(0)) => "player-first",
            (Some(_), _) => "player-second",
        })
    });
    text.set_if_neq(HudText {
        headline,
        who,
        seat_names: seats
            .iter()
            .map(|(seat, _)| seat_name(lang, &model, seat))
            .collect(),
        can_concede: view.side_to_move().is_some(),
        hint_available: status.local_turn(&seats) && !hint.thinking(),
        result: model.outcome().map(|outcome| {
            let (title, why) = junqi_outcome_text(lang, &model, &seats, outcome);
            (title, why, outcome_colour(&colours, outcome))
        }),
    });
}

/// What the section reads and where its buttons go.
#[derive(bevy::ecs::system::SystemParam)]
struct Section<'w> {
    model: Res<'w, JunqiMatch>,
    status: Res<'w, MatchStatus>,
    settings: Res<'w, Settings>,
    colours: Res<'w, TablePalette>,
    hint: Res<'w, Hint<JunqiMatch>>,
    area: Res<'w, HudSectionArea>,
    shelf: RecordShelf<'w, JunqiMatch>,
    replays: MessageWriter<'w, ReplayRequest>,
}

/// What Junqi's export/import box says.
pub const RECORD_WORDS: RecordBoxText = RecordBoxText {
    help: "record-help-junqi",
    import: "record-watch",
    export: true,
    watch: true,
};

fn hud_section(mut contexts: EguiContexts, mut section: Section) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = section.settings.language;
    let t = |key: &'static str| tr(lang, key);
    let mut ui = egui::Ui::new(
        ctx.clone(),
        "junqi_hud".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(section.area.0),
    );
    egui::ScrollArea::vertical().show(&mut ui, |ui| {
        let (model, settings, hint) = (&*section.model, &*section.settings, &*section.hint);
        let looks = (&**section.colours, settings);
        let view = model.view();
        let quiet = view.quiet_plies();
        let limit = view.rules().quiet_ply_limit;
        if quiet >= 60.min(limit) {
            let counter = tr_args(lang, "hud-quiet", [("count", quiet), ("limit", limit)]);
            ui.label(egui::RichText::new(counter).color(palette::WARNING.egui()));
        }
        if hint.thinking() {
            ui.label(egui::RichText::new(format!("{} …", t("hud-hint-is"))).weak());
        } else if let Some(action) = hint.suggestion {
            ui.label(
                egui::RichText::new(format!("{} {action}", t("hud-hint-is")))
                    .size(18.0)
                    .color(palette::HINT.egui()),
            );
        }
        pool_section(ui, model, looks);
        ui.separator();
        captured_section(ui, model, looks);
        ui.separator();
        if let Some(ply) = move_log(ui, model, looks, section.status.replay.is_some()) {
            section.replays.write(ReplayRequest::Jump(ply));
        }
        ui.separator();
        record_section(ui, lang, model, &mut section.shelf);
    });
    Ok(())
}

/// The palette and the settings a section is drawn with.
type Looks<'a> = (&'a Palette, &'a Settings);

fn pool_section(ui: &mut egui::Ui, model: &JunqiMatch, (colours, settings): Looks) {
    let view = model.view();
    section_title(
        ui,
        format!(
            "{} ({})",
            tr(settings.language, "hud-pool"),
            view.face_down_count()
        ),
    );
    for side in Side::ALL {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = egui::vec2(3.0, 3.0);
            for kind in Kind::ALL {
                let piece = Piece::new(side, kind);
                let count = view.pool_count(piece);
                piece_chip(ui, colours, piece, settings.labels, Some(count), count == 0);
            }
        });
    }
}

fn captured_section(ui: &mut egui::Ui, model: &JunqiMatch, (colours, settings): Looks) {
    let lang = settings.language;
    let view = model.view();
    section_title(ui, tr(lang, "hud-captured"));
    for side in Side::ALL {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = egui::vec2(3.0, 3.0);
            let name = egui::RichText::new(side_name(lang, side));
            ui.label(name.color(side_text(colours, side).egui()));
            let mut none = true;
            for kind in Kind::ALL {
                let piece = Piece::new(side, kind);
                let on_board = Point::all()
                    .filter(|&p| view.cell(p) == Cell::Up(piece))
                    .count() as u8;
                let gone = kind
                    .count()
                    .saturating_sub(view.pool_count(piece) + on_board);
                if gone > 0 {
                    none = false;
                    piece_chip(
                        ui,
                        colours,
                        piece,
                        settings.labels,
                        (gone > 1).then_some(gone),
                        false,
                    );
                }
            }
            if none {
                ui.label(egui::RichText::new("—").weak());
            }
        });
    }
}

/// The moves played, two to a line; in a replay each can be clicked to go to the position
/// after it (the number of actions to show is returned).
fn move_log(
    ui: &mut egui::Ui,
    model: &JunqiMatch,
    (colours, settings): Looks,
    replay: bool,
) -> Option<usize> {
    let lang = settings.language;
    section_title(ui, tr(lang, "hud-moves"));
    let history = model.public.history();
    if history.is_empty() {
        ui.label(egui::RichText::new(tr(lang, "hud-no-moves")).weak());
        return None;
    }
    let mut clicked = None;
    egui::ScrollArea::vertical()
        .id_salt("moves")
        .max_height(260.0)
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new("move_log")
                .num_columns(3)
                .striped(true)
                .show(ui, |ui| {
                    for (number, pair) in history.chunks(2).enumerate() {
                        ui.label(egui::RichText::new(format!("{}.", number + 1)).weak());
                        for (offset, played) in pair.iter().enumerate() {
                            let mut job = egui::text::LayoutJob::default();
                            let plain = egui::TextFormat {
                                font_id: egui::FontId::monospace(15.0),
                                color: palette::MOVE_TEXT.egui(),
                                ..default()
                            };
                            job.append(&played.action.to_string(), 0.0, plain.clone());
                            if let (Action::Flip(_), Some(piece)) = (played.action, played.revealed)
                            {
                                job.append(
                                    &short_label(piece.kind, settings.labels),
                                    6.0,
                                    egui::TextFormat {
                                        color: side_text(colours, piece.color).egui(),
                                        ..plain
                                    },
                                );
                            }
                            let label = egui::Label::new(job).sense(if replay {
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
