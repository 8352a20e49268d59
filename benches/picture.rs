//! How big and how quick a game's GIF is (`kawu::picture`): a 100-ply Xiangqi game played by
//! the computer, and a Qiguo game of 100 moves, drawn at the default style; also one PNG.
//! Run with `cargo bench --no-default-features --bench picture`.

use kawu::ai::{Level, qiguo, xiangqi};
use kawu::picture::{Scene, Style, gif, png};
use kawu::rules::qiguo::{Position as QiguoPosition, Replay, START_QFEN};
use kawu::rules::xiangqi::{Game as XiangqiGame, Position as XiangqiPosition};
use std::time::Instant;

/// Draws `scene` as a GIF (the best of three runs) and a PNG of its last position, and prints
/// their sizes and times.
fn measure(name: &str, scene: &Scene) {
    let plies = scene.frames.len() - 1;
    let mut best = f64::MAX;
    let mut bytes = 0;
    for _ in 0..3 {
        let started = Instant::now();
        bytes = gif(scene, 0, plies, Style::default())
            .expect("the whole game")
            .len();
        best = best.min(started.elapsed().as_secs_f64());
    }
    let started = Instant::now();
    let picture = png(scene, plies, Style::default()).expect("the last position");
    let png_ms = started.elapsed().as_secs_f64() * 1000.0;
    println!(
        "picture {name:8} {plies:3} plies: GIF {:6.1} KB in {:5.0} ms; PNG {:5.1} KB in {png_ms:4.0} ms",
        bytes as f64 / 1000.0,
        best * 1000.0,
        picture.len() as f64 / 1000.0,
    );
}

fn main() {
    let mut game = XiangqiGame::new(XiangqiPosition::start());
    while game.moves().len() < 100 {
        let ply = game.moves().len() as u64;
        let Some(mv) = xiangqi::choose_move(&game, Level::Easy, ply) else {
            break;
        };
        game.play(mv).expect("the computer plays legal moves");
    }
    measure("xiangqi", &kawu::picture::xiangqi::scene(&game, None));

    let start = QiguoPosition::from_qfen(START_QFEN).expect("the start");
    let mut position = start.clone();
    let mut moves = Vec::new();
    while moves.len() < 100 {
        let Some(mv) = qiguo::choose_move(&position, Level::Easy, moves.len() as u64) else {
            break;
        };
        position.play(mv).expect("the computer plays legal moves");
        moves.push(mv.to_string());
    }
    let replay = Replay::from_text(&format!("{START_QFEN} moves {}", moves.join(" ")))
        .expect("the game read back");
    measure("qiguo", &kawu::picture::qiguo::scene(&replay));
}
