//! One model for both Junqi games: the match on the table is a flip game ([`FlipMatch`]) or a
//! classic one ([`ClassicMatch`]), and each concern of the match layer, the Junqi board and the
//! HUD goes to that game's own code. The games share the board, the pieces, the actions and the
//! outcomes; their steps, what a step did, their whole games, records and what a computer is
//! given differ, each an enum of the two here. With one model the shared layers are built once
//! for the two games of the Junqi board, not once each.

use super::layout::JunqiBoard;
use super::model::{ActionDid, FlipMatch};
use super::table::{Face, JunqiTable, Staging, Viewer};
use crate::ai::Decision;
use crate::ai::Level;
use crate::ai::junqi::Thinker;
use crate::ai::junqi::classic::ClassicThinker;
use crate::ai::request::{Search, Seen, Sight};
use crate::ai::review::Judgement;
use crate::client::hud::{HudSection, HudWords, Looks};
use crate::client::i18n::Lang;
use crate::client::junqi::classic::{ClassicDid, ClassicMatch, ClassicReach};
use crate::client::matches::{Deal, MatchRequest, NewMatch, PositionKey};
use crate::client::play::{
    Answer, Authority, ComputerWords, MatchModel, MatchWords, PlayRequest, RecordText, Records,
    ResultWords, RoomAdapter,
};
use crate::client::points::{BoardPlay, PointsLesson};
use crate::client::seats::Seats;
use crate::client::table_colours::Palette;
use crate::client::theme::Rgb;
use crate::client::thinking::ComputerGame;
use crate::protocol::{GameEnd, Played, RoomTable};
use crate::rules::junqi::classic::{ClassicGame, Observed, SideLine};
use crate::rules::junqi::{
    Action, Game, GameRecord, Kind, Outcome, PlayedAction, PlayerView, Point,
};
use crate::rules::{GameKind, Seat};
use bevy::ecs::system::SystemParamItem;
use bevy::prelude::*;
use bevy_egui::egui;
use serde::{Deserialize, Serialize};
use std::task::Poll;
use std::time::Duration;

/// The Junqi match on the table, as this device knows it.
#[derive(Resource, Clone, Debug)]
pub enum JunqiMatch {
    /// Junqi flip: every piece starts face down.
    Flip(Box<FlipMatch>),
    /// Junqi classic: each side deploys in secret, a referee judges the battles.
    Classic(ClassicMatch),
}

impl Default for JunqiMatch {
    fn default() -> JunqiMatch {
        JunqiMatch::Flip(Box::default())
    }
}

impl JunqiMatch {
    /// The flip game on the table, if it is one.
    pub fn flip(&self) -> Option<&FlipMatch> {
        match self {
            JunqiMatch::Flip(flip) => Some(flip),
            JunqiMatch::Classic(_) => None,
        }
    }

    /// The classic game on the table, if it is one.
    pub fn classic(&self) -> Option<&ClassicMatch> {
        match self {
            JunqiMatch::Flip(_) => None,
            JunqiMatch::Classic(classic) => Some(classic),
        }
    }
}

/// A step as the authority decided it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JunqiStep {
    /// An action of Junqi flip, with what a flip revealed.
    Flip(PlayedAction),
    /// A move of Junqi classic, with what the referee announced.
    Classic(Observed),
}

/// What a step did on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JunqiDid {
    /// In Junqi flip.
    Flip(ActionDid),
    /// In Junqi classic.
    Classic(ClassicDid),
}

/// The whole game its authority holds.
#[derive(Clone, Debug)]
pub enum JunqiWhole {
    /// Junqi flip, with the deal.
    Flip(Box<Game>),
    /// Junqi classic, with both armies.
    Classic(Box<ClassicGame>),
}

/// A Junqi record as kept and saved: each game's own (flip's is a structure, classic's its
/// text), so the records kept before there was one model still read.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum JunqiRecord {
    /// Junqi flip's record.
    Flip(GameRecord),
    /// Junqi classic's record text.
    Classic(String),
}

