//! What the player does in a room and what the room answers: the HUD's room actions, the
//! match requests and rematches sent to the server, and the server's refusals shown to the
//! player.

use super::session::{OnlineSession, OwnTakebackRefused};
use super::transport::{FromServer, ToServer};
use crate::client::cues::UiSound;
use crate::client::matches::{LocalClockRuns, MatchRequest, NewMatch};
use crate::client::schedule::ClientSet;
use crate::client::theme::Toast;
use crate::protocol::{ClientMessage, RoomEvent, ServerMessage};
use bevy::prelude::*;

/// What the player asks of the room from the table (the HUD's buttons, a game's own pages);
/// the online code turns each into its message to the server.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum RoomAction {
    /// This seat's army, deployed in secret, as the room's game writes it (the game keeps it
    /// as the session's secret: the server sends it back only when the seat is taken again).
    Deploy(String),
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

pub(super) fn plugin(app: &mut App) {
    app.add_message::<RoomAction>()
        .configure_sets(Update, LocalClockRuns.run_if(offline))
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

/// Whether no online game is on: the local move clock runs then (online, the server keeps
/// the clock).
fn offline(session: Res<OnlineSession>) -> bool {
    !session.active()
}

/// The room actions asked at the table go to the server.
fn forward_room_actions(
    mut actions: MessageReader<RoomAction>,
    mut outgoing: MessageWriter<ToServer>,
) {
    for action in actions.read() {
        outgoing.write(ToServer(match action.clone() {
            RoomAction::Deploy(deployment) => ClientMessage::Deploy { deployment },
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

/// A refusal is shown; a move by someone else chimes while the window is in the background.
fn answer_the_server(
    mut heard: MessageReader<FromServer>,
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
            }
            _ => {}
        }
    }
}
