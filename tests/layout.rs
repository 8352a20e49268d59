//! The direction of dependencies (`docs/architecture.md`): rules ← ai ← client, nothing
//! pointing back, what the games share importing no game's folder, and no import circle in any
//! module tree of `src/`. Checked by reading the sources: this test uses nothing of the crate,
//! so it builds and passes with any of its features.

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
fn the_pictures_know_only_the_rules() {
    let bad = offenders(
        &sources("picture"),
        &[
            "crate::ai",
            "crate::client",
            "crate::server",
            "crate::protocol",
            "bevy",
            "std::fs",
            "std::net",
        ],
    );
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

/// A module tree of the sources: a folder and the module path its code names it by.
struct Tree {
    /// Its folder from the project's root, `src/client`: how reports name it.
    name: String,
    folder: PathBuf,
    /// The folder's file that is the tree's own module: `mod.rs`, a binary's `main.rs`, the
    /// library's `lib.rs`.
    root_file: &'static str,
    /// How the tree's code names its root: `crate::client`; `crate` for a crate's root.
    crate_path: Vec<String>,
    /// Entries of the folder that belong to other crates (the library's `main.rs` and `bin`).
    skipped: &'static [&'static str],
}

impl Tree {
    /// Whether this is the library as a whole, whose own files the other trees already read.
    fn is_library(&self) -> bool {
        self.root_file == "lib.rs"
    }
}

/// The folders of `folder`, by name.
fn folders_of(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut folders: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    folders
}

/// Every module tree of `src`: the library (its top modules, `rules`, `ai`…, each folder as
/// one), each folder of `src` but `bin` (`crate::<folder>`), and each binary's folder in
/// `src/bin` (`crate`).
fn trees(src: &Path) -> Vec<Tree> {
    let project = src.parent().expect("src is in a folder");
    let name_of = |folder: &Path| {
        let relative = folder.strip_prefix(project).expect("under the project");
        relative.to_string_lossy().replace('\\', "/")
    };
    let mut trees = vec![Tree {
        name: name_of(src),
        folder: src.to_path_buf(),
        root_file: "lib.rs",
        crate_path: vec!["crate".to_string()],
        skipped: &["main.rs", "bin"],
    }];
    for folder in folders_of(src) {
        let Some(module) = folder.file_name().and_then(|name| name.to_str()) else {
            continue;
        };
        if module == "bin" {
            continue;
        }
        trees.push(Tree {
            name: name_of(&folder),
            crate_path: vec!["crate".to_string(), module.to_string()],
            folder,
            root_file: "mod.rs",
            skipped: &[],
        });
    }
    for folder in folders_of(&src.join("bin")) {
        trees.push(Tree {
            name: name_of(&folder),
            folder,
            root_file: "main.rs",
            crate_path: vec!["crate".to_string()],
            skipped: &[],
        });
    }
    trees
}

/// A tree's modules and their source text: in `src/client`, `junqi/board` for
/// `junqi/board.rs`, `junqi` for `junqi/mod.rs`, `` (empty) for the root file `mod.rs`.
fn modules_of(tree: &Tree) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut pending: Vec<PathBuf> = std::fs::read_dir(&tree.folder)
        .expect("a readable source folder")
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| {
            let name = path.file_name().and_then(|name| name.to_str());
            !name.is_some_and(|name| tree.skipped.contains(&name))
        })
        .collect();
    while let Some(path) = pending.pop() {
        if path.is_dir() {
            let entries = std::fs::read_dir(&path).expect("a readable source folder");
            pending.extend(entries.map(|entry| entry.expect("a folder entry").path()));
            continue;
        }
        let relative = path.strip_prefix(&tree.folder).expect("under the tree");
        let Some(name) = relative
            .to_string_lossy()
            .replace('\\', "/")
            .strip_suffix(".rs")
            .map(str::to_string)
        else {
            continue;
        };
        let module = if relative == Path::new(tree.root_file) {
            String::new()
        } else if let Some(folder) = name.strip_suffix("/mod") {
            folder.to_string()
        } else {
            name
        };
        let text = std::fs::read_to_string(&path).expect("a readable source file");
        found.push((module, text));
    }
    found
}

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

