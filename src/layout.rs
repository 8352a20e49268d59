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

/// The client's modules (`junqi/board` for `src/client/junqi/board.rs`, `junqi` for its
/// `mod.rs`) and the modules each one names through `super::` or `crate::client::`.
fn client_imports() -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/client");
    let name_of = |file: &Path| {
        let relative = file.strip_prefix(&root).expect("under src/client");
        let name = relative
            .with_extension("")
            .to_string_lossy()
            .replace('\\', "/");
        match name.strip_suffix("mod") {
            Some(folder) => folder.trim_end_matches('/').to_string(),
            None => name,
        }
    };
    let files = sources("client");
    let modules: std::collections::BTreeSet<String> = files.iter().map(|f| name_of(f)).collect();
    let join = |base: &str, part: &str| {
        if base.is_empty() {
            part.to_string()
        } else {
            format!("{base}/{part}")
        }
    };
    let mut imports = std::collections::BTreeMap::new();
    for file in &files {
        let module = name_of(file);
        // `super` is the module's parent: for a `mod.rs`, the folder's parent.
        let parent = module
            .rsplit_once('/')
            .map_or("", |(parent, _)| parent)
            .to_string();
        let text = std::fs::read_to_string(file).expect("a readable source file");
        let mut named = std::collections::BTreeSet::new();
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for (prefix, base) in [("super::", parent.as_str()), ("crate::client::", "")] {
                for (at, _) in line.match_indices(prefix) {
                    let path: Vec<&str> = line[at + prefix.len()..]
                        .split("::")
                        .map(|part| {
                            part.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                                .next()
                                .unwrap_or("")
                        })
                        .take(2)
                        .collect();
                    let first = join(base, path[0]);
                    let deeper = path.get(1).map(|second| join(&first, second));
                    let target = deeper.filter(|m| modules.contains(m)).or(Some(first));
                    if let Some(target) = target.filter(|m| modules.contains(m) && *m != module) {
                        named.insert(target);
                    }
                }
            }
        }
        imports.insert(module, named);
    }
    imports
}

#[test]
fn the_client_has_no_import_circles() {
    let imports = client_imports();
    assert!(imports.contains_key("junqi/board"), "{:?}", imports.keys());
    // The root composes every module and is named by all for `Screen` and `ClientSet`.
    let edges = |module: &str| -> Vec<String> {
        imports[module]
            .iter()
            .filter(|m| !m.is_empty())
            .cloned()
            .collect()
    };
    // A depth-first search: a module met again while still on the path closes a circle.
    fn visit(
        module: &str,
        edges: &dyn Fn(&str) -> Vec<String>,
        path: &mut Vec<String>,
        done: &mut std::collections::BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|m| m == module) {
            let mut circle = path[start..].to_vec();
            circle.push(module.to_string());
            return Some(circle);
        }
        if !done.insert(module.to_string()) {
            return None;
        }
        path.push(module.to_string());
        for next in edges(module) {
            if let Some(circle) = visit(&next, edges, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        None
    }
    let mut done = std::collections::BTreeSet::new();
    for module in imports.keys().filter(|m| !m.is_empty()) {
        let circle = visit(module, &edges, &mut Vec::new(), &mut done);
        assert!(
            circle.is_none(),
            "an import circle: {}",
            circle.unwrap().join(" → ")
        );
    }
}
