//! The direction of dependencies (`../shared/architecture.md`): rules ← ai ← client, nothing
//! pointing back, and what the games share importing no game's folder. Checked by reading the
//! sources.

use std::collections::{BTreeMap, BTreeSet};
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

/// The client's modules and their source text: `junqi/board` for `src/client/junqi/board.rs`,
/// `junqi` for its `mod.rs`, `` (empty) for `src/client/mod.rs`.
fn client_sources() -> Vec<(String, String)> {
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
    sources("client")
        .iter()
        .map(|file| {
            let text = std::fs::read_to_string(file).expect("a readable source file");
            (name_of(file), text)
        })
        .collect()
}

/// The module path of the tree [`imports_of`] reads: `crate::client::x` is its module `x`.
const TREE_ROOT: [&str; 2] = ["crate", "client"];

/// `text` with its comments, string literals and character literals blanked out (line ends
/// kept), so that only code is read.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, c: char| out.push(if c == '\n' { '\n' } else { ' ' });
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let start = i;
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r'
            && (i == 0 || !is_ident(chars[i - 1]) || chars[i - 1] == 'b')
            && matches!(next, Some('"' | '#'))
            && chars[i + 1..]
                .iter()
                .find(|&&c| c != '#')
                .is_some_and(|&c| c == '"')
        {
            // A raw string: r"…", r#"…"#.
            let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
            i += 2 + hashes;
            while i < chars.len() {
                if chars[i] == '"'
                    && chars[i + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|&&c| c == '#')
                        .count()
                        == hashes
                {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' && next == Some('\\') {
            // An escaped character: '\n', '\'', '\u{4e2d}'.
            i += 3;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            i += 3;
        } else {
            out.push(c);
            i += 1;
            continue;
        }
        for &skipped in &chars[start..i.min(chars.len())] {
            blank(&mut out, skipped);
        }
    }
    out
}

/// The tokens of a `use` tree: names, `::`, `{`, `}`, `,` and `*`.
fn tree_tokens(tree: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut chars = tree.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() || c == '_' {
            let mut name = String::from(c);
            while let Some(&c) = chars.peek().filter(|c| c.is_alphanumeric() || **c == '_') {
                name.push(c);
                chars.next();
            }
            tokens.push(name);
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            tokens.push("::".to_string());
        } else if "{},*".contains(c) {
            tokens.push(c.to_string());
        }
    }
    tokens
}

/// Reads one `use` tree from `tokens[*at..]` under `prefix`, adding every path it names to
/// `paths` (`a::{b, c::{d as e, self}}` names `a::b`, `a::c::d` and `a::c`).
fn read_tree(tokens: &[String], at: &mut usize, prefix: &[String], paths: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    while let Some(token) = tokens.get(*at) {
        *at += 1;
        match token.as_str() {
            "::" => {}
            "{" => {
                while tokens.get(*at).is_some_and(|t| t != "}") {
                    if tokens[*at] == "," {
                        *at += 1;
                        continue;
                    }
                    read_tree(tokens, at, &path, paths);
                }
                *at += 1;
                return;
            }
            "*" => break,
            "," | "}" => {
                *at -= 1;
                break;
            }
            name => {
                // `a::{self}` is `a` itself.
                if name != "self" || path.is_empty() {
                    path.push(name.to_string());
                }
                if tokens.get(*at).is_some_and(|t| t == "as") {
                    *at += 2;
                    break;
                }
                if tokens.get(*at).is_none_or(|t| t != "::") {
                    break;
                }
            }
        }
    }
    paths.push(path);
}

