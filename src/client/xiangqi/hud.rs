//! Xiangqi's part of the HUD — whose turn and check, the result in plain words (a repetition
//! names who repeated what) — the section with the moves in Chinese or WXF notation, the
//! captured pieces, export and import of a game as text; the rules page.

use super::model::XiangqiMatch;
use super::pieces::ink;
use crate::client::hud::{HudSectionArea, HudText, who_is_to_move};
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::matches::{MatchStatus, on_table};
use crate::client::play::{RecordShelf, ReplayJumps, record_section};
use crate::client::seats::Seats;
use crate::client::settings::Settings;
use crate::client::table_colours::{self, Palette, TablePalette};
use crate::client::theme::{Rgb, UiSet, palette, section_title};
use crate::client::thinking::Hint;
use crate::client::{ClientSet, Screen};
use crate::rules::xiangqi::{Color as Side, Conceded, Kind, Notation, Piece, Reason, move_name};
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        describe_match
            .run_if(in_state(Screen::Playing))
            .distributive_run_if(on_table(GameKind::Xiangqi))
            .in_set(ClientSet::Present),
    )
    .add_systems(
        EguiPrimaryContextPass,
        hud_section
            .in_set(UiSet::Section)
            .run_if(in_state(Screen::Playing).and_then(on_table(GameKind::Xiangqi))),
    );
}

fn side_key(side: Side) -> &'static str {
    match side {
        Side::Red => "xq-red",
        Side::Black => "xq-black",
    }
}

fn side_text(palette: &Palette, side: Side) -> Rgb {
    let sides = palette.sides;
    match side {
        Side::Red => sides.red_text,
        Side::Black => sides.black_text,
    }
}

/// The notation of the player's language: Chinese in Chinese, WXF otherwise.
pub(super) fn notation(lang: Lang) -> Notation {
    match lang {
        Lang::Zh => Notation::Chinese,
        _ => Notation::Wxf,
    }
}

/// The result's title, explanation and colour (in `colours`), once the game is over.
pub fn result_text(
    lang: Lang,
    colours: &Palette,
    model: &XiangqiMatch,
    seats: &Seats,
) -> Option<(String, String, Rgb)> {
    let t = |key: &'static str| tr(lang, key);
    let (winner, why) = match (model.conceded, model.game.outcome()) {
        (Some(Conceded::Agreed), _) => (None, t("reason-agreement")),
        (Some(Conceded::Resigned(loser)), _) => (
            Some(loser.opponent()),
            format!("{}: {}", t(side_key(loser)), t("reason-resigned")),
        ),
        (Some(Conceded::OutOfTime(loser)), _) => (
            Some(loser.opponent()),
            format!("{}: {}", t(side_key(loser)), t("reason-timeout")),
        ),
        (Some(Conceded::Abandoned(loser)), _) => (
            Some(loser.opponent()),
            format!("{}: {}", t(side_key(loser)), t("reason-abandoned")),
        ),
        (None, Some(outcome)) => {
            let loser = outcome.winner.map(Side::opponent);
            let side = |side: Option<Side>| side.map_or(String::new(), |s| t(side_key(s)));
            let why = match outcome.reason {
                Reason::Checkmate => tr_args(lang, "xq-reason-checkmate", [("side", side(loser))]),
                Reason::Stalemate => tr_args(lang, "xq-reason-stalemate", [("side", side(loser))]),
                Reason::PerpetualCheck => {
                    tr_args(lang, "xq-reason-perpetual-check", [("side", side(loser))])
                }
                Reason::PerpetualChase => {
                    tr_args(lang, "xq-reason-perpetual-chase", [("side", side(loser))])
                }
                Reason::Repetition => t("xq-reason-repetition"),
                Reason::MoveLimit => t("xq-reason-move-limit"),
                Reason::NoProgress => t("xq-reason-no-progress"),
            };
            (outcome.winner, why)
        }
        (None, None) => return None,
    };
    Some(match winner {
        None => (t("result-draw"), why, palette::NEUTRAL),
        Some(winner) => {
            let title = match seats.single_local() {
                Some(human) if model.seat_of(winner) == human => t("result-you-win"),
                Some(_) => t("result-you-lose"),
                None => format!("{} {}", t(side_key(winner)), t("result-wins")),
            };
            (title, why, side_text(colours, winner))
        }
    })
}

