//! Junqi classic's part of the HUD: what the frame says (whose turn, the result and why) and
//! its widgets in the game section — the armies awaited online or the draw counter, whose
//! view a replay shows, the moves with the referee's verdicts.

use super::model::{ClassicDid, ClassicMatch, seat_of, side_of};
use super::online::armies_awaited;
use super::secrecy::ReplayViewer;
use crate::client::catalog::turn_order_label;
use crate::client::hud::{Looks, move_text};
use crate::client::i18n::{Lang, tr};
use crate::client::junqi::hud::{outcome_colour, outcome_text, quiet_notice, side_name};
use crate::client::junqi::pieces::side_text;
use crate::client::matches::MatchStatus;
use crate::client::online::OnlineSession;
use crate::client::play::ResultWords;
use crate::client::records::RecordBoxText;
use crate::client::seats::Seats;
use crate::client::table_colours::Palette;
use crate::client::theme::Rgb;
use crate::rules::Seat;
use crate::rules::junqi::classic::{Observed, Verdict};
use crate::rules::junqi::{Color as Side, Outcome};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

/// What Junqi classic's export/import box says.
pub const RECORD_WORDS: RecordBoxText = RecordBoxText {
    help: "record-help-classic",
    import: "record-watch",
    export: true,
    watch: true,
};

/// The title and explanation of a finished classic game.
fn classic_outcome_text(lang: Lang, seats: &Seats, outcome: Outcome) -> (String, String) {
    outcome_text(lang, seats, outcome, super::model::QUIET_LIMIT, |side| {
        Some(seat_of(side))
    })
}

/// ClassicMatch's part of Junqi's [`MatchWords`](crate::client::play::MatchWords).
impl ClassicMatch {
    /// The result's title, explanation and colour (in `palette`), once the game is over.
    pub fn result(&self, lang: Lang, colours: &Palette, seats: &Seats) -> Option<ResultWords> {
        let outcome = self.outcome()?;
        let (title, why) = classic_outcome_text(lang, seats, outcome);
        Some((title, why, outcome_colour(colours, outcome)))
    }

    /// A step as the log writes it (the browser test reads it).
    pub fn log_text(step: &Observed, _did: &ClassicDid) -> String {
        step.to_string()
    }
}

/// What the HUD frame says of a classic game (the [`HudWords`](crate::client::hud::HudWords) of
/// Junqi's model).
impl ClassicMatch {
    pub(crate) fn headline(&self, lang: Lang, colours: &Palette) -> (String, Rgb) {
        let side = self.side_to_move();
        let words = format!("{} {}", side_name(lang, side), tr(lang, "turn-to-move"));
        (words, side_text(colours, side))
    }

    pub(crate) fn turn_words(&self, lang: Lang, seat: Seat) -> String {
        turn_order_label(lang, 2, seat)
    }

    pub(crate) fn seat_name(&self, lang: Lang, seat: Seat) -> String {
        side_name(lang, side_of(seat))
    }
}

/// What classic's section reads and changes beyond the model.
#[derive(SystemParam)]
pub struct ClassicReach<'w> {
    /// Online, whether the armies are still awaited.
    session: Res<'w, OnlineSession>,
    /// Whether a replay is on the table.
    status: Res<'w, MatchStatus>,
    /// Whose view the replay shows.
    viewer: ResMut<'w, ReplayViewer>,
}

/// A classic game's HUD section (the [`HudSection`](crate::client::hud::HudSection) of Junqi's
/// model).
impl ClassicMatch {
    /// The armies awaited online before the first move; the moves left before a quiet draw.
    pub(crate) fn notice(&self, lang: Lang, reach: &ClassicReach) -> Option<String> {
        if armies_awaited(&reach.session) {
            return Some(tr(lang, "classic-armies-awaited"));
        }
        let (quiet, limit) = self.quiet();
        quiet_notice(lang, quiet, limit)
    }

    /// In a replay, the choice of whose view it shows.
    pub(crate) fn widgets(&self, ui: &mut egui::Ui, looks: &Looks, reach: &mut ClassicReach) {
        if reach.status.replay.is_some() {
            replay_viewer_row(ui, looks.lang, &mut reach.viewer);
        }
    }

    /// Each move with the referee's verdict.
    pub(crate) fn move_entries(&self, looks: &Looks) -> Vec<egui::WidgetText> {
        self.steps()
            .iter()
            .map(|step| {
                move_text(match step.verdict {
                    Some(verdict) => {
                        format!("{} {}", step.action, tr(looks.lang, verdict_key(verdict)))
                    }
                    None => step.action.to_string(),
                })
            })
            .collect()
    }
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
