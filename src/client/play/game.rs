//! What a game's model is to the match layer — [`Match`], made of one small trait a concern:
//! the followed model ([`MatchModel`]), the authority over the whole game ([`Authority`]),
//! records ([`Records`]), words ([`MatchWords`]), how a computer's choice shows
//! ([`ComputerWords`]) and the room adapter ([`RoomAdapter`]) — with where its table stands
//! ([`TableState`]), and the messages the layer's authorities, model and shell pass each other.

use crate::client::i18n::Lang;
use crate::client::matches::{Deal, MatchRequest, NewMatch, PositionKey, TableMode};
use crate::client::seats::Seats;
use crate::client::table_colours::Palette;
use crate::client::theme::Rgb;
use crate::client::thinking::{ActionOf, ComputerGame};
use crate::protocol::{GameEnd, Played, RoomTable};
use crate::rules::{GameKind, Seat};
use bevy::ecs::component::Mutable;
use bevy::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::{Debug, Display};
use std::marker::PhantomData;

/// Where the table of `G` stands: the presentation's bookkeeping beside the model (a resource
/// of its own, so the rules model holds nothing but the game).
#[derive(Resource, Debug)]
pub struct TableState<G> {
    /// The position on the table, as its authority named it (see [`PositionKey`]).
    pub key: PositionKey,
    /// Whether the end of the game has been announced.
    pub announced: bool,
    game: PhantomData<fn() -> G>,
}

impl<G> Default for TableState<G> {
    fn default() -> Self {
        TableState {
            key: PositionKey::default(),
            announced: false,
            game: PhantomData,
        }
    }
}

impl<G> Clone for TableState<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for TableState<G> {}

impl<G> TableState<G> {
    /// Whether a game has been put on this table (the default is none).
    pub fn loaded(&self) -> bool {
        self.key != PositionKey::default()
    }
}

/// How the authority answers a request that is not a take-back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer<E> {
    /// The game ended off the board (a resignation, an agreed draw, a time loss).
    Ended(E),
    /// A computer turned the draw offer down.
    Declined,
    /// Nothing changes (the game has no such thing, or the request does not apply yet).
    Ignored,
}

/// A game as the match layer plays it: every concern below, implemented by the game's model
/// (a resource). The model is what this device may know of the game; the authority holds the
/// whole game ([`Authority::Whole`]: for Junqi the deal too, for the games that hide nothing
/// the model itself) and decides [`MatchModel::Step`]s, which the model follows.
pub trait Match:
    ComputerGame<Request = PlayRequest<Self>> + Records + MatchWords + ComputerWords + RoomAdapter
{
}

impl<G> Match for G where
    G: ComputerGame<Request = PlayRequest<G>> + Records + MatchWords + ComputerWords + RoomAdapter
{
}

/// The model that follows an authority's steps: what the table shows and the shell asks.
pub trait MatchModel: Resource<Mutability = Mutable> + Clone + Default + Debug {
    /// An action a player chooses.
    type Action: Copy + Eq + Debug + Display + Send + Sync + 'static;
    /// An action as the authority decided it (in Junqi with what a flip revealed).
    type Step: Clone + Debug + Send + Sync + 'static;
    /// What a step did on the table, for its animation, sounds and the log.
    type Did: Clone + Debug + Send + Sync + 'static;
    /// An end off the board: a resignation, an agreed draw, a clock.
    type Ending: Copy + Debug + Send + Sync + 'static;

    /// The action a step played.
    fn action(step: &Self::Step) -> Self::Action;
    /// Follows a step the authority decided.
    fn follow(&mut self, step: &Self::Step) -> Result<Self::Did, String>;
    /// Takes back the last `plies` steps, and any ending off the board.
    fn take_back(&mut self, plies: usize);
    /// Ends the game off the board.
    fn conclude(&mut self, ending: Self::Ending);
    /// Steps played so far.
    fn plies(&self) -> usize;
    /// The seat whose turn it is; once the game is over, the seat that moved last.
    fn seat_to_move(&self) -> Seat;
    /// The seat that made each step so far, oldest first: by default the seats take turns
    /// in order.
    fn movers(&self) -> Vec<Seat> {
        let seats = self.seat_count().max(1);
        (0..self.plies())
            .map(|ply| Seat((ply % seats) as u8))
            .collect()
    }
    /// How many seats the game has.
    fn seat_count(&self) -> usize;
    /// Whether the game is over, by the rules or off the board.
    fn over(&self) -> bool;
    /// The winning seats once the game is over (empty for a draw).
    fn winners(&self) -> Option<Vec<Seat>>;
}

/// The authority over the whole game: the local referee's and a replay's rules.
pub trait Authority: MatchModel {
    /// The whole game as its authority holds it.
    type Whole: Clone + Debug + Send + Sync + 'static;

