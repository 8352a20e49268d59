//! The Junqi classic match on the table, as the match layer plays it. Where both armies are
//! known at this device (two players sharing it, a game against the computer, a replay, a
//! finished game) the model is the referee's game, and what each player may see of it is the
//! board's business ([`Viewer`]). Online, until the end, only the server knows the enemy's
//! army: the model is this seat's line, its own army and what the referee announced. The
//! computer is given its own side's line only.

use crate::ai::junqi::classic::deployment_style;
use crate::client::junqi::model::seat_of_ply;
use crate::client::junqi::table::{Battle, StagedBattle, Staging};
use crate::client::junqi::{Face, JunqiBoard, Viewer};
use crate::client::matches::{Deal, MatchRequest, NewMatch};
use crate::client::play::Answer;
use crate::client::seats::{Controller, Seats};
use crate::protocol::{self, EndReason, GameEnd, OffTheBoard, RoomTable};
use crate::rules::Seat;
use crate::rules::junqi::classic::{
    ClassicGame, ClassicPosition, Deployment, DeploymentStyle, Observed, Seen, SideLine, Verdict,
};
use crate::rules::junqi::{
    Action, ActionList, Color as Side, DEFAULT_QUIET_PLY_LIMIT, DrawReason, Kind, Outcome, Piece,
    Point, WinReason,
};
use bevy::prelude::*;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;

/// The quiet plies that draw a classic game at this device.
pub const QUIET_LIMIT: u16 = DEFAULT_QUIET_PLY_LIMIT;

/// The match on the table: the referee's game, or one side's line of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicMatch {
    known: Known,
}

/// What this device knows of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Known {
    /// Both armies: the referee's game.
    Whole(Box<ClassicGame>),
    /// One side's line: its own army, where the enemy's pieces stand and what the referee
    /// announced; with the end the server told, if it ended.
    Line {
        line: Box<SideLine>,
        outcome: Option<Outcome>,
    },
}

impl Default for ClassicMatch {
    fn default() -> ClassicMatch {
        ClassicMatch::of(dealt(Deal::default()))
    }
}

impl ClassicMatch {
    /// The match of `game`, both armies known.
    pub fn of(game: ClassicGame) -> ClassicMatch {
        ClassicMatch {
            known: Known::Whole(Box::new(game)),
        }
    }

    /// The match as `line`'s side knows it.
    pub fn of_line(line: SideLine) -> ClassicMatch {
        ClassicMatch {
            known: Known::Line {
                line: Box::new(line),
                outcome: None,
            },
        }
    }

    /// The referee's game, where both armies are known here.
    pub fn whole(&self) -> Option<&ClassicGame> {
        match &self.known {
            Known::Whole(game) => Some(game),
            Known::Line { .. } => None,
        }
    }

