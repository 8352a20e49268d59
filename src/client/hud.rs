//! The in-game HUD (egui): whose turn, the draw counter, the face-down pool, captured pieces,
//! the move log, the game's buttons, and the dialogs (resign, draw offer, settings, game over).

use super::animation::{Anim, Cue};
use super::board::HudInsets;
use super::game::{ActiveGame, GameRequest};
use super::i18n::{Lang, tr, tr_args};
use super::menu::{
    UiSet, dialog_frame, menu_button, new_game, piece_chip, settings_ui, side_text_colour,
};
use super::seats::{Controller, Hint, Seats, computer_accepts_draw, computer_thinking};
use super::settings::Settings;
use super::{ClientSet, Screen};
use crate::rules::junqi::{
    Action, Cell, Color as Side, DrawReason, Kind, Outcome, Piece, Point, WinReason,
};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// A short message shown at the top of the screen for a few seconds.
#[derive(Resource, Default, Debug)]
pub(super) struct Toast {
    key: Option<&'static str>,
    detail: String,
    remaining: f32,
}

impl Toast {
    /// Shows the text of `key`.
    pub(super) fn show_key(&mut self, key: &'static str) {
        self.show_key_with(key, String::new());
    }

    /// Shows the text of `key` followed by a detail (an error message).
    pub(super) fn show_key_with(&mut self, key: &'static str, detail: String) {
        self.key = Some(key);
        self.detail = detail;
        self.remaining = 6.0;
    }

