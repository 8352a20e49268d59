//! Xiangqi's part of the HUD — whose turn and check, the result in plain words (a repetition
//! names who repeated what) — the section with the moves in Chinese or WXF notation, the
//! captured pieces, export and import of a game as text; the rules page.

use super::model::XiangqiMatch;
use super::pieces::ink;
use crate::client::catalog::turn_order_label;
use crate::client::hud::{HudSection, HudWords, Looks, move_text};
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::play::ResultWords;
use crate::client::rules_page::{RulesPage, piece_moves, rules_section};
use crate::client::seats::Seats;
use crate::client::settings::Settings;
use crate::client::table_colours::{self, Palette};
use crate::client::theme::{Rgb, palette, section_title};
use crate::rules::Seat;
use crate::rules::xiangqi::{Color as Side, Conceded, Kind, Notation, Piece, Reason, move_name};
use bevy::prelude::*;
use bevy_egui::egui;

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
) -> Option<ResultWords> {
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

impl HudWords for XiangqiMatch {
    fn headline(&self, lang: Lang, colours: &Palette) -> (String, Rgb) {
        let t = |key: &'static str| tr(lang, key);
        let position = self.position();
        let side = position.side_to_move();
        if position.in_check(side) {
            (
                format!("{} — {}", t(side_key(side)), t("xq-check")),
                palette::WARNING,
            )
        } else {
            (
                format!("{} {}", t(side_key(side)), t("turn-to-move")),
                side_text(colours, side),
            )
        }
    }

    fn turn_words(&self, lang: Lang, seat: Seat) -> String {
        turn_order_label(lang, 2, seat)
    }

    fn seat_name(&self, lang: Lang, seat: Seat) -> String {
        tr(lang, side_key(self.colour_of(seat)))
    }
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
    type Reach = ();

    /// The pieces each side has lost.
    fn widgets(&self, ui: &mut egui::Ui, looks: &Looks, _: &mut ()) {
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

/// The message ids of a kind of piece: its name, and how it moves (on the rules page).
pub(super) fn kind_keys(kind: Kind) -> (&'static str, &'static str) {
    match kind {
        Kind::General => ("xq-kind-general", "xq-rules-general"),
        Kind::Advisor => ("xq-kind-advisor", "xq-rules-advisor"),
        Kind::Elephant => ("xq-kind-elephant", "xq-rules-elephant"),
        Kind::Horse => ("xq-kind-horse", "xq-rules-horse"),
        Kind::Chariot => ("xq-kind-chariot", "xq-rules-chariot"),
        Kind::Cannon => ("xq-kind-cannon", "xq-rules-cannon"),
        Kind::Soldier => ("xq-kind-soldier", "xq-rules-soldier"),
    }
}

/// Xiangqi's rules page, in short.
pub const RULES: RulesPage = RulesPage {
    goal: "xq-rules-goal",
    sections: rules_sections,
    controls: None,
};

/// How each piece moves, and how the game ends.
fn rules_sections(ui: &mut egui::Ui, settings: &Settings) {
    let t = |key: &'static str| tr(settings.language, key);
    let colours = table_colours::palette(settings.colour_safe);
    let kinds = Kind::ALL.map(|kind| (kind, kind_keys(kind).1));
    piece_moves(ui, settings.language, "xq_pieces", &kinds, |ui, kind| {
        piece_chip(ui, colours, Piece::new(Side::Red, kind));
        piece_chip(ui, colours, Piece::new(Side::Black, kind));
    });
    rules_section(ui, t("rules-end-title"), t("xq-rules-end"));
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