/// Whether the `use` at `at` of `code` is a re-export: `pub use`, `pub(crate) use` …
fn is_reexport(code: &str, at: usize) -> bool {
    let mut before = code[..at].trim_end();
    if let Some(open) = before.strip_suffix(')').and_then(|inner| inner.rfind('(')) {
        before = code[..open].trim_end();
    }
    before.strip_suffix("pub").is_some_and(|rest| {
        !rest
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// A path the code names, and whether a re-export names it (`pub use x::Y`).
struct Named {
    path: Vec<String>,
    reexported: bool,
}

/// Every path `code` names: each path of each `use` tree, and each path written inline from
/// `super::`, `self::` or `crate::`.
fn named_paths(code: &str) -> Vec<Named> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut named = Vec::new();
    // Where the `use` trees are: their paths are read whole, not again as inline ones.
    let mut trees = Vec::new();
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
        let mut paths = Vec::new();
        let mut next = 0;
        while next < tokens.len() {
            read_tree(&tokens, &mut next, &[], &mut paths);
            next += 1;
        }
        let reexported = is_reexport(code, at);
        named.extend(paths.into_iter().map(|path| Named { path, reexported }));
        trees.push(at..at + 3 + tree.len());
    }
    for start in ["super", "self", "crate"] {
        for (at, _) in code.match_indices(start) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| is_ident(c) || c == ':' || c == '#')
                || !code[at + start.len()..].starts_with("::")
                || trees
                    .iter()
                    .any(|tree: &std::ops::Range<usize>| tree.contains(&at))
            {
                continue;
            }
            // The path's names up to the first thing that is not `::name`.
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
                named.push(Named {
                    path,
                    reexported: false,
                });
            }
        }
    }
    named
}

