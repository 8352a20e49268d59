//! Seats and who takes each: a person at this device, the computer, or a player elsewhere.
//! Turn order, the table's orientation and undo go through the seat list.

use crate::ai::Level;
use crate::rules::Seat;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// Who plays a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Controller {
    /// A person at this device.
    Local,
    /// The computer, at this level.
    Computer(Level),
    /// A player on another device (an online game).
    Remote,
}

/// The computer's levels as players choose them, with their names' translation keys.
pub const LEVEL_CHOICES: [(Level, &str); 3] = [
    (Level::Easy, "level-easy"),
    (Level::Medium, "level-medium"),
    (Level::Hard, "level-hard"),
];

/// The message id naming `level` (a random player, never offered, is named as Easy).
pub fn level_key(level: Level) -> &'static str {
    LEVEL_CHOICES
        .iter()
        .find(|(choice, _)| *choice == level)
        .map_or("level-easy", |(_, key)| key)
}

/// The fewest seats a game has.
pub const MIN_SEATS: usize = 2;
/// The most seats a game has (Qiguo's seven states).
pub const MAX_SEATS: usize = 7;

/// Who plays each seat, in turn order: seat 0 moves first and sits south.
#[derive(Resource, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(try_from = "Vec<Controller>", into = "Vec<Controller>")]
pub struct Seats(Vec<Controller>);

impl TryFrom<Vec<Controller>> for Seats {
    type Error = String;

    fn try_from(list: Vec<Controller>) -> Result<Seats, String> {
        if (MIN_SEATS..=MAX_SEATS).contains(&list.len()) {
            Ok(Seats(list))
        } else {
            Err(format!(
                "a game has {MIN_SEATS} to {MAX_SEATS} seats, not {}",
                list.len()
            ))
        }
    }
}

impl From<Seats> for Vec<Controller> {
    fn from(seats: Seats) -> Vec<Controller> {
        seats.0
    }
}

impl Default for Seats {
    fn default() -> Seats {
        Seats::hot_seat()
    }
}

impl Seats {
    /// Two players on this device.
    pub fn hot_seat() -> Seats {
        Seats(vec![Controller::Local; 2])
    }

    /// One player against the computer in a two-seat game; the player takes seat `human`.
    pub fn versus_computer(level: Level, human: Seat) -> Seats {
        Seats::person_and_computers(level, human, 2)
    }

    /// `count` seats (2–7), every one a person at this device.
    pub fn people(count: usize) -> Seats {
        Seats(vec![Controller::Local; count.clamp(MIN_SEATS, MAX_SEATS)])
    }

    /// `count` seats (2–7): a person at `human`, the computer at `level` at every other.
    pub fn person_and_computers(level: Level, human: Seat, count: usize) -> Seats {
        let count = count.clamp(MIN_SEATS, MAX_SEATS);
        let mut seats = vec![Controller::Computer(level); count];
        seats[human.index().min(count - 1)] = Controller::Local;
        Seats(seats)
    }

    /// The title screen's demonstration: two easy computers.
    pub fn attract() -> Seats {
        Seats(vec![Controller::Computer(Level::Easy); 2])
    }

    /// A game watched, not played: every seat is somebody else's (replays).
    pub fn watching(seats: usize) -> Seats {
        Seats(vec![Controller::Remote; seats.clamp(MIN_SEATS, MAX_SEATS)])
    }

    /// How many seats there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Never true: a game has at least two seats (for clippy's `len` convention).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Who plays `seat` (a seat past the end is nobody's: treated as remote).
    pub fn controller(&self, seat: Seat) -> Controller {
        self.0
            .get(seat.index())
            .copied()
            .unwrap_or(Controller::Remote)
    }

