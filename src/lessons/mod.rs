//! Lessons that teach each game by playing it: short steps, each a small position on the real
//! board with one thing to do. No Bevy, no I/O.
//!
//! Lessons are data: `assets/lessons/{junqi,junqi-classic,xiangqi,qiguo}.toml` (format in `docs/lessons.md`),
//! built into the binary. A step names a position in the game's own notation, the points to
//! highlight, and its goal (a list of moves, or one of the few [`Goal`] kinds); the rules of
//! `crate::rules` judge every move, so a lesson can only say what the engine does. The texts
//! are Fluent messages whose ids follow from the ids in the files (`lesson-xiangqi-horse-leg-say`,
//! see [`Step::say_key`]); [`message_keys`] lists every one.
//!
//! A UI drives a step with [`Step::start`] (the game to put on the table), [`Step::highlights`],
//! and [`Step::judge`] for each move the learner tries.

mod games;

pub use games::{Junqi, JunqiClassic, Qiguo, Xiangqi};

use crate::rules::GameKind;
use serde::Deserialize;
use std::fmt;
use std::sync::LazyLock;

/// The message shown for a move the rules refuse when the step has no word of its own for it.
pub const ILLEGAL_KEY: &str = "lesson-illegal";

/// What a lesson needs from a game's rules. Implemented by [`Junqi`], [`JunqiClassic`],
/// [`Xiangqi`] and [`Qiguo`]; the types are the rules' own.
pub trait LessonGame: Sized + Send + Sync + 'static {
    /// Which game this is.
    const KIND: GameKind;
    /// The game's word in file names and message ids: `junqi`, `xiangqi`, `qiguo`.
    const NAME: &'static str;
    /// The game state a step puts on the table (a game with its history, or a position).
    type Table: Clone + fmt::Debug + Send + Sync;
    /// A point of the board.
    type Point: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync;
    /// A move (for Junqi, an action: a flip or a move).
    type Move: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync;
    /// Why the rules refuse a move.
    type Refusal: std::error::Error + Clone + PartialEq + Send + Sync;

    /// The lesson file's text.
    fn source() -> &'static str;
    /// The lesson as loaded from [`LessonGame::source`], once.
    fn loaded() -> &'static LazyLock<Result<Lesson<Self>, LessonError>>;
    /// The table a position in the game's notation describes.
    fn read_position(text: &str) -> Result<Self::Table, String>;
    /// A point in the game's notation.
    fn read_point(text: &str) -> Option<Self::Point>;
    /// A move in the game's notation.
    fn read_move(text: &str) -> Result<Self::Move, String>;
    /// The table after `mv`, or the rules' reason to refuse it.
    fn play(table: &Self::Table, mv: Self::Move) -> Result<Self::Table, Self::Refusal>;
    /// Every legal move.
    fn legal_moves(table: &Self::Table) -> Vec<Self::Move>;
    /// Whether the game is over.
    fn is_over(table: &Self::Table) -> bool;
    /// Whether the side that played from `before` has won in `after`.
    fn mover_won(before: &Self::Table, after: &Self::Table) -> bool;
    /// Whether `mv` turns a face-down piece over (only Junqi has such moves).
    fn is_flip(mv: Self::Move) -> bool;
}

/// What a step asks for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Goal<M> {
    /// One of these moves.
    Moves(Vec<M>),
    /// Any flip of a face-down piece (Junqi).
    AnyFlip,
    /// Any move that wins the game at once (a flag taken, a mate, a stalemate, a hegemon).
    Win,
    /// Any move after which the game goes on (it does not lose, draw or end it).
    GameGoesOn,
}

