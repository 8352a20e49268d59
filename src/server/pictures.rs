//! Finished online games shared by link: `GET /games/CODE/N.gif` (game N of room CODE, the
//! first 0, each rematch the next) and `/games/CODE/N/PLY.png` (a position of it), drawn from
//! the room's stored events while the server keeps the room — only what everyone saw (in
//! Junqi the public game).
//!
//! The work is bounded whatever is asked: a finished game never changes, so each picture is
//! drawn once and kept in memory ([`PictureCache`], at most [`CACHE_BYTES`]) with an `ETag`;
//! at most [`DRAWING_AT_ONCE`] pictures are loaded and drawn at once, and a request that finds
//! no place within [`DRAWING_WAIT`] gets 503 with `Retry-After`. The room is read outside the
//! SQLite writer's thread ([`super::storage::Storage::read_room`]), so pictures never delay a
//! commit.

use super::Shared;
use super::secret::normalise_code;
use super::storage::StoredRoom;
use super::table::Table;
use crate::picture::{Scene, Style};
use crate::protocol::RoomEvent;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;

/// A finished game never changes: caches may keep its pictures a day.
const CACHE: &str = "public, max-age=86400, immutable";

/// The most bytes of pictures kept in memory; the oldest go first.
pub const CACHE_BYTES: usize = 32 << 20;

/// Pictures loaded and drawn at once (a game's GIF takes about a fifth of a second of one core).
pub const DRAWING_AT_ONCE: usize = 2;

/// How long a request waits for a place to draw before it is told to come back.
pub const DRAWING_WAIT: Duration = Duration::from_secs(2);

/// A picture drawn, and its entity tag.
struct Picture {
    content_type: &'static str,
    bytes: axum::body::Bytes,
    etag: String,
}

/// The pictures drawn lately, by path, within [`CACHE_BYTES`].
#[derive(Default)]
pub struct PictureCache {
    pictures: HashMap<String, Arc<Picture>>,
    /// Paths in the order they were drawn, the oldest first.
    order: VecDeque<String>,
    bytes: usize,
}

impl PictureCache {
    fn get(&self, path: &str) -> Option<Arc<Picture>> {
        self.pictures.get(path).cloned()
    }

    /// Keeps `picture` under `path`, forgetting the oldest ones beyond [`CACHE_BYTES`] (a
    /// picture larger than all of it is not kept).
    fn keep(&mut self, path: String, picture: Arc<Picture>) {
        let size = picture.bytes.len();
        if size > CACHE_BYTES || self.pictures.contains_key(&path) {
            return;
        }
        while self.bytes + size > CACHE_BYTES {
            let Some(oldest) = self.order.pop_front() else {
                break;
            };
            if let Some(gone) = self.pictures.remove(&oldest) {
                self.bytes -= gone.bytes.len();
            }
        }
        self.bytes += size;
        self.order.push_back(path.clone());
        self.pictures.insert(path, picture);
    }
}

/// A place to draw, held: counted in the `kawu_pictures_drawing` gauge until it is let go.
struct Place<'a> {
    _permit: tokio::sync::SemaphorePermit<'a>,
    drawing: &'a prometheus::IntGauge,
}

impl<'a> Place<'a> {
    fn new(permit: tokio::sync::SemaphorePermit<'a>, drawing: &'a prometheus::IntGauge) -> Self {
        drawing.inc();
        Place {
            _permit: permit,
            drawing,
        }
    }
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        self.drawing.dec();
    }
}

/// What a picture's request names: the room, the game, and the file.
struct Wanted {
    code: String,
    number: u32,
    /// The cache's key: the normalised code, the game and the file.
    path: String,
}

impl Wanted {
    fn new(code: &str, number: &str, file: &str) -> Option<Wanted> {
        let code = normalise_code(code)?;
        let number: u32 = number.parse().ok()?;
        let path = format!("{code}/{number}/{file}");
        Some(Wanted { code, number, path })
    }
}

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

/// The scene of the game `wanted` names, or the response that says why there is none.
async fn scene(shared: &Shared, wanted: &Wanted) -> Result<Scene, Response> {
    let stored = match shared.storage.read_room(wanted.code.clone()).await {
        Ok(Some(stored)) => stored,
        Ok(None) => return Err(StatusCode::NOT_FOUND.into_response()),
        Err(error) => {
            tracing::error!(code = wanted.code, %error, "cannot load a room for its pictures");
            return Err(StatusCode::SERVICE_UNAVAILABLE.into_response());
        }
    };
    finished_game(stored, wanted.number).ok_or_else(|| StatusCode::NOT_FOUND.into_response())
}