    /// The side whose line this is, where only one army is known here.
    pub fn line_owner(&self) -> Option<Side> {
        match &self.known {
            Known::Whole(_) => None,
            Known::Line { line, .. } => Some(line.owner()),
        }
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        match &self.known {
            Known::Whole(game) => game.outcome(),
            Known::Line { outcome, .. } => *outcome,
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        match &self.known {
            Known::Whole(game) => game.position().side_to_move(),
            Known::Line { line, .. } => line.current().side_to_move(),
        }
    }

    /// The side that moved first.
    pub fn first_mover(&self) -> Side {
        match &self.known {
            Known::Whole(game) => game.start().side_to_move(),
            Known::Line { line, .. } => line.start().side_to_move(),
        }
    }

    /// Plies since the last battle, and the plies that draw.
    pub fn quiet(&self) -> (u16, u16) {
        match &self.known {
            Known::Whole(game) => {
                let position = game.position();
                (position.quiet_plies(), position.quiet_limit())
            }
            Known::Line { line, .. } => {
                (line.current().quiet_plies(), line.current().quiet_limit())
            }
        }
    }

    /// The flag standing on `at`, where one is known to stand.
    fn shown_flag(&self, at: Point) -> Option<Piece> {
        let piece = match &self.known {
            Known::Whole(game) => game.position().piece_at(at)?,
            Known::Line { line, .. } => match line.current().seen(at) {
                Seen::Piece(piece) => piece,
                _ => return None,
            },
        };
        (piece.kind == Kind::Flag).then_some(piece)
    }

    /// Every move so far as the referee announced it.
    pub fn steps(&self) -> Vec<Observed> {
        match &self.known {
            Known::Whole(game) => game
                .actions()
                .iter()
                .zip(game.announcements())
                .map(|(&action, announced)| Observed::announced(action, announced))
                .collect(),
            Known::Line { line, .. } => line.actions().to_vec(),
        }
    }
}

/// The seat that plays `side`: Red moves first, from the first seat.
pub fn seat_of(side: Side) -> Seat {
    match side {
        Side::Red => Seat(0),
        Side::Blue => Seat(1),
    }
}

/// The side `seat` plays.
pub fn side_of(seat: Seat) -> Side {
    if seat == Seat(0) {
        Side::Red
    } else {
        Side::Blue
    }
}

/// A game of two armies arranged as the computer arranges them, seeded or random, with random
/// moves played first as `deal` asks.
fn dealt(deal: Deal) -> ClassicGame {
    let mut rng = match deal.seed {
        Some(seed) => Xoshiro256PlusPlus::seed_from_u64(seed),
        None => Xoshiro256PlusPlus::from_rng(&mut rand::rng()),
    };
    let mut army = |side| Deployment::generate(side, DeploymentStyle::Random, &mut rng);
    let (red, blue) = (army(Side::Red), army(Side::Blue));
    let mut game = ClassicGame::new(ClassicPosition::start(&red, &blue, QUIET_LIMIT));
    let legal = |game: &ClassicGame, actions: &mut ActionList| game.position().legal_moves(actions);
    let play = |game: &mut ClassicGame, action| game.play(action).is_ok();
    deal.warm_up(&mut game, &mut rng, legal, play);
    game
}

/// The army a computer playing `seats`' seat of `side` deploys, in its level's style.
pub fn computer_army(seats: &Seats, side: Side) -> Option<Deployment> {
    match seats.controller(seat_of(side)) {
        Controller::Computer(level) => Some(Deployment::generate(
            side,
            deployment_style(level),
            &mut rand::rng(),
        )),
        _ => None,
    }
}

/// What a step did on the table, as everyone may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassicDid {
    /// The points the piece passed, from and to.
    pub path: Vec<Point>,
    /// The side that moved.
    pub mover: Side,
    /// The referee's verdict, for an attack.
    pub verdict: Option<Verdict>,
    /// The flags shown after it, with what stands there.
    pub flags: Vec<(Point, Piece)>,
}

/// ClassicMatch's part of Junqi's [`MatchModel`](crate::client::play::MatchModel).
impl ClassicMatch {
    /// The action a step played.
    pub fn action(step: &Observed) -> Action {
        step.action
    }

    /// Follows a step the authority decided.
    pub fn follow(&mut self, step: &Observed) -> Result<ClassicDid, String> {
        let Action::Move { from, to } = step.action else {
            return Err(format!("{} is not a move", step.action));
        };
        let mover = self.side_to_move();
        let path = match &mut self.known {
            Known::Whole(game) => {
                let path = game.position().board().move_path(from, to);
                let announced = game.play(step.action).map_err(|error| error.to_string())?;
                let heard = Observed::announced(step.action, &announced);
                if heard != *step {
                    game.undo(1);
                    return Err(format!("the referee announced {heard}, not {step}"));
                }
                path
            }
            Known::Line { line, .. } => {
                let path = line.current().move_path(from, to);
                line.push(step.clone()).map_err(|error| error.to_string())?;
                path
            }
        };
        Ok(ClassicDid {
            path,
            mover,
            verdict: step.verdict,
            flags: step
                .flags
                .iter()
                .filter_map(|&at| Some((at, self.shown_flag(at)?)))
                .collect(),
        })
    }

