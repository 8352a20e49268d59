//! The in-game HUD frame (egui): the panel at the right with whose turn it is and the game's
//! buttons, room below them for the game's own section, and the dialogs (settings, resign,
//! draw offer, game over). The game on the table says what to write in [`HudText`].

use super::catalog::Catalog;
use super::clipboard::Clipboard;
use super::cues::UiSound;
use super::i18n::{Lang, tr, tr_args};
use super::lessons::LessonPanelHeight;
use super::matches::{
    DrawDeclined, LocalClock, MatchRequest, MatchStatus, NewMatch, ReplayProgress,
};
use super::play::{
    Attempt, PracticeRequest, PracticeView, ReviewRequest, ReviewView, ShareRequest,
};

use super::menu::settings_page;
use super::net::{LinkState, OnlineSession, ToServer, finished_game_link, invite_link};
use super::online::RoomTable;
use super::records::{RecordSource, ReplayRequest, WatchReplay};
use super::seats::{LEVEL_CHOICES, Seats, level_key};
use super::settings::Settings;
use super::tabletop::{HudInsets, TableBounds};
use super::theme::{
    Rgb, Toast, UiSet, dialog_frame, menu_button, name_place, palette, small_button,
};
use super::thinking::{HintRequest, computer_to_move};
use super::timeline::Anim;
use super::{ClientSet, Screen};
use crate::ai::review::Class;
use crate::protocol::{ClientMessage, RoomSeat, SeatState};
use crate::rules::Seat;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// What the game on the table has the HUD say, in the player's language. The game fills it
/// before the frame is drawn.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct HudText {
    /// Whose turn it is (or that the game is over), in its colour.
    pub headline: (String, Rgb),
    /// Who that is, under the headline.
    pub who: String,
    /// Each seat's name, for the dialogs.
    pub seat_names: Vec<String>,
    /// Whether resigning and offering a draw make sense yet.
    pub can_concede: bool,
    /// Whether the Hint button may work out a hint now.
    pub hint_available: bool,
    /// The result, once the game is over: title, explanation, colour.
    pub result: Option<(String, String, Rgb)>,
}

impl HudText {
    /// The name of `seat`.
    pub fn seat_name(&self, seat: Seat) -> &str {
        self.seat_names.get(seat.index()).map_or("", String::as_str)
    }
}

/// The part of the panel left for the game's own section (pool, captures, moves).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct HudSectionArea(pub egui::Rect);

impl Default for HudSectionArea {
    fn default() -> HudSectionArea {
        HudSectionArea(egui::Rect::NOTHING)
    }
}

/// Open dialogs.
#[derive(Resource, Default, Debug)]
struct HudState {
    settings_open: bool,
    confirm_resign: bool,
    /// A draw offered by this seat to the next one (players sharing the device).
    draw_offer: Option<Seat>,
    /// The position whose game-over dialog the player closed.
    dismissed: Option<super::matches::PositionKey>,
    /// Choosing who plays on from a replay's position.
    continue_replay: bool,
}

/// The HUD panel's width in logical pixels.
const PANEL_WIDTH: f32 = 320.0;
/// Windows narrower than this (and taller than wide) get the panel under the table.
const PORTRAIT_WIDTH: f32 = 760.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HudState>()
        .init_resource::<HudText>()
        .init_resource::<HudSectionArea>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                hud_frame.in_set(UiSet::Frame),
                hud_dialogs.in_set(UiSet::Dialogs),
            )
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(Update, toast_declined_draws.in_set(ClientSet::Present))
        .add_systems(OnEnter(Screen::Playing), |mut state: ResMut<HudState>| {
            *state = HudState::default()
        });
}

/// Where the HUD sits: its width, and the room it leaves the game's section.
#[derive(SystemParam)]
struct HudLayout<'w> {
    insets: ResMut<'w, HudInsets>,
    bounds: Res<'w, TableBounds>,
    area: ResMut<'w, HudSectionArea>,
    /// The lesson's panel at the foot of the HUD, which the game's section leaves free.
    lesson: Res<'w, LessonPanelHeight>,
}

