//! The egui layer (configured here only) and the title screen: main menu, new game, settings
//! and the illustrated rules.

use super::animation::{Cue, CueKind};
use super::game::LoadGame;
use super::hud::Toast;
use super::i18n::{Lang, tr, tr_args};
use super::save::{ContinueGame, SavedGame};
use super::seats::Seats;
use super::settings::{AnimSpeed, LabelStyle, Settings};
use super::{FONT_TTF, Screen};
use crate::ai::Level;
use crate::rules::junqi::{Color as Side, Game, Kind, Piece, Point, Ruleset};
use bevy::camera::CameraOutputMode;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy_egui::{
    EguiContexts, EguiGlobalSettings, EguiPlugin, EguiPrimaryContextPass, PrimaryEguiContext, egui,
};
use std::sync::Arc;

/// The title screen's pages.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
enum MenuPage {
    #[default]
    Main,
    NewGame,
    Settings,
    Rules,
}

/// The choices on the new-game page.
#[derive(Resource, Clone, Copy, Debug)]
struct NewGameChoice {
    level: Level,
    /// 0 = move first, 1 = move second, 2 = random.
    seat: usize,
}

impl Default for NewGameChoice {
    fn default() -> NewGameChoice {
        NewGameChoice {
            level: Level::Medium,
            seat: 0,
        }
    }
}

/// Egui systems that draw UI run in this set, menus before the HUD's dialogs.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct UiSet;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .insert_resource(EguiGlobalSettings {
            auto_create_primary_context: false,
            ..default()
        })
        .init_resource::<MenuPage>()
        .init_resource::<NewGameChoice>()
        .add_systems(PreStartup, spawn_ui_camera)
        .add_systems(OnEnter(Screen::Title), |mut page: ResMut<MenuPage>| {
            *page = MenuPage::Main
        })
        .add_systems(
            EguiPrimaryContextPass,
            (
                configure_egui,
                title_screen.run_if(in_state(Screen::Title)).in_set(UiSet),
            )
                .chain(),
        );
}

