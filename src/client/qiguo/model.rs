//! The Qiguo match on the table and its local referee. Qiguo hides nothing, so the model holds
//! the whole game; only the referee changes it, request by request. The client's seats are the
//! rules' seats in the same order (client seat 0 is the rules' seat 1).

use crate::ai::Level;
use crate::ai::qiguo::{Limits, Thinker, limits};
use crate::client::ClientSet;
use crate::client::Screen;
use crate::client::matches::{MatchRequest, MatchStatus, NewMatch, PositionKey, ResumeMatch};
use crate::client::net::OnlineSession;
use crate::client::save::BadSave;
use crate::client::seats::{Controller, MAX_SEATS, Seats};
use crate::client::tabletop::TableReset;
use crate::client::thinking::ComputerGame;
use crate::rules::qiguo::{Move, MoveList, Played, Position, Seating, State};
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The fewest seats a Qiguo game has.
pub const MIN_PLAYERS: usize = 3;

/// One move of the game, with the position it was played in.
#[derive(Clone, Debug)]
pub struct Ply {
    /// The position before the move.
    pub before: Position,
    /// The move.
    pub mv: Move,
    /// What it did: the mover, the capture, the eliminations.
    pub played: Played,
}

/// The match on the table.
#[derive(Resource, Clone, Debug)]
pub struct QiguoMatch {
    /// The position the game started from.
    pub start: Position,
    /// Every move so far, oldest first.
    pub plies: Vec<Ply>,
    /// Whether this is the title screen's demonstration.
    pub attract: bool,
    /// Whether the end of the game has been announced.
    pub announced: bool,
    position: Position,
    key: PositionKey,
}

impl Default for QiguoMatch {
    fn default() -> QiguoMatch {
        let start = Position::start(seating_for(MAX_SEATS));
        QiguoMatch {
            position: start.clone(),
            start,
            plies: Vec::new(),
            attract: true,
            announced: false,
            key: PositionKey::default(),
        }
    }
}

/// The seating of `players` seats (3–7; fewer or more are clamped into that range).
fn seating_for(players: usize) -> Seating {
    Seating::for_players(players.clamp(MIN_PLAYERS, MAX_SEATS))
        .expect("every count from 3 to 7 has a seating")
}

impl QiguoMatch {
    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.position.ending().is_some()
    }

    /// The client's seat that plays `state`.
    pub fn seat_of(&self, state: State) -> Seat {
        Seat(self.position.seating().seat(state).index() as u8)
    }

    /// The states the client's `seat` plays, in turn order.
    pub fn states_of(&self, seat: Seat) -> Vec<State> {
        let seating = self.position.seating();
        State::ALL
            .into_iter()
            .filter(|&state| seating.seat(state).index() == seat.index())
            .collect()
    }

    /// The seat whose turn it is; once the game is over, the seat that moved last.
    pub fn seat_to_move(&self) -> Seat {
        match self.plies.last() {
            Some(ply) if self.over() => self.seat_of(ply.played.mover),
            _ => self.seat_of(self.position.side_to_move()),
        }
    }

    /// The seat that made each move so far, oldest first.
    fn movers(&self) -> impl DoubleEndedIterator<Item = Seat> + '_ {
        self.plies.iter().map(|ply| self.seat_of(ply.played.mover))
    }

    /// The record of the game, for the autosave.
    pub fn record(&self) -> QiguoRecord {
        QiguoRecord {
            start: self.start.to_qfen(),
            moves: self.plies.iter().map(|ply| ply.mv.to_string()).collect(),
        }
    }

    /// Plays `mv` if it is legal now.
    fn play(&mut self, mv: Move) -> Result<&Played, String> {
        let before = self.position.clone();
        let played = self.position.play(mv).map_err(|error| error.to_string())?;
        self.plies.push(Ply { before, mv, played });
        self.key.ply = self.plies.len();
        self.announced = false;
        Ok(&self.plies.last().expect("just played").played)
    }

    /// Takes back the last `count` moves.
    fn take_back(&mut self, count: usize) {
        for _ in 0..count {
            if let Some(ply) = self.plies.pop() {
                self.position = ply.before;
            }
        }
        self.renew_key();
    }

    /// Marks the game as replaced or taken back.
    fn renew_key(&mut self) {
        self.key = PositionKey {
            generation: self.key.generation + 1,
            ply: self.plies.len(),
        };
        self.announced = false;
    }
}

