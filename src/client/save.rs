//! The autosave: the game's kind, its seats and its record, written after every change, read
//! by Continue. A save that cannot be read is reported and removed, and a new game starts;
//! never a panic.

use super::ClientSet;
use super::matches::{Deal, NewMatch, ResumeMatch};
use super::seats::Seats;
use super::settings::{read_file, remove_file, write_file};
use super::theme::Toast;
use crate::rules::GameKind;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

const SAVE_FILE: &str = "autosave.json";

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

/// Whether there is a saved game to continue.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SavedGame(pub bool);

/// Continue the saved game.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct ContinueGame;

/// The saved game's record could not be used: why.
#[derive(Message, Clone, Debug)]
pub struct BadSave(pub String);

/// Headless parts: the messages games send.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_message::<BadSave>().add_message::<ContinueGame>();
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(SavedGame(read_file(SAVE_FILE).is_some()))
        .add_systems(
            Update,
            (continue_game, drop_bad_save).in_set(ClientSet::Command),
        );
}

/// Saves the game on the table (each game calls it when its model changes).
pub fn store(saved: &mut SavedGame, kind: GameKind, seats: &Seats, record: impl Serialize) {
    let file = serde_json::to_value(record).map(|game| SaveFile {
        kind,
        seats: seats.clone(),
        game,
    });
    match file.and_then(|file| serde_json::to_string(&file)) {
        Ok(text) => {
            write_file(SAVE_FILE, &text);
            saved.0 = true;
        }
        Err(error) => warn!("could not encode the autosave: {error}"),
    }
}

/// Reads the autosave, or why it cannot be used.
fn load() -> Result<SaveFile, String> {
    let text = read_file(SAVE_FILE).ok_or_else(|| "no saved game".to_string())?;
    serde_json::from_str(&text).map_err(|error| error.to_string())
}

fn continue_game(
    mut requests: MessageReader<ContinueGame>,
    mut resumes: MessageWriter<ResumeMatch>,
    mut bad: MessageWriter<BadSave>,
) {
    if requests.read().count() == 0 {
        return;
    }
    match load() {
        Ok(file) => {
            resumes.write(ResumeMatch {
                game: file.kind,
                seats: file.seats,
                record: file.game,
            });
        }
        Err(error) => {
            bad.write(BadSave(error));
        }
    }
}

/// A save that cannot be used is removed and reported, and a new game starts instead.
fn drop_bad_save(
    mut bad: MessageReader<BadSave>,
    mut saved: ResMut<SavedGame>,
    mut toast: ResMut<Toast>,
    mut starts: MessageWriter<NewMatch>,
) {
    for BadSave(error) in bad.read() {
        warn!("the saved game cannot be loaded: {error}");
        remove_file(SAVE_FILE);
        saved.0 = false;
        toast.show_key_with("toast-bad-save", error.clone());
        starts.write(NewMatch {
            game: GameKind::default(),
            seats: Seats::hot_seat(),
            deal: Deal::default(),
            attract: false,
        });
    }
}
