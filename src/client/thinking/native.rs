//! Where the computer thinks natively: on threads of the async compute pool. The same
//! interface as `web.rs`.

use crate::ai::Decision;
use crate::ai::Level;
use crate::ai::request::{Search, Sight};
use crate::ai::review::Judgement;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

/// A decision running without holding up frames, on a thread of the async compute pool.
pub(super) struct Pondering<S: Sight> {
    task: Task<Option<S::Action>>,
}

impl<S: Sight> Pondering<S> {
    pub(super) fn start(sight: S, search: Search) -> Pondering<S> {
        let mut decision = sight.thinker(&search);
        let task = AsyncComputeTaskPool::get()
            .spawn(async move { crate::ai::think_to_the_end(|| decision.think(None)) });
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
