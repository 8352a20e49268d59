//! Junqi flip (军棋翻棋): board, pieces, rules, JFEN notation and game records.
//!
//! [`Position`] is the full state (the referee's); [`PlayerView`] is what a player may see and
//! cannot hold the identity of a face-down piece.

mod action;
mod board;
pub mod classic;
mod game;
mod jfen;
mod piece;
mod position;
mod public_game;
mod record;
mod ruleset;
mod view;

pub use action::{Action, ActionList, ActionParseError, MAX_ACTIONS, PlayedAction};
pub use board::{Direction, FILES, POINTS, Point, PointKind, RANKS};
pub use game::{Game, GameError, GameRecord};
pub use jfen::JfenError;
pub use piece::{Color, Combat, Kind, Piece};
pub use position::Position;
pub use public_game::PublicGame;
pub use record::RecordTextError;
pub use ruleset::{ColourRule, DEFAULT_QUIET_PLY_LIMIT, Ruleset};
pub use view::{Cell, DrawReason, Effect, IllegalAction, Outcome, PlayerView, WinReason};

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;
