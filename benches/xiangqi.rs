//! Xiangqi perft throughput and move generation on the start and a middlegame position.
//! Run with `cargo bench --no-default-features --bench xiangqi`; the side-by-side comparison
//! with fairy-stockfish is `scripts/xiangqi-perft-vs-fairy.sh`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kawu::rules::xiangqi::{MoveList, Position};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let start = Position::start();
    let middle = Position::from_fen(
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    )
    .expect("valid FEN");
    for (name, position, depth) in [("start", &start, 4), ("middlegame", &middle, 3)] {
        let nodes = position.perft(depth);
        let mut group = c.benchmark_group(format!("xiangqi perft {name}"));
        group.throughput(Throughput::Elements(nodes));
        group.sample_size(10);
        group.bench_function(format!("depth {depth} ({nodes} nodes)"), |b| {
            b.iter(|| black_box(position).perft(depth))
        });
        group.finish();
        let mut group = c.benchmark_group(format!("xiangqi moves {name}"));
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
}

criterion_group!(benches, bench);
criterion_main!(benches);
