//! Replays: a finished, kept or imported game stepped through with the same animations as
//! play. While a replay is on the table the local referee stands down and the replay rules: it
//! holds the whole game and hands the model one step at a time.

use super::game::{Change, LoadMatch, Match, Ruling};
use super::referee::LocalReferee;
use crate::client::Screen;
use crate::client::matches::{MatchStatus, NewMatch, ReplayProgress, ResumeMatch, TableMode};
use crate::client::online::{GoOffline, OnlineSession};
use crate::client::records::{BadRecord, RecordSource, ReplayRequest, WatchReplay, autoplay_due};
use crate::client::seats::Seats;
use crate::client::timeline::Anim;
use crate::rules::GameKind;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use std::time::Duration;

/// The pause between steps when a replay plays by itself, once the last one is shown.
const AUTOPLAY_PAUSE: Duration = Duration::from_millis(500);

/// The replay on the table, if one is.
#[derive(Resource, Debug)]
pub struct Replay<G: Match> {
    /// The whole game being replayed.
    script: Option<G::Whole>,
    /// How many steps it has.
    total: usize,
    /// How many of its steps are on the table.
    shown: usize,
    /// Whether it plays by itself.
    playing: bool,
    /// How long the table has been still while playing by itself.
    still_for: Duration,
}

impl<G: Match> Default for Replay<G> {
    fn default() -> Self {
        Replay {
            script: None,
            total: 0,
            shown: 0,
            playing: false,
            still_for: Duration::ZERO,
        }
    }
}

impl<G: Match> PartialEq for Replay<G> {
    fn eq(&self, other: &Self) -> bool {
        self.script.is_none()
            && other.script.is_none()
            && self.shown == other.shown
            && self.playing == other.playing
    }
}

impl<G: Match> Replay<G> {
    /// Whether a replay is on the table.
    pub fn on(&self) -> bool {
        self.script.is_some()
    }

    /// The whole game being replayed (to export it).
    pub fn script(&self) -> Option<&G::Whole> {
        self.script.as_ref()
    }

    /// Where the replay stands, when one is on the table.
    pub fn progress(&self) -> Option<ReplayProgress> {
        self.script.as_ref().map(|_| ReplayProgress {
            shown: self.shown,
            total: self.total,
            playing: self.playing,
        })
    }
}

pub(super) fn plugin<G: Match>(app: &mut App) {
    app.init_resource::<Replay<G>>();
}

/// A game loaded to play ends the replay, and so does another game put on the table.
pub(super) fn end_replays<G: Match>(
    (mut loads, mut starts): (MessageReader<LoadMatch<G>>, MessageReader<NewMatch>),
    (mut resumes, mut watch): (MessageReader<ResumeMatch>, MessageReader<WatchReplay>),
    mut replay: ResMut<Replay<G>>,
) {
    let other = |kind: &GameKind| !G::KINDS.contains(kind);
    let others = starts.read().filter(|s| other(&s.game)).count()
        + resumes.read().filter(|r| other(&r.game)).count()
        + watch.read().filter(|w| other(&w.kind)).count();
    if loads.read().count() + others > 0 && replay.on() {
        *replay = Replay::default();
    }
}

/// Reads a record, kept or pasted, or takes the game on the table; a bad one says what is
/// wrong.
fn read_record<G: Match>(
    kind: GameKind,
    source: &RecordSource,
    on_table: Option<G::Whole>,
) -> Result<G::Whole, String> {
    match source {
        RecordSource::OnTable => on_table.ok_or_else(|| "no game is on the table".to_string()),
        RecordSource::Kept(value) => serde_json::from_value::<G::Record>(value.clone())
            .map_err(|error| error.to_string())
            .and_then(|record| G::from_record(kind, &record)),
        RecordSource::Text(text) => G::from_text(kind, text),
    }
}

/// What starting a replay reads and changes besides the replay and the referee.
#[derive(SystemParam)]
pub(super) struct ReplayStart<'w, G: Match> {
    model: Res<'w, G>,
    mode: Res<'w, State<TableMode>>,
    online: Res<'w, OnlineSession>,
    offline: MessageWriter<'w, GoOffline>,
    bad: MessageWriter<'w, BadRecord>,
    next: ResMut<'w, NextState<Screen>>,
}

