//! Interface strings in English, Russian and Chinese: `tr(lang, id)` and
//! `tr_args(lang, id, args)`. The text lives in Fluent files, one per language
//! (`assets/i18n/*.ftl`), built into the binary so the web build loads no files.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// An interface language.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Russian.
    Ru,
    /// Chinese (simplified).
    Zh,
}

impl Lang {
    /// Every language, in menu order.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Ru, Lang::Zh];

    /// The language's own name.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ru => "Русский",
            Lang::Zh => "中文",
        }
    }

    /// The language's tag (BCP 47), which picks Fluent's plural rules.
    fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
            Lang::Zh => "zh",
        }
    }

    /// The language's Fluent file.
    pub(super) fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../assets/i18n/en.ftl"),
            Lang::Ru => include_str!("../../assets/i18n/ru.ftl"),
            Lang::Zh => include_str!("../../assets/i18n/zh.ftl"),
        }
    }

    /// The language the environment asks for: the browser's languages (`navigator.languages`)
    /// on the web, `LANG` and friends on the desktop; English if none fits.
    pub fn from_environment() -> Lang {
        #[cfg(target_arch = "wasm32")]
        {
            let tags: Vec<String> = web_sys::window()
                .map(|window| {
                    window
                        .navigator()
                        .languages()
                        .iter()
                        .filter_map(|tag| tag.as_string())
                        .collect()
                })
                .unwrap_or_default();
            Lang::preferred(tags.iter().map(String::as_str))
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let wanted = ["LC_ALL", "LC_MESSAGES", "LANG"]
                .iter()
                .filter_map(|name| std::env::var(name).ok())
                .find(|value| !value.is_empty());
            Lang::preferred(wanted.as_deref())
        }
    }

    /// The first of `tags` (language tags or locales, most wanted first: `ru-RU`, `zh_CN.UTF-8`,
    /// `en`) that the game speaks; English if none.
    pub fn preferred<'a>(tags: impl IntoIterator<Item = &'a str>) -> Lang {
        tags.into_iter()
            .find_map(|tag| {
                let language = tag.split(['-', '_', '.']).next()?.to_ascii_lowercase();
                match language.as_str() {
                    "ru" => Some(Lang::Ru),
                    "zh" => Some(Lang::Zh),
                    "en" => Some(Lang::En),
                    _ => None,
                }
            })
            .unwrap_or(Lang::En)
    }
}

/// The text of message `id` in `lang`.
///
/// A message missing from `lang` falls back to English, and one missing from English too
/// shows as its id; the tests below keep every id in every language.
pub fn tr(lang: Lang, id: &str) -> String {
    render(lang, id, None)
}

/// The text of message `id` in `lang`, with its variables (`{ $count }` in the Fluent file)
/// taken from `args`: `tr_args(lang, "reason-quiet", [("limit", 80)])`.
///
/// Numbers select plural forms by the language's rules (Russian "1 ход", "2 хода",
/// "5 ходов"). Falls back like [`tr`].
pub fn tr_args<'a, V: Into<FluentValue<'a>>>(
    lang: Lang,
    id: &str,
    args: impl IntoIterator<Item = (&'a str, V)>,
) -> String {
    let args: FluentArgs = args.into_iter().collect();
    render(lang, id, Some(&args))
}

fn render(lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
    for lang in [lang, Lang::En] {
        let bundle = bundle(lang);
        if let Some(pattern) = bundle.get_message(id).and_then(|message| message.value()) {
            // Errors (a variable the caller did not give) leave `{$name}` in the text.
            let mut errors = Vec::new();
            return bundle
                .format_pattern(pattern, args, &mut errors)
                .into_owned();
        }
    }
    id.to_string()
}

/// A language's messages. The concurrent bundle is `Sync`, so one set serves every thread.
type Bundle = FluentBundle<FluentResource>;

/// The bundles in `Lang::ALL` order, parsed on first use.
static BUNDLES: LazyLock<[Bundle; 3]> = LazyLock::new(|| Lang::ALL.map(load));

fn bundle(lang: Lang) -> &'static Bundle {
    let index = match lang {
        Lang::En => 0,
        Lang::Ru => 1,
        Lang::Zh => 2,
    };
    &BUNDLES[index]
}

