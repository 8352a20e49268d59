//! Qiguo's pictures: the 19×19 board with the Zhou emperor in the middle, each position of a
//! game, the last move and the Ruler whose army moves next.

use super::colours::{BOARD_INK, POINTS_WOOD};
use super::draw::Canvas;
use super::{Board, Frame, Look, Place, Scene};
use crate::rules::qiguo::{Point, Position, Replay};
use vello_cpu::kurbo::{Circle, Line, Rect};

/// Board units from the edge to the outer lines.
const MARGIN: f32 = 0.9;

/// The star points of a Go board, as files and ranks from 0 (the centre one holds the
/// emperor).
pub const STAR_POINTS: [(usize, usize); 8] = [
    (3, 3),
    (9, 3),
    (15, 3),
    (3, 9),
    (15, 9),
    (3, 15),
    (9, 15),
    (15, 15),
];

/// Where `point` is in the picture (rank 1 at the bottom, file a on the left).
fn place(point: Point) -> Place {
    Place {
        x: MARGIN + point.file() as f32,
        y: MARGIN + (18 - point.rank()) as f32,
    }
}

fn at(file: usize, rank: usize) -> (f64, f64) {
    (
        f64::from(MARGIN) + file as f64,
        f64::from(MARGIN) + (18 - rank) as f64,
    )
}

/// The board: wood, nineteen lines each way, the star points.
pub(super) fn draw_board(canvas: &mut Canvas) {
    let (width, height) = Board::Qiguo.size();
    canvas.fill(
        &Rect::new(0.0, 0.0, f64::from(width), f64::from(height)),
        POINTS_WOOD[0],
        1.0,
    );
    for line in 0..19 {
        let width = if line == 0 || line == 18 { 0.06 } else { 0.035 };
        canvas.stroke(&Line::new(at(line, 0), at(line, 18)), width, BOARD_INK, 1.0);
        canvas.stroke(&Line::new(at(0, line), at(18, line)), width, BOARD_INK, 1.0);
    }
    for (file, rank) in STAR_POINTS {
        canvas.fill(&Circle::new(at(file, rank), 0.12), BOARD_INK, 1.0);
    }
}

/// The frames of `replay`: the start, then each move with its two points ringed; the Ruler of
/// the state to move glows while the game goes on, and the last caption names the winners.
pub fn scene(replay: &Replay) -> Scene {
    let mut frames = vec![frame(replay.start())];
    let mut position = replay.start().clone();
    for ply in replay.plies() {
        position.play_unchecked(ply.mv);
        let mut next = frame(&position);
        next.last_move = vec![place(ply.mv.from()), place(ply.mv.to())];
        frames.push(next);
    }
    if let (Some(outcome), Some(last)) = (position.outcome(), frames.last_mut()) {
        let winners: Vec<String> = outcome
            .winners()
            .map(|seat| format!("Player {}", seat.index() + 1))
            .collect();
        last.caption = format!("{} won", winners.join(", "));
    }
    Scene {
        board: Board::Qiguo,
        title: "Qiguo Xiangqi".to_string(),
        frames,
    }
}

/// One position's pieces and the emperor; the Ruler to move glows unless the game is over.
fn frame(position: &Position) -> Frame {
    let mut pieces = vec![(place(Point::CENTRE), Look::Zhou)];
    pieces.extend(position.pieces().map(|(point, piece)| {
        let look = Look::Army {
            army: piece.state.index(),
            text: piece.kind.chinese().to_string(),
        };
        (place(point), look)
    }));
    let glow = match position.outcome() {
        Some(_) => None,
        None => position.ruler(position.side_to_move()).map(place),
    };
    Frame {
        pieces,
        glow,
        ..Frame::default()
    }
}
