//! One test per rule sentence of the contract, on hand-built JFEN positions.

use super::*;

/// Builds a full JFEN from `(point, piece)` pairs; a piece written `?X` is face down.
fn jfen(pieces: &[(&str, &str)], side: &str, quiet: u16, ply: u32) -> String {
    let mut cells: Vec<Vec<String>> = vec![vec![String::new(); 5]; 12];
    for (point, piece) in pieces {
        let point = Point::parse(point).expect("test point");
        cells[point.rank() as usize][point.file() as usize] = piece.to_string();
    }
    let ranks: Vec<String> = (0..12)
        .rev()
        .map(|rank| {
            let mut out = String::new();
            let mut empty = 0;
            for cell in &cells[rank] {
                if cell.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out += &empty.to_string();
                        empty = 0;
                    }
                    out += cell;
                }
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            out
        })
        .collect();
    format!("{} {side} {quiet} {ply}", ranks.join("/"))
}

/// Two flags in a corner each, so positions are not already won.
const FLAGS: [(&str, &str); 2] = [("b1", "F"), ("b12", "f")];

fn position(pieces: &[(&str, &str)], side: &str) -> Position {
    let mut all: Vec<(&str, &str)> = FLAGS.to_vec();
    all.extend_from_slice(pieces);
    Position::from_jfen(&jfen(&all, side, 0, 10)).expect("test position parses")
}

fn p(text: &str) -> Point {
    Point::parse(text).unwrap()
}

/// The destinations of the piece on `from`, sorted by name.
fn destinations(position: &Position, from: &str) -> Vec<String> {
    let mut names: Vec<String> = position
        .view()
        .destinations(p(from))
        .iter()
        .map(|point| point.to_string())
        .collect();
    names.sort();
    names
}

fn play(position: &mut Position, action: &str) -> Effect {
    position.play(action.parse().unwrap()).unwrap()
}

#[test]
fn the_contract_example_parses_and_round_trips() {
    let text = "?R?E?B?c?T/?F?e?b?d?r/?z1?R1?P/?M?d1?p?G/?L1?E1?e/?C?D?E?z?m/?c?Z?e?c?t/?p1?C1?L/?g?f1?Z?p/?C1?r1?t/?b?l?B?l?P/?D?P?l?T?L - 0 0";
    let position = Position::from_jfen(text).unwrap();
    assert_eq!(position.to_jfen(), text);
    assert_eq!(position.view().face_down_count(), 50);
    assert!(
        Point::all()
            .filter(|p| p.is_camp())
            .all(|c| position.view().cell(c) == Cell::Empty)
    );
}

#[test]
fn a_straight_rail_slide_goes_any_distance_but_never_turns() {
    let position = position(&[("c2", "R")], "r");
    assert_eq!(
        destinations(&position, "c2"),
        ["a2", "b2", "b3", "c1", "c3", "d2", "d3", "e2"]
    );
    // At a junction a piece may use either line, but still only straight.
    let position = self::position(&[("a6", "R")], "r");
    assert_eq!(
        destinations(&position, "a6"),
        [
            "a10", "a11", "a2", "a3", "a4", "a5", "a7", "a8", "a9", "b5", "b6", "c6", "d6", "e6"
        ]
    );
}

#[test]
fn a_rail_slide_stops_before_a_piece_or_attacks_the_first_enemy() {
    let position = position(&[("a2", "R"), ("a5", "P"), ("c2", "p"), ("d2", "c")], "r");
    let moves = destinations(&position, "a2");
    assert!(
        moves.contains(&"a4".to_string()) && !moves.contains(&"a5".to_string()),
        "own piece blocks"
    );
    assert!(!moves.contains(&"a6".to_string()));
    assert!(
        moves.contains(&"c2".to_string()),
        "first enemy met can be attacked"
    );
    assert!(
        !moves.contains(&"d2".to_string()),
        "no jumping over the first piece"
    );
    // A face-down piece blocks and cannot be attacked.
    let position = self::position(&[("a2", "R"), ("c2", "?p")], "r");
    assert_eq!(
        destinations(&position, "a2"),
        [
            "a1", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11", "b2", "b3"
        ]
        .iter()
        .map(|s| s.to_string())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect::<Vec<_>>()
    );
}

#[test]
fn the_centre_rail_crosses_the_front_and_ends_there() {
    let position = position(&[("c6", "R")], "r");
    let moves = destinations(&position, "c6");
    assert!(moves.contains(&"c7".to_string()));
    assert!(
        !moves.contains(&"c8".to_string()),
        "c7–c8 is road, not rail"
    );
}