    /// Takes back the last `plies` steps, and any ending off the board.
    pub fn take_back(&mut self, plies: usize) {
        match &mut self.known {
            Known::Whole(game) => {
                game.undo(plies);
            }
            Known::Line { line, outcome } => {
                let kept = line.actions().len().saturating_sub(plies);
                let steps = line.actions()[..kept].to_vec();
                if let Ok(shorter) = SideLine::new(line.start().clone(), steps, None) {
                    **line = shorter;
                    *outcome = None;
                }
            }
        }
    }

    /// Ends the game off the board.
    pub fn conclude(&mut self, ending: Outcome) {
        match &mut self.known {
            Known::Whole(game) => game.conclude(ending),
            Known::Line { outcome, .. } => *outcome = Some(ending),
        }
    }

    /// Steps played so far.
    pub fn plies(&self) -> usize {
        match &self.known {
            Known::Whole(game) => game.actions().len(),
            Known::Line { line, .. } => line.actions().len(),
        }
    }

    /// The seat whose turn it is; once the game is over, the seat that moved last.
    pub fn seat_to_move(&self) -> Seat {
        let plies = self.plies();
        let mover = if self.over() && plies > 0 {
            plies - 1
        } else {
            plies
        };
        seat_of_ply(mover)
    }

    /// Whether the game is over, by the rules or off the board.
    pub fn over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The winning seats once the game is over (empty for a draw).
    pub fn winners(&self) -> Option<Vec<Seat>> {
        Some(match self.outcome()? {
            Outcome::Draw(_) => Vec::new(),
            Outcome::Win { winner, .. } => vec![seat_of(winner)],
        })
    }
}

/// ClassicMatch's part of Junqi's [`Authority`](crate::client::play::Authority).
impl ClassicMatch {
    /// A new game of `kind` (one of the model's games) for `seats` dealt as `deal` asks, and
    /// the seats it is played with.
    pub fn new_game(deal: Deal) -> ClassicGame {
        dealt(deal)
    }

    /// A person here deploys their army first, unless the deal is fixed (a game in progress
    /// shown at start-up) or it is the demonstration.
    pub fn prepared_here(start: &NewMatch) -> bool {
        !start.attract
            && start.deal == Deal::default()
            && start
                .seats
                .iter()
                .any(|(_, controller)| controller == Controller::Local)
    }

    /// Plays `action` in the whole game if it is legal there.
    pub fn decide(game: &mut ClassicGame, action: Action) -> Result<Observed, String> {
        let announced = game.play(action).map_err(|error| error.to_string())?;
        Ok(Observed::announced(action, &announced))
    }

    /// The step decided as ply `ply` (from 0) of the whole game.
    pub fn step_at(game: &ClassicGame, ply: usize) -> Option<Observed> {
        let action = *game.actions().get(ply)?;
        Some(Observed::announced(action, game.announcements().get(ply)?))
    }

    /// Takes back the whole game's last `plies` steps, and any ending off the board.
    pub fn take_back_whole(game: &mut ClassicGame, plies: usize) {
        game.undo(plies);
    }

    /// Answers a resignation, a draw offer or agreement, or a time loss.
    pub fn answer(game: &mut ClassicGame, request: MatchRequest, seats: &Seats) -> Answer<Outcome> {
        let to_move = game.position().side_to_move();
        match request {
            MatchRequest::Undo => return Answer::Ignored,
            MatchRequest::Resign => {
                let loser = side_of(seats.local_player(seat_of(to_move)));
                game.conclude(Outcome::Win {
                    winner: loser.opponent(),
                    reason: WinReason::Resignation,
                });
            }
            // A computer agrees to a draw only in a long quiet phase.
            MatchRequest::OfferDraw if game.position().quiet_plies() >= 40 => {
                game.conclude(Outcome::Draw(DrawReason::Agreement));
            }
            MatchRequest::OfferDraw => return Answer::Declined,
            MatchRequest::AgreeDraw => game.conclude(Outcome::Draw(DrawReason::Agreement)),
            MatchRequest::OutOfTime => game.conclude(Outcome::Win {
                winner: to_move.opponent(),
                reason: WinReason::OutOfTime,
            }),
        }
        match game.outcome() {
            Some(outcome) => Answer::Ended(outcome),
            None => Answer::Ignored,
        }
    }

