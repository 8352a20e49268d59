use super::arena::{Result, play_game};
use super::*;
use crate::rules::qiguo::{Kind, Seating, State};

fn position(qfen: &str) -> Position {
    Position::from_qfen(qfen).unwrap_or_else(|e| panic!("{qfen}: {e}"))
}

#[test]
fn every_level_answers_a_legal_move_at_the_start() {
    for players in 3..=7 {
        let start = Position::start(Seating::for_players(players).unwrap());
        for level in [Level::Random, Level::Easy, Level::Medium, Level::Hard] {
            for replies in [Replies::Paranoid, Replies::BestReply, Replies::Captures] {
                let limits = Limits {
                    max_nodes: 5_000,
                    replies,
                    ..limits(level)
                };
                let mv = choose_move_within(&start, level, limits, 7).expect("a move");
                assert!(start.is_legal(mv), "{level:?} {replies:?} {mv}");
            }
        }
    }
}

#[test]
fn a_finished_game_has_no_move() {
    let over = position(
        "19/19/19/19/19/18gR/19/19/19/9*8bR/19/19/19/5wO13/19/19/19/19/wR18 b 1234567 6,0,0,0,0,0,0 2,0,0,0,0,0,0 0 1",
    );
    for level in [Level::Random, Level::Easy, Level::Hard] {
        assert_eq!(choose_move(&over, level, 1), None);
    }
}

#[test]
fn the_search_takes_the_second_ruler_and_wins() {
    // Qin has taken one Ruler; its officer on c3 can take Chu's on f6 and be the hegemon,
    // or take a heavy swordsman on a5 for a point.
    let here = position(
        "18rD/19/19/19/19/18gR/19/19/19/9*8bR/19/19/19/5rR13/rH18/19/2wO16/19/wR18 w 1234567 5,0,0,0,0,0,0 1,0,0,0,0,0,0 0 0",
    );
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        for replies in [Replies::Paranoid, Replies::BestReply, Replies::Captures] {
            let limits = Limits {
                replies,
                ..limits(level)
            };
            assert_eq!(
                choose_move_within(&here, level, limits, 3).map(|m| m.to_string()),
                Some("c3f6".to_string()),
                "{level:?} {replies:?}"
            );
        }
    }
}

#[test]
fn the_search_keeps_its_ruler_out_of_reach() {
    // Chu's General on f10 attacks Qin's Ruler on a10 along rank 10, and Chu moves next:
    // Qin must step off the rank.
    let here = position(
        "18rR/19/19/19/19/19/19/19/19/wR4rG3*9/19/19/19/19/19/19/19/19/19 w 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 0 0",
    );
    let mv = choose_move(&here, Level::Medium, 1).expect("a move");
    let mut after = here.clone();
    after.play_unchecked(mv);
    assert!(after.is_live(State::Qin), "{mv}");
    let mut replies = MoveList::new();
    after.legal_moves(&mut replies);
    assert!(
        replies.iter().all(|reply| after
            .piece_at(reply.to())
            .is_none_or(|p| p.kind != Kind::Ruler)),
        "{mv} leaves the Ruler en prise"
    );
}

#[test]
fn a_sliced_search_decides_as_one_in_one_go() {
    let start = Position::start(Seating::for_players(4).unwrap());
    let limits = Limits {
        max_nodes: 30_000,
        ..limits(Level::Hard)
    };
    let whole = choose_move_within(&start, Level::Hard, limits, 5);
    let mut thinker = Thinker::new(&start, Level::Hard, limits, 5);
    let mut slices = 0;
    let sliced = loop {
        slices += 1;
        if let Poll::Ready(answer) = thinker.think(Some(Duration::from_micros(200))) {
            break answer;
        }
    };
    assert!(slices > 1, "the search should need several slices");
    assert_eq!(sliced, whole);
}

#[test]
fn easy_beats_a_random_mover() {
    let seating = Seating::for_players(3).unwrap();
    for index in 0..2 {
        let game = play_game(Level::Easy, Level::Random, Level::Random, seating, 3, index)
            .expect("two equal seats");
        assert_eq!(game.result, Result::Win, "{game:?}");
    }
}

#[test]
fn hard_sees_a_capture_by_a_state_several_turns_away() {
    // Qin's General on e5 can take Chu's Officer on e12 (Chu, left with too few pieces, is
    // out), where Wei's General on m12 takes it back after Han and Qi have moved. Medium's
    // two moves and quiescence stop at Qi, which has no capture, and take the Officer; Hard,
    // which lets every enemy capture in its turn before Qin moves again, keeps the General.
    let here = position(
        "wRwH15bHbR/wHwS15bSbH/19/19/19/19/19/4rO7gG6/19/9*9/19/19/19/19/4wG14/19/19/oHoS6gSgHgS6rSrH/oRoH6gHgRgH6rHrR w 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 0 0",
    );
    for seed in 0..4 {
        let medium = choose_move(&here, Level::Medium, seed).map(|m| m.to_string());
        assert_eq!(medium.as_deref(), Some("e5e12"), "Medium, seed {seed}");
        let hard = choose_move(&here, Level::Hard, seed).map(|m| m.to_string());
        assert_ne!(hard.as_deref(), Some("e5e12"), "Hard, seed {seed}");
    }
}

#[test]
fn hard_looks_at_its_next_move_within_its_nodes() {
    // Hard's depth counts the root seat's moves: at the start of a four-seat game its node
    // limit reaches Qin's move, every enemy's captures, and Yan's move after them.
    let start = Position::start(Seating::for_players(4).unwrap());
    let limits = Limits {
        max_time: std::time::Duration::from_secs(600),
        ..limits(Level::Hard)
    };
    let mut deepening = Deepening::new(&start, limits).expect("moves at the start");
    deepening.advance(None);
    let (_, report) = deepening.result().expect("an iteration finished");
    assert!(report.depth >= 2, "depth {}", report.depth);
}

#[test]
fn a_reviews_reason_names_the_ruler_left_to_fall_and_the_piece_not_taken() {
    use crate::ai::review::{Class, Reason};
    // As above: Chu's General on f10 attacks Qin's Ruler on a10, and Chu moves next.
    let here = position(
        "18rR/19/19/19/19/19/19/19/19/wR4rG3*9/19/19/19/19/19/19/19/19/19 w 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 0 0",
    );
    let judge = |played: &str| judge_move(&here, played.parse().unwrap(), Level::Medium).unwrap();
    // Along the rank the Ruler stays in the General's reach.
    let left = judge("a10b10");
    assert_eq!(left.class, Class::Blunder, "{left:?}");
    assert_eq!(left.reason, Some(Reason::Loses('R')), "{left:?}");
    // Off the rank it is safe, but the General was there to take.
    let fled = judge("a10a9");
    assert_eq!(fled.best.to_string(), "a10f10", "{fled:?}");
    assert!(fled.class >= Class::Mistake, "{fled:?}");
    assert_eq!(fled.reason, Some(Reason::MissesWinning('G')), "{fled:?}");
    assert_eq!(judge("a10f10").reason, None);
}
