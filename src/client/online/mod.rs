//! Online play: the line to the server (`transport.rs`: one WebSocket, reconnects, the
//! keep-alive), the session (`session.rs`: what was asked, the room this device is in and the
//! protocol's view of it, the one resync policy, [`RoomNews`] of what the view accepted), and
//! what the player does in a room and what the room answers (`room.rs`). The match layer's
//! follower (`client/play/room.rs`) puts the room's game on the board.

mod room;
mod session;
mod transport;

pub use room::RoomAction;
pub use session::{
    GoOffline, GoOnline, LinkState, OnlineRequest, OnlineSession, RoomNews, RoomPlan,
    finished_game_link, invite_link,
};
pub use transport::{FromServer, LineCheck, ToServer};

use bevy::prelude::*;

/// Everything online but the per-game follower: it runs headless too (tests play through a
/// real server with it).
pub(super) fn logic_plugin(app: &mut App) {
    app.add_plugins((session::plugin, transport::plugin, room::plugin));
}