    /// Every seat with who plays it.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, Controller)> + '_ {
        (0u8..).map(Seat).zip(self.0.iter().copied())
    }

    /// The seat after `seat` in turn order.
    pub fn next(&self, seat: Seat) -> Seat {
        Seat(((seat.index() + 1) % self.len()) as u8)
    }

    /// The only local seat, when exactly one seat is local (the others are computers or
    /// players elsewhere).
    pub fn single_local(&self) -> Option<Seat> {
        let mut local = self.iter().filter(|(_, c)| *c == Controller::Local);
        let (seat, _) = local.next()?;
        local.next().is_none().then_some(seat)
    }

    /// Whether every seat is played at this device.
    pub fn all_local(&self) -> bool {
        self.0.iter().all(|c| *c == Controller::Local)
    }

    /// Whether every seat is a computer (the demonstration).
    pub fn all_computers(&self) -> bool {
        self.0.iter().all(|c| matches!(c, Controller::Computer(_)))
    }

    /// Whether some seat is a computer.
    pub fn any_computer(&self) -> bool {
        self.0.iter().any(|c| matches!(c, Controller::Computer(_)))
    }

    /// The seat a local request (resign, offer a draw) comes from, given the seat to move: the
    /// person against computers, otherwise the player to move.
    pub fn local_player(&self, to_move: Seat) -> Seat {
        self.single_local().unwrap_or(to_move)
    }

    /// Whether moves may be taken back (or a finished game reopened) at this device: not with
    /// a player elsewhere, who never sees a move taken back.
    pub fn may_take_back(&self) -> bool {
        !self.0.contains(&Controller::Remote)
    }

    /// How many plies an undo takes back, given the seat that made each ply so far (oldest
    /// first): one when every seat is local; none with a player elsewhere; otherwise back to the
    /// most recent position where a person at this device was to move.
    pub fn undo_plies(&self, mut movers: impl DoubleEndedIterator<Item = Seat>) -> usize {
        if !self.may_take_back() {
            return 0;
        }
        if self.all_local() {
            return usize::from(movers.next_back().is_some());
        }
        movers
            .rev()
            .position(|seat| self.controller(seat) == Controller::Local)
            .map_or(0, |back| back + 1)
    }

    /// The seat drawn at the bottom: the one person's (against computers or online); when
    /// players share the device and `follow_turn` is set, the seat to move; otherwise the first
    /// seat.
    pub fn bottom_seat(&self, to_move: Seat, follow_turn: bool) -> Seat {
        if let Some(seat) = self.single_local() {
            seat
        } else if follow_turn && self.all_local() {
            to_move
        } else {
            Seat(0)
        }
    }
}

/// Which game controller plays each seat at this device, by the number it was given when
/// plugged in (set on the new-game page: "controller 2 plays Black"). A seat given none takes
/// any controller that plays no other seat. With one seat here, every controller plays it.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatPads(Vec<Option<u8>>);

impl SeatPads {
    /// The controllers of the seats, in turn order.
    pub fn new(pads: impl IntoIterator<Item = Option<u8>>) -> SeatPads {
        SeatPads(pads.into_iter().collect())
    }

    /// The controller given to `seat`, if any.
    pub fn of(&self, seat: Seat) -> Option<u8> {
        self.0.get(seat.index()).copied().flatten()
    }

