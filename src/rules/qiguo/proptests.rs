//! Property tests over random games.

use super::*;
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;

/// Plays up to `plies` random legal moves from the start for `players` seats, calling
/// `check` on each position reached.
fn random_game(seed: u64, players: usize, plies: usize, mut check: impl FnMut(&Position)) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut position = Position::start(Seating::for_players(players).expect("3-7 seats"));
    let mut list = MoveList::new();
    check(&position);
    for _ in 0..plies {
        position.legal_moves(&mut list);
        let Some(&mv) = list.choose(&mut rng) else {
            break;
        };
        position.play(mv).expect("a listed move is accepted");
        check(&position);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn qfen_round_trips(seed in any::<u64>(), players in 3usize..=7, plies in 0usize..600) {
        random_game(seed, players, plies, |position| {
            let text = position.to_qfen();
            let parsed = Position::from_qfen(&text).expect("a written QFEN reads back");
            assert_eq!(&parsed, position, "{text}");
            assert_eq!(parsed.to_qfen(), text);
        });
    }

    #[test]
    fn play_accepts_exactly_the_listed_moves(
        seed in any::<u64>(),
        players in 3usize..=7,
        plies in 0usize..400,
        probes in proptest::collection::vec((0usize..POINTS, 0usize..POINTS), 40),
    ) {
        let mut last = None;
        random_game(seed, players, plies, |position| last = Some(position.clone()));
        let position = last.expect("the start at least");
        let mut list = MoveList::new();
        position.legal_moves(&mut list);
        for &mv in &list {
            assert!(position.clone().play(mv).is_ok(), "{position:?} {mv}");
        }
        // The captures are exactly the listed moves that land on a piece.
        let mut captures = MoveList::new();
        position.legal_captures(&mut captures);
        let expected: Vec<Move> = list.iter().copied().filter(|&mv| position.is_capture(mv)).collect();
        assert_eq!(captures.as_slice(), expected.as_slice(), "{position:?}");
        // A state's captures are exactly the attacked capturable pieces.
        let side = position.side_to_move();
        for (point, piece) in position.pieces() {
            if piece.kind == Kind::Diplomat || position.seating().allied(side, piece.state) {
                continue;
            }
            let captured = list.iter().any(|mv| mv.to() == point);
            let attacked = position.ending().is_none() && position.is_attacked_by(point, |s| s == side);
            assert_eq!(captured, attacked, "{position:?} {point}");
        }
        // The counts by kind are the board's.
        for state in State::ALL {
            for kind in Kind::ALL {
                let piece = Piece::new(state, kind);
                let on_board = position.pieces().filter(|&(_, p)| p == piece).count();
                assert_eq!(position.count(piece) as usize, on_board, "{piece}");
            }
        }
        // Moves from the side's own pieces are the likeliest to be wrongly accepted.
        let own: Vec<Point> = position
            .pieces()
            .filter(|(_, piece)| piece.state == position.side_to_move())
            .map(|(point, _)| point)
            .collect();
        for (index, &(from, to)) in probes.iter().enumerate() {
            let from = if own.is_empty() || index % 2 == 0 {
                Point::from_index(from).expect("a point")
            } else {
                own[from % own.len()]
            };
            let mv = Move::new(from, Point::from_index(to).expect("a point"));
            let accepted = position.clone().play(mv).is_ok();
            assert_eq!(accepted, list.contains(&mv), "{position:?} {mv}");
        }
    }

    #[test]
    fn pieces_leave_only_by_capture_or_elimination(
        seed in any::<u64>(),
        players in 3usize..=7,
        plies in 0usize..600,
    ) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut position = Position::start(Seating::for_players(players).expect("3-7 seats"));
        let mut list = MoveList::new();
        for _ in 0..plies {
            position.legal_moves(&mut list);
            let Some(&mv) = list.choose(&mut rng) else { break };
            let before: Vec<u32> = State::ALL.iter().map(|&s| position.pieces_on_board(s)).collect();
            let captures: u32 = State::ALL.iter().map(|&s| position.captures(s)).sum();
            let played = position.play(mv).expect("listed");
            let after: Vec<u32> = State::ALL.iter().map(|&s| position.pieces_on_board(s)).collect();
            let captured_now: u32 = State::ALL.iter().map(|&s| position.captures(s)).sum();
            assert_eq!(captured_now - captures, u32::from(played.captured.is_some()));
            for state in State::ALL {
                let i = state.index();
                let eliminated = played.eliminated.iter().any(|e| e.state == state);
                if eliminated {
                    assert_eq!(after[i], 0);
                } else {
                    let lost = u32::from(played.captured.is_some_and(|p| p.state == state));
                    assert_eq!(before[i] - after[i], lost, "{state}");
                }
                // Only a live state's Ruler keeps it on the board.
                let has_ruler = position
                    .pieces()
                    .any(|(_, p)| p == Piece::new(state, Kind::Ruler));
                assert_eq!(has_ruler, position.is_live(state));
                if let Some(point) = position.ruler(state) {
                    assert_eq!(position.piece_at(point), Some(Piece::new(state, Kind::Ruler)));
                }
            }
            if position.ending().is_none() {
                assert!(position.is_live(position.side_to_move()));
            }
        }
    }
}