impl RecordText for JunqiRecord {
    fn text(&self) -> String {
        match self {
            JunqiRecord::Flip(record) => record.to_text(),
            JunqiRecord::Classic(text) => text.clone(),
        }
    }

    /// A flip record if the text reads as one, else classic's text (checked when it is read
    /// as a game).
    fn read(text: &str) -> Result<JunqiRecord, String> {
        Ok(GameRecord::from_text(text)
            .map(JunqiRecord::Flip)
            .unwrap_or_else(|_| JunqiRecord::Classic(text.to_owned())))
    }
}

/// What the side to move sees, as a computer is given it.
#[derive(Clone, Debug)]
pub enum JunqiSight {
    /// Junqi flip: what everyone sees.
    Flip(PlayerView),
    /// Junqi classic: the side's line.
    Classic(SideLine),
}

/// A computer's decision in either game.
pub enum JunqiThinker {
    /// Junqi flip's.
    Flip(Box<Thinker>),
    /// Junqi classic's.
    Classic(Box<ClassicThinker>),
}

impl Decision for JunqiThinker {
    type Action = Action;

    fn think(&mut self, slice: Option<Duration>) -> Poll<Option<Action>> {
        match self {
            JunqiThinker::Flip(thinker) => thinker.think(slice),
            JunqiThinker::Classic(thinker) => thinker.think(slice),
        }
    }

    fn nodes(&self) -> u64 {
        match self {
            JunqiThinker::Flip(thinker) => Decision::nodes(&**thinker),
            JunqiThinker::Classic(thinker) => Decision::nodes(&**thinker),
        }
    }
}

impl Sight for JunqiSight {
    type Action = Action;
    type Thinker = JunqiThinker;

    fn thinker(&self, search: &Search) -> JunqiThinker {
        match self {
            JunqiSight::Flip(view) => JunqiThinker::Flip(Box::new(view.thinker(search))),
            JunqiSight::Classic(line) => JunqiThinker::Classic(Box::new(line.thinker(search))),
        }
    }

    fn seen(&self) -> Seen {
        match self {
            JunqiSight::Flip(view) => view.seen(),
            JunqiSight::Classic(line) => line.seen(),
        }
    }

    fn judge(&self, played: Action, level: Level) -> Result<Judgement<Action>, String> {
        match self {
            JunqiSight::Flip(view) => view.judge(played, level),
            JunqiSight::Classic(line) => line.judge(played, level),
        }
    }
}

/// Why a step, a record or an ending of one Junqi game does not fit the other.
fn other_game(what: &str) -> String {
    format!("{what} of the other Junqi game")
}

impl MatchModel for JunqiMatch {
    type Action = Action;
    type Step = JunqiStep;
    type Did = JunqiDid;
    type Ending = Outcome;

    fn action(step: &JunqiStep) -> Action {
        match step {
            JunqiStep::Flip(step) => FlipMatch::action(step),
            JunqiStep::Classic(step) => ClassicMatch::action(step),
        }
    }

    fn follow(&mut self, step: &JunqiStep) -> Result<JunqiDid, String> {
        match (self, step) {
            (JunqiMatch::Flip(flip), JunqiStep::Flip(step)) => {
                flip.follow(step).map(JunqiDid::Flip)
            }
            (JunqiMatch::Classic(classic), JunqiStep::Classic(step)) => {
                classic.follow(step).map(JunqiDid::Classic)
            }
            _ => Err(other_game("a step")),
        }
    }

    fn take_back(&mut self, plies: usize) {
        match self {
            JunqiMatch::Flip(flip) => flip.take_back(plies),
            JunqiMatch::Classic(classic) => classic.take_back(plies),
        }
    }

    fn conclude(&mut self, ending: Outcome) {
        match self {
            JunqiMatch::Flip(flip) => flip.conclude(ending),
            JunqiMatch::Classic(classic) => classic.conclude(ending),
        }
    }

    fn plies(&self) -> usize {
        match self {
            JunqiMatch::Flip(flip) => flip.plies(),
            JunqiMatch::Classic(classic) => classic.plies(),
        }
    }

