//! A Qiguo game record: the start QFEN and the moves; as JSON (serde, for autosaves and kept
//! games) and as text (to copy and paste back), and its replay, every position at hand.
//!
//! # Text
//!
//! A record is a block of headers followed by the moves, PGN-like:
//!
//! ```text
//! [Game "Qiguo Xiangqi"]
//! [Seats "4"]
//! [Start "<QFEN>"]
//! [Moves "9"]
//! [Result "*"]
//!
//! 1. e10j15 f5f10 n5n10 o6j6 o14j14 n15n12 f15f12
//! 2. c10e12 f4f7
//! ```
//!
//! **Headers**, each `[Name "value"]`, all before the first move, each at most once, names
//! matched without regard to case:
//! - `Game` (required): `Qiguo Xiangqi`.
//! - `Seats`: how many seats play (3–7, the contract's alliances); with a `Start`, it must be
//!   the start's number of seats.
//! - `Start`: the QFEN of the start position; when absent, the start for `Seats` seats
//!   (seven without that header either: [`Seating::default`]).
//! - `Moves`: how many moves follow; when present, a record holding more or fewer is an
//!   error, so a record cut short is caught.
//! - `Result`: `*` (the game goes on) or the ending as the rules name it: `hegemon N`,
//!   `last-seat N` (N the seat) or `quiet-limit` (a space may stand for the hyphen). It must
//!   be what the moves lead to. Without the header, the board decides.
//!
//! **Moves**, `e10j15`, separated by any whitespace. Move numbers (`12.`, also glued on as
//! `12.e10j15`) are ignored; the writer numbers rounds, one to a line: a round starts when the
//! turn comes back round the table (to a state at or before the last mover in turn order).
//!
//! **Also accepted**: a bare QFEN, optionally followed by `moves` and the moves.
//!
//! Blank lines, extra spaces and tabs, CRLF line ends and a byte-order mark are accepted.
//! Anything else is an error naming the line (from 1), the move number and token, and what is
//! wrong; a record [`Record::from_text`] returns always replays with [`Record::replay`].
//! Nothing here panics, whatever the text.

use super::moves::{Move, MoveParseError};
use super::outcome::Ending;
use super::piece::{Kind, State};
use super::position::{Elimination, Occupant, PlayError, Played, Position};
use super::qfen::QfenError;
use super::seating::{Seat, Seating};
use crate::rules::record_text::{self, TextError, normalized, quote};
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// The value of the `Game` header.
const GAME_NAME: &str = "Qiguo Xiangqi";
/// The headers a record may have, in the order they are written.
const HEADERS: &[&str] = &["Game", "Seats", "Start", "Moves", "Result"];

/// A Qiguo game: the start QFEN and the moves (`e10j15`).
///
/// Its JSON is the autosave's and the kept games': `{"start":"<QFEN>","moves":["e10j15"]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The start position's QFEN.
    pub start: String,
    /// The moves, `e10j15`.
    pub moves: Vec<String>,
}

/// One move of a game, with the position it was played in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The position before the move.
    pub before: Position,
    /// The move.
    pub mv: Move,
    /// What it did: the mover, the capture, the eliminations.
    pub played: Played,
}

/// A game with every position it went through: step to any ply without replaying.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    start: Position,
    plies: Vec<Ply>,
    now: Position,
}

