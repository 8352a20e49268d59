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
//! [`GameLogicPlugin`] holds everything that does not render and runs under `MinimalPlugins`,
//! which is how `tests/client.rs` drives it; [`run`] adds the window, rendering, egui, audio and
//! persistence on top. The rules decide everything; the client only presents them. The model
//! changes first, then animations catch up, so a skipped animation never corrupts a game.

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
mod net;
mod online;
mod places;
pub mod play;
pub mod points;
pub mod qiguo;
mod records;
mod save;
mod seats;
mod settings;
mod share;
pub mod table_colours;
pub mod tabletop;
mod theme;
mod thinking;
pub mod timeline;
pub mod xiangqi;

use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy::window::WindowResolution;

pub use catalog::{Catalog, GameEntry};
pub use cues::UiSound;
pub use hud::HudText;
pub use i18n::{Lang, tr, tr_args};
pub use lessons::{
    LessonAnswer, LessonOfferAnswered, LessonOn, LessonRun, StartLessonStep, offers_lesson,
};
pub use matches::{
    Deal, DrawDeclined, LocalClock, MatchRequest, MatchStatus, NewMatch, PositionKey,
    ReplayProgress, ResumeMatch, TableGame,
};
pub use net::{
    FromServer, GoOnline, LinkState, OnlineRequest, OnlineSession, RoomPlan, ToServer,
    finished_game_link,
};
pub use records::{
    BadRecord, FinishedGame, FinishedGames, RecordSource, ReplayRequest, WatchReplay,
};
pub use save::BadSave;
pub use seats::{Controller, SeatPads, Seats};
pub use settings::{AnimSpeed, LabelStyle, Settings};
pub use thinking::{ComputerPaused, Hint};

/// Where the asset files (the sounds) are: beside the page in the browser; on the desktop, in
/// the checkout the game was built from, wherever it is started.
const ASSETS: &str = if cfg!(target_arch = "wasm32") {
    "assets"
} else {
    concat!(env!("CARGO_MANIFEST_DIR"), "/assets")
};

/// The screen the player is on.
#[derive(States, Debug, Clone, Copy, Default, Eq, PartialEq, Hash)]
pub enum Screen {
    /// The title screen: the menus, with a computer-vs-computer game playing behind them.
    #[default]
    Title,
    /// A game is being played.
    Playing,
}

/// The order of the client's work within a frame: read input, turn it into requests, apply
/// requests to the game, animate, then present (visuals, sound, saving).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClientSet {
    /// Devices (mouse, keyboard, gamepad) become board commands.
    Input,
    /// Board commands and computer players become requests.
    Command,
    /// Requests are ruled on and change the match model.
    Apply,
    /// Piece entities follow the model; animations run.
    Animate,
    /// Visuals, sounds and saving follow.
    Present,
}

/// Everything of the client that does not render: the match model, seats and computer
/// players, board commands, piece entities and timelines. Runs headless (tests).
pub struct GameLogicPlugin;

impl Plugin for GameLogicPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>();
        app.configure_sets(
            Update,
            (
                ClientSet::Input,
                ClientSet::Command,
                ClientSet::Apply,
                ClientSet::Animate,
                ClientSet::Present,
            )
                .chain(),
        );
        app.init_resource::<Settings>()
            .init_resource::<Catalog>()
            .init_resource::<Seats>()
            .init_resource::<theme::Toast>()
            .add_plugins((
                matches::plugin,
                net::logic_plugin,
                online::plugin,
                audio::logic_plugin,
                save::logic_plugin,
                records::logic_plugin,
                lessons::logic_plugin,
                cues::plugin,
                timeline::plugin,
                tabletop::logic_plugin,
                attract::plugin,
                games::logic_plugin,
            ));
    }
}

/// Starts the game client (parses the command line, opens the window, runs until quit).
pub fn run() -> AppExit {
    let cli = cli::Cli::from_env();
    let mut app = App::new();
    // A stray command on a vanished entity must never end a game: warn instead of panicking.
    app.set_error_handler(bevy::ecs::error::warn);
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Kawu — 军棋翻棋 · 象棋 · 七國象戲".into(),
                    resolution: WindowResolution::new(cli.window().0, cli.window().1),
                    fit_canvas_to_parent: true,
                    canvas: Some("#kawu-canvas".into()),
                    // Bevy's default, prevent_default_event_handling, stays on: the page must not
                    // scroll or zoom under a finger, and bevy_egui's text agent (a phone's
                    // keyboard for text fields) needs it.
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                file_path: ASSETS.into(),
                // No asset has settings of its own: asking for `.meta` files would only add
                // requests (404s in the browser's console).
                meta_check: AssetMetaCheck::Never,
                ..default()
            }),
    )
    .add_plugins(GameLogicPlugin)
    .add_plugins((
        theme::plugin,
        places::plugin,
        settings::plugin,
        menu::plugin,
        tabletop::plugin,
        audio::plugin,
        hud::plugin,
        save::plugin,
        records::plugin,
        lessons::plugin,
        clipboard::plugin,
        games::plugin,
    ))
    .add_plugins(cli::plugin(cli));
    app.run()
}
