//! The online page: create a room, or join or watch one by its code.

use super::choices::{choice_row, clock_choice, seat_rows};
use super::page::{MenuActions, NewGameChoice};
use crate::client::catalog::GameEntry;
use crate::client::i18n::{Lang, tr};
use crate::client::online::{GoOnline, LinkState, OnlineRequest, OnlineSession, RoomPlan};
use crate::client::seats::Controller;
use crate::client::theme::{ButtonSize::Wide, name_place, palette, sounding_button};
use crate::protocol::{ComputerLevel, OnLeave, SeatPlan};
use bevy_egui::egui;

/// Create a room (with a move clock; at a table for more than two, with its seats), or join
/// or watch one by its code.
pub(super) fn online_page(
    ui: &mut egui::Ui,
    lang: Lang,
    entry: &GameEntry,
    choice: &mut NewGameChoice,
    session: &OnlineSession,
    act: &mut MenuActions,
) {
    let t = |key: &'static str| tr(lang, key);
    let mut plan = RoomPlan::pair(choice.game, choice.clock);
    if *entry.seats.end() > 2 {
        // Until a frame has measured it, the rest of the page (title, players, leaving, clock,
        // the room code, four buttons) is taken as about 660 points.
        seat_rows(ui, lang, entry, choice, "online-seat-friend", 1, 660.0);
        let leaving = [
            (OnLeave::Computer, t("online-on-leave-computer")),
            (OnLeave::Resign, t("online-on-leave-resign")),
        ];
        ui.label(t("online-on-leave"));
        choice_row(ui, "on leave", &mut choice.on_leave, &leaving);
        plan.seats = room_seat_plans(choice);
        plan.on_leave = choice.on_leave;
    }
    clock_choice(ui, lang, &mut choice.clock);
    if sounding_button(ui, Wide, true, t("online-create"), &mut act.feedback.sounds) {
        act.online.write(GoOnline(OnlineRequest::Create(plan)));
    }
    ui.add_space(10.0);
    ui.separator();
    ui.horizontal(|ui| {
        ui.label(t("online-code"));
        let field = ui.add(
            egui::TextEdit::singleline(&mut choice.code)
                .desired_width(160.0)
                .char_limit(16),
        );
        name_place(ui, "room code", &field);
    });
    let code = choice.code.trim().to_uppercase();
    let typed = !code.is_empty();
    // Side by side: the seats above want the height.
    ui.columns(2, |columns| {
        let sounds = &mut act.feedback.sounds;
        if sounding_button(&mut columns[0], Wide, typed, t("online-join"), sounds) {
            act.online
                .write(GoOnline(OnlineRequest::Join(code.clone())));
        }
        if sounding_button(&mut columns[1], Wide, typed, t("online-watch"), sounds) {
            act.online.write(GoOnline(OnlineRequest::Watch(code)));
        }
    });
    match &session.state {
        LinkState::Offline | LinkState::Online => {}
        LinkState::Connecting | LinkState::Reconnecting(_) => {
            ui.label(t("online-connecting"));
        }
        LinkState::Failed(why) => {
            ui.label(
                egui::RichText::new(format!("{}: {why}", t("online-failed")))
                    .color(palette::RED_TEXT.egui()),
            );
        }
    }
}

/// The seats of a room for more than two as the host chose them: the host's, then a friend or
/// the computer for each other seat.
fn room_seat_plans(choice: &NewGameChoice) -> Vec<SeatPlan> {
    choice.controllers[..choice.players]
        .iter()
        .enumerate()
        .map(|(seat, controller)| match controller {
            Controller::Computer(level) if seat > 0 => {
                SeatPlan::Computer(ComputerLevel::of(*level))
            }
            _ => SeatPlan::Friend,
        })
        .collect()
}
