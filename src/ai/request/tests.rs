use super::*;
use crate::rules::junqi::{ColourRule, Position as JunqiPosition, Ruleset};

const JUNQI_START: &str = "?R?E?B?c?T/?F?e?b?d?r/?z1?R1?P/?M?d1?p?G/?L1?E1?e/?C?D?E?z?m/?c?Z?e?c?t/?p1?C1?L/?g?f1?Z?p/?C1?r1?t/?b?l?B?l?P/?D?P?l?T?L - 0 0";
/// Thirty plies in: pieces flipped and taken.
const JUNQI_MIDDLE: &str = "?R?E1?c?T/?F?eR?d?r/?zd2?P/?M2?p?G/?LEE1?e/?CD1?z?m/?c?Z1?c?t/?p2C?L/?gf1?Z?p/?C2B?t/?b?l1?l?P/?D?Pl?T?L r 0 30";

fn round_trip(view: &PlayerView) -> PlayerView {
    serde_json::from_str(&serde_json::to_string(view).unwrap()).unwrap()
}

#[test]
fn a_view_travels_with_its_captures_rules_and_last_flips() {
    let middle = JunqiPosition::from_jfen(JUNQI_MIDDLE)
        .unwrap()
        .view()
        .clone();
    assert_eq!(middle.captured_letters(), "Bbre");
    assert_eq!(round_trip(&middle), middle);

    let rules = Ruleset {
        colours: ColourRule::TwoInARow,
        headquarters_lock: true,
        quiet_ply_limit: 30,
        ..Ruleset::default()
    };
    let mut position = JunqiPosition::from_jfen_with_rules(JUNQI_START, rules).unwrap();
    position.play("a1".parse().unwrap()).unwrap();
    let view = position.view().clone();
    assert!(
        view.side_to_move().is_none(),
        "one flip fixes no colour here"
    );
    let back = round_trip(&view);
    assert_eq!(back, view);
    assert_eq!(back.hash(), view.hash());
}

#[test]
fn a_view_never_carries_a_face_down_identity() {
    let full = JunqiPosition::from_jfen(JUNQI_MIDDLE).unwrap();
    // The same board with two different face-down identities swapped.
    let mut chars: Vec<char> = JUNQI_MIDDLE.chars().collect();
    let hidden: Vec<usize> = (1..chars.len()).filter(|&i| chars[i - 1] == '?').collect();
    let other = hidden[1..]
        .iter()
        .find(|&&i| chars[i] != chars[hidden[0]])
        .unwrap();
    chars.swap(hidden[0], *other);
    let swapped = JunqiPosition::from_jfen(&chars.into_iter().collect::<String>()).unwrap();
    assert_ne!(swapped.to_jfen(), full.to_jfen());
    assert_eq!(
        serde_json::to_string(swapped.view()).unwrap(),
        serde_json::to_string(full.view()).unwrap()
    );
}