/// The online game, as the HUD shows it.
#[derive(SystemParam)]
struct OnlineView<'w> {
    session: Res<'w, OnlineSession>,
    time: Res<'w, Time>,
    status: Res<'w, MatchStatus>,
    /// The move clock of a game at this device.
    local_clock: Res<'w, LocalClock>,
    /// Where the room's seats sit at this table, at a table for more than two.
    room_table: Res<'w, RoomTable>,
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
    let entry = act.catalog.get(online.status.game);
    for (index, seat) in session.seats().iter().enumerate() {
        let room_seat = RoomSeat(index as u8);
        let mine = session.my_seat() == Some(room_seat);
        let table_seat = online.room_table.0.get(index).copied();
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
    if session.waiting_for_players() && session.my_seat() == Some(RoomSeat(0)) {
        ui.label(egui::RichText::new(tr(lang, "online-start-help")).small());
        if small_button(ui, true, tr(lang, "online-start-now"), &mut act.sounds) {
            act.outgoing.write(ToServer(ClientMessage::Start {}));
        }
    }
    if session.my_seat().is_some() && !online.status.over {
        leave_for_good(ui, lang, act);
    }
}

/// Leaving a table for more than two for good, once asked twice: the seat is the computer's or
/// its armies leave (as the host chose), and this device watches on.
fn leave_for_good(ui: &mut egui::Ui, lang: Lang, act: &mut HudActions) {
    let asked = ui.id().with("leave for good");
    let sure = ui.data(|data| data.get_temp::<bool>(asked).unwrap_or(false));
    if !sure {
        if small_button(ui, true, tr(lang, "online-leave"), &mut act.sounds) {
            ui.data_mut(|data| data.insert_temp(asked, true));
        }
        return;
    }
    ui.label(tr(lang, "online-leave-sure"));
    ui.horizontal(|ui| {
        if small_button(ui, true, tr(lang, "online-leave-yes"), &mut act.sounds) {
            act.outgoing.write(ToServer(ClientMessage::Leave {}));
            ui.data_mut(|data| data.insert_temp(asked, false));
        }
        if small_button(ui, true, tr(lang, "dialog-cancel"), &mut act.sounds) {
            ui.data_mut(|data| data.insert_temp(asked, false));
        }
    });
}

/// The time left for the move, in large type (orange under ten seconds).
fn clock_label(ui: &mut egui::Ui, lang: Lang, left: std::time::Duration) {
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
fn online_block(ui: &mut egui::Ui, lang: Lang, online: &OnlineView, act: &mut HudActions) {
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
            ui.label(egui::RichText::new(&link).small());
            if small_button(ui, true, t("online-copy-link"), &mut act.sounds) {
                act.clipboard.copy_and_tell(&link, &mut act.toast);
            }
            if let Some(picture) = finished_game_link(session) {
                ui.label(t("online-game-picture"));
                ui.label(egui::RichText::new(&picture).small());
                if small_button(ui, true, t("online-copy-picture-link"), &mut act.sounds) {
                    act.clipboard.copy_and_tell(&picture, &mut act.toast);
                }
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
                if small_button(ui, true, t(key), &mut act.sounds) {
                    act.outgoing
                        .write(ToServer(ClientMessage::AnswerDraw { accept }));
                }
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
            if small_button(ui, can_ask, t("online-takeback-ask"), &mut act.sounds) {
                act.outgoing.write(ToServer(ClientMessage::AskTakeback {}));
            }
        }
        Some(takeback) if takeback.seat == mine => {
            ui.label(t("online-takeback-waiting"));
            time_left(ui);
            if small_button(ui, true, t("online-takeback-withdraw"), &mut act.sounds) {
                act.outgoing
                    .write(ToServer(ClientMessage::WithdrawTakeback {}));
            }
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
                    if small_button(ui, true, t(key), &mut act.sounds) {
                        act.outgoing
                            .write(ToServer(ClientMessage::AnswerTakeback { accept }));
                    }
                }
            });
        }
        Some(_) => {
            ui.label(t("online-takeback-waiting-others"));
        }
    }
}