#[test]
fn an_engineer_turns_at_every_junction() {
    let position = position(&[("c2", "E")], "r");
    let moves = destinations(&position, "c2");
    // Every other rail point (31) plus the road steps c1, c3 and the camps b3, d3.
    assert_eq!(moves.len(), 35, "{moves:?}");
    assert!(moves.contains(&"e11".to_string()) && moves.contains(&"c7".to_string()));
}

#[test]
fn an_engineer_stops_at_pieces_and_attacks_rail_neighbours_of_reachable_points() {
    let position = position(&[("a2", "E"), ("b2", "P"), ("a4", "c"), ("e6", "?d")], "r");
    let moves = destinations(&position, "a2");
    assert!(moves.contains(&"a3".to_string()));
    assert!(moves.contains(&"a4".to_string()), "attack the enemy met");
    assert!(!moves.contains(&"a5".to_string()), "cannot pass the enemy");
    assert!(
        !moves.contains(&"c2".to_string()),
        "cannot pass its own piece on rank 2"
    );
    assert!(!moves.contains(&"e6".to_string()));
}

#[test]
fn mountains_block_files_b_and_d() {
    let position = position(&[("b6", "R"), ("d6", "R")], "r");
    assert!(!destinations(&position, "b6").contains(&"b7".to_string()));
    assert!(!destinations(&position, "d6").contains(&"d7".to_string()));
}

#[test]
fn camps_protect_their_piece_and_link_diagonally() {
    let position = position(&[("c3", "M"), ("c4", "e"), ("a2", "R")], "r");
    assert!(
        !destinations(&position, "c3").contains(&"c4".to_string()),
        "a piece in a camp cannot be attacked"
    );
    let moves = destinations(&position, "a2");
    assert!(moves.contains(&"b3".to_string()), "diagonal into a camp");
    let mut position = self::position(&[("c4", "R")], "r");
    let moves = destinations(&position, "c4");
    for camp in ["b3", "d3", "b5", "d5"] {
        assert!(moves.contains(&camp.to_string()), "{camp}");
    }
    play(&mut position, "c4b5");
    assert!(destinations(&position, "b5").is_empty(), "blue to move");
}

#[test]
fn a_non_camp_diagonal_does_not_exist() {
    let position = position(&[("c2", "R"), ("b1", "F")], "r");
    assert!(!destinations(&position, "c2").contains(&"d1".to_string()));
}

#[test]
fn face_down_pieces_cannot_be_attacked_and_mines_and_flags_never_move() {
    let position = position(&[("c2", "R"), ("c1", "?p"), ("a3", "L"), ("d1", "e")], "r");
    assert!(!destinations(&position, "c2").contains(&"c1".to_string()));
    assert!(destinations(&position, "a3").is_empty());
    assert!(destinations(&position, "b1").is_empty());
}

#[test]
fn higher_rank_wins_and_moves_in() {
    let mut position = position(&[("c2", "M"), ("c1", "g")], "r");
    let effect = play(&mut position, "c2c1");
    assert!(matches!(
        effect,
        Effect::Attacked {
            combat: Combat::AttackerWins,
            ..
        }
    ));
    assert_eq!(
        position.view().cell(p("c1")),
        Cell::Up(Piece::new(Color::Red, Kind::Marshal))
    );
    assert_eq!(position.view().cell(p("c2")), Cell::Empty);
    assert_eq!(position.view().quiet_plies(), 0);
}

#[test]
fn lower_rank_loses() {
    let mut position = position(&[("c2", "P"), ("c1", "c")], "r");
    play(&mut position, "c2c1");
    assert_eq!(
        position.view().cell(p("c1")),
        Cell::Up(Piece::new(Color::Blue, Kind::Company))
    );
    assert_eq!(position.view().cell(p("c2")), Cell::Empty);
}

#[test]
fn equal_ranks_both_vanish() {
    let mut position = position(&[("c2", "D"), ("c1", "d")], "r");
    play(&mut position, "c2c1");
    assert_eq!(position.view().cell(p("c1")), Cell::Empty);
    assert_eq!(position.view().cell(p("c2")), Cell::Empty);
}

