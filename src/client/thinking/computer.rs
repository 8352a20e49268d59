//! Computer players and hints: each game's computer seats and hint, thinking without holding
//! up frames (`native.rs`, `web.rs`). A computer answers no sooner than a short delay, so a
//! person can follow its moves.

#[cfg(not(target_arch = "wasm32"))]
use super::native::Pondering;
#[cfg(target_arch = "wasm32")]
use super::web::Pondering;
use crate::ai::Level;
use crate::ai::request::{Search, Sight};
use crate::client::matches::{MatchStatus, PositionKey, TableGame, TableMode, on_table_any};
use crate::client::schedule::{ClientSet, Screen};
use crate::client::seats::{Controller, Seats};
use crate::client::timeline::Anim;
use crate::rules::GameKind;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::time::Duration;

/// A game the computer can play: the model of the match on the table.
pub trait ComputerGame: Resource {
    /// The games this model plays (one model may play two games on the same board): its
    /// computers and hints work only while one of them is on the table.
    const KINDS: &'static [GameKind];
    /// What the side to move sees: all its search is given.
    type Sight: Sight + Send + Sync + 'static;
    /// The request that plays a chosen action.
    type Request: Message;

    /// The game this model shows now, one of [`ComputerGame::KINDS`].
    fn kind(&self) -> GameKind {
        Self::KINDS[0]
    }

    /// What the side to move sees now.
    fn sight(&self) -> Self::Sight;

    /// The seed of the side to move's decision now: the same position of the same game gets
    /// the same choice.
    fn seed(&self) -> u64;

    /// The request that plays `action` in the position `key` names (the one on the table).
    fn request(action: ActionOf<Self>, key: PositionKey) -> Self::Request;
}

/// The chosen action of a game's search.
pub type ActionOf<G> = <<G as ComputerGame>::Sight as Sight>::Action;

/// Stops computers from moving (screenshots of a fixed position).
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct ComputerPaused(pub bool);

/// Ask for a hint for the side to move.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct HintRequest;

/// The search for the side to move in `game` at `level`; `quick` for the title screen's
/// demonstration, which thinks briefly.
fn search_of<G: ComputerGame>(game: &G, level: Level, quick: bool) -> Search {
    Search {
        level,
        seed: game.seed(),
        quick,
        nodes: None,
    }
}

/// A computer's decision in progress.
#[derive(Resource)]
struct Thinking<G: ComputerGame> {
    /// The position it is for.
    key: PositionKey,
    task: Option<Pondering<G::Sight>>,
    /// The answer, once decided, held until the minimum delay has passed.
    answer: Option<ActionOf<G>>,
    /// When the decision started.
    started: Duration,
}

impl<G: ComputerGame> Default for Thinking<G> {
    fn default() -> Thinking<G> {
        Thinking {
            key: PositionKey::default(),
            task: None,
            answer: None,
            started: Duration::ZERO,
        }
    }
}

/// The Hint button's suggestion: what a Medium computer would play for the side to move.
#[derive(Resource)]
pub struct Hint<G: ComputerGame> {
    /// The position the hint is for.
    key: PositionKey,
    task: Option<Pondering<G::Sight>>,
    /// The suggested action, once found, for the current position only.
    pub suggestion: Option<ActionOf<G>>,
}

impl<G: ComputerGame> Default for Hint<G> {
    fn default() -> Hint<G> {
        Hint {
            key: PositionKey::default(),
            task: None,
            suggestion: None,
        }
    }
}

impl<G: ComputerGame> Hint<G> {
    /// Starts working out a hint for the position `game` shows, which `key` names.
    pub fn request(&mut self, game: &G, key: PositionKey) {
        self.key = key;
        self.suggestion = None;
        self.task = Some(Pondering::start(
            game.sight(),
            search_of(game, Level::Medium, false),
        ));
    }

    /// Whether a hint is being worked out.
    pub fn thinking(&self) -> bool {
        self.task.is_some()
    }
}

/// Computers and hints for the game `G`, while it is on the table.
pub fn plugin<G: ComputerGame>(app: &mut App) {
    for &kind in G::KINDS {
        app.add_systems(OnExit(TableGame(kind)), stop_thinking::<G>);
    }
    app.init_resource::<ComputerPaused>()
        .init_resource::<Thinking<G>>()
        .init_resource::<Hint<G>>()
        .add_message::<HintRequest>()
        .add_systems(
            Update,
            (drive_computer::<G>, start_hint::<G>, poll_hint::<G>)
                .distributive_run_if(on_table_any(G::KINDS))
                .in_set(ClientSet::Command),
        );
}

