//! A game in progress: the deal, the actions played, and the record that saves and replays it.

use super::action::{Action, PlayedAction};
use super::board::POINTS;
use super::jfen::JfenError;
use super::piece::{Color, Piece};
use super::position::Position;
use super::public_game::PublicGame;
use super::ruleset::Ruleset;
use super::view::{DrawReason, Effect, IllegalAction, Outcome, PlayerView, WinReason};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The serialisable record of a game: ruleset, start position, actions and revealed identities.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    /// The record format's version.
    pub version: u32,
    pub rules: Ruleset,
    /// The full JFEN of the start position (the deal).
    pub start: String,
    pub actions: Vec<PlayedAction>,
    /// Set when the game ended by resignation or agreement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conceded: Option<Outcome>,
}

/// The record format this build writes and reads.
pub const RECORD_VERSION: u32 = 1;

/// Why a record cannot be loaded.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GameError {
    #[error("game record version {0} is not supported (this build reads version {RECORD_VERSION})")]
    UnsupportedVersion(u32),
    #[error("game record start position: {0}")]
    Start(#[from] JfenError),
    #[error("game record action {index} ({action}): {error}")]
    Illegal {
        index: usize,
        action: Action,
        error: IllegalAction,
    },
    #[error("game record action {index} ({action}) reveals a different piece than the deal holds")]
    RevealMismatch { index: usize, action: Action },
    #[error("game record ends with an impossible result")]
    BadResult,
}

/// A game: the deal, every action played, and how it ended if it did. The referee's side of a
/// game: it holds the deal, and with it what every face-down piece is; [`Game::public`] is what
/// everyone else may see.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    public: PublicGame,
}

impl Game {
    /// A game starting from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            position: start.clone(),
            public: PublicGame::new(start.view().clone()),
            start,
        }
    }

    /// A new game with a random deal.
    pub fn new_random(rules: Ruleset) -> Game {
        Game::new(Position::deal_random(rules))
    }

    /// The current full position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// What the players see now.
    pub fn view(&self) -> &PlayerView {
        self.position.view()
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The game as everyone sees it: no face-down identity.
    pub fn public(&self) -> &PublicGame {
        &self.public
    }

    /// The actions played so far.
    pub fn history(&self) -> &[PlayedAction] {
        self.public.history()
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        self.public.outcome()
    }

    /// Plays `action` if it is legal and the game goes on.
    pub fn play(&mut self, action: Action) -> Result<Effect, IllegalAction> {
        if self.public.conceded().is_some() {
            return Err(IllegalAction::GameOver);
        }
        let effect = self.position.play(action)?;
        let revealed = match effect {
            Effect::Flipped { piece, .. } => Some(piece),
            _ => None,
        };
        self.public.play(PlayedAction { action, revealed })
    }

    /// `loser` resigns. Does nothing if the game is already over.
    pub fn resign(&mut self, loser: Color) {
        self.public.resign(loser);
    }

    /// Ends the game off the board (see [`PublicGame::conclude`]).
    pub fn conclude(&mut self, outcome: Outcome) {
        self.public.conclude(outcome);
    }

    /// Both players agree to a draw. Does nothing if the game is already over.
    pub fn agree_draw(&mut self) {
        self.public.agree_draw();
    }

    /// Takes back the last `plies` actions (and any resignation or agreement); returns how many
    /// were taken back.
    pub fn undo(&mut self, plies: usize) -> usize {
        let taken = self.public.undo(plies);
        let mut position = self.start.clone();
        for played in self.public.history() {
            position.play_legal(played.action);
        }
        self.position = position;
        taken
    }

    /// The record of this game.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            version: RECORD_VERSION,
            rules: *self.start.rules(),
            start: self.start.to_jfen(),
            actions: self.public.history().to_vec(),
            conceded: self.public.conceded(),
        }
    }

    /// Rebuilds a game from its record, checking every action; a bad record is an error.
    pub fn from_record(record: &GameRecord) -> Result<Game, GameError> {
        if record.version != RECORD_VERSION {
            return Err(GameError::UnsupportedVersion(record.version));
        }
        let start = Position::from_jfen_with_rules(&record.start, record.rules.sanitized())?;
        let mut game = Game::new(start);
        for (index, played) in record.actions.iter().enumerate() {
            let effect = game
                .play(played.action)
                .map_err(|error| GameError::Illegal {
                    index,
                    action: played.action,
                    error,
                })?;
            if let (Effect::Flipped { piece, .. }, Some(expected)) = (effect, played.revealed)
                && piece != expected
            {
                return Err(GameError::RevealMismatch {
                    index,
                    action: played.action,
                });
            }
        }
        if let Some(outcome) = record.conceded {
            match outcome {
                Outcome::Win {
                    reason: WinReason::Resignation | WinReason::OutOfTime | WinReason::Abandoned,
                    ..
                }
                | Outcome::Draw(DrawReason::Agreement) => game.conclude(outcome),
                _ => return Err(GameError::BadResult),
            }
        }
        Ok(game)
    }
}

