use super::*;
use crate::rules::{junqi, qiguo, xiangqi};
use std::collections::BTreeSet;

/// The lesson of `G`, or a failure that names what is wrong with its file.
fn loaded<G: LessonGame>() -> &'static Lesson<G> {
    match lesson::<G>() {
        Ok(lesson) => lesson,
        Err(error) => panic!("{error}"),
    }
}

fn step<G: LessonGame>(id: &str) -> &'static Step<G> {
    loaded::<G>()
        .step(id)
        .unwrap_or_else(|| panic!("{} has no step {id}", G::NAME))
}

fn mv<G: LessonGame>(text: &str) -> G::Move {
    G::read_move(text).unwrap_or_else(|error| panic!("{error}"))
}

/// The table after `text` is played from the step's start.
fn after<G: LessonGame>(id: &str, text: &str) -> G::Table {
    G::play(&step::<G>(id).start(), mv::<G>(text)).unwrap_or_else(|error| panic!("{error}"))
}

#[test]
fn every_lesson_file_loads_with_eight_to_twelve_steps() {
    for (name, steps) in [
        ("junqi", loaded::<Junqi>().steps().len()),
        ("junqi-classic", loaded::<JunqiClassic>().steps().len()),
        ("xiangqi", loaded::<Xiangqi>().steps().len()),
        ("qiguo", loaded::<Qiguo>().steps().len()),
    ] {
        assert!((8..=12).contains(&steps), "{name} has {steps} steps");
    }
    for kind in [
        GameKind::Junqi,
        GameKind::JunqiClassic,
        GameKind::Xiangqi,
        GameKind::Qiguo,
    ] {
        let outline = outline(kind).expect("a lesson").unwrap();
        assert!(outline.title_key.starts_with("lesson-"));
        assert!(!outline.step_ids.is_empty());
    }
}

/// Every position parses, every highlight is a point, and the right moves are legal and right.
fn check_right_moves<G: LessonGame>() {
    for step in loaded::<G>().steps() {
        let start = step.start();
        assert!(!G::is_over(&start), "{}: over at the start", step.id());
        assert!(
            !step.highlights().is_empty(),
            "{}: nothing highlighted",
            step.id()
        );
        let right: Vec<G::Move> = match step.goal() {
            Goal::Moves(moves) => moves.clone(),
            _ => vec![step.solution()],
        };
        assert!(right.contains(&step.solution()), "{}", step.id());
        for mv in right {
            assert!(
                G::play(&start, mv).is_ok(),
                "{}: {mv} is illegal",
                step.id()
            );
            assert_eq!(
                step.judge(mv),
                Verdict::Right {
                    why: step.right_key()
                },
                "{}: {mv}",
                step.id()
            );
        }
    }
}

#[test]
fn every_step_accepts_its_right_moves() {
    check_right_moves::<Junqi>();
    check_right_moves::<JunqiClassic>();
    check_right_moves::<Xiangqi>();
    check_right_moves::<Qiguo>();
}

/// Every legal move that is not right gets the step's own word or its `-wrong` message, and
/// every listed answer is not right.
fn check_wrong_moves<G: LessonGame>() {
    for step in loaded::<G>().steps() {
        for mv in G::legal_moves(&step.start()) {
            match step.judge(mv) {
                Verdict::Right { .. } => {}
                Verdict::Wrong { what } => assert!(
                    what == step.wrong_key() || step.answers.iter().any(|(_, key)| key == what),
                    "{}: {mv} answered with {what}",
                    step.id()
                ),
                Verdict::Illegal { reason, .. } => {
                    panic!("{}: legal {mv} judged illegal: {reason}", step.id())
                }
            }
        }
        for (moves, key) in &step.answers {
            for &mv in moves {
                let verdict = step.judge(mv);
                assert!(!verdict.is_right(), "{}: {mv}", step.id());
                let what = match verdict {
                    Verdict::Wrong { what } | Verdict::Illegal { what, .. } => what,
                    Verdict::Right { .. } => unreachable!(),
                };
                assert_eq!(what, key, "{}: {mv}", step.id());
            }
        }
    }
}

#[test]
fn every_other_move_is_answered_with_what_went_wrong() {
    check_wrong_moves::<Junqi>();
    check_wrong_moves::<JunqiClassic>();
    check_wrong_moves::<Xiangqi>();
    check_wrong_moves::<Qiguo>();
}

