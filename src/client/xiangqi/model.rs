//! The Xiangqi match on the table and its local referee. Xiangqi hides nothing, so the model
//! holds the whole game; only the referee changes it, request by request.

use crate::ai::Level;
use crate::ai::xiangqi::{Limits, Thinker, limits};
use crate::client::ClientSet;
use crate::client::Screen;
use crate::client::matches::{
    Deal, DrawDeclined, MatchRequest, MatchStatus, NewMatch, PositionKey, ResumeMatch,
};
use crate::client::net::OnlineSession;
use crate::client::save::BadSave;
use crate::client::seats::Seats;
use crate::client::tabletop::TableReset;
use crate::client::thinking::ComputerGame;
use crate::rules::xiangqi::{Color, Game, Move, MoveList, Piece, Position};
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// A game ended off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Conceded {
    /// This side resigned.
    Resigned(XqSide),
    /// The players agreed to a draw.
    Agreed,
    /// This side ran out of time on the move clock.
    OutOfTime(XqSide),
    /// This side left an online game and did not come back in time.
    Abandoned(XqSide),
}

/// A side, as records write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum XqSide {
    Red,
    Black,
}

impl From<Color> for XqSide {
    fn from(color: Color) -> XqSide {
        match color {
            Color::Red => XqSide::Red,
            Color::Black => XqSide::Black,
        }
    }
}

impl From<XqSide> for Color {
    fn from(side: XqSide) -> Color {
        match side {
            XqSide::Red => Color::Red,
            XqSide::Black => Color::Black,
        }
    }
}

/// The match on the table.
#[derive(Resource, Clone, Debug)]
pub struct XiangqiMatch {
    /// The game, judged by the rules after every move.
    pub game: Game,
    /// A resignation or an agreed draw.
    pub conceded: Option<Conceded>,
    /// Whether this is the title screen's demonstration.
    pub attract: bool,
    key: PositionKey,
    /// Whether the end of the game has been announced.
    pub announced: bool,
}

impl Default for XiangqiMatch {
    fn default() -> XiangqiMatch {
        XiangqiMatch {
            game: Game::new(Position::start()),
            conceded: None,
            attract: true,
            key: PositionKey::default(),
            announced: false,
        }
    }
}

impl XiangqiMatch {
    /// The position now.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Whether the game is over, by the rules or off the board.
    pub fn over(&self) -> bool {
        self.game.outcome().is_some() || self.conceded.is_some()
    }

    /// The seat whose turn it is (seat 0 moves first).
    pub fn seat_to_move(&self) -> Seat {
        Seat((self.game.moves().len() % 2) as u8)
    }

    /// The side `seat` plays.
    pub fn colour_of(&self, seat: Seat) -> Color {
        let first = self.game.start().side_to_move();
        if seat == Seat(0) {
            first
        } else {
            first.opponent()
        }
    }

    /// The seat that plays `colour`.
    pub fn seat_of(&self, colour: Color) -> Seat {
        if self.colour_of(Seat(0)) == colour {
            Seat(0)
        } else {
            Seat(1)
        }
    }

    /// The record of the game, for the autosave and for export.
    pub fn record(&self) -> XiangqiRecord {
        XiangqiRecord {
            start: self.game.start().to_fen(),
            moves: self.game.moves().iter().map(|m| m.mv.to_string()).collect(),
            conceded: self.conceded,
        }
    }
}

/// A game as text: the start FEN, the moves in ICCS and how it ended off the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct XiangqiRecord {
    pub start: String,
    pub moves: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conceded: Option<Conceded>,
}

impl XiangqiRecord {
    /// Replays the record; a bad one names what is wrong.
    pub fn game(&self) -> Result<Game, String> {
        let start = Position::from_fen(&self.start).map_err(|error| format!("FEN: {error}"))?;
        let mut game = Game::new(start);
        for (index, text) in self.moves.iter().enumerate() {
            let mv: Move = text
                .parse()
                .map_err(|error| format!("move {}: {error}", index + 1))?;
            game.play(mv)
                .map_err(|error| format!("move {} ({text}): {error}", index + 1))?;
        }
        Ok(game)
    }

    /// The text players copy: the FEN on the first line, then the moves in ICCS.
    pub fn to_text(&self) -> String {
        if self.moves.is_empty() {
            self.start.clone()
        } else {
            format!("{}\nmoves {}", self.start, self.moves.join(" "))
        }
    }

    /// Reads pasted text: a FEN, optionally followed by `moves` and ICCS moves (a UCI
    /// `position fen … moves …` line works too).
    pub fn from_text(text: &str) -> Result<XiangqiRecord, String> {
        let text = text.trim();
        let text = text.strip_prefix("position").map_or(text, str::trim_start);
        let text = text.strip_prefix("fen").map_or(text, str::trim_start);
        let (fen, moves) = match text.split_once("moves") {
            Some((fen, moves)) => (fen, moves),
            None => (text, ""),
        };
        let fen = fen.split_whitespace().collect::<Vec<_>>().join(" ");
        if fen.is_empty() {
            return Err("no FEN: paste a position such as the start, \
                        rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
                .to_string());
        }
        let record = XiangqiRecord {
            start: fen,
            moves: moves.split_whitespace().map(str::to_string).collect(),
            conceded: None,
        };
        record.game()?;
        Ok(record)
    }
}