/// A camera that draws only egui, over the board camera.
fn spawn_ui_camera(mut commands: Commands) {
    commands.spawn((
        Name::new("UI camera"),
        PrimaryEguiContext,
        Camera2d,
        // egui smooths its own edges.
        Msaa::Off,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

/// Fonts (the embedded CJK font first, for every script) and a warm dark style, once.
fn configure_egui(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    *done = true;
    let ctx = contexts.ctx_mut()?;
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "kawu".to_owned(),
        Arc::new(egui::FontData::from_static(FONT_TTF)),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .insert(0, "kawu".to_owned());
    }
    ctx.set_fonts(fonts);
    ctx.set_theme(egui::Theme::Dark);
    ctx.all_styles_mut(|style| {
        use egui::{FontId, TextStyle};
        style
            .text_styles
            .insert(TextStyle::Body, FontId::proportional(16.0));
        style
            .text_styles
            .insert(TextStyle::Button, FontId::proportional(17.0));
        style
            .text_styles
            .insert(TextStyle::Heading, FontId::proportional(24.0));
        style
            .text_styles
            .insert(TextStyle::Small, FontId::proportional(13.0));
        style.spacing.button_padding = egui::vec2(12.0, 6.0);
        style.spacing.item_spacing = egui::vec2(8.0, 8.0);
        let visuals = &mut style.visuals;
        visuals.window_fill = egui::Color32::from_rgb(36, 27, 20);
        visuals.panel_fill = egui::Color32::from_rgb(38, 30, 24);
        visuals.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(92, 60, 36);
        visuals.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(132, 86, 44);
        visuals.widgets.active.weak_bg_fill = egui::Color32::from_rgb(160, 104, 50);
        visuals.selection.bg_fill = egui::Color32::from_rgb(170, 96, 30);
        visuals.window_corner_radius = egui::CornerRadius::same(12);
        visuals.widgets.noninteractive.fg_stroke.color = egui::Color32::from_rgb(226, 214, 194);
    });
    Ok(())
}

/// A wide menu button; a click also makes the click sound.
pub(super) fn menu_button(
    ui: &mut egui::Ui,
    enabled: bool,
    text: impl Into<String>,
    cues: &mut MessageWriter<Cue>,
) -> bool {
    let button =
        egui::Button::new(egui::RichText::new(text).size(19.0)).min_size(egui::vec2(300.0, 40.0));
    let clicked = ui.add_enabled(enabled, button).clicked();
    if clicked {
        cues.write(Cue {
            kind: CueKind::Click,
            at: Vec2::ZERO,
        });
    }
    clicked
}

/// The frame of the title screen's and dialogs' windows.
pub(super) fn dialog_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(egui::Color32::from_rgb(36, 27, 20))
        .stroke(egui::Stroke::new(
            2.0,
            egui::Color32::from_rgb(196, 148, 80),
        ))
        .corner_radius(14.0)
        .inner_margin(24.0)
}

#[allow(clippy::too_many_arguments)]
fn title_screen(
    mut contexts: EguiContexts,
    mut page: ResMut<MenuPage>,
    mut choice: ResMut<NewGameChoice>,
    mut settings: ResMut<Settings>,
    saved: Res<SavedGame>,
    mut loads: MessageWriter<LoadGame>,
    mut continues: MessageWriter<ContinueGame>,
    mut cues: MessageWriter<Cue>,
    mut exit: MessageWriter<AppExit>,
    toast: Res<Toast>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let t = |key: &'static str| tr(lang, key);
    let wide = *page == MenuPage::Rules;
    let width = match *page {
        MenuPage::Rules => 720.0,
        // Wide enough for the rows of level and seat choices, in every language.
        MenuPage::Settings | MenuPage::NewGame => 440.0,
        MenuPage::Main => 360.0,
    };
    egui::Window::new("title")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .frame(dialog_frame())
        .min_width(if wide { 0.0 } else { width })
        .max_width(width)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new("军棋翻棋")
                        .size(if wide { 30.0 } else { 46.0 })
                        .color(egui::Color32::from_rgb(236, 196, 120)),
                );
                if !wide {
                    ui.label(
                        egui::RichText::new(t("title-subtitle"))
                            .size(18.0)
                            .color(egui::Color32::from_rgb(220, 200, 170)),
                    );
                }
                ui.add_space(12.0);
                match *page {
                    MenuPage::Main => {
                        if menu_button(ui, saved.0, t("menu-continue"), &mut cues) {
                            continues.write(ContinueGame);
                        }
                        if menu_button(ui, true, t("menu-new-game"), &mut cues) {
                            *page = MenuPage::NewGame;
                        }
                        if menu_button(ui, true, t("menu-rules"), &mut cues) {
                            *page = MenuPage::Rules;
                        }
                        if menu_button(ui, true, t("menu-settings"), &mut cues) {
                            *page = MenuPage::Settings;
                        }
                        if cfg!(not(target_arch = "wasm32"))
                            && menu_button(ui, true, t("menu-quit"), &mut cues)
                        {
                            exit.write(AppExit::Success);
                        }
                    }
                    MenuPage::NewGame => {
                        if menu_button(ui, true, t("new-hot-seat"), &mut cues) {
                            loads.write(new_game(Seats::hot_seat()));
                        }
                        ui.add_space(10.0);
                        ui.separator();
                        ui.label(egui::RichText::new(t("new-vs-computer")).size(19.0));
                        ui.horizontal(|ui| {
                            for (level, key) in [
                                (Level::Easy, "level-easy"),
                                (Level::Medium, "level-medium"),
                                (Level::Hard, "level-hard"),
                            ] {
                                ui.selectable_value(&mut choice.level, level, t(key));
                            }
                        });
                        ui.horizontal(|ui| {
                            for (seat, key) in
                                [(0, "seat-first"), (1, "seat-second"), (2, "seat-random")]
                            {
                                ui.selectable_value(&mut choice.seat, seat, t(key));
                            }
                        });
                        if menu_button(ui, true, t("new-start"), &mut cues) {
                            let seat = if choice.seat == 2 {
                                usize::from(rand::random::<bool>())
                            } else {
                                choice.seat
                            };
                            loads.write(new_game(Seats::versus_computer(choice.level, seat)));
                        }
                        ui.add_space(10.0);
                        if menu_button(ui, true, t("menu-back"), &mut cues) {
                            *page = MenuPage::Main;
                        }
                    }
                    MenuPage::Settings => {
                        let mut edited = settings.clone();
                        settings_ui(ui, &mut edited);
                        if edited != *settings {
                            *settings = edited;
                        }
                        ui.add_space(10.0);
                        if menu_button(ui, true, t("menu-back"), &mut cues) {
                            *page = MenuPage::Main;
                        }
                    }
                    MenuPage::Rules => {
                        if menu_button(ui, true, t("menu-back"), &mut cues) {
                            *page = MenuPage::Main;
                        }
                        ui.add_space(8.0);
                        egui::ScrollArea::vertical()
                            .max_height((ui.ctx().content_rect().height() - 260.0).max(160.0))
                            .show(ui, |ui| rules_page(ui, &settings));
                    }
                }
            });
        });
    toast.show_ui(ctx, lang, 0.0);
    Ok(())
}

