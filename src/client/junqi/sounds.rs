//! Junqi's sound effects, embedded in the binary.

use crate::client::audio::embedded_sound;
use bevy::prelude::*;
use bevy_kira_audio::AudioSource;

/// The sounds of flips, moves and battles.
#[derive(Resource)]
pub(super) struct JunqiSounds {
    pub flip: Handle<AudioSource>,
    pub step: Handle<AudioSource>,
    pub rail: Handle<AudioSource>,
    pub clash: Handle<AudioSource>,
    pub win_attack: Handle<AudioSource>,
    pub lose_attack: Handle<AudioSource>,
    pub trade: Handle<AudioSource>,
    pub bomb: Handle<AudioSource>,
    pub mine: Handle<AudioSource>,
    pub flag: Handle<AudioSource>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_sounds);
}

fn load_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let sources = &mut *sources;
    commands.insert_resource(JunqiSounds {
        flip: embedded_sound!(sources, "flip.ogg"),
        step: embedded_sound!(sources, "move.ogg"),
        rail: embedded_sound!(sources, "rail.ogg"),
        clash: embedded_sound!(sources, "clash.ogg"),
        win_attack: embedded_sound!(sources, "win_attack.ogg"),
        lose_attack: embedded_sound!(sources, "lose_attack.ogg"),
        trade: embedded_sound!(sources, "trade.ogg"),
        bomb: embedded_sound!(sources, "bomb.ogg"),
        mine: embedded_sound!(sources, "mine.ogg"),
        flag: embedded_sound!(sources, "flag.ogg"),
    });
}
