//! Replays of Junqi games: a finished or imported game stepped through with the same
//! animations as play, and finished games kept for it. While a replay is on the table the
//! local referee stands down and the replay rules: it holds the whole record and hands the
//! model one action at a time.

use super::model::{Change, JunqiMatch, JunqiReplay, LoadGame, LocalReferee, Ruling};
use crate::client::Screen;
use crate::client::matches::{NewMatch, ResumeMatch};
use crate::client::net::{GoOffline, OnlineSession};
use crate::client::records::{BadRecord, RecordSource, ReplayRequest, WatchReplay, autoplay_due};
use crate::client::seats::Seats;
use crate::client::timeline::Anim;
use crate::rules::GameKind;
use crate::rules::junqi::{Game, GameRecord, PublicGame};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::time::Duration;

/// The pause between actions when a replay plays by itself, once the last one is shown.
const AUTOPLAY_PAUSE: Duration = Duration::from_millis(500);

/// The game as everyone saw it after `plies` of its actions.
fn public_at(game: &Game, plies: usize) -> PublicGame {
    let mut public = game.public().clone();
    let total = public.history().len();
    if plies < total {
        public.undo(total - plies);
    }
    public
}

/// Reads a record, kept or pasted, or takes the game on the table; a bad one says what is
/// wrong.
fn read_record(source: &RecordSource, on_table: Option<Game>) -> Result<Game, String> {
    let record = match source {
        RecordSource::OnTable => {
            return on_table.ok_or_else(|| "no game is on the table".to_string());
        }
        RecordSource::Kept(value) => serde_json::from_value::<GameRecord>(value.clone())
            .map_err(|error| error.to_string())?,
        RecordSource::Text(text) => {
            GameRecord::from_text(text).map_err(|error| error.to_string())?
        }
    };
    Game::from_record(&record).map_err(|error| error.to_string())
}

/// What starting a replay reads and changes besides the replay and the referee.
#[derive(SystemParam)]
pub(super) struct ReplayStart<'w> {
    model: Res<'w, JunqiMatch>,
    online: Res<'w, OnlineSession>,
    offline: MessageWriter<'w, GoOffline>,
    bad: MessageWriter<'w, BadRecord>,
    next: ResMut<'w, NextState<Screen>>,
}

/// Puts a replay on the table: the referee stands down, the game appears at its start.
pub(super) fn start_replays(
    mut watch: MessageReader<WatchReplay>,
    mut replay: ResMut<JunqiReplay>,
    mut referee: ResMut<LocalReferee>,
    mut rulings: MessageWriter<Ruling>,
    mut commands: Commands,
    mut start: ReplayStart,
) {
    for request in watch.read().filter(|w| w.kind == GameKind::Junqi) {
        let on_table = referee.game_on_table(&start.model, &start.online);
        let game = match read_record(&request.record, on_table) {
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
        rulings.write(Ruling {
            key: referee.next_key(0, true),
            change: Change::Started {
                public: Box::new(public_at(&game, 0)),
                attract: false,
            },
        });
        *replay = JunqiReplay {
            script: Some(game),
            ..default()
        };
        commands.insert_resource(Seats::watching(2));
        start.next.set(Screen::Playing);
    }
}

/// A game loaded to play ends the replay, and so does another game put on the table.
pub(super) fn end_replays(
    (mut loads, mut starts): (MessageReader<LoadGame>, MessageReader<NewMatch>),
    (mut resumes, mut watch): (MessageReader<ResumeMatch>, MessageReader<WatchReplay>),
    mut replay: ResMut<JunqiReplay>,
) {
    let others = starts.read().filter(|s| s.game != GameKind::Junqi).count()
        + resumes.read().filter(|r| r.game != GameKind::Junqi).count()
        + watch.read().filter(|w| w.kind != GameKind::Junqi).count();
    if (loads.read().count() + others > 0) && replay.script.is_some() {
        *replay = JunqiReplay::default();
    }
}

/// The replay controls, and playing by itself once the table is still.
pub(super) fn step_replays(
    mut requests: MessageReader<ReplayRequest>,
    replay: ResMut<JunqiReplay>,
    mut referee: ResMut<LocalReferee>,
    mut rulings: MessageWriter<Ruling>,
    mut loads: MessageWriter<LoadGame>,
    time: Res<Time>,
    anims: Query<(), With<Anim>>,
) {
    // Read before writing: a replay marked changed every frame would report every frame.
    if replay.script.is_none() {
        requests.clear();
        return;
    }
    let replay = replay.into_inner();
    let Some(script) = replay.script.as_ref() else {
        return;
    };
    let total = script.history().len();
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
                let played = script.history()[replay.shown];
                replay.shown += 1;
                rulings.write(Ruling {
                    key: referee.next_key(replay.shown, false),
                    change: Change::Played(played),
                });
                if replay.shown == total
                    && let Some(outcome) = script.public().conceded()
                {
                    rulings.write(Ruling {
                        key: referee.next_key(total, false),
                        change: Change::Conceded(outcome),
                    });
                }
                None
            }
            ReplayRequest::Forward => None,
            ReplayRequest::Back if replay.shown > 0 => {
                replay.shown -= 1;
                rulings.write(Ruling {
                    key: referee.next_key(replay.shown, true),
                    change: Change::TakenBack(1),
                });
                None
            }
            ReplayRequest::Back => None,
            ReplayRequest::First => Some(0),
            ReplayRequest::Last => Some(total),
            ReplayRequest::Jump(ply) => Some(ply.min(total)),
            ReplayRequest::TogglePlay => {
                replay.playing = !replay.playing;
                (replay.playing && replay.shown == total).then_some(0)
            }
            ReplayRequest::ContinueHere(ref seats) => {
                let mut game = script.clone();
                game.undo(total - replay.shown);
                loads.write(LoadGame {
                    game,
                    seats: seats.clone(),
                    attract: false,
                });
                return;
            }
        };
        if let Some(ply) = target {
            replay.shown = ply;
            rulings.write(Ruling {
                key: referee.next_key(ply, true),
                change: Change::Started {
                    public: Box::new(public_at(script, ply)),
                    attract: false,
                },
            });
        }
    }
    if replay.shown == total {
        replay.playing = false;
    }
}
