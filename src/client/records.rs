//! Game records: the list of finished games kept for replays, the replay controls every game
//! answers, and the box that exports a game as text and imports one. Each game reads and
//! writes its own records; the shell only carries them.

use super::ClientSet;
use super::i18n::{Lang, tr};
use super::seats::Seats;
use super::storage::{read_file, write_file};
use super::theme::{ButtonSize::Small, Toast, UiFeedback, sounding_button};
use crate::rules::GameKind;
use bevy::prelude::*;
use bevy_egui::egui;
use serde::{Deserialize, Serialize};

/// The file that keeps the finished games.
const FINISHED_FILE: &str = "finished-games.json";

/// How many finished games are kept (the oldest go first).
pub const KEPT_GAMES: usize = 50;

/// A finished game, kept to be replayed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FinishedGame {
    /// Which game.
    pub kind: GameKind,
    /// Who played each seat.
    pub seats: Seats,
    /// The result as it was announced (in the language of the time).
    pub result: String,
    /// Actions played.
    pub plies: usize,
    /// The game's own record.
    pub record: serde_json::Value,
}

/// The finished games, newest first.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct FinishedGames(pub Vec<FinishedGame>);

impl FinishedGames {
    /// Whether this record is kept already.
    fn holds(&self, game: &FinishedGame) -> bool {
        self.0.iter().any(|kept| kept.record == game.record)
    }

    /// Keeps `game` first in the list.
    fn keep(&mut self, game: FinishedGame) {
        self.0.insert(0, game);
        self.0.truncate(KEPT_GAMES);
    }
}

/// A game just ended: keep it for replays.
#[derive(Message, Clone, Debug)]
pub struct KeepFinished(pub FinishedGame);

/// A record to replay: as kept, or as text a player pasted.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordSource {
    /// A finished game's record as the game saved it.
    Kept(serde_json::Value),
    /// A game exported as text.
    Text(String),
    /// The game on the table (the Replay button of a finished game).
    OnTable,
}

/// Watch a game from its record, from the start.
#[derive(Message, Clone, Debug)]
pub struct WatchReplay {
    /// Which game reads the record.
    pub kind: GameKind,
    /// The record.
    pub record: RecordSource,
}

/// A record could not be read: why (the game on the table stays as it was).
#[derive(Message, Clone, Debug)]
pub struct BadRecord(pub String);

/// What the replay controls ask of the game being replayed.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum ReplayRequest {
    /// Back to the start.
    First,
    /// One action back.
    Back,
    /// One action forward, animated.
    Forward,
    /// To the end.
    Last,
    /// To the position after this many actions.
    Jump(usize),
    /// Play by itself, or stop.
    TogglePlay,
    /// Play on from the position shown, with these seats.
    ContinueHere(Seats),
}

/// Whether a replay playing by itself takes its next step: once the table has been still
/// (`settled`) for `pause`, counted in `still_for`.
pub fn autoplay_due(
    still_for: &mut std::time::Duration,
    settled: bool,
    delta: std::time::Duration,
    pause: std::time::Duration,
) -> bool {
    if settled {
        *still_for += delta;
    } else {
        *still_for = std::time::Duration::ZERO;
    }
    *still_for >= pause
}

/// Headless parts: the messages and the list (tests keep games in memory).
pub(super) fn logic_plugin(app: &mut App) {
    app.init_resource::<FinishedGames>()
        .add_message::<KeepFinished>()
        .add_message::<WatchReplay>()
        .add_message::<BadRecord>()
        .add_message::<ReplayRequest>()
        .add_systems(Update, keep_finished.in_set(ClientSet::Present));
}

/// The list is read at start-up and written whenever it changes; a list that cannot be read
/// is replaced, not a reason to stop.
pub(super) fn plugin(app: &mut App) {
    let kept = read_file(FINISHED_FILE)
        .and_then(|text| match serde_json::from_str(&text) {
            Ok(list) => Some(list),
            Err(error) => {
                warn!("the finished games cannot be read ({error}): starting a new list");
                None
            }
        })
        .unwrap_or_default();
    app.insert_resource(FinishedGames(kept))
        .init_resource::<RecordBox>()
        .add_systems(
            Update,
            (
                store_finished.run_if(resource_changed::<FinishedGames>),
                report_bad_records,
            )
                .in_set(ClientSet::Present),
        );
}

