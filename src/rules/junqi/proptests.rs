//! Property tests over random games.

use super::*;
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;

/// Plays up to `plies` random legal actions from a seeded deal, calling `check` before each.
fn random_game(
    seed: u64,
    plies: usize,
    mut check: impl FnMut(&Position, Option<(Action, Effect)>),
) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut position = Position::deal_seeded(Ruleset::default(), seed);
    let mut actions = ActionList::new();
    check(&position, None);
    for _ in 0..plies {
        position.legal_actions(&mut actions);
        let Some(&action) = actions.choose(&mut rng) else {
            break;
        };
        let effect = position.play(action).expect("a listed action is accepted");
        check(&position, Some((action, effect)));
    }
}

fn pieces_on_board(position: &Position) -> usize {
    Point::all()
        .filter(|&p| position.view().cell(p) != Cell::Empty)
        .count()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn jfen_round_trips(seed in any::<u64>(), plies in 0usize..300) {
        random_game(seed, plies, |position, _| {
            let text = position.to_jfen();
            let parsed = Position::from_jfen(&text).expect("formatted JFEN parses");
            assert_eq!(&parsed, position, "{text}");
            assert_eq!(parsed.to_jfen(), text);
        });
    }

    #[test]
    fn pieces_only_disappear_through_combat(seed in any::<u64>(), plies in 0usize..300) {
        let mut before = 50;
        random_game(seed, plies, |position, played| {
            let now = pieces_on_board(position);
            let lost = match played {
                None | Some((_, Effect::Flipped { .. } | Effect::Moved { .. })) => 0,
                Some((_, Effect::Attacked { combat, .. })) => match combat {
                    Combat::AttackerWins | Combat::DefenderWins | Combat::FlagCaptured => 1,
                    Combat::BothRemoved | Combat::FlagBombed => 2,
                },
            };
            assert_eq!(before - now, lost, "{played:?}");
            before = now;
        });
    }

    #[test]
    fn moves_lists_exactly_what_apply_accepts(seed in any::<u64>(), plies in 0usize..250) {
        let mut step = 0;
        random_game(seed, plies, |position, _| {
            step += 1;
            if step % 7 != 0 {
                return;
            }
            let mut listed = ActionList::new();
            position.legal_actions(&mut listed);
            assert_eq!(listed.len(), position.view().count_legal_actions());
            let mut candidates: Vec<Action> = Point::all().map(Action::Flip).collect();
            for from in Point::all() {
                for to in Point::all().filter(|&to| to != from) {
                    candidates.push(Action::Move { from, to });
                }
            }
            for action in candidates {
                let accepted = position.clone().play(action).is_ok();
                assert_eq!(accepted, listed.contains(&action), "{action} in {}", position.to_jfen());
            }
        });
    }

    #[test]
    fn a_player_view_never_holds_a_face_down_identity(seed in any::<u64>(), plies in 0usize..200) {
        random_game(seed, plies, |position, _| {
            // Every letter of the view's JFEN is a face-up piece: face-down ones are a bare '?'.
            let view_text = position.view().to_jfen();
            let board = view_text.split(' ').next().unwrap();
            let letters = board.chars().filter(char::is_ascii_alphabetic).count();
            let face_up = Point::all().filter(|&p| matches!(position.view().cell(p), Cell::Up(_))).count();
            assert_eq!(letters, face_up, "{view_text}");
            assert_eq!(board.matches('?').count(), position.view().face_down_points().count());
            // Swapping two face-down identities changes the position but not what players see.
            let hidden: Vec<Point> = position.view().face_down_points().collect();
            if let [a, .., b] = hidden[..] {
                let mut swapped = position.clone();
                swapped.hidden.swap(a.index(), b.index());
                assert_eq!(swapped.view(), position.view());
            }
            assert!(position.view().hash_is_consistent());
        });
    }
}
