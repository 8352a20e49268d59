//! What a move does to the opponent for the repetition rules: a check, or a chase (a new
//! attack on an unprotected piece other than the general), and how a repeated cycle of such
//! moves is judged.

use super::board::Square;
use super::moves::{Move, MoveList};
use super::piece::{Color, Kind};
use super::position::Position;
use crate::rules::PointSet;

/// What one move did to the opponent.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Pressure {
    /// The move left the opponent's general attacked.
    pub check: bool,
    /// The enemy pieces (by their points after the move) that the move newly chases.
    pub chased: PointSet<Square>,
}

impl Pressure {
    /// A check or a chase.
    pub fn presses(self) -> bool {
        self.check || !self.chased.is_empty()
    }
}

/// The legal captures `side` would have in `position` if it were to move: (attacker, target).
fn captures_of(position: &Position, side: Color) -> MoveList {
    let mut list = MoveList::new();
    position.with_side(side).legal_captures(&mut list);
    list
}

/// Whether an attack by `attacker` on `target` is a chase even when the target is protected:
/// a horse or cannon on a chariot; an advisor or elephant on a chariot, cannon or horse.
fn attacks_a_stronger_piece(attacker: Kind, target: Kind) -> bool {
    match attacker {
        Kind::Horse | Kind::Cannon => target == Kind::Chariot,
        Kind::Advisor | Kind::Elephant => {
            matches!(target, Kind::Chariot | Kind::Cannon | Kind::Horse)
        }
        _ => false,
    }
}

/// Whether `attack`, a legal capture of `side` in `position`, chases its target. The target
/// is never the general nor a soldier on its own side of the river, and the attacker never
/// the general nor a soldier. A piece of the same kind that can take back makes an exchange
/// offer; one that cannot (pinned, or a horse blocked at the leg toward its attacker) is
/// chased. Otherwise the attack chases a stronger piece, or one the defender could not take
/// back on: a pinned protector cannot, since its capture is not legal.
fn is_chase(position: &Position, side: Color, defender_captures: &MoveList, attack: Move) -> bool {
    let (Some(attacker), Some(target)) = (
        position.piece_at(attack.from()),
        position.piece_at(attack.to()),
    ) else {
        return false;
    };
    if matches!(attacker.kind(), Kind::General | Kind::Soldier) || target.kind() == Kind::General {
        return false;
    }
    if target.kind() == Kind::Soldier && attack.to().on_own_side(target.color()) {
        return false;
    }
    if attacker.kind() == target.kind() {
        return !defender_captures.contains(&Move::new(attack.to(), attack.from()));
    }
    if attacks_a_stronger_piece(attacker.kind(), target.kind()) {
        return true;
    }
    let mut taken = position.with_side(side);
    taken.play_unchecked(attack);
    let mut replies = MoveList::new();
    taken.legal_captures(&mut replies);
    !replies.iter().any(|m| m.to() == attack.to())
}

/// The attacks of `side` in `position` that are chases: (attacker, target).
fn chases_of(position: &Position, side: Color) -> MoveList {
    let defender_captures = captures_of(position, side.opponent());
    captures_of(position, side)
        .into_iter()
        .filter(|&attack| is_chase(position, side, &defender_captures, attack))
        .collect()
}

/// What `mv`, played from `before` to reach `after`, does to the opponent. A chase is new
/// when the attacker (followed from `before` if it is the piece that moved) did not chase
/// that target before the move: the moved piece's own attacks, attacks it uncovered, and
/// attacks on a piece whose only protector it pinned all count.
pub fn pressure(before: &Position, mv: Move, after: &Position) -> Pressure {
    let mover = before.side_to_move();
    let mut result = Pressure {
        check: after.in_check(mover.opponent()),
        chased: PointSet::EMPTY,
    };
    let old: MoveList = chases_of(before, mover)
        .into_iter()
        .map(|m| {
            let from = if m.from() == mv.from() {
                mv.to()
            } else {
                m.from()
            };
            Move::new(from, m.to())
        })
        .collect();
    for chase in chases_of(after, mover) {
        if !old.contains(&chase) {
            result.chased.insert(chase.to());
        }
    }
    result
}

/// How one side played through a repeated cycle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CycleConduct {
    /// Every one of its moves in the cycle gave check.
    PerpetualCheck,
    /// Every one of its moves checked or chased, and at least one chased.
    PerpetualChase,
    /// Some move neither checked nor chased.
    Free,
}

impl CycleConduct {
    /// How a side played, from its moves' pressures within the cycle.
    pub fn of(moves: impl IntoIterator<Item = Pressure>) -> CycleConduct {
        let mut all_checks = true;
        for pressure in moves {
            if !pressure.presses() {
                return CycleConduct::Free;
            }
            all_checks &= pressure.check;
        }
        if all_checks {
            CycleConduct::PerpetualCheck
        } else {
            CycleConduct::PerpetualChase
        }
    }
}

/// The verdict on a repeated cycle, once a side's checks or chases count as perpetual.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CycleVerdict {
    /// Neither side (or both, the same way) broke the rules: a draw.
    Draw,
    /// This side loses for perpetual check.
    PerpetualCheck(Color),
    /// This side loses for perpetual chase.
    PerpetualChase(Color),
}

/// Judges a cycle from each side's conduct (`[red, black]`): a perpetual checker or chaser
/// loses; both the same way draw; perpetual check loses against perpetual chase.
pub fn judge_cycle(conduct: [CycleConduct; 2]) -> CycleVerdict {
    use CycleConduct::*;
    match conduct {
        [PerpetualCheck, PerpetualCheck] | [PerpetualChase, PerpetualChase] | [Free, Free] => {
            CycleVerdict::Draw
        }
        [PerpetualCheck, _] => CycleVerdict::PerpetualCheck(Color::Red),
        [_, PerpetualCheck] => CycleVerdict::PerpetualCheck(Color::Black),
        [PerpetualChase, Free] => CycleVerdict::PerpetualChase(Color::Red),
        [Free, PerpetualChase] => CycleVerdict::PerpetualChase(Color::Black),
    }
}