impl Replay {
    /// A game from `start`, no move played.
    pub fn new(start: Position) -> Replay {
        Replay {
            now: start.clone(),
            start,
            plies: Vec::new(),
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position after the last move.
    pub fn position(&self) -> &Position {
        &self.now
    }

    /// Every move, oldest first, each with the position before it.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The position after the first `moves` moves (0: the start); `None` past the last move.
    pub fn position_after(&self, moves: usize) -> Option<&Position> {
        match self.plies.get(moves) {
            Some(ply) => Some(&ply.before),
            None => (moves == self.plies.len()).then_some(&self.now),
        }
    }

    /// Plays `mv` if it is legal now; returns what it did.
    pub fn play(&mut self, mv: Move) -> Result<&Played, PlayError> {
        let before = self.now.clone();
        let played = self.now.play(mv)?;
        self.plies.push(Ply { before, mv, played });
        Ok(&self.plies[self.plies.len() - 1].played)
    }

    /// Takes `seat`'s live states off the board now, between moves (a resignation or a player
    /// leaving an online table): the next move is played from there. A record of the game keeps
    /// its moves only, so a game with a withdrawal does not replay from its record.
    pub fn withdraw(&mut self, seat: Seat) -> ArrayVec<Elimination, 7> {
        self.now.withdraw(seat)
    }

    /// Keeps the first `moves` moves only (to play on from there); more than played keeps all.
    pub fn truncate(&mut self, moves: usize) {
        if let Some(ply) = self.plies.get(moves) {
            self.now = ply.before.clone();
            self.plies.truncate(moves);
        }
    }

    /// The game's record.
    pub fn record(&self) -> Record {
        Record {
            start: self.start.to_qfen(),
            moves: self.plies.iter().map(|ply| ply.mv.to_string()).collect(),
        }
    }
}

/// Why a record does not replay.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RecordError {
    /// The start QFEN is malformed.
    #[error("start position: {0}")]
    Start(QfenError),
    /// A move that is not two points.
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

/// Why a text is not a Qiguo record.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RecordTextError {
    /// Nothing but white space.
    #[error(
        "the record is empty: paste a game record starting with [Game \"Qiguo Xiangqi\"] or a QFEN"
    )]
    Empty,
    /// The headers or the text around them are malformed.
    #[error(transparent)]
    Text(#[from] TextError),
    /// Headers without a `Game` header.
    #[error("the record has no Game header (a record starts with [Game \"Qiguo Xiangqi\"])")]
    MissingGame,
    /// The record is another game's.
    #[error("line {line}: this is a record of '{found}', not of Qiguo Xiangqi")]
    NotQiguo { line: usize, found: String },
    /// The `Seats` header is not a number of seats.
    #[error("line {line}: the Seats header must be a number of seats from 3 to 7, found '{found}'")]
    BadSeats { line: usize, found: String },
    /// The `Seats` header and the start disagree.
    #[error("line {line}: the Seats header says {stated} but the start position has {start} seats")]
    SeatsMismatch {
        line: usize,
        stated: usize,
        start: usize,
    },
    /// The start QFEN is malformed.
    #[error("line {line}: start position: {error}")]
    BadStart { line: usize, error: QfenError },
    /// A bare `moves` without a QFEN before it.
    #[error("line {line}: no QFEN before 'moves': paste a position, then 'moves' and the moves")]
    NoQfen { line: usize },
    /// The `Moves` header is not a number.
    #[error("line {line}: the Moves header must be a number, found '{found}'")]
    BadMoveCount { line: usize, found: String },
    /// The `Result` header is none of the endings.
    #[error(
        "line {line}: unknown result '{found}' (expected '*', 'hegemon N', 'last-seat N' or 'quiet-limit', N a seat from 1 to 7)"
    )]
    BadResult { line: usize, found: String },
    /// A token that is not a move.
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

/// The ending a `Result` text names; `Ok(None)` for `*`.
fn parse_result(text: &str) -> Result<Option<Ending>, ()> {
    let words = |text: &str| normalized(&text.replace('-', " "));
    let wanted = words(text);
    if wanted == "*" {
        return Ok(None);
    }
    let seats = (1..=7).filter_map(Seat::new);
    seats
        .clone()
        .map(Ending::Hegemon)
        .chain(seats.map(Ending::LastSeat))
        .chain([Ending::QuietLimit])
        .find(|ending| words(&ending.to_string()) == wanted)
        .map(Some)
        .ok_or(())
}

