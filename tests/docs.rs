//! The documentation against the code: every flag a command line in README, CONTRIBUTING or
//! `docs/` gives to `kawu`, `kawu-cli` or `kawu-server` is one the program declares and every
//! flag they declare is mentioned there, every path they name exists, README names every folder of `src/`, and no file of the repository
//! names a folder beside it. Checked by reading the sources: this test uses nothing of the
//! crate, so it builds and passes with any of its features.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `folder`, skipping version control, build output and installed packages.
fn files_under(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(path) = pending.pop() {
        if path.is_dir() {
            let name = path
                .file_name()
                .and_then(|name| name.to_str())
                .unwrap_or("");
            if matches!(name, ".git" | "target" | "node_modules") {
                continue;
            }
            let entries = std::fs::read_dir(&path).expect("a readable folder");
            pending.extend(entries.map(|entry| entry.expect("a folder entry").path()));
        } else {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// The long flags a clap-derived source declares: each `#[arg(long …)]` field as kebab case,
/// an explicit `long = "name"`, and every alias.
fn declared_flags(source: &str) -> BTreeSet<String> {
    let mut flags = BTreeSet::new();
    let lines: Vec<&str> = source.lines().map(str::trim).collect();
    let mut index = 0;
    while index < lines.len() {
        if !(lines[index].starts_with("#[arg(") || lines[index].starts_with("#[clap(")) {
            index += 1;
            continue;
        }
        // The attribute, over as many lines as it takes.
        let mut attribute = String::new();
        while index < lines.len() {
            attribute += lines[index];
            attribute.push(' ');
            index += 1;
            if attribute.trim_end().ends_with(")]") {
                break;
            }
        }
        let inside = attribute.trim().trim_end_matches(")]");
        let inside = inside.split_once('(').map_or("", |(_, inside)| inside);
        let mut derived = false;
        for part in inside.split(',').map(str::trim) {
            let (key, value) = match part.split_once('=') {
                Some((key, value)) => (key.trim(), Some(value.trim().trim_matches('"'))),
                None => (part, None),
            };
            match (key, value) {
                ("long", None) => derived = true,
                ("long" | "alias" | "visible_alias", Some(name)) => {
                    flags.insert(name.to_string());
                }
                _ => {}
            }
        }
        if derived {
            // The field this attribute belongs to: the next line that is not an attribute.
            let field = lines[index..]
                .iter()
                .find(|line| !line.starts_with("#[") && !line.starts_with("///"))
                .and_then(|line| line.split(':').next())
                .map(|name| name.trim().trim_start_matches("pub ").trim());
            if let Some(field) = field {
                flags.insert(field.replace('_', "-"));
            }
        }
    }
    flags
}

/// The flags declared by every `.rs` file under `folders` whose text contains `marker`.
fn flags_of(folders: &[&str], marker: &str) -> BTreeSet<String> {
    let mut flags: BTreeSet<String> = ["help", "version"].map(String::from).into();
    let mut read = 0;
    let files = folders
        .iter()
        .flat_map(|folder| files_under(&root().join(folder)));
    for path in files {
        if path.extension().is_some_and(|ext| ext == "rs") {
            let source = std::fs::read_to_string(&path).expect("a readable source");
            if source.contains(marker) {
                flags.extend(declared_flags(&source));
                read += 1;
            }
        }
    }
    assert!(read > 0, "no source under {folders:?} contains {marker}");
    flags
}

/// The program a documented command line runs, and the part of it that holds its flags.
fn program_of(line: &str) -> Option<(&'static str, &str)> {
    let line = line.trim().trim_start_matches("$ ");
    let line = line.split(" #").next().unwrap_or(line);
    for (prefix, program) in [
        ("kawu-cli ", "kawu-cli"),
        ("target/release/kawu-cli ", "kawu-cli"),
        ("kawu-server ", "kawu-server"),
        ("target/release/kawu-server ", "kawu-server"),
        ("kawu ", "kawu"),
    ] {
        if let Some(rest) = line.strip_prefix(prefix) {
            return Some((program, rest));
        }
    }
    let rest = line.strip_prefix("cargo run")?;
    let (cargo, program_args) = rest.split_once(" -- ")?;
    let program = if cargo.contains("--bin kawu-server") {
        "kawu-server"
    } else if cargo.contains("--bin kawu-cli") {
        "kawu-cli"
    } else {
        "kawu"
    };
    Some((program, program_args))
}

/// The long flags written on a command line (`--level`, `--seed=3` gives `seed`).
fn flags_on(line: &str) -> Vec<String> {
    line.split_whitespace()
        .map(|word| word.trim_matches(|c: char| "[](),;`'\"".contains(c)))
        .filter_map(|word| word.strip_prefix("--"))
        .map(|flag| flag.split('=').next().unwrap_or(flag))
        .filter(|flag| flag.starts_with(|c: char| c.is_ascii_lowercase()))
        .map(|flag| {
            flag.trim_end_matches(|c: char| !c.is_ascii_alphanumeric())
                .to_string()
        })
        .collect()
}

/// The command lines of a Markdown text: the lines of its fenced blocks and its inline code
/// spans, each with its line number.
fn command_lines(text: &str) -> Vec<(usize, String)> {
    let mut lines = Vec::new();
    let mut fenced = false;
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            lines.push((index + 1, line.to_string()));
        } else {
            let spans = line.split('`').skip(1).step_by(2);
            lines.extend(spans.map(|span| (index + 1, span.to_string())));
        }
    }
    lines
}

/// The documents a user reads for command lines.
fn documents() -> Vec<PathBuf> {
    let mut documents: Vec<PathBuf> = ["README.md", "CONTRIBUTING.md"]
        .iter()
        .map(|name| root().join(name))
        .filter(|path| path.exists())
        .collect();
    documents.extend(
        files_under(&root().join("docs"))
            .into_iter()
            .filter(|path| path.extension().is_some_and(|ext| ext == "md")),
    );
    documents
}

#[test]
fn every_documented_flag_exists() {
    let game = flags_of(&["src/client"], "#[command(name = \"kawu\"");
    let cli = flags_of(&["src/bin/kawu-cli"], "#[arg(");
    let server = flags_of(&["src/bin/kawu-server", "src/server"], "#[arg(");
    assert!(game.contains("colour-safe") && cli.contains("level") && server.contains("addr"));
    let mut unknown = Vec::new();
    let mut checked = 0;
    for document in documents() {
        let text = std::fs::read_to_string(&document).expect("a readable document");
        for (line_number, line) in command_lines(&text) {
            let Some((program, arguments)) = program_of(&line) else {
                continue;
            };
            let known = match program {
                "kawu" => &game,
                "kawu-cli" => &cli,
                _ => &server,
            };
            for flag in flags_on(arguments) {
                checked += 1;
                if !known.contains(&flag) {
                    let name = document.strip_prefix(root()).unwrap_or(&document);
                    unknown.push(format!(
                        "{}:{line_number}: {program} --{flag}",
                        name.display()
                    ));
                }
            }
        }
    }
    assert!(checked > 50, "only {checked} documented flags were found");
    assert!(
        unknown.is_empty(),
        "flags no program declares:\n{}",
        unknown.join("\n")
    );
}

#[test]
fn no_file_names_a_folder_beside_the_repository() {
    // Written in two parts so that this file does not name it either.
    let outside = ["..", "/shared"].concat();
    let offenders: Vec<String> = files_under(&root())
        .into_iter()
        .filter(|path| {
            std::fs::read(path)
                .ok()
                .and_then(|bytes| String::from_utf8(bytes).ok())
                .is_some_and(|text| text.contains(&outside))
        })
        .map(|path| {
            path.strip_prefix(root())
                .unwrap_or(&path)
                .display()
                .to_string()
        })
        .collect();
    assert!(
        offenders.is_empty(),
        "files naming {outside}: {offenders:?}"
    );
}

#[test]
fn the_readme_names_every_folder_of_src() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("a README");
    let src = root().join("src");
    let mut folders = Vec::new();
    let mut pending = vec![src.clone()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).expect("a readable folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path.clone());
                pending.push(path);
            }
        }
    }
    assert!(
        folders.len() > 20,
        "only {} folders under src",
        folders.len()
    );
    let missing: Vec<String> = folders
        .iter()
        .map(|folder| {
            let relative = folder.strip_prefix(&src).expect("under src");
            format!("{}/", relative.display())
        })
        .filter(|name| {
            !readme.contains(&format!("`{name}`")) && !readme.contains(&format!("`src/{name}`"))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "README's Layout does not name {missing:?}"
    );
}

