//! The direction of dependencies (`../shared/architecture.md`): rules ← ai ← client, nothing
//! pointing back, and what the games share importing no game's folder. Checked by reading the
//! sources.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `src/<folder>`.
fn sources(folder: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src")
            .join(folder),
    ];
    while let Some(path) = pending.pop() {
        if path.is_dir() {
            let entries = std::fs::read_dir(&path).expect("a readable source folder");
            pending.extend(entries.map(|entry| entry.expect("a folder entry").path()));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
    assert!(!found.is_empty(), "no sources under src/{folder}");
    found
}

/// The files among `files` whose code names any of `forbidden`.
fn offenders(files: &[PathBuf], forbidden: &[&str]) -> Vec<String> {
    files
        .iter()
        .filter_map(|file| {
            let text = std::fs::read_to_string(file).expect("a readable source file");
            let named: Vec<&str> = forbidden
                .iter()
                .copied()
                .filter(|name| {
                    text.lines()
                        .any(|line| !line.trim_start().starts_with("//") && line.contains(name))
                })
                .collect();
            (!named.is_empty()).then(|| format!("{} names {named:?}", file.display()))
        })
        .collect()
}

#[test]
fn the_rules_depend_on_nothing_of_the_project_and_no_engine() {
    let bad = offenders(
        &sources("rules"),
        &["crate::ai", "crate::client", "bevy", "std::fs", "std::net"],
    );
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn the_computer_players_know_no_client() {
    let bad = offenders(&sources("ai"), &["crate::client", "bevy"]);
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn what_the_searches_share_imports_no_game_of_theirs() {
    let shared: Vec<PathBuf> = ["ai/mod.rs", "ai/budget.rs", "ai/arena.rs"]
        .iter()
        .map(|file| Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(file))
        .collect();
    let bad = offenders(&shared, &["junqi::", "xiangqi::"]);
    assert!(bad.is_empty(), "{bad:#?}");
    // And one game's search does not reach into the other's.
    let bad = offenders(&sources("ai/junqi"), &["xiangqi"]);
    assert!(bad.is_empty(), "{bad:#?}");
    let bad = offenders(&sources("ai/xiangqi"), &["junqi"]);
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn the_shared_client_imports_no_game_folder() {
    let games = ["junqi", "xiangqi", "qiguo"];
    let shared: Vec<PathBuf> = sources("client")
        .into_iter()
        .filter(|file| {
            let inside = file
                .strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/client"))
                .expect("under src/client");
            let first = inside.iter().next().and_then(|part| part.to_str());
            // The game folders themselves, and the two files that compose them.
            !first
                .is_some_and(|part| games.contains(&part) || part == "mod.rs" || part == "games.rs")
        })
        .collect();
    assert!(shared.len() > 10, "the shared client was not found");
    let bad = offenders(&shared, &["junqi::", "xiangqi::", "qiguo::"]);
    assert!(bad.is_empty(), "{bad:#?}");
    // Nor does one game's client folder reach into another's.
    let bad = offenders(&sources("client/junqi"), &["xiangqi::", "qiguo::"]);
    assert!(bad.is_empty(), "{bad:#?}");
}
