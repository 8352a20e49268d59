//! The full state of a game: the public view plus the identities of the face-down pieces.

use super::action::{Action, ActionList};
use super::board::{POINTS, Point};
use super::piece::{Color, Piece};
use super::ruleset::Ruleset;
use super::view::{Cell, Effect, IllegalAction, Outcome, PlayerView};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// A whole game state, hidden identities included. Only the referee (the local game, the
/// server, the CLI) holds one; players and opponents get a [`PlayerView`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    pub(super) view: PlayerView,
    /// The identity of each face-down piece, by point; `None` elsewhere.
    pub(super) hidden: [Option<Piece>; POINTS],
}

impl Position {
    /// A fresh deal: the 50 pieces shuffled uniformly onto the 50 non-camp points, face down.
    pub fn deal<R: Rng + ?Sized>(rules: Ruleset, rng: &mut R) -> Position {
        let mut pieces: Vec<Piece> = Piece::full_set().collect();
        pieces.shuffle(rng);
        let mut hidden = [None; POINTS];
        let mut cells = [Cell::Empty; POINTS];
        let mut pool = [0u8; 24];
        for (point, piece) in Point::all().filter(|p| !p.is_camp()).zip(pieces) {
            hidden[point.index()] = Some(piece);
            cells[point.index()] = Cell::Hidden;
            pool[piece.index()] += 1;
        }
        Position {
            view: PlayerView::from_parts(rules, cells, pool, None, 0, 0),
            hidden,
        }
    }

    /// A deal from the operating system's random source.
    pub fn deal_random(rules: Ruleset) -> Position {
        Position::deal(rules, &mut rand::rng())
    }

    /// A reproducible deal from a seed (the same seed gives the same deal on every platform).
    pub fn deal_seeded(rules: Ruleset, seed: u64) -> Position {
        Position::deal(
            rules,
            &mut rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed),
        )
    }

    /// The same public position with its face-down pieces shuffled among their points: a
    /// different full state that every player sees exactly alike.
    pub fn with_hidden_shuffled<R: Rng + ?Sized>(&self, rng: &mut R) -> Position {
        let points: Vec<Point> = self.view.face_down_points().collect();
        let mut pieces: Vec<Option<Piece>> =
            points.iter().map(|p| self.hidden[p.index()]).collect();
        pieces.shuffle(rng);
        let mut shuffled = self.clone();
        for (point, piece) in points.into_iter().zip(pieces) {
            shuffled.hidden[point.index()] = piece;
        }
        shuffled
    }

    /// What every player may see of this position.
    pub fn view(&self) -> &PlayerView {
        &self.view
    }

    /// The identity of the face-down piece on `point`, if there is one.
    pub fn hidden_piece(&self, point: Point) -> Option<Piece> {
        self.hidden[point.index()]
    }

    /// The ruleset.
    pub fn rules(&self) -> &Ruleset {
        self.view.rules()
    }

    /// The colour to move, `None` before the colours are decided.
    pub fn side_to_move(&self) -> Option<Color> {
        self.view.side_to_move()
    }

    /// Fills `out` with every legal action.
    pub fn legal_actions(&self, out: &mut ActionList) {
        self.view.legal_actions(out);
    }

    /// The outcome if the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.view.outcome()
    }

    /// Plays `action` if it is legal; otherwise leaves the position unchanged.
    pub fn play(&mut self, action: Action) -> Result<Effect, IllegalAction> {
        if !self.view.is_legal(action) {
            // Only a refused action pays for working out whether the game is over.
            return Err(match self.view.outcome() {
                Some(_) => IllegalAction::GameOver,
                None => IllegalAction::NotLegal(action),
            });
        }
        Ok(self.play_legal(action))
    }

    /// Plays an action known to be legal (from [`Position::legal_actions`]).
    pub fn play_legal(&mut self, action: Action) -> Effect {
        debug_assert!(self.view.is_legal(action));
        let revealed = match action {
            Action::Flip(point) => self.hidden[point.index()].take(),
            Action::Move { .. } => None,
        };
        self.view.apply_unchecked(action, revealed)
    }

    /// The number of action sequences of length `depth` (a finished game has none).
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.view.count_legal_actions() as u64,
            _ => {
                let mut actions = ActionList::new();
                self.legal_actions(&mut actions);
                actions
                    .iter()
                    .map(|&action| {
                        let mut next = self.clone();
                        next.play_legal(action);
                        next.perft(depth - 1)
                    })
                    .sum()
            }
        }
    }
}
