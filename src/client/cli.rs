//! Command-line flags: start straight into a game, from a seeded deal, after some random
//! actions, and optionally take a screenshot once the board has settled, then quit.

use super::lessons::StartLessonStep;
use super::matches::{Deal, NewMatch};
use super::play::{PracticeRequest, PracticeView, ReviewRequest, ReviewView};
use super::records::{BadRecord, RecordSource, ReplayRequest, WatchReplay};
use super::seats::{Controller, Seats};
use super::settings::Settings;
use super::thinking::ComputerPaused;
use super::timeline::Anim;
use super::{ClientSet, Screen};
use crate::ai::Level;
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use clap::{Parser, ValueEnum};
use std::path::PathBuf;

/// Who plays, from the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    /// Two players on this device.
    Hotseat,
    /// Against the easy computer (you move first).
    AiEasy,
    /// Against the medium computer.
    AiMedium,
    /// Against the hard computer.
    AiHard,
}

/// A game named on the command line as records name it (`junqi`, `junqi_classic`, `xiangqi`,
/// `qiguo`).
fn parse_game(name: &str) -> Result<GameKind, String> {
    serde_json::from_value(serde_json::Value::String(name.to_lowercase()))
        .map_err(|_| format!("no game is called '{name}'"))
}

/// Kawu: Junqi flip (军棋翻棋), Junqi classic (军棋), Xiangqi (象棋) and Qiguo Xiangqi (七國象戲).
#[derive(Parser, Resource, Clone, Debug, Default)]
#[command(name = "kawu", version, about)]
pub struct Cli {
    /// The game to start straight into, or to watch: junqi, junqi_classic, xiangqi or qiguo.
    #[arg(long, value_parser = parse_game, default_value = "junqi")]
    game: GameKind,
    /// Start straight into a game of this kind.
    #[arg(long, value_enum)]
    mode: Option<Mode>,
    /// Deal from this seed (the same seed always gives the same deal).
    #[arg(long)]
    seed: Option<u64>,
    /// Qiguo's number of players, 3 to 7 (with a computer mode: you take the first seat).
    #[arg(long, value_parser = clap::value_parser!(u8).range(3..=7))]
    players: Option<u8>,
    /// Play this many random legal actions first.
    #[arg(long, default_value_t = 0)]
    play: u32,
    /// Start straight into the game, wait until it has settled, save a screenshot here and quit.
    #[arg(long)]
    screenshot: Option<PathBuf>,
    /// Stay on the title screen (with --screenshot: shoot the menu over the demonstration game).
    #[arg(long, conflicts_with = "mode")]
    title: bool,
    /// The window's size in logical pixels, WIDTHxHEIGHT (390x844 looks like a phone held
    /// upright).
    #[arg(long, value_parser = parse_size)]
    window: Option<(u32, u32)>,
    /// Watch the game recorded in this file (exported text); with --play N, from its Nth action.
    #[arg(long, conflicts_with_all = ["mode", "title", "seed"])]
    watch: Option<PathBuf>,
    /// With --watch: review the game (a screenshot waits until the review is done).
    #[arg(long, requires = "watch")]
    review: bool,
    /// With --review: then practise the mistakes of seat N (0 moves first).
    #[arg(long, requires = "review")]
    practise: Option<u8>,
    /// Open step N (from 1) of the game's lesson.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..), conflicts_with_all = ["mode", "title", "seed", "watch"])]
    lesson: Option<u16>,
    /// Draw the table in the colour-blind-safe palette (the setting, turned on).
    #[arg(long)]
    colour_safe: bool,
    /// With --watch and --screenshot: once settled, step one action forward and shoot this
    /// many milliseconds into its animation (a battle, a flip, a flag shown).
    #[arg(long, requires_all = ["watch", "screenshot"], conflicts_with = "review")]
    in_motion: Option<u32>,
}

/// Reads a size written WIDTHxHEIGHT.
fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let (width, height) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("'{text}' is not WIDTHxHEIGHT"))?;
    let number = |part: &str| {
        part.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (200..=8192).contains(n))
            .ok_or_else(|| format!("'{part}' is not a size from 200 to 8192"))
    };
    Ok((number(width)?, number(height)?))
}

impl Cli {
    /// The window size asked for, 1280x800 by default.
    pub fn window(&self) -> (u32, u32) {
        self.window.unwrap_or((1280, 800))
    }

    /// The flags of this process (none on the web).
    pub fn from_env() -> Cli {
        if cfg!(target_arch = "wasm32") {
            Cli::default()
        } else {
            Cli::parse()
        }
    }