/// What the HUD's buttons do.
#[derive(SystemParam)]
struct HudActions<'w> {
    outgoing: MessageWriter<'w, ToServer>,
    requests: MessageWriter<'w, MatchRequest>,
    hints: MessageWriter<'w, HintRequest>,
    starts: MessageWriter<'w, NewMatch>,
    sounds: MessageWriter<'w, UiSound>,
    next: ResMut<'w, NextState<Screen>>,
    clipboard: Res<'w, Clipboard>,
    toast: ResMut<'w, Toast>,
    replays: MessageWriter<'w, ReplayRequest>,
    watch: MessageWriter<'w, WatchReplay>,
    reviews: MessageWriter<'w, ReviewRequest>,
    practice: MessageWriter<'w, PracticeRequest>,
    shares: MessageWriter<'w, ShareRequest>,
    catalog: Res<'w, Catalog>,
}

/// The match on the table as the HUD reads it.
#[derive(SystemParam)]
struct HudMatch<'w, 's> {
    status: Res<'w, MatchStatus>,
    review: Res<'w, ReviewView>,
    practice: Res<'w, PracticeView>,
    seats: Res<'w, Seats>,
    text: Res<'w, HudText>,
    /// Running animations: the result waits for the last action to be shown.
    anims: Query<'w, 's, (), With<Anim>>,
}

/// The game's buttons: undo, resign, draw, hint, settings, menu.
fn game_buttons(
    ui: &mut egui::Ui,
    lang: Lang,
    table: &HudMatch,
    state: &mut HudState,
    act: &mut HudActions,
) {
    let t = |key: &'static str| tr(lang, key);
    let (status, seats, text) = (&table.status, &table.seats, &table.text);
    ui.horizontal_wrapped(|ui| {
        let sounds = &mut act.sounds;
        if small_button(ui, status.can_undo(seats), t("hud-undo"), sounds) {
            act.requests.write(MatchRequest::Undo);
            state.dismissed = None;
        }
        let can_concede = !status.over && text.can_concede;
        if small_button(ui, can_concede, t("hud-resign"), sounds) {
            state.confirm_resign = true;
        }
        if small_button(ui, can_concede, t("hud-draw"), sounds) {
            if seats.all_local() {
                state.draw_offer = Some(status.to_move);
            } else {
                act.requests.write(MatchRequest::OfferDraw);
            }
        }
        if small_button(ui, text.hint_available, t("hud-hint"), sounds) {
            act.hints.write(HintRequest);
        }
        if small_button(ui, true, t("menu-settings"), sounds) {
            state.settings_open = !state.settings_open;
        }
        if small_button(ui, true, t("hud-menu"), sounds) {
            act.next.set(Screen::Title);
        }
    });
}

