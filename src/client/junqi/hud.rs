//! Junqi's part of the HUD: what the frame says (whose turn by colour, the result and why),
//! and the section below the buttons — the draw counter, the hint, the face-down pool, the
//! captured pieces and the move list.

use super::model::FlipMatch;
use super::pieces::side_text;
use super::rules_page::{piece_chip, short_label};
use crate::client::hud::Looks;
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::play::ResultWords;
use crate::client::records::RecordBoxText;
use crate::client::seats::Seats;
use crate::client::table_colours::Palette;
use crate::client::theme::{Rgb, palette, section_title};
use crate::rules::Seat;
use crate::rules::junqi::{
    Action, Cell, Color as Side, DrawReason, Kind, Outcome, Piece, Point, WinReason,
};
use bevy::prelude::*;
use bevy_egui::egui;

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
fn seat_name(lang: Lang, model: &FlipMatch, seat: Seat) -> String {
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
    model: &FlipMatch,
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

/// The result's title, explanation and colour (in `colours`), once the game is over.
pub(super) fn junqi_result(
    lang: Lang,
    colours: &Palette,
    model: &FlipMatch,
    seats: &Seats,
) -> Option<ResultWords> {
    let outcome = model.outcome()?;
    let (title, why) = junqi_outcome_text(lang, model, seats, outcome);
    Some((title, why, outcome_colour(colours, outcome)))
}

/// What the HUD frame says of a flip game (the [`HudWords`](crate::client::hud::HudWords) of
/// Junqi's model).
impl FlipMatch {
    pub(super) fn headline(&self, lang: Lang, colours: &Palette) -> (String, Rgb) {
        let to_move = tr(lang, "turn-to-move");
        match self.view().side_to_move() {
            Some(side) => (
                format!("{} {to_move}", side_name(lang, side)),
                side_text(colours, side),
            ),
            None => (
                format!("{} {to_move}", seat_name(lang, self, self.seat_to_move())),
                palette::NEUTRAL,
            ),
        }
    }

    pub(super) fn turn_words(&self, lang: Lang, seat: Seat) -> String {
        tr(
            lang,
            match (self.view().side_to_move(), seat) {
                (None, _) => "turn-pick",
                (Some(_), Seat(0)) => "player-first",
                (Some(_), _) => "player-second",
            },
        )
    }

    pub(super) fn seat_name(&self, lang: Lang, seat: Seat) -> String {
        seat_name(lang, self, seat)
    }

    /// Not before the colours are decided.
    pub(super) fn can_concede(&self) -> bool {
        self.view().side_to_move().is_some()
    }
}

/// What Junqi's export/import box says.
pub const RECORD_WORDS: RecordBoxText = RecordBoxText {
    help: "record-help-junqi",
    import: "record-watch",
    export: true,
    watch: true,
};

/// The moves left before a quiet draw, once few are.
pub(super) fn quiet_notice(lang: Lang, quiet: u16, limit: u16) -> Option<String> {
    (quiet >= 60.min(limit))
        .then(|| tr_args(lang, "hud-quiet", [("count", quiet), ("limit", limit)]))
}

/// A flip game's HUD section (the [`HudSection`](crate::client::hud::HudSection) of Junqi's
/// model).
impl FlipMatch {
    pub(super) fn notice(&self, lang: Lang) -> Option<String> {
        let view = self.view();
        quiet_notice(lang, view.quiet_plies(), view.rules().quiet_ply_limit)
    }

    pub(super) fn widgets(&self, ui: &mut egui::Ui, looks: &Looks) {
        pool_section(ui, self, looks);
        ui.separator();
        captured_section(ui, self, looks);
        ui.separator();
    }

    /// Each action, a flip with the piece it revealed.
    pub(super) fn move_entries(&self, looks: &Looks) -> Vec<egui::WidgetText> {
        self.public
            .history()
            .iter()
            .map(|played| {
                let mut job = egui::text::LayoutJob::default();
                let plain = egui::TextFormat {
                    font_id: egui::FontId::monospace(15.0),
                    color: palette::MOVE_TEXT.egui(),
                    ..default()
                };
                job.append(&played.action.to_string(), 0.0, plain.clone());
                if let (Action::Flip(_), Some(piece)) = (played.action, played.revealed) {
                    job.append(
                        &short_label(piece.kind, looks.settings.labels),
                        6.0,
                        egui::TextFormat {
                            color: side_text(looks.palette, piece.color).egui(),
                            ..plain
                        },
                    );
                }
                job.into()
            })
            .collect()
    }
}

fn pool_section(ui: &mut egui::Ui, model: &FlipMatch, looks: &Looks) {
    let (colours, settings) = (looks.palette, looks.settings);
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

fn captured_section(ui: &mut egui::Ui, model: &FlipMatch, looks: &Looks) {
    let (colours, settings) = (looks.palette, looks.settings);
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