/// A game as text: the start QFEN and the moves (`e10j15`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QiguoRecord {
    pub start: String,
    pub moves: Vec<String>,
}

impl QiguoRecord {
    /// Replays the record onto a fresh match; a bad one names what is wrong.
    pub fn replay(&self) -> Result<QiguoMatch, String> {
        let start = Position::from_qfen(&self.start).map_err(|error| format!("QFEN: {error}"))?;
        let mut model = QiguoMatch {
            position: start.clone(),
            start,
            ..QiguoMatch::default()
        };
        for (index, text) in self.moves.iter().enumerate() {
            let mv: Move = text
                .parse()
                .map_err(|error| format!("move {}: {error}", index + 1))?;
            model
                .play(mv)
                .map_err(|error| format!("move {} ({text}): {error}", index + 1))?;
        }
        Ok(model)
    }
}

/// The demonstration's thinking budget.
const ATTRACT_BUDGET: Duration = Duration::from_millis(60);

impl ComputerGame for QiguoMatch {
    const KIND: GameKind = GameKind::Qiguo;
    type Decision = Thinker;
    type Request = QgPlayRequest;

    fn key(&self) -> PositionKey {
        self.key
    }

    fn decide(&self, level: Level, quick: bool) -> Thinker {
        let seed = self.plies.len() as u64;
        if quick {
            let demo = Limits {
                max_time: ATTRACT_BUDGET,
                ..limits(Level::Easy)
            };
            Thinker::new(&self.position, Level::Easy, demo, seed)
        } else {
            Thinker::new(&self.position, level, limits(level), seed)
        }
    }

    fn request(&self, mv: Move) -> QgPlayRequest {
        QgPlayRequest::new(mv, self)
    }
}

/// Play a move chosen in a position of the match; ignored if illegal or stale.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct QgPlayRequest {
    /// The move.
    pub mv: Move,
    /// The position it was chosen in.
    pub chosen_at: PositionKey,
}

impl QgPlayRequest {
    /// Play `mv` in the position `model` shows now.
    pub fn new(mv: Move, model: &QiguoMatch) -> QgPlayRequest {
        QgPlayRequest {
            mv,
            chosen_at: model.key,
        }
    }
}

/// Put a game on the table.
#[derive(Message, Clone, Debug)]
pub struct LoadQiguo {
    /// The game, with its moves.
    pub game: QiguoMatch,
    /// Who plays each seat (as many as the game's seating has).
    pub seats: Seats,
    /// Whether this is the title screen's demonstration.
    pub attract: bool,
}

impl LoadQiguo {
    /// A new game for `seats` (3–7 of them) from the start position.
    pub fn new_game(seats: Seats, attract: bool) -> LoadQiguo {
        LoadQiguo {
            game: fresh_match(seats.len()),
            seats,
            attract,
        }
    }
}

/// A new match for `players` seats.
fn fresh_match(players: usize) -> QiguoMatch {
    let start = Position::start(seating_for(players));
    QiguoMatch {
        position: start.clone(),
        start,
        ..QiguoMatch::default()
    }
}

/// A move was played.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct QgMovePlayed {
    /// The move.
    pub mv: Move,
    /// What it did.
    pub played: Played,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<QiguoMatch>()
        .add_message::<QgPlayRequest>()
        .add_message::<LoadQiguo>()
        .add_message::<QgMovePlayed>()
        .add_systems(
            Update,
            (start_new_games, resume_games).in_set(ClientSet::Command),
        )
        .add_systems(
            Update,
            (referee, report_status).chain().in_set(ClientSet::Apply),
        )
        .add_systems(Update, log_moves.in_set(ClientSet::Present));
}