    fn seat_to_move(&self) -> Seat {
        match self {
            JunqiMatch::Flip(flip) => flip.seat_to_move(),
            JunqiMatch::Classic(classic) => classic.seat_to_move(),
        }
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn over(&self) -> bool {
        match self {
            JunqiMatch::Flip(flip) => flip.over(),
            JunqiMatch::Classic(classic) => classic.over(),
        }
    }

    fn winners(&self) -> Option<Vec<Seat>> {
        match self {
            JunqiMatch::Flip(flip) => flip.winners(),
            JunqiMatch::Classic(classic) => classic.winners(),
        }
    }
}

impl Authority for JunqiMatch {
    type Whole = JunqiWhole;

    fn new_game(kind: GameKind, seats: &Seats, deal: Deal, _attract: bool) -> (JunqiWhole, Seats) {
        let whole = if kind == GameKind::JunqiClassic {
            JunqiWhole::Classic(Box::new(ClassicMatch::new_game(deal)))
        } else {
            JunqiWhole::Flip(Box::new(FlipMatch::new_game(deal)))
        };
        (whole, seats.clone())
    }

    fn prepared_here(start: &NewMatch) -> bool {
        start.game == GameKind::JunqiClassic && ClassicMatch::prepared_here(start)
    }

    fn decide(whole: &mut JunqiWhole, action: Action) -> Result<JunqiStep, String> {
        match whole {
            JunqiWhole::Flip(game) => FlipMatch::decide(game, action).map(JunqiStep::Flip),
            JunqiWhole::Classic(game) => ClassicMatch::decide(game, action).map(JunqiStep::Classic),
        }
    }

    fn step_at(whole: &JunqiWhole, ply: usize) -> Option<JunqiStep> {
        match whole {
            JunqiWhole::Flip(game) => FlipMatch::step_at(game, ply).map(JunqiStep::Flip),
            JunqiWhole::Classic(game) => ClassicMatch::step_at(game, ply).map(JunqiStep::Classic),
        }
    }

    fn take_back_whole(whole: &mut JunqiWhole, plies: usize) {
        match whole {
            JunqiWhole::Flip(game) => FlipMatch::take_back_whole(game, plies),
            JunqiWhole::Classic(game) => ClassicMatch::take_back_whole(game, plies),
        }
    }

    fn answer(whole: &mut JunqiWhole, request: MatchRequest, seats: &Seats) -> Answer<Outcome> {
        match whole {
            JunqiWhole::Flip(game) => FlipMatch::answer(game, request, seats),
            JunqiWhole::Classic(game) => ClassicMatch::answer(game, request, seats),
        }
    }

    fn ending(whole: &JunqiWhole) -> Option<Outcome> {
        match whole {
            JunqiWhole::Flip(game) => FlipMatch::ending(game),
            JunqiWhole::Classic(game) => ClassicMatch::ending(game),
        }
    }

    fn shown(whole: &JunqiWhole, plies: usize) -> JunqiMatch {
        match whole {
            JunqiWhole::Flip(game) => JunqiMatch::Flip(Box::new(FlipMatch::shown(game, plies))),
            JunqiWhole::Classic(game) => JunqiMatch::Classic(ClassicMatch::shown(game, plies)),
        }
    }
}

impl Records for JunqiMatch {
    type Record = JunqiRecord;

    fn record(whole: &JunqiWhole) -> JunqiRecord {
        match whole {
            JunqiWhole::Flip(game) => JunqiRecord::Flip(FlipMatch::record(game)),
            JunqiWhole::Classic(game) => JunqiRecord::Classic(ClassicMatch::record(game)),
        }
    }

    fn from_record(kind: GameKind, record: &JunqiRecord) -> Result<JunqiWhole, String> {
        match (kind, record) {
            (GameKind::Junqi, JunqiRecord::Flip(record)) => {
                FlipMatch::from_record(record).map(|game| JunqiWhole::Flip(Box::new(game)))
            }
            (GameKind::JunqiClassic, JunqiRecord::Classic(text)) => {
                ClassicMatch::from_record(text).map(|game| JunqiWhole::Classic(Box::new(game)))
            }
            _ => Err(other_game("a record")),
        }
    }

