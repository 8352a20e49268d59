//! The client's screens and the order of its work within a frame.

use bevy::prelude::*;

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
