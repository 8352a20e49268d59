//! How Junqi plays on the match layer (`client/play/`): the whole game its referee holds (the
//! deal too), the steps the model follows, the answers to a resignation, a draw or time, its
//! records and how a room's table shows.

use super::hud::junqi_result;
use super::layout::JunqiBoard;
use super::model::{ActionDid, FlipMatch, colour_of_seat, seat_of_ply};
use super::online;
use super::table::{Battle, Face, StagedBattle, Staging};
use crate::client::i18n::Lang;
use crate::client::matches::{Deal, MatchRequest};
use crate::client::play::{Answer, ResultWords};
use crate::client::seats::Seats;
use crate::client::table_colours::Palette;
use crate::protocol::{self, GameEnd, RoomTable};
use crate::rules::Seat;
use crate::rules::junqi::{
    Action, ActionList, Cell, Combat, Effect, Game, GameRecord, Outcome, PlayedAction, PlayerView,
    Point, Position, PublicGame, Ruleset, WinReason,
};

/// FlipMatch's part of Junqi's [`MatchModel`](crate::client::play::MatchModel).
impl FlipMatch {
    /// The action a step played.
    pub fn action(step: &PlayedAction) -> Action {
        step.action
    }

    /// Follows a step the authority decided.
    pub fn follow(&mut self, step: &PlayedAction) -> Result<ActionDid, String> {
        let path = match step.action {
            Action::Flip(point) => vec![point],
            // The path needs the position before the move.
            Action::Move { from, to } => self.view().move_path(from, to),
        };
        let effect = self.public.play(*step).map_err(|error| error.to_string())?;
        Ok(ActionDid { effect, path })
    }

    /// Takes back the last `plies` steps, and any ending off the board.
    pub fn take_back(&mut self, plies: usize) {
        self.public.undo(plies);
    }

    /// Ends the game off the board.
    pub fn conclude(&mut self, outcome: Outcome) {
        self.public.conclude(outcome);
    }

    /// Steps played so far.
    pub fn plies(&self) -> usize {
        self.public.history().len()
    }

    /// Whether the game is over, by the rules or off the board.
    pub fn over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The winning seats once the game is over (empty for a draw).
    pub fn winners(&self) -> Option<Vec<Seat>> {
        Some(match self.outcome()? {
            Outcome::Draw(_) => Vec::new(),
            Outcome::Win { winner, .. } => self.seat_of(winner).into_iter().collect(),
        })
    }
}

/// FlipMatch's part of Junqi's [`Authority`](crate::client::play::Authority).
impl FlipMatch {
    /// A new game of `kind` (one of the model's games) for `seats` dealt as `deal` asks, and
    /// the seats it is played with.
    pub fn new_game(deal: Deal) -> Game {
        deal_game(deal)
    }

    /// Plays `action` in the whole game if it is legal there.
    pub fn decide(game: &mut Game, action: Action) -> Result<PlayedAction, String> {
        game.play(action).map_err(|error| error.to_string())?;
        game.history()
            .last()
            .copied()
            .ok_or_else(|| "no action was played".to_string())
    }

    /// The step decided as ply `ply` (from 0) of the whole game.
    pub fn step_at(game: &Game, ply: usize) -> Option<PlayedAction> {
        game.history().get(ply).copied()
    }

    /// Takes back the whole game's last `plies` steps, and any ending off the board.
    pub fn take_back_whole(game: &mut Game, plies: usize) {
        game.undo(plies);
    }

    /// Answers a resignation, a draw offer or agreement, or a time loss.
    pub fn answer(game: &mut Game, request: MatchRequest, seats: &Seats) -> Answer<Outcome> {
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

    /// How the whole game ended off the board, if it did.
    pub fn ending(game: &Game) -> Option<Outcome> {
        game.public().conceded()
    }

    /// The model of the whole game after its first `plies` steps (all of them, ending
    /// included, when `plies` reaches its end).
    pub fn shown(game: &Game, plies: usize) -> FlipMatch {
        FlipMatch::of(public_at(game, plies))
    }
}

/// FlipMatch's part of Junqi's [`Records`](crate::client::play::Records).
impl FlipMatch {
    /// The record of a whole game.
    pub fn record(game: &Game) -> GameRecord {
        game.record()
    }

