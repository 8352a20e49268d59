//! A search as data: what the side to move sees, the level, the seed, and whether it thinks
//! briefly — all a computer is given, in one serde request, and the action it answers (or,
//! for a review, its verdict on an action played: `judge`). The
//! browser sends it to a Web Worker (`src/worker.rs`) and the desktop runs the same thinker on a
//! thread, so a request gives the same answer wherever it runs. The worker answers
//! through one [`Session`], in which Xiangqi's Hard keeps its transposition table from move to
//! move when it plays by its clock.

use crate::ai::review::{Class, Judgement, Loss, Reason};
use crate::ai::{Decision, Level, junqi, qiguo, xiangqi};
use crate::rules::junqi::PlayerView;
use crate::rules::junqi::classic::SideLine;
use crate::rules::{qiguo as qiguo_rules, xiangqi as xiangqi_rules};
use serde::{Deserialize, Serialize};
use std::fmt::Display;
use std::str::FromStr;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// How long a quick decision (the title screen's demonstration, played at Easy) may think.
pub const QUICK_BUDGET: Duration = Duration::from_millis(60);

/// The clock of a node-limited search: long enough never to stop it first.
const NO_CLOCK: Duration = Duration::from_secs(86_400);

/// One decision asked of a computer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThinkRequest {
    /// What the side to move sees.
    pub seen: Seen,
    /// How it searches.
    pub search: Search,
    /// For a review: the action played here (in the game's notation), to be judged against
    /// the best at the search's level instead of choosing one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judge: Option<String>,
}

/// How a computer searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Search {
    /// How strong it plays.
    pub level: Level,
    /// What makes its choice among near-equal actions reproducible.
    pub seed: u64,
    /// The title screen's demonstration: Easy, thinking at most [`QUICK_BUDGET`].
    #[serde(default)]
    pub quick: bool,
    /// At most this many nodes (no more than the level's own limit) with no clock, so the
    /// answer does not depend on the machine's speed; `None`: the level's nodes and time.
    #[serde(default)]
    pub nodes: Option<u64>,
}

/// What the side to move sees, per game: all a search is given.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum Seen {
    /// Junqi flip: the public view (face-down pieces stay unknown).
    Junqi {
        /// The view.
        view: PlayerView,
    },
    /// Xiangqi: the game from its start, whose history the repetition rules need.
    Xiangqi {
        /// The start position's FEN.
        start: String,
        /// The moves since, in ICCS notation.
        moves: Vec<String>,
    },
    /// Junqi classic: the side's line, all its player knows (`docs/junqi-classic.md`).
    #[serde(rename = "junqi_classic")]
    JunqiClassic {
        /// The line's text.
        line: String,
    },
    /// Qiguo: the position (its QFEN holds everything the rules need).
    Qiguo {
        /// The QFEN.
        qfen: String,
    },
}

/// The answer to a [`ThinkRequest`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThinkAnswer {
    /// The chosen action in the game's notation; `None` when there was none (the game is
    /// over).
    pub action: Option<String>,
    /// The nodes searched for it.
    pub nodes: u64,
    /// For a review: what the judged action lost against `action`, the best.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judged: Option<Judged>,
}

/// A review's verdict on an action (`docs/formats.md`, Review).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judged {
    /// The expected score lost, in thousandths.
    pub loss: u16,
    /// Its class.
    pub class: Class,
    /// The mover's expected score with the best action, in thousandths.
    pub expected: u16,
    /// Why, for a mistake or a blunder, when the engine can tell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
}

impl ThinkAnswer {
    /// The review's judgement this answer holds, if it holds a readable one.
    pub fn judgement<A: FromStr>(&self) -> Option<Judgement<A>> {
        let judged = self.judged?;
        Some(Judgement {
            best: self.action.as_deref()?.parse().ok()?,
            loss: Loss::from_thousandths(judged.loss),
            class: judged.class,
            expected: judged.expected,
            reason: judged.reason,
        })
    }
}

/// What [`think_json`] answers, as JSON: the answer, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Reply {
    /// The request was malformed: `{"error": "…"}`.
    Error {
        /// What is wrong with it.
        error: String,
    },
    /// The answer: `{"action": "…", "nodes": N}` (`action` is `null` when there is none).
    Answer(ThinkAnswer),
}

/// What a game's search is given, and the thinker it starts.
pub trait Sight {
    /// What the search chooses.
    type Action: Copy + PartialEq + Display + FromStr + Send + Sync + 'static;
    /// The game's thinker.
    type Thinker: Decision<Action = Self::Action>;

