//! The Junqi match on the table and the authority that drives it. The model ([`JunqiMatch`])
//! is what this device may know: the public game, with no face-down identity. It changes only
//! through [`Ruling`]s. A game played here is ruled by the [`LocalReferee`], the only holder
//! of the deal; an online game will be ruled by the server the same way.

use crate::client::ClientSet;
use crate::client::Screen;
use crate::client::matches::{
    Deal, DrawDeclined, MatchRequest, MatchStatus, NewMatch, PositionKey, ReplayProgress,
    ResumeMatch,
};
use crate::client::net::OnlineSession;
use crate::client::save::BadSave;
use crate::client::seats::Seats;
use crate::client::tabletop::TableReset;
use crate::client::thinking::ComputerGame;
use crate::rules::junqi::WinReason;
use crate::rules::junqi::{
    Action, ActionList, Color, Effect, Game, GameRecord, Outcome, PlayedAction, PlayerView, Point,
    Position, PublicGame, Ruleset,
};
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use std::time::Duration;

/// The match on the table as this device knows it.
#[derive(Resource, Clone, Debug)]
pub struct JunqiMatch {
    /// The game as everyone sees it; only [`Ruling`]s change it.
    pub public: PublicGame,
    /// Whether this is the title screen's computer-vs-computer demonstration.
    pub attract: bool,
    /// The position shown, as the authority named it.
    key: PositionKey,
    /// Whether the end of the game has been announced (banner, sound).
    pub announced: bool,
}

impl Default for JunqiMatch {
    fn default() -> JunqiMatch {
        JunqiMatch {
            public: PublicGame::new(Position::deal_random(Ruleset::default()).view().clone()),
            attract: true,
            key: PositionKey::default(),
            announced: false,
        }
    }
}

impl JunqiMatch {
    /// What everyone sees now.
    pub fn view(&self) -> &PlayerView {
        self.public.view()
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        self.public.outcome()
    }

    /// The seat whose turn it is: the first player (south) moves on even plies.
    pub fn seat_to_move(&self) -> Seat {
        seat_of_ply(self.public.history().len())
    }

    /// The colour `seat` plays, once colours are decided.
    pub fn colour_of(&self, seat: Seat) -> Option<Color> {
        colour_of_seat(self.view(), self.public.history().len(), seat)
    }

    /// The seat that plays `colour`, once colours are decided.
    pub fn seat_of(&self, colour: Color) -> Option<Seat> {
        [Seat(0), Seat(1)]
            .into_iter()
            .find(|&seat| self.colour_of(seat) == Some(colour))
    }
}

/// The seat that makes ply `ply` (counting from 0).
fn seat_of_ply(ply: usize) -> Seat {
    Seat((ply % 2) as u8)
}

/// The colour `seat` plays after `plies` plies in `view`, once colours are decided.
fn colour_of_seat(view: &PlayerView, plies: usize, seat: Seat) -> Option<Color> {
    let side = view.side_to_move()?;
    Some(if seat == seat_of_ply(plies) {
        side
    } else {
        side.opponent()
    })
}

/// The seat that made each of the first `plies` plies, oldest first.
fn movers(plies: usize) -> impl DoubleEndedIterator<Item = Seat> {
    (0..plies).map(seat_of_ply)
}

impl ComputerGame for JunqiMatch {
    const KIND: GameKind = GameKind::Junqi;
    type Sight = PlayerView;
    type Request = PlayRequest;

    fn key(&self) -> PositionKey {
        self.key
    }

    fn sight(&self) -> PlayerView {
        self.view().clone()
    }

    fn seed(&self) -> u64 {
        u64::from(self.view().ply())
    }

    fn request(&self, action: Action) -> PlayRequest {
        PlayRequest::new(action, self)
    }
}

/// Play an action chosen in a position of the match; ignored if illegal or if the position
/// has changed since (a new game, an undo, the other seat's move).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayRequest {
    /// The action.
    pub action: Action,
    /// The position it was chosen in.
    pub chosen_at: PositionKey,
}

impl PlayRequest {
    /// Play `action` in the position `model` shows now.
    pub fn new(action: Action, model: &JunqiMatch) -> PlayRequest {
        PlayRequest {
            action,
            chosen_at: model.key,
        }
    }
}