    /// Read as the game asked for reads it, so that its own complaint is told.
    fn from_text(kind: GameKind, text: &str) -> Result<JunqiWhole, String> {
        if kind == GameKind::JunqiClassic {
            ClassicMatch::from_record(text).map(|game| JunqiWhole::Classic(Box::new(game)))
        } else {
            FlipMatch::from_text(text).map(|game| JunqiWhole::Flip(Box::new(game)))
        }
    }

    fn scene(whole: &JunqiWhole) -> crate::picture::Scene {
        match whole {
            JunqiWhole::Flip(game) => FlipMatch::scene(game),
            JunqiWhole::Classic(game) => ClassicMatch::scene(game),
        }
    }

    fn scene_seen_by(whole: &JunqiWhole, seat: Seat) -> Option<crate::picture::Scene> {
        match whole {
            JunqiWhole::Flip(_) => None,
            JunqiWhole::Classic(game) => ClassicMatch::scene_seen_by(game, seat),
        }
    }
}

impl ComputerGame for JunqiMatch {
    const KINDS: &'static [GameKind] = &[GameKind::Junqi, GameKind::JunqiClassic];
    type Sight = JunqiSight;
    type Request = PlayRequest<JunqiMatch>;

    fn kind(&self) -> GameKind {
        match self {
            JunqiMatch::Flip(_) => GameKind::Junqi,
            JunqiMatch::Classic(_) => GameKind::JunqiClassic,
        }
    }

    fn sight(&self) -> JunqiSight {
        match self {
            JunqiMatch::Flip(flip) => JunqiSight::Flip(flip.sight()),
            JunqiMatch::Classic(classic) => JunqiSight::Classic(classic.sight()),
        }
    }

    fn seed(&self) -> u64 {
        match self {
            JunqiMatch::Flip(flip) => flip.seed(),
            JunqiMatch::Classic(classic) => classic.seed(),
        }
    }

    fn request(action: Action, key: PositionKey) -> PlayRequest<JunqiMatch> {
        PlayRequest::chosen_at(action, key)
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
        Kind::from_letter(letter).map(super::rules_page::kind_key)
    }
}

impl MatchWords for JunqiMatch {
    fn result(&self, lang: Lang, palette: &Palette, seats: &Seats) -> Option<ResultWords> {
        match self {
            JunqiMatch::Flip(flip) => flip.result(lang, palette, seats),
            JunqiMatch::Classic(classic) => classic.result(lang, palette, seats),
        }
    }

    fn log_text(step: &JunqiStep, did: &JunqiDid) -> String {
        match (step, did) {
            (JunqiStep::Flip(step), JunqiDid::Flip(did)) => FlipMatch::log_text(step, did),
            (JunqiStep::Classic(step), JunqiDid::Classic(did)) => ClassicMatch::log_text(step, did),
            (step, _) => JunqiMatch::action(step).to_string(),
        }
    }
}

impl RoomAdapter for JunqiMatch {
    fn from_table(table: &RoomTable, secret: Option<&str>) -> Option<Result<Self, String>> {
        match FlipMatch::from_table(table, secret) {
            Some(flip) => Some(flip.map(|flip| JunqiMatch::Flip(Box::new(flip)))),
            None => ClassicMatch::from_table(table, secret)
                .map(|classic| classic.map(JunqiMatch::Classic)),
        }
    }

    fn step_of(played: &Played) -> Option<JunqiStep> {
        FlipMatch::step_of(played)
            .map(JunqiStep::Flip)
            .or_else(|| ClassicMatch::step_of(played).map(JunqiStep::Classic))
    }

    fn ending_of(&self, end: GameEnd, table_seats: &[Seat]) -> Option<Outcome> {
        match self {
            JunqiMatch::Flip(flip) => flip.ending_of(end, table_seats),
            JunqiMatch::Classic(classic) => classic.ending_of(end, table_seats),
        }
    }

