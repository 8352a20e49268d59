//! Positions with a clearly right answer, and the repetition rules from both sides.

use super::*;
use crate::rules::xiangqi::{Color, Move, Position};

fn game(fen: &str, moves: &str) -> Game {
    let mut game = Game::new(Position::from_fen(fen).expect("test FEN"));
    for mv in moves.split_whitespace() {
        game.play(mv.parse().expect("ICCS")).expect("legal");
    }
    game
}

fn best(game: &Game, level: Level) -> String {
    choose_move_within(game, level, node_limits(level), 1)
        .expect("a move")
        .to_string()
}

#[test]
fn every_level_mates_in_one() {
    // The chariot on a8 holds rank 8; b0b9 mates along the back rank.
    let mate = game("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", "");
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        assert_eq!(best(&mate, level), "b0b9", "{level:?}");
    }
}

#[test]
fn medium_takes_a_hanging_chariot_and_saves_its_own() {
    // The black chariot on e5 hangs to the red cannon (screen e3).
    let take = game("3k5/9/9/9/4r4/9/4P4/9/9/4CK3 w - - 0 1", "");
    assert_eq!(best(&take, Level::Medium), "e0e5");
    // The red chariot on b4 is attacked by a black horse and must move away unharmed.
    let flee = game("3k5/9/9/9/2n6/1R7/9/9/9/4K4 w - - 0 1", "");
    let mv: Move = choose_move(&flee, Level::Medium, 3).expect("a move");
    assert_eq!(mv.from().to_string(), "b4", "{mv}");
}

#[test]
fn the_search_never_checks_perpetually_into_a_loss() {
    // Red has checked five times with one chariot; a sixth repeating check loses.
    let checked = game(
        "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1",
        "a1a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8",
    );
    for level in [Level::Medium, Level::Hard] {
        let mv = best(&checked, level);
        assert_ne!(mv, "a9a8", "{level:?}");
        let mut after = checked.clone();
        after.play(mv.parse().unwrap()).unwrap();
        assert_eq!(after.outcome(), None, "{level:?} played {mv}");
    }
}

#[test]
fn the_search_steers_a_perpetual_checker_into_the_rule() {
    // Black, checked by the red chariot on a8, may step to e9 (the position of two moves ago:
    // Red, checking every move, is the one who repeats) or to e7 (new ground). Hard keeps the
    // cycle going and scores it as Black's win by the rule.
    let checked = game(
        "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1",
        "a1a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8",
    );
    let mut legal = MoveList::new();
    checked.position().legal_moves(&mut legal);
    assert!(legal.contains(&"e8e7".parse().unwrap()), "a real choice");
    let mut deepening = Deepening::new(&checked, node_limits(Level::Hard)).expect("a search");
    assert!(deepening.advance(None, &mut |_| {}));
    let (_, report) = deepening.result().expect("an iteration");
    assert_eq!(report.pv[0].to_string(), "e8e9");
    assert!(report.score > 10_000, "{}", report.score);
}

/// Thinks in slices of `slice` until ready; the answer and the number of slices.
fn think_sliced(game: &Game, level: Level, slice: Duration) -> (Option<Move>, u32) {
    let mut thinker = Thinker::new(game, level, node_limits(level), 5);
    let mut slices = 0;
    loop {
        slices += 1;
        if let Poll::Ready(answer) = thinker.think(Some(slice)) {
            return (answer, slices);
        }
    }
}

#[test]
fn thinking_in_slices_finds_what_thinking_in_one_go_finds() {
    let opening = game(crate::rules::xiangqi::START_FEN, "h2e2 h9g7");
    let (answer, slices) = think_sliced(&opening, Level::Medium, Duration::from_micros(200));
    assert!(opening.position().is_legal(answer.expect("a move")));
    assert!(
        slices > 1,
        "the search should have needed more than one slice"
    );
    let take = game("3k5/9/9/9/4r4/9/4P4/9/9/4CK3 w - - 0 1", "");
    let (answer, _) = think_sliced(&take, Level::Hard, Duration::from_micros(200));
    assert_eq!(answer.map(|m| m.to_string()).as_deref(), Some("e0e5"));
}

