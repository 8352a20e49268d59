//! Junqi's pictures: the board of five files and twelve ranks (Red's home at the bottom) with
//! its roads, railways, camps, headquarters and the front, each position as everyone saw it
//! (a piece never turned shows its back), and the last action.

use super::colours::{BOARD_INK, JUNQI_POST, JUNQI_WOOD, RAIL, Rgb};
use super::draw::Canvas;
use super::{Board, Frame, Look, Place, Scene, Side};
use crate::rules::junqi::classic::{ClassicGame, ClassicView, Observed, Seen};
use crate::rules::junqi::{
    Action, Cell, Color, DrawReason, Outcome, PlayerView, Point, PointKind, PublicGame, WinReason,
};
use vello_cpu::kurbo::{Circle, Line, Rect, RoundedRect};

/// The board's size in units of a rank's step (the table's layout, `client::junqi::layout`).
pub(super) const WIDTH: f32 = 11.0;
pub(super) const HEIGHT: f32 = 14.3;
/// A piece's tile, and the post under it.
pub(super) const TILE: (f32, f32) = (1.4, 0.68);
const POST: (f64, f64) = (1.53, 0.77);
const FILE_STEP: f32 = 1.97;
/// The gap of the front between ranks 6 and 7.
const FRONT_GAP: f32 = 1.0;
/// A face-down piece's back and the lattice on it.
pub(super) const BACK: Rgb = Rgb(26, 77, 61);
pub(super) const BACK_LATTICE: Rgb = Rgb(199, 163, 82);
/// The water of the front.
const WATER: Rgb = Rgb(143, 189, 199);

/// Where `point` is in the picture.
pub(super) fn place(point: Point) -> Place {
    let front = if point.rank() >= 6 {
        FRONT_GAP / 2.0
    } else {
        -FRONT_GAP / 2.0
    };
    Place {
        x: WIDTH / 2.0 + (point.file() as f32 - 2.0) * FILE_STEP,
        y: HEIGHT / 2.0 - ((point.rank() as f32 - 5.5) + front),
    }
}

fn at(point: Point) -> (f64, f64) {
    let place = place(point);
    (f64::from(place.x), f64::from(place.y))
}

/// The board: wood, the front's water, roads and railways, and the posts, camps and
/// headquarters.
pub(super) fn draw_board(canvas: &mut Canvas) {
    let (width, height) = (f64::from(WIDTH), f64::from(HEIGHT));
    canvas.fill(&Rect::new(0.0, 0.0, width, height), JUNQI_WOOD[0], 1.0);
    let middle = height / 2.0;
    canvas.fill(
        &Rect::new(0.25, middle - 0.55, width - 0.25, middle + 0.55),
        WATER,
        1.0,
    );
    for point in Point::all() {
        for &next in point.neighbours() {
            if next.index() > point.index() {
                canvas.stroke(&Line::new(at(point), at(next)), 0.035, BOARD_INK, 0.8);
            }
        }
    }
    for point in Point::all() {
        for &next in point.rail_neighbours() {
            if next.index() > point.index() {
                canvas.stroke(&Line::new(at(point), at(next)), 0.1, RAIL, 1.0);
            }
        }
    }
    for point in Point::all() {
        let (x, y) = at(point);
        match point.kind() {
            PointKind::Camp => {
                canvas.fill(&Circle::new((x, y), 0.5), JUNQI_POST, 1.0);
                canvas.stroke(&Circle::new((x, y), 0.5), 0.04, BOARD_INK, 1.0);
                canvas.stroke(&Circle::new((x, y), 0.42), 0.025, BOARD_INK, 1.0);
            }
            kind => {
                let radius = if kind == PointKind::Headquarters {
                    0.3
                } else {
                    0.13
                };
                let post = RoundedRect::new(
                    x - POST.0 / 2.0,
                    y - POST.1 / 2.0,
                    x + POST.0 / 2.0,
                    y + POST.1 / 2.0,
                    radius,
                );
                canvas.fill(&post, JUNQI_POST, 1.0);
                canvas.stroke(&post, 0.04, BOARD_INK, 1.0);
            }
        }
    }
}

