//! Sound: effects, music and interface sounds on separate kira channels, embedded in the
//! binary. Cues from the animations pick the effect.

use super::ClientSet;
use super::animation::{Cue, CueKind};
use super::game::ActiveGame;
use super::settings::Settings;
use bevy::prelude::*;
use bevy_kira_audio::prelude::*;

/// The channel for game sound effects.
#[derive(Resource)]
struct EffectsChannel;

/// The channel for music.
#[derive(Resource)]
struct MusicChannel;

/// The channel for interface sounds.
#[derive(Resource)]
struct UiChannel;

/// The embedded sounds.
#[derive(Resource)]
struct Sounds {
    flip: Handle<AudioSource>,
    step: Handle<AudioSource>,
    rail: Handle<AudioSource>,
    clash: Handle<AudioSource>,
    win_attack: Handle<AudioSource>,
    lose_attack: Handle<AudioSource>,
    trade: Handle<AudioSource>,
    bomb: Handle<AudioSource>,
    mine: Handle<AudioSource>,
    flag: Handle<AudioSource>,
    victory: Handle<AudioSource>,
    defeat: Handle<AudioSource>,
    draw: Handle<AudioSource>,
    click: Handle<AudioSource>,
    music: Handle<AudioSource>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(AudioPlugin)
        .add_audio_channel::<EffectsChannel>()
        .add_audio_channel::<MusicChannel>()
        .add_audio_channel::<UiChannel>()
        .add_systems(Startup, (load_sounds, start_music).chain())
        .add_systems(
            Update,
            (set_volumes.run_if(resource_changed::<Settings>), play_cues)
                .in_set(ClientSet::Present),
        );
}

/// Decodes embedded sound bytes; a sound that cannot be decoded is left out (silence).
fn decode(
    sources: &mut Assets<AudioSource>,
    name: &str,
    bytes: &'static [u8],
) -> Handle<AudioSource> {
    match StaticSoundData::from_cursor(std::io::Cursor::new(bytes)) {
        Ok(sound) => sources.add(AudioSource { sound }),
        Err(error) => {
            warn!("cannot decode the sound {name}: {error}");
            Handle::default()
        }
    }
}

fn load_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    macro_rules! sound {
        ($name:literal) => {
            decode(
                &mut sources,
                $name,
                include_bytes!(concat!("../../assets/sounds/", $name)),
            )
        };
    }
    commands.insert_resource(Sounds {
        flip: sound!("flip.wav"),
        step: sound!("move.wav"),
        rail: sound!("rail.wav"),
        clash: sound!("clash.wav"),
        win_attack: sound!("win_attack.wav"),
        lose_attack: sound!("lose_attack.wav"),
        trade: sound!("trade.wav"),
        bomb: sound!("bomb.wav"),
        mine: sound!("mine.wav"),
        flag: sound!("flag.wav"),
        victory: sound!("victory.wav"),
        defeat: sound!("defeat.wav"),
        draw: sound!("draw.wav"),
        click: sound!("click.wav"),
        music: sound!("music.ogg"),
    });
}

/// A linear 0–1 volume as decibels.
fn decibels(volume: f32) -> Decibels {
    if volume <= 0.001 {
        Decibels::SILENCE
    } else {
        Decibels(20.0 * volume.log10())
    }
}

fn start_music(sounds: Res<Sounds>, music: Res<AudioChannel<MusicChannel>>) {
    music.play(sounds.music.clone()).looped();
}

fn set_volumes(
    settings: Res<Settings>,
    effects: Res<AudioChannel<EffectsChannel>>,
    music: Res<AudioChannel<MusicChannel>>,
    ui: Res<AudioChannel<UiChannel>>,
) {
    effects.set_volume(decibels(settings.master_volume * settings.effects_volume));
    music.set_volume(decibels(settings.master_volume * settings.music_volume));
    ui.set_volume(decibels(settings.master_volume * settings.effects_volume));
}

fn play_cues(
    mut cues: MessageReader<Cue>,
    sounds: Res<Sounds>,
    active: Res<ActiveGame>,
    effects: Res<AudioChannel<EffectsChannel>>,
    ui: Res<AudioChannel<UiChannel>>,
) {
    for cue in cues.read() {
        let sound = match cue.kind {
            CueKind::Click => {
                ui.play(sounds.click.clone());
                continue;
            }
            // The title screen's demonstration game plays silently.
            _ if active.attract => continue,
            CueKind::Flip => &sounds.flip,
            CueKind::Move => &sounds.step,
            CueKind::Rail => &sounds.rail,
            CueKind::Clash => &sounds.clash,
            CueKind::WinAttack => &sounds.win_attack,
            CueKind::LoseAttack => &sounds.lose_attack,
            CueKind::Trade => &sounds.trade,
            CueKind::Bomb => &sounds.bomb,
            CueKind::Mine => &sounds.mine,
            CueKind::Flag => &sounds.flag,
            CueKind::Victory => &sounds.victory,
            CueKind::Defeat => &sounds.defeat,
            CueKind::Draw => &sounds.draw,
            CueKind::Shatter(_) => continue,
        };
        effects.play(sound.clone());
    }
}
