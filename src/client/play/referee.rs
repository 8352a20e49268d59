//! The local referee of a game played at this device: new games and saved ones are put on the
//! table, legal actions decided, take-backs and resignations ruled on. It alone holds the whole
//! game (in Junqi, the deal). Online the server rules instead (`room.rs`); in a replay, the
//! replay does (`replay.rs`).

use super::game::{Answer, Change, LoadMatch, Match, PlayRequest, Ruling};
use crate::client::matches::{
    DrawDeclined, MatchRequest, NewMatch, PositionKey, ResumeMatch, TableMode,
};
use crate::client::online::OnlineSession;
use crate::client::save::BadSave;
use crate::client::seats::Seats;
use crate::client::{ClientSet, Screen};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// The referee of a game played here, and the keeper of position keys for every authority.
#[derive(Resource)]
pub struct LocalReferee<G: Match> {
    /// The whole game, while the referee rules.
    whole: Option<G::Whole>,
    /// The key of the position the last ruling named.
    key: PositionKey,
}

impl<G: Match> Default for LocalReferee<G> {
    fn default() -> Self {
        LocalReferee {
            whole: None,
            key: PositionKey::default(),
        }
    }
}

impl<G: Match> LocalReferee<G> {
    /// The whole game, while the referee rules (for the autosave).
    pub fn game(&self) -> Option<&G::Whole> {
        self.whole.as_ref()
    }

    /// The whole game on the table (to keep, replay or export it): the referee's own, or,
    /// online, one rebuilt from what everyone saw.
    pub fn game_on_table(&self, model: &G, mode: &TableMode) -> Option<G::Whole> {
        match mode {
            TableMode::Attract => None,
            TableMode::Online => model.whole_seen(),
            TableMode::Local | TableMode::Lesson | TableMode::Replay => self.whole.clone(),
        }
    }

    /// Stops ruling: a replay or the server has the table (the next [`LoadMatch`] brings the
    /// referee back).
    pub fn stand_down(&mut self) {
        self.whole = None;
    }

    /// The key of the position after `ply` steps, for whichever authority rules: a new
    /// generation when the position was replaced rather than played on to.
    pub fn next_key(&mut self, ply: usize, replaced: bool) -> PositionKey {
        self.key = PositionKey {
            generation: self.key.generation + u64::from(replaced),
            ply,
        };
        self.key
    }
}

pub(super) fn plugin<G: Match>(app: &mut App) {
    app.init_resource::<LocalReferee<G>>().add_systems(
        Update,
        (start_new_games::<G>, resume_games::<G>).in_set(ClientSet::Command),
    );
}

fn start_new_games<G: Match>(
    mut starts: MessageReader<NewMatch>,
    online: Res<OnlineSession>,
    mut loads: MessageWriter<LoadMatch<G>>,
) {
    // Online, a new game is the server's (a rematch).
    let here = |start: &&NewMatch| {
        G::KINDS.contains(&start.game) && !online.active() && !G::prepared_here(start)
    };
    for start in starts.read().filter(here) {
        let (game, seats) = G::new_game(start.game, &start.seats, start.deal, start.attract);
        loads.write(LoadMatch {
            game,
            seats,
            mode: if start.attract {
                TableMode::Attract
            } else {
                TableMode::Local
            },
        });
    }
}

fn resume_games<G: Match>(
    mut resumes: MessageReader<ResumeMatch>,
    mut loads: MessageWriter<LoadMatch<G>>,
    mut bad: MessageWriter<BadSave>,
) {
    for resume in resumes.read().filter(|r| G::KINDS.contains(&r.game)) {
        let game = serde_json::from_value::<G::Record>(resume.record.clone())
            .map_err(|error| error.to_string())
            .and_then(|record| G::from_record(resume.game, &record))
            .and_then(|game| {
                let seats = G::shown(&game, 0).seat_count();
                if seats == resume.seats.len() {
                    Ok(game)
                } else {
                    Err(format!(
                        "the game has {seats} seats but {} players",
                        resume.seats.len()
                    ))
                }
            });
        match game {
            Ok(game) => {
                loads.write(LoadMatch {
                    game,
                    seats: resume.seats.clone(),
                    mode: TableMode::Local,
                });
            }
            Err(error) => {
                bad.write(BadSave(resume.game, error));
            }
        }
    }
}

