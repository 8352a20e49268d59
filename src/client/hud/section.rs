//! The HUD's section below the buttons, one for every game: a notice (Junqi's quiet-move
//! counter), the hint, the game's own widgets ([`HudSection`]: a pool, captured pieces, a
//! table of states), the moves (in a replay a click on one shows the game after it) and the
//! record box.

use super::state::HudSectionArea;
use super::words::{HudWords, describe_match};
use crate::client::i18n::{Lang, tr};
use crate::client::matches::on_table_any;
use crate::client::play::{RecordShelf, ReplayJumps, record_section};
use crate::client::settings::Settings;
use crate::client::table_colours::{Palette, TablePalette};
use crate::client::theme::{UiSet, palette, section_title};
use crate::client::thinking::Hint;
use crate::client::{ClientSet, Screen};
use bevy::ecs::system::{StaticSystemParam, SystemParam, SystemParamItem};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// What a section is drawn with: the language, the table's palette, the settings.
pub struct Looks<'a> {
    /// The interface language.
    pub lang: Lang,
    /// The table's palette.
    pub palette: &'a Palette,
    /// The player's settings (the pieces' label style).
    pub settings: &'a Settings,
}

/// What a game shows in its HUD section.
pub trait HudSection: HudWords {
    /// What the game's notice and widgets read or change beyond the model (`()` for nothing):
    /// the online session, a choice of the replay's view.
    type Reach: SystemParam + 'static;
    /// Whether the moves go two to a numbered line (two sides) or one after another, each
    /// numbered in its own text (more seats).
    const PAIRED_MOVES: bool = true;

    /// A warning above the hint (the moves left before a quiet draw), if any.
    fn notice(&self, _lang: Lang, _reach: &SystemParamItem<Self::Reach>) -> Option<String> {
        None
    }
    /// The game's own widgets between the hint and the moves.
    fn widgets(
        &self,
        _ui: &mut egui::Ui,
        _looks: &Looks,
        _reach: &mut SystemParamItem<Self::Reach>,
    ) {
    }
    /// Each move played, as the list shows it.
    fn move_entries(&self, looks: &Looks) -> Vec<egui::WidgetText>;
}

/// `G`'s part of the HUD while it is on the table and played: the frame's words and the
/// section.
pub fn game_plugin<G: HudSection>(app: &mut App) {
    app.add_systems(
        Update,
        describe_match::<G>
            .in_set(ClientSet::Present)
            .run_if(in_state(Screen::Playing).and_then(on_table_any(G::KINDS))),
    )
    .add_systems(
        EguiPrimaryContextPass,
        hud_section::<G>
            .in_set(UiSet::Section)
            .run_if(in_state(Screen::Playing).and_then(on_table_any(G::KINDS))),
    );
}

/// What the section reads and where its clicks go.
#[derive(SystemParam)]
struct Section<'w, 's, G: HudSection> {
    model: Res<'w, G>,
    settings: Res<'w, Settings>,
    colours: Res<'w, TablePalette>,
    hint: Res<'w, Hint<G>>,
    area: Res<'w, HudSectionArea>,
    shelf: RecordShelf<'w, G>,
    jumps: ReplayJumps<'w>,
    reach: StaticSystemParam<'w, 's, <G as HudSection>::Reach>,
}

/// The move list's entries, made again only when the game, the language, the palette or the
/// settings change (not on every frame the panel is drawn).
#[derive(Default)]
struct MoveEntries(Vec<egui::WidgetText>);

fn hud_section<G: HudSection>(
    mut contexts: EguiContexts,
    mut section: Section<G>,
    mut entries: Local<MoveEntries>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let looks = Looks {
        lang: section.settings.language,
        palette: &section.colours,
        settings: &section.settings,
    };
    let lang = looks.lang;
    let model = &*section.model;
    // Everything reads as changed on the first run.
    if section.model.is_changed() || section.settings.is_changed() || section.colours.is_changed() {
        entries.0 = model.move_entries(&looks);
    }
    let mut ui = egui::Ui::new(
        ctx.clone(),
        egui::Id::new(("hud_section", G::KINDS)),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(section.area.0),
    );
    egui::ScrollArea::vertical().show(&mut ui, |ui| {
        if let Some(notice) = model.notice(lang, &section.reach) {
            ui.label(egui::RichText::new(notice).color(palette::WARNING.egui()));
        }
        let hint_is = tr(lang, "hud-hint-is");
        if section.hint.thinking() {
            ui.label(egui::RichText::new(format!("{hint_is} …")).weak());
        } else if let Some(action) = &section.hint.suggestion {
            let name = model.action_name(action, lang);
            ui.label(
                egui::RichText::new(format!("{hint_is} {name}"))
                    .size(18.0)
                    .color(palette::HINT.egui()),
            );
        }
        model.widgets(ui, &looks, &mut section.reach);
        section_title(ui, tr(lang, "hud-moves"));
        move_list::<G>(ui, &entries.0, lang, &mut section.jumps);
        ui.separator();
        record_section(ui, lang, model, &mut section.shelf);
    });
    Ok(())
}

/// The moves, newest last; in a replay a click on one shows the game after it.
fn move_list<G: HudSection>(
    ui: &mut egui::Ui,
    entries: &[egui::WidgetText],
    lang: Lang,
    jumps: &mut ReplayJumps,
) {
    if entries.is_empty() {
        ui.label(egui::RichText::new(tr(lang, "hud-no-moves")).weak());
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("moves")
        .max_height(240.0)
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            if !G::PAIRED_MOVES {
                ui.horizontal_wrapped(|ui| {
                    for (ply, entry) in entries.iter().enumerate() {
                        jumps.entry(ui, entry.clone(), ply);
                    }
                });
                return;
            }
            egui::Grid::new("move_log")
                .num_columns(3)
                .striped(true)
                .show(ui, |ui| {
                    for (number, pair) in entries.chunks(2).enumerate() {
                        ui.label(egui::RichText::new(format!("{}.", number + 1)).weak());
                        for (offset, entry) in pair.iter().enumerate() {
                            jumps.entry(ui, entry.clone(), number * 2 + offset);
                        }
                        ui.end_row();
                    }
                });
        });
}

/// A move's text as the lists write it: monospace, in the moves' colour.
pub fn move_text(text: impl Into<String>) -> egui::WidgetText {
    egui::RichText::new(text)
        .monospace()
        .color(palette::MOVE_TEXT.egui())
        .into()
}