/// Every path `code` names: each path of each `use` tree, and each path written inline from
/// `super::`, `self::` or `crate::`.
fn named_paths(code: &str) -> Vec<Vec<String>> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut paths = Vec::new();
    for (at, _) in code.match_indices("use") {
        let before = code[..at].chars().next_back();
        let rest = &code[at + 3..];
        let opens_tree = rest.starts_with(char::is_whitespace)
            && rest
                .trim_start()
                .starts_with(|c: char| is_ident(c) || c == '{' || c == ':');
        if before.is_some_and(|c| is_ident(c) || c == '#') || !opens_tree {
            continue;
        }
        let tree = rest.split(';').next().unwrap_or("");
        let tokens = tree_tokens(tree);
        let mut at = 0;
        while at < tokens.len() {
            read_tree(&tokens, &mut at, &[], &mut paths);
            at += 1;
        }
    }
    for start in ["super", "self", "crate"] {
        for (at, _) in code.match_indices(start) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| is_ident(c) || c == ':' || c == '#')
                || !code[at + start.len()..].starts_with("::")
            {
                continue;
            }
            // The path's names up to the first thing that is not `::name`; one that goes on
            // into a group or a glob is a `use` tree's, read above.
            let mut path = vec![start.to_string()];
            let mut rest = &code[at + start.len()..];
            let mut grouped = false;
            while let Some(after) = rest.strip_prefix("::") {
                let length = after.find(|c: char| !is_ident(c)).unwrap_or(after.len());
                if length == 0 {
                    grouped = after.starts_with(['{', '*']);
                    break;
                }
                path.push(after[..length].to_string());
                rest = &after[length..];
            }
            if !grouped {
                paths.push(path);
            }
        }
    }
    paths
}

/// The module a path in `module` leads to: the longest prefix of it that is one of `modules`;
/// `None` for a path out of the tree (another crate, `crate::rules`).
fn resolve(module: &str, path: &[String], modules: &BTreeSet<String>) -> Option<String> {
    let (mut base, rest): (Vec<&str>, &[String]) = match path.first()?.as_str() {
        "crate" => {
            let inside = path.len() >= TREE_ROOT.len()
                && path.iter().zip(TREE_ROOT).all(|(part, root)| part == root);
            if !inside {
                return None;
            }
            (Vec::new(), &path[TREE_ROOT.len()..])
        }
        "super" | "self" => {
            let mut base: Vec<&str> = module.split('/').filter(|p| !p.is_empty()).collect();
            let relative = path
                .iter()
                .take_while(|p| *p == "super" || *p == "self")
                .count();
            for _ in path[..relative].iter().filter(|p| *p == "super") {
                base.pop()?;
            }
            (base, &path[relative..])
        }
        _ => return None,
    };
    let rest: Vec<&str> = rest
        .iter()
        .map(String::as_str)
        .filter(|p| *p != "self")
        .collect();
    let depth = base.len();
    base.extend(rest);
    (depth..=base.len())
        .rev()
        .map(|length| base[..length].join("/"))
        .find(|candidate| modules.contains(candidate))
}

/// The modules each module names (imports or inline paths), read from `(module, source)`
/// pairs. A module's own descendants are left out: a folder's `mod.rs` composes them (`mod x;`,
/// `pub use x::…`), which is not an import.
fn imports_of(sources: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeSet<String> = sources.iter().map(|(name, _)| name.clone()).collect();
    sources
        .iter()
        .map(|(module, text)| {
            let inside = |target: &String| {
                target == module || module.is_empty() || target.starts_with(&format!("{module}/"))
            };
            let named = named_paths(&code_only(text))
                .iter()
                .filter_map(|path| resolve(module, path, &modules))
                .filter(|target| !inside(target))
                .collect();
            (module.clone(), named)
        })
        .collect()
}