/// The replay's controls: where it stands, step, play, jump, continue from here, share.
fn replay_bar(
    ui: &mut egui::Ui,
    lang: Lang,
    progress: ReplayProgress,
    state: &mut HudState,
    act: &mut HudActions,
) {
    let t = |key: &'static str| tr(lang, key);
    let ReplayProgress {
        shown,
        total,
        playing,
    } = progress;
    ui.label(
        egui::RichText::new(tr_args(
            lang,
            "replay-progress",
            [("shown", shown), ("total", total)],
        ))
        .size(16.0),
    );
    let (at_start, at_end) = (shown == 0, shown == total);
    ui.horizontal_wrapped(|ui| {
        let sounds = &mut act.sounds;
        let mut ask = |request| {
            act.replays.write(request);
        };
        if small_button(ui, !at_start, "|◀", sounds) {
            ask(ReplayRequest::First);
        }
        if small_button(ui, !at_start, "◀", sounds) {
            ask(ReplayRequest::Back);
        }
        let play = t(if playing {
            "replay-pause"
        } else {
            "replay-play"
        });
        if small_button(ui, total > 0, play, sounds) {
            ask(ReplayRequest::TogglePlay);
        }
        if small_button(ui, !at_end, "▶", sounds) {
            ask(ReplayRequest::Forward);
        }
        if small_button(ui, !at_end, "▶|", sounds) {
            ask(ReplayRequest::Last);
        }
    });
    let mut ply = shown;
    let slider = egui::Slider::new(&mut ply, 0..=total).show_value(false);
    if total > 0 && ui.add(slider).changed() {
        act.replays.write(ReplayRequest::Jump(ply));
    }
    ui.horizontal_wrapped(|ui| {
        let sounds = &mut act.sounds;
        if small_button(ui, true, t("replay-continue"), sounds) {
            state.continue_replay = true;
        }
        if small_button(ui, true, t("hud-menu"), sounds) {
            act.next.set(Screen::Title);
        }
    });
    ui.horizontal_wrapped(|ui| {
        if small_button(ui, true, t("share-gif"), &mut act.sounds) {
            act.shares.write(ShareRequest::Game);
        }
        if small_button(ui, true, t("share-png"), &mut act.sounds) {
            act.shares.write(ShareRequest::Position);
        }
    });
}

/// The colour and mark of a judged step's class (the mark is the second cue, for players who
/// cannot tell the colours apart); `None` for the classes that need no mark.
fn class_mark(class: Class) -> Option<(&'static str, Rgb)> {
    match class {
        Class::Inaccuracy => Some(("?!", palette::GOLD)),
        Class::Mistake => Some(("?", palette::WARNING)),
        Class::Blunder => Some(("??", palette::RED_TEXT)),
        Class::Forced | Class::Best | Class::Good => None,
    }
}

/// The review of the replay: start or stop it, how far it is, each player's accuracy, the
/// verdict on the move about to be played from the position shown, and the marked moves
/// (a click steps the replay to the position each was played in).
fn review_block(
    ui: &mut egui::Ui,
    lang: Lang,
    table: &HudMatch,
    shown: usize,
    act: &mut HudActions,
) {
    let t = |key: &'static str| tr(lang, key);
    let review = &*table.review;
    if !review.on {
        if small_button(ui, true, t("review-start"), &mut act.sounds) {
            act.reviews.write(ReviewRequest::Start);
        }
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let done = review.lines.len();
        if review.done() {
            ui.label(t("review-done"));
        } else {
            ui.label(tr_args(
                lang,
                "review-progress",
                [("done", done), ("total", review.total)],
            ));
        }
        if small_button(ui, true, t("review-stop"), &mut act.sounds) {
            act.reviews.write(ReviewRequest::Stop);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(t("review-accuracy"));
        for &(mover, accuracy) in &review.accuracy {
            ui.label(format!("{} {accuracy:.1}%", table.text.seat_name(mover)));
        }
    });
    evaluation_graph(ui, table, shown, act);
    if let Some(line) = review.lines.get(shown) {
        let (mark, colour) = class_mark(line.class).unwrap_or(("", palette::TEXT));
        let mut words = format!(
            "{} {}{mark} · {}",
            shown + 1,
            line.played,
            tr(lang, class_key(line.class))
        );
        if let Some(reason) = &line.reason {
            words = format!("{words}: {reason}");
        }
        ui.label(egui::RichText::new(words).color(colour.egui()));
        if line.best != line.played {
            ui.label(
                egui::RichText::new(tr_args(
                    lang,
                    "review-better",
                    [("best", line.best.as_str())],
                ))
                .color(palette::HINT.egui()),
            );
        }
    }
    if review.done() {
        // Each seat's mistakes and blunders, as exercises.
        ui.horizontal_wrapped(|ui| {
            for (seat, _) in &review.accuracy {
                let mistakes = review
                    .lines
                    .iter()
                    .any(|line| line.mover == *seat && line.class >= Class::Mistake);
                let player = table.text.seat_name(*seat);
                let words = tr_args(lang, "practice-start", [("player", player)]);
                if mistakes && small_button(ui, true, &words, &mut act.sounds) {
                    act.practice.write(PracticeRequest::Start(*seat));
                }
            }
        });
    }
    egui::ScrollArea::vertical()
        .id_salt("review_marks")
        .max_height(120.0)
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for (ply, line) in review.lines.iter().enumerate() {
                    let Some((mark, colour)) = class_mark(line.class) else {
                        continue;
                    };
                    let text = egui::RichText::new(format!("{} {}{mark}", ply + 1, line.played))
                        .color(colour.egui());
                    let response = ui.add(egui::Button::new(text).small());
                    name_place(ui, format!("review-mark-{}", ply + 1), &response);
                    if response.clicked() {
                        act.replays.write(ReplayRequest::Jump(ply));
                    }
                }
            });
        });
}