/// One wrong move per step, and whether the rules allow it, as the step's texts say.
#[test]
fn a_sample_wrong_move_of_every_step_is_wrong_or_illegal() {
    enum Expect {
        Wrong,
        Illegal,
    }
    use Expect::*;
    fn check<G: LessonGame>(samples: &[(&str, &str, Expect)]) {
        let ids: BTreeSet<&str> = loaded::<G>().steps().iter().map(Step::id).collect();
        let sampled: BTreeSet<&str> = samples.iter().map(|(id, _, _)| *id).collect();
        assert_eq!(ids, sampled, "{}: every step needs a sample", G::NAME);
        for (id, text, expect) in samples {
            let verdict = step::<G>(id).judge(mv::<G>(text));
            match (expect, &verdict) {
                (Wrong, Verdict::Wrong { .. }) | (Illegal, Verdict::Illegal { .. }) => {}
                _ => panic!("{} {id}: {text} gave {verdict:?}", G::NAME),
            }
        }
    }
    check::<Junqi>(&[
        ("first-flip", "a4a5", Illegal),
        ("face-down", "b6a6", Illegal),
        ("ranks", "b6c6", Wrong),
        ("equal-ranks", "a2a3", Wrong),
        ("bomb", "b7c7", Wrong),
        ("mine", "c11b11", Wrong),
        ("rail-slide", "a2a9", Wrong),
        ("engineer-corners", "c6e10", Illegal),
        ("camp", "c3c2", Wrong),
        ("headquarters", "d1c1", Wrong),
        ("flag", "b11c11", Wrong),
        ("quiet-draw", "a2a3", Wrong),
    ]);
    check::<Xiangqi>(&[
        ("general", "d1c1", Illegal),
        ("advisor", "d0c1", Illegal),
        ("elephant", "e2g4", Illegal),
        ("horse-leg", "c2d4", Illegal),
        ("chariot", "a0a9", Illegal),
        ("cannon", "b2b5", Illegal),
        ("soldier", "c4b4", Illegal),
        ("flying-generals", "e4g5", Illegal),
        ("check", "a7a8", Illegal),
        ("mate", "a0a9", Wrong),
        ("stalemate", "c7b7", Wrong),
        ("perpetual-check", "a9a8", Wrong),
    ]);
    check::<Qiguo>(&[
        ("states", "a10b10", Illegal),
        ("emperor", "j4j16", Illegal),
        ("catapult", "j4n4", Illegal),
        ("cavalry", "i6k7", Illegal),
        ("diplomat", "h7h5", Illegal),
        ("allies", "g12g14", Illegal),
        ("ruler", "h12h18", Wrong),
        ("last-pieces", "m9m17", Wrong),
        ("hegemon", "k12k7", Wrong),
    ]);
}

/// What the Junqi texts claim happens is what the rules do.
#[test]
fn junqi_steps_do_what_their_texts_say() {
    let cell = |game: &junqi::Game, point: &str| {
        game.view()
            .cell(junqi::Point::parse(point).expect("a point"))
    };
    let red = |kind| junqi::Cell::Up(junqi::Piece::new(junqi::Color::Red, kind));
    // The first flip gives the flipper the flipped piece's colour: the other side moves next.
    let flipped = after::<Junqi>("first-flip", "e4");
    assert_eq!(flipped.view().side_to_move(), Some(junqi::Color::Blue));
    assert_eq!(
        cell(&after::<Junqi>("ranks", "b6c6"), "b6"),
        junqi::Cell::Empty
    );
    assert_eq!(
        cell(&after::<Junqi>("ranks", "b6a6"), "a6"),
        red(junqi::Kind::Regiment)
    );
    assert_eq!(
        cell(&after::<Junqi>("equal-ranks", "a2a1"), "a1"),
        junqi::Cell::Empty
    );
    assert_eq!(
        cell(&after::<Junqi>("bomb", "c6c7"), "c7"),
        junqi::Cell::Empty
    );
    assert_eq!(
        cell(&after::<Junqi>("mine", "c11b11"), "c11"),
        junqi::Cell::Empty
    );
    assert_eq!(
        cell(&after::<Junqi>("mine", "a11b11"), "b11"),
        red(junqi::Kind::Engineer)
    );
    let camp = after::<Junqi>("camp", "c3b3");
    assert!(!camp.view().is_attacked(junqi::Point::parse("b3").unwrap()));
    assert!(matches!(
        after::<Junqi>("flag", "b11b12").outcome(),
        Some(junqi::Outcome::Win {
            winner: junqi::Color::Red,
            reason: junqi::WinReason::FlagCaptured
        })
    ));
    assert_eq!(
        after::<Junqi>("quiet-draw", "a2a3").outcome(),
        Some(junqi::Outcome::Draw(junqi::DrawReason::QuietPlies))
    );
    assert_eq!(after::<Junqi>("quiet-draw", "e5").view().quiet_plies(), 0);
}

