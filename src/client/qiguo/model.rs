//! The Qiguo match on the table. Qiguo hides nothing, so the model is the whole game; it
//! follows the rulings of the match layer's authorities (`client/play/`). The
//! client's seats are the rules' seats in the same order (client seat 0 is the rules' seat 1).

use crate::ai::Level;
use crate::client::matches::{Deal, PositionKey};
use crate::client::play::PlayRequest;
use crate::client::seats::{Controller, MAX_SEATS, Seats};
use crate::client::thinking::ComputerGame;
use crate::rules::qiguo::{Move, MoveList, Played, Position, Replay, Seating, State};
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;

/// The fewest seats a Qiguo game has.
pub const MIN_PLAYERS: usize = 3;

/// The match on the table.
#[derive(Resource, Clone, Debug)]
pub struct QiguoMatch {
    /// The game, with every position it went through.
    pub game: Replay,
}

impl Default for QiguoMatch {
    fn default() -> QiguoMatch {
        QiguoMatch::from_start(Position::start(seating_for(MAX_SEATS)))
    }
}

/// The seating of `players` seats (3–7; fewer or more are clamped into that range).
fn seating_for(players: usize) -> Seating {
    Seating::for_players(players.clamp(MIN_PLAYERS, MAX_SEATS))
        .expect("every count from 3 to 7 has a seating")
}

impl QiguoMatch {
    /// A match from `start`, no move played yet.
    pub fn from_start(start: Position) -> QiguoMatch {
        QiguoMatch::of(Replay::new(start))
    }

    /// A match of `game`.
    pub fn of(game: Replay) -> QiguoMatch {
        QiguoMatch { game }
    }

    /// A new match for `players` seats (3–7; fewer or more are clamped into that range).
    pub fn for_players(players: usize) -> QiguoMatch {
        QiguoMatch::from_start(Position::start(seating_for(players)))
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.position().ending().is_some()
    }

    /// The client's seat that plays `state`.
    pub fn seat_of(&self, state: State) -> Seat {
        Seat(self.position().seating().seat(state).index() as u8)
    }

    /// The states the client's `seat` plays, in turn order.
    pub fn states_of(&self, seat: Seat) -> Vec<State> {
        let seating = self.position().seating();
        State::ALL
            .into_iter()
            .filter(|&state| seating.seat(state).index() == seat.index())
            .collect()
    }

    /// The seat whose turn it is; once the game is over, the seat that moved last.
    pub fn seat_to_move(&self) -> Seat {
        match self.game.plies().last() {
            Some(ply) if self.over() => self.seat_of(ply.played.mover),
            _ => self.seat_of(self.position().side_to_move()),
        }
    }

    /// The seat that made each move so far, oldest first.
    pub fn movers(&self) -> Vec<Seat> {
        self.game
            .plies()
            .iter()
            .map(|ply| self.seat_of(ply.played.mover))
            .collect()
    }

    /// Plays `mv` if it is legal now.
    pub fn play(&mut self, mv: Move) -> Result<&Played, String> {
        self.game.play(mv).map_err(|error| error.to_string())
    }

    /// Takes back the last `count` moves.
    pub fn take_back(&mut self, count: usize) {
        let plies = self.game.plies().len();
        self.game.truncate(plies.saturating_sub(count));
    }
}

impl ComputerGame for QiguoMatch {
    const KINDS: &'static [GameKind] = &[GameKind::Qiguo];
    type Sight = Position;
    type Request = PlayRequest<QiguoMatch>;

    fn sight(&self) -> Position {
        self.position().clone()
    }

    fn seed(&self) -> u64 {
        self.game.plies().len() as u64
    }

    fn request(mv: Move, key: PositionKey) -> PlayRequest<QiguoMatch> {
        PlayRequest::chosen_at(mv, key)
    }
}

/// The seats of a new game from a request: a demonstration shows all seven armies, played by
/// the computer; a list of fewer than three seats (a rematch of a two-player choice, the
/// command line's modes) gets more seats played like its last one.
pub(super) fn table_seats(seats: &Seats, attract: bool) -> Seats {
    let mut list: Vec<Controller> = seats.iter().map(|(_, controller)| controller).collect();
    if attract {
        list = vec![Controller::Computer(Level::Easy); MAX_SEATS];
    }
    let last = list.last().copied().unwrap_or(Controller::Local);
    list.resize(list.len().clamp(MIN_PLAYERS, MAX_SEATS), last);
    Seats::try_from(list).unwrap_or_else(|_| seats.clone())
}

