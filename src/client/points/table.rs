//! The changes the board layer makes to a match model's table: a game put on it, a move
//! played, a take-back. The referee, replays and a game's online follower all go through these.

use super::{MovePlayed, PlayRequest, PointsMatch};
use crate::client::matches::PositionKey;
use crate::client::net::{OnlineSession, ToServer};
use crate::protocol::ClientMessage;
use bevy::prelude::*;

/// This device's moves go to the server, in the game's notation, while a room of the game on
/// the table is on.
pub fn forward_moves_online<G: PointsMatch>(
    mut plays: MessageReader<PlayRequest<G>>,
    model: Res<G>,
    session: Res<OnlineSession>,
    mut outgoing: MessageWriter<ToServer>,
) {
    if !session.plays(G::KIND) {
        plays.clear();
        return;
    }
    for play in plays.read().filter(|play| play.chosen_at == model.key()) {
        outgoing.write(ToServer(ClientMessage::Act {
            action: play.mv.to_string(),
            version: session.version(),
        }));
    }
}

/// Puts `game` on the table in place of the one there.
pub fn put_on_table<G: PointsMatch>(model: &mut G, game: G, attract: bool) {
    let generation = model.table().key.generation;
    *model = game;
    let plies = model.plies();
    let table = model.table_mut();
    table.attract = attract;
    table.announced = false;
    table.key = PositionKey {
        generation: generation + 1,
        ply: plies,
    };
}

/// Plays `mv` on the table's game, telling the table what it did.
pub fn play_on<G: PointsMatch>(
    model: &mut G,
    mv: G::Move,
    played: &mut MessageWriter<MovePlayed<G>>,
) -> Result<(), String> {
    let mover = model.seat_to_move();
    let did = model.apply(mv)?;
    let plies = model.plies();
    let table = model.table_mut();
    table.key.ply = plies;
    table.announced = false;
    played.write(MovePlayed {
        mv,
        played: did,
        mover,
    });
    Ok(())
}

/// Marks the game as taken back: work begun on the old position is stale.
pub(super) fn renew_key<G: PointsMatch>(model: &mut G) {
    let plies = model.plies();
    let table = model.table_mut();
    table.key = PositionKey {
        generation: table.key.generation + 1,
        ply: plies,
    };
    table.announced = false;
}
