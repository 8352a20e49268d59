use super::*;
use crate::rules::junqi::{Action, ActionList, Color, DrawReason, Kind, Outcome, Point, WinReason};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

const RED: &str = "CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP";
const BLUE: &str = "lfzlp/ldbec/r1m1t/zp1ec/e1g1b/cdrpt";
const START: &str = "lfzlp/ldbec/r1m1t/zp1ec/e1g1b/cdrpt/CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP r 0 0";

fn at(text: &str) -> Point {
    Point::parse(text).unwrap()
}

fn mv(text: &str) -> Action {
    text.parse().unwrap()
}

fn start() -> ClassicPosition {
    ClassicPosition::start(
        &Deployment::parse(RED, Color::Red).unwrap(),
        &Deployment::parse(BLUE, Color::Blue).unwrap(),
        80,
    )
}

#[test]
fn the_contract_example_is_legal_and_starts_as_written() {
    let red = Deployment::parse(RED, Color::Red).unwrap();
    assert_eq!(red.to_text(), RED);
    assert_eq!(red.kind_at(at("b1")), Some(Kind::Flag));
    assert_eq!(
        Deployment::parse(BLUE, Color::Blue).unwrap().to_text(),
        BLUE
    );
    assert_eq!(start().to_cjfen(), START);
    assert_eq!(ClassicPosition::from_cjfen(START).unwrap(), start());
}

#[test]
fn each_broken_deployment_rule_is_named_in_order() {
    let named = |text: &str| Deployment::parse(text, Color::Red).unwrap_err().to_string();
    assert!(named("CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC").contains("6 ranks"));
    assert!(named("CDRPT/EXG1B/ZP1EC/R1M1T/LDBEC/LFZLP").contains("unexpected character"));
    assert!(named("cDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP").contains("not a Red piece"));
    assert!(named("CDRPT/EG11B/ZP1EC/R1M1T/LDBEC/LFZLP").contains("camp b5"));
    assert!(named("CDRP1/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP").contains("e6 is empty"));
    // Two marshals, no general: counts come before the flag, mines and bombs.
    assert!(named("CDRPT/E1M1B/ZP1EC/R1M1T/LDBEC/LFZLP").contains("2 'M'"));
    assert!(
        named("CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/FLZLP")
            .contains("the flag must stand on a headquarters")
    );
    let mine = named("CDRPT/E1G1B/ZP1LC/R1M1T/EDBEC/LFZLP");
    assert!(
        mine.contains("a landmine must stand on your last two ranks"),
        "{mine}"
    );
    assert!(mine.contains("d4"), "{mine}");
    let bomb = named("ZDRPT/E1G1B/CP1EC/R1M1T/LDBEC/LFZLP");
    assert!(
        bomb.contains("a bomb must not stand on your front rank"),
        "{bomb}"
    );
    // Blue's ranks are named from Blue's side of the board.
    let blue = Deployment::parse("lfclp/ldbec/r1m1t/zp1ec/e1g1b/zdrpt", Color::Blue);
    assert!(blue.unwrap_err().to_string().contains("rank 7"));
}