/// Replace the game on the table (a new game, a continued game, the title demonstration).
#[derive(Message, Clone, Debug)]
pub struct LoadGame {
    /// The game to play, deal included (the local referee keeps it).
    pub game: Game,
    /// Who plays each seat.
    pub seats: Seats,
    /// Whether this is the title screen's demonstration game.
    pub attract: bool,
}

/// A decision of the authority: the model follows these and nothing else.
#[derive(Message, Clone, Debug)]
pub struct Ruling {
    /// The position after the change.
    pub key: PositionKey,
    /// The change.
    pub change: Change,
}

/// What a [`Ruling`] changes.
#[derive(Clone, Debug)]
pub enum Change {
    /// A game starts (or is continued) from this public game.
    Started {
        public: Box<PublicGame>,
        attract: bool,
    },
    /// An action was played; a flip carries what it revealed.
    Played(PlayedAction),
    /// This many plies were taken back.
    TakenBack(usize),
    /// The game ended off the board: a resignation, an agreed draw, a clock, an abandonment.
    Conceded(Outcome),
}

/// An action was played: what it was, what it did, and the way the piece travelled.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ActionPlayed {
    /// The action.
    pub action: Action,
    /// What it did.
    pub effect: Effect,
    /// The points a moving piece passed (from and to included); the point alone for a flip.
    pub path: Vec<Point>,
    /// The seat that played it.
    pub seat: Seat,
}

/// The game being replayed, if one is.
#[derive(Resource, Default, Debug)]
pub struct JunqiReplay {
    /// The whole game, deal included.
    pub(super) script: Option<Game>,
    /// Actions on the table.
    pub(super) shown: usize,
    /// Whether it plays by itself.
    pub(super) playing: bool,
    /// How long the table has been still while playing.
    pub(super) still_for: Duration,
}

impl JunqiReplay {
    /// Where the replay stands, while one is on the table.
    pub fn progress(&self) -> Option<ReplayProgress> {
        let script = self.script.as_ref()?;
        Some(ReplayProgress {
            shown: self.shown,
            total: script.history().len(),
            playing: self.playing,
        })
    }

    /// The game being replayed, deal included (for export).
    pub fn script(&self) -> Option<&Game> {
        self.script.as_ref()
    }
}

/// The referee of a game played at this device: it alone holds the deal.
#[derive(Resource, Default)]
pub struct LocalReferee {
    game: Option<Game>,
    key: PositionKey,
}

impl LocalReferee {
    /// The whole game, deal included (for the autosave).
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The whole game on the table (to keep, replay or export it): the referee's own, or,
    /// online, one rebuilt from what everyone saw (see [`Game::from_public`]).
    pub fn game_on_table(&self, model: &JunqiMatch, online: &OnlineSession) -> Option<Game> {
        if model.attract {
            None
        } else if online.plays(GameKind::Junqi) {
            Game::from_public(&model.public).ok()
        } else {
            self.game.clone()
        }
    }

    /// Stops ruling: a replay has the table (the next [`LoadGame`] brings the referee back).
    pub(super) fn stand_down(&mut self) {
        self.game = None;
    }

