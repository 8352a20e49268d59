//! Qiguo Xiangqi perft throughput and move generation on the start and a middlegame position,
//! and the computer player's search speed. Run with
//! `cargo bench --no-default-features --bench qiguo`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kawu::ai::Level;
use kawu::ai::qiguo::{Limits, choose_move_within, limits};
use kawu::rules::qiguo::{MoveList, Position, START_QFEN};
use std::hint::black_box;

/// A middlegame: the start after 35 moves of a game between computer players.
fn middlegame() -> Position {
    let mut position = Position::from_qfen(START_QFEN).expect("the start QFEN is valid");
    for ply in 0..35 {
        let mv = choose_move_within(&position, Level::Easy, limits(Level::Easy), ply)
            .expect("the game goes on");
        position.play_unchecked(mv);
    }
    position
}

fn bench(c: &mut Criterion) {
    let start = Position::from_qfen(START_QFEN).expect("the start QFEN is valid");
    let middle = middlegame();
    for (name, position, depth) in [("start", &start, 3), ("middlegame", &middle, 3)] {
        let nodes = position.perft(depth);
        let mut group = c.benchmark_group(format!("qiguo perft {name}"));
        group.throughput(Throughput::Elements(nodes));
        group.sample_size(10);
        group.bench_function(format!("depth {depth} ({nodes} nodes)"), |b| {
            b.iter(|| black_box(position).perft(depth))
        });
        group.finish();
        let mut group = c.benchmark_group(format!("qiguo moves {name}"));
        group.throughput(Throughput::Elements(1));
        group.bench_function("legal_moves", |b| {
            let mut moves = MoveList::new();
            b.iter(|| {
                black_box(position).legal_moves(&mut moves);
                black_box(moves.len())
            })
        });
        group.finish();
    }
    let mut group = c.benchmark_group("qiguo search");
    group.sample_size(10);
    let nodes = 50_000;
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("hard, {nodes} nodes from the start"), |b| {
        let limits = Limits {
            max_nodes: nodes,
            ..limits(Level::Hard)
        };
        b.iter(|| choose_move_within(black_box(&start), Level::Hard, limits, 1))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
