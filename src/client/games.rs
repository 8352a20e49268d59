//! The one list of games: the only shared file that names the games' folders.

use super::i18n::Lang;
use super::matches::{Deal, MatchStatus, NewMatch};
use super::records::RecordBoxText;
use super::seats::Seats;
use super::settings::Settings;
use super::tabletop::animations_settled;
use super::{ClientSet, Screen};
use super::{junqi, qiguo, xiangqi};
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;
use bevy_egui::egui;
use std::time::Duration;

/// Every game's headless logic, and the demonstration behind the title screen.
pub(super) fn logic_plugin(app: &mut App) {
    app.add_plugins((
        junqi::logic_plugin,
        xiangqi::logic_plugin,
        qiguo::logic_plugin,
    ))
    .add_systems(OnEnter(Screen::Title), start_attract_game)
    .add_systems(
        Update,
        restart_attract_game
            .in_set(ClientSet::Command)
            .run_if(in_state(Screen::Title).and_then(animations_settled)),
    );
}

/// Every game's presentation.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((junqi::plugin, xiangqi::plugin, qiguo::plugin));
}

/// A game's name as the title screen writes it.
pub fn title(game: GameKind) -> &'static str {
    match game {
        GameKind::Junqi => "军棋翻棋",
        GameKind::Xiangqi => "象棋",
        GameKind::Qiguo => "七國象戲",
    }
}

/// The message id of a game's subtitle on the title screen.
pub fn subtitle_key(game: GameKind) -> &'static str {
    match game {
        GameKind::Junqi => "title-subtitle",
        GameKind::Xiangqi => "xq-subtitle",
        GameKind::Qiguo => "qg-subtitle",
    }
}

/// Every game, in menu order.
pub const ALL: [GameKind; 3] = [GameKind::Junqi, GameKind::Xiangqi, GameKind::Qiguo];

/// How many seats a game may have: two, or Qiguo's three to seven.
pub fn seat_counts(game: GameKind) -> std::ops::RangeInclusive<usize> {
    match game {
        GameKind::Junqi | GameKind::Xiangqi => 2..=2,
        GameKind::Qiguo => qiguo::MIN_PLAYERS..=super::seats::MAX_SEATS,
    }
}

/// What a seat plays in a game of `seats` seats, when the game says more than its number
/// (Qiguo's states); empty otherwise.
pub fn seat_label(game: GameKind, lang: Lang, seats: usize, seat: Seat) -> String {
    match game {
        GameKind::Junqi | GameKind::Xiangqi => String::new(),
        GameKind::Qiguo => qiguo::seat_states(lang, seats, seat),
    }
}

/// Whether a game can be played online.
pub fn online(game: GameKind) -> bool {
    game != GameKind::Qiguo
}

/// A game's illustrated rules.
pub fn rules_page(game: GameKind, ui: &mut egui::Ui, settings: &Settings) {
    match game {
        GameKind::Junqi => junqi::rules_page(ui, settings),
        GameKind::Xiangqi => xiangqi::rules_page(ui, settings),
        GameKind::Qiguo => qiguo::rules_page(ui, settings),
    }
}

/// What a game's export/import box says, for the games whose records can be replayed.
pub fn record_words(game: GameKind) -> Option<RecordBoxText> {
    match game {
        GameKind::Junqi => Some(junqi::RECORD_WORDS),
        GameKind::Xiangqi | GameKind::Qiguo => None,
    }
}

/// A fresh demonstration game: two easy computers, fast.
fn attract_game(game: GameKind) -> NewMatch {
    NewMatch {
        game,
        seats: Seats::attract(),
        deal: Deal::default(),
        attract: true,
    }
}

fn start_attract_game(status: Res<MatchStatus>, mut starts: MessageWriter<NewMatch>) {
    starts.write(attract_game(status.game));
}

/// On the title screen, a finished demonstration game is replaced after a short pause.
fn restart_attract_game(
    time: Res<Time>,
    status: Res<MatchStatus>,
    mut waited: Local<Duration>,
    mut starts: MessageWriter<NewMatch>,
) {
    if !status.over {
        *waited = Duration::ZERO;
        return;
    }
    *waited += time.delta();
    if *waited >= Duration::from_secs(3) {
        *waited = Duration::ZERO;
        starts.write(attract_game(status.game));
    }
}
