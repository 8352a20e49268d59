//! Tactical positions with a clearly right answer, and proof that the AI does not peek.

use super::*;
use crate::rules::junqi::{Position, Ruleset};

fn choose(jfen: &str, level: Level) -> String {
    let position = Position::from_jfen(jfen).expect("test JFEN");
    choose_action_within(position.view(), level, unhurried(level), 1)
        .expect("an action")
        .to_string()
}

/// The level's limits without the clock, so results do not depend on the machine's speed.
fn unhurried(level: Level) -> Limits {
    Limits {
        max_time: Duration::from_secs(3600),
        ..limits(level)
    }
}

const LEVELS: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

#[test]
fn every_level_takes_the_flag() {
    // Red regiment on a12 can take blue's flag on b12 (or wander off, or flip).
    let jfen = "Rf3/3?c?d/5/5/5/5/5/5/5/5/5/1F3 r 0 40";
    for level in LEVELS {
        assert_eq!(choose(jfen, level), "a12b12", "{level:?}");
    }
}

#[test]
fn does_not_attack_a_known_stronger_piece() {
    // Red company on c2 next to a blue general on c3... c3 is a post: attacking loses the company.
    let jfen = "1f3/5/5/5/5/5/5/5/5/2g2/2C2/1F1?l1 r 10 40";
    for level in [Level::Medium, Level::Hard] {
        assert_ne!(choose(jfen, level), "c2c3", "{level:?}");
    }
}

#[test]
fn digs_the_mine_in_front_of_the_flag_with_an_engineer() {
    // Blue's flag on b12 is guarded by mines on a12, c12 and b11; red's engineer on a11 can
    // take a mine now and the flag next turn, whatever blue's flip on e1 shows.
    let jfen = "lfl2/El3/5/5/5/5/5/5/5/5/5/1F2?p r 0 40";
    let position = Position::from_jfen(jfen).unwrap();
    let found = choose(jfen, Level::Hard);
    assert!(
        ["a11b11", "a11a12"].contains(&found.as_str()),
        "{found} in {}",
        position.to_jfen()
    );
}

#[test]
fn moves_a_threatened_piece_into_a_camp() {
    // Red's general on c2 is threatened by blue's marshal on c3; its own mines block b2, d2
    // and c1, so only the camps b3 and d3 are safe. Red's regiment could move instead; blue's flag
    // is walled in by mines, so there is no race to win instead.
    let jfen = "lfl2/1l3/5/5/5/5/5/4R/5/2m2/1LGL1/1FL2 r 0 40";
    let found = choose(jfen, Level::Hard);
    assert!(["c2b3", "c2d3"].contains(&found.as_str()), "{found}");
}

/// `count` positions of unfinished games, reached by random play from seeded deals.
fn random_positions(count: u64, seed: u64) -> Vec<(u64, Position)> {
    use rand::SeedableRng;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut actions = ActionList::new();
    let mut found = Vec::new();
    for game in 0..count * 2 {
        let mut position = Position::deal_seeded(Ruleset::default(), game ^ seed);
        for _ in 0..(game * 7 % 150) {
            position.legal_actions(&mut actions);
            let Some(&action) = actions.choose(&mut rng) else {
                break;
            };
            position.play_legal(action);
        }
        if position.outcome().is_none() {
            found.push((game, position));
        }
        if found.len() as u64 == count {
            break;
        }
    }
    found
}

#[test]
fn every_level_plays_a_legal_action_on_a_thousand_random_positions() {
    let positions = random_positions(1000, 5);
    assert_eq!(positions.len(), 1000);
    for (index, (game, position)) in positions.iter().enumerate() {
        // The slower levels on every 25th position, with fewer nodes, to keep the test quick.
        let levels: &[Level] = if index % 25 == 0 {
            &[Level::Random, Level::Easy, Level::Medium, Level::Hard]
        } else {
            &[Level::Random, Level::Easy]
        };
        for &level in levels {
            let limits = Limits {
                max_nodes: 3_000,
                ..unhurried(level)
            };
            let action = choose_action_within(position.view(), level, limits, *game)
                .expect("the game goes on");
            assert!(
                position.view().is_legal(action),
                "{level:?} chose {action} in {}",
                position.to_jfen()
            );
        }
    }
}