    /// A new game of `kind` (one of the model's games) for `seats` dealt as `deal` asks, and
    /// the seats it is played with.
    fn new_game(kind: GameKind, seats: &Seats, deal: Deal, attract: bool) -> (Self::Whole, Seats);
    /// Whether the players here prepare a new game asked for as `start` before it starts
    /// (each deploys an army, say): the game then puts it on the table itself, with a
    /// [`LoadMatch`], and the referee leaves `start` to it.
    fn prepared_here(_start: &NewMatch) -> bool {
        false
    }
    /// Plays `action` in the whole game if it is legal there.
    fn decide(whole: &mut Self::Whole, action: Self::Action) -> Result<Self::Step, String>;
    /// The step decided as ply `ply` (from 0) of the whole game.
    fn step_at(whole: &Self::Whole, ply: usize) -> Option<Self::Step>;
    /// Takes back the whole game's last `plies` steps, and any ending off the board.
    fn take_back_whole(whole: &mut Self::Whole, plies: usize);
    /// Answers a resignation, a draw offer or agreement, or a time loss.
    fn answer(
        whole: &mut Self::Whole,
        request: MatchRequest,
        seats: &Seats,
    ) -> Answer<Self::Ending>;
    /// How the whole game ended off the board, if it did.
    fn ending(whole: &Self::Whole) -> Option<Self::Ending>;
    /// The model of the whole game after its first `plies` steps (all of them, ending
    /// included, when `plies` reaches its end).
    fn shown(whole: &Self::Whole, plies: usize) -> Self;
}

/// A whole game kept, exported and shown: its record, its text and its picture.
pub trait Records: Authority {
    /// The record kept and saved, and copied as text.
    type Record: Serialize + DeserializeOwned + RecordText;

    /// The record of a whole game.
    fn record(whole: &Self::Whole) -> Self::Record;
    /// The whole game of `kind` (one of the model's games) a record holds, or why it holds
    /// none.
    fn from_record(kind: GameKind, record: &Self::Record) -> Result<Self::Whole, String>;
    /// The whole game as text players copy: its record's.
    fn to_text(whole: &Self::Whole) -> String {
        Self::record(whole).text()
    }
    /// The whole game of `kind` a pasted text holds, or what is wrong with it.
    fn from_text(kind: GameKind, text: &str) -> Result<Self::Whole, String> {
        Self::from_record(kind, &Self::Record::read(text)?)
    }
    /// The whole game as a shared picture shows it: what everyone saw.
    fn scene(whole: &Self::Whole) -> crate::picture::Scene;
    /// The game's pictures as `seat` saw it, where its armies are hidden from each other.
    fn scene_seen_by(_whole: &Self::Whole, _seat: Seat) -> Option<crate::picture::Scene> {
        None
    }
}

/// A game's record as the text players copy.
pub trait RecordText: Sized {
    /// The record as text.
    fn text(&self) -> String;
    /// The record a text holds, or what is wrong with it.
    fn read(text: &str) -> Result<Self, String>;
}

/// A record kept as its text.
impl RecordText for String {
    fn text(&self) -> String {
        self.clone()
    }

    fn read(text: &str) -> Result<String, String> {
        Ok(text.to_owned())
    }
}

/// A result as the HUD and the finished games show it: its title, its explanation and its
/// colour.
pub type ResultWords = (String, String, Rgb);

/// The words of a match: its result and its log.
pub trait MatchWords: MatchModel {
    /// The result's title, explanation and colour (in `palette`), once the game is over.
    fn result(&self, lang: Lang, palette: &Palette, seats: &Seats) -> Option<ResultWords>;
    /// The result in a line, once the game is over (for the finished games kept): its title
    /// and the explanation's first line.
    fn summary(&self, lang: Lang, palette: &Palette, seats: &Seats) -> String {
        self.result(lang, palette, seats)
            .map(|(title, why, _)| {
                let why = why.lines().next().unwrap_or_default();
                format!("{title} — {why}")
            })
            .unwrap_or_default()
    }
    /// A step as the log writes it (the browser test reads it).
    fn log_text(step: &Self::Step, did: &Self::Did) -> String;
    /// Who made a step, for the log, when the seat says too little (Qiguo's state).
    fn mover_label(_did: &Self::Did) -> Option<String> {
        None
    }
}

/// How a computer's choice shows: on the board (a hint, a review's better move, a lesson) and
/// in a review's words.
pub trait ComputerWords: ComputerGame {
    /// A point of the board, where its marks go.
    type Point: Copy + Eq + Debug + Display + Send + Sync + 'static;
    /// Whether the game is won by taking a flag rather than by mate (a review's words).
    const WON_BY_FLAG: bool = false;

    /// The points that show a computer's `action` on the board (from and to; a flip's point).
    fn action_points(action: &ActionOf<Self>) -> Vec<Self::Point>;
    /// A computer's `action` from the position this model shows, as the game's move list
    /// names it in `lang`.
    fn action_name(&self, action: &ActionOf<Self>, _lang: Lang) -> String {
        action.to_string()
    }
    /// The message id naming a kind of this game's pieces, given by its notation letter (a
    /// review's reasons); none where the game has no names for them.
    fn kind_key(_letter: char) -> Option<&'static str> {
        None
    }
}

