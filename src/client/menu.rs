//! The title screen: main menu, new game, settings and the rules, over the demonstration game.

use super::Screen;
use super::attract::attract_game;
use super::audio::UiSound;
use super::catalog::{Catalog, GameEntry};
use super::clipboard::Clipboard;
use super::i18n::{Lang, tr, tr_args};
use super::lessons::{StartLessonStep, next_step, offers_lesson};
use super::matches::{Deal, LocalClock, MatchStatus, NewMatch};
use super::net::{GoOnline, LinkState, OnlineRequest, OnlineSession, RoomPlan};
use super::records::{
    FinishedGames, RecordBox, RecordBoxAction, RecordBoxText, RecordSource, WatchReplay, record_box,
};
use super::save::{ContinueGame, SavedGame};
use super::seats::{Controller, LEVEL_CHOICES, MAX_SEATS, SeatPads, Seats};
use super::settings::{AnimSpeed, LabelStyle, Settings};
use super::tabletop::GamepadSlots;
use super::theme::{Toast, UiSet, dialog_frame, menu_button, name_place, palette, small_button};
use crate::ai::Level;
use crate::protocol::{ComputerLevel, MoveClock, OnLeave, SeatPlan};
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The title screen's pages.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
enum MenuPage {
    #[default]
    Main,
    NewGame,
    Online,
    Settings,
    Rules,
    Replays,
}

/// Which seat the player takes against the computer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum SeatChoice {
    /// Move first.
    #[default]
    First,
    /// Move second.
    Second,
    /// Either, by chance.
    Random,
}

impl SeatChoice {
    const ALL: [(SeatChoice, &'static str); 3] = [
        (SeatChoice::First, "seat-first"),
        (SeatChoice::Second, "seat-second"),
        (SeatChoice::Random, "seat-random"),
    ];

    fn seat(self) -> Seat {
        match self {
            SeatChoice::First => Seat(0),
            SeatChoice::Second => Seat(1),
            SeatChoice::Random => Seat(u8::from(rand::random::<bool>())),
        }
    }
}

/// The choices on the title screen's pages.
#[derive(Resource, Clone, Debug)]
struct NewGameChoice {
    game: GameKind,
    level: Level,
    seat: SeatChoice,
    clock: MoveClock,
    /// The invite code typed to join or watch a room.
    code: String,
    /// How many seats, in a game for more than two.
    players: usize,
    /// Who takes each seat, in a game for more than two.
    controllers: [Controller; MAX_SEATS],
    /// Online, at a table for more than two: what becomes of a seat whose player leaves.
    on_leave: OnLeave,
    /// At one screen: the controller that plays each person's seat (none: any controller).
    pads: [Option<u8>; MAX_SEATS],
}

impl Default for NewGameChoice {
    fn default() -> NewGameChoice {
        NewGameChoice {
            game: GameKind::Junqi,
            level: Level::Medium,
            seat: SeatChoice::First,
            clock: MoveClock::Off,
            code: String::new(),
            // Four at one screen: two people and two computers.
            players: 4,
            controllers: [
                Controller::Local,
                Controller::Local,
                Controller::Computer(Level::Medium),
                Controller::Computer(Level::Medium),
                Controller::Computer(Level::Medium),
                Controller::Computer(Level::Medium),
                Controller::Computer(Level::Medium),
            ],
            on_leave: OnLeave::default(),
            pads: [None; MAX_SEATS],
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuPage>()
        .init_resource::<NewGameChoice>()
        .add_systems(OnEnter(Screen::Title), open_main_page)
        .add_systems(
            EguiPrimaryContextPass,
            title_screen
                .run_if(in_state(Screen::Title))
                .in_set(UiSet::Frame),
        );
}

/// Back on the title screen: the main page, with the game last played chosen.
fn open_main_page(
    mut page: ResMut<MenuPage>,
    mut choice: ResMut<NewGameChoice>,
    status: Res<MatchStatus>,
) {
    *page = MenuPage::Main;
    choice.game = status.game;
}

/// What the title screen's buttons do.
#[derive(bevy::ecs::system::SystemParam)]
struct MenuActions<'w> {
    online: MessageWriter<'w, GoOnline>,
    clock: ResMut<'w, LocalClock>,
    starts: MessageWriter<'w, NewMatch>,
    continues: MessageWriter<'w, ContinueGame>,
    sounds: MessageWriter<'w, UiSound>,
    exit: MessageWriter<'w, AppExit>,
    watch: MessageWriter<'w, WatchReplay>,
    lessons: MessageWriter<'w, StartLessonStep>,
    pads: ResMut<'w, SeatPads>,
}

/// The finished games, and the box to paste a game into.
#[derive(bevy::ecs::system::SystemParam)]
struct ReplayShelf<'w> {
    finished: ResMut<'w, FinishedGames>,
    record_box: ResMut<'w, RecordBox>,
    clipboard: Res<'w, Clipboard>,
    toast: ResMut<'w, Toast>,
}

/// What the title screen shows besides its pages.
#[derive(bevy::ecs::system::SystemParam)]
struct TitleInfo<'w> {
    session: Res<'w, OnlineSession>,
    saved: Res<'w, SavedGame>,
    catalog: Res<'w, Catalog>,
    gamepads: Res<'w, GamepadSlots>,
}

