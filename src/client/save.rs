//! The autosave: the game's record and seats, written after every change, read by Continue.
//! A save that cannot be read is reported and removed, and a new game starts; never a panic.

use super::ClientSet;
use super::game::{ActiveGame, LoadGame};
use super::hud::Toast;
use super::seats::Seats;
use super::settings::{read_file, remove_file, write_file};
use crate::rules::junqi::{Game, GameRecord, Ruleset};
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

const SAVE_FILE: &str = "autosave.json";

/// What the autosave holds.
#[derive(Serialize, Deserialize)]
struct SaveFile {
    seats: Seats,
    game: GameRecord,
}

/// Whether there is a saved game to continue.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct SavedGame(pub bool);

/// Continue the saved game.
#[derive(Message, Clone, Copy, Debug, Default)]
pub(super) struct ContinueGame;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(SavedGame(read_file(SAVE_FILE).is_some()))
        .add_message::<ContinueGame>()
        .add_systems(
            Update,
            (
                continue_game.in_set(ClientSet::Command),
                autosave
                    .in_set(ClientSet::Present)
                    .run_if(resource_changed::<ActiveGame>),
            ),
        );
}

fn autosave(active: Res<ActiveGame>, seats: Res<Seats>, mut saved: ResMut<SavedGame>) {
    if active.attract {
        return;
    }
    let file = SaveFile {
        seats: *seats,
        game: active.game.record(),
    };
    match serde_json::to_string(&file) {
        Ok(text) => {
            write_file(SAVE_FILE, &text);
            saved.set_if_neq(SavedGame(true));
        }
        Err(error) => warn!("could not encode the autosave: {error}"),
    }
}

/// Reads the autosave: the game and seats, or why it cannot be used.
fn load() -> Result<(Game, Seats), String> {
    let text = read_file(SAVE_FILE).ok_or_else(|| "no saved game".to_string())?;
    let file: SaveFile = serde_json::from_str(&text).map_err(|error| error.to_string())?;
    let game = Game::from_record(&file.game).map_err(|error| error.to_string())?;
    Ok((game, file.seats))
}

fn continue_game(
    mut requests: MessageReader<ContinueGame>,
    mut loads: MessageWriter<LoadGame>,
    mut saved: ResMut<SavedGame>,
    mut toast: ResMut<Toast>,
) {
    if requests.read().count() == 0 {
        return;
    }
    match load() {
        Ok((game, seats)) => {
            loads.write(LoadGame {
                game,
                seats,
                attract: false,
            });
        }
        Err(error) => {
            warn!("the saved game cannot be loaded: {error}");
            remove_file(SAVE_FILE);
            saved.set_if_neq(SavedGame(false));
            toast.show_key_with("toast-bad-save", error);
            loads.write(LoadGame {
                game: Game::new_random(Ruleset::default()),
                seats: Seats::hot_seat(),
                attract: false,
            });
        }
    }
}
