//! Who sees what of a classic game at this device. A new game is prepared by its players:
//! each person here deploys their army in turn (a computer's is arranged at once), then the
//! game is put on the table. Players sharing the device never see each other's ranks: a cover
//! hides the board between their turns ("Blue: look away — Red, tap when ready") and the board
//! shows the mover's own ranks only; everything is shown once the game is over, in a replay
//! and in the title screen's demonstration.

use super::deployment::{ArmyReady, DeploymentScreen};
use super::model::{ClassicMatch, QUIET_LIMIT, computer_army, seat_of, side_of};
use crate::client::cues::UiSound;
use crate::client::i18n::{tr, tr_args};
use crate::client::junqi::{JunqiMatch, JunqiWhole, SyncPieces, Viewer};
use crate::client::lessons::LessonOn;
use crate::client::matches::{MatchStatus, NewMatch, TableGame, TableMode, on_table};
use crate::client::online::OnlineSession;
use crate::client::play::{LoadMatch, TableState};
use crate::client::points::Covered;
use crate::client::schedule::{ClientSet, Screen};
use crate::client::seats::{Controller, Seats};
use crate::client::settings::Settings;
use crate::client::tabletop::{SeatInView, TableGesture};
use crate::client::theme::{
    ButtonSize::{Small, Wide},
    UiSet, foreground_dialog, sounding_button,
};
use crate::client::timeline::animations_settled;
use crate::rules::GameKind;
use crate::rules::junqi::Color as Side;
use crate::rules::junqi::classic::{ClassicGame, ClassicPosition, Deployment};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// A new game being prepared: its seats and the armies deployed so far (Red's, Blue's).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Preparing {
    /// Who plays each seat.
    pub seats: Seats,
    /// Each side's army, once deployed.
    pub armies: [Option<Deployment>; 2],
}

impl Preparing {
    /// The next side a person here deploys for, if any is left.
    pub fn next_side(&self) -> Option<Side> {
        Side::ALL.into_iter().find(|&side| {
            self.armies[side as usize].is_none()
                && self.seats.controller(seat_of(side)) == Controller::Local
        })
    }
}

/// The side the board was last uncovered for, where players share this device.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Uncovered(pub Option<Side>);

/// The side a cover waits for: it asks everyone else to look away. Only where two people
/// share this device.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CoverFor(pub Option<Side>);

/// Whose view a replay shows: everything (`None`, the default), or one side's as it was played.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReplayViewer(pub Option<Side>);

/// Lift the cover: the player it waits for is at the device.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct LiftCover;

pub(super) fn logic_plugin(app: &mut App) {
    app.init_resource::<Uncovered>()
        .init_resource::<CoverFor>()
        .init_resource::<ReplayViewer>()
        .add_message::<LiftCover>()
        .add_systems(
            Update,
            (
                prepare_new_games.in_set(ClientSet::Command),
                (
                    take_armies.run_if(resource_exists::<Preparing>),
                    lift_cover,
                    cover_for,
                    // Before the pieces are rebuilt, so that a new game shows what it should.
                    choose_viewer.run_if(on_table(GameKind::JunqiClassic)),
                )
                    .chain()
                    .in_set(ClientSet::Animate)
                    .before(SyncPieces),
                gestures_lift_cover
                    .run_if(in_state(Screen::Playing).and_then(animations_settled))
                    .in_set(ClientSet::Input),
            ),
        )
        .add_systems(OnExit(TableGame(GameKind::JunqiClassic)), show_all)
        .add_systems(OnEnter(Screen::Title), drop_preparation);
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (backdrop, cover_page)
            .chain()
            .in_set(UiSet::Dialogs)
            // A move is seen to its end before the cover comes.
            .run_if(in_state(Screen::Playing).and_then(animations_settled)),
    );
}

/// Whether `seats` are two people at this device.
fn shared(seats: &Seats) -> bool {
    seats
        .iter()
        .filter(|&(_, controller)| controller == Controller::Local)
        .count()
        > 1
}

/// A new game asked for with a person here is prepared: computers deploy at once, and the
/// table is hidden behind the deployment (the game is played from here on).
fn prepare_new_games(
    mut starts: MessageReader<NewMatch>,
    session: Res<OnlineSession>,
    mut commands: Commands,
    mut uncovered: ResMut<Uncovered>,
    mut next: ResMut<NextState<Screen>>,
) {
    for start in starts.read() {
        // Online, a new game is the room's (each seat deploys for itself).
        if start.game != GameKind::JunqiClassic
            || session.active()
            || !ClassicMatch::prepared_here(start)
        {
            continue;
        }
        let armies = Side::ALL.map(|side| computer_army(&start.seats, side));
        let preparing = Preparing {
            seats: start.seats.clone(),
            armies,
        };
        uncovered.0 = None;
        next.set(Screen::Playing);
        commands.remove_resource::<DeploymentScreen>();
        if !shared(&start.seats)
            && let Some(side) = preparing.next_side()
        {
            commands.insert_resource(DeploymentScreen::new(side));
        }
        commands.insert_resource(preparing);
    }
}

