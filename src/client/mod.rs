//! The Bevy game client: the board, the pieces and their animations, input, sound, menus and
//! the in-game HUD.
//!
//! The client is split in two halves:
//! - [`GameLogicPlugin`] holds everything that does not render: the game model
//!   ([`ActiveGame`]), seats and computer players, board commands, the piece entities keyed by
//!   point ([`PieceSprite`]) and the animation bookkeeping. It runs under `MinimalPlugins`, which
//!   is how `tests/client.rs` drives it.
//! - [`run`] adds the window, rendering, egui, audio and persistence on top.
//!
//! The rules engine decides everything; the client only presents it. The model changes first,
//! then animations catch up, so a skipped or interrupted animation never corrupts a game.

mod animation;
mod audio;
mod board;
mod cli;
mod game;
mod hud;
mod i18n;
mod input;
mod menu;
mod pieces;
mod save;
mod seats;
mod settings;

use bevy::prelude::*;
use bevy::window::WindowResolution;

pub use animation::{Anim, Cue, CueKind, Step, animations_settled};
pub use board::{BoardView, point_at, point_to_world};
pub use game::{ActionPlayed, ActiveGame, BoardReset, GameRequest, LoadGame};
pub use i18n::{Lang, tr, tr_args};
pub use input::{BoardCommand, Selection};
pub use pieces::{Dying, PieceFace, PieceSprite};
pub use seats::{Controller, Hint, Seats};
pub use settings::{AnimSpeed, LabelStyle, Settings};

/// The CJK font (Chinese piece names, Latin and Cyrillic UI text), embedded in the binary.
pub(crate) const FONT_TTF: &[u8] = include_bytes!("../../assets/fonts/kawu-cjk.ttf");

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
    /// Board commands and computer players become game requests.
    Command,
    /// Game requests change the game model.
    Apply,
    /// Piece entities follow the model; animations run.
    Animate,
    /// Visuals, sounds and saving follow.
    Present,
}

/// Everything of the client that does not render: the game model, seats and computer players,
/// board commands, piece entities and animation bookkeeping. Runs headless (tests).
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
        app.init_resource::<Settings>();
        app.add_plugins((
            game::plugin,
            seats::plugin,
            input::logic_plugin,
            board::logic_plugin,
            pieces::logic_plugin,
            animation::plugin,
        ));
    }
}

/// Starts the game client (parses the command line, opens the window, runs until quit).
pub fn run() -> AppExit {
    let cli = cli::Cli::from_env();
    let mut app = App::new();
    // A stray command on a vanished entity must never end a game: warn instead of panicking.
    app.set_error_handler(bevy::ecs::error::warn);
    app.insert_resource(ClearColor(Color::srgb(0.13, 0.11, 0.10)))
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Kawu — 军棋翻棋".into(),
                resolution: WindowResolution::new(1280, 800),
                fit_canvas_to_parent: true,
                canvas: Some("#kawu-canvas".into()),
                prevent_default_event_handling: false,
                ..default()
            }),
            ..default()
        }))
        .add_plugins(GameLogicPlugin)
        .add_plugins((
            settings::plugin,
            menu::plugin,
            board::plugin,
            pieces::plugin,
            input::plugin,
            audio::plugin,
            hud::plugin,
            save::plugin,
        ))
        .add_plugins(cli::plugin(cli));
    app.run()
}
