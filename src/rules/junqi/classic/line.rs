//! A side's line: everything one player knows of a game — its view of the start, then every
//! action with the referee's verdicts and the flags shown.

use super::Verdict;
use super::cjfen::CjfenError;
use super::position::{Announcement, ClassicPosition};
use super::view::{ClassicText, ClassicView, ObservedError};
use crate::rules::junqi::{Action, Color, IllegalAction, Point};
use arrayvec::ArrayVec;
use std::fmt;

/// One action as a side saw it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Observed {
    pub action: Action,
    /// The referee's verdict, for an attack.
    pub verdict: Option<Verdict>,
    /// Flags shown after this action (a marshal fell), Red's first.
    pub flags: ArrayVec<Point, 2>,
}

impl Observed {
    /// The action with the referee's announcement.
    pub fn announced(action: Action, announcement: &Announcement) -> Observed {
        Observed {
            action,
            verdict: announcement.verdict,
            flags: announcement.flags_shown.clone(),
        }
    }
}

impl fmt::Display for Observed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.action)?;
        if let Some(verdict) = self.verdict {
            write!(f, "{}", verdict.mark())?;
        }
        for flag in &self.flags {
            write!(f, " flag={flag}")?;
        }
        Ok(())
    }
}

/// How a line says the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LineResult {
    Won(Color),
    Draw,
}

/// Why a text is not a side's line.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LineError {
    #[error(
        "a side's line starts with its view (4 fields: board side quiet ply), found {0} fields"
    )]
    ShortView(usize),
    #[error("the line's view: {0}")]
    View(CjfenError),
    #[error("a side's line starts from a side's view, with the enemy's pieces as X or x")]
    NotAView,
    #[error("a side's line starts from the start position (ply 0), found ply {0}")]
    NotAtStart(u32),
    #[error("action {number}: '{token}' is not an action (two points with an outcome mark, a6a7+)")]
    BadToken { number: usize, token: String },
    #[error("'{0}' is not a flag token (flag=b12)")]
    BadFlag(String),
    #[error("'{0}' comes before any action")]
    FlagFirst(String),
    #[error("'{0}' is not a result (result=r, result=b or result=draw)")]
    BadResult(String),
    #[error("'{0}' follows the result: the result ends the line")]
    AfterResult(String),
    #[error("action {number} ({text}): {error}")]
    Action {
        number: usize,
        text: String,
        error: ObservedError,
    },
}

/// A side's line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SideLine {
    start: ClassicView,
    actions: Vec<Observed>,
    result: Option<LineResult>,
    /// The view after every action, kept so that a line followed move by move plays each
    /// action once.
    now: ClassicView,
}

impl SideLine {
    /// The line of a game played from `start` by `side`: each action with what the referee
    /// announced. Fails on the first illegal action.
    pub fn of_game(
        start: &ClassicPosition,
        side: Color,
        actions: &[Action],
    ) -> Result<SideLine, (usize, IllegalAction)> {
        let mut position = start.clone();
        let mut line = SideLine {
            start: ClassicView::of(start, side),
            actions: Vec::with_capacity(actions.len()),
            result: None,
            now: ClassicView::of(start, side),
        };
        for (index, &action) in actions.iter().enumerate() {
            let announcement = position.play(action).map_err(|error| (index, error))?;
            line.push(Observed::announced(action, &announcement))
                .expect("what the referee announces fits the side's view");
        }
        Ok(line)
    }

    /// A line from its parts, checked action by action.
    pub fn new(
        start: ClassicView,
        actions: Vec<Observed>,
        result: Option<LineResult>,
    ) -> Result<SideLine, LineError> {
        let mut now = start.clone();
        for (index, observed) in actions.iter().enumerate() {
            play_on(&mut now, observed, index + 1)?;
        }
        Ok(SideLine {
            start,
            actions,
            result,
            now,
        })
    }

    /// Adds the next action as the side saw it, checked against the view so far; the line is
    /// unchanged when it does not fit. A line with a result takes no more actions.
    pub fn push(&mut self, observed: Observed) -> Result<(), LineError> {
        if self.result.is_some() {
            return Err(LineError::AfterResult(observed.to_string()));
        }
        let mut next = self.now.clone();
        play_on(&mut next, &observed, self.actions.len() + 1)?;
        self.now = next;
        self.actions.push(observed);
        Ok(())
    }