/// Each army ready is kept; the next person deploys (behind the cover where two share the
/// device), and once every army is in, the game is put on the table.
fn take_armies(
    mut ready: MessageReader<ArmyReady>,
    mut preparing: ResMut<Preparing>,
    mut commands: Commands,
    mut loads: MessageWriter<LoadMatch<JunqiMatch>>,
) {
    for ArmyReady(army) in ready.read() {
        info!("army ready: {:?}", army.side());
        preparing.armies[army.side() as usize] = Some(army.clone());
        if let Some(side) = preparing.next_side() {
            if !shared(&preparing.seats) {
                commands.insert_resource(DeploymentScreen::new(side));
            }
            continue;
        }
        let [Some(red), Some(blue)] = &preparing.armies else {
            continue;
        };
        loads.write(LoadMatch {
            game: JunqiWhole::Classic(Box::new(ClassicGame::new(ClassicPosition::start(
                red,
                blue,
                QUIET_LIMIT,
            )))),
            seats: preparing.seats.clone(),
            mode: TableMode::Local,
        });
        commands.remove_resource::<Preparing>();
    }
}

/// Leaving for the title screen abandons a game being prepared.
fn drop_preparation(mut commands: Commands) {
    commands.remove_resource::<Preparing>();
    commands.remove_resource::<DeploymentScreen>();
}

/// Who the cover waits for now: the next person to deploy, or the person to move, until the
/// board is uncovered for them.
fn cover_for(
    preparing: Option<Res<Preparing>>,
    deploying: Option<Res<DeploymentScreen>>,
    (model, table, status): (
        Res<JunqiMatch>,
        Res<TableState<JunqiMatch>>,
        Res<MatchStatus>,
    ),
    (game, mode): (Res<State<TableGame>>, Res<State<TableMode>>),
    (seats, lesson): (Res<Seats>, Res<LessonOn>),
    uncovered: Res<Uncovered>,
    mut cover: ResMut<CoverFor>,
) {
    let waits_for = if let Some(preparing) = preparing {
        preparing
            .next_side()
            .filter(|_| shared(&preparing.seats) && deploying.is_none())
    } else {
        // A lesson's learner is alone at the device.
        let playing = game.get().0 == GameKind::JunqiClassic
            && table.loaded()
            && *mode.get() != TableMode::Attract
            && status.replay.is_none()
            && lesson.step_of(GameKind::JunqiClassic).is_none()
            && shared(&seats);
        model
            .classic()
            .filter(|classic| playing && !classic.over())
            .map(ClassicMatch::side_to_move)
            .filter(|&side| uncovered.0 != Some(side))
    };
    cover.set_if_neq(CoverFor(waits_for));
}

/// The player the cover waited for is here: the board (or their deployment) is theirs.
fn lift_cover(
    mut lifts: MessageReader<LiftCover>,
    cover: Res<CoverFor>,
    preparing: Option<Res<Preparing>>,
    mut uncovered: ResMut<Uncovered>,
    mut commands: Commands,
) {
    if lifts.read().count() == 0 {
        return;
    }
    let Some(side) = cover.0 else {
        return;
    };
    info!("cover lifted for {side:?}");
    uncovered.0 = Some(side);
    if preparing.is_some() {
        commands.insert_resource(DeploymentScreen::new(side));
    }
}

/// A tap, a click or a controller's A anywhere lifts the cover.
fn gestures_lift_cover(
    mut gestures: MessageReader<TableGesture>,
    cover: Res<CoverFor>,
    mut lifts: MessageWriter<LiftCover>,
) {
    let confirmed = gestures
        .read()
        .any(|gesture| matches!(gesture, TableGesture::Press(_) | TableGesture::Confirm));
    if confirmed && cover.0.is_some() {
        lifts.write(LiftCover);
    }
}