fn title_screen(
    mut contexts: EguiContexts,
    mut page: ResMut<MenuPage>,
    mut choice: ResMut<NewGameChoice>,
    mut settings: ResMut<Settings>,
    info: TitleInfo,
    mut shelf: ReplayShelf,
    mut act: MenuActions,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    // Escape (a controller's East) goes back from a page to the main one.
    if *page != MenuPage::Main && ctx.input(|input| input.key_pressed(egui::Key::Escape)) {
        *page = MenuPage::Main;
    }
    let wide = *page == MenuPage::Rules;
    let entry = info.catalog.get(choice.game).clone();
    let width = match *page {
        MenuPage::Rules => 720.0,
        // A table for more than two: wide enough for each seat's choices beside its name.
        MenuPage::NewGame | MenuPage::Online if *entry.seats.end() > 2 => 640.0,
        // Wide enough for the rows of level and seat choices, in every language.
        MenuPage::Settings | MenuPage::NewGame | MenuPage::Online | MenuPage::Replays => 440.0,
        MenuPage::Main => 360.0,
    };
    // A phone's screen is narrower than some pages: they take what there is.
    let width = f32::min(width, ctx.content_rect().width() - 8.0);
    // ... and a narrower margin, so that a row of four choices keeps its words whole.
    let margin = if width < 420.0 { 12.0 } else { 24.0 };
    egui::Window::new("title")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .frame(dialog_frame().inner_margin(margin))
        .min_width(if wide { 0.0 } else { width })
        .max_width(width)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(entry.title)
                        .size(if wide { 30.0 } else { 46.0 })
                        .color(palette::GOLD.egui()),
                );
                // The subtitle introduces the game on its main page; the others want the room.
                if *page == MenuPage::Main {
                    ui.label(
                        egui::RichText::new(tr(lang, entry.subtitle_key))
                            .size(18.0)
                            .color(palette::SUBTITLE.egui()),
                    );
                }
                ui.add_space(12.0);
                let back = match *page {
                    MenuPage::Main => {
                        let answered = main_page(
                            ui,
                            (lang, &settings),
                            &mut page,
                            &mut choice,
                            &info,
                            &mut act,
                        );
                        if let Some(game) = answered {
                            settings.lessons_offered.insert(game);
                        }
                        false
                    }
                    MenuPage::NewGame if entry.seats.clone().count() > 1 => {
                        let gamepads = &info.gamepads;
                        let chosen = seats_page(ui, lang, &entry, &mut choice, gamepads, &mut act);
                        if let Some(seats) = chosen {
                            *act.clock = LocalClock::new(MoveClock::Off);
                            act.starts.write(new_match(entry.kind, seats));
                        }
                        true
                    }
                    MenuPage::NewGame => {
                        two_seats_page(ui, lang, &entry, &mut choice, &info.gamepads, &mut act);
                        true
                    }
                    MenuPage::Online => {
                        online_page(ui, lang, &entry, &mut choice, &info.session, &mut act);
                        true
                    }
                    MenuPage::Settings => {
                        let mut edited = settings.clone();
                        settings_ui(ui, &mut edited);
                        if edited != *settings {
                            *settings = edited;
                        }
                        true
                    }
                    MenuPage::Replays => {
                        replays_page(ui, lang, &entry, &info.catalog, &mut shelf, &mut act);
                        true
                    }
                    MenuPage::Rules => {
                        if menu_button(ui, true, tr(lang, "menu-back"), &mut act.sounds) {
                            *page = MenuPage::Main;
                        }
                        ui.add_space(8.0);
                        egui::ScrollArea::vertical()
                            .max_height((ui.ctx().content_rect().height() - 260.0).max(160.0))
                            .show(ui, |ui| (entry.rules_page)(ui, &settings));
                        false
                    }
                };
                if back {
                    ui.add_space(10.0);
                    if menu_button(ui, true, tr(lang, "menu-back"), &mut act.sounds) {
                        *page = MenuPage::Main;
                    }
                }
                measure_seat_rows_rest(ui, 2.0 * margin);
            });
        });
    shelf.toast.show_ui(ctx, lang, 0.0);
    Ok(())
}

