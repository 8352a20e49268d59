//! Sound: effects, music and interface sounds on separate kira channels. A game's effects
//! arrive in the [`Cue`]s of its timelines; the shell's own sounds are [`UiSound`]s. The sound
//! files are assets (`assets/sounds/`, beside the page in the browser), asked for once the
//! first frames are drawn: the title never waits for them.

use super::ClientSet;
use super::cues::{Cue, UiSound};
use super::matches::{LocalClock, TableMode};
use super::online::OnlineSession;
use super::settings::Settings;
use bevy::ecs::system::SystemParam;
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

/// Declares a resource of sound handles from one list of its fields and their files in
/// `assets/sounds/`, with `load`, which asks for every file.
macro_rules! sounds {
    (
        $(#[$doc:meta])*
        $vis:vis struct $name:ident {
            $($field_vis:vis $field:ident: $file:literal,)*
        }
    ) => {
        $(#[$doc])*
        #[derive(Resource)]
        $vis struct $name {
            $($field_vis $field: Handle<AudioSource>,)*
        }

        impl $name {
            /// Every sound of the list, loading.
            fn load(server: &AssetServer) -> $name {
                $name {
                    $($field: sound_file(server, $file),)*
                }
            }
        }
    };
}

sounds! {
    /// The shell's embedded sounds.
    struct ShellSounds {
        click: "click.ogg",
        victory: "victory.ogg",
        defeat: "defeat.ogg",
        draw: "draw.ogg",
        tick: "tick.ogg",
        opponent_moved: "opponent_moved.ogg",
        music: "music.ogg",
    }
}

sounds! {
    /// The table's sound effects, shared by every game, each named for when it sounds: a piece
    /// stepping, running along a railway or turned over; two pieces meeting, the attacker
    /// winning or losing, both going; a bomb (also an army eliminated), a landmine, a flag
    /// taken; a capture; check.
    pub struct TableSounds {
        pub step: "move.ogg",
        pub rail: "rail.ogg",
        pub flip: "flip.ogg",
        pub clash: "clash.ogg",
        pub win_attack: "win_attack.ogg",
        pub lose_attack: "lose_attack.ogg",
        pub trade: "trade.ogg",
        pub bomb: "bomb.ogg",
        pub mine: "mine.ogg",
        pub flag: "flag.ogg",
        pub capture: "capture.ogg",
        pub check: "check.ogg",
    }
}

/// The table's sounds as a timeline asks for them: none until they are loaded, and none
/// without audio (headless tests), where the timelines are silent.
#[derive(SystemParam)]
pub struct TableSound<'w>(Option<Res<'w, TableSounds>>);

impl TableSound<'_> {
    /// The sound `pick` chooses, once the sounds are loaded.
    pub fn of(
        &self,
        pick: impl Fn(&TableSounds) -> &Handle<AudioSource>,
    ) -> Option<Handle<AudioSource>> {
        self.0.as_deref().map(|sounds| pick(sounds).clone())
    }
}

/// Headless parts: the messages the logic sends, and the clock's ticks.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_systems(Update, tick_low_time.in_set(ClientSet::Apply));
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
        .add_systems(
            Update,
            (
                (load_sounds, start_music)
                    .chain()
                    .run_if(first_frames_drawn.and_then(not(resource_exists::<ShellSounds>))),
                set_volumes.run_if(resource_changed::<Settings>),
                play_cues,
                play_ui_sounds.run_if(resource_exists::<ShellSounds>),
            )
                .in_set(ClientSet::Present),
        );
}

/// How many frames are drawn before the sounds are asked for.
const FRAMES_BEFORE_SOUNDS: u32 = 3;

/// Whether the first frames (the title screen) have been drawn, so that sounds may be asked for:
/// in the browser they are fetched beside the page, and decoding them (the music above all)
/// would hold up the first frame.
fn first_frames_drawn(mut frames: Local<u32>) -> bool {
    *frames = frames.saturating_add(1);
    *frames > FRAMES_BEFORE_SOUNDS
}

/// The sound file `name` of `assets/sounds/`, loading (a file that cannot be read or decoded is
/// reported and stays silent).
fn sound_file(server: &AssetServer, name: &str) -> Handle<AudioSource> {
    server.load(format!("sounds/{name}"))
}

fn load_sounds(mut commands: Commands, server: Res<AssetServer>) {
    commands.insert_resource(TableSounds::load(&server));
    commands.insert_resource(ShellSounds::load(&server));
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
    mode: Res<State<TableMode>>,
    effects: Res<AudioChannel<EffectsChannel>>,
) {
    let silent = *mode.get() == TableMode::Attract;
    for cue in cues.read() {
        if let Some(sound) = cue.sound.as_ref().filter(|_| !silent) {
            effects.play(sound.clone());
        }
    }
}

fn play_ui_sounds(
    mut played: MessageReader<UiSound>,
    sounds: Res<ShellSounds>,
    mode: Res<State<TableMode>>,
    effects: Res<AudioChannel<EffectsChannel>>,
    ui: Res<AudioChannel<UiChannel>>,
) {
    for sound in played.read() {
        let handle = match sound {
            UiSound::Click => {
                ui.play(sounds.click.clone());
                continue;
            }
            _ if *mode.get() == TableMode::Attract => continue,
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
