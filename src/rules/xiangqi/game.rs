//! A game: a position with its history, judged after every move by the contract's rules —
//! checkmate and stalemate, perpetual check and chase (with the 6/12/18 counts), repetition,
//! and the automatic draws.

use super::board::POINTS;
use super::moves::Move;
use super::piece::Color;
use super::position::Position;
use super::pressure::{CycleConduct, CycleVerdict, Pressure, cycle_conduct, judge_cycle, pressure};
use std::fmt;

/// Plies without progress (a capture, or a soldier across the river stepping forward) that
/// draw: 30 moves a side.
pub const NO_PROGRESS_PLIES: u16 = 60;
/// "Effective" plies (neither a check nor a chase nor the answer to one) that draw: 120 moves
/// a side.
pub const EFFECTIVE_PLIES: u32 = 240;
/// Plies in all that draw: 300 moves a side.
pub const TOTAL_PLIES: u32 = 600;
/// Checks or chases in a row by one piece before they count as perpetual (two pieces: twice
/// as many, three or more: three times).
pub const PERPETUAL_PER_PIECE: usize = 6;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reason {
    Checkmate,
    /// The side to move has no legal move and is not in check: it loses.
    Stalemate,
    PerpetualCheck,
    PerpetualChase,
    /// A position repeated without a rule broken, or both sides broke it the same way.
    Repetition,
    /// 120 effective moves a side, or 300 moves a side in all.
    MoveLimit,
    /// 30 moves a side without a capture or a soldier's advance across the river.
    NoProgress,
}

impl Reason {
    /// The one word the status command prints.
    pub fn word(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::PerpetualCheck => "perpetual-check",
            Reason::PerpetualChase => "perpetual-chase",
            Reason::Repetition => "repetition",
            Reason::MoveLimit => "move-limit",
            Reason::NoProgress => "no-progress",
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl fmt::Display for Outcome {
    /// `red-wins checkmate`, `draw repetition`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(color) => write!(f, "{}-wins {}", color.name(), self.reason.word()),
            None => write!(f, "draw {}", self.reason.word()),
        }
    }
}

/// A move that cannot be played.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PlayError {
    #[error("{0} is not a legal move here")]
    Illegal(Move),
    #[error("the game is over ({0})")]
    Over(Outcome),
}

/// One played move with what the rules need to remember of it.
#[derive(Clone, Copy, Debug)]
pub struct PlayedMove {
    pub mv: Move,
    /// Its check and the pieces it chased.
    pub pressure: Pressure,
    /// Which piece moved (pieces are numbered at the start of the game), for the counts of
    /// the repetition rule.
    pub piece_id: u8,
}

const NO_PIECE: u8 = u8::MAX;

