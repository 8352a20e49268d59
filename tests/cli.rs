//! The `kawu-cli junqi` contract, run as a process.

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
