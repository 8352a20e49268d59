//! Actions (flip, move), their text notation, and an action as it was played.

use super::board::Point;
use super::piece::Piece;
use arrayvec::ArrayVec;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// One turn: flip a face-down piece, or move a face-up piece (an attack is a move onto an enemy).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    /// Turn the face-down piece at this point face up.
    Flip(Point),
    /// Move the piece at `from` to `to`, attacking whatever stands there.
    Move { from: Point, to: Point },
}

/// One action of a game as it was played, with the identity a flip revealed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PlayedAction {
    pub action: Action,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revealed: Option<Piece>,
}

/// Room for every action of any position: at most 25 movable pieces times 35 targets.
pub const MAX_ACTIONS: usize = 1024;

/// A fixed-size list of actions that never allocates.
pub type ActionList = ArrayVec<Action, MAX_ACTIONS>;

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Flip(point) => write!(f, "{point}"),
            Action::Move { from, to } => write!(f, "{from}{to}"),
        }
    }
}

/// Why a text is not an action.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("'{0}' is not an action: expected a point (c3) or two points (a2a11)")]
pub struct ActionParseError(pub String);

impl FromStr for Action {
    type Err = ActionParseError;

    fn from_str(text: &str) -> Result<Action, ActionParseError> {
        let error = || ActionParseError(text.chars().take(40).collect());
        if let Some(point) = Point::parse(text) {
            return Ok(Action::Flip(point));
        }
        // The second point starts at the second file letter.
        let split = text
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_alphabetic())
            .map(|(i, _)| i);
        let split = split.ok_or_else(error)?;
        let from = Point::parse(&text[..split]).ok_or_else(error)?;
        let to = Point::parse(&text[split..]).ok_or_else(error)?;
        if from == to {
            return Err(error());
        }
        Ok(Action::Move { from, to })
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Action, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in ["c3", "e12", "a2a11", "c6c7", "b10b11"] {
            let action: Action = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
        assert!(matches!("a2a11".parse(), Ok(Action::Move { .. })));
    }

    #[test]
    fn malformed_actions_are_errors() {
        for text in ["", "a", "a1a1", "f3", "a2a", "a2x11", "a2a11a", "a0", "é1"] {
            assert!(text.parse::<Action>().is_err(), "{text}");
        }
    }

    #[test]
    fn serde_uses_the_notation() {
        let action: Action = "a2a11".parse().unwrap();
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(json, "\"a2a11\"");
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), action);
        assert!(serde_json::from_str::<Action>("\"zz\"").is_err());
    }
}
