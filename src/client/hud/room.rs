//! The online room in the HUD: its link, seats and clock, the draw offered, take-backs and
//! leaving for good. What is asked of the room goes out as a [`RoomAction`].

use super::state::HudActions;
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::matches::{LocalClock, MatchStatus, TableGame};
use crate::client::online::{
    LinkState, OnlineSession, RoomAction, finished_game_link, invite_link,
};
use crate::client::seats::level_key;
use crate::client::theme::{ButtonSize::Small, UiFeedback, palette, sounding_button};
use crate::protocol::{RoomSeat, SeatState};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

/// The online game, as the HUD shows it.
#[derive(SystemParam)]
pub(super) struct OnlineView<'w> {
    pub(super) session: Res<'w, OnlineSession>,
    pub(super) time: Res<'w, Time>,
    pub(super) status: Res<'w, MatchStatus>,
    /// The game on the table.
    pub(super) game: Res<'w, State<TableGame>>,
    /// The move clock of a game at this device.
    pub(super) local_clock: Res<'w, LocalClock>,
}

/// What the HUD says of a room seat at a table for more than two (the message id).
fn seat_mark(seat: &SeatState, mine: bool) -> &'static str {
    match seat {
        _ if mine => "online-seat-you",
        SeatState { left: true, .. } => "online-seat-left",
        SeatState { covered: true, .. } => "online-seat-covered",
        SeatState {
            computer: Some(_), ..
        } => "online-seat-computer",
        SeatState { taken: false, .. } => "online-seat-waiting",
        SeatState {
            connected: true, ..
        } => "online-seat-friend-here",
        _ => "online-seat-friend-away",
    }
}

/// Each seat of a table for more than two, with who plays it; while seats are free, the
/// host may start now and let the computer take them.
fn table_seats(ui: &mut egui::Ui, lang: Lang, online: &OnlineView, act: &mut HudActions) {
    let session = &*online.session;
    let count = session.seats().len();
    let entry = act.catalog.get(online.game.get().0);
    let table_seats = session.table_seats();
    for (index, seat) in session.seats().iter().enumerate() {
        let room_seat = RoomSeat(index as u8);
        let mine = session.my_seat() == Some(room_seat);
        let table_seat = table_seats.get(index).copied();
        let states = table_seat
            .map(|table_seat| (entry.seat_label)(lang, count, table_seat))
            .unwrap_or_default();
        let mut mark = tr(lang, seat_mark(seat, mine));
        if let Some(level) = seat.computer.filter(|_| !seat.covered && !mine) {
            mark = format!("{mark} ({})", tr(lang, level_key(level.level())));
        }
        let text = egui::RichText::new(format!("{states}: {mark}"));
        ui.label(if mine { text.strong() } else { text });
    }
    start_with_the_computer(ui, lang, session, act);
    if session.my_seat().is_some() && !online.status.over {
        leave_for_good(ui, lang, act);
    }
}

/// While seats are free, the host of a room whose game allows it may start now and let the
/// computer take them.
fn start_with_the_computer(
    ui: &mut egui::Ui,
    lang: Lang,
    session: &OnlineSession,
    act: &mut HudActions,
) {
    let allowed = session
        .view
        .as_ref()
        .is_some_and(|view| view.table.computer_may_sit());
    if allowed && session.waiting_for_players() && session.my_seat() == Some(RoomSeat(0)) {
        ui.label(egui::RichText::new(tr(lang, "online-start-help")).small());
        room_button(
            ui,
            true,
            tr(lang, "online-start-now"),
            RoomAction::Start,
            act,
        );
    }
}

/// A button that sends `action` to the room.
fn room_button(
    ui: &mut egui::Ui,
    enabled: bool,
    text: String,
    action: RoomAction,
    act: &mut HudActions,
) {
    if sounding_button(ui, Small, enabled, text, &mut act.feedback.sounds) {
        act.room.write(action);
    }
}

/// A link to copy, in small type, with the button that copies it.
fn link_to_copy(ui: &mut egui::Ui, link: &str, copy: String, feedback: &mut UiFeedback) {
    ui.label(egui::RichText::new(link).small());
    if sounding_button(ui, Small, true, copy, &mut feedback.sounds) {
        feedback.copy_and_tell(link);
    }
}

/// Leaving a table for more than two for good, once asked twice: the seat is the computer's or
/// its armies leave (as the host chose), and this device watches on.
fn leave_for_good(ui: &mut egui::Ui, lang: Lang, act: &mut HudActions) {
    let sounds = &mut act.feedback.sounds;
    let asked = ui.id().with("leave for good");
    let sure = ui.data(|data| data.get_temp::<bool>(asked).unwrap_or(false));
    if !sure {
        if sounding_button(ui, Small, true, tr(lang, "online-leave"), sounds) {
            ui.data_mut(|data| data.insert_temp(asked, true));
        }
        return;
    }
    ui.label(tr(lang, "online-leave-sure"));
    ui.horizontal(|ui| {
        if sounding_button(ui, Small, true, tr(lang, "online-leave-yes"), sounds) {
            act.room.write(RoomAction::Leave);
            ui.data_mut(|data| data.insert_temp(asked, false));
        }
        if sounding_button(ui, Small, true, tr(lang, "dialog-cancel"), sounds) {
            ui.data_mut(|data| data.insert_temp(asked, false));
        }
    });
}