#[test]
fn a_game_as_request_data_is_the_same_search() {
    let mut game = xiangqi_rules::Game::new(xiangqi_rules::Position::start());
    for mv in ["h2e2", "h9g7", "h0g2"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let search = Search {
        level: Level::Medium,
        seed: 3,
        quick: false,
        nodes: Some(30_000),
    };
    let mut thinker = game.thinker(&search);
    let direct = crate::ai::think_to_the_end(|| thinker.think(None)).map(|mv| mv.to_string());
    let request = ThinkRequest {
        seen: game.seen(),
        search,
        judge: None,
    };
    assert_eq!(think(&request).unwrap().action, direct);
    assert!(direct.is_some());
}

#[test]
fn bad_requests_get_an_error_and_no_panic() {
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let search = r#""search": {"level": "Easy", "seed": 1}"#;
    for (request, expected) in [
        ("not json".to_string(), "bad request"),
        (
            format!(r#"{{"seen": {{"game": "chess"}}, {search}}}"#),
            "bad request",
        ),
        (
            format!(
                r#"{{"seen": {{"game": "xiangqi", "start": "9/9 w", "moves": []}}, {search}}}"#
            ),
            "bad position",
        ),
        (
            format!(
                r#"{{"seen": {{"game": "xiangqi", "start": "{start}", "moves": ["h2e2", "h2e2"]}}, {search}}}"#
            ),
            "bad move 1 'h2e2'",
        ),
        (
            format!(r#"{{"seen": {{"game": "qiguo", "qfen": "19/19 w"}}, {search}}}"#),
            "bad position",
        ),
        (
            format!(
                r#"{{"seen": {{"game": "junqi", "view": {{"rules": {{}}, "jfen": "?????/????? - 0 0", "captured": ""}}}}, {search}}}"#
            ),
            "bad request",
        ),
        (
            format!(
                r#"{{"seen": {{"game": "xiangqi", "start": "{start}", "moves": []}}, {search}, "judge": "a0a5"}}"#
            ),
            "cannot judge 'a0a5'",
        ),
        (
            format!(
                r#"{{"seen": {{"game": "xiangqi", "start": "{start}", "moves": []}}, "search": {{"level": "Random", "seed": 1}}, "judge": "h2e2"}}"#
            ),
            "cannot judge 'h2e2'",
        ),
    ] {
        let answer: serde_json::Value = serde_json::from_str(&think_json(&request)).unwrap();
        let error = answer["error"].as_str().unwrap_or_default();
        assert!(error.starts_with(expected), "{request}: {answer}");
    }
}

#[test]
fn a_finished_game_answers_no_action() {
    // The command-line test's finished game: the state to move has no move.
    let request = ThinkRequest {
        seen: Seen::Qiguo {
            qfen: "19/19/19/19/19/18gR/19/19/19/9*8bR/19/19/19/5wO13/19/19/19/19/wR18 b 1234567 6,0,0,0,0,0,0 2,0,0,0,0,0,0 0 1".into(),
        },
        search: Search {
            level: Level::Easy,
            seed: 1,
            quick: false,
            nodes: None,
        },
        judge: None,
    };
    assert_eq!(
        think_json(&serde_json::to_string(&request).unwrap()),
        r#"{"action":null,"nodes":0}"#
    );
}

#[test]
fn a_judge_request_answers_what_the_review_says() {
    // Black's chariot leaves the b-file and lets b0b9 mate (see `ai::review`'s tests).
    let fen = "4k4/R8/9/9/1r7/9/9/9/9/1R1K5 b - - 0 1";
    let game = xiangqi_rules::Game::new(xiangqi_rules::Position::from_fen(fen).unwrap());
    let request = ThinkRequest {
        seen: game.seen(),
        search: Search {
            level: Level::Medium,
            seed: 1,
            quick: false,
            nodes: None,
        },
        judge: Some("b5i5".into()),
    };
    let json = think_json(&serde_json::to_string(&request).unwrap());
    let reply: Reply = serde_json::from_str(&json).unwrap();
    let Reply::Answer(answer) = reply else {
        panic!("{json}");
    };
    let direct = xiangqi::judge_move(&game, "b5i5".parse().unwrap(), Level::Medium).unwrap();
    assert_eq!(
        answer.judgement::<xiangqi_rules::Move>(),
        Some(direct),
        "{json}"
    );
    assert!(json.contains(r#""class":"blunder""#), "{json}");
}

#[test]
fn a_junqi_classic_line_is_answered_as_the_command_line_answers_it() {
    let start = "lfzlp/ldbec/r1m1t/zp1ec/e1g1b/cdrpt/CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP r 0 0";
    let position = crate::rules::junqi::classic::ClassicPosition::from_cjfen(start).unwrap();
    let played: Vec<_> = ["a6a7", "e7e6"].map(|m| m.parse().unwrap()).into();
    let line = SideLine::of_game(&position, crate::rules::junqi::Color::Red, &played).unwrap();
    let request = ThinkRequest {
        seen: line.seen(),
        search: Search {
            level: Level::Medium,
            seed: 4,
            quick: false,
            nodes: None,
        },
        judge: None,
    };
    let answer = think(&request).unwrap();
    let limits = junqi::classic::limits(Level::Medium);
    let (expected, _) = junqi::classic::choose_move(&line, Level::Medium, limits, 4).unwrap();
    assert_eq!(answer.action, Some(expected.to_string()));
    // A line no army fits, or a broken one, is refused with a reason.
    let broken = format!("{} moves a6a7+ e7e6", line.start().to_cjfen());
    let reply = think_json(&format!(
        r#"{{"seen": {{"game": "junqi_classic", "line": "{broken}"}}, "search": {{"level": "Easy", "seed": 1}}}}"#
    ));
    assert!(reply.contains("error"), "{reply}");
    // Blue's move is not Red's to choose.
    let waiting = format!("{} moves a6a7=", line.start().to_cjfen());
    let reply = think_json(&format!(
        r#"{{"seen": {{"game": "junqi_classic", "line": "{waiting}"}}, "search": {{"level": "Easy", "seed": 1}}}}"#
    ));
    assert!(reply.contains("turn"), "{reply}");
}

/// Hard's limits down to `depth` plies, with neither node nor time limit.
fn hard_to_depth(depth: i32) -> xiangqi::Limits {
    xiangqi::Limits {
        max_depth: depth,
        max_nodes: u64::MAX,
        max_time: NO_CLOCK,
        ..xiangqi::limits(Level::Hard)
    }
}

#[test]
fn a_session_searches_a_game_again_from_the_kept_table() {
    let start = xiangqi_rules::Position::start();
    let fen = start.to_fen();
    let mut game = xiangqi_rules::Game::new(start);
    let moves: Vec<String> = vec!["h2e2".into(), "h9g7".into()];
    for mv in &moves {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let mut session = Session::default();
    let search = |session: &mut Session, moves: &[String]| {
        session.xiangqi_with_kept_table(&game, &fen, moves, Level::Hard, hard_to_depth(5), 1)
    };
    let fresh = search(&mut session, &moves);
    // The same position asked again (a worker's request repeated, a takeback and the move
    // played again): the kept table has it.
    let again = search(&mut session, &moves);
    assert!(
        again.nodes < fresh.nodes,
        "to depth 5 with the kept table: {} nodes, afresh: {}",
        again.nodes,
        fresh.nodes
    );
    let held = session.xiangqi.as_ref().expect("a kept table");
    assert!(held.same_game(&fen, &moves[..1]), "after a takeback");
    assert!(
        held.same_game(&fen, &[&moves[..], &["h0g2".into()]].concat()),
        "later"
    );
    assert!(!held.same_game(&fen, &["b2e2".into()]), "another opening");
    let other_start = game.position().to_fen();
    assert!(!held.same_game(&other_start, &moves), "another game");
    // Another game replaces the kept table.
    let other = xiangqi_rules::Game::new(game.position().clone());
    session.xiangqi_with_kept_table(&other, &other_start, &[], Level::Hard, hard_to_depth(3), 1);
    assert_eq!(session.xiangqi.as_ref().unwrap().start, other_start);
}

#[test]
fn a_node_limited_request_answers_alike_in_a_session_with_a_kept_table() {
    let mut session = Session::default();
    let request = |nodes| ThinkRequest {
        seen: Seen::Xiangqi {
            start: xiangqi_rules::Position::start().to_fen(),
            moves: vec!["h2e2".into(), "h9g7".into()],
        },
        search: Search {
            level: Level::Hard,
            seed: 5,
            quick: false,
            nodes,
        },
        judge: None,
    };
    // By the clock (two seconds at most), which keeps the table.
    session.think(&request(None)).unwrap();
    assert!(session.xiangqi.is_some());
    let limited = request(Some(20_000));
    assert_eq!(session.think(&limited).unwrap(), think(&limited).unwrap());
}

#[test]
fn a_shared_session_keeps_hards_table_for_the_next_thread_and_never_waits() {
    // Red mates at once (b0b9), so Hard's clock search ends after its first iteration.
    let start = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
    let game = xiangqi_rules::Game::new(xiangqi_rules::Position::from_fen(start).unwrap());
    let request = |level: Level| ThinkRequest {
        seen: game.seen(),
        search: Search {
            level,
            seed: 3,
            quick: false,
            nodes: None,
        },
        judge: None,
    };
    let shared = SharedSession::new();
    let answer =
        std::thread::scope(|scope| scope.spawn(|| shared.think(&request(Level::Hard))).join())
            .expect("the thread ends")
            .expect("an answer");
    assert_eq!(answer.action.as_deref(), Some("b0b9"));
    let kept = std::mem::take(&mut *shared.lock());
    let table = kept.xiangqi.as_ref().expect("Hard's table is kept");
    assert!(table.same_game(start, &[]));
    // While that session is out (a search in progress), another request is answered at once
    // from an empty session, and Medium keeps no table.
    let beside = shared.think(&request(Level::Medium)).expect("an answer");
    assert_eq!(beside.action.as_deref(), Some("b0b9"));
    assert!(shared.lock().xiangqi.is_none());
    *shared.lock() = kept;
    shared.think(&request(Level::Hard)).expect("an answer");
    assert!(
        shared
            .lock()
            .xiangqi
            .as_ref()
            .is_some_and(|kept| kept.same_game(start, &[]))
    );
}
