//! A game played online: the server is the authority. Its room state and events become
//! [`Ruling`]s for the model, exactly as the local referee's do, and this device's actions go
//! to the server instead of a referee. One follower serves every game; each game says what a
//! room's state and events mean for its model ([`Match::from_room`], [`Match::heard`]).

use super::game::{Change, Heard, Match, PlayRequest, Ruling, TableState};
use super::referee::LocalReferee;
use crate::client::Screen;
use crate::client::matches::DrawDeclined;
use crate::client::net::{FromServer, OnlineSession, ToServer};
use crate::client::online::RoomTable;
use crate::protocol::{ClientMessage, GameEnd, RoomEvent, ServerMessage};
use crate::rules::Seat;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// What the follower keeps of the room between frames.
#[derive(Resource)]
pub(super) struct Following<G: Match> {
    /// The room's game number and the table seat of each room seat, as last heard.
    seating: Option<(u32, Vec<Seat>)>,
    /// A game end heard from the server, ruled once the model shows the game it ends.
    pending: Option<GameEnd>,
    game: std::marker::PhantomData<G>,
}

impl<G: Match> Default for Following<G> {
    fn default() -> Self {
        Following {
            seating: None,
            pending: None,
            game: std::marker::PhantomData,
        }
    }
}

pub(super) fn plugin<G: Match>(app: &mut App) {
    app.init_resource::<Following<G>>();
}

/// This device's actions go to the server while a room of `G` is on; one chosen in an older
/// position (the title screen's demonstration, a move the server has overtaken) is not sent.
pub(super) fn forward_plays<G: Match>(
    mut plays: MessageReader<PlayRequest<G>>,
    table: Res<TableState<G>>,
    session: Res<OnlineSession>,
    mut outgoing: MessageWriter<ToServer>,
) {
    if !session.plays(G::KIND) {
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

/// What following the server changes besides rulings.
#[derive(SystemParam)]
pub(super) struct Feedback<'w> {
    next: ResMut<'w, NextState<Screen>>,
    declined: MessageWriter<'w, DrawDeclined>,
    outgoing: MessageWriter<'w, ToServer>,
    room_table: ResMut<'w, RoomTable>,
}

/// What the server says becomes rulings for the model.
pub(super) fn follow_server<G: Match>(
    mut heard: MessageReader<FromServer>,
    (session, model, table): (Res<OnlineSession>, Res<G>, Res<TableState<G>>),
    (mut following, mut referee): (ResMut<Following<G>>, ResMut<LocalReferee<G>>),
    mut rulings: MessageWriter<Ruling<G>>,
    mut commands: Commands,
    mut feedback: Feedback,
) {
    if heard.is_empty() {
        return;
    }
    // The model as this frame's rulings will leave it.
    let (mut ahead, mut ahead_table) = (model.clone(), *table);
    for FromServer(message) in heard.read() {
        match message {
            ServerMessage::Sync { room } => {
                // A room of another game is that game's to follow.
                let seated = match G::from_room(room, session.my_seat()) {
                    None => continue,
                    Some(Ok(seated)) => seated,
                    Some(Err(error)) => {
                        warn!("the room's state does not replay: {error}");
                        continue;
                    }
                };
                referee.stand_down();
                commands.insert_resource(seated.seats.clone());
                feedback
                    .room_table
                    .set_if_neq(RoomTable(seated.room_table.clone()));
                NextState::set_if_neq(&mut feedback.next, Screen::Playing);
                let seating = Some((room.game_number, seated.room_table));
                // A state that shows the game already on the table (a resync when the other
                // player arrives, a seat filled) changes nothing: a click made meanwhile counts.
                let unchanged = following.seating == seating
                    && ahead_table.loaded()
                    && !ahead_table.attract
                    && ahead.same_game(&seated.model);
                following.seating = seating;
                following.pending = room.end;
                if unchanged {
                    continue;
                }
                // A game from a room's state is not on the table until its ruling is followed.
                (ahead, ahead_table) = (seated.model, TableState::default());
                rulings.write(Ruling {
                    key: referee.next_key(ahead.plies(), true),
                    change: Change::Started {
                        model: Box::new(ahead.clone()),
                        attract: false,
                    },
                });
            }
            ServerMessage::Event { event, .. } if session.plays(G::KIND) => match event {
                RoomEvent::GameEnded { end } => following.pending = Some(*end),
                RoomEvent::DrawDeclined { seat } => {
                    if Some(*seat) != session.my_seat() {
                        feedback.declined.write(DrawDeclined);
                    }
                }
                // Who plays here may have changed (this device's player left): sit anew.
                RoomEvent::SeatLeft { .. } => {
                    feedback.outgoing.write(ToServer(ClientMessage::Sync {}));
                }
                event => {
                    let ruled = ahead.heard(event).and_then(|heard| match heard {
                        Heard::Nothing => Ok(None),
                        Heard::Step(step) => {
                            let did = ahead.follow(&step)?;
                            let text = G::log_text(&step, &did);
                            match G::mover_label(&did) {
                                Some(label) => info!("heard {text} ({label})"),
                                None => info!("heard {text}"),
                            }
                            let key = referee.next_key(ahead.plies(), false);
                            Ok(Some((key, Change::Played(step))))
                        }
                        Heard::Replaced(game) => {
                            ahead = game;
                            let key = referee.next_key(ahead.plies(), true);
                            let model = Box::new(ahead.clone());
                            Ok(Some((
                                key,
                                Change::Started {
                                    model,
                                    attract: false,
                                },
                            )))
                        }
                    });
                    match ruled {
                        Ok(Some((key, change))) => {
                            rulings.write(Ruling { key, change });
                        }
                        Ok(None) => {}
                        Err(error) => {
                            warn!("the server's news does not fit: {error}");
                            // Catch up with the whole state rather than show a wrong board.
                            feedback.outgoing.write(ToServer(ClientMessage::Sync {}));
                        }
                    }
                }
            },
            _ => {}
        }
    }
}

/// Rules a pending end once the model shows the game it ends.
pub(super) fn rule_room_end<G: Match>(
    mut following: ResMut<Following<G>>,
    model: Res<G>,
    mut referee: ResMut<LocalReferee<G>>,
    mut rulings: MessageWriter<Ruling<G>>,
) {
    let Some(end) = following.pending.take() else {
        return;
    };
    let room_table = following
        .seating
        .as_ref()
        .map(|(_, table)| table.as_slice())
        .unwrap_or_default();
    if !model.over()
        && let Some(ending) = model.ending_of(end, room_table)
    {
        rulings.write(Ruling {
            key: referee.next_key(model.plies(), false),
            change: Change::Ended(ending),
        });
    }
}
