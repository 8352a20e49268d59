//! The match on the table as the shared shell sees it — whose turn, whether it is over — and
//! the messages any game understands. Each game keeps [`MatchStatus`] up to date and answers
//! [`MatchRequest`], [`NewMatch`] and [`ResumeMatch`]; the shell never sees a game's types.

use super::ClientSet;
use super::seats::{Controller, Seats};
use crate::protocol::MoveClock;
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// Identifies a position of the match on the table: it changes with every action, and with
/// every new game or take-back, so work started on an older position can tell it is stale.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PositionKey {
    /// Bumped whenever the game is replaced or taken back.
    pub generation: u64,
    /// Actions played in the game.
    pub ply: usize,
}

/// What the shell knows of the match on the table (which game it is, [`TableGame`] says, and
/// how it came there, [`TableMode`]).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchStatus {
    /// The current position.
    pub key: PositionKey,
    /// The seat whose turn it is (the last one to move once the game is over).
    pub to_move: Seat,
    /// Whether the game is over.
    pub over: bool,
    /// How many plies an undo would take back now (see [`Seats::undo_plies`]).
    pub undo_plies: usize,
    /// Where the replay stands, when the table shows one.
    pub replay: Option<ReplayProgress>,
}

impl MatchStatus {
    /// Whether the Undo button does something with these seats: a take-back, or reopening a
    /// finished game (neither with a player elsewhere).
    pub fn can_undo(&self, seats: &Seats) -> bool {
        seats.may_take_back() && (self.undo_plies > 0 || self.over)
    }

    /// Whether a person at this device may move now: the game goes on and the seat to move is
    /// taken here (the demonstration's seats are all computers).
    pub fn local_turn(&self, seats: &Seats) -> bool {
        !self.over && seats.controller(self.to_move) == Controller::Local
    }
}

/// Where a replay stands: `shown` of `total` actions are on the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplayProgress {
    /// Actions shown.
    pub shown: usize,
    /// Actions in the record.
    pub total: usize,
    /// Whether it plays by itself.
    pub playing: bool,
}

/// Something a player asks of the match, whatever the game.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchRequest {
    /// Take back: one ply with players sharing the device, back to a person's turn against a
    /// computer.
    Undo,
    /// The local player resigns (the player to move, when players share the device).
    Resign,
    /// The local player offers a draw to a computer, which answers at once.
    OfferDraw,
    /// The players agreed to a draw.
    AgreeDraw,
    /// The person to move ran out of time on the move clock.
    OutOfTime,
}

/// The move clock of a game at this device: each person has this long for a move (computers
/// never run out).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LocalClock {
    /// Time for each move; `None`: no clock.
    pub per_move: Option<Duration>,
    /// When the move of the position `for_key` runs out (time since start-up).
    deadline: Option<(PositionKey, Duration)>,
}

impl LocalClock {
    /// A clock of `clock`'s kind.
    pub fn new(clock: MoveClock) -> LocalClock {
        LocalClock {
            per_move: clock
                .seconds_per_move()
                .map(|seconds| Duration::from_secs(seconds.into())),
            deadline: None,
        }
    }

    /// A clock of `per_move` for each move.
    pub fn every(per_move: Duration) -> LocalClock {
        LocalClock {
            per_move: Some(per_move),
            deadline: None,
        }
    }

    /// The time left for the move now, while the clock runs.
    pub fn left(&self, now: Duration) -> Option<Duration> {
        self.deadline.map(|(_, at)| at.saturating_sub(now))
    }
}

/// The local move clock's work: the online code keeps it asleep while a server keeps the
/// clock.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LocalClockRuns;

/// Runs the local clock for the person to move; at zero, they lose on time.
fn run_local_clock(
    time: Res<Time>,
    status: Res<MatchStatus>,
    seats: Res<Seats>,
    mut clock: ResMut<LocalClock>,
    mut requests: MessageWriter<MatchRequest>,
) {
    let runs = clock.per_move.is_some() && status.local_turn(&seats);
    let Some(per_move) = clock.per_move.filter(|_| runs) else {
        clock.bypass_change_detection().deadline = None;
        return;
    };
    let now = time.elapsed();
    match clock.deadline {
        Some((key, at)) if key == status.key => {
            if now >= at {
                requests.write(MatchRequest::OutOfTime);
                clock.deadline = None;
            }
        }
        _ => clock.deadline = Some((status.key, now + per_move)),
    }
}

/// A computer turned a draw offer down.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct DrawDeclined;

/// How a new game is dealt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Deal {
    /// Deal from this seed (the same seed always gives the same deal); random when `None`.
    pub seed: Option<u64>,
    /// Play this many random legal actions first (screenshots of a game in progress).
    pub warm_up: u32,
}