/// The demonstration's thinking budget.
const ATTRACT_BUDGET: Duration = Duration::from_millis(60);

impl ComputerGame for XiangqiMatch {
    const KIND: GameKind = GameKind::Xiangqi;
    type Decision = Thinker;
    type Request = XqPlayRequest;

    fn key(&self) -> PositionKey {
        self.key
    }

    fn decide(&self, level: Level, quick: bool) -> Thinker {
        let seed = self.game.moves().len() as u64;
        if quick {
            let demo = Limits {
                max_time: ATTRACT_BUDGET,
                ..limits(Level::Easy)
            };
            Thinker::new(&self.game, Level::Easy, demo, seed)
        } else {
            Thinker::new(&self.game, level, limits(level), seed)
        }
    }

    fn request(&self, mv: Move) -> XqPlayRequest {
        XqPlayRequest::new(mv, self)
    }
}

/// Play a move chosen in a position of the match; ignored if illegal or stale.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct XqPlayRequest {
    /// The move.
    pub mv: Move,
    /// The position it was chosen in.
    pub chosen_at: PositionKey,
}

impl XqPlayRequest {
    /// Play `mv` in the position `model` shows now.
    pub fn new(mv: Move, model: &XiangqiMatch) -> XqPlayRequest {
        XqPlayRequest {
            mv,
            chosen_at: model.key,
        }
    }
}

/// Put a game on the table.
#[derive(Message, Clone, Debug)]
pub struct LoadXiangqi {
    /// The game (any legal position, with its moves).
    pub game: Game,
    /// How it ended off the board, if it did.
    pub conceded: Option<Conceded>,
    /// Who plays each seat.
    pub seats: Seats,
    /// Whether this is the title screen's demonstration.
    pub attract: bool,
}

/// A move was played.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovePlayed {
    /// The move.
    pub mv: Move,
    /// The piece that moved.
    pub piece: Piece,
    /// The piece it took, if any.
    pub captured: Option<Piece>,
    /// Whether it gives check.
    pub check: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<XiangqiMatch>()
        .add_message::<XqPlayRequest>()
        .add_message::<LoadXiangqi>()
        .add_message::<MovePlayed>()
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

