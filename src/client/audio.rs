//! Sound: effects, music and interface sounds on separate kira channels. A game's effects
//! arrive in the [`Cue`]s of its timelines; the shell's own sounds are [`UiSound`]s. All
//! sounds are embedded in the binary.

use super::ClientSet;
use super::matches::{LocalClock, MatchStatus};
use super::net::OnlineSession;
use super::settings::Settings;
use super::tabletop::Cue;
use bevy::prelude::*;
use bevy_kira_audio::prelude::*;

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

/// The channel for game sound effects.
#[derive(Resource)]
struct EffectsChannel;

/// The channel for music.
#[derive(Resource)]
struct MusicChannel;

/// The channel for interface sounds.
#[derive(Resource)]
struct UiChannel;

/// The shell's embedded sounds.
#[derive(Resource)]
struct ShellSounds {
    click: Handle<AudioSource>,
    victory: Handle<AudioSource>,
    defeat: Handle<AudioSource>,
    draw: Handle<AudioSource>,
    tick: Handle<AudioSource>,
    opponent_moved: Handle<AudioSource>,
    music: Handle<AudioSource>,
}

/// Headless parts: the messages the logic sends, and the clock's ticks.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_message::<UiSound>()
        .add_systems(Update, tick_low_time.in_set(ClientSet::Apply));
}

/// The move clock of a person at this device, here or online: a tick in each of its last ten
/// seconds.
fn tick_low_time(
    time: Res<Time>,
    clock: Res<LocalClock>,
    online: Res<OnlineSession>,
    mut last_ticked: Local<Option<u64>>,
    mut sounds: MessageWriter<UiSound>,
) {
    let now = time.elapsed();
    let left = match online.clock {
        Some((seat, at)) if online.my_seat() == Some(seat) => Some(at.saturating_sub(now)),
        _ if online.active() => None,
        _ => clock.left(now),
    };
    // The tick of a second sounds as it begins: 9.99 s left is the tick of 10.
    let second = left
        .filter(|left| !left.is_zero())
        .map(|left| left.as_millis().div_ceil(1000) as u64);
    if second != *last_ticked {
        if second.is_some_and(|second| second <= LOW_TIME_SECONDS) {
            sounds.write(UiSound::ClockTick);
        }
        *last_ticked = second;
    }
}

/// How many seconds before a move clock runs out it ticks.
const LOW_TIME_SECONDS: u64 = 10;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(AudioPlugin)
        .add_audio_channel::<EffectsChannel>()
        .add_audio_channel::<MusicChannel>()
        .add_audio_channel::<UiChannel>()
        .add_systems(Startup, (load_sounds, start_music).chain())
        .add_systems(
            Update,
            (
                set_volumes.run_if(resource_changed::<Settings>),
                play_cues,
                play_ui_sounds,
            )
                .in_set(ClientSet::Present),
        );
}

/// Decodes embedded sound bytes; a sound that cannot be decoded is left out (silence).
pub fn decode(
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

/// Decodes a sound file of `assets/sounds/`, embedded in the binary.
macro_rules! embedded_sound {
    ($sources:expr, $name:literal) => {
        $crate::client::audio::decode(
            $sources,
            $name,
            include_bytes!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/assets/sounds/",
                $name
            )),
        )
    };
}
pub(crate) use embedded_sound;

fn load_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let sources = &mut *sources;
    commands.insert_resource(ShellSounds {
        click: embedded_sound!(sources, "click.ogg"),
        victory: embedded_sound!(sources, "victory.ogg"),
        defeat: embedded_sound!(sources, "defeat.ogg"),
        draw: embedded_sound!(sources, "draw.ogg"),
        tick: embedded_sound!(sources, "tick.ogg"),
        opponent_moved: embedded_sound!(sources, "opponent_moved.ogg"),
        music: embedded_sound!(sources, "music.ogg"),
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

fn start_music(sounds: Res<ShellSounds>, music: Res<AudioChannel<MusicChannel>>) {
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

/// A game's effects; the title screen's demonstration plays silently.
fn play_cues(
    mut cues: MessageReader<Cue>,
    status: Res<MatchStatus>,
    effects: Res<AudioChannel<EffectsChannel>>,
) {
    for cue in cues.read() {
        if let Some(sound) = cue.sound.as_ref().filter(|_| !status.attract) {
            effects.play(sound.clone());
        }
    }
}

fn play_ui_sounds(
    mut played: MessageReader<UiSound>,
    sounds: Res<ShellSounds>,
    status: Res<MatchStatus>,
    effects: Res<AudioChannel<EffectsChannel>>,
    ui: Res<AudioChannel<UiChannel>>,
) {
    for sound in played.read() {
        let handle = match sound {
            UiSound::Click => {
                ui.play(sounds.click.clone());
                continue;
            }
            _ if status.attract => continue,
            UiSound::Victory => &sounds.victory,
            UiSound::Defeat => &sounds.defeat,
            UiSound::Draw => &sounds.draw,
            UiSound::ClockTick => &sounds.tick,
            UiSound::OpponentMoved => &sounds.opponent_moved,
        };
        effects.play(handle.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use std::time::Duration;

    #[test]
    fn every_sound_file_decodes() {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds");
        let mut decoded = Vec::new();
        for entry in std::fs::read_dir(&folder).expect("assets/sounds is readable") {
            let path = entry.expect("a folder entry").path();
            if path.extension().is_none_or(|extension| extension != "ogg") {
                continue;
            }
            let bytes = std::fs::read(&path).expect("a sound file is readable");
            let sound = StaticSoundData::from_cursor(std::io::Cursor::new(bytes))
                .unwrap_or_else(|error| panic!("{} does not decode: {error}", path.display()));
            assert!(
                sound.duration() > Duration::from_millis(40),
                "{} is {:?} long",
                path.display(),
                sound.duration()
            );
            decoded.push(path);
        }
        // The effects of the games, the shell's six sounds and the music.
        assert_eq!(decoded.len(), 19, "{decoded:?}");
    }
}
