//! A Xiangqi game record: the start FEN, the moves in ICCS and how the game ended off the
//! board; as JSON (serde, for autosaves and kept games) and as text (to copy and paste back).
//!
//! # Text
//!
//! A record is a block of headers followed by the moves, PGN-like:
//!
//! ```text
//! [Game "Xiangqi"]
//! [Start "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]
//! [Moves "3"]
//! [Result "red wins: resignation"]
//!
//! 1. h2e2 h9g7 2. h0g2
//! ```
//!
//! **Headers**, each `[Name "value"]`, all before the first move, each at most once, names
//! matched without regard to case:
//! - `Game` (required): `Xiangqi`.
//! - `Start`: the FEN of the start position; the standard start when absent.
//! - `Moves`: how many moves follow; when present, a record holding more or fewer is an
//!   error, so a record cut short is caught.
//! - `Result`: `*` (the game goes on); `red wins: R` or `black wins: R` with `R` one of
//!   `checkmate`, `stalemate`, `perpetual check`, `perpetual chase`, `resignation`,
//!   `out of time`, `abandoned`; or `draw: D` with `D` one of `repetition`, `move limit`,
//!   `no progress`, `agreement` (hyphens may stand for the spaces). What the board decides
//!   (and `*`) must be what the moves lead to; a resignation, time loss, abandonment or agreed
//!   draw ends a game the moves leave going and fills [`Record::conceded`]. Without the
//!   header, the board decides.
//!
//! **Moves** in ICCS (`h2e2`, also `H2-E2`), separated by any whitespace. Move numbers (`12.`,
//! `12...`, also glued on as `12.h2e2`) are ignored; the writer numbers them from the start
//! FEN's move number, six to a line.
//!
//! **Also accepted**, as pasted from engines and older exports: a bare FEN, optionally followed
//! by `moves` and ICCS moves (on any number of lines), and a UCI `position fen FEN moves …` or
//! `position startpos moves …` line (`position` may be left out).
//!
//! Blank lines, extra spaces and tabs, CRLF line ends and a byte-order mark are accepted.
//! Anything else is an error naming the line (from 1), the move number and token, and what is
//! wrong; a record [`Record::from_text`] returns always replays with [`Record::game`]. Nothing
//! here panics, whatever the text.

use super::START_FEN;
use super::fen::FenError;
use super::game::{Game, Outcome, Reason};
use super::moves::{Move, MoveList, MoveParseError};
use super::piece::{Color, Kind};
use super::position::Position;
use crate::rules::record_text::{self, TextError, normalized, quote};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// The value of the `Game` header.
const GAME_NAME: &str = "Xiangqi";
/// The headers a record may have, in the order they are written.
const HEADERS: &[&str] = &["Game", "Start", "Moves", "Result"];
/// Move numbers written per line.
const NUMBERS_PER_LINE: usize = 6;

/// A game ended off the board. In JSON: `{"Resigned":"red"}`, `"Agreed"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Conceded {
    /// This side resigned.
    Resigned(Color),
    /// The players agreed to a draw.
    Agreed,
    /// This side ran out of time on the move clock.
    OutOfTime(Color),
    /// This side left an online game and did not come back in time.
    Abandoned(Color),
}

impl Conceded {
    /// Every way a game ends off the board.
    const ALL: [Conceded; 7] = [
        Conceded::Resigned(Color::Red),
        Conceded::Resigned(Color::Black),
        Conceded::Agreed,
        Conceded::OutOfTime(Color::Red),
        Conceded::OutOfTime(Color::Black),
        Conceded::Abandoned(Color::Red),
        Conceded::Abandoned(Color::Black),
    ];

    /// The side that wins; `None` for an agreed draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Conceded::Resigned(side) | Conceded::OutOfTime(side) | Conceded::Abandoned(side) => {
                Some(side.opponent())
            }
            Conceded::Agreed => None,
        }
    }
}

/// A Xiangqi game: the start FEN, the moves in ICCS, and how it ended off the board.
///
/// Its JSON is the autosave's and the kept games':
/// `{"start":"<FEN>","moves":["h2e2","h9g7"],"conceded":{"Resigned":"black"}}`, `conceded`
/// left out while the game has not been conceded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The start position's FEN.
    pub start: String,
    /// The moves in ICCS (`h2e2`).
    pub moves: Vec<String>,
    /// A resignation, time loss, abandonment or agreed draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conceded: Option<Conceded>,
}