    /// Reads `VIEW [moves ACTION…] [result=…]`, checking every action against what the side
    /// could see.
    pub fn parse(text: &str) -> Result<SideLine, LineError> {
        let tokens: Vec<&str> = text.split_ascii_whitespace().collect();
        if tokens.len() < 4 {
            return Err(LineError::ShortView(tokens.len()));
        }
        let start = match ClassicText::parse(&tokens[..4].join(" ")).map_err(LineError::View)? {
            ClassicText::View(view) => view,
            ClassicText::Full(_) => return Err(LineError::NotAView),
        };
        if start.ply() != 0 {
            return Err(LineError::NotAtStart(start.ply()));
        }
        let mut rest = &tokens[4..];
        if rest.first() == Some(&"moves") {
            rest = &rest[1..];
        }
        let mut actions: Vec<Observed> = Vec::new();
        let mut result = None;
        for &token in rest {
            if result.is_some() {
                return Err(LineError::AfterResult(token.chars().take(40).collect()));
            }
            if let Some(at) = token.strip_prefix("flag=") {
                let at = Point::parse(at).ok_or_else(|| LineError::BadFlag(quote(token)))?;
                let last = actions
                    .last_mut()
                    .ok_or_else(|| LineError::FlagFirst(quote(token)))?;
                last.flags
                    .try_push(at)
                    .map_err(|_| LineError::BadFlag(quote(token)))?;
            } else if let Some(value) = token.strip_prefix("result=") {
                result = Some(match value {
                    "r" => LineResult::Won(Color::Red),
                    "b" => LineResult::Won(Color::Blue),
                    "draw" => LineResult::Draw,
                    _ => return Err(LineError::BadResult(quote(token))),
                });
            } else {
                actions.push(parse_action(token, actions.len() + 1)?);
            }
        }
        SideLine::new(start, actions, result)
    }

    /// The side whose line this is.
    pub fn owner(&self) -> Color {
        self.start.owner()
    }

    /// The view of the start.
    pub fn start(&self) -> &ClassicView {
        &self.start
    }

    /// The actions as the side saw them.
    pub fn actions(&self) -> &[Observed] {
        &self.actions
    }

    /// The result token, if the line ends with one.
    pub fn result(&self) -> Option<LineResult> {
        self.result
    }

    /// The side's view after every action.
    pub fn current(&self) -> &ClassicView {
        &self.now
    }

    /// Whether the game is over as far as the line tells.
    pub fn is_over(&self) -> bool {
        self.result.is_some() || self.current().is_over()
    }
}

impl fmt::Display for SideLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} moves", self.start.to_cjfen())?;
        for observed in &self.actions {
            write!(f, " {observed}")?;
        }
        match self.result {
            Some(LineResult::Won(color)) => write!(f, " result={}", color.letter()),
            Some(LineResult::Draw) => write!(f, " result=draw"),
            None => Ok(()),
        }
    }
}

/// Plays action number `number` on `view`, naming it when it does not fit.
fn play_on(view: &mut ClassicView, observed: &Observed, number: usize) -> Result<(), LineError> {
    view.play_observed(observed.action, observed.verdict, &observed.flags)
        .map_err(|error| LineError::Action {
            number,
            text: observed.to_string(),
            error,
        })
}

/// Reads `a6a7`, `a6a7+`, `a6a7-` or `a6a7=`.
pub fn parse_action(token: &str, number: usize) -> Result<Observed, LineError> {
    let bad = || LineError::BadToken {
        number,
        token: quote(token),
    };
    let (text, verdict) = match token.chars().last().and_then(Verdict::from_mark) {
        Some(verdict) => (&token[..token.len() - 1], Some(verdict)),
        None => (token, None),
    };
    match text.parse::<Action>() {
        Ok(action @ Action::Move { .. }) => Ok(Observed {
            action,
            verdict,
            flags: ArrayVec::new(),
        }),
        _ => Err(bad()),
    }
}

fn quote(token: &str) -> String {
    token.chars().take(40).collect()
}