    /// The whole game of `kind` (one of the model's games) a record holds, or why it holds
    /// none.
    pub fn from_record(record: &GameRecord) -> Result<Game, String> {
        Game::from_record(record).map_err(|error| error.to_string())
    }

    /// The whole game a pasted record's text holds, or what is wrong with it.
    pub fn from_text(text: &str) -> Result<Game, String> {
        let record = GameRecord::from_text(text).map_err(|error| error.to_string())?;
        FlipMatch::from_record(&record)
    }

    /// The whole game as a shared picture shows it: what everyone saw.
    pub fn scene(game: &Game) -> crate::picture::Scene {
        crate::picture::junqi::scene(game.public())
    }
}

/// FlipMatch's part of Junqi's [`MatchWords`](crate::client::play::MatchWords).
impl FlipMatch {
    /// The result's title, explanation and colour (in `palette`), once the game is over.
    pub fn result(&self, lang: Lang, colours: &Palette, seats: &Seats) -> Option<ResultWords> {
        junqi_result(lang, colours, self, seats)
    }

    /// A step as the log writes it (the browser test reads it).
    pub fn log_text(step: &PlayedAction, did: &ActionDid) -> String {
        // A flip is written as records write it, with what it revealed: `c3=R`.
        match did.effect {
            Effect::Flipped { piece, .. } => format!("{}={piece}", step.action),
            _ => step.action.to_string(),
        }
    }
}

/// FlipMatch's part of Junqi's [`RoomAdapter`](crate::client::play::RoomAdapter).
impl FlipMatch {
    /// The model of a room's table, if the room plays this game; an error says why the table
    /// cannot be shown. `secret`: what the server told this seat alone of the game (an army
    /// deployed in secret), if anything.
    pub fn from_table(table: &RoomTable, _secret: Option<&str>) -> Option<Result<Self, String>> {
        let RoomTable::Junqi(public) = table else {
            return None;
        };
        Some(Ok(FlipMatch::of((**public).clone())))
    }

    /// The step a room's played action is, if it is an action of this game.
    pub fn step_of(played: &protocol::Played) -> Option<PlayedAction> {
        match played {
            protocol::Played::Junqi(played) => Some(*played),
            _ => None,
        }
    }

    /// How a room's end shows in the model, when the rules cannot tell by themselves.
    /// `table_seats`: the table seat of each room seat.
    pub fn ending_of(&self, end: GameEnd, table_seats: &[Seat]) -> Option<Outcome> {
        online::conceded(end, table_seats, self)
    }

    /// The whole game rebuilt from the table, where no referee here holds it (online).
    pub fn whole_seen(&self) -> Option<Game> {
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

/// Where a flip game's pieces go on the board (the [`BoardPlay`](crate::client::points::BoardPlay)
/// of Junqi's model).
impl FlipMatch {
    pub(super) fn tap_action(&self, point: Point) -> Option<Action> {
        (self.view().cell(point) == Cell::Hidden).then_some(Action::Flip(point))
    }

    pub(super) fn destinations(&self, point: Point) -> Option<Vec<Point>> {
        let view = self.view();
        match view.cell(point) {
            Cell::Up(piece) if Some(piece.color) == view.side_to_move() => {
                Some(view.destinations(point).iter().collect())
            }
            _ => None,
        }
    }

    pub(super) fn occupied(&self, point: Point) -> bool {
        self.view().cell(point) != Cell::Empty
    }

    pub(super) fn last_marks(&self) -> Option<(Option<Point>, Point)> {
        let last = self.public.history().last()?;
        Some(JunqiBoard::marks(last.action))
    }
}

/// What a flip game's board shows (the [`JunqiTable`](super::JunqiTable) of Junqi's model).
impl FlipMatch {
    pub(super) fn face(&self, point: Point) -> Option<Face> {
        // Nothing in Junqi flip is known to one side only.
        match self.view().cell(point) {
            Cell::Empty => None,
            Cell::Hidden => Some(Face::Back),
            Cell::Up(piece) => Some(Face::Up(piece)),
        }
    }

    pub(super) fn staging(did: &ActionDid) -> Staging {
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