/// Learn from your mistakes: the exercise on the table, how the last try went, next, stop.
fn practice_block(ui: &mut egui::Ui, lang: Lang, table: &HudMatch, act: &mut HudActions) {
    let practice = &*table.practice;
    let t = |key: &'static str| tr(lang, key);
    if practice.index >= practice.total {
        ui.label(tr_args(
            lang,
            "practice-done",
            [("solved", practice.solved), ("total", practice.total)],
        ));
    } else {
        ui.label(tr_args(
            lang,
            "practice-task",
            [
                ("n", (practice.index + 1).to_string()),
                ("total", practice.total.to_string()),
                ("played", practice.played_in_game.clone()),
            ],
        ));
        let (words, colour) = match &practice.attempt {
            Attempt::Waiting => (String::new(), palette::TEXT),
            Attempt::Judging => (t("practice-judging"), palette::TEXT),
            Attempt::Wrong { played } => (
                tr_args(lang, "practice-wrong", [("played", played.as_str())]),
                palette::WARNING,
            ),
            Attempt::Right { played } => (
                tr_args(lang, "practice-right", [("played", played.as_str())]),
                palette::HINT,
            ),
            Attempt::Shown { answer } => (
                tr_args(lang, "practice-answer", [("answer", answer.as_str())]),
                palette::GOLD,
            ),
        };
        if !words.is_empty() {
            ui.label(egui::RichText::new(words).size(18.0).color(colour.egui()));
        }
    }
    ui.horizontal_wrapped(|ui| {
        let finished = matches!(
            practice.attempt,
            Attempt::Right { .. } | Attempt::Shown { .. }
        );
        if practice.index < practice.total
            && small_button(ui, finished, t("practice-next"), &mut act.sounds)
        {
            act.practice.write(PracticeRequest::Next);
        }
        if small_button(ui, true, t("practice-stop"), &mut act.sounds) {
            act.practice.write(PracticeRequest::Stop);
        }
    });
}

/// The colours of the graph's lines: the first player's, then the others' (Qiguo's seats).
const GRAPH_COLOURS: [Rgb; 7] = [
    palette::RED_TEXT,
    palette::NEUTRAL,
    palette::GOLD,
    palette::HINT,
    palette::WARNING,
    palette::SUBTITLE,
    palette::BORDER,
];