/// The seats of a new game from a request: a demonstration shows all seven armies, played by
/// the computer; a list of fewer than three seats (a rematch of a two-player choice, the
/// command line's modes) gets more seats played like its last one.
fn table_seats(seats: &Seats, attract: bool) -> Seats {
    let mut list: Vec<Controller> = seats.iter().map(|(_, controller)| controller).collect();
    if attract {
        list = vec![Controller::Computer(Level::Easy); MAX_SEATS];
    }
    let last = list.last().copied().unwrap_or(Controller::Local);
    list.resize(list.len().clamp(MIN_PLAYERS, MAX_SEATS), last);
    Seats::try_from(list).unwrap_or_else(|_| seats.clone())
}

/// The start position for `seats`, with `warm_up` random moves played (seeded).
fn new_game(seats: &Seats, seed: Option<u64>, warm_up: u32) -> QiguoMatch {
    let mut model = fresh_match(seats.len());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed.unwrap_or(0) ^ 0x7169_676f);
    let mut moves = MoveList::new();
    for _ in 0..warm_up {
        model.position.legal_moves(&mut moves);
        let Some(&mv) = moves.choose(&mut rng) else {
            break;
        };
        if model.play(mv).is_err() {
            break;
        }
    }
    model
}

fn start_new_games(
    mut starts: MessageReader<NewMatch>,
    online: Res<OnlineSession>,
    mut loads: MessageWriter<LoadQiguo>,
) {
    // Qiguo is never played online.
    let here = |start: &&NewMatch| start.game == GameKind::Qiguo && !online.active();
    for start in starts.read().filter(here) {
        let seats = table_seats(&start.seats, start.attract);
        loads.write(LoadQiguo {
            game: new_game(&seats, start.deal.seed, start.deal.warm_up),
            seats,
            attract: start.attract,
        });
    }
}

fn resume_games(
    mut resumes: MessageReader<ResumeMatch>,
    mut loads: MessageWriter<LoadQiguo>,
    mut bad: MessageWriter<BadSave>,
) {
    for resume in resumes.read().filter(|r| r.game == GameKind::Qiguo) {
        let game = serde_json::from_value::<QiguoRecord>(resume.record.clone())
            .map_err(|error| error.to_string())
            .and_then(|record| record.replay())
            .and_then(|game| {
                let seats = game.position().seating().seat_count();
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
                loads.write(LoadQiguo {
                    game,
                    seats: resume.seats.clone(),
                    attract: false,
                });
            }
            Err(error) => {
                bad.write(BadSave(GameKind::Qiguo, error));
            }
        }
    }
}

/// The messages the referee answers.
#[derive(bevy::ecs::system::SystemParam)]
struct Asked<'w, 's> {
    loads: MessageReader<'w, 's, LoadQiguo>,
    plays: MessageReader<'w, 's, QgPlayRequest>,
    requests: MessageReader<'w, 's, MatchRequest>,
    status: Res<'w, MatchStatus>,
}

/// What the referee tells the rest of the client.
#[derive(bevy::ecs::system::SystemParam)]
struct Told<'w> {
    played: MessageWriter<'w, QgMovePlayed>,
    resets: MessageWriter<'w, TableReset>,
    next: ResMut<'w, NextState<Screen>>,
}

