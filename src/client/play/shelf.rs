//! What a match leaves behind: the autosave after every change, the finished game kept for
//! replays, the fanfare once the last step has been shown, and the HUD's box that exports the
//! game as text and imports one.

use super::game::{LoadMatch, Match, TableState};
use super::referee::LocalReferee;
use super::replay::Replay;
use crate::client::ClientSet;
use crate::client::catalog::Catalog;
use crate::client::cues::UiSound;
use crate::client::i18n::Lang;
use crate::client::matches::{TableMode, game_played, on_table_any};
use crate::client::records::{
    FinishedGame, KeepFinished, RecordBox, RecordBoxAction, RecordSource, WatchReplay, record_box,
    show_export,
};
use crate::client::save::{SavedGame, store};
use crate::client::seats::{Controller, Seats};
use crate::client::settings::Settings;
use crate::client::share::{picture_name, save_picture};
use crate::client::table_colours::TablePalette;
use crate::client::theme::{Toast, UiFeedback};
use crate::client::timeline::Anim;
use crate::rules::Seat;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

pub(super) fn logic_plugin<G: Match>(app: &mut App) {
    app.add_message::<ShareRequest>().add_systems(
        Update,
        (
            keep_finished::<G>.run_if(resource_changed::<G>.and_then(game_played)),
            share::<G>.distributive_run_if(on_table_any(G::KINDS)),
        )
            .in_set(ClientSet::Present),
    );
}

pub(super) fn plugin<G: Match>(app: &mut App) {
    app.add_systems(
        Update,
        (
            announce_outcome::<G>,
            autosave::<G>.run_if(
                resource_changed::<G>
                    .and_then(in_state(TableMode::Local).or_else(in_state(TableMode::Lesson))),
            ),
        )
            .distributive_run_if(on_table_any(G::KINDS))
            .in_set(ClientSet::Present),
    );
}

/// Share the replay on the table as a picture.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShareRequest {
    /// The whole game, an animated GIF.
    Game,
    /// The position shown, a PNG.
    Position,
    /// The whole game as this seat saw it, an animated GIF (a game whose armies are hidden
    /// from each other).
    SeenBy(Seat),
}

/// Saves the game played here after every change (it runs only while the local referee rules:
/// not for the demonstration, a replay, nor a game the server rules).
fn autosave<G: Match>(
    (model, referee): (Res<G>, Res<LocalReferee<G>>),
    (seats, catalog): (Res<Seats>, Res<Catalog>),
    mut saved: ResMut<SavedGame>,
) {
    if let Some(game) = referee.game() {
        store(&mut saved, &catalog, model.kind(), &seats, G::record(game));
    }
}

/// A game that has just ended is kept for replays, once, with its result in a line (it runs
/// only while a game is played: not for the demonstration nor a replay).
fn keep_finished<G: Match>(
    (model, mode): (Res<G>, Res<State<TableMode>>),
    referee: Res<LocalReferee<G>>,
    (seats, settings, palette): (Res<Seats>, Res<Settings>, Res<TablePalette>),
    mut ended: Local<bool>,
    mut kept: MessageWriter<KeepFinished>,
) {
    let just_ended = model.over() && !*ended;
    *ended = model.over();
    if !just_ended {
        return;
    }
    let Some(game) = referee.game_on_table(&model, mode.get()) else {
        return;
    };
    match serde_json::to_value(G::record(&game)) {
        Ok(record) => {
            kept.write(KeepFinished(FinishedGame {
                kind: model.kind(),
                seats: seats.clone(),
                result: model.summary(settings.language, &palette, &seats),
                plies: model.plies(),
                record,
            }));
        }
        Err(error) => warn!("could not keep the finished game: {error}"),
    }
}

