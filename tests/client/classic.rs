//! Junqi classic's deployment screen, headless: swaps by tap, drag, keys and controller, each
//! broken rule named, styles, saved layouts, and Ready only for a legal army.

use super::*;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use kawu::client::junqi::classic::{
    ArmyReady, DeploymentCommand, DeploymentScreen, SavedLayout, SavedLayouts,
};
use kawu::rules::junqi::Color;
use kawu::rules::junqi::classic::{
    ClassicGame, ClassicPosition, Deployment, DeploymentDraft, DeploymentStyle, Seen,
};

const RED: &str = "CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP";

fn point(text: &str) -> Point {
    Point::parse(text).unwrap()
}

/// Opens the deployment screen for `army`'s side with `army` on it.
fn open(app: &mut App, army: &Deployment) {
    let mut screen = DeploymentScreen::new(army.side());
    screen.draft = DeploymentDraft::new(army);
    app.world_mut().insert_resource(screen);
    app.update();
}

fn command(app: &mut App, command: DeploymentCommand) {
    app.world_mut().write_message(command);
    app.update();
}

fn screen(app: &App) -> &DeploymentScreen {
    app.world().resource::<DeploymentScreen>()
}

fn ready_armies(app: &mut App) -> Vec<Deployment> {
    app.world_mut()
        .resource_mut::<Messages<ArmyReady>>()
        .drain()
        .map(|ArmyReady(army)| army)
        .collect()
}

#[test]
fn the_deployment_screen_swaps_names_broken_rules_and_takes_only_a_legal_army() {
    let mut app = app();
    let red = Deployment::parse(RED, Color::Red).unwrap();
    open(&mut app, &red);
    // Tap a landmine, then a front-rank piece: they swap, and the rule broken is named.
    command(&mut app, DeploymentCommand::Tap(point("a1")));
    assert_eq!(screen(&app).picked, Some(point("a1")));
    command(&mut app, DeploymentCommand::Tap(point("a6")));
    assert_eq!(screen(&app).picked, None);
    assert_eq!(
        screen(&app).draft.kind_at(point("a6")),
        Some(Kind::Landmine)
    );
    let problems = screen(&app).draft.problems();
    assert_eq!(problems.len(), 1);
    assert!(problems[0].to_string().contains("landmine"));
    // A camp is no post: tapping it picks nothing up.
    command(&mut app, DeploymentCommand::Tap(point("b5")));
    assert_eq!(screen(&app).picked, None);
    // Ready refuses the army while a rule is broken.
    command(&mut app, DeploymentCommand::Ready);
    assert!(ready_armies(&mut app).is_empty());
    assert!(app.world().contains_resource::<DeploymentScreen>());
    // Dragging the landmine back.
    command(&mut app, DeploymentCommand::Swap(point("a6"), point("a1")));
    assert_eq!(screen(&app).draft.deployment(), Ok(red.clone()));
    command(&mut app, DeploymentCommand::Ready);
    assert_eq!(ready_armies(&mut app), vec![red]);
    assert!(!app.world().contains_resource::<DeploymentScreen>());
}

