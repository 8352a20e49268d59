//! What the title screen's pages share: which page is open, the choices made on them, what
//! their buttons do and what they show besides.

use crate::ai::Level;
use crate::client::catalog::Catalog;
use crate::client::lessons::{LessonOfferAnswered, StartLessonStep};
use crate::client::matches::{Deal, LocalClock, NewMatch};
use crate::client::online::{GoOnline, OnlineSession};
use crate::client::records::{FinishedGames, RecordBox, WatchReplay};
use crate::client::save::{ContinueGame, SavedGame};
use crate::client::seats::{Controller, MAX_SEATS, SeatPads, Seats};
use crate::client::tabletop::GamepadSlots;
use crate::client::theme::UiFeedback;
use crate::protocol::{MoveClock, OnLeave};
use crate::rules::{GameKind, Seat};
use bevy::prelude::*;

/// The title screen's pages.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum MenuPage {
    #[default]
    Main,
    NewGame,
    Online,
    Settings,
    Rules,
    Replays,
}

/// The choices on the title screen's pages.
#[derive(Resource, Clone, Debug)]
pub(super) struct NewGameChoice {
    pub(super) game: GameKind,
    pub(super) level: Level,
    pub(super) seat: SeatChoice,
    pub(super) clock: MoveClock,
    /// The invite code typed to join or watch a room.
    pub(super) code: String,
    /// How many seats, in a game for more than two.
    pub(super) players: usize,
    /// Who takes each seat, in a game for more than two.
    pub(super) controllers: [Controller; MAX_SEATS],
    /// Online, at a table for more than two: what becomes of a seat whose player leaves.
    pub(super) on_leave: OnLeave,
    /// At one screen: the controller that plays each person's seat (none: any controller).
    pub(super) pads: [Option<u8>; MAX_SEATS],
}

impl Default for NewGameChoice {
    fn default() -> NewGameChoice {
        NewGameChoice {
            game: GameKind::Junqi,
            level: Level::Medium,
            seat: SeatChoice::First,
            clock: MoveClock::Off,
            code: String::new(),
            // Four at one screen: two people and two computers.
            players: 4,
            controllers: [
                Controller::Local,
                Controller::Local,
                Controller::Computer(Level::Medium),
                Controller::Computer(Level::Medium),
                Controller::Computer(Level::Medium),
                Controller::Computer(Level::Medium),
                Controller::Computer(Level::Medium),
            ],
            on_leave: OnLeave::default(),
            pads: [None; MAX_SEATS],
        }
    }
}

/// What the title screen's buttons do.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct MenuActions<'w> {
    pub(super) online: MessageWriter<'w, GoOnline>,
    pub(super) clock: ResMut<'w, LocalClock>,
    pub(super) starts: MessageWriter<'w, NewMatch>,
    pub(super) continues: MessageWriter<'w, ContinueGame>,
    pub(super) feedback: UiFeedback<'w>,
    pub(super) exit: MessageWriter<'w, AppExit>,
    pub(super) watch: MessageWriter<'w, WatchReplay>,
    pub(super) lessons: MessageWriter<'w, StartLessonStep>,
    pub(super) offers: MessageWriter<'w, LessonOfferAnswered>,
    pub(super) pads: ResMut<'w, SeatPads>,
}

/// The finished games, and the box to paste a game into.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct ReplayShelf<'w> {
    pub(super) finished: ResMut<'w, FinishedGames>,
    pub(super) record_box: ResMut<'w, RecordBox>,
}

/// What the title screen shows besides its pages.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct TitleInfo<'w> {
    pub(super) session: Res<'w, OnlineSession>,
    pub(super) saved: Res<'w, SavedGame>,
    pub(super) catalog: Res<'w, Catalog>,
    pub(super) gamepads: Res<'w, GamepadSlots>,
}

/// A new game of `game` at this device.
pub(super) fn new_match(game: GameKind, seats: Seats) -> NewMatch {
    NewMatch {
        game,
        seats,
        deal: Deal::default(),
        attract: false,
    }
}

/// Which seat the player takes against the computer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum SeatChoice {
    /// Move first.
    #[default]
    First,
    /// Move second.
    Second,
    /// Either, by chance.
    Random,
}

impl SeatChoice {
    pub(super) const ALL: [(SeatChoice, &'static str); 3] = [
        (SeatChoice::First, "seat-first"),
        (SeatChoice::Second, "seat-second"),
        (SeatChoice::Random, "seat-random"),
    ];

    pub(super) fn seat(self) -> Seat {
        match self {
            SeatChoice::First => Seat(0),
            SeatChoice::Second => Seat(1),
            SeatChoice::Random => Seat(u8::from(rand::random::<bool>())),
        }
    }
}
