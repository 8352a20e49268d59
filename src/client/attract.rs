//! The demonstration behind the title screen: two (or more) easy computers play the chosen
//! game, and a finished one is replaced after a short pause.

use super::matches::{Deal, MatchStatus, NewMatch, TableGame, TableMode};
use super::seats::Seats;
use super::timeline::animations_settled;
use super::{ClientSet, Screen};
use crate::rules::GameKind;
use bevy::prelude::*;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), start_attract_game)
        .add_systems(
            Update,
            restart_attract_game.in_set(ClientSet::Command).run_if(
                in_state(Screen::Title)
                    .and_then(in_state(TableMode::Attract))
                    .and_then(animations_settled),
            ),
        );
}

/// A fresh demonstration game of `game`: easy computers, fast.
pub fn attract_game(game: GameKind) -> NewMatch {
    NewMatch {
        game,
        seats: Seats::attract(),
        deal: Deal::default(),
        attract: true,
    }
}

fn start_attract_game(table: Res<State<TableGame>>, mut starts: MessageWriter<NewMatch>) {
    starts.write(attract_game(table.get().0));
}

/// On the title screen, a finished demonstration game is replaced after a short pause.
fn restart_attract_game(
    time: Res<Time>,
    status: Res<MatchStatus>,
    table: Res<State<TableGame>>,
    mut waited: Local<Duration>,
    mut starts: MessageWriter<NewMatch>,
) {
    if !status.over {
        *waited = Duration::ZERO;
        return;
    }
    *waited += time.delta();
    if *waited >= Duration::from_secs(3) {
        *waited = Duration::ZERO;
        starts.write(attract_game(table.get().0));
    }
}