/// Who looks at the board: the person here (their side), or the mover once the cover is lifted
/// where two share the device, or nobody while it is covered; everyone in a finished game, a
/// replay, the demonstration, or a game of computers.
fn choose_viewer(
    (model, mode, status): (Res<JunqiMatch>, Res<State<TableMode>>, Res<MatchStatus>),
    (seats, lesson): (Res<Seats>, Res<LessonOn>),
    (cover, uncovered): (Res<CoverFor>, Res<Uncovered>),
    replay_viewer: Res<ReplayViewer>,
    (mut viewer, mut covered, mut in_view): (ResMut<Viewer>, ResMut<Covered>, ResMut<SeatInView>),
) {
    let Some(model) = model.classic() else {
        return;
    };
    let everyone = *mode.get() == TableMode::Attract || status.replay.is_some() || model.over();
    let seen = if let (Some(_), Some(side)) = (status.replay, replay_viewer.0) {
        Viewer::Side(side)
    } else if everyone {
        Viewer::All
    } else if lesson.step_of(GameKind::JunqiClassic).is_some() {
        // The learner plays the side that moves first in the step.
        Viewer::Side(model.first_mover())
    } else if let Some(seat) = seats.single_local() {
        Viewer::Side(side_of(seat))
    } else if shared(&seats) {
        match (cover.0, uncovered.0) {
            (None, Some(side)) => Viewer::Side(side),
            _ => Viewer::Nobody,
        }
    } else {
        Viewer::All
    };
    viewer.set_if_neq(seen);
    // Nobody moves on a covered board.
    covered.set_if_neq(Covered(seen == Viewer::Nobody));
    // A side's view is seen from that side; the covered board stays as it was.
    match seen {
        Viewer::Side(side) => in_view.set_if_neq(SeatInView(Some(seat_of(side)))),
        Viewer::All => in_view.set_if_neq(SeatInView(None)),
        Viewer::Nobody => false,
    };
}

/// Another game on the table hides nothing; a replay starts by showing everything again.
fn show_all(
    (mut viewer, mut covered): (ResMut<Viewer>, ResMut<Covered>),
    mut cover: ResMut<CoverFor>,
    (mut replay_viewer, mut in_view): (ResMut<ReplayViewer>, ResMut<SeatInView>),
) {
    viewer.set_if_neq(Viewer::All);
    in_view.set_if_neq(SeatInView(None));
    covered.set_if_neq(Covered(false));
    cover.set_if_neq(CoverFor(None));
    replay_viewer.set_if_neq(ReplayViewer(None));
}

/// While a game is prepared, an army deployed or the board covered, nothing of the table shows
/// behind the page.
fn backdrop(
    mut contexts: EguiContexts,
    (preparing, deploying): (Option<Res<Preparing>>, Option<Res<DeploymentScreen>>),
    cover: Res<CoverFor>,
) -> Result {
    if preparing.is_none() && deploying.is_none() && cover.0.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    // Opaque from its first frame: a backdrop fading in would show the table behind it.
    egui::Area::new(egui::Id::new("classic_backdrop"))
        .order(egui::Order::Middle)
        .fade_in(false)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            let (rect, _) = ui.allocate_exact_size(screen.size(), egui::Sense::click());
            ui.painter()
                .rect_filled(rect, 0.0, egui::Color32::from_rgb(24, 30, 28));
        });
    Ok(())
}

/// The cover: who looks away, who taps when ready.
fn cover_page(
    mut contexts: EguiContexts,
    cover: Res<CoverFor>,
    preparing: Option<Res<Preparing>>,
    settings: Res<Settings>,
    mut lifts: MessageWriter<LiftCover>,
    (mut sounds, mut next): (MessageWriter<UiSound>, ResMut<NextState<Screen>>),
) -> Result {
    let Some(side) = cover.0 else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let name = |side: Side| crate::client::junqi::hud::side_name(lang, side);
    let (hidden, player) = (name(side.opponent()), name(side));
    foreground_dialog(tr(lang, "classic-cover-title"), "classic_cover").show(ctx, |ui| {
        let key = if preparing.is_some() {
            "classic-cover-deploy"
        } else {
            "classic-cover-move"
        };
        ui.label(
            egui::RichText::new(tr_args(
                lang,
                key,
                [("hidden", hidden.as_str()), ("player", player.as_str())],
            ))
            .size(20.0),
        );
        ui.add_space(10.0);
        if sounding_button(ui, Wide, true, tr(lang, "classic-cover-ready"), &mut sounds) {
            lifts.write(LiftCover);
        }
        ui.add_space(4.0);
        if sounding_button(ui, Small, true, tr(lang, "hud-menu"), &mut sounds) {
            next.set(Screen::Title);
        }
    });
    Ok(())
}
