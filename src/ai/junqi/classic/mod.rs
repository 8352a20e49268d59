//! Junqi classic's computer players. They read a side's line only — their own pieces, where
//! the enemy's stand, the referee's verdicts — infer what each enemy piece can be
//! ([`Belief`]), and search guesses of the enemy army drawn from that belief (determinized
//! search): each guess is searched as an open game with Junqi's alpha-beta, and the moves are
//! judged by their mean expected score over the guesses.

pub mod arena;
mod belief;

pub use belief::{Belief, DeploymentPrior, Impossible, Kinds};

use super::search::{Deepening, Limits};
use super::{WIN, limits as flip_limits};
use crate::ai::Level;
use crate::ai::review::{Judgement, expected_score};
use crate::rules::junqi::classic::{ClassicPosition, ClassicView, DeploymentStyle, Seen, SideLine};
use crate::rules::junqi::{Action, ActionList, Cell, Kind, POINTS, Piece, Point};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use std::task::Poll;
use std::time::Duration;
use web_time::Instant;

/// The score (a marshal 100) at which a side expects three quarters of the game.
const SCALE: f64 = 150.0;

/// How hard a level thinks: how many guesses of the enemy army, and each guess's search.
#[derive(Clone, Copy, Debug)]
pub struct ClassicLimits {
    /// Guesses of the enemy army searched.
    pub guesses: usize,
    /// The search of each guess.
    pub search: Limits,
    /// How far (in expected score, 0 to 1) below the best a move may be and still be chosen
    /// at random.
    pub tolerance: f64,
    /// Whether guesses follow how deployments usually look (else every legal kind of a piece
    /// is as likely as the pieces of it left).
    pub prior: bool,
}

/// How the computer at `level` deploys: its own taste, or uniformly at random for the random
/// mover.
pub fn deployment_style(level: Level) -> DeploymentStyle {
    match level {
        Level::Random => DeploymentStyle::Random,
        Level::Easy | Level::Medium | Level::Hard => DeploymentStyle::Balanced,
    }
}

/// The limits of `level` (node counts, so that answers are reproducible; the level's time
/// budget caps them on slow machines).
pub fn limits(level: Level) -> ClassicLimits {
    let (guesses, max_depth, max_nodes, quiescence, tolerance) = match level {
        Level::Random => (0, 0, 0, 0, 0.0),
        Level::Easy => (2, 1, 5_000, 0, 0.06),
        Level::Medium => (8, 2, 20_000, 0, 0.0),
        Level::Hard => (12, 3, 60_000, 0, 0.0),
    };
    let search = Limits {
        max_depth,
        max_nodes,
        max_time: level.budget() / guesses.max(1) as u32,
        margin: 0,
        quiescence,
        ..flip_limits(level)
    };
    ClassicLimits {
        guesses,
        search,
        tolerance,
        prior: level == Level::Hard,
    }
}

/// The expected score (0 to 1) of a search score for the side to move.
fn expected(score: i32) -> f64 {
    expected_score(score, SCALE, 2, WIN - 100)
}

/// The enemy army guessed into `view`: a full position to search.
fn guessed_position(view: &ClassicView, guess: &[(Point, Piece)]) -> ClassicPosition {
    let mut cells = [Cell::Empty; POINTS];
    for at in Point::all() {
        if let Seen::Piece(piece) = view.seen(at) {
            cells[at.index()] = Cell::Up(piece);
        }
    }
    for &(at, piece) in guess {
        cells[at.index()] = Cell::Up(piece);
    }
    ClassicPosition::from_cells(
        cells,
        view.side_to_move(),
        view.quiet_plies(),
        view.ply(),
        view.quiet_limit(),
    )
}

/// A decision in progress for the owner of a line, resumable in slices of time (a browser's
/// worker thinks this way) or in one go.
pub struct ClassicThinker {
    view: ClassicView,
    belief: Belief,
    moves: Vec<Action>,
    limits: ClassicLimits,
    level: Level,
    rng: Xoshiro256PlusPlus,
    /// Each move's summed expected score over the guesses searched so far.
    totals: Vec<f64>,
    guesses_done: usize,
    current: Option<Deepening>,
    decided: Option<Option<Action>>,
    score: Option<i32>,
    nodes: u64,
}