    /// The game the flags ask for, if they ask to start straight into one.
    fn new_match(&self) -> Option<NewMatch> {
        if self.title
            || self.watch.is_some()
            || self.lesson.is_some()
            || (self.mode.is_none() && self.screenshot.is_none())
        {
            return None;
        }
        let opponent = match self.mode.unwrap_or(Mode::Hotseat) {
            Mode::Hotseat => Controller::Local,
            Mode::AiEasy => Controller::Computer(Level::Easy),
            Mode::AiMedium => Controller::Computer(Level::Medium),
            Mode::AiHard => Controller::Computer(Level::Hard),
        };
        // You take the first seat; the others are the opponents.
        let count = self.players.map_or(2, usize::from);
        let mut list = vec![opponent; count];
        list[0] = Controller::Local;
        let seats = Seats::try_from(list).unwrap_or_default();
        Some(NewMatch {
            game: self.game,
            seats,
            deal: Deal {
                seed: self.seed,
                warm_up: self.play,
            },
            attract: false,
        })
    }
}

/// Frames to wait after the board has settled before taking the screenshot.
const SETTLED_FRAMES: u32 = 30;
/// Frames of the title screen's demonstration before its screenshot.
const TITLE_FRAMES: u32 = 240;

/// The plugin for these flags.
pub(super) fn plugin(cli: Cli) -> impl Fn(&mut App) + Send + Sync + 'static {
    move |app: &mut App| {
        app.insert_resource(cli.clone())
            // After the title screen has started its demonstration, which this replaces.
            .add_systems(
                Update,
                start_game.run_if(run_once).in_set(ClientSet::Command),
            );
        if cli.practise.is_some() {
            app.add_systems(Update, start_practice.in_set(ClientSet::Command));
        }
        if cli.screenshot.is_some() {
            app.insert_resource(ComputerPaused(!cli.title))
                .add_systems(Update, take_screenshot.in_set(ClientSet::Present));
        }
    }
}

fn start_game(
    cli: Res<Cli>,
    mut starts: MessageWriter<NewMatch>,
    mut watch: MessageWriter<WatchReplay>,
    mut steps: MessageWriter<ReplayRequest>,
    (mut bad, mut lessons): (MessageWriter<BadRecord>, MessageWriter<StartLessonStep>),
    mut reviews: MessageWriter<ReviewRequest>,
    mut settings: ResMut<Settings>,
) {
    if cli.colour_safe {
        settings.colour_safe = true;
    }
    if let Some(start) = cli.new_match() {
        starts.write(start);
    }
    if let Some(step) = cli.lesson {
        lessons.write(StartLessonStep {
            kind: cli.game,
            step: usize::from(step - 1),
        });
    }
    if let Some(path) = &cli.watch {
        match std::fs::read_to_string(path) {
            Ok(text) => {
                watch.write(WatchReplay {
                    kind: cli.game,
                    record: RecordSource::Text(text),
                });
                steps.write(ReplayRequest::Jump(cli.play as usize));
                if cli.review {
                    reviews.write(ReviewRequest::Start);
                }
            }
            Err(error) => {
                bad.write(BadRecord(format!("{}: {error}", path.display())));
            }
        }
    }
}

/// Once the review is done, practises the mistakes of the seat the flags name.
fn start_practice(
    cli: Res<Cli>,
    review: Res<ReviewView>,
    mut practice: MessageWriter<PracticeRequest>,
    mut asked: Local<bool>,
) {
    if let Some(seat) = cli.practise
        && review.done()
        && !*asked
    {
        practice.write(PracticeRequest::Start(Seat(seat)));
        *asked = true;
    }
}

fn take_screenshot(
    mut commands: Commands,
    cli: Res<Cli>,
    screen: Res<State<Screen>>,
    anims: Query<(), With<Anim>>,
    (review, practice): (Res<ReviewView>, Res<PracticeView>),
    mut frames: Local<u32>,
    (time, mut stepped_at, mut steps): (
        Res<Time<Real>>,
        Local<Option<f32>>,
        MessageWriter<ReplayRequest>,
    ),
) {
    // In motion: the next action was asked for once the replay settled; shoot on time.
    if let (Some(millis), Some(at)) = (cli.in_motion, *stepped_at) {
        if time.elapsed_secs() - at >= millis as f32 / 1000.0 {
            *stepped_at = None;
            shoot(&mut commands, &cli);
        }
        return;
    }
    // A game is shot once it has settled (and its review is done, if asked); the title screen
    // after a while of its demonstration.
    let ready = if cli.title {
        *screen.get() == Screen::Title
    } else {
        let reviewed = if cli.practise.is_some() {
            practice.on
        } else {
            !cli.review || review.done()
        };
        *screen.get() == Screen::Playing && anims.is_empty() && reviewed
    };
    if !ready {
        return;
    }
    *frames += 1;
    if *frames
        != if cli.title {
            TITLE_FRAMES
        } else {
            SETTLED_FRAMES
        }
    {
        return;
    }
    if cli.in_motion.is_some() {
        steps.write(ReplayRequest::Forward);
        *stepped_at = Some(time.elapsed_secs());
        return;
    }
    shoot(&mut commands, &cli);
}

/// Saves a screenshot of the window where the flags say, then quits.
fn shoot(commands: &mut Commands, cli: &Cli) {
    let Some(path) = cli.screenshot.clone() else {
        return;
    };
    info!("saving a screenshot to {}", path.display());
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path))
        .observe(
            |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            },
        );
}
