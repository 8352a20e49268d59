//! The look of the interface: one palette, the embedded font, egui's style and the widgets
//! every screen uses (menu buttons, dialog frames, toasts).

use super::ClientSet;
use super::clipboard::Clipboard;
use super::cues::UiSound;
use super::i18n::{Lang, tr};
use crate::picture::text::FONT_TTF;
use bevy::camera::CameraOutputMode;
use bevy::camera::visibility::RenderLayers;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy_egui::{
    EguiContexts, EguiGlobalSettings, EguiInputSet, EguiPlugin, EguiPrimaryContextPass,
    PrimaryEguiContext, egui,
};
use std::sync::Arc;

pub use super::table_colours::Rgb;

/// An sRGB colour is usable in egui and on sprites alike.
impl Rgb {
    /// For egui.
    pub const fn egui(self) -> egui::Color32 {
        egui::Color32::from_rgb(self.0, self.1, self.2)
    }

    /// For sprites and text on the table.
    pub fn bevy(self) -> Color {
        Color::srgb_u8(self.0, self.1, self.2)
    }
}

/// Every colour of the interface and the pieces.
pub mod palette {
    use super::Rgb;

    /// Behind the table.
    pub const BACKGROUND: Rgb = Rgb(33, 28, 26);
    /// Windows and dialogs.
    pub const WINDOW: Rgb = Rgb(36, 27, 20);
    /// The HUD panel.
    pub const PANEL: Rgb = Rgb(38, 30, 24);
    /// A dialog's border.
    pub const BORDER: Rgb = Rgb(196, 148, 80);
    /// Buttons at rest, hovered, pressed; a selected choice.
    pub const BUTTON: Rgb = Rgb(92, 60, 36);
    pub const BUTTON_HOVERED: Rgb = Rgb(132, 86, 44);
    pub const BUTTON_PRESSED: Rgb = Rgb(160, 104, 50);
    pub const SELECTED: Rgb = Rgb(170, 96, 30);
    /// Body text, the move list, and neutral headlines.
    pub const TEXT: Rgb = Rgb(226, 214, 194);
    pub const MOVE_TEXT: Rgb = Rgb(230, 220, 200);
    pub const NEUTRAL: Rgb = Rgb(236, 220, 190);
    /// Titles, and the subtitle under the title.
    pub const GOLD: Rgb = Rgb(236, 196, 120);
    pub const SUBTITLE: Rgb = Rgb(220, 200, 170);
    /// A warning (the draw counter running out) and a hint.
    pub const WARNING: Rgb = Rgb(240, 150, 60);
    pub const HINT: Rgb = Rgb(150, 220, 140);
    /// An error on the dark interface. (The sides', armies' and markers' colours are the
    /// table's: `client::table_colours`.)
    pub const RED_TEXT: Rgb = Rgb(244, 96, 84);
    /// A piece's face, and the numbers on small piece chips.
    pub const PAPER: Rgb = Rgb(252, 245, 224);
    pub const CHIP_COUNT: Rgb = Rgb(40, 30, 20);
    /// Ink on the board, the back of face-down pieces, railways: the table's colours.
    pub use crate::client::table_colours::{BACK_RIM, BOARD_INK, RAIL};
    /// The posts on the board.
    pub const POST: Rgb = crate::client::table_colours::JUNQI_POST;
}

/// Egui systems that draw UI run in this set: the title screen and the HUD frame first, then
/// each game's HUD section, then dialogs.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UiSet {
    /// Menus and the HUD frame.
    Frame,
    /// A game's HUD section inside the frame.
    Section,
    /// Dialogs over everything.
    Dialogs,
}

/// A short message shown at the top of the screen for a few seconds.
#[derive(Resource, Default, Debug)]
pub struct Toast {
    key: Option<&'static str>,
    detail: String,
    remaining: f32,
}

impl Toast {
    /// Shows the text of `key`.
    pub fn show_key(&mut self, key: &'static str) {
        self.show_key_with(key, String::new());
    }

    /// Shows the text of `key` followed by a detail (an error message).
    pub fn show_key_with(&mut self, key: &'static str, detail: String) {
        self.key = Some(key);
        self.detail = detail;
        self.remaining = 6.0;
    }