/// The start position, with `deal.warm_up` random moves played (seeded).
fn new_game(deal: Deal) -> Game {
    let mut game = Game::new(Position::start());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(deal.seed.unwrap_or(0) ^ 0x7869_616e);
    let mut moves = MoveList::new();
    for _ in 0..deal.warm_up {
        game.position().legal_moves(&mut moves);
        let Some(&mv) = moves.choose(&mut rng) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

fn start_new_games(
    mut starts: MessageReader<NewMatch>,
    online: Res<OnlineSession>,
    mut loads: MessageWriter<LoadXiangqi>,
) {
    // Online, a new game is the server's (a rematch).
    let here = |start: &&NewMatch| start.game == GameKind::Xiangqi && !online.active();
    for start in starts.read().filter(here) {
        loads.write(LoadXiangqi {
            game: new_game(start.deal),
            conceded: None,
            seats: start.seats.clone(),
            attract: start.attract,
        });
    }
}

fn resume_games(
    mut resumes: MessageReader<ResumeMatch>,
    mut loads: MessageWriter<LoadXiangqi>,
    mut bad: MessageWriter<BadSave>,
) {
    for resume in resumes.read().filter(|r| r.game == GameKind::Xiangqi) {
        let record = serde_json::from_value::<XiangqiRecord>(resume.record.clone())
            .map_err(|error| error.to_string());
        match record.and_then(|record| Ok((record.game()?, record.conceded))) {
            Ok((game, conceded)) => {
                loads.write(LoadXiangqi {
                    game,
                    conceded,
                    seats: resume.seats.clone(),
                    attract: false,
                });
            }
            Err(error) => {
                bad.write(BadSave(GameKind::Xiangqi, error));
            }
        }
    }
}

/// Whether a computer accepts a draw offer: after a long stretch without progress.
fn computer_accepts_draw(position: &Position) -> bool {
    position.quiet_plies() >= 40
}

/// The messages the referee answers.
#[derive(bevy::ecs::system::SystemParam)]
struct Asked<'w, 's> {
    loads: MessageReader<'w, 's, LoadXiangqi>,
    plays: MessageReader<'w, 's, XqPlayRequest>,
    requests: MessageReader<'w, 's, MatchRequest>,
    status: Res<'w, MatchStatus>,
    online: Res<'w, OnlineSession>,
}

/// The local referee: plays legal moves, takes back, records resignations and draws.
fn referee(
    mut asked: Asked,
    mut model: ResMut<XiangqiMatch>,
    mut commands: Commands,
    seats: Res<Seats>,
    mut told: Told,
) {
    let mut seats = seats.clone();
    for load in asked.loads.read() {
        if !load.attract {
            info!("game started: {:?}", load.seats);
        }
        put_on_table(&mut model, load.game.clone(), load.conceded, load.attract);
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
    // Online, the server rules (see `online.rs`).
    if asked.online.active() {
        asked.plays.clear();
        asked.requests.clear();
        return;
    }
    for request in asked.plays.read() {
        if request.chosen_at != model.key || model.conceded.is_some() {
            continue;
        }
        if let Err(error) = play_on(&mut model, request.mv, &mut told.played) {
            warn!("ignoring {}: {error}", request.mv);
        }
    }
    if asked.status.game != GameKind::Xiangqi {
        return;
    }
    for request in asked.requests.read() {
        match request {
            MatchRequest::Undo => {
                let plies = seats.undo_plies(movers(model.game.moves().len()));
                if plies == 0 && !model.over() {
                    continue;
                }
                for _ in 0..plies {
                    model.game.undo();
                }
                model.conceded = None;
                model.key = PositionKey {
                    generation: model.key.generation + 1,
                    ply: model.game.moves().len(),
                };
                model.announced = false;
                told.resets.write(TableReset);
            }
            _ if model.over() => {}
            MatchRequest::Resign => {
                let seat = seats.local_player(model.seat_to_move());
                model.conceded = Some(Conceded::Resigned(model.colour_of(seat).into()));
            }
            MatchRequest::OfferDraw if computer_accepts_draw(model.position()) => {
                model.conceded = Some(Conceded::Agreed);
            }
            MatchRequest::OfferDraw => {
                told.declined.write(DrawDeclined);
            }
            MatchRequest::AgreeDraw => model.conceded = Some(Conceded::Agreed),
            MatchRequest::OutOfTime => {
                let side = model.colour_of(model.seat_to_move());
                model.conceded = Some(Conceded::OutOfTime(side.into()));
            }
        }
    }
}

/// Puts `game` on the table in place of the one there.
pub(super) fn put_on_table(
    model: &mut XiangqiMatch,
    game: Game,
    conceded: Option<Conceded>,
    attract: bool,
) {
    model.game = game;
    model.conceded = conceded;
    model.attract = attract;
    model.key = PositionKey {
        generation: model.key.generation + 1,
        ply: model.game.moves().len(),
    };
    model.announced = false;
}

/// Plays `mv` on the table's game, telling the table what moved, took and checked.
pub(super) fn play_on(
    model: &mut XiangqiMatch,
    mv: Move,
    played: &mut MessageWriter<MovePlayed>,
) -> Result<(), String> {
    let before = model.position().clone();
    let piece = before
        .piece_at(mv.from())
        .ok_or_else(|| format!("no piece on {}", mv.from()))?;
    model.game.play(mv).map_err(|error| error.to_string())?;
    model.key.ply += 1;
    model.announced = false;
    let after = model.position();
    played.write(MovePlayed {
        mv,
        piece,
        captured: before.piece_at(mv.to()),
        check: after.in_check(after.side_to_move()),
    });
    Ok(())
}

/// What the referee tells the rest of the client.
#[derive(bevy::ecs::system::SystemParam)]
struct Told<'w> {
    played: MessageWriter<'w, MovePlayed>,
    resets: MessageWriter<'w, TableReset>,
    declined: MessageWriter<'w, DrawDeclined>,
    next: ResMut<'w, NextState<Screen>>,
}

/// The seat that made each of the first `plies` plies.
fn movers(plies: usize) -> impl DoubleEndedIterator<Item = Seat> {
    (0..plies).map(|ply| Seat((ply % 2) as u8))
}

/// Each move played goes to the log with who played it (the browser test reads it).
fn log_moves(mut played: MessageReader<MovePlayed>, model: Res<XiangqiMatch>, seats: Res<Seats>) {
    let mover = Seat((model.game.moves().len().saturating_sub(1) % 2) as u8);
    for played in played.read().filter(|_| !model.attract) {
        info!("played {} ({:?})", played.mv, seats.controller(mover));
    }
}

/// Keeps the shell's [`MatchStatus`] up to date while Xiangqi is on the table.
pub(super) fn report_status(
    model: Res<XiangqiMatch>,
    seats: Res<Seats>,
    mut status: ResMut<MatchStatus>,
) {
    let seats_changed = seats.is_changed() && status.game == GameKind::Xiangqi;
    // Until a Xiangqi game is loaded, the table belongs to another game.
    if !(model.is_changed() || seats_changed) || model.key == PositionKey::default() {
        return;
    }
    status.set_if_neq(MatchStatus {
        game: GameKind::Xiangqi,
        attract: model.attract,
        key: model.key,
        to_move: model.seat_to_move(),
        over: model.over(),
        undo_plies: seats.undo_plies(movers(model.game.moves().len())),
        replay: None,
    });
}