/// The time left for the move, in large type (orange under ten seconds).
pub(super) fn clock_label(ui: &mut egui::Ui, lang: Lang, left: std::time::Duration) {
    let seconds = left.as_secs();
    let colour = if seconds < 10 {
        palette::WARNING
    } else {
        palette::TEXT
    };
    ui.label(
        egui::RichText::new(tr_args(lang, "online-clock", [("seconds", seconds)]))
            .size(18.0)
            .color(colour.egui()),
    );
}

/// The state of the line, the room's code and link, who is there, the clock, and a draw offer
/// from the other player.
pub(super) fn online_block(
    ui: &mut egui::Ui,
    lang: Lang,
    online: &OnlineView,
    act: &mut HudActions,
) {
    let t = |key: &'static str| tr(lang, key);
    let session = &*online.session;
    let (line, colour) = match &session.state {
        LinkState::Online => (t("online-connected"), palette::HINT),
        LinkState::Connecting | LinkState::Offline => (t("online-connecting"), palette::WARNING),
        LinkState::Reconnecting(_) => (t("online-reconnecting"), palette::WARNING),
        LinkState::Failed(why) => (format!("{}: {why}", t("online-failed")), palette::RED_TEXT),
    };
    ui.label(egui::RichText::new(line).color(colour.egui()));
    let Some(room) = &session.room else {
        return;
    };
    ui.label(
        egui::RichText::new(format!("{} {}", t("online-code"), room.code))
            .size(18.0)
            .strong(),
    );
    // Who sits where scrolls in at most about half the room left, so that the questions
    // below and the game's own section keep theirs (a phone has little).
    egui::ScrollArea::vertical()
        .id_salt("online room")
        .max_height(ui.available_height() * 0.55)
        .show(ui, |ui| {
            let link = invite_link(session, &room.code);
            link_to_copy(ui, &link, t("online-copy-link"), &mut act.feedback);
            if let Some(picture) = finished_game_link(session) {
                ui.label(t("online-game-picture"));
                link_to_copy(
                    ui,
                    &picture,
                    t("online-copy-picture-link"),
                    &mut act.feedback,
                );
            }
            if session.seats().len() > 2 {
                table_seats(ui, lang, online, act);
            } else if let Some(mine) = room.seat {
                let other = session
                    .seats()
                    .get(mine.other().index())
                    .is_some_and(|seat| seat.connected);
                ui.label(t(if other {
                    "online-opponent-here"
                } else {
                    "online-opponent-away"
                }));
                start_with_the_computer(ui, lang, session, act);
            }
            if session.spectators() > 0 {
                let spectators = [("count", session.spectators())];
                ui.label(tr_args(lang, "online-spectators", spectators));
            }
        });
    if let Some((_, deadline)) = session.clock.filter(|_| !online.status.over) {
        clock_label(ui, lang, deadline.saturating_sub(online.time.elapsed()));
    }
    takeback_block(ui, lang, online, act);
    if let Some(offerer) = session.draw_offer()
        && room.seat.is_some_and(|mine| mine != offerer)
    {
        ui.label(t("online-draw-offered"));
        ui.horizontal(|ui| {
            for (key, accept) in [("dialog-accept", true), ("dialog-decline", false)] {
                room_button(ui, true, t(key), RoomAction::AnswerDraw { accept }, act);
            }
        });
    }
}

/// Taking a move back online: ask for it; answer another's request; withdraw one's own.
fn takeback_block(ui: &mut egui::Ui, lang: Lang, online: &OnlineView, act: &mut HudActions) {
    let t = |key: &'static str| tr(lang, key);
    let session = &*online.session;
    let Some(mine) = session.my_seat() else {
        return;
    };
    let left = session
        .takeback_lapses
        .map(|lapses| lapses.saturating_sub(online.time.elapsed()).as_secs());
    let time_left = |ui: &mut egui::Ui| {
        if let Some(seconds) = left {
            let text = tr_args(lang, "online-takeback-time-left", [("seconds", seconds)]);
            ui.label(egui::RichText::new(text).small());
        }
    };
    match session.takeback() {
        None => {
            let can_ask = !online.status.over && !session.waiting_for_players();
            room_button(
                ui,
                can_ask,
                t("online-takeback-ask"),
                RoomAction::AskTakeback,
                act,
            );
        }
        Some(takeback) if takeback.seat == mine => {
            ui.label(t("online-takeback-waiting"));
            time_left(ui);
            room_button(
                ui,
                true,
                t("online-takeback-withdraw"),
                RoomAction::WithdrawTakeback,
                act,
            );
        }
        Some(takeback) if !takeback.accepted.contains(&mine) => {
            let asker = if session.seats().len() > 2 {
                tr_args(lang, "new-seat", [("number", takeback.seat.index() + 1)])
            } else {
                t("online-opponent")
            };
            ui.label(tr_args(lang, "online-takeback-asked", [("seat", asker)]));
            time_left(ui);
            ui.horizontal(|ui| {
                for (key, accept) in [("dialog-accept", true), ("dialog-decline", false)] {
                    room_button(ui, true, t(key), RoomAction::AnswerTakeback { accept }, act);
                }
            });
        }
        Some(_) => {
            ui.label(t("online-takeback-waiting-others"));
        }
    }
}