/// Why a record does not replay.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RecordError {
    /// The start FEN is not a legal position.
    #[error("start position: {0}")]
    Start(FenError),
    /// A move that is not ICCS.
    #[error("move {number}: {error}")]
    NotAMove {
        number: usize,
        error: MoveParseError,
    },
    /// A move the position does not allow.
    #[error("move {number} ({mv}): {reason}")]
    Illegal {
        number: usize,
        mv: Move,
        reason: String,
    },
}

/// Why a text is not a Xiangqi record.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RecordTextError {
    /// Nothing but white space.
    #[error("the record is empty: paste a game record starting with [Game \"Xiangqi\"] or a FEN")]
    Empty,
    /// The headers or the text around them are malformed.
    #[error(transparent)]
    Text(#[from] TextError),
    /// Headers without a `Game` header.
    #[error("the record has no Game header (a record starts with [Game \"Xiangqi\"])")]
    MissingGame,
    /// The record is another game's.
    #[error("line {line}: this is a record of '{found}', not of Xiangqi")]
    NotXiangqi { line: usize, found: String },
    /// The start FEN is not a legal position.
    #[error("line {line}: start position: {error}")]
    BadStart { line: usize, error: FenError },
    /// A UCI `position` line that is not followed by `startpos` or `fen`.
    #[error("line {line}: 'position' must be followed by 'startpos' or 'fen', found '{found}'")]
    BadPosition { line: usize, found: String },
    /// A bare `moves` without a FEN before it.
    #[error("line {line}: no FEN before 'moves': paste a position such as the start, {START_FEN}")]
    NoFen { line: usize },
    /// The `Moves` header is not a number.
    #[error("line {line}: the Moves header must be a number, found '{found}'")]
    BadMoveCount { line: usize, found: String },
    /// The `Result` header is none of the results.
    #[error(
        "line {line}: unknown result '{found}' (expected '*', 'red wins: checkmate', 'black wins: resignation', 'draw: repetition' and the like)"
    )]
    BadResult { line: usize, found: String },
    /// A token that is not an ICCS move.
    #[error("line {line}: move {number}: {error}")]
    BadMove {
        line: usize,
        number: usize,
        error: MoveParseError,
    },
    /// More or fewer moves than the `Moves` header says.
    #[error(
        "the record holds {found} moves but its Moves header says {expected}{}",
        if .found < .expected { ": it is cut short" } else { "" }
    )]
    MoveCount { expected: usize, found: usize },
    /// A move the position does not allow.
    #[error("move {number} ({token}) on line {line}: {reason}")]
    Illegal {
        line: usize,
        number: usize,
        token: String,
        reason: String,
    },
    /// The `Result` header says what the moves do not lead to.
    #[error("line {line}: the Result header says '{stated}' but {actual}")]
    ResultMismatch {
        line: usize,
        stated: String,
        actual: String,
    },
}

/// How a game ended: on the board or off it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ending {
    Board(Outcome),
    Conceded(Conceded),
}

/// Every ending, for reading the `Result` header.
fn endings() -> impl Iterator<Item = Ending> {
    let wins = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::PerpetualCheck,
        Reason::PerpetualChase,
    ];
    let draws = [Reason::Repetition, Reason::MoveLimit, Reason::NoProgress];
    [Color::Red, Color::Black]
        .into_iter()
        .flat_map(move |winner| {
            wins.into_iter().map(move |reason| Outcome {
                winner: Some(winner),
                reason,
            })
        })
        .chain(draws.into_iter().map(|reason| Outcome {
            winner: None,
            reason,
        }))
        .map(Ending::Board)
        .chain(Conceded::ALL.into_iter().map(Ending::Conceded))
}

/// The `Result` text of an ending: `red wins: checkmate`, `draw: agreement`.
fn ending_text(ending: Ending) -> String {
    let (winner, reason) = match ending {
        Ending::Board(outcome) => (outcome.winner, outcome.reason.word().replace('-', " ")),
        Ending::Conceded(conceded) => (
            conceded.winner(),
            match conceded {
                Conceded::Resigned(_) => "resignation",
                Conceded::Agreed => "agreement",
                Conceded::OutOfTime(_) => "out of time",
                Conceded::Abandoned(_) => "abandoned",
            }
            .to_string(),
        ),
    };
    match winner {
        Some(color) => format!("{} wins: {reason}", color.name()),
        None => format!("draw: {reason}"),
    }
}