/// A game from a start position.
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[0]` is the start; `positions[i]` follows `moves[i - 1]`.
    positions: Vec<Position>,
    moves: Vec<PlayedMove>,
    /// The number of the piece on each point.
    ids: [u8; POINTS],
    /// Plies that counted towards the effective-move limit.
    effective_plies: u32,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game starting from `start` (judged at once: it may already be mate).
    pub fn new(start: Position) -> Game {
        let mut ids = [NO_PIECE; POINTS];
        for (number, (square, _)) in start.pieces().enumerate() {
            ids[square.index()] = number as u8;
        }
        let mut game = Game {
            positions: vec![start],
            moves: Vec::new(),
            ids,
            effective_plies: 0,
            outcome: None,
        };
        game.outcome = game.judge();
        game
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has its start")
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played.
    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plays `mv` and judges the result.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if let Some(outcome) = self.outcome {
            return Err(PlayError::Over(outcome));
        }
        let before = self.position();
        if !before.is_legal(mv) {
            return Err(PlayError::Illegal(mv));
        }
        let mut after = before.clone();
        after.play_unchecked(mv);
        let pressure = pressure(before, mv, &after);
        let answers_pressure = self
            .moves
            .last()
            .is_some_and(|last| last.pressure.presses());
        if !pressure.presses() && !answers_pressure {
            self.effective_plies += 1;
        }
        let piece_id = self.ids[mv.from().index()];
        self.ids[mv.to().index()] = piece_id;
        self.ids[mv.from().index()] = NO_PIECE;
        self.moves.push(PlayedMove {
            mv,
            pressure,
            piece_id,
        });
        self.positions.push(after);
        self.outcome = self.judge();
        Ok(())
    }

    /// Takes the last move back; `false` at the start.
    pub fn undo(&mut self) -> bool {
        if self.moves.is_empty() {
            return false;
        }
        // Replaying keeps the piece numbers and counters right without storing them twice.
        let start = self.positions[0].clone();
        let moves: Vec<Move> = self.moves[..self.moves.len() - 1]
            .iter()
            .map(|m| m.mv)
            .collect();
        *self = Game::new(start);
        for mv in moves {
            self.play(mv).expect("the moves were legal when played");
        }
        true
    }

    /// The rules' verdict on the position now, if the game is over.
    fn judge(&self) -> Option<Outcome> {
        let position = self.position();
        let side = position.side_to_move();
        if !position.has_legal_move() {
            let reason = if position.in_check(side) {
                Reason::Checkmate
            } else {
                Reason::Stalemate
            };
            return Some(Outcome {
                winner: Some(side.opponent()),
                reason,
            });
        }
        if let Some(outcome) = self.judge_repetition() {
            return Some(outcome);
        }
        let draw = |reason| {
            Some(Outcome {
                winner: None,
                reason,
            })
        };
        if position.quiet_plies() >= NO_PROGRESS_PLIES {
            return draw(Reason::NoProgress);
        }
        let total_plies = 2 * (u32::from(position.fullmove()) - 1) + side.index() as u32;
        if self.effective_plies >= EFFECTIVE_PLIES || total_plies >= TOTAL_PLIES {
            return draw(Reason::MoveLimit);
        }
        None
    }

    /// Perpetual check or chase, or a plain repetition, when the position now has been seen.
    fn judge_repetition(&self) -> Option<Outcome> {
        let now = self.moves.len();
        let key = self.position().key();
        let mut earlier = (0..now).rev().filter(|&i| self.positions[i].key() == key);
        let last_seen = earlier.next()?;
        let seen_twice_before = earlier.next().is_some();
        let conduct = cycle_conduct(
            self.moves[last_seen..now]
                .iter()
                .map(|played| (played.mv, played.pressure)),
            self.positions[last_seen].side_to_move(),
        );
        let counted_out = [Color::Red, Color::Black]
            .into_iter()
            .any(|color| self.pressed_long_enough(color, conduct[color.index()]));
        if counted_out {
            let (winner, reason) = match judge_cycle(conduct) {
                CycleVerdict::Draw => (None, Reason::Repetition),
                CycleVerdict::PerpetualCheck(loser) => {
                    (Some(loser.opponent()), Reason::PerpetualCheck)
                }
                CycleVerdict::PerpetualChase(loser) => {
                    (Some(loser.opponent()), Reason::PerpetualChase)
                }
            };
            return Some(Outcome { winner, reason });
        }
        // The same position a third time with nobody pressing: a draw.
        (conduct == [CycleConduct::Free; 2] && seen_twice_before).then_some(Outcome {
            winner: None,
            reason: Reason::Repetition,
        })
    }

    /// Whether `color`'s latest moves, checks (or checks and chases) in a row, have reached
    /// the count that makes them perpetual: 6 by one piece, 12 by two, 18 by three or more.
    fn pressed_long_enough(&self, color: Color, conduct: CycleConduct) -> bool {
        let counts = |m: &PlayedMove| match conduct {
            CycleConduct::PerpetualCheck => m.pressure.check,
            CycleConduct::PerpetualChase => m.pressure.presses(),
            CycleConduct::Free => false,
        };
        let mut pieces = 0u32;
        let mut run = 0;
        for (i, played) in self.moves.iter().enumerate().rev() {
            if self.positions[i].side_to_move() != color {
                continue;
            }
            if !counts(played) {
                break;
            }
            run += 1;
            if played.piece_id < 32 {
                pieces |= 1 << played.piece_id;
            }
        }
        let distinct = pieces.count_ones().clamp(1, 3) as usize;
        run > 0 && run >= PERPETUAL_PER_PIECE * distinct
    }
}
