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

/// Whether `attacker` (a capture of the side that just moved, in `after`) chases its target:
/// the target is unprotected (or a chariot attacked by a horse or cannon), and the attack is
/// not an offer to exchange equal pieces.
fn is_chase(after: &Position, defender_captures: &MoveList, attack: Move) -> bool {
    let mover = after.side_to_move().opponent();
    let (Some(attacker), Some(target)) =
        (after.piece_at(attack.from()), after.piece_at(attack.to()))
    else {
        return false;
    };
    // Threats by the general or by soldiers, and threats to the general, are not chases.
    if matches!(attacker.kind(), Kind::General | Kind::Soldier) || target.kind() == Kind::General {
        return false;
    }
    if attacker.kind() == target.kind() && defender_captures.iter().any(|m| m.to() == attack.from())
    {
        return false;
    }
    if target.kind() == Kind::Chariot && matches!(attacker.kind(), Kind::Horse | Kind::Cannon) {
        return true;
    }
    // Protected: after the capture, the defender could take back on that point.
    let mut taken = after.with_side(mover);
    taken.play_unchecked(attack);
    let mut replies = MoveList::new();
    taken.legal_captures(&mut replies);
    !replies.iter().any(|m| m.to() == attack.to())
}

/// What `mv`, played from `before` to reach `after`, does to the opponent.
pub fn pressure(before: &Position, mv: Move, after: &Position) -> Pressure {
    let mover = before.side_to_move();
    let mut result = Pressure {
        check: after.in_check(mover.opponent()),
        chased: PointSet::EMPTY,
    };
    // The attacks the mover had before, with the moved piece followed to its new point.
    let old: MoveList = captures_of(before, mover)
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
    // What the defender could take now, for the exchange-offer test (worked out once).
    let defender_captures = captures_of(after, mover.opponent());
    for attack in captures_of(after, mover) {
        if !old.contains(&attack)
            && !result.chased.contains(attack.to())
            && is_chase(after, &defender_captures, attack)
        {
            result.chased.insert(attack.to());
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