/// The ending a `Result` text names; `Ok(None)` for `*`.
fn parse_result(text: &str) -> Result<Option<Ending>, ()> {
    let wanted = normalized(&text.replace('-', " "));
    if wanted == "*" {
        return Ok(None);
    }
    endings()
        .find(|&ending| ending_text(ending) == wanted)
        .map(Some)
        .ok_or(())
}

/// The English name of a kind, for error messages.
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::General => "general",
        Kind::Advisor => "advisor",
        Kind::Elephant => "elephant",
        Kind::Horse => "horse",
        Kind::Chariot => "chariot",
        Kind::Cannon => "cannon",
        Kind::Soldier => "soldier",
    }
}

/// Plays `mv`, or says in words why it cannot be played.
fn play(game: &mut Game, mv: Move) -> Result<(), String> {
    if let Some(outcome) = game.outcome() {
        return Err(format!(
            "the game was already over ({})",
            ending_text(Ending::Board(outcome))
        ));
    }
    if game.play(mv).is_ok() {
        return Ok(());
    }
    let position = game.position();
    let side = position.side_to_move();
    let (from, to) = (mv.from(), mv.to());
    Err(match position.piece_at(from) {
        None => format!("there is no piece at {from}"),
        Some(piece) if piece.color() != side => format!(
            "the {} at {from} is {}'s, and {} is to move",
            kind_name(piece.kind()),
            piece.color().name(),
            side.name()
        ),
        Some(piece) => {
            let mut list = MoveList::new();
            position.pseudo_moves(&mut list, false);
            if list.contains(&mv) {
                format!("it would leave {}'s general attacked", side.name())
            } else {
                format!(
                    "the {} at {from} cannot move to {to}",
                    kind_name(piece.kind())
                )
            }
        }
    })
}

/// Writes the moves, numbered from the start position's move number.
fn write_moves(out: &mut String, start: Option<&Position>, moves: &[String]) {
    let (first_number, black_first) = start.map_or((1, false), |position| {
        (
            usize::from(position.fullmove()),
            position.side_to_move() == Color::Black,
        )
    });
    let mut numbers_on_line = 0;
    for (i, mv) in moves.iter().enumerate() {
        let ply = i + usize::from(black_first);
        if ply.is_multiple_of(2) || i == 0 {
            if numbers_on_line == NUMBERS_PER_LINE {
                out.push('\n');
                numbers_on_line = 0;
            } else if i > 0 {
                out.push(' ');
            }
            numbers_on_line += 1;
            let dots = if ply.is_multiple_of(2) { "." } else { "..." };
            let _ = write!(out, "{}{dots} ", first_number + ply / 2);
        } else {
            out.push(' ');
        }
        out.push_str(mv);
    }
    if !moves.is_empty() {
        out.push('\n');
    }
}

impl Record {
    /// The record of `game`, with how it ended off the board.
    pub fn of(game: &Game, conceded: Option<Conceded>) -> Record {
        Record {
            start: game.start().to_fen(),
            moves: game.moves().iter().map(|m| m.mv.to_string()).collect(),
            conceded,
        }
    }

    /// Replays the record; a bad one names the move and what is wrong. (Whether the game was
    /// conceded is [`Record::conceded`]: the returned game knows only the board.)
    pub fn game(&self) -> Result<Game, RecordError> {
        let start = Position::from_fen(&self.start).map_err(RecordError::Start)?;
        let mut game = Game::new(start);
        for (index, text) in self.moves.iter().enumerate() {
            let number = index + 1;
            let mv: Move = text
                .parse()
                .map_err(|error| RecordError::NotAMove { number, error })?;
            play(&mut game, mv).map_err(|reason| RecordError::Illegal { number, mv, reason })?;
        }
        Ok(game)
    }

    /// The record as text (see the [module documentation](self)). The `Result` header is what
    /// the board decides, else how the game was conceded, else `*`; a record that does not
    /// replay gets no `Result` unless it was conceded.
    pub fn to_text(&self) -> String {
        let game = self.game().ok();
        let mut out = String::new();
        let _ = writeln!(out, "[Game \"{GAME_NAME}\"]");
        let _ = writeln!(out, "[Start \"{}\"]", self.start);
        let _ = writeln!(out, "[Moves \"{}\"]", self.moves.len());
        let ending = match &game {
            Some(game) => game
                .outcome()
                .map(Ending::Board)
                .or(self.conceded.map(Ending::Conceded))
                .map_or_else(|| "*".to_string(), ending_text),
            None => self
                .conceded
                .map(|c| ending_text(Ending::Conceded(c)))
                .unwrap_or_default(),
        };
        if !ending.is_empty() {
            let _ = writeln!(out, "[Result \"{ending}\"]");
        }
        out.push('\n');
        write_moves(&mut out, game.as_ref().map(Game::start), &self.moves);
        out
    }

