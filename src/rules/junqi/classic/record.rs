//! A classic game as the referee keeps it — the start (both deployments), every move and what
//! the referee announced — and its text record.
//!
//! ```text
//! [Game "Junqi classic"]
//! [Rules "quiet=80"]
//! [Red "CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP"]
//! [Blue "lfzlp/ldbec/r1m1t/zp1ec/e1g1b/cdrpt"]
//! [Result "*"]
//!
//! 1. a6a7+ e7e6- 2. c6c7= flag=d12
//! ```
//!
//! Headers (names in any case, each once, before the moves): `Game` (required, `Junqi
//! classic`), `Rules` (`quiet=N`, the draw limit, 1–200; default 80), `Red` and `Blue`
//! (required: the deployments), `Result` (as Junqi flip's records write it; a resignation,
//! a time loss, an abandonment or an agreed draw ends a game the moves leave going). Moves are
//! two points, optionally with the referee's mark (`+`, `-`, `=`) and `flag=POINT` tokens,
//! which are checked when given; move numbers are ignored. Also read: a start CJFEN followed by
//! `moves` and the moves (`CJFEN moves a6a7 …`).

use super::line::{Observed, SideLine, parse_action};
use super::position::{Announcement, ClassicPosition};
use super::view::ClassicView;
use super::{Deployment, DeploymentError, cjfen::CjfenError};
use crate::rules::junqi::record::{OUTCOMES, is_conceded, outcome_text};
use crate::rules::junqi::{Action, Color, DEFAULT_QUIET_PLY_LIMIT, IllegalAction, Outcome};
use crate::rules::record_text::{self, TextError, normalized, strip_move_number};
use std::fmt::Write;

/// The `Game` header's value.
const GAME_NAME: &str = "Junqi classic";
const HEADERS: &[&str] = &["Game", "Rules", "Red", "Blue", "Result"];

/// Why a text is not a classic record.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ClassicRecordError {
    #[error("the record is empty: paste a record starting with [Game \"Junqi classic\"]")]
    Empty,
    #[error(transparent)]
    Text(#[from] TextError),
    #[error("the record has no {0} header")]
    MissingHeader(&'static str),
    #[error("line {line}: this is a record of '{found}', not of Junqi classic")]
    NotClassic { line: usize, found: String },
    #[error("line {line}: rule option '{found}' is not quiet=N with N from 1 to 200")]
    BadRules { line: usize, found: String },
    #[error("line {line}: {side}'s deployment: {error}")]
    BadDeployment {
        line: usize,
        side: &'static str,
        error: DeploymentError,
    },
    #[error("the start: {0}")]
    BadStart(CjfenError),
    #[error("a record starts from a start position (ply 0)")]
    NotAtStart,
    #[error("line {line}: unknown result '{found}'")]
    BadResult { line: usize, found: String },
    #[error("line {line}: move {number} ('{token}'): {problem}")]
    BadMove {
        line: usize,
        number: usize,
        token: String,
        problem: String,
    },
    #[error("the result '{found}' is not what the moves lead to ({expected})")]
    ResultMismatch { found: String, expected: String },
}

/// A classic game: the start, the moves and their announcements, and how it ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ClassicGame {
    start: ClassicPosition,
    position: ClassicPosition,
    actions: Vec<Action>,
    announcements: Vec<Announcement>,
    conceded: Option<Outcome>,
}

impl ClassicGame {
    /// A game from its start position.
    pub fn new(start: ClassicPosition) -> ClassicGame {
        ClassicGame {
            position: start.clone(),
            start,
            actions: Vec::new(),
            announcements: Vec::new(),
            conceded: None,
        }
    }

    /// The start position.
    pub fn start(&self) -> &ClassicPosition {
        &self.start
    }

    /// The position now.
    pub fn position(&self) -> &ClassicPosition {
        &self.position
    }

    /// The moves played.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// What the referee announced after each move.
    pub fn announcements(&self) -> &[Announcement] {
        &self.announcements
    }