fn describe_match(
    model: Res<XiangqiMatch>,
    status: Res<MatchStatus>,
    seats: Res<Seats>,
    (settings, colours): (Res<Settings>, Res<TablePalette>),
    hint: Res<Hint<XiangqiMatch>>,
    mut text: ResMut<HudText>,
) {
    let lang = settings.language;
    let t = |key: &'static str| tr(lang, key);
    let position = model.position();
    let side = position.side_to_move();
    let headline = if model.over() {
        (t("turn-game-over"), palette::GOLD)
    } else if position.in_check(side) {
        (
            format!("{} — {}", t(side_key(side)), t("xq-check")),
            palette::WARNING,
        )
    } else {
        (
            format!("{} {}", t(side_key(side)), t("turn-to-move")),
            side_text(&colours, side),
        )
    };
    let who = who_is_to_move(&status, &seats, lang).unwrap_or_else(|| {
        t(if status.to_move == Seat(0) {
            "player-first"
        } else {
            "player-second"
        })
    });
    text.set_if_neq(HudText {
        headline,
        who,
        seat_names: seats
            .iter()
            .map(|(seat, _)| t(side_key(model.colour_of(seat))))
            .collect(),
        can_concede: true,
        hint_available: status.local_turn(&seats) && !hint.thinking(),
        result: result_text(lang, &colours, &model, &seats),
    });
}

/// A small round piece for the HUD, in `colours`.
fn piece_chip(ui: &mut egui::Ui, colours: &Palette, piece: Piece) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(26.0, 26.0), egui::Sense::hover());
    let painter = ui.painter();
    let colour = ink(colours, piece.color()).egui();
    painter.circle_filled(rect.center(), 12.5, palette::PAPER.egui());
    painter.circle_stroke(rect.center(), 10.5, egui::Stroke::new(1.5, colour));
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        piece.character(),
        egui::FontId::proportional(14.0),
        colour,
    );
}

/// What the section reads and changes.
#[derive(bevy::ecs::system::SystemParam)]
struct Section<'w> {
    model: Res<'w, XiangqiMatch>,
    settings: Res<'w, Settings>,
    colours: Res<'w, TablePalette>,
    hint: Res<'w, Hint<XiangqiMatch>>,
    area: Res<'w, HudSectionArea>,
    shelf: RecordShelf<'w, XiangqiMatch>,
    jumps: ReplayJumps<'w>,
}

/// The move list's names, worked out again only when the game or the language changes (not on
/// every frame the panel is drawn).
#[derive(Default)]
struct MoveNames {
    /// The language the names are in; `None` until they are first worked out.
    lang: Option<Lang>,
    names: Vec<String>,
}

impl MoveNames {
    /// The names of the game's moves, worked out again when `changed` (the game changed) or the
    /// language did.
    fn of(&mut self, model: &XiangqiMatch, changed: bool, lang: Lang) -> &[String] {
        if changed || self.lang != Some(lang) {
            self.lang = Some(lang);
            self.names = model
                .game
                .moves()
                .iter()
                .zip(model.game.positions())
                .map(|(played, before)| move_name(before, played.mv, notation(lang)))
                .collect();
        }
        &self.names
    }
}

