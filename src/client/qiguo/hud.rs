//! Qiguo's part of the HUD — the state to move, in its name and colour — and the section with
//! every state's captures and losses (or its elimination), the result table with the hegemon,
//! the latest moves, export and import as text; the result in words; the rules page.

use super::model::{QiguoMatch, ruler_in_danger};
use super::pieces::{army, character_size};
use crate::client::hud::{HudSection, HudWords, Looks};
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::play::ResultWords;
use crate::client::rules_page::{RulesPage, piece_moves};
use crate::client::seats::Seats;
use crate::client::settings::Settings;
use crate::client::table_colours::{self, Palette};
use crate::client::theme::{Rgb, palette, section_title};
use crate::rules::Seat;
use crate::rules::qiguo::{Ending, Kind, Piece, Seat as QgSeat, Seating, Standing, State};
use bevy::prelude::*;
use bevy_egui::egui;
use fluent_bundle::FluentValue;

/// The message id of a state's name (its character included).
fn state_key(state: State) -> &'static str {
    match state {
        State::Qin => "qg-state-qin",
        State::Chu => "qg-state-chu",
        State::Han => "qg-state-han",
        State::Qi => "qg-state-qi",
        State::Wei => "qg-state-wei",
        State::Zhao => "qg-state-zhao",
        State::Yan => "qg-state-yan",
    }
}

/// The message id of a state's colour.
fn colour_key(state: State) -> &'static str {
    match state {
        State::Qin => "qg-colour-white",
        State::Chu => "qg-colour-red",
        State::Han => "qg-colour-orange",
        State::Qi => "qg-colour-blue",
        State::Wei => "qg-colour-green",
        State::Zhao => "qg-colour-purple",
        State::Yan => "qg-colour-black",
    }
}

/// A seat's name: "Player 2".
fn player_name(lang: Lang, seat: Seat) -> String {
    tr_args(lang, "qg-player", [("number", seat.index() + 1)])
}

/// The client's seat of a rules' seat.
fn client_seat(seat: QgSeat) -> Seat {
    Seat(seat.index() as u8)
}

/// A seat's name with its states: "Player 2 (Chu 楚, Han 韓)".
fn player_with_states(lang: Lang, model: &QiguoMatch, seat: Seat) -> String {
    let states: Vec<String> = model
        .states_of(seat)
        .into_iter()
        .map(|state| tr(lang, state_key(state)))
        .collect();
    format!("{} ({})", player_name(lang, seat), states.join(", "))
}

