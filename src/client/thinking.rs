//! Computer players and hints: a game's search runs on the async compute pool where there are
//! threads, and in the browser, which has none for the page, in a Web Worker beside it (or, where
//! the browser cannot start one, in slices of each frame). A computer answers no sooner than a
//! short delay, so a person can follow its moves.

use super::matches::{MatchStatus, PositionKey};
use super::seats::{Controller, Seats};
use super::timeline::Anim;
use super::{ClientSet, Screen};
use crate::ai::Level;
use crate::ai::request::{Search, Sight};
use crate::ai::review::Judgement;
use crate::rules::GameKind;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::time::Duration;

/// A game the computer can play: the model of the match on the table.
pub trait ComputerGame: Resource {
    /// Which game this is: its computers play only while it is on the table.
    const KIND: GameKind;
    /// What the side to move sees: all its search is given.
    type Sight: Sight + Send + Sync + 'static;
    /// The request that plays a chosen action.
    type Request: Message;

    /// The position the model shows now.
    fn key(&self) -> PositionKey;

    /// What the side to move sees now.
    fn sight(&self) -> Self::Sight;

    /// The seed of the side to move's decision now: the same position of the same game gets
    /// the same choice.
    fn seed(&self) -> u64;

    /// The request that plays `action` in the current position.
    fn request(&self, action: ActionOf<Self>) -> Self::Request;
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

/// A decision running without holding up frames, on a thread of the async compute pool.
#[cfg(not(target_arch = "wasm32"))]
struct Pondering<S: Sight> {
    task: bevy::tasks::Task<Option<S::Action>>,
}

#[cfg(not(target_arch = "wasm32"))]
impl<S: Sight> Pondering<S> {
    fn start(sight: S, search: Search) -> Pondering<S> {
        use crate::ai::Decision;
        let mut decision = sight.thinker(&search);
        let task = bevy::tasks::AsyncComputeTaskPool::get()
            .spawn(async move { crate::ai::think_to_the_end(|| decision.think(None)) });
        Pondering { task }
    }

    /// The chosen action (`Some(None)`: there was none), once the decision is made.
    fn poll(&mut self) -> Option<Option<S::Action>> {
        bevy::tasks::futures::check_ready(&mut self.task)
    }

    /// Where the search ran, for the log.
    fn sharing(&self) -> String {
        "on a worker thread".to_string()
    }
}

/// A decision running without holding up frames: in a Web Worker, or where there is none, in
/// slices of frames.
#[cfg(target_arch = "wasm32")]
enum Pondering<S: Sight> {
    /// A worker answers the request; `sight` and `search` are kept to think here if it fails.
    Beside {
        worker: beside::WorkerSearch,
        sight: S,
        search: Search,
    },
    /// The search runs here, in slices of frames: how many it has worked and the longest.
    Sliced {
        decision: Box<S::Thinker>,
        slices: (u32, Duration),
    },
}

/// How long the search may work in one frame when it runs in the page: with the frame's own
/// work it stays near 30 ms, even on a busy machine.
#[cfg(target_arch = "wasm32")]
const SLICE: Duration = Duration::from_millis(15);

#[cfg(target_arch = "wasm32")]
impl<S: Sight> Pondering<S> {
    fn start(sight: S, search: Search) -> Pondering<S> {
        let request = crate::ai::request::ThinkRequest {
            seen: sight.seen(),
            search,
            judge: None,
        };
        let request = serde_json::to_string(&request).expect("a request is plain data");
        match beside::WorkerSearch::start(&request) {
            Ok(worker) => Pondering::Beside {
                worker,
                sight,
                search,
            },
            Err(why) => Pondering::sliced(&sight, &search, &why),
        }
    }

    /// The search in slices of frames, because `why`.
    fn sliced(sight: &S, search: &Search, why: &str) -> Pondering<S> {
        warn!("the computer thinks in slices of frames: {why}");
        Pondering::Sliced {
            decision: Box::new(sight.thinker(search)),
            slices: (0, Duration::ZERO),
        }
    }

