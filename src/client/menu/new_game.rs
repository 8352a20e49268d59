//! The new-game page: two seats (people here, or one against the computer), or the seats of a
//! game for more than two; the controller each person plays with.

use super::choices::{choice_row, clock_choice, seat_rows};
use super::page::{MenuActions, NewGameChoice, SeatChoice, new_match};
use crate::client::catalog::GameEntry;
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::matches::LocalClock;
use crate::client::seats::{Controller, LEVEL_CHOICES, SeatPads, Seats};
use crate::client::tabletop::GamepadSlots;
use crate::client::theme::{ButtonSize::Wide, sounding_button};
use crate::protocol::MoveClock;
use bevy_egui::egui;

/// What the new-game page works with: the chosen game's entry, the choices made, the
/// controllers plugged in and what the buttons do.
pub(super) struct NewGamePage<'a, 'w> {
    pub(super) lang: Lang,
    pub(super) entry: &'a GameEntry,
    pub(super) choice: &'a mut NewGameChoice,
    pub(super) gamepads: &'a GamepadSlots,
    pub(super) act: &'a mut MenuActions<'w>,
}

impl NewGamePage<'_, '_> {
    /// The page for the chosen game: its seats, and Start.
    pub(super) fn show(mut self, ui: &mut egui::Ui) {
        if self.entry.seats.clone().count() > 1 {
            self.seats_page(ui);
        } else {
            self.two_seats_page(ui);
        }
    }

    /// A two-seat game: a move clock, two players here (with a controller each, when
    /// controllers are plugged in), or one against the computer at a level, in a seat.
    fn two_seats_page(&mut self, ui: &mut egui::Ui) {
        let lang = self.lang;
        let t = |key: &'static str| tr(lang, key);
        clock_choice(ui, lang, &mut self.choice.clock);
        self.pad_rows(ui, &Seats::hot_seat());
        if self.button(ui, t("new-hot-seat")) {
            let pads = SeatPads::new(self.choice.pads[..2].iter().copied());
            self.start_here(self.choice.clock, Seats::hot_seat(), pads);
        }
        ui.add_space(10.0);
        ui.separator();
        ui.label(egui::RichText::new(t("new-vs-computer")).size(19.0));
        choice_row(
            ui,
            "level",
            &mut self.choice.level,
            &LEVEL_CHOICES.map(|(l, k)| (l, t(k))),
        );
        choice_row(
            ui,
            "side",
            &mut self.choice.seat,
            &SeatChoice::ALL.map(|(s, k)| (s, t(k))),
        );
        if self.button(ui, t("new-start")) {
            let seats = Seats::versus_computer(self.choice.level, self.choice.seat.seat());
            self.start_here(self.choice.clock, seats, SeatPads::default());
        }
    }

    /// A game for more than two: how many seats, and who takes each (a person at this device
    /// or the computer at a level), played without a clock.
    fn seats_page(&mut self, ui: &mut egui::Ui) {
        let choice = &mut *self.choice;
        let Ok(seats) = Seats::try_from(choice.controllers[..choice.players].to_vec()) else {
            return;
        };
        // Until a frame has measured it, the rest of the page (title, players, Start and Back)
        // is taken as about 430 points, and the controllers' rows theirs.
        let rest = 430.0 + pad_rows_height(&seats, self.gamepads);
        seat_rows(ui, self.lang, self.entry, choice, "seat-person", 0, rest);
        self.pad_rows(ui, &seats);
        if self.button(ui, tr(self.lang, "new-start")) {
            let pads = SeatPads::new(self.choice.pads[..seats.len()].iter().copied());
            self.start_here(MoveClock::Off, seats, pads);
        }
    }

    /// A button of the page, which sounds when clicked.
    fn button(&mut self, ui: &mut egui::Ui, text: String) -> bool {
        sounding_button(ui, Wide, true, text, &mut self.act.feedback.sounds)
    }

    /// Starts the chosen game at this device with `seats`, a move `clock` and the seats'
    /// `pads`.
    fn start_here(&mut self, clock: MoveClock, seats: Seats, pads: SeatPads) {
        *self.act.clock = LocalClock::new(clock);
        *self.act.pads = pads;
        self.act.starts.write(new_match(self.entry.kind, seats));
    }

    /// For each person's seat, which controller plays it: any, or controller 1, 2 … (those
    /// plugged in, and one chosen before and unplugged since). Each row is named
    /// `pad <seat> <choice>`.
    fn pad_rows(&mut self, ui: &mut egui::Ui, seats: &Seats) {
        let lang = self.lang;
        if !offers_pads(seats, self.gamepads) {
            return;
        }
        ui.label(egui::RichText::new(tr(lang, "new-controllers")).size(19.0));
        for (seat, controller) in seats.iter() {
            if controller != Controller::Local {
                continue;
            }
            let chosen = &mut self.choice.pads[seat.index()];
            let mut numbers: Vec<u8> = self.gamepads.numbers().collect();
            numbers.extend(chosen.filter(|number| !numbers.contains(number)));
            numbers.sort_unstable();
            let choices = [(None, tr(lang, "pad-any"))]
                .into_iter()
                .chain(numbers.into_iter().map(|n| (Some(n), n.to_string())))
                .collect::<Vec<_>>();
            let label = (self.entry.seat_label)(lang, seats.len(), seat);
            ui.label(format!(
                "{} — {label}",
                tr_args(lang, "new-seat", [("number", seat.index() + 1)])
            ));
            choice_row(ui, &format!("pad {}", seat.index() + 1), chosen, &choices);
        }
    }
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