    fn whole_seen(&self) -> Option<JunqiWhole> {
        match self {
            JunqiMatch::Flip(flip) => flip
                .whole_seen()
                .map(|game| JunqiWhole::Flip(Box::new(game))),
            JunqiMatch::Classic(classic) => classic
                .whole_seen()
                .map(|game| JunqiWhole::Classic(Box::new(game))),
        }
    }
}

impl BoardPlay for JunqiMatch {
    type Board = JunqiBoard;

    fn tap_action(&self, point: Point) -> Option<Action> {
        self.flip()?.tap_action(point)
    }

    fn destinations(&self, point: Point) -> Option<Vec<Point>> {
        match self {
            JunqiMatch::Flip(flip) => flip.destinations(point),
            JunqiMatch::Classic(classic) => classic.destinations(point),
        }
    }

    fn occupied(&self, point: Point) -> bool {
        match self {
            JunqiMatch::Flip(flip) => flip.occupied(point),
            JunqiMatch::Classic(classic) => classic.occupied(point),
        }
    }

    fn last_marks(&self) -> Option<(Option<Point>, Point)> {
        match self {
            JunqiMatch::Flip(flip) => flip.last_marks(),
            JunqiMatch::Classic(classic) => classic.last_marks(),
        }
    }
}

impl JunqiTable for JunqiMatch {
    fn face(&self, point: Point, viewer: Viewer) -> Option<Face> {
        match self {
            // Nothing in Junqi flip is known to one side only.
            JunqiMatch::Flip(flip) => flip.face(point),
            JunqiMatch::Classic(classic) => classic.face(point, viewer),
        }
    }

    fn staging(did: &JunqiDid) -> Staging {
        match did {
            JunqiDid::Flip(did) => FlipMatch::staging(did),
            JunqiDid::Classic(did) => ClassicMatch::staging(did),
        }
    }
}

impl PointsLesson<crate::lessons::Junqi> for JunqiMatch {
    fn from_lesson(game: Game) -> JunqiWhole {
        JunqiWhole::Flip(Box::new(game))
    }
}

impl PointsLesson<crate::lessons::JunqiClassic> for JunqiMatch {
    fn from_lesson(game: ClassicGame) -> JunqiWhole {
        JunqiWhole::Classic(Box::new(game))
    }
}

impl HudWords for JunqiMatch {
    fn headline(&self, lang: Lang, colours: &Palette) -> (String, Rgb) {
        match self {
            JunqiMatch::Flip(flip) => flip.headline(lang, colours),
            JunqiMatch::Classic(classic) => classic.headline(lang, colours),
        }
    }

    fn turn_words(&self, lang: Lang, seat: Seat) -> String {
        match self {
            JunqiMatch::Flip(flip) => flip.turn_words(lang, seat),
            JunqiMatch::Classic(classic) => classic.turn_words(lang, seat),
        }
    }

    fn seat_name(&self, lang: Lang, seat: Seat) -> String {
        match self {
            JunqiMatch::Flip(flip) => flip.seat_name(lang, seat),
            JunqiMatch::Classic(classic) => classic.seat_name(lang, seat),
        }
    }

    fn can_concede(&self) -> bool {
        self.flip().is_none_or(FlipMatch::can_concede)
    }
}

impl HudSection for JunqiMatch {
    /// Classic's: flip's section reads nothing beyond the model.
    type Reach = ClassicReach<'static>;

    fn notice(&self, lang: Lang, reach: &SystemParamItem<ClassicReach<'static>>) -> Option<String> {
        match self {
            JunqiMatch::Flip(flip) => flip.notice(lang),
            JunqiMatch::Classic(classic) => classic.notice(lang, reach),
        }
    }

    fn widgets(
        &self,
        ui: &mut egui::Ui,
        looks: &Looks,
        reach: &mut SystemParamItem<ClassicReach<'static>>,
    ) {
        match self {
            JunqiMatch::Flip(flip) => flip.widgets(ui, looks),
            JunqiMatch::Classic(classic) => classic.widgets(ui, looks, reach),
        }
    }

