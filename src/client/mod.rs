//! The Bevy game client.
//!
//! The shared shell — screens, menus, theme, settings, translations, audio, the HUD frame,
//! seats, computer thinking, the autosave and replays — knows no game: it reads the
//! [`Catalog`] each game registers in. Each game lives in its own folder (`junqi/`,
//! `xiangqi/`, `qiguo/`) and talks to the shell through a few types ([`MatchStatus`],
//! [`NewMatch`], [`MatchRequest`], [`HudText`], cues and sounds); `games.rs` composes them.
//! `points/` is the one board layer of the games of pieces on points (Xiangqi, Qiguo);
//! `timeline` animates the pieces and sends the cues (`cues.rs`) that audio and the table follow;
//! `tabletop/` is the game-neutral presentation: particles, camera, devices, the table's text.
//!
//! [`GameLogicPlugin`] (`app.rs`) holds everything that does not render and runs under `MinimalPlugins`,
//! which is how `tests/client.rs` drives it; [`run`] adds the window, rendering, egui, audio and
//! persistence on top. The rules decide everything; the client only presents them. The model
//! changes first, then animations catch up, so a skipped animation never corrupts a game.

mod app;
mod attract;
mod audio;
mod catalog;
mod cli;
mod clipboard;
mod cues;
mod games;
mod hud;
mod i18n;
pub mod junqi;
mod lessons;
mod matches;
mod menu;
mod online;
mod places;
pub mod play;
pub mod points;
pub mod qiguo;
mod records;
mod rules_page;
mod save;
mod schedule;
mod seats;
mod settings;
mod share;
mod storage;
pub mod table_colours;
pub mod tabletop;
mod theme;
mod thinking;
pub mod timeline;
pub mod xiangqi;

pub use app::{GameLogicPlugin, run};
pub use catalog::{Catalog, GameEntry};
pub use cues::UiSound;
pub use hud::HudText;
pub use i18n::{Lang, tr, tr_args};
pub use lessons::{
    LessonAnswer, LessonOfferAnswered, LessonOn, LessonRun, StartLessonStep, offers_lesson,
};
pub use matches::{
    Deal, DrawDeclined, LocalClock, MatchRequest, MatchStatus, NewMatch, PositionKey,
    ReplayProgress, ResumeMatch, TableGame, TableMode,
};
pub use online::{
    FromServer, GoOnline, LineCheck, LinkState, OnlineRequest, OnlineSession, RoomAction, RoomPlan,
    ToServer, finished_game_link,
};
pub use records::{
    BadRecord, FinishedGame, FinishedGames, RecordSource, ReplayRequest, WatchReplay,
};
pub use save::BadSave;
pub use schedule::{ClientSet, Screen};
pub use seats::{Controller, SeatPads, Seats};
pub use settings::{AnimSpeed, LabelStyle, Settings};
pub use theme::Toast;
pub use thinking::{ComputerPaused, Hint};
