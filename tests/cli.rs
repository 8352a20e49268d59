//! The `kawu-cli junqi` and `kawu-cli xiangqi` contracts, run as processes.

use std::process::{Command, Output};

const START: &str = "?R?E?B?c?T/?F?e?b?d?r/?z1?R1?P/?M?d1?p?G/?L1?E1?e/?C?D?E?z?m/?c?Z?e?c?t/?p1?C1?L/?g?f1?Z?p/?C1?r1?t/?b?l?B?l?P/?D?P?l?T?L - 0 0";

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kawu-cli"))
        .args(args)
        .output()
        .expect("kawu-cli runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn moves_are_sorted_byte_strings_one_per_line() {
    let output = cli(&["junqi", "moves", START]);
    assert!(output.status.success());
    let lines: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 50);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(lines[0], "a1");
    assert!(lines.contains(&"e12".to_string()) && !lines.contains(&"c4".to_string()));
}

#[test]
fn apply_reveals_identities_and_fixes_colours() {
    let output = cli(&["junqi", "apply", START, "a1"]);
    assert!(output.status.success());
    // a1 holds ?D: red, so the second player (blue) is to move.
    assert_eq!(
        stdout(&output).trim(),
        "?R?E?B?c?T/?F?e?b?d?r/?z1?R1?P/?M?d1?p?G/?L1?E1?e/?C?D?E?z?m/?c?Z?e?c?t/?p1?C1?L/?g?f1?Z?p/?C1?r1?t/?b?l?B?l?P/D?P?l?T?L b 0 1"
    );
}

#[test]
fn perft_counts_sequences() {
    let output = cli(&["junqi", "perft", START, "2"]);
    assert_eq!(stdout(&output).trim(), "2450");
}

#[test]
fn errors_are_one_line_and_exit_2() {
    for args in [
        &["junqi", "moves", "5/5 r 0 0"][..],
        &["junqi", "apply", START, "c4"],
        &["junqi", "apply", START, "zz"],
        &["junqi", "perft", START, "x"],
    ] {
        let output = cli(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(!stderr.contains("panicked"));
    }
}

#[test]
fn a_finished_game_lists_nothing() {
    // Blue's flag is gone: red captured it.
    let output = cli(&["junqi", "moves", "5/5/5/5/5/5/5/5/5/5/5/1F1M1 b 0 30"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "");
}

#[test]
fn flag_data_has_one_line_per_face_up_flag_with_every_feature() {
    let output = cli(&[
        "junqi",
        "flag-data",
        "--level",
        "easy",
        "--games",
        "4",
        "--seed",
        "3",
    ]);
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    assert_eq!(header[..3], ["game", "owner_lost", "bias"]);
    let mut rows = 0;
    for line in lines {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), header.len(), "{line}");
        assert!(["0", "1"].contains(&fields[1]), "{line}");
        assert!(
            fields[2..].iter().all(|x| x.parse::<f64>().is_ok()),
            "{line}"
        );
        rows += 1;
    }
    // Games end when a flag is taken, and a flag is only taken face up.
    assert!(rows >= 4, "{rows} rows");
}

#[test]
fn arena_ends_with_one_summary_line_after_the_flag_races() {
    let output = cli(&[
        "junqi", "arena", "easy", "random", "--games", "6", "--seed", "4",
    ]);
    assert!(output.status.success());
    let summary = stdout(&output);
    assert_eq!(summary.lines().count(), 1, "{summary}");
    let fields: Vec<&str> = summary.split_whitespace().collect();
    let names: Vec<&str> = fields.iter().step_by(2).copied().collect();
    assert_eq!(
        names,
        [
            "score", "wins", "draws", "losses", "elo", "ci95", "ms_a", "ms_b"
        ]
    );
    let count = |name: &str| -> u32 {
        let at = fields.iter().position(|&field| field == name).unwrap();
        fields[at + 1].parse().unwrap()
    };
    assert_eq!(count("wins") + count("draws") + count("losses"), 6);
    let progress = String::from_utf8(output.stderr).unwrap();
    let lines: Vec<&str> = progress.lines().collect();
    assert_eq!(
        lines
            .iter()
            .filter(|line| line.starts_with("game "))
            .count(),
        6
    );
    let races = lines.last().unwrap();
    assert!(races.starts_with("first flag shown: A's "), "{races}");
    assert!(
        races.contains(", B's ") && races.contains(", none "),
        "{races}"
    );
    let even_luck = races.rsplit("even-luck score ").next().unwrap();
    assert!(
        even_luck == "-" || (0.0..=1.0).contains(&even_luck.parse::<f64>().unwrap()),
        "{races}"
    );
}

const XIANGQI_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