/// A new game with a random deal.
pub(super) fn new_game(seats: Seats) -> LoadGame {
    LoadGame {
        game: Game::new_random(Ruleset::default()),
        seats,
        attract: false,
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
    });
}

/// The colour of a side's ink in egui.
pub(super) fn side_colour(side: Side) -> egui::Color32 {
    match side {
        Side::Red => egui::Color32::from_rgb(190, 30, 24),
        Side::Blue => egui::Color32::from_rgb(24, 64, 160),
    }
}

/// A side's colour for text on the dark interface.
pub(super) fn side_text_colour(side: Side) -> egui::Color32 {
    match side {
        Side::Red => egui::Color32::from_rgb(244, 96, 84),
        Side::Blue => egui::Color32::from_rgb(112, 162, 255),
    }
}

/// The label of a piece in the chosen style, short (for chips in the HUD and rules).
pub(super) fn short_label(kind: Kind, labels: LabelStyle) -> String {
    match labels {
        LabelStyle::Latin => kind.letter().to_string(),
        LabelStyle::Chinese | LabelStyle::Both => kind.chinese().to_string(),
    }
}

/// Paints a small piece tile; `count` is shown in its corner when given.
pub(super) fn piece_chip(
    ui: &mut egui::Ui,
    piece: Piece,
    labels: LabelStyle,
    count: Option<u8>,
    dim: bool,
) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(46.0, 26.0), egui::Sense::hover());
    let painter = ui.painter();
    let ink = side_colour(piece.color);
    let alpha = if dim { 90 } else { 255 };
    let fade = |c: egui::Color32| egui::Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), alpha);
    painter.rect_filled(rect, 5.0, fade(ink));
    painter.rect_filled(
        rect.shrink(2.5),
        4.0,
        fade(egui::Color32::from_rgb(252, 244, 224)),
    );
    painter.text(
        rect.center() - egui::vec2(if count.is_some() { 4.0 } else { 0.0 }, 0.0),
        egui::Align2::CENTER_CENTER,
        short_label(piece.kind, labels),
        egui::FontId::proportional(13.0),
        fade(ink),
    );
    if let Some(count) = count {
        painter.text(
            rect.right_bottom() - egui::vec2(4.0, 2.0),
            egui::Align2::RIGHT_BOTTOM,
            count.to_string(),
            egui::FontId::proportional(10.0),
            fade(egui::Color32::from_rgb(40, 30, 20)),
        );
    }
}

