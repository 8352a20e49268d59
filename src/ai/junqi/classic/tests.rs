use super::*;
use crate::rules::junqi::classic::{ClassicGame, Deployment, DeploymentStyle};
use crate::rules::junqi::{Color, Outcome};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

const RED: &str = "CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP";
const BLUE: &str = "lfzlp/ldbec/r1m1t/zp1ec/e1g1b/cdrpt";

fn at(text: &str) -> Point {
    Point::parse(text).unwrap()
}

fn game(red: &str, blue: &str, moves: &[&str]) -> ClassicGame {
    let mut game = ClassicGame::new(ClassicPosition::start(
        &Deployment::parse(red, Color::Red).unwrap(),
        &Deployment::parse(blue, Color::Blue).unwrap(),
        80,
    ));
    for text in moves {
        game.play(text.parse().unwrap()).unwrap();
    }
    game
}

#[test]
fn deployment_rules_and_moves_narrow_an_enemy_piece() {
    // Blue's a7 moved into a camp: no landmine, no flag (and it started off the back ranks anyway).
    let game = game(RED, BLUE, &["d4d5", "a7b8"]);
    let belief = Belief::from_line(&game.line(Color::Red, 2)).unwrap();
    let moved = belief.kinds_at(at("b8")).unwrap();
    assert!(!moved.contains(Kind::Landmine) && !moved.contains(Kind::Flag));
    assert!(
        !moved.contains(Kind::Bomb),
        "a bomb never starts on the front rank"
    );
    let back = belief.kinds_at(at("b12")).unwrap();
    assert!(back.contains(Kind::Flag) && back.contains(Kind::Landmine));
    let middle = belief.kinds_at(at("c10")).unwrap();
    assert!(!middle.contains(Kind::Flag) && !middle.contains(Kind::Landmine));
}

#[test]
fn verdicts_narrow_the_pieces_that_fought() {
    // Red's marshal (c5) cannot reach a Blue piece at once; Red's engineer on d4 moves, then
    // Blue's a7 company commander attacks Red's a6 company commander: both fall.
    let line = game(RED, BLUE, &["d4d5", "a7a6"]).line(Color::Red, 2);
    assert_eq!(line.current().seen(at("a6")), Seen::Empty);
    let belief = Belief::from_line(&line).unwrap();
    assert!(belief.kinds_at(at("a6")).is_none(), "both fell");
    // What fell equalled a company commander or was a bomb; never the flag (the game went
    // on). Every guess keeps the army's counts: 24 Blue pieces left on the board.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    for _ in 0..20 {
        let guess = belief
            .sample(&mut rng, Some(DeploymentPrior::get()))
            .unwrap();
        assert_eq!(guess.len(), 24);
        assert_eq!(
            guess.iter().filter(|(_, p)| p.kind == Kind::Flag).count(),
            1
        );
    }
    // A Red division commander beaten by an unknown piece: that piece is a general or the
    // marshal (a bomb would have fallen too).
    let red = "DCRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP";
    let blue = "lfzlp/ldbec/r1m1t/zp1ec/e1c1b/gdrpt";
    let line = game(red, blue, &["d4d5", "a7a6"]).line(Color::Red, 2);
    let belief = Belief::from_line(&line).unwrap();
    let winner: Vec<Kind> = belief.kinds_at(at("a6")).unwrap().iter().collect();
    assert_eq!(winner, [Kind::Marshal, Kind::General]);
}

#[test]
fn the_answer_is_the_same_for_every_enemy_army_that_fits_the_line() {
    // Blue's b11 (d) and c12 (z) never move nor fight: swapping them changes Blue's army
    // but not Red's line, so Red's computer must answer alike.
    // So do a10 and e10 (a regiment and a battalion commander), and the marshal and general.
    let armies = [
        BLUE,
        "lfdlp/lzbec/r1m1t/zp1ec/e1g1b/cdrpt",
        "lfzlp/ldbec/t1m1r/zp1ec/e1g1b/cdrpt",
        "lfzlp/ldbec/r1g1t/zp1ec/e1m1b/cdrpt",
    ];
    let moves = ["d4d5", "a7b8", "b4c4", "e7d8"];
    let lines = armies.map(|blue| game(RED, blue, &moves).line(Color::Red, 4));
    for line in &lines[1..] {
        assert_eq!(line.to_string(), lines[0].to_string());
    }
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        // By nodes alone: a search the clock cuts short answers as the machine's load allows.
        let mut by_nodes = limits(level);
        by_nodes.search.max_time = Duration::MAX;
        let answers: Vec<_> = lines
            .iter()
            .map(|line| choose_move(line, level, by_nodes, 7).unwrap())
            .collect();
        assert!(
            answers.iter().all(|a| *a == answers[0]),
            "{level:?}: {answers:?}"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_move_and_a_finished_line_is_refused() {
    let line = game(RED, BLUE, &["d4d5", "a7b8"]).line(Color::Red, 2);
    let first = choose_move(&line, Level::Medium, limits(Level::Medium), 5).unwrap();
    assert_eq!(
        choose_move(&line, Level::Medium, limits(Level::Medium), 5).unwrap(),
        first
    );
    let blue_line = game(RED, BLUE, &["d4d5"]).line(Color::Red, 1);
    assert!(matches!(
        choose_move(&blue_line, Level::Easy, limits(Level::Easy), 1),
        Err(ThinkError::NotOwnersTurn)
    ));
}

#[test]
fn easy_beats_a_random_mover_in_a_short_match() {
    let mut score = 0.0;
    for index in 0..12 {
        score += arena::play_game(Level::Easy, Level::Random, 1, index).a_score;
    }
    assert!(score >= 9.0, "easy scored {score} of 12 against random");
}

#[test]
fn every_style_deploys_for_the_computer() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    for style in DeploymentStyle::ALL {
        let red = Deployment::generate(Color::Red, style, &mut rng);
        let blue = Deployment::generate(Color::Blue, style, &mut rng);
        let mut game = ClassicGame::new(ClassicPosition::start(&red, &blue, 80));
        let line = game.line(Color::Red, 0);
        let (action, _) = choose_move(&line, Level::Easy, limits(Level::Easy), 1).unwrap();
        game.play(action).unwrap();
        assert!(game.outcome().is_none() || matches!(game.outcome(), Some(Outcome::Win { .. })));
    }
}
