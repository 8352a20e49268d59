//! How long a search may go on: a node limit (reproducible), a clock (the level's time), and
//! slices of time (the browser, which has no threads, thinks a few milliseconds a frame).

use std::time::Duration;
use web_time::Instant;

/// Why a search is unwinding.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Halt {
    /// Still searching.
    No,
    /// The current slice of time is used up: the search resumes in the next slice.
    Pause,
    /// The node or time limit is reached: the search is over.
    Stop,
}

/// The nodes and time a search has, counted as it goes.
#[derive(Clone, Debug)]
pub struct Budget {
    max_nodes: u64,
    max_time: Duration,
    started: Instant,
    /// The end of the current slice, when the search is sliced.
    slice_end: Option<Instant>,
    nodes: u64,
    /// The node count at which the clock is read next.
    next_clock_check: u64,
    halt: Halt,
}

impl Budget {
    /// A budget of `max_nodes` nodes and `max_time`, starting now.
    pub fn new(max_nodes: u64, max_time: Duration) -> Budget {
        Budget {
            max_nodes,
            max_time,
            started: Instant::now(),
            slice_end: None,
            nodes: 0,
            next_clock_check: 0,
            halt: Halt::No,
        }
    }

    /// Starts a slice that ends at `slice_end` (`None`: think to the end); a paused search
    /// goes on.
    pub fn begin_slice(&mut self, slice_end: Option<Instant>) {
        self.slice_end = slice_end;
        if self.halt == Halt::Pause {
            self.halt = Halt::No;
        }
        if self.started.elapsed() >= self.max_time {
            self.halt = Halt::Stop;
        }
    }

    /// Counts a node; whether the search must unwind now.
    #[inline]
    pub fn count_node(&mut self) -> bool {
        self.nodes += 1;
        self.exhausted()
    }

    /// Counts a node without looking at the limits (for nodes too cheap to stop in).
    #[inline]
    pub fn count(&mut self) {
        self.nodes += 1;
    }

    /// Whether the search must unwind (reads the clock every few hundred nodes).
    pub fn exhausted(&mut self) -> bool {
        if self.halt != Halt::No {
            return true;
        }
        if self.nodes >= self.max_nodes {
            self.halt = Halt::Stop;
        } else if self.nodes >= self.next_clock_check {
            // Reading the clock costs more than a node: look every thousand or so, or every
            // few hundred when the search works in slices, so a slice ends close to its time.
            self.next_clock_check = self.nodes + if self.slice_end.is_some() { 256 } else { 1024 };
            let now = Instant::now();
            if now.duration_since(self.started) >= self.max_time {
                self.halt = Halt::Stop;
            } else if self.slice_end.is_some_and(|end| now >= end) {
                self.halt = Halt::Pause;
            }
        }
        self.halt != Halt::No
    }

    /// Why the search is unwinding, if it is.
    pub fn halt(&self) -> Halt {
        self.halt
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Time since the search began.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Ends the search now (a `stop` from outside).
    pub fn stop(&mut self) {
        self.halt = Halt::Stop;
    }
}
