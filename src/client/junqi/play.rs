//! How Junqi plays on the match layer (`client/play/`): the whole game its referee holds (the
//! deal too), the steps the model follows, the answers to a resignation, a draw or time, its
//! records and how a room's table shows.

use super::hud::junqi_result;
use super::layout::JunqiBoard;
use super::model::{ActionDid, JunqiMatch, colour_of_seat, seat_of_ply};
use super::online;
use super::table::{Battle, Face, JunqiTable, StagedBattle, Staging, Viewer};
use crate::client::i18n::Lang;
use crate::client::matches::{Deal, MatchRequest};
use crate::client::play::{
    Answer, Authority, ComputerWords, MatchModel, MatchWords, RecordText, Records, ResultWords,
    RoomAdapter,
};
use crate::client::points::{BoardPlay, PointsLesson};
use crate::client::seats::Seats;
use crate::client::table_colours::Palette;
use crate::protocol::{self, GameEnd, RoomTable};
use crate::rules::Seat;
use crate::rules::junqi::{
    Action, ActionList, Cell, Combat, Effect, Game, GameRecord, Outcome, PlayedAction, PlayerView,
    Point, Position, PublicGame, Ruleset, WinReason,
};

impl MatchModel for JunqiMatch {
    type Action = Action;
    type Step = PlayedAction;
    type Did = ActionDid;
    type Ending = Outcome;

    fn action(step: &PlayedAction) -> Action {
        step.action
    }

    fn follow(&mut self, step: &PlayedAction) -> Result<ActionDid, String> {
        let path = match step.action {
            Action::Flip(point) => vec![point],
            // The path needs the position before the move.
            Action::Move { from, to } => self.view().move_path(from, to),
        };
        let effect = self.public.play(*step).map_err(|error| error.to_string())?;
        Ok(ActionDid { effect, path })
    }

    fn take_back(&mut self, plies: usize) {
        self.public.undo(plies);
    }

    fn conclude(&mut self, outcome: Outcome) {
        self.public.conclude(outcome);
    }

    fn plies(&self) -> usize {
        self.public.history().len()
    }

    fn seat_to_move(&self) -> Seat {
        JunqiMatch::seat_to_move(self)
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn over(&self) -> bool {
        self.outcome().is_some()
    }

    fn winners(&self) -> Option<Vec<Seat>> {
        Some(match self.outcome()? {
            Outcome::Draw(_) => Vec::new(),
            Outcome::Win { winner, .. } => self.seat_of(winner).into_iter().collect(),
        })
    }
}

impl Authority for JunqiMatch {
    type Whole = Game;

    fn new_game(seats: &Seats, deal: Deal, _attract: bool) -> (Game, Seats) {
        (deal_game(deal), seats.clone())
    }

    fn decide(game: &mut Game, action: Action) -> Result<PlayedAction, String> {
        game.play(action).map_err(|error| error.to_string())?;
        game.history()
            .last()
            .copied()
            .ok_or_else(|| "no action was played".to_string())
    }

    fn step_at(game: &Game, ply: usize) -> Option<PlayedAction> {
        game.history().get(ply).copied()
    }

    fn take_back_whole(game: &mut Game, plies: usize) {
        game.undo(plies);
    }

    fn answer(game: &mut Game, request: MatchRequest, seats: &Seats) -> Answer<Outcome> {
        let plies = game.history().len();
        match request {
            MatchRequest::Undo => return Answer::Ignored,
            MatchRequest::Resign => {
                let seat = seats.local_player(seat_of_ply(plies));
                if let Some(colour) = colour_of_seat(game.view(), plies, seat) {
                    game.resign(colour);
                }
            }
            MatchRequest::OfferDraw if computer_accepts_draw(game.view()) => game.agree_draw(),
            MatchRequest::OfferDraw => return Answer::Declined,
            MatchRequest::AgreeDraw => game.agree_draw(),
            MatchRequest::OutOfTime => {
                // Before the colours are decided there is no side to lose: the clock waits.
                if let Some(loser) = colour_of_seat(game.view(), plies, seat_of_ply(plies)) {
                    game.conclude(Outcome::Win {
                        winner: loser.opponent(),
                        reason: WinReason::OutOfTime,
                    });
                }
            }
        }
        match game.public().conceded() {
            Some(outcome) => Answer::Ended(outcome),
            None => Answer::Ignored,
        }
    }

    fn ending(game: &Game) -> Option<Outcome> {
        game.public().conceded()
    }

    fn shown(game: &Game, plies: usize) -> JunqiMatch {
        JunqiMatch::of(public_at(game, plies))
    }
}

impl Records for JunqiMatch {
    type Record = GameRecord;

    fn record(game: &Game) -> GameRecord {
        game.record()
    }

    fn from_record(record: &GameRecord) -> Result<Game, String> {
        Game::from_record(record).map_err(|error| error.to_string())
    }

    fn scene(game: &Game) -> crate::picture::Scene {
        crate::picture::junqi::scene(game.public())
    }
}

impl RecordText for GameRecord {
    fn text(&self) -> String {
        self.to_text()
    }