#[test]
fn random_and_finished_games() {
    let start = game(crate::rules::xiangqi::START_FEN, "");
    let mv = choose_move(&start, Level::Random, 9).expect("a move");
    assert!(start.position().is_legal(mv));
    let mated = game("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", "b0b9");
    assert_eq!(choose_move(&mated, Level::Hard, 1), None);
}

#[test]
fn the_search_never_chases_a_crossed_soldier_perpetually() {
    // Red's chariot has followed the soldier five times; a sixth chase loses by the rule.
    let chased = game(
        "3k5/9/9/9/9/9/p8/9/2R6/4K4 w - - 0 1",
        "c1a1 a3b3 a1b1 b3a3 b1a1 a3b3 a1b1 b3a3 b1a1 a3b3",
    );
    for level in [Level::Medium, Level::Hard] {
        let mv = best(&chased, level);
        let mut after = chased.clone();
        after.play(mv.parse().unwrap()).unwrap();
        let winner = after.outcome().and_then(|outcome| outcome.winner);
        assert_ne!(winner, Some(Color::Black), "{level:?} played {mv}");
    }
}

#[test]
fn hard_thinks_to_its_clock_in_the_game_and_to_nodes_in_arenas() {
    assert_eq!(limits(Level::Hard).max_nodes, u64::MAX);
    assert_eq!(limits(Level::Hard).max_time, Level::Hard.budget());
    assert!(node_limits(Level::Hard).max_nodes < u64::MAX);
    // Easy and Medium are weak by their node counts, in the game too.
    for level in [Level::Easy, Level::Medium] {
        assert_eq!(limits(level).max_nodes, node_limits(level).max_nodes);
    }
}

/// Hard's answer (node limits) and its score, from its last finished iteration.
fn hard_report(game: &Game) -> (String, i32) {
    let mut deepening = Deepening::new(game, node_limits(Level::Hard)).expect("a search");
    assert!(deepening.advance(None, &mut |_| {}));
    let (_, report) = deepening.result().expect("an iteration");
    (report.pv[0].to_string(), report.score)
}

#[test]
fn the_search_never_chases_from_a_check_screen_perpetually() {
    // Behind in material, Red would take a draw by repetition. The red cannon between the
    // chariot on e0 and the black general has chased the black cannon five times (taking it
    // would uncover check, so it cannot take back): e5e4 would be the sixth chase and lose.
    let chased = game(
        "r3k3r/9/9/9/c1p6/2p1C4/9/9/9/3KR4 w - - 0 1",
        "e4e5 a5a4 e5e4 a4a5 e4e5 a5a4 e5e4 a4a5 e4e5 a5a4",
    );
    for level in [Level::Medium, Level::Hard] {
        let mv = best(&chased, level);
        assert_ne!(mv, "e5e4", "{level:?}");
        let mut after = chased.clone();
        after.play(mv.parse().unwrap()).unwrap();
        let winner = after.outcome().and_then(|outcome| outcome.winner);
        assert_ne!(winner, Some(Color::Black), "{level:?} played {mv}");
    }
}

#[test]
fn the_search_repeats_when_its_chases_go_from_piece_to_piece() {
    // Red, a chariot against a chariot, cannon and horse, attacks the cannon and the horse
    // in turn while the black chariot guards each; chasing two pieces in turn is allowed, so
    // repeating is a draw and the best Red has.
    let cycle = game(
        "6r2/4k4/2c3n2/9/9/9/9/6R2/9/3K5 w - - 0 1",
        "g2c2 g9c9 c2g2 c9g9",
    );
    assert_eq!(hard_report(&cycle), ("g2c2".to_string(), 0));
}

#[test]
fn the_search_keeps_checking_when_both_sides_check_perpetually() {
    // Far behind in material and in check, Red blocks with the cannon and checks again: both
    // sides check every move, which the rules draw.
    let checks = game(
        "rn3c3/4k4/5r3/9/4C4/4P4/9/5K3/4C4/9 w - - 0 1",
        "e5f5 f7e7 f5e5 e7f7 e5f5 f7e7 f5e5 e7f7 e5f5 f7e7",
    );
    assert_eq!(hard_report(&checks), ("f5e5".to_string(), 0));
    let mut after = checks.clone();
    after.play("f5e5".parse().unwrap()).unwrap();
    assert_eq!(
        after.outcome().map(|outcome| outcome.to_string()),
        Some("draw repetition".to_string())
    );
}

