//! A game as everyone sees it: no face-down identity, so a client or a server can hold it with
//! nothing to leak.

use super::action::PlayedAction;
use super::piece::Color;
use super::view::{DrawReason, Effect, IllegalAction, Outcome, PlayerView, WinReason};

/// The public side of a game: the start as everyone saw it, every action with what each flip
/// revealed, and a resignation or agreement. Whoever decides what a flip reveals (a referee
/// holding the deal, or a server drawing from the pool) feeds it [`PlayedAction`]s.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PublicGame {
    start: PlayerView,
    view: PlayerView,
    history: Vec<PlayedAction>,
    conceded: Option<Outcome>,
}

impl PublicGame {
    /// A game starting from `start`.
    pub fn new(start: PlayerView) -> PublicGame {
        PublicGame {
            view: start.clone(),
            start,
            history: Vec::new(),
            conceded: None,
        }
    }

    /// What everyone sees now.
    pub fn view(&self) -> &PlayerView {
        &self.view
    }

    /// What everyone saw at the start.
    pub fn start(&self) -> &PlayerView {
        &self.start
    }

    /// The actions played so far, with what the flips revealed.
    pub fn history(&self) -> &[PlayedAction] {
        &self.history
    }

    /// A resignation or an agreed draw, if the game ended by one.
    pub fn conceded(&self) -> Option<Outcome> {
        self.conceded
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        self.conceded.or_else(|| self.view.outcome())
    }

    /// Plays `played` if it is legal and the game goes on; a flip must say what it revealed,
    /// a piece still in the face-down pool.
    pub fn play(&mut self, played: PlayedAction) -> Result<Effect, IllegalAction> {
        if self.conceded.is_some() {
            return Err(IllegalAction::GameOver);
        }
        let effect = self
            .view
            .play_hypothetical(played.action, played.revealed)?;
        self.history.push(PlayedAction {
            action: played.action,
            revealed: match effect {
                Effect::Flipped { piece, .. } => Some(piece),
                _ => None,
            },
        });
        Ok(effect)
    }

    /// Ends the game with a result the board does not decide: a resignation, an agreed draw,
    /// a clock run out, an abandoned online game. Does nothing if the game is already over.
    pub fn conclude(&mut self, outcome: Outcome) {
        if self.outcome().is_none() {
            self.conceded = Some(outcome);
        }
    }

    /// `loser` resigns. Does nothing if the game is already over.
    pub fn resign(&mut self, loser: Color) {
        self.conclude(Outcome::Win {
            winner: loser.opponent(),
            reason: WinReason::Resignation,
        });
    }

    /// Both players agree to a draw. Does nothing if the game is already over.
    pub fn agree_draw(&mut self) {
        self.conclude(Outcome::Draw(DrawReason::Agreement));
    }

    /// Takes back the last `plies` actions (and any resignation or agreement); returns how many
    /// were taken back.
    pub fn undo(&mut self, plies: usize) -> usize {
        let taken = plies.min(self.history.len());
        let keep = self.history.len() - taken;
        let mut view = self.start.clone();
        for played in &self.history[..keep] {
            view.play_searched(played.action, played.revealed);
        }
        self.history.truncate(keep);
        self.view = view;
        self.conceded = None;
        taken
    }
}
