//! The model follows its authority's rulings, tells the table what each step did, puts its
//! game on the table ([`TableGame`], in its [`TableMode`]) when one is started, and keeps the
//! shell's [`MatchStatus`] up to date while it is there.

use super::game::{Change, Match, MatchSet, Ruling, StepPlayed, TableState};
use super::replay::Replay;
use crate::client::ClientSet;
use crate::client::matches::{MatchStatus, TableGame, TableMode, on_table_any};
use crate::client::seats::Seats;
use crate::client::tabletop::TableReset;
use bevy::prelude::*;
use bevy::state::state::FreelyMutableState;

pub(super) fn plugin<G: Match>(app: &mut App) {
    if !app.is_plugin_added::<TableSwitch>() {
        app.add_plugins(TableSwitch);
    }
    app.add_systems(
        Update,
        (
            report_status::<G>.in_set(MatchSet::Report),
            log_steps::<G>
                .in_set(ClientSet::Present)
                .run_if(not(in_state(TableMode::Attract))),
        )
            .distributive_run_if(on_table_any(G::KINDS)),
    );
}

/// The model follows the authority's rulings, and tells the table what changed.
pub(super) fn follow_rulings<G: Match>(
    mut rulings: MessageReader<Ruling<G>>,
    (mut model, mut table): (ResMut<G>, ResMut<TableState<G>>),
    mut played: MessageWriter<StepPlayed<G>>,
    mut resets: MessageWriter<TableReset>,
    (mut coming, mut mode): (ResMut<NextState<TableGame>>, ResMut<NextState<TableMode>>),
) {
    for ruling in rulings.read() {
        match &ruling.change {
            Change::Started {
                model: game,
                mode: started_in,
            } => {
                *model = (**game).clone();
                resets.write(TableReset);
                NextState::set_if_neq(&mut coming, TableGame(model.kind()));
                NextState::set_if_neq(&mut mode, *started_in);
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
        table.key = ruling.key;
        table.announced = false;
    }
}

/// Brings a game just started to the table within the frame, before the shell hears of its
/// match: the game on the table ([`TableGame`]), its [`TableMode`] and [`MatchStatus`] never
/// disagree, and the new table's board, pieces and systems are there in the frame its game
/// starts.
struct TableSwitch;

impl Plugin for TableSwitch {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            switch_table
                .run_if(changes::<TableGame>.or_else(changes::<TableMode>))
                .after(MatchSet::Follow)
                .before(MatchSet::Report),
        );
    }
}

/// Whether `S` is to change: another game, or another mode, was put on the table.
fn changes<S: FreelyMutableState>(now: Res<State<S>>, next: Res<NextState<S>>) -> bool {
    match &*next {
        NextState::Pending(next) | NextState::PendingIfNeq(next) => next != now.get(),
        NextState::Unchanged => false,
    }
}

/// Applies the pending state changes now rather than at the start of the next frame.
fn switch_table(world: &mut World) {
    world.run_schedule(StateTransition);
}

/// Each step played goes to the log with who played it (the browser test reads it).
fn log_steps<G: Match>(mut played: MessageReader<StepPlayed<G>>, seats: Res<Seats>) {
    for played in played.read() {
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
    (model, table): (Res<G>, Res<TableState<G>>),
    seats: Res<Seats>,
    replay: Res<Replay<G>>,
    mut status: ResMut<MatchStatus>,
) {
    let changed = model.is_changed() || table.is_changed();
    // Until a game of `G` is loaded, the shell keeps the default.
    if !(changed || seats.is_changed() || replay.is_changed()) || !table.loaded() {
        return;
    }
    status.set_if_neq(MatchStatus {
        key: table.key,
        to_move: model.seat_to_move(),
        over: model.over(),
        undo_plies: seats.undo_plies(model.movers().into_iter()),
        replay: replay.progress(),
    });
}
