//! The HUD's frame: the panel beside the table (or under it, on a tall screen) with whose
//! turn it is, the room's, replay's, review's and practice's blocks, and the game's buttons.

use super::buttons::game_buttons;
use super::dialogs::{hud_dialogs, toast_declined_draws};
use super::practice::practice_block;
use super::replay::replay_bar;
use super::review::review_block;
use super::room::{OnlineView, clock_label, online_block};
use super::state::{HudActions, HudMatch, HudSectionArea, HudState, HudText};
use crate::client::lessons::LessonPanelHeight;
use crate::client::schedule::{ClientSet, Screen};
use crate::client::settings::Settings;
use crate::client::tabletop::{HudInsets, TableBounds};
use crate::client::theme::UiSet;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The HUD panel's width in logical pixels.
const PANEL_WIDTH: f32 = 320.0;

/// Windows narrower than this (and taller than wide) get the panel under the table.
const PORTRAIT_WIDTH: f32 = 760.0;

/// The HUD while a game is played: its frame and dialogs, and the toast of a declined draw.
pub(in crate::client) fn plugin(app: &mut App) {
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
            replay_bar(ui, lang, progress, &table, &mut state, &mut act);
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