    /// The thinker for the side to move, searching as `search` says.
    fn thinker(&self, search: &Search) -> Self::Thinker;

    /// This sight as request data.
    fn seen(&self) -> Seen;

    /// The request that asks a search to choose an action in this sight.
    fn choice_request(&self, search: Search) -> ThinkRequest {
        ThinkRequest {
            seen: self.seen(),
            search,
            judge: None,
        }
    }

    /// Judges `played` for a review at `level`: the best action and what `played` lost.
    fn judge(&self, played: Self::Action, level: Level) -> Result<Judgement<Self::Action>, String>;
}

/// The level and limits a search runs at, from each game's levels' `limits`.
fn level_and_limits<L>(
    search: &Search,
    limits: impl Fn(Level) -> L,
    with: impl Fn(L, Option<u64>, Duration) -> L,
) -> (Level, L) {
    if search.quick {
        (Level::Easy, with(limits(Level::Easy), None, QUICK_BUDGET))
    } else {
        let level = limits(search.level);
        match search.nodes {
            Some(nodes) => (search.level, with(level, Some(nodes), NO_CLOCK)),
            None => (search.level, level),
        }
    }
}

impl Sight for PlayerView {
    type Action = crate::rules::junqi::Action;
    type Thinker = junqi::Thinker;

    fn thinker(&self, search: &Search) -> junqi::Thinker {
        let (level, limits) =
            level_and_limits(search, junqi::limits, |limits, nodes, time| junqi::Limits {
                max_nodes: nodes.map_or(limits.max_nodes, |n| n.min(limits.max_nodes)),
                max_time: time,
                ..limits
            });
        junqi::Thinker::new(self, level, limits, search.seed)
    }

    fn seen(&self) -> Seen {
        Seen::Junqi { view: self.clone() }
    }

    fn judge(&self, played: Self::Action, level: Level) -> Result<Judgement<Self::Action>, String> {
        junqi::judge_action(self, played, level)
    }
}

impl Sight for SideLine {
    type Action = crate::rules::junqi::Action;
    type Thinker = junqi::classic::ClassicThinker;

    fn thinker(&self, search: &Search) -> junqi::classic::ClassicThinker {
        let (level, limits) =
            level_and_limits(search, junqi::classic::limits, |limits, nodes, time| {
                let guesses = limits.guesses.max(1);
                junqi::classic::ClassicLimits {
                    search: junqi::Limits {
                        max_nodes: nodes.map_or(limits.search.max_nodes, |n| {
                            (n / guesses as u64).min(limits.search.max_nodes)
                        }),
                        max_time: time / guesses as u32,
                        ..limits.search
                    },
                    ..limits
                }
            });
        junqi::classic::ClassicThinker::new(self, level, limits, search.seed)
            .unwrap_or_else(|_| junqi::classic::ClassicThinker::nothing_to_choose(self, level))
    }

    fn seen(&self) -> Seen {
        Seen::JunqiClassic {
            line: self.to_string(),
        }
    }

    fn judge(&self, played: Self::Action, level: Level) -> Result<Judgement<Self::Action>, String> {
        junqi::classic::judge_move(self, played, level, 1)
    }
}

/// Xiangqi's level and limits for `search`.
fn xiangqi_level_and_limits(search: &Search) -> (Level, xiangqi::Limits) {
    level_and_limits(search, xiangqi::limits, |limits, nodes, time| {
        xiangqi::Limits {
            max_nodes: nodes.map_or(limits.max_nodes, |n| n.min(limits.max_nodes)),
            max_time: time,
            ..limits
        }
    })
}

impl Sight for xiangqi_rules::Game {
    type Action = xiangqi_rules::Move;
    type Thinker = xiangqi::Thinker;

    fn thinker(&self, search: &Search) -> xiangqi::Thinker {
        let (level, limits) = xiangqi_level_and_limits(search);
        xiangqi::Thinker::new(self, level, limits, search.seed)
    }

    fn seen(&self) -> Seen {
        Seen::Xiangqi {
            start: self.start().to_fen(),
            moves: self
                .moves()
                .iter()
                .map(|played| played.mv.to_string())
                .collect(),
        }
    }

    fn judge(&self, played: Self::Action, level: Level) -> Result<Judgement<Self::Action>, String> {
        xiangqi::judge_move(self, played, level)
    }
}

