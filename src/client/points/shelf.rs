//! What a game of points leaves behind: the autosave after every change, the finished game
//! kept for replays, the fanfare once the last move has been shown, and the HUD's box that
//! exports the game as text and imports one to play on.

use super::replay::Replay;
use super::{LoadMatch, PointsMatch};
use crate::client::ClientSet;
use crate::client::catalog::Catalog;
use crate::client::clipboard::Clipboard;
use crate::client::cues::UiSound;
use crate::client::i18n::Lang;
use crate::client::matches::on_table;
use crate::client::records::{
    FinishedGame, KeepFinished, RecordBox, RecordBoxAction, record_box, show_export,
};
use crate::client::save::{SavedGame, store};
use crate::client::seats::{Controller, Seats};
use crate::client::settings::Settings;
use crate::client::table_colours::TablePalette;
use crate::client::theme::Toast;
use crate::client::timeline::Anim;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

pub(super) fn logic_plugin<G: PointsMatch>(app: &mut App) {
    app.add_systems(
        Update,
        keep_finished::<G>
            .run_if(resource_changed::<G>)
            .in_set(ClientSet::Present),
    );
}

pub(super) fn plugin<G: PointsMatch>(app: &mut App) {
    app.add_systems(
        Update,
        (
            announce_outcome::<G>,
            autosave::<G>.run_if(resource_changed::<G>),
        )
            .run_if(on_table(G::KIND))
            .in_set(ClientSet::Present),
    );
}

/// Saves the game after every change (not the demonstration, nor a replay).
fn autosave<G: PointsMatch>(
    model: Res<G>,
    (seats, replay): (Res<Seats>, Res<Replay<G>>),
    catalog: Res<Catalog>,
    mut saved: ResMut<SavedGame>,
) {
    if !model.table().attract && replay.script.is_none() {
        store(&mut saved, &catalog, G::KIND, &seats, model.record());
    }
}

/// A game that has just ended is kept for replays, with its result in a line.
fn keep_finished<G: PointsMatch>(
    model: Res<G>,
    (seats, replay): (Res<Seats>, Res<Replay<G>>),
    (settings, palette): (Res<Settings>, Res<TablePalette>),
    mut ended: Local<bool>,
    mut kept: MessageWriter<KeepFinished>,
) {
    if model.table().attract || replay.script.is_some() {
        return;
    }
    let just_ended = model.over() && !*ended;
    *ended = model.over();
    if !just_ended {
        return;
    }
    let result = model
        .result(settings.language, &palette, &seats)
        .map(|(title, why, _)| {
            let why = why.lines().next().unwrap_or_default();
            format!("{title} — {why}")
        })
        .unwrap_or_default();
    match serde_json::to_value(model.record()) {
        Ok(record) => {
            kept.write(KeepFinished(FinishedGame {
                kind: G::KIND,
                seats: seats.clone(),
                result,
                plies: model.plies(),
                record,
            }));
        }
        Err(error) => warn!("could not keep the finished game: {error}"),
    }
}

/// When the last move has been shown and the game is over, sound the ending (once): a draw, a
/// defeat when people play here and none of them won, a victory otherwise.
fn announce_outcome<G: PointsMatch>(
    mut model: ResMut<G>,
    seats: Res<Seats>,
    anims: Query<(), With<Anim>>,
    mut sounds: MessageWriter<UiSound>,
) {
    if model.table().announced || !anims.is_empty() {
        return;
    }
    let Some(winners) = model.winners() else {
        return;
    };
    model.table_mut().announced = true;
    let local = |seat| seats.controller(seat) == Controller::Local;
    let people_here = seats.iter().any(|(seat, _)| local(seat));
    sounds.write(if winners.is_empty() {
        UiSound::Draw
    } else if people_here && !winners.iter().any(|&seat| local(seat)) {
        UiSound::Defeat
    } else {
        UiSound::Victory
    });
}

/// What the export/import box reads and changes.
#[derive(SystemParam)]
pub struct RecordShelf<'w, G: PointsMatch> {
    catalog: Res<'w, Catalog>,
    seats: Res<'w, Seats>,
    record_box: ResMut<'w, RecordBox>,
    clipboard: Res<'w, Clipboard>,
    toast: ResMut<'w, Toast>,
    sounds: MessageWriter<'w, UiSound>,
    loads: MessageWriter<'w, LoadMatch<G>>,
}

/// The HUD's export (the game as text, to copy) and import (paste, then play on from it).
pub fn record_section<G: PointsMatch>(
    ui: &mut egui::Ui,
    lang: Lang,
    model: &G,
    shelf: &mut RecordShelf<G>,
) {
    let Some(words) = shelf.catalog.get(G::KIND).record_words else {
        return;
    };
    let action = record_box(
        ui,
        lang,
        words,
        &mut shelf.record_box,
        &shelf.clipboard,
        &mut shelf.toast,
        &mut shelf.sounds,
    );
    match action {
        Some(RecordBoxAction::Export) => {
            let text = model.to_text();
            show_export(
                &mut shelf.record_box,
                text,
                &shelf.clipboard,
                &mut shelf.toast,
            );
        }
        Some(RecordBoxAction::Import(text)) => match G::from_text(&text) {
            Ok(game) => {
                // The seats stay when they fit the game; otherwise everyone plays here.
                let seats = if game.seat_count() == shelf.seats.len() {
                    shelf.seats.clone()
                } else {
                    Seats::people(game.seat_count())
                };
                shelf.loads.write(LoadMatch {
                    game,
                    seats,
                    attract: false,
                });
            }
            Err(error) => shelf.toast.show_key_with("record-bad", error),
        },
        None => {}
    }
}