/// The review's evaluation graph: the first player's expected score after each step in a game
/// of two (its share of the game at a larger table, a line a seat), and where the replay
/// stands; a click steps the replay there.
fn evaluation_graph(ui: &mut egui::Ui, table: &HudMatch, shown: usize, act: &mut HudActions) {
    use egui_plot::{Line, Plot, PlotPoints, VLine};
    let review = &*table.review;
    let seats = table.text.seat_names.len().max(2);
    // Each seat's points: (ply, its expected score there).
    let mut series: Vec<Vec<[f64; 2]>> = vec![Vec::new(); seats];
    for (ply, line) in review.lines.iter().enumerate() {
        let expected = f64::from(line.expected) / 1000.0;
        if seats == 2 {
            let first = if line.mover.index() == 0 {
                expected
            } else {
                1.0 - expected
            };
            series[0].push([ply as f64, first]);
        } else if let Some(points) = series.get_mut(line.mover.index()) {
            points.push([ply as f64, expected]);
        }
    }
    let plot = Plot::new("review_graph")
        .height(70.0)
        .show_axes(false)
        .show_grid(false)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .include_x(0.0)
        .include_x(review.total.max(1) as f64)
        .include_y(0.0)
        .include_y(1.0)
        .show(ui, |plot| {
            for (seat, points) in series.into_iter().enumerate() {
                if points.len() > 1 {
                    let colour = GRAPH_COLOURS[seat % GRAPH_COLOURS.len()];
                    plot.line(
                        Line::new(
                            table.text.seat_name(Seat(seat as u8)),
                            PlotPoints::from(points),
                        )
                        .color(colour.egui()),
                    );
                }
            }
            plot.vline(VLine::new("", shown as f64).color(palette::HINT.egui()));
            plot.pointer_coordinate()
        });
    if plot.response.clicked()
        && let Some(point) = plot.inner
    {
        let ply = point.x.round().clamp(0.0, review.total as f64) as usize;
        act.replays.write(ReplayRequest::Jump(ply));
    }
}

/// The message key of a class's name.
fn class_key(class: Class) -> &'static str {
    match class {
        Class::Forced => "review-forced",
        Class::Best => "review-best",
        Class::Good => "review-good",
        Class::Inaccuracy => "review-inaccuracy",
        Class::Mistake => "review-mistake",
        Class::Blunder => "review-blunder",
    }
}

/// Continue a replay from the position shown: who plays on.
fn continue_dialog(
    ctx: &egui::Context,
    lang: Lang,
    table: &HudMatch,
    state: &mut HudState,
    act: &mut HudActions,
) {
    let (status, count) = (&table.status, table.seats.len());
    let t = |key: &'static str| tr(lang, key);
    egui::Modal::new(egui::Id::new("continue_replay"))
        .frame(dialog_frame())
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(t("replay-continue")).size(20.0));
            let sounds = &mut act.sounds;
            let mut chosen = None;
            if menu_button(ui, true, t("replay-everyone-here"), sounds) {
                chosen = Some(Seats::people(count));
            }
            ui.label(egui::RichText::new(t("replay-versus-computer")).size(17.0));
            ui.horizontal(|ui| {
                for (level, key) in LEVEL_CHOICES {
                    if small_button(ui, true, t(key), sounds) {
                        chosen = Some(Seats::person_and_computers(level, status.to_move, count));
                    }
                }
            });
            if small_button(ui, true, t("dialog-cancel"), sounds) {
                state.continue_replay = false;
            }
            if let Some(seats) = chosen {
                act.replays.write(ReplayRequest::ContinueHere(seats));
                state.continue_replay = false;
            }
        });
}