    /// The text key and detail showing now, if any.
    pub fn showing(&self) -> Option<(&'static str, &str)> {
        self.key
            .filter(|_| self.remaining > 0.0)
            .map(|key| (key, self.detail.as_str()))
    }

    /// Draws the toast, if one is showing, centred `x_offset` points from the screen's centre.
    pub fn show_ui(&self, ctx: &egui::Context, lang: Lang, x_offset: f32) {
        let Some(key) = self.key.filter(|_| self.remaining > 0.0) else {
            return;
        };
        egui::Area::new(egui::Id::new("toast"))
            .anchor(egui::Align2::CENTER_TOP, [x_offset, 16.0])
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                dialog_frame().inner_margin(12.0).show(ui, |ui| {
                    ui.set_max_width(520.0);
                    ui.label(egui::RichText::new(tr(lang, key)).size(17.0));
                    if !self.detail.is_empty() {
                        ui.label(egui::RichText::new(&self.detail).small().weak());
                    }
                });
            });
    }
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(palette::BACKGROUND.bevy()))
        .add_plugins(EguiPlugin::default())
        .insert_resource(EguiGlobalSettings {
            auto_create_primary_context: false,
            ..default()
        })
        .configure_sets(
            EguiPrimaryContextPass,
            (UiSet::Frame, UiSet::Section, UiSet::Dialogs).chain(),
        )
        .add_systems(PreStartup, spawn_ui_camera)
        .add_systems(
            EguiPrimaryContextPass,
            (configure_egui, fit_touch_targets)
                .chain()
                .before(UiSet::Frame),
        )
        .add_systems(Update, tick_toast.in_set(ClientSet::Present))
        .add_systems(
            PreUpdate,
            release_lost_touches
                .after(bevy::input::InputSystems)
                .after(EguiInputSet::FocusContext)
                .before(EguiInputSet::ReadBevyMessages),
        );
}

/// egui follows one finger at a time and ignores the others until it lifts; a finger whose
/// lift never arrived (a touch the browser cancelled or lost) would leave every later tap
/// unheard. With no finger on the screen, egui follows none.
fn release_lost_touches(
    touches: Res<Touches>,
    mut followed: Query<&mut bevy_egui::input::EguiContextPointerTouchId>,
) {
    if touches.iter().next().is_none() && touches.iter_just_released().next().is_none() {
        for mut followed in &mut followed {
            if followed.pointer_touch_id.is_some() {
                followed.pointer_touch_id = None;
            }
        }
    }
}

fn tick_toast(time: Res<Time>, mut toast: ResMut<Toast>) {
    if toast.remaining > 0.0 {
        toast.remaining -= time.delta_secs();
    }
}

/// A 2D camera named `name`, without multisampling: sprites need none, egui smooths its own
/// edges, and software renderers (the browser without a GPU) pay for every sample.
pub fn camera_2d(name: &'static str) -> impl Bundle {
    (Name::new(name), Camera2d, Msaa::Off)
}