#[test]
fn every_path_a_document_names_exists() {
    let folders = [
        "src/", "tests/", "scripts/", "assets/", "web/", "deploy/", "benches/", "docs/",
    ];
    let mut missing = Vec::new();
    for document in documents() {
        let text = std::fs::read_to_string(&document).expect("a readable document");
        for (line_number, span) in command_lines(&text) {
            let path = span.trim().trim_end_matches('/');
            // A name in capitals (`src/rules/GAME/`, `GAME.rs`) stands for any.
            let placeholder = path.split('/').any(|part| {
                let stem = part.split('.').next().unwrap_or(part);
                stem.chars().any(|c| c.is_ascii_uppercase())
                    && !stem.chars().any(|c| c.is_ascii_lowercase())
            });
            if !folders.iter().any(|folder| path.starts_with(folder))
                || path.contains(char::is_whitespace)
                || path.contains(['*', '{', '<', '…'])
                || placeholder
            {
                continue;
            }
            let path = path.split(':').next().unwrap_or(path);
            if !root().join(path).exists() {
                let name = document.strip_prefix(root()).unwrap_or(&document);
                missing.push(format!("{}:{line_number}: {path}", name.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "paths that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_flag_is_documented() {
    let documents: String = documents()
        .iter()
        .map(|path| std::fs::read_to_string(path).expect("a readable document"))
        .collect();
    let mut undocumented = Vec::new();
    for (program, flags) in [
        (
            "kawu",
            flags_of(&["src/client"], "#[command(name = \"kawu\""),
        ),
        ("kawu-cli", flags_of(&["src/bin/kawu-cli"], "#[arg(")),
        (
            "kawu-server",
            flags_of(&["src/bin/kawu-server", "src/server"], "#[arg("),
        ),
    ] {
        for flag in flags {
            let written = format!("--{flag}");
            let found = documents.match_indices(&written).any(|(at, _)| {
                let next = documents[at + written.len()..].chars().next();
                !next.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
            });
            if !found && !matches!(flag.as_str(), "help" | "version") {
                undocumented.push(format!("{program} --{flag}"));
            }
        }
    }
    assert!(
        undocumented.is_empty(),
        "flags that README, CONTRIBUTING and docs/ never mention: {undocumented:?}"
    );
}

#[test]
fn flags_are_read_from_sources_and_command_lines() {
    let source = "#[arg(long, default_value = \"1\")]\n    seed: String,\n\
                  #[arg(long = \"target\", value_name = \"X\")]\n    targets: Vec<String>,\n\
                  #[arg(\n        long,\n        alias = \"colour-blind\"\n    )]\n    colour_safe: bool,\n";
    let flags = declared_flags(source);
    let expected: BTreeSet<String> = ["seed", "target", "colour-blind", "colour-safe"]
        .map(String::from)
        .into();
    assert_eq!(flags, expected);
    assert_eq!(
        program_of("cargo run --release -- --game qiguo --lesson 2"),
        Some(("kawu", "--game qiguo --lesson 2"))
    );
    assert_eq!(
        flags_on("junqi think 'JFEN' [--level hard] --seed=1   # the answer"),
        ["level", "seed"]
    );
    let lines =
        command_lines("text `kawu-cli qiguo gif g.txt --colour-safe` more\n```sh\nx\n```\n");
    assert_eq!(
        lines,
        [
            (1, "kawu-cli qiguo gif g.txt --colour-safe".to_string()),
            (3, "x".to_string())
        ]
    );
}
