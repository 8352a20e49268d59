//! The deployment screen of Junqi classic: a side arranges its army in secret before the game.
//! Tap (or click, or press the controller's A) two pieces to swap them, or drag one onto
//! another; arrange it all at once in a named style or at random; save a layout and use it
//! again; every rule a piece breaks where it stands is named as it is placed, and Ready takes
//! the army only when none is broken. The screen's state and its commands are headless logic;
//! the page only draws it and sends commands.

use crate::client::cues::UiSound;
use crate::client::i18n::{Lang, tr};
use crate::client::schedule::{ClientSet, Screen};
use crate::client::settings::Settings;
use crate::client::storage::{read_file, write_file};
use crate::client::theme::{
    ButtonSize::Small, UiSet, foreground_dialog, name_place, sounding_button,
};
use crate::rules::junqi::classic::{Deployment, DeploymentDraft, DeploymentError, DeploymentStyle};
use crate::rules::junqi::{Color, FILES, Kind, Point};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use serde::{Deserialize, Serialize};

/// Ranks in a side's half.
const HALF_RANKS: u8 = 6;

/// The rim of a piece standing where the rules forbid, and the text naming the rule.
const PROBLEM: egui::Color32 = egui::Color32::from_rgb(240, 90, 80);

/// The rim of the piece picked up, and of the post under the cursor.
const CURSOR: egui::Color32 = egui::Color32::from_rgb(250, 210, 90);

/// The most layouts a player keeps.
pub const MAX_LAYOUTS: usize = 12;

/// A deployment screen open for one side: the army being arranged, the piece picked up to be
/// swapped, and the keyboard's or controller's cursor.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct DeploymentScreen {
    /// The army as it stands now.
    pub draft: DeploymentDraft,
    /// The post whose piece is picked up, waiting for the post to swap it with.
    pub picked: Option<Point>,
    /// The post under the keyboard's or controller's cursor.
    pub cursor: Point,
}

impl DeploymentScreen {
    /// A screen for `side`, its army first arranged in the balanced style.
    pub fn new(side: Color) -> DeploymentScreen {
        let army = Deployment::generate(side, DeploymentStyle::Balanced, &mut rand::rng());
        DeploymentScreen {
            draft: DeploymentDraft::new(&army),
            picked: None,
            cursor: view_point(side, 0, 2),
        }
    }

    /// The side whose army this is.
    pub fn side(&self) -> Color {
        self.draft.side()
    }
}

/// The layouts the player saved, newest first (kept in their own file).
#[derive(Resource, Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct SavedLayouts(pub Vec<SavedLayout>);

/// The file the saved layouts are kept in.
const LAYOUTS_FILE: &str = "classic-layouts.json";

/// A layout the player saved, by name: an army as Red deploys it (turned for Blue).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedLayout {
    pub name: String,
    /// The army in the deployment notation, as Red's half.
    pub army: String,
}

impl SavedLayout {
    /// The layout as `side`'s army, if its text is still a legal army.
    pub fn army_for(&self, side: Color) -> Option<Deployment> {
        let red = Deployment::parse(&self.army, Color::Red).ok()?;
        Some(match side {
            Color::Red => red,
            Color::Blue => red.turned(),
        })
    }
}

/// What a player does on the deployment screen.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum DeploymentCommand {
    /// Tap a post: pick its piece up, or swap it with the piece picked up.
    Tap(Point),
    /// Drag the piece of the first post onto the second: they swap.
    Swap(Point, Point),
    /// Move the cursor by files and ranks as the player sees the half (right, forward).
    MoveCursor { right: i8, forward: i8 },
    /// Tap the post under the cursor.
    TapCursor,
    /// Arrange the whole army in a style.
    Arrange(DeploymentStyle),
    /// Arrange it as the saved layout of this name.
    Load(String),
    /// Save the army (when it breaks no rule) under this name, replacing one of that name.
    Save(String),
    /// Forget the saved layout of this name.
    Forget(String),
    /// Take the army, if it breaks no rule: the screen closes.
    Ready,
}

