//! A game played online: the server is the authority. The room's view (the session's
//! [`RoomView`](crate::protocol::RoomView)) is the one follower of the room; this puts what it
//! accepted on the board as [`Ruling`]s, exactly as the local referee's are, and sends this
//! device's actions to the server instead of a referee. One follower serves every game: a game
//! joins by implementing [`RoomAdapter`](crate::client::play::RoomAdapter), its model read
//! from the protocol's table.

use super::game::{Change, Match, MatchSet, PlayRequest, Ruling, TableState};
use super::referee::LocalReferee;
use crate::client::matches::{DrawDeclined, PositionKey, TableMode};
use crate::client::online::{OnlineSession, RoomNews, ToServer};
use crate::client::schedule::{ClientSet, Screen};
use crate::protocol::{ClientMessage, GameEnd, Played, RoomEvent, RoomView};
use crate::rules::Seat;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::marker::PhantomData;

/// What the board shows of the room, as the view had it when the follower last put it there.
#[derive(Clone, Debug, PartialEq)]
struct Shown {
    code: String,
    game_number: u32,
    /// The table seat of each room seat.
    table_seats: Vec<Seat>,
    /// The steps of the game (Qiguo: withdrawals too) and its actions.
    steps: usize,
    history: Vec<Played>,
    /// What this seat alone knew of the game.
    secret: Option<String>,
}

impl Shown {
    fn of(view: &RoomView, table_seats: Vec<Seat>, secret: Option<&str>) -> Shown {
        Shown {
            code: view.code.clone(),
            game_number: view.game_number,
            table_seats,
            steps: view.table.history_len(),
            history: view.table.history(),
            secret: secret.map(str::to_string),
        }
    }
}

/// What the follower of `G` keeps between frames.
#[derive(Resource)]
struct Following<G> {
    /// The room's game on the board, and the position key the follower last named.
    shown: Option<(Shown, PositionKey)>,
    game: PhantomData<fn() -> G>,
}

impl<G> Default for Following<G> {
    fn default() -> Self {
        Following {
            shown: None,
            game: PhantomData,
        }
    }
}

/// The follower of rooms of `G`, and this device's actions sent while one is on.
pub(super) fn plugin<G: Match>(app: &mut App) {
    app.init_resource::<Following<G>>()
        .add_systems(Update, follow_room::<G>.in_set(MatchSet::Room))
        .add_systems(Update, forward_plays::<G>.in_set(ClientSet::Command));
}

/// This device's actions go to the server while a room of `G` is on; one chosen in an older
/// position (the title screen's demonstration, a move the server has overtaken) is not sent.
fn forward_plays<G: Match>(
    mut plays: MessageReader<PlayRequest<G>>,
    table: Res<TableState<G>>,
    session: Res<OnlineSession>,
    mut outgoing: MessageWriter<ToServer>,
) {
    if !G::KINDS.iter().any(|&kind| session.plays(kind)) {
        plays.clear();
        return;
    }
    for play in plays.read().filter(|play| play.chosen_at == table.key) {
        outgoing.write(ToServer(ClientMessage::Act {
            action: play.action.to_string(),
            version: session.version(),
        }));
    }
}

/// What following the room changes besides rulings.
#[derive(SystemParam)]
struct Feedback<'w, 's> {
    next: ResMut<'w, NextState<Screen>>,
    declined: MessageWriter<'w, DrawDeclined>,
    commands: Commands<'w, 's>,
}

/// The board as this frame's rulings will leave it.
struct Ahead<'a, G: Match> {
    model: G,
    /// The key the last ruling named (the table's, before any).
    key: PositionKey,
    referee: &'a mut LocalReferee<G>,
    following: &'a mut Following<G>,
    rulings: Vec<Ruling<G>>,
}

impl<G: Match> Ahead<'_, G> {
    /// A ruling of `change`, the model after it being `self.model`.
    fn rule(&mut self, change: Change<G>, replaced: bool) {
        self.key = self.referee.next_key(self.model.plies(), replaced);
        self.rulings.push(Ruling {
            key: self.key,
            change,
        });
        if let Some((_, key)) = self.following.shown.as_mut() {
            *key = self.key;
        }
    }

    /// Whether the board shows the room as the follower last put it there (no other
    /// authority ruled since).
    fn shows_the_room(&self) -> bool {
        self.following
            .shown
            .as_ref()
            .is_some_and(|(_, key)| *key == self.key)
    }

    /// The room's end, ruled when the rules did not end the game by themselves.
    fn end(&mut self, end: GameEnd, table_seats: &[Seat]) {
        if self.model.over() {
            return;
        }
        if let Some(ending) = self.model.ending_of(end, table_seats) {
            self.model.conclude(ending);
            self.rule(Change::Ended(ending), false);
        }
    }
}

