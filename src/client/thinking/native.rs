//! Where the computer thinks natively: on threads of the async compute pool, through one
//! session of requests as the browser's worker answers them (Xiangqi's Hard keeps its table
//! from move to move). The same interface as `web.rs`.

use crate::ai::Level;
use crate::ai::request::{Search, SharedSession, Sight};
use crate::ai::review::Judgement;
use bevy::log::warn;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

/// The requests of every decision, as the worker's session answers them in the browser.
static SESSION: SharedSession = SharedSession::new();

/// A decision running without holding up frames, on a thread of the async compute pool.
pub(super) struct Pondering<S: Sight> {
    task: Task<Option<S::Action>>,
}

impl<S: Sight> Pondering<S> {
    pub(super) fn start(sight: S, search: Search) -> Pondering<S> {
        let request = sight.choice_request(search);
        let task = AsyncComputeTaskPool::get().spawn(async move {
            match SESSION.think(&request) {
                Ok(answer) => answer.action.and_then(|text| text.parse().ok()),
                Err(error) => {
                    warn!("the computer cannot decide: {error}");
                    None
                }
            }
        });
        Pondering { task }
    }

    /// The chosen action (`Some(None)`: there was none), once the decision is made.
    pub(super) fn poll(&mut self) -> Option<Option<S::Action>> {
        check_ready(&mut self.task)
    }

    /// Where the search ran, for the log.
    pub(super) fn sharing(&self) -> String {
        "on a worker thread".to_string()
    }
}

/// A review's judgement of one action, worked out without holding up frames on a thread of the
/// async compute pool.
pub struct Judging<S: Sight> {
    task: Task<Result<Judgement<S::Action>, String>>,
}

impl<S: Sight + Send + 'static> Judging<S> {
    /// Starts judging `played` in `sight` at `level`.
    pub fn start(sight: S, played: S::Action, level: Level) -> Judging<S> {
        let task = AsyncComputeTaskPool::get().spawn(async move { sight.judge(played, level) });
        Judging { task }
    }

    /// The judgement, or why there is none, once worked out.
    pub fn poll(&mut self) -> Option<Result<Judgement<S::Action>, String>> {
        check_ready(&mut self.task)
    }
}
