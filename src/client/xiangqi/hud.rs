//! Xiangqi's part of the HUD — whose turn and check, the result in plain words (a repetition
//! names who repeated what) — the section with the moves in Chinese or WXF notation, the
//! captured pieces, export and import of a game as text; the rules page.

use super::model::XiangqiMatch;
use super::pieces::ink;
use crate::client::hud::{HudSection, HudText, Looks, move_text, section_plugin, who_is_to_move};
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::matches::{MatchStatus, on_table};
use crate::client::seats::Seats;
use crate::client::settings::Settings;
use crate::client::table_colours::{self, Palette, TablePalette};
use crate::client::theme::{Rgb, palette, section_title};
use crate::client::thinking::Hint;
use crate::client::{ClientSet, Screen};
use crate::rules::xiangqi::{Color as Side, Conceded, Kind, Notation, Piece, Reason, move_name};
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;
use bevy_egui::egui;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        describe_match
            .run_if(in_state(Screen::Playing))
            .distributive_run_if(on_table(GameKind::Xiangqi))
            .in_set(ClientSet::Present),
    )
    .add_plugins(section_plugin::<XiangqiMatch>);
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

impl HudSection for XiangqiMatch {
    /// The pieces each side has lost.
    fn widgets(&self, ui: &mut egui::Ui, looks: &Looks) {
        let t = |key: &'static str| tr(looks.lang, key);
        section_title(ui, t("hud-captured"));
        for side in [Side::Red, Side::Black] {
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing = egui::vec2(3.0, 3.0);
                let name = egui::RichText::new(t(side_key(side)));
                ui.label(name.color(side_text(looks.palette, side).egui()));
                let (start, now) = (self.game.start(), self.position());
                for kind in Kind::ALL {
                    let piece = Piece::new(side, kind);
                    let count = |position: &crate::rules::xiangqi::Position| {
                        position.pieces().filter(|&(_, p)| p == piece).count()
                    };
                    for _ in 0..count(start).saturating_sub(count(now)) {
                        piece_chip(ui, looks.palette, piece);
                    }
                }
            });
        }
        ui.separator();
    }

    /// Each move named in the player's notation.
    fn move_entries(&self, looks: &Looks) -> Vec<egui::WidgetText> {
        self.game
            .moves()
            .iter()
            .zip(self.game.positions())
            .map(|(played, before)| move_text(move_name(before, played.mv, notation(looks.lang))))
            .collect()
    }
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