/// The English name of a kind, for error messages.
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Ruler => "ruler",
        Kind::General => "general",
        Kind::Officer => "officer",
        Kind::Diplomat => "diplomat",
        Kind::Catapult => "catapult",
        Kind::Archer => "archer",
        Kind::Crossbowman => "crossbowman",
        Kind::Swordsman => "swordsman",
        Kind::HeavySwordsman => "heavy swordsman",
        Kind::Cavalry => "cavalry",
    }
}

/// Plays `mv`, or says in words why it cannot be played.
fn play(replay: &mut Replay, mv: Move) -> Result<(), String> {
    let position = replay.position();
    if let Some(ending) = position.ending() {
        return Err(format!("the game was already over ({ending})"));
    }
    let side = position.side_to_move();
    let (from, to) = (mv.from(), mv.to());
    let reason = match position.occupant(from) {
        Occupant::Empty => format!("there is no piece at {from}"),
        Occupant::Emperor => format!("the emperor on {from} never moves"),
        Occupant::Piece(piece) if piece.state != side => format!(
            "the {} at {from} is {}'s, and {side} is to move",
            kind_name(piece.kind),
            piece.state
        ),
        Occupant::Piece(piece) => format!(
            "the {} at {from} cannot move to {to}",
            kind_name(piece.kind)
        ),
    };
    replay.play(mv).map(|_| ()).map_err(|_| reason)
}

/// Writes the moves of `replay`, one round to a line.
fn write_rounds(out: &mut String, replay: &Replay) {
    let mut round = 0;
    let mut last_mover = None;
    for ply in replay.plies() {
        let mover = ply.played.mover;
        if last_mover.is_none_or(|last: State| mover.index() <= last.index()) {
            if round > 0 {
                out.push('\n');
            }
            round += 1;
            let _ = write!(out, "{round}.");
        }
        let _ = write!(out, " {}", ply.mv);
        last_mover = Some(mover);
    }
    if round > 0 {
        out.push('\n');
    }
}

impl Record {
    /// Replays the record; a bad one names the move and what is wrong.
    pub fn replay(&self) -> Result<Replay, RecordError> {
        let start = Position::from_qfen(&self.start).map_err(RecordError::Start)?;
        let mut replay = Replay::new(start);
        for (index, text) in self.moves.iter().enumerate() {
            let number = index + 1;
            let mv: Move = text
                .parse()
                .map_err(|error| RecordError::NotAMove { number, error })?;
            play(&mut replay, mv).map_err(|reason| RecordError::Illegal { number, mv, reason })?;
        }
        Ok(replay)
    }

    /// The record as text (see the [module documentation](self)). A record that does not
    /// replay is written with its moves on one line, without `Seats`, `Result` or numbers.
    pub fn to_text(&self) -> String {
        let replay = self.replay().ok();
        let mut out = String::new();
        let _ = writeln!(out, "[Game \"{GAME_NAME}\"]");
        if let Some(replay) = &replay {
            let seats = replay.start().seating().seat_count();
            let _ = writeln!(out, "[Seats \"{seats}\"]");
        }
        let _ = writeln!(out, "[Start \"{}\"]", self.start);
        let _ = writeln!(out, "[Moves \"{}\"]", self.moves.len());
        match &replay {
            Some(replay) => {
                let result = replay
                    .position()
                    .ending()
                    .map_or_else(|| "*".to_string(), |ending| ending.to_string());
                let _ = writeln!(out, "[Result \"{result}\"]\n");
                write_rounds(&mut out, replay);
            }
            None => {
                out.push('\n');
                if !self.moves.is_empty() {
                    let _ = writeln!(out, "{}", self.moves.join(" "));
                }
            }
        }
        out
    }

    /// Reads a record written by [`Record::to_text`], by hand, or as a bare QFEN with its
    /// moves (see the [module documentation](self)), and checks every move: the record
    /// returned always replays with [`Record::replay`].
    pub fn from_text(text: &str) -> Result<Record, RecordTextError> {
        Replay::from_text(text).map(|replay| replay.record())
    }
}

