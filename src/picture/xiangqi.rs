//! Xiangqi's pictures: the board of nine files and ten ranks (Red at the bottom), each
//! position of a game, the last move and a general in check.

use super::colours::{BOARD_INK, POINTS_WOOD};
use super::draw::{Align, Canvas};
use super::text::Font;
use super::{Board, Frame, Look, Place, Scene, Side};
use crate::rules::xiangqi::{Color, Conceded, Game, Position, Square};
use vello_cpu::kurbo::{Line, Rect};

/// Board units from the edge to the outer lines.
const MARGIN: f32 = 0.8;

/// Where `square` is in the picture (Red's back rank at the bottom).
fn place(square: Square) -> Place {
    Place {
        x: MARGIN + square.file() as f32,
        y: MARGIN + (9 - square.rank()) as f32,
    }
}

/// The picture's point of a file and a rank.
fn point(file: i32, rank: i32) -> (f64, f64) {
    (
        f64::from(MARGIN) + f64::from(file),
        f64::from(MARGIN) + f64::from(9 - rank),
    )
}

/// The board: wood, the lines with the river between the ranks 4 and 5, the palaces'
/// diagonals and the river's words.
pub(super) fn draw_board(canvas: &mut Canvas, font: &Font) {
    let (width, height) = Board::Xiangqi.size();
    canvas.fill(
        &Rect::new(0.0, 0.0, f64::from(width), f64::from(height)),
        POINTS_WOOD[0],
        1.0,
    );
    let line = |canvas: &mut Canvas, from: (i32, i32), to: (i32, i32), width: f64| {
        canvas.stroke(
            &Line::new(point(from.0, from.1), point(to.0, to.1)),
            width,
            BOARD_INK,
            1.0,
        );
    };
    for rank in 0..10 {
        line(canvas, (0, rank), (8, rank), 0.035);
    }
    for file in 0..9 {
        if file == 0 || file == 8 {
            line(canvas, (file, 0), (file, 9), 0.035);
        } else {
            line(canvas, (file, 0), (file, 4), 0.035);
            line(canvas, (file, 5), (file, 9), 0.035);
        }
    }
    for (low, high) in [(0, 2), (7, 9)] {
        line(canvas, (3, low), (5, high), 0.03);
        line(canvas, (5, low), (3, high), 0.03);
    }
    let (x0, y0) = point(0, 9);
    let (x1, y1) = point(8, 0);
    canvas.stroke(
        &Rect::new(x0 - 0.12, y0 - 0.12, x1 + 0.12, y1 + 0.12),
        0.06,
        BOARD_INK,
        1.0,
    );
    let river = f64::from(MARGIN) + 4.5;
    for (file, words) in [(2.0, "楚 河"), (6.0, "漢 界")] {
        let x = f64::from(MARGIN) + file;
        canvas.text(font, words, (x, river), 0.5, BOARD_INK, Align::Centre);
    }
}

/// The frames of `game`: the start, then each move with its two points ringed and a general
/// in check glowing; the last caption says how it ended, `conceded` where it ended off the
/// board.
pub fn scene(game: &Game, conceded: Option<Conceded>) -> Scene {
    let positions = game.positions();
    let frames = positions
        .iter()
        .enumerate()
        .map(|(ply, position)| {
            let played = ply.checked_sub(1).map(|index| game.moves()[index].mv);
            let mut frame = frame(position);
            if let Some(mv) = played {
                frame.last_move = vec![place(mv.from()), place(mv.to())];
            }
            frame
        })
        .collect::<Vec<_>>();
    let mut scene = Scene {
        board: Board::Xiangqi,
        title: "Xiangqi".to_string(),
        frames,
    };
    let result = match (game.outcome(), conceded) {
        (Some(outcome), _) => Some(match outcome.winner {
            Some(side) => format!(
                "{} wins, {}",
                name(side),
                outcome.reason.word().replace('-', " ")
            ),
            None => format!("Draw, {}", outcome.reason.word().replace('-', " ")),
        }),
        (None, Some(Conceded::Agreed)) => Some("Draw agreed".to_string()),
        (None, Some(conceded)) => conceded.winner().map(|side| format!("{} wins", name(side))),
        (None, None) => None,
    };
    if let (Some(result), Some(last)) = (result, scene.frames.last_mut()) {
        last.caption = result;
    }
    scene
}

fn name(side: Color) -> &'static str {
    match side {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// One position's pieces, and the general in check.
fn frame(position: &Position) -> Frame {
    let pieces = position
        .pieces()
        .map(|(square, piece)| {
            let side = match piece.color() {
                Color::Red => Side::Red,
                Color::Black => Side::Black,
            };
            let text = piece.character().to_string();
            (place(square), Look::Side { side, text })
        })
        .collect();
    let side = position.side_to_move();
    Frame {
        pieces,
        glow: position
            .in_check(side)
            .then(|| place(position.general(side))),
        ..Frame::default()
    }
}
