//! Replays of games of points: a finished, kept or imported game stepped through with the
//! same animations as play. While a replay is on the table the referee stands down and the
//! replay rules: it holds the whole game and puts it on the table one move at a time.

use super::table::{play_on, put_on_table};
use super::{LoadMatch, MovePlayed, PointsMatch};
use crate::client::Screen;
use crate::client::matches::{MatchStatus, NewMatch, ReplayProgress, ResumeMatch};
use crate::client::net::{GoOffline, OnlineSession};
use crate::client::records::{BadRecord, RecordSource, ReplayRequest, WatchReplay, autoplay_due};
use crate::client::seats::Seats;
use crate::client::tabletop::TableReset;
use crate::client::timeline::Anim;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use std::time::Duration;

/// The pause between moves when a replay plays by itself, once the last one is shown.
const AUTOPLAY_PAUSE: Duration = Duration::from_millis(500);

/// The replay on the table, if one is.
#[derive(Resource, Debug)]
pub struct Replay<G: PointsMatch> {
    /// The whole game being replayed.
    pub script: Option<G>,
    /// How many of its moves are on the table.
    pub shown: usize,
    /// Whether it plays by itself.
    pub playing: bool,
    /// How long the table has been still while playing by itself.
    still_for: Duration,
}

impl<G: PointsMatch> Default for Replay<G> {
    fn default() -> Self {
        Replay {
            script: None,
            shown: 0,
            playing: false,
            still_for: Duration::ZERO,
        }
    }
}

impl<G: PointsMatch> PartialEq for Replay<G> {
    fn eq(&self, other: &Self) -> bool {
        self.script.is_none()
            && other.script.is_none()
            && self.shown == other.shown
            && self.playing == other.playing
    }
}

impl<G: PointsMatch> Replay<G> {
    /// Where the replay stands, when one is on the table.
    pub fn progress(&self) -> Option<ReplayProgress> {
        self.script.as_ref().map(|script| ReplayProgress {
            shown: self.shown,
            total: script.plies(),
            playing: self.playing,
        })
    }
}

pub(super) fn plugin<G: PointsMatch>(app: &mut App) {
    app.init_resource::<Replay<G>>();
}

/// Another game put on the table ends the replay (a new game of `G` ends it in the referee).
pub(super) fn end_replays<G: PointsMatch>(
    (mut starts, mut resumes): (MessageReader<NewMatch>, MessageReader<ResumeMatch>),
    mut watch: MessageReader<WatchReplay>,
    mut replay: ResMut<Replay<G>>,
) {
    let others = watch.read().filter(|w| w.kind != G::KIND).count();
    if starts.read().count() + resumes.read().count() + others > 0 {
        replay.set_if_neq(Replay::default());
    }
}

/// Reads a record, kept or pasted, or takes the game on the table; a bad one says what is
/// wrong.
fn read_record<G: PointsMatch>(source: &RecordSource, on_table: &G) -> Result<G, String> {
    match source {
        RecordSource::OnTable => Ok(on_table.clone()),
        RecordSource::Kept(value) => serde_json::from_value::<G::Record>(value.clone())
            .map_err(|error| error.to_string())
            .and_then(|record| G::from_record(&record)),
        RecordSource::Text(text) => G::from_text(text),
    }
}

/// What starting a replay changes besides the model and the replay.
#[derive(SystemParam)]
pub(super) struct ReplayStart<'w> {
    online: Res<'w, OnlineSession>,
    offline: MessageWriter<'w, GoOffline>,
    bad: MessageWriter<'w, BadRecord>,
    resets: MessageWriter<'w, TableReset>,
    next: ResMut<'w, NextState<Screen>>,
}