#[test]
fn a_draft_names_each_misplaced_piece_as_it_is_placed() {
    let red = Deployment::parse(RED, Color::Red).unwrap();
    let mut draft = DeploymentDraft::new(&red);
    assert!(draft.problems().is_empty());
    assert_eq!(draft.deployment(), Ok(red.clone()));
    // Only posts of the half swap: not a camp, not the enemy's half.
    assert!(!draft.swap(at("a6"), at("b5")));
    assert!(!draft.swap(at("a6"), at("a7")));
    // The landmine on a1 goes to the front, the company from a6 to a1: one rule broken.
    assert!(draft.swap(at("a1"), at("a6")));
    assert_eq!(draft.kind_at(at("a6")), Some(Kind::Landmine));
    let problems = draft.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0]
            .to_string()
            .contains("a landmine must stand on your last two ranks"),
        "{}",
        problems[0]
    );
    assert_eq!(draft.problem_at(at("a6")), Some(problems[0].clone()));
    assert_eq!(draft.problem_at(at("a1")), None);
    assert!(draft.deployment().is_err());
    // The flag off its headquarters and a bomb on the front rank: both named, front first.
    let find = |draft: &DeploymentDraft, kind| {
        Point::all()
            .find(|&p| draft.kind_at(p) == Some(kind))
            .unwrap()
    };
    let bomb = find(&draft, Kind::Bomb);
    assert!(draft.swap(bomb, at("b6")));
    let flag = find(&draft, Kind::Flag);
    assert!(draft.swap(flag, at("e2")));
    let named: Vec<String> = draft.problems().iter().map(|e| e.to_string()).collect();
    assert_eq!(named.len(), 3, "{named:?}");
    assert!(
        named[0].contains("a bomb") || named[0].contains("a landmine"),
        "{named:?}"
    );
    assert!(
        named.iter().any(|e| e.contains("the flag must stand")),
        "{named:?}"
    );
    // Undo every swap: legal again.
    assert!(draft.swap(flag, at("e2")));
    assert!(draft.swap(bomb, at("b6")));
    assert!(draft.swap(at("a1"), at("a6")));
    assert_eq!(draft.deployment(), Ok(red));
}

#[test]
fn an_army_turned_for_the_other_side_keeps_its_shape() {
    let red = Deployment::parse(RED, Color::Red).unwrap();
    let blue = red.turned();
    assert_eq!(blue.side(), Color::Blue);
    // Red's front-left piece (a6) is Blue's front-left piece as Blue sees it (e7).
    assert_eq!(blue.kind_at(at("e7")), red.kind_at(at("a6")));
    assert_eq!(blue.kind_at(at("d12")), red.kind_at(at("b1")));
    assert_eq!(blue.turned(), red);
}

#[test]
fn generated_deployments_are_legal_and_reproducible() {
    for style in DeploymentStyle::ALL {
        for side in Color::ALL {
            for seed in 0..50 {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                let deployment = Deployment::generate(side, style, &mut rng);
                let again = Deployment::parse(&deployment.to_text(), side).unwrap();
                assert_eq!(again, deployment);
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                assert_eq!(Deployment::generate(side, style, &mut rng), deployment);
            }
        }
    }
}

#[test]
fn the_uniform_style_puts_the_flag_on_either_headquarters() {
    let mut left = 0;
    for seed in 0..400 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let deployment = Deployment::generate(Color::Red, DeploymentStyle::Random, &mut rng);
        if deployment.kind_at(at("b1")) == Some(Kind::Flag) {
            left += 1;
        }
    }
    assert!((150..250).contains(&left), "{left} of 400 on b1");
}

/// A position from a board text, Red to move at ply 10 with 3 quiet plies.
fn position(board: &str) -> ClassicPosition {
    ClassicPosition::from_cjfen(&format!("{board} r 3 10")).unwrap()
}

#[test]
fn the_referee_announces_three_outcomes_and_no_identity() {
    let verdict = |board: &str, action: &str| {
        let mut game = position(board);
        let announcement = game.play(mv(action)).unwrap();
        assert!(announcement.flags_shown.is_empty());
        (announcement.verdict, game)
    };
    let (won, game) = verdict("1f1l1/5/5/5/5/2r2/2G2/5/5/5/5/1F1L1", "c6c7");
    assert_eq!(won, Some(Verdict::AttackerWon));
    assert_eq!(game.piece_at(at("c7")).map(|p| p.kind), Some(Kind::General));
    assert_eq!(game.quiet_plies(), 0);
    let (equal, game) = verdict("1f1l1/5/5/5/5/g4/G4/5/5/5/5/1F1L1", "a6a7");
    assert_eq!(equal, Some(Verdict::BothRemoved));
    assert_eq!(
        (game.piece_at(at("a6")), game.piece_at(at("a7"))),
        (None, None)
    );
    let (lost, game) = verdict("1f1l1/5/5/5/5/m4/G4/5/5/5/5/1F1L1", "a6a7");
    assert_eq!(lost, Some(Verdict::AttackerLost));
    assert_eq!(game.piece_at(at("a7")).map(|p| p.kind), Some(Kind::Marshal));
    let (quiet, _) = verdict("1f1l1/5/5/5/5/5/G4/5/5/5/5/1F1L1", "a6a7");
    assert_eq!(quiet, None);
}

