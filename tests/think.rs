//! A search request (`kawu::ai::request`, what the browser's worker answers) gives the same
//! action as the command line's searches for the same position, level, node limit and seed:
//! `kawu-cli junqi think`, `kawu-cli junqi-classic think`, the Xiangqi UCI engine's `go nodes
//! N` and `kawu-cli qiguo think`.

use kawu::ai::request::{Seen, ThinkRequest, think};
use serde::Deserialize;
use std::io::Write;
use std::process::{Command, Stdio};

/// A named request of `tests/data/think-requests.json` (the browser test sends the same).
#[derive(Deserialize)]
struct Case {
    name: String,
    request: ThinkRequest,
}

fn cases() -> Vec<Case> {
    serde_json::from_str(include_str!("data/think-requests.json")).expect("the cases parse")
}

/// The level's name on the command line.
fn level_name(request: &ThinkRequest) -> String {
    format!("{:?}", request.search.level).to_lowercase()
}

/// Runs kawu-cli with `args`, feeding it `input`; its standard output.
fn cli(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kawu-cli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("kawu-cli runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("kawu-cli reads");
    let output = child.wait_with_output().expect("kawu-cli ends");
    assert!(output.status.success(), "kawu-cli {args:?}: {output:?}");
    String::from_utf8(output.stdout).expect("text")
}

/// The action the command line chooses for `request`.
fn cli_answer(request: &ThinkRequest) -> String {
    let level = level_name(request);
    let seed = request.search.seed.to_string();
    match &request.seen {
        Seen::Junqi { view } => {
            let captured = view.captured_letters();
            let jfen = view.to_jfen();
            let args = ["junqi", "think", "--view", &jfen, "--captured", &captured];
            let out = cli(
                &[&args[..], &["--level", &level, "--seed", &seed]].concat(),
                "",
            );
            out.lines().next().unwrap_or_default().to_string()
        }
        Seen::Xiangqi { start, moves } => {
            let skill = match request.search.level {
                kawu::ai::Level::Easy => 0,
                kawu::ai::Level::Medium => 1,
                _ => 2,
            };
            let nodes = request
                .search
                .nodes
                .expect("xiangqi cases are node-limited");
            // 6 MB of table: the game's 2^18 entries.
            let script = format!(
                "setoption name Skill Level value {skill}\nsetoption name Hash value 6\n\
                 position fen {start} moves {}\ngo nodes {nodes}\n",
                moves.join(" ")
            );
            let out = cli(&["xiangqi", "uci"], &script);
            let best = out.lines().find_map(|line| line.strip_prefix("bestmove "));
            best.expect("a bestmove line").to_string()
        }
        Seen::JunqiClassic { line } => {
            let args = [
                "junqi-classic",
                "think",
                "-",
                "--level",
                &level,
                "--seed",
                &seed,
            ];
            let out = cli(&args, line);
            out.lines().next().unwrap_or_default().to_string()
        }
        Seen::Qiguo { qfen } => {
            let out = cli(
                &["qiguo", "think", qfen, "--level", &level, "--seed", &seed],
                "",
            );
            out.trim().to_string()
        }
    }
}

#[test]
fn a_request_answers_as_the_command_line_does() {
    let cases = cases();
    assert!(cases.len() >= 9, "a few positions of each game");
    for case in cases {
        let answer = think(&case.request).expect("a good request");
        let action = answer.action.expect("the cases' games go on");
        assert_eq!(action, cli_answer(&case.request), "{}", case.name);
    }
}

#[test]
fn a_request_travels_as_json_unchanged() {
    for case in cases() {
        let text = serde_json::to_string(&case.request).unwrap();
        let back: ThinkRequest = serde_json::from_str(&text).unwrap();
        assert_eq!(back, case.request, "{}", case.name);
    }
}

#[test]
fn a_junqi_classic_request_answers_as_the_command_line_does() {
    // Red's view of the start.
    let start = "xxxxx/xxxxx/x1x1x/xx1xx/x1x1x/xxxxx/CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP r 0 0";
    for (level, line) in [
        ("Easy", format!("{start} moves")),
        ("Medium", format!("{start} moves d4d5 a7b8 b4c4 e7d8")),
        ("Hard", format!("{start} moves a6a7= e7e6=")),
    ] {
        let request: ThinkRequest = serde_json::from_str(&format!(
            r#"{{"seen": {{"game": "junqi_classic", "line": "{line}"}}, "search": {{"level": "{level}", "seed": 3, "nodes": 1000000}}}}"#
        ))
        .unwrap();
        let answer = think(&request).expect("a good request");
        let action = answer.action.expect("the game goes on");
        assert_eq!(action, cli_answer(&request), "{level}: {line}");
    }
}
