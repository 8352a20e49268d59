//! The games as data: each game's plugin registers one [`GameEntry`] in the [`Catalog`], and
//! the shell (title menu, new-game page, HUD, autosave, replays) reads it instead of naming a
//! game.

use super::i18n::{Lang, tr};
use super::records::RecordBoxText;
use super::rules_page::RulesPage;
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;
use std::ops::RangeInclusive;

/// What the shell knows of one game.
#[derive(Clone, Debug)]
pub struct GameEntry {
    /// Which game.
    pub kind: GameKind,
    /// Its name as the title screen writes it (the same in every language).
    pub title: &'static str,
    /// The message id of its subtitle on the title screen.
    pub subtitle_key: &'static str,
    /// How many seats it may have.
    pub seats: RangeInclusive<usize>,
    /// Whether it can be played online.
    pub online: bool,
    /// Whether its armies are hidden from each other, so that a finished game is also shared
    /// as each side saw it.
    pub side_views: bool,
    /// Its autosave's file name.
    pub save_file: &'static str,
    /// What its export/import box says; `None` for a game without text records.
    pub record_words: Option<RecordBoxText>,
    /// Its illustrated rules.
    pub rules: RulesPage,
    /// What a seat plays in a game of this many seats, when that says more than its number
    /// (Qiguo's states); empty otherwise.
    pub seat_label: fn(Lang, usize, Seat) -> String,
}

/// A seat label by turn order (first player, second player), for games whose sides are known
/// only once they are played.
pub fn turn_order_label(lang: Lang, _: usize, seat: Seat) -> String {
    tr(
        lang,
        if seat == Seat(0) {
            "player-first"
        } else {
            "player-second"
        },
    )
}

/// Every game, in menu order (the order they registered in).
#[derive(Resource, Clone, Debug, Default)]
pub struct Catalog(Vec<GameEntry>);

impl Catalog {
    /// The entry of `kind`.
    ///
    /// # Panics
    /// If `kind` never registered: every game composed into the client does, at start-up.
    pub fn get(&self, kind: GameKind) -> &GameEntry {
        self.0
            .iter()
            .find(|entry| entry.kind == kind)
            .unwrap_or_else(|| panic!("{kind:?} is not in the catalog"))
    }

    /// Every entry, in menu order.
    pub fn iter(&self) -> impl Iterator<Item = &GameEntry> {
        self.0.iter()
    }
}

/// Registers a game's entry (each game's plugin calls it once).
pub fn register(app: &mut App, entry: GameEntry) {
    let mut catalog = app.world_mut().get_resource_or_init::<Catalog>();
    assert!(
        catalog.0.iter().all(|known| known.kind != entry.kind),
        "{:?} registered twice",
        entry.kind
    );
    catalog.0.push(entry);
}