impl Deal {
    /// A random number generator for the deal: seeded from its seed mixed with `salt` (each
    /// game its own), the same for every deal without a seed.
    pub fn rng(&self, salt: u64) -> Xoshiro256PlusPlus {
        Xoshiro256PlusPlus::seed_from_u64(self.seed.unwrap_or(0) ^ salt)
    }

    /// Plays the deal's warm-up on `game`: that many random legal actions drawn with `rng`,
    /// fewer where the game runs out of them. `legal` lists the actions of the position into
    /// the list it is given, `play` plays one and says whether it could.
    pub fn warm_up<G, L, A>(
        &self,
        game: &mut G,
        rng: &mut impl Rng,
        legal: impl Fn(&G, &mut L),
        play: impl Fn(&mut G, A) -> bool,
    ) where
        L: Default + AsRef<[A]>,
        A: Copy,
    {
        let mut actions = L::default();
        for _ in 0..self.warm_up {
            legal(game, &mut actions);
            let Some(&action) = actions.as_ref().choose(rng) else {
                break;
            };
            if !play(game, action) {
                break;
            }
        }
    }
}

/// Start a new game.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct NewMatch {
    /// Which game.
    pub game: GameKind,
    /// Who plays each seat.
    pub seats: Seats,
    /// How it is dealt.
    pub deal: Deal,
    /// Whether this is the title screen's demonstration.
    pub attract: bool,
}

/// Continue a saved game from its record.
#[derive(Message, Clone, Debug)]
pub struct ResumeMatch {
    /// Which game.
    pub game: GameKind,
    /// Who plays each seat.
    pub seats: Seats,
    /// The game's own record (each game reads its own; a bad one is reported, never a panic).
    pub record: serde_json::Value,
}

/// The game on the table: the one whose model last had a game put on it. Its board, pieces and
/// markers are scoped to it (the board is set up on entering, and everything of its table goes
/// on leaving), and its systems that act on the table run only while it is here
/// ([`on_table`]).
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TableGame(pub GameKind);

/// How the match on the table came there, which decides what around it wakes: the shelf keeps
/// and saves only games played, the log and the sounds skip the demonstration. Set with
/// [`TableGame`] in the frame a game is put on the table, from the authority that put it there.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TableMode {
    /// The title screen's computer-vs-computer demonstration.
    #[default]
    Attract,
    /// A game played at this device, ruled by the local referee.
    Local,
    /// A lesson's step.
    Lesson,
    /// A replay: the record rules, everyone watches.
    Replay,
    /// A game the server rules.
    Online,
}

/// A run condition: whether the table shows a game being played, here or online (not the
/// demonstration, nor a replay).
pub fn game_played(mode: Option<Res<State<TableMode>>>) -> bool {
    mode.is_some_and(|mode| {
        matches!(
            mode.get(),
            TableMode::Local | TableMode::Lesson | TableMode::Online
        )
    })
}

/// A run condition: whether `game` is on the table. Each game gives it to every one of its
/// systems that act on the table (input, pieces, markers, HUD section, computers, what the
/// shell hears of the match), with `distributive_run_if` so that each asks just before it runs:
/// a game brought to the table within a frame takes over at once.
pub fn on_table(game: GameKind) -> impl FnMut(Option<Res<State<TableGame>>>) -> bool + Clone {
    in_state(TableGame(game))
}

/// A run condition: whether one of `games` is on the table (the systems of a model that plays
/// several games, as [`on_table`] says).
pub fn on_table_any(
    games: &'static [GameKind],
) -> impl FnMut(Option<Res<State<TableGame>>>) -> bool + Clone {
    move |table: Option<Res<State<TableGame>>>| {
        table.is_some_and(|table| games.contains(&table.get().0))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MatchStatus>()
        .init_resource::<LocalClock>()
        .init_state::<TableGame>()
        .init_state::<TableMode>()
        .add_systems(
            Update,
            run_local_clock
                .in_set(ClientSet::Command)
                .in_set(LocalClockRuns),
        )
        .add_message::<MatchRequest>()
        .add_message::<DrawDeclined>()
        .add_message::<NewMatch>()
        .add_message::<ResumeMatch>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_game_reopens_only_without_a_player_elsewhere() {
        let over = MatchStatus {
            over: true,
            ..Default::default()
        };
        assert!(over.can_undo(&Seats::hot_seat()));
        let online = Seats::try_from(vec![Controller::Local, Controller::Remote]).unwrap();
        assert!(!over.can_undo(&online));
        assert!(!MatchStatus::default().can_undo(&Seats::hot_seat()));
    }
}