#[test]
fn xiangqi_perft_prints_one_integer() {
    let output = cli(&["xiangqi", "perft", XIANGQI_START, "3"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "79666\n");
    // The FEN may also come as separate fields.
    let fields: Vec<&str> = XIANGQI_START.split(' ').chain(["2"]).collect();
    let mut args = vec!["xiangqi", "perft"];
    args.extend(fields);
    assert_eq!(stdout(&cli(&args)), "1920\n");
}

#[test]
fn xiangqi_status_names_the_result_and_its_reason() {
    let status = |fen: &str, moves: &str| {
        let mut args = vec!["xiangqi", "status", fen];
        args.extend(moves.split_whitespace());
        let output = cli(&args);
        assert!(output.status.success(), "{fen} {moves}");
        stdout(&output).trim().to_string()
    };
    assert_eq!(status(XIANGQI_START, "h2e2 h9g7"), "ongoing");
    let mate = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1";
    // Moves after the end are ignored.
    assert_eq!(status(mate, "b0b9 e9e8 zz"), "red-wins checkmate");
    assert_eq!(
        status("3k5/4P4/9/9/9/9/9/9/9/4K4 b - - 0 1", ""),
        "red-wins stalemate"
    );
    let checks = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1";
    let cycle = "a1a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9";
    assert_eq!(status(checks, cycle), "black-wins perpetual-check");
    let chase = "4k4/9/9/c8/9/2R6/9/9/9/3K5 w - - 0 1";
    let cycle = "c4a4 a6b6 a4b4 b6a6 b4a4 a6b6 a4b4 b6a6 b4a4 a6b6 a4b4";
    assert_eq!(status(chase, cycle), "black-wins perpetual-chase");
    // The repetition rules' finer cases (`src/rules/xiangqi/tests.rs` explains each): a
    // screen of a discovered check chases, chasing two pieces in turn is allowed, both sides
    // checking or both chasing draw, perpetual check loses against perpetual chase.
    let screen = "r3k4/9/9/9/c1p6/2p1C4/9/9/9/3KR4 w - - 0 1";
    let cycle = "e4e5 a5a4 e5e4 a4a5 e4e5 a5a4 e5e4 a4a5 e4e5 a5a4 e5e4";
    assert_eq!(status(screen, cycle), "black-wins perpetual-chase");
    let in_turn = "6r2/4k4/2c3n2/9/9/9/9/6R2/9/3K5 w - - 0 1";
    let cycle = "g2c2 g9c9 c2g2 c9g9 g2c2 g9c9 c2g2 c9g9";
    assert_eq!(status(in_turn, cycle), "draw repetition");
    for (fen, cycle, verdict) in [
        (
            "5c3/4k4/5r3/9/4C4/4P4/9/5K3/4C4/9 w - - 0 1",
            "e5f5 f7e7 f5e5 e7f7",
            "draw repetition",
        ),
        (
            "6r2/9/3k5/7N1/9/2r4C1/9/9/4K4/9 w - - 0 1",
            "h6i8 g9g4 i8h6 g4g9",
            "draw repetition",
        ),
        (
            "2C2r3/7P1/5k3/9/9/9/9/9/9/3KR4 w - - 0 1",
            "e0f0 f7e7 f0e0 e7f7",
            "black-wins perpetual-check",
        ),
    ] {
        assert_eq!(status(fen, &[cycle; 4].join(" ")), verdict, "{fen}");
    }
    let idle = "4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1";
    assert_eq!(
        status(idle, "i0i1 e9e8 i1i0 e8e9 i0i1 e9e8 i1i0 e8e9"),
        "draw repetition"
    );
    assert_eq!(
        status("4k4/9/9/9/9/9/9/9/9/3K4R w - - 59 40", "i0i1"),
        "draw no-progress"
    );
    assert_eq!(
        status("4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 300", "i0i1 e9e8"),
        "draw move-limit"
    );
}

#[test]
fn xiangqi_bad_input_is_one_line_and_exit_2() {
    for args in [
        &["xiangqi", "perft", "rnbakabnr/9 w", "2"][..],
        &["xiangqi", "perft", XIANGQI_START, "x"],
        &["xiangqi", "status", XIANGQI_START, "h2e3"],
        &["xiangqi", "status", XIANGQI_START, "zz"],
        &["xiangqi", "status", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"],
        &["xiangqi", "arena", "grandmaster", "easy", "--games", "2"],
    ] {
        let output = cli(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(!stderr.contains("panicked"));
    }
}

/// Runs a UCI session fed from `script` and returns what the engine printed.
fn uci_session(script: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_kawu-cli"))
        .args(["xiangqi", "uci"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("kawu-cli runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(script.as_bytes())
        .expect("the engine reads");
    let output = child.wait_with_output().expect("the engine ends");
    assert!(output.status.success());
    stdout(&output)
}

#[test]
fn xiangqi_uci_session() {
    let out = uci_session(
        "uci\nisready\nsetoption name Skill Level value 1\nsetoption name Hash value 8\n\
         ucinewgame\nposition startpos moves h2e2 h9g7\ngo depth 3\nisready\n\
         position fen 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1\ngo movetime 300\n\
         position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n\
         go perft 2\nposition startpos moves h2e9\nposition fen nonsense\nsetoption name Hash value 0\n\
         go depth x\nfly\nquit\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"uciok"), "{out}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Skill Level type spin"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Hash type spin"))
    );
    assert_eq!(
        lines.iter().filter(|l| **l == "readyok").count(),
        2,
        "{out}"
    );
    let infos: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(
        infos
            .iter()
            .any(|l| l.starts_with("info depth 3 score cp ") && l.contains(" pv "))
    );
    assert!(
        infos
            .iter()
            .all(|l| l.contains(" nodes ") && l.contains(" nps "))
    );
    let best: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("bestmove "))
        .collect();
    assert_eq!(best.len(), 2, "{out}");
    assert_eq!(*best[1], "bestmove b0b9", "mate in one");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info") && l.contains("score mate 1"))
    );
    // perft: one line per root move, a blank line, then the total.
    let total = lines
        .iter()
        .position(|l| *l == "Nodes searched: 1920")
        .expect("perft total");
    assert_eq!(lines[total - 1], "");
    assert_eq!(
        lines[total - 45..total - 1]
            .iter()
            .filter(|l| l.contains(": "))
            .count(),
        44
    );
    // Every bad command got one error line, and the engine went on to the end.
    let errors = lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .count();
    assert_eq!(errors, 5, "{out}");
}

#[test]
fn xiangqi_arena_prints_one_summary_line() {
    let output = cli(&[
        "xiangqi", "arena", "easy", "random", "--games", "2", "--seed", "3",
    ]);
    assert!(output.status.success());
    let out = stdout(&output);
    assert_eq!(out.lines().count(), 1, "{out}");
    let words: Vec<&str> = out.split_whitespace().collect();
    let names: Vec<&str> = words.iter().step_by(2).copied().collect();
    assert_eq!(
        names,
        [
            "score", "wins", "draws", "losses", "elo", "ci95", "ms_a", "ms_b"
        ]
    );
    assert_eq!(
        words[3], "2",
        "Easy wins both games against random moves: {out}"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.lines().last().unwrap().starts_with("endings: "),
        "{stderr}"
    );
}

/// Swaps the identities of the first two face-down pieces of different kinds in a JFEN.
fn swap_hidden_identities(jfen: &str) -> String {
    let mut chars: Vec<char> = jfen.chars().collect();
    let hidden: Vec<usize> = (0..chars.len() - 1)
        .filter(|&i| chars[i] == '?')
        .map(|i| i + 1)
        .collect();
    let first = hidden[0];
    let second = *hidden
        .iter()
        .find(|&&i| chars[i] != chars[first])
        .expect("two different face-down pieces");
    chars.swap(first, second);
    chars.into_iter().collect()
}

#[test]
fn think_answers_a_legal_action_and_cannot_see_face_down_pieces() {
    // A few flips in: some pieces face up, most still face down.
    let middle = stdout(&cli(&["junqi", "apply", START, "a1", "c6", "e12", "b7"]));
    let middle = middle.trim();
    let legal = stdout(&cli(&["junqi", "moves", middle]));
    let think = |jfen: &str, seed: &str| {
        let output = cli(&["junqi", "think", jfen, "--level", "medium", "--seed", seed]);
        assert!(output.status.success(), "{output:?}");
        stdout(&output)
    };
    let answer = think(middle, "7");
    let lines: Vec<&str> = answer.lines().collect();
    assert_eq!(lines.len(), 2, "{answer}");
    assert!(legal.lines().any(|line| line == lines[0]), "{answer}");
    lines[1].parse::<i32>().expect("the score is an integer");
    assert_eq!(
        think(middle, "7"),
        answer,
        "the same seed gives the same answer"
    );
    let swapped = swap_hidden_identities(middle);
    assert_ne!(swapped, middle);
    assert_eq!(
        think(&swapped, "7"),
        answer,
        "hidden identities changed the answer"
    );
}

/// What a player sees of a full JFEN: every `?X` a bare `?`.
fn view_of(jfen: &str) -> String {
    let mut view = String::new();
    let mut chars = jfen.chars();
    while let Some(c) = chars.next() {
        view.push(c);
        if c == '?' {
            chars.next();
        }
    }
    view
}

#[test]
fn think_answers_a_view_as_it_answers_the_full_position() {
    // Forty plies chosen by a fixed rule, so that pieces have been flipped and taken.
    let mut jfen = START.to_string();
    for ply in 0..40 {
        let moves = stdout(&cli(&["junqi", "moves", &jfen]));
        let moves: Vec<&str> = moves.lines().collect();
        let action = moves[(ply * 7) % moves.len()];
        jfen = stdout(&cli(&["junqi", "apply", &jfen, action]))
            .trim()
            .to_string();
    }
    // The pieces taken: those of the start that the full board no longer holds.
    let letters = |text: &str| -> Vec<char> {
        let board = text.split(' ').next().unwrap();
        let mut found: Vec<char> = board.chars().filter(char::is_ascii_alphabetic).collect();
        found.sort_unstable();
        found
    };
    let mut captured = String::new();
    let mut left = letters(&jfen);
    for letter in letters(START) {
        match left.iter().position(|&l| l == letter) {
            Some(index) => {
                left.remove(index);
            }
            None => captured.push(letter),
        }
    }
    assert!(!captured.is_empty(), "{jfen}");
    let view = view_of(&jfen);
    assert!(view.contains('?'), "{view}");
    for level in ["easy", "medium"] {
        let full = cli(&["junqi", "think", &jfen, "--level", level, "--seed", "5"]);
        let seen = cli(&[
            "junqi",
            "think",
            "--view",
            &view,
            "--captured",
            &captured,
            "--level",
            level,
            "--seed",
            "5",
        ]);
        assert!(full.status.success() && seen.status.success(), "{seen:?}");
        assert_eq!(stdout(&full), stdout(&seen), "{level}");
    }
    // A pool that cannot be: one captured piece too many.
    let wrong = cli(&[
        "junqi",
        "think",
        "--view",
        &view,
        "--captured",
        &format!("{captured}G"),
    ]);
    assert_eq!(wrong.status.code(), Some(2));
}

#[test]
fn think_reads_a_view_where_a_face_up_piece_follows_a_face_down_point() {
    // After c3, e3 and b4 are turned over, rank 4 reads `?gf1?Z?p`: in the view `?f1??`,
    // a face-down point followed by a face-up Blue horse.
    let jfen = stdout(&cli(&["junqi", "apply", START, "c3", "e3", "b4"]))
        .trim()
        .to_string();
    let view = view_of(&jfen);
    assert!(view.contains("/?f1??/"), "{view}");
    let full = cli(&["junqi", "think", &jfen, "--level", "hard", "--seed", "2"]);
    let seen = cli(&[
        "junqi", "think", "--view", &view, "--level", "hard", "--seed", "2",
    ]);
    assert!(full.status.success() && seen.status.success(), "{seen:?}");
    assert_eq!(stdout(&full), stdout(&seen));
    // One face-down point too few for the pool: a one-line error.
    let short = view.replacen("?????/", "????1/", 1);
    let wrong = cli(&["junqi", "think", "--view", &short]);
    assert_eq!(wrong.status.code(), Some(2));
    let stderr = String::from_utf8(wrong.stderr).unwrap();
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("face-down points"), "{stderr}");
}

#[test]
fn think_refuses_bad_input_in_one_line() {
    for args in [
        &["junqi", "think", "5/5 r 0 0"][..],
        &["junqi", "think", START, "--level", "genius"],
        &["junqi", "think", START, "--ms", "soon"],
    ] {
        let output = cli(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

const QIGUO_START: &str = "2kNkHkOkRkGkHkN1pNpHpOpRpGpHpN2/3kNkHkCkHkN3pNpHpCpHpN3/4kSkXkS5pSpXpS3gN/5kA7pA3gNgH/5kD7pD2gSgHgO/14gDgAgXgCgR/wN15gSgHgG/wHwN15gNgH/wGwHwS15gN/wRwCwXwAwD4*9/wOwHwS15bN/wHwN15bNbH/wN15bSbHbO/14bDbAbXbCbR/5rD7oD2bSbHbG/5rA7oA3bNbH/4rSrXrS5oSoXoS3bN/3rNrHrCrHrN3oNoHoCoHoN3/2rNrHrGrRrOrHrN1oNoHoGoRoOoHoN2 w 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 0 0";

#[test]
fn qiguo_moves_lists_the_72_start_moves_sorted() {
    let output = cli(&["qiguo", "moves", QIGUO_START]);
    assert_eq!(output.status.code(), Some(0));
    let lines: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 72);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(lines[0], "a13d17");
    assert_eq!(lines[71], "e10l3");
    assert!(stdout(&output).ends_with("e10l3\n"));
}

#[test]
fn qiguo_apply_prints_the_resulting_qfen() {
    let output = cli(&["qiguo", "apply", QIGUO_START]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), format!("{QIGUO_START}\n"));
    // The contract's worked examples 5 to 10.
    for (before, played, after) in [
        (
            "18rD/18rH/19/19/19/19/19/19/19/9*8bR/19/19/19/5rR13/19/19/2wO16/19/wR18 w 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 0 0",
            "c3f6",
            "19/19/19/19/19/19/19/19/19/9*8bR/19/19/19/5wO13/19/19/19/19/wR18 b 1234567 1,0,0,0,0,0,0 1,0,0,0,0,0,0 0 1",
        ),
        (
            "16rNrHrR/16rNrHrD/19/19/19/19/19/19/19/9*8bR/19/19/19/5rH13/19/19/2wO16/19/wR18 w 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 0 0",
            "c3f6",
            "19/19/19/19/19/19/19/19/19/9*8bR/19/19/19/5wO13/19/19/19/19/wR18 b 1234567 1,0,0,0,0,0,0 0,0,0,0,0,0,0 0 1",
        ),
        (
            "18rD/19/19/19/19/18gR/19/19/19/9*8bR/19/19/19/5rR13/19/19/2wO16/19/wR18 w 1234567 5,0,0,0,0,0,0 1,0,0,0,0,0,0 0 0",
            "c3f6",
            "19/19/19/19/19/18gR/19/19/19/9*8bR/19/19/19/5wO13/19/19/19/19/wR18 b 1234567 6,0,0,0,0,0,0 2,0,0,0,0,0,0 0 1",
        ),
        (
            "18rR/19/19/19/19/19/19/19/19/9*8bR/19/19/19/19/19/19/19/19/wR18 w 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 199 500",
            "a1a2",
            "18rR/19/19/19/19/19/19/19/19/9*8bR/19/19/19/19/19/19/19/wR18/19 r 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 200 501",
        ),
        (
            "rRbD16gR/wDgD17/19/19/19/19/19/19/19/9*9/19/19/19/19/19/19/19/19/wR17bR w 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 0 0",
            "a1a2",
            "1bD16gR/wDgD17/19/19/19/19/19/19/19/9*9/19/19/19/19/19/19/19/wR18/18bR b 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 1 1",
        ),
        (
            "18kR/19/19/19/19/19/19/19/19/9*9/19/19/19/5rR13/19/19/2wO16/19/wR18 w 1234561 0,0,0,0,0,0,0 0,0,0,0,0,0,0 0 0",
            "c3f6",
            "18kR/19/19/19/19/19/19/19/19/9*9/19/19/19/5wO13/19/19/19/19/wR18 k 1234561 1,0,0,0,0,0,0 1,0,0,0,0,0,0 0 1",
        ),
    ] {
        let output = cli(&["qiguo", "apply", before, played]);
        assert_eq!(output.status.code(), Some(0), "{before}");
        assert_eq!(stdout(&output).trim_end(), after);
    }
    // Several moves in order.
    let output = cli(&["qiguo", "apply", QIGUO_START, "e10j15", "f5f10"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(
        stdout(&output)
            .trim_end()
            .ends_with(" o 1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 2 2")
    );
}

#[test]
fn qiguo_a_finished_game_lists_nothing() {
    let over = "19/19/19/19/19/18gR/19/19/19/9*8bR/19/19/19/5wO13/19/19/19/19/wR18 b 1234567 6,0,0,0,0,0,0 2,0,0,0,0,0,0 0 1";
    let output = cli(&["qiguo", "moves", over]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "");
    assert_eq!(stdout(&cli(&["qiguo", "perft", over, "1"])), "0\n");
    assert_eq!(stdout(&cli(&["qiguo", "perft", over, "0"])), "1\n");
}

#[test]
fn qiguo_think_prints_a_legal_move_for_the_state_to_move() {
    let legal = stdout(&cli(&["qiguo", "moves", QIGUO_START]));
    for level in ["random", "easy", "medium"] {
        let think = || {
            cli(&[
                "qiguo",
                "think",
                QIGUO_START,
                "--level",
                level,
                "--seed",
                "3",
            ])
        };
        let output = think();
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        let answer = stdout(&output);
        assert!(
            legal.lines().any(|line| format!("{line}\n") == answer),
            "{answer}"
        );
        assert_eq!(
            stdout(&think()),
            answer,
            "the same seed gives the same move"
        );
    }
    let over = "19/19/19/19/19/18gR/19/19/19/9*8bR/19/19/19/5wO13/19/19/19/19/wR18 b 1234567 6,0,0,0,0,0,0 2,0,0,0,0,0,0 0 1";
    let output = cli(&["qiguo", "think", over, "--level", "easy"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "");
    let bad = cli(&["qiguo", "think", "19/19 w", "--level", "easy"]);
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(stdout(&bad), "");
}

#[test]
fn qiguo_perft_prints_one_integer() {
    for (depth, count) in [("0", "1"), ("1", "72"), ("2", "5125"), ("3", "344908")] {
        let output = cli(&["qiguo", "perft", QIGUO_START, depth]);
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(stdout(&output), format!("{count}\n"));
    }
}

#[test]
fn qiguo_bad_input_is_one_line_and_exit_2() {
    for args in [
        &["qiguo", "moves"][..],
        &["qiguo", "moves", "19/19 w"],
        &["qiguo", "moves", &QIGUO_START.replace(" w ", " x ")],
        &["qiguo", "moves", &QIGUO_START.replace(" 0 0", " 0 01")],
        &["qiguo", "apply", QIGUO_START, "e10e17"],
        &["qiguo", "apply", QIGUO_START, "e10"],
        &["qiguo", "apply", QIGUO_START, "e010j15"],
        &["qiguo", "apply", QIGUO_START, "f5f6"],
        &["qiguo", "perft", QIGUO_START, "x"],
        &["qiguo", "perft", QIGUO_START, "-1"],
        &["qiguo", "perft", QIGUO_START],
        &["qiguo", "perft", "nonsense", "2"],
    ] {
        let output = cli(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&output), "", "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

/// Reviews `record` (given on standard input) with the extra arguments.
fn review(game: &str, record: &str, extra: &[&str]) -> Output {
    let mut args = vec![game, "review", "-"];
    args.extend(extra);
    piped(&args, record)
}

/// Runs kawu-cli with `input` on its standard input.
fn piped(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_kawu-cli"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("kawu-cli runs");
    let mut stdin = child.stdin.take().unwrap();
    // A refused option ends the program before it reads its input: the pipe may be closed.
    if let Err(error) = stdin.write_all(input.as_bytes()) {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
    }
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// Checks a review against `docs/formats.md` (Review): one line per action with its ply, mover
/// and action, a class that agrees with the loss, then each mover's accuracy recomputed
/// from the printed losses. Returns the output.
fn check_review(output: &Output, actions: &[&str], movers: &[&str]) -> String {
    assert!(output.status.success(), "{output:?}");
    let text = stdout(output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), actions.len() + 1, "{text}");
    let mut losses: Vec<(&str, u32, bool)> = Vec::new();
    for (index, line) in lines[..actions.len()].iter().enumerate() {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 6, "{line}");
        assert_eq!(fields[0], (index + 1).to_string(), "{line}");
        assert_eq!(fields[1], movers[index], "{line}");
        assert_eq!(fields[2], actions[index], "{line}");
        let loss = fields[5];
        assert!(loss.len() == 5 && &loss[1..2] == ".", "{line}");
        let thousandths: u32 = loss.replace('.', "").parse().unwrap();
        assert!(thousandths <= 1000, "{line}");
        let class = match thousandths {
            _ if fields[3] == "forced" => "forced",
            0..10 => "best",
            10..50 => "good",
            50..100 => "inaccuracy",
            100..200 => "mistake",
            _ => "blunder",
        };
        assert_eq!(fields[3], class, "{line}");
        if fields[2] == fields[4] || class == "forced" {
            assert_eq!(loss, "0.000", "{line}");
        }
        losses.push((fields[1], thousandths, class == "forced"));
    }
    let mut expected = "accuracy".to_string();
    let mut seen: Vec<&str> = Vec::new();
    for &(mover, _, _) in &losses {
        if seen.contains(&mover) {
            continue;
        }
        seen.push(mover);
        let own: Vec<u32> = losses
            .iter()
            .filter(|&&(who, _, forced)| who == mover && !forced)
            .map(|&(_, loss, _)| loss)
            .collect();
        let mean = own.iter().sum::<u32>() as f64 / 1000.0 / own.len().max(1) as f64;
        expected += &format!(" {mover}={:.1}", 100.0 * (1.0 - mean));
    }
    assert_eq!(lines[actions.len()], expected, "{text}");
    text
}

const XIANGQI_GAME: &str = "c0e2 c9e7 b0c2 h9g7 c3c4 i9i8 c2d4 h7h6 d4c6 g6g5 b2b9 a9b9 c4c5 \
                            b7b0 d0e1 e7c5 h2h4 h6c6 i0i1 i8h8";
/// A Junqi game from START to a captured flag.
const JUNQI_GAME: &str = "a6 a3 d1 c2 b9 e1 c6 a11 b9b10 e2 b10a11";
const QIGUO_GAME: &str = "e10j15 f5f10 n5n10 o6j6 o14j14 n15n12 f15f12 c10e12 f4f7";

/// The review of a record and of each form the contract reads, and of its first half: the
/// same lines.
#[test]
fn review_follows_the_contract_in_every_game() {
    let xiangqi: Vec<&str> = XIANGQI_GAME.split(' ').filter(|a| !a.is_empty()).collect();
    let xiangqi_movers: Vec<&str> = (0..xiangqi.len()).map(|i| ["w", "b"][i % 2]).collect();
    let junqi: Vec<&str> = JUNQI_GAME.split(' ').collect();
    let junqi_movers: Vec<&str> = (0..junqi.len()).map(|i| ["1", "2"][i % 2]).collect();
    let qiguo: Vec<&str> = QIGUO_GAME.split(' ').collect();
    let qiguo_movers = ["w", "r", "o", "b", "g", "p", "k", "w", "r"];
    let cases = [
        (
            "xiangqi",
            format!("position startpos moves {XIANGQI_GAME}"),
            &xiangqi,
            xiangqi_movers,
        ),
        (
            "junqi",
            format!("{START} moves {JUNQI_GAME}"),
            &junqi,
            junqi_movers,
        ),
        (
            "qiguo",
            format!("{QIGUO_START} moves {QIGUO_GAME}"),
            &qiguo,
            qiguo_movers.to_vec(),
        ),
    ];
    for (game, record, actions, movers) in cases {
        let whole = check_review(&review(game, &record, &[]), actions, &movers);
        // Nothing from later actions: the first half's review is the whole's first lines.
        let half = actions.len() / 2;
        let first = format!(
            "{} {}",
            record.split(" moves ").next().unwrap(),
            if half > 0 {
                format!("moves {}", actions[..half].join(" "))
            } else {
                String::new()
            }
        );
        let part = check_review(
            &review(game, &first, &[]),
            &actions[..half],
            &movers[..half],
        );
        let part_lines: Vec<&str> = part.lines().take(half).collect();
        let whole_lines: Vec<&str> = whole.lines().take(half).collect();
        assert_eq!(part_lines, whole_lines, "{game}");
        // The same on every run, and at another level still by the contract.
        assert_eq!(
            check_review(&review(game, &record, &[]), actions, &movers),
            whole
        );
        check_review(
            &review(game, &record, &["--level", "easy", "--seed", "9"]),
            actions,
            &movers,
        );
    }
    // A record with no actions prints the accuracy line alone.
    assert_eq!(
        stdout(&review("xiangqi", "position startpos", &[])),
        "accuracy\n"
    );
}

/// Each face-down identity of a full JFEN with its point (`c3`), in the JFEN's order.
fn face_down_points(jfen: &str) -> Vec<(String, usize)> {
    let board = jfen.split(' ').next().unwrap();
    let mut found = Vec::new();
    for (row, rank) in board.split('/').enumerate() {
        let mut file = 0u8;
        let mut chars = rank.char_indices().peekable();
        while let Some((_, c)) = chars.next() {
            if let Some(empty) = c.to_digit(10) {
                file += empty as u8;
                continue;
            }
            if c == '?' {
                let (at, _) = chars.next().unwrap();
                let offset: usize = board.split('/').take(row).map(|r| r.len() + 1).sum();
                found.push((
                    format!("{}{}", (b'a' + file) as char, 12 - row),
                    offset + at,
                ));
            }
            file += 1;
        }
    }
    found
}

#[test]
fn a_junqi_review_never_sees_a_face_down_identity() {
    let actions: Vec<&str> = JUNQI_GAME.split(' ').collect();
    let record = format!("{START} moves {JUNQI_GAME}");
    let reviewed = stdout(&review("junqi", &record, &[]));
    // Deal the pieces never turned over differently: each takes the next one's identity.
    let turned: Vec<&str> = actions.iter().copied().filter(|a| a.len() <= 3).collect();
    let untouched: Vec<usize> = face_down_points(START)
        .into_iter()
        .filter(|(point, _)| !turned.contains(&point.as_str()))
        .map(|(_, at)| at)
        .collect();
    assert!(untouched.len() > 30);
    let mut dealt: Vec<char> = START.chars().collect();
    for pair in untouched.windows(2) {
        dealt[pair[1]] = START.as_bytes()[pair[0]] as char;
    }
    dealt[untouched[0]] = START.as_bytes()[*untouched.last().unwrap()] as char;
    let dealt: String = dealt.into_iter().collect();
    assert_ne!(dealt, START);
    let other = review("junqi", &format!("{dealt} moves {JUNQI_GAME}"), &[]);
    assert_eq!(
        stdout(&other),
        reviewed,
        "a face-down identity changed the review"
    );
}

#[test]
fn review_refuses_bad_records_and_options_in_one_line() {
    let cases: Vec<(&str, String, Vec<&str>, &str)> = vec![
        (
            "xiangqi",
            "position startpos moves h2e2 zz".into(),
            vec![],
            "'zz'",
        ),
        (
            "xiangqi",
            "position startpos moves h2e2 h7h3 h0h7".into(),
            vec![],
            "h0h7",
        ),
        ("xiangqi", "nonsense".into(), vec![], ""),
        (
            "xiangqi",
            "position startpos".into(),
            vec!["--level", "foo"],
            "foo",
        ),
        (
            "xiangqi",
            "position startpos".into(),
            vec!["--level", "random"],
            "random",
        ),
        (
            "xiangqi",
            "position startpos".into(),
            vec!["--seed", "x"],
            "'x'",
        ),
        ("junqi", format!("{START} moves a6 a6"), vec![], "action 2"),
        (
            "junqi",
            format!("{START} moves {JUNQI_GAME} a1"),
            vec![],
            "action 12",
        ),
        ("junqi", "hello".into(), vec![], ""),
        (
            "qiguo",
            format!("{QIGUO_START} moves e10j15 e10j15"),
            vec![],
            "e10j15",
        ),
        (
            "qiguo",
            "[Game \"Qiguo Xiangqi\"]\n[Seats \"9\"]".into(),
            vec![],
            "",
        ),
    ];
    for (game, record, extra, named) in cases {
        let output = review(game, &record, &extra);
        assert_eq!(output.status.code(), Some(2), "{game} {record} {extra:?}");
        assert_eq!(stdout(&output), "", "{record}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{record}: {stderr}");
        assert!(stderr.contains(named), "{record}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // A file that is not there.
    let output = cli(&["junqi", "review", "/nonexistent/record.txt"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
}

/// The frames a GIF holds.
fn gif_frames(bytes: &[u8]) -> usize {
    let mut decoder = gif::DecodeOptions::new().read_info(bytes).expect("a GIF");
    let mut frames = 0;
    while decoder.read_next_frame().expect("a frame").is_some() {
        frames += 1;
    }
    frames
}

#[test]
fn gif_draws_a_frame_a_ply_and_png_one_position_of_each_game() {
    let xiangqi = format!(
        "{} moves {XIANGQI_GAME}",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
    let plies = XIANGQI_GAME.split_whitespace().count();
    let junqi = format!("{START} moves {JUNQI_GAME}");
    let qiguo = format!("{QIGUO_START} moves {QIGUO_GAME}");
    for (game, record, plies) in [
        ("xiangqi", xiangqi.as_str(), plies),
        (
            "junqi",
            junqi.as_str(),
            JUNQI_GAME.split_whitespace().count(),
        ),
        (
            "qiguo",
            qiguo.as_str(),
            QIGUO_GAME.split_whitespace().count(),
        ),
    ] {
        let output = piped(&[game, "gif", "-"], record);
        assert!(output.status.success(), "{game}: {output:?}");
        assert_eq!(&output.stdout[..6], b"GIF89a", "{game}");
        assert_eq!(gif_frames(&output.stdout), plies + 1, "{game}");
        let part = piped(
            &[
                game, "gif", "-", "--from", "1", "--to", "3", "--size", "300",
            ],
            record,
        );
        assert_eq!(gif_frames(&part.stdout), 3, "{game}");
        let output = piped(&[game, "png", "-", "--ply", "2", "--colour-safe"], record);
        assert!(output.status.success(), "{game}: {output:?}");
        assert_eq!(&output.stdout[..8], b"\x89PNG\r\n\x1a\n", "{game}");
        // The old spelling draws the same palette; the default palette draws another picture.
        let old = piped(&[game, "png", "-", "--ply", "2", "--colour-blind"], record);
        assert_eq!(old.stdout, output.stdout, "{game}");
        let plain = piped(&[game, "png", "-", "--ply", "2"], record);
        assert_ne!(plain.stdout, output.stdout, "{game}");
    }
}

#[test]
fn pictures_refuse_bad_records_and_options_in_one_line() {
    let record = "position startpos moves h2e2";
    for (game, input, extra) in [
        ("xiangqi", "position startpos moves h2e2 zz", &[][..]),
        ("xiangqi", "nonsense", &[]),
        ("junqi", "nonsense", &[]),
        ("qiguo", "nonsense moves e10j15", &[]),
        ("xiangqi", record, &["--ply", "2"]),
        ("xiangqi", record, &["--ply", "x"]),
        ("xiangqi", record, &["--size", "9"]),
    ] {
        let command = if extra.is_empty() || extra[0] == "--size" {
            "gif"
        } else {
            "png"
        };
        let mut args = vec![game, command, "-"];
        args.extend(extra);
        let output = piped(&args, input);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

const CLASSIC_RED: &str = "CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP";
const CLASSIC_BLUE: &str = "lfzlp/ldbec/r1m1t/zp1ec/e1g1b/cdrpt";
const CLASSIC_START: &str =
    "lfzlp/ldbec/r1m1t/zp1ec/e1g1b/cdrpt/CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP r 0 0";

fn classic(args: &[&str]) -> Output {
    let mut all = vec!["junqi-classic"];
    all.extend_from_slice(args);
    cli(&all)
}

/// Asserts the contract's refusal: exit 2, one line on stderr, nothing on stdout.
fn refused(output: &Output, what: &str) -> String {
    assert_eq!(output.status.code(), Some(2), "{what}");
    assert!(output.stdout.is_empty(), "{what}");
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    assert_eq!(stderr.trim().lines().count(), 1, "{what}: {stderr}");
    assert!(!stderr.contains("panicked"), "{what}: {stderr}");
    stderr
}

#[test]
fn classic_deploy_is_legal_and_the_same_for_the_same_seed() {
    for style in ["random", "balanced"] {
        for side in ["r", "b"] {
            let args = ["deploy", "--side", side, "--seed", "9", "--style", style];
            let first = stdout(&classic(&args));
            assert_eq!(first, stdout(&classic(&args)));
            let deployment = first.trim();
            let check = classic(&["check", deployment, "--side", side]);
            assert_eq!(stdout(&check), "ok\n", "{deployment}");
        }
    }
}

#[test]
fn classic_check_names_the_first_broken_rule() {
    assert_eq!(
        stdout(&classic(&["check", CLASSIC_RED, "--side", "r"])),
        "ok\n"
    );
    for (deployment, rule) in [
        ("CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC", "6 ranks"),
        ("CDRPT/E1M1B/ZP1EC/R1M1T/LDBEC/LFZLP", "'M'"),
        ("CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/FLZLP", "flag"),
        ("CDRPT/E1G1B/ZP1LC/R1M1T/EDBEC/LFZLP", "landmine"),
        ("ZDRPT/E1G1B/CP1EC/R1M1T/LDBEC/LFZLP", "bomb"),
    ] {
        let stderr = refused(&classic(&["check", deployment, "--side", "r"]), deployment);
        assert!(stderr.contains(rule), "{deployment}: {stderr}");
    }
    refused(
        &classic(&["check", CLASSIC_RED, "--side", "b"]),
        "Red's pieces as Blue's",
    );
}

#[test]
fn classic_start_view_and_moves_follow_the_contract() {
    let start = stdout(&classic(&["start", CLASSIC_RED, CLASSIC_BLUE]));
    assert_eq!(start.trim(), CLASSIC_START);
    let view = stdout(&classic(&["view", CLASSIC_START, "--side", "r"]));
    assert_eq!(
        view.trim(),
        "xxxxx/xxxxx/x1x1x/xx1xx/x1x1x/xxxxx/CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP r 0 0"
    );
    let full = stdout(&classic(&["moves", CLASSIC_START]));
    assert_eq!(full, stdout(&classic(&["moves", view.trim()])));
    let lines: Vec<&str> = full.lines().collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(
        lines.contains(&"a6a7") && !lines.contains(&"b6b7"),
        "mountains block b6b7"
    );
    // Blue's view with Red to move lists nothing it may claim: refused.
    let blue = stdout(&classic(&["view", CLASSIC_START, "--side", "b"]));
    refused(
        &classic(&["moves", blue.trim()]),
        "a view of the side not to move",
    );
}

#[test]
fn classic_apply_and_line_carry_the_referees_words_only() {
    // a6a7: Red's company commander meets Blue's: both fall.
    let after = stdout(&classic(&["apply", CLASSIC_START, "a6a7="]));
    assert_eq!(
        after.trim(),
        "lfzlp/ldbec/r1m1t/zp1ec/e1g1b/1drpt/1DRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP b 0 1"
    );
    refused(&classic(&["apply", CLASSIC_START, "a6a7+"]), "a wrong mark");
    refused(
        &classic(&["apply", CLASSIC_START, "b6b7"]),
        "an illegal move",
    );
    let line = stdout(&classic(&[
        "line",
        CLASSIC_START,
        "a6a7",
        "e7e6",
        "--side",
        "r",
    ]));
    assert_eq!(
        line.trim(),
        "xxxxx/xxxxx/x1x1x/xx1xx/x1x1x/xxxxx/CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP r 0 0 moves a6a7= e7e6="
    );
    // The line is all a player needs: the computer answers from it, the same for a seed.
    let think = classic(&["think", line.trim(), "--level", "easy", "--seed", "3"]);
    let answer = stdout(&think);
    assert_eq!(answer.lines().count(), 2, "{answer}");
    assert_eq!(
        answer,
        stdout(&classic(&[
            "think",
            line.trim(),
            "--level",
            "easy",
            "--seed",
            "3"
        ]))
    );
    let moves = stdout(&classic(&[
        "moves",
        &stdout(&classic(&["apply", CLASSIC_START, "a6a7", "e7e6"])),
    ]));
    assert!(moves.lines().any(|m| m == answer.lines().next().unwrap()));
    refused(&classic(&["think", "garbage"]), "a bad line");
    refused(
        &classic(&[
            "think",
            &format!("{} moves a6a7", CLASSIC_START.replace("cdrpt", "xxxxx")),
        ]),
        "an attack without its mark",
    );
}

#[test]
fn classic_review_judges_each_move_from_its_movers_line() {
    let record =
        std::env::temp_dir().join(format!("kawu-classic-review-{}.txt", std::process::id()));
    std::fs::write(&record, format!("{CLASSIC_START} moves d4d5 a7b8 b4c4")).unwrap();
    let output = classic(&["review", record.to_str().unwrap(), "--level", "easy"]);
    std::fs::remove_file(&record).ok();
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("1 r d4d5 "), "{text}");
    assert!(lines[1].starts_with("2 b a7b8 "), "{text}");
    assert!(lines[3].starts_with("accuracy r="), "{text}");
}

#[test]
fn classic_pictures_show_the_whole_game_or_one_sides_view() {
    let record = std::env::temp_dir().join(format!("kawu-classic-gif-{}.txt", std::process::id()));
    std::fs::write(&record, format!("{CLASSIC_START} moves a6a7 e7e6")).unwrap();
    let file = record.to_str().unwrap();
    let gif = classic(&["gif", file]);
    let red = classic(&["png", file, "--side", "r"]);
    let blue = classic(&["png", file, "--side", "b"]);
    std::fs::remove_file(&record).ok();
    assert!(
        gif.stdout.starts_with(b"GIF89a"),
        "{}",
        String::from_utf8_lossy(&gif.stderr)
    );
    assert!(red.stdout.starts_with(b"\x89PNG") && blue.stdout.starts_with(b"\x89PNG"));
    assert_ne!(
        red.stdout, blue.stdout,
        "each side sees its own pieces only"
    );
    refused(
        &classic(&["moves", CLASSIC_START, "--side", "r"]),
        "moves takes no side",
    );
    refused(&classic(&["deploy"]), "deploy needs a side");
}

#[test]
fn classic_review_never_reads_the_future_nor_a_hidden_piece() {
    let dir = std::env::temp_dir();
    let write = |name: &str, text: String| {
        let path = dir.join(format!("kawu-classic-{name}-{}.txt", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path
    };
    let moves = "d4d5 a7b8 b4c4 e7d8 d5d4 b8a7";
    let whole = write("whole", format!("{CLASSIC_START} moves {moves}"));
    let prefix = write("prefix", format!("{CLASSIC_START} moves d4d5 a7b8 b4c4"));
    // Blue's b11 and c12 swapped: no move meets them, so no line changes.
    let swapped_start = CLASSIC_START.replace("lfzlp/ldbec", "lfdlp/lzbec");
    let swapped = write("swapped", format!("{swapped_start} moves {moves}"));
    let review = |path: &std::path::Path| {
        stdout(&classic(&[
            "review",
            path.to_str().unwrap(),
            "--level",
            "easy",
        ]))
    };
    let (whole_text, prefix_text, swapped_text) =
        (review(&whole), review(&prefix), review(&swapped));
    for path in [whole, prefix, swapped] {
        std::fs::remove_file(path).ok();
    }
    let first: Vec<&str> = whole_text.lines().take(3).collect();
    let short: Vec<&str> = prefix_text.lines().take(3).collect();
    assert_eq!(
        first, short,
        "the first moves' lines do not depend on what came after"
    );
    assert_eq!(
        whole_text, swapped_text,
        "an enemy piece's identity changes nothing"
    );
    let bad = write("bad", format!("{CLASSIC_START} moves d4d5"));
    refused(
        &classic(&["review", bad.to_str().unwrap(), "--level", "foo"]),
        "a bad level",
    );
    refused(
        &classic(&["review", bad.to_str().unwrap(), "--seed", "x"]),
        "a bad seed",
    );
    std::fs::remove_file(bad).ok();
}