#[test]
fn a_bomb_removes_both_whoever_attacks() {
    let mut position = position(&[("c2", "Z"), ("c1", "m")], "r");
    play(&mut position, "c2c1");
    assert_eq!(position.view().cell(p("c1")), Cell::Empty);
    let mut position = self::position(&[("c2", "M"), ("c1", "z")], "r");
    play(&mut position, "c2c1");
    assert_eq!(position.view().cell(p("c1")), Cell::Empty);
    assert_eq!(position.view().cell(p("c2")), Cell::Empty);
}

#[test]
fn a_landmine_kills_attackers_but_engineers_and_bombs() {
    let mut position = position(&[("c2", "M"), ("c1", "l")], "r");
    play(&mut position, "c2c1");
    assert_eq!(
        position.view().cell(p("c1")),
        Cell::Up(Piece::new(Color::Blue, Kind::Landmine))
    );
    assert_eq!(position.view().cell(p("c2")), Cell::Empty);
    let mut position = self::position(&[("c2", "E"), ("c1", "l")], "r");
    play(&mut position, "c2c1");
    assert_eq!(
        position.view().cell(p("c1")),
        Cell::Up(Piece::new(Color::Red, Kind::Engineer))
    );
    let mut position = self::position(&[("c2", "Z"), ("c1", "l")], "r");
    play(&mut position, "c2c1");
    assert_eq!(position.view().cell(p("c1")), Cell::Empty);
    assert_eq!(position.view().cell(p("c2")), Cell::Empty);
}

#[test]
fn capturing_the_flag_wins() {
    let mut position = position(&[("a12", "R")], "r");
    let effect = play(&mut position, "a12b12");
    assert!(matches!(
        effect,
        Effect::Attacked {
            combat: Combat::FlagCaptured,
            ..
        }
    ));
    assert_eq!(
        position.outcome(),
        Some(Outcome::Win {
            winner: Color::Red,
            reason: WinReason::FlagCaptured
        })
    );
    let mut actions = ActionList::new();
    position.legal_actions(&mut actions);
    assert!(actions.is_empty(), "a finished game has no actions");
    // A bomb that takes the flag is removed with it.
    let mut position = self::position(&[("a12", "Z")], "r");
    play(&mut position, "a12b12");
    assert_eq!(position.view().cell(p("b12")), Cell::Empty);
    assert!(matches!(
        position.outcome(),
        Some(Outcome::Win {
            winner: Color::Red,
            ..
        })
    ));
}

#[test]
fn the_first_flip_fixes_the_colours() {
    let mut position = Position::from_jfen(&jfen(
        &[("a1", "?r"), ("a2", "?R"), ("e12", "?f"), ("e1", "?F")],
        "-",
        0,
        0,
    ))
    .unwrap();
    let effect = play(&mut position, "a1");
    assert_eq!(
        effect,
        Effect::Flipped {
            piece: Piece::new(Color::Blue, Kind::Regiment),
            colours_fixed: Some(Color::Blue)
        }
    );
    // The first player took blue, so red (the second player) is to move.
    assert_eq!(position.side_to_move(), Some(Color::Red));
    assert!(position.to_jfen().ends_with(" r 0 1"));
    // Red may flip any piece, including blue ones, but cannot move the blue regiment.
    let mut actions = ActionList::new();
    position.legal_actions(&mut actions);
    assert_eq!(actions.len(), 3);
}

#[test]
fn before_the_first_flip_only_flips_are_legal() {
    let position = Position::from_jfen(&jfen(&[("a1", "?r"), ("a2", "?R")], "-", 0, 0)).unwrap();
    let mut actions = ActionList::new();
    position.legal_actions(&mut actions);
    assert_eq!(
        actions.as_slice(),
        [Action::Flip(p("a1")), Action::Flip(p("a2"))]
    );
}

#[test]
fn the_game_is_drawn_after_80_quiet_plies() {
    let pieces: Vec<(&str, &str)> = [("b1", "F"), ("b12", "f"), ("c2", "R"), ("c11", "r")].to_vec();
    let mut position = Position::from_jfen(&jfen(&pieces, "r", 79, 200)).unwrap();
    assert!(position.outcome().is_none());
    play(&mut position, "c2c3");
    assert_eq!(position.view().quiet_plies(), 80);
    assert_eq!(
        position.outcome(),
        Some(Outcome::Draw(DrawReason::QuietPlies))
    );
    assert_eq!(position.perft(1), 0);
    // A flip or an attack resets the counter.
    let mut position = Position::from_jfen(&jfen(
        &[("b1", "F"), ("b12", "f"), ("c2", "R"), ("a5", "?r")],
        "r",
        79,
        9,
    ))
    .unwrap();
    play(&mut position, "a5");
    assert_eq!(position.view().quiet_plies(), 0);
    assert!(Position::from_jfen(&jfen(&pieces, "r", 81, 200)).is_err());
}