    /// How the game ended: a resignation, time loss, abandonment or agreement, else the board.
    pub fn outcome(&self) -> Option<Outcome> {
        self.conceded.or_else(|| self.position.outcome())
    }

    /// Plays a move if the game goes on and it is legal.
    pub fn play(&mut self, action: Action) -> Result<Announcement, IllegalAction> {
        if self.conceded.is_some() {
            return Err(IllegalAction::GameOver);
        }
        let announcement = self.position.play(action)?;
        self.actions.push(action);
        self.announcements.push(announcement.clone());
        Ok(announcement)
    }

    /// Ends the game by a resignation, a time loss, an abandonment or an agreed draw.
    pub fn conclude(&mut self, outcome: Outcome) {
        if self.outcome().is_none() {
            self.conceded = Some(outcome);
        }
    }

    /// Takes back the last `plies` moves (as many as there are); how many were taken back.
    pub fn undo(&mut self, plies: usize) -> usize {
        let plies = plies.min(self.actions.len());
        let keep = self.actions.len() - plies;
        let actions = self.actions[..keep].to_vec();
        let mut replayed = ClassicGame::new(self.start.clone());
        for action in actions {
            replayed.play(action).expect("moves played before replay");
        }
        *self = replayed;
        plies
    }

    /// `side`'s line of the first `count` moves: all that side knew before move `count + 1`.
    pub fn line(&self, side: Color, count: usize) -> SideLine {
        let observed: Vec<Observed> = self.actions[..count.min(self.actions.len())]
            .iter()
            .zip(&self.announcements)
            .map(|(&action, announcement)| Observed::announced(action, announcement))
            .collect();
        SideLine::new(ClassicView::of(&self.start, side), observed, None)
            .expect("the referee's announcements fit every side's view")
    }

    /// The game as a text record.
    pub fn to_text(&self) -> String {
        let half = |side: Color| {
            Deployment::of_position(&self.start, side)
                .map_or_else(String::new, |deployment| deployment.to_text())
        };
        let mut text = format!("[Game \"{GAME_NAME}\"]\n");
        let _ = writeln!(text, "[Rules \"quiet={}\"]", self.start.quiet_limit());
        let _ = writeln!(text, "[Red \"{}\"]", half(Color::Red));
        let _ = writeln!(text, "[Blue \"{}\"]", half(Color::Blue));
        let result = self.outcome().map_or("*".to_string(), outcome_text);
        let _ = writeln!(text, "[Result \"{result}\"]\n");
        for (index, (action, announcement)) in
            self.actions.iter().zip(&self.announcements).enumerate()
        {
            if index % 2 == 0 {
                if index > 0 {
                    text.push(if index % 12 == 0 { '\n' } else { ' ' });
                }
                let _ = write!(text, "{}. ", index / 2 + 1);
            } else {
                text.push(' ');
            }
            let _ = write!(text, "{}", Observed::announced(*action, announcement));
        }
        text.push('\n');
        text
    }