/// A small drawing of the board: posts, camps, headquarters, roads, railways and the front.
fn board_diagram(ui: &mut egui::Ui) {
    let step = egui::vec2(46.0, 24.0);
    let gap = 18.0;
    let size = egui::vec2(step.x * 4.0 + 60.0, step.y * 11.0 + gap + 40.0);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 8.0, egui::Color32::from_rgb(226, 190, 128));
    let at = |point: Point| {
        let front = if point.rank() >= 6 { 0.0 } else { gap };
        egui::pos2(
            rect.left() + 30.0 + point.file() as f32 * step.x,
            rect.top() + 20.0 + (11 - point.rank()) as f32 * step.y + front,
        )
    };
    let front_y = (at(Point::new(0, 5).expect("a6")).y + at(Point::new(0, 6).expect("a7")).y) / 2.0;
    painter.rect_filled(
        egui::Rect::from_center_size(
            egui::pos2(rect.center().x, front_y),
            egui::vec2(step.x * 4.0 + 30.0, gap + 8.0),
        ),
        3.0,
        egui::Color32::from_rgb(140, 186, 196),
    );
    let ink = egui::Color32::from_rgb(70, 42, 20);
    for a in Point::all() {
        for &b in a.neighbours() {
            if b > a {
                let rail = a.rail_neighbours().contains(&b);
                let stroke = if rail {
                    egui::Stroke::new(3.5, egui::Color32::from_rgb(40, 30, 24))
                } else {
                    egui::Stroke::new(1.0, ink)
                };
                painter.line_segment([at(a), at(b)], stroke);
            }
        }
    }
    for file in [1u8, 3] {
        let x = at(Point::new(file, 0).expect("on board")).x;
        let base = front_y + 7.0;
        painter.add(egui::Shape::convex_polygon(
            vec![
                egui::pos2(x - 14.0, base),
                egui::pos2(x, base - 15.0),
                egui::pos2(x + 14.0, base),
            ],
            egui::Color32::from_rgb(120, 98, 74),
            egui::Stroke::new(1.0, ink),
        ));
    }
    for point in Point::all() {
        let c = at(point);
        let fill = egui::Color32::from_rgb(246, 222, 176);
        if point.is_camp() {
            painter.circle_filled(c, 9.0, fill);
            painter.circle_stroke(c, 9.0, egui::Stroke::new(1.5, ink));
        } else {
            let r = egui::Rect::from_center_size(c, egui::vec2(28.0, 14.0));
            painter.rect_filled(r, 3.0, fill);
            painter.rect_stroke(
                r,
                3.0,
                egui::Stroke::new(1.2, ink),
                egui::StrokeKind::Middle,
            );
            if point.is_headquarters() {
                painter.circle_stroke(c + egui::vec2(0.0, 2.0), 4.5, egui::Stroke::new(1.2, ink));
            }
        }
    }
}

/// The rules, illustrated.
fn rules_page(ui: &mut egui::Ui, settings: &Settings) {
    let lang = settings.language;
    let t = |key: &'static str| tr(lang, key);
    ui.with_layout(egui::Layout::top_down(egui::Align::LEFT), |ui| {
        ui.heading(t("rules-goal-title"));
        ui.label(t("rules-goal"));
        ui.add_space(6.0);
        ui.heading(t("rules-board-title"));
        ui.horizontal(|ui| {
            board_diagram(ui);
            ui.vertical(|ui| {
                ui.set_max_width(380.0);
                ui.label(t("rules-board"));
            });
        });
        ui.add_space(6.0);
        ui.heading(t("rules-pieces-title"));
        ui.label(t("rules-pieces"));
        egui::Grid::new("pieces")
            .num_columns(4)
            .spacing([10.0, 4.0])
            .show(ui, |ui| {
                for kind in Kind::ALL {
                    piece_chip(
                        ui,
                        Piece::new(Side::Red, kind),
                        settings.labels,
                        None,
                        false,
                    );
                    piece_chip(
                        ui,
                        Piece::new(Side::Blue, kind),
                        settings.labels,
                        None,
                        false,
                    );
                    ui.label(format!("{} ×{}", t(kind_key(kind)), kind.count()));
                    ui.label(match kind.rank() {
                        Some(rank) => format!("{rank}"),
                        None => "—".to_string(),
                    });
                    ui.end_row();
                }
            });
        ui.add_space(6.0);
        ui.heading(t("rules-play-title"));
        ui.label(t("rules-play"));
        ui.add_space(6.0);
        ui.heading(t("rules-combat-title"));
        ui.label(t("rules-combat"));
        ui.add_space(6.0);
        ui.heading(t("rules-end-title"));
        // The draw limit of the games the menu starts.
        let limit = Ruleset::default().quiet_ply_limit;
        ui.label(tr_args(lang, "rules-end", [("limit", limit)]));
        ui.add_space(6.0);
        ui.heading(t("rules-controls-title"));
        ui.label(t("rules-controls"));
    });
}

/// The message id of a kind's name.
pub(super) fn kind_key(kind: Kind) -> &'static str {
    match kind {
        Kind::Marshal => "kind-marshal",
        Kind::General => "kind-general",
        Kind::Division => "kind-division",
        Kind::Brigade => "kind-brigade",
        Kind::Regiment => "kind-regiment",
        Kind::Battalion => "kind-battalion",
        Kind::Company => "kind-company",
        Kind::Platoon => "kind-platoon",
        Kind::Engineer => "kind-engineer",
        Kind::Bomb => "kind-bomb",
        Kind::Landmine => "kind-landmine",
        Kind::Flag => "kind-flag",
    }
}