    /// Whether controller `pad` may act for `seat`: only for a person at this device, and,
    /// when several seats are here, only for its own seat or for a seat given no controller.
    pub fn may_act(&self, seats: &Seats, seat: Seat, pad: u8) -> bool {
        if seats.controller(seat) != Controller::Local {
            return false;
        }
        if seats.single_local().is_some() {
            return true;
        }
        match self.of(seat) {
            Some(own) => own == pad,
            None => !self.0[..self.0.len().min(seats.len())].contains(&Some(pad)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_come_in_twos_to_sevens_and_old_saves_still_read() {
        let old: Seats = serde_json::from_str(r#"["Local",{"Computer":"Hard"}]"#).unwrap();
        assert_eq!(old, Seats::versus_computer(Level::Hard, Seat(0)));
        assert_eq!(
            serde_json::to_string(&old).unwrap(),
            r#"["Local",{"Computer":"Hard"}]"#
        );
        assert!(serde_json::from_str::<Seats>(r#"["Local"]"#).is_err());
        let eight = serde_json::to_string(&vec![Controller::Local; 8]).unwrap();
        assert!(serde_json::from_str::<Seats>(&eight).is_err());
        let seven = serde_json::to_string(&vec![Controller::Remote; 7]).unwrap();
        assert_eq!(serde_json::from_str::<Seats>(&seven).unwrap().len(), 7);
    }

    #[test]
    fn undo_goes_back_to_a_person_at_this_device() {
        let two = |ply: usize| (0..ply).map(|p| Seat((p % 2) as u8));
        assert_eq!(Seats::hot_seat().undo_plies(two(5)), 1);
        assert_eq!(Seats::hot_seat().undo_plies(two(0)), 0);
        let human_first = Seats::versus_computer(Level::Easy, Seat(0));
        // The human (seat 0) made plies 0, 2, 4; the computer 1, 3.
        assert_eq!(human_first.undo_plies(two(5)), 1);
        assert_eq!(human_first.undo_plies(two(4)), 2);
        let human_second = Seats::versus_computer(Level::Easy, Seat(1));
        assert_eq!(human_second.undo_plies(two(1)), 0);
        assert_eq!(human_second.undo_plies(two(3)), 2);
        // Three seats, one person between two computers.
        let three = Seats::try_from(vec![
            Controller::Computer(Level::Easy),
            Controller::Local,
            Controller::Computer(Level::Easy),
        ])
        .unwrap();
        let movers = (0..6).map(|p| Seat((p % 3) as u8));
        assert_eq!(three.undo_plies(movers), 2);
        assert_eq!(three.single_local(), Some(Seat(1)));
        assert_eq!(three.next(Seat(2)), Seat(0));
        let online = Seats::try_from(vec![Controller::Local, Controller::Remote]).unwrap();
        assert_eq!(online.undo_plies(two(4)), 0);
    }

    #[test]
    fn a_controller_given_to_a_seat_plays_only_that_seat() {
        let hot = Seats::hot_seat();
        let pads = SeatPads::new([Some(1), Some(2)]);
        assert!(pads.may_act(&hot, Seat(0), 1));
        assert!(!pads.may_act(&hot, Seat(0), 2));
        assert!(pads.may_act(&hot, Seat(1), 2));
        assert!(!pads.may_act(&hot, Seat(1), 1));
        // A third controller plugged in plays no seat that has its own.
        assert!(!pads.may_act(&hot, Seat(0), 3));
        // A seat given none takes any controller that plays no other seat.
        let one_given = SeatPads::new([None, Some(2)]);
        assert!(one_given.may_act(&hot, Seat(0), 1));
        assert!(one_given.may_act(&hot, Seat(0), 3));
        assert!(!one_given.may_act(&hot, Seat(0), 2));
        assert!(SeatPads::default().may_act(&hot, Seat(1), 4));
        // Never for the computer's seat; any controller for the one person against it.
        let versus = Seats::versus_computer(Level::Easy, Seat(1));
        assert!(!pads.may_act(&versus, Seat(0), 1));
        assert!(pads.may_act(&versus, Seat(1), 1));
    }

    #[test]
    fn the_bottom_seat_follows_the_person_or_the_turn() {
        let hot = Seats::hot_seat();
        assert_eq!(hot.bottom_seat(Seat(1), true), Seat(1));
        assert_eq!(hot.bottom_seat(Seat(1), false), Seat(0));
        let versus = Seats::versus_computer(Level::Medium, Seat(1));
        assert_eq!(versus.bottom_seat(Seat(0), false), Seat(1));
        // Online, the player's own seat is at the bottom; a spectator sees the first seat's.
        let guest = Seats::try_from(vec![Controller::Remote, Controller::Local]).unwrap();
        assert_eq!(guest.bottom_seat(Seat(0), true), Seat(1));
        assert_eq!(Seats::watching(2).bottom_seat(Seat(1), true), Seat(0));
        assert_eq!(Seats::attract().bottom_seat(Seat(1), true), Seat(0));
    }
}
