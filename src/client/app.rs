//! The client's two apps: what runs headless ([`GameLogicPlugin`], which the tests drive)
//! and the windowed game ([`run`]) on top of it.

use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy::window::WindowResolution;

use super::catalog::Catalog;
use super::schedule::{ClientSet, Screen};
use super::seats::Seats;
use super::settings::Settings;
use super::{
    attract, audio, cli, clipboard, cues, games, hud, lessons, matches, menu, online, places,
    records, save, settings, tabletop, theme, timeline,
};

/// Where the asset files (the sounds) are: beside the page in the browser; on the desktop, in
/// the checkout the game was built from, wherever it is started.
const ASSETS: &str = if cfg!(target_arch = "wasm32") {
    "assets"
} else {
    concat!(env!("CARGO_MANIFEST_DIR"), "/assets")
};

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
                online::logic_plugin,
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
