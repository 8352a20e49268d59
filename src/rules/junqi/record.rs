//! The text form of a game record: a game copied as text, to paste back in to watch it or to
//! play on from any ply.
//!
//! # Grammar
//!
//! A record is a block of headers followed by the actions, PGN-like:
//!
//! ```text
//! [Game "Junqi flip"]
//! [Record "1"]
//! [Rules "first-flip quiet=80"]
//! [Start "?R?E?B?c?T/?F?e?b?d?r/?z1?R1?P/?M?d1?p?G/?L1?E1?e/?C?D?E?z?m/?c?Z?e?c?t/?p1?C1?L/?g?f1?Z?p/?C1?r1?t/?b?l?B?l?P/?D?P?l?T?L - 0 0"]
//! [Actions "5"]
//! [Result "blue wins: resignation"]
//!
//! 1. c3=r a7=C 2. c2=B c2b3 3. a10=z
//! ```
//!
//! **Headers**, each `[Name "value"]`, all before the first action, each at most once, names
//! matched without regard to case:
//! - `Game` (required): `Junqi flip`.
//! - `Record`: the record format version, `1` (the default).
//! - `Rules`: space-separated options, any order, each at most once; missing options (or a
//!   missing header) keep the contract's default:
//!   `first-flip` or `two-in-a-row` (how colours are decided), `hq-lock` (pieces entering a
//!   headquarters are stuck), `flag-after-mines` (a flag falls only once its colour's landmines
//!   are gone), `engineers-take-flag` (only engineers take a flag), `quiet=N` (the draw limit in
//!   quiet plies, 1–200). Written as the colour option, the switched-on options, then `quiet=N`.
//! - `Start` (required): the full JFEN of the start position (face-down pieces as `?X`).
//! - `Actions`: how many actions follow; when present, a record holding more or fewer is an
//!   error, so a record cut short is caught.
//! - `Result`: `*` (the game goes on), `red wins: R` / `blue wins: R` with `R` one of
//!   `flag captured`, `no legal action`, `resignation`, `out of time`, `abandoned`, or
//!   `draw: D` with `D` one of `quiet plies`, `agreement`, `no action before colours`. A result
//!   the board decides (flag captured, no legal action, quiet plies, no action before colours,
//!   `*`) must be what the actions lead to; a resignation, time loss, abandonment or agreed draw
//!   ends a game the actions leave going. Without the header, the board decides.
//!
//! **Actions**, separated by any whitespace, in the contract's notation: a flip is its point
//! and the piece it revealed, `c3=R` (the JFEN letter: upper case red, lower case blue); a bare
//! `c3` is accepted and reveals what the deal holds there. A move or attack is its two points,
//! `a2a11`. Move numbers (`12.`, `12...`, also glued on as `12.c3=R`) are ignored: the writer
//! numbers each pair of plies from the start position's ply, six to a line.
//!
//! **Also accepted**: a bare JFEN (its four fields) followed by `moves` and the actions, as
//! `kawu-cli junqi review` reads one (`JFEN moves c3 a7 c3c4`), with the contract's default rules.
//!
//! Blank lines, extra spaces and tabs, CRLF line ends, a byte-order mark and a record pasted on
//! a single line are all accepted. Anything else is an error naming the line, header, option or
//! action (numbered from 1) and what is wrong; a record [`GameRecord::from_text`] returns always
//! loads with [`Game::from_record`]. Nothing here panics, whatever the text.

use super::action::{Action, PlayedAction};
use super::board::Point;
use super::game::{Game, GameError, GameRecord, RECORD_VERSION};
use super::jfen::JfenError;
use super::piece::{Color, Piece};
use super::position::Position;
use super::ruleset::{ColourRule, Ruleset};
use super::view::{Cell, DrawReason, IllegalAction, Outcome, WinReason};
use crate::rules::record_text::{self, TextError, Token, normalized, quote};
use std::fmt::Write;

/// The value of the `Game` header.
const GAME_NAME: &str = "Junqi flip";
/// Move numbers written per line.
const MOVES_PER_LINE: u64 = 6;

