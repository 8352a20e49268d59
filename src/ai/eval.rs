//! Static evaluation of a public position, from the side to move's point of view.

use crate::rules::junqi::{Cell, Color, Kind, Piece, PlayerView, Point};

/// Score of a won game (minus the plies it takes, so faster wins score higher).
pub const WIN: i32 = 1_000;

/// What each kind is worth, in hundredths of a marshal.
pub const fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Marshal => 100,
        Kind::General => 78,
        Kind::Division => 58,
        Kind::Brigade => 42,
        Kind::Regiment => 32,
        Kind::Battalion => 25,
        Kind::Company => 19,
        Kind::Platoon => 14,
        Kind::Engineer => 22,
        Kind::Bomb => 50,
        Kind::Landmine => 22,
        Kind::Flag => 0,
    }
}

/// Face-down pieces count for less: they cannot act until turned, and may be turned by the enemy
/// next to one of its pieces.
const FACE_DOWN_PERCENT: i32 = 80;

/// What a flag under attack costs the side to move.
const FLAG_THREAT: i32 = WIN * 6 / 10;

/// The static score of `view` for `side`.
pub fn evaluate(view: &PlayerView, side: Color) -> i32 {
    let mut score = [0i32; 2];
    for kind in Kind::ALL {
        for color in Color::ALL {
            let count = view.pool_count(Piece::new(color, kind)) as i32;
            score[color.index()] += count * value(kind) * FACE_DOWN_PERCENT / 100;
        }
    }
    for point in Point::all() {
        if let Cell::Up(piece) = view.cell(point) {
            score[piece.color.index()] += value(piece.kind) + placement(view, point, piece);
        }
    }
    let mut raw = score[side.index()] - score[side.opponent().index()];
    // A flag the enemy can take next move is nearly lost: only capturing the attacker (which
    // the quiescence search tries) saves it.
    let flag = Piece::new(side, Kind::Flag);
    if let Some(at) = Point::all().find(|&p| view.cell(p) == Cell::Up(flag))
        && view.is_attacked(at)
    {
        raw -= FLAG_THREAT;
    }
    // As the draw counter runs out an advantage is worth less: a dead draw is no win.
    let limit = view.rules().quiet_ply_limit.max(1) as i32;
    let quiet = view.quiet_plies() as i32;
    raw * (2 * limit - quiet) / (2 * limit)
}

/// Positional terms for a face-up piece.
fn placement(view: &PlayerView, point: Point, piece: Piece) -> i32 {
    match piece.kind {
        // An exposed flag is a target: reward guards (own pieces or mines around it), punish
        // open approaches.
        Kind::Flag => point
            .neighbours()
            .iter()
            .map(|&n| match view.cell(n) {
                Cell::Up(p) if p.color == piece.color => 8,
                Cell::Hidden => -6,
                Cell::Empty => -20,
                Cell::Up(_) => -45,
            })
            .sum(),
        // Camps are safe; rails give reach.
        _ if point.is_camp() => 3,
        _ if point.is_rail() && piece.kind.is_movable() => 2,
        _ => 0,
    }
}