/// The module a path in `module` leads to: the longest prefix of it that is one of `modules`;
/// a path that starts with the name of one of `module`'s own children (`board::Plugin` in
/// `junqi`) starts from `module`; `None` for a path out of the tree (another crate;
/// `crate::rules` in the tree whose `crate_path` is `crate::client`; `super` above the tree's
/// root).
fn resolve(
    module: &str,
    path: &[String],
    crate_path: &[String],
    modules: &BTreeSet<String>,
) -> Option<String> {
    let (mut base, rest): (Vec<&str>, &[String]) = match path.first()?.as_str() {
        "crate" => {
            if !path.starts_with(crate_path) {
                return None;
            }
            (Vec::new(), &path[crate_path.len()..])
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
        child => {
            let base: Vec<&str> = module.split('/').filter(|p| !p.is_empty()).collect();
            let mut named = base.clone();
            named.push(child);
            if !modules.contains(&named.join("/")) {
                return None;
            }
            (base, path)
        }
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

/// How a folder root's paths into its own folder are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Roots {
    /// Only its re-exports are composition; any other path it names there is an import.
    Compose,
    /// Everything it names in its folder is composition: a tree of
    /// [`ROOTS_THAT_STILL_DEFINE`].
    Define,
}

/// The trees whose folder roots still define what their files import (a root that uses its
/// own file's items and is imported back). Each is checked to still need it, so the list only
/// shrinks.
const ROOTS_THAT_STILL_DEFINE: &[&str] = &["src/ai", "src/server"];

impl Tree {
    /// How this tree's folder roots are read.
    fn roots(&self) -> Roots {
        if ROOTS_THAT_STILL_DEFINE.contains(&self.name.as_str()) {
            Roots::Define
        } else {
            Roots::Compose
        }
    }
}

/// The modules each module names (imports or inline paths), read from `(module, source)`
/// pairs of the tree whose root the code names `crate_path`. A re-export of a module's own
/// descendant is left out: a folder's `mod.rs` composes its files (`mod x;`, `pub use x::…`),
/// which is not an import. Any other path it names into its folder is one, so a folder's root
/// that defines what its files import closes a circle.
fn imports_of(
    sources: &[(String, String)],
    crate_path: &[String],
    roots: Roots,
) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeSet<String> = sources.iter().map(|(name, _)| name.clone()).collect();
    sources
        .iter()
        .map(|(module, text)| {
            let composed =
                |target: &String| module.is_empty() || target.starts_with(&format!("{module}/"));
            let reexported = |named: &Named| named.reexported || roots == Roots::Define;
            let named = named_paths(&code_only(text))
                .iter()
                .filter_map(|named| {
                    let target = resolve(module, &named.path, crate_path, &modules)?;
                    (target != *module && !(reexported(named) && composed(&target)))
                        .then_some(target)
                })
                .collect();
            (module.clone(), named)
        })
        .collect()
}

/// The import circles among `imports`: each group of modules that reach each other through
/// their imports (a strongly connected component of two or more), its names sorted.
fn circles(imports: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Tarjan's search: a module whose imports reach back no earlier than itself closes the
    // group above it on the stack.
    struct Search<'a> {
        imports: &'a BTreeMap<String, BTreeSet<String>>,
        /// Each module met: its turn in the search, and the earliest turn it reaches back to.
        turns: BTreeMap<&'a str, (usize, usize)>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Search<'a> {
        fn visit(&mut self, module: &'a str) {
            let turn = self.turns.len();
            self.turns.insert(module, (turn, turn));
            self.stack.push(module);
            let imports = self.imports;
            for next in imports.get(module).into_iter().flatten() {
                let reach = match self.turns.get(next.as_str()) {
                    None => {
                        self.visit(next);
                        self.turns[next.as_str()].1
                    }
                    Some(&(next_turn, _)) if self.stack.contains(&next.as_str()) => next_turn,
                    Some(_) => continue,
                };
                let own = self.turns.get_mut(module).expect("met");
                own.1 = own.1.min(reach);
            }
            if self.turns[module].1 == turn {
                let start = self
                    .stack
                    .iter()
                    .rposition(|on| *on == module)
                    .expect("on the stack");
                let mut group: Vec<String> =
                    self.stack.drain(start..).map(str::to_string).collect();
                if group.len() > 1 {
                    group.sort();
                    self.found.push(group);
                }
            }
        }
    }
    let mut search = Search {
        imports,
        turns: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for module in imports.keys() {
        if !search.turns.contains_key(module.as_str()) {
            search.visit(module);
        }
    }
    search.found.sort();
    search.found
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

/// Every import circle of the trees of `src` ([`trees`]), one line each: in each tree among
/// its files and among its top modules (a folder as one; a circle already named among the
/// files is not named again), and in the library among its top modules (a circle through two
/// trees, `rules` ⇄ `ai`).
fn circles_under(src: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for tree in trees(src) {
        let imports = imports_of(&modules_of(&tree), &tree.crate_path, tree.roots());
        let among_files = if tree.is_library() {
            Vec::new()
        } else {
            circles(&imports)
        };
        let among_modules: Vec<Vec<String>> = circles(&by_folder(&imports))
            .into_iter()
            .filter(|circle| !among_files.contains(circle))
            .collect();
        let named = |level: &str, circle: &Vec<String>| {
            format!("{}, among {level}: {}", tree.name, circle.join(", "))
        };
        found.extend(among_files.iter().map(|circle| named("files", circle)));
        found.extend(
            among_modules
                .iter()
                .map(|circle| named("modules (a folder as one)", circle)),
        );
    }
    found.sort();
    found
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_module_tree_of_src_has_an_import_circle() {
    let trees = trees(&src());
    let names: Vec<&str> = trees.iter().map(|tree| tree.name.as_str()).collect();
    for expected in [
        "src",
        "src/ai",
        "src/client",
        "src/lessons",
        "src/picture",
        "src/protocol",
        "src/rules",
        "src/server",
        "src/bin/kawu-cli",
        "src/bin/kawu-server",
    ] {
        assert!(
            names.contains(&expected),
            "{expected} is not among {names:?}"
        );
    }
    // The trees are read: the client's board of Junqi is a module, the library's `ai` names
    // `rules`.
    let imports = |name: &str| {
        let tree = trees.iter().find(|tree| tree.name == name).expect("found");
        imports_of(&modules_of(tree), &tree.crate_path, tree.roots())
    };
    let client = imports("src/client");
    assert!(client.contains_key("junqi/board"), "{:?}", client.keys());
    assert!(by_folder(&imports("src"))["ai"].contains("rules"));
    let circles = circles_under(&src());
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

#[test]
fn the_trees_whose_roots_still_define_would_have_circles_without_it() {
    for tree in trees(&src())
        .iter()
        .filter(|tree| tree.roots() == Roots::Define)
    {
        let imports = imports_of(&modules_of(tree), &tree.crate_path, Roots::Compose);
        assert!(
            !circles(&imports).is_empty() || !circles(&by_folder(&imports)).is_empty(),
            "{}'s roots only compose now: take it off ROOTS_THAT_STILL_DEFINE",
            tree.name
        );
    }
}

/// The items a folder's root may define: the plugins that add its files' plugins.
const COMPOSING_ITEMS: &[&str] = &["fn plugin", "fn logic_plugin"];

#[test]
fn the_client_folder_roots_only_compose() {
    let roots: Vec<PathBuf> = sources("client")
        .into_iter()
        .filter(|file| file.file_name().is_some_and(|name| name == "mod.rs"))
        .collect();
    assert!(roots.len() > 5, "the client's folders were not found");
    let defining: Vec<String> = roots
        .iter()
        .flat_map(|file| {
            let code = code_only(&std::fs::read_to_string(file).expect("a readable source file"));
            let items: Vec<String> = code
                .lines()
                .filter(|line| !line.starts_with(char::is_whitespace))
                .filter_map(|line| {
                    // A top-level item, its visibility taken off.
                    let item = line.strip_prefix("pub").map_or(line, |rest| {
                        rest.strip_prefix(|c: char| c == '(')
                            .and_then(|inner| inner.split_once(')'))
                            .map_or(rest, |(_, after)| after)
                            .trim_start()
                    });
                    let keyword = item.split_whitespace().next()?;
                    let defines = [
                        "struct", "enum", "trait", "impl", "type", "const", "static", "fn", "union",
                    ]
                    .contains(&keyword)
                        || keyword.starts_with("impl<")
                        || keyword.starts_with("macro_rules!");
                    let composing = COMPOSING_ITEMS.iter().any(|allowed| {
                        item.strip_prefix(allowed)
                            .is_some_and(|rest| rest.starts_with(['(', '<']))
                    });
                    (defines && !composing).then(|| format!("{}: {line}", file.display()))
                })
                .collect();
            items
        })
        .collect();
    assert!(defining.is_empty(), "{defining:#?}");
}

/// Writes `files` (a path under `src`, its text) into a fresh folder of the tests' scratch space
/// and returns that `src`.
fn plant(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let project = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("layout-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&project);
    for (path, text) in files {
        let file = project.join("src").join(path);
        std::fs::create_dir_all(file.parent().expect("in a folder")).expect("a scratch folder");
        std::fs::write(&file, text).expect("a planted file");
    }
    project.join("src")
}

/// Removes what [`plant`] wrote.
fn unplant(src: &Path) {
    let _ = std::fs::remove_dir_all(src.parent().expect("in a folder"));
}

#[test]
fn a_planted_circle_of_two_files_is_reported_and_an_acyclic_pair_is_not() {
    let circle = plant(
        "circle",
        &[
            ("lib.rs", "pub mod pair;\n"),
            ("pair/mod.rs", "mod a;\nmod b;\npub use a::A;\n"),
            ("pair/a.rs", "use super::b::B;\n\npub struct A(pub B);\n"),
            (
                "pair/b.rs",
                "use crate::pair::{a::A};\n\npub struct B;\npub fn f(_: &A) {}\n",
            ),
        ],
    );
    assert_eq!(circles_under(&circle), ["src/pair, among files: a, b"]);
    unplant(&circle);
    // The same pair, b no longer naming a: a names b and the folder's root (which composes
    // both), nothing names a.
    let pair = plant(
        "pair",
        &[
            ("lib.rs", "pub mod pair;\n"),
            (
                "pair/mod.rs",
                "mod a;\nmod b;\npub use a::A;\npub use b::B;\npub struct Shared;\n",
            ),
            (
                "pair/a.rs",
                "use super::Shared;\nuse super::b::B;\n\npub struct A(pub B, pub Shared);\n",
            ),
            (
                "pair/b.rs",
                "// use super::a::A;\npub struct B;\nconst NOTE: &str = \"crate::pair::a\";\n",
            ),
        ],
    );
    assert_eq!(circles_under(&pair), Vec::<String>::new());
    unplant(&pair);
    // A folder's root that uses its own file's item and defines what that file imports.
    let root = plant(
        "root",
        &[
            ("lib.rs", "pub mod pair;\n"),
            (
                "pair/mod.rs",
                "mod a;\nuse a::A;\npub struct Shared;\npub fn f(_: A) {}\n",
            ),
            ("pair/a.rs", "pub struct A(pub super::Shared);\n"),
        ],
    );
    assert_eq!(circles_under(&root), ["src/pair, among files: , a"]);
    unplant(&root);
}

#[test]
fn a_planted_circle_through_two_trees_or_in_a_binary_is_reported() {
    let src = plant(
        "trees",
        &[
            ("lib.rs", "pub mod one;\npub mod two;\n"),
            // The binary of `src/main.rs` is another crate: what it names is no import.
            ("main.rs", "use kawu::one::One;\nfn main() {}\n"),
            ("one/mod.rs", "use crate::two::Two;\npub struct One;\n"),
            ("two/mod.rs", "mod deep;\npub use deep::Two;\n"),
            ("two/deep.rs", "pub struct Two(crate::one::One);\n"),
            ("bin/tool/main.rs", "mod x;\nmod y;\nfn main() {}\n"),
            ("bin/tool/x.rs", "use crate::y::Y;\npub struct X;\n"),
            ("bin/tool/y.rs", "pub struct Y(super::x::X);\n"),
        ],
    );
    assert_eq!(
        circles_under(&src),
        [
            "src, among modules (a folder as one): one, two",
            "src/bin/tool, among files: x, y",
        ]
    );
    unplant(&src);
}

/// How the client's code names its tree: `crate::client`.
fn client_path() -> Vec<String> {
    vec!["crate".to_string(), "client".to_string()]
}

/// Fake modules of the client for the parser's tests: `(name, source)`.
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
    let imports = imports_of(&sources, &client_path(), Roots::Compose);
    let named = |module: &str| imports[module].iter().cloned().collect::<Vec<_>>();
    assert_eq!(named("hud"), ["a", "b", "c", "games"]);
    assert_eq!(
        named("a"),
        ["a/inner"],
        "a glob of its own child is an import"
    );
    assert_eq!(named("a/inner"), ["b"]);
    assert_eq!(named("b"), ["games"], "comments and literals are not code");
    assert_eq!(named("c"), Vec::<String>::new());
    assert_eq!(named("games"), ["c"]);
    assert_eq!(
        named(""),
        Vec::<String>::new(),
        "a re-export of its own files is composition"
    );
}

#[test]
fn a_circle_through_grouped_imports_is_found_and_named() {
    let circle = |names: [&str; 2]| vec![names.map(String::from).to_vec()];
    let none = Vec::<Vec<String>>::new();
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
    let imports = imports_of(&sources, &client_path(), Roots::Compose);
    assert_eq!(circles(&imports), circle(["games", "menu"]));
    // Without menu's import of games, no circle is left.
    sources[3].1 = "use crate::client::{hud::{self, HudText}};".to_string();
    assert_eq!(
        circles(&imports_of(&sources, &client_path(), Roots::Compose)),
        none
    );
    assert_eq!(
        circles(&by_folder(&imports_of(
            &sources,
            &client_path(),
            Roots::Compose
        ))),
        none
    );
    // Between folders: games names the junqi folder, whose board names games back.
    sources[5].1 =
        "use super::super::{\n    hud::HudText,\n    games::{self as g},\n};".to_string();
    let imports = imports_of(&sources, &client_path(), Roots::Compose);
    assert_eq!(circles(&imports), none, "no file names games' importer");
    assert_eq!(circles(&by_folder(&imports)), circle(["games", "junqi"]));
}
