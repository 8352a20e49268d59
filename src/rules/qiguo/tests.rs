//! Hand positions for each rule of `docs/formats.md` (screens, cavalry paths, allies,
//! elimination, the end) and more.

use super::*;

fn position(qfen: &str) -> Position {
    Position::from_qfen(qfen).unwrap_or_else(|e| panic!("{qfen}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The legal moves, as text, sorted as byte strings.
fn moves(position: &Position) -> Vec<String> {
    let mut list = MoveList::new();
    position.legal_moves(&mut list);
    let mut names: Vec<String> = list.iter().map(Move::to_string).collect();
    names.sort();
    names
}

/// The QFEN after playing `played` from `qfen`.
fn apply(qfen: &str, played: &[&str]) -> Position {
    let mut position = position(qfen);
    for text in played {
        position
            .play(mv(text))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    position
}

const EMPTY_COUNTS: &str = "0,0,0,0,0,0,0 0,0,0,0,0,0,0";

#[test]
fn the_start_position_is_the_contracts() {
    let start = Position::start(Seating::for_players(7).unwrap());
    assert_eq!(start.to_qfen(), START_QFEN);
    assert_eq!(position(START_QFEN), start);
    for state in State::ALL {
        assert_eq!(start.pieces_on_board(state), 17, "{state}");
        assert_eq!(
            start.piece_at(state.ruler_start()),
            Some(Piece::new(state, Kind::Ruler))
        );
    }
    assert_eq!(start.occupant(Point::CENTRE), Occupant::Emperor);
    // Other seat counts change only the third field.
    for (players, seats) in [
        (6, "1234561"),
        (5, "1223451"),
        (4, "1223341"),
        (3, "1223311"),
    ] {
        let qfen = Position::start(Seating::for_players(players).unwrap()).to_qfen();
        assert_eq!(qfen, START_QFEN.replace(" 1234567 ", &format!(" {seats} ")));
    }
}

#[test]
fn the_start_moves_are_the_contracts_72() {
    let expected = "a13d17 a13e16 a7d3 a7e4 b12e16 b8e4 c10d11 c10d9 c10e12 c10e8 c10f13 c10f7 \
        c10g14 c10g6 c10h15 c10h5 c11d12 c9d8 d10d11 d10d12 d10d13 d10d14 d10d6 d10d7 d10d8 \
        d10d9 d10e11 d10e9 d10f12 d10f8 d10g13 d10g7 d10h14 d10h6 e10a14 e10a6 e10b13 e10b7 \
        e10c12 e10c8 e10d11 e10d9 e10e11 e10e12 e10e13 e10e14 e10e15 e10e16 e10e4 e10e5 \
        e10e6 e10e7 e10e8 e10e9 e10f10 e10f11 e10f9 e10g10 e10g12 e10g8 e10h10 e10h13 e10h7 \
        e10i10 e10i14 e10i6 e10j15 e10j5 e10k16 e10k4 e10l17 e10l3";
    let expected: Vec<&str> = expected.split_whitespace().collect();
    assert_eq!(moves(&position(START_QFEN)), expected);
}

/// Every position of `tests/data/qiguo-perft.txt` to its listed depths.
#[test]
fn perft_matches_the_reference_file() {
    let data = include_str!("../../../tests/data/qiguo-perft.txt");
    let mut current = None;
    let mut checked = 0;
    for line in data.lines().map(str::trim) {
        if let Some(qfen) = line.strip_prefix("qfen ") {
            current = Some(position(qfen));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, count) = rest.split_once(' ').expect("perft DEPTH COUNT");
            let current = current.as_ref().expect("a qfen line first");
            let depth: u32 = depth.parse().expect("depth");
            let count: u64 = count.parse().expect("count");
            // The deepest counts take seconds in a debug build: stop at a million.
            if count <= 1_000_000 {
                assert_eq!(current.perft(depth), count, "{current:?} depth {depth}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 10, "only {checked} counts checked");
}

#[test]
fn a_catapult_leaps_the_emperor() {
    let here = position(&format!(
        "18rR/19/19/19/9rH9/19/19/19/19/9*9/19/19/19/19/9wC9/19/19/19/wR18 w 1234567 {EMPTY_COUNTS} 0 0"
    ));
    let list = moves(&here);
    assert_eq!(list.len(), 71);
    assert!(list.contains(&"j5j15".to_string()));
    // It stops short of the emperor and never lands on it.
    assert!(list.contains(&"j5j9".to_string()) && !list.contains(&"j5j10".to_string()));
}

#[test]
fn a_diplomat_is_never_a_target_and_two_screens_give_nothing() {
    let here = position(&format!(
        "18rR/19/19/9rH9/9rD9/19/19/19/19/9*9/19/19/19/19/9wC9/19/19/19/wR18 w 1234567 {EMPTY_COUNTS} 0 0"
    ));
    let list = moves(&here);
    assert_eq!(list.len(), 70);
    assert!(!list.contains(&"j5j15".to_string()));
    assert!(!list.contains(&"j5j16".to_string()));
}

fn destinations(here: &Position, from: &str) -> Vec<String> {
    moves(here)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && m[from.len()..].starts_with(|c: char| c.is_ascii_lowercase())
        })
        .collect()
}

#[test]
fn cavalry_goes_one_straight_then_three_diagonally() {
    let open = position(&format!(
        "18rR/19/19/19/19/19/19/19/19/9*9/19/12rH6/6rH12/19/19/9wN9/19/19/wR18 w 1234567 {EMPTY_COUNTS} 0 0"
    ));
    assert_eq!(moves(&open).len(), 48);
    assert_eq!(
        destinations(&open, "j4"),
        ["j4f1", "j4f7", "j4g8", "j4m8", "j4n1", "j4n7"]
    );
    let blocked = position(&format!(
        "18rR/19/19/19/19/19/19/19/19/9*9/19/12rH6/19/10rD8/19/9wN9/19/19/wR18 w 1234567 {EMPTY_COUNTS} 0 0"
    ));
    assert_eq!(moves(&blocked).len(), 49);
    assert_eq!(
        destinations(&blocked, "j4"),
        ["j4f1", "j4f7", "j4g8", "j4n1", "j4n7"]
    );
}

#[test]
fn allies_never_capture_each_other() {
    let here = position(&format!(
        "18kR/19/19/19/19/19/19/19/19/9*9/19/19/19/19/19/2rHkH15/2wA16/19/wR17rR w 1234561 {EMPTY_COUNTS} 0 0"
    ));
    let list = moves(&here);
    assert_eq!(list.len(), 51);
    assert!(list.contains(&"c3c4".to_string()));
    assert!(!list.contains(&"c3d4".to_string()));
}

#[test]
fn capturing_a_ruler_eliminates_its_state() {
    let mut here = position(&format!(
        "18rD/18rH/19/19/19/19/19/19/19/9*8bR/19/19/19/5rR13/19/19/2wO16/19/wR18 w 1234567 {EMPTY_COUNTS} 0 0"
    ));
    let played = here.play(mv("c3f6")).unwrap();
    assert_eq!(
        here.to_qfen(),
        "19/19/19/19/19/19/19/19/19/9*8bR/19/19/19/5wO13/19/19/19/19/wR18 b 1234567 1,0,0,0,0,0,0 1,0,0,0,0,0,0 0 1"
    );
    assert_eq!(played.captured, Some(Piece::new(State::Chu, Kind::Ruler)));
    assert_eq!(
        played.eliminated.as_slice(),
        [Elimination {
            state: State::Chu,
            reason: EliminationReason::RulerCaptured
        }]
    );
    assert!(!here.is_live(State::Chu));
}

#[test]
fn the_eleventh_loss_eliminates() {
    let here = apply(
        &format!(
            "16rNrHrR/16rNrHrD/19/19/19/19/19/19/19/9*8bR/19/19/19/5rH13/19/19/2wO16/19/wR18 w 1234567 {EMPTY_COUNTS} 0 0"
        ),
        &["c3f6"],
    );
    assert_eq!(
        here.to_qfen(),
        "19/19/19/19/19/19/19/19/19/9*8bR/19/19/19/5wO13/19/19/19/19/wR18 b 1234567 1,0,0,0,0,0,0 0,0,0,0,0,0,0 0 1"
    );
}

#[test]
fn the_tenth_loss_does_not() {
    // Chu keeps seven pieces after the capture.
    let here = apply(
        &format!(
            "15rNrNrHrR/16rNrHrD/19/19/19/19/19/19/19/9*8bR/19/19/19/5rH13/19/19/2wO16/19/wR18 w 1234567 {EMPTY_COUNTS} 0 0"
        ),
        &["c3f6"],
    );
    assert!(here.is_live(State::Chu));
    assert_eq!(here.pieces_on_board(State::Chu), 7);
    assert_eq!(here.side_to_move(), State::Chu);
}

#[test]
fn two_rulers_make_the_hegemon() {
    let here = apply(
        "18rD/19/19/19/19/18gR/19/19/19/9*8bR/19/19/19/5rR13/19/19/2wO16/19/wR18 w 1234567 5,0,0,0,0,0,0 1,0,0,0,0,0,0 0 0",
        &["c3f6"],
    );
    assert_eq!(
        here.to_qfen(),
        "19/19/19/19/19/18gR/19/19/19/9*8bR/19/19/19/5wO13/19/19/19/19/wR18 b 1234567 6,0,0,0,0,0,0 2,0,0,0,0,0,0 0 1"
    );
    assert!(moves(&here).is_empty());
    let outcome = here.outcome().expect("over");
    let qin = Seating::for_players(7).unwrap().seat(State::Qin);
    assert_eq!(outcome.ending, Ending::Hegemon(qin));
    assert_eq!(outcome.winners().collect::<Vec<_>>(), [qin]);
    assert_eq!(here.clone().play(mv("s10s9")), Err(PlayError::GameOver));
}

#[test]
fn thirty_one_pieces_make_the_hegemon() {
    let here = apply(
        "17rRrD/19/19/19/19/18gR/19/19/19/9*8bR/19/19/19/5rH13/19/19/2wO16/19/wR18 w 1234567 30,0,0,0,0,0,0 0,0,0,0,0,0,0 0 0",
        &["c3f6"],
    );
    let qin = Seating::for_players(7).unwrap().seat(State::Qin);
    assert_eq!(here.ending(), Some(Ending::Hegemon(qin)));
}

#[test]
fn two_hundred_quiet_moves_end_the_game() {
    let here = apply(
        "18rR/19/19/19/19/19/19/19/19/9*8bR/19/19/19/19/19/19/19/19/wR18 w 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 199 500",
        &["a1a2"],
    );
    assert_eq!(
        here.to_qfen(),
        "18rR/19/19/19/19/19/19/19/19/9*8bR/19/19/19/19/19/19/19/wR18/19 r 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 200 501"
    );
    assert_eq!(here.ending(), Some(Ending::QuietLimit));
    assert!(moves(&here).is_empty());
    // Nobody captured anything: all three seats share the win.
    assert_eq!(here.outcome().unwrap().winners().count(), 3);
}

#[test]
fn a_state_that_cannot_move_is_eliminated() {
    let mut here = position(
        "rRbD16gR/wDgD17/19/19/19/19/19/19/19/9*9/19/19/19/19/19/19/19/19/wR17bR w 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 0 0",
    );
    let played = here.play(mv("a1a2")).unwrap();
    assert_eq!(
        here.to_qfen(),
        "1bD16gR/wDgD17/19/19/19/19/19/19/19/9*9/19/19/19/19/19/19/19/wR18/18bR b 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 1 1"
    );
    assert_eq!(
        played.eliminated.as_slice(),
        [Elimination {
            state: State::Chu,
            reason: EliminationReason::NoLegalMove
        }]
    );
}

#[test]
fn the_last_seat_standing_ends_the_game() {
    let here = apply(
        "18kR/19/19/19/19/19/19/19/19/9*9/19/19/19/5rR13/19/19/2wO16/19/wR18 w 1234561 0,0,0,0,0,0,0 0,0,0,0,0,0,0 0 0",
        &["c3f6"],
    );
    assert_eq!(
        here.to_qfen(),
        "18kR/19/19/19/19/19/19/19/19/9*9/19/19/19/5wO13/19/19/19/19/wR18 k 1234561 1,0,0,0,0,0,0 1,0,0,0,0,0,0 0 1"
    );
    let outcome = here.outcome().expect("over");
    assert_eq!(
        outcome.ending,
        Ending::LastSeat(here.seating().seat(State::Qin))
    );
    let first = outcome.standings[0];
    assert_eq!((first.place, first.score, first.rulers), (1, 1, 1));
}

#[test]
fn ties_go_to_rulers_then_to_a_live_seat() {
    // Quiet limit reached: Qin and Chu captured two pieces each, Chu one Ruler among them;
    // Han and Qi one each, Han still live and Qi not.
    let here = position(
        "18rR/19/19/19/19/19/19/19/19/9*8oR/19/19/19/19/19/19/19/19/wR18 w 1234567 2,2,1,1,0,0,0 0,1,0,0,0,0,0 200 900",
    );
    let outcome = here.outcome().expect("over");
    let order: Vec<(u8, u8)> = outcome
        .standings
        .iter()
        .map(|s| (s.seat.number(), s.place))
        .collect();
    // Wei, Zhao and Yan are level: they share fifth place.
    assert_eq!(
        order,
        [(2, 1), (1, 2), (3, 3), (4, 4), (5, 5), (6, 5), (7, 5)]
    );
}

#[test]
fn pieces_move_as_the_contract_says() {
    // A lone piece of Qin on c5; Qin's Ruler on a1 and Chu's on s19.
    let lone = |token: &str| {
        position(&format!(
            "18rR/19/19/19/19/19/19/19/19/9*9/19/19/19/19/2{token}16/19/19/19/wR18 w 1234567 {EMPTY_COUNTS} 0 0"
        ))
    };
    // Per direction N, S, E, W, NE, NW, SE, SW: the edge or a1 cuts the lines short.
    let reach = |token: &str| destinations(&lone(token), "c5").len();
    assert_eq!(reach("wA"), 4 + 4 + 4 + 2 + 4 + 2 + 4 + 2);
    assert_eq!(reach("wX"), 5 + 4 + 5 + 2 + 5 + 2 + 4 + 2);
    assert_eq!(reach("wS"), 4);
    assert_eq!(reach("wH"), 4);
    assert_eq!(reach("wG"), 14 + 4 + 16 + 2);
    assert_eq!(reach("wO"), 14 + 2 + 4 + 2);
    assert_eq!(reach("wD"), 14 + 4 + 16 + 2 + 14 + 2 + 4 + 2);
    assert_eq!(reach("wC"), 14 + 4 + 16 + 2);
    // The cavalry's eight moves, all on the board but two going west and two south.
    assert_eq!(
        destinations(&lone("wN"), "c5"),
        ["c5f1", "c5f9", "c5g2", "c5g8"]
    );
}

#[test]
fn a_diplomat_never_captures() {
    let here = position(&format!(
        "17wDrR/19/19/19/19/19/19/19/19/9*9/19/19/19/19/19/19/19/19/wR18 w 1234567 {EMPTY_COUNTS} 0 0"
    ));
    let diplomat = destinations(&here, "r19");
    // West, south, south-west to a2, south-east to s18.
    assert_eq!(diplomat.len(), 17 + 18 + 17 + 1);
    assert!(!diplomat.contains(&"r19s19".to_string()));
}

#[test]
fn malformed_qfen_is_refused_with_a_reason() {
    let good = START_QFEN;
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "seven fields"),
        (good.replacen(" w ", "  w ", 1), "seven fields"),
        (format!("{good} "), "seven fields"),
        (good.replacen("/", "//", 1), "19 ranks"),
        (good.replacen("2kN", "3kN", 1), "rank 19"),
        (good.replacen("2kN", "02kN", 1), "malformed token"),
        // Digits run together into one number: "1" then "1" is eleven.
        (good.replacen("2kN", "11kN", 1), "rank 19"),
        (good.replacen("2kN", "20kN", 1), "malformed token"),
        (good.replacen("2kN", "2kZ", 1), "malformed token"),
        (good.replacen("2kN", "2zN", 1), "malformed token"),
        (good.replacen("4*9", "4wN9", 1), "emperor"),
        (good.replacen("wD4*9", "wD*13", 1), "emperor"),
        (good.replacen("5rA7oA", "5rR7oA", 1), "more than 1"),
        (good.replacen(" w ", " x ", 1), "side to move"),
        (good.replacen(" 1234567 ", " 2134567 ", 1), "seats"),
        (good.replacen(" 1234567 ", " 1244567 ", 1), "seats"),
        (good.replacen(" 1234567 ", " 123456 ", 1), "seats"),
        (
            good.replacen("0,0,0,0,0,0,0 0", "0,0,0,0,0,0 0", 1),
            "CAPTURES",
        ),
        (
            good.replacen("0,0,0,0,0,0,0 0", "97,0,0,0,0,0,0 0", 1),
            "CAPTURES",
        ),
        (
            good.replacen("0,0,0,0,0,0,0 0", "01,0,0,0,0,0,0 0", 1),
            "CAPTURES",
        ),
        (
            good.replacen(" 0,0,0,0,0,0,0 0 0", " 7,0,0,0,0,0,0 0 0", 1),
            "RULERS",
        ),
        (good.replacen(" 0 0", " 201 0", 1), "QUIET"),
        (good.replacen(" 0 0", " 0 4294967296", 1), "PLY"),
        (good.replacen(" 0 0", " 0 +1", 1), "PLY"),
        (good.replacen(" 0 0", " 0 -1", 1), "PLY"),
        (good.replacen(" 0 0", " 0 00", 1), "PLY"),
    ];
    for (qfen, expected) in cases {
        let error = Position::from_qfen(&qfen).expect_err(&qfen).to_string();
        assert!(error.contains(expected), "{qfen}: {error}");
    }
    // A state with pieces needs its Ruler; the side to move must be live.
    let no_ruler = format!(
        "18rD/19/19/19/19/19/19/19/19/9*9/19/19/19/19/19/19/19/19/wR18 w 1234567 {EMPTY_COUNTS} 0 0"
    );
    assert_eq!(
        Position::from_qfen(&no_ruler),
        Err(QfenError::NoRuler(State::Chu))
    );
    let dead_side = format!(
        "18rR/19/19/19/19/19/19/19/19/9*9/19/19/19/19/19/19/19/19/wR18 o 1234567 {EMPTY_COUNTS} 0 0"
    );
    assert_eq!(
        Position::from_qfen(&dead_side),
        Err(QfenError::SideNotLive(State::Han))
    );
    // The rulers captured never exceed the pieces captured.
    let rulers = "18rR/19/19/19/19/19/19/19/19/9*9/19/19/19/19/19/19/19/19/wR18 w 1234567 0,0,0,0,0,0,0 1,0,0,0,0,0,0 0 0";
    assert_eq!(
        Position::from_qfen(rulers),
        Err(QfenError::RulersBeyondCaptures(State::Qin))
    );
    // The largest counters are fine.
    let largest = "18rR/19/19/19/19/19/19/19/19/9*9/19/19/19/19/19/19/19/19/wR18 w 1234567 96,0,0,0,0,0,0 6,0,0,0,0,0,0 200 4294967295";
    assert_eq!(position(largest).to_qfen(), largest);
}

#[test]
fn moves_read_as_the_contract_writes_them() {
    assert_eq!(mv("e10j15").to_string(), "e10j15");
    assert_eq!(mv("a13d17").from().to_string(), "a13");
    for bad in [
        "", "e10", "e010j15", "t1a1", "a0a1", "a20a1", "a1a2b", "A1A2", "a1-a2", "é1a1",
    ] {
        assert!(bad.parse::<Move>().is_err(), "{bad}");
    }
}

#[test]
fn another_live_state_may_be_put_to_move() {
    let here = position(&format!(
        "18rR/19/19/19/19/19/19/19/19/9*9/19/19/19/19/19/19/19/19/wR18 w 1234567 {EMPTY_COUNTS} 0 0"
    ));
    let chu = here.with_side_to_move(State::Chu).expect("Chu is live");
    let read = position(&format!(
        "18rR/19/19/19/19/19/19/19/19/9*9/19/19/19/19/19/19/19/19/wR18 r 1234567 {EMPTY_COUNTS} 0 0"
    ));
    assert_eq!(chu, read);
    assert_eq!(chu.key(), read.key());
    assert_ne!(chu.key(), here.key());
    assert_eq!(here.with_side_to_move(State::Han), None);
}

#[test]
fn a_withdrawn_seat_leaves_the_board_and_passes_its_turn() {
    // Four seats: Yan + Qin are seat 1, Qin to move.
    let mut start = Position::start(Seating::for_players(4).unwrap());
    let one = Seat::new(1).unwrap();
    let gone = start.withdraw(one);
    let states: Vec<State> = gone.iter().map(|e| e.state).collect();
    assert_eq!(states, [State::Qin, State::Yan]);
    assert!(
        gone.iter()
            .all(|e| e.reason == EliminationReason::Withdrawn)
    );
    assert!(!start.seat_is_live(one));
    assert_eq!(start.side_to_move(), State::Chu);
    assert_eq!(start.pieces().count(), 5 * 17);
    // The key follows the board: the same position read from its QFEN has the same key.
    assert_eq!(start.key(), position(&start.to_qfen()).key());
    // Withdrawing again changes nothing.
    assert!(start.withdraw(one).is_empty());
    // Two seats withdraw more: the last one standing has the game.
    start.withdraw(Seat::new(2).unwrap());
    assert_eq!(start.ending(), None);
    start.withdraw(Seat::new(4).unwrap());
    assert_eq!(
        start.ending(),
        Some(Ending::LastSeat(Seat::new(3).unwrap()))
    );
    assert!(start.withdraw(Seat::new(3).unwrap()).is_empty());
}