/// A new game of `game` at this device.
fn new_match(game: GameKind, seats: Seats) -> NewMatch {
    NewMatch {
        game,
        seats,
        deal: Deal::default(),
        attract: false,
    }
}

/// The main page: the choice of game, then Continue, New game, Play online, Replays, the rules,
/// settings and Quit.
fn main_page(
    ui: &mut egui::Ui,
    (lang, settings): (Lang, &Settings),
    page: &mut MenuPage,
    choice: &mut NewGameChoice,
    info: &TitleInfo,
    act: &mut MenuActions,
) -> Option<GameKind> {
    let t = |key: &'static str| tr(lang, key);
    let mut chosen = false;
    // Centred: the row is as wide as the buttons below.
    ui.allocate_ui_with_layout(
        egui::vec2(300.0, 40.0),
        egui::Layout::left_to_right(egui::Align::Center).with_main_align(egui::Align::Center),
        |ui| {
            for entry in info.catalog.iter() {
                let name = egui::RichText::new(entry.title).size(22.0);
                let response = ui.selectable_value(&mut choice.game, entry.kind, name);
                name_place(ui, format!("game {:?}", entry.kind), &response);
                chosen |= response.changed();
            }
        },
    );
    if chosen {
        // The demonstration behind the menu shows the chosen game.
        act.starts.write(attract_game(choice.game));
    }
    let game = choice.game;
    let sounds = &mut act.sounds;
    // A newcomer is offered the lesson once: they take it or say no.
    let offer = offers_lesson(settings, game);
    let mut answered = None;
    if offer {
        ui.label(egui::RichText::new(t("learn-offer")).color(palette::HINT.egui()));
    }
    if menu_button(ui, true, t("menu-learn"), sounds) {
        act.lessons.write(StartLessonStep {
            kind: game,
            step: next_step(settings, game),
        });
        answered = offer.then_some(game);
    }
    if offer && menu_button(ui, true, t("learn-offer-decline"), sounds) {
        answered = Some(game);
    }
    if menu_button(ui, info.saved.has(game), t("menu-continue"), sounds) {
        act.continues.write(ContinueGame(game));
    }
    if menu_button(ui, true, t("menu-new-game"), sounds) {
        *page = MenuPage::NewGame;
    }
    let online = info.catalog.get(game).online;
    if menu_button(ui, online, t("menu-online"), sounds) {
        *page = MenuPage::Online;
    }
    if menu_button(ui, true, t("menu-replays"), sounds) {
        *page = MenuPage::Replays;
    }
    if menu_button(ui, true, t("menu-rules"), sounds) {
        *page = MenuPage::Rules;
    }
    if menu_button(ui, true, t("menu-settings"), sounds) {
        *page = MenuPage::Settings;
    }
    if cfg!(not(target_arch = "wasm32")) && menu_button(ui, true, t("menu-quit"), sounds) {
        act.exit.write(AppExit::Success);
    }
    answered
}

/// The new-game page of a two-seat game: a move clock, two players here (with a controller
/// each, when controllers are plugged in), or one against the computer at a level, in a seat.
fn two_seats_page(
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
        *act.clock = LocalClock::new(choice.clock);
        *act.pads = SeatPads::new(choice.pads[..2].iter().copied());
        act.starts.write(new_match(choice.game, Seats::hot_seat()));
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
        *act.clock = LocalClock::new(choice.clock);
        *act.pads = SeatPads::default();
        act.starts.write(new_match(choice.game, seats));
    }
}

