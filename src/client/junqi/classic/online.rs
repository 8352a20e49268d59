//! Junqi classic in a room: this seat deploys its army on the deployment screen, and the army
//! goes to the server, which keeps it from everyone else until the game ends. The board then
//! follows the room as this seat's line (`model.rs`).

use super::deployment::{ArmyReady, DeploymentScreen};
use super::model::side_of;
use crate::client::online::{OnlineSession, RoomAction};
use crate::client::schedule::ClientSet;
use crate::protocol::RoomTable;
use crate::rules::GameKind;
use crate::rules::junqi::Color as Side;
use bevy::prelude::*;

pub(super) fn logic_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (send_army, open_deployment)
            .chain()
            .in_set(ClientSet::Command),
    );
}

/// The side whose army the room awaits from this device: its seat's, while the seat has not
/// deployed in a game that has not ended.
pub fn army_awaited_here(session: &OnlineSession) -> Option<Side> {
    let view = session.view.as_ref()?;
    let RoomTable::JunqiClassic(state) = &view.table else {
        return None;
    };
    let mine = session.my_seat()?;
    let awaited = view.end.is_none()
        && state.deployed.get(mine.index()) == Some(&false)
        && session.secret().is_none()
        && !session.secret_sent();
    let table_seat = session.table_seats().get(mine.index()).copied();
    table_seat.filter(|_| awaited).map(side_of)
}

/// Whether a classic room's game waits for armies still to be deployed.
pub fn armies_awaited(session: &OnlineSession) -> bool {
    session.view.as_ref().is_some_and(|view| {
        matches!(&view.table, RoomTable::JunqiClassic(state) if !state.ready() && view.end.is_none())
    })
}

/// The deployment screen opens for this seat's side while the room awaits its army.
fn open_deployment(
    session: Res<OnlineSession>,
    screen: Option<Res<DeploymentScreen>>,
    mut commands: Commands,
) {
    if !session.plays(GameKind::JunqiClassic) || screen.is_some() {
        return;
    }
    if let Some(side) = army_awaited_here(&session) {
        info!("the room awaits {side:?}'s army");
        commands.insert_resource(DeploymentScreen::new(side));
    }
}

/// The army deployed here goes to the room, which makes it this seat's secret once it accepts
/// it.
fn send_army(
    mut ready: MessageReader<ArmyReady>,
    mut session: ResMut<OnlineSession>,
    mut room: MessageWriter<RoomAction>,
) {
    if !session.plays(GameKind::JunqiClassic) {
        ready.clear();
        return;
    }
    for ArmyReady(army) in ready.read() {
        info!("army sent: {:?}", army.side());
        session.send_secret(army.to_text());
        room.write(RoomAction::Deploy(army.to_text()));
    }
}