/// What the Xiangqi texts claim happens is what the rules do.
#[test]
fn xiangqi_steps_do_what_their_texts_say() {
    let reason = |id, text| {
        after::<Xiangqi>(id, text)
            .outcome()
            .map(|o| (o.winner, o.reason))
    };
    let red_wins = |reason| Some((Some(xiangqi::Color::Red), reason));
    assert_eq!(reason("mate", "a0d0"), red_wins(xiangqi::Reason::Checkmate));
    assert_eq!(
        reason("stalemate", "c7c8"),
        red_wins(xiangqi::Reason::Stalemate)
    );
    assert_eq!(
        reason("stalemate", "c7d7"),
        red_wins(xiangqi::Reason::Stalemate)
    );
    assert_eq!(
        reason("perpetual-check", "a9a8"),
        Some((Some(xiangqi::Color::Black), xiangqi::Reason::PerpetualCheck))
    );
    let perpetual = step::<Xiangqi>("perpetual-check").start();
    assert_eq!(perpetual.moves().len(), 10, "five checks and five answers");
    assert!(
        step::<Xiangqi>("check")
            .start()
            .position()
            .in_check(xiangqi::Color::Red)
    );
    // The mate is the only winning move, as the text says.
    let mate = step::<Xiangqi>("mate");
    let winners: Vec<String> = Xiangqi::legal_moves(&mate.start())
        .into_iter()
        .filter(|&mv| mate.judge(mv).is_right())
        .map(|mv| mv.to_string())
        .collect();
    assert_eq!(winners, ["a0d0"]);
}

/// What the Qiguo texts claim happens is what the rules do.
#[test]
fn qiguo_steps_do_what_their_texts_say() {
    let start = step::<Qiguo>("states").start();
    assert_eq!(
        start,
        qiguo::Position::from_qfen(qiguo::START_QFEN).unwrap()
    );
    assert_eq!(start.side_to_move(), qiguo::State::Qin);
    let ruler = after::<Qiguo>("ruler", "h12h6");
    assert!(!ruler.is_live(qiguo::State::Chu));
    assert_eq!(ruler.pieces_on_board(qiguo::State::Chu), 0);
    let before = step::<Qiguo>("last-pieces").start();
    assert_eq!(before.pieces_on_board(qiguo::State::Han), 7);
    assert!(!after::<Qiguo>("last-pieces", "m9m2").is_live(qiguo::State::Han));
    assert!(after::<Qiguo>("last-pieces", "m9m17").is_live(qiguo::State::Zhao));
    let hegemon = after::<Qiguo>("hegemon", "k12k6").outcome().expect("over");
    assert_eq!(
        hegemon.ending,
        qiguo::Ending::Hegemon(start.seating().seat(qiguo::State::Qin))
    );
    let allies = step::<Qiguo>("allies").start();
    assert_eq!(
        allies.seating().seat(qiguo::State::Qin),
        allies.seating().seat(qiguo::State::Yan)
    );
}

#[test]
fn message_ids_follow_the_scheme() {
    let horse = step::<Xiangqi>("horse-leg");
    assert_eq!(horse.say_key(), "lesson-xiangqi-horse-leg-say");
    assert_eq!(horse.right_key(), "lesson-xiangqi-horse-leg-right");
    assert_eq!(horse.wrong_key(), "lesson-xiangqi-horse-leg-wrong");
    assert_eq!(
        horse.judge(mv::<Xiangqi>("c2d4")),
        Verdict::Illegal {
            reason: xiangqi::PlayError::Illegal(mv::<Xiangqi>("c2d4")),
            what: "lesson-xiangqi-horse-leg-leg"
        }
    );
    // A refused move with no word of its own gets the general one.
    assert!(matches!(
        horse.judge(mv::<Xiangqi>("f0f2")),
        Verdict::Illegal {
            what: ILLEGAL_KEY,
            ..
        }
    ));
    assert_eq!(loaded::<Junqi>().title_key(), "lesson-junqi-title");
    assert_eq!(loaded::<Qiguo>().done_key(), "lesson-qiguo-done");
}