    /// Draws the toast, if one is showing, centred `x_offset` points from the screen's centre.
    pub(super) fn show_ui(&self, ctx: &egui::Context, lang: Lang, x_offset: f32) {
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

/// Open dialogs.
#[derive(Resource, Default, Debug)]
struct HudState {
    settings_open: bool,
    confirm_resign: bool,
    /// A draw offered by this seat, waiting for the other player (two players on one device).
    draw_offer: Option<usize>,
    /// The position whose game-over dialog the player closed.
    dismissed: Option<(u64, usize)>,
}

/// The HUD panel's width in logical pixels.
const PANEL_WIDTH: f32 = 320.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Toast>()
        .init_resource::<HudState>()
        .add_systems(Update, tick_toast.in_set(ClientSet::Present))
        .add_systems(
            EguiPrimaryContextPass,
            (hud_panel, hud_dialogs)
                .chain()
                .in_set(UiSet)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(OnEnter(Screen::Playing), |mut state: ResMut<HudState>| {
            *state = HudState::default()
        });
}

fn tick_toast(time: Res<Time>, mut toast: ResMut<Toast>) {
    if toast.remaining > 0.0 {
        toast.remaining -= time.delta_secs();
    }
}

/// The name of a side in the interface language.
fn side_name(lang: Lang, side: Side) -> String {
    tr(
        lang,
        match side {
            Side::Red => "side-red",
            Side::Blue => "side-blue",
        },
    )
}

/// What a player is called: by colour once colours are decided, else first or second.
fn player_name(lang: Lang, active: &ActiveGame, player: usize) -> String {
    match active.colour_of(player) {
        Some(side) => side_name(lang, side),
        None => tr(
            lang,
            if player == 0 {
                "player-first"
            } else {
                "player-second"
            },
        ),
    }
}

#[allow(clippy::too_many_arguments)]
fn hud_panel(
    mut contexts: EguiContexts,
    active: Res<ActiveGame>,
    seats: Res<Seats>,
    settings: Res<Settings>,
    mut state: ResMut<HudState>,
    mut insets: ResMut<HudInsets>,
    mut requests: MessageWriter<GameRequest>,
    mut cues: MessageWriter<Cue>,
    mut next: ResMut<NextState<Screen>>,
    mut toast: ResMut<Toast>,
    mut hint: ResMut<Hint>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let t = |key: &'static str| tr(lang, key);
    let mut root = egui::Ui::new(
        ctx.clone(),
        "hud".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.content_rect()),
    );
    let view = active.game.view();
    let outcome = active.game.outcome();
    let to_move = active.player_to_move();
    let panel = egui::Panel::right("hud_panel")
        .resizable(false)
        .exact_size(PANEL_WIDTH)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.add_space(6.0);
                // Whose turn.
                let (headline, colour) = match (outcome, view.side_to_move()) {
                    (Some(_), _) => (t("turn-game-over"), egui::Color32::from_rgb(236, 196, 120)),
                    (None, Some(side)) => (
                        format!("{} {}", side_name(lang, side), t("turn-to-move")),
                        side_text_colour(side),
                    ),
                    (None, None) => (
                        format!(
                            "{} {}",
                            player_name(lang, &active, to_move),
                            t("turn-to-move")
                        ),
                        egui::Color32::from_rgb(236, 220, 190),
                    ),
                };
                ui.label(
                    egui::RichText::new(headline)
                        .size(24.0)
                        .color(colour)
                        .strong(),
                );
                if outcome.is_none() {
                    let who = match seats.0[to_move] {
                        Controller::Computer(_) if computer_thinking(&active, &seats) => {
                            t("turn-computer")
                        }
                        Controller::Computer(_) => String::new(),
                        Controller::Local if seats.single_local().is_some() => t("turn-you"),
                        Controller::Local if view.side_to_move().is_none() => t("turn-pick"),
                        Controller::Local => t(if to_move == 0 {
                            "player-first"
                        } else {
                            "player-second"
                        }),
                    };
                    ui.label(egui::RichText::new(who).size(16.0).weak());
                }
                let quiet = view.quiet_plies();
                let limit = view.rules().quiet_ply_limit;
                if quiet >= 60.min(limit) {
                    let counter = tr_args(lang, "hud-quiet", [("count", quiet), ("limit", limit)]);
                    ui.label(
                        egui::RichText::new(counter).color(egui::Color32::from_rgb(240, 150, 60)),
                    );
                }
                ui.add_space(4.0);
                ui.horizontal_wrapped(|ui| {
                    let mut button = |ui: &mut egui::Ui, enabled: bool, key: &'static str| {
                        let clicked = ui.add_enabled(enabled, egui::Button::new(t(key))).clicked();
                        if clicked {
                            cues.write(Cue {
                                kind: super::CueKind::Click,
                                at: Vec2::ZERO,
                            });
                        }
                        clicked
                    };
                    if button(
                        ui,
                        seats.undo_plies(&active) > 0 || outcome.is_some(),
                        "hud-undo",
                    ) {
                        requests.write(GameRequest::Undo);
                        state.dismissed = None;
                    }
                    let colours_known = view.side_to_move().is_some();
                    if button(ui, outcome.is_none() && colours_known, "hud-resign") {
                        state.confirm_resign = true;
                    }
                    if button(ui, outcome.is_none() && colours_known, "hud-draw") {
                        if seats.single_local().is_none() {
                            state.draw_offer = Some(to_move);
                        } else if computer_accepts_draw(&active) {
                            // Against the computer: it answers at once.
                            requests.write(GameRequest::AgreeDraw);
                        } else {
                            toast.show_key("toast-draw-declined");
                        }
                    }
                    let human_to_move = outcome.is_none() && seats.0[to_move] == Controller::Local;
                    if button(ui, human_to_move && !hint.thinking(), "hud-hint") {
                        hint.request(&active);
                    }
                    if button(ui, true, "menu-settings") {
                        state.settings_open = !state.settings_open;
                    }
                    if button(ui, true, "hud-menu") {
                        next.set(Screen::Title);
                    }
                });
                if hint.thinking() {
                    ui.label(egui::RichText::new(format!("{} …", t("hud-hint-is"))).weak());
                } else if let Some(action) = hint.suggestion {
                    ui.label(
                        egui::RichText::new(format!("{} {action}", t("hud-hint-is")))
                            .size(18.0)
                            .color(egui::Color32::from_rgb(150, 220, 140)),
                    );
                }
                ui.separator();
                pool_section(ui, &active, &settings);
                ui.separator();
                captured_section(ui, &active, &settings);
                ui.separator();
                move_log(ui, &active, &settings);
            });
        });
    insets.set_if_neq(HudInsets {
        right: panel.response.rect.width(),
    });
    Ok(())
}

