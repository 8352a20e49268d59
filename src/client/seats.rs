//! Seats and who drives them: a local player or a computer. Computers think on the async
//! compute pool and answer no sooner than a short delay, so their moves can be followed.

use super::game::{ActiveGame, GameRequest};
use super::{ClientSet, Screen};
use crate::ai::Level;
#[cfg(target_arch = "wasm32")]
use crate::ai::junqi::Thinker;
use crate::ai::junqi::{Limits, limits};
use crate::rules::junqi::{Action, PlayerView};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Who plays a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Controller {
    /// A person at this device.
    Local,
    /// The computer, at this level.
    Computer(Level),
}

/// Who plays each seat: index 0 is the first player (south), 1 the second.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Seats(pub [Controller; 2]);

impl Default for Seats {
    fn default() -> Seats {
        Seats::hot_seat()
    }
}

impl Seats {
    /// Two players on this device.
    pub fn hot_seat() -> Seats {
        Seats([Controller::Local; 2])
    }

    /// One player against the computer; the player takes seat `human` (0 moves first).
    pub fn versus_computer(level: Level, human: usize) -> Seats {
        let mut seats = [Controller::Computer(level); 2];
        seats[human.min(1)] = Controller::Local;
        Seats(seats)
    }

    /// The title screen's demonstration: two easy computers.
    pub fn attract() -> Seats {
        Seats([Controller::Computer(Level::Easy); 2])
    }

    /// The only local seat, when exactly one seat is local.
    pub fn single_local(&self) -> Option<usize> {
        match self.0 {
            [Controller::Local, Controller::Computer(_)] => Some(0),
            [Controller::Computer(_), Controller::Local] => Some(1),
            _ => None,
        }
    }

    /// Whether both seats are local.
    pub fn all_local(&self) -> bool {
        self.0 == [Controller::Local; 2]
    }

    /// The seat a local request (resign, offer a draw) comes from, given the seat to move: the
    /// human against a computer, otherwise the player to move.
    pub fn local_player(&self, to_move: usize) -> usize {
        self.single_local().unwrap_or(to_move)
    }

    /// How many plies an undo takes back: one with two local players; against a computer, back
    /// to the most recent position where the human is to move.
    pub fn undo_plies(&self, active: &ActiveGame) -> usize {
        let played = active.game.history().len();
        if self.all_local() {
            return played.min(1);
        }
        (1..=played)
            .find(|&back| self.0[(played - back) % 2] == Controller::Local)
            .unwrap_or(0)
    }
}

/// Whether a computer opponent accepts a draw offer: only in a long quiet phase.
pub fn computer_accepts_draw(active: &ActiveGame) -> bool {
    active.game.view().quiet_plies() >= 40
}

/// Stops computers from moving (screenshots of a fixed position).
#[derive(Resource, Default, Clone, Copy, Debug)]
pub struct ComputerPaused(pub bool);

/// A search that runs without holding up frames: a task on the async compute pool where there
/// are threads; in the browser, which has none, a [`Thinker`] that works a slice of each frame.
struct Pondering {
    #[cfg(not(target_arch = "wasm32"))]
    task: bevy::tasks::Task<Option<Action>>,
    #[cfg(target_arch = "wasm32")]
    thinker: Box<Thinker>,
    /// How many slices the browser's search has worked, and the longest of them.
    #[cfg(target_arch = "wasm32")]
    slices: (u32, Duration),
}

/// How long the browser build's search may work in one frame: with the frame's own work it
/// stays near 30 ms, even on a busy machine.
#[cfg(target_arch = "wasm32")]
const SLICE: Duration = Duration::from_millis(15);

impl Pondering {
    /// Starts choosing an action for the side to move in `view`.
    fn start(view: PlayerView, level: Level, limits: Limits) -> Pondering {
        let seed = u64::from(view.ply());
        #[cfg(not(target_arch = "wasm32"))]
        {
            let task = bevy::tasks::AsyncComputeTaskPool::get().spawn(async move {
                crate::ai::junqi::choose_action_within(&view, level, limits, seed)
            });
            Pondering { task }
        }
        #[cfg(target_arch = "wasm32")]
        Pondering {
            thinker: Box::new(Thinker::new(&view, level, limits, seed)),
            slices: (0, Duration::ZERO),
        }
    }