    /// The key of the position after `ply` actions, for whoever rules in the referee's place:
    /// a new generation when the position was replaced rather than played on to.
    pub(super) fn next_key(&mut self, ply: usize, replaced: bool) -> PositionKey {
        self.key = PositionKey {
            generation: self.key.generation + u64::from(replaced),
            ply,
        };
        self.key
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<JunqiMatch>()
        .init_resource::<LocalReferee>()
        .init_resource::<JunqiReplay>()
        .add_message::<PlayRequest>()
        .add_message::<LoadGame>()
        .add_message::<Ruling>()
        .add_message::<ActionPlayed>()
        .add_systems(
            Update,
            (start_new_games, resume_games).in_set(ClientSet::Command),
        );
}

/// A game dealt as `deal` asks: seeded or random, with random actions played first.
fn deal_game(deal: Deal) -> Game {
    let rules = Ruleset::default();
    let position = match deal.seed {
        Some(seed) => Position::deal_seeded(rules, seed),
        None => Position::deal_random(rules),
    };
    let mut game = Game::new(position);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(deal.seed.unwrap_or(0) ^ 0x6b61_7775);
    let mut actions = ActionList::new();
    for _ in 0..deal.warm_up {
        game.view().legal_actions(&mut actions);
        let Some(&action) = actions.choose(&mut rng) else {
            break;
        };
        if game.play(action).is_err() {
            break;
        }
    }
    game
}

fn start_new_games(
    mut starts: MessageReader<NewMatch>,
    online: Res<OnlineSession>,
    mut loads: MessageWriter<LoadGame>,
) {
    // Online, a new game is the server's (a rematch).
    let here = |start: &&NewMatch| start.game == GameKind::Junqi && !online.active();
    for start in starts.read().filter(here) {
        loads.write(LoadGame {
            game: deal_game(start.deal),
            seats: start.seats.clone(),
            attract: start.attract,
        });
    }
}

fn resume_games(
    mut resumes: MessageReader<ResumeMatch>,
    mut loads: MessageWriter<LoadGame>,
    mut bad: MessageWriter<BadSave>,
) {
    for resume in resumes
        .read()
        .filter(|resume| resume.game == GameKind::Junqi)
    {
        let game = serde_json::from_value::<GameRecord>(resume.record.clone())
            .map_err(|error| error.to_string())
            .and_then(|record| Game::from_record(&record).map_err(|error| error.to_string()));
        match game {
            Ok(game) => {
                loads.write(LoadGame {
                    game,
                    seats: resume.seats.clone(),
                    attract: false,
                });
            }
            Err(error) => {
                bad.write(BadSave(GameKind::Junqi, error));
            }
        }
    }
}

/// Whether a computer opponent accepts a draw offer: only in a long quiet phase.
fn computer_accepts_draw(view: &PlayerView) -> bool {
    view.quiet_plies() >= 40
}

/// The messages the referee answers.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Asked<'w, 's> {
    loads: MessageReader<'w, 's, LoadGame>,
    plays: MessageReader<'w, 's, PlayRequest>,
    requests: MessageReader<'w, 's, MatchRequest>,
    /// Online, the server rules instead.
    online: Res<'w, OnlineSession>,
    /// Requests that are not a game's own go to the game on the table.
    status: Res<'w, MatchStatus>,
}

/// The local referee: checks every request against the whole game and rules.
pub(super) fn referee(
    mut asked: Asked,
    mut referee: ResMut<LocalReferee>,
    mut commands: Commands,
    seats: Res<Seats>,
    mut rulings: MessageWriter<Ruling>,
    mut declined: MessageWriter<DrawDeclined>,
    mut next: ResMut<NextState<Screen>>,
) {
    let referee = &mut *referee;
    let mut seats = seats.clone();
    for load in asked.loads.read() {
        if !load.attract {
            info!("game started: {:?}", load.seats);
        }
        referee.key = PositionKey {
            generation: referee.key.generation + 1,
            ply: load.game.history().len(),
        };
        rulings.write(Ruling {
            key: referee.key,
            change: Change::Started {
                public: Box::new(load.game.public().clone()),
                attract: load.attract,
            },
        });
        referee.game = Some(load.game.clone());
        seats = load.seats.clone();
        commands.insert_resource(load.seats.clone());
        NextState::set_if_neq(
            &mut next,
            if load.attract {
                Screen::Title
            } else {
                Screen::Playing
            },
        );
    }
    let Some(game) = referee.game.as_mut().filter(|_| !asked.online.active()) else {
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
        match game.play(request.action) {
            Ok(_) => {
                referee.key.ply += 1;
                let played = *game.history().last().expect("an action was just played");
                rulings.write(Ruling {
                    key: referee.key,
                    change: Change::Played(played),
                });
            }
            Err(error) => warn!("ignoring {}: {error}", request.action),
        }
    }
    let on_table = asked.status.game == GameKind::Junqi;
    for request in asked.requests.read().filter(|_| on_table) {
        let conceded_before = game.public().conceded();
        match request {
            MatchRequest::Undo => {
                let plies = seats.undo_plies(movers(game.history().len()));
                if plies > 0 || game.outcome().is_some() {
                    game.undo(plies);
                    referee.key = PositionKey {
                        generation: referee.key.generation + 1,
                        ply: game.history().len(),
                    };
                    rulings.write(Ruling {
                        key: referee.key,
                        change: Change::TakenBack(plies),
                    });
                }
                continue;
            }
            MatchRequest::Resign => {
                let plies = game.history().len();
                let seat = seats.local_player(seat_of_ply(plies));
                if let Some(colour) = colour_of_seat(game.view(), plies, seat) {
                    game.resign(colour);
                }
            }
            MatchRequest::OfferDraw if computer_accepts_draw(game.view()) => game.agree_draw(),
            MatchRequest::OfferDraw => {
                declined.write(DrawDeclined);
            }
            MatchRequest::AgreeDraw => game.agree_draw(),
            MatchRequest::OutOfTime => {
                let plies = game.history().len();
                // Before the colours are decided there is no side to lose: the clock waits.
                if let Some(loser) = colour_of_seat(game.view(), plies, seat_of_ply(plies)) {
                    game.conclude(Outcome::Win {
                        winner: loser.opponent(),
                        reason: WinReason::OutOfTime,
                    });
                }
            }
        }
        if let Some(outcome) = game
            .public()
            .conceded()
            .filter(|_| conceded_before.is_none())
        {
            rulings.write(Ruling {
                key: referee.key,
                change: Change::Conceded(outcome),
            });
        }
    }
}