/// The answer to a move the learner tried.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict<'a, R> {
    /// The move does what the step asks; `why` is the message that says why it is right.
    Right { why: &'a str },
    /// The rules allow the move but it is not what the step asks; `what` says what went wrong.
    Wrong { what: &'a str },
    /// The rules refuse the move: `reason` is theirs, `what` the message to show (the step's
    /// own for this move, or [`ILLEGAL_KEY`]).
    Illegal { reason: R, what: &'a str },
}

impl<R> Verdict<'_, R> {
    /// Whether the step is done.
    pub fn is_right(&self) -> bool {
        matches!(self, Verdict::Right { .. })
    }
}

/// One game's lesson: its steps in order.
#[derive(Clone, Debug)]
pub struct Lesson<G: LessonGame> {
    title_key: String,
    done_key: String,
    steps: Vec<Step<G>>,
}

/// One step: a position, the points to show, and one thing to do.
#[derive(Clone, Debug)]
pub struct Step<G: LessonGame> {
    id: String,
    table: G::Table,
    highlights: Vec<G::Point>,
    goal: Goal<G::Move>,
    /// Moves with a message of their own, legal or not, in the file's order.
    answers: Vec<(Vec<G::Move>, String)>,
    /// A right move, found when the step was loaded.
    solution: G::Move,
    say_key: String,
    right_key: String,
    wrong_key: String,
}

/// A game-neutral summary of a lesson, for menus and progress.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outline {
    /// The message naming the lesson.
    pub title_key: &'static str,
    /// The message shown when the last step is done (it offers a first game).
    pub done_key: &'static str,
    /// The steps' ids in order (progress can be kept by id).
    pub step_ids: Vec<&'static str>,
    /// The message that says what to do in each step, in the same order.
    pub say_keys: Vec<&'static str>,
}

/// Why a lesson file cannot be used.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("assets/lessons/{game}.toml{}: {problem}", step.as_ref().map(|s| format!(", step '{s}'")).unwrap_or_default())]
pub struct LessonError {
    /// The game whose file it is.
    pub game: &'static str,
    /// The step at fault, if one is.
    pub step: Option<String>,
    /// What is wrong.
    pub problem: String,
}

/// The lesson of game `G`, loaded and checked on first use.
pub fn lesson<G: LessonGame>() -> Result<&'static Lesson<G>, &'static LessonError> {
    G::loaded().as_ref()
}

/// The summary of `kind`'s lesson, if the game has one.
pub fn outline(kind: GameKind) -> Option<Result<Outline, &'static LessonError>> {
    Some(match kind {
        GameKind::Junqi => lesson::<Junqi>().map(Lesson::outline),
        GameKind::Xiangqi => lesson::<Xiangqi>().map(Lesson::outline),
        GameKind::Qiguo => lesson::<Qiguo>().map(Lesson::outline),
        GameKind::JunqiClassic => lesson::<JunqiClassic>().map(Lesson::outline),
    })
}

/// Every message id the lessons of all games use, [`ILLEGAL_KEY`] included, sorted.
pub fn message_keys() -> Result<Vec<&'static str>, &'static LessonError> {
    let mut keys = vec![ILLEGAL_KEY];
    keys.extend(lesson::<Junqi>()?.message_keys());
    keys.extend(lesson::<JunqiClassic>()?.message_keys());
    keys.extend(lesson::<Xiangqi>()?.message_keys());
    keys.extend(lesson::<Qiguo>()?.message_keys());
    keys.sort_unstable();
    keys.dedup();
    Ok(keys)
}

impl<G: LessonGame> Lesson<G> {
    /// Reads and checks a lesson file: every position, point and move must parse, every listed
    /// move must be legal, and every step must be solvable. Errors name the step and the fault.
    pub fn parse(text: &str) -> Result<Lesson<G>, LessonError> {
        let file: FileData = toml::from_str(text).map_err(|error| LessonError {
            game: G::NAME,
            step: None,
            problem: error.message().to_string()
                + &error
                    .span()
                    .map(|span| format!(" (at line {})", line_of(text, span.start)))
                    .unwrap_or_default(),
        })?;
        if file.steps.is_empty() {
            return Err(LessonError {
                game: G::NAME,
                step: None,
                problem: "the file has no [[steps]]".into(),
            });
        }
        let mut steps: Vec<Step<G>> = Vec::with_capacity(file.steps.len());
        for data in file.steps {
            let fail = |problem: String| LessonError {
                game: G::NAME,
                step: Some(data.id.clone()),
                problem,
            };
            if !is_id(&data.id) {
                return Err(fail(
                    "an id is lowercase words and digits joined by hyphens".into(),
                ));
            }
            if steps.iter().any(|step| step.id == data.id) {
                return Err(fail("two steps have this id".into()));
            }
            let step = Step::from_data(&data).map_err(fail)?;
            // Ids joined by hyphens could spell one message id twice (`a` + `b-say`, `a-b`).
            if let Some(clash) = steps.iter().find(|other| {
                other
                    .own_keys()
                    .any(|key| step.own_keys().any(|mine| mine == key))
            }) {
                return Err(fail(format!(
                    "its message ids clash with those of step '{}'",
                    clash.id
                )));
            }
            steps.push(step);
        }
        Ok(Lesson {
            title_key: format!("lesson-{}-title", G::NAME),
            done_key: format!("lesson-{}-done", G::NAME),
            steps,
        })
    }

