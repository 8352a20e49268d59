//! A Junqi game played online: the server is the authority. Its room state and events become
//! [`Ruling`]s for the model, exactly as the local referee's do, and this device's requests go
//! to the server instead of a referee. No face-down identity ever reaches this device.

use super::model::{Change, JunqiMatch, PlayRequest, Ruling};
use crate::client::matches::{DrawDeclined, PositionKey};
use crate::client::net::{FromServer, OnlineSession, ToServer};
use crate::client::online::{room_seats, table_seat};
use crate::client::thinking::ComputerGame;
use crate::client::{ClientSet, Screen};
use crate::protocol::{self, ClientMessage, GameEnd, OffTheBoard, RoomEvent, ServerMessage};
use crate::rules::GameKind;
use crate::rules::junqi::{DrawReason, Outcome, WinReason};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// How the room's seats sit at this device's table: the table's seat 0 moves first.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomSeating {
    /// The room seat that moves first in this game.
    first: protocol::RoomSeat,
    /// The authority's count of games and take-overs, for position keys.
    generation: u64,
}

impl Default for RoomSeating {
    fn default() -> RoomSeating {
        RoomSeating {
            first: protocol::RoomSeat(0),
            generation: 0,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RoomSeating>()
        .init_resource::<PendingEnd>()
        .add_systems(Update, forward_plays.in_set(ClientSet::Command));
}

/// This device's actions go to the server while a Junqi room is on.
fn forward_plays(
    mut plays: MessageReader<PlayRequest>,
    model: Res<JunqiMatch>,
    session: Res<OnlineSession>,
    mut outgoing: MessageWriter<ToServer>,
) {
    if !session.plays(GameKind::Junqi) {
        plays.clear();
        return;
    }
    // An action chosen in an older position (the title screen's demonstration, a move the
    // server has overtaken) is not sent.
    for play in plays.read().filter(|play| play.chosen_at == model.key()) {
        outgoing.write(ToServer(ClientMessage::Act {
            action: play.action.to_string(),
            version: session.version(),
        }));
    }
}

/// The outcome a room's end means for the model, when the public game cannot tell by itself.
fn conceded(end: GameEnd, seating: RoomSeating, model: &JunqiMatch) -> Option<Outcome> {
    let winner_colour = end
        .winner
        .and_then(|seat| model.colour_of(table_seat(seating.first, seat)));
    let win = |reason| winner_colour.map(|winner| Outcome::Win { winner, reason });
    // The rules end the other games by themselves.
    match end.reason.off_the_board()? {
        OffTheBoard::Agreement => Some(Outcome::Draw(DrawReason::Agreement)),
        OffTheBoard::Resignation => win(WinReason::Resignation),
        OffTheBoard::OutOfTime => win(WinReason::OutOfTime),
        OffTheBoard::Abandoned => win(WinReason::Abandoned),
    }
}

/// What the server says becomes rulings for the model.
pub(super) fn follow_server(
    mut heard: MessageReader<FromServer>,
    session: Res<OnlineSession>,
    model: Res<JunqiMatch>,
    mut seating: ResMut<RoomSeating>,
    mut rulings: MessageWriter<Ruling>,
    mut commands: Commands,
    mut feedback: Feedback,
) {
    let mut ply = model.public.history().len();
    // Whether this frame's messages already changed the game the model will show.
    let mut ruled = false;
    for FromServer(message) in heard.read() {
        match message {
            ServerMessage::Sync { room } => {
                // A room of another game is that game's to follow.
                let protocol::GameState::Junqi(junqi) = &room.game else {
                    continue;
                };
                let public = match junqi.public_game() {
                    Ok(public) => public,
                    Err(error) => {
                        warn!("the room's state does not replay: {error}");
                        continue;
                    }
                };
                // A state that shows the game already on the table (a resync when the other
                // player arrives) changes nothing: a click made meanwhile still counts.
                let unchanged = !ruled
                    && !model.attract
                    && seating.first == room.first_seat
                    && model.public == public;
                seating.first = room.first_seat;
                commands.insert_resource(room_seats(seating.first, session.my_seat()));
                NextState::set_if_neq(&mut feedback.next, Screen::Playing);
                if unchanged {
                    continue;
                }
                seating.generation += 1;
                ply = public.history().len();
                ruled = true;
                rulings.write(Ruling {
                    key: PositionKey {
                        generation: seating.generation,
                        ply,
                    },
                    change: Change::Started {
                        public: Box::new(public),
                        attract: false,
                    },
                });
                if let Some(end) = room.end {
                    feedback.pending.0 = Some(end);
                }
            }
            ServerMessage::Event { event, .. } => match event {
                RoomEvent::Played {
                    played: protocol::Played::Junqi(played),
                    ..
                } => {
                    ply += 1;
                    ruled = true;
                    rulings.write(Ruling {
                        key: PositionKey {
                            generation: seating.generation,
                            ply,
                        },
                        change: Change::Played(*played),
                    });
                }
                RoomEvent::GameEnded { end } if session.plays(GameKind::Junqi) => {
                    feedback.pending.0 = Some(*end);
                }
                RoomEvent::DrawDeclined { seat }
                    if session.plays(GameKind::Junqi) && Some(*seat) != session.my_seat() =>
                {
                    feedback.declined.write(DrawDeclined);
                }
                _ => {}
            },
            _ => {}
        }
    }
}

/// What following the server sends on, besides rulings.
#[derive(SystemParam)]
pub(super) struct Feedback<'w> {
    next: ResMut<'w, NextState<Screen>>,
    declined: MessageWriter<'w, DrawDeclined>,
    pending: ResMut<'w, PendingEnd>,
}

/// A game end heard from the server, ruled once the model shows the game it ends (the winner's
/// colour comes from the model).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub(super) struct PendingEnd(Option<GameEnd>);

/// Rules a pending end for the model.
pub(super) fn rule_room_end(
    mut pending: ResMut<PendingEnd>,
    model: Res<JunqiMatch>,
    seating: Res<RoomSeating>,
    mut rulings: MessageWriter<Ruling>,
) {
    let Some(end) = pending.0.take() else {
        return;
    };
    if model.outcome().is_none()
        && let Some(outcome) = conceded(end, *seating, &model)
    {
        rulings.write(Ruling {
            key: PositionKey {
                generation: seating.generation,
                ply: model.public.history().len(),
            },
            change: Change::Conceded(outcome),
        });
    }
}