#[test]
fn a_fallen_marshal_shows_its_flag_to_both_sides() {
    let mut game = position("1f1lc/5/5/5/5/z4/M4/5/5/5/5/1F1L1");
    let announcement = game.play(mv("a6a7")).unwrap();
    assert_eq!(announcement.verdict, Some(Verdict::BothRemoved));
    assert_eq!(announcement.flags_shown.as_slice(), [at("b1")]);
    let blue = ClassicView::of(&game, Color::Blue);
    assert_eq!(
        blue.seen(at("b1")),
        Seen::Piece(Piece::new(Color::Red, Kind::Flag))
    );
    assert_eq!(blue.seen(at("d1")), Seen::Unknown(Color::Red));
    // Both marshals: Red's flag first.
    let mut both = position("1f1l1/5/5/5/5/m4/M4/5/5/5/5/1F1L1");
    let flags = both.play(mv("a6a7")).unwrap().flags_shown;
    assert_eq!(flags.as_slice(), [at("b1"), at("b12")]);
}

#[test]
fn pieces_in_a_headquarters_never_move() {
    // Red's general stands on d1, a headquarters, with room all around; the flag never moves.
    let game = position("1f1lc/5/5/5/5/5/5/5/5/5/5/1F1G1");
    let mut moves = ActionList::new();
    game.legal_moves(&mut moves);
    assert!(moves.is_empty(), "{moves:?}");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Blue,
            reason: WinReason::NoLegalAction
        })
    );
    // A piece that enters one is stuck too.
    let mut entering = position("1f1lc/5/5/5/5/5/5/5/5/5/3G1/1F3");
    entering.play(mv("d2d1")).unwrap();
    entering.play(mv("e12e11")).unwrap();
    entering.legal_moves(&mut moves);
    assert!(moves.is_empty(), "{moves:?}");
}

#[test]
fn eighty_quiet_plies_draw_and_an_attack_resets_the_count() {
    let wrong_side = ClassicPosition::from_cjfen("1f1lc/5/5/5/5/5/5/5/5/5/C4/1F1L1 r 79 79");
    assert!(matches!(wrong_side, Err(CjfenError::SideAgainstPly { .. })));
    let mut game = ClassicPosition::from_cjfen("1f1lc/5/5/5/5/5/5/5/5/5/C4/1F1L1 r 79 80").unwrap();
    assert_eq!(game.outcome(), None);
    game.play(mv("a2a3")).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::QuietPlies)));
    let mut moves = ActionList::new();
    game.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn capturing_the_flag_wins_and_ends_the_game() {
    let mut game = position("1f1l1/1E3/5/5/5/5/5/5/5/5/5/1F1L1");
    let announcement = game.play(mv("b11b12")).unwrap();
    assert_eq!(announcement.verdict, Some(Verdict::AttackerWon));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Red,
            reason: WinReason::FlagCaptured
        })
    );
    // Everything is shown at the end.
    assert_eq!(
        ClassicView::of(&game, Color::Blue).to_cjfen(),
        game.to_cjfen()
    );
}

#[test]
fn a_view_lists_the_same_moves_as_the_full_position() {
    let position = start();
    let view = ClassicView::of(&position, Color::Red);
    assert_eq!(
        view.to_cjfen(),
        "xxxxx/xxxxx/x1x1x/xx1xx/x1x1x/xxxxx/CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP r 0 0"
    );
    let (mut full, mut seen) = (ActionList::new(), ActionList::new());
    position.legal_moves(&mut full);
    view.legal_moves(&mut seen);
    assert_eq!(full, seen);
    let ClassicText::View(parsed) = ClassicText::parse(&view.to_cjfen()).unwrap() else {
        panic!("a view");
    };
    assert_eq!(parsed, view);
}