    /// Reads a record (or `CJFEN moves …`), checking every move, mark and flag token.
    pub fn from_text(text: &str) -> Result<ClassicGame, ClassicRecordError> {
        if text
            .trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
            .is_empty()
        {
            return Err(ClassicRecordError::Empty);
        }
        let items = record_text::scan(text)?;
        if let Some((line, found)) = record_text::game_header(&items)
            && normalized(found) != normalized(GAME_NAME)
        {
            return Err(ClassicRecordError::NotClassic {
                line,
                found: record_text::quote(found),
            });
        }
        let (headers, tokens) = record_text::split(&items, HEADERS)?;
        let (start, tokens, result) = if headers[0].is_none() {
            bare_start(&tokens)?
        } else {
            let quiet = match headers[1] {
                None => DEFAULT_QUIET_PLY_LIMIT,
                Some((line, value)) => value
                    .trim()
                    .strip_prefix("quiet=")
                    .and_then(record_text::count)
                    .filter(|n| (1..=200).contains(n))
                    .map(|n| n as u16)
                    .ok_or_else(|| ClassicRecordError::BadRules {
                        line,
                        found: record_text::quote(value),
                    })?,
            };
            let deployment = |index: usize, side: Color, name: &'static str| {
                let (line, value) =
                    headers[index].ok_or(ClassicRecordError::MissingHeader(name))?;
                Deployment::parse(value, side).map_err(|error| ClassicRecordError::BadDeployment {
                    line,
                    side: name,
                    error,
                })
            };
            let red = deployment(2, Color::Red, "Red")?;
            let blue = deployment(3, Color::Blue, "Blue")?;
            (
                ClassicPosition::start(&red, &blue, quiet),
                tokens,
                headers[4],
            )
        };
        let mut game = ClassicGame::new(start);
        let mut given_flags: Vec<(usize, Vec<String>)> = Vec::new();
        for (line, token) in tokens {
            let token = strip_move_number(token);
            if token.is_empty() {
                continue;
            }
            let number = game.actions.len() + 1;
            let bad = |problem: String| ClassicRecordError::BadMove {
                line,
                number,
                token: record_text::quote(token),
                problem,
            };
            if token.starts_with("flag=") {
                match given_flags.last_mut() {
                    Some((_, flags)) => flags.push(token.to_string()),
                    None => return Err(bad("a flag token comes before any move".into())),
                }
                continue;
            }
            let observed = parse_action(token, number).map_err(|e| bad(e.to_string()))?;
            let announcement = game.play(observed.action).map_err(|e| bad(e.to_string()))?;
            if observed.verdict.is_some() && observed.verdict != announcement.verdict {
                return Err(bad("its outcome mark is not the referee's".into()));
            }
            given_flags.push((line, Vec::new()));
        }
        for (index, (line, given)) in given_flags.iter().enumerate() {
            let expected: Vec<String> = game.announcements[index]
                .flags_shown
                .iter()
                .map(|at| format!("flag={at}"))
                .collect();
            if !given.is_empty() && *given != expected {
                return Err(ClassicRecordError::BadMove {
                    line: *line,
                    number: index + 1,
                    token: given.join(" "),
                    problem: format!("the flags shown are '{}'", expected.join(" ")),
                });
            }
        }
        if let Some((line, value)) = result {
            let found = normalized(value);
            let outcome = if found == "*" {
                None
            } else {
                Some(
                    OUTCOMES
                        .into_iter()
                        .find(|&o| outcome_text(o) == found)
                        .ok_or_else(|| ClassicRecordError::BadResult {
                            line,
                            found: record_text::quote(value),
                        })?,
                )
            };
            match outcome {
                Some(outcome) if is_conceded(outcome) && game.outcome().is_none() => {
                    game.conclude(outcome)
                }
                outcome if outcome == game.outcome() => {}
                _ => {
                    return Err(ClassicRecordError::ResultMismatch {
                        found: record_text::quote(value),
                        expected: game.outcome().map_or("*".to_string(), outcome_text),
                    });
                }
            }
        }
        Ok(game)
    }
}

type Tokens<'a> = Vec<record_text::Token<'a>>;

/// `CJFEN moves …`: the start and the moves' tokens.
fn bare_start<'a>(
    tokens: &[record_text::Token<'a>],
) -> Result<(ClassicPosition, Tokens<'a>, record_text::Found<'a>), ClassicRecordError> {
    if tokens.len() < 4 {
        return Err(ClassicRecordError::MissingHeader("Game"));
    }
    let text: Vec<&str> = tokens[..4].iter().map(|&(_, t)| t).collect();
    let start =
        ClassicPosition::from_cjfen(&text.join(" ")).map_err(ClassicRecordError::BadStart)?;
    if start.ply() != 0 {
        return Err(ClassicRecordError::NotAtStart);
    }
    let mut rest = &tokens[4..];
    if rest.first().is_some_and(|&(_, t)| t == "moves") {
        rest = &rest[1..];
    }
    Ok((start, rest.to_vec(), None))
}