    /// The chosen action (`Some(None)`: there was none), once the decision is made.
    fn poll(&mut self) -> Option<Option<S::Action>> {
        use crate::ai::Decision;
        match self {
            Pondering::Beside {
                worker,
                sight,
                search,
            } => {
                let why = match worker.poll()? {
                    Ok(answer) => match answer.action.map(|text| text.parse()).transpose() {
                        Ok(action) => return Some(action),
                        Err(_) => "the worker's action is unreadable".to_string(),
                    },
                    Err(why) => why,
                };
                *self = Pondering::sliced(sight, search, &why);
                None
            }
            Pondering::Sliced { decision, slices } => {
                let started = web_time::Instant::now();
                let answer = decision.think(Some(SLICE));
                slices.0 += 1;
                slices.1 = slices.1.max(started.elapsed());
                match answer {
                    std::task::Poll::Ready(answer) => Some(answer),
                    std::task::Poll::Pending => None,
                }
            }
        }
    }

    /// Where the search ran and how it shared the time with frames, for the log.
    fn sharing(&self) -> String {
        match self {
            Pondering::Beside { .. } => "in a Web Worker".to_string(),
            Pondering::Sliced {
                slices: (count, longest),
                ..
            } => format!(
                "in {count} slices of at most {:.1} ms",
                longest.as_secs_f64() * 1000.0
            ),
        }
    }
}

/// The Web Workers that answer the browser's search requests (`web/think-worker.js`). A worker
/// and its listeners are JavaScript objects, which cannot be in a Bevy resource (it must be
/// `Send`): they stay in this thread's table, and a [`WorkerSearch`] holds their number.
#[cfg(target_arch = "wasm32")]
mod beside {
    use crate::ai::request::{Reply, ThinkAnswer};
    use std::cell::{Cell, RefCell};
    use std::collections::HashMap;
    use std::rc::Rc;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::JsValue;
    use wasm_bindgen::closure::Closure;
    use web_sys::{Event, MessageEvent, Worker};

    /// The worker's script, beside the page.
    const SCRIPT: &str = "think-worker.js";

    /// What a worker has said: its reply's text, or why it failed.
    type Heard = Rc<RefCell<Option<Result<String, String>>>>;

    /// A running worker and what keeps its listeners alive.
    struct Running {
        worker: Worker,
        heard: Heard,
        _on_message: Closure<dyn FnMut(MessageEvent)>,
        _on_error: Closure<dyn FnMut(Event)>,
    }

    thread_local! {
        static RUNNING: RefCell<HashMap<u64, Running>> = RefCell::new(HashMap::new());
        static NEXT: Cell<u64> = const { Cell::new(0) };
    }

    /// A request a worker is answering; dropping it ends the worker, and its search.
    pub struct WorkerSearch(u64);

    impl WorkerSearch {
        /// Starts a worker on `request` (a `ThinkRequest` as JSON); why not, if it cannot.
        pub fn start(request: &str) -> Result<WorkerSearch, String> {
            let why = |error: JsValue| format!("no Web Worker ({error:?})");
            let worker = Worker::new(SCRIPT).map_err(why)?;
            let heard: Heard = Rc::default();
            let on_message = {
                let heard = heard.clone();
                Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                    let text = event.data().as_string();
                    *heard.borrow_mut() =
                        Some(text.ok_or_else(|| "the worker's reply is not text".to_string()));
                })
            };
            let on_error = {
                let heard = heard.clone();
                // A script that fails to load gives a plain Event, not an ErrorEvent.
                Closure::<dyn FnMut(Event)>::new(move |event: Event| {
                    *heard.borrow_mut() =
                        Some(Err(format!("the worker failed ({})", event.type_())));
                })
            };
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            if let Err(error) = worker.post_message(&JsValue::from_str(request)) {
                worker.terminate();
                return Err(why(error));
            }
            let id = NEXT.replace(NEXT.get() + 1);
            let running = Running {
                worker,
                heard,
                _on_message: on_message,
                _on_error: on_error,
            };
            RUNNING.with_borrow_mut(|table| table.insert(id, running));
            Ok(WorkerSearch(id))
        }

        /// The worker's answer once it has answered, or why it failed.
        pub fn poll(&self) -> Option<Result<ThinkAnswer, String>> {
            let reply =
                RUNNING.with_borrow(|table| table.get(&self.0)?.heard.borrow_mut().take())?;
            Some(
                reply.and_then(|text| match serde_json::from_str::<Reply>(&text) {
                    Ok(Reply::Answer(answer)) => Ok(answer),
                    Ok(Reply::Error { error }) => Err(error),
                    Err(error) => Err(format!("the worker's reply is unreadable: {error}")),
                }),
            )
        }
    }

    impl Drop for WorkerSearch {
        fn drop(&mut self) {
            if let Some(running) = RUNNING.with_borrow_mut(|table| table.remove(&self.0)) {
                running.worker.terminate();
            }
        }
    }
}

