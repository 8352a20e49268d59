//! What the logic asks the player to hear and see: a game's [`Cue`]s at a place on the table
//! (sent by the timelines), and the shell's own [`UiSound`]s. Audio and the table's particles
//! and camera follow them; whoever sends them needs neither.

use bevy::prelude::*;
use bevy_kira_audio::AudioSource;

/// Something to hear or see at a moment of a timeline, at a world position.
#[derive(Message, Clone, Debug, PartialEq, Default)]
pub struct Cue {
    /// Where (world units).
    pub at: Vec2,
    /// The sound to play, if any (the title screen's demonstration plays none).
    pub sound: Option<Handle<AudioSource>>,
    /// The particles to show, if any.
    pub burst: Option<Burst>,
    /// How much the camera shakes (0–1).
    pub shake: f32,
}

/// The particle effects the table can show.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Burst {
    /// A tile breaking into shards of these two colours.
    Shards([Color; 2]),
    /// A short bright flash (a clash).
    Flash,
    /// A fireball with smoke (an explosion).
    Blast,
    /// A puff of earth and smoke with a flash (a mine).
    Smoke,
}

/// A sound of the shell, not of a game: buttons and the end of a game.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum UiSound {
    /// A button was pressed.
    Click,
    /// A game is over and a person at this device won (or, among people, someone did).
    Victory,
    /// A game is over and the computer won.
    Defeat,
    /// A game ended in a draw.
    Draw,
    /// One of the last ten seconds of a person's move clock here.
    ClockTick,
    /// The opponent moved online while the window was in the background.
    OpponentMoved,
}

/// The messages, headless too (tests read them).
pub(super) fn plugin(app: &mut App) {
    app.add_message::<Cue>().add_message::<UiSound>();
}