    /// The steps in order.
    pub fn steps(&self) -> &[Step<G>] {
        &self.steps
    }

    /// The step with this id.
    pub fn step(&self, id: &str) -> Option<&Step<G>> {
        self.steps.iter().find(|step| step.id == id)
    }

    /// The message naming the lesson (`lesson-junqi-title`).
    pub fn title_key(&self) -> &str {
        &self.title_key
    }

    /// The message shown when the last step is done (`lesson-junqi-done`).
    pub fn done_key(&self) -> &str {
        &self.done_key
    }

    /// Every message id this lesson uses, in order, without repeats.
    pub fn message_keys(&self) -> Vec<&str> {
        let mut keys = vec![self.title_key.as_str(), self.done_key.as_str()];
        for step in &self.steps {
            keys.extend(step.own_keys());
        }
        let mut seen = std::collections::HashSet::new();
        keys.retain(|key| seen.insert(*key));
        keys
    }

    fn outline(&'static self) -> Outline {
        Outline {
            title_key: &self.title_key,
            done_key: &self.done_key,
            step_ids: self.steps.iter().map(|step| step.id.as_str()).collect(),
            say_keys: self
                .steps
                .iter()
                .map(|step| step.say_key.as_str())
                .collect(),
        }
    }
}

impl<G: LessonGame> Step<G> {
    /// The step's id, unique in its lesson.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The game to put on the table; the learner plays the side to move.
    pub fn start(&self) -> G::Table {
        self.table.clone()
    }

    /// The points to highlight.
    pub fn highlights(&self) -> &[G::Point] {
        &self.highlights
    }

    /// What the step asks for.
    pub fn goal(&self) -> &Goal<G::Move> {
        &self.goal
    }

    /// The message that says what to do (`lesson-<game>-<step>-say`).
    pub fn say_key(&self) -> &str {
        &self.say_key
    }

    /// The message for a right move (`…-right`).
    pub fn right_key(&self) -> &str {
        &self.right_key
    }

    /// The message for a legal move that misses the goal and has no word of its own (`…-wrong`).
    pub fn wrong_key(&self) -> &str {
        &self.wrong_key
    }