/// A camera that draws only egui, over the table camera.
fn spawn_ui_camera(mut commands: Commands) {
    commands.spawn((
        camera_2d("UI camera"),
        PrimaryEguiContext,
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

/// egui's fonts: the embedded CJK font alone, for every script and symbol of the interface
/// (egui's own fonts are not built in: they were over half a megabyte of the browser download).
pub(super) fn font_definitions() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::empty();
    fonts.font_data.insert(
        "kawu".to_owned(),
        Arc::new(egui::FontData::from_static(FONT_TTF)),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts.families.insert(family, vec!["kawu".to_owned()]);
    }
    fonts
}

/// The fonts and a warm dark style, once.
fn configure_egui(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    *done = true;
    let ctx = contexts.ctx_mut()?;
    ctx.set_fonts(font_definitions());
    ctx.set_theme(egui::Theme::Dark);
    // A tap is a click however slow the frames (a busy phone's may take a second): the game
    // has no long press for a slow tap to be mistaken for.
    ctx.options_mut(|options| options.input_options.max_click_duration = 5.0);
    ctx.all_styles_mut(|style| {
        use egui::{FontId, TextStyle};
        for (text_style, size) in [
            (TextStyle::Body, 16.0),
            (TextStyle::Button, 17.0),
            (TextStyle::Heading, 24.0),
            (TextStyle::Small, 13.0),
        ] {
            style
                .text_styles
                .insert(text_style, FontId::proportional(size));
        }
        style.spacing.button_padding = egui::vec2(12.0, 6.0);
        style.spacing.item_spacing = egui::vec2(8.0, 8.0);
        let visuals = &mut style.visuals;
        visuals.window_fill = palette::WINDOW.egui();
        visuals.panel_fill = palette::PANEL.egui();
        visuals.widgets.inactive.weak_bg_fill = palette::BUTTON.egui();
        visuals.widgets.hovered.weak_bg_fill = palette::BUTTON_HOVERED.egui();
        visuals.widgets.active.weak_bg_fill = palette::BUTTON_PRESSED.egui();
        visuals.selection.bg_fill = palette::SELECTED.egui();
        visuals.window_corner_radius = egui::CornerRadius::same(12);
        visuals.widgets.noninteractive.fg_stroke.color = palette::TEXT.egui();
    });
    Ok(())
}

/// The height of every button on a phone-sized screen: a fingertip's (44 CSS pixels).
const TOUCH_TARGET: f32 = 44.0;
/// Screens whose shorter side is below this (logical pixels) are phone-sized.
const PHONE_SIZE: f32 = 520.0;

/// On a phone-sized screen every button is at least a fingertip tall.
fn fit_touch_targets(mut contexts: EguiContexts, mut phone: Local<Option<bool>>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let size = ctx.content_rect().size();
    let is_phone = size.x.min(size.y) < PHONE_SIZE;
    if *phone != Some(is_phone) {
        *phone = Some(is_phone);
        let height = if is_phone {
            TOUCH_TARGET
        } else {
            egui::Spacing::default().interact_size.y
        };
        ctx.all_styles_mut(|style| style.spacing.interact_size.y = height);
    }
    Ok(())
}

/// The widgets named during this egui pass, in egui points (kept in egui's own memory).
#[derive(Clone, Default)]
struct NamedWidgets(Vec<(String, egui::Rect)>);

/// Names the place of a widget this frame (see `places`: the browser test clicks by name).
pub fn name_place(ui: &egui::Ui, name: impl Into<String>, response: &egui::Response) {
    // Inside a scroll area only what shows: a widget scrolled out of sight has no place to
    // press. Elsewhere the whole widget, so that one running off its window, its panel or
    // the screen is seen to.
    let scrolled = ui
        .stack()
        .iter()
        .any(|frame| frame.kind() == Some(egui::UiKind::ScrollArea));
    let rect = if scrolled {
        response.rect.intersect(ui.clip_rect())
    } else {
        response.rect
    };
    if !rect.is_positive() {
        return;
    }
    ui.ctx().data_mut(|data| {
        data.get_temp_mut_or_default::<NamedWidgets>(egui::Id::NULL)
            .0
            .push((name.into(), rect));
    });
}

/// The widgets named since the last call.
pub(super) fn take_named_widgets(ctx: &egui::Context) -> Vec<(String, egui::Rect)> {
    ctx.data_mut(|data| {
        std::mem::take(
            &mut data
                .get_temp_mut_or_default::<NamedWidgets>(egui::Id::NULL)
                .0,
        )
    })
}

/// How the interface answers the player: a button's click, a toast, and the clipboard, whose
/// copies a toast tells of.
#[derive(SystemParam)]
pub struct UiFeedback<'w> {
    /// The interface's sounds.
    pub sounds: MessageWriter<'w, UiSound>,
    /// The toast shown over the screen.
    pub toast: ResMut<'w, Toast>,
    /// The system clipboard.
    pub clipboard: Res<'w, Clipboard>,
}

impl UiFeedback<'_> {
    /// Copies `text` and tells the player whether it worked.
    pub fn copy_and_tell(&mut self, text: &str) {
        match self.clipboard.copy(text) {
            Ok(()) => self.toast.show_key("toast-copied"),
            Err(error) => self.toast.show_key_with("toast-copy-failed", error),
        }
    }
}