/// Why a text is not a game record.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RecordTextError {
    #[error("the record is empty: paste a game record starting with [Game \"Junqi flip\"]")]
    Empty,
    #[error("line {line}: {problem} (a header is written [Name \"value\"])")]
    MalformedHeader { line: usize, problem: &'static str },
    #[error(
        "line {line}: unknown header '{name}' (known: Game, Record, Rules, Start, Actions, Result)"
    )]
    UnknownHeader { line: usize, name: String },
    #[error("line {line}: a second {name} header")]
    DuplicateHeader { line: usize, name: &'static str },
    #[error("line {line}: the {name} header comes after the actions; headers go first")]
    HeaderAfterActions { line: usize, name: String },
    #[error(
        "the record has no {0} header (a record starts with [Game \"Junqi flip\"] and needs [Start \"<JFEN>\"])"
    )]
    MissingHeader(&'static str),
    #[error("line {line}: this is a record of '{found}', not of Junqi flip")]
    NotJunqi { line: usize, found: String },
    #[error(
        "line {line}: record version '{found}' is not supported (this build reads version {RECORD_VERSION})"
    )]
    UnsupportedVersion { line: usize, found: String },
    #[error(
        "line {line}: unknown rule option '{option}' (known: first-flip, two-in-a-row, hq-lock, flag-after-mines, engineers-take-flag, quiet=N)"
    )]
    UnknownRule { line: usize, option: String },
    #[error("line {line}: rule option '{option}' {problem}")]
    BadRule {
        line: usize,
        option: String,
        problem: &'static str,
    },
    #[error("line {line}: start position: {error}")]
    BadStart { line: usize, error: JfenError },
    #[error("line {line}: the Actions header must be a number, found '{found}'")]
    BadActionCount { line: usize, found: String },
    #[error(
        "line {line}: unknown result '{found}' (expected '*', 'red wins: resignation', 'blue wins: flag captured', 'draw: agreement' and the like)"
    )]
    BadResult { line: usize, found: String },
    #[error("line {line}: action {number}: '{token}' {problem}")]
    BadAction {
        line: usize,
        number: usize,
        token: String,
        problem: &'static str,
    },
    #[error(
        "the record holds {found} actions but its Actions header says {expected}{}",
        if .found < .expected { ": it is cut short" } else { "" }
    )]
    ActionCount { expected: usize, found: usize },
    #[error("action {number} ({action}) on line {line}: {reason}")]
    Illegal {
        line: usize,
        number: usize,
        action: String,
        reason: String,
    },
    #[error(
        "action {number} ({action}) on line {line}: the deal holds {} at {point}, not {claimed}",
        .held.map_or_else(|| "no face-down piece".to_string(), |piece| piece.to_string())
    )]
    RevealMismatch {
        line: usize,
        number: usize,
        action: String,
        point: Point,
        held: Option<Piece>,
        claimed: Piece,
    },
    #[error("line {line}: the Result header says '{stated}' but {actual}")]
    ResultMismatch {
        line: usize,
        stated: String,
        actual: String,
    },
    #[error("{0}")]
    Record(GameError),
}

/// The shared scanner's errors, in a Junqi record's words (a header after the *actions*).
impl From<TextError> for RecordTextError {
    fn from(error: TextError) -> RecordTextError {
        match error {
            TextError::MalformedHeader { line, problem } => {
                RecordTextError::MalformedHeader { line, problem }
            }
            TextError::UnknownHeader { line, name, .. } => {
                RecordTextError::UnknownHeader { line, name }
            }
            TextError::DuplicateHeader { line, name } => {
                RecordTextError::DuplicateHeader { line, name }
            }
            TextError::HeaderAfterMoves { line, name } => {
                RecordTextError::HeaderAfterActions { line, name }
            }
        }
    }
}

/// The headers a record may have, in the order they are written.
const HEADERS: &[&str] = &["Game", "Record", "Rules", "Start", "Actions", "Result"];

/// Every outcome, for writing and reading the `Result` header.
pub(super) const OUTCOMES: [Outcome; 13] = [
    win(Color::Red, WinReason::FlagCaptured),
    win(Color::Red, WinReason::NoLegalAction),
    win(Color::Red, WinReason::Resignation),
    win(Color::Red, WinReason::OutOfTime),
    win(Color::Red, WinReason::Abandoned),
    win(Color::Blue, WinReason::FlagCaptured),
    win(Color::Blue, WinReason::NoLegalAction),
    win(Color::Blue, WinReason::Resignation),
    win(Color::Blue, WinReason::OutOfTime),
    win(Color::Blue, WinReason::Abandoned),
    Outcome::Draw(DrawReason::QuietPlies),
    Outcome::Draw(DrawReason::Agreement),
    Outcome::Draw(DrawReason::NoActionBeforeColours),
];

const fn win(winner: Color, reason: WinReason) -> Outcome {
    Outcome::Win { winner, reason }
}

/// The `Result` text of an outcome.
pub(super) fn outcome_text(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let winner = match winner {
                Color::Red => "red",
                Color::Blue => "blue",
            };
            let reason = match reason {
                WinReason::FlagCaptured => "flag captured",
                WinReason::NoLegalAction => "no legal action",
                WinReason::Resignation => "resignation",
                WinReason::OutOfTime => "out of time",
                WinReason::Abandoned => "abandoned",
            };
            format!("{winner} wins: {reason}")
        }
        Outcome::Draw(reason) => {
            let reason = match reason {
                DrawReason::QuietPlies => "quiet plies",
                DrawReason::Agreement => "agreement",
                DrawReason::NoActionBeforeColours => "no action before colours",
            };
            format!("draw: {reason}")
        }
    }
}

