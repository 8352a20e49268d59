//! The autosave: the game's kind, its seats and its record, written after every change, read
//! by Continue. A save that cannot be read is reported and removed, and a new game starts;
//! never a panic.

use super::ClientSet;
use super::catalog::Catalog;
use super::matches::{Deal, NewMatch, ResumeMatch};
use super::seats::Seats;
use super::storage::{read_file, remove_file, write_file};
use super::theme::Toast;
use crate::rules::GameKind;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// What the autosave holds.
#[derive(Serialize, Deserialize)]
struct SaveFile {
    /// Saves from before there was a choice of games are Junqi games.
    #[serde(default)]
    kind: GameKind,
    seats: Seats,
    /// The game's own record.
    game: serde_json::Value,
}

/// The games with a saved game to continue.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SavedGame(Vec<GameKind>);

impl SavedGame {
    /// Whether `kind` has a saved game.
    pub fn has(&self, kind: GameKind) -> bool {
        self.0.contains(&kind)
    }

    fn set(&mut self, kind: GameKind, saved: bool) {
        self.0.retain(|&k| k != kind);
        if saved {
            self.0.push(kind);
        }
    }
}

/// Continue the saved game of this kind.
#[derive(Message, Clone, Copy, Debug)]
pub struct ContinueGame(pub GameKind);

/// The saved game's record could not be used: which game, and why.
#[derive(Message, Clone, Debug)]
pub struct BadSave(pub GameKind, pub String);

/// Headless parts: the messages games send.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_message::<BadSave>()
        .add_message::<ContinueGame>()
        .init_resource::<SavedGame>();
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, find_saved_games).add_systems(
        Update,
        (continue_game, drop_bad_save).in_set(ClientSet::Command),
    );
}

/// Which games have a saved game, at start-up.
fn find_saved_games(catalog: Res<Catalog>, mut saved: ResMut<SavedGame>) {
    saved.0 = catalog
        .iter()
        .filter(|entry| read_file(entry.save_file).is_some())
        .map(|entry| entry.kind)
        .collect();
}

/// Saves the game on the table (each game calls it when its model changes).
pub fn store(
    saved: &mut SavedGame,
    catalog: &Catalog,
    kind: GameKind,
    seats: &Seats,
    record: impl Serialize,
) {
    let file = serde_json::to_value(record).map(|game| SaveFile {
        kind,
        seats: seats.clone(),
        game,
    });
    match file.and_then(|file| serde_json::to_string(&file)) {
        Ok(text) => {
            write_file(catalog.get(kind).save_file, &text);
            if !saved.has(kind) {
                saved.set(kind, true);
            }
        }
        Err(error) => warn!("could not encode the autosave: {error}"),
    }
}

/// Reads the autosave of `kind`, or why it cannot be used.
fn load(catalog: &Catalog, kind: GameKind) -> Result<SaveFile, String> {
    let file = catalog.get(kind).save_file;
    let text = read_file(file).ok_or_else(|| "no saved game".to_string())?;
    let file: SaveFile = serde_json::from_str(&text).map_err(|error| error.to_string())?;
    if file.kind == kind {
        Ok(file)
    } else {
        Err(format!(
            "the save of {kind:?} holds a game of {:?}",
            file.kind
        ))
    }
}

fn continue_game(
    catalog: Res<Catalog>,
    mut requests: MessageReader<ContinueGame>,
    mut resumes: MessageWriter<ResumeMatch>,
    mut bad: MessageWriter<BadSave>,
) {
    let Some(&ContinueGame(kind)) = requests.read().last() else {
        return;
    };
    match load(&catalog, kind) {
        Ok(file) => {
            resumes.write(ResumeMatch {
                game: file.kind,
                seats: file.seats,
                record: file.game,
            });
        }
        Err(error) => {
            bad.write(BadSave(kind, error));
        }
    }
}

/// A save that cannot be used is removed and reported, and a new game starts instead.
fn drop_bad_save(
    catalog: Res<Catalog>,
    mut bad: MessageReader<BadSave>,
    mut saved: ResMut<SavedGame>,
    mut toast: ResMut<Toast>,
    mut starts: MessageWriter<NewMatch>,
) {
    for BadSave(kind, error) in bad.read() {
        warn!("the saved game cannot be loaded: {error}");
        remove_file(catalog.get(*kind).save_file);
        saved.set(*kind, false);
        toast.show_key_with("toast-bad-save", error.clone());
        starts.write(NewMatch {
            game: *kind,
            seats: Seats::hot_seat(),
            deal: Deal::default(),
            attract: false,
        });
    }
}
