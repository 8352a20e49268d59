//! The title screen's window: the open page, over the demonstration game.

use super::choices::measure_seat_rows_rest;
use super::main_page::main_page;
use super::new_game::NewGamePage;
use super::online::online_page;
use super::page::{MenuActions, MenuPage, NewGameChoice, ReplayShelf, TitleInfo};
use super::replays::replays_page;
use super::settings::settings_page;
use crate::client::cues::UiSound;
use crate::client::i18n::{Lang, tr};
use crate::client::lessons::LessonOfferAnswered;
use crate::client::matches::TableGame;
use crate::client::schedule::Screen;
use crate::client::settings::Settings;
use crate::client::theme::{ButtonSize::Wide, UiSet, dialog_frame, palette, sounding_button};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(in crate::client) fn plugin(app: &mut App) {
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
    table: Res<State<TableGame>>,
) {
    *page = MenuPage::Main;
    choice.game = table.get().0;
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
                            act.offers.write(LessonOfferAnswered(game));
                        }
                        false
                    }
                    MenuPage::NewGame => {
                        let page = NewGamePage {
                            lang,
                            entry: &entry,
                            choice: &mut choice,
                            gamepads: &info.gamepads,
                            act: &mut act,
                        };
                        page.show(ui);
                        true
                    }
                    MenuPage::Online => {
                        online_page(ui, lang, &entry, &mut choice, &info.session, &mut act);
                        true
                    }
                    MenuPage::Settings => {
                        let mut edited = settings.clone();
                        settings_page(ui, &mut edited);
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
                        back_button(ui, lang, &mut page, &mut act.feedback.sounds);
                        ui.add_space(8.0);
                        egui::ScrollArea::vertical()
                            .max_height((ui.ctx().content_rect().height() - 260.0).max(160.0))
                            .show(ui, |ui| entry.rules.show(ui, &settings));
                        false
                    }
                };
                if back {
                    ui.add_space(10.0);
                    back_button(ui, lang, &mut page, &mut act.feedback.sounds);
                }
                measure_seat_rows_rest(ui, 2.0 * margin);
            });
        });
    act.feedback.toast.show_ui(ctx, lang, 0.0);
    Ok(())
}

/// The Back button: back to the main page.
fn back_button(
    ui: &mut egui::Ui,
    lang: Lang,
    page: &mut MenuPage,
    sounds: &mut MessageWriter<UiSound>,
) {
    if sounding_button(ui, Wide, true, tr(lang, "menu-back"), sounds) {
        *page = MenuPage::Main;
    }
}