/// An import circle among `imports`, first module repeated at the end, if there is one.
fn find_circle(imports: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // A depth-first search: a module met again while still on the path closes a circle.
    fn visit(
        module: &str,
        imports: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
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
        for next in imports.get(module).into_iter().flatten() {
            if let Some(circle) = visit(next, imports, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    imports
        .keys()
        .find_map(|module| visit(module, imports, &mut Vec::new(), &mut done))
}

/// The imports among the tree's top modules, a folder counting as one (`junqi/board`'s
/// imports are `junqi`'s).
fn by_folder(imports: &BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, BTreeSet<String>> {
    let top = |module: &str| module.split('/').next().unwrap_or("").to_string();
    let mut folders: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, named) in imports {
        let folder = top(module);
        let targets: BTreeSet<String> = named
            .iter()
            .map(|target| top(target))
            .filter(|target| *target != folder)
            .collect();
        folders.entry(folder).or_default().extend(targets);
    }
    folders
}

#[test]
fn the_client_has_no_import_circles() {
    let imports = imports_of(&client_sources());
    assert!(imports.contains_key("junqi/board"), "{:?}", imports.keys());
    let circles: Vec<String> = [
        ("files", find_circle(&imports)),
        (
            "modules (a folder as one)",
            find_circle(&by_folder(&imports)),
        ),
    ]
    .into_iter()
    .filter_map(|(level, circle)| Some(format!("among {level}: {}", circle?.join(" → "))))
    .collect();
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

/// Fake modules for the parser's tests: `(name, source)`.
fn planted(modules: &[(&str, &str)]) -> Vec<(String, String)> {
    modules
        .iter()
        .map(|(name, text)| (name.to_string(), text.to_string()))
        .collect()
}

#[test]
fn every_path_of_a_use_tree_is_read() {
    let sources = planted(&[
        ("", "mod a; mod b; mod c; mod games; pub use games::Kind;"),
        (
            "hud",
            "use super::{a::X, b::{Y, Z as W}};\nuse crate::client::{\n    c::{self},\n    games as g,\n};",
        ),
        (
            "a",
            "use self::inner::*; use super::super::rules::Foo; mod inner;",
        ),
        ("a/inner", "pub fn f() { let _ = super::super::b::Y; }"),
        (
            "b",
            "// use super::c;\nconst S: &str = \"super::c\"; fn t<'a>(x: &'a str) -> char { '\"' }\n\
             fn q() -> [char; 2] { ['\\'', '\\\\'] } /* use super::c; /* super::c */ */\n\
             fn r() -> &'static str { r#\"super::c\"# }\n\
             fn e() { let _ = super::games::F; }",
        ),
        ("c", "use r#use::x; fn f() -> impl Sized + use<> {}"),
        ("games", "use {super::c};"),
    ]);
    let imports = imports_of(&sources);
    let named = |module: &str| imports[module].iter().cloned().collect::<Vec<_>>();
    assert_eq!(named("hud"), ["a", "b", "c", "games"]);
    assert_eq!(
        named("a"),
        Vec::<String>::new(),
        "its own child is composition"
    );
    assert_eq!(named("a/inner"), ["b"]);
    assert_eq!(named("b"), ["games"], "comments and literals are not code");
    assert_eq!(named("c"), Vec::<String>::new());
    assert_eq!(named("games"), ["c"]);
    assert_eq!(
        named(""),
        Vec::<String>::new(),
        "the root composes everything"
    );
}

#[test]
fn a_circle_through_grouped_imports_is_found_and_named() {
    let circle = |names: [&str; 3]| Some(names.map(String::from).to_vec());
    // Between two files, through grouped, nested and multi-line imports.
    let mut sources = planted(&[
        ("", "mod games; mod hud; mod junqi; mod menu;"),
        (
            "games",
            "use super::{junqi::JunqiPlugin, menu::{Menu, MenuPage}};",
        ),
        ("hud", "pub struct HudText;"),
        (
            "menu",
            "use crate::client::{\n    hud::{self, HudText},\n    games as catalog,\n};",
        ),
        ("junqi", "mod board;\npub use board::JunqiPlugin;"),
        ("junqi/board", "use super::super::{hud::HudText};"),
    ]);
    let imports = imports_of(&sources);
    assert_eq!(find_circle(&imports), circle(["games", "menu", "games"]));
    // Without menu's import of games, no circle is left.
    sources[3].1 = "use crate::client::{hud::{self, HudText}};".to_string();
    assert_eq!(find_circle(&imports_of(&sources)), None);
    assert_eq!(find_circle(&by_folder(&imports_of(&sources))), None);
    // Between folders: games names the junqi folder, whose board names games back.
    sources[5].1 =
        "use super::super::{\n    hud::HudText,\n    games::{self as g},\n};".to_string();
    let imports = imports_of(&sources);
    assert_eq!(find_circle(&imports), None, "no file names games' importer");
    assert_eq!(
        find_circle(&by_folder(&imports)),
        circle(["games", "junqi", "games"])
    );
}