/// A side's army is ready: the deployment screen closed with it.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct ArmyReady(pub Deployment);

/// The screen's logic, headless.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_message::<DeploymentCommand>()
        .add_message::<ArmyReady>()
        .init_resource::<SavedLayouts>()
        .add_systems(
            Update,
            (
                keys_to_commands.in_set(ClientSet::Input),
                apply_commands.in_set(ClientSet::Apply),
            )
                .run_if(resource_exists::<DeploymentScreen>),
        );
}

/// The page, which needs a window, and the saved layouts' file.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_layouts)
        .add_systems(
            Update,
            save_layouts
                .in_set(ClientSet::Present)
                .run_if(resource_changed::<SavedLayouts>),
        )
        .add_systems(
            EguiPrimaryContextPass,
            deployment_page
                .in_set(UiSet::Dialogs)
                .run_if(resource_exists::<DeploymentScreen>),
        );
}

/// Reads the saved layouts; an unreadable file is left as it is and none are offered.
fn load_layouts(mut layouts: ResMut<SavedLayouts>) {
    let Some(text) = read_file(LAYOUTS_FILE) else {
        return;
    };
    match serde_json::from_str::<SavedLayouts>(&text) {
        Ok(read) => *layouts.bypass_change_detection() = read,
        Err(error) => warn!("ignoring the unreadable {LAYOUTS_FILE}: {error}"),
    }
}

fn save_layouts(layouts: Res<SavedLayouts>) {
    match serde_json::to_string_pretty(&*layouts) {
        Ok(text) => write_file(LAYOUTS_FILE, &text),
        Err(error) => warn!("could not encode the saved layouts: {error}"),
    }
}

/// The post of `side`'s half at column `column` (0 left) and row `row` (0 the front rank) as
/// its player sees it.
fn view_point(side: Color, column: u8, row: u8) -> Point {
    let (file, rank) = match side {
        Color::Red => (column, HALF_RANKS - 1 - row),
        Color::Blue => (FILES - 1 - column, HALF_RANKS + row),
    };
    Point::new(file, rank).expect("a point of the half")
}

/// The column and row of `at` in its side's half as the player sees it.
fn view_place(side: Color, at: Point) -> (u8, u8) {
    match side {
        Color::Red => (at.file(), HALF_RANKS - 1 - at.rank()),
        Color::Blue => (FILES - 1 - at.file(), at.rank() - HALF_RANKS),
    }
}

/// Arrows or WASD move the cursor, Enter or Space taps; a controller's pad and A do the same.
fn keys_to_commands(
    keys: Res<ButtonInput<KeyCode>>,
    pads: Query<&Gamepad>,
    mut commands: MessageWriter<DeploymentCommand>,
) {
    let pressed = |codes: &[KeyCode]| codes.iter().any(|&code| keys.just_pressed(code));
    let pad = |button: GamepadButton| pads.iter().any(|pad| pad.just_pressed(button));
    let mut moved = |right: i8, forward: i8| {
        commands.write(DeploymentCommand::MoveCursor { right, forward });
    };
    if pressed(&[KeyCode::ArrowLeft, KeyCode::KeyA]) || pad(GamepadButton::DPadLeft) {
        moved(-1, 0);
    }
    if pressed(&[KeyCode::ArrowRight, KeyCode::KeyD]) || pad(GamepadButton::DPadRight) {
        moved(1, 0);
    }
    if pressed(&[KeyCode::ArrowUp, KeyCode::KeyW]) || pad(GamepadButton::DPadUp) {
        moved(0, 1);
    }
    if pressed(&[KeyCode::ArrowDown, KeyCode::KeyS]) || pad(GamepadButton::DPadDown) {
        moved(0, -1);
    }
    if pressed(&[KeyCode::Enter, KeyCode::Space]) || pad(GamepadButton::South) {
        commands.write(DeploymentCommand::TapCursor);
    }
}