/// The answer with `picture`: 304 when the client holds it already (its `If-None-Match`).
fn answer(picture: &Picture, request: &HeaderMap) -> Response {
    let held = request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|tag| tag.trim() == picture.etag || tag.trim() == "*");
    let headers = [
        (header::CACHE_CONTROL, CACHE.to_string()),
        (header::ETAG, picture.etag.clone()),
    ];
    if held {
        return (StatusCode::NOT_MODIFIED, headers).into_response();
    }
    (
        headers,
        [(header::CONTENT_TYPE, picture.content_type)],
        picture.bytes.clone(),
    )
        .into_response()
}

/// The picture `wanted` names: from the cache, or loaded and drawn by `draw` (away from the
/// async workers) once a place to draw is free.
async fn picture(
    shared: &Shared,
    wanted: Wanted,
    request: &HeaderMap,
    content_type: &'static str,
    draw: impl FnOnce(Scene) -> Result<Vec<u8>, crate::picture::PictureError> + Send + 'static,
) -> Response {
    if let Some(picture) = shared.picture_cache().get(&wanted.path) {
        return answer(&picture, request);
    }
    let place = match tokio::time::timeout(DRAWING_WAIT, shared.drawing.acquire()).await {
        Ok(Ok(permit)) => Place::new(permit, &shared.metrics.pictures_drawing),
        _ => {
            shared.metrics.pictures_refused.inc();
            let seconds = DRAWING_WAIT.as_secs().max(1).to_string();
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                [(header::RETRY_AFTER, seconds)],
                "too many pictures are being drawn; try again shortly",
            )
                .into_response();
        }
    };
    // Drawn meanwhile by a request that held the place before.
    if let Some(picture) = shared.picture_cache().get(&wanted.path) {
        return answer(&picture, request);
    }
    let scene = match scene(shared, &wanted).await {
        Ok(scene) => scene,
        Err(response) => return response,
    };
    let drawn = tokio::task::spawn_blocking(move || draw(scene)).await;
    drop(place);
    let bytes = match drawn {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(_)) => return StatusCode::NOT_FOUND.into_response(),
        Err(_) => return StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    };
    shared.metrics.pictures_drawn.inc();
    let digest = super::secret::sha256_hex(&bytes);
    let picture = Arc::new(Picture {
        content_type,
        etag: format!("\"{}\"", &digest[..32]),
        bytes: bytes.into(),
    });
    shared.picture_cache().keep(wanted.path, picture.clone());
    answer(&picture, request)
}

/// `GET /games/CODE/N.gif`: the whole game, animated.
pub(super) async fn game_gif(
    State(shared): State<Arc<Shared>>,
    Path((code, file)): Path<(String, String)>,
    request: HeaderMap,
) -> Response {
    let Some(wanted) = file
        .strip_suffix(".gif")
        .and_then(|number| Wanted::new(&code, number, "gif"))
    else {
        return StatusCode::NOT_FOUND.into_response();
    };
    picture(&shared, wanted, &request, "image/gif", |scene| {
        let last = scene.frames.len().saturating_sub(1);
        crate::picture::gif(&scene, 0, last, Style::default())
    })
    .await
}

/// `GET /games/CODE/N/PLY.png`: the position after PLY plies.
pub(super) async fn position_png(
    State(shared): State<Arc<Shared>>,
    Path((code, number, file)): Path<(String, String, String)>,
    request: HeaderMap,
) -> Response {
    let Some(ply) = file
        .strip_suffix(".png")
        .and_then(|ply| ply.parse::<usize>().ok())
    else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let Some(wanted) = Wanted::new(&code, &number, &format!("{ply}.png")) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    picture(&shared, wanted, &request, "image/png", move |scene| {
        crate::picture::png(&scene, ply, Style::default())
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(bytes: usize) -> Arc<Picture> {
        Arc::new(Picture {
            content_type: "image/png",
            bytes: vec![0; bytes].into(),
            etag: "\"x\"".into(),
        })
    }

    #[test]
    fn the_cache_keeps_the_newest_pictures_within_its_bound() {
        let mut cache = PictureCache::default();
        let third = CACHE_BYTES / 3;
        for name in ["a", "b", "c"] {
            cache.keep(name.into(), picture(third));
        }
        assert!(cache.get("a").is_some() && cache.get("c").is_some());
        cache.keep("d".into(), picture(third));
        assert!(cache.get("a").is_none(), "the oldest went");
        assert!(cache.get("b").is_some() && cache.get("d").is_some());
        assert!(cache.bytes <= CACHE_BYTES);
        cache.keep("huge".into(), picture(CACHE_BYTES + 1));
        assert!(cache.get("huge").is_none() && cache.get("d").is_some());
    }
}