/// Drops the decision and the hint in progress when `G` leaves the table (dropping a task
/// cancels it).
fn stop_thinking<G: ComputerGame>(mut thinking: ResMut<Thinking<G>>, mut hint: ResMut<Hint<G>>) {
    *thinking = Thinking::default();
    *hint = Hint::default();
}

/// Whether a computer is to move in the match on the table.
pub fn computer_to_move(status: &MatchStatus, seats: &Seats) -> Option<Level> {
    match seats.controller(status.to_move) {
        Controller::Computer(level) if !status.over => Some(level),
        _ => None,
    }
}

fn start_hint<G: ComputerGame>(
    mut requests: MessageReader<HintRequest>,
    (game, status): (Res<G>, Res<MatchStatus>),
    mut hint: ResMut<Hint<G>>,
) {
    if requests.read().count() > 0 && !hint.thinking() {
        hint.request(&game, status.key);
    }
}

/// Collects a finished hint; forgets it once the position has changed.
fn poll_hint<G: ComputerGame>(status: Res<MatchStatus>, mut hint: ResMut<Hint<G>>) {
    if hint.key != status.key {
        hint.task = None;
        hint.suggestion = None;
        return;
    }
    if let Some(task) = hint.task.as_mut()
        && let Some(answer) = task.poll()
    {
        hint.task = None;
        hint.suggestion = answer;
    }
}

/// The shortest time a computer takes for a move, so a person can follow.
const MIN_DELAY: Duration = Duration::from_millis(400);
/// The same on the title screen, where the demonstration plays quickly.
const ATTRACT_DELAY: Duration = Duration::from_millis(150);

/// Whether, and at which level, a computer may think now.
#[derive(SystemParam)]
struct ComputerTurn<'w, 's> {
    status: Res<'w, MatchStatus>,
    seats: Res<'w, Seats>,
    paused: Res<'w, ComputerPaused>,
    screen: Res<'w, State<Screen>>,
    mode: Res<'w, State<TableMode>>,
    anims: Query<'w, 's, (), With<Anim>>,
}

impl ComputerTurn<'_, '_> {
    /// The level of the computer to move, when it may play: not paused, and the demonstration
    /// only on the title screen, a player's game only while playing.
    fn level(&self) -> Option<Level> {
        let on_its_screen = self.attract() == (*self.screen.get() == Screen::Title);
        (!self.paused.0 && on_its_screen)
            .then(|| computer_to_move(&self.status, &self.seats))
            .flatten()
    }

    /// Whether the demonstration is on the table.
    fn attract(&self) -> bool {
        *self.mode.get() == TableMode::Attract
    }
}

fn drive_computer<G: ComputerGame>(
    time: Res<Time>,
    game: Res<G>,
    turn: ComputerTurn,
    mut thinking: ResMut<Thinking<G>>,
    mut requests: MessageWriter<G::Request>,
) {
    let level = turn.level();
    let key = turn.status.key;
    if level.is_none() || thinking.key != key {
        // Dropping a task cancels it.
        thinking.task = None;
        thinking.answer = None;
        thinking.key = key;
    }
    let Some(level) = level else {
        return;
    };
    let attract = turn.attract();
    let now = time.elapsed();
    if thinking.task.is_none() && thinking.answer.is_none() {
        // Start thinking once the last action has been shown.
        if !turn.anims.is_empty() {
            return;
        }
        thinking.task = Some(Pondering::start(
            game.sight(),
            search_of(&*game, level, attract),
        ));
        thinking.started = now;
    }
    let started = thinking.started;
    if let Some(task) = thinking.task.as_mut()
        && let Some(answer) = task.poll()
    {
        if !attract {
            info!(
                "the {level:?} computer thought for {} ms {}",
                now.saturating_sub(started).as_millis(),
                task.sharing()
            );
        }
        thinking.task = None;
        match answer {
            Some(action) => thinking.answer = Some(action),
            None => {
                warn!("the computer found no action");
                return;
            }
        }
    }
    let delay = if attract { ATTRACT_DELAY } else { MIN_DELAY };
    if now.saturating_sub(started) >= delay
        && let Some(action) = thinking.answer.take()
    {
        requests.write(G::request(action, key));
    }
}