fn apply_commands(
    mut reader: MessageReader<DeploymentCommand>,
    mut screen: ResMut<DeploymentScreen>,
    mut layouts: ResMut<SavedLayouts>,
    mut ready: MessageWriter<ArmyReady>,
    mut commands: Commands,
) {
    for command in reader.read() {
        let side = screen.side();
        match command {
            DeploymentCommand::Tap(at) => tap(&mut screen, *at),
            DeploymentCommand::TapCursor => {
                let at = screen.cursor;
                tap(&mut screen, at);
            }
            DeploymentCommand::Swap(from, to) => {
                screen.draft.swap(*from, *to);
                screen.picked = None;
            }
            DeploymentCommand::MoveCursor { right, forward } => {
                let (column, row) = view_place(side, screen.cursor);
                let column = (column as i8 + right).clamp(0, FILES as i8 - 1) as u8;
                let row = (row as i8 - forward).clamp(0, HALF_RANKS as i8 - 1) as u8;
                screen.cursor = view_point(side, column, row);
            }
            DeploymentCommand::Arrange(style) => {
                let army = Deployment::generate(side, *style, &mut rand::rng());
                screen.draft = DeploymentDraft::new(&army);
                screen.picked = None;
            }
            DeploymentCommand::Load(name) => {
                let layout = layouts.0.iter().find(|l| &l.name == name);
                if let Some(army) = layout.and_then(|layout| layout.army_for(side)) {
                    screen.draft = DeploymentDraft::new(&army);
                    screen.picked = None;
                }
            }
            DeploymentCommand::Save(name) => {
                let name = name.trim();
                if let (false, Ok(army)) = (name.is_empty(), screen.draft.deployment()) {
                    let red = match side {
                        Color::Red => army,
                        Color::Blue => army.turned(),
                    };
                    let layouts = &mut layouts.0;
                    layouts.retain(|layout| layout.name != name);
                    layouts.insert(
                        0,
                        SavedLayout {
                            name: name.chars().take(24).collect(),
                            army: red.to_text(),
                        },
                    );
                    layouts.truncate(MAX_LAYOUTS);
                }
            }
            DeploymentCommand::Forget(name) => {
                layouts.0.retain(|layout| &layout.name != name);
            }
            DeploymentCommand::Ready => {
                if let Ok(army) = screen.draft.deployment() {
                    ready.write(ArmyReady(army));
                    commands.remove_resource::<DeploymentScreen>();
                    return;
                }
            }
        }
    }
}

/// Picks up the piece on `at`, puts it back, or swaps it with the one picked up.
fn tap(screen: &mut DeploymentScreen, at: Point) {
    screen.cursor = at;
    if screen.draft.kind_at(at).is_none() {
        return;
    }
    match screen.picked {
        None => screen.picked = Some(at),
        Some(picked) if picked == at => screen.picked = None,
        Some(picked) => {
            screen.draft.swap(picked, at);
            screen.picked = None;
        }
    }
}

/// The message id of a broken rule's short explanation.
fn problem_key(problem: &DeploymentError) -> &'static str {
    match problem {
        DeploymentError::Flag { .. } => "deploy-rule-flag",
        DeploymentError::Landmine { .. } => "deploy-rule-landmine",
        DeploymentError::Bomb { .. } => "deploy-rule-bomb",
        _ => "deploy-rule-other",
    }
}

/// The label of a piece on a tile: its Chinese rank and, in the Latin styles, its letter.
fn tile_label(kind: Kind, settings: &Settings) -> String {
    use crate::client::settings::LabelStyle;
    match settings.labels {
        LabelStyle::Chinese => kind.chinese().to_string(),
        LabelStyle::Latin => kind.letter().to_string(),
        LabelStyle::Both => format!("{}\n{}", kind.chinese(), kind.letter()),
    }
}

/// The name of the style's button.
fn style_key(style: DeploymentStyle) -> &'static str {
    match style {
        DeploymentStyle::Random => "deploy-random",
        DeploymentStyle::Balanced => "deploy-balanced",
        DeploymentStyle::Defensive => "deploy-defensive",
        DeploymentStyle::Aggressive => "deploy-aggressive",
    }
}

