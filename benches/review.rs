//! How long a review takes (`docs/formats.md`, Review): a game of each kind played by the
//! computer, then reviewed at each level, printing the time per position and for the game.
//! Run with `cargo bench --no-default-features --bench review`.

use kawu::ai::{Level, junqi, qiguo, xiangqi};
use kawu::rules::junqi::{Position as JunqiPosition, PublicGame, Ruleset};
use kawu::rules::qiguo::{Position as QiguoPosition, START_QFEN};
use kawu::rules::xiangqi::{Game as XiangqiGame, Position as XiangqiPosition};
use std::time::Instant;

/// Prints one figure line: the game, its length, the level and the time spent.
fn print(name: &str, plies: usize, level: Level, seconds: f64) {
    println!(
        "review {name:8} {plies:3} plies at {level:?}: {seconds:6.2} s, {:6.1} ms a position",
        seconds * 1000.0 / plies.max(1) as f64
    );
}

fn xiangqi_game(plies: usize) -> Vec<kawu::rules::xiangqi::Move> {
    let mut game = XiangqiGame::new(XiangqiPosition::start());
    let mut moves = Vec::new();
    while moves.len() < plies {
        let Some(mv) = xiangqi::choose_move(&game, Level::Easy, moves.len() as u64) else {
            break;
        };
        game.play(mv).expect("the computer plays legal moves");
        moves.push(mv);
    }
    moves
}

fn junqi_game(actions: usize) -> (JunqiPosition, Vec<kawu::rules::junqi::PlayedAction>) {
    // A deal whose game lasts: Medium against Medium ends early (a flag shown), and so does
    // Easy's, so Blue plays at random; try seeds until a game reaches the length.
    let mut longest = (
        JunqiPosition::deal_seeded(Ruleset::default(), 0),
        Vec::new(),
    );
    for seed in 0..40 {
        let start = JunqiPosition::deal_seeded(Ruleset::default(), seed);
        let mut game = kawu::rules::junqi::Game::new(start.clone());
        while game.history().len() < actions {
            let level = if game.history().len().is_multiple_of(2) {
                Level::Medium
            } else {
                Level::Random
            };
            let Some(action) = junqi::choose_action(game.view(), level, seed) else {
                break;
            };
            game.play(action).expect("the computer plays legal actions");
        }
        if game.history().len() > longest.1.len() {
            longest = (start, game.history().to_vec());
        }
        if longest.1.len() >= actions {
            break;
        }
    }
    longest
}

fn main() {
    let levels = [Level::Easy, Level::Medium, Level::Hard];
    let moves = xiangqi_game(100);
    for level in levels {
        let started = Instant::now();
        let mut game = XiangqiGame::new(XiangqiPosition::start());
        for &mv in &moves {
            std::hint::black_box(xiangqi::judge_move(&game, mv, level).expect("legal"));
            game.play(mv).expect("replayed");
        }
        print(
            "xiangqi",
            moves.len(),
            level,
            started.elapsed().as_secs_f64(),
        );
    }
    let (start, actions) = junqi_game(120);
    for level in levels {
        let started = Instant::now();
        let mut public = PublicGame::new(start.view().clone());
        for played in &actions {
            std::hint::black_box(
                junqi::judge_action(public.view(), played.action, level).expect("legal"),
            );
            public.play(*played).expect("replayed");
        }
        print(
            "junqi",
            actions.len(),
            level,
            started.elapsed().as_secs_f64(),
        );
    }
    let mut position = QiguoPosition::from_qfen(START_QFEN).expect("the start QFEN is valid");
    let mut game = Vec::new();
    while game.len() < 100 {
        let Some(mv) = qiguo::choose_move(&position, Level::Easy, game.len() as u64) else {
            break;
        };
        game.push((position.clone(), mv));
        position.play(mv).expect("the computer plays legal moves");
    }
    for level in levels {
        let started = Instant::now();
        for (before, mv) in &game {
            std::hint::black_box(qiguo::judge_move(before, *mv, level).expect("legal"));
        }
        print("qiguo", game.len(), level, started.elapsed().as_secs_f64());
    }
}
