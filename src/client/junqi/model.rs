//! The Junqi match on the table. The model ([`JunqiMatch`]) is what this device may know: the
//! public game, with no face-down identity. It follows the rulings of the match layer's
//! authorities (`client/play/`; `play.rs` fits Junqi to it): the local referee, the only holder
//! of the deal, a replay, or the server.

use crate::client::matches::PositionKey;
use crate::client::play::PlayRequest;
use crate::client::thinking::ComputerGame;
use crate::rules::junqi::{
    Action, Color, Effect, Outcome, PlayerView, Point, Position, PublicGame, Ruleset,
};
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;

/// The match on the table as this device knows it.
#[derive(Resource, Clone, Debug)]
pub struct JunqiMatch {
    /// The game as everyone sees it; only rulings change it.
    pub public: PublicGame,
}

impl Default for JunqiMatch {
    fn default() -> JunqiMatch {
        JunqiMatch::of(PublicGame::new(
            Position::deal_random(Ruleset::default()).view().clone(),
        ))
    }
}

impl JunqiMatch {
    /// A match showing `public`.
    pub fn of(public: PublicGame) -> JunqiMatch {
        JunqiMatch { public }
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

impl ComputerGame for JunqiMatch {
    const KIND: GameKind = GameKind::Junqi;
    type Sight = PlayerView;
    type Request = PlayRequest<JunqiMatch>;

    fn sight(&self) -> PlayerView {
        self.view().clone()
    }

    fn seed(&self) -> u64 {
        u64::from(self.view().ply())
    }

    fn request(action: Action, key: PositionKey) -> PlayRequest<JunqiMatch> {
        PlayRequest::chosen_at(action, key)
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
