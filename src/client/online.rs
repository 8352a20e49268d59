//! What every game's online play shares: how the room's seats sit at this device's table,
//! the match requests and rematches sent to the server, and the server's refusals shown to the
//! player. Each game follows the room's state and events for itself.

use super::ClientSet;
use super::cues::UiSound;
use super::matches::{MatchRequest, NewMatch};
use super::net::{FromServer, OnlineSession, OwnTakebackRefused, ToServer};
use super::seats::{Controller, Seats};
use super::theme::Toast;
use crate::protocol::{ClientMessage, ErrorCode, RoomEvent, RoomSeat, ServerMessage};
use crate::rules::Seat;
use bevy::prelude::*;

/// What the player asks of the room from the table (the HUD's buttons); the online code turns
/// each into its message to the server.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoomAction {
    /// The host starts a table for more than two now, the computer taking the free seats.
    Start,
    /// Leave the room for good.
    Leave,
    /// Answer the draw another seat offered.
    AnswerDraw {
        /// Whether the draw is agreed.
        accept: bool,
    },
    /// Ask to take back the last move.
    AskTakeback,
    /// Take back this seat's own request to take back.
    WithdrawTakeback,
    /// Answer another seat's request to take back.
    AnswerTakeback {
        /// Whether the move is taken back.
        accept: bool,
    },
}

/// Where each room seat sits at this device's table, by room seat, at a table for more than
/// two (the game that follows the room keeps it; the two-seat games use [`table_seat`]).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct RoomTable(pub Vec<Seat>);

/// The table seat (0 moves first) of a room seat, when `first` moves first in the room's game.
pub fn table_seat(first: RoomSeat, seat: RoomSeat) -> Seat {
    Seat((seat.0 + 2 - first.0.min(1)) % 2)
}

/// The seats of a two-seat room at this device's table, when `first` moves first: the
/// player's own seat is local, the other remote.
pub fn room_seats(first: RoomSeat, mine: Option<RoomSeat>) -> Seats {
    let controllers = (0..2)
        .map(|table| {
            let room_seat = RoomSeat((table + first.0.min(1)) % 2);
            if mine == Some(room_seat) {
                Controller::Local
            } else {
                Controller::Remote
            }
        })
        .collect::<Vec<_>>();
    Seats::try_from(controllers).expect("two seats")
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RoomTable>()
        .add_message::<RoomAction>()
        .add_systems(
            Update,
            (
                forward_match_requests,
                forward_room_actions,
                forward_rematches,
            )
                .in_set(ClientSet::Command),
        )
        .add_systems(Update, answer_the_server.in_set(ClientSet::Apply));
}

/// The room actions asked at the table go to the server.
fn forward_room_actions(
    mut actions: MessageReader<RoomAction>,
    mut outgoing: MessageWriter<ToServer>,
) {
    for action in actions.read() {
        outgoing.write(ToServer(match *action {
            RoomAction::Start => ClientMessage::Start { level: None },
            RoomAction::Leave => ClientMessage::Leave {},
            RoomAction::AnswerDraw { accept } => ClientMessage::AnswerDraw { accept },
            RoomAction::AskTakeback => ClientMessage::AskTakeback {},
            RoomAction::WithdrawTakeback => ClientMessage::WithdrawTakeback {},
            RoomAction::AnswerTakeback { accept } => ClientMessage::AnswerTakeback { accept },
        }));
    }
}

/// Resign and draws go to the server while online; take-backs and the clock are not ours.
fn forward_match_requests(
    mut requests: MessageReader<MatchRequest>,
    session: Res<OnlineSession>,
    mut outgoing: MessageWriter<ToServer>,
) {
    if !session.active() {
        requests.clear();
        return;
    }
    for request in requests.read() {
        let message = match request {
            MatchRequest::Resign => ClientMessage::Resign {},
            MatchRequest::OfferDraw => ClientMessage::OfferDraw {},
            MatchRequest::AgreeDraw => ClientMessage::AnswerDraw { accept: true },
            // No take-backs against a player elsewhere; the server keeps the clock.
            MatchRequest::Undo | MatchRequest::OutOfTime => continue,
        };
        outgoing.write(ToServer(message));
    }
}

/// "Rematch" in an online game asks the server for one.
fn forward_rematches(
    mut starts: MessageReader<NewMatch>,
    session: Res<OnlineSession>,
    mut outgoing: MessageWriter<ToServer>,
) {
    for start in starts.read() {
        if session.active() && session.game() == Some(start.game) && !start.attract {
            outgoing.write(ToServer(ClientMessage::Rematch {}));
        }
    }
}

/// A refusal is shown (and an outdated request catches up); a new game or a newcomer in the
/// room asks for the whole state again; a move by someone else chimes while the window is in
/// the background.
fn answer_the_server(
    mut heard: MessageReader<FromServer>,
    mut outgoing: MessageWriter<ToServer>,
    mut toast: ResMut<Toast>,
    session: Res<OnlineSession>,
    windows: Query<&Window>,
    mut sounds: MessageWriter<UiSound>,
    mut refused: MessageReader<OwnTakebackRefused>,
) {
    for OwnTakebackRefused { lapsed } in refused.read() {
        toast.show_key(if *lapsed {
            "toast-takeback-lapsed"
        } else {
            "toast-takeback-declined"
        });
    }
    for FromServer(message) in heard.read() {
        match message {
            ServerMessage::Event {
                event: RoomEvent::Played { seat, .. },
                ..
            } if session.my_seat() != Some(*seat)
                && windows.iter().any(|window| !window.focused) =>
            {
                sounds.write(UiSound::OpponentMoved);
            }
            ServerMessage::Error { message, code, .. } => {
                warn!("the server refused: {code:?} {message}");
                toast.show_key_with("toast-online-error", message.clone());
                if *code == ErrorCode::Stale {
                    outgoing.write(ToServer(ClientMessage::Sync {}));
                }
            }
            ServerMessage::Event {
                event:
                    RoomEvent::NewGame { .. }
                    | RoomEvent::SeatTaken { .. }
                    | RoomEvent::ComputerSeated { .. }
                    // The games only play moves on: a rewound one is put on the table anew.
                    | RoomEvent::TakenBack { .. },
                ..
            } => {
                outgoing.write(ToServer(ClientMessage::Sync {}));
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seat_that_moves_first_sits_at_table_seat_zero() {
        assert_eq!(table_seat(RoomSeat(0), RoomSeat(0)), Seat(0));
        assert_eq!(table_seat(RoomSeat(1), RoomSeat(1)), Seat(0));
        assert_eq!(table_seat(RoomSeat(1), RoomSeat(0)), Seat(1));
        let seats = room_seats(RoomSeat(1), Some(RoomSeat(1)));
        assert_eq!(seats.controller(Seat(0)), Controller::Local);
        assert_eq!(seats.controller(Seat(1)), Controller::Remote);
        let watching = room_seats(RoomSeat(0), None);
        assert!(watching.iter().all(|(_, c)| c == Controller::Remote));
    }
}