impl Sight for qiguo_rules::Position {
    type Action = qiguo_rules::Move;
    type Thinker = qiguo::Thinker;

    fn thinker(&self, search: &Search) -> qiguo::Thinker {
        let (level, limits) =
            level_and_limits(search, qiguo::limits, |limits, nodes, time| qiguo::Limits {
                max_nodes: nodes.map_or(limits.max_nodes, |n| n.min(limits.max_nodes)),
                max_time: time,
                ..limits
            });
        qiguo::Thinker::new(self, level, limits, search.seed)
    }

    fn seen(&self) -> Seen {
        Seen::Qiguo {
            qfen: self.to_string(),
        }
    }

    fn judge(&self, played: Self::Action, level: Level) -> Result<Judgement<Self::Action>, String> {
        qiguo::judge_move(self, played, level)
    }
}

/// Why a request cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    /// The position's text does not parse.
    #[error("bad position: {0}")]
    Position(String),
    /// A move of the history does not parse or is illegal.
    #[error("bad move {index} '{text}': {error}")]
    Move {
        /// Its index in the history, from 0.
        index: usize,
        /// The move as sent.
        text: String,
        /// What is wrong with it.
        error: String,
    },

    /// The action to judge cannot be judged: unreadable, illegal, or the level does not
    /// search.
    #[error("cannot judge '{text}': {error}")]
    Judge {
        /// The action as sent.
        text: String,
        /// What is wrong.
        error: String,
    },
}

/// Decides `sight`'s action to the end, in one go; or, with `judge`, judges that action.
fn decide<S: Sight>(
    sight: &S,
    search: &Search,
    judge: Option<&str>,
) -> Result<ThinkAnswer, RequestError> {
    if let Some(text) = judge {
        let bad = |error: String| RequestError::Judge {
            text: text.chars().take(16).collect(),
            error,
        };
        if search.level == Level::Random {
            return Err(bad("a review needs a level that searches".into()));
        }
        let played: S::Action = text.parse().map_err(|_| bad("unreadable".into()))?;
        let judgement = sight.judge(played, search.level).map_err(bad)?;
        return Ok(ThinkAnswer {
            action: Some(judgement.best.to_string()),
            nodes: 0,
            judged: Some(Judged {
                loss: judgement.loss.thousandths(),
                class: judgement.class,
                expected: judgement.expected,
                reason: judgement.reason,
            }),
        });
    }
    let mut thinker = sight.thinker(search);
    let action = crate::ai::think_to_the_end(|| thinker.think(None));
    Ok(ThinkAnswer {
        action: action.map(|action| action.to_string()),
        nodes: thinker.nodes(),
        judged: None,
    })
}

/// Answers `request`, thinking to the end in one go, as a new [`Session`] would.
pub fn think(request: &ThinkRequest) -> Result<ThinkAnswer, RequestError> {
    Session::default().think(request)
}

/// Answers a JSON [`ThinkRequest`] with a JSON [`Reply`], as a new [`Session`] would.
pub fn think_json(request: &str) -> String {
    Session::default().think_json(request)
}

/// Requests answered one after another by one thinker (the browser's worker, the desktop's
/// [`SharedSession`]). Xiangqi's Hard,
/// when it plays by its clock, keeps its transposition table from one request to the next of
/// the same game, as the UCI engine does between moves: one table at most, of the level's
/// size. A request with a node limit, a review or another level starts afresh and leaves the
/// kept table alone, so that its answer depends on the request alone.
#[derive(Default)]
pub struct Session {
    xiangqi: Option<KeptTable>,
}

/// Xiangqi's kept table and the game it was last searched for.
struct KeptTable {
    start: String,
    moves: Vec<String>,
    table: xiangqi::Table,
}

impl KeptTable {
    /// Whether a request for `start` and `moves` is the same game (a later or an earlier
    /// point of it, after a takeback).
    fn same_game(&self, start: &str, moves: &[String]) -> bool {
        let shorter = self.moves.len().min(moves.len());
        self.start == start && self.moves[..shorter] == moves[..shorter]
    }
}

impl Session {
    /// A session that keeps nothing yet.
    pub const fn new() -> Session {
        Session { xiangqi: None }
    }