#[test]
fn decisions_do_not_depend_on_hidden_identities() {
    use rand::SeedableRng;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let mut compared = 0;
    for (game, position) in random_positions(12, 9) {
        // The same public position with the face-down pieces shuffled among themselves.
        let shuffled = position.with_hidden_shuffled(&mut rng);
        assert_ne!(shuffled, position, "the full states differ");
        for level in LEVELS {
            assert_eq!(
                choose_action_within(position.view(), level, unhurried(level), game),
                choose_action_within(shuffled.view(), level, unhurried(level), game),
                "{level:?}"
            );
            compared += 1;
        }
    }
    assert!(compared > 20);
}

#[test]
fn sliced_thinking_pauses_between_slices_and_ends_with_a_legal_action() {
    // A busy middle game, where a Hard search takes far longer than one slice.
    for (game, position) in random_positions(3, 21) {
        let view = position.view();
        let limits = Limits {
            max_nodes: 50_000,
            ..unhurried(Level::Hard)
        };
        let mut thinker = Thinker::new(view, Level::Hard, limits, game);
        let mut pauses = 0;
        let action = loop {
            match thinker.think(Some(Duration::from_micros(200))) {
                Poll::Ready(answer) => break answer.expect("the game goes on"),
                Poll::Pending => pauses += 1,
            }
        };
        assert!(pauses > 3, "only {pauses} pauses");
        assert!(view.is_legal(action), "{action} in {}", position.to_jfen());
        // Once decided, the answer stays.
        assert_eq!(thinker.think(None), Poll::Ready(Some(action)));
    }
}

/// Judges `played` in `jfen` from the mover's view at Medium, as a review does.
fn judge(jfen: &str, played: &str) -> crate::ai::review::Judgement<Action> {
    let position = Position::from_jfen(jfen).expect("test JFEN");
    judge_action(position.view(), played.parse().unwrap(), Level::Medium).unwrap()
}

#[test]
fn a_review_flags_a_marshal_sent_onto_a_bomb_and_a_flag_left_to_fall() {
    use crate::ai::review::{Class, Reason};
    // Red's marshal on c6 attacks the face-up blue bomb on c7: both leave the board, and Red's
    // division is left facing blue's general.
    let bombed = judge("1f3/5/5/g4/5/2z2/2M2/5/5/5/1D3/1F2?p r 0 40", "c6c7");
    assert!(bombed.class >= Class::Mistake, "{bombed:?}");
    assert_eq!(
        bombed.reason,
        Some(Reason::RunsInto('M', 'Z')),
        "{bombed:?}"
    );
    // Blue's regiment on b2 takes Red's flag on b1 next unless Red's general takes it now
    // (Red's marshal on a4 would then keep Red ahead); Red flips e1 instead.
    let left = judge("1f3/5/5/5/5/5/5/5/M4/5/1rG2/1F2?p r 0 40", "e1");
    assert_eq!(left.class, Class::Blunder, "{left:?}");
    assert_eq!(left.best.to_string(), "c2b2");
    assert_eq!(left.reason, Some(Reason::AllowsMate), "{left:?}");
    // Moving the general away from b2's regiment instead leaves the flag just the same.
    let walked = judge("1f3/5/5/5/5/5/5/5/M4/5/1rG2/1F2?p r 0 40", "c2d2");
    assert_eq!(walked.reason, Some(Reason::AllowsMate), "{walked:?}");
    // Red's general steps from c5 to c6, where Blue's face-up marshal on c7 takes it next.
    let hung = judge("1f3/5/5/5/5/2m2/5/2G2/5/5/5/1F2?p r 0 40", "c5c6");
    assert!(hung.class >= Class::Mistake, "{hung:?}");
    assert_eq!(hung.reason, Some(Reason::Loses('G')), "{hung:?}");
    // With Blue to move, its regiment on b2 takes Red's flag: stepping aside misses the game.
    let missed = judge("1f3/5/5/5/5/5/5/5/M4/5/1rG2/1F2?p b 0 40", "b2a2");
    assert_eq!(missed.reason, Some(Reason::MissesMate), "{missed:?}");
}

#[test]
fn a_review_never_flags_the_engines_own_choice() {
    use crate::ai::review::{Class, Loss};
    for (jfen, played) in [
        ("1f3/5/5/g4/5/2z2/2M2/5/5/5/1D3/1F2?p r 0 40", "c6c7"),
        ("1f3/5/5/5/5/5/5/5/M4/5/1rG2/1F2?p r 0 40", "e1"),
    ] {
        let best = judge(jfen, played).best;
        let judged = judge(jfen, &best.to_string());
        assert_eq!(
            (judged.class, judged.loss),
            (Class::Best, Loss::default()),
            "{jfen}"
        );
    }
}