/// When the last step has been shown and the game is over, sound the ending (once): a draw, a
/// defeat when people play here and none of them won, a victory otherwise.
fn announce_outcome<G: Match>(
    (model, mut table): (Res<G>, ResMut<TableState<G>>),
    seats: Res<Seats>,
    anims: Query<(), With<Anim>>,
    mut sounds: MessageWriter<UiSound>,
) {
    if table.announced || !anims.is_empty() {
        return;
    }
    let Some(winners) = model.winners() else {
        return;
    };
    table.announced = true;
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
pub struct RecordShelf<'w, G: Match> {
    catalog: Res<'w, Catalog>,
    seats: Res<'w, Seats>,
    referee: Res<'w, LocalReferee<G>>,
    replay: Res<'w, Replay<G>>,
    mode: Res<'w, State<TableMode>>,
    record_box: ResMut<'w, RecordBox>,
    feedback: UiFeedback<'w>,
    loads: MessageWriter<'w, LoadMatch<G>>,
    watch: MessageWriter<'w, WatchReplay>,
}

/// Draws the picture a share asks for — the whole game as an animated GIF, or the position
/// shown as a PNG — and saves it where the player finds it (the pictures folder; a download in
/// the browser), a toast saying where.
fn share<G: Match>(
    mut requests: MessageReader<ShareRequest>,
    (model, replay): (Res<G>, Res<Replay<G>>),
    palette: Res<TablePalette>,
    mut toast: ResMut<Toast>,
) {
    for &request in requests.read() {
        let (Some(game), Some(progress)) = (replay.script(), replay.progress()) else {
            continue;
        };
        let scene = match request {
            ShareRequest::SeenBy(seat) => match G::scene_seen_by(game, seat) {
                Some(scene) => scene,
                None => continue,
            },
            ShareRequest::Game | ShareRequest::Position => G::scene(game),
        };
        let mut kind = format!("{:?}", model.kind()).to_lowercase();
        if let ShareRequest::SeenBy(seat) = request {
            kind = format!("{kind}-seen-by-{}", seat.0 + 1);
        }
        let style = crate::picture::Style {
            colour_safe: palette.colour_safe,
            ..Default::default()
        };
        let drawn = match request {
            ShareRequest::Game | ShareRequest::SeenBy(_) => {
                let last = scene.frames.len().saturating_sub(1);
                crate::picture::gif(&scene, 0, last, style).map(|bytes| (bytes, "gif", "image/gif"))
            }
            ShareRequest::Position => crate::picture::png(&scene, progress.shown, style)
                .map(|bytes| (bytes, "png", "image/png")),
        };
        let saved = drawn
            .map_err(|e| e.to_string())
            .and_then(|(bytes, extension, mime)| {
                save_picture(&picture_name(&kind, extension), &bytes, mime)
            });
        match saved {
            Ok(place) => {
                info!("shared a picture: {place}");
                toast.show_key_with("share-saved", place);
            }
            Err(error) => toast.show_key_with("share-failed", error),
        }
    }
}

/// The HUD's export (the game as text, to copy: a replay's whole game, or what has been played)
/// and import (paste, then play on from it, or watch it where the game says so).
pub fn record_section<G: Match>(
    ui: &mut egui::Ui,
    lang: Lang,
    model: &G,
    shelf: &mut RecordShelf<G>,
) {
    let kind = model.kind();
    let Some(words) = shelf.catalog.get(kind).record_words else {
        return;
    };
    let action = record_box(ui, lang, words, &mut shelf.record_box, &mut shelf.feedback);
    match action {
        Some(RecordBoxAction::Export) => {
            let game = shelf
                .replay
                .script()
                .cloned()
                .or_else(|| shelf.referee.game_on_table(model, shelf.mode.get()));
            match game {
                Some(game) => show_export(
                    &mut shelf.record_box,
                    G::to_text(&game),
                    &mut shelf.feedback,
                ),
                None => shelf.feedback.toast.show_key("record-no-export"),
            }
        }
        Some(RecordBoxAction::Import(text)) if words.watch => {
            shelf.watch.write(WatchReplay {
                kind,
                record: RecordSource::Text(text),
            });
        }
        Some(RecordBoxAction::Import(text)) => match G::from_text(kind, &text) {
            Ok(game) => {
                // The seats stay when they fit the game; otherwise everyone plays here.
                let count = G::shown(&game, 0).seat_count();
                let seats = if count == shelf.seats.len() {
                    shelf.seats.clone()
                } else {
                    Seats::people(count)
                };
                shelf.loads.write(LoadMatch {
                    game,
                    seats,
                    mode: TableMode::Local,
                });
            }
            Err(error) => shelf.feedback.toast.show_key_with("record-bad", error),
        },
        None => {}
    }
}