/// The finished games to watch again (newest first), and a box to paste a game into.
fn replays_page(
    ui: &mut egui::Ui,
    lang: Lang,
    entry: &GameEntry,
    catalog: &Catalog,
    shelf: &mut ReplayShelf,
    act: &mut MenuActions,
) {
    let t = |key: &'static str| tr(lang, key);
    if shelf.finished.0.is_empty() {
        ui.label(egui::RichText::new(t("replays-none")).weak());
    }
    let mut forget = None;
    egui::ScrollArea::vertical()
        .max_height((ui.ctx().content_rect().height() - 420.0).max(120.0))
        .show(ui, |ui| {
            for (index, kept) in shelf.finished.0.iter().enumerate() {
                ui.horizontal(|ui| {
                    if small_button(ui, true, t("replays-watch"), &mut act.sounds) {
                        act.watch.write(WatchReplay {
                            kind: kept.kind,
                            record: RecordSource::Kept(kept.record.clone()),
                        });
                    }
                    if small_button(ui, true, "✕", &mut act.sounds) {
                        forget = Some(index);
                    }
                    let moves = tr_args(lang, "replays-moves", [("count", kept.plies)]);
                    ui.label(format!("{} · {moves}", catalog.get(kept.kind).title));
                });
                ui.label(egui::RichText::new(&kept.result).small());
                ui.separator();
            }
        });
    if let Some(index) = forget {
        shelf.finished.0.remove(index);
    }
    let Some(words) = entry.record_words else {
        return;
    };
    ui.add_space(6.0);
    ui.label(egui::RichText::new(t("replays-import")).size(17.0));
    let ReplayShelf {
        record_box: state,
        clipboard,
        toast,
        ..
    } = shelf;
    if state.text.is_none() {
        state.text = Some(String::new());
    }
    let words = RecordBoxText {
        export: false,
        ..words
    };
    let action = record_box(ui, lang, words, state, clipboard, toast, &mut act.sounds);
    if let Some(RecordBoxAction::Import(text)) = action {
        act.watch.write(WatchReplay {
            kind: entry.kind,
            record: RecordSource::Text(text),
        });
    }
}

/// The new-game page of a game for more than two: how many seats, and who takes each (a
/// person at this device or the computer at a level). The seats chosen, once Start is pressed.
fn seats_page(
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

/// The width a seat's name takes beside its choices, on a page wide enough for both.
const SEAT_NAME_WIDTH: f32 = 200.0;

/// The page width from which a seat's choices go beside its name rather than under it.
const SEAT_BESIDE_CHOICES: f32 = 560.0;

/// How many seats, and who takes each from `first_chosen` on: a person (named by `person_key`)
/// or the computer at a level. The seats scroll where the screen is too short for them all,
/// leaving the room the rest of the page took in the last frame (`rest` points until a frame
/// has measured it).
fn seat_rows(
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
fn measure_seat_rows_rest(ui: &egui::Ui, margins: f32) {
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

/// A row of choices in equal columns: as wide as the page on any screen, where a plain row ran
/// past a phone's edge (a wrapping one made the window change size under the finger). Each
/// choice's place is named `<row> <label>`.
fn choice_row<T: PartialEq + Copy>(
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
fn clock_choice(ui: &mut egui::Ui, lang: Lang, chosen: &mut MoveClock) {
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

/// Create a room (with a move clock; at a table for more than two, with its seats), or join
/// or watch one by its code.
fn online_page(
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
    if menu_button(ui, true, t("online-create"), &mut act.sounds) {
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
        let sounds = &mut act.sounds;
        if menu_button(&mut columns[0], typed, t("online-join"), sounds) {
            act.online
                .write(GoOnline(OnlineRequest::Join(code.clone())));
        }
        if menu_button(&mut columns[1], typed, t("online-watch"), sounds) {
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

/// The settings controls (title screen and in-game).
pub(super) fn settings_ui(ui: &mut egui::Ui, settings: &mut Settings) {
    let lang = settings.language;
    let t = |key: &'static str| tr(lang, key);
    ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
        ui.spacing_mut().slider_width = 220.0;
        egui::Grid::new("volumes")
            .num_columns(2)
            .spacing([16.0, 10.0])
            .show(ui, |ui| {
                for (key, value) in [
                    ("settings-master", &mut settings.master_volume),
                    ("settings-effects", &mut settings.effects_volume),
                    ("settings-music", &mut settings.music_volume),
                ] {
                    ui.label(t(key));
                    ui.add(egui::Slider::new(value, 0.0..=1.0).show_value(false));
                    ui.end_row();
                }
            });
        ui.add_space(6.0);
        ui.label(t("settings-animation"));
        ui.horizontal_wrapped(|ui| {
            for speed in AnimSpeed::ALL {
                ui.selectable_value(&mut settings.animation, speed, t(speed.key()));
            }
        });
        ui.label(t("settings-language"));
        ui.horizontal_wrapped(|ui| {
            for language in Lang::ALL {
                ui.selectable_value(&mut settings.language, language, language.native_name());
            }
        });
        ui.label(t("settings-labels"));
        ui.horizontal_wrapped(|ui| {
            for style in LabelStyle::ALL {
                ui.selectable_value(&mut settings.labels, style, t(style.key()));
            }
        });
        ui.add_space(4.0);
        ui.checkbox(&mut settings.rotate_board, t("settings-rotate"));
        ui.checkbox(&mut settings.colour_safe, t("settings-colour-safe"));
        // The browser plays on the server of its own page.
        if cfg!(not(target_arch = "wasm32")) {
            ui.horizontal(|ui| {
                ui.label(t("settings-server"));
                ui.text_edit_singleline(&mut settings.server);
            });
        }
    });
}