fn hud_section(
    mut contexts: EguiContexts,
    mut section: Section,
    mut names: Local<MoveNames>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = section.settings.language;
    let t = |key: &'static str| tr(lang, key);
    let mut ui = egui::Ui::new(
        ctx.clone(),
        "xiangqi_hud".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(section.area.0),
    );
    let changed = section.model.is_changed();
    egui::ScrollArea::vertical().show(&mut ui, |ui| {
        let model = &*section.model;
        let colours = &*section.colours;
        if section.hint.thinking() {
            ui.label(egui::RichText::new(format!("{} …", t("hud-hint-is"))).weak());
        } else if let Some(mv) = section.hint.suggestion {
            let name = move_name(model.position(), mv, notation(lang));
            ui.label(
                egui::RichText::new(format!("{} {name}", t("hud-hint-is")))
                    .size(18.0)
                    .color(palette::HINT.egui()),
            );
        }
        section_title(ui, t("hud-captured"));
        for side in [Side::Red, Side::Black] {
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing = egui::vec2(3.0, 3.0);
                ui.label(
                    egui::RichText::new(t(side_key(side))).color(side_text(colours, side).egui()),
                );
                let start = model.game.start();
                let now = model.position();
                for kind in Kind::ALL {
                    let piece = Piece::new(side, kind);
                    let count = |position: &crate::rules::xiangqi::Position| {
                        position.pieces().filter(|&(_, p)| p == piece).count()
                    };
                    for _ in 0..count(start).saturating_sub(count(now)) {
                        piece_chip(ui, colours, piece);
                    }
                }
            });
        }
        ui.separator();
        section_title(ui, t("hud-moves"));
        move_list(ui, names.of(model, changed, lang), lang, &mut section.jumps);
        ui.separator();
        record_section(ui, lang, model, &mut section.shelf);
    });
    Ok(())
}

fn move_list(ui: &mut egui::Ui, names: &[String], lang: Lang, jumps: &mut ReplayJumps) {
    if names.is_empty() {
        ui.label(egui::RichText::new(tr(lang, "hud-no-moves")).weak());
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("xq_moves")
        .max_height(240.0)
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new("xq_move_log")
                .num_columns(3)
                .striped(true)
                .show(ui, |ui| {
                    for (number, pair) in names.chunks(2).enumerate() {
                        ui.label(egui::RichText::new(format!("{}.", number + 1)).weak());
                        for (offset, name) in pair.iter().enumerate() {
                            let text = egui::RichText::new(name)
                                .monospace()
                                .color(palette::MOVE_TEXT.egui());
                            jumps.entry(ui, text, number * 2 + offset);
                        }
                        ui.end_row();
                    }
                });
        });
}

/// The rules, in short.
pub fn rules_page(ui: &mut egui::Ui, settings: &Settings) {
    let t = |key: &'static str| tr(settings.language, key);
    let colours = table_colours::palette(settings.colour_safe);
    ui.with_layout(egui::Layout::top_down(egui::Align::LEFT), |ui| {
        ui.heading(t("rules-goal-title"));
        ui.label(t("xq-rules-goal"));
        ui.add_space(6.0);
        ui.heading(t("rules-pieces-title"));
        egui::Grid::new("xq_pieces")
            .num_columns(2)
            .spacing([10.0, 6.0])
            .show(ui, |ui| {
                for (kind, key) in [
                    (Kind::General, "xq-rules-general"),
                    (Kind::Advisor, "xq-rules-advisor"),
                    (Kind::Elephant, "xq-rules-elephant"),
                    (Kind::Horse, "xq-rules-horse"),
                    (Kind::Chariot, "xq-rules-chariot"),
                    (Kind::Cannon, "xq-rules-cannon"),
                    (Kind::Soldier, "xq-rules-soldier"),
                ] {
                    ui.horizontal(|ui| {
                        piece_chip(ui, colours, Piece::new(Side::Red, kind));
                        piece_chip(ui, colours, Piece::new(Side::Black, kind));
                    });
                    ui.label(t(key));
                    ui.end_row();
                }
            });
        ui.add_space(6.0);
        ui.heading(t("rules-end-title"));
        ui.label(t("xq-rules-end"));
        ui.add_space(6.0);
        ui.heading(t("rules-controls-title"));
        ui.label(t("rules-controls"));
    });
}

/// A seat by its side: Red moves first, Black second.
pub(super) fn side_label(lang: Lang, _: usize, seat: Seat) -> String {
    tr(
        lang,
        if seat == Seat(0) {
            "xq-red"
        } else {
            "xq-black"
        },
    )
}