    fn move_entries(&self, looks: &Looks) -> Vec<egui::WidgetText> {
        match self {
            JunqiMatch::Flip(flip) => flip.move_entries(looks),
            JunqiMatch::Classic(classic) => classic.move_entries(looks),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new game of `kind`, dealt from a seed with a few actions played.
    fn dealt(kind: GameKind) -> JunqiWhole {
        let deal = Deal {
            seed: Some(11),
            warm_up: 6,
        };
        JunqiMatch::new_game(kind, &Seats::hot_seat(), deal, false).0
    }

    #[test]
    fn each_game_is_dealt_and_shown_as_itself() {
        for kind in JunqiMatch::KINDS.iter().copied() {
            let shown = JunqiMatch::shown(&dealt(kind), usize::MAX);
            assert_eq!(shown.kind(), kind);
            assert_eq!(shown.plies(), 6, "{kind:?}");
        }
    }

    #[test]
    fn records_keep_each_games_own_form_and_refuse_the_other_game() {
        let flip = JunqiMatch::record(&dealt(GameKind::Junqi));
        let classic = JunqiMatch::record(&dealt(GameKind::JunqiClassic));
        // As saved: flip's record a structure, classic's its text.
        let (flip_saved, classic_saved) = (
            serde_json::to_value(&flip).unwrap(),
            serde_json::to_value(&classic).unwrap(),
        );
        assert!(flip_saved.is_object());
        assert_eq!(classic_saved.as_str(), Some(classic.text().as_str()));
        let read = |value: &serde_json::Value| {
            serde_json::from_value::<JunqiRecord>(value.clone()).unwrap()
        };
        for (kind, saved, other) in [
            (GameKind::Junqi, &flip_saved, GameKind::JunqiClassic),
            (GameKind::JunqiClassic, &classic_saved, GameKind::Junqi),
        ] {
            let whole = JunqiMatch::from_record(kind, &read(saved)).expect("its own record");
            assert_eq!(JunqiMatch::shown(&whole, usize::MAX).kind(), kind);
            let refused = JunqiMatch::from_record(other, &read(saved));
            assert!(refused.unwrap_err().contains("other Junqi game"));
        }
        // Pasted text is read as the game asked for reads it.
        assert!(JunqiMatch::from_text(GameKind::Junqi, &flip.text()).is_ok());
        assert!(JunqiMatch::from_text(GameKind::JunqiClassic, &classic.text()).is_ok());
        assert!(JunqiMatch::from_text(GameKind::JunqiClassic, &flip.text()).is_err());
        assert!(JunqiMatch::from_text(GameKind::Junqi, &classic.text()).is_err());
    }

    #[test]
    fn a_step_of_the_other_game_is_refused_and_changes_nothing() {
        let mut flip = dealt(GameKind::Junqi);
        let mut classic = dealt(GameKind::JunqiClassic);
        let mut model = JunqiMatch::shown(&classic, usize::MAX);
        let before = model.plies();
        let flip_sight = JunqiMatch::shown(&flip, usize::MAX).sight();
        let JunqiSight::Flip(view) = flip_sight else {
            panic!("a flip game's sight");
        };
        let mut actions = crate::rules::junqi::ActionList::new();
        view.legal_actions(&mut actions);
        let step = JunqiMatch::decide(&mut flip, actions[0]).expect("a legal flip action");
        assert!(model.follow(&step).is_err());
        assert_eq!(model.plies(), before);
        // Its own game's step is followed.
        let JunqiSight::Classic(line) = model.sight() else {
            panic!("a classic game's sight");
        };
        let mut moves = crate::rules::junqi::ActionList::new();
        line.current().legal_moves(&mut moves);
        let own = JunqiMatch::decide(&mut classic, moves[0]).expect("a legal move");
        assert!(matches!(model.follow(&own), Ok(JunqiDid::Classic(_))));
        assert_eq!(model.plies(), before + 1);
    }
}