/// The states a seat plays in a game of `players` seats (3–7), as the new-game page lists
/// them: "Chu 楚, Han 韓". Empty for another count or seat.
pub fn seat_states(lang: Lang, players: usize, seat: Seat) -> String {
    let Some(seating) = Seating::for_players(players) else {
        return String::new();
    };
    State::ALL
        .into_iter()
        .filter(|&state| seating.seat(state).index() == seat.index())
        .map(|state| tr(lang, state_key(state)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The result's title, explanation with the result table, and colour (in `colours`), once the
/// game is over.
pub fn result_text(
    lang: Lang,
    colours: &Palette,
    model: &QiguoMatch,
    seats: &Seats,
) -> Option<ResultWords> {
    let outcome = model.position().outcome()?;
    let winners: Vec<Seat> = outcome.winners().map(client_seat).collect();
    let names = |list: &[Seat]| {
        list.iter()
            .map(|&seat| player_name(lang, seat))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let title = match (seats.single_local(), &winners[..]) {
        (Some(human), _) if winners.contains(&human) => tr(lang, "result-you-win"),
        (Some(_), _) => tr(lang, "result-you-lose"),
        (None, [one]) => tr_args(lang, "qg-wins", [("player", player_name(lang, *one))]),
        (None, many) => tr_args(lang, "qg-share-win", [("players", names(many))]),
    };
    let why = match outcome.ending {
        Ending::Hegemon(seat) => tr_args(
            lang,
            "qg-end-hegemon",
            [("player", player_name(lang, client_seat(seat)))],
        ),
        Ending::LastSeat(seat) => tr_args(
            lang,
            "qg-end-last-seat",
            [("player", player_name(lang, client_seat(seat)))],
        ),
        Ending::QuietLimit => tr(lang, "qg-end-quiet"),
    };
    let table: Vec<String> = outcome
        .standings
        .iter()
        .map(|standing| standing_line(lang, model, standing))
        .collect();
    let colour = match &winners[..] {
        [one] => model
            .states_of(*one)
            .first()
            .map_or(palette::GOLD, |&state| army(colours, state).text),
        _ => palette::GOLD,
    };
    Some((title, format!("{why}\n\n{}", table.join("\n")), colour))
}

/// One line of the result table: "1. Player 2 (Chu 楚, Han 韓): 12 captured, 1 Ruler — hegemon".
fn standing_line(lang: Lang, model: &QiguoMatch, standing: &Standing) -> String {
    let seat = client_seat(standing.seat);
    let line = tr_args(
        lang,
        "qg-standing",
        [
            ("place", FluentValue::from(standing.place)),
            (
                "player",
                FluentValue::from(player_with_states(lang, model, seat)),
            ),
            ("score", FluentValue::from(standing.score)),
            ("rulers", FluentValue::from(standing.rulers)),
        ],
    );
    if standing.hegemon {
        format!("{line} — {}", tr(lang, "qg-hegemon"))
    } else {
        line
    }
}

impl HudWords for QiguoMatch {
    fn headline(&self, lang: Lang, colours: &Palette) -> (String, Rgb) {
        let side = self.position().side_to_move();
        let (key, colour) = if ruler_in_danger(self.position(), side) {
            ("qg-ruler-attacked", palette::WARNING)
        } else {
            ("qg-state-to-move", army(colours, side).text)
        };
        let named = [
            ("state", tr(lang, state_key(side))),
            ("colour", tr(lang, colour_key(side))),
        ];
        (tr_args(lang, key, named), colour)
    }

    fn turn_words(&self, lang: Lang, seat: Seat) -> String {
        player_with_states(lang, self, seat)
    }

    fn seat_name(&self, lang: Lang, seat: Seat) -> String {
        player_name(lang, seat)
    }

    /// The rules know no resignation or draw: the game ends on the board.
    fn can_concede(&self) -> bool {
        false
    }
}

/// A small round piece for the HUD and the rules page, in `palette`.
fn piece_chip(ui: &mut egui::Ui, palette: &Palette, piece: Piece) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(26.0, 26.0), egui::Sense::hover());
    let painter = ui.painter();
    let colours = army(palette, piece.state);
    painter.circle_filled(rect.center(), 12.5, colours.face.egui());
    painter.circle_stroke(
        rect.center(),
        10.5,
        egui::Stroke::new(1.2, colours.ink.egui()),
    );
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        piece.kind.chinese(),
        egui::FontId::proportional(character_size(piece.kind, 25.0)),
        colours.ink.egui(),
    );
}

impl HudSection for QiguoMatch {
    type Reach = ();
    const PAIRED_MOVES: bool = false;

    /// The standings once the game is over, and each player's states.
    fn widgets(&self, ui: &mut egui::Ui, looks: &Looks, _: &mut ()) {
        let t = |key: &'static str| tr(looks.lang, key);
        if let Some(outcome) = self.position().outcome() {
            section_title(ui, t("qg-result-table"));
            for standing in &outcome.standings {
                ui.label(standing_line(looks.lang, self, standing));
            }
            ui.separator();
        }
        section_title(ui, t("qg-states"));
        states_table(ui, looks.lang, looks.palette, self);
        ui.separator();
    }

    /// Each move numbered, with its state's character, in its army's colour.
    fn move_entries(&self, looks: &Looks) -> Vec<egui::WidgetText> {
        self.game
            .plies()
            .iter()
            .enumerate()
            .map(|(number, ply)| {
                let mover = ply.played.mover;
                let taken = if ply.played.captured.is_some() {
                    "×"
                } else {
                    ""
                };
                let text = format!("{}. {}{}{taken}", number + 1, mover.chinese(), ply.mv);
                egui::RichText::new(text)
                    .monospace()
                    .color(army(looks.palette, mover).text.egui())
                    .into()
            })
            .collect()
    }
}

/// Each player with its states: what each state took, and what it lost or that it is out.
fn states_table(ui: &mut egui::Ui, lang: Lang, colours: &Palette, model: &QiguoMatch) {
    let position = model.position();
    for seat in position.seating().seats().map(client_seat) {
        let states = model.states_of(seat);
        // An alliance gets a line with its player; a single state names it beside itself.
        if states.len() > 1 {
            ui.label(egui::RichText::new(player_name(lang, seat)).weak());
        }
        for &state in &states {
            ui.horizontal(|ui| {
                piece_chip(ui, colours, Piece::new(state, Kind::Ruler));
                let name = egui::RichText::new(tr(lang, state_key(state)))
                    .color(army(colours, state).text.egui());
                let to_move = !model.over() && position.side_to_move() == state;
                ui.label(if to_move { name.strong() } else { name });
                if states.len() == 1 {
                    ui.label(egui::RichText::new(player_name(lang, seat)).weak().small());
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let fate = if position.is_live(state) {
                        let lost = model
                            .game
                            .start()
                            .pieces_on_board(state)
                            .saturating_sub(position.pieces_on_board(state));
                        tr_args(lang, "qg-lost", [("count", lost)])
                    } else {
                        tr(lang, "qg-eliminated")
                    };
                    let mut took =
                        tr_args(lang, "qg-captures", [("count", position.captures(state))]);
                    let rulers = position.rulers_captured(state);
                    if rulers > 0 {
                        took = format!("{took} ({} {rulers})", Kind::Ruler.chinese());
                    }
                    ui.label(format!("{took} · {fate}"));
                });
            });
        }
    }
}