/// The messages the referee answers.
#[derive(SystemParam)]
pub(super) struct Asked<'w, 's, G: Match> {
    loads: MessageReader<'w, 's, LoadMatch<G>>,
    plays: MessageReader<'w, 's, PlayRequest<G>>,
    /// Online, the server rules instead.
    online: Res<'w, OnlineSession>,
}

/// What the referee tells the rest of the client.
#[derive(SystemParam)]
pub(super) struct Told<'w, G: Match> {
    rulings: MessageWriter<'w, Ruling<G>>,
    next: ResMut<'w, NextState<Screen>>,
}

/// The local referee: puts games on the table and decides legal actions
/// ([`answer_requests`] rules on the rest).
pub(super) fn referee<G: Match>(
    mut asked: Asked<G>,
    mut referee: ResMut<LocalReferee<G>>,
    mut commands: Commands,
    mut told: Told<G>,
) {
    let referee = &mut *referee;
    for load in asked.loads.read() {
        let attract = load.mode == TableMode::Attract;
        let model = G::shown(&load.game, usize::MAX);
        if attract {
            info!("demonstration of {:?}", model.kind());
        } else {
            info!("game started: {:?}", load.seats);
        }
        told.rulings.write(Ruling {
            key: referee.next_key(model.plies(), true),
            change: Change::Started {
                model: Box::new(model),
                mode: load.mode,
            },
        });
        referee.whole = Some(load.game.clone());
        commands.insert_resource(load.seats.clone());
        NextState::set_if_neq(
            &mut told.next,
            if attract {
                Screen::Title
            } else {
                Screen::Playing
            },
        );
    }
    let Some(whole) = referee.whole.as_mut().filter(|_| !asked.online.active()) else {
        asked.plays.clear();
        return;
    };
    for request in asked.plays.read() {
        if request.chosen_at != referee.key {
            debug!(
                "{} was chosen in a position that has changed: dropped",
                request.action
            );
            continue;
        }
        match G::decide(whole, request.action) {
            Ok(step) => {
                referee.key.ply += 1;
                told.rulings.write(Ruling {
                    key: referee.key,
                    change: Change::Played(step),
                });
            }
            Err(error) => warn!("ignoring {}: {error}", request.action),
        }
    }
}

/// The local referee rules on the requests that are not a game's own (take-backs,
/// resignations, draws, time), which go to the game on the table.
pub(super) fn answer_requests<G: Match>(
    mut requests: MessageReader<MatchRequest>,
    online: Res<OnlineSession>,
    mut referee: ResMut<LocalReferee<G>>,
    seats: Res<Seats>,
    mut rulings: MessageWriter<Ruling<G>>,
    mut declined: MessageWriter<DrawDeclined>,
) {
    let referee = &mut *referee;
    let Some(whole) = referee.whole.as_mut().filter(|_| !online.active()) else {
        requests.clear();
        return;
    };
    for &request in requests.read() {
        let shown = G::shown(whole, usize::MAX);
        match request {
            MatchRequest::Undo => {
                let plies = seats.undo_plies(shown.movers().into_iter());
                if plies == 0 && !shown.over() {
                    continue;
                }
                G::take_back_whole(whole, plies);
                let key = PositionKey {
                    generation: referee.key.generation + 1,
                    ply: shown.plies().saturating_sub(plies),
                };
                referee.key = key;
                rulings.write(Ruling {
                    key,
                    change: Change::TakenBack(plies),
                });
            }
            _ if shown.over() => {}
            request => match G::answer(whole, request, &seats) {
                Answer::Ended(ending) => {
                    rulings.write(Ruling {
                        key: referee.key,
                        change: Change::Ended(ending),
                    });
                }
                Answer::Declined => {
                    declined.write(DrawDeclined);
                }
                Answer::Ignored => {}
            },
        }
    }
}