fn pool_section(ui: &mut egui::Ui, active: &ActiveGame, settings: &Settings) {
    let lang = settings.language;
    let view = active.game.view();
    ui.label(
        egui::RichText::new(format!(
            "{} ({})",
            tr(lang, "hud-pool"),
            view.face_down_count()
        ))
        .size(17.0)
        .strong(),
    );
    for side in Side::ALL {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = egui::vec2(3.0, 3.0);
            for kind in Kind::ALL {
                let piece = Piece::new(side, kind);
                let count = view.pool_count(piece);
                piece_chip(ui, piece, settings.labels, Some(count), count == 0);
            }
        });
    }
}

fn captured_section(ui: &mut egui::Ui, active: &ActiveGame, settings: &Settings) {
    let lang = settings.language;
    let view = active.game.view();
    ui.label(
        egui::RichText::new(tr(lang, "hud-captured"))
            .size(17.0)
            .strong(),
    );
    for side in Side::ALL {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = egui::vec2(3.0, 3.0);
            ui.label(egui::RichText::new(side_name(lang, side)).color(side_text_colour(side)));
            let mut none = true;
            for kind in Kind::ALL {
                let piece = Piece::new(side, kind);
                let on_board = Point::all()
                    .filter(|&p| view.cell(p) == Cell::Up(piece))
                    .count() as u8;
                let gone = kind
                    .count()
                    .saturating_sub(view.pool_count(piece) + on_board);
                if gone > 0 {
                    none = false;
                    piece_chip(
                        ui,
                        piece,
                        settings.labels,
                        (gone > 1).then_some(gone),
                        false,
                    );
                }
            }
            if none {
                ui.label(egui::RichText::new("—").weak());
            }
        });
    }
}

fn move_log(ui: &mut egui::Ui, active: &ActiveGame, settings: &Settings) {
    let lang = settings.language;
    ui.label(
        egui::RichText::new(tr(lang, "hud-moves"))
            .size(17.0)
            .strong(),
    );
    let history = active.game.history();
    if history.is_empty() {
        ui.label(egui::RichText::new(tr(lang, "hud-no-moves")).weak());
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("moves")
        .max_height(260.0)
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new("move_log")
                .num_columns(3)
                .striped(true)
                .show(ui, |ui| {
                    for (number, pair) in history.chunks(2).enumerate() {
                        ui.label(egui::RichText::new(format!("{}.", number + 1)).weak());
                        for played in pair {
                            let mut job = egui::text::LayoutJob::default();
                            let plain = egui::TextFormat {
                                font_id: egui::FontId::monospace(15.0),
                                color: egui::Color32::from_rgb(230, 220, 200),
                                ..default()
                            };
                            job.append(&played.action.to_string(), 0.0, plain.clone());
                            if let (Action::Flip(_), Some(piece)) = (played.action, played.revealed)
                            {
                                job.append(
                                    &super::menu::short_label(piece.kind, settings.labels),
                                    6.0,
                                    egui::TextFormat {
                                        color: side_text_colour(piece.color),
                                        ..plain
                                    },
                                );
                            }
                            ui.label(job);
                        }
                        ui.end_row();
                    }
                });
        });
}

