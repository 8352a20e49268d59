//! The main page: the choice of game and where to go from there.

use super::page::{MenuActions, MenuPage, NewGameChoice, TitleInfo};
use crate::client::attract::attract_game;
use crate::client::i18n::{Lang, tr};
use crate::client::lessons::{StartLessonStep, next_step, offers_lesson, step_count};
use crate::client::save::ContinueGame;
use crate::client::settings::Settings;
use crate::client::theme::{ButtonSize::Wide, name_place, palette, sounding_button};
use crate::rules::GameKind;
use bevy::prelude::*;
use bevy_egui::egui;

/// The main page: the choice of game, then Continue, New game, Play online, Replays, the rules,
/// settings and Quit.
pub(super) fn main_page(
    ui: &mut egui::Ui,
    (lang, settings): (Lang, &Settings),
    page: &mut MenuPage,
    choice: &mut NewGameChoice,
    info: &TitleInfo,
    act: &mut MenuActions,
) -> Option<GameKind> {
    let t = |key: &'static str| tr(lang, key);
    let mut chosen = false;
    // Centred: the row is as wide as the buttons below; on a narrow screen (a phone) the names
    // wrap onto more rows rather than run off it.
    let narrow = ui.ctx().content_rect().width() < 640.0;
    ui.allocate_ui_with_layout(
        egui::vec2(300.0, 40.0),
        egui::Layout::left_to_right(egui::Align::Center)
            .with_main_align(egui::Align::Center)
            .with_main_wrap(narrow),
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
    let sounds = &mut act.feedback.sounds;
    // A newcomer is offered the lesson once: they take it or say no.
    let offer = offers_lesson(settings, game);
    let mut answered = None;
    if offer {
        ui.label(egui::RichText::new(t("learn-offer")).color(palette::HINT.egui()));
    }
    if sounding_button(ui, Wide, step_count(game) > 0, t("menu-learn"), sounds) {
        act.lessons.write(StartLessonStep {
            kind: game,
            step: next_step(settings, game),
        });
        answered = offer.then_some(game);
    }
    if offer && sounding_button(ui, Wide, true, t("learn-offer-decline"), sounds) {
        answered = Some(game);
    }
    if sounding_button(ui, Wide, info.saved.has(game), t("menu-continue"), sounds) {
        act.continues.write(ContinueGame(game));
    }
    if sounding_button(ui, Wide, true, t("menu-new-game"), sounds) {
        *page = MenuPage::NewGame;
    }
    let online = info.catalog.get(game).online;
    if sounding_button(ui, Wide, online, t("menu-online"), sounds) {
        *page = MenuPage::Online;
    }
    if sounding_button(ui, Wide, true, t("menu-replays"), sounds) {
        *page = MenuPage::Replays;
    }
    if sounding_button(ui, Wide, true, t("menu-rules"), sounds) {
        *page = MenuPage::Rules;
    }
    if sounding_button(ui, Wide, true, t("menu-settings"), sounds) {
        *page = MenuPage::Settings;
    }
    if cfg!(not(target_arch = "wasm32")) && sounding_button(ui, Wide, true, t("menu-quit"), sounds)
    {
        act.exit.write(AppExit::Success);
    }
    answered
}