#[test]
fn a_player_without_a_legal_action_loses() {
    // Red has only its flag and a landmine: nothing to do.
    let position = Position::from_jfen(&jfen(
        &[("b1", "F"), ("a1", "L"), ("b12", "f"), ("c11", "r")],
        "r",
        3,
        40,
    ))
    .unwrap();
    assert_eq!(
        position.outcome(),
        Some(Outcome::Win {
            winner: Color::Blue,
            reason: WinReason::NoLegalAction
        })
    );
    assert_eq!(position.perft(2), 0);
}

#[test]
fn a_piece_may_leave_a_headquarters_unless_the_variant_locks_it() {
    let text = jfen(&[("b12", "f"), ("a1", "F"), ("b1", "R")], "r", 0, 10);
    let position = Position::from_jfen(&text).unwrap();
    assert_eq!(destinations(&position, "b1"), ["b2", "c1"]);
    let rules = Ruleset {
        headquarters_lock: true,
        ..Ruleset::default()
    };
    let locked = Position::from_jfen_with_rules(&text, rules).unwrap();
    assert!(destinations(&locked, "b1").is_empty());
}

#[test]
fn variant_only_engineers_take_the_flag() {
    let text = jfen(
        &[("b1", "F"), ("a12", "M"), ("c12", "E"), ("b12", "f")],
        "r",
        0,
        10,
    );
    let rules = Ruleset {
        only_engineers_take_flag: true,
        ..Ruleset::default()
    };
    let position = Position::from_jfen_with_rules(&text, rules).unwrap();
    assert!(!destinations(&position, "a12").contains(&"b12".to_string()));
    assert!(destinations(&position, "c12").contains(&"b12".to_string()));
}

#[test]
fn variant_flag_only_after_all_mines_are_gone() {
    let rules = Ruleset {
        flag_after_mines: true,
        ..Ruleset::default()
    };
    let with_mine = jfen(
        &[("b1", "F"), ("a12", "M"), ("b12", "f"), ("e9", "?l")],
        "r",
        0,
        10,
    );
    let position = Position::from_jfen_with_rules(&with_mine, rules).unwrap();
    assert!(
        !destinations(&position, "a12").contains(&"b12".to_string()),
        "a face-down mine still counts"
    );
    let without = jfen(&[("b1", "F"), ("a12", "M"), ("b12", "f")], "r", 0, 10);
    let position = Position::from_jfen_with_rules(&without, rules).unwrap();
    assert!(destinations(&position, "a12").contains(&"b12".to_string()));
}

#[test]
fn variant_colours_by_two_flips_in_a_row() {
    let rules = Ruleset {
        colours: ColourRule::TwoInARow,
        ..Ruleset::default()
    };
    let text = jfen(
        &[
            ("a1", "?R"),
            ("a2", "?r"),
            ("a3", "?R"),
            ("a4", "?b"),
            ("a5", "?F"),
            ("e12", "?f"),
        ],
        "-",
        0,
        0,
    );
    let mut position = Position::from_jfen_with_rules(&text, rules).unwrap();
    assert!(matches!(
        play(&mut position, "a1"),
        Effect::Flipped {
            colours_fixed: None,
            ..
        }
    ));
    assert!(matches!(
        play(&mut position, "a2"),
        Effect::Flipped {
            colours_fixed: None,
            ..
        }
    ));
    assert_eq!(position.side_to_move(), None);
    // The first player flips red again: red is theirs, blue (second player) moves next.
    assert!(matches!(
        play(&mut position, "a3"),
        Effect::Flipped {
            colours_fixed: Some(Color::Red),
            ..
        }
    ));
    assert_eq!(position.side_to_move(), Some(Color::Blue));
}

