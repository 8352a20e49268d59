//! What a move does to the opponent for the repetition rules: a check, or a chase (a new
//! attack on an unprotected piece other than the general), and how a repeated cycle of such
//! moves is judged.

use super::board::{RAYS, Square};
use super::moves::{Move, MoveList};
use super::piece::{Color, Kind};
use super::position::Position;
use crate::rules::PointSet;
use arrayvec::ArrayVec;

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

/// A piece of `side` that stands between one of its chariots or cannons and the enemy
/// general so that leaving the line uncovers a check: its point, and the points between the
/// general and that chariot or cannon (where it may go without uncovering anything).
#[derive(Clone, Copy)]
struct CheckScreen {
    piece: Square,
    line: PointSet<Square>,
}

/// Every [`CheckScreen`] of `side`: a lone own piece before one of its chariots, or either of
/// two own pieces before one of its cannons, seen from the enemy general along a file or rank.
fn check_screens(position: &Position, side: Color) -> ArrayVec<CheckScreen, 12> {
    let mut screens = ArrayVec::new();
    for ray in &RAYS[position.general(side.opponent()).index()] {
        let mut line = PointSet::EMPTY;
        let mut between: ArrayVec<Square, 2> = ArrayVec::new();
        for square in ray.iter() {
            let Some(piece) = position.piece_at(square) else {
                line.insert(square);
                continue;
            };
            let wanted = match between.len() {
                1 => Kind::Chariot,
                _ => Kind::Cannon,
            };
            if !between.is_empty() && piece.color() == side && piece.kind() == wanted {
                for &screen in &between {
                    if position.piece_at(screen).is_some_and(|p| p.color() == side) {
                        screens.push(CheckScreen {
                            piece: screen,
                            line,
                        });
                    }
                }
            }
            if between.is_full() {
                break;
            }
            between.push(square);
            line.insert(square);
        }
    }
    screens
}

/// Whether, after `attack` (a legal capture of `side` in `position`), the enemy could take
/// back on the point taken.
fn retaken(position: &Position, side: Color, attack: Move) -> bool {
    let mut taken = position.with_side(side);
    taken.play_unchecked(attack);
    let mut replies = MoveList::new();
    taken.legal_captures(&mut replies);
    replies.iter().any(|m| m.to() == attack.to())
}

/// Whether `attack`, a legal capture of `side` in `position`, chases its target. The target
/// is never the general nor a soldier on its own side of the river, and the attacker never
/// the general nor a soldier. A capture that uncovers a check (the attacker leaves the line
/// of one of `screens`) chases unless the enemy could take back: the general safely, or the
/// other screen of a cannon, whose leaving also ends the check. A piece of the same kind that can take back makes an exchange offer;
/// one that cannot (pinned, or a horse blocked at the leg toward its attacker) is chased.
/// Otherwise the attack chases a stronger piece, or one the defender could not take back
/// on: a pinned protector cannot, since its capture is not legal.
fn is_chase(
    position: &Position,
    side: Color,
    defender_captures: &MoveList,
    screens: &[CheckScreen],
    attack: Move,
) -> bool {
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
    let uncovers_check = screens
        .iter()
        .any(|screen| screen.piece == attack.from() && !screen.line.contains(attack.to()));
    if uncovers_check {
        return !retaken(position, side, attack);
    }
    if attacker.kind() == target.kind() {
        return !defender_captures.contains(&Move::new(attack.to(), attack.from()));
    }
    if attacks_a_stronger_piece(attacker.kind(), target.kind()) {
        return true;
    }
    !retaken(position, side, attack)
}

/// The attacks of `side` in `position` that are chases: (attacker, target).
fn chases_of(position: &Position, side: Color) -> MoveList {
    let defender_captures = captures_of(position, side.opponent());
    let screens = check_screens(position, side);
    captures_of(position, side)
        .into_iter()
        .filter(|&attack| is_chase(position, side, &defender_captures, &screens, attack))
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
    /// Every one of its moves checked or chased, at least one chased, and the same enemy
    /// piece was chased by every move that did not check.
    PerpetualChase,
    /// Some move neither checked nor chased, or the chases went from piece to piece.
    Free,
}

/// How each side (`[red, black]`) played through a repeated cycle, from its moves in order
/// with what each did; `first` made the first. A side chases perpetually only when the same
/// enemy piece (or pieces) is chased on every one of its moves that does not check: the
/// chased pieces are followed from point to point as they move.
pub fn cycle_conduct(
    moves: impl IntoIterator<Item = (Move, Pressure)>,
    first: Color,
) -> [CycleConduct; 2] {
    let mut free = [false; 2];
    let mut all_checks = [true; 2];
    // The pieces each side chased on every chasing move so far, where they stand now.
    let mut followed: [Option<PointSet<Square>>; 2] = [None; 2];
    let mut mover = first;
    for (mv, pressure) in moves {
        for chased in followed.iter_mut().flatten() {
            if chased.contains(mv.from()) {
                chased.remove(mv.from());
                chased.insert(mv.to());
            } else {
                chased.remove(mv.to());
            }
        }
        let side = mover.index();
        mover = mover.opponent();
        if !pressure.presses() {
            free[side] = true;
        } else if !pressure.check {
            all_checks[side] = false;
            let chased = followed[side].map_or(pressure.chased, |kept| kept & pressure.chased);
            followed[side] = Some(chased);
        }
    }
    [0, 1].map(|side| {
        if free[side] {
            CycleConduct::Free
        } else if all_checks[side] {
            CycleConduct::PerpetualCheck
        } else if followed[side].is_some_and(|chased| !chased.is_empty()) {
            CycleConduct::PerpetualChase
        } else {
            CycleConduct::Free
        }
    })
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