/// An outcome no board position decides: it ends a game the actions leave going.
pub(super) fn is_conceded(outcome: Outcome) -> bool {
    matches!(
        outcome,
        Outcome::Win {
            reason: WinReason::Resignation | WinReason::OutOfTime | WinReason::Abandoned,
            ..
        } | Outcome::Draw(DrawReason::Agreement)
    )
}

/// The `Rules` text of a ruleset.
fn rules_text(rules: &Ruleset) -> String {
    let mut out = String::from(match rules.colours {
        ColourRule::FirstFlip => "first-flip",
        ColourRule::TwoInARow => "two-in-a-row",
    });
    for (on, name) in [
        (rules.headquarters_lock, "hq-lock"),
        (rules.flag_after_mines, "flag-after-mines"),
        (rules.only_engineers_take_flag, "engineers-take-flag"),
    ] {
        if on {
            out.push(' ');
            out.push_str(name);
        }
    }
    let _ = write!(out, " quiet={}", rules.quiet_ply_limit);
    out
}

fn parse_rules(text: &str, line: usize) -> Result<Ruleset, RecordTextError> {
    let mut rules = Ruleset::default();
    // Which of colours, hq-lock, flag-after-mines, engineers-take-flag, quiet were given.
    let mut seen = [false; 5];
    for option in text.split_whitespace() {
        let bad = |problem| RecordTextError::BadRule {
            line,
            option: quote(option),
            problem,
        };
        let slot = match option.to_ascii_lowercase().as_str() {
            "first-flip" => {
                rules.colours = ColourRule::FirstFlip;
                0
            }
            "two-in-a-row" => {
                rules.colours = ColourRule::TwoInARow;
                0
            }
            "hq-lock" => {
                rules.headquarters_lock = true;
                1
            }
            "flag-after-mines" => {
                rules.flag_after_mines = true;
                2
            }
            "engineers-take-flag" => {
                rules.only_engineers_take_flag = true;
                3
            }
            lower => match lower.strip_prefix("quiet=") {
                Some(value) => {
                    rules.quiet_ply_limit = value
                        .parse::<u16>()
                        .ok()
                        .filter(|limit| (1..=200).contains(limit) && !value.starts_with('+'))
                        .ok_or_else(|| bad("needs a quiet-ply limit from 1 to 200"))?;
                    4
                }
                None => {
                    return Err(RecordTextError::UnknownRule {
                        line,
                        option: quote(option),
                    });
                }
            },
        };
        if std::mem::replace(&mut seen[slot], true) {
            return Err(bad("repeats or contradicts an earlier option"));
        }
    }
    Ok(rules)
}

/// Writes the actions, numbered by pairs of plies from `first_ply`.
fn write_actions(out: &mut String, first_ply: u64, actions: &[PlayedAction]) {
    let mut numbers_on_line = 0;
    for (i, played) in actions.iter().enumerate() {
        let ply = first_ply + i as u64;
        let number = ply / 2 + 1;
        if ply.is_multiple_of(2) || i == 0 {
            if numbers_on_line == MOVES_PER_LINE {
                out.push('\n');
                numbers_on_line = 0;
            } else if i > 0 {
                out.push(' ');
            }
            numbers_on_line += 1;
            let dots = if ply.is_multiple_of(2) { "." } else { "..." };
            let _ = write!(out, "{number}{dots} ");
        } else {
            out.push(' ');
        }
        let _ = write!(out, "{}", played.action);
        if let (Action::Flip(_), Some(piece)) = (played.action, played.revealed) {
            let _ = write!(out, "={piece}");
        }
    }
    if !actions.is_empty() {
        out.push('\n');
    }
}

impl GameRecord {
    /// The record as text (see the [module documentation](self) for the grammar).
    pub fn to_text(&self) -> String {
        let replayed = Game::from_record(self).ok();
        let first_ply = replayed
            .as_ref()
            .map_or(0, |game| u64::from(game.start().view().ply()));
        let mut out = String::new();
        let _ = writeln!(out, "[Game \"{GAME_NAME}\"]");
        let _ = writeln!(out, "[Record \"{}\"]", self.version);
        let _ = writeln!(out, "[Rules \"{}\"]", rules_text(&self.rules));
        let _ = writeln!(out, "[Start \"{}\"]", self.start);
        let _ = writeln!(out, "[Actions \"{}\"]", self.actions.len());
        let result = match &replayed {
            Some(game) => Some(game.outcome().map_or_else(|| "*".to_string(), outcome_text)),
            None => self.conceded.map(outcome_text),
        };
        if let Some(result) = result {
            let _ = writeln!(out, "[Result \"{result}\"]");
        }
        out.push('\n');
        write_actions(&mut out, first_ply, &self.actions);
        out
    }