    /// How the whole game ended off the board, if it did.
    pub fn ending(game: &ClassicGame) -> Option<Outcome> {
        // What the board did not decide was decided off it.
        game.outcome()
            .filter(|_| game.position().outcome().is_none())
    }

    /// The model of the whole game after its first `plies` steps (all of them, ending
    /// included, when `plies` reaches its end).
    pub fn shown(game: &ClassicGame, plies: usize) -> ClassicMatch {
        let mut shown = game.clone();
        let total = game.actions().len();
        if plies < total {
            shown.undo(total - plies);
        }
        ClassicMatch::of(shown)
    }
}

/// ClassicMatch's part of Junqi's [`Records`](crate::client::play::Records).
impl ClassicMatch {
    /// The record of a whole game.
    pub fn record(game: &ClassicGame) -> String {
        game.to_text()
    }

    /// The whole game of `kind` (one of the model's games) a record holds, or why it holds
    /// none.
    pub fn from_record(record: &str) -> Result<ClassicGame, String> {
        ClassicGame::from_text(record).map_err(|error| error.to_string())
    }

    /// The whole game as a shared picture shows it: what everyone saw.
    pub fn scene(game: &ClassicGame) -> crate::picture::Scene {
        crate::picture::junqi::classic_scene(game, None)
    }

    /// The game's pictures as `seat` saw it, where its armies are hidden from each other.
    pub fn scene_seen_by(game: &ClassicGame, seat: Seat) -> Option<crate::picture::Scene> {
        Some(crate::picture::junqi::classic_scene(
            game,
            Some(side_of(seat)),
        ))
    }
}

/// What a computer is given of a classic game (the
/// [`ComputerGame`](crate::client::thinking::ComputerGame) of Junqi's model).
impl ClassicMatch {
    /// The side to move's line: its own army, then what it saw of every move (online, this
    /// seat's line, asked for on its turn only).
    pub(crate) fn sight(&self) -> SideLine {
        match &self.known {
            Known::Whole(game) => game.line(self.side_to_move(), self.plies()),
            Known::Line { line, .. } => (**line).clone(),
        }
    }

    /// The seed of the side to move's decision.
    pub(crate) fn seed(&self) -> u64 {
        self.plies() as u64
    }
}

/// ClassicMatch's part of Junqi's [`RoomAdapter`](crate::client::play::RoomAdapter).
impl ClassicMatch {
    /// A finished game is shown whole; until its end, a player sees the game as their line
    /// (their own army from the `secret` the server sent this seat), a spectator as the public
    /// record (no rank but a shown flag).
    pub fn from_table(table: &RoomTable, secret: Option<&str>) -> Option<Result<Self, String>> {
        let RoomTable::JunqiClassic(state) = table else {
            return None;
        };
        Some(match state.game() {
            Ok(Some(game)) => Ok(ClassicMatch::of(game)),
            Err(error) => Err(error),
            Ok(None) => match secret {
                Some(text) => Deployment::parse(text, Side::Red)
                    .or_else(|_| Deployment::parse(text, Side::Blue))
                    .map_err(|error| format!("this seat's army: {error}"))
                    .and_then(|own| state.line(&own).map_err(|error| error.to_string()))
                    .map(ClassicMatch::of_line),
                // A spectator, or a seat whose army is not in yet.
                None => state
                    .public_line()
                    .map(ClassicMatch::of_line)
                    .map_err(|error| error.to_string()),
            },
        })
    }

    /// The step a room's played action is, if it is an action of this game.
    pub fn step_of(played: &protocol::Played) -> Option<Observed> {
        match played {
            protocol::Played::JunqiClassic(played) => Some(played.observed()),
            _ => None,
        }
    }