#[test]
fn keys_and_a_controller_move_the_cursor_and_swap_as_the_player_sees_the_half() {
    let mut app = app();
    let red = Deployment::parse(RED, Color::Red).unwrap();
    // Blue sees its half turned: its front-left post is e7.
    let blue = red.turned();
    open(&mut app, &blue);
    let start = screen(&app).cursor;
    command(
        &mut app,
        DeploymentCommand::MoveCursor {
            right: -9,
            forward: 9,
        },
    );
    assert_eq!(screen(&app).cursor, point("e7"), "from {start}");
    // Keys: right, then Enter picks up d7; a controller: back one rank onto the camp d8, where
    // A does nothing, one more, and A swaps with d9.
    // A key pressed and released, as a window reports it.
    let keys = |app: &mut App, key: KeyCode| {
        for state in [ButtonState::Pressed, ButtonState::Released] {
            app.world_mut().write_message(KeyboardInput {
                key_code: key,
                logical_key: Key::Unidentified(NativeKey::Unidentified),
                state,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
            app.update();
        }
    };
    keys(&mut app, KeyCode::ArrowRight);
    assert_eq!(screen(&app).cursor, point("d7"));
    keys(&mut app, KeyCode::Enter);
    assert_eq!(screen(&app).picked, Some(point("d7")));
    let pad = plug_pad(&mut app);
    press_pad(&mut app, pad, GamepadButton::DPadDown);
    assert_eq!(screen(&app).cursor, point("d8"));
    press_pad(&mut app, pad, GamepadButton::South);
    assert_eq!(screen(&app).picked, Some(point("d7")));
    press_pad(&mut app, pad, GamepadButton::DPadDown);
    press_pad(&mut app, pad, GamepadButton::South);
    assert_eq!(screen(&app).picked, None);
    assert_eq!(
        screen(&app).draft.kind_at(point("d9")),
        blue.kind_at(point("d7"))
    );
    assert_eq!(
        screen(&app).draft.kind_at(point("d7")),
        blue.kind_at(point("d9"))
    );
}

#[test]
fn a_saved_layout_serves_either_side_and_styles_arrange_a_legal_army() {
    let mut app = app();
    let red = Deployment::parse(RED, Color::Red).unwrap();
    open(&mut app, &red);
    command(&mut app, DeploymentCommand::Save("  wall ".into()));
    let saved = app.world().resource::<SavedLayouts>().clone();
    assert_eq!(
        saved.0,
        vec![SavedLayout {
            name: "wall".into(),
            army: RED.into(),
        }]
    );
    for style in [
        DeploymentStyle::Random,
        DeploymentStyle::Defensive,
        DeploymentStyle::Aggressive,
    ] {
        command(&mut app, DeploymentCommand::Arrange(style));
        assert!(screen(&app).draft.deployment().is_ok(), "{style:?}");
    }
    // The same layout as Blue: turned, so that its front stays its front.
    open(&mut app, &red.turned());
    command(
        &mut app,
        DeploymentCommand::Arrange(DeploymentStyle::Random),
    );
    command(&mut app, DeploymentCommand::Load("wall".into()));
    assert_eq!(screen(&app).draft.deployment(), Ok(red.turned()));
    // An army that breaks a rule is not saved; a forgotten layout is gone.
    command(&mut app, DeploymentCommand::Swap(point("e12"), point("e7")));
    assert!(
        screen(&app).draft.deployment().is_err(),
        "a landmine in front"
    );
    command(&mut app, DeploymentCommand::Save("broken".into()));
    assert_eq!(app.world().resource::<SavedLayouts>().0.len(), 1);
    command(&mut app, DeploymentCommand::Forget("wall".into()));
    assert!(app.world().resource::<SavedLayouts>().0.is_empty());
}

// ---------------------------------------------------------------------------------------------
// At the table

use kawu::client::junqi::classic::{ClassicMatch, CoverFor, LiftCover, Preparing};
use kawu::client::junqi::{JunqiMatch, JunqiTable, JunqiWhole, Owner, Viewer};
use kawu::client::{NewMatch, RoomAction, Toast};

/// Asks for a new classic game with these seats, as the menu does.
fn new_classic(app: &mut App, seats: Seats) {
    app.world_mut().write_message(NewMatch {
        game: GameKind::JunqiClassic,
        seats,
        deal: Deal::default(),
        attract: false,
    });
    app.update();
}

fn cover(app: &App) -> Option<Color> {
    app.world().resource::<CoverFor>().0
}

fn viewer(app: &App) -> Viewer {
    *app.world().resource::<Viewer>()
}

fn lift(app: &mut App) {
    app.world_mut().write_message(LiftCover);
    app.update();
}

fn classic(app: &App) -> ClassicMatch {
    on_table(app).expect("a classic game")
}

/// The classic game on the table, if one is there yet.
fn on_table(app: &App) -> Option<ClassicMatch> {
    app.world().resource::<JunqiMatch>().classic().cloned()
}

/// Every piece entity shows a rank only to whom it may: `viewer`'s own pieces and shown
/// flags; every piece shows its side's rim. Returns how many ranks are shown.
fn assert_ranks_shown_to(app: &mut App, seen_by: Viewer) -> usize {
    let model = classic(app);
    let position = model.whole().unwrap().position();
    let mut query = app
        .world_mut()
        .query::<(&PieceSprite, &PieceFace, &Owner)>();
    let mut shown = 0;
    let mut count = 0;
    for (sprite, face, owner) in query.iter(app.world()) {
        count += 1;
        let piece = position
            .piece_at(sprite.point)
            .expect("a piece entity on an empty point");
        assert_eq!(owner.0, Some(piece.color), "{}: wrong rim", sprite.point);
        let Some(rank) = face.0 else { continue };
        shown += 1;
        assert_eq!(rank, piece, "{}: shows another piece", sprite.point);
        let flag_shown = piece.kind == Kind::Flag
            && model
                .whole()
                .unwrap()
                .announcements()
                .iter()
                .any(|announced| announced.flags_shown.contains(&sprite.point));
        let allowed = match seen_by {
            Viewer::All => true,
            Viewer::Side(side) => side == piece.color || flag_shown,
            Viewer::Nobody => flag_shown,
        };
        assert!(allowed, "{}: {piece:?} shown to {seen_by:?}", sprite.point);
    }
    let on_board = Point::all()
        .filter(|&at| position.piece_at(at).is_some())
        .count();
    assert_eq!(count, on_board, "one entity per piece");
    shown
}

/// How many pieces `side` has on the board.
/// Every piece stands where the board, as turned now, draws its point.
fn assert_pieces_in_place(app: &mut App) {
    use kawu::client::points::PointsBoard;
    let turned = app.world().resource::<TableView>().turned();
    let mut query = app.world_mut().query::<(&PieceSprite, &Transform)>();
    for (sprite, transform) in query.iter(app.world()) {
        let at = kawu::client::junqi::JunqiBoard::point_to_world(sprite.point, turned);
        assert!(
            transform.translation.truncate().distance(at) < 0.5,
            "{} drawn at {:?}, its point at {at:?} (turned: {turned})",
            sprite.point,
            transform.translation
        );
    }
}

fn pieces_of(app: &App, side: Color) -> usize {
    let model = classic(app);
    Point::all()
        .filter(|&at| {
            model
                .whole()
                .unwrap()
                .position()
                .piece_at(at)
                .is_some_and(|p| p.color == side)
        })
        .count()
}

/// Plays the side to move's first legal move by two taps, as a player does.
fn tap_first_move(app: &mut App) {
    let model = classic(app);
    let mut moves = ActionList::new();
    model.whole().unwrap().position().legal_moves(&mut moves);
    let Some(&Action::Move { from, to }) = moves.first() else {
        panic!("no move to play");
    };
    select(app, from);
    select(app, to);
}

#[test]
fn a_hot_seat_game_is_deployed_and_played_behind_the_cover_showing_only_the_movers_ranks() {
    let mut app = app();
    new_classic(&mut app, Seats::hot_seat());
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing,
        "the title screen gives way to the deployment"
    );
    assert!(app.world().contains_resource::<Preparing>());
    assert!(!app.world().contains_resource::<DeploymentScreen>());
    assert_eq!(
        cover(&app),
        Some(Color::Red),
        "Blue looks away while Red deploys"
    );
    lift(&mut app);
    assert_eq!(screen(&app).side(), Color::Red);
    let red = screen(&app).draft.deployment().unwrap();
    command(&mut app, DeploymentCommand::Ready);
    assert!(!app.world().contains_resource::<DeploymentScreen>());
    assert_eq!(
        cover(&app),
        Some(Color::Blue),
        "Red looks away while Blue deploys"
    );
    lift(&mut app);
    assert_eq!(screen(&app).side(), Color::Blue);
    command(
        &mut app,
        DeploymentCommand::Arrange(DeploymentStyle::Defensive),
    );
    let blue = screen(&app).draft.deployment().unwrap();
    command(&mut app, DeploymentCommand::Ready);
    app.update();
    assert!(!app.world().contains_resource::<Preparing>());
    assert_eq!(table_game(&app), GameKind::JunqiClassic);
    let start = classic(&app).whole().unwrap().start().clone();
    assert_eq!(Deployment::of_position(&start, Color::Red), Some(red));
    assert_eq!(Deployment::of_position(&start, Color::Blue), Some(blue));

    // Covered for Red: no rank at all, and taps do nothing.
    settle(&mut app);
    assert_eq!(cover(&app), Some(Color::Red));
    assert_eq!(viewer(&app), Viewer::Nobody);
    assert_eq!(assert_ranks_shown_to(&mut app, Viewer::Nobody), 0);
    let mut moves = ActionList::new();
    classic(&app)
        .whole()
        .unwrap()
        .position()
        .legal_moves(&mut moves);
    let Some(&Action::Move { from, .. }) = moves.first() else {
        panic!("no move");
    };
    select(&mut app, from);
    assert_eq!(app.world().resource::<Selection>().point, None);

    for mover in [Color::Red, Color::Blue, Color::Red] {
        assert_eq!(cover(&app), Some(mover));
        lift(&mut app);
        settle(&mut app);
        assert_eq!(viewer(&app), Viewer::Side(mover));
        // The board is seen from the mover's side, every piece where the turned board has
        // its point.
        let mover_seat = Seat(u8::from(mover == Color::Blue));
        assert_eq!(app.world().resource::<TableView>().bottom, mover_seat);
        app.update();
        assert_pieces_in_place(&mut app);
        let own = pieces_of(&app, mover);
        assert_eq!(assert_ranks_shown_to(&mut app, Viewer::Side(mover)), own);
        let plies = classic(&app).plies();
        tap_first_move(&mut app);
        assert_eq!(classic(&app).plies(), plies + 1);
        // While the move is animated only the mover's ranks show; then the cover comes.
        assert_ranks_shown_to(&mut app, Viewer::Side(mover));
        settle(&mut app);
        app.update();
        assert_eq!(viewer(&app), Viewer::Nobody);
        assert_eq!(assert_ranks_shown_to(&mut app, Viewer::Nobody), 0);
        assert_eq!(
            app.world().resource::<TableView>().bottom,
            mover_seat,
            "the covered board does not turn"
        );
    }

    // The end shows everything, the cover gone.
    app.world_mut().write_message(MatchRequest::Resign);
    app.update();
    settle(&mut app);
    app.update();
    settle(&mut app);
    assert!(classic(&app).over());
    assert_eq!(cover(&app), None);
    assert_eq!(viewer(&app), Viewer::All);
    let on_board = Point::all()
        .filter(|&at| {
            classic(&app)
                .whole()
                .unwrap()
                .position()
                .piece_at(at)
                .is_some()
        })
        .count();
    assert_eq!(assert_ranks_shown_to(&mut app, Viewer::All), on_board);
}

#[test]
fn against_the_computer_the_player_deploys_alone_and_never_sees_its_ranks() {
    let mut app = app();
    new_classic(&mut app, Seats::versus_computer(Level::Random, Seat(1)));
    // The computer (Red) deployed at once; the person deploys Blue with no cover.
    assert_eq!(cover(&app), None);
    assert_eq!(screen(&app).side(), Color::Blue);
    command(&mut app, DeploymentCommand::Ready);
    app.update();
    assert_eq!(table_game(&app), GameKind::JunqiClassic);
    for _ in 0..400 {
        if classic(&app).plies() == 1 {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(classic(&app).plies(), 1, "the computer (Red) did not move");
    settle(&mut app);
    assert_eq!(cover(&app), None);
    assert_eq!(viewer(&app), Viewer::Side(Color::Blue));
    let own = pieces_of(&app, Color::Blue);
    assert_eq!(
        assert_ranks_shown_to(&mut app, Viewer::Side(Color::Blue)),
        own
    );
    tap_first_move(&mut app);
    assert_eq!(classic(&app).plies(), 2);
    for _ in 0..400 {
        if classic(&app).plies() == 3 {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(classic(&app).plies(), 3, "the computer did not answer");
    settle(&mut app);
    assert_ranks_shown_to(&mut app, Viewer::Side(Color::Blue));
}

/// Puts a classic game of Red's army `RED` (Blue's turned) on the table, as a saved game is.
fn start_classic(app: &mut App, seats: Seats) {
    let red = Deployment::parse(RED, Color::Red).unwrap();
    let start = ClassicPosition::start(
        &red,
        &red.turned(),
        kawu::client::junqi::classic::QUIET_LIMIT,
    );
    app.world_mut().write_message(LoadMatch::<JunqiMatch> {
        game: JunqiWhole::Classic(Box::new(ClassicGame::new(start))),
        seats,
        mode: TableMode::Local,
    });
    app.update();
    app.update();
    settle(app);
}

#[test]
fn a_finished_classic_game_replays_everything_and_is_reviewed_from_each_movers_line() {
    let mut app = app();
    start_classic(&mut app, Seats::hot_seat());
    for _ in 0..8 {
        let model = classic(&app);
        let mut moves = ActionList::new();
        model.whole().unwrap().position().legal_moves(&mut moves);
        let table = *app.world().resource::<TableState<JunqiMatch>>();
        app.world_mut()
            .write_message(PlayRequest::new(*moves.last().unwrap(), &table));
        app.update();
        settle(&mut app);
    }
    let played = classic(&app).whole().unwrap().clone();
    assert_eq!(played.actions().len(), 8);
    app.world_mut().write_message(MatchRequest::Resign);
    app.update();
    app.update();
    app.world_mut().write_message(WatchReplay {
        kind: GameKind::JunqiClassic,
        record: RecordSource::OnTable,
    });
    app.update();
    settle(&mut app);
    app.update();
    // A replay shows every rank, whoever sits here.
    assert_eq!(replay_progress(&app).map(|p| p.total), Some(8));
    assert_eq!(viewer(&app), Viewer::All);
    app.update();
    let on_board = pieces_of(&app, Color::Red) + pieces_of(&app, Color::Blue);
    assert_eq!(assert_ranks_shown_to(&mut app, Viewer::All), on_board);
    // Each move is judged from its mover's line only, as the engine judges it.
    app.world_mut().write_message(ReviewRequest::Start);
    let view = review_done(&mut app);
    assert_eq!(view.lines.len(), 8);
    for (ply, (line, &action)) in view.lines.iter().zip(played.actions()).enumerate() {
        let mover = if ply % 2 == 0 {
            Color::Red
        } else {
            Color::Blue
        };
        let direct = kawu::ai::junqi::classic::judge_move(
            &played.line(mover, ply),
            action,
            Level::Medium,
            1,
        )
        .unwrap();
        assert_eq!(line.played, action.to_string());
        assert_eq!(
            (line.best.clone(), line.loss, line.class),
            (direct.best.to_string(), direct.loss, direct.class)
        );
    }
    // The record kept exports and watches again.
    let text = JunqiMatch::to_text(&JunqiWhole::Classic(Box::new(played)));
    assert!(watch_text(&mut app, GameKind::JunqiClassic, text).is_empty());
    assert!(!watch_text(&mut app, GameKind::JunqiClassic, "not a record".into()).is_empty());
}

#[test]
fn a_lesson_step_shows_the_learner_their_ranks_with_no_cover() {
    let mut app = app();
    app.world_mut()
        .write_message(kawu::client::StartLessonStep {
            kind: GameKind::JunqiClassic,
            step: 0,
        });
    for _ in 0..3 {
        app.update();
    }
    settle(&mut app);
    app.update();
    assert_eq!(table_game(&app), GameKind::JunqiClassic);
    assert_eq!(cover(&app), None);
    assert_eq!(viewer(&app), Viewer::Side(Color::Red));
    let own = pieces_of(&app, Color::Red);
    assert_eq!(
        assert_ranks_shown_to(&mut app, Viewer::Side(Color::Red)),
        own
    );
}

/// The line of the side that deployed `own`, from `app`'s view of its room.
fn online_line(app: &App, own: &Deployment) -> kawu::rules::junqi::classic::SideLine {
    let session = session(app);
    let view = session.view.as_ref().expect("in a room");
    let kawu::protocol::RoomTable::JunqiClassic(state) = &view.table else {
        panic!("not a classic room");
    };
    state.line(own).expect("the room's moves fit this army")
}

/// Every piece entity of `app` shows a rank only of `side`'s pieces or a shown flag, and
/// every piece of `side` shows its rank. Returns how many ranks are shown.
fn assert_only_own_ranks(app: &mut App, side: Color) -> usize {
    let mut query = app
        .world_mut()
        .query::<(&PieceSprite, &PieceFace, &Owner)>();
    let mut shown = 0;
    for (sprite, face, owner) in query.iter(app.world()) {
        match face.0 {
            Some(piece) => {
                shown += 1;
                assert!(
                    piece.color == side || piece.kind == Kind::Flag,
                    "{}: {piece:?} shown to {side:?}",
                    sprite.point
                );
            }
            None => assert_ne!(owner.0, Some(side), "{}: own rank hidden", sprite.point),
        }
    }
    shown
}

#[test]
fn two_clients_deploy_in_secret_and_play_classic_through_a_real_server() {
    let server = start_server();
    let plan = RoomPlan::pair(GameKind::JunqiClassic, Default::default());
    let (mut host, code) = create_room(&server, plan);
    // The guest's line can be cut.
    let line = LineCutter::to(&server);
    let mut guest = join_room_at(&line.url, &code);
    let mut spectator = online_app(&server.url);
    spectator
        .world_mut()
        .write_message(GoOnline(OnlineRequest::Watch(code.clone())));
    // Each device opens its own side's deployment, the table hidden behind it.
    run_until(
        &mut [&mut host, &mut guest],
        "both deployment screens open",
        |apps| {
            apps.iter()
                .all(|app| app.world().contains_resource::<DeploymentScreen>())
        },
    );
    assert_eq!(screen(&host).side(), Color::Red, "the host moves first");
    assert_eq!(screen(&guest).side(), Color::Blue);
    command(
        &mut guest,
        DeploymentCommand::Arrange(DeploymentStyle::Defensive),
    );
    let armies = [&host, &guest].map(|app| screen(app).draft.deployment().unwrap());
    command(&mut host, DeploymentCommand::Ready);
    // The host's army is in; the guest's is awaited, and the host's board shows its own.
    run_until(
        &mut [&mut host, &mut guest],
        "the host's army on its board",
        |apps| on_table(apps[0]).is_some_and(|model| model.line_owner() == Some(Color::Red)),
    );
    assert!(kawu::client::junqi::classic::armies_awaited(&session(
        &host
    )));
    command(&mut guest, DeploymentCommand::Ready);
    run_until(&mut [&mut host, &mut guest], "both armies in", |apps| {
        apps.iter().all(|app| {
            session(app)
                .view
                .as_ref()
                .is_some_and(|v| v.to_move().is_some())
                && table_game(app) == GameKind::JunqiClassic
        }) && on_table(apps[1]).is_some_and(|model| model.line_owner() == Some(Color::Blue))
    });
    for app in [&mut host, &mut guest] {
        assert!(!app.world().contains_resource::<DeploymentScreen>());
        assert!(classic(app).whole().is_none(), "no enemy army here");
    }

    // Ten moves, each chosen by its mover from its own line and played by two taps.
    let sides = [Color::Red, Color::Blue];
    let mut battles = 0;
    for ply in 0..10 {
        let mover = ply % 2;
        let (apps, own) = if mover == 0 {
            ([&mut host, &mut guest], &armies[0])
        } else {
            ([&mut guest, &mut host], &armies[1])
        };
        let [mover_app, other_app] = apps;
        settle(mover_app);
        let mut moves = ActionList::new();
        online_line(mover_app, own)
            .current()
            .legal_moves(&mut moves);
        // An attack when there is one, to see the referee's verdicts.
        let attack = moves.iter().copied().find(|action| match action {
            Action::Move { to, .. } => {
                JunqiTable::face(&JunqiMatch::Classic(classic(mover_app)), *to, Viewer::All)
                    .is_some()
            }
            _ => false,
        });
        let Some(Action::Move { from, to }) = attack.or(moves.first().copied()) else {
            panic!("no move for {:?}", sides[mover]);
        };
        // Before the host's fourth move the guest's line drops: the move reaches the guest
        // once it has taken its seat again.
        let dropped = ply == 6;
        if dropped {
            line.cut();
            run_until(
                &mut [mover_app, other_app],
                "the guest's line to drop",
                |apps| session(apps[0]).connected() == [true, false],
            );
        }
        select(mover_app, from);
        select(mover_app, to);
        run_until(
            &mut [mover_app, &mut spectator],
            "the move on the mover's and the spectator's boards",
            |apps| {
                apps.iter()
                    .all(|app| on_table(app).is_some_and(|model| model.plies() == ply + 1))
            },
        );
        if dropped {
            assert_eq!(classic(other_app).plies(), ply, "the guest is away");
            line.mend();
        }
        run_until(
            &mut [mover_app, other_app],
            "the move on both boards",
            |apps| {
                apps.iter()
                    .all(|app| on_table(app).is_some_and(|model| model.plies() == ply + 1))
                    && session(apps[0]).connected() == [true, true]
            },
        );
        battles += usize::from(classic(&host).steps()[ply].verdict.is_some());
        for (app, side) in [(&mut host, Color::Red), (&mut guest, Color::Blue)] {
            settle(app);
            assert!(assert_only_own_ranks(app, side) > 0);
        }
        // The spectator sees where the pieces stand, and no rank but a shown flag.
        settle(&mut spectator);
        let mut faces = spectator.world_mut().query::<&PieceFace>();
        for face in faces.iter(spectator.world()) {
            assert!(
                face.0.is_none_or(|piece| piece.kind == Kind::Flag),
                "{face:?}"
            );
        }
    }
    assert_eq!(classic(&host).steps(), classic(&guest).steps());
    assert_eq!(classic(&host).steps(), classic(&spectator).steps());
    assert_eq!(
        classic(&guest).line_owner(),
        Some(Color::Blue),
        "back on its own line"
    );
    println!("{battles} battles in ten moves");

    // The host resigns: the armies are unveiled and both boards show the whole game.
    host.world_mut().write_message(MatchRequest::Resign);
    run_until(
        &mut [&mut host, &mut guest, &mut spectator],
        "the armies unveiled",
        |apps| {
            apps.iter()
                .all(|app| on_table(app).is_some_and(|model| model.whole().is_some()))
        },
    );
    for app in [&mut host, &mut guest, &mut spectator] {
        let model = classic(app);
        assert_eq!(
            model.outcome(),
            Some(Outcome::Win {
                winner: Color::Blue,
                reason: WinReason::Resignation
            })
        );
        let start = model.whole().unwrap().start().clone();
        assert_eq!(
            Deployment::of_position(&start, Color::Red).as_ref(),
            Some(&armies[0])
        );
        assert_eq!(
            Deployment::of_position(&start, Color::Blue).as_ref(),
            Some(&armies[1])
        );
        assert_eq!(model.plies(), 10);
        settle(app);
        assert_eq!(viewer(app), Viewer::All, "everything is shown at the end");
    }
}

/// A classic game of the contract's army against its mirror, each side playing its first legal
/// move `plies` times.
fn first_moves_game(plies: usize) -> ClassicGame {
    let red = Deployment::parse(RED, Color::Red).unwrap();
    let blue = Deployment::parse(&red.turned().to_text(), Color::Blue).unwrap();
    let mut game = ClassicGame::new(ClassicPosition::start(&red, &blue, 80));
    let mut moves = ActionList::new();
    for _ in 0..plies {
        game.position().legal_moves(&mut moves);
        game.play(moves[0]).unwrap();
    }
    game
}

#[test]
fn a_finished_classic_game_is_shared_whole_or_as_one_side_saw_it() {
    use kawu::client::play::ShareRequest;
    let game = first_moves_game(6);
    let mut app = app();
    assert!(watch_text(&mut app, GameKind::JunqiClassic, game.to_text()).is_empty());
    settle(&mut app);
    // Every classic GIF saved so far: (the whole game's, Red's view's).
    let saved = || {
        let red_view = pictures_saved("kawu-junqiclassic-seen-by-1-", ".gif");
        let mut whole = pictures_saved("kawu-junqiclassic-", ".gif");
        whole.retain(|path| !red_view.contains(path));
        (whole, red_view)
    };
    let before = saved();
    app.world_mut().write_message(ShareRequest::Game);
    app.world_mut().write_message(ShareRequest::SeenBy(Seat(0)));
    app.update();
    let after = saved();
    let new = |now: Vec<std::path::PathBuf>, before: &[std::path::PathBuf]| -> Vec<u8> {
        let found: Vec<_> = now
            .into_iter()
            .filter(|path| !before.contains(path))
            .collect();
        assert_eq!(found.len(), 1, "{found:?}");
        let bytes = std::fs::read(&found[0]).unwrap();
        std::fs::remove_file(&found[0]).unwrap();
        bytes
    };
    let whole = new(after.0, &before.0);
    let red_view = new(after.1, &before.1);
    let frames = |bytes: &[u8]| {
        let mut decoder = gif::DecodeOptions::new().read_info(bytes).unwrap();
        let mut frames = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            frames.push(frame.buffer.to_vec());
        }
        frames
    };
    let (whole, red_view) = (frames(&whole), frames(&red_view));
    assert_eq!(whole.len(), 7, "the start and six moves");
    assert_eq!(red_view.len(), 7);
    assert_ne!(whole[0], red_view[0], "Red's view hides Blue's ranks");
}

#[test]
fn a_classic_replay_shows_everything_or_what_one_side_saw() {
    use kawu::client::junqi::classic::ReplayViewer;
    let game = first_moves_game(4);
    let mut app = app();
    assert!(watch_text(&mut app, GameKind::JunqiClassic, game.to_text()).is_empty());
    settle(&mut app);
    assert_eq!(viewer(&app), Viewer::All);
    let everything = assert_ranks_shown_to(&mut app, Viewer::All);
    assert_eq!(everything, 50, "every piece of both armies");
    for side in [Color::Red, Color::Blue] {
        app.world_mut().insert_resource(ReplayViewer(Some(side)));
        app.update();
        settle(&mut app);
        assert_eq!(viewer(&app), Viewer::Side(side));
        assert_eq!(
            assert_ranks_shown_to(&mut app, Viewer::Side(side)),
            pieces_of(&app, side)
        );
    }
    app.world_mut().insert_resource(ReplayViewer(None));
    app.update();
    settle(&mut app);
    assert_eq!(assert_ranks_shown_to(&mut app, Viewer::All), everything);
}

/// The first of the legal moves of `app`'s side (from its own line) whose target `wanted`
/// picks, or its first legal move.
fn line_move(app: &App, own: &Deployment, wanted: impl Fn(Seen) -> bool) -> (Point, Point) {
    let line = online_line(app, own);
    let mut moves = ActionList::new();
    line.current().legal_moves(&mut moves);
    let picked = moves.iter().copied().find(
        |action| matches!(action, Action::Move { to, .. } if wanted(line.current().seen(*to))),
    );
    match picked.or(moves.first().copied()) {
        Some(Action::Move { from, to }) => (from, to),
        other => panic!("no move for {:?}: {other:?}", line.owner()),
    }
}

/// Both deployment screens of `apps` are open; each sends the army on it, returned in order.
fn deploy_both(apps: &mut [&mut App; 2]) -> [Deployment; 2] {
    run_until(apps, "both deployment screens open", |apps| {
        apps.iter()
            .all(|app| app.world().contains_resource::<DeploymentScreen>())
    });
    let armies = [&*apps[0], &*apps[1]].map(|app| screen(app).draft.deployment().unwrap());
    for app in apps.iter_mut() {
        command(app, DeploymentCommand::Ready);
    }
    run_until(apps, "both armies in", |apps| {
        apps.iter().all(|app| {
            session(app)
                .view
                .as_ref()
                .is_some_and(|view| view.to_move().is_some())
                && on_table(app).is_some_and(|model| model.line_owner().is_some())
                && !app.world().contains_resource::<DeploymentScreen>()
        })
    });
    armies
}

#[test]
fn a_classic_room_takes_back_only_quiet_moves_and_a_rematch_deploys_anew() {
    let server = start_server();
    let plan = RoomPlan::pair(GameKind::JunqiClassic, Default::default());
    let (mut host, code) = create_room(&server, plan);
    let mut guest = join_room(&server, &code);
    let armies = deploy_both(&mut [&mut host, &mut guest]);
    assert_eq!(
        armies.each_ref().map(Deployment::side),
        [Color::Red, Color::Blue]
    );

    // A quiet move is taken back at the host's asking once the guest accepts.
    settle(&mut host);
    let (from, to) = line_move(&host, &armies[0], |seen| seen == Seen::Empty);
    select(&mut host, from);
    select(&mut host, to);
    run_until(&mut [&mut host, &mut guest], "the quiet move", |apps| {
        apps.iter()
            .all(|app| on_table(app).is_some_and(|model| model.plies() == 1))
    });
    assert_eq!(classic(&host).steps()[0].verdict, None);
    host.world_mut().write_message(RoomAction::AskTakeback);
    run_until(&mut [&mut host, &mut guest], "the request heard", |apps| {
        session(apps[1]).takeback().is_some()
    });
    guest
        .world_mut()
        .write_message(RoomAction::AnswerTakeback { accept: true });
    run_until(
        &mut [&mut host, &mut guest],
        "the move taken back",
        |apps| {
            apps.iter().all(|app| {
                on_table(app).is_some_and(|model| model.plies() == 0)
                    && session(app).takeback().is_none()
            })
        },
    );
    let back = online_line(&host, &armies[0]).current().seen(from);
    assert!(
        matches!(back, Seen::Piece(piece) if piece.color == Color::Red),
        "{from}: {back:?}"
    );
    settle(&mut host);
    assert!(assert_only_own_ranks(&mut host, Color::Red) > 0);

    // Moves, attacks first, until one of the host's is a battle: the referee's verdict was
    // heard, so the server refuses to take it back and the host is told why.
    let mut plies = 0;
    loop {
        let hosts_move = plies % 2 == 0;
        let (mover, own) = if hosts_move {
            (&mut host, &armies[0])
        } else {
            (&mut guest, &armies[1])
        };
        settle(mover);
        let (from, to) = line_move(mover, own, |seen| seen != Seen::Empty);
        select(mover, from);
        select(mover, to);
        plies += 1;
        run_until(&mut [&mut host, &mut guest], "the next move", |apps| {
            apps.iter()
                .all(|app| on_table(app).is_some_and(|model| model.plies() == plies))
        });
        assert!(classic(&host).outcome().is_none(), "the game ended first");
        if hosts_move && classic(&host).steps()[plies - 1].verdict.is_some() {
            break;
        }
        assert!(plies < 40, "no battle of the host's in 40 moves");
    }
    host.world_mut().write_message(RoomAction::AskTakeback);
    run_until(&mut [&mut host, &mut guest], "the refusal shown", |apps| {
        apps[0]
            .world()
            .resource::<Toast>()
            .showing()
            .is_some_and(|(key, detail)| key == "toast-online-error" && detail.contains("battle"))
    });
    settle(&mut guest);
    assert!(
        session(&guest).takeback().is_none(),
        "no request reached the guest"
    );
    assert_eq!(classic(&guest).plies(), plies, "nothing taken back");

    // The host resigns; a rematch opens both deployments again with the colours swapped, and
    // the guest, Red now, moves first.
    host.world_mut().write_message(MatchRequest::Resign);
    run_until(
        &mut [&mut host, &mut guest],
        "the armies unveiled",
        |apps| {
            apps.iter()
                .all(|app| on_table(app).is_some_and(|model| model.whole().is_some()))
        },
    );
    for app in [&mut host, &mut guest] {
        app.world_mut().write_message(NewMatch {
            game: GameKind::JunqiClassic,
            seats: Seats::hot_seat(),
            deal: Deal::default(),
            attract: false,
        });
    }
    let armies = deploy_both(&mut [&mut guest, &mut host]);
    assert_eq!(
        armies.each_ref().map(Deployment::side),
        [Color::Red, Color::Blue]
    );
    assert_eq!(classic(&host).line_owner(), Some(Color::Blue));
    assert_eq!(classic(&host).plies(), 0);
    settle(&mut guest);
    let (from, to) = line_move(&guest, &armies[0], |_| true);
    select(&mut guest, from);
    select(&mut guest, to);
    run_until(
        &mut [&mut host, &mut guest],
        "the guest's opening",
        |apps| {
            apps.iter()
                .all(|app| on_table(app).is_some_and(|model| model.plies() == 1))
        },
    );
    for (app, side) in [(&mut guest, Color::Red), (&mut host, Color::Blue)] {
        settle(app);
        assert!(assert_only_own_ranks(app, side) > 0);
    }
}

#[test]
fn the_host_starts_a_classic_room_now_and_the_servers_computer_deploys_and_answers() {
    let server = start_server();
    let plan = RoomPlan::pair(GameKind::JunqiClassic, Default::default());
    let (mut host, _code) = create_room(&server, plan);
    run_until(&mut [&mut host], "the deployment screen", |apps| {
        apps[0].world().contains_resource::<DeploymentScreen>()
    });
    let army = screen(&host).draft.deployment().unwrap();
    command(&mut host, DeploymentCommand::Ready);
    run_until(&mut [&mut host], "the army on the board", |apps| {
        classic(apps[0]).line_owner() == Some(Color::Red)
    });
    let waiting = session(&host);
    assert!(kawu::client::junqi::classic::armies_awaited(&waiting));
    assert!(
        waiting.view.as_ref().unwrap().table.computer_may_sit(),
        "the host is offered Start now"
    );
    host.world_mut().write_message(RoomAction::Start);
    run_until(
        &mut [&mut host],
        "the computer seated and deployed",
        |apps| {
            let session = session(apps[0]);
            let view = session.view.as_ref().unwrap();
            view.seats[1].computer.is_some() && view.to_move().is_some()
        },
    );
    assert!(!kawu::client::junqi::classic::armies_awaited(&session(
        &host
    )));
    settle(&mut host);
    let (from, to) = line_move(&host, &army, |_| true);
    select(&mut host, from);
    select(&mut host, to);
    run_until(&mut [&mut host], "the computer's answer", |apps| {
        classic(apps[0]).plies() == 2
    });
    settle(&mut host);
    assert!(assert_only_own_ranks(&mut host, Color::Red) > 0);
    assert_eq!(classic(&host).line_owner(), Some(Color::Red));
}
