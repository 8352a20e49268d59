//! The Xiangqi match on the table. Xiangqi hides nothing, so the model is the whole game; it
//! follows the rulings of the match layer's authorities (`client/play/`).

use crate::client::matches::{Deal, PositionKey};
use crate::client::play::PlayRequest;
use crate::client::thinking::ComputerGame;
use crate::rules::xiangqi::{
    Color, Conceded, Game, Move, MoveList, Piece, Position, XiangqiRecord,
};
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;

/// The match on the table.
#[derive(Resource, Clone, Debug)]
pub struct XiangqiMatch {
    /// The game, judged by the rules after every move.
    pub game: Game,
    /// A resignation or an agreed draw.
    pub conceded: Option<Conceded>,
}

impl Default for XiangqiMatch {
    fn default() -> XiangqiMatch {
        XiangqiMatch::new(Game::new(Position::start()), None)
    }
}

impl XiangqiMatch {
    /// A match of `game`, ended off the board as `conceded` says.
    pub fn new(game: Game, conceded: Option<Conceded>) -> XiangqiMatch {
        XiangqiMatch { game, conceded }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Whether the game is over, by the rules or off the board.
    pub fn over(&self) -> bool {
        self.game.outcome().is_some() || self.conceded.is_some()
    }

    /// The seat whose turn it is (seat 0 moves first).
    pub fn seat_to_move(&self) -> Seat {
        Seat((self.game.moves().len() % 2) as u8)
    }

    /// The side `seat` plays.
    pub fn colour_of(&self, seat: Seat) -> Color {
        let first = self.game.start().side_to_move();
        if seat == Seat(0) {
            first
        } else {
            first.opponent()
        }
    }

    /// The seat that plays `colour`.
    pub fn seat_of(&self, colour: Color) -> Seat {
        if self.colour_of(Seat(0)) == colour {
            Seat(0)
        } else {
            Seat(1)
        }
    }

    /// The record of the game, for the autosave and for export.
    pub fn record(&self) -> XiangqiRecord {
        XiangqiRecord::of(&self.game, self.conceded)
    }
}

impl ComputerGame for XiangqiMatch {
    const KINDS: &'static [GameKind] = &[GameKind::Xiangqi];
    type Sight = Game;
    type Request = PlayRequest<XiangqiMatch>;

    fn sight(&self) -> Game {
        self.game.clone()
    }

    fn seed(&self) -> u64 {
        self.game.moves().len() as u64
    }

    fn request(mv: Move, key: PositionKey) -> PlayRequest<XiangqiMatch> {
        PlayRequest::chosen_at(mv, key)
    }
}

/// What a move did, for the animations and sounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The piece that moved.
    pub piece: Piece,
    /// The piece it took, if any.
    pub captured: Option<Piece>,
    /// Whether it gives check.
    pub check: bool,
}

/// The start position, with `deal.warm_up` random moves played (seeded).
pub(super) fn new_game(deal: Deal) -> Game {
    let mut game = Game::new(Position::start());
    let legal = |game: &Game, moves: &mut MoveList| game.position().legal_moves(moves);
    let play = |game: &mut Game, mv| game.play(mv).is_ok();
    deal.warm_up(&mut game, &mut deal.rng(0x7869_616e), legal, play);
    game
}

/// Whether a computer accepts a draw offer: after a long stretch without progress.
pub(super) fn computer_accepts_draw(position: &Position) -> bool {
    position.quiet_plies() >= 40
}
