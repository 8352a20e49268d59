//! The new-game page: two seats (people here, or one against the computer), or the seats of a
//! game for more than two; the controller each person plays with.

use super::choices::{choice_row, clock_choice, seat_rows};
use super::page::{MenuActions, NewGameChoice, SeatChoice, new_match};
use crate::client::catalog::GameEntry;
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::matches::LocalClock;
use crate::client::seats::{Controller, LEVEL_CHOICES, SeatPads, Seats};
use crate::client::tabletop::GamepadSlots;
use crate::client::theme::menu_button;
use bevy_egui::egui;

/// The new-game page of a two-seat game: a move clock, two players here (with a controller
/// each, when controllers are plugged in), or one against the computer at a level, in a seat.
pub(super) fn two_seats_page(
    ui: &mut egui::Ui,
    lang: Lang,
    entry: &GameEntry,
    choice: &mut NewGameChoice,
    gamepads: &GamepadSlots,
    act: &mut MenuActions,
) {
    let t = |key: &'static str| tr(lang, key);
    clock_choice(ui, lang, &mut choice.clock);
    pad_rows(ui, lang, entry, choice, &Seats::hot_seat(), gamepads);
    if menu_button(ui, true, t("new-hot-seat"), &mut act.sounds) {
        let pads = SeatPads::new(choice.pads[..2].iter().copied());
        start_here(act, choice, Seats::hot_seat(), pads);
    }
    ui.add_space(10.0);
    ui.separator();
    ui.label(egui::RichText::new(t("new-vs-computer")).size(19.0));
    choice_row(
        ui,
        "level",
        &mut choice.level,
        &LEVEL_CHOICES.map(|(l, k)| (l, t(k))),
    );
    choice_row(
        ui,
        "side",
        &mut choice.seat,
        &SeatChoice::ALL.map(|(s, k)| (s, t(k))),
    );
    if menu_button(ui, true, t("new-start"), &mut act.sounds) {
        let seats = Seats::versus_computer(choice.level, choice.seat.seat());
        start_here(act, choice, seats, SeatPads::default());
    }
}

/// Starts the chosen game at this device with `seats`, its clock and the seats' `pads`.
fn start_here(act: &mut MenuActions, choice: &NewGameChoice, seats: Seats, pads: SeatPads) {
    *act.clock = LocalClock::new(choice.clock);
    *act.pads = pads;
    act.starts.write(new_match(choice.game, seats));
}

/// The new-game page of a game for more than two: how many seats, and who takes each (a
/// person at this device or the computer at a level). The seats chosen, once Start is pressed.
pub(super) fn seats_page(
    ui: &mut egui::Ui,
    lang: Lang,
    entry: &GameEntry,
    choice: &mut NewGameChoice,
    gamepads: &GamepadSlots,
    act: &mut MenuActions,
) -> Option<Seats> {
    let seats = Seats::try_from(choice.controllers[..choice.players].to_vec()).ok()?;
    // Until a frame has measured it, the rest of the page (title, players, Start and Back) is
    // taken as about 430 points, and the controllers' rows theirs.
    let rest = 430.0 + pad_rows_height(&seats, gamepads);
    seat_rows(ui, lang, entry, choice, "seat-person", 0, rest);
    pad_rows(ui, lang, entry, choice, &seats, gamepads);
    if menu_button(ui, true, tr(lang, "new-start"), &mut act.sounds) {
        *act.pads = SeatPads::new(choice.pads[..seats.len()].iter().copied());
        return Some(seats);
    }
    None
}

/// How many people play at this device.
fn people_here(seats: &Seats) -> usize {
    seats
        .iter()
        .filter(|(_, c)| *c == Controller::Local)
        .count()
}

/// Whether the page offers a controller for each person's seat: when controllers are plugged
/// in and more than one person plays here.
fn offers_pads(seats: &Seats, gamepads: &GamepadSlots) -> bool {
    gamepads.numbers().next().is_some() && people_here(seats) > 1
}

/// How tall the controllers' rows are.
fn pad_rows_height(seats: &Seats, gamepads: &GamepadSlots) -> f32 {
    if !offers_pads(seats, gamepads) {
        return 0.0;
    }
    36.0 + 52.0 * people_here(seats) as f32
}

/// For each person's seat, which controller plays it: any, or controller 1, 2 … (those plugged
/// in, and one chosen before and unplugged since). Each row is named `pad <seat> <choice>`.
fn pad_rows(
    ui: &mut egui::Ui,
    lang: Lang,
    entry: &GameEntry,
    choice: &mut NewGameChoice,
    seats: &Seats,
    gamepads: &GamepadSlots,
) {
    if !offers_pads(seats, gamepads) {
        return;
    }
    ui.label(egui::RichText::new(tr(lang, "new-controllers")).size(19.0));
    for (seat, controller) in seats.iter() {
        if controller != Controller::Local {
            continue;
        }
        let chosen = &mut choice.pads[seat.index()];
        let mut numbers: Vec<u8> = gamepads.numbers().collect();
        numbers.extend(chosen.filter(|number| !numbers.contains(number)));
        numbers.sort_unstable();
        let choices = [(None, tr(lang, "pad-any"))]
            .into_iter()
            .chain(numbers.into_iter().map(|n| (Some(n), n.to_string())))
            .collect::<Vec<_>>();
        let label = (entry.seat_label)(lang, seats.len(), seat);
        ui.label(format!(
            "{} — {label}",
            tr_args(lang, "new-seat", [("number", seat.index() + 1)])
        ));
        choice_row(ui, &format!("pad {}", seat.index() + 1), chosen, &choices);
    }
}