/// The message ids of a kind of piece: its name, and how it moves (on the rules page).
pub(super) fn kind_keys(kind: Kind) -> (&'static str, &'static str) {
    match kind {
        Kind::Ruler => ("qg-kind-ruler", "qg-rules-ruler"),
        Kind::General => ("qg-kind-general", "qg-rules-general"),
        Kind::Officer => ("qg-kind-officer", "qg-rules-officer"),
        Kind::Diplomat => ("qg-kind-diplomat", "qg-rules-diplomat"),
        Kind::Catapult => ("qg-kind-catapult", "qg-rules-catapult"),
        Kind::Archer => ("qg-kind-archer", "qg-rules-archer"),
        Kind::Crossbowman => ("qg-kind-crossbowman", "qg-rules-crossbowman"),
        Kind::Swordsman => ("qg-kind-swordsman", "qg-rules-swordsman"),
        Kind::HeavySwordsman => ("qg-kind-heavy-swordsman", "qg-rules-heavy-swordsman"),
        Kind::Cavalry => ("qg-kind-cavalry", "qg-rules-cavalry"),
    }
}

/// Qiguo's rules page, in short.
pub const RULES: RulesPage = RulesPage {
    goal: "qg-rules-goal",
    sections: rules_sections,
    controls: Some("qg-rules-zoom"),
};

/// The seven states, how each piece moves, and how the game ends.
fn rules_sections(ui: &mut egui::Ui, settings: &Settings) {
    let t = |key: &'static str| tr(settings.language, key);
    let colours = table_colours::palette(settings.colour_safe);
    ui.label(t("qg-rules-board"));
    ui.horizontal_wrapped(|ui| {
        for state in State::ALL {
            piece_chip(ui, colours, Piece::new(state, Kind::Ruler));
            let name = egui::RichText::new(t(state_key(state)));
            ui.label(name.color(army(colours, state).text.egui()));
        }
    });
    ui.add_space(6.0);
    let kinds = Kind::ALL.map(|kind| (kind, kind_keys(kind).1));
    piece_moves(ui, settings.language, "qg_pieces", &kinds, |ui, kind| {
        piece_chip(ui, colours, Piece::new(State::Chu, kind));
    });
    ui.heading(t("rules-end-title"));
    ui.label(t("qg-rules-elimination"));
    ui.label(t("qg-rules-alliances"));
    ui.label(t("qg-rules-end"));
    ui.add_space(6.0);
}