    /// Judges `mv` played from the step's start.
    pub fn judge(&self, mv: G::Move) -> Verdict<'_, G::Refusal> {
        let own = self
            .answers
            .iter()
            .find(|(moves, _)| moves.contains(&mv))
            .map(|(_, key)| key.as_str());
        match G::play(&self.table, mv) {
            Err(reason) => Verdict::Illegal {
                reason,
                what: own.unwrap_or(ILLEGAL_KEY),
            },
            Ok(after) if self.reached(mv, &after) => Verdict::Right {
                why: &self.right_key,
            },
            Ok(_) => Verdict::Wrong {
                what: own.unwrap_or(&self.wrong_key),
            },
        }
    }

    /// A right move (the first listed, or the first legal one that reaches the goal), to show
    /// a learner who asks.
    pub fn solution(&self) -> G::Move {
        self.solution
    }

    /// The message ids of this step.
    fn own_keys(&self) -> impl Iterator<Item = &str> {
        [&self.say_key, &self.right_key, &self.wrong_key]
            .into_iter()
            .chain(self.answers.iter().map(|(_, key)| key))
            .map(String::as_str)
    }

    fn reached(&self, mv: G::Move, after: &G::Table) -> bool {
        reaches::<G>(&self.goal, &self.table, mv, after)
    }

    fn from_data(data: &StepData) -> Result<Step<G>, String> {
        let mut table =
            G::read_position(&data.position).map_err(|error| format!("position: {error}"))?;
        for text in &data.before {
            let mv = G::read_move(text).map_err(|error| format!("before: {error}"))?;
            table = G::play(&table, mv).map_err(|error| format!("before: {error}"))?;
        }
        if G::is_over(&table) {
            return Err("the game is already over at the step's start".into());
        }
        let highlights = data
            .highlight
            .iter()
            .map(|text| {
                G::read_point(text).ok_or_else(|| format!("highlight: '{text}' is not a point"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let read_moves = |texts: &[String]| {
            texts
                .iter()
                .map(|text| G::read_move(text))
                .collect::<Result<Vec<_>, _>>()
        };
        let goal = match &data.goal {
            GoalData::Moves(texts) if texts.is_empty() => {
                return Err("goal: the list of moves is empty".into());
            }
            GoalData::Moves(texts) => {
                let moves = read_moves(texts).map_err(|error| format!("goal: {error}"))?;
                if let Some(refusal) = moves.iter().find_map(|&mv| G::play(&table, mv).err()) {
                    return Err(format!("goal: {refusal}"));
                }
                Goal::Moves(moves)
            }
            GoalData::AnyFlip if G::KIND != GameKind::Junqi => {
                return Err(format!("goal: {} has no flips", G::NAME));
            }
            GoalData::AnyFlip => Goal::AnyFlip,
            GoalData::Win => Goal::Win,
            GoalData::GameGoesOn => Goal::GameGoesOn,
        };
        let prefix = format!("lesson-{}-{}", G::NAME, data.id);
        let mut answers = Vec::with_capacity(data.answers.len());
        for answer in &data.answers {
            if !is_id(&answer.key) || ["say", "right"].contains(&answer.key.as_str()) {
                return Err(format!(
                    "answers: '{}' is not a key: lowercase words joined by hyphens, not 'say' or 'right'",
                    answer.key
                ));
            }
            if answer.moves.is_empty() {
                return Err(format!("answers: '{}' lists no moves", answer.key));
            }
            let moves = read_moves(&answer.moves).map_err(|error| format!("answers: {error}"))?;
            answers.push((moves, format!("{prefix}-{}", answer.key)));
        }
        let solution = match &goal {
            Goal::Moves(moves) => moves.first().copied(),
            _ => G::legal_moves(&table).into_iter().find(|&mv| {
                G::play(&table, mv).is_ok_and(|after| reaches::<G>(&goal, &table, mv, &after))
            }),
        }
        .ok_or("no legal move reaches the goal")?;
        let step = Step {
            id: data.id.clone(),
            solution,
            table,
            highlights,
            goal,
            answers,
            say_key: format!("{prefix}-say"),
            right_key: format!("{prefix}-right"),
            wrong_key: format!("{prefix}-wrong"),
        };
        for (moves, key) in &step.answers {
            if let Some(mv) = moves.iter().find(|&&mv| step.judge(mv).is_right()) {
                return Err(format!(
                    "answers: {mv} reaches the goal but has the wrong answer {key}"
                ));
            }
        }
        Ok(step)
    }
}

/// Whether `mv`, played from `before` to `after`, does what `goal` asks.
fn reaches<G: LessonGame>(
    goal: &Goal<G::Move>,
    before: &G::Table,
    mv: G::Move,
    after: &G::Table,
) -> bool {
    match goal {
        Goal::Moves(moves) => moves.contains(&mv),
        Goal::AnyFlip => G::is_flip(mv),
        Goal::Win => G::mover_won(before, after),
        Goal::GameGoesOn => !G::is_over(after),
    }
}

/// Whether `text` has the shape of an id: lowercase words and digits joined by single hyphens.
fn is_id(text: &str) -> bool {
    !text.is_empty()
        && text.split('-').all(|word| {
            !word.is_empty()
                && word
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

/// The line (from 1) of byte offset `at` in `text`.
fn line_of(text: &str, at: usize) -> usize {
    text.bytes().take(at).filter(|&b| b == b'\n').count() + 1
}

/// A lesson file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileData {
    steps: Vec<StepData>,
}

/// A step as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepData {
    id: String,
    position: String,
    #[serde(default)]
    before: Vec<String>,
    #[serde(default)]
    highlight: Vec<String>,
    goal: GoalData,
    #[serde(default)]
    answers: Vec<AnswerData>,
}

/// A goal as written: `goal = { moves = ["b0c2"] }` or `goal = "win"`.
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
enum GoalData {
    Moves(Vec<String>),
    AnyFlip,
    Win,
    GameGoesOn,
}

/// Moves with a message of their own: `{ moves = ["b0a2"], key = "leg" }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnswerData {
    moves: Vec<String>,
    key: String,
}

#[cfg(test)]
mod tests;