/// A review's judgement of one action, worked out without holding up frames: on a thread
/// of the async compute pool, or in the browser in a Web Worker (where none starts, here, in
/// one go: a position takes tens of milliseconds at the review's level).
pub struct Judging<S: Sight> {
    #[cfg(not(target_arch = "wasm32"))]
    task: bevy::tasks::Task<Result<Judgement<S::Action>, String>>,
    #[cfg(target_arch = "wasm32")]
    worker: Result<beside::WorkerSearch, Result<Judgement<S::Action>, String>>,
}

impl<S: Sight + Send + 'static> Judging<S> {
    /// Starts judging `played` in `sight` at `level`.
    pub fn start(sight: S, played: S::Action, level: Level) -> Judging<S> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let task = bevy::tasks::AsyncComputeTaskPool::get()
                .spawn(async move { sight.judge(played, level) });
            Judging { task }
        }
        #[cfg(target_arch = "wasm32")]
        {
            let request = crate::ai::request::ThinkRequest {
                seen: sight.seen(),
                search: Search {
                    level,
                    seed: 0,
                    quick: false,
                    nodes: None,
                },
                judge: Some(played.to_string()),
            };
            let request = serde_json::to_string(&request).expect("a request is plain data");
            let worker = beside::WorkerSearch::start(&request).map_err(|why| {
                warn!("the review judges here, in one go: {why}");
                sight.judge(played, level)
            });
            Judging { worker }
        }
    }

    /// The judgement, or why there is none, once worked out.
    pub fn poll(&mut self) -> Option<Result<Judgement<S::Action>, String>> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            bevy::tasks::futures::check_ready(&mut self.task)
        }
        #[cfg(target_arch = "wasm32")]
        match &self.worker {
            Ok(worker) => Some(worker.poll()?.and_then(|answer| {
                answer
                    .judgement()
                    .ok_or_else(|| "the worker's judgement is unreadable".to_string())
            })),
            Err(done) => Some(done.clone()),
        }
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
    /// Starts working out a hint for the position `game` shows.
    pub fn request(&mut self, game: &G) {
        self.key = game.key();
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

/// Computers and hints for the game `G`.
pub fn plugin<G: ComputerGame>(app: &mut App) {
    app.init_resource::<ComputerPaused>()
        .init_resource::<Thinking<G>>()
        .init_resource::<Hint<G>>()
        .add_message::<HintRequest>()
        .add_systems(
            Update,
            (drive_computer::<G>, start_hint::<G>, poll_hint::<G>).in_set(ClientSet::Command),
        );
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
    status: Res<MatchStatus>,
    game: Res<G>,
    mut hint: ResMut<Hint<G>>,
) {
    if requests.read().count() > 0 && status.game == G::KIND && !hint.thinking() {
        hint.request(&game);
    }
}

/// Collects a finished hint; forgets it once the position has changed.
fn poll_hint<G: ComputerGame>(game: Res<G>, mut hint: ResMut<Hint<G>>) {
    if hint.key != game.key() {
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
    anims: Query<'w, 's, (), With<Anim>>,
}

impl ComputerTurn<'_, '_> {
    /// The level of the computer to move, when it may play: not paused, and the demonstration
    /// only on the title screen, a player's game only while playing.
    fn level(&self, game: GameKind) -> Option<Level> {
        if self.status.game != game {
            return None;
        }
        let on_its_screen = self.status.attract == (*self.screen.get() == Screen::Title);
        (!self.paused.0 && on_its_screen)
            .then(|| computer_to_move(&self.status, &self.seats))
            .flatten()
    }
}

fn drive_computer<G: ComputerGame>(
    time: Res<Time>,
    game: Res<G>,
    turn: ComputerTurn,
    mut thinking: ResMut<Thinking<G>>,
    mut requests: MessageWriter<G::Request>,
) {
    let level = turn.level(G::KIND);
    if level.is_none() || thinking.key != game.key() {
        // Dropping a task cancels it.
        thinking.task = None;
        thinking.answer = None;
        thinking.key = game.key();
    }
    let Some(level) = level else {
        return;
    };
    let attract = turn.status.attract;
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
        requests.write(game.request(action));
    }
}