/// The title and explanation of a finished game.
fn outcome_text(
    lang: Lang,
    active: &ActiveGame,
    seats: &Seats,
    outcome: Outcome,
) -> (String, String, egui::Color32) {
    let t = |key: &'static str| tr(lang, key);
    match outcome {
        Outcome::Draw(reason) => {
            let why = match reason {
                DrawReason::QuietPlies => {
                    let limit = active.game.view().rules().quiet_ply_limit;
                    tr_args(lang, "reason-quiet", [("limit", limit)])
                }
                DrawReason::Agreement => t("reason-agreement"),
                DrawReason::NoActionBeforeColours => t("reason-no-action"),
            };
            (
                t("result-draw"),
                why,
                egui::Color32::from_rgb(236, 220, 190),
            )
        }
        Outcome::Win { winner, reason } => {
            let loser = winner.opponent();
            let why = match reason {
                WinReason::FlagCaptured => {
                    format!("{}: {}", side_name(lang, loser), t("reason-flag"))
                }
                WinReason::NoLegalAction => {
                    format!("{}: {}", side_name(lang, loser), t("reason-stuck"))
                }
                WinReason::Resignation => {
                    format!("{}: {}", side_name(lang, loser), t("reason-resigned"))
                }
            };
            let title = match seats.single_local() {
                Some(human) if active.player_of(winner) == Some(human) => t("result-you-win"),
                Some(_) => t("result-you-lose"),
                None => format!("{} {}", side_name(lang, winner), t("result-wins")),
            };
            (title, why, side_text_colour(winner))
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn hud_dialogs(
    mut contexts: EguiContexts,
    active: Res<ActiveGame>,
    seats: Res<Seats>,
    mut settings: ResMut<Settings>,
    mut state: ResMut<HudState>,
    mut toast: ResMut<Toast>,
    insets: Res<HudInsets>,
    anims: Query<(), With<Anim>>,
    mut requests: MessageWriter<GameRequest>,
    mut loads: MessageWriter<super::LoadGame>,
    mut cues: MessageWriter<Cue>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let t = |key: &'static str| tr(lang, key);
    let board_centre = [-insets.right / 2.0, 0.0];
    let outcome = active.game.outcome();
    if outcome.is_some() {
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
                settings_ui(ui, &mut edited);
                if edited != *settings {
                    *settings = edited;
                }
            });
        state.settings_open = open;
    }

    if state.confirm_resign {
        let player = seats.local_player(active.player_to_move());
        egui::Modal::new(egui::Id::new("resign"))
            .frame(dialog_frame())
            .show(ctx, |ui| {
                ui.label(
                    egui::RichText::new(format!(
                        "{} — {}",
                        player_name(lang, &active, player),
                        t("dialog-resign")
                    ))
                    .size(20.0),
                );
                ui.horizontal(|ui| {
                    if ui.button(t("hud-resign")).clicked() {
                        requests.write(GameRequest::Resign);
                        state.confirm_resign = false;
                    }
                    if ui.button(t("dialog-cancel")).clicked() {
                        state.confirm_resign = false;
                    }
                });
            });
    }

    if let Some(offerer) = state.draw_offer {
        let other = 1 - offerer;
        egui::Modal::new(egui::Id::new("draw"))
            .frame(dialog_frame())
            .show(ctx, |ui| {
                ui.label(
                    egui::RichText::new(format!(
                        "{} {}",
                        player_name(lang, &active, offerer),
                        t("dialog-offers-draw")
                    ))
                    .size(20.0),
                );
                ui.label(
                    egui::RichText::new(format!(
                        "{}: {}",
                        player_name(lang, &active, other),
                        t("dialog-accept-draw")
                    ))
                    .size(18.0),
                );
                ui.horizontal(|ui| {
                    if ui.button(t("dialog-accept")).clicked() {
                        requests.write(GameRequest::AgreeDraw);
                        state.draw_offer = None;
                    }
                    if ui.button(t("dialog-decline")).clicked() {
                        state.draw_offer = None;
                        toast.show_key("toast-draw-declined");
                    }
                });
            });
    }

    if let Some(outcome) = outcome
        && anims.is_empty()
        && state.dismissed != Some(active.key())
    {
        let (title, why, colour) = outcome_text(lang, &active, &seats, outcome);
        egui::Window::new("game_over")
            .title_bar(false)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, board_centre)
            .frame(dialog_frame())
            .show(ctx, |ui| {
                ui.vertical_centered(|ui| {
                    ui.label(egui::RichText::new(title).size(40.0).color(colour).strong());
                    ui.label(egui::RichText::new(why).size(18.0));
                    ui.add_space(12.0);
                    if menu_button(ui, true, t("result-rematch"), &mut cues) {
                        loads.write(new_game(*seats));
                    }
                    if menu_button(ui, true, t("result-view-board"), &mut cues) {
                        state.dismissed = Some(active.key());
                    }
                    if menu_button(ui, true, t("hud-menu"), &mut cues) {
                        next.set(Screen::Title);
                    }
                });
            });
    }
    toast.show_ui(ctx, lang, -insets.right / 2.0);
    Ok(())
}