/// The room's changes the view accepted become rulings for the model: a move is played on,
/// anything else that changes the game or its seats puts the view's table on the board anew.
fn follow_room<G: Match>(
    mut news: MessageReader<RoomNews>,
    session: Res<OnlineSession>,
    (model, table): (Res<G>, Res<TableState<G>>),
    (mut following, mut referee): (ResMut<Following<G>>, ResMut<LocalReferee<G>>),
    mut rulings: MessageWriter<Ruling<G>>,
    mut feedback: Feedback,
) {
    let Some(view) = session
        .view
        .as_ref()
        .filter(|view| G::KINDS.contains(&view.game()))
    else {
        news.clear();
        return;
    };
    if news.is_empty() {
        return;
    }
    let mut ahead = Ahead {
        model: model.clone(),
        key: table.key,
        referee: &mut referee,
        following: &mut following,
        rulings: Vec::new(),
    };
    // The version up to which the view's table was put on the board this frame: the news
    // before it are on the board already.
    let mut seated_at = None;
    for change in news.read() {
        let event = match change {
            RoomNews::State => {
                NextState::set_if_neq(&mut feedback.next, Screen::Playing);
                None
            }
            RoomNews::Secret => None,
            RoomNews::Event {
                event: RoomEvent::DrawDeclined { seat },
                ..
            } => {
                if Some(*seat) != session.my_seat() {
                    feedback.declined.write(DrawDeclined);
                }
                continue;
            }
            RoomNews::Event { version, .. } if seated_at.is_some_and(|at| *version <= at) => {
                continue;
            }
            RoomNews::Event { event, .. } => Some(event),
        };
        match event {
            Some(RoomEvent::Played { played, .. }) => {
                if ahead.shows_the_room() && play_on(&mut ahead, played) {
                    continue;
                }
            }
            Some(RoomEvent::GameEnded { end }) if ahead.shows_the_room() => {
                let table_seats = session.table_seats();
                ahead.end(*end, &table_seats);
                continue;
            }
            Some(
                RoomEvent::NewGame { .. }
                | RoomEvent::TakenBack { .. }
                | RoomEvent::Withdrew { .. }
                | RoomEvent::SeatTaken { .. }
                | RoomEvent::ComputerSeated { .. }
                | RoomEvent::SeatLeft { .. }
                | RoomEvent::Deployed { .. }
                | RoomEvent::Unveiled { .. },
            )
            | Some(RoomEvent::GameEnded { .. })
            | None => {}
            Some(_) => continue,
        }
        // What was hidden until the end is known now: the game is put on the board whole.
        let unveiled = matches!(event, Some(RoomEvent::Unveiled { .. }));
        seat(view, &session, &mut ahead, &mut feedback, unveiled);
        seated_at = Some(view.version);
    }
    rulings.write_batch(ahead.rulings);
}

/// Plays a room's action on the board; false when the board cannot follow it (it is put on
/// the board anew from the view then).
fn play_on<G: Match>(ahead: &mut Ahead<G>, played: &Played) -> bool {
    let Some(step) = G::step_of(played) else {
        warn!("{played:?} is no action of this game");
        return false;
    };
    match ahead.model.follow(&step) {
        Ok(did) => {
            let text = G::log_text(&step, &did);
            match G::mover_label(&did) {
                Some(label) => info!("heard {text} ({label})"),
                None => info!("heard {text}"),
            }
            ahead.rule(Change::Played(step), false);
            if let Some((shown, _)) = ahead.following.shown.as_mut() {
                shown.steps += 1;
                shown.history.push(played.clone());
            }
            true
        }
        Err(error) => {
            warn!("the room's {played:?} does not fit the board: {error}");
            false
        }
    }
}

/// Puts the view's table on the board with this device's seats, unless the board already
/// shows it (a click made meanwhile counts then) and nothing hidden was `unveiled`; rules the
/// room's end if it has one.
fn seat<G: Match>(
    view: &RoomView,
    session: &OnlineSession,
    ahead: &mut Ahead<G>,
    feedback: &mut Feedback,
    unveiled: bool,
) {
    let model = match G::from_table(&view.table, session.secret()) {
        Some(Ok(model)) => model,
        Some(Err(error)) => {
            warn!("the room's game cannot be shown: {error}");
            return;
        }
        None => return,
    };
    let Some(seats) = session.seats_here() else {
        warn!("the room's seats do not fit its game");
        return;
    };
    ahead.referee.stand_down();
    feedback.commands.insert_resource(seats);
    let table_seats = session.table_seats();
    let shown = Shown::of(view, table_seats.clone(), session.secret());
    let unchanged = !unveiled
        && ahead.shows_the_room()
        && ahead
            .following
            .shown
            .as_ref()
            .is_some_and(|(was, _)| *was == shown);
    if !unchanged {
        ahead.model = model;
        let started = Change::Started {
            model: Box::new(ahead.model.clone()),
            mode: TableMode::Online,
        };
        ahead.rule(started, true);
    }
    ahead.following.shown = Some((shown, ahead.key));
    if let Some(end) = view.end {
        ahead.end(end, &table_seats);
    }
}