fn hud_frame(
    mut contexts: EguiContexts,
    table: HudMatch,
    online: OnlineView,
    settings: Res<Settings>,
    mut state: ResMut<HudState>,
    mut layout: HudLayout,
    mut act: HudActions,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let (status, text) = (&table.status, &table.text);
    let mut root = egui::Ui::new(
        ctx.clone(),
        "hud".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.content_rect()),
    );
    // A narrow, tall window (a phone held upright) puts the panel under the table, which then
    // fills the width; otherwise the panel stands at the right.
    let screen = ctx.content_rect().size();
    let portrait = screen.x < screen.y && screen.x < PORTRAIT_WIDTH;
    let panel = if portrait {
        let table_height = screen.x * layout.bounds.0.y / layout.bounds.0.x.max(1.0);
        let height = (screen.y - table_height).clamp(screen.y * 0.3, screen.y * 0.6);
        egui::Panel::bottom("hud_panel_below")
            .resizable(false)
            .exact_size(height)
    } else {
        egui::Panel::right("hud_panel")
            .resizable(false)
            .exact_size(PANEL_WIDTH)
    };
    let panel = panel.show(&mut root, |ui| {
        ui.add_space(6.0);
        let (headline, colour) = &text.headline;
        ui.label(
            egui::RichText::new(headline)
                .size(24.0)
                .color(colour.egui())
                .strong(),
        );
        if !status.over {
            ui.label(egui::RichText::new(&text.who).size(16.0).weak());
        }
        ui.add_space(4.0);
        if let Some(progress) = status.replay {
            replay_bar(ui, lang, progress, &mut state, &mut act);
            ui.separator();
            review_block(ui, lang, &table, progress.shown, &mut act);
        } else {
            game_buttons(ui, lang, &table, &mut state, &mut act);
            if table.practice.on {
                ui.separator();
                practice_block(ui, lang, &table, &mut act);
            }
        }
        if online.session.active() {
            ui.separator();
            online_block(ui, lang, &online, &mut act);
        } else if let Some(left) = online.local_clock.left(online.time.elapsed()) {
            clock_label(ui, lang, left);
        }
        ui.separator();
        let mut section = ui.available_rect_before_wrap();
        section.max.y = (section.max.y - layout.lesson.0).max(section.min.y);
        let section = HudSectionArea(section);
        layout.area.set_if_neq(section);
    });
    layout.insets.set_if_neq(if portrait {
        HudInsets {
            right: 0.0,
            bottom: panel.response.rect.height(),
        }
    } else {
        HudInsets {
            right: panel.response.rect.width(),
            bottom: 0.0,
        }
    });
    Ok(())
}

