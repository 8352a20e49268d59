//! The model follows its authority's rulings, tells the table what each step did, and keeps
//! the shell's [`MatchStatus`] up to date.

use super::game::{Change, Match, MatchSet, Ruling, StepPlayed};
use super::replay::Replay;
use crate::client::ClientSet;
use crate::client::matches::MatchStatus;
use crate::client::seats::Seats;
use crate::client::tabletop::TableReset;
use bevy::prelude::*;

pub(super) fn plugin<G: Match>(app: &mut App) {
    app.add_systems(Update, report_status::<G>.in_set(MatchSet::Report))
        .add_systems(Update, log_steps::<G>.in_set(ClientSet::Present));
}

/// The model follows the authority's rulings, and tells the table what changed.
pub(super) fn follow_rulings<G: Match>(
    mut rulings: MessageReader<Ruling<G>>,
    mut model: ResMut<G>,
    mut played: MessageWriter<StepPlayed<G>>,
    mut resets: MessageWriter<TableReset>,
) {
    for ruling in rulings.read() {
        match &ruling.change {
            Change::Started {
                model: game,
                attract,
            } => {
                *model = (**game).clone();
                model.table_mut().attract = *attract;
                resets.write(TableReset);
            }
            Change::Played(step) => {
                let mover = model.seat_to_move();
                match model.follow(step) {
                    Ok(did) => {
                        played.write(StepPlayed {
                            step: step.clone(),
                            did,
                            mover,
                        });
                    }
                    Err(error) => {
                        warn!("the authority's {step:?} does not fit: {error}");
                        continue;
                    }
                }
            }
            Change::TakenBack(plies) => {
                model.take_back(*plies);
                resets.write(TableReset);
            }
            Change::Ended(ending) => model.conclude(*ending),
        }
        let table = model.table_mut();
        table.key = ruling.key;
        table.announced = false;
    }
}

/// Each step played goes to the log with who played it (the browser test reads it).
fn log_steps<G: Match>(mut played: MessageReader<StepPlayed<G>>, model: Res<G>, seats: Res<Seats>) {
    for played in played.read().filter(|_| !model.table().attract) {
        let controller = seats.controller(played.mover);
        let text = G::log_text(&played.step, &played.did);
        match G::mover_label(&played.did) {
            Some(label) => info!("played {text} ({label} {controller:?})"),
            None => info!("played {text} ({controller:?})"),
        }
    }
}

/// Keeps the shell's [`MatchStatus`] up to date while `G` is on the table.
fn report_status<G: Match>(
    model: Res<G>,
    seats: Res<Seats>,
    replay: Res<Replay<G>>,
    mut status: ResMut<MatchStatus>,
) {
    let seats_changed = seats.is_changed() && status.game == G::KIND;
    // A replay ended because another game came to the table does not bring `G` back.
    let replay_moved = replay.is_changed() && replay.on();
    let table = model.table();
    // Until a game of `G` is loaded, the table belongs to another game.
    if !(model.is_changed() || seats_changed || replay_moved) || !table.loaded() {
        return;
    }
    status.set_if_neq(MatchStatus {
        game: G::KIND,
        attract: table.attract,
        key: table.key,
        to_move: model.seat_to_move(),
        over: model.over(),
        undo_plies: seats.undo_plies(model.movers().into_iter()),
        replay: replay.progress(),
    });
}
