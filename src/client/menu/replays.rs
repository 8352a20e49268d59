//! The replays page: the finished games to watch again, and a box to paste a game into.

use super::page::{MenuActions, ReplayShelf};
use crate::client::catalog::{Catalog, GameEntry};
use crate::client::i18n::{Lang, tr, tr_args};
use crate::client::records::{
    RecordBoxAction, RecordBoxText, RecordSource, WatchReplay, record_box,
};
use crate::client::theme::{ButtonSize::Small, sounding_button};
use bevy_egui::egui;

/// The finished games to watch again (newest first), and a box to paste a game into.
pub(super) fn replays_page(
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
    let sounds = &mut act.feedback.sounds;
    egui::ScrollArea::vertical()
        .max_height((ui.ctx().content_rect().height() - 420.0).max(120.0))
        .show(ui, |ui| {
            for (index, kept) in shelf.finished.0.iter().enumerate() {
                ui.horizontal(|ui| {
                    if sounding_button(ui, Small, true, t("replays-watch"), sounds) {
                        act.watch.write(WatchReplay {
                            kind: kept.kind,
                            record: RecordSource::Kept(kept.record.clone()),
                        });
                    }
                    if sounding_button(ui, Small, true, "✕", sounds) {
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
    let state = &mut shelf.record_box;
    if state.text.is_none() {
        state.text = Some(String::new());
    }
    let words = RecordBoxText {
        export: false,
        ..words
    };
    let action = record_box(ui, lang, words, state, &mut act.feedback);
    if let Some(RecordBoxAction::Import(text)) = action {
        act.watch.write(WatchReplay {
            kind: entry.kind,
            record: RecordSource::Text(text),
        });
    }
}