/// Puts a replay on the table: the referee stands down, the game appears at its start,
/// watched by every seat.
pub(super) fn start_replays<G: Match>(
    mut watch: MessageReader<WatchReplay>,
    mut replay: ResMut<Replay<G>>,
    mut referee: ResMut<LocalReferee<G>>,
    mut rulings: MessageWriter<Ruling<G>>,
    mut commands: Commands,
    mut start: ReplayStart<G>,
) {
    for request in watch.read().filter(|w| G::KINDS.contains(&w.kind)) {
        let on_table = replay
            .script()
            .cloned()
            .or_else(|| referee.game_on_table(&start.model, start.mode.get()));
        let game = match read_record::<G>(request.kind, &request.record, on_table) {
            Ok(game) => game,
            Err(error) => {
                start.bad.write(BadRecord(error));
                continue;
            }
        };
        referee.stand_down();
        // Watching a replay leaves the online game: the server's news would overwrite it.
        if start.online.active() {
            start.offline.write(GoOffline);
        }
        let whole = G::shown(&game, usize::MAX);
        commands.insert_resource(Seats::watching(whole.seat_count()));
        rulings.write(Ruling {
            key: referee.next_key(0, true),
            change: Change::Started {
                model: Box::new(G::shown(&game, 0)),
                mode: TableMode::Replay,
            },
        });
        *replay = Replay {
            script: Some(game),
            total: whole.plies(),
            ..default()
        };
        start.next.set(Screen::Playing);
    }
}

/// What stepping a replay changes.
#[derive(SystemParam)]
pub(super) struct ReplayTable<'w, G: Match> {
    referee: ResMut<'w, LocalReferee<G>>,
    rulings: MessageWriter<'w, Ruling<G>>,
    loads: MessageWriter<'w, LoadMatch<G>>,
}

/// The replay controls, and playing by itself once the table is still.
pub(super) fn step_replays<G: Match>(
    mut requests: MessageReader<ReplayRequest>,
    replay: ResMut<Replay<G>>,
    mut table: ReplayTable<G>,
    time: Res<Time>,
    anims: Query<(), With<Anim>>,
) {
    // Read before writing: a replay marked changed every frame would report every frame.
    if !replay.on() {
        requests.clear();
        return;
    }
    let replay = replay.into_inner();
    let Some(script) = replay.script.as_ref() else {
        return;
    };
    let total = replay.total;
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
                let Some(played) = G::step_at(script, replay.shown) else {
                    break;
                };
                replay.shown += 1;
                table.rulings.write(Ruling {
                    key: table.referee.next_key(replay.shown, false),
                    change: Change::Played(played),
                });
                if replay.shown == total
                    && let Some(ending) = G::ending(script)
                {
                    table.rulings.write(Ruling {
                        key: table.referee.next_key(total, false),
                        change: Change::Ended(ending),
                    });
                }
                None
            }
            ReplayRequest::Back if replay.shown > 0 => {
                replay.shown -= 1;
                table.rulings.write(Ruling {
                    key: table.referee.next_key(replay.shown, true),
                    change: Change::TakenBack(1),
                });
                None
            }
            ReplayRequest::Forward | ReplayRequest::Back => None,
            ReplayRequest::First => Some(0),
            ReplayRequest::Last => Some(total),
            ReplayRequest::Jump(ply) => Some(ply.min(total)),
            ReplayRequest::TogglePlay => {
                replay.playing = !replay.playing;
                (replay.playing && replay.shown == total).then_some(0)
            }
            ReplayRequest::ContinueHere(ref seats) => {
                let mut game = script.clone();
                G::take_back_whole(&mut game, total - replay.shown);
                table.loads.write(LoadMatch {
                    game,
                    seats: seats.clone(),
                    mode: TableMode::Local,
                });
                return;
            }
        };
        if let Some(ply) = target {
            info!("replay shows step {ply} of {total}");
            replay.shown = ply;
            table.rulings.write(Ruling {
                key: table.referee.next_key(ply, true),
                change: Change::Started {
                    model: Box::new(G::shown(script, ply)),
                    mode: TableMode::Replay,
                },
            });
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
    pub fn entry(&mut self, ui: &mut egui::Ui, text: impl Into<egui::WidgetText>, ply: usize) {
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
