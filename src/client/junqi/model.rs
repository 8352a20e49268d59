//! A Junqi flip match on the table. Its model ([`FlipMatch`], the flip side of Junqi's one
//! model, `variants.rs`) is what this device may know: the public game, with no face-down
//! identity. It follows the rulings of the match layer's authorities (`client/play/`; `play.rs`
//! fits Junqi flip to it): the local referee, the only holder of the deal, a replay, or the
//! server.

use crate::rules::Seat;
use crate::rules::junqi::{
    Color, Effect, Outcome, PlayerView, Point, Position, PublicGame, Ruleset,
};
use bevy::prelude::*;

/// The match on the table as this device knows it.
#[derive(Clone, Debug)]
pub struct FlipMatch {
    /// The game as everyone sees it; only rulings change it.
    pub public: PublicGame,
}

impl Default for FlipMatch {
    fn default() -> FlipMatch {
        FlipMatch::of(PublicGame::new(
            Position::deal_random(Ruleset::default()).view().clone(),
        ))
    }
}

impl FlipMatch {
    /// A match showing `public`.
    pub fn of(public: PublicGame) -> FlipMatch {
        FlipMatch { public }
    }

    /// What everyone sees now.
    pub fn view(&self) -> &PlayerView {
        self.public.view()
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        self.public.outcome()
    }

    /// The seat whose turn it is: the first player (south) moves on even plies.
    pub fn seat_to_move(&self) -> Seat {
        seat_of_ply(self.public.history().len())
    }

    /// The colour `seat` plays, once colours are decided.
    pub fn colour_of(&self, seat: Seat) -> Option<Color> {
        colour_of_seat(self.view(), self.public.history().len(), seat)
    }

    /// The seat that plays `colour`, once colours are decided.
    pub fn seat_of(&self, colour: Color) -> Option<Seat> {
        [Seat(0), Seat(1)]
            .into_iter()
            .find(|&seat| self.colour_of(seat) == Some(colour))
    }
}

/// The seat that makes ply `ply` (counting from 0).
pub(super) fn seat_of_ply(ply: usize) -> Seat {
    Seat((ply % 2) as u8)
}

/// The colour `seat` plays after `plies` plies in `view`, once colours are decided.
pub(super) fn colour_of_seat(view: &PlayerView, plies: usize, seat: Seat) -> Option<Color> {
    let side = view.side_to_move()?;
    Some(if seat == seat_of_ply(plies) {
        side
    } else {
        side.opponent()
    })
}

/// What a computer is given of a flip game (the [`ComputerGame`](crate::client::thinking::ComputerGame)
/// of Junqi's model).
impl FlipMatch {
    /// What the side to move sees: everyone sees the same.
    pub(super) fn sight(&self) -> PlayerView {
        self.view().clone()
    }

    /// The seed of the side to move's decision.
    pub(super) fn seed(&self) -> u64 {
        u64::from(self.view().ply())
    }
}

/// What an action did on the table: its effect, and the way the piece travelled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionDid {
    /// What it did.
    pub effect: Effect,
    /// The points a moving piece passed (from and to included); the point alone for a flip.
    pub path: Vec<Point>,
}