fn keep_finished(mut kept: MessageReader<KeepFinished>, mut games: ResMut<FinishedGames>) {
    for KeepFinished(game) in kept.read() {
        // Read first: a repeat must not mark the list changed (and write its file again).
        if !games.holds(game) {
            games.keep(game.clone());
        }
    }
}

fn store_finished(games: Res<FinishedGames>) {
    match serde_json::to_string(&games.0) {
        Ok(text) => write_file(FINISHED_FILE, &text),
        Err(error) => warn!("could not encode the finished games: {error}"),
    }
}

fn report_bad_records(mut bad: MessageReader<BadRecord>, mut toast: ResMut<Toast>) {
    for BadRecord(error) in bad.read() {
        toast.show_key_with("record-bad", error.clone());
    }
}

/// The export/import box: its text while it is open.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordBox {
    /// The text in the box; `None` while it is closed.
    pub text: Option<String>,
    /// Whether a paste was asked for and has not arrived.
    pasting: bool,
}

/// What the box's player asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordBoxAction {
    /// Export: the game's text should be shown and copied.
    Export,
    /// Import the text in the box.
    Import(String),
}

/// A game's words in the box (translation keys).
#[derive(Clone, Copy, Debug)]
pub struct RecordBoxText {
    /// What the text looks like.
    pub help: &'static str,
    /// The button that imports it.
    pub import: &'static str,
    /// Whether the box offers to export the game on the table.
    pub export: bool,
    /// Whether an imported game is watched as a replay (rather than played on from its end).
    pub watch: bool,
}

/// Draws the export/import box: Export and Import buttons, and when open the text with Copy,
/// Paste, the game's import button and Cancel. Returns what the player asked for.
pub fn record_box(
    ui: &mut egui::Ui,
    lang: Lang,
    words: RecordBoxText,
    state: &mut RecordBox,
    feedback: &mut UiFeedback,
) -> Option<RecordBoxAction> {
    let t = |key: &'static str| tr(lang, key);
    let mut action = None;
    ui.horizontal_wrapped(|ui| {
        if !words.export {
            return;
        }
        if sounding_button(ui, Small, true, t("record-export"), &mut feedback.sounds) {
            action = Some(RecordBoxAction::Export);
        }
        if sounding_button(ui, Small, true, t("record-import"), &mut feedback.sounds) {
            state.text = Some(String::new());
        }
    });
    if state.pasting
        && let Some(pasted) = feedback.clipboard.take_pasted()
    {
        state.pasting = false;
        match pasted {
            Ok(text) => state.text = Some(text),
            Err(error) => feedback.toast.show_key_with("toast-paste-failed", error),
        }
    }
    let Some(text) = state.text.as_mut() else {
        return action;
    };
    ui.label(egui::RichText::new(t(words.help)).small().weak());
    ui.add(
        egui::TextEdit::multiline(text)
            .desired_rows(4)
            .desired_width(f32::INFINITY)
            .font(egui::TextStyle::Monospace),
    );
    let mut close = false;
    ui.horizontal_wrapped(|ui| {
        if sounding_button(
            ui,
            Small,
            !text.is_empty(),
            t("record-copy"),
            &mut feedback.sounds,
        ) {
            feedback.copy_and_tell(text);
        }
        if sounding_button(ui, Small, true, t("record-paste"), &mut feedback.sounds) {
            state.pasting = true;
            feedback.clipboard.request_paste();
        }
        if sounding_button(
            ui,
            Small,
            !text.trim().is_empty(),
            t(words.import),
            &mut feedback.sounds,
        ) {
            action = Some(RecordBoxAction::Import(text.clone()));
            close = true;
        }
        if sounding_button(ui, Small, true, t("dialog-cancel"), &mut feedback.sounds) {
            close = true;
        }
    });
    if close {
        state.text = None;
    }
    action
}

/// After an export: the text goes into the box and onto the clipboard.
pub fn show_export(state: &mut RecordBox, text: String, feedback: &mut UiFeedback) {
    feedback.copy_and_tell(&text);
    state.text = Some(text);
}