/// Parses a language's file. Whatever fails to parse is left out, as if missing; the tests
/// check that nothing does.
fn load(lang: Lang) -> Bundle {
    let resource = FluentResource::try_new(lang.source().to_string())
        .unwrap_or_else(|(resource, _errors)| resource);
    let tag = lang.tag().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![tag]);
    // No Unicode isolation marks around variables: egui would draw them as boxes.
    bundle.set_use_isolating(false);
    // An error here is a message defined twice; the first definition is kept.
    let _ = bundle.add_resource(resource);
    bundle
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    #[test]
    fn the_first_language_the_game_speaks_is_chosen() {
        assert_eq!(Lang::preferred(["ru-RU", "en-US"]), Lang::Ru);
        assert_eq!(Lang::preferred(["de-DE", "zh-Hans-CN", "en"]), Lang::Zh);
        assert_eq!(Lang::preferred(["fr", "EN-gb", "ru"]), Lang::En);
        assert_eq!(Lang::preferred(["ru_RU.UTF-8"]), Lang::Ru);
        assert_eq!(Lang::preferred(["de", "fr"]), Lang::En);
        assert_eq!(Lang::preferred([]), Lang::En);
    }
    use std::path::Path;

    /// The ids of the messages a Fluent file defines: entries start at the beginning of a
    /// line with an identifier and `=` (terms start with `-`, comments with `#`).
    fn message_ids(source: &str) -> BTreeSet<&str> {
        source
            .lines()
            .filter(|line| line.starts_with(|c: char| c.is_ascii_alphabetic()))
            .filter_map(|line| line.split_once('='))
            .map(|(id, _)| id.trim())
            .collect()
    }

    /// The variables (`$name`) each message of a Fluent file uses.
    fn variables(source: &str) -> BTreeMap<&str, BTreeSet<&str>> {
        let mut messages = BTreeMap::new();
        let mut current = None;
        for line in source.lines().filter(|line| !line.starts_with('#')) {
            if line.starts_with(|c: char| c.is_ascii_alphabetic())
                && let Some((id, _)) = line.split_once('=')
            {
                current = Some(id.trim());
            }
            let Some(id) = current else { continue };
            let used: &mut BTreeSet<&str> = messages.entry(id).or_default();
            for (at, _) in line.match_indices('$') {
                let name = &line[at + 1..];
                let end = name
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                    .unwrap_or(name.len());
                used.insert(&name[..end]);
            }
        }
        messages
    }

    /// Every string literal shaped like a message id (`"hud-undo"`: lowercase words joined
    /// by hyphens) in the client's Rust files outside this one, with the file it is in.
    fn ids_in_code() -> Vec<(String, String)> {
        fn walk(dir: &Path, found: &mut Vec<(String, String)>) {
            for entry in std::fs::read_dir(dir).expect("the client's source folder") {
                let path = entry.expect("a directory entry").path();
                if path.is_dir() {
                    walk(&path, found);
                } else if path.extension().is_some_and(|ext| ext == "rs")
                    && !path.ends_with("client/i18n.rs")
                {
                    let text = std::fs::read_to_string(&path).expect("a source file");
                    // Between one quote and the next: a literal if it has an id's shape.
                    for candidate in text.split('"').skip(1) {
                        if candidate.starts_with(|c: char| c.is_ascii_lowercase())
                            && candidate.contains('-')
                            && candidate
                                .chars()
                                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                        {
                            found.push((candidate.to_string(), path.display().to_string()));
                        }
                    }
                }
            }
        }
        let mut found = Vec::new();
        walk(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/client"),
            &mut found,
        );
        found
    }

    #[test]
    fn every_file_parses_without_errors() {
        for lang in Lang::ALL {
            let resource = match FluentResource::try_new(lang.source().to_string()) {
                Ok(resource) => resource,
                Err((_, errors)) => panic!("{}.ftl does not parse: {errors:?}", lang.tag()),
            };
            let mut bundle = FluentBundle::new_concurrent(vec![]);
            if let Err(errors) = bundle.add_resource(resource) {
                panic!("{}.ftl defines a message twice: {errors:?}", lang.tag());
            }
        }
    }

    #[test]
    fn every_message_exists_in_every_language() {
        let english = message_ids(Lang::En.source());
        assert!(english.len() > 90, "{} English messages", english.len());
        for lang in Lang::ALL {
            let ids = message_ids(lang.source());
            let missing: Vec<_> = english.difference(&ids).collect();
            let extra: Vec<_> = ids.difference(&english).collect();
            assert!(missing.is_empty(), "{}.ftl lacks {missing:?}", lang.tag());
            assert!(extra.is_empty(), "{}.ftl has extra {extra:?}", lang.tag());
            for id in &ids {
                let message = bundle(lang).get_message(id);
                assert!(
                    message.is_some_and(|message| message.value().is_some()),
                    "{}: {id} has no text in the bundle",
                    lang.tag()
                );
            }
        }
    }

    #[test]
    fn every_language_uses_the_same_variables() {
        let english = variables(Lang::En.source());
        for lang in [Lang::Ru, Lang::Zh] {
            let translated = variables(lang.source());
            let differing: Vec<_> = english
                .iter()
                .filter(|(id, used)| translated.get(*id).is_some_and(|other| other != *used))
                .map(|(id, used)| (id, used, &translated[id]))
                .collect();
            assert!(
                differing.is_empty(),
                "{}.ftl: (id, English variables, its variables) {differing:?}",
                lang.tag()
            );
        }
    }

    #[test]
    fn every_id_in_the_code_exists() {
        let used = ids_in_code();
        assert!(used.len() > 50, "found only {} ids in the code", used.len());
        let english = message_ids(Lang::En.source());
        let missing: Vec<_> = used
            .iter()
            .filter(|(id, _)| !english.contains(id.as_str()))
            .collect();
        assert!(missing.is_empty(), "no such message: {missing:?}");
    }

    #[test]
    fn every_message_is_used() {
        let mut used: BTreeSet<String> = ids_in_code().into_iter().map(|(id, _)| id).collect();
        // The lessons name their messages in their data files.
        let lessons = crate::lessons::message_keys().expect("the lesson files load");
        used.extend(lessons.into_iter().map(str::to_string));
        let unused: Vec<_> = message_ids(Lang::En.source())
            .into_iter()
            .filter(|id| !used.contains(*id))
            .collect();
        assert!(unused.is_empty(), "messages no code uses: {unused:?}");
    }

    #[test]
    fn missing_messages_show_their_id() {
        assert_eq!(tr(Lang::Ru, "menu-quit"), "Выход");
        assert_eq!(tr(Lang::Zh, "menu-quit"), "退出");
        assert_eq!(tr(Lang::Ru, "no.such.message"), "no.such.message");
    }

    #[test]
    fn russian_counts_take_their_plural_forms() {
        let quiet = |limit: u32| tr_args(Lang::Ru, "reason-quiet", [("limit", limit)]);
        for (limit, words) in [
            (1, "1 ход"),
            (2, "2 хода"),
            (4, "4 хода"),
            (5, "5 ходов"),
            (11, "11 ходов"),
            (21, "21 ход"),
            (22, "22 хода"),
            (80, "80 ходов"),
        ] {
            assert_eq!(
                quiet(limit),
                format!("Слишком долго без открытий и атак ({words})")
            );
        }
        let rules = |limit: u32| tr_args(Lang::Ru, "rules-end", [("limit", limit)]);
        assert!(rules(1).contains("После 1 хода подряд"), "{}", rules(1));
        assert!(rules(21).contains("После 21 хода подряд"), "{}", rules(21));
        assert!(rules(80).contains("После 80 ходов подряд"), "{}", rules(80));
    }

    #[test]
    fn english_and_chinese_counts() {
        let quiet = |lang, limit: u32| tr_args(lang, "reason-quiet", [("limit", limit)]);
        assert_eq!(quiet(Lang::En, 1), "No flip or attack for too long (1 ply)");
        assert_eq!(
            quiet(Lang::En, 80),
            "No flip or attack for too long (80 plies)"
        );
        assert_eq!(quiet(Lang::Zh, 80), "长时间未翻棋未吃子（80步）");
        let rules = tr_args(Lang::En, "rules-end", [("limit", 80)]);
        assert!(rules.contains("After 80 plies in a row"), "{rules}");
        assert!(
            tr_args(Lang::Zh, "rules-end", [("limit", 80)]).contains("连续80步"),
            "zh rules-end"
        );
    }

    #[test]
    fn variables_have_no_isolation_marks() {
        let text = tr_args(Lang::En, "hud-quiet", [("count", 65), ("limit", 80)]);
        assert_eq!(text, "Plies without flip or attack: 65 / 80");
    }
}
