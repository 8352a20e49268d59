//! Junqi's games kept: the autosave after every change, and finished games kept for replays.

use super::hud::outcome_summary;
use super::model::{JunqiMatch, JunqiReplay, LocalReferee};
use crate::client::catalog::Catalog;
use crate::client::net::OnlineSession;
use crate::client::records::{FinishedGame, KeepFinished};
use crate::client::save::{SavedGame, store};
use crate::client::seats::Seats;
use crate::client::settings::Settings;
use crate::rules::GameKind;
use bevy::prelude::*;

/// Saves the game after every change (not the demonstration).
pub(super) fn autosave(
    model: Res<JunqiMatch>,
    referee: Res<LocalReferee>,
    (seats, catalog): (Res<Seats>, Res<Catalog>),
    mut saved: ResMut<SavedGame>,
) {
    if model.attract {
        return;
    }
    if let Some(game) = referee.game() {
        store(&mut saved, &catalog, GameKind::Junqi, &seats, game.record());
    }
}

/// A game played here that just ended is kept for replays, once: when its end comes (the model
/// changes on after the end, as the last moves are shown).
pub(super) fn keep_finished_games(
    model: Res<JunqiMatch>,
    (referee, online): (Res<LocalReferee>, Res<OnlineSession>),
    replay: Res<JunqiReplay>,
    seats: Res<Seats>,
    settings: Res<Settings>,
    mut ended: Local<bool>,
    mut kept: MessageWriter<KeepFinished>,
) {
    if !model.is_changed() || model.attract || replay.script.is_some() {
        return;
    }
    let outcome = model.outcome();
    let just_ended = outcome.is_some() && !*ended;
    *ended = outcome.is_some();
    let Some(outcome) = outcome.filter(|_| just_ended) else {
        return;
    };
    let Some(game) = referee.game_on_table(&model, &online) else {
        return;
    };
    match serde_json::to_value(game.record()) {
        Ok(record) => {
            kept.write(KeepFinished(FinishedGame {
                kind: GameKind::Junqi,
                seats: seats.clone(),
                result: outcome_summary(settings.language, &model, &seats, outcome),
                plies: game.history().len(),
                record,
            }));
        }
        Err(error) => warn!("could not keep the finished game: {error}"),
    }
}