    fn read(text: &str) -> Result<GameRecord, String> {
        GameRecord::from_text(text).map_err(|error| error.to_string())
    }
}

impl MatchWords for JunqiMatch {
    fn result(&self, lang: Lang, colours: &Palette, seats: &Seats) -> Option<ResultWords> {
        junqi_result(lang, colours, self, seats)
    }

    fn log_text(step: &PlayedAction, did: &ActionDid) -> String {
        // A flip is written as records write it, with what it revealed: `c3=R`.
        match did.effect {
            Effect::Flipped { piece, .. } => format!("{}={piece}", step.action),
            _ => step.action.to_string(),
        }
    }
}

impl ComputerWords for JunqiMatch {
    type Point = Point;
    const WON_BY_FLAG: bool = true;

    fn action_points(action: &Action) -> Vec<Point> {
        match *action {
            Action::Flip(point) => vec![point],
            Action::Move { from, to } => vec![from, to],
        }
    }

    fn kind_key(letter: char) -> Option<&'static str> {
        crate::rules::junqi::Kind::from_letter(letter).map(super::rules_page::kind_key)
    }
}

impl RoomAdapter for JunqiMatch {
    fn from_table(table: &RoomTable, _secret: Option<&str>) -> Option<Result<Self, String>> {
        let RoomTable::Junqi(public) = table else {
            return None;
        };
        Some(Ok(JunqiMatch::of((**public).clone())))
    }

    fn step_of(played: &protocol::Played) -> Option<PlayedAction> {
        match played {
            protocol::Played::Junqi(played) => Some(*played),
            _ => None,
        }
    }

    fn ending_of(&self, end: GameEnd, table_seats: &[Seat]) -> Option<Outcome> {
        online::conceded(end, table_seats, self)
    }

    fn whole_seen(&self) -> Option<Game> {
        Game::from_public(&self.public).ok()
    }
}

/// The game as everyone saw it after `plies` of its actions.
fn public_at(game: &Game, plies: usize) -> PublicGame {
    let mut public = game.public().clone();
    let total = public.history().len();
    if plies < total {
        public.undo(total - plies);
    }
    public
}

/// A game dealt as `deal` asks: seeded or random, with random actions played first.
fn deal_game(deal: Deal) -> Game {
    let rules = Ruleset::default();
    let position = match deal.seed {
        Some(seed) => Position::deal_seeded(rules, seed),
        None => Position::deal_random(rules),
    };
    let mut game = Game::new(position);
    let legal = |game: &Game, actions: &mut ActionList| game.view().legal_actions(actions);
    let play = |game: &mut Game, action| game.play(action).is_ok();
    deal.warm_up(&mut game, &mut deal.rng(0x6b61_7775), legal, play);
    game
}

/// Whether a computer opponent accepts a draw offer: only in a long quiet phase.
fn computer_accepts_draw(view: &PlayerView) -> bool {
    view.quiet_plies() >= 40
}

impl PointsLesson for JunqiMatch {
    type Lesson = crate::lessons::Junqi;

    fn from_lesson(game: Game) -> Game {
        game
    }
}

impl BoardPlay for JunqiMatch {
    type Board = JunqiBoard;

    fn tap_action(&self, point: Point) -> Option<Action> {
        (self.view().cell(point) == Cell::Hidden).then_some(Action::Flip(point))
    }

    fn destinations(&self, point: Point) -> Option<Vec<Point>> {
        let view = self.view();
        match view.cell(point) {
            Cell::Up(piece) if Some(piece.color) == view.side_to_move() => {
                Some(view.destinations(point).iter().collect())
            }
            _ => None,
        }
    }

    fn occupied(&self, point: Point) -> bool {
        self.view().cell(point) != Cell::Empty
    }

    fn last_marks(&self) -> Option<(Option<Point>, Point)> {
        let last = self.public.history().last()?;
        Some(JunqiBoard::marks(last.action))
    }
}

impl JunqiTable for JunqiMatch {
    fn face(&self, point: Point, _viewer: Viewer) -> Option<Face> {
        // Nothing in Junqi flip is known to one side only.
        match self.view().cell(point) {
            Cell::Empty => None,
            Cell::Hidden => Some(Face::Back),
            Cell::Up(piece) => Some(Face::Up(piece)),
        }
    }

    fn staging(did: &ActionDid) -> Staging {
        let (flipped, battle) = match did.effect {
            Effect::Flipped { piece, .. } => (Some(piece), None),
            Effect::Attacked {
                attacker,
                defender,
                combat,
            } => (
                None,
                Some(StagedBattle {
                    battle: Battle::of(attacker, defender, combat),
                    sides: (attacker.color, defender.color),
                    attacker_falls: matches!(
                        combat,
                        Combat::DefenderWins | Combat::BothRemoved | Combat::FlagBombed
                    ),
                    defender_falls: combat != Combat::DefenderWins,
                }),
            ),
            Effect::Moved { .. } => (None, None),
        };
        Staging {
            path: did.path.clone(),
            flipped,
            battle,
            flags_shown: Vec::new(),
        }
    }
}