/// The frames of `game`, public as everyone saw it: the start, then each action with its
/// point (a flip) or points (a move) ringed; the last caption says how it ended.
pub fn scene(game: &PublicGame) -> Scene {
    let mut replay = PublicGame::new(game.start().clone());
    let mut frames = vec![frame(replay.view())];
    for (index, played) in game.history().iter().enumerate() {
        if replay.play(*played).is_err() {
            break;
        }
        let mut next = frame(replay.view());
        let words = match (played.action, played.revealed) {
            (Action::Flip(point), revealed) => {
                next.last_move = vec![place(point)];
                match revealed {
                    Some(piece) => format!("{point} {}", piece.kind.chinese()),
                    None => point.to_string(),
                }
            }
            (Action::Move { from, to }, _) => {
                next.last_move = vec![place(from), place(to)];
                format!("{from}{to}")
            }
        };
        next.caption = format!("{}. {words}", index + 1);
        frames.push(next);
    }
    if let (Some(outcome), Some(last)) = (game.outcome(), frames.last_mut()) {
        last.caption = result(outcome);
    }
    Scene {
        board: Board::Junqi,
        title: "Junqi".to_string(),
        frames,
    }
}

/// The frames of a Junqi classic game: with `side`, as that side saw it (the enemy's pieces it
/// could not name are blank tiles of their colour) until the end, where everything shows;
/// without, every piece as the referee knew it. Each move's caption carries the referee's mark.
pub fn classic_scene(game: &ClassicGame, side: Option<Color>) -> Scene {
    let seen = |position: &crate::rules::junqi::classic::ClassicPosition| match side {
        Some(side) => ClassicView::of(position, side),
        None => ClassicView::of(position, Color::Red).revealed(position),
    };
    let mut replay = game.start().clone();
    let mut frames = vec![classic_frame(&seen(&replay))];
    for (index, (&action, announcement)) in
        game.actions().iter().zip(game.announcements()).enumerate()
    {
        if replay.play(action).is_err() {
            break;
        }
        let mut next = classic_frame(&seen(&replay));
        if let Action::Move { from, to } = action {
            next.last_move = vec![place(from), place(to)];
        }
        next.caption = format!(
            "{}. {}",
            index + 1,
            Observed::announced(action, announcement)
        );
        frames.push(next);
    }
    if let (Some(outcome), Some(last)) = (game.outcome(), frames.last_mut()) {
        last.caption = result(outcome);
    }
    Scene {
        board: Board::Junqi,
        title: "Junqi classic".to_string(),
        frames,
    }
}

/// One position as a side saw it.
fn classic_frame(view: &ClassicView) -> Frame {
    let pieces = Point::all()
        .filter_map(|point| {
            let (color, text) = match view.seen(point) {
                Seen::Empty => return None,
                Seen::Piece(piece) => (piece.color, piece.kind.chinese().to_string()),
                Seen::Unknown(color) => (color, String::new()),
            };
            let side = match color {
                Color::Red => Side::Red,
                Color::Blue => Side::Blue,
            };
            Some((place(point), Look::Side { side, text }))
        })
        .collect();
    Frame {
        pieces,
        ..Frame::default()
    }
}

/// How a game ended, in words.
fn result(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let side = match winner {
                Color::Red => "Red",
                Color::Blue => "Blue",
            };
            let why = match reason {
                WinReason::FlagCaptured => "flag taken",
                WinReason::NoLegalAction => "no move left",
                WinReason::Resignation => "resigned",
                WinReason::OutOfTime => "out of time",
                WinReason::Abandoned => "left",
            };
            format!("{side} wins, {why}")
        }
        Outcome::Draw(DrawReason::Agreement) => "Draw agreed".to_string(),
        Outcome::Draw(_) => "Draw".to_string(),
    }
}

/// One position as everyone sees it: face-down pieces as backs.
fn frame(view: &PlayerView) -> Frame {
    let pieces = Point::all()
        .filter_map(|point| {
            let look = match view.cell(point) {
                Cell::Empty => return None,
                Cell::Hidden => Look::Back,
                Cell::Up(piece) => Look::Side {
                    side: match piece.color {
                        Color::Red => Side::Red,
                        Color::Blue => Side::Blue,
                    },
                    text: piece.kind.chinese().to_string(),
                },
            };
            Some((place(point), look))
        })
        .collect();
    Frame {
        pieces,
        ..Frame::default()
    }
}