/// How a game joins online play, where the server is the authority: its model read from the
/// protocol's table of a room, which the room's view ([`RoomView`](crate::protocol::RoomView))
/// keeps, having accepted every event it shows. The online follower does the rest.
pub trait RoomAdapter: Authority {
    /// The model of a room's table, if the room plays this game; an error says why the table
    /// cannot be shown. `secret`: what the server told this seat alone of the game (an army
    /// deployed in secret), if anything.
    fn from_table(table: &RoomTable, secret: Option<&str>) -> Option<Result<Self, String>>;
    /// The step a room's played action is, if it is an action of this game.
    fn step_of(played: &Played) -> Option<Self::Step>;
    /// How a room's end shows in the model, when the rules cannot tell by themselves.
    /// `table_seats`: the table seat of each room seat.
    fn ending_of(&self, end: GameEnd, table_seats: &[Seat]) -> Option<Self::Ending>;
    /// The whole game rebuilt from the table, where no referee here holds it (online).
    fn whole_seen(&self) -> Option<Self::Whole>;
}

/// Play an action chosen in a position of the match; ignored if illegal or if the position
/// has changed since (a new game, a take-back, another seat's move).
#[derive(Message, Debug)]
pub struct PlayRequest<G: MatchModel> {
    /// The action.
    pub action: G::Action,
    /// The position it was chosen in.
    pub chosen_at: PositionKey,
}

impl<G: MatchModel> Clone for PlayRequest<G> {
    fn clone(&self) -> Self {
        PlayRequest {
            action: self.action,
            chosen_at: self.chosen_at,
        }
    }
}

impl<G: MatchModel> PlayRequest<G> {
    /// Play `action` in the position `table` stands at now.
    pub fn new(action: G::Action, table: &TableState<G>) -> PlayRequest<G> {
        PlayRequest::chosen_at(action, table.key)
    }

    /// Play `action`, chosen in the position `key`.
    pub fn chosen_at(action: G::Action, key: PositionKey) -> PlayRequest<G> {
        PlayRequest {
            action,
            chosen_at: key,
        }
    }
}

/// Put a whole game on the table to play (a new game, a continued one, a lesson's step, the
/// title screen's demonstration); it ends a replay.
#[derive(Message, Clone, Debug)]
pub struct LoadMatch<G: Authority> {
    /// The whole game, with its steps (the local referee keeps it).
    pub game: G::Whole,
    /// Who plays each seat (as many as the game has).
    pub seats: Seats,
    /// Why it is played: [`TableMode::Attract`], [`TableMode::Local`] or
    /// [`TableMode::Lesson`].
    pub mode: TableMode,
}

/// A decision of the authority: the model follows these and nothing else.
#[derive(Message, Debug)]
pub struct Ruling<G: MatchModel> {
    /// The position after the change.
    pub key: PositionKey,
    /// The change.
    pub change: Change<G>,
}

impl<G: MatchModel> Clone for Ruling<G> {
    fn clone(&self) -> Self {
        Ruling {
            key: self.key,
            change: self.change.clone(),
        }
    }
}

/// What a [`Ruling`] changes.
#[derive(Debug)]
pub enum Change<G: MatchModel> {
    /// A game is put on the table as this model shows it, in this mode.
    Started { model: Box<G>, mode: TableMode },
    /// A step was decided.
    Played(G::Step),
    /// This many steps were taken back.
    TakenBack(usize),
    /// The game ended off the board.
    Ended(G::Ending),
}

impl<G: MatchModel> Clone for Change<G> {
    fn clone(&self) -> Self {
        match self {
            Change::Started { model, mode } => Change::Started {
                model: model.clone(),
                mode: *mode,
            },
            Change::Played(step) => Change::Played(step.clone()),
            Change::TakenBack(plies) => Change::TakenBack(*plies),
            Change::Ended(ending) => Change::Ended(*ending),
        }
    }
}

/// A step was played on the table: what it was, what it did, who made it.
#[derive(Message, Debug)]
pub struct StepPlayed<G: MatchModel> {
    /// The step.
    pub step: G::Step,
    /// What it did.
    pub did: G::Did,
    /// The seat that made it.
    pub mover: Seat,
}

impl<G: MatchModel> Clone for StepPlayed<G> {
    fn clone(&self) -> Self {
        StepPlayed {
            step: self.step.clone(),
            did: self.did.clone(),
            mover: self.mover,
        }
    }
}

/// The order of the match's work within
/// [`ClientSet::Apply`](crate::client::schedule::ClientSet::Apply): the authorities rule, the
/// model follows, then the shell hears where the match stands.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatchSet {
    /// The referee or a replay decide.
    Rule,
    /// The server decides: what the room's view accepted is ruled (after the local
    /// authorities, whose requests of the same frame it overtakes).
    Room,
    /// The model follows their rulings.
    Follow,
    /// [`MatchStatus`](crate::client::matches::MatchStatus) follows the model.
    Report,
}