/// The start position for `seats`, with the deal's warm-up played.
pub(super) fn new_game(seats: &Seats, deal: Deal) -> QiguoMatch {
    let mut model = QiguoMatch::for_players(seats.len());
    let legal = |model: &QiguoMatch, moves: &mut MoveList| model.position().legal_moves(moves);
    let play = |model: &mut QiguoMatch, mv| model.play(mv).is_ok();
    deal.warm_up(&mut model, &mut deal.rng(0x7169_676f), legal, play);
    model
}

/// Whether `mover` now attacks the Ruler of a state another seat plays: Qiguo's check.
pub(super) fn threatens_a_ruler(position: &Position, mover: State) -> bool {
    let seating = position.seating();
    let own_seat = seating.seat(mover);
    State::ALL
        .into_iter()
        .filter(|&state| seating.seat(state) != own_seat && position.is_live(state))
        .filter_map(|state| position.ruler(state))
        .any(|ruler| position.is_attacked_by(ruler, |attacker| attacker == mover))
}

/// Whether the Ruler of `state` is attacked by a state another seat plays (the HUD says so
/// when it is that state's move).
pub(super) fn ruler_in_danger(position: &Position, state: State) -> bool {
    let seating = position.seating();
    position.ruler(state).is_some_and(|ruler| {
        position.is_attacked_by(ruler, |attacker| {
            seating.seat(attacker) != seating.seat(state)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_come_in_threes_to_sevens() {
        assert_eq!(table_seats(&Seats::hot_seat(), false).len(), 3);
        assert_eq!(table_seats(&Seats::attract(), true).len(), 7);
        let versus = table_seats(&Seats::versus_computer(Level::Hard, Seat(0)), false);
        assert_eq!(versus.controller(Seat(0)), Controller::Local);
        assert_eq!(
            versus.controller(Seat(2)),
            Controller::Computer(Level::Hard)
        );
    }

    #[test]
    fn undo_takes_back_to_the_position_before() {
        let deal = Deal {
            seed: Some(1),
            warm_up: 5,
        };
        let mut model = new_game(&table_seats(&Seats::hot_seat(), false), deal);
        let before = model.game.plies()[3].before.clone();
        model.take_back(2);
        assert_eq!(model.game.plies().len(), 3);
        assert_eq!(model.position(), &before);
    }

    /// The lesson's step "ruler": Qin's General on h12 may take Chu's Ruler on h6.
    const RULER_IN_REACH: &str = "2kNkHkOkRkGkHkN1pNpHpOpRpGpHpN2/3kNkHkCkHkN3pNpHpCpHpN3/4kSkXkS5pSpXpS3gN/5kA7pA3gNgH/5kD7pD2gSgHgO/14gDgAgXgCgR/wN15gSgHgG/wHwN5wG9gNgH/1wHwS15gN/wRwCwXwAwD4*9/wOwHwS15bN/wHwN15bNbH/wN15bSbHbO/7rR6bDbAbXbCbR/5rD7oD2bSbHbG/5rA7oA3bNbH/4rSrXrS5oSoXoS3bN/3rNrHrCrHrN3oNoHoCoHoN3/2rNrHrG1rOrHrN1oNoHoGoRoOoHoN2 w 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 0 0";

    #[test]
    fn a_ruler_attacked_by_another_seat_is_qiguos_check() {
        let position = Position::from_qfen(RULER_IN_REACH).expect("the lesson's position");
        assert!(threatens_a_ruler(&position, State::Qin));
        assert!(ruler_in_danger(&position, State::Chu));
        assert!(!ruler_in_danger(&position, State::Qin));
        assert!(!threatens_a_ruler(&position, State::Han));
        let start = Position::start(Seating::for_players(7).expect("seven seats"));
        for state in State::ALL {
            assert!(!threatens_a_ruler(&start, state), "{state:?} at the start");
            assert!(!ruler_in_danger(&start, state), "{state:?} at the start");
        }
    }
}