    /// Any end the room tells: online only the referee knows when a flag fell.
    pub fn ending_of(&self, end: GameEnd, table_seats: &[Seat]) -> Option<Outcome> {
        let winner = end
            .winner
            .and_then(|seat| table_seats.get(seat.index()))
            .map(|&seat| side_of(seat));
        let win = |reason| winner.map(|winner| Outcome::Win { winner, reason });
        match end.reason {
            EndReason::FlagCaptured => return win(WinReason::FlagCaptured),
            EndReason::NoLegalAction => return win(WinReason::NoLegalAction),
            EndReason::QuietPlies => return Some(Outcome::Draw(DrawReason::QuietPlies)),
            _ => {}
        }
        match end.reason.off_the_board()? {
            OffTheBoard::Agreement => Some(Outcome::Draw(DrawReason::Agreement)),
            OffTheBoard::Resignation => win(WinReason::Resignation),
            OffTheBoard::OutOfTime => win(WinReason::OutOfTime),
            OffTheBoard::Abandoned => win(WinReason::Abandoned),
        }
    }

    /// The whole game rebuilt from the table, where no referee here holds it (online).
    pub fn whole_seen(&self) -> Option<ClassicGame> {
        self.whole().cloned()
    }
}

/// Where a classic game's pieces go on the board (the
/// [`BoardPlay`](crate::client::points::BoardPlay) of Junqi's model).
impl ClassicMatch {
    pub(crate) fn destinations(&self, point: Point) -> Option<Vec<Point>> {
        if self.outcome().is_some() {
            return None;
        }
        match &self.known {
            Known::Whole(game) => {
                let position = game.position();
                let own = position.piece_at(point)?.color == position.side_to_move();
                own.then(|| position.board().destinations(point).iter().collect())
            }
            Known::Line { line, .. } => {
                let Seen::Piece(piece) = line.current().seen(point) else {
                    return None;
                };
                if piece.color != line.current().owner() {
                    return None;
                }
                let mut moves = ActionList::new();
                line.current().legal_moves(&mut moves);
                Some(
                    moves
                        .iter()
                        .filter_map(|&action| match action {
                            Action::Move { from, to } if from == point => Some(to),
                            _ => None,
                        })
                        .collect(),
                )
            }
        }
    }

    pub(crate) fn occupied(&self, point: Point) -> bool {
        match &self.known {
            Known::Whole(game) => game.position().piece_at(point).is_some(),
            Known::Line { line, .. } => line.current().seen(point) != Seen::Empty,
        }
    }

    pub(crate) fn last_marks(&self) -> Option<(Option<Point>, Point)> {
        let last = match &self.known {
            Known::Whole(game) => game.actions().last().copied(),
            Known::Line { line, .. } => line.actions().last().map(|step| step.action),
        };
        last.map(JunqiBoard::marks)
    }
}

/// What a classic game's board shows (the [`JunqiTable`] of Junqi's model).
impl ClassicMatch {
    pub(crate) fn face(&self, point: Point, viewer: Viewer) -> Option<Face> {
        let game = match &self.known {
            Known::Whole(game) => game,
            // A line shows what its side knows, whoever looks.
            Known::Line { line, .. } => {
                return match line.current().seen(point) {
                    Seen::Empty => None,
                    Seen::Piece(piece) => Some(Face::Up(piece)),
                    Seen::Unknown(side) => Some(Face::Unknown(side)),
                };
            }
        };
        let piece = game.position().piece_at(point)?;
        let shown = piece.kind == Kind::Flag
            && game
                .announcements()
                .iter()
                .any(|announced| announced.flags_shown.contains(&point));
        Some(match viewer {
            Viewer::All => Face::Up(piece),
            Viewer::Side(side) if side == piece.color => Face::Up(piece),
            // A flag the referee showed is everyone's to see.
            _ if shown => Face::Up(piece),
            _ => Face::Unknown(piece.color),
        })
    }

    pub(crate) fn staging(did: &ClassicDid) -> Staging {
        let battle = did.verdict.map(|verdict| StagedBattle {
            // No rank is told: the battle sounds as its verdict.
            battle: match verdict {
                Verdict::AttackerWon => Battle::Won,
                Verdict::AttackerLost => Battle::Lost,
                Verdict::BothRemoved => Battle::Traded,
            },
            sides: (did.mover, did.mover.opponent()),
            attacker_falls: verdict != Verdict::AttackerWon,
            defender_falls: verdict != Verdict::AttackerLost,
        });
        Staging {
            path: did.path.clone(),
            flipped: None,
            battle,
            flags_shown: did.flags.clone(),
        }
    }
}