/// Why the computer cannot think about a line.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ThinkError {
    #[error("the game is over: no move to choose")]
    GameOver,
    #[error("it is not the line's owner's turn: a side's line tells that side's moves only")]
    NotOwnersTurn,
    #[error(transparent)]
    Impossible(#[from] Impossible),
}

impl ClassicThinker {
    /// Starts deciding the move of the line's owner; `seed` makes the decision reproducible.
    pub fn new(
        line: &SideLine,
        level: Level,
        limits: ClassicLimits,
        seed: u64,
    ) -> Result<ClassicThinker, ThinkError> {
        let view = line.current().clone();
        if line.result().is_some() || view.is_over() {
            return Err(ThinkError::GameOver);
        }
        if view.side_to_move() != line.owner() {
            return Err(ThinkError::NotOwnersTurn);
        }
        let belief = Belief::from_line(line)?;
        let mut list = ActionList::new();
        view.legal_moves(&mut list);
        let moves: Vec<Action> = list.to_vec();
        // Seeded by the seed and the ply only: what the owner knows decides the rest.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(
            seed ^ u64::from(view.ply()).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        );
        let shown_flag = flag_capture(&view, &moves);
        let decided = if level == Level::Random || moves.len() == 1 {
            Some(moves.choose(&mut rng).copied())
        } else {
            shown_flag.map(Some)
        };
        Ok(ClassicThinker {
            totals: vec![0.0; moves.len()],
            view,
            belief,
            moves,
            limits,
            level,
            rng,
            guesses_done: 0,
            current: None,
            decided,
            score: shown_flag.map(|_| WIN),
            nodes: 0,
        })
    }

    /// A thinker with nothing to choose: the line's game is over, it is not the owner's turn
    /// or no enemy army fits the line. It answers `None`.
    pub fn nothing_to_choose(line: &SideLine, level: Level) -> ClassicThinker {
        ClassicThinker {
            view: line.current().clone(),
            belief: Belief::empty(line.owner().opponent()),
            moves: Vec::new(),
            limits: limits(level),
            level,
            rng: Xoshiro256PlusPlus::seed_from_u64(0),
            totals: Vec::new(),
            guesses_done: 0,
            current: None,
            decided: Some(None),
            score: None,
            nodes: 0,
        }
    }

    /// Each legal move with its mean expected score so far (0 to 1).
    pub fn scored(&self) -> Vec<(Action, f64)> {
        let guesses = self.guesses_done.max(1) as f64;
        self.moves
            .iter()
            .zip(&self.totals)
            .map(|(&action, &total)| (action, total / guesses))
            .collect()
    }

    /// The chosen move's score for the owner (a won game is [`WIN`]), once decided.
    pub fn score(&self) -> Option<i32> {
        self.score
    }

    /// Searches guesses until the decision is made or, with a slice, about that long.
    pub fn think(&mut self, slice: Option<Duration>) -> Poll<Option<Action>> {
        if let Some(answer) = self.decided {
            return Poll::Ready(answer);
        }
        let slice_end = slice.map(|slice| Instant::now() + slice);
        while self.guesses_done < self.limits.guesses {
            if self.current.is_none() {
                let prior = self.limits.prior.then(DeploymentPrior::get);
                let Some(guess) = self.belief.sample(&mut self.rng, prior) else {
                    break;
                };
                let position = guessed_position(&self.view, &guess);
                self.current = Deepening::new(position.board(), &self.moves, self.limits.search);
            }
            let Some(deepening) = self.current.as_mut() else {
                break;
            };
            if !deepening.advance(slice_end) {
                return Poll::Pending;
            }
            self.nodes += deepening.nodes();
            if let Some((scored, _)) = deepening.result() {
                for (action, score) in scored {
                    if let Some(index) = self.moves.iter().position(|&m| m == action) {
                        self.totals[index] += expected(score);
                    }
                }
                self.guesses_done += 1;
            } else {
                // Out of time before one iteration: the guesses so far decide.
                self.current = None;
                break;
            }
            self.current = None;
        }
        let answer = self.pick();
        self.decided = Some(answer);
        Poll::Ready(answer)
    }

    /// Picks among the moves whose mean expected score is near the best.
    fn pick(&mut self) -> Option<Action> {
        let scored = self.scored();
        let best = scored.iter().map(|&(_, e)| e).fold(f64::MIN, f64::max);
        let near: Vec<Action> = scored
            .iter()
            .filter(|&&(_, e)| e >= best - self.limits.tolerance)
            .map(|&(action, _)| action)
            .collect();
        let chosen = if self.level == Level::Hard {
            near.first().copied()
        } else {
            near.choose(&mut self.rng).copied()
        }?;
        let mean = scored
            .iter()
            .find(|&&(a, _)| a == chosen)
            .map_or(0.5, |&(_, e)| e);
        self.score = Some(score_of(mean));
        Some(chosen)
    }
}

