//! Finished online games shared by link: `GET /games/CODE/N.gif` (game N of room CODE, the
//! first 0, each rematch the next) and `/games/CODE/N/PLY.png` (a position of it), drawn from
//! the room's stored events while the server keeps the room — only what everyone saw (in
//! Junqi the public game).

use super::Shared;
use super::secret::normalise_code;
use super::storage::StoredRoom;
use super::table::Table;
use crate::picture::{Scene, Style};
use crate::protocol::RoomEvent;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// A finished game never changes: caches may keep its pictures a day.
const CACHE: &str = "public, max-age=86400, immutable";

/// Game `number` of a stored room, once it has ended.
fn finished_game(stored: StoredRoom, number: u32) -> Option<Scene> {
    let mut table = Table::new(stored.record);
    for (_, event) in stored.events {
        if matches!(event, RoomEvent::NewGame { .. }) && table.game_number() == number {
            break;
        }
        table.apply(event).ok()?;
    }
    if table.game_number() != number {
        return None;
    }
    table.finished_scene()
}

/// The scene of game `number` of room `code`, or the response that says why there is none.
async fn scene(shared: &Shared, code: &str, number: &str) -> Result<Scene, Response> {
    let not_found = || StatusCode::NOT_FOUND.into_response();
    let code = normalise_code(code).ok_or_else(not_found)?;
    let number: u32 = number.parse().map_err(|_| not_found())?;
    let stored = match shared.storage.load_room(code.clone(), 0).await {
        Ok(Some(stored)) => stored,
        Ok(None) => return Err(not_found()),
        Err(error) => {
            tracing::error!(code, %error, "cannot load a room for its pictures");
            return Err(StatusCode::SERVICE_UNAVAILABLE.into_response());
        }
    };
    finished_game(stored, number).ok_or_else(not_found)
}

/// Draws a picture away from the async workers (a game's GIF takes a fifth of a second).
async fn draw(
    content_type: &'static str,
    draw: impl FnOnce() -> Result<Vec<u8>, crate::picture::PictureError> + Send + 'static,
) -> Response {
    match tokio::task::spawn_blocking(draw).await {
        Ok(Ok(bytes)) => (
            [
                (header::CONTENT_TYPE, content_type),
                (header::CACHE_CONTROL, CACHE),
            ],
            bytes,
        )
            .into_response(),
        Ok(Err(_)) => StatusCode::NOT_FOUND.into_response(),
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// `GET /games/CODE/N.gif`: the whole game, animated.
pub(super) async fn game_gif(
    State(shared): State<Arc<Shared>>,
    Path((code, file)): Path<(String, String)>,
) -> Response {
    let Some(number) = file.strip_suffix(".gif") else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match scene(&shared, &code, number).await {
        Ok(scene) => {
            draw("image/gif", move || {
                let last = scene.frames.len().saturating_sub(1);
                crate::picture::gif(&scene, 0, last, Style::default())
            })
            .await
        }
        Err(response) => response,
    }
}

/// `GET /games/CODE/N/PLY.png`: the position after PLY plies.
pub(super) async fn position_png(
    State(shared): State<Arc<Shared>>,
    Path((code, number, file)): Path<(String, String, String)>,
) -> Response {
    let Some(ply) = file.strip_suffix(".png").and_then(|ply| ply.parse().ok()) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match scene(&shared, &code, &number).await {
        Ok(scene) => {
            draw("image/png", move || {
                crate::picture::png(&scene, ply, Style::default())
            })
            .await
        }
        Err(response) => response,
    }
}