/// The name typed for a layout to save, kept between frames.
#[derive(Default, Clone)]
struct LayoutName(String);

fn deployment_page(
    mut contexts: EguiContexts,
    screen: Res<DeploymentScreen>,
    settings: Res<Settings>,
    saved: Res<SavedLayouts>,
    mut commands: MessageWriter<DeploymentCommand>,
    (mut sounds, mut next): (MessageWriter<UiSound>, ResMut<NextState<Screen>>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let t = |key: &str| tr(lang, key);
    // Side by side where the screen is wide enough, one above the other (scrolled) where not.
    let area = ctx.content_rect();
    let wide = area.width() >= 780.0;
    // Above the backdrop that hides the table while armies are deployed.
    foreground_dialog(t("deploy-title"), "deployment").show(ctx, |ui| {
        // The window's title and frame take about 110 points.
        let room = (area.height() - 130.0).max(200.0);
        egui::ScrollArea::vertical()
            .max_height(room)
            .min_scrolled_height(room)
            .show(ui, |ui| {
                // Side by side, or one above the other.
                let layout = if wide {
                    egui::Layout::left_to_right(egui::Align::Min)
                } else {
                    egui::Layout::top_down(egui::Align::Min)
                };
                ui.with_layout(layout, |ui| {
                    ui.vertical(|ui| army(ui, &screen, &settings, &mut commands));
                    ui.add_space(if wide { 16.0 } else { 6.0 });
                    ui.vertical(|ui| {
                        ui.set_max_width(if wide { 320.0 } else { 360.0 });
                        let writers = (&mut commands, &mut sounds, &mut *next);
                        controls(ui, &screen, &saved, writers, lang);
                    });
                });
            });
    });
    Ok(())
}

/// The army with a word on how to arrange it.
fn army(
    ui: &mut egui::Ui,
    screen: &DeploymentScreen,
    settings: &Settings,
    commands: &mut MessageWriter<DeploymentCommand>,
) {
    ui.set_max_width(360.0);
    ui.label(tr(
        settings.language,
        match screen.side() {
            Color::Red => "deploy-intro-red",
            Color::Blue => "deploy-intro-blue",
        },
    ));
    ui.add_space(6.0);
    army_grid(ui, screen, settings, commands);
}

/// Everything beside the army: the rules it breaks, the styles, the saved layouts, Ready and
/// the way back to the title screen.
fn controls(
    ui: &mut egui::Ui,
    screen: &DeploymentScreen,
    saved: &SavedLayouts,
    (commands, sounds, next): (
        &mut MessageWriter<DeploymentCommand>,
        &mut MessageWriter<UiSound>,
        &mut NextState<Screen>,
    ),
    lang: Lang,
) {
    let t = |key: &str| tr(lang, key);
    problems(ui, lang, screen);
    ui.horizontal_wrapped(|ui| {
        for style in [
            DeploymentStyle::Random,
            DeploymentStyle::Balanced,
            DeploymentStyle::Defensive,
            DeploymentStyle::Aggressive,
        ] {
            if sounding_button(ui, Small, true, t(style_key(style)), sounds) {
                commands.write(DeploymentCommand::Arrange(style));
            }
        }
    });
    layouts(ui, lang, screen, saved, commands, sounds);
    ui.add_space(8.0);
    let legal = screen.draft.deployment().is_ok();
    let ready = ui.add_enabled(
        legal,
        egui::Button::new(egui::RichText::new(t("deploy-ready")).size(19.0))
            .min_size(egui::vec2(200.0, 44.0)),
    );
    name_place(ui, t("deploy-ready"), &ready);
    if ready.clicked() {
        sounds.write(UiSound::Click);
        commands.write(DeploymentCommand::Ready);
    }
    ui.add_space(4.0);
    if sounding_button(ui, Small, true, t("hud-menu"), sounds) {
        next.set(Screen::Title);
    }
}

/// The half as its player sees it: the front rank at the top, a tile on each post, the camps
/// empty; a tile breaking a rule has a red rim.
fn army_grid(
    ui: &mut egui::Ui,
    screen: &DeploymentScreen,
    settings: &Settings,
    commands: &mut MessageWriter<DeploymentCommand>,
) {
    let side = screen.side();
    let tile = egui::vec2(64.0, 44.0);
    egui::Grid::new("army").spacing([6.0, 6.0]).show(ui, |ui| {
        for row in 0..HALF_RANKS {
            for column in 0..FILES {
                let at = view_point(side, column, row);
                let Some(kind) = screen.draft.kind_at(at) else {
                    // A camp: empty at the start; the cursor may rest on it.
                    let (rect, _) = ui.allocate_exact_size(tile, egui::Sense::hover());
                    let stroke = if screen.cursor == at {
                        egui::Stroke::new(3.0, CURSOR)
                    } else {
                        egui::Stroke::new(1.5, egui::Color32::GRAY)
                    };
                    ui.painter().circle_stroke(rect.center(), 16.0, stroke);
                    continue;
                };
                let problem = screen.draft.problem_at(at).is_some();
                let picked = screen.picked == Some(at);
                let stroke = if problem {
                    egui::Stroke::new(3.0, PROBLEM)
                } else if picked || screen.cursor == at {
                    egui::Stroke::new(3.0, CURSOR)
                } else {
                    egui::Stroke::new(1.0, egui::Color32::DARK_GRAY)
                };
                let button = egui::Button::new(tile_label(kind, settings))
                    .min_size(tile)
                    .stroke(stroke)
                    .selected(picked);
                let id = egui::Id::new(("post", at.index()));
                let response = ui.dnd_drag_source(id, at, |ui| ui.add(button)).response;
                name_place(ui, format!("post {at}"), &response);
                if let Some(from) = response.dnd_release_payload::<Point>() {
                    commands.write(DeploymentCommand::Swap(*from, at));
                } else if response.clicked() {
                    commands.write(DeploymentCommand::Tap(at));
                }
            }
            ui.end_row();
        }
    });
}

/// Each rule broken, piece by piece, named for people.
fn problems(ui: &mut egui::Ui, lang: Lang, screen: &DeploymentScreen) {
    let broken = screen.draft.problems();
    if broken.is_empty() {
        ui.label(tr(lang, "deploy-all-legal"));
        return;
    }
    for problem in broken {
        ui.colored_label(PROBLEM, tr(lang, problem_key(&problem)));
    }
}

/// The saved layouts (tap one to use it, ✕ to forget it) and saving the army under a name.
fn layouts(
    ui: &mut egui::Ui,
    lang: Lang,
    screen: &DeploymentScreen,
    saved: &SavedLayouts,
    commands: &mut MessageWriter<DeploymentCommand>,
    sounds: &mut MessageWriter<UiSound>,
) {
    let t = |key: &str| tr(lang, key);
    ui.horizontal_wrapped(|ui| {
        for layout in &saved.0 {
            if sounding_button(ui, Small, true, &layout.name, sounds) {
                commands.write(DeploymentCommand::Load(layout.name.clone()));
            }
            if sounding_button(ui, Small, true, format!("✕ {}", layout.name), sounds) {
                commands.write(DeploymentCommand::Forget(layout.name.clone()));
            }
        }
    });
    ui.horizontal(|ui| {
        let id = egui::Id::new("layout name");
        let mut name = ui.data_mut(|data| data.get_temp::<LayoutName>(id).unwrap_or_default());
        let field = ui.add(
            egui::TextEdit::singleline(&mut name.0)
                .hint_text(t("deploy-layout-name"))
                .desired_width(160.0),
        );
        name_place(ui, t("deploy-layout-name"), &field);
        let can_save = !name.0.trim().is_empty() && screen.draft.deployment().is_ok();
        if sounding_button(ui, Small, can_save, t("deploy-save"), sounds) {
            commands.write(DeploymentCommand::Save(name.0.clone()));
            name.0.clear();
        }
        ui.data_mut(|data| data.insert_temp(id, name));
    });
}