/// Judges `played` after the `fen` at Medium, as a review does.
fn judge(fen: &str, played: &str) -> crate::ai::review::Judgement<Move> {
    let game = Game::new(Position::from_fen(fen).expect("test FEN"));
    judge_move(&game, played.parse().unwrap(), Level::Medium).unwrap()
}

#[test]
fn a_review_calls_a_hung_chariot_and_a_walk_into_mate_blunders() {
    use crate::ai::review::Class;
    // The chariot on b2 steps into the black horse's reach on b5.
    let hung = judge("3k5/9/2n6/9/9/9/9/1R7/9/4K4 w - - 0 1", "b2b5");
    assert_eq!(hung.class, Class::Blunder, "{hung:?}");
    // Black's chariot on b5 keeps Red's b0 chariot off rank 9; leaving the file lets b0b9
    // mate (the chariot on a8 holds rank 8). Taking b0 was there instead.
    let mated = judge("4k4/R8/9/9/1r7/9/9/9/9/1R1K5 b - - 0 1", "b5i5");
    assert_eq!(mated.class, Class::Blunder, "{mated:?}");
    assert!(mated.loss.thousandths() > 800, "{mated:?}");
}

#[test]
fn a_reviews_reasons_name_the_piece_lost_and_the_mate() {
    use crate::ai::review::{Class, Reason};
    // The advisor on e8 shields the king from a quick mate: the chariot is what b2b5 loses.
    let hung = judge("3k5/4a4/2n6/9/9/9/9/1R7/9/4K4 w - - 0 1", "b2b5");
    assert_eq!(hung.reason, Some(Reason::Loses('R')), "{hung:?}");
    // As in the blunder above, b5i5 lets b0b9 mate; the red king on f0 leaves Black no mate.
    let mated = judge("4k4/R8/9/9/1r7/9/9/9/9/1R3K3 b - - 0 1", "b5i5");
    assert_eq!(mated.reason, Some(Reason::AllowsMate), "{mated:?}");
    // c0c9 mates (a8 holds rank 8); a8d8 checks, does not mate, and does not let Black's
    // chariots mate at once either (most other moves do).
    let missed = judge("4k4/R8/9/9/9/9/r8/r8/9/2RK5 w - - 0 1", "a8d8");
    assert_eq!(missed.best.to_string(), "c0c9");
    assert_eq!(missed.class, Class::Blunder, "{missed:?}");
    assert_eq!(missed.reason, Some(Reason::MissesMate), "{missed:?}");
    let best = judge(
        "3k5/4a4/2n6/9/9/9/9/1R7/9/4K4 w - - 0 1",
        &hung.best.to_string(),
    );
    assert_eq!(best.reason, None);
}

#[test]
fn a_reviews_reason_names_the_check_that_wins_a_piece() {
    use crate::ai::review::Reason;
    // h2h9 checks the general on d9 along rank 9 and attacks the horse on i9 beyond it: once
    // the general steps off the rank the chariot takes the horse (Black's chariot on a5
    // keeps a quick mate off the board). The advisor on d2 bars the other check, h2d2, which
    // wins the horse too, a few moves later. A quiet king move wins nothing.
    let missed = judge("3k4n/9/9/9/r8/9/9/3A3R1/9/5K3 w - - 0 1", "f0f1");
    assert_eq!(missed.best.to_string(), "h2h9", "{missed:?}");
    assert_eq!(missed.reason, Some(Reason::MissesCheck('N')), "{missed:?}");
}

#[test]
fn a_review_never_flags_the_engines_own_choice() {
    use crate::ai::review::{Class, Loss};
    for (fen, played) in [
        ("3k5/9/2n6/9/9/9/9/1R7/9/4K4 w - - 0 1", "b2b5"),
        ("4k4/R8/9/9/1r7/9/9/9/9/1R1K5 b - - 0 1", "b5i5"),
        (crate::rules::xiangqi::START_FEN, "h2e2"),
    ] {
        let best = judge(fen, played).best;
        let judged = judge(fen, &best.to_string());
        assert_eq!(
            (judged.class, judged.loss),
            (Class::Best, Loss::default()),
            "{fen}"
        );
    }
}