/// The model follows the authority's rulings, and tells the table what changed.
pub(super) fn follow_rulings(
    mut rulings: MessageReader<Ruling>,
    mut model: ResMut<JunqiMatch>,
    mut played: MessageWriter<ActionPlayed>,
    mut resets: MessageWriter<TableReset>,
) {
    for ruling in rulings.read() {
        match &ruling.change {
            Change::Started { public, attract } => {
                model.public = (**public).clone();
                model.attract = *attract;
                resets.write(TableReset);
            }
            Change::Played(action) => {
                let seat = model.seat_to_move();
                let path = match action.action {
                    Action::Flip(point) => vec![point],
                    // The path needs the position before the move.
                    Action::Move { from, to } => model.view().move_path(from, to),
                };
                match model.public.play(*action) {
                    Ok(effect) => {
                        played.write(ActionPlayed {
                            action: action.action,
                            effect,
                            path,
                            seat,
                        });
                    }
                    Err(error) => {
                        warn!("the authority's {} does not fit: {error}", action.action);
                        continue;
                    }
                }
            }
            Change::TakenBack(plies) => {
                model.public.undo(*plies);
                resets.write(TableReset);
            }
            Change::Conceded(outcome) => model.public.conclude(*outcome),
        }
        model.key = ruling.key;
        model.announced = false;
    }
}

/// Each action played goes to the log with who played it (the browser test reads it).
pub(super) fn log_actions(
    mut played: MessageReader<ActionPlayed>,
    model: Res<JunqiMatch>,
    seats: Res<Seats>,
) {
    for action in played.read().filter(|_| !model.attract) {
        // A flip is written as records write it, with what it revealed: `c3=R`.
        let revealed = match action.effect {
            Effect::Flipped { piece, .. } => format!("={piece}"),
            _ => String::new(),
        };
        info!(
            "played {}{revealed} ({:?})",
            action.action,
            seats.controller(action.seat)
        );
    }
}

/// Keeps the shell's [`MatchStatus`] up to date.
pub(super) fn report_status(
    model: Res<JunqiMatch>,
    seats: Res<Seats>,
    replay: Res<JunqiReplay>,
    mut status: ResMut<MatchStatus>,
) {
    let shell_changed =
        (seats.is_changed() || replay.is_changed()) && status.game == GameKind::Junqi;
    if !(model.is_changed() || shell_changed) {
        return;
    }
    let plies = model.public.history().len();
    status.set_if_neq(MatchStatus {
        game: GameKind::Junqi,
        attract: model.attract,
        key: model.key,
        to_move: model.seat_to_move(),
        over: model.outcome().is_some(),
        undo_plies: seats.undo_plies(movers(plies)),
        replay: replay.progress(),
    });
}
