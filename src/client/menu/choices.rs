//! The rows of choices the new-game and online pages share: a row of equal columns, the move
//! clock, and the seats of a game for more than two (scrolling on a short screen).

use super::page::NewGameChoice;
use crate::client::catalog::GameEntry;
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::seats::{Controller, LEVEL_CHOICES};
use crate::client::theme::name_place;
use crate::protocol::MoveClock;
use crate::rules::Seat;
use bevy_egui::egui;

/// The width a seat's name takes beside its choices, on a page wide enough for both.
const SEAT_NAME_WIDTH: f32 = 200.0;

/// The page width from which a seat's choices go beside its name rather than under it.
const SEAT_BESIDE_CHOICES: f32 = 560.0;

/// How many seats, and who takes each from `first_chosen` on: a person (named by `person_key`)
/// or the computer at a level. The seats scroll where the screen is too short for them all,
/// leaving the room the rest of the page took in the last frame (`rest` points until a frame
/// has measured it).
pub(super) fn seat_rows(
    ui: &mut egui::Ui,
    lang: Lang,
    entry: &GameEntry,
    choice: &mut NewGameChoice,
    person_key: &'static str,
    first_chosen: usize,
    rest: f32,
) {
    let t = |key: &'static str| tr(lang, key);
    let counts = entry.seats.clone();
    ui.label(egui::RichText::new(t("new-players")).size(19.0));
    ui.columns(counts.clone().count(), |columns| {
        for (column, count) in columns.iter_mut().zip(counts.clone()) {
            column.vertical_centered(|ui| {
                let response = ui.selectable_value(&mut choice.players, count, count.to_string());
                name_place(ui, format!("players {count}"), &response);
            });
        }
    });
    choice.players = choice.players.clamp(*counts.start(), *counts.end());
    let who = [(Controller::Local, t(person_key))]
        .into_iter()
        .chain(LEVEL_CHOICES.map(|(level, key)| (Controller::Computer(level), t(key))))
        .collect::<Vec<_>>();
    // The rest as the last frame measured it, once it has been.
    let rest = ui
        .ctx()
        .data(|data| data.get_temp::<f32>(seat_rows_rest_id()))
        .unwrap_or(rest);
    let rows = egui::ScrollArea::vertical()
        .max_height((ui.ctx().content_rect().height() - rest).max(96.0))
        .show(ui, |ui| {
            for seat in 0..choice.players {
                let label = (entry.seat_label)(lang, choice.players, Seat(seat as u8));
                let name = tr_args(lang, "new-seat", [("number", seat + 1)]);
                if seat < first_chosen {
                    ui.label(format!("{name} — {label}: {}", t("online-seat-you")));
                    continue;
                }
                let row = format!("seat {}", seat + 1);
                let chosen = &mut choice.controllers[seat];
                if ui.available_width() < SEAT_BESIDE_CHOICES {
                    ui.label(format!("{name} — {label}"));
                    choice_row(ui, &row, chosen, &who);
                    continue;
                }
                ui.horizontal(|ui| {
                    ui.allocate_ui(egui::vec2(SEAT_NAME_WIDTH, 0.0), |ui| {
                        ui.set_width(SEAT_NAME_WIDTH);
                        ui.label(format!("{name} — {label}"));
                    });
                    choice_row(ui, &row, chosen, &who);
                });
            }
        });
    let height = rows.inner_rect.height();
    ui.ctx()
        .data_mut(|data| data.insert_temp(seat_rows_height_id(), height));
}

/// Where the page's height besides its seat rows is kept from frame to frame.
fn seat_rows_rest_id() -> egui::Id {
    egui::Id::new("seat rows rest")
}

/// Where this frame's height of the seat rows is kept until the page is measured.
fn seat_rows_height_id() -> egui::Id {
    egui::Id::new("seat rows height")
}

/// At the end of a page with seat rows, keeps how much the rest of it took (its frame's
/// `margins` included), so that the next frame's seat rows leave just that room on a short
/// screen: the page then fits it, whatever its language and width.
pub(super) fn measure_seat_rows_rest(ui: &egui::Ui, margins: f32) {
    let Some(rows) = ui
        .ctx()
        .data_mut(|data| data.remove_temp::<f32>(seat_rows_height_id()))
    else {
        return;
    };
    // The window's frame (its stroke and shadow) and a little room to spare.
    let rest = ui.min_rect().height() - rows + margins + 16.0;
    ui.ctx()
        .data_mut(|data| data.insert_temp(seat_rows_rest_id(), rest));
}

/// A row of choices in equal columns: as wide as the page on any screen, where a plain row ran
/// past a phone's edge (a wrapping one made the window change size under the finger). Each
/// choice's place is named `<row> <label>`.
pub(super) fn choice_row<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    row: &str,
    chosen: &mut T,
    choices: &[(T, String)],
) {
    // Each row under its own id: egui's columns are named by their index, so two rows of the
    // same choices would share their widgets' ids (and a click on one row would be lost).
    ui.push_id(row, |ui| {
        ui.columns(choices.len(), |columns| {
            for (column, (value, label)) in columns.iter_mut().zip(choices) {
                column.vertical_centered(|ui| {
                    // A narrow column breaks a one-word label mid-word: it runs over instead.
                    if !label.contains(' ') {
                        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
                    }
                    let response = ui.selectable_value(chosen, *value, label.as_str());
                    name_place(ui, format!("{row} {label}"), &response);
                });
            }
        });
    });
}

/// The row that chooses a move clock.
pub(super) fn clock_choice(ui: &mut egui::Ui, lang: Lang, chosen: &mut MoveClock) {
    ui.horizontal(|ui| {
        ui.label(tr(lang, "online-clock-choice"));
        for (clock, key) in [
            (MoveClock::Off, "online-clock-off"),
            (MoveClock::Seconds30, "online-clock-30"),
            (MoveClock::Seconds60, "online-clock-60"),
        ] {
            ui.selectable_value(chosen, clock, tr(lang, key));
        }
    });
}