#[test]
fn impossible_positions_are_refused() {
    for bad in [
        "lfzlp/ldbec/r1m1t/zp1ec/e1g1b/cdrpt/CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP - 0 0",
        "lfzlp/ldbec/r1m1t/zp1ec/e1g1b/cdrpt/CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP b 0 0",
        "lfzlp/ldbec/r1m1t/zp1ec/e1g1b/cdrpt/CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP r 3 2",
        "lfzlp/ldbec/r1m1t/zp1ec/e1g1b/cdrpt/CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP r 201 400",
        "1f1l1/5/5/5/5/5/5/5/5/5/5/F2L1 r 0 0",
        "1f1l1/5/5/5/5/5/5/L4/5/5/5/1F3 r 0 0",
        "1f1l1/5/5/5/5/5/5/5/5/5/5/1L3 r 0 0",
        "xf1l1/5/5/5/5/5/5/5/5/5/5/1F1X1 r 0 0",
    ] {
        assert!(ClassicText::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_sides_line_replays_to_its_view() {
    let mut position = start();
    let actions = ["a6a7", "e7e6", "c6c7", "c7c6"].map(mv);
    let mut played = Vec::new();
    for action in actions {
        if position.play(action).is_ok() {
            played.push(action);
        }
    }
    for side in Color::ALL {
        let line = SideLine::of_game(&start(), side, &played).unwrap();
        assert_eq!(line.current(), &ClassicView::of(&position, side));
        let again = SideLine::parse(&line.to_string()).unwrap();
        assert_eq!(again, line);
    }
}

#[test]
fn a_line_takes_the_next_action_only_when_it_fits() {
    let line = SideLine::of_game(&start(), Color::Red, &[mv("a6a7")]).unwrap();
    let mut grown = SideLine::new(line.start().clone(), Vec::new(), None).unwrap();
    grown.push(line.actions()[0].clone()).unwrap();
    assert_eq!(grown, line);
    // Red moved; a second Red move from the same point does not fit Blue's turn.
    let before = grown.clone();
    let error = grown.push(line.actions()[0].clone()).unwrap_err();
    assert!(
        matches!(error, LineError::Action { number: 2, .. }),
        "{error}"
    );
    assert_eq!(grown, before);
    let mut ended = SideLine::parse(&format!("{line} result=draw")).unwrap();
    assert!(matches!(
        ended.push(line.actions()[0].clone()),
        Err(LineError::AfterResult(_))
    ));
}

#[test]
fn a_start_seen_from_ones_own_deployment_is_the_starts_view() {
    let red = Deployment::parse(RED, Color::Red).unwrap();
    let blue = Deployment::parse(BLUE, Color::Blue).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let other_blue = Deployment::generate(Color::Blue, DeploymentStyle::Random, &mut rng);
    for enemy in [&blue, &other_blue] {
        let position = ClassicPosition::start(&red, enemy, 80);
        assert_eq!(
            ClassicView::unknown_enemy(&red, 80),
            ClassicView::of(&position, Color::Red)
        );
    }
    let position = ClassicPosition::start(&red, &blue, 80);
    assert_eq!(
        ClassicView::unknown_enemy(&blue, 80),
        ClassicView::of(&position, Color::Blue)
    );
}

#[test]
fn a_record_round_trips_and_checks_its_marks() {
    let mut game = ClassicGame::new(start());
    for action in ["a6a7", "e7e6", "c6c7"].map(mv) {
        game.play(action).unwrap();
    }
    let text = game.to_text();
    assert_eq!(ClassicGame::from_text(&text).unwrap(), game);
    let bare = ClassicGame::from_text(&format!("{START} moves a6a7= e7e6=")).unwrap();
    assert_eq!(bare.actions(), ["a6a7", "e7e6"].map(mv));
    let wrong = ClassicGame::from_text(&format!("{START} moves a6a7+")).unwrap_err();
    assert!(wrong.to_string().contains("outcome mark"), "{wrong}");
}

/// Plays a random game from a random start, giving each position to `check`.
fn random_game(seed: u64, mut check: impl FnMut(&ClassicPosition, &[Action])) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let red = Deployment::generate(Color::Red, DeploymentStyle::Random, &mut rng);
    let blue = Deployment::generate(Color::Blue, DeploymentStyle::Random, &mut rng);
    let mut position = ClassicPosition::start(&red, &blue, 80);
    let mut played = Vec::new();
    let mut moves = ActionList::new();
    for _ in 0..300 {
        check(&position, &played);
        position.legal_moves(&mut moves);
        let Some(&action) = moves.get(rand::RngExt::random_range(&mut rng, 0..moves.len().max(1)))
        else {
            break;
        };
        position.play(action).unwrap();
        played.push(action);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn a_view_never_names_an_enemy_piece_but_a_shown_flag(seed in any::<u64>()) {
        random_game(seed, |position, _| {
            if position.outcome().is_some() {
                return;
            }
            for side in Color::ALL {
                let view = ClassicView::of(position, side);
                for at in Point::all() {
                    if let Seen::Piece(piece) = view.seen(at) {
                        assert!(
                            piece.color == side
                                || (piece.kind == Kind::Flag && !position.has_marshal(piece.color)),
                            "{} sees {piece} on {at}",
                            side.letter()
                        );
                    }
                }
            }
        });
    }

    #[test]
    fn a_sides_line_replays_to_the_same_view(seed in any::<u64>()) {
        let mut start_position = None;
        random_game(seed, |position, played| {
            let start = start_position.get_or_insert_with(|| position.clone()).clone();
            // A finished game shows everything, which no line tells.
            if played.len() % 17 != 0 || position.outcome().is_some() {
                return;
            }
            for side in Color::ALL {
                let line = SideLine::of_game(&start, side, played).unwrap();
                let parsed = SideLine::parse(&line.to_string()).unwrap();
                assert_eq!(parsed.current(), &ClassicView::of(position, side));
                let mut grown = SideLine::new(line.start().clone(), Vec::new(), None).unwrap();
                for observed in line.actions() {
                    grown.push(observed.clone()).unwrap();
                }
                assert_eq!(grown, parsed);
            }
        });
    }

    #[test]
    fn a_spectators_line_follows_every_game_and_names_only_shown_flags(seed in any::<u64>()) {
        let mut start_position = None;
        random_game(seed, |position, played| {
            let start = start_position.get_or_insert_with(|| position.clone()).clone();
            if played.len() % 13 != 0 {
                return;
            }
            let public = SideLine::of_game(&start, Color::Red, played).unwrap();
            let line = SideLine::new(
                ClassicView::unknown_armies(start.quiet_limit()),
                public.actions().to_vec(),
                None,
            )
            .unwrap();
            let view = line.current();
            for at in Point::all() {
                match (view.seen(at), position.piece_at(at)) {
                    (Seen::Empty, None) => {}
                    (Seen::Unknown(colour), Some(piece)) => assert_eq!(colour, piece.color),
                    (Seen::Piece(seen), Some(piece)) => {
                        assert_eq!(seen, piece);
                        assert_eq!(piece.kind, Kind::Flag, "{at}");
                        assert!(!position.has_marshal(piece.color));
                    }
                    (seen, piece) => panic!("{at}: {seen:?} where {piece:?} stands"),
                }
            }
        });
    }

    #[test]
    fn no_text_panics(text in "\\PC{0,120}") {
        let _ = Deployment::parse(&text, Color::Red);
        let _ = ClassicText::parse(&text);
        let _ = SideLine::parse(&text);
        let _ = ClassicGame::from_text(&text);
    }

    #[test]
    fn no_cjfen_like_text_panics(board in "[1-5xXmMgGfFlLzZcC/]{0,70}", side in "[rb-]", quiet in 0u16..300, ply in 0u32..300) {
        let text = format!("{board} {side} {quiet} {ply}");
        if let Ok(ClassicText::View(view)) = ClassicText::parse(&text) {
            let mut moves = ActionList::new();
            view.legal_moves(&mut moves);
            let _ = SideLine::parse(&format!("{text} moves a6a7+ b2b3"));
        }
    }
}