impl Game {
    /// A game rebuilt from what everyone saw (an online game, where no deal exists): each piece
    /// that was turned over was dealt where it was turned; pieces never turned get the
    /// identities left in the pool, in a fixed order. Everything anyone saw replays exactly;
    /// only what nobody ever saw is made up.
    pub fn from_public(public: &PublicGame) -> Result<Game, GameError> {
        let view = public.start().clone();
        // Every kind of piece (the full set comes in runs of a kind), as many as the pool holds.
        let mut kinds: Vec<Piece> = Piece::full_set().collect();
        kinds.dedup();
        let mut pool: Vec<Piece> = kinds
            .into_iter()
            .flat_map(|piece| std::iter::repeat_n(piece, usize::from(view.pool_count(piece))))
            .collect();
        let mut hidden = [None; POINTS];
        for (index, played) in public.history().iter().enumerate() {
            if let (Action::Flip(point), Some(piece)) = (played.action, played.revealed) {
                let mismatch = GameError::RevealMismatch {
                    index,
                    action: played.action,
                };
                let slot = pool
                    .iter()
                    .position(|&p| p == piece)
                    .ok_or(mismatch.clone())?;
                if hidden[point.index()].is_some() {
                    return Err(mismatch);
                }
                hidden[point.index()] = Some(pool.remove(slot));
            }
        }
        for point in view.face_down_points() {
            if hidden[point.index()].is_none() {
                hidden[point.index()] = pool.pop();
            }
        }
        let mut game = Game::new(Position { view, hidden });
        for (index, played) in public.history().iter().enumerate() {
            game.play(played.action)
                .map_err(|error| GameError::Illegal {
                    index,
                    action: played.action,
                    error,
                })?;
        }
        if let Some(outcome) = public.conceded() {
            game.conclude(outcome);
        }
        Ok(game)
    }
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.record().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        let record = GameRecord::deserialize(deserializer)?;
        Game::from_record(&record).map_err(serde::de::Error::custom)
    }
}

/// A position travels as its ruleset and full JFEN.
#[derive(Serialize, Deserialize)]
struct PositionText {
    rules: Ruleset,
    jfen: String,
    #[serde(default, skip_serializing_if = "is_no_flips")]
    last_flips: [Option<Color>; 2],
}

fn is_no_flips(flips: &[Option<Color>; 2]) -> bool {
    flips == &[None, None]
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PositionText {
            rules: *self.rules(),
            jfen: self.to_jfen(),
            last_flips: self.view.last_flips,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        let text = PositionText::deserialize(deserializer)?;
        let mut position = Position::from_jfen_with_rules(&text.jfen, text.rules.sanitized())
            .map_err(serde::de::Error::custom)?;
        if position.side_to_move().is_none() {
            position.view.restore_last_flips(text.last_flips);
        }
        Ok(position)
    }
}