#[test]
fn malformed_jfen_is_an_error_naming_the_problem() {
    let cases = [
        ("", "4 space-separated fields"),
        ("5/5/5/5/5/5/5/5/5/5/5 r 0 0", "12 ranks"),
        ("5/5/5/5/5/5/5/5/5/5/5/4 r 0 0", "rank 1 describes 4 points"),
        ("6/5/5/5/5/5/5/5/5/5/5/5 r 0 0", "rank 12"),
        ("5/5/5/5/5/5/5/5/5/5/5/4x r 0 0", "unexpected character 'x'"),
        ("5/5/5/5/5/5/5/5/5/5/5/4? r 0 0", "'?' must be followed"),
        ("5/5/5/5/5/5/5/5/5/5/5/MM3 r 0 0", "2 'M'"),
        ("5/5/5/5/5/5/5/5/5/5/5/5 x 0 0", "side"),
        ("5/5/5/5/5/5/5/5/5/5/5/5 r 81 0", "quiet"),
        ("5/5/5/5/5/5/5/5/5/5/5/5 r -1 0", "quiet"),
        ("5/5/5/5/5/5/5/5/5/5/5/5 r 0 x", "ply"),
        ("5/5/5/5/5/5/5/5/5/5/5/5 r 0 0 extra", "found 5"),
    ];
    for (text, expected) in cases {
        let error = Position::from_jfen(text).expect_err(text).to_string();
        assert!(error.contains(expected), "{text}: {error}");
    }
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let mut position = position(&[("c2", "R"), ("c11", "r")], "r");
    let before = position.clone();
    for action in ["c11c10", "c2c5", "b1b2", "a1"] {
        assert!(position.play(action.parse().unwrap()).is_err(), "{action}");
    }
    assert_eq!(position, before);
}

#[test]
fn perft_of_the_start_position() {
    let start = Position::deal_seeded(Ruleset::default(), 7);
    assert_eq!(start.perft(0), 1);
    assert_eq!(start.perft(1), 50);
    // After the first flip the second player has only their own 49 flips: nothing of theirs is up.
    assert_eq!(start.perft(2), 50 * 49);
}

#[test]
fn perft_of_a_small_position_by_hand() {
    // Red engineer a1 (steps a2, b2? no: a1–b2 is no link) — a1 links a2 and b1 only.
    // Red: engineer on a1; blue: flag on e12, face-down blue regiment on e1.
    let position = Position::from_jfen(&jfen(
        &[("a1", "E"), ("b12", "f"), ("b1", "F"), ("e1", "?r")],
        "r",
        0,
        10,
    ))
    .unwrap();
    // a1's neighbours: a2 (empty), b1 (own flag). Plus flip e1. So 2 actions.
    assert_eq!(position.perft(1), 2);
    let mut actions = ActionList::new();
    position.legal_actions(&mut actions);
    let names: Vec<String> = actions.iter().map(|a| a.to_string()).collect();
    assert_eq!(names, ["e1", "a1a2"]);
}

#[test]
fn seeded_deals_are_reproducible_and_differ_by_seed() {
    let a = Position::deal_seeded(Ruleset::default(), 42);
    assert_eq!(a, Position::deal_seeded(Ruleset::default(), 42));
    assert_ne!(a, Position::deal_seeded(Ruleset::default(), 43));
    assert!(Point::all().all(|point| (a.hidden_piece(point).is_some()) != point.is_camp()));
}

#[test]
fn move_paths_follow_the_rails() {
    let position = position(&[("a2", "E"), ("c11", "R")], "r");
    let path: Vec<String> = position
        .view()
        .move_path(p("a2"), p("c6"))
        .iter()
        .map(|x| x.to_string())
        .collect();
    assert_eq!(path, ["a2", "a3", "a4", "a5", "a6", "b6", "c6"]);
    let path: Vec<String> = position
        .view()
        .move_path(p("a2"), p("a3"))
        .iter()
        .map(|x| x.to_string())
        .collect();
    assert_eq!(path, ["a2", "a3"]);
}

#[test]
fn a_game_rebuilt_from_its_public_record_replays_what_everyone_saw() {
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    for seed in 0..6 {
        let mut game = Game::new(Position::deal_seeded(Ruleset::default(), seed));
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut actions = ActionList::new();
        for _ in 0..(40 + seed * 30) {
            game.position().legal_actions(&mut actions);
            let Some(&action) = actions.choose(&mut rng) else {
                break;
            };
            game.play(action).unwrap();
        }
        if seed % 2 == 0 && game.outcome().is_none() && game.view().side_to_move().is_some() {
            game.resign(Color::Red);
        }
        let rebuilt = Game::from_public(game.public()).unwrap();
        assert_eq!(rebuilt.public(), game.public(), "seed {seed}");
        // Its record reads back like any other.
        assert_eq!(Game::from_record(&rebuilt.record()).unwrap(), rebuilt);
    }
}

