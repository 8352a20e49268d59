//! Junqi's sound effects.

use crate::client::audio::{first_frames_drawn, sound_file};
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
    app.add_systems(
        Update,
        load_sounds.run_if(first_frames_drawn.and_then(not(resource_exists::<JunqiSounds>))),
    );
}

fn load_sounds(mut commands: Commands, server: Res<AssetServer>) {
    let server = &*server;
    commands.insert_resource(JunqiSounds {
        flip: sound_file(server, "flip.ogg"),
        step: sound_file(server, "move.ogg"),
        rail: sound_file(server, "rail.ogg"),
        clash: sound_file(server, "clash.ogg"),
        win_attack: sound_file(server, "win_attack.ogg"),
        lose_attack: sound_file(server, "lose_attack.ogg"),
        trade: sound_file(server, "trade.ogg"),
        bomb: sound_file(server, "bomb.ogg"),
        mine: sound_file(server, "mine.ogg"),
        flag: sound_file(server, "flag.ogg"),
    });
}