impl crate::ai::Decision for ClassicThinker {
    type Action = Action;

    fn think(&mut self, slice: Option<Duration>) -> Poll<Option<Action>> {
        ClassicThinker::think(self, slice)
    }

    fn nodes(&self) -> u64 {
        self.nodes + self.current.as_ref().map_or(0, Deepening::nodes)
    }
}

/// A mean expected score as a search score: 0 even, [`WIN`] won, -[`WIN`] lost (roughly).
fn score_of(expected: f64) -> i32 {
    ((expected - 0.5) * 2.0 * f64::from(WIN)).round() as i32
}

/// Takes a flag the referee showed, if the owner can reach it.
fn flag_capture(view: &ClassicView, moves: &[Action]) -> Option<Action> {
    moves.iter().copied().find(|action| {
        matches!(action, Action::Move { to, .. }
            if matches!(view.seen(*to), Seen::Piece(piece)
                if piece.kind == Kind::Flag && piece.color != view.owner()))
    })
}

/// The move the computer at `level` chooses for the owner of `line`, and its score.
pub fn choose_move(
    line: &SideLine,
    level: Level,
    limits: ClassicLimits,
    seed: u64,
) -> Result<(Action, i32), ThinkError> {
    let mut thinker = ClassicThinker::new(line, level, limits, seed)?;
    let action = crate::ai::think_to_the_end(|| thinker.think(None)).ok_or(ThinkError::GameOver)?;
    Ok((action, thinker.score().unwrap_or(0)))
}

/// Judges the move `played` of the owner of `line` (made right after the line) with the
/// search of `level`, by nodes only: the best move and what `played` lost against it, as the
/// owner could know them.
pub fn judge_move(
    line: &SideLine,
    played: Action,
    level: Level,
    seed: u64,
) -> Result<Judgement<Action>, String> {
    let view = line.current();
    let mut moves = ActionList::new();
    view.legal_moves(&mut moves);
    if !moves.contains(&played) {
        return Err(format!("'{played}' is not legal here"));
    }
    let forced = moves.len() == 1;
    let limits = ClassicLimits {
        search: Limits {
            max_time: Duration::MAX,
            ..limits(level).search
        },
        ..limits(level)
    };
    let mut thinker =
        ClassicThinker::new(line, level, limits, seed).map_err(|error| error.to_string())?;
    // A review scores every move, even a forced one or a shown flag's capture.
    thinker.decided = None;
    crate::ai::think_to_the_end(|| thinker.think(None));
    // Expected scores in millionths stand in for search scores: the judgement compares them
    // as they are.
    let millionths = |e: f64| (e * 1e6).round() as i32;
    let scored: Vec<(Action, i32)> = thinker
        .scored()
        .into_iter()
        .map(|(action, e)| (action, millionths(e)))
        .collect();
    let best = scored
        .iter()
        .copied()
        .fold((played, i32::MIN), |best, next| {
            if next.1 > best.1 { next } else { best }
        });
    Ok(Judgement::of_root(played, best, &scored, forced, |score| {
        f64::from(score) / 1e6
    }))
}

#[cfg(test)]
mod tests;