impl Replay {
    /// The game a text record describes, every move checked: see [`Record::from_text`].
    pub fn from_text(text: &str) -> Result<Replay, RecordTextError> {
        let items = record_text::scan(text)?;
        if items.is_empty() {
            return Err(RecordTextError::Empty);
        }
        if let Some((line, game_name)) = record_text::game_header(&items)
            && normalized(game_name) != GAME_NAME.to_lowercase()
        {
            return Err(RecordTextError::NotQiguo {
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
        let seats = match header("Seats") {
            Some((line, text)) => Some((
                line,
                record_text::count(text)
                    .and_then(Seating::for_players)
                    .ok_or_else(|| RecordTextError::BadSeats {
                        line,
                        found: quote(text),
                    })?,
            )),
            None => None,
        };
        let start = match (header("Start"), seats) {
            (Some((line, qfen)), seats) => {
                let start = start_position(line, qfen)?;
                let start_seats = start.seating().seat_count();
                if let Some((line, seating)) = seats
                    && seating.seat_count() != start_seats
                {
                    return Err(RecordTextError::SeatsMismatch {
                        line,
                        stated: seating.seat_count(),
                        start: start_seats,
                    });
                }
                start
            }
            (None, Some((_, seating))) => Position::start(seating),
            (None, None) => Position::start(Seating::default()),
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
        let replay = replay_moves(start, &moves)?;
        let Some((line, text, stated)) = stated else {
            return Ok(replay);
        };
        let board = replay.position().ending();
        if stated == board {
            return Ok(replay);
        }
        Err(RecordTextError::ResultMismatch {
            line,
            stated: quote(text.trim()),
            actual: match board {
                None => {
                    "after the last move the game goes on (is the record cut short?)".to_string()
                }
                Some(ending) => format!("the moves end the game with '{ending}'"),
            },
        })
    }

    /// The game as a text record: see [`Record::to_text`].
    pub fn to_text(&self) -> String {
        self.record().to_text()
    }
}

/// The position a QFEN on `line` describes, its fields separated by any whitespace.
fn start_position(line: usize, qfen: &str) -> Result<Position, RecordTextError> {
    let qfen = qfen.split_whitespace().collect::<Vec<_>>().join(" ");
    Position::from_qfen(&qfen).map_err(|error| RecordTextError::BadStart { line, error })
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

/// Plays `moves` from `start`.
fn replay_moves(start: Position, moves: &[ReadMove<'_>]) -> Result<Replay, RecordTextError> {
    let mut replay = Replay::new(start);
    for (index, &(line, token, mv)) in moves.iter().enumerate() {
        play(&mut replay, mv).map_err(|reason| RecordTextError::Illegal {
            line,
            number: index + 1,
            token: quote(token),
            reason,
        })?;
    }
    Ok(replay)
}

/// A record without headers: `QFEN [moves …]`.
fn bare(tokens: &[(usize, &str)]) -> Result<Replay, RecordTextError> {
    let is_moves = |text: &str| text.eq_ignore_ascii_case("moves");
    let fields = tokens
        .iter()
        .take_while(|(_, text)| !is_moves(text))
        .count();
    let first_line = tokens.first().map_or(1, |&(line, _)| line);
    if fields == 0 {
        return Err(RecordTextError::NoQfen { line: first_line });
    }
    let qfen: Vec<&str> = tokens[..fields].iter().map(|&(_, text)| text).collect();
    let start = start_position(first_line, &qfen.join(" "))?;
    let rest = &tokens[fields..];
    let rest = rest.get(1..).unwrap_or(rest);
    replay_moves(start, &read_moves(rest)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::qiguo::{MoveList, START_QFEN};
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::seq::IndexedRandom;

    /// A game of random legal moves from the start for `players` seats, to its end or
    /// `max_plies`.
    fn random_game(seed: u64, players: usize, max_plies: usize) -> Replay {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let seating = Seating::for_players(players).expect("3-7 seats");
        let mut replay = Replay::new(Position::start(seating));
        let mut list = MoveList::new();
        for _ in 0..max_plies {
            replay.position().legal_moves(&mut list);
            let Some(&mv) = list.choose(&mut rng) else {
                break;
            };
            replay.play(mv).expect("a listed move is legal");
        }
        replay
    }

    #[test]
    fn a_withdrawal_between_moves_stays_when_later_moves_are_taken_back() {
        let mut replay = random_game(3, 4, 6);
        let seat = replay.position().seating().seat(State::Chu);
        let gone = replay.withdraw(seat);
        assert!(!gone.is_empty());
        assert!(!replay.position().seat_is_live(seat));
        let mut list = MoveList::new();
        replay.position().legal_moves(&mut list);
        replay.play(list[0]).expect("a listed move is legal");
        replay.truncate(6);
        assert!(!replay.position().seat_is_live(seat), "kept after its move");
        replay.truncate(5);
        assert!(replay.position().seat_is_live(seat), "undone before it");
    }

    fn record_of(moves: &[&str]) -> Record {
        Record {
            start: START_QFEN.to_string(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
        }
    }

    fn error_of(text: &str) -> String {
        match Record::from_text(text) {
            Ok(record) => panic!("accepted: {record:?}\n{text}"),
            Err(error) => error.to_string(),
        }
    }

    fn assert_round_trips(record: &Record) {
        let text = record.to_text();
        let back = Record::from_text(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(&back, record, "{text}");
        assert_eq!(back.to_text(), text);
    }

    #[test]
    fn the_json_is_the_autosaves_of_today() {
        // Written by the client's QiguoRecord before the rules had records.
        let saved = format!(r#"{{"start":"{START_QFEN}","moves":["e10j15","f5f10"]}}"#);
        let record: Record = serde_json::from_str(&saved).unwrap();
        assert_eq!(record, record_of(&["e10j15", "f5f10"]));
        assert_eq!(serde_json::to_string(&record).unwrap(), saved);
        assert!(serde_json::from_str::<Record>(r#"{"start":"x"}"#).is_err());
    }

    #[test]
    fn the_text_reads_as_documented() {
        let moves = [
            "e10j15", "f5f10", "n5n10", "o6j6", "o14j14", "n15n12", "f15f12", "c10e12", "f4f7",
        ];
        let record = record_of(&moves);
        let text = record.to_text();
        assert_eq!(
            text,
            format!(
                "[Game \"Qiguo Xiangqi\"]\n[Seats \"7\"]\n[Start \"{START_QFEN}\"]\n\
                 [Moves \"9\"]\n[Result \"*\"]\n\n\
                 1. e10j15 f5f10 n5n10 o6j6 o14j14 n15n12 f15f12\n2. c10e12 f4f7\n"
            )
        );
        assert_round_trips(&record);
        let replay = record.replay().unwrap();
        assert_eq!(replay.plies().len(), 9);
        assert_eq!(replay.position().ply(), 9);
    }

    #[test]
    fn another_games_record_is_named_as_such() {
        let xiangqi = "[Game \"Xiangqi\"]\n[Start \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n[Moves \"1\"]\n\n1. h2e2\n";
        assert!(
            error_of(xiangqi)
                .starts_with("line 1: this is a record of 'Xiangqi', not of Qiguo Xiangqi")
        );
        let junqi = "[Record \"1\"]\n[Game \"Junqi flip\"]\n";
        assert!(error_of(junqi).starts_with("line 2: this is a record of 'Junqi flip'"));
    }

    #[test]
    fn a_replay_steps_to_any_ply_and_plays_on() {
        let game = random_game(3, 4, 80);
        let mut replay = game.record().replay().unwrap();
        assert_eq!(replay, game);
        for n in 0..=replay.plies().len() {
            let mut position = replay.start().clone();
            for ply in &replay.plies()[..n] {
                position.play(ply.mv).unwrap();
            }
            assert_eq!(replay.position_after(n), Some(&position));
        }
        assert_eq!(replay.position_after(replay.plies().len() + 1), None);
        let kept = replay.plies()[40].clone();
        replay.truncate(40);
        assert_eq!(replay.plies().len(), 40);
        assert_eq!(replay.position(), &kept.before);
        assert_eq!(replay.play(kept.mv).unwrap(), &kept.played);
        replay.truncate(1000);
        assert_eq!(replay.plies().len(), 41);
    }

    #[test]
    fn a_bare_qfen_and_short_headers_read() {
        let expected = record_of(&["e10j15", "f5f10"]);
        for text in [
            format!("{START_QFEN}\nmoves e10j15 f5f10"),
            format!("  {START_QFEN}  moves\r\n e10j15\n\n f5f10 \n"),
            "[Game \"Qiguo Xiangqi\"]\n1. e10j15 f5f10".to_string(),
            "[game \"qiguo  XIANGQI\"]\n[Seats \"7\"]\n e10j15 2.f5f10".to_string(),
        ] {
            assert_eq!(Record::from_text(&text).unwrap(), expected, "{text}");
        }
        assert_eq!(Record::from_text(START_QFEN).unwrap(), record_of(&[]));
        assert_eq!(Seating::for_players(7), Some(Seating::default()));
        // Four seats without a start: the start for four.
        let four = Record::from_text("[Game \"Qiguo Xiangqi\"]\n[Seats \"4\"]").unwrap();
        let start = Position::from_qfen(&four.start).unwrap();
        assert_eq!(start, Position::start(Seating::for_players(4).unwrap()));
        assert_round_trips(&four);
    }

    #[test]
    fn each_kind_of_bad_text_has_its_own_error() {
        let good = record_of(&["e10j15", "f5f10", "n5n10"]).to_text();
        let with = |from: &str, to: &str| {
            assert!(good.contains(from), "{from}");
            good.replacen(from, to, 1)
        };
        let cases: Vec<(String, &str)> = vec![
            (String::new(), "the record is empty"),
            (
                with("[Game \"Qiguo Xiangqi\"]", "[Game \"Xiangqi\"]"),
                "line 1: this is a record of 'Xiangqi', not of Qiguo Xiangqi",
            ),
            (
                with("[Game \"Qiguo Xiangqi\"]\n", ""),
                "the record has no Game header",
            ),
            (
                with("[Seats \"7\"]", "[Seats \"8\"]"),
                "line 2: the Seats header must be a number of seats from 3 to 7, found '8'",
            ),
            (
                with("[Seats \"7\"]", "[Seats \"5\"]"),
                "line 2: the Seats header says 5 but the start position has 7 seats",
            ),
            (
                with("[Seats \"7\"]", "[Players \"7\"]"),
                "line 2: unknown header 'Players' (known: Game, Seats, Start, Moves, Result)",
            ),
            (
                with(" 1234567 ", " 1234568 "),
                "line 3: start position: QFEN seats must be seven digits",
            ),
            (
                with("[Moves \"3\"]", "[Moves \"-3\"]"),
                "line 4: the Moves header must be a number, found '-3'",
            ),
            (
                with("[Result \"*\"]", "[Result \"Qin wins\"]"),
                "line 5: unknown result 'Qin wins'",
            ),
            (
                with("[Result \"*\"]", "[Result \"quiet limit\"]"),
                "line 5: the Result header says 'quiet limit' but after the last move the game goes on",
            ),
            (with("f5f10", "f5f0"), "line 7: move 2: "),
            (
                with("f5f10", "f5g10"),
                "move 2 (f5g10) on line 7: the diplomat at f5 cannot move to g10",
            ),
            (
                with("f5f10", "n5n10"),
                "move 2 (n5n10) on line 7: the diplomat at n5 is Han's, and Chu is to move",
            ),
            (
                with("f5f10", "j10j11"),
                "move 2 (j10j11) on line 7: the emperor on j10 never moves",
            ),
            (
                with("f5f10", "f6f10"),
                "move 2 (f6f10) on line 7: there is no piece at f6",
            ),
            (
                with(" n5n10", ""),
                "the record holds 2 moves but its Moves header says 3: it is cut short",
            ),
            (
                format!("{}\n[Seats \"7\"]", good.trim_end()),
                "line 8: the Seats header comes after the moves",
            ),
            ("moves e10j15".to_string(), "line 1: no QFEN before 'moves'"),
            (
                "\n\nhello world".to_string(),
                "line 3: start position: QFEN needs seven fields",
            ),
            (
                good[..good.len() / 4].to_string(),
                "line 3: the header's value has no closing '\"'",
            ),
        ];
        for (text, expected) in cases {
            let result = Record::from_text(&text);
            let message = result.expect_err(&text).to_string();
            assert!(
                message.starts_with(expected),
                "expected '{expected}', got '{message}'\n{text}"
            );
        }
    }

    #[test]
    fn a_result_the_board_contradicts_is_an_error() {
        let game = (0..50)
            .map(|seed| random_game(seed, 3 + (seed % 5) as usize, 5000))
            .find(|game| game.position().ending().is_some())
            .expect("a random game ends");
        let ending = game.position().ending().unwrap();
        let record = game.record();
        let text = record.to_text();
        assert_round_trips(&record);
        let written = format!("[Result \"{ending}\"]");
        assert!(text.contains(&written), "{text}");
        let message = error_of(&text.replace(&written, "[Result \"*\"]"));
        assert!(
            message.contains(&format!("but the moves end the game with '{ending}'")),
            "{message}"
        );
        let n = record.moves.len();
        let extended = text.replace(
            &format!("[Moves \"{n}\"]"),
            &format!("[Moves \"{}\"]", n + 1),
        ) + "a1a2\n";
        let message = error_of(&extended);
        assert!(
            message.contains(&format!("move {} (a1a2)", n + 1))
                && message.contains(&format!("the game was already over ({ending})")),
            "{message}"
        );
    }

    #[test]
    fn every_ending_reads_back() {
        let seats = (1..=7).filter_map(Seat::new);
        for ending in seats
            .clone()
            .map(Ending::Hegemon)
            .chain(seats.map(Ending::LastSeat))
            .chain([Ending::QuietLimit])
        {
            let text = ending.to_string();
            assert_eq!(parse_result(&text), Ok(Some(ending)));
            assert_eq!(
                parse_result(&text.to_uppercase().replace('-', " ")),
                Ok(Some(ending))
            );
        }
        assert_eq!(parse_result("*"), Ok(None));
        assert_eq!(parse_result("hegemon 8"), Err(()));
    }

    #[test]
    fn replay_names_the_bad_move() {
        assert!(matches!(
            Record {
                start: "x".into(),
                moves: vec![]
            }
            .replay(),
            Err(RecordError::Start(QfenError::FieldCount(1)))
        ));
        let error = record_of(&["e10j15", "zz"]).replay().unwrap_err();
        assert!(error.to_string().starts_with("move 2: "), "{error}");
        let error = record_of(&["e10j15", "e10j15"]).replay().unwrap_err();
        assert_eq!(
            error.to_string(),
            "move 2 (e10j15): there is no piece at e10"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn from_text_never_panics_on_any_string(text in any::<String>()) {
            if let Ok(record) = Record::from_text(&text) {
                prop_assert!(record.replay().is_ok());
            }
        }

        #[test]
        fn from_text_never_panics_on_a_damaged_record(
            seed in any::<u64>(),
            players in 3usize..=7,
            cut in any::<prop::sample::Index>(),
            len in 0usize..20,
            insert in "[\\[\\]\"=.,*0-9a-z /\n\r\t\u{e9}\u{4e2d}-]{0,12}",
        ) {
            let text = random_game(seed, players, 40).record().to_text();
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
                prop_assert!(record.replay().is_ok());
            }
        }

        #[test]
        fn random_games_round_trip(seed in any::<u64>(), players in 3usize..=7, plies in 0usize..400) {
            let game = random_game(seed, players, plies);
            let record = game.record();
            let text = record.to_text();
            let back = Replay::from_text(&text).unwrap();
            prop_assert_eq!(&back, &game);
            prop_assert_eq!(back.record(), record);
        }
    }
}
