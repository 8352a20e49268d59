use super::*;
use crate::rules::PointSet;

#[test]
fn start_position_perft_matches_the_published_counts() {
    let start = Position::start();
    assert_eq!(start.to_fen(), START_FEN);
    let counts: Vec<u64> = (1..=3).map(|depth| start.perft(depth)).collect();
    assert_eq!(counts, [44, 1_920, 79_666]);
}

/// Every position of `tests/data/xiangqi-perft.txt` (published counts, checked against
/// Fairy-Stockfish) to its listed depths.
#[test]
fn perft_matches_the_reference_file() {
    let data = include_str!("../../../tests/data/xiangqi-perft.txt");
    let mut position = None;
    let mut checked = 0;
    for line in data.lines().map(str::trim) {
        if let Some(fen) = line.strip_prefix("fen ") {
            position = Some(Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, count) = rest.split_once(' ').expect("perft DEPTH COUNT");
            let position = position.as_ref().expect("a fen line first");
            let depth: u32 = depth.parse().expect("depth");
            // The deepest counts take seconds in a debug build: stop at a million nodes.
            let count: u64 = count.parse().expect("count");
            if count <= 1_000_000 {
                assert_eq!(position.perft(depth), count, "{position:?} depth {depth}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "only {checked} counts checked");
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The legal destinations of the piece on `from`, as ICCS points, sorted.
fn destinations(fen: &str, from: &str) -> Vec<String> {
    let mut list = MoveList::new();
    position(fen).legal_moves(&mut list);
    let mut to: Vec<String> = list
        .iter()
        .filter(|m| m.from().to_string() == from)
        .map(|m| m.to().to_string())
        .collect();
    to.sort();
    to
}

#[test]
fn the_horse_is_blocked_at_the_leg() {
    // Red horse e4; a piece on e5 blocks both moves towards Black.
    let open = "4k4/9/9/9/9/9/4N4/9/9/3K5 w - - 0 1";
    assert_eq!(destinations(open, "e3").len(), 8);
    let blocked = "4k4/9/9/9/9/9/4N4/4R4/9/3K5 w - - 0 1";
    assert!(!destinations(blocked, "e3").contains(&"d1".to_string()));
    assert_eq!(destinations(blocked, "e3").len(), 6);
}

#[test]
fn the_elephant_is_blocked_at_the_eye_and_never_crosses_the_river() {
    let fen = "3k5/9/9/9/9/9/9/9/9/2B1K4 w - - 0 1";
    assert_eq!(destinations(fen, "c0"), ["a2", "e2"]);
    let eye_blocked = "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1";
    assert_eq!(destinations(eye_blocked, "c0"), ["a2"]);
    let at_river = "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1";
    assert_eq!(destinations(at_river, "c4"), ["a2", "e2"]);
}

#[test]
fn advisors_and_the_general_stay_in_the_palace() {
    let fen = "3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1";
    assert_eq!(destinations(fen, "d0"), ["e1"]);
    assert_eq!(destinations(fen, "e0"), ["e1", "f0"]);
    let corner = "3k5/9/9/9/9/9/9/5K3/9/9 w - - 0 1";
    assert_eq!(destinations(corner, "f2"), ["e2", "f1"]);
}

#[test]
fn the_cannon_moves_like_a_chariot_and_captures_over_one_screen() {
    // Cannon a0; screen a3; targets a5 (black horse) and a7 (black chariot, two screens).
    let fen = "4k4/9/r8/9/n8/9/P8/9/9/C2K5 w - - 0 1";
    let to = destinations(fen, "a0");
    assert!(to.contains(&"a5".to_string()), "{to:?}");
    assert!(!to.contains(&"a7".to_string()));
    assert!(!to.contains(&"a3".to_string()));
    assert!(to.contains(&"a2".to_string()) && to.contains(&"c0".to_string()));
}

#[test]
fn soldiers_go_forward_then_sideways_across_the_river_never_back() {
    let home = "4k4/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1";
    assert_eq!(destinations(home, "e3"), ["e4"]);
    let across = "4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1";
    assert_eq!(destinations(across, "e5"), ["d5", "e6", "f5"]);
    let last_rank = "3k4P/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(destinations(last_rank, "i9"), ["h9"]);
    let black = "4k4/9/9/9/9/4p4/9/9/9/3K5 b - - 0 1";
    assert_eq!(destinations(black, "e4"), ["d4", "e3", "f4"]);
}

#[test]
fn generals_may_not_face_each_other() {
    // The red general may not step onto the open e-file.
    let fen = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
    assert_eq!(destinations(fen, "d0"), ["d1"]);
    // The only piece between the generals is pinned to its file.
    let pinned = "4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1";
    assert!(destinations(pinned, "e4").is_empty());
    assert_eq!(destinations(pinned, "e0"), ["d0", "e1", "f0"]);
    assert!(matches!(
        Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
        Err(FenError::Illegal(PositionError::OpponentInCheck))
    ));
}

#[test]
fn no_move_may_leave_the_own_general_attacked() {
    // Red chariot e2 stands between its general and a black chariot: it may only slide on e.
    let fen = "3k5/9/9/9/9/4r4/9/4R4/9/4K4 w - - 0 1";
    let to = destinations(fen, "e2");
    assert!(to.iter().all(|t| t.starts_with('e')), "{to:?}");
    assert!(to.contains(&"e4".to_string()));
    // In check from a horse, only moves that answer it are legal.
    let check = "3k5/9/9/9/9/9/9/3n5/9/4K4 w - - 0 1";
    let mut list = MoveList::new();
    let checked = position(check);
    assert!(checked.in_check(Color::Red));
    checked.legal_moves(&mut list);
    for m in &list {
        let mut after = checked.clone();
        after.play_unchecked(*m);
        assert!(!after.in_check(Color::Red), "{m}");
    }
}

/// `is_legal` answers for every pair of points as the list of legal moves does, over the
/// positions of games of moves picked in turn from the list.
#[test]
fn a_move_is_legal_exactly_when_the_legal_moves_list_it() {
    let mut checked = 0;
    for seed in 0..12usize {
        let mut position = Position::start();
        for ply in 0..120 {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            for from in Square::all() {
                for to in Square::all() {
                    let mv = Move::new(from, to);
                    assert_eq!(
                        position.is_legal(mv),
                        moves.contains(&mv),
                        "{mv} in {}",
                        position.to_fen()
                    );
                    checked += 1;
                }
            }
            if moves.is_empty() {
                break;
            }
            position.play_unchecked(moves[(seed * 7 + ply * 13) % moves.len()]);
        }
    }
    assert!(checked > 1_000_000, "{checked} pairs");
}

#[test]
fn checkmate_wins_and_stalemate_loses() {
    // Two chariots mate the black general on its back rank.
    let mut game = Game::new(position("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1"));
    game.play(mv("b0b9")).expect("legal");
    assert_eq!(
        game.outcome().map(|o| o.to_string()),
        Some("red-wins checkmate".into())
    );
    // Black to move, not in check, with no legal move: Black loses.
    let stalemate = Game::new(position("3k5/4P4/9/9/9/9/9/9/9/4K4 b - - 0 1"));
    assert_eq!(
        stalemate.outcome(),
        Some(Outcome {
            winner: Some(Color::Red),
            reason: Reason::Stalemate
        })
    );
    assert_eq!(
        game.play(mv("e0e1")),
        Err(PlayError::Over(game.outcome().unwrap()))
    );
}

#[test]
fn fen_and_iccs_round_trip_and_reject_bad_input() {
    let fen = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
    assert_eq!(position(fen).to_fen(), fen);
    let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 7";
    assert_eq!(position(black).to_fen(), black);
    // Red may be written 'r'; the counters may be left out.
    let short = position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r");
    assert_eq!(short.to_fen(), START_FEN);
    for bad in [
        "",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - z 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBKKABNR w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/B8/RN1AKABNR w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 extra",
        "9/9/9/9/9/9/9/9/9/9 w",
        "🀄🀄🀄/9/9/9/9/9/9/9/9/9 w",
    ] {
        assert!(Position::from_fen(bad).is_err(), "accepted {bad:?}");
    }
    assert_eq!(mv("h2e2").to_string(), "h2e2");
    assert_eq!(mv("H2-E2"), mv("h2e2"));
    for bad in [
        "",
        "h2",
        "h2e",
        "j2e2",
        "h2e2e",
        "h2h2",
        "h-2e2x",
        "日日日日",
    ] {
        assert!(bad.parse::<Move>().is_err(), "accepted {bad:?}");
    }
    assert_eq!(Square::parse("e0"), Square::new(4, 0));
    assert_eq!(Square::parse("I9"), Square::new(8, 9));
    for bad in ["", "e", "j0", "a10", "e0 ", "日"] {
        assert_eq!(Square::parse(bad), None, "accepted {bad:?}");
    }
}

#[test]
fn moves_are_named_in_chinese_and_wxf() {
    let start = Position::start();
    let name = |position: &Position, m: &str, notation| move_name(position, mv(m), notation);
    assert_eq!(name(&start, "h2e2", Notation::Chinese), "炮二平五");
    assert_eq!(name(&start, "h2e2", Notation::Wxf), "C2=5");
    assert_eq!(name(&start, "h0g2", Notation::Chinese), "马二进三");
    let mut after = start.clone();
    after.play_unchecked(mv("h2e2"));
    assert_eq!(name(&after, "h9g7", Notation::Chinese), "马8进7");
    assert_eq!(name(&after, "h9g7", Notation::Wxf), "H8+7");
    assert_eq!(name(&after, "a9a8", Notation::Chinese), "车1进1");
    assert_eq!(name(&start, "i0i1", Notation::Wxf), "R1+1");
    // Two red chariots on one file: front and rear.
    let tandem = position("3k5/9/9/9/9/9/4R4/9/4R4/5K3 w - - 0 1");
    assert_eq!(name(&tandem, "e3c3", Notation::Chinese), "前车平七");
    assert_eq!(name(&tandem, "e1e2", Notation::Chinese), "后车进一");
    assert_eq!(name(&tandem, "e1e0", Notation::Wxf), "-R-1");
}

/// Plays ICCS moves from `fen`; the outcome after each, as text.
fn outcomes(fen: &str, moves: &str) -> Vec<String> {
    let mut game = Game::new(position(fen));
    moves
        .split_whitespace()
        .map(|m| {
            game.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
            game.outcome().map_or("ongoing".into(), |o| o.to_string())
        })
        .collect()
}

#[test]
fn perpetual_check_by_one_piece_loses_at_its_sixth_check() {
    // The red chariot checks from a9 and a8 while the black general steps between e9 and e8.
    let seen = outcomes(
        "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1",
        "a1a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8",
    );
    assert!(seen[..10].iter().all(|o| o == "ongoing"), "{seen:?}");
    assert_eq!(seen[10], "black-wins perpetual-check");
}

#[test]
fn chasing_an_unprotected_piece_loses_at_the_sixth_chase() {
    // The rules text's example: a chariot follows a cannon between the e- and f-files.
    let seen = outcomes(
        "4k4/9/9/c8/9/2R6/9/9/9/3K5 w - - 0 1",
        "c4a4 a6b6 a4b4 b6a6 b4a4 a6b6 a4b4 b6a6 b4a4 a6b6 a4b4",
    );
    assert!(seen[..10].iter().all(|o| o == "ongoing"), "{seen:?}");
    assert_eq!(seen[10], "black-wins perpetual-chase");
}

#[test]
fn attacking_a_protected_piece_is_no_chase_and_repeats_to_a_draw() {
    // As above, but a black chariot on i6 guards the cannon: the third time is a draw.
    let seen = outcomes(
        "4k4/9/9/c7r/9/2R6/9/9/9/3K5 w - - 0 1",
        "c4a4 a6b6 a4b4 b6a6 b4a4 a6b6 a4b4 b6a6 b4a4",
    );
    assert!(seen[..8].iter().all(|o| o == "ongoing"), "{seen:?}");
    assert_eq!(seen[8], "draw repetition");
}

/// The points `mv` newly chases, from `fen`.
fn chased_by(fen: &str, m: &str) -> Vec<String> {
    let before = position(fen);
    let mut after = before.clone();
    after.play_unchecked(mv(m));
    pressure(&before, mv(m), &after)
        .chased
        .iter()
        .map(|square| square.to_string())
        .collect()
}

#[test]
fn a_chariot_attacked_by_a_horse_counts_as_unprotected() {
    // The red horse d1-e3 attacks c4, which a black horse on e5 guards.
    let chariot = "3k5/9/9/9/4n4/2r6/9/9/3N5/4K4 w - - 0 1";
    assert_eq!(chased_by(chariot, "d1e3"), ["c4"]);
    let guarded_cannon = "3k5/9/9/9/4n4/2c6/9/9/3N5/4K4 w - - 0 1";
    assert!(chased_by(guarded_cannon, "d1e3").is_empty());
    let lone_cannon = "3k5/9/9/9/9/2c6/9/9/3N5/4K4 w - - 0 1";
    assert_eq!(chased_by(lone_cannon, "d1e3"), ["c4"]);
}

#[test]
fn soldier_threats_are_no_chase() {
    // A crossed red soldier follows a black cannon between the d- and e-files.
    let seen = outcomes(
        "3k5/9/4c4/3P5/9/9/9/9/9/5K3 w - - 0 1",
        "d6e6 e7d7 e6d6 d7e7 d6e6 e7d7 e6d6 d7e7",
    );
    assert!(seen[..7].iter().all(|o| o == "ongoing"), "{seen:?}");
    assert_eq!(seen[7], "draw repetition");
}

#[test]
fn general_threats_are_no_chase() {
    // The red general steps beside a lone black horse in its palace and could take it.
    let fen = "3k5/9/9/9/9/9/9/9/5n3/4K4 w - - 0 1";
    assert!(chased_by(fen, "e0e1").is_empty());
    // d1 would face the black general.
    assert_eq!(
        destinations("3k5/9/9/9/9/9/9/9/4Kn3/9 w - - 0 1", "e1"),
        ["e0", "e2", "f1"]
    );
}

#[test]
fn offering_an_exchange_of_equal_pieces_is_no_chase() {
    // The red chariot keeps facing the black one, which could take it back.
    let seen = outcomes(
        "4k4/9/9/r8/9/2R6/9/9/9/3K5 w - - 0 1",
        "c4a4 a6b6 a4b4 b6a6 b4a4 a6b6 a4b4 b6a6 b4a4",
    );
    assert!(seen[..8].iter().all(|o| o == "ongoing"), "{seen:?}");
    assert_eq!(seen[8], "draw repetition");
}

#[test]
fn a_repetition_without_check_or_chase_is_a_draw_on_the_third_time() {
    let seen = outcomes(
        "4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1",
        "i0i1 e9e8 i1i0 e8e9 i0i1 e9e8 i1i0 e8e9",
    );
    assert!(seen[..7].iter().all(|o| o == "ongoing"), "{seen:?}");
    assert_eq!(seen[7], "draw repetition");
}

#[test]
fn mutual_violations_draw_and_perpetual_check_loses_to_perpetual_chase() {
    use CycleConduct::*;
    assert_eq!(
        judge_cycle([PerpetualCheck, PerpetualCheck]),
        CycleVerdict::Draw
    );
    assert_eq!(
        judge_cycle([PerpetualChase, PerpetualChase]),
        CycleVerdict::Draw
    );
    assert_eq!(
        judge_cycle([PerpetualCheck, PerpetualChase]),
        CycleVerdict::PerpetualCheck(Color::Red)
    );
    assert_eq!(
        judge_cycle([PerpetualChase, PerpetualCheck]),
        CycleVerdict::PerpetualCheck(Color::Black)
    );
    assert_eq!(
        judge_cycle([Free, PerpetualChase]),
        CycleVerdict::PerpetualChase(Color::Black)
    );
    // One side's conduct through a cycle: A and B stand for the pieces its moves chase, X
    // for a piece that moves between the chases, and the chased piece is followed as it
    // moves.
    let (a, b, x) = (mv("c7c6"), mv("g7g6"), mv("a0a1"));
    let check = Pressure {
        check: true,
        ..Pressure::default()
    };
    let chase = |target: Move| Pressure {
        check: false,
        chased: PointSet::single(target.from()),
    };
    let quiet = Pressure::default();
    let conduct = |moves: &[(Move, Pressure)]| cycle_conduct(moves.iter().copied(), Color::Red)[0];
    assert_eq!(
        conduct(&[(x, check), (x, quiet), (x, check)]),
        PerpetualCheck
    );
    assert_eq!(
        conduct(&[(x, check), (x, quiet), (x, chase(a))]),
        PerpetualChase
    );
    assert_eq!(conduct(&[(x, quiet), (x, quiet), (x, check)]), Free);
    // The same piece chased on c7, then (having stepped to c6) on c6: a perpetual chase.
    assert_eq!(
        conduct(&[(x, chase(a)), (a, quiet), (x, chase(mv("c6c5")))]),
        PerpetualChase
    );
    // One piece, then another: neither is chased perpetually.
    assert_eq!(conduct(&[(x, chase(a)), (x, quiet), (x, chase(b))]), Free);
    // Black's conduct is judged from its own moves.
    assert_eq!(
        cycle_conduct(
            [(x, chase(a)), (x, check), (x, chase(b)), (x, check)],
            Color::Red
        ),
        [Free, PerpetualCheck]
    );
}

#[test]
fn automatic_draws_end_long_games() {
    // The 60th ply without a capture or a crossed soldier's advance.
    let seen = outcomes("4k4/9/9/9/9/9/9/9/9/3K4R w - - 59 40", "i0i1");
    assert_eq!(seen, ["draw no-progress"]);
    // The 600th ply in all.
    let seen = outcomes("4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 300", "i0i1 e9e8");
    assert_eq!(seen, ["ongoing", "draw move-limit"]);
    // A capture resets the count.
    let capture = outcomes("4k4/9/9/9/9/9/9/9/8r/3K4R w - - 59 40", "i0i1");
    assert_eq!(capture, ["ongoing"]);
}

#[test]
fn undo_takes_back_the_last_move() {
    let mut game = Game::new(Position::start());
    game.play(mv("h2e2")).unwrap();
    game.play(mv("h9g7")).unwrap();
    assert!(game.undo());
    assert_eq!(game.moves().len(), 1);
    assert_eq!(game.position().to_fen(), {
        let mut p = Position::start();
        p.play_unchecked(mv("h2e2"));
        p.to_fen()
    });
    assert!(matches!(game.play(mv("a0a5")), Err(PlayError::Illegal(_))));
}

#[test]
fn a_discovered_attack_chases() {
    // The red horse leaves c3 and uncovers the chariot on c1 against a lone cannon on c7.
    let fen = "3k5/9/2c6/9/9/9/2N6/9/2R6/4K4 w - - 0 1";
    assert_eq!(chased_by(fen, "c3a2"), ["c7"]);
}

#[test]
fn a_soldier_on_its_own_side_is_no_chase_target() {
    let home = "3k5/9/9/2p6/9/R8/9/9/9/4K4 w - - 0 1";
    assert!(chased_by(home, "a4c4").is_empty());
    let crossed = "3k5/9/9/9/9/9/2p6/9/R8/4K4 w - - 0 1";
    assert_eq!(chased_by(crossed, "a1c1"), ["c3"]);
}

#[test]
fn pinning_the_only_protector_chases_the_piece_it_guarded() {
    // The chariot on d1 already attacks the cannon on d5, which the horse on e7 guards (the elephant on g9 guards the horse);
    // i2-e2 pins that horse to its general (before, the red general on f0 did not).
    let fen = "4k1b2/9/4n4/9/3c5/9/9/8R/3R5/5K3 w - - 0 1";
    assert_eq!(chased_by(fen, "i2e2"), ["d5"]);
}

#[test]
fn a_pinned_protector_does_not_protect() {
    // Pinned by the chariot on e2, then by the flying-general rule.
    let by_chariot = "4k1b2/9/4n4/9/3c5/9/9/4R4/R8/4K4 w - - 0 1";
    assert_eq!(chased_by(by_chariot, "a1d1"), ["d5"]);
    let by_generals = "4k1b2/9/4n4/9/3c5/9/9/9/R8/4K4 w - - 0 1";
    assert_eq!(chased_by(by_generals, "a1d1"), ["d5"]);
    // Unpinned (the general on d9), the horse guards.
    let free = "3k2b2/9/4n4/9/3c5/9/9/9/R8/4K4 w - - 0 1";
    assert!(chased_by(free, "a1d1").is_empty());
}

#[test]
fn advisors_and_elephants_chase_stronger_pieces_even_protected() {
    // The red advisor steps to e1 beside a cannon that a chariot on f9 guards.
    let advisor = "3k1r3/9/9/9/9/9/9/5c3/9/3AK4 w - - 0 1";
    assert_eq!(chased_by(advisor, "d0e1"), ["f2"]);
    // The red elephant goes to e2 and attacks a horse on g4 that a chariot on g9 guards.
    let elephant = "3k2r2/9/9/9/9/6n2/9/9/9/2B1K4 w - - 0 1";
    assert_eq!(chased_by(elephant, "c0e2"), ["g4"]);
    // A guarded soldier across the river is no stronger piece.
    let soldier = "3k1r3/9/9/9/9/9/9/5p3/9/3AK4 w - - 0 1";
    assert!(chased_by(soldier, "d0e1").is_empty());
}

#[test]
fn a_horse_that_cannot_strike_back_is_chased() {
    // d1-e3 attacks the horse on c4, guarded by the chariot on c9: with d4 free it could
    // take back (an exchange offer); with its leg blocked on d4 it is an impaired horse.
    let open = "2rk5/9/9/9/9/2n6/9/9/3N5/4K4 w - - 0 1";
    assert!(chased_by(open, "d1e3").is_empty());
    let impaired = "2rk5/9/9/9/9/2np5/9/9/3N5/4K4 w - - 0 1";
    assert_eq!(chased_by(impaired, "d1e3"), ["c4"]);
}

#[test]
fn following_a_crossed_soldier_is_a_perpetual_chase() {
    // A black soldier across the river steps between a3 and b3; the red chariot follows it.
    let seen = outcomes(
        "3k5/9/9/9/9/9/p8/9/2R6/4K4 w - - 0 1",
        "c1a1 a3b3 a1b1 b3a3 b1a1 a3b3 a1b1 b3a3 b1a1 a3b3 a1b1",
    );
    assert!(seen[..10].iter().all(|o| o == "ongoing"), "{seen:?}");
    assert_eq!(seen[10], "black-wins perpetual-chase");
}

#[test]
fn a_screen_that_uncovers_check_chases_even_a_piece_of_its_own_kind() {
    // The red cannon on e4 stands between the chariot on e0 and the black general: stepping
    // to e5 it attacks the cannon on a5 (over the soldier on c5), which the chariot on a9
    // guards and which could take back. Taking it would give check, so the black cannon
    // could not answer: a chase, not an exchange offer.
    let screen = "r3k4/9/9/9/c1p6/2p1C4/9/9/9/3KR4 w - - 0 1";
    assert_eq!(chased_by(screen, "e4e5"), ["a5"]);
    // Without the chariot behind, the cannons offer an exchange.
    let no_line = "r3k4/9/9/9/c1p6/2p1C4/9/9/9/3K5 w - - 0 1";
    assert!(chased_by(no_line, "e4e5").is_empty());
    // The same in a game: the black cannon steps between a5 and a4 and the red one follows
    // it; the sixth chase loses. Without the chariot the third time is a draw.
    let cycle = "e4e5 a5a4 e5e4 a4a5 e4e5 a5a4 e5e4 a4a5 e4e5 a5a4 e5e4";
    let seen = outcomes(screen, cycle);
    assert!(seen[..10].iter().all(|o| o == "ongoing"), "{seen:?}");
    assert_eq!(seen[10], "black-wins perpetual-chase");
    let seen = outcomes(no_line, &cycle[..39]);
    assert!(seen[..7].iter().all(|o| o == "ongoing"), "{seen:?}");
    assert_eq!(seen[7], "draw repetition");
}

#[test]
fn a_discovered_check_is_no_chase_when_the_general_takes_back() {
    // The red chariot comes to e1 behind the horse on e7, which faces a black horse on d9
    // that could strike back (an exchange offer). Taking it would now give check, but the
    // general takes back safely: still no chase.
    let fen = "3nk4/9/4N4/9/9/9/9/9/R8/5K3 w - - 0 1";
    assert!(chased_by(fen, "a1e1").is_empty());
    // With a red soldier guarding d9 the general cannot take back: a chase.
    let guarded = "2Pnk4/9/4N4/9/9/9/9/9/R8/5K3 w - - 0 1";
    assert_eq!(chased_by(guarded, "a1e1"), ["d9"]);
}

#[test]
fn chasing_two_pieces_in_turn_is_no_perpetual_chase() {
    // The red chariot goes between c2 and g2, attacking the cannon on c7 and the horse on g7
    // in turn; the black chariot goes between c9 and g9 to guard the one attacked. Each red
    // move chases, but never the same piece twice in a row: the third time is a draw.
    let seen = outcomes(
        "6r2/4k4/2c3n2/9/9/9/9/6R2/9/3K5 w - - 0 1",
        "g2c2 g9c9 c2g2 c9g9 g2c2 g9c9 c2g2 c9g9",
    );
    assert!(seen[..7].iter().all(|o| o == "ongoing"), "{seen:?}");
    assert_eq!(seen[7], "draw repetition");
}

#[test]
fn both_sides_checking_every_move_is_a_draw() {
    // Red is in check from the chariot on f7. The red cannon blocks on f5 and uncovers the
    // cannon on e1 (over the soldier on e4); the black chariot blocks on e7 and uncovers the
    // cannon on f9 (over f5); the red cannon returns to e5 with check over the chariot; the
    // chariot returns to f7 with check. At the sixth check by one piece both sides have
    // checked perpetually: a draw.
    let seen = outcomes(
        "5c3/4k4/5r3/9/4C4/4P4/9/5K3/4C4/9 w - - 0 1",
        "e5f5 f7e7 f5e5 e7f7 e5f5 f7e7 f5e5 e7f7 e5f5 f7e7 f5e5",
    );
    assert!(seen[..10].iter().all(|o| o == "ongoing"), "{seen:?}");
    assert_eq!(seen[10], "draw repetition");
}

#[test]
fn both_sides_chasing_perpetually_is_a_draw() {
    // The red horse goes between h6 and i8 attacking the black chariot, which goes between
    // g9 and g4: on g4 it attacks the red cannon on h4, and leaving g4 it uncovers the
    // chariot on c4 against that cannon. Each side chases one piece every move: a draw.
    let seen = outcomes(
        "6r2/9/3k5/7N1/9/2r4C1/9/9/4K4/9 w - - 0 1",
        "h6i8 g9g4 i8h6 g4g9 h6i8 g9g4 i8h6 g4g9 h6i8 g9g4 i8h6",
    );
    assert!(seen[..10].iter().all(|o| o == "ongoing"), "{seen:?}");
    assert_eq!(seen[10], "draw repetition");
}

#[test]
fn perpetual_check_loses_against_perpetual_chase() {
    // The red chariot checks from the f- and e-files in turn; each time the black general
    // steps aside, the black chariot on f9 is free to take the lone red cannon on c9 again
    // (in check it was not): Black chases one cannon, Red checks, and Red loses.
    let seen = outcomes(
        "2C2r3/7P1/5k3/9/9/9/9/9/9/3KR4 w - - 0 1",
        "e0f0 f7e7 f0e0 e7f7 e0f0 f7e7 f0e0 e7f7 e0f0 f7e7 f0e0",
    );
    assert!(seen[..10].iter().all(|o| o == "ongoing"), "{seen:?}");
    assert_eq!(seen[10], "black-wins perpetual-check");
}

/// The static exchange on hand-made boards: a defended soldier, a cannon's screen appearing
/// and a chariot behind the line, a cannon behind its own chariot, a general that takes back
/// only what nothing guards.
#[test]
fn the_static_exchange_counts_each_sides_best_recaptures() {
    let value = |kind: Kind| match kind {
        Kind::General => 10_000,
        Kind::Advisor | Kind::Elephant => 200,
        Kind::Horse => 400,
        Kind::Cannon => 450,
        Kind::Chariot => 900,
        Kind::Soldier => 100,
    };
    let exchange = |fen: &str, mv: &str| {
        let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mv: Move = mv.parse().expect("a move");
        assert!(position.is_legal(mv), "{mv} in {fen}");
        position.static_exchange(mv, value)
    };
    // A chariot takes a soldier the horse on b7 defends.
    assert_eq!(
        exchange("5k3/9/1n7/9/p8/9/9/9/9/R2K5 w - - 0 1", "a0a5"),
        -800
    );
    // Without the horse the soldier is free.
    assert_eq!(exchange("5k3/9/9/9/p8/9/9/9/9/R2K5 w - - 0 1", "a0a5"), 100);
    // A cannon takes a chariot; the black cannon on a9 then has the horse as its screen and
    // takes back.
    let lone = "c4k3/9/n8/9/r8/9/P8/9/9/C2K5 w - - 0 1";
    assert_eq!(exchange(lone, "a0a5"), 450);
    // A red chariot on the rank takes back in turn.
    let backed = "c4k3/9/n8/9/r7R/9/P8/9/9/C2K5 w - - 0 1";
    assert_eq!(exchange(backed, "a0a5"), 900);
    // A cannon behind its own chariot takes back first, over it: the chariot then takes the
    // soldier that took the cannon.
    let battery = "c4k3/9/r8/9/n2R5/P8/9/9/9/3K5 w - - 0 1";
    assert_eq!(exchange(battery, "d5a5"), 400 - 900 + 450 - 100);
    // A chariot takes an advisor only the general defends, and loses itself to the general,
    // unless a horse guards the point.
    assert_eq!(
        exchange("4k4/4a4/9/9/9/4R4/9/9/9/3K5 w - - 0 1", "e4e8"),
        -700
    );
    assert_eq!(
        exchange("4k4/4a4/9/3N5/9/4R4/9/9/9/3K5 w - - 0 1", "e4e8"),
        200
    );
    // A quiet move onto a point the enemy soldier guards loses the piece moved.
    assert_eq!(
        exchange("4k4/9/9/9/9/4p4/9/9/9/3K1R3 w - - 0 1", "f0f4"),
        -900
    );
}
