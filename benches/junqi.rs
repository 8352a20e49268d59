//! Perft throughput and action generation on a start and a mid-game position.
//! Run with `cargo bench --no-default-features --bench junqi`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kawu::rules::junqi::{ActionList, Position, Ruleset};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use std::hint::black_box;

/// A reproducible mid-game position: 60 random plies into a seeded deal.
fn mid_game() -> Position {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut position = Position::deal_seeded(Ruleset::default(), 11);
    let mut actions = ActionList::new();
    for _ in 0..60 {
        position.legal_actions(&mut actions);
        let action = *actions.choose(&mut rng).expect("game goes on");
        position.play_legal(action);
    }
    position
}

fn bench(c: &mut Criterion) {
    let start = Position::deal_seeded(Ruleset::default(), 7);
    let middle = mid_game();
    for (name, position, depth) in [("start", &start, 3), ("mid-game", &middle, 3)] {
        let nodes = position.perft(depth);
        let mut group = c.benchmark_group(format!("perft {name}"));
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("depth {depth} ({nodes} nodes)"), |b| {
            b.iter(|| black_box(position).perft(depth))
        });
        group.finish();
        let mut group = c.benchmark_group(format!("actions {name}"));
        group.throughput(Throughput::Elements(1));
        group.bench_function("legal_actions", |b| {
            let mut actions = ActionList::new();
            b.iter(|| {
                black_box(position).legal_actions(&mut actions);
                black_box(actions.len())
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