fn hud_dialogs(
    mut contexts: EguiContexts,
    table: HudMatch,
    mut settings: ResMut<Settings>,
    mut state: ResMut<HudState>,
    insets: Res<HudInsets>,
    mut act: HudActions,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let t = |key: &'static str| tr(lang, key);
    let (status, seats, text) = (&table.status, &table.seats, &table.text);
    let board_centre = insets.table_centre();
    if status.over {
        state.confirm_resign = false;
        state.draw_offer = None;
    }

    if state.settings_open {
        let mut open = true;
        egui::Window::new(t("menu-settings"))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, board_centre)
            .show(ctx, |ui| {
                let mut edited = settings.clone();
                settings_page(ui, &mut edited);
                if edited != *settings {
                    *settings = edited;
                }
            });
        state.settings_open = open;
    }

    if state.confirm_resign {
        let player = seats.local_player(status.to_move);
        egui::Modal::new(egui::Id::new("resign"))
            .frame(dialog_frame())
            .show(ctx, |ui| {
                let question = format!("{} — {}", text.seat_name(player), t("dialog-resign"));
                ui.label(egui::RichText::new(question).size(20.0));
                ui.horizontal(|ui| {
                    // Named as the buttons under the dialog are: while it is open, the test
                    // that clicks by name finds these.
                    let resign = ui.button(t("hud-resign"));
                    name_place(ui, t("hud-resign"), &resign);
                    if resign.clicked() {
                        act.requests.write(MatchRequest::Resign);
                        state.confirm_resign = false;
                    }
                    let cancel = ui.button(t("dialog-cancel"));
                    name_place(ui, t("dialog-cancel"), &cancel);
                    if cancel.clicked() {
                        state.confirm_resign = false;
                    }
                });
            });
    }

    if let Some(offerer) = state.draw_offer {
        let other = seats.next(offerer);
        egui::Modal::new(egui::Id::new("draw"))
            .frame(dialog_frame())
            .show(ctx, |ui| {
                let offer = format!("{} {}", text.seat_name(offerer), t("dialog-offers-draw"));
                ui.label(egui::RichText::new(offer).size(20.0));
                let ask = format!("{}: {}", text.seat_name(other), t("dialog-accept-draw"));
                ui.label(egui::RichText::new(ask).size(18.0));
                ui.horizontal(|ui| {
                    if ui.button(t("dialog-accept")).clicked() {
                        act.requests.write(MatchRequest::AgreeDraw);
                        state.draw_offer = None;
                    }
                    if ui.button(t("dialog-decline")).clicked() {
                        state.draw_offer = None;
                        act.toast.show_key("toast-draw-declined");
                    }
                });
            });
    }

    if state.continue_replay && status.replay.is_some() {
        continue_dialog(ctx, lang, &table, &mut state, &mut act);
    }

    if let Some((title, why, colour)) = &text.result
        && status.replay.is_none()
        && table.anims.is_empty()
        && state.dismissed != Some(status.key)
    {
        egui::Window::new("game_over")
            .title_bar(false)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, board_centre)
            .frame(dialog_frame())
            .show(ctx, |ui| {
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new(title)
                            .size(40.0)
                            .color(colour.egui())
                            .strong(),
                    );
                    ui.label(egui::RichText::new(why).size(18.0));
                    ui.add_space(12.0);
                    let sounds = &mut act.sounds;
                    if menu_button(ui, true, t("result-rematch"), sounds) {
                        act.starts.write(NewMatch {
                            game: status.game,
                            seats: (*seats).clone(),
                            deal: default(),
                            attract: false,
                        });
                    }
                    // Only the games whose records replay offer it.
                    if act.catalog.get(status.game).record_words.is_some()
                        && menu_button(ui, true, t("result-replay"), sounds)
                    {
                        act.watch.write(WatchReplay {
                            kind: status.game,
                            record: RecordSource::OnTable,
                        });
                    }
                    if act.catalog.get(status.game).record_words.is_some()
                        && menu_button(ui, true, t("result-review"), sounds)
                    {
                        act.watch.write(WatchReplay {
                            kind: status.game,
                            record: RecordSource::OnTable,
                        });
                        act.reviews.write(ReviewRequest::Start);
                    }
                    if menu_button(ui, true, t("result-view-board"), sounds) {
                        state.dismissed = Some(status.key);
                    }
                    if menu_button(ui, true, t("hud-menu"), sounds) {
                        act.next.set(Screen::Title);
                    }
                });
            });
    }
    act.toast.show_ui(ctx, lang, insets.table_centre()[0]);
    Ok(())
}

/// A computer's "no" to a draw offer gets a toast.
fn toast_declined_draws(mut declined: MessageReader<DrawDeclined>, mut toast: ResMut<Toast>) {
    if declined.read().count() > 0 {
        toast.show_key("toast-draw-declined");
    }
}

/// The "who" line for the seat to move when it is not a person sharing the device: the
/// computer thinking, or "you" where yours is the only seat here and it is to move; `None`
/// when the game names the seat (a person sharing the device, a friend elsewhere, the end).
pub fn who_is_to_move(status: &MatchStatus, seats: &Seats, lang: Lang) -> Option<String> {
    if computer_to_move(status, seats).is_some() {
        Some(tr(lang, "turn-computer"))
    } else if !status.over && seats.single_local() == Some(status.to_move) {
        Some(tr(lang, "turn-you"))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::client::seats::Controller;

    #[test]
    fn your_turn_is_said_only_when_your_seat_is_to_move() {
        let seats = Seats::try_from(vec![
            Controller::Local,
            Controller::Remote,
            Controller::Computer(Level::Easy),
        ])
        .unwrap();
        let who = |to_move, over| {
            let status = MatchStatus {
                to_move: Seat(to_move),
                over,
                ..Default::default()
            };
            who_is_to_move(&status, &seats, Lang::En)
        };
        assert_eq!(who(0, false), Some(tr(Lang::En, "turn-you")));
        assert_eq!(
            who(1, false),
            None,
            "a friend elsewhere is named by the game"
        );
        assert_eq!(who(2, false), Some(tr(Lang::En, "turn-computer")));
        assert_eq!(who(0, true), None, "the game is over");
    }
}
