//! One match layer for every game: what an authority decided becomes the match on the table.
//! The local referee (`referee.rs`), a replay (`replay.rs`) and the server (`room.rs`, the
//! follower of the room's view, in [`MatchSet::Room`]) each send [`Ruling`]s; the model follows them and nothing else (`follow.rs`), and what a game
//! leaves behind — the autosave, the finished game kept, the fanfare, the text to export — is
//! kept in `shelf.rs`; a replay's review in `review.rs`. The layer is generic over [`Match`]
//! (`game.rs`): the small traits each game's model implements, one a concern. Where the table
//! stands ([`TableState`]) is a resource beside the model. How a game looks, moves on its board
//! and animates stays in its own folder.

mod follow;
mod game;
mod practice;
mod referee;
mod replay;
mod review;
mod room;
mod shelf;

pub use game::{
    Answer, Authority, Change, ComputerWords, LoadMatch, Match, MatchModel, MatchSet, MatchWords,
    PlayRequest, RecordText, Records, ResultWords, RoomAdapter, Ruling, StepPlayed, TableState,
};
pub use practice::{Attempt, PracticeRequest, PracticeView};
pub use referee::LocalReferee;
pub use replay::{Replay, ReplayJumps};
pub use review::{ReviewLine, ReviewRequest, ReviewView};
pub use shelf::{RecordShelf, ShareRequest, record_section};

use crate::client::matches::on_table_any;
use crate::client::schedule::ClientSet;
use bevy::prelude::*;

/// What runs headless for `G`: its authorities, the model following them, replays, the
/// finished games kept, and the computers. The authorities listen whatever game is on the
/// table (any of them may bring `G` there); the rest sleeps while `G` is not there.
pub fn logic_plugin<G: Match>(app: &mut App) {
    app.configure_sets(
        Update,
        (
            MatchSet::Rule,
            MatchSet::Room,
            MatchSet::Follow,
            MatchSet::Report,
        )
            .chain()
            .in_set(ClientSet::Apply),
    )
    .add_message::<PlayRequest<G>>()
    .add_message::<LoadMatch<G>>()
    .add_message::<Ruling<G>>()
    .add_message::<StepPlayed<G>>()
    .init_resource::<G>()
    .init_resource::<TableState<G>>()
    .add_systems(
        Update,
        (
            // A replay asked for with a new game (the demonstration) in the same frame wins.
            (
                replay::end_replays::<G>,
                referee::referee::<G>,
                referee::answer_requests::<G>.distributive_run_if(on_table_any(G::KINDS)),
                replay::start_replays::<G>,
                replay::step_replays::<G>,
            )
                .chain()
                .in_set(MatchSet::Rule),
            follow::follow_rulings::<G>.in_set(MatchSet::Follow),
        ),
    )
    .add_plugins((
        referee::plugin::<G>,
        replay::plugin::<G>,
        review::plugin::<G>,
        practice::plugin::<G>,
        room::plugin::<G>,
        follow::plugin::<G>,
        shelf::logic_plugin::<G>,
        crate::client::thinking::plugin::<G>,
    ));
}

/// What needs a window for `G`: the autosave and the fanfare.
pub fn plugin<G: Match>(app: &mut App) {
    app.add_plugins(shelf::plugin::<G>);
}