    /// Reads a record written by [`Record::to_text`], by hand, or as a bare FEN or UCI
    /// `position` line (see the [module documentation](self)), and checks every move: the
    /// record returned always replays with [`Record::game`].
    pub fn from_text(text: &str) -> Result<Record, RecordTextError> {
        let items = record_text::scan(text)?;
        if items.is_empty() {
            return Err(RecordTextError::Empty);
        }
        if let Some((line, game_name)) = record_text::game_header(&items)
            && normalized(game_name) != GAME_NAME.to_lowercase()
        {
            return Err(RecordTextError::NotXiangqi {
                line,
                found: quote(game_name),
            });
        }
        let (headers, tokens) = record_text::split(&items, HEADERS)?;
        if headers.iter().all(Option::is_none) {
            return bare(&tokens);
        }
        let header = |name: &str| headers[HEADERS.iter().position(|&h| h == name).unwrap_or(0)];
        if header("Game").is_none() {
            return Err(RecordTextError::MissingGame);
        }
        let (start_line, start) = match header("Start") {
            Some((line, fen)) => (line, fen.split_whitespace().collect::<Vec<_>>().join(" ")),
            None => (0, START_FEN.to_string()),
        };
        let expected =
            match header("Moves") {
                Some((line, count)) => Some(record_text::count(count).ok_or_else(|| {
                    RecordTextError::BadMoveCount {
                        line,
                        found: quote(count),
                    }
                })?),
                None => None,
            };
        let stated = match header("Result") {
            Some((line, text)) => Some((
                line,
                text,
                parse_result(text).map_err(|()| RecordTextError::BadResult {
                    line,
                    found: quote(text),
                })?,
            )),
            None => None,
        };
        let moves = read_moves(&tokens)?;
        if let Some(expected) = expected
            && expected != moves.len()
        {
            return Err(RecordTextError::MoveCount {
                expected,
                found: moves.len(),
            });
        }
        let (game, record) = replay(start_line, start, &moves)?;
        let Some((line, text, stated)) = stated else {
            return Ok(record);
        };
        let mismatch = |actual: String| RecordTextError::ResultMismatch {
            line,
            stated: quote(text.trim()),
            actual,
        };
        match (stated, game.outcome()) {
            (None, None) => Ok(record),
            (Some(Ending::Conceded(conceded)), None) => Ok(Record {
                conceded: Some(conceded),
                ..record
            }),
            (Some(Ending::Board(_)), None) => Err(mismatch(
                "after the last move the game goes on (is the record cut short?)".to_string(),
            )),
            (Some(Ending::Board(stated)), Some(board)) if stated == board => Ok(record),
            (_, Some(board)) => Err(mismatch(format!(
                "the moves end the game with '{}'",
                ending_text(Ending::Board(board))
            ))),
        }
    }
}

/// A move as read: its line, its token and the move.
type ReadMove<'a> = (usize, &'a str, Move);

/// The moves among `tokens`, move numbers skipped.
fn read_moves<'a>(tokens: &[(usize, &'a str)]) -> Result<Vec<ReadMove<'a>>, RecordTextError> {
    let mut moves = Vec::new();
    for &(line, token) in tokens {
        let text = record_text::strip_move_number(token);
        if text.is_empty() {
            continue;
        }
        let mv = text.parse().map_err(|error| RecordTextError::BadMove {
            line,
            number: moves.len() + 1,
            error,
        })?;
        moves.push((line, text, mv));
    }
    Ok(moves)
}

