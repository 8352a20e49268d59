//! Where the computer thinks in the browser, which has no threads for the page: in a Web
//! Worker beside it, or where the browser cannot start one, in slices of each frame. The same
//! interface as `native.rs`.

use crate::ai::Decision;
use crate::ai::Level;
use crate::ai::request::{Search, Sight, ThinkRequest};
use crate::ai::review::Judgement;
use bevy::log::warn;
use std::time::Duration;

/// A decision running without holding up frames: in a Web Worker, or where there is none, in
/// slices of frames.
pub(super) enum Pondering<S: Sight> {
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
const SLICE: Duration = Duration::from_millis(15);

impl<S: Sight> Pondering<S> {
    pub(super) fn start(sight: S, search: Search) -> Pondering<S> {
        let request = sight.choice_request(search);
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
    pub(super) fn poll(&mut self) -> Option<Option<S::Action>> {
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
    pub(super) fn sharing(&self) -> String {
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

/// A review's judgement of one action, worked out without holding up frames: in a Web Worker
/// (where none starts, here, in one go: a position takes tens of milliseconds at the review's
/// level).
pub struct Judging<S: Sight> {
    worker: Result<beside::WorkerSearch, Result<Judgement<S::Action>, String>>,
}

impl<S: Sight + Send + 'static> Judging<S> {
    /// Starts judging `played` in `sight` at `level`.
    pub fn start(sight: S, played: S::Action, level: Level) -> Judging<S> {
        let request = ThinkRequest {
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

    /// The judgement, or why there is none, once worked out.
    pub fn poll(&mut self) -> Option<Result<Judgement<S::Action>, String>> {
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

/// The Web Workers that answer the browser's search requests (`web/think-worker.js`). A worker
/// and its listeners are JavaScript objects, which cannot be in a Bevy resource (it must be
/// `Send`): they stay in this thread's table, and a [`WorkerSearch`] holds their number. The
/// last worker to answer is kept for the next request, so that what its search keeps between
/// requests (Xiangqi Hard's transposition table, for the game it last searched) serves the
/// next decision.
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

    /// A worker and what keeps its listeners alive.
    struct Running {
        worker: Worker,
        heard: Heard,
        /// Whether it has answered its request, so that it may take another.
        answered: bool,
        _on_message: Closure<dyn FnMut(MessageEvent)>,
        _on_error: Closure<dyn FnMut(Event)>,
    }

    impl Running {
        /// A new worker, listened to.
        fn new() -> Result<Running, JsValue> {
            let worker = Worker::new(SCRIPT)?;
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
            Ok(Running {
                worker,
                heard,
                answered: false,
                _on_message: on_message,
                _on_error: on_error,
            })
        }

        /// Sends the worker `request`; ends it if that fails.
        fn ask(mut self, request: &str) -> Result<Running, JsValue> {
            self.heard.borrow_mut().take();
            self.answered = false;
            match self.worker.post_message(&JsValue::from_str(request)) {
                Ok(()) => Ok(self),
                Err(error) => {
                    self.worker.terminate();
                    Err(error)
                }
            }
        }
    }

    thread_local! {
        static RUNNING: RefCell<HashMap<u64, Running>> = RefCell::new(HashMap::new());
        /// The worker that answered last, waiting for the next request.
        static IDLE: RefCell<Option<Running>> = const { RefCell::new(None) };
        static NEXT: Cell<u64> = const { Cell::new(0) };
    }

    /// A request a worker is answering; dropping it before the answer ends the worker, and its
    /// search.
    pub struct WorkerSearch(u64);

    impl WorkerSearch {
        /// Gives `request` (a `ThinkRequest` as JSON) to the idle worker, or to a new one when
        /// none waits or the idle one cannot take it; why not, if no worker can.
        pub fn start(request: &str) -> Result<WorkerSearch, String> {
            let why = |error: JsValue| format!("no Web Worker ({error:?})");
            let kept = IDLE.take().and_then(|idle| idle.ask(request).ok());
            let running = match kept {
                Some(running) => running,
                None => Running::new()
                    .and_then(|fresh| fresh.ask(request))
                    .map_err(why)?,
            };
            let id = NEXT.replace(NEXT.get() + 1);
            RUNNING.with_borrow_mut(|table| table.insert(id, running));
            Ok(WorkerSearch(id))
        }

        /// The worker's answer once it has answered, or why it failed.
        pub fn poll(&self) -> Option<Result<ThinkAnswer, String>> {
            let reply = RUNNING.with_borrow_mut(|table| {
                let running = table.get_mut(&self.0)?;
                let reply = running.heard.borrow_mut().take()?;
                running.answered = reply.is_ok();
                Some(reply)
            })?;
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
        /// A worker that has answered waits for the next request (the one waiting before it
        /// ends); one still searching, or failed, ends.
        fn drop(&mut self) {
            let Some(running) = RUNNING.with_borrow_mut(|table| table.remove(&self.0)) else {
                return;
            };
            if running.answered {
                if let Some(older) = IDLE.replace(Some(running)) {
                    older.worker.terminate();
                }
            } else {
                running.worker.terminate();
            }
        }
    }
}
