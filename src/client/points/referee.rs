//! The match on the table and its local referee: new games and saved ones are put on the
//! table, legal moves are played, take-backs and resignations ruled on, and the shell's
//! [`MatchStatus`] kept up to date. Online, the server rules instead (a game's `online.rs`
//! follows it with [`put_on_table`](super::put_on_table) and [`play_on`](super::play_on)).

use super::replay::Replay;
use super::table::{play_on, put_on_table, renew_key};
use super::{Answer, LoadMatch, MovePlayed, PlayRequest, PointsMatch};
use crate::client::matches::{DrawDeclined, MatchRequest, MatchStatus, NewMatch, ResumeMatch};
use crate::client::net::OnlineSession;
use crate::client::save::BadSave;
use crate::client::seats::Seats;
use crate::client::tabletop::TableReset;
use crate::client::{ClientSet, Screen};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

pub(super) fn plugin<G: PointsMatch>(app: &mut App) {
    app.add_message::<PlayRequest<G>>()
        .add_message::<LoadMatch<G>>()
        .add_message::<MovePlayed<G>>()
        .add_systems(
            Update,
            (start_new_games::<G>, resume_games::<G>).in_set(ClientSet::Command),
        )
        .add_systems(Update, log_moves::<G>.in_set(ClientSet::Present));
}

fn start_new_games<G: PointsMatch>(
    mut starts: MessageReader<NewMatch>,
    online: Res<OnlineSession>,
    mut loads: MessageWriter<LoadMatch<G>>,
) {
    // Online, a new game is the server's (a rematch).
    let here = |start: &&NewMatch| start.game == G::KIND && !online.active();
    for start in starts.read().filter(here) {
        let (game, seats) = G::new_game(&start.seats, start.deal, start.attract);
        loads.write(LoadMatch {
            game,
            seats,
            attract: start.attract,
        });
    }
}

fn resume_games<G: PointsMatch>(
    mut resumes: MessageReader<ResumeMatch>,
    mut loads: MessageWriter<LoadMatch<G>>,
    mut bad: MessageWriter<BadSave>,
) {
    for resume in resumes.read().filter(|r| r.game == G::KIND) {
        let game = serde_json::from_value::<G::Record>(resume.record.clone())
            .map_err(|error| error.to_string())
            .and_then(|record| G::from_record(&record))
            .and_then(|game| {
                let seats = game.seat_count();
                if seats == resume.seats.len() {
                    Ok(game)
                } else {
                    Err(format!(
                        "the game has {seats} seats but {} players",
                        resume.seats.len()
                    ))
                }
            });
        match game {
            Ok(game) => {
                loads.write(LoadMatch {
                    game,
                    seats: resume.seats.clone(),
                    attract: false,
                });
            }
            Err(error) => {
                bad.write(BadSave(G::KIND, error));
            }
        }
    }
}

/// The messages the referee answers.
#[derive(SystemParam)]
pub(super) struct Asked<'w, 's, G: PointsMatch> {
    loads: MessageReader<'w, 's, LoadMatch<G>>,
    plays: MessageReader<'w, 's, PlayRequest<G>>,
    requests: MessageReader<'w, 's, MatchRequest>,
    status: Res<'w, MatchStatus>,
    online: Res<'w, OnlineSession>,
}

/// What the referee tells the rest of the client.
#[derive(SystemParam)]
pub(super) struct Told<'w, G: PointsMatch> {
    played: MessageWriter<'w, MovePlayed<G>>,
    resets: MessageWriter<'w, TableReset>,
    declined: MessageWriter<'w, DrawDeclined>,
    next: ResMut<'w, NextState<Screen>>,
}

/// The local referee: puts games on the table, plays legal moves, takes back, and rules on
/// resignations, draws and time. A replay on the table rules instead (see `replay.rs`).
pub(super) fn referee<G: PointsMatch>(
    mut asked: Asked<G>,
    mut model: ResMut<G>,
    mut replay: ResMut<Replay<G>>,
    mut commands: Commands,
    seats: Res<Seats>,
    mut told: Told<G>,
) {
    let mut seats = seats.clone();
    for load in asked.loads.read() {
        if !load.attract {
            info!("game started: {:?}", load.seats);
        }
        put_on_table(&mut *model, load.game.clone(), load.attract);
        replay.set_if_neq(Replay::default());
        seats = load.seats.clone();
        commands.insert_resource(load.seats.clone());
        told.resets.write(TableReset);
        NextState::set_if_neq(
            &mut told.next,
            if load.attract {
                Screen::Title
            } else {
                Screen::Playing
            },
        );
    }
    // Online the server rules (see the game's `online.rs`); in a replay, the replay does.
    if asked.online.active() || replay.script.is_some() {
        asked.plays.clear();
        asked.requests.clear();
        return;
    }
    for request in asked.plays.read() {
        if request.chosen_at != model.table().key || model.over() {
            continue;
        }
        if let Err(error) = play_on(&mut *model, request.mv, &mut told.played) {
            warn!("ignoring {}: {error}", request.mv);
        }
    }
    if asked.status.game != G::KIND {
        return;
    }
    for &request in asked.requests.read() {
        match request {
            MatchRequest::Undo => {
                let plies = seats.undo_plies(model.movers().into_iter());
                if plies == 0 && !model.over() {
                    continue;
                }
                model.take_back(plies);
                renew_key(&mut *model);
                told.resets.write(TableReset);
            }
            _ if model.over() => {}
            request => {
                if model.answer(request, &seats) == Answer::Declined {
                    told.declined.write(DrawDeclined);
                }
            }
        }
    }
}

/// Each move played goes to the log with who played it (the browser test reads it).
fn log_moves<G: PointsMatch>(
    mut played: MessageReader<MovePlayed<G>>,
    model: Res<G>,
    seats: Res<Seats>,
) {
    for played in played.read().filter(|_| !model.table().attract) {
        let controller = seats.controller(played.mover);
        match G::mover_label(&played.played) {
            Some(label) => info!("played {} ({label} {controller:?})", played.mv),
            None => info!("played {} ({controller:?})", played.mv),
        }
    }
}

/// Keeps the shell's [`MatchStatus`] up to date while `G` is on the table.
pub(super) fn report_status<G: PointsMatch>(
    model: Res<G>,
    seats: Res<Seats>,
    replay: Res<Replay<G>>,
    mut status: ResMut<MatchStatus>,
) {
    let seats_changed = seats.is_changed() && status.game == G::KIND;
    // A replay ended because another game came to the table does not bring `G` back.
    let replay_moved = replay.is_changed() && replay.script.is_some();
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