    /// Reads a record written by [`GameRecord::to_text`] (or by hand, see the
    /// [module documentation](self)) and checks that every action is legal and every flip
    /// reveals what the deal holds: the record returned always loads with [`Game::from_record`].
    pub fn from_text(text: &str) -> Result<GameRecord, RecordTextError> {
        parse(text).map(|game| game.record())
    }
}

impl Game {
    /// The game's record as text: see [`GameRecord::to_text`].
    pub fn to_text(&self) -> String {
        self.record().to_text()
    }

    /// The game a text record describes, every action checked: see [`GameRecord::from_text`].
    pub fn from_text(text: &str) -> Result<Game, RecordTextError> {
        parse(text)
    }
}

/// Reads the text and checks it with [`Game::from_record`].
fn parse(text: &str) -> Result<Game, RecordTextError> {
    let items = record_text::scan(text)?;
    if items.is_empty() {
        return Err(RecordTextError::Empty);
    }

    if let Some((line, game_name)) = record_text::game_header(&items)
        && normalized(game_name) != GAME_NAME.to_lowercase()
    {
        return Err(RecordTextError::NotJunqi {
            line,
            found: quote(game_name),
        });
    }

    // Headers, then actions.
    let (headers, tokens) = record_text::split(&items, HEADERS)?;
    // No headers and a board first (ranks separated by '/'): a bare JFEN with its actions.
    if headers.iter().all(Option::is_none) && tokens.first().is_some_and(|(_, t)| t.contains('/')) {
        return bare(&tokens);
    }
    let header = |name: &str| headers[HEADERS.iter().position(|&h| h == name).unwrap_or(0)];
    if header("Game").is_none() {
        return Err(RecordTextError::MissingHeader("Game"));
    }
    if let Some((line, version)) = header("Record")
        && version.trim().parse::<u32>().ok() != Some(RECORD_VERSION)
    {
        return Err(RecordTextError::UnsupportedVersion {
            line,
            found: quote(version),
        });
    }
    let rules = match header("Rules") {
        Some((line, text)) => parse_rules(text, line)?,
        None => Ruleset::default(),
    };
    let Some((start_line, start_text)) = header("Start") else {
        return Err(RecordTextError::MissingHeader("Start"));
    };
    let start_text = start_text.split_whitespace().collect::<Vec<_>>().join(" ");
    Position::from_jfen_with_rules(&start_text, rules).map_err(|error| {
        RecordTextError::BadStart {
            line: start_line,
            error,
        }
    })?;
    let expected = match header("Actions") {
        Some((line, count)) => Some(
            count
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|_| !count.trim().starts_with('+'))
                .ok_or_else(|| RecordTextError::BadActionCount {
                    line,
                    found: quote(count),
                })?,
        ),
        None => None,
    };
    let stated = match header("Result") {
        Some((line, text)) => {
            let wanted = normalized(text);
            let outcome = if wanted == "*" {
                None
            } else {
                let found = OUTCOMES
                    .into_iter()
                    .find(|&outcome| outcome_text(outcome) == wanted);
                Some(found.ok_or_else(|| RecordTextError::BadResult {
                    line,
                    found: quote(text),
                })?)
            };
            Some((line, text, outcome))
        }
        None => None,
    };

    play_tokens(rules, start_text, &tokens, expected, stated)
}