/// The ids a Fluent file defines: entries start a line with an identifier and `=`.
fn fluent_ids(source: &str) -> BTreeSet<&str> {
    source
        .lines()
        .filter(|line| line.starts_with(|c: char| c.is_ascii_alphabetic()))
        .filter_map(|line| line.split_once('='))
        .map(|(id, _)| id.trim())
        .collect()
}

#[test]
fn every_lesson_message_exists_in_every_language_and_is_used() {
    let keys: BTreeSet<&str> = message_keys().unwrap().into_iter().collect();
    assert!(keys.len() > 100, "only {} keys", keys.len());
    for (language, source) in [
        ("en", include_str!("../../assets/i18n/en.ftl")),
        ("ru", include_str!("../../assets/i18n/ru.ftl")),
        ("zh", include_str!("../../assets/i18n/zh.ftl")),
    ] {
        let ids = fluent_ids(source);
        let missing: Vec<_> = keys.iter().filter(|key| !ids.contains(*key)).collect();
        assert!(missing.is_empty(), "{language}.ftl lacks {missing:?}");
        let unused: Vec<_> = ids
            .iter()
            .filter(|id| id.starts_with("lesson-") && !keys.contains(*id))
            .collect();
        assert!(unused.is_empty(), "{language}.ftl has unused {unused:?}");
    }
}

/// A file with one step, `step` being the lines after `[[steps]]`.
fn file(step: &str) -> String {
    format!("[[steps]]\n{step}\n")
}

const CANNON: &str = "id = \"cannon\"\nposition = \"1r1k5/9/9/9/1n7/9/9/1C7/9/4K4 w - - 0 1\"";

#[test]
fn a_good_file_parses() {
    let text = file(&format!("{CANNON}\ngoal = {{ moves = [\"b2b9\"] }}"));
    let lesson = Lesson::<Xiangqi>::parse(&text).unwrap();
    assert_eq!(lesson.steps().len(), 1);
    assert_eq!(lesson.steps()[0].solution().to_string(), "b2b9");
}

#[test]
fn malformed_files_give_clear_errors() {
    let cases = [
        ("steps = [", "at line 1".to_string()),
        ("", "missing field `steps`".into()),
        ("steps = []", "no [[steps]]".into()),
        (
            &file(&format!("{CANNON}\ngoal = \"win\"\nsurprise = 1")),
            "unknown field `surprise`".into(),
        ),
        (
            &file(&format!("{CANNON}\ngoal = \"checkmate\"")),
            "unknown variant `checkmate`".into(),
        ),
        (&file(CANNON), "missing field `goal`".into()),
        (
            &file("id = \"Bad Id\"\nposition = \"x\"\ngoal = \"win\""),
            "step 'Bad Id': an id is lowercase".into(),
        ),
        (
            &(file(&format!("{CANNON}\ngoal = \"game-goes-on\""))
                + &file(&format!("{CANNON}\ngoal = \"game-goes-on\""))),
            "step 'cannon': two steps have this id".into(),
        ),
        (
            &file("id = \"a\"\nposition = \"9/9 w - - 0 1\"\ngoal = \"win\""),
            "step 'a': position: FEN board needs 10 ranks".into(),
        ),
        (
            &file(&format!("{CANNON}\ngoal = {{ moves = [\"b2b5\"] }}")),
            "goal: b2b5 is not a legal move here".into(),
        ),
        (
            &file(&format!("{CANNON}\ngoal = {{ moves = [\"b2\"] }}")),
            "goal: 'b2' is not an ICCS move".into(),
        ),
        (
            &file(&format!("{CANNON}\ngoal = {{ moves = [] }}")),
            "the list of moves is empty".into(),
        ),
        (
            &file(&format!("{CANNON}\ngoal = \"any-flip\"")),
            "xiangqi has no flips".into(),
        ),
        (
            &file(&format!("{CANNON}\ngoal = \"win\"")),
            "no legal move reaches the goal".into(),
        ),
        (
            &file(&format!(
                "{CANNON}\nhighlight = [\"z9\"]\ngoal = \"game-goes-on\""
            )),
            "highlight: 'z9' is not a point".into(),
        ),
        (
            &file(&format!(
                "{CANNON}\nbefore = [\"b2b5\"]\ngoal = \"game-goes-on\""
            )),
            "before: b2b5".into(),
        ),
        (
            &file(&format!(
                "{CANNON}\ngoal = {{ moves = [\"b2b9\"] }}\nanswers = [{{ key = \"cannon\", moves = [\"b2b9\"] }}]"
            )),
            "b2b9 reaches the goal but has the wrong answer".into(),
        ),
        (
            &file(&format!(
                "{CANNON}\ngoal = {{ moves = [\"b2b9\"] }}\nanswers = [{{ key = \"say\", moves = [\"b2b5\"] }}]"
            )),
            "answers: 'say' is not a key".into(),
        ),
        (
            &(file(&format!(
                "{CANNON}\ngoal = \"game-goes-on\"\nanswers = [{{ key = \"x-say\", moves = [\"b2b5\"] }}]"
            )) + &file(&CANNON.replace("\"cannon\"", "\"cannon-x\""))
                + "goal = \"game-goes-on\"\n"),
            "step 'cannon-x': its message ids clash with those of step 'cannon'".into(),
        ),
        (
            &file(
                "id = \"over\"\nposition = \"3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1\"\ngoal = \"game-goes-on\"",
            ),
            "already over".into(),
        ),
    ];
    for (text, expected) in cases {
        match Lesson::<Xiangqi>::parse(text) {
            Ok(_) => panic!("parsed: {text}"),
            Err(error) => {
                let message = error.to_string();
                assert!(
                    message.starts_with("assets/lessons/xiangqi.toml"),
                    "{message}"
                );
                assert!(
                    message.contains(&expected),
                    "{message:?} lacks {expected:?}"
                );
                assert!(!message.contains('\n'), "{message:?} is not one line");
            }
        }
    }
}