    /// The chosen action (`Some(None)`: there was none), once the search is done.
    fn poll(&mut self) -> Option<Option<Action>> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            bevy::tasks::futures::check_ready(&mut self.task)
        }
        #[cfg(target_arch = "wasm32")]
        {
            let started = web_time::Instant::now();
            let answer = self.thinker.think(Some(SLICE));
            self.slices.0 += 1;
            self.slices.1 = self.slices.1.max(started.elapsed());
            match answer {
                std::task::Poll::Ready(answer) => Some(answer),
                std::task::Poll::Pending => None,
            }
        }
    }

    /// How the search shared the time with frames, for the log.
    fn sharing(&self) -> String {
        #[cfg(not(target_arch = "wasm32"))]
        {
            "on a worker thread".to_string()
        }
        #[cfg(target_arch = "wasm32")]
        {
            let (count, longest) = self.slices;
            format!(
                "in {count} slices of at most {:.1} ms",
                longest.as_secs_f64() * 1000.0
            )
        }
    }
}

/// A computer's search in progress.
#[derive(Resource, Default)]
struct Thinking {
    /// The position the search is for ([`ActiveGame::key`]).
    key: (u64, usize),
    task: Option<Pondering>,
    /// The answer, once the search is done, held until the minimum delay has passed.
    answer: Option<Action>,
    /// When the search started.
    started: Duration,
}

/// The shortest time a computer takes for a move, so a person can follow.
const MIN_DELAY: Duration = Duration::from_millis(400);
/// The same on the title screen, where the demonstration plays quickly.
const ATTRACT_DELAY: Duration = Duration::from_millis(150);
/// The demonstration's thinking budget.
const ATTRACT_BUDGET: Duration = Duration::from_millis(60);

/// The "Hint" button's suggestion: what a Medium computer would play for the side to move.
#[derive(Resource, Default)]
pub struct Hint {
    /// The position the hint is for ([`ActiveGame::key`]).
    key: (u64, usize),
    task: Option<Pondering>,
    /// The suggested action, once found, for the current position only.
    pub suggestion: Option<Action>,
}

impl Hint {
    /// Starts thinking about a hint for the current position.
    pub fn request(&mut self, active: &ActiveGame) {
        let view = active.game.view().clone();
        self.key = active.key();
        self.suggestion = None;
        self.task = Some(Pondering::start(view, Level::Medium, limits(Level::Medium)));
    }

    /// Whether a hint is being worked out.
    pub fn thinking(&self) -> bool {
        self.task.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Seats>()
        .init_resource::<ComputerPaused>()
        .init_resource::<Thinking>()
        .init_resource::<Hint>()
        .add_systems(
            Update,
            (drive_computer, poll_hint).in_set(ClientSet::Command),
        );
}

/// Collects a finished hint; forgets it once the position has changed.
fn poll_hint(active: Res<ActiveGame>, mut hint: ResMut<Hint>) {
    if hint.key != active.key() {
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

/// Whether a computer is thinking about the current position.
pub fn computer_thinking(active: &ActiveGame, seats: &Seats) -> bool {
    active.game.outcome().is_none()
        && matches!(seats.0[active.player_to_move()], Controller::Computer(_))
}

#[allow(clippy::too_many_arguments)]
fn drive_computer(
    time: Res<Time>,
    active: Res<ActiveGame>,
    seats: Res<Seats>,
    paused: Res<ComputerPaused>,
    screen: Res<State<Screen>>,
    anims: Query<(), With<super::Anim>>,
    mut thinking: ResMut<Thinking>,
    mut requests: MessageWriter<GameRequest>,
) {
    let attract = active.attract;
    let wanted = !paused.0
        && attract == (*screen.get() == Screen::Title)
        && computer_thinking(&active, &seats);
    if !wanted || thinking.key != active.key() {
        // Dropping a task cancels it.
        thinking.task = None;
        thinking.answer = None;
        thinking.key = active.key();
        if !wanted {
            return;
        }
    }
    let Controller::Computer(level) = seats.0[active.player_to_move()] else {
        return;
    };
    let now = time.elapsed();
    if thinking.task.is_none() && thinking.answer.is_none() {
        // Start thinking once the last action has been shown.
        if !anims.is_empty() {
            return;
        }
        let view = active.game.view().clone();
        let task = if attract {
            let demo_limits = Limits {
                max_time: ATTRACT_BUDGET,
                ..limits(Level::Easy)
            };
            Pondering::start(view, Level::Easy, demo_limits)
        } else {
            Pondering::start(view, level, limits(level))
        };
        thinking.task = Some(task);
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
    if now.saturating_sub(thinking.started) >= delay
        && let Some(action) = thinking.answer.take()
    {
        requests.write(GameRequest::play(action, &active));
    }
}