#[test]
fn records_round_trip_and_bad_records_are_errors() {
    let mut game = Game::new(Position::deal_seeded(Ruleset::default(), 3));
    let mut actions = ActionList::new();
    for _ in 0..30 {
        game.position().legal_actions(&mut actions);
        let Some(&action) = actions.last() else { break };
        game.play(action).unwrap();
    }
    let json = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.position().to_jfen(), game.position().to_jfen());

    let mut record = game.record();
    record.actions[0].action = "c4".parse().unwrap();
    assert!(matches!(
        Game::from_record(&record),
        Err(GameError::Illegal { index: 0, .. })
    ));
    let mut record = game.record();
    record.version = 99;
    assert!(Game::from_record(&record).is_err());
    assert!(serde_json::from_str::<Game>("{\"version\":1}").is_err());
    assert!(serde_json::from_str::<Game>("not json").is_err());

    // Undo restores the earlier position exactly.
    let before = game.position().clone();
    game.play({
        game.position().legal_actions(&mut actions);
        actions[0]
    })
    .unwrap();
    assert_eq!(game.undo(1), 1);
    assert_eq!(game.position(), &before);
}

#[test]
fn is_attacked_sees_threats_whoever_is_to_move() {
    // Blue to move, but red's regiment on a12 threatens blue's flag on b12.
    let position = self::position(&[("a12", "R")], "b");
    assert!(position.view().is_attacked(p("b12")));
    assert!(!position.view().is_attacked(p("b1")));
    let position = self::position(&[("a10", "R")], "b");
    assert!(!position.view().is_attacked(p("b12")));
}

#[test]
fn reach_is_every_destination_of_a_colour_whoever_is_to_move() {
    // Blue to move; red's regiment in the camp c9 and engineer on a11 reach these points if red
    // moved now.
    let pieces = [("c9", "R"), ("a11", "E"), ("e4", "r")];
    let position = self::position(&pieces, "b");
    let red_to_move = self::position(&pieces, "r");
    let expected =
        red_to_move.view().destinations(p("c9")) | red_to_move.view().destinations(p("a11"));
    let view = position.view();
    assert_eq!(view.reach(Color::Red), expected);
    assert!(expected.contains(p("c8")));
    assert!(expected.contains(p("e4")), "the engineer turns onto file e");
    assert_eq!(view.reach(Color::Blue), view.destinations(p("e4")));
}

#[test]
fn the_public_game_follows_the_referee_without_the_deal() {
    let mut game = Game::new(Position::deal_seeded(Ruleset::default(), 21));
    let mut public = PublicGame::new(game.start().view().clone());
    let mut actions = ActionList::new();
    for ply in 0..120 {
        game.view().legal_actions(&mut actions);
        let Some(&action) = actions.get(ply * 7 % actions.len().max(1)) else {
            break;
        };
        let effect = game.play(action).expect("a legal action");
        let played = *game.history().last().expect("just played");
        assert_eq!(public.play(played), Ok(effect));
        assert_eq!(public.view(), game.view());
        assert_eq!(&public, game.public());
    }
    public.undo(5);
    game.undo(5);
    assert_eq!(public.view(), game.view());
    assert_eq!(public.history(), game.history());
    public.resign(Color::Red);
    assert!(public.outcome().is_some());
    assert_eq!(
        public.play(PlayedAction {
            action: Action::Flip(Point::new(0, 0).expect("a1")),
            revealed: None
        }),
        Err(IllegalAction::GameOver)
    );
}

#[test]
fn a_public_flip_must_reveal_a_piece_from_the_pool() {
    let start = Position::deal_seeded(Ruleset::default(), 4);
    let mut public = PublicGame::new(start.view().clone());
    let point = public.view().face_down_points().next().expect("face down");
    let flip = Action::Flip(point);
    let unnamed = PlayedAction {
        action: flip,
        revealed: None,
    };
    assert_eq!(public.play(unnamed), Err(IllegalAction::NotLegal(flip)));
    let marshal = Piece::new(Color::Red, Kind::Marshal);
    let reveal = |revealed| PlayedAction {
        action: flip,
        revealed: Some(revealed),
    };
    assert!(public.play(reveal(marshal)).is_ok());
    // The one red marshal is on the board now: no second flip can reveal it.
    let next = public.view().face_down_points().next().expect("face down");
    let again = PlayedAction {
        action: Action::Flip(next),
        revealed: Some(marshal),
    };
    assert_eq!(public.play(again), Err(IllegalAction::NotInPool(marshal)));
    assert_eq!(public.history().len(), 1);
}