#[test]
fn arbitrary_text_never_panics() {
    // Cut the real files at every line: each prefix parses or gives an error, never a panic.
    for source in [Junqi::source(), Xiangqi::source(), Qiguo::source()] {
        let mut prefix = String::new();
        for line in source.lines() {
            prefix.push_str(line);
            prefix.push('\n');
            let _ = Lesson::<Junqi>::parse(&prefix);
            let _ = Lesson::<Xiangqi>::parse(&prefix);
            let _ = Lesson::<Qiguo>::parse(&prefix);
        }
    }
}

/// The `-wrong` texts of these steps say that the move took nothing: no wrong move captures.
#[test]
fn steps_whose_wrong_text_says_nothing_was_taken_have_no_other_capture() {
    fn check<G: LessonGame>(ids: &[&str], is_capture: impl Fn(&G::Table, G::Move) -> bool) {
        for id in ids {
            let step = step::<G>(id);
            let start = step.start();
            for mv in G::legal_moves(&start) {
                if let Verdict::Wrong { what } = step.judge(mv) {
                    assert!(
                        what != step.wrong_key() || !is_capture(&start, mv),
                        "{} {id}: {mv} captures but is answered with {what}",
                        G::NAME
                    );
                }
            }
        }
    }
    check::<Xiangqi>(
        &[
            "elephant",
            "horse-leg",
            "chariot",
            "cannon",
            "soldier",
            "flying-generals",
        ],
        |game, mv| game.position().is_capture(mv),
    );
    check::<Qiguo>(
        &["emperor", "catapult", "cavalry", "diplomat", "allies"],
        |position, mv| position.is_capture(mv),
    );
}

/// The Russian text names Junqi flip and its pieces as the service's rules page does
/// (docs/lessons.md): «армейские шахматы (цзюньци) с переворотом», фигуры, открытие.
#[test]
fn russian_texts_use_the_services_terms() {
    let russian = include_str!("../../assets/i18n/ru.ftl");
    let subtitle = russian
        .lines()
        .find_map(|line| line.strip_prefix("title-subtitle = "))
        .expect("a title line");
    assert_eq!(subtitle, "Армейские шахматы (цзюньци) с переворотом");
    for stale in ["вслепую", "фишк", "вскрыт", "Комдив", "Ципо"] {
        let found: Vec<&str> = russian
            .lines()
            .filter(|line| line.contains(stale))
            .collect();
        assert!(found.is_empty(), "«{stale}» in {found:?}");
    }
}