/// The local referee: plays legal moves and takes them back. Qiguo has no resignation, draw
/// offer or move clock: the game ends by the rules only.
fn referee(
    mut asked: Asked,
    mut model: ResMut<QiguoMatch>,
    mut commands: Commands,
    seats: Res<Seats>,
    mut told: Told,
) {
    let mut seats = seats.clone();
    for load in asked.loads.read() {
        if !load.attract {
            info!("game started: {:?}", load.seats);
        }
        let generation = model.key.generation;
        *model = load.game.clone();
        model.attract = load.attract;
        model.key.generation = generation;
        model.renew_key();
        seats = load.seats.clone();
        commands.insert_resource(load.seats.clone());
        told.resets.write(TableReset);
        NextState::set_if_neq(
            &mut told.next,
            if load.attract {
                Screen::Title
            } else {
                Screen::Playing
            },
        );
    }
    for request in asked.plays.read() {
        if request.chosen_at != model.key {
            continue;
        }
        match model.play(request.mv) {
            Ok(played) => {
                let played = played.clone();
                told.played.write(QgMovePlayed {
                    mv: request.mv,
                    played,
                });
            }
            Err(error) => warn!("ignoring {}: {error}", request.mv),
        }
    }
    if asked.status.game != GameKind::Qiguo {
        return;
    }
    for request in asked.requests.read() {
        if *request != MatchRequest::Undo {
            continue;
        }
        let plies = seats.undo_plies(model.movers());
        if plies == 0 {
            continue;
        }
        model.take_back(plies);
        told.resets.write(TableReset);
    }
}

/// Each move played goes to the log with who played it (the browser test reads it).
fn log_moves(mut played: MessageReader<QgMovePlayed>, model: Res<QiguoMatch>, seats: Res<Seats>) {
    for played in played.read().filter(|_| !model.attract) {
        let seat = model.seat_of(played.played.mover);
        info!(
            "played {} ({} {:?})",
            played.mv,
            played.played.mover,
            seats.controller(seat)
        );
    }
}

/// Keeps the shell's [`MatchStatus`] up to date while Qiguo is on the table.
fn report_status(model: Res<QiguoMatch>, seats: Res<Seats>, mut status: ResMut<MatchStatus>) {
    let seats_changed = seats.is_changed() && status.game == GameKind::Qiguo;
    // Until a Qiguo game is loaded, the table belongs to another game.
    if !(model.is_changed() || seats_changed) || model.key == PositionKey::default() {
        return;
    }
    status.set_if_neq(MatchStatus {
        game: GameKind::Qiguo,
        attract: model.attract,
        key: model.key,
        to_move: model.seat_to_move(),
        over: model.over(),
        undo_plies: seats.undo_plies(model.movers()),
        replay: None,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_replay_and_bad_ones_say_why() {
        let model = new_game(&table_seats(&Seats::hot_seat(), false), Some(4), 30);
        assert_eq!(model.position().seating().seat_count(), 3);
        let record = model.record();
        let again = record.replay().expect("a good record");
        assert_eq!(again.position(), model.position());
        assert_eq!(again.plies.len(), model.plies.len());
        let mut bad = record.clone();
        bad.moves.push("a1a1".to_string());
        assert!(bad.replay().is_err());
        let mut bad = record;
        bad.start = "nonsense".to_string();
        assert!(bad.replay().unwrap_err().starts_with("QFEN"));
    }

    #[test]
    fn seats_come_in_threes_to_sevens() {
        assert_eq!(table_seats(&Seats::hot_seat(), false).len(), 3);
        assert_eq!(table_seats(&Seats::attract(), true).len(), 7);
        let versus = table_seats(&Seats::versus_computer(Level::Hard, Seat(0)), false);
        assert_eq!(versus.controller(Seat(0)), Controller::Local);
        assert_eq!(
            versus.controller(Seat(2)),
            Controller::Computer(Level::Hard)
        );
    }

    #[test]
    fn undo_takes_back_to_the_position_before() {
        let mut model = new_game(&table_seats(&Seats::hot_seat(), false), Some(1), 5);
        let before = model.plies[3].before.clone();
        model.take_back(2);
        assert_eq!(model.plies.len(), 3);
        assert_eq!(model.position(), &before);
    }
}