/// A record without headers: a JFEN (its four fields), then `moves` and the actions, with the
/// contract's default rules.
fn bare(tokens: &[Token<'_>]) -> Result<Game, RecordTextError> {
    let fields = tokens
        .iter()
        .take_while(|(_, text)| !text.eq_ignore_ascii_case("moves"))
        .count()
        .min(4);
    let start_line = tokens.first().map_or(1, |&(line, _)| line);
    let start_text = tokens[..fields]
        .iter()
        .map(|&(_, text)| text)
        .collect::<Vec<_>>()
        .join(" ");
    let rules = Ruleset::default();
    Position::from_jfen_with_rules(&start_text, rules).map_err(|error| {
        RecordTextError::BadStart {
            line: start_line,
            error,
        }
    })?;
    let mut rest = &tokens[fields..];
    if rest
        .first()
        .is_some_and(|(_, text)| text.eq_ignore_ascii_case("moves"))
    {
        rest = &rest[1..];
    }
    play_tokens(rules, start_text, rest, None, None)
}

/// Reads the actions (each token with its line), plays them from the start and checks the
/// stated result: the game the record describes.
fn play_tokens(
    rules: Ruleset,
    start_text: String,
    tokens: &[Token<'_>],
    expected: Option<usize>,
    stated: Option<(usize, &str, Option<Outcome>)>,
) -> Result<Game, RecordTextError> {
    // The actions, each with its line and as written.
    let mut actions: Vec<PlayedAction> = Vec::new();
    let mut written: Vec<(usize, &str)> = Vec::new();
    for &(line, token) in tokens {
        let rest = record_text::strip_move_number(token);
        if rest.is_empty() {
            continue;
        }
        let number = actions.len() + 1;
        let bad = |problem| RecordTextError::BadAction {
            line,
            number,
            token: quote(token),
            problem,
        };
        let (action_text, revealed) = match rest.split_once('=') {
            Some((action_text, letter)) => {
                let mut letters = letter.chars();
                let piece = match (letters.next(), letters.next()) {
                    (None, _) => return Err(bad("has no piece after '=' (a flip is written c3=R)")),
                    (Some(c), None) => Piece::from_letter(c).ok_or_else(|| {
                        bad("has no piece letter after '=' (M G D B R T C P E Z L F, lower case for blue)")
                    })?,
                    (Some(_), Some(_)) => {
                        return Err(bad(
                            "has more than one letter after '=' (a flip is written c3=R)",
                        ));
                    }
                };
                (action_text, Some(piece))
            }
            None => (rest, None),
        };
        let action: Action = action_text.parse().map_err(|_| {
            bad("is not an action (a flip is written c3=R, a move or attack a2a11)")
        })?;
        if revealed.is_some() && matches!(action, Action::Move { .. }) {
            return Err(bad("names a piece after a move; only a flip reveals one"));
        }
        actions.push(PlayedAction { action, revealed });
        written.push((line, rest));
    }
    if let Some(expected) = expected
        && expected != actions.len()
    {
        return Err(RecordTextError::ActionCount {
            expected,
            found: actions.len(),
        });
    }

    // The game, every action checked.
    let record = GameRecord {
        version: RECORD_VERSION,
        rules,
        start: start_text,
        actions,
        conceded: None,
    };
    let mut game = Game::from_record(&record).map_err(|error| explain(&record, &written, error))?;
    let board = game.outcome();
    if let Some((line, text, outcome)) = stated {
        let mismatch = |actual: String| RecordTextError::ResultMismatch {
            line,
            stated: quote(text.trim()),
            actual,
        };
        match (outcome, board) {
            (None, None) => {}
            (Some(outcome), None) if is_conceded(outcome) => game.conclude(outcome),
            (Some(_), None) => {
                return Err(mismatch(
                    "after the last action the game goes on (is the record cut short?)".to_string(),
                ));
            }
            (Some(outcome), Some(board)) if outcome == board => {}
            (_, Some(board)) => {
                return Err(mismatch(format!(
                    "the actions end the game with '{}'",
                    outcome_text(board)
                )));
            }
        }
    }
    Ok(game)
}

/// Turns [`Game::from_record`]'s error into one naming the action, its line and what is wrong.
fn explain(record: &GameRecord, written: &[(usize, &str)], error: GameError) -> RecordTextError {
    let (index, action) = match error {
        GameError::Illegal { index, action, .. } | GameError::RevealMismatch { index, action } => {
            (index, action)
        }
        other => return RecordTextError::Record(other),
    };
    let Some(&(line, text)) = written.get(index) else {
        return RecordTextError::Record(error);
    };
    // The game just before the action: its prefix of the record was accepted.
    let before = Game::from_record(&GameRecord {
        actions: record.actions[..index.min(record.actions.len())].to_vec(),
        ..record.clone()
    })
    .ok();
    let number = index + 1;
    let action_text = quote(text);
    match error {
        GameError::RevealMismatch { .. } => {
            let Action::Flip(point) = action else {
                return RecordTextError::Record(error);
            };
            let claimed = record.actions.get(index).and_then(|played| played.revealed);
            let Some(claimed) = claimed else {
                return RecordTextError::Record(error);
            };
            RecordTextError::RevealMismatch {
                line,
                number,
                action: action_text,
                point,
                held: before.and_then(|game| game.position().hidden_piece(point)),
                claimed,
            }
        }
        GameError::Illegal { error, .. } => RecordTextError::Illegal {
            line,
            number,
            action: action_text,
            reason: match before {
                Some(game) => why_illegal(&game, action, &error),
                None => error.to_string(),
            },
        },
        other => RecordTextError::Record(other),
    }
}

/// Why `action` cannot be played in `game`, in words.
fn why_illegal(game: &Game, action: Action, error: &IllegalAction) -> String {
    if let Some(outcome) = game.outcome() {
        return format!("the game was already over ({})", outcome_text(outcome));
    }
    let view = game.view();
    let side = view.side_to_move();
    let colour = |color: Color| match color {
        Color::Red => "red",
        Color::Blue => "blue",
    };
    match action {
        Action::Flip(point) => match view.cell(point) {
            Cell::Empty => format!("there is no piece at {point} to flip"),
            Cell::Up(piece) => format!("the piece at {point} ({piece}) is already face up"),
            Cell::Hidden => error.to_string(),
        },
        Action::Move { from, to } => match (view.cell(from), side) {
            (Cell::Empty, _) => format!("there is no piece at {from} to move"),
            (Cell::Hidden, _) => format!("the piece at {from} is face down: flip it first"),
            (Cell::Up(_), None) => "no piece moves before a flip decides the colours".to_string(),
            (Cell::Up(piece), Some(side)) if piece.color != side => format!(
                "the piece at {from} ({piece}) is {}'s, and {} is to move",
                colour(piece.color),
                colour(side)
            ),
            (Cell::Up(piece), Some(_)) => {
                format!("the piece at {from} ({piece}) cannot move or attack to {to}")
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::junqi::ActionList;
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::seq::IndexedRandom;

    const DEAL: &str = "?R?E?B?c?T/?F?e?b?d?r/?z1?R1?P/?M?d1?p?G/?L1?E1?e/?C?D?E?z?m/?c?Z?e?c?t/?p1?C1?L/?g?f1?Z?p/?C1?r1?t/?b?l?B?l?P/?D?P?l?T?L - 0 0";

    /// A game from a seeded deal with random legal actions, to its end or `max_plies`.
    fn random_game(rules: Ruleset, seed: u64, max_plies: usize) -> Game {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut game = Game::new(Position::deal_seeded(rules, seed));
        let mut actions = ActionList::new();
        for _ in 0..max_plies {
            game.position().legal_actions(&mut actions);
            let Some(&action) = actions.choose(&mut rng) else {
                break;
            };
            game.play(action).expect("a listed action is legal");
        }
        game
    }

    fn rules_for(seed: u64) -> Ruleset {
        Ruleset {
            colours: if seed.is_multiple_of(2) {
                ColourRule::FirstFlip
            } else {
                ColourRule::TwoInARow
            },
            headquarters_lock: seed.is_multiple_of(3),
            flag_after_mines: seed.is_multiple_of(5),
            only_engineers_take_flag: seed.is_multiple_of(7),
            quiet_ply_limit: [80, 1, 20, 200][(seed % 4) as usize],
        }
    }

    fn assert_round_trips(game: &Game) {
        let text = game.to_text();
        let record = GameRecord::from_text(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(record, game.record(), "{text}");
        assert_eq!(&Game::from_text(&text).unwrap(), game);
        assert_eq!(&Game::from_record(&record).unwrap(), game);
        assert_eq!(record.to_text(), text);
    }

    /// A short game from the contract's deal: blue plays first (c3 is a blue regiment).
    fn short_game() -> Game {
        let mut game = Game::new(Position::from_jfen(DEAL).unwrap());
        for action in ["c3", "a7", "c2", "c2b3", "a10"] {
            game.play(action.parse().unwrap()).unwrap();
        }
        game
    }

    fn error_of(text: &str) -> RecordTextError {
        match GameRecord::from_text(text) {
            Ok(record) => panic!("accepted: {record:?}\n{text}"),
            Err(error) => error,
        }
    }

    #[test]
    fn a_bare_jfen_and_its_actions_read_as_a_game() {
        let game = short_game();
        let read = Game::from_text(&format!("{DEAL} moves c3 a7 c2 c2b3 a10")).unwrap();
        assert_eq!(read.history(), game.history());
        assert_eq!(read.start(), game.start());
        // A bad action is named with its number and line.
        let error = Game::from_text(&format!("\n{DEAL} moves c3 a7 c2 c2b3 a10 a1a1"))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("action 6") && error.contains("line 2"),
            "{error}"
        );
    }

    #[test]
    fn the_text_reads_as_documented() {
        let mut game = short_game();
        game.resign(Color::Red);
        let text = game.to_text();
        assert_eq!(
            text,
            format!(
                "[Game \"Junqi flip\"]\n[Record \"1\"]\n[Rules \"first-flip quiet=80\"]\n\
                 [Start \"{DEAL}\"]\n[Actions \"5\"]\n[Result \"blue wins: resignation\"]\n\n\
                 1. c3=r a7=C 2. c2=B c2b3 3. a10=z\n"
            )
        );
        assert_round_trips(&game);
    }

    #[test]
    fn random_games_to_the_end_round_trip() {
        for seed in 0..12 {
            let game = random_game(rules_for(seed), seed, 20_000);
            assert!(game.outcome().is_some(), "seed {seed} ended");
            assert_round_trips(&game);
        }
    }

    #[test]
    fn unfinished_resigned_and_agreed_games_round_trip() {
        for seed in 20..26 {
            let rules = Ruleset {
                quiet_ply_limit: 200,
                ..rules_for(seed)
            };
            let mut game = random_game(rules, seed, 30 + seed as usize);
            assert!(game.outcome().is_none(), "seed {seed} goes on");
            assert_round_trips(&game);
            match seed % 3 {
                0 => game.resign(Color::Blue),
                1 => game.agree_draw(),
                _ => game.conclude(Outcome::Win {
                    winner: Color::Red,
                    reason: WinReason::OutOfTime,
                }),
            }
            assert!(game.public().conceded().is_some());
            assert_round_trips(&game);
        }
        assert_round_trips(&Game::new(Position::from_jfen(DEAL).unwrap()));
    }

    #[test]
    fn a_game_starting_with_the_second_player_is_numbered_from_its_ply() {
        let mut game = Game::new(short_game().position().clone());
        game.play("b3c4".parse().unwrap()).unwrap();
        let text = game.to_text();
        assert!(text.ends_with("\n\n3... b3c4\n"), "{text}");
        assert_eq!(GameRecord::from_text(&text).unwrap(), game.record());
    }

    #[test]
    fn long_games_are_numbered_six_moves_to_a_line() {
        let game = random_game(Ruleset::default(), 7, 40);
        let text = game.to_text();
        let moves: Vec<&str> = text.split("\n\n").nth(1).unwrap().lines().collect();
        assert_eq!(moves.len(), 4, "{text}");
        assert!(moves[1].starts_with("7. "), "{text}");
        assert!(moves[3].starts_with("19. "), "{text}");
        assert_eq!(moves[0].split(' ').count(), 18, "{text}");
    }

    #[test]
    fn whitespace_crlf_move_numbers_and_bare_flips_are_tolerated() {
        let game = short_game();
        let text = format!(
            "\u{feff}\r\n  [ game   \"junqi  FLIP\" ]\r\n\r\n[Start \"  {DEAL} \"]\r\n\r\n\
             1.c3=r\ta7  \r\n 2.   c2=B 2...c2b3\r\n\r\n   3. a10\r\n\r\n"
        );
        assert_eq!(GameRecord::from_text(&text).unwrap(), game.record());
        // All on one line, as a chat might paste it.
        let one_line = game.to_text().replace('\n', " ");
        assert_eq!(GameRecord::from_text(&one_line).unwrap(), game.record());
    }

    #[test]
    fn each_kind_of_bad_text_has_its_own_error() {
        let good = short_game().to_text();
        let with = |from: &str, to: &str| {
            assert!(good.contains(from), "{from}");
            good.replacen(from, to, 1)
        };
        let cases: Vec<(String, &str)> = vec![
            (String::new(), "the record is empty"),
            ("  \r\n\n\t ".to_string(), "the record is empty"),
            ("hello, world".to_string(), "the record has no Game header"),
            (
                with("[Game \"Junqi flip\"]", "[Game \"Xiangqi\"]"),
                "line 1: this is a record of 'Xiangqi', not of Junqi flip",
            ),
            (
                "[Game \"Xiangqi\"]\n[Moves \"1\"]\n\n1. h2e2".to_string(),
                "line 1: this is a record of 'Xiangqi', not of Junqi flip",
            ),
            (
                with("[Record \"1\"]", "[Record \"2\"]"),
                "line 2: record version '2' is not supported",
            ),
            (
                with("[Record \"1\"]", "[Record \"1\""),
                "line 2: the header has no closing ']'",
            ),
            (
                with("[Record \"1\"]", "[Record 1]"),
                "line 2: the header's value must be one text in double quotes",
            ),
            (
                with("[Record \"1\"]", "[Event \"x\"]"),
                "line 2: unknown header 'Event'",
            ),
            (
                with("[Record \"1\"]", "[Game \"Junqi flip\"]"),
                "line 2: a second Game header",
            ),
            (
                with("first-flip", "first-flip foo"),
                "line 3: unknown rule option 'foo'",
            ),
            (
                with("first-flip", "first-flip two-in-a-row"),
                "line 3: rule option 'two-in-a-row' repeats or contradicts",
            ),
            (
                with("quiet=80", "quiet=0"),
                "line 3: rule option 'quiet=0' needs a quiet-ply limit from 1 to 200",
            ),
            (
                with("[Start \"?R?E", "[Start \"?R?X"),
                "line 4: start position: JFEN rank 12: unexpected character 'X'",
            ),
            (
                with(" - 0 0\"]", " - 0\"]"),
                "line 4: start position: JFEN needs 4 space-separated fields",
            ),
            (
                with("[Actions \"5\"]", "[Actions \"five\"]"),
                "line 5: the Actions header must be a number, found 'five'",
            ),
            (
                with("[Result \"*\"]", "[Result \"red wins\"]"),
                "line 6: unknown result 'red wins'",
            ),
            (
                with("c2b3", "c2b3x"),
                "line 8: action 4: 'c2b3x' is not an action",
            ),
            (
                with("c2=B", "c2=X"),
                "line 8: action 3: 'c2=X' has no piece letter after '='",
            ),
            (
                with("c2=B", "c2="),
                "line 8: action 3: 'c2=' has no piece after '='",
            ),
            (
                with("c2b3", "c2b3=R"),
                "line 8: action 4: 'c2b3=R' names a piece after a move",
            ),
            (
                with("c2b3", "c2c4"),
                "action 4 (c2c4) on line 8: the piece at c2 (B) cannot move or attack to c4",
            ),
            (
                with("c2b3", "c3c4"),
                "action 4 (c3c4) on line 8: the piece at c3 (r) is blue's, and red is to move",
            ),
            (
                with("c2b3", "a7"),
                "action 4 (a7) on line 8: the piece at a7 (C) is already face up",
            ),
            (
                with("a10=z", "c4"),
                "action 5 (c4) on line 8: there is no piece at c4 to flip",
            ),
            (
                with("1. c3=r", "1. c3c4"),
                "action 1 (c3c4) on line 8: the piece at c3 is face down: flip it first",
            ),
            (
                with("c2=B", "c2=b"),
                "action 3 (c2=b) on line 8: the deal holds B at c2, not b",
            ),
            (
                with(" 3. a10=z", ""),
                "the record holds 4 actions but its Actions header says 5: it is cut short",
            ),
            (
                with("3. a10=z", "3. a10=z d1"),
                "the record holds 6 actions but its Actions header says 5",
            ),
            (with("[Actions \"5\"]\n", ""), ""),
            (
                format!("{}\n[Rules \"hq-lock\"]\n", good.trim_end()),
                "line 9: the Rules header comes after the actions",
            ),
            (
                with("[Result \"*\"]", "[Result \"red wins: flag captured\"]"),
                "line 6: the Result header says 'red wins: flag captured' but after the last action the game goes on",
            ),
            (
                good[..good.len() / 2].to_string(),
                "line 4: the header's value has no closing '\"'",
            ),
        ];
        for (text, expected) in cases {
            let result = GameRecord::from_text(&text);
            if expected.is_empty() {
                assert!(result.is_ok(), "{text}");
                continue;
            }
            let message = result.expect_err(&text).to_string();
            assert!(
                message.starts_with(expected),
                "expected '{expected}', got '{message}'\n{text}"
            );
        }
    }

    #[test]
    fn a_result_the_board_contradicts_is_an_error() {
        let game = random_game(Ruleset::default(), 3, 20_000);
        let outcome = game.outcome().expect("the game ended");
        let text = game.to_text();
        let written = format!("[Result \"{}\"]", outcome_text(outcome));
        assert!(text.contains(&written));
        let message = error_of(&text.replace(&written, "[Result \"draw: agreement\"]")).to_string();
        assert!(
            message.contains(&format!(
                "but the actions end the game with '{}'",
                outcome_text(outcome)
            )),
            "{message}"
        );
        let message = error_of(&text.replace(&written, "[Result \"*\"]")).to_string();
        assert!(message.contains("the actions end the game"), "{message}");
        // An action after the end names the result.
        let extended = text
            .replace(
                &format!("[Actions \"{}\"]", game.history().len()),
                &format!("[Actions \"{}\"]", game.history().len() + 1),
            )
            .trim_end()
            .to_string()
            + " a1a2\n";
        let message = error_of(&extended).to_string();
        assert!(
            message.contains("the game was already over"),
            "{message}\n{extended}"
        );
    }

    #[test]
    fn every_outcome_reads_back() {
        for outcome in OUTCOMES {
            let text = outcome_text(outcome);
            assert_eq!(
                OUTCOMES.into_iter().find(|&o| outcome_text(o) == text),
                Some(outcome)
            );
        }
    }

    #[test]
    fn every_rule_option_reads_back() {
        for seed in 0..64 {
            let rules = rules_for(seed);
            assert_eq!(parse_rules(&rules_text(&rules), 1), Ok(rules));
        }
        assert_eq!(parse_rules("", 1), Ok(Ruleset::default()));
        assert_eq!(
            parse_rules("  QUIET=7   Hq-Lock ", 1),
            Ok(Ruleset {
                headquarters_lock: true,
                quiet_ply_limit: 7,
                ..Ruleset::default()
            })
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn from_text_never_panics_on_any_string(text in any::<String>()) {
            let _ = GameRecord::from_text(&text);
        }

        #[test]
        fn from_text_never_panics_on_a_damaged_record(
            seed in any::<u64>(),
            cut in any::<prop::sample::Index>(),
            len in 0usize..20,
            insert in "[\\[\\]\"=.0-9a-z ?/\n\r\t\u{e9}\u{4e2d}-]{0,12}",
        ) {
            let text = random_game(Ruleset::default(), seed, 60).to_text();
            let mut at = cut.index(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let mut end = (at + len).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let damaged = format!("{}{insert}{}", &text[..at], &text[end..]);
            if let Ok(record) = GameRecord::from_text(&damaged) {
                // Whatever is accepted loads.
                prop_assert!(Game::from_record(&record).is_ok());
            }
        }

        #[test]
        fn random_games_round_trip(seed in any::<u64>(), plies in 0usize..400) {
            let game = random_game(rules_for(seed), seed, plies);
            let text = game.to_text();
            prop_assert_eq!(&Game::from_text(&text).unwrap(), &game);
            prop_assert_eq!(GameRecord::from_text(&text).unwrap(), game.record());
        }
    }
}