    /// Answers `request`, thinking to the end in one go.
    pub fn think(&mut self, request: &ThinkRequest) -> Result<ThinkAnswer, RequestError> {
        let search = &request.search;
        let judge = request.judge.as_deref();
        match &request.seen {
            Seen::Junqi { view } => decide(view, search, judge),
            Seen::Xiangqi { start, moves } => {
                let position = xiangqi_rules::Position::from_fen(start)
                    .map_err(|error| RequestError::Position(error.to_string()))?;
                let mut game = xiangqi_rules::Game::new(position);
                for (index, text) in moves.iter().enumerate() {
                    let bad = |error: String| RequestError::Move {
                        index,
                        text: text.chars().take(16).collect(),
                        error,
                    };
                    let mv: xiangqi_rules::Move = text.parse().map_err(|e| bad(format!("{e}")))?;
                    game.play(mv).map_err(|e| bad(e.to_string()))?;
                }
                let keeps_table = judge.is_none()
                    && !search.quick
                    && search.nodes.is_none()
                    && search.level == Level::Hard;
                if keeps_table {
                    let (level, limits) = xiangqi_level_and_limits(search);
                    Ok(self.xiangqi_with_kept_table(
                        &game,
                        start,
                        moves,
                        level,
                        limits,
                        search.seed,
                    ))
                } else {
                    decide(&game, search, judge)
                }
            }
            Seen::JunqiClassic { line } => {
                let line = SideLine::parse(line)
                    .map_err(|error| RequestError::Position(error.to_string()))?;
                junqi::classic::Belief::from_line(&line)
                    .map_err(|error| RequestError::Position(error.to_string()))?;
                let view = line.current();
                if !line.is_over() && view.side_to_move() != line.owner() {
                    return Err(RequestError::Position(
                        "it is not the line's owner's turn".into(),
                    ));
                }
                decide(&line, search, judge)
            }
            Seen::Qiguo { qfen } => {
                let position = qiguo_rules::Position::from_qfen(qfen)
                    .map_err(|error| RequestError::Position(error.to_string()))?;
                decide(&position, search, judge)
            }
        }
    }

    /// Answers a JSON [`ThinkRequest`] with a JSON [`Reply`].
    pub fn think_json(&mut self, request: &str) -> String {
        let reply = match serde_json::from_str::<ThinkRequest>(request) {
            Err(error) => Reply::Error {
                error: format!("bad request: {error}"),
            },
            Ok(request) => match self.think(&request) {
                Ok(answer) => Reply::Answer(answer),
                Err(error) => Reply::Error {
                    error: error.to_string(),
                },
            },
        };
        serde_json::to_string(&reply).expect("a reply is plain data")
    }

    /// Chooses a move in `game` (`start` and `moves` as requested) from the table kept for
    /// the same game, if any, and keeps the table for the next request.
    fn xiangqi_with_kept_table(
        &mut self,
        game: &xiangqi_rules::Game,
        start: &str,
        moves: &[String],
        level: Level,
        limits: xiangqi::Limits,
        seed: u64,
    ) -> ThinkAnswer {
        let table = self
            .xiangqi
            .take()
            .filter(|kept| kept.same_game(start, moves))
            .map(|kept| kept.table);
        let mut thinker = xiangqi::Thinker::with_table(game, level, limits, seed, table);
        let action = crate::ai::think_to_the_end(|| thinker.think(None));
        let nodes = thinker.nodes();
        self.xiangqi = thinker.into_table().map(|table| KeptTable {
            start: start.to_string(),
            moves: moves.to_vec(),
            table,
        });
        ThinkAnswer {
            action: action.map(|action| action.to_string()),
            nodes,
            judged: None,
        }
    }
}

/// A [`Session`] that threads share (the desktop's computers, each deciding on a thread of its
/// own): a request takes the session out for its search and puts it back after, so no request
/// waits for another; one asked while another searches starts from an empty session, and the
/// session put back last is the one kept.
#[derive(Default)]
pub struct SharedSession(Mutex<Session>);

impl SharedSession {
    /// A shared session that keeps nothing yet.
    pub const fn new() -> SharedSession {
        SharedSession(Mutex::new(Session::new()))
    }

    /// Answers `request`, thinking to the end in one go, as [`Session::think`] does.
    pub fn think(&self, request: &ThinkRequest) -> Result<ThinkAnswer, RequestError> {
        let mut session = std::mem::take(&mut *self.lock());
        let answer = session.think(request);
        *self.lock() = session;
        answer
    }

    fn lock(&self) -> MutexGuard<'_, Session> {
        // Nothing but a swap runs under the lock, so even a poisoned one holds a whole session.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests;