/// Puts a replay on the table: the game appears at its start, watched by every seat.
pub(super) fn start_replays<G: PointsMatch>(
    mut watch: MessageReader<WatchReplay>,
    mut model: ResMut<G>,
    mut replay: ResMut<Replay<G>>,
    mut commands: Commands,
    mut start: ReplayStart,
) {
    for request in watch.read().filter(|w| w.kind == G::KIND) {
        let game = match read_record(&request.record, &*model) {
            Ok(game) => game,
            Err(error) => {
                start.bad.write(BadRecord(error));
                continue;
            }
        };
        // Watching a replay leaves the online game: the server's news would overwrite it.
        if start.online.active() {
            start.offline.write(GoOffline);
        }
        commands.insert_resource(Seats::watching(game.seat_count()));
        put_on_table(&mut *model, game.truncated(0), false);
        *replay = Replay {
            script: Some(game),
            ..default()
        };
        start.resets.write(TableReset);
        start.next.set(Screen::Playing);
    }
}

/// What stepping a replay changes.
#[derive(SystemParam)]
pub(super) struct ReplayTable<'w, G: PointsMatch> {
    played: MessageWriter<'w, MovePlayed<G>>,
    resets: MessageWriter<'w, TableReset>,
    loads: MessageWriter<'w, LoadMatch<G>>,
}

/// The replay controls, and playing by itself once the table is still.
pub(super) fn step_replays<G: PointsMatch>(
    mut requests: MessageReader<ReplayRequest>,
    replay: ResMut<Replay<G>>,
    mut model: ResMut<G>,
    mut table: ReplayTable<G>,
    time: Res<Time>,
    anims: Query<(), With<Anim>>,
) {
    // Read before writing: a replay marked changed every frame would report every frame.
    if replay.script.is_none() {
        return;
    }
    let replay = replay.into_inner();
    let Some(script) = replay.script.as_ref() else {
        return;
    };
    let total = script.plies();
    let mut steps: Vec<ReplayRequest> = requests.read().cloned().collect();
    if replay.playing
        && steps.is_empty()
        && autoplay_due(
            &mut replay.still_for,
            anims.is_empty(),
            time.delta(),
            AUTOPLAY_PAUSE,
        )
    {
        steps.push(ReplayRequest::Forward);
    }
    for step in steps {
        replay.still_for = Duration::ZERO;
        let target = match step {
            ReplayRequest::Forward if replay.shown < total => {
                let Some(mv) = script.move_at(replay.shown) else {
                    break;
                };
                if let Err(error) = play_on(&mut *model, mv, &mut table.played) {
                    warn!("the replay's move {mv} does not play: {error}");
                    break;
                }
                replay.shown += 1;
                if replay.shown == total {
                    model.end_like(script);
                }
                None
            }
            ReplayRequest::Back if replay.shown > 0 => Some(replay.shown - 1),
            ReplayRequest::Forward | ReplayRequest::Back => None,
            ReplayRequest::First => Some(0),
            ReplayRequest::Last => Some(total),
            ReplayRequest::Jump(ply) => Some(ply.min(total)),
            ReplayRequest::TogglePlay => {
                replay.playing = !replay.playing;
                (replay.playing && replay.shown == total).then_some(0)
            }
            ReplayRequest::ContinueHere(ref seats) => {
                table.loads.write(LoadMatch {
                    game: script.truncated(replay.shown),
                    seats: seats.clone(),
                    attract: false,
                });
                return;
            }
        };
        if let Some(ply) = target {
            replay.shown = ply;
            put_on_table(&mut *model, script.truncated(ply), false);
            table.resets.write(TableReset);
        }
    }
    if replay.shown == total {
        replay.playing = false;
    }
}

/// A game's move list during a replay: a click on a move shows the game after it.
#[derive(SystemParam)]
pub struct ReplayJumps<'w> {
    status: Res<'w, MatchStatus>,
    replays: MessageWriter<'w, ReplayRequest>,
}

impl ReplayJumps<'_> {
    /// Draws move number `ply` (from 0) of the list; in a replay, a click on it jumps there.
    pub fn entry(&mut self, ui: &mut egui::Ui, text: egui::RichText, ply: usize) {
        let replaying = self.status.replay.is_some();
        let sense = if replaying {
            egui::Sense::click()
        } else {
            egui::Sense::hover()
        };
        if ui.add(egui::Label::new(text).sense(sense)).clicked() {
            self.replays.write(ReplayRequest::Jump(ply + 1));
        }
    }
}