/// How large a [`sounding_button`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonSize {
    /// A wide menu button: 300 points (or the width there is) by 44, in large text.
    Wide,
    /// A small button, as large as its text (the HUD's).
    Small,
}

/// A button of `size`, its place named by its text; a click also makes the click sound.
pub fn sounding_button(
    ui: &mut egui::Ui,
    size: ButtonSize,
    enabled: bool,
    text: impl Into<String>,
    sounds: &mut MessageWriter<UiSound>,
) -> bool {
    let text = text.into();
    let button = match size {
        ButtonSize::Wide => {
            let width = ui.available_width().min(300.0);
            egui::Button::new(egui::RichText::new(&text).size(19.0))
                .min_size(egui::vec2(width, 44.0))
        }
        ButtonSize::Small => egui::Button::new(&text),
    };
    let response = ui.add_enabled(enabled, button);
    name_place(ui, &text, &response);
    let clicked = response.clicked();
    if clicked {
        sounds.write(UiSound::Click);
    }
    clicked
}

/// The frame of the title screen's and dialogs' windows.
pub fn dialog_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(palette::WINDOW.egui())
        .stroke(egui::Stroke::new(2.0, palette::BORDER.egui()))
        .corner_radius(14.0)
        .inner_margin(24.0)
}

/// A dialog in the middle of the screen, above everything else (the backdrop that hides the
/// table too): fixed in place, framed as every dialog.
pub fn foreground_dialog(title: String, id: &str) -> egui::Window<'static> {
    egui::Window::new(title)
        .id(egui::Id::new(id))
        .frame(dialog_frame())
        .order(egui::Order::Foreground)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
}

/// A section heading in a panel.
pub fn section_title(ui: &mut egui::Ui, text: impl Into<String>) {
    ui.label(egui::RichText::new(text).size(17.0).strong());
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn a_scrolled_away_widget_is_not_named_and_one_off_the_screen_is_named_whole() {
        let ctx = egui::Context::default();
        ctx.set_fonts(font_definitions());
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(300.0, 200.0));
        let input = egui::RawInput {
            screen_rect: Some(screen),
            ..Default::default()
        };
        // The second frame, as a player sees it (fonts exist once a pass has run). The names are
        // read within the frame, as the game reads them.
        let mut named = Vec::new();
        for _ in 0..2 {
            ctx.run_ui(input.clone(), |ui| {
                egui::ScrollArea::vertical()
                    .max_height(100.0)
                    .show(ui, |ui| {
                        for row in 0..20 {
                            let label = ui.label(format!("row {row}"));
                            name_place(ui, format!("row {row}"), &label);
                        }
                    });
                ui.add_space(300.0);
                let below = ui.label("below");
                name_place(ui, "below", &below);
                named = take_named_widgets(ui.ctx());
            })
            .textures_delta
            .clear();
        }
        let place = |name: &str| named.iter().find(|(n, _)| n == name).map(|(_, rect)| *rect);
        let first = place("row 0").unwrap_or_else(|| panic!("the first row shows: {named:?}"));
        assert!(first.max.y <= 100.5, "{first:?}");
        assert_eq!(place("row 19"), None, "the last row is scrolled away");
        let below = place("below").expect("a label below the screen keeps its name");
        assert!(below.min.y > screen.max.y, "{below:?}");
    }

    #[test]
    fn the_embedded_font_draws_every_translation() {
        let ctx = egui::Context::default();
        ctx.set_fonts(font_definitions());
        // Fonts exist once a pass has run; its texture upload is not needed here.
        ctx.run_ui(Default::default(), |_| {})
            .textures_delta
            .clear();
        let font = egui::FontId::proportional(16.0);
        for lang in Lang::ALL {
            let missing: BTreeSet<char> = lang
                .source()
                .lines()
                .filter(|line| !line.trim_start().starts_with('#'))
                .flat_map(str::chars)
                // (`has_glyph` cannot tell with one font: it is also the replacement's.)
                .filter(|&c| {
                    !c.is_whitespace() && ctx.fonts_mut(|f| f.glyph_width(&font, c)) <= 0.0
                })
                .collect();
            assert!(
                missing.is_empty(),
                "{}.ftl uses characters the font lacks (run scripts/make_font.py): {missing:?}",
                lang.native_name()
            );
        }
    }
}