/// Plays `moves` from the FEN `start` (on line `start_line`, 0 when it is the default).
fn replay(
    start_line: usize,
    start: String,
    moves: &[ReadMove<'_>],
) -> Result<(Game, Record), RecordTextError> {
    let position = Position::from_fen(&start).map_err(|error| RecordTextError::BadStart {
        line: start_line,
        error,
    })?;
    let mut game = Game::new(position);
    for (index, &(line, token, mv)) in moves.iter().enumerate() {
        play(&mut game, mv).map_err(|reason| RecordTextError::Illegal {
            line,
            number: index + 1,
            token: quote(token),
            reason,
        })?;
    }
    let record = Record {
        start,
        moves: moves.iter().map(|&(_, _, mv)| mv.to_string()).collect(),
        conceded: None,
    };
    Ok((game, record))
}

/// A record without headers: `FEN [moves …]`, `position fen FEN [moves …]` or
/// `position startpos [moves …]` (`position` may be left out).
fn bare(tokens: &[(usize, &str)]) -> Result<Record, RecordTextError> {
    let is = |token: Option<&(usize, &str)>, word: &str| {
        token.is_some_and(|(_, text)| text.eq_ignore_ascii_case(word))
    };
    let mut rest = tokens;
    let mut startpos = false;
    if is(rest.first(), "position") {
        let line = rest[0].0;
        rest = &rest[1..];
        match rest.first() {
            Some((_, word)) if word.eq_ignore_ascii_case("startpos") => startpos = true,
            Some((_, word)) if word.eq_ignore_ascii_case("fen") => {}
            other => {
                return Err(RecordTextError::BadPosition {
                    line: other.map_or(line, |&(line, _)| line),
                    found: other.map_or_else(|| "nothing".to_string(), |(_, word)| quote(word)),
                });
            }
        }
        rest = &rest[1..];
    } else if is(rest.first(), "startpos") {
        startpos = true;
        rest = &rest[1..];
    } else if is(rest.first(), "fen") {
        rest = &rest[1..];
    }
    let (start_line, start) = if startpos {
        (
            rest.first().map_or(1, |&(line, _)| line),
            START_FEN.to_string(),
        )
    } else {
        let fields = rest.iter().take_while(|t| !is(Some(t), "moves")).count();
        let Some(&(line, _)) = rest.first().filter(|_| fields > 0) else {
            return Err(RecordTextError::NoFen {
                line: rest.first().map_or(1, |&(line, _)| line),
            });
        };
        let fen: Vec<&str> = rest[..fields].iter().map(|&(_, text)| text).collect();
        rest = &rest[fields..];
        (line, fen.join(" "))
    };
    if is(rest.first(), "moves") {
        rest = &rest[1..];
    }
    let moves = read_moves(rest)?;
    replay(start_line, start, &moves).map(|(_, record)| record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::seq::IndexedRandom;

    /// A game of random legal moves from the start, to its end or `max_plies`.
    fn random_game(seed: u64, max_plies: usize) -> Game {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut game = Game::new(Position::start());
        let mut list = MoveList::new();
        for _ in 0..max_plies {
            if game.outcome().is_some() {
                break;
            }
            game.position().legal_moves(&mut list);
            let Some(&mv) = list.choose(&mut rng) else {
                break;
            };
            game.play(mv).expect("a listed move is legal");
        }
        game
    }

    fn record_of(moves: &[&str]) -> Record {
        Record {
            start: START_FEN.to_string(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            conceded: None,
        }
    }

    fn error_of(text: &str) -> String {
        match Record::from_text(text) {
            Ok(record) => panic!("accepted: {record:?}\n{text}"),
            Err(error) => error.to_string(),
        }
    }

    /// The record reads back from its text unchanged, and the text is the same again.
    fn assert_round_trips(record: &Record) {
        let text = record.to_text();
        let back = Record::from_text(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(&back, record, "{text}");
        assert_eq!(back.to_text(), text);
    }

    #[test]
    fn the_json_is_the_autosaves_of_today() {
        // Written by the client's XiangqiRecord (with its XqSide) before the rules had records.
        let saved = r#"{"start":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","moves":["h2e2","h9g7"],"conceded":{"Resigned":"black"}}"#;
        let record: Record = serde_json::from_str(saved).unwrap();
        assert_eq!(
            record,
            Record {
                conceded: Some(Conceded::Resigned(Color::Black)),
                ..record_of(&["h2e2", "h9g7"])
            }
        );
        assert_eq!(serde_json::to_string(&record).unwrap(), saved);
        for (conceded, json) in [
            (Conceded::Agreed, r#""Agreed""#),
            (Conceded::OutOfTime(Color::Red), r#"{"OutOfTime":"red"}"#),
            (
                Conceded::Abandoned(Color::Black),
                r#"{"Abandoned":"black"}"#,
            ),
        ] {
            assert_eq!(serde_json::to_string(&conceded).unwrap(), json);
            assert_eq!(serde_json::from_str::<Conceded>(json).unwrap(), conceded);
        }
        // A game going on has no `conceded` field, and one without it reads.
        let going = r#"{"start":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","moves":[]}"#;
        assert_eq!(serde_json::to_string(&record_of(&[])).unwrap(), going);
        assert_eq!(
            serde_json::from_str::<Record>(going).unwrap(),
            record_of(&[])
        );
        assert!(serde_json::from_str::<Record>(r#"{"start":"x"}"#).is_err());
        assert!(serde_json::from_str::<Conceded>(r#"{"Resigned":"Red"}"#).is_err());
    }

    #[test]
    fn the_text_reads_as_documented() {
        let record = Record {
            conceded: Some(Conceded::Resigned(Color::Black)),
            ..record_of(&["h2e2", "h9g7", "h0g2"])
        };
        let text = record.to_text();
        assert_eq!(
            text,
            format!(
                "[Game \"Xiangqi\"]\n[Start \"{START_FEN}\"]\n[Moves \"3\"]\n\
                 [Result \"red wins: resignation\"]\n\n1. h2e2 h9g7 2. h0g2\n"
            )
        );
        assert_round_trips(&record);
        assert_eq!(record.game().unwrap().moves().len(), 3);
    }

    #[test]
    fn another_games_record_is_named_as_such() {
        for (text, game) in [
            (
                "[Game \"Junqi flip\"]\n[Record \"1\"]\n[Actions \"0\"]\n",
                "Junqi flip",
            ),
            (
                "\n[Seats \"7\"]\n[game \"Qiguo Xiangqi\"]\n\n1. e10j15",
                "Qiguo Xiangqi",
            ),
        ] {
            let message = error_of(text);
            assert!(
                message.contains(&format!("this is a record of '{game}', not of Xiangqi")),
                "{message}"
            );
        }
    }

    #[test]
    fn a_game_from_black_is_numbered_from_its_fen() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 7";
        let record = Record {
            start: start.to_string(),
            moves: vec!["h9g7".into(), "h2e2".into(), "b9c7".into()],
            conceded: None,
        };
        let text = record.to_text();
        assert!(text.ends_with("\n\n7... h9g7 8. h2e2 b9c7\n"), "{text}");
        assert!(text.contains("[Result \"*\"]"), "{text}");
        assert_round_trips(&record);
    }

    #[test]
    fn long_games_are_numbered_six_to_a_line() {
        let record = Record::of(&random_game(5, 40), None);
        let text = record.to_text();
        let lines: Vec<&str> = text.split("\n\n").nth(1).unwrap().lines().collect();
        assert!(lines.len() >= 3, "{text}");
        assert!(lines[1].starts_with("7. "), "{text}");
        assert_eq!(lines[0].split(' ').count(), 18, "{text}");
    }

    #[test]
    fn what_import_took_before_still_reads() {
        let expected = record_of(&["h2e2", "h9g7"]);
        for text in [
            format!("{START_FEN}\nmoves h2e2 h9g7"),
            format!("  {START_FEN} moves H2-E2\r\n h9g7 \n"),
            format!("position fen {START_FEN} moves h2e2 h9g7"),
            "position startpos moves h2e2 h9g7".to_string(),
            "startpos moves h2e2 h9g7".to_string(),
            format!("fen {START_FEN} moves h2e2 h9g7"),
            "[Game \"Xiangqi\"]\n1. h2e2 h9g7".to_string(),
            format!("[game \" xiangqi \"]\n[Start \"{START_FEN}\"]\n1.h2e2 1...h9g7"),
        ] {
            assert_eq!(Record::from_text(&text).unwrap(), expected, "{text}");
        }
        // A FEN alone, even a short one, is kept as written.
        let short = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
        assert_eq!(
            Record::from_text(short).unwrap(),
            Record {
                start: short.to_string(),
                moves: vec![],
                conceded: None
            }
        );
        assert_eq!(
            Record::from_text("position startpos").unwrap(),
            record_of(&[])
        );
    }

    #[test]
    fn each_kind_of_bad_text_has_its_own_error() {
        let good = record_of(&["h2e2", "h9g7", "h0g2"]).to_text();
        let with = |from: &str, to: &str| {
            assert!(good.contains(from), "{from}");
            good.replacen(from, to, 1)
        };
        let cases: Vec<(String, &str)> = vec![
            (String::new(), "the record is empty"),
            (" \r\n\t".to_string(), "the record is empty"),
            (
                with("[Game \"Xiangqi\"]", "[Game \"Junqi flip\"]"),
                "line 1: this is a record of 'Junqi flip', not of Xiangqi",
            ),
            (
                with("[Game \"Xiangqi\"]\n", ""),
                "the record has no Game header",
            ),
            (
                with("[Moves \"3\"]", "[Event \"x\"]"),
                "line 3: unknown header 'Event' (known: Game, Start, Moves, Result)",
            ),
            (
                with("[Moves \"3\"]", "[Game \"Xiangqi\"]"),
                "line 3: a second Game header",
            ),
            (
                with("[Moves \"3\"]", "[Moves 3]"),
                "line 3: the header's value must be",
            ),
            (
                with("RNBAKABNR w", "RNBAKABNX w"),
                "line 2: start position: FEN board has an unknown piece letter 'X'",
            ),
            (
                with("[Moves \"3\"]", "[Moves \"three\"]"),
                "line 3: the Moves header must be a number, found 'three'",
            ),
            (
                with("[Result \"*\"]", "[Result \"red wins\"]"),
                "line 4: unknown result 'red wins'",
            ),
            (
                with("h9g7", "h9g"),
                "line 6: move 2: 'h9g' is not an ICCS move",
            ),
            (
                with("h9g7", "h9h0"),
                "move 2 (h9h0) on line 6: the horse at h9 cannot move to h0",
            ),
            (
                with("h9g7", "h0g2"),
                "move 2 (h0g2) on line 6: the horse at h0 is red's, and black is to move",
            ),
            (
                with("h9g7", "e5e6"),
                "move 2 (e5e6) on line 6: there is no piece at e5",
            ),
            (
                with(" 2. h0g2", ""),
                "the record holds 2 moves but its Moves header says 3: it is cut short",
            ),
            (
                with("h0g2", "h0g2 h7h0"),
                "the record holds 4 moves but its Moves header says 3",
            ),
            (with("[Moves \"3\"]\n", ""), ""),
            (
                format!("{}\n[Start \"{START_FEN}\"]\n", good.trim_end()),
                "line 7: the Start header comes after the moves",
            ),
            (
                with("[Result \"*\"]", "[Result \"red wins: checkmate\"]"),
                "line 4: the Result header says 'red wins: checkmate' but after the last move the game goes on",
            ),
            ("position fen".to_string(), "line 1: no FEN before 'moves'"),
            ("moves h2e2".to_string(), "line 1: no FEN before 'moves'"),
            (
                "position\n  start".to_string(),
                "line 2: 'position' must be followed by 'startpos' or 'fen', found 'start'",
            ),
            (
                "position".to_string(),
                "line 1: 'position' must be followed by 'startpos' or 'fen', found 'nothing'",
            ),
            (
                format!("{START_FEN}\n\nmoves h2e2\n h2e2"),
                "move 2 (h2e2) on line 4: there is no piece at h2",
            ),
            (
                "hello, world".to_string(),
                "line 1: start position: FEN board needs 10 ranks",
            ),
            (
                good[..good.len() / 3].to_string(),
                "line 2: the header's value has no closing '\"'",
            ),
        ];
        for (text, expected) in cases {
            let result = Record::from_text(&text);
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
    fn a_move_into_check_says_so() {
        // The horse on e1 stands between the generals; the black chariot holds the f-file.
        let start = "4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1";
        let message = error_of(&format!("{start} moves e1c2"));
        assert!(
            message.starts_with("move 1 (e1c2) on line 1: it would leave red's general attacked"),
            "{message}"
        );
        let start = "3k5/5r3/9/9/9/9/9/9/9/4K4 w - - 0 1";
        let message = error_of(&format!("{start}\nmoves e0f0"));
        assert!(
            message.starts_with("move 1 (e0f0) on line 2: it would leave red's general attacked"),
            "{message}"
        );
        assert_eq!(
            Record::from_text(&format!("{start} moves e0e1"))
                .unwrap()
                .moves,
            ["e0e1"]
        );
    }

    #[test]
    fn a_result_the_board_contradicts_is_an_error() {
        // A random game that someone won.
        let game = (0..200)
            .map(|seed| random_game(seed, 600))
            .find(|game| game.outcome().is_some_and(|o| o.winner.is_some()))
            .unwrap();
        let outcome = game.outcome().unwrap();
        let record = Record::of(&game, None);
        let text = record.to_text();
        assert_round_trips(&record);
        let written = format!("[Result \"{}\"]", ending_text(Ending::Board(outcome)));
        assert!(text.contains(&written), "{text}");
        let message = error_of(&text.replace(&written, "[Result \"draw: agreement\"]"));
        assert!(
            message.contains(&format!(
                "but the moves end the game with '{}'",
                ending_text(Ending::Board(outcome))
            )),
            "{message}"
        );
        let message = error_of(&text.replace(&written, "[Result \"*\"]"));
        assert!(message.contains("the moves end the game"), "{message}");
        // A move after the end names the result.
        let n = record.moves.len();
        let extended = text.replace(
            &format!("[Moves \"{n}\"]"),
            &format!("[Moves \"{}\"]", n + 1),
        ) + "a0a1\n";
        let message = error_of(&extended);
        assert!(
            message.contains(&format!("move {} (a0a1)", n + 1))
                && message.contains("the game was already over"),
            "{message}"
        );
        // The replay names the same move.
        let mut longer = record.clone();
        longer.moves.push("a0a1".into());
        assert!(matches!(
            longer.game(),
            Err(RecordError::Illegal { number, .. }) if number == n + 1
        ));
    }

    #[test]
    fn every_ending_reads_back_and_concessions_fill_conceded() {
        let all: Vec<Ending> = endings().collect();
        assert_eq!(all.len(), 18);
        for ending in &all {
            let text = ending_text(*ending);
            assert_eq!(parse_result(&text), Ok(Some(*ending)), "{text}");
            assert_eq!(
                parse_result(&text.to_uppercase().replace(' ', "-")),
                Ok(Some(*ending))
            );
        }
        for conceded in Conceded::ALL {
            assert_round_trips(&Record {
                conceded: Some(conceded),
                ..record_of(&["h2e2"])
            });
        }
        assert_eq!(parse_result(" * "), Ok(None));
        assert_eq!(parse_result("draw: checkmate"), Err(()));
    }

    #[test]
    fn game_names_the_bad_move() {
        assert!(matches!(
            Record {
                start: "x".into(),
                ..record_of(&[])
            }
            .game(),
            Err(RecordError::Start(FenError::RankCount(1)))
        ));
        let error = record_of(&["h2e2", "zz"]).game().unwrap_err();
        assert_eq!(
            error.to_string(),
            "move 2: 'zz' is not an ICCS move (four characters like h2e2: files a-i, ranks 0-9)"
        );
        let error = record_of(&["h2e2", "h2e2"]).game().unwrap_err();
        assert_eq!(error.to_string(), "move 2 (h2e2): there is no piece at h2");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn from_text_never_panics_on_any_string(text in any::<String>()) {
            if let Ok(record) = Record::from_text(&text) {
                prop_assert!(record.game().is_ok());
            }
        }

        #[test]
        fn from_text_never_panics_on_a_damaged_record(
            seed in any::<u64>(),
            cut in any::<prop::sample::Index>(),
            len in 0usize..20,
            insert in "[\\[\\]\"=.0-9a-z /\n\r\t\u{e9}\u{4e2d}-]{0,12}",
        ) {
            let text = Record::of(&random_game(seed, 60), None).to_text();
            let mut at = cut.index(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let mut end = (at + len).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let damaged = format!("{}{insert}{}", &text[..at], &text[end..]);
            if let Ok(record) = Record::from_text(&damaged) {
                prop_assert!(record.game().is_ok());
            }
        }

        #[test]
        fn random_games_round_trip(seed in any::<u64>(), plies in 0usize..300, conceded in 0usize..9) {
            let game = random_game(seed, plies);
            let conceded = Conceded::ALL.get(conceded).copied().filter(|_| game.outcome().is_none());
            let record = Record::of(&game, conceded);
            let text = record.to_text();
            let back = Record::from_text(&text).unwrap();
            prop_assert_eq!(&back, &record);
            let replayed = back.game().unwrap();
            prop_assert_eq!(replayed.positions(), game.positions());
            prop_assert_eq!(replayed.outcome(), game.outcome());
        }
    }
}
