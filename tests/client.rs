//! Headless tests of the Bevy client's logic: board commands, the game model, piece entities
//! and animations, undo, and computer seats; the palettes measured (`client/colours.rs`). (One
//! test binary for all Bevy tests.)

#[path = "client/classic.rs"]
mod classic;
#[path = "client/colours.rs"]
mod colours;

use bevy::input::InputPlugin;
use bevy::input::gamepad::{
    GamepadConnection, GamepadConnectionEvent, RawGamepadButtonChangedEvent, RawGamepadEvent,
};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use kawu::ai::Level;
use kawu::client::junqi::{
    BoardCommand, Dying, JunqiBoard, JunqiMatch, JunqiWhole, PieceFace, PieceSprite, Selection,
    Underside,
};
use kawu::client::play::{
    Attempt, LoadMatch, LocalReferee, MatchModel, PlayRequest, PracticeRequest, PracticeView,
    Records, ReviewRequest, ReviewView, TableState,
};
use kawu::client::table_colours::CLASSIC;
use kawu::client::tabletop::{CarefulTap, CursorHand, GamepadSlots, TableGesture, TableView};
use kawu::client::timeline::{Anim, Step, animations_settled};
use kawu::client::{
    BadRecord, BadSave, ComputerPaused, Controller, Deal, DrawDeclined, FinishedGames,
    GameLogicPlugin, GoOnline, Hint, Lang, LineCheck, LinkState, LocalClock, MatchRequest,
    MatchStatus, OnlineRequest, OnlineSession, RecordSource, ReplayProgress, ReplayRequest,
    ResumeMatch, RoomPlan, Screen, SeatPads, Seats, TableGame, TableMode, ToServer, WatchReplay,
    tr,
};
use kawu::protocol::ClientMessage;
use kawu::rules::junqi::{
    Action, ActionList, Cell, Game, Kind, Outcome, Point, Position, PublicGame, Ruleset, WinReason,
};
use kawu::rules::{GameKind, Seat};
use std::collections::HashSet;
use std::time::Duration;

/// A headless app with the client's logic, time advancing 20 ms per update.
fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin, GameLogicPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        20,
    )));
    app.update();
    app
}

/// Starts a game from a seeded deal with these seats.
fn start(app: &mut App, seed: u64, seats: Seats) {
    let game = Game::new(Position::deal_seeded(Ruleset::default(), seed));
    app.world_mut().write_message(LoadMatch::<JunqiMatch> {
        game: JunqiWhole::Flip(Box::new(game)),
        seats,
        mode: TableMode::Local,
    });
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    assert_consistent(app);
}

/// The game on the table.
fn table_game(app: &App) -> GameKind {
    app.world().resource::<State<TableGame>>().get().0
}

fn settled(app: &mut App) -> bool {
    app.world_mut()
        .run_system_cached(animations_settled)
        .expect("run condition runs")
}

/// Runs updates until no animation is left.
fn settle(app: &mut App) {
    for _ in 0..500 {
        if settled(app) {
            return;
        }
        app.update();
    }
    panic!("animations never settled");
}

/// Where Junqi's table stands.
fn junqi_table(app: &App) -> &TableState<JunqiMatch> {
    app.world().resource::<TableState<JunqiMatch>>()
}

fn game(app: &App) -> PublicGame {
    let model = app.world().resource::<JunqiMatch>();
    model.flip().expect("a flip game").public.clone()
}

fn select(app: &mut App, point: Point) {
    app.world_mut().write_message(BoardCommand::Select(point));
    app.update();
}

/// The entity of the piece the client has on `point`.
fn piece_at(app: &mut App, point: Point) -> Option<Entity> {
    let mut query = app.world_mut().query::<(Entity, &PieceSprite)>();
    query
        .iter(app.world())
        .find(|(_, p)| p.point == point)
        .map(|(e, _)| e)
}

/// Every piece entity stands where the rules say, showing what the rules say, one per piece.
fn assert_consistent(app: &mut App) {
    let game = game(app);
    let view = game.view();
    let rotated = app.world().resource::<TableView>().turned();
    let mut query = app
        .world_mut()
        .query::<(&PieceSprite, &PieceFace, &Transform)>();
    let mut seen = HashSet::new();
    for (sprite, face, transform) in query.iter(app.world()) {
        let expected = match view.cell(sprite.point) {
            Cell::Empty => panic!("a piece entity on the empty point {}", sprite.point),
            Cell::Hidden => None,
            Cell::Up(piece) => Some(piece),
        };
        assert_eq!(face.0, expected, "face on {}", sprite.point);
        let at = JunqiBoard::point_to_world(sprite.point, rotated);
        assert!(
            transform.translation.truncate().distance(at) < 0.01,
            "piece on {} drawn at {:?}, expected {at:?}",
            sprite.point,
            transform.translation
        );
        assert_eq!(transform.scale, Vec3::ONE, "scale on {}", sprite.point);
        assert!(
            seen.insert(sprite.point),
            "two entities on {}",
            sprite.point
        );
    }
    let occupied = Point::all()
        .filter(|&p| view.cell(p) != Cell::Empty)
        .count();
    assert_eq!(seen.len(), occupied);
    let dying = app
        .world_mut()
        .query_filtered::<(), With<Dying>>()
        .iter(app.world())
        .count();
    assert_eq!(dying, 0, "dying pieces left after settling");
}

/// A legal move of the side to move that does not take a flag (so games last): an attack if
/// there is one, otherwise a move varied by ply.
fn first_move(game: &PublicGame) -> Option<(Point, Point)> {
    let mut actions = ActionList::new();
    game.view().legal_actions(&mut actions);
    let moves: Vec<(Point, Point)> = actions
        .iter()
        .filter_map(|action| match *action {
            Action::Move { from, to } => Some((from, to)),
            Action::Flip(_) => None,
        })
        .filter(
            |&(_, to)| !matches!(game.view().cell(to), Cell::Up(piece) if piece.kind == Kind::Flag),
        )
        .collect();
    let attack = moves
        .iter()
        .copied()
        .find(|&(_, to)| game.view().cell(to) != Cell::Empty);
    attack.or_else(|| (!moves.is_empty()).then(|| moves[game.history().len() * 7 % moves.len()]))
}

fn first_hidden(game: &PublicGame) -> Point {
    game.view()
        .face_down_points()
        .next()
        .expect("a face-down piece")
}

#[test]
fn clicking_a_face_down_piece_flips_it_with_an_animation() {
    let mut app = app();
    start(&mut app, 7, Seats::hot_seat());
    let point = first_hidden(&game(&app));
    select(&mut app, point);

    let game_now = game(&app);
    assert_eq!(game_now.history().len(), 1);
    let Cell::Up(piece) = game_now.view().cell(point) else {
        panic!("{point} was not flipped");
    };
    let entity = piece_at(&mut app, point).expect("the piece keeps its entity");
    let anim = app
        .world()
        .get::<Anim>(entity)
        .expect("a flip animation runs");
    assert!(anim.steps().any(|step| matches!(step, Step::Turn(_))));
    assert_eq!(
        app.world().get::<Underside>(entity),
        Some(&Underside(piece))
    );

    settle(&mut app);
    assert!(app.world().get::<Anim>(entity).is_none());
    assert_eq!(
        app.world().get::<PieceFace>(entity),
        Some(&PieceFace(Some(piece)))
    );
    assert_consistent(&mut app);
}

#[test]
fn moves_and_attacks_end_where_the_rules_say() {
    let mut app = app();
    start(&mut app, 11, Seats::hot_seat());
    let mut moves = 0;
    let mut attacks = 0;
    for _ in 0..120 {
        let before = game(&app);
        if before.outcome().is_some() {
            break;
        }
        match first_move(&before) {
            Some((from, to)) => {
                select(&mut app, from);
                let selection = app.world().resource::<Selection>().clone();
                assert_eq!(selection.point, Some(from));
                let destinations: Vec<Point> = before.view().destinations(from).iter().collect();
                assert_eq!(selection.targets, destinations);
                if before.view().cell(to) != Cell::Empty {
                    attacks += 1;
                }
                select(&mut app, to);
                moves += 1;
                // The model changes first; the entity is keyed by its new point at once.
                let after = game(&app);
                assert_eq!(after.history().len(), before.history().len() + 1);
                if let Cell::Up(piece) = after.view().cell(to)
                    && before.view().cell(from) == Cell::Up(piece)
                {
                    assert!(piece_at(&mut app, to).is_some());
                }
            }
            None => select(&mut app, first_hidden(&before)),
        }
        settle(&mut app);
        assert_consistent(&mut app);
    }
    assert!(
        moves > 10,
        "only {moves} moves were played: {:?} {:?}",
        game(&app).outcome(),
        game(&app).history().len()
    );
    assert!(attacks > 0, "no attack was played");
}

#[test]
fn a_new_action_finishes_running_animations() {
    let mut app = app();
    start(&mut app, 5, Seats::hot_seat());
    // Two players flip one after the other without waiting for the first flip to finish.
    for _ in 0..6 {
        let point = first_hidden(&game(&app));
        select(&mut app, point);
        app.update();
    }
    settle(&mut app);
    assert_eq!(game(&app).history().len(), 6);
    assert_consistent(&mut app);
}

#[test]
fn undo_restores_the_model_and_the_pieces() {
    let mut app = app();
    start(&mut app, 3, Seats::hot_seat());
    for _ in 0..30 {
        let current = game(&app);
        match first_move(&current) {
            Some((from, to)) => {
                select(&mut app, from);
                select(&mut app, to);
            }
            None => select(&mut app, first_hidden(&current)),
        }
        settle(&mut app);
    }
    let before = game(&app);
    let action = match first_move(&before) {
        Some((from, to)) => {
            select(&mut app, from);
            select(&mut app, to);
            Action::Move { from, to }
        }
        None => {
            let point = first_hidden(&before);
            select(&mut app, point);
            Action::Flip(point)
        }
    };
    assert_eq!(
        game(&app).history().last().map(|played| played.action),
        Some(action)
    );
    // Undo in the middle of the animation.
    app.world_mut().write_message(MatchRequest::Undo);
    app.update();
    settle(&mut app);
    let after = game(&app);
    assert_eq!(after.history(), before.history());
    assert_eq!(after.view(), before.view());
    assert_consistent(&mut app);
}

#[test]
fn the_computer_answers_and_undo_returns_to_the_human() {
    let mut app = app();
    start(&mut app, 9, Seats::versus_computer(Level::Random, Seat(0)));
    let point = first_hidden(&game(&app));
    select(&mut app, point);
    for _ in 0..400 {
        if game(&app).history().len() == 2 {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(game(&app).history().len(), 2, "the computer did not answer");
    settle(&mut app);
    assert_consistent(&mut app);

    app.world_mut().write_message(MatchRequest::Undo);
    app.update();
    settle(&mut app);
    assert!(game(&app).history().is_empty());
    assert_consistent(&mut app);
}

#[test]
fn clicks_on_the_computers_turn_are_ignored() {
    let mut app = app();
    start(&mut app, 4, Seats::versus_computer(Level::Random, Seat(1)));
    // The computer moves first and waits a little before it does; a click meanwhile does nothing.
    let point = first_hidden(&game(&app));
    select(&mut app, point);
    assert!(game(&app).history().is_empty());
    assert_eq!(app.world().resource::<Selection>().point, None);
}

#[test]
fn an_action_chosen_before_a_new_game_is_not_played_in_it() {
    let mut app = app();
    start(&mut app, 4, Seats::hot_seat());
    let flip = first_hidden(&game(&app));
    // Chosen in the game on the board, but arriving after the next game was loaded (as a
    // computer's move in the title demonstration can when a player starts a game).
    let stale = PlayRequest::new(Action::Flip(flip), junqi_table(&app));
    app.world_mut().write_message(LoadMatch::<JunqiMatch> {
        game: JunqiWhole::Flip(Box::new(Game::new(Position::deal_seeded(
            Ruleset::default(),
            5,
        )))),
        seats: Seats::hot_seat(),
        mode: TableMode::Local,
    });
    app.update();
    app.world_mut().write_message(stale);
    app.update();
    assert!(game(&app).history().is_empty(), "the stale flip was played");
    // The same action chosen in the new game is played.
    let fresh = PlayRequest::new(Action::Flip(flip), junqi_table(&app));
    app.world_mut().write_message(fresh);
    app.update();
    assert_eq!(game(&app).history().len(), 1);
}

#[test]
fn translations_fall_back_to_the_key() {
    assert_eq!(tr(Lang::Ru, "menu-quit"), "Выход");
    assert_eq!(tr(Lang::Zh, "menu-quit"), "退出");
    assert_eq!(tr(Lang::En, "no.such.key"), "no.such.key");
}

#[test]
fn a_hint_suggests_a_legal_action_and_is_forgotten_after_a_move() {
    let mut app = app();
    start(&mut app, 11, Seats::hot_seat());
    select(&mut app, Point::parse("c1").unwrap());
    settle(&mut app);
    app.world_mut()
        .resource_scope(|world, mut hint: Mut<Hint<JunqiMatch>>| {
            let key = world.resource::<TableState<JunqiMatch>>().key;
            hint.request(world.resource::<JunqiMatch>(), key);
        });
    for _ in 0..2000 {
        if app
            .world()
            .resource::<Hint<JunqiMatch>>()
            .suggestion
            .is_some()
        {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let suggestion = app
        .world()
        .resource::<Hint<JunqiMatch>>()
        .suggestion
        .expect("a hint arrives");
    assert!(game(&app).view().is_legal(suggestion), "{suggestion}");
    let request = PlayRequest::new(suggestion, junqi_table(&app));
    app.world_mut().write_message(request);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Hint<JunqiMatch>>().suggestion, None);
}

/// A screenshot of the real game started with `args`, under the display in `DISPLAY` (CI
/// starts Xvfb with Mesa's software renderer): width, height, and RGB(A) pixels with their
/// channel count. Without a display the test fails, saying so.
fn screenshot(args: &[&str], name: &str) -> (u32, u32, Vec<u8>, usize) {
    assert!(
        std::env::var_os("DISPLAY").is_some(),
        "this test needs a display: `bash .ci/run` starts Xvfb with Mesa's software renderer"
    );
    // Kept for people to look at: `<target dir>/tmp/screenshots/<name>.png`.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.png"));
    std::fs::remove_file(&path).ok();
    let config = dir.join(format!("config-{name}"));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kawu"))
        .args(args)
        .arg("--screenshot")
        .arg(&path)
        .env("XDG_CONFIG_HOME", &config)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the game starts");
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(180) {
            child.kill().ok();
            panic!("the game did not save its screenshot and exit within 180 s");
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    assert!(status.success(), "the game exited with {status}");
    std::fs::remove_dir_all(&config).ok();
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    pixels.truncate(info.buffer_size());
    assert!(
        info.width >= 640 && info.height >= 400,
        "{}x{}",
        info.width,
        info.height
    );
    (info.width, info.height, pixels, info.color_type.samples())
}

/// Counts the pixels of a screenshot that `matches`, and the distinct colours (coarsely).
fn count_pixels(
    pixels: &[u8],
    channels: usize,
    matches: impl Fn(i32, i32, i32) -> bool,
) -> (usize, usize) {
    let mut distinct = HashSet::new();
    let mut count = 0;
    for pixel in pixels.chunks(channels) {
        let (r, g, b) = (pixel[0] as i32, pixel[1] as i32, pixel[2] as i32);
        distinct.insert((r / 16, g / 16, b / 16));
        count += usize::from(matches(r, g, b));
    }
    (count, distinct.len())
}

fn is_wood(r: i32, g: i32, b: i32) -> bool {
    r > 190 && (150..215).contains(&g) && (100..170).contains(&b)
}

fn is_red_ink(r: i32, g: i32, b: i32) -> bool {
    r > 150 && g < 90 && b < 90
}

/// A game in progress: not blank, the wooden board, and pieces of both colours.
#[test]
fn screenshot_of_a_game_in_progress_shows_the_board_and_both_colours() {
    let args = ["--mode", "hotseat", "--seed", "3", "--play", "40"];
    let (width, height, pixels, channels) = screenshot(&args, "game-in-progress");
    let total = (width * height) as usize;
    let (wood, distinct) = count_pixels(&pixels, channels, is_wood);
    assert!(
        distinct > 50,
        "the picture is nearly blank: {distinct} colours"
    );
    assert!(
        wood > total / 20,
        "too little board: {wood} of {total} pixels"
    );
    let (red, _) = count_pixels(&pixels, channels, is_red_ink);
    assert!(red > 500, "too little red: {red}");
    let (blue, _) = count_pixels(&pixels, channels, |r, g, b| b > 140 && r < 100 && g < 150);
    assert!(blue > 500, "too little blue: {blue}");
}

/// A Xiangqi game in progress: the board, red characters and the paper faces of the pieces.
#[test]
fn screenshot_of_a_xiangqi_game_shows_the_board_and_its_pieces() {
    let args = [
        "--game", "xiangqi", "--mode", "hotseat", "--seed", "5", "--play", "24",
    ];
    let (width, height, pixels, channels) = screenshot(&args, "xiangqi-in-progress");
    let total = (width * height) as usize;
    let (wood, distinct) = count_pixels(&pixels, channels, is_wood);
    assert!(
        distinct > 50,
        "the picture is nearly blank: {distinct} colours"
    );
    assert!(
        wood > total / 20,
        "too little board: {wood} of {total} pixels"
    );
    let (red, _) = count_pixels(&pixels, channels, is_red_ink);
    assert!(red > 500, "too little red ink: {red}");
    let (paper, _) = count_pixels(&pixels, channels, |r, g, b| r > 240 && g > 232 && b > 205);
    assert!(paper > 20_000, "too few piece faces: {paper}");
}

/// A lesson step opened from the command line: the board, and the lesson's framed panel over
/// the foot of the HUD (nothing of the kind is there in a plain game).
#[test]
fn screenshot_of_a_lesson_step_shows_its_panel_beside_the_board() {
    let framed = |pixels: &[u8], channels: usize, width: u32| {
        pixels
            .chunks(channels)
            .enumerate()
            .filter(|(index, _)| {
                let (x, y) = (*index as u32 % width, *index as u32 / width);
                x > width * 3 / 4 && y > 500
            })
            .filter(|(_, pixel)| {
                let (r, g, b) = (pixel[0] as i32, pixel[1] as i32, pixel[2] as i32);
                (r - 196).abs() < 24 && (g - 148).abs() < 24 && (b - 80).abs() < 24
            })
            .count()
    };
    let lesson = ["--game", "xiangqi", "--lesson", "4"];
    let (width, height, pixels, channels) = screenshot(&lesson, "xiangqi-lesson");
    let (wood, _) = count_pixels(&pixels, channels, is_wood);
    assert!(
        wood > (width * height) as usize / 20,
        "too little board: {wood}"
    );
    let border = framed(&pixels, channels, width);
    let plain = ["--game", "xiangqi", "--mode", "hotseat"];
    let (width, _, pixels, channels) = screenshot(&plain, "xiangqi-new");
    let without = framed(&pixels, channels, width);
    assert!(
        border > 1000 && without < border / 10,
        "the lesson's frame: {border} pixels, {without} without a lesson"
    );
}

/// Plays flips until the colours are decided.
fn decide_colours(app: &mut App) {
    while game(app).view().side_to_move().is_none() {
        let point = first_hidden(&game(app));
        select(app, point);
        settle(app);
    }
}

#[test]
fn resigning_goes_through_the_referee_and_ends_the_game() {
    let mut app = app();
    start(&mut app, 8, Seats::hot_seat());
    decide_colours(&mut app);
    let loser = game(&app).view().side_to_move().expect("colours decided");
    app.world_mut().write_message(MatchRequest::Resign);
    app.update();
    let outcome = game(&app).outcome().expect("the game is over");
    assert_eq!(
        outcome,
        Outcome::Win {
            winner: loser.opponent(),
            reason: WinReason::Resignation
        }
    );
    assert!(app.world().resource::<MatchStatus>().over);
    // Undo reopens the game.
    app.world_mut().write_message(MatchRequest::Undo);
    app.update();
    assert_eq!(game(&app).outcome(), None);
}

#[test]
fn a_computer_declines_an_early_draw_offer() {
    let mut app = app();
    start(&mut app, 6, Seats::versus_computer(Level::Random, Seat(0)));
    app.world_mut().write_message(MatchRequest::OfferDraw);
    app.update();
    let declined = app
        .world_mut()
        .resource_mut::<Messages<DrawDeclined>>()
        .drain()
        .count();
    assert_eq!(declined, 1);
    assert_eq!(game(&app).outcome(), None);
}

#[test]
fn a_corrupt_saved_record_is_reported_and_changes_nothing() {
    let mut app = app();
    start(&mut app, 2, Seats::hot_seat());
    let before = game(&app);
    app.world_mut().write_message(ResumeMatch {
        game: GameKind::Junqi,
        seats: Seats::hot_seat(),
        record: serde_json::json!({"version": 1, "rules": {}, "start": "not a jfen", "actions": []}),
    });
    app.update();
    app.update();
    let reports: Vec<BadSave> = app
        .world_mut()
        .resource_mut::<Messages<BadSave>>()
        .drain()
        .collect();
    assert_eq!(reports.len(), 1, "{reports:?}");
    assert_eq!(game(&app), before);
}

#[test]
fn seats_turn_the_table_for_the_person_against_the_computer() {
    let mut app = app();
    start(&mut app, 4, Seats::versus_computer(Level::Random, Seat(1)));
    settle(&mut app);
    app.update();
    assert_eq!(app.world().resource::<TableView>().bottom, Seat(1));
    assert_consistent(&mut app);
}

/// Plays `count` actions through the referee, as the players' clicks would: flips until the
/// colours are decided, then moves (attacks first), settling the animations after each.
fn play_actions(app: &mut App, count: usize) {
    for _ in 0..count {
        let public = game(app);
        let action = match (public.view().side_to_move(), first_move(&public)) {
            (Some(_), Some((from, to))) => Action::Move { from, to },
            _ => Action::Flip(first_hidden(&public)),
        };
        let request = PlayRequest::new(action, junqi_table(app));
        app.world_mut().write_message(request);
        app.update();
        settle(app);
    }
}

/// Asks to watch `text` as a record of `kind`; what was reported bad about it.
fn watch_text(app: &mut App, kind: GameKind, text: String) -> Vec<BadRecord> {
    app.world_mut().write_message(WatchReplay {
        kind,
        record: RecordSource::Text(text),
    });
    app.update();
    app.world_mut()
        .resource_mut::<Messages<BadRecord>>()
        .drain()
        .collect()
}

fn replay_progress(app: &App) -> Option<ReplayProgress> {
    app.world().resource::<MatchStatus>().replay
}

fn ask_replay(app: &mut App, request: ReplayRequest) {
    app.world_mut().write_message(request);
    app.update();
    settle(app);
    app.update();
}

#[test]
fn a_finished_game_is_kept_and_its_replay_steps_where_the_rules_say() {
    let mut app = app();
    start(&mut app, 11, Seats::hot_seat());
    play_actions(&mut app, 24);
    let played = game(&app);
    app.world_mut().write_message(MatchRequest::Resign);
    app.update();
    app.update();
    let finished = app.world().resource::<FinishedGames>().0.clone();
    assert_eq!(finished.len(), 1, "the finished game is kept once");
    assert_eq!(finished[0].plies, 24);
    assert!(!finished[0].result.is_empty());

    app.world_mut().write_message(WatchReplay {
        kind: GameKind::Junqi,
        record: RecordSource::Kept(finished[0].record.clone()),
    });
    app.update();
    settle(&mut app);
    app.update();
    assert_eq!(game(&app).history().len(), 0, "a replay starts at the deal");
    let progress = replay_progress(&app).expect("a replay is on the table");
    assert_eq!((progress.shown, progress.total), (0, 24));
    assert_consistent(&mut app);
    // Nobody plays in a replay: clicks change nothing.
    let hidden = first_hidden(&game(&app));
    select(&mut app, hidden);
    settle(&mut app);
    assert_eq!(game(&app).history().len(), 0);

    // Forward, with the same animations as play, then back.
    for shown in 1..=6 {
        ask_replay(&mut app, ReplayRequest::Forward);
        assert_eq!(game(&app).history(), &played.history()[..shown]);
        assert_consistent(&mut app);
    }
    ask_replay(&mut app, ReplayRequest::Back);
    assert_eq!(game(&app).history(), &played.history()[..5]);
    assert_consistent(&mut app);
    ask_replay(&mut app, ReplayRequest::Jump(17));
    assert_eq!(game(&app).history(), &played.history()[..17]);
    assert_consistent(&mut app);
    ask_replay(&mut app, ReplayRequest::Last);
    assert_eq!(game(&app).history(), played.history());
    assert!(game(&app).outcome().is_some(), "the resignation is shown");
    assert_consistent(&mut app);

    // It plays by itself to the end.
    ask_replay(&mut app, ReplayRequest::First);
    ask_replay(&mut app, ReplayRequest::TogglePlay);
    for _ in 0..3000 {
        if replay_progress(&app).is_some_and(|p| !p.playing) {
            break;
        }
        app.update();
    }
    let progress = replay_progress(&app).expect("still a replay");
    assert_eq!((progress.shown, progress.playing), (24, false));
    settle(&mut app);
    assert_consistent(&mut app);

    // Play on from the middle: the referee takes the game over from there.
    ask_replay(&mut app, ReplayRequest::Jump(10));
    ask_replay(&mut app, ReplayRequest::ContinueHere(Seats::hot_seat()));
    app.update();
    assert_eq!(replay_progress(&app), None);
    assert_eq!(game(&app).history(), &played.history()[..10]);
    assert_eq!(game(&app).outcome(), None);
    play_actions(&mut app, 1);
    assert_eq!(game(&app).history().len(), 11, "the game goes on");
    assert_consistent(&mut app);
}

#[test]
fn an_exported_game_replays_from_its_text_and_bad_text_changes_nothing() {
    let mut app = app();
    start(&mut app, 5, Seats::hot_seat());
    play_actions(&mut app, 12);
    let text = app
        .world()
        .resource::<LocalReferee<JunqiMatch>>()
        .game()
        .map(JunqiMatch::to_text)
        .expect("a local game");
    let before = game(&app);

    let mut corrupt = text.replacen("c", "#", 3);
    corrupt.push_str(" zz9");
    for bad in [String::new(), "hello".to_string(), corrupt] {
        let reports = watch_text(&mut app, GameKind::Junqi, bad);
        assert_eq!(reports.len(), 1, "{reports:?}");
        assert!(!reports[0].0.is_empty());
        assert_eq!(game(&app), before, "a bad record changes nothing");
        assert_eq!(replay_progress(&app), None);
    }

    app.world_mut().write_message(WatchReplay {
        kind: GameKind::Junqi,
        record: RecordSource::Text(text),
    });
    app.update();
    app.update();
    assert_eq!(replay_progress(&app).map(|p| p.total), Some(12));
    ask_replay(&mut app, ReplayRequest::Last);
    assert_eq!(game(&app).history(), before.history());
    assert_consistent(&mut app);
}

/// The `kawu-server` binary, built by the server's own tests (`cargo test --no-default-features
/// --features server`, which `.ci/run` runs first) into the same target directory.
fn server_binary() -> Option<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_BIN_EXE_kawu")).parent()?;
    let path = dir.join(format!("kawu-server{}", std::env::consts::EXE_SUFFIX));
    path.exists().then_some(path)
}

/// Updates `apps` (a few ms apart, as real time passes) until `done` holds, at most 20 s.
fn run_until(apps: &mut [&mut App], what: &str, mut done: impl FnMut(&mut [&mut App]) -> bool) {
    let started = std::time::Instant::now();
    while !done(apps) {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "timed out waiting for {what}"
        );
        for app in apps.iter_mut() {
            app.update();
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A `kawu-server` on a free port with a fresh data folder, stopped (and its folder removed)
/// when dropped.
struct TestServer {
    child: std::process::Child,
    data: std::path::PathBuf,
    url: String,
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
        std::fs::remove_dir_all(&self.data).ok();
    }
}

/// Starts a server; without its binary the test fails, saying how to build it.
fn start_server() -> TestServer {
    start_server_with(&[])
}

/// A server with these settings in its environment (such as `KAWU_GRACE_SECONDS`).
fn start_server_with(settings: &[(&str, &str)]) -> TestServer {
    let server = server_binary().expect(
        "this test needs kawu-server next to the game's binary: `cargo build \
         --no-default-features --features server --bin kawu-server` into the same target \
         folder (`bash .ci/run` does)",
    );
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let data = std::env::temp_dir().join(format!("kawu-client-online-{port}"));
    std::fs::remove_dir_all(&data).ok();
    let mut command = std::process::Command::new(server);
    command.envs(settings.iter().copied());
    let child = command
        .args(["--addr", &format!("127.0.0.1:{port}"), "--data"])
        .arg(&data)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the server starts");
    TestServer {
        child,
        data,
        url: format!("ws://127.0.0.1:{port}/ws"),
    }
}

/// The head (lower-case names) and body of a plain `GET` of an `http://` address.
fn http_get(url: &str) -> (String, Vec<u8>) {
    use std::io::{Read, Write};
    let rest = url.strip_prefix("http://").expect("an http address");
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let mut stream = std::net::TcpStream::connect(host).expect("the server answers");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .expect("the request is sent");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).expect("the answer arrives");
    let split = answer
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8_lossy(&answer[..split]).to_lowercase();
    (head, answer[split + 4..].to_vec())
}

/// A client app that goes online through the server at `url`.
fn online_app(url: &str) -> App {
    let mut app = app();
    app.world_mut()
        .resource_mut::<kawu::client::Settings>()
        .server = url.to_string();
    app
}

/// A line between clients and a server that the test can cut: it forwards every connection
/// to the server until cut, then closes them all and turns new ones away until mended. It can
/// also stall: the connections open then stay open but carry nothing more either way (a line
/// gone silent), while new ones pass.
struct LineCutter {
    url: String,
    cut: std::sync::Arc<std::sync::atomic::AtomicBool>,
    lines: std::sync::Arc<std::sync::Mutex<Vec<std::net::TcpStream>>>,
    /// Each connection's own switch: whether it has gone silent.
    silences: std::sync::Arc<std::sync::Mutex<Vec<std::sync::Arc<std::sync::atomic::AtomicBool>>>>,
}

/// Copies `from` to `to` until either closes; while `silent`, what `from` sends is dropped.
fn pump(
    mut from: std::net::TcpStream,
    mut to: std::net::TcpStream,
    silent: std::sync::Arc<std::sync::atomic::AtomicBool>,
) {
    use std::io::{Read, Write};
    let mut buffer = [0; 4096];
    while let Ok(read) = from.read(&mut buffer) {
        if read == 0 {
            break;
        }
        if !silent.load(std::sync::atomic::Ordering::SeqCst)
            && to.write_all(&buffer[..read]).is_err()
        {
            break;
        }
    }
    to.shutdown(std::net::Shutdown::Both).ok();
}

impl LineCutter {
    /// A line to `server` on a free local port.
    fn to(server: &TestServer) -> LineCutter {
        use std::sync::atomic::Ordering;
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        let port = listener.local_addr().expect("an address").port();
        let target = server
            .url
            .trim_start_matches("ws://")
            .trim_end_matches("/ws")
            .to_string();
        let cut = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let lines = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let silences = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let (cut_seen, lines_kept, silences_kept) = (cut.clone(), lines.clone(), silences.clone());
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                if cut_seen.load(Ordering::SeqCst) {
                    continue;
                }
                let Ok(upstream) = std::net::TcpStream::connect(&target) else {
                    continue;
                };
                let silent = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
                for (from, to) in [(&client, &upstream), (&upstream, &client)] {
                    let (from, to) = (from.try_clone().unwrap(), to.try_clone().unwrap());
                    let silent = silent.clone();
                    std::thread::spawn(move || pump(from, to, silent));
                }
                lines_kept.lock().unwrap().extend([client, upstream]);
                silences_kept.lock().unwrap().push(silent);
            }
        });
        LineCutter {
            url: format!("ws://127.0.0.1:{port}/ws"),
            cut,
            lines,
            silences,
        }
    }

    /// Closes every connection through the line and turns new ones away.
    fn cut(&self) {
        self.cut.store(true, std::sync::atomic::Ordering::SeqCst);
        for line in self.lines.lock().unwrap().drain(..) {
            line.shutdown(std::net::Shutdown::Both).ok();
        }
    }

    /// Lets connections through again.
    fn mend(&self) {
        self.cut.store(false, std::sync::atomic::Ordering::SeqCst);
    }

    /// Every connection open now goes silent, staying open; new ones pass.
    fn stall(&self) {
        for silent in self.silences.lock().unwrap().drain(..) {
            silent.store(true, std::sync::atomic::Ordering::SeqCst);
        }
    }
}

/// A server that cannot be reached is said so on the online page, and a game then started at
/// this device is played here: the failed attempt does not hold the table for the server.
#[test]
fn a_local_game_starts_after_the_server_could_not_be_reached() {
    // A port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut app = online_app(&format!("ws://127.0.0.1:{port}/ws"));
    app.world_mut()
        .write_message(GoOnline(OnlineRequest::Create(RoomPlan::pair(
            GameKind::Junqi,
            Default::default(),
        ))));
    run_until(&mut [&mut app], "the attempt to fail", |apps| {
        matches!(session(apps[0]).state, LinkState::Failed(_))
    });
    app.world_mut().write_message(kawu::client::NewMatch {
        game: GameKind::Junqi,
        seats: Seats::hot_seat(),
        deal: Deal::default(),
        attract: false,
    });
    app.update();
    app.update();
    assert!(!session(&app).active(), "the attempt is dropped");
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    assert_eq!(
        *app.world().resource::<State<TableMode>>().get(),
        TableMode::Local,
        "a game of this device's, not the demonstration"
    );
    assert_eq!(table_game(&app), GameKind::Junqi);
}

/// A client of `server` that created a room as `plan` says, and the room's invite code.
fn create_room(server: &TestServer, plan: RoomPlan) -> (App, String) {
    let mut host = online_app(&server.url);
    // The server may take a moment to listen: ask again until a room exists.
    let started = std::time::Instant::now();
    loop {
        host.world_mut()
            .write_message(GoOnline(OnlineRequest::Create(plan.clone())));
        let asked = std::time::Instant::now();
        while asked.elapsed() < Duration::from_secs(2)
            && host.world().resource::<OnlineSession>().room.is_none()
        {
            host.update();
            std::thread::sleep(Duration::from_millis(5));
        }
        if let Some(room) = &host.world().resource::<OnlineSession>().room {
            let code = room.code.clone();
            assert!(code.len() >= 8, "invite code {code}");
            return (host, code);
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no room was created"
        );
    }
}

/// A client of `server` that joins the room `code`.
fn join_room(server: &TestServer, code: &str) -> App {
    join_room_at(&server.url, code)
}

/// A client that joins the room `code` through the server at `url`.
fn join_room_at(url: &str, code: &str) -> App {
    let mut guest = online_app(url);
    guest
        .world_mut()
        .write_message(GoOnline(OnlineRequest::Join(code.to_string())));
    guest
}

fn session(app: &App) -> OnlineSession {
    app.world().resource::<OnlineSession>().clone()
}

/// Two clients of `server` in one room of `game`: the host created it, the guest joined by
/// its code through `guest_url` (a line the test can cut), and both have seen each other
/// arrive.
fn seated_pair(server: &TestServer, guest_url: &str, game: GameKind) -> (App, App) {
    let (mut host, code) = create_room(server, RoomPlan::pair(game, Default::default()));
    let mut guest = join_room_at(guest_url, &code);
    run_until(
        &mut [&mut host, &mut guest],
        "both seated and playing",
        |apps| {
            // Both have seen the other arrive, and heard the same events.
            apps.iter().all(|app| {
                *app.world().resource::<State<Screen>>().get() == Screen::Playing
                    && table_game(app) == game
                    && app
                        .world()
                        .resource::<Seats>()
                        .iter()
                        .any(|(_, c)| c == Controller::Remote)
                    && session(app).connected() == [true, true]
            }) && session(apps[0]).version() == session(apps[1]).version()
        },
    );
    (host, guest)
}

/// The app whose turn `turn` is (the host's on even turns, it moves first) and the other; the
/// mover's own table says it is a person's turn at that device.
fn turn_of<'a>(turn: usize, host: &'a mut App, guest: &'a mut App) -> (&'a mut App, &'a mut App) {
    let (mover, other) = if turn.is_multiple_of(2) {
        (host, guest)
    } else {
        (guest, host)
    };
    let status = mover.world().resource::<MatchStatus>().clone();
    assert_eq!(
        mover.world().resource::<Seats>().controller(status.to_move),
        Controller::Local,
        "turn {turn}"
    );
    (mover, other)
}

#[test]
fn two_clients_play_through_a_real_server() {
    let server = start_server();
    let line = LineCutter::to(&server);
    let (mut host, mut guest) = seated_pair(&server, &line.url, GameKind::Junqi);
    // The host (room seat 0) moves first: a flip, played only once the server has ruled.
    let flip = |turn: usize, host: &mut App, guest: &mut App| {
        let (mover, other) = turn_of(turn, host, guest);
        let point = first_hidden(&game(mover));
        select(mover, point);
        run_until(&mut [mover, other], "the flip to reach both", |apps| {
            apps.iter().all(|app| game(app).history().len() == turn + 1)
        });
        assert_eq!(game(host), game(guest), "both see the same game");
        assert!(matches!(game(host).view().cell(point), Cell::Up(_)));
    };
    flip(0, &mut host, &mut guest);
    flip(1, &mut host, &mut guest);
    // The guest's line drops and the host flips meanwhile: once the line is back, the guest
    // takes its seat again and sees the flip it missed.
    let guest_seat = session(&guest).my_seat().expect("a seat");
    line.cut();
    run_until(&mut [&mut host, &mut guest], "the line to drop", |apps| {
        session(apps[0]).connected() == [true, false]
            && matches!(session(apps[1]).state, LinkState::Reconnecting(_))
    });
    let point = first_hidden(&game(&host));
    select(&mut host, point);
    run_until(&mut [&mut host, &mut guest], "the host's flip", |apps| {
        game(apps[0]).history().len() == 3 && game(apps[1]).history().len() == 2
    });
    line.mend();
    run_until(&mut [&mut host, &mut guest], "the guest back", |apps| {
        session(apps[0]).connected() == [true, true]
            && session(apps[1]).my_seat() == Some(guest_seat)
            && game(apps[1]).history().len() == 3
    });
    assert_eq!(game(&host), game(&guest), "both see the same game");
    settle(&mut guest);
    assert_consistent(&mut guest);
    flip(3, &mut host, &mut guest);
    // A click on the other player's turn sends nothing.
    let point = first_hidden(&game(&guest));
    select(&mut guest, point);
    for _ in 0..20 {
        host.update();
        guest.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(game(&host).history().len(), 4);

    // The host resigns: both keep the game, rebuilt from what they saw, to replay.
    host.world_mut().write_message(MatchRequest::Resign);
    run_until(&mut [&mut host, &mut guest], "the resignation", |apps| {
        apps.iter()
            .all(|app| app.world().resource::<FinishedGames>().0.len() == 1)
    });
    let seen = game(&guest);
    guest.world_mut().write_message(WatchReplay {
        kind: GameKind::Junqi,
        record: RecordSource::OnTable,
    });
    guest.update();
    guest.update();
    assert_eq!(replay_progress(&guest).map(|p| p.total), Some(4));
    assert!(
        !guest.world().resource::<OnlineSession>().active(),
        "the replay leaves the room"
    );
    ask_replay(&mut guest, ReplayRequest::Last);
    assert_eq!(game(&guest), seen, "the replay shows what the guest saw");
    assert_consistent(&mut guest);
}

#[test]
fn a_line_gone_silent_is_noticed_by_its_ping_and_the_seat_taken_again() {
    let server = start_server();
    let line = LineCutter::to(&server);
    let (mut host, mut guest) = seated_pair(&server, &line.url, GameKind::Junqi);
    let check = LineCheck {
        every: Duration::from_millis(300),
        wait: Duration::from_secs(1),
    };
    guest.world_mut().insert_resource(check);
    let guest_seat = session(&guest).my_seat().expect("a seat");
    // The guest's line goes silent without closing: nothing tells it so but its ping. The
    // host flips meanwhile.
    line.stall();
    let silent_since = std::time::Instant::now();
    let point = first_hidden(&game(&host));
    select(&mut host, point);
    run_until(
        &mut [&mut host, &mut guest],
        "the guest to miss the flip",
        |apps| game(apps[0]).history().len() == 1,
    );
    assert_eq!(game(&guest).history().len(), 0);
    run_until(
        &mut [&mut host, &mut guest],
        "the silence noticed",
        |apps| matches!(session(apps[1]).state, LinkState::Reconnecting(_)),
    );
    let noticed = silent_since.elapsed();
    assert!(
        noticed < check.every + check.wait + Duration::from_secs(2),
        "noticed after {noticed:?}"
    );
    // A new line passes: the guest takes its seat again and sees the flip it missed.
    run_until(&mut [&mut host, &mut guest], "the guest back", |apps| {
        session(apps[1]).state == LinkState::Online
            && session(apps[1]).my_seat() == Some(guest_seat)
            && game(apps[1]).history().len() == 1
    });
    assert_eq!(game(&host), game(&guest), "both see the same game");
    settle(&mut guest);
    assert_consistent(&mut guest);
}

// ---------------------------------------------------------------------------------------------
// Xiangqi

use kawu::client::points::{
    BoardCommand as PointsCommand, PointPiece, PointsBoard, PointsMatch,
    Selection as PointsSelection,
};
use kawu::client::xiangqi::{XiangqiBoard, XiangqiMatch, square_to_world};
use kawu::rules::xiangqi::{
    Game as XqGame, MoveList as XqMoves, Position as XqPosition, Reason, Square,
};

fn xq_start(app: &mut App, game: XqGame, seats: Seats) {
    app.world_mut().write_message(LoadMatch::<XiangqiMatch> {
        game: XiangqiMatch::new(game, None),
        seats,
        mode: TableMode::Local,
    });
    app.update();
    app.update();
    assert_eq!(table_game(app), GameKind::Xiangqi);
    xq_assert_consistent(app);
}

fn xq_model(app: &App) -> XiangqiMatch {
    app.world().resource::<XiangqiMatch>().clone()
}

fn xq_select(app: &mut App, square: Square) {
    app.world_mut()
        .write_message(PointsCommand::<XiangqiBoard>::Select(square));
    app.update();
}

/// Every Xiangqi piece entity stands where the rules say, one per piece; no Junqi piece is
/// left on the table.
fn xq_assert_consistent(app: &mut App) {
    let model = xq_model(app);
    let turned = app.world().resource::<TableView>().turned();
    let mut query = app
        .world_mut()
        .query::<(&PointPiece<XiangqiMatch>, &Transform)>();
    let mut seen = 0;
    for (piece, transform) in query.iter(app.world()) {
        assert_eq!(model.position().piece_at(piece.point), Some(piece.piece));
        let at = square_to_world(piece.point, turned);
        assert!(
            transform.translation.truncate().distance(at) < 0.01,
            "{}",
            piece.point
        );
        seen += 1;
    }
    assert_eq!(seen, model.position().pieces().count());
    let junqi = app
        .world_mut()
        .query::<&PieceSprite>()
        .iter(app.world())
        .count();
    assert_eq!(junqi, 0, "Junqi pieces on the Xiangqi table");
}

fn square(name: &str) -> Square {
    let bytes = name.as_bytes();
    Square::new(usize::from(bytes[0] - b'a'), usize::from(bytes[1] - b'0')).expect("a square")
}

#[test]
fn xiangqi_moves_and_captures_end_where_the_rules_say() {
    let mut app = app();
    xq_start(
        &mut app,
        XqGame::new(XqPosition::start()),
        Seats::hot_seat(),
    );
    // The cannon's opening, then captures: h2e2 h9g7, e2e6 (takes the soldier on e6).
    for (from, to) in [("h2", "e2"), ("h9", "g7"), ("e2", "e6")] {
        xq_select(&mut app, square(from));
        let selection = app
            .world()
            .resource::<PointsSelection<XiangqiBoard>>()
            .clone();
        let mut legal = XqMoves::new();
        xq_model(&app).position().legal_moves(&mut legal);
        let expected: Vec<Square> = legal
            .iter()
            .filter(|mv| mv.from() == square(from))
            .map(|mv| mv.to())
            .collect();
        assert_eq!(selection.targets, expected);
        xq_select(&mut app, square(to));
        settle(&mut app);
        xq_assert_consistent(&mut app);
    }
    let model = xq_model(&app);
    assert_eq!(model.game.moves().len(), 3);
    assert_eq!(
        model.position().to_fen(),
        "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2"
    );
    app.world_mut().write_message(MatchRequest::Undo);
    app.update();
    settle(&mut app);
    assert_eq!(xq_model(&app).game.moves().len(), 2);
    xq_assert_consistent(&mut app);
}

/// A piece still sliding when the board turns ends on its point of the turned board.
#[test]
fn a_xiangqi_piece_sliding_when_the_board_turns_ends_on_the_turned_board() {
    let mut app = app();
    app.world_mut()
        .resource_mut::<kawu::client::Settings>()
        .rotate_board = true;
    xq_start(
        &mut app,
        XqGame::new(XqPosition::start()),
        Seats::hot_seat(),
    );
    xq_select(&mut app, square("h2"));
    xq_select(&mut app, square("e2"));
    assert!(!settled(&mut app), "the cannon slides");
    app.world_mut().resource_mut::<TableView>().bottom = Seat(1);
    settle(&mut app);
    app.update();
    assert_eq!(app.world().resource::<TableView>().bottom, Seat(1));
    xq_assert_consistent(&mut app);
}

/// Where points are smaller than a fingertip a tap acts only on a point it clearly hit, and a
/// move waits for a second tap on its destination.
#[test]
fn careful_taps_hit_only_clear_points_and_confirm_a_move() {
    let mut app = app();
    xq_start(
        &mut app,
        XqGame::new(XqPosition::start()),
        Seats::hot_seat(),
    );
    app.insert_resource(CarefulTap(true));
    let turned = app.world().resource::<TableView>().turned();
    let tap = |app: &mut App, at: Vec2| {
        app.world_mut().write_message(TableGesture::Press(at));
        app.update();
        app.update();
    };
    let selected = |app: &App| {
        app.world()
            .resource::<PointsSelection<XiangqiBoard>>()
            .point
    };
    // Half-way between the cannon on h2 and g2: nothing is selected.
    let (h2, g2) = (
        square_to_world(square("h2"), turned),
        square_to_world(square("g2"), turned),
    );
    tap(&mut app, (h2 + g2) / 2.0);
    assert_eq!(selected(&app), None);
    // Near enough the cannon's centre: selected.
    tap(&mut app, h2 + Vec2::new(6.0, -5.0));
    assert_eq!(selected(&app), Some(square("h2")));
    // A tap on a destination marks it; the move waits for a second tap there.
    let e2 = square_to_world(square("e2"), turned);
    tap(&mut app, e2);
    assert_eq!(xq_model(&app).game.moves().len(), 0);
    assert_eq!(selected(&app), Some(square("h2")));
    tap(&mut app, e2);
    settle(&mut app);
    assert_eq!(xq_model(&app).game.moves().len(), 1);
    xq_assert_consistent(&mut app);
    // Without care, one tap on the destination moves.
    app.insert_resource(CarefulTap(false));
    tap(&mut app, square_to_world(square("h9"), turned));
    tap(&mut app, square_to_world(square("g7"), turned));
    settle(&mut app);
    assert_eq!(xq_model(&app).game.moves().len(), 2);
}

/// Plugs a controller into the headless app, as gilrs does for a real one.
fn plug_pad(app: &mut App) -> Entity {
    let pad = app.world_mut().spawn_empty().id();
    let connected = GamepadConnection::Connected {
        name: "Test controller".into(),
        vendor_id: None,
        product_id: None,
    };
    app.world_mut()
        .write_message(GamepadConnectionEvent::new(pad, connected));
    app.update();
    app.update();
    pad
}

fn unplug_pad(app: &mut App, pad: Entity) {
    app.world_mut().write_message(GamepadConnectionEvent::new(
        pad,
        GamepadConnection::Disconnected,
    ));
    app.update();
    app.update();
}

/// Presses and releases a controller's button.
fn press_pad(app: &mut App, pad: Entity, button: GamepadButton) {
    for value in [1.0, 0.0] {
        app.world_mut()
            .write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(
                pad, button, value,
            )));
        app.update();
    }
}

/// Where the cursor is and whether it shows.
#[derive(Debug, PartialEq)]
struct XqCursor {
    point: Square,
    visible: bool,
}

fn xq_cursor(app: &App) -> XqCursor {
    let cursor = app
        .world()
        .resource::<kawu::client::points::Cursor<XiangqiBoard>>();
    XqCursor {
        point: cursor.point,
        visible: cursor.visible,
    }
}

/// Moves a piece with a controller: shows the cursor, steps it to `from` with the d-pad (as
/// the player sees the board, turned or not), presses South, steps to `to`, presses South.
fn pad_move(app: &mut App, pad: Entity, from: Square, to: Square) {
    if !xq_cursor(app).visible {
        press_pad(app, pad, GamepadButton::South);
    }
    for target in [from, to] {
        for _ in 0..20 {
            let at = xq_cursor(app).point;
            if at == target {
                break;
            }
            let turned = app.world().resource::<TableView>().turned();
            let (files, ranks) = (
                target.file() as i32 - at.file() as i32,
                target.rank() as i32 - at.rank() as i32,
            );
            let (files, ranks) = if turned {
                (-files, -ranks)
            } else {
                (files, ranks)
            };
            let button = match (files.signum(), ranks.signum()) {
                (1, _) => GamepadButton::DPadRight,
                (-1, _) => GamepadButton::DPadLeft,
                (_, 1) => GamepadButton::DPadUp,
                _ => GamepadButton::DPadDown,
            };
            press_pad(app, pad, button);
        }
        assert_eq!(
            xq_cursor(app).point,
            target,
            "the cursor reached {target:?}"
        );
        press_pad(app, pad, GamepadButton::South);
    }
    settle(app);
}

#[test]
fn each_controller_plays_its_own_seat_and_no_other() {
    let mut app = app();
    xq_start(
        &mut app,
        XqGame::new(XqPosition::start()),
        Seats::hot_seat(),
    );
    let (one, two) = (plug_pad(&mut app), plug_pad(&mut app));
    let numbers = |app: &App| {
        let slots = app.world().resource::<GamepadSlots>();
        slots.numbers().collect::<Vec<_>>()
    };
    assert_eq!(numbers(&app), [1, 2]);
    // "Controller 1 plays Red, controller 2 plays Black", as the new-game page sets it.
    app.insert_resource(SeatPads::new([Some(1), Some(2)]));
    let hand = |app: &App| app.world().resource::<CursorHand>().0;

    // Red to move: controller 2 moves nothing, not even the cursor.
    for button in [
        GamepadButton::South,
        GamepadButton::DPadUp,
        GamepadButton::South,
    ] {
        press_pad(&mut app, two, button);
    }
    assert!(!xq_cursor(&app).visible);
    assert_eq!(xq_cursor(&app).point, square("e2"));
    assert!(xq_model(&app).game.moves().is_empty());

    pad_move(&mut app, one, square("h2"), square("e2"));
    assert_eq!(xq_model(&app).game.moves().len(), 1);
    assert_eq!(hand(&app), Some(1));
    xq_assert_consistent(&mut app);

    // Black to move: now controller 1 does nothing.
    let before = xq_cursor(&app);
    for button in [
        GamepadButton::DPadLeft,
        GamepadButton::South,
        GamepadButton::South,
    ] {
        press_pad(&mut app, one, button);
    }
    assert_eq!(xq_cursor(&app), before);
    assert_eq!(xq_model(&app).game.moves().len(), 1);
    pad_move(&mut app, two, square("h9"), square("g7"));
    assert_eq!(xq_model(&app).game.moves().len(), 2);
    assert_eq!(hand(&app), Some(2));

    // Controller 2 unplugged; another one plugged in mid-game takes its number and its seat.
    unplug_pad(&mut app, two);
    assert_eq!(numbers(&app), [1]);
    pad_move(&mut app, one, square("b0"), square("c2"));
    let another = plug_pad(&mut app);
    assert_eq!(numbers(&app), [1, 2]);
    pad_move(&mut app, another, square("a9"), square("a8"));
    let model = xq_model(&app);
    assert_eq!(model.game.moves().len(), 4);
    assert_eq!(
        model.position().to_fen(),
        "1nbakab1r/r8/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C4/9/R1BAKABNR w - - 4 3"
    );
    xq_assert_consistent(&mut app);

    // Start opens the menu.
    press_pad(&mut app, one, GamepadButton::Start);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Title
    );
}

#[test]
fn the_xiangqi_computer_answers_and_undo_returns_to_the_human() {
    let mut app = app();
    xq_start(
        &mut app,
        XqGame::new(XqPosition::start()),
        Seats::versus_computer(Level::Random, Seat(0)),
    );
    xq_select(&mut app, square("b2"));
    xq_select(&mut app, square("e2"));
    xq_wait_for_moves(&mut app, 2);
    settle(&mut app);
    xq_assert_consistent(&mut app);
    app.world_mut().write_message(MatchRequest::Undo);
    app.update();
    settle(&mut app);
    assert!(xq_model(&app).game.moves().is_empty());
    xq_assert_consistent(&mut app);
}

/// Updates `app` until its Xiangqi game has `moves` moves (the computer answered), at most
/// 400 frames.
fn xq_wait_for_moves(app: &mut App, moves: usize) {
    for _ in 0..400 {
        if xq_model(app).game.moves().len() == moves {
            break;
        }
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(
        xq_model(app).game.moves().len(),
        moves,
        "the computer did not answer"
    );
}

/// Whether a piece's timeline has the check's cue (a flash and a shake of the table).
fn check_cue_runs(app: &mut App) -> bool {
    let mut anims = app.world_mut().query::<&Anim>();
    anims.iter(app.world()).any(|anim| {
        anim.steps()
            .any(|step| matches!(step, Step::Cue(cue) if cue.shake > 0.0 && cue.burst.is_some()))
    })
}

#[test]
fn a_check_has_its_cue_and_a_quiet_move_none() {
    let mut app = app();
    let start = XqPosition::from_fen("4k4/9/9/9/9/9/9/9/4A4/R3K4 w - - 0 1").expect("a FEN");
    xq_start(&mut app, XqGame::new(start), Seats::hot_seat());
    // The chariot to a9 checks the general along the rank.
    xq_select(&mut app, square("a0"));
    xq_select(&mut app, square("a9"));
    assert!(check_cue_runs(&mut app), "no check cue after a0a9");
    settle(&mut app);
    // The general steps out: no check, no capture.
    xq_select(&mut app, square("e9"));
    xq_select(&mut app, square("e8"));
    assert_eq!(xq_model(&app).game.moves().len(), 2);
    assert!(!check_cue_runs(&mut app), "a check cue after e9e8");
}

#[test]
fn a_perpetual_check_ends_the_game_and_says_who_repeated() {
    let mut app = app();
    // Red's chariot checks along the file and the rank, Black's general steps back and forth.
    let start = XqPosition::from_fen("4k4/9/9/9/9/9/9/9/4A4/R3K4 w - - 0 1").expect("a FEN");
    xq_start(&mut app, XqGame::new(start), Seats::hot_seat());
    xq_select(&mut app, square("a0"));
    xq_select(&mut app, square("a9"));
    let cycle = [("e9", "e8"), ("a9", "a8"), ("e8", "e9"), ("a8", "a9")];
    'playing: for _ in 0..8 {
        for (from, to) in cycle {
            if xq_model(&app).over() {
                break 'playing;
            }
            let before = xq_model(&app).game.moves().len();
            xq_select(&mut app, square(from));
            xq_select(&mut app, square(to));
            assert_eq!(xq_model(&app).game.moves().len(), before + 1, "{from}{to}");
            settle(&mut app);
        }
    }
    let outcome = xq_model(&app)
        .game
        .outcome()
        .expect("the rules end the game");
    assert_eq!(outcome.reason, Reason::PerpetualCheck);
    assert!(app.world().resource::<MatchStatus>().over);
    let (_, why, _) =
        kawu::client::xiangqi::result_text(Lang::En, &CLASSIC, &xq_model(&app), &Seats::hot_seat())
            .expect("a result");
    assert_eq!(
        why,
        "Red kept checking with the same pieces: a perpetual check loses"
    );
}

#[test]
fn a_xiangqi_game_exports_and_imports_as_text() {
    let mut app = app();
    xq_start(
        &mut app,
        XqGame::new(XqPosition::start()),
        Seats::hot_seat(),
    );
    for (from, to) in [("h2", "e2"), ("h9", "g7"), ("h0", "g2")] {
        xq_select(&mut app, square(from));
        xq_select(&mut app, square(to));
    }
    settle(&mut app);
    let text = <XiangqiMatch as Records>::to_text(&xq_model(&app));
    assert!(text.starts_with("[Game \"Xiangqi\"]"), "{text}");
    assert!(text.contains("1. h2e2 h9g7 2. h0g2"), "{text}");
    let imported =
        <XiangqiMatch as Records>::from_text(GameKind::Xiangqi, &text).expect("its own export");
    assert_eq!(imported.position(), xq_model(&app).position());
    // A FEN with its moves, and a UCI line, read too; a bad move is named with its line.
    let fen = XqPosition::start().to_fen();
    let plain =
        <XiangqiMatch as Records>::from_text(GameKind::Xiangqi, &format!("{fen}\nmoves h2e2 h9g7"));
    assert_eq!(plain.expect("a FEN and moves").game.moves().len(), 2);
    assert!(
        <XiangqiMatch as Records>::from_text(GameKind::Xiangqi, &format!("position fen {fen}"))
            .is_ok()
    );
    let bad =
        <XiangqiMatch as Records>::from_text(GameKind::Xiangqi, &format!("{fen}\nmoves h2e2 h9h0"))
            .expect_err("an illegal second move");
    assert!(bad.contains("h9h0") && bad.contains("line 2"), "{bad}");
    assert!(<XiangqiMatch as Records>::from_text(GameKind::Xiangqi, "not a position").is_err());
    // Loading it puts the same position on the table.
    app.world_mut().write_message(LoadMatch::<XiangqiMatch> {
        game: imported,
        seats: Seats::hot_seat(),
        mode: TableMode::Local,
    });
    app.update();
    assert_eq!(xq_model(&app).game.moves().len(), 3);
    xq_assert_consistent(&mut app);
}

#[test]
fn switching_games_clears_the_other_games_pieces() {
    let mut app = app();
    start(&mut app, 3, Seats::hot_seat());
    xq_start(
        &mut app,
        XqGame::new(XqPosition::start()),
        Seats::hot_seat(),
    );
    start(&mut app, 3, Seats::hot_seat());
    let xiangqi = app
        .world_mut()
        .query::<&PointPiece<XiangqiMatch>>()
        .iter(app.world())
        .count();
    assert_eq!(xiangqi, 0);
    assert_eq!(table_game(&app), GameKind::Junqi);
    // The table is Junqi's: nothing scoped to another game's table is left.
    app.update();
    assert_eq!(
        *app.world().resource::<State<TableGame>>().get(),
        TableGame(GameKind::Junqi)
    );
    let others = app
        .world_mut()
        .query::<&DespawnOnExit<TableGame>>()
        .iter(app.world())
        .filter(|scope| scope.0 != TableGame(GameKind::Junqi))
        .count();
    assert_eq!(others, 0, "entities of another game's table");
}

#[test]
fn another_game_takes_the_table_and_the_status_in_the_frame_it_starts() {
    let mut app = app();
    start(&mut app, 3, Seats::hot_seat());
    app.world_mut().write_message(LoadMatch::<XiangqiMatch> {
        game: XiangqiMatch::new(XqGame::new(XqPosition::start()), None),
        seats: Seats::hot_seat(),
        mode: TableMode::Local,
    });
    app.update();
    // One frame: the table, the shell's status and the pieces all show Xiangqi.
    assert_eq!(table_game(&app), GameKind::Xiangqi);
    let key = app.world().resource::<TableState<XiangqiMatch>>().key;
    assert_eq!(app.world().resource::<MatchStatus>().key, key);
    let junqi = app
        .world_mut()
        .query::<&PieceSprite>()
        .iter(app.world())
        .count();
    assert_eq!(junqi, 0, "Junqi pieces left on the Xiangqi table");
    let xiangqi = app
        .world_mut()
        .query::<&PointPiece<XiangqiMatch>>()
        .iter(app.world())
        .count();
    assert_eq!(xiangqi, 32);
}

#[test]
fn the_title_screens_demonstration_plays_by_itself() {
    let mut app = app();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Title
    );
    let started = std::time::Instant::now();
    while game(&app).history().len() < 3 {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the demonstration did not play"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(
        *app.world().resource::<State<TableMode>>().get(),
        TableMode::Attract
    );
}

/// The clock ticks heard so far.
#[derive(Resource, Default)]
struct ClockTicks(usize);

fn count_clock_ticks(
    mut sounds: MessageReader<kawu::client::UiSound>,
    mut ticks: ResMut<ClockTicks>,
) {
    ticks.0 += sounds
        .read()
        .filter(|sound| **sound == kawu::client::UiSound::ClockTick)
        .count();
}

#[test]
fn a_person_out_of_time_loses_and_a_computer_never_runs_out() {
    let mut app = app();
    app.init_resource::<ClockTicks>()
        .add_systems(Update, count_clock_ticks);
    start(&mut app, 12, Seats::versus_computer(Level::Random, Seat(0)));
    decide_colours_against_the_computer(&mut app);
    let ticks_before = app.world().resource::<ClockTicks>().0;
    *app.world_mut().resource_mut::<LocalClock>() = LocalClock::every(Duration::from_secs(3));
    let mover = game(&app).view().side_to_move().expect("colours decided");
    // Three seconds at 20 ms a frame, each of them a tick.
    for _ in 0..200 {
        app.update();
    }
    assert_eq!(app.world().resource::<ClockTicks>().0 - ticks_before, 3);
    assert_eq!(
        game(&app).outcome(),
        Some(Outcome::Win {
            winner: mover.opponent(),
            reason: WinReason::OutOfTime
        })
    );
    // A Xiangqi game against the computer, the computer to move (and holding its move): its
    // clock never runs.
    app.insert_resource(ComputerPaused(true));
    xq_start(
        &mut app,
        XqGame::new(XqPosition::start()),
        Seats::versus_computer(Level::Random, Seat(1)),
    );
    for _ in 0..80 {
        app.update();
    }
    assert!(!xq_model(&app).over());
}

/// Flips until the colours are decided and it is the person's (seat 0) turn.
fn decide_colours_against_the_computer(app: &mut App) {
    let started = std::time::Instant::now();
    loop {
        let status = app.world().resource::<MatchStatus>().clone();
        if game(app).view().side_to_move().is_some() && status.to_move == Seat(0) {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "colours never decided"
        );
        if status.to_move == Seat(0) {
            let point = first_hidden(&game(app));
            select(app, point);
        }
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn two_clients_play_xiangqi_through_a_real_server() {
    let server = start_server();
    let line = LineCutter::to(&server);
    let (mut host, mut guest) = seated_pair(&server, &line.url, GameKind::Xiangqi);
    assert_eq!(xq_model(&host).game.moves().len(), 0);
    // The host (room seat 0) plays red and moves first; each move is shown once the server
    // has ruled, on both tables.
    for (turn, (from, to)) in [("h2", "e2"), ("h9", "g7"), ("b0", "c2")]
        .into_iter()
        .enumerate()
    {
        if turn == 2 {
            // The guest's line drops before red's second move; the guest takes its seat
            // again once the line is back, and the move it missed is on its table.
            line.cut();
            run_until(&mut [&mut host, &mut guest], "the line to drop", |apps| {
                session(apps[0]).connected() == [true, false]
                    && matches!(session(apps[1]).state, LinkState::Reconnecting(_))
            });
        }
        let (mover, other) = turn_of(turn, &mut host, &mut guest);
        xq_select(mover, square(from));
        xq_select(mover, square(to));
        if turn == 2 {
            run_until(
                &mut [mover, other],
                "red's move while the line is down",
                |apps| xq_model(apps[0]).game.moves().len() == 3,
            );
            line.mend();
        }
        run_until(&mut [mover, other], "the move to reach both", |apps| {
            apps.iter()
                .all(|app| xq_model(app).game.moves().len() == turn + 1)
                && session(apps[0]).connected() == [true, true]
        });
        assert_eq!(
            xq_model(&host).position().to_fen(),
            xq_model(&guest).position().to_fen()
        );
    }
    for app in [&mut host, &mut guest] {
        for _ in 0..100 {
            app.update();
        }
        xq_assert_consistent(app);
    }
    // Red (the host) asks to take its last move back; black accepts: both tables rewind.
    host.world_mut()
        .write_message(ToServer(ClientMessage::AskTakeback {}));
    run_until(&mut [&mut host, &mut guest], "the request", |apps| {
        session(apps[1]).takeback().is_some()
    });
    guest
        .world_mut()
        .write_message(ToServer(ClientMessage::AnswerTakeback { accept: true }));
    run_until(&mut [&mut host, &mut guest], "the takeback", |apps| {
        apps.iter()
            .all(|app| xq_model(app).game.moves().len() == 2 && session(app).takeback().is_none())
    });
    for app in [&mut host, &mut guest] {
        settle(app);
        xq_assert_consistent(app);
    }
    // Black (the guest) resigns: both tables show red's win.
    guest.world_mut().write_message(MatchRequest::Resign);
    run_until(&mut [&mut host, &mut guest], "the resignation", |apps| {
        apps.iter().all(|app| xq_model(app).over())
    });
    for app in [&host, &guest] {
        assert_eq!(
            xq_model(app).conceded,
            Some(kawu::rules::xiangqi::Conceded::Resigned(
                kawu::rules::xiangqi::Color::Black
            ))
        );
    }
    // The room's panel offers the finished game as a picture: its link answers with a GIF.
    let link = kawu::client::finished_game_link(&session(&host)).expect("a link once over");
    let guest_link = kawu::client::finished_game_link(&session(&guest)).expect("the guest's");
    // (The guest reaches the server through the test's line, on another port.)
    assert_eq!(
        link.rsplit_once("/games/").map(|(_, path)| path),
        guest_link.rsplit_once("/games/").map(|(_, path)| path)
    );
    assert!(link.ends_with("/0.gif"), "the room's first game: {link}");
    let (head, body) = http_get(&link);
    assert!(head.starts_with("http/1.1 200"), "{link}: {head}");
    assert!(head.contains("content-type: image/gif"), "{head}");
    assert!(body.starts_with(b"GIF89a"), "{link} is a GIF");
    // A rematch swaps colours: the guest now plays red and moves first.
    for app in [&mut host, &mut guest] {
        app.world_mut().write_message(kawu::client::NewMatch {
            game: GameKind::Xiangqi,
            seats: Seats::hot_seat(),
            deal: Deal::default(),
            attract: false,
        });
    }
    run_until(&mut [&mut host, &mut guest], "the rematch", |apps| {
        apps.iter().all(|app| {
            let model = xq_model(app);
            !model.over() && model.game.moves().is_empty()
        })
    });
    let seats = guest.world().resource::<Seats>().clone();
    assert_eq!(seats.controller(Seat(0)), Controller::Local);
    xq_select(&mut guest, square("h2"));
    xq_select(&mut guest, square("e2"));
    run_until(
        &mut [&mut host, &mut guest],
        "the guest's first move",
        |apps| apps.iter().all(|app| xq_model(app).game.moves().len() == 1),
    );
    // The game the guest resigned was kept on both tables: the host watches it again, to the
    // resignation, off the room.
    let finished = host.world().resource::<FinishedGames>().0.clone();
    assert_eq!(finished.len(), 1, "the finished online game is kept once");
    assert_eq!(
        (finished[0].kind, finished[0].plies),
        (GameKind::Xiangqi, 2)
    );
    host.world_mut().write_message(WatchReplay {
        kind: GameKind::Xiangqi,
        record: RecordSource::Kept(finished[0].record.clone()),
    });
    host.update();
    host.update();
    assert_eq!(replay_progress(&host).map(|p| p.total), Some(2));
    assert!(!session(&host).active(), "the replay leaves the room");
    ask_replay(&mut host, ReplayRequest::Last);
    let shown = xq_model(&host);
    assert_eq!(
        shown.conceded,
        Some(kawu::rules::xiangqi::Conceded::Resigned(
            kawu::rules::xiangqi::Color::Black
        ))
    );
    let names = points_moves::<XiangqiMatch>(&host);
    assert_eq!(names.len(), 2);
    settle(&mut host);
    xq_assert_consistent(&mut host);
    // The finished online game reviews as any other: each of its moves judged, by name.
    host.world_mut().write_message(ReviewRequest::Start);
    let review = review_done(&mut host);
    let played: Vec<String> = review
        .lines
        .iter()
        .map(|line| line.played.clone())
        .collect();
    let mut replayed = kawu::rules::xiangqi::Game::new(kawu::rules::xiangqi::Position::start());
    let wxf: Vec<String> = names
        .iter()
        .map(|mv| {
            let mv = mv.parse().unwrap();
            let name = kawu::rules::xiangqi::move_name(
                replayed.position(),
                mv,
                kawu::rules::xiangqi::Notation::Wxf,
            );
            replayed.play(mv).unwrap();
            name
        })
        .collect();
    assert_eq!(played, wxf, "{review:?}");
    assert_eq!(review.accuracy.len(), 2);
}

// ---------------------------------------------------------------------------------------------
// Qiguo Xiangqi

use kawu::client::qiguo::{QiguoBoard, QiguoMatch, point_to_world as qg_world};
use kawu::rules::qiguo::{Move as QgMove, MoveList as QgMoves, Point as QgPoint, State as QgState};

fn qg_start(app: &mut App, game: QiguoMatch, seats: Seats) {
    app.world_mut().write_message(LoadMatch::<QiguoMatch> {
        game,
        seats,
        mode: TableMode::Local,
    });
    app.update();
    app.update();
    assert_eq!(table_game(app), GameKind::Qiguo);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    qg_assert_consistent(app);
}

/// A match from a QFEN, with no moves yet.
fn qg_from(qfen: &str) -> QiguoMatch {
    QiguoMatch::from_start(kawu::rules::qiguo::Position::from_qfen(qfen).expect("a good QFEN"))
}

/// The start of a game for `players` seats.
fn qg_new(players: usize) -> QiguoMatch {
    QiguoMatch::for_players(players)
}

fn qg_model(app: &App) -> QiguoMatch {
    app.world().resource::<QiguoMatch>().clone()
}

fn qg_select(app: &mut App, point: &str) {
    let point: QgPoint = point.parse().expect("a point");
    app.world_mut()
        .write_message(PointsCommand::<QiguoBoard>::Select(point));
    app.update();
}

/// Every Qiguo piece entity stands where the rules say, one per piece; no other game's piece
/// is left on the table.
fn qg_assert_consistent(app: &mut App) {
    let model = qg_model(app);
    let mut query = app
        .world_mut()
        .query::<(&PointPiece<QiguoMatch>, &Transform)>();
    let mut seen = 0;
    for (piece, transform) in query.iter(app.world()) {
        assert_eq!(model.position().piece_at(piece.point), Some(piece.piece));
        let at = qg_world(piece.point);
        assert!(
            transform.translation.truncate().distance(at) < 0.01,
            "{}",
            piece.point
        );
        seen += 1;
    }
    assert_eq!(seen, model.position().pieces().count());
    let others = app
        .world_mut()
        .query::<&PointPiece<XiangqiMatch>>()
        .iter(app.world())
        .count()
        + app
            .world_mut()
            .query::<&PieceSprite>()
            .iter(app.world())
            .count();
    assert_eq!(others, 0, "another game's pieces on the Qiguo table");
}

/// Runs the app (letting computers think) until `done` or a minute has passed.
fn qg_run_until(app: &mut App, what: &str, mut done: impl FnMut(&mut App) -> bool) {
    let started = std::time::Instant::now();
    while !done(app) {
        assert!(started.elapsed() < Duration::from_secs(60), "{what}");
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn seats_of(list: &[Controller]) -> Seats {
    Seats::try_from(list.to_vec()).expect("3 to 7 seats")
}

#[test]
fn a_three_seat_qiguo_game_with_computers_plays_round_and_undo_returns_to_the_person() {
    let mut app = app();
    let easy = Controller::Computer(Level::Easy);
    // Three seats: the person leads Zhao, Yan and Qin; Qin moves first.
    qg_start(
        &mut app,
        qg_new(3),
        seats_of(&[Controller::Local, easy, easy]),
    );
    assert_eq!(app.world().resource::<MatchStatus>().to_move, Seat(0));
    qg_select(&mut app, "e10");
    let selection = app
        .world()
        .resource::<PointsSelection<QiguoBoard>>()
        .clone();
    let mut legal = QgMoves::new();
    qg_model(&app).position().legal_moves(&mut legal);
    let expected: Vec<QgPoint> = legal
        .iter()
        .filter(|mv| mv.from().to_string() == "e10")
        .map(|mv| mv.to())
        .collect();
    assert_eq!(selection.targets, expected);
    assert_eq!(expected.len(), 38, "the Diplomat's moves at the start");
    qg_select(&mut app, "j15");
    assert_eq!(qg_model(&app).game.plies().len(), 1);
    settle(&mut app);
    qg_assert_consistent(&mut app);
    // Chu and Han (seat 1), then Qi and Wei (seat 2) answer; then Zhao, the person's again.
    qg_run_until(&mut app, "the computers did not answer", |app| {
        qg_model(app).game.plies().len() == 5 && settled(app)
    });
    let model = qg_model(&app);
    let movers: Vec<QgState> = model
        .game
        .plies()
        .iter()
        .map(|ply| ply.played.mover)
        .collect();
    assert_eq!(
        movers,
        [
            QgState::Qin,
            QgState::Chu,
            QgState::Han,
            QgState::Qi,
            QgState::Wei
        ]
    );
    assert_eq!(model.position().side_to_move(), QgState::Zhao);
    let status = app.world().resource::<MatchStatus>().clone();
    assert_eq!(status.to_move, Seat(0));
    assert_eq!(status.undo_plies, 5);
    qg_assert_consistent(&mut app);
    // A click on a computer's piece does nothing.
    qg_select(&mut app, "f1");
    assert_eq!(
        app.world().resource::<PointsSelection<QiguoBoard>>().point,
        None
    );
    app.world_mut().write_message(MatchRequest::Undo);
    app.update();
    settle(&mut app);
    assert!(qg_model(&app).game.plies().is_empty());
    assert_eq!(qg_model(&app).position(), qg_new(3).position());
    qg_assert_consistent(&mut app);
}

#[test]
fn a_seven_seat_qiguo_round_of_computers_and_a_hegemon_ends_the_game() {
    let mut app = app();
    let easy = Controller::Computer(Level::Easy);
    let mut list = vec![easy; 7];
    list[6] = Controller::Local;
    qg_start(&mut app, qg_new(7), seats_of(&list));
    // Six computers move, each its own state in turn; then Yan, the person.
    qg_run_until(&mut app, "the computers did not play round", |app| {
        qg_model(app).game.plies().len() == 6 && settled(app)
    });
    let model = qg_model(&app);
    let movers: Vec<QgState> = model
        .game
        .plies()
        .iter()
        .map(|ply| ply.played.mover)
        .collect();
    assert_eq!(movers, QgState::ALL[..6]);
    assert_eq!(model.position().side_to_move(), QgState::Yan);
    assert_eq!(app.world().resource::<MatchStatus>().to_move, Seat(6));
    qg_assert_consistent(&mut app);
    // A hegemon: Qin has taken a Ruler and five pieces; taking Chu's Ruler on f6 ends the game.
    let hegemon = "18rD/19/19/19/19/18gR/19/19/19/9*8bR/19/19/19/5rR13/19/19/2wO16/19/wR18 w \
                   1234567 5,0,0,0,0,0,0 1,0,0,0,0,0,0 0 0";
    qg_start(&mut app, qg_from(hegemon), seats_of(&list));
    qg_run_until(&mut app, "the computer did not finish the game", |app| {
        app.world().resource::<MatchStatus>().over && settled(app)
    });
    let model = qg_model(&app);
    assert_eq!(model.game.plies().len(), 1);
    assert_eq!(model.game.plies()[0].mv.to_string(), "c3f6");
    // Chu's army left the board with its Ruler.
    assert!(!model.position().is_live(QgState::Chu));
    qg_assert_consistent(&mut app);
    let seats = app.world().resource::<Seats>().clone();
    let (title, why, _) =
        kawu::client::qiguo::result_text(Lang::En, &CLASSIC, &model, &seats).expect("a result");
    assert_eq!(title, tr(Lang::En, "result-you-lose"));
    assert!(why.contains("hegemon"), "{why}");
    assert!(why.starts_with("Player 1"), "{why}");
    let kept = app.world().resource::<FinishedGames>().0.clone();
    assert_eq!(kept.len(), 1, "the finished game is kept");
    assert_eq!((kept[0].kind, kept[0].plies), (GameKind::Qiguo, 1));
    // Undo against computers goes back to the person's turn: there is none before, so it
    // reopens nothing.
    assert_eq!(app.world().resource::<MatchStatus>().undo_plies, 0);
}

#[test]
fn a_qiguo_capture_of_a_ruler_takes_the_whole_army_off_the_board() {
    let mut app = app();
    let ruler_taken = "18rD/18rH/19/19/19/19/19/19/19/9*8bR/19/19/19/5rR13/19/19/2wO16/19/wR18 w \
                       1234567 0,0,0,0,0,0,0 0,0,0,0,0,0,0 0 0";
    qg_start(
        &mut app,
        qg_from(ruler_taken),
        seats_of(&[Controller::Local; 7]),
    );
    qg_select(&mut app, "c3");
    qg_select(&mut app, "f6");
    // While the army leaves, its pieces play their last animation.
    let leaving = app
        .world_mut()
        .query_filtered::<(), (With<Anim>, Without<PointPiece<QiguoMatch>>)>()
        .iter(app.world())
        .count();
    assert_eq!(
        leaving, 3,
        "the Ruler, the Diplomat and the heavy swordsman"
    );
    settle(&mut app);
    let model = qg_model(&app);
    assert_eq!(
        model.position().to_qfen(),
        "19/19/19/19/19/19/19/19/19/9*8bR/19/19/19/5wO13/19/19/19/19/wR18 b 1234567 \
         1,0,0,0,0,0,0 1,0,0,0,0,0,0 0 1"
    );
    qg_assert_consistent(&mut app);
    // Every seat is a person: undo takes back one move, and the army comes back.
    app.world_mut().write_message(MatchRequest::Undo);
    app.update();
    settle(&mut app);
    assert!(qg_model(&app).position().is_live(QgState::Chu));
    qg_assert_consistent(&mut app);
}

#[test]
fn a_saved_qiguo_game_continues_and_a_bad_one_is_reported() {
    let mut app = app();
    let mut game = qg_new(4);
    let seats = seats_of(&[
        Controller::Local,
        Controller::Local,
        Controller::Computer(Level::Easy),
        Controller::Computer(Level::Easy),
    ]);
    qg_start(&mut app, game.clone(), seats.clone());
    qg_select(&mut app, "e10");
    qg_select(&mut app, "j15");
    settle(&mut app);
    game = qg_model(&app);
    let record = serde_json::to_value(<QiguoMatch as Records>::record(&game)).unwrap();
    app.insert_resource(ComputerPaused(true));
    start(&mut app, 3, Seats::hot_seat());
    app.world_mut().write_message(ResumeMatch {
        game: GameKind::Qiguo,
        seats: seats.clone(),
        record: record.clone(),
    });
    app.update();
    app.update();
    assert_eq!(table_game(&app), GameKind::Qiguo);
    assert_eq!(qg_model(&app).position(), game.position());
    assert_eq!(*app.world().resource::<Seats>(), seats);
    qg_assert_consistent(&mut app);
    // Three players for a game of four seats: reported, and nothing is resumed.
    app.world_mut().write_message(ResumeMatch {
        game: GameKind::Qiguo,
        seats: seats_of(&[Controller::Local; 3]),
        record,
    });
    app.update();
    let bad: Vec<BadSave> = app
        .world_mut()
        .resource_mut::<Messages<BadSave>>()
        .drain()
        .collect();
    assert_eq!(bad.len(), 1);
    assert!(bad[0].1.contains("4 seats"), "{}", bad[0].1);
}

/// A Qiguo game in progress: the board and the armies in their colours.
#[test]
fn screenshot_of_a_qiguo_game_shows_the_board_and_the_seven_armies() {
    let args = [
        "--game",
        "qiguo",
        "--mode",
        "hotseat",
        "--players",
        "7",
        "--seed",
        "3",
        "--play",
        "40",
    ];
    let (width, height, pixels, channels) = screenshot(&args, "qiguo-in-progress");
    let total = (width * height) as usize;
    let (wood, distinct) = count_pixels(&pixels, channels, is_wood);
    assert!(
        distinct > 50,
        "the picture is nearly blank: {distinct} colours"
    );
    assert!(
        wood > total / 20,
        "too little board: {wood} of {total} pixels"
    );
    for (name, matches) in [
        ("red", is_red_ink as fn(i32, i32, i32) -> bool),
        ("blue", |r, g, b| b > 150 && r < 60 && g < 110),
        ("green", |r, g, b| g > 100 && r < 60 && b < 90),
        ("purple", |r, g, b| r > 90 && b > 130 && g < 70),
        ("orange", |r, g, b| {
            r > 220 && (110..150).contains(&g) && b < 50
        }),
    ] {
        let (count, _) = count_pixels(&pixels, channels, matches);
        assert!(count > 300, "too little {name}: {count}");
    }
    // In the colour-blind-safe palette every army's face shows in its own colour, and the
    // classic green of Wei is gone.
    let safe_args = [&args[..], &["--colour-safe"]].concat();
    let (_, _, pixels, channels) = screenshot(&safe_args, "qiguo-colour-safe");
    let near = |colour: kawu::client::table_colours::Rgb| {
        move |r: i32, g: i32, b: i32| {
            (r - i32::from(colour.0)).abs()
                + (g - i32::from(colour.1)).abs()
                + (b - i32::from(colour.2)).abs()
                < 12
        }
    };
    for (index, army) in kawu::client::table_colours::COLOUR_SAFE
        .armies
        .iter()
        .enumerate()
    {
        let (count, _) = count_pixels(&pixels, channels, near(army.face));
        assert!(count > 300, "army {index}'s face: {count} pixels");
    }
    let classic_wei = kawu::client::table_colours::CLASSIC.armies[4].face;
    let (count, _) = count_pixels(&pixels, channels, near(classic_wei));
    assert!(count < 50, "the classic green still shows: {count} pixels");
}

// ---------------------------------------------------------------------------------------------
// Replays of the games of points (Xiangqi, Qiguo): the shared board layer's

/// Plays `count` legal moves in the game of `G` on the table (a different one each ply, so
/// that no position repeats), through the referee, letting each settle.
fn points_play<G: PointsMatch>(app: &mut App, count: usize) {
    for _ in 0..count {
        let model = app.world().resource::<G>();
        let moves = model.legal_moves();
        let mv = moves[(model.plies() * 7 + 3) % moves.len()];
        let request = PlayRequest::new(mv, app.world().resource::<TableState<G>>());
        app.world_mut().write_message(request);
        app.update();
        settle(app);
    }
}

/// The moves of the game of `G` on the table.
fn points_moves<G: PointsMatch>(app: &App) -> Vec<String> {
    let model = app.world().resource::<G>();
    (0..model.plies())
        .map(|ply| model.move_at(ply).expect("a move").to_string())
        .collect()
}

/// Steps the replay of `played` (its moves) on the table of `G` forward, back, to a ply, to
/// the end and by itself, checking the table after each step with `consistent`, then plays
/// on from `play_on_at` with people at every seat.
fn step_through_replay<G: PointsMatch>(
    app: &mut App,
    played: &[String],
    play_on_at: usize,
    consistent: fn(&mut App),
) {
    let total = played.len();
    let progress = replay_progress(app).expect("a replay is on the table");
    assert_eq!((progress.shown, progress.total), (0, total));
    assert!(
        points_moves::<G>(app).is_empty(),
        "a replay starts at the start"
    );
    consistent(app);
    for shown in 1..=4 {
        ask_replay(app, ReplayRequest::Forward);
        assert_eq!(points_moves::<G>(app), played[..shown]);
        assert_eq!(replay_progress(app).map(|p| p.shown), Some(shown));
        consistent(app);
    }
    ask_replay(app, ReplayRequest::Back);
    assert_eq!(points_moves::<G>(app), played[..3]);
    consistent(app);
    ask_replay(app, ReplayRequest::Jump(total - 2));
    assert_eq!(points_moves::<G>(app), played[..total - 2]);
    consistent(app);
    ask_replay(app, ReplayRequest::Last);
    assert_eq!(points_moves::<G>(app), played);
    consistent(app);
    ask_replay(app, ReplayRequest::First);
    ask_replay(app, ReplayRequest::TogglePlay);
    for _ in 0..3000 {
        if replay_progress(app).is_some_and(|p| !p.playing) {
            break;
        }
        app.update();
    }
    assert_eq!(
        replay_progress(app).map(|p| (p.shown, p.playing)),
        Some((total, false)),
        "it played by itself to the end"
    );
    settle(app);
    consistent(app);
    // Play on from the middle: the referee takes the game over from there.
    ask_replay(app, ReplayRequest::Jump(play_on_at));
    let everyone_here = vec![Controller::Local; app.world().resource::<Seats>().len()];
    let seats = Seats::try_from(everyone_here).expect("as many seats as before");
    ask_replay(app, ReplayRequest::ContinueHere(seats));
    app.update();
    assert_eq!(replay_progress(app), None);
    assert_eq!(points_moves::<G>(app), played[..play_on_at]);
    assert!(!app.world().resource::<MatchStatus>().over);
    points_play::<G>(app, 1);
    assert_eq!(
        points_moves::<G>(app).len(),
        play_on_at + 1,
        "the game goes on"
    );
    consistent(app);
}

#[test]
fn a_finished_xiangqi_game_is_kept_and_replays_forward_back_and_on() {
    let mut app = app();
    xq_start(
        &mut app,
        XqGame::new(XqPosition::start()),
        Seats::hot_seat(),
    );
    points_play::<XiangqiMatch>(&mut app, 10);
    let played = points_moves::<XiangqiMatch>(&app);
    app.world_mut().write_message(MatchRequest::Resign);
    app.update();
    app.update();
    let finished = app.world().resource::<FinishedGames>().0.clone();
    assert_eq!(finished.len(), 1, "the finished game is kept once");
    assert_eq!(
        (finished[0].kind, finished[0].plies),
        (GameKind::Xiangqi, 10)
    );
    assert!(
        finished[0].result.contains("resigned"),
        "{}",
        finished[0].result
    );

    app.world_mut().write_message(WatchReplay {
        kind: GameKind::Xiangqi,
        record: RecordSource::Kept(finished[0].record.clone()),
    });
    app.update();
    settle(&mut app);
    app.update();
    // Nobody plays in a replay: a click on a red piece selects nothing.
    xq_select(&mut app, square("h2"));
    assert_eq!(
        app.world()
            .resource::<PointsSelection<XiangqiBoard>>()
            .point,
        None
    );
    ask_replay(&mut app, ReplayRequest::Last);
    assert!(
        xq_model(&app).conceded.is_some(),
        "the resignation is shown"
    );
    ask_replay(&mut app, ReplayRequest::First);
    step_through_replay::<XiangqiMatch>(&mut app, &played, 5, xq_assert_consistent);

    // Play on from a replay against the computer: the person moves red, the computer answers.
    app.world_mut().write_message(WatchReplay {
        kind: GameKind::Xiangqi,
        record: RecordSource::Kept(finished[0].record.clone()),
    });
    app.update();
    settle(&mut app);
    ask_replay(&mut app, ReplayRequest::Jump(4));
    let seats = Seats::versus_computer(Level::Random, Seat(0));
    ask_replay(&mut app, ReplayRequest::ContinueHere(seats));
    app.update();
    assert_eq!(replay_progress(&app), None);
    assert_eq!(points_moves::<XiangqiMatch>(&app), played[..4]);
    points_play::<XiangqiMatch>(&mut app, 1);
    xq_wait_for_moves(&mut app, 6);
    assert_eq!(points_moves::<XiangqiMatch>(&app)[..4], played[..4]);
    settle(&mut app);
    xq_assert_consistent(&mut app);
}

#[test]
fn an_exported_qiguo_game_replays_from_its_text_and_bad_text_changes_nothing() {
    let mut app = app();
    qg_start(&mut app, qg_new(4), seats_of(&[Controller::Local; 4]));
    points_play::<QiguoMatch>(&mut app, 9);
    let played = points_moves::<QiguoMatch>(&app);
    let text = <QiguoMatch as Records>::to_text(&qg_model(&app));
    let before = qg_model(&app).position().clone();
    for bad in [String::new(), "hello".to_string(), format!("{text} zz9")] {
        let reports = watch_text(&mut app, GameKind::Qiguo, bad);
        assert_eq!(reports.len(), 1, "{reports:?}");
        assert!(!reports[0].0.is_empty());
        assert_eq!(
            qg_model(&app).position(),
            &before,
            "a bad record changes nothing"
        );
        assert_eq!(replay_progress(&app), None);
    }
    app.world_mut().write_message(WatchReplay {
        kind: GameKind::Qiguo,
        record: RecordSource::Text(text),
    });
    app.update();
    settle(&mut app);
    app.update();
    assert_eq!(app.world().resource::<Seats>().len(), 4);
    step_through_replay::<QiguoMatch>(&mut app, &played, 6, qg_assert_consistent);
}

/// The app of `apps` whose own table says its person is to move now, if one does.
fn qg_person_to_move(apps: &mut [&mut App]) -> Option<usize> {
    apps.iter().position(|app| {
        let status = app.world().resource::<MatchStatus>();
        !qg_model(app).over()
            && app.world().resource::<Seats>().controller(status.to_move) == Controller::Local
    })
}

/// A legal move picked by the ply: quick, and different from ply to ply.
fn qg_move_by_ply(model: &QiguoMatch) -> QgMove {
    let mut legal = QgMoves::new();
    model.position().legal_moves(&mut legal);
    legal[model.game.plies().len() * 7 % legal.len()]
}

/// Plays online until the first app's table has `plies` moves: each app's person moves by
/// clicks when its table says so (a legal move picked by the ply), the server plays the rest.
/// How many moves the people made.
fn qg_play_online(apps: &mut [&mut App], plies: usize) -> usize {
    let count = apps.len();
    qg_play_online_until(
        apps,
        count,
        Duration::from_secs(60),
        qg_move_by_ply,
        |apps| qg_model(apps[0]).game.plies().len() >= plies,
    )
}

/// Plays online until `done` holds: the person of each of the first `people` apps moves by
/// clicks when its table says so (`choose` picks the move) and waits for the move to reach
/// those apps' tables; the server plays the rest. The other apps are only updated (their
/// line is down). How many moves the people made.
fn qg_play_online_until(
    apps: &mut [&mut App],
    people: usize,
    limit: Duration,
    choose: impl Fn(&QiguoMatch) -> QgMove,
    mut done: impl FnMut(&mut [&mut App]) -> bool,
) -> usize {
    let mut people_moves = 0;
    let started = std::time::Instant::now();
    while !done(apps) {
        assert!(started.elapsed() < limit, "play stopped");
        let Some(mover) = qg_person_to_move(&mut apps[..people]) else {
            for app in apps.iter_mut() {
                app.update();
            }
            std::thread::sleep(Duration::from_millis(5));
            continue;
        };
        let model = qg_model(apps[mover]);
        let before = model.game.plies().len();
        let mv = choose(&model);
        qg_select(apps[mover], &mv.from().to_string());
        qg_select(apps[mover], &mv.to().to_string());
        run_until(apps, "the person's move to reach every table", |apps| {
            apps[..people]
                .iter()
                .all(|app| qg_model(app).game.plies().len() > before)
        });
        people_moves += 1;
    }
    people_moves
}

#[test]
fn a_qiguo_table_of_two_clients_and_two_server_computers_plays_through_a_real_server() {
    use kawu::protocol::{ComputerLevel, OnLeave, SeatPlan};
    let server = start_server();
    let easy = SeatPlan::Computer(ComputerLevel::Easy);
    let plan = RoomPlan {
        game: GameKind::Qiguo,
        clock: Default::default(),
        seats: vec![SeatPlan::Friend, SeatPlan::Friend, easy, easy],
        on_leave: OnLeave::Resign,
    };
    let (mut host, code) = create_room(&server, plan);
    run_until(&mut [&mut host], "the room's table", |apps| {
        let table = apps[0].world().resource::<TableState<QiguoMatch>>();
        table.loaded() && session(apps[0]).seats().len() == 4
    });
    // Seat 1 waits for a friend, so nobody at the host's table may move yet.
    assert!(session(&host).waiting_for_players());
    let waiting = host.world().resource::<Seats>().clone();
    assert!(waiting.iter().all(|(_, c)| c == Controller::Remote));
    let mut guest = join_room(&server, &code);
    run_until(&mut [&mut host, &mut guest], "the table filled", |apps| {
        apps.iter().all(|app| {
            *app.world().resource::<State<Screen>>().get() == Screen::Playing
                && table_game(app) == GameKind::Qiguo
                && !session(app).waiting_for_players()
                && session(app).connected()[..2] == [true, true]
        }) && qg_person_to_move(apps) == Some(0)
    });
    for app in [&host, &guest] {
        let seats = session(app).seats().to_vec();
        assert_eq!(seats[2].computer, Some(ComputerLevel::Easy));
        assert_eq!(app.world().resource::<Seats>().len(), 4);
    }
    // The people move by clicks when their tables say so; the server plays seats 2 and 3. Two
    // rounds: each round is six moves (Qin, Chu, Han, Qi, Wei, Zhao, then Yan for the host).
    let people_moves = qg_play_online(&mut [&mut host, &mut guest], 12);
    assert!(people_moves >= 5, "{people_moves} moves by the people");
    run_until(
        &mut [&mut host, &mut guest],
        "both tables to agree",
        |apps| qg_model(apps[0]).game.plies().len() == qg_model(apps[1]).game.plies().len(),
    );
    assert_eq!(qg_model(&host).position(), qg_model(&guest).position());
    // The guest resigns: Chu and Han leave both tables, and the others play on.
    let chu = qg_model(&guest).position().seating().seat(QgState::Chu);
    guest.world_mut().write_message(MatchRequest::Resign);
    run_until(&mut [&mut host, &mut guest], "the resignation", |apps| {
        apps.iter()
            .all(|app| !qg_model(app).position().seat_is_live(chu))
    });
    for app in [&mut host, &mut guest] {
        settle(app);
        qg_assert_consistent(app);
    }
    let plies = qg_model(&host).game.plies().len();
    qg_play_online(&mut [&mut host, &mut guest], plies + 4);
    // The server's computers may have moved once more on one table than on the other.
    run_until(
        &mut [&mut host, &mut guest],
        "both tables to agree at the end",
        |apps| qg_model(apps[0]).game.plies().len() == qg_model(apps[1]).game.plies().len(),
    );
    assert_eq!(qg_model(&host).position(), qg_model(&guest).position());
}

/// The move the computer at Easy would choose in the person's place.
fn qg_easy_move(model: &QiguoMatch) -> QgMove {
    let ply = model.game.plies().len() as u64;
    kawu::ai::qiguo::choose_move(model.position(), Level::Easy, ply).expect("a move")
}

/// An eager person's move: a Ruler taken if one can be, else any piece, else the move of
/// [`qg_easy_move`] (so that the game comes to its end soon).
fn qg_eager_move(model: &QiguoMatch) -> QgMove {
    use kawu::rules::qiguo::Kind as QgKind;
    let position = model.position();
    let mut legal = QgMoves::new();
    position.legal_moves(&mut legal);
    let taken = |mv: &QgMove| position.piece_at(mv.to()).map(|piece| piece.kind);
    legal
        .iter()
        .find(|mv| taken(mv) == Some(QgKind::Ruler))
        .or_else(|| legal.iter().find(|mv| taken(mv).is_some()))
        .copied()
        .unwrap_or_else(|| qg_easy_move(model))
}

/// The one seat whose person is at `app`.
fn app_seat(app: &App) -> Seat {
    app.world()
        .resource::<Seats>()
        .single_local()
        .expect("a person here")
}

/// Whether every table of `apps` has as many moves, and the same position.
fn qg_tables_agree(apps: &[&mut App]) -> bool {
    let first = qg_model(apps[0]);
    apps.iter().all(|app| {
        let model = qg_model(app);
        model.game.plies().len() == first.game.plies().len() && model.position() == first.position()
    })
}

#[test]
fn three_people_and_two_server_computers_play_qiguo_to_its_end() {
    use kawu::protocol::{ComputerLevel, OnLeave, SeatPlan};
    // These people move far faster than people do: the server's frame limit is raised for
    // them (at its default it ignores some of their moves, as it should a flood).
    let settings = [
        ("KAWU_GRACE_SECONDS", "1"),
        ("KAWU_FRAMES_PER_SECOND", "1000"),
    ];
    let server = start_server_with(&settings);
    let easy = SeatPlan::Computer(ComputerLevel::Easy);
    let plan = RoomPlan {
        game: GameKind::Qiguo,
        clock: Default::default(),
        seats: vec![
            SeatPlan::Friend,
            SeatPlan::Friend,
            SeatPlan::Friend,
            easy,
            easy,
        ],
        on_leave: OnLeave::Computer,
    };
    let (mut host, code) = create_room(&server, plan);
    let mut friend = join_room(&server, &code);
    // The third person's line can be cut.
    let line = LineCutter::to(&server);
    let mut dropper = join_room_at(&line.url, &code);
    run_until(
        &mut [&mut host, &mut friend, &mut dropper],
        "the table filled",
        |apps| {
            apps.iter().all(|app| {
                *app.world().resource::<State<Screen>>().get() == Screen::Playing
                    && !session(app).waiting_for_players()
                    && session(app).connected()[..3] == [true, true, true]
                    && app.world().resource::<Seats>().single_local().is_some()
            })
        },
    );
    let dropped_seat = session(&dropper).my_seat().expect("a seat");
    let dropped_states = qg_model(&dropper).states_of(app_seat(&dropper));
    let mut apps = [&mut host, &mut friend, &mut dropper];
    let long = Duration::from_secs(300);
    qg_play_online_until(&mut apps, 3, long, qg_easy_move, |apps| {
        qg_model(apps[0]).game.plies().len() >= 14
    });
    // A takeback, asked and granted: the host asks once a person is to move (the computers
    // wait), both friends accept, and every table goes back to before the host's last move.
    run_until(&mut apps, "a person to move", |apps| {
        qg_person_to_move(apps).is_some() && qg_tables_agree(apps)
    });
    let before = qg_model(apps[0]).game.plies().len();
    apps[0]
        .world_mut()
        .write_message(ToServer(ClientMessage::AskTakeback {}));
    run_until(&mut apps, "the takeback asked", |apps| {
        apps[1..]
            .iter()
            .all(|app| session(app).takeback().is_some())
    });
    let plies = session(apps[1]).takeback().expect("a request").plies as usize;
    assert!((1..=before).contains(&plies), "{plies} of {before}");
    for app in &mut apps[1..] {
        app.world_mut()
            .write_message(ToServer(ClientMessage::AnswerTakeback { accept: true }));
    }
    run_until(&mut apps, "the takeback on every table", |apps| {
        apps.iter().all(|app| {
            qg_model(app).game.plies().len() == before - plies && session(app).takeback().is_none()
        }) && qg_tables_agree(apps)
    });
    let status = apps[0].world().resource::<MatchStatus>().clone();
    assert_eq!(
        apps[0]
            .world()
            .resource::<Seats>()
            .controller(status.to_move),
        Controller::Local,
        "the host's move to play again"
    );
    // The third person's line drops: past the grace period the computer covers the seat, and
    // the others play on.
    line.cut();
    qg_play_online_until(&mut apps, 2, long, qg_easy_move, |apps| {
        let seat = session(apps[0]).seats()[dropped_seat.index()];
        seat.covered && !seat.connected
    });
    let covered_at = qg_model(apps[0]).game.plies().len();
    qg_play_online_until(&mut apps, 2, long, qg_easy_move, |apps| {
        let model = qg_model(apps[0]);
        model.over()
            || model.game.plies()[covered_at..]
                .iter()
                .any(|ply| dropped_states.contains(&ply.played.mover))
    });
    // The line is back: the client takes its seat again with its token, and plays on.
    line.mend();
    qg_play_online_until(&mut apps, 2, long, qg_easy_move, |apps| {
        let seat = session(apps[0]).seats()[dropped_seat.index()];
        !seat.covered
            && seat.connected
            && session(apps[2]).my_seat() == Some(dropped_seat)
            && qg_model(apps[2]).game.plies().len() == qg_model(apps[0]).game.plies().len()
    });
    assert_eq!(
        app_seat(apps[2]),
        qg_model(apps[2]).seat_of(dropped_states[0])
    );
    // Eager people now: the game comes to its end.
    qg_play_online_until(&mut apps, 3, long, qg_eager_move, |apps| {
        apps.iter().all(|app| qg_model(app).over())
    });
    run_until(&mut apps, "every table at the end", |apps| {
        qg_tables_agree(apps)
    });
    let outcome = qg_model(apps[0]).position().outcome().expect("an outcome");
    eprintln!(
        "ended by {} after {} moves",
        outcome.ending,
        qg_model(apps[0]).game.plies().len()
    );
    for app in apps.iter_mut() {
        assert_eq!(qg_model(app).position().outcome(), Some(outcome.clone()));
        assert!(app.world().resource::<MatchStatus>().over);
        let seats = app.world().resource::<Seats>().clone();
        let (title, _, _) =
            kawu::client::qiguo::result_text(Lang::En, &CLASSIC, &qg_model(app), &seats)
                .expect("a result");
        let won = outcome
            .winners()
            .any(|seat| Seat(seat.index() as u8) == app_seat(app));
        let expected = if won {
            "result-you-win"
        } else {
            "result-you-lose"
        };
        assert_eq!(title, tr(Lang::En, expected));
    }
    // The third person watches the game again from its table: off the room, every move of it,
    // to the same end.
    let [_, _, watcher] = apps;
    let position = qg_model(watcher).position().clone();
    let plies = qg_model(watcher).game.plies().len();
    watcher.world_mut().write_message(WatchReplay {
        kind: GameKind::Qiguo,
        record: RecordSource::OnTable,
    });
    watcher.update();
    watcher.update();
    assert_eq!(replay_progress(watcher).map(|p| p.total), Some(plies));
    assert!(!session(watcher).active(), "the replay leaves the room");
    assert!(
        qg_model(watcher).game.plies().is_empty(),
        "it starts at the start"
    );
    ask_replay(watcher, ReplayRequest::Last);
    assert_eq!(qg_model(watcher).position(), &position);
    settle(watcher);
    qg_assert_consistent(watcher);
}

#[test]
fn a_qiguo_rematch_rotates_the_seats_at_every_table() {
    use kawu::protocol::{ComputerLevel, OnLeave, SeatPlan};
    let server = start_server();
    let plan = RoomPlan {
        game: GameKind::Qiguo,
        clock: Default::default(),
        seats: vec![
            SeatPlan::Friend,
            SeatPlan::Friend,
            SeatPlan::Computer(ComputerLevel::Easy),
        ],
        on_leave: OnLeave::Resign,
    };
    let (mut host, code) = create_room(&server, plan);
    let mut guest = join_room(&server, &code);
    run_until(&mut [&mut host, &mut guest], "the table filled", |apps| {
        apps.iter().all(|app| {
            *app.world().resource::<State<Screen>>().get() == Screen::Playing
                && !session(app).waiting_for_players()
                && session(app).connected()[..2] == [true, true]
                && app.world().resource::<Seats>().single_local().is_some()
        })
    });
    let local_seat = |app: &App| app.world().resource::<Seats>().single_local();
    let before = [local_seat(&host), local_seat(&guest)];
    assert!(before.iter().all(Option::is_some), "{before:?}");
    // Both people resign: the computer's states are left, and the game is over.
    for app in [&mut host, &mut guest] {
        app.world_mut().write_message(MatchRequest::Resign);
        app.update();
    }
    run_until(&mut [&mut host, &mut guest], "the game over", |apps| {
        apps.iter().all(|app| qg_model(app).over())
    });
    for app in [&mut host, &mut guest] {
        app.world_mut()
            .write_message(ToServer(ClientMessage::Rematch {}));
    }
    run_until(&mut [&mut host, &mut guest], "the rematch", |apps| {
        apps.iter().all(|app| {
            !qg_model(app).over()
                && qg_model(app).game.plies().len() < 10
                && app.world().resource::<Seats>().single_local().is_some()
        })
    });
    let after = [local_seat(&host), local_seat(&guest)];
    // Every room seat sits one table seat on: each person plays another seat than before.
    assert_ne!(after[0], before[0]);
    assert_ne!(after[1], before[1]);
    assert_ne!(after[0], after[1]);
    let plies = qg_model(&host).game.plies().len();
    let people_moves = qg_play_online(&mut [&mut host, &mut guest], plies + 6);
    assert!(people_moves >= 2, "{people_moves} moves by the people");
    run_until(
        &mut [&mut host, &mut guest],
        "both tables to agree",
        |apps| qg_model(apps[0]).game.plies().len() == qg_model(apps[1]).game.plies().len(),
    );
    assert_eq!(qg_model(&host).position(), qg_model(&guest).position());
}

#[test]
fn a_qiguo_friend_who_leaves_watches_on_and_a_dropped_one_is_covered() {
    use kawu::protocol::{ComputerLevel, OnLeave, SeatPlan};
    let server = start_server_with(&[("KAWU_GRACE_SECONDS", "1")]);
    let plan = RoomPlan {
        game: GameKind::Qiguo,
        clock: Default::default(),
        seats: vec![
            SeatPlan::Friend,
            SeatPlan::Friend,
            SeatPlan::Friend,
            SeatPlan::Computer(ComputerLevel::Easy),
        ],
        on_leave: OnLeave::Computer,
    };
    let (mut host, code) = create_room(&server, plan);
    let mut leaver = join_room(&server, &code);
    let mut dropper = join_room(&server, &code);
    run_until(
        &mut [&mut host, &mut leaver, &mut dropper],
        "the table filled",
        |apps| {
            apps.iter().all(|app| {
                *app.world().resource::<State<Screen>>().get() == Screen::Playing
                    && !session(app).waiting_for_players()
                    && session(app).connected()[..3] == [true, true, true]
            })
        },
    );
    let leaver_seat = session(&leaver).my_seat().expect("a seat");
    // Leaving for good: the seat is the computer's, this device watches on with no seat.
    leaver
        .world_mut()
        .write_message(ToServer(ClientMessage::Leave {}));
    run_until(
        &mut [&mut host, &mut leaver, &mut dropper],
        "the seat left",
        |apps| {
            let [host, leaver, _] = apps else {
                unreachable!()
            };
            let left = session(host).seats()[leaver_seat.index()];
            left.left
                && left.computer == Some(ComputerLevel::Medium)
                && session(leaver).my_seat().is_none()
                && leaver
                    .world()
                    .resource::<Seats>()
                    .iter()
                    .all(|(_, c)| c == Controller::Remote)
        },
    );
    // A dropped friend: past the grace period the computer covers the seat.
    let dropped_seat = session(&dropper).my_seat().expect("a seat");
    drop(dropper);
    run_until(&mut [&mut host, &mut leaver], "the seat covered", |apps| {
        let seat = session(apps[0]).seats()[dropped_seat.index()];
        seat.covered && !seat.connected
    });
    // The game goes on: the host moves, the computers play the other three seats, and the
    // one who left sees every move.
    let plies = qg_model(&host).game.plies().len();
    let people_moves = qg_play_online(&mut [&mut host, &mut leaver], plies + 8);
    assert!(people_moves >= 1, "the host moved");
    run_until(
        &mut [&mut host, &mut leaver],
        "both tables to agree",
        |apps| qg_model(apps[0]).game.plies().len() == qg_model(apps[1]).game.plies().len(),
    );
    assert_eq!(qg_model(&host).position(), qg_model(&leaver).position());
}

// Lessons

use kawu::client::{LessonOfferAnswered, LessonOn, Settings, StartLessonStep, offers_lesson};
use kawu::lessons::{LessonGame, Verdict, lesson};

#[test]
fn a_newcomer_is_offered_each_lesson_once_and_never_again_after_no_thanks() {
    let mut app = app();
    let games = [GameKind::Junqi, GameKind::Xiangqi, GameKind::Qiguo];
    let settings = app.world().resource::<Settings>().clone();
    assert!(games.iter().all(|&kind| offers_lesson(&settings, kind)));
    // "No, thanks" to Xiangqi's lesson: the other games' lessons are still offered.
    app.world_mut()
        .write_message(LessonOfferAnswered(GameKind::Xiangqi));
    app.update();
    let settings = app.world().resource::<Settings>().clone();
    assert!(!offers_lesson(&settings, GameKind::Xiangqi));
    assert!(offers_lesson(&settings, GameKind::Junqi));
    assert!(offers_lesson(&settings, GameKind::Qiguo));
    // Never again: not after the settings are stored and read back (a restart).
    let stored = serde_json::to_string(&settings).expect("settings as JSON");
    let read_back: Settings = serde_json::from_str(&stored).expect("settings from JSON");
    assert!(!offers_lesson(&read_back, GameKind::Xiangqi));
    assert!(offers_lesson(&read_back, GameKind::Junqi));
}

/// Puts step `step` of `kind`'s lesson on the table.
fn lesson_step(app: &mut App, kind: GameKind, step: usize) {
    app.world_mut()
        .write_message(StartLessonStep { kind, step });
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(app.world().resource::<LessonOn>().step_of(kind), Some(step));
    assert_eq!(table_game(app), kind);
}

/// The answer to the last move tried in the step on the table: right or not, and its message.
fn lesson_answer(app: &App) -> Option<(bool, String)> {
    let run = app.world().resource::<LessonOn>().0.clone()?;
    run.answer.map(|answer| (answer.right, answer.key))
}

/// A lesson game whose moves a learner tries by clicking the board.
trait Clicked: LessonGame {
    /// Clicks `mv`: a flip is one click, a move two.
    fn click(app: &mut App, mv: Self::Move);
}

impl Clicked for kawu::lessons::Junqi {
    fn click(app: &mut App, action: Action) {
        match action {
            Action::Flip(point) => select(app, point),
            Action::Move { from, to } => {
                select(app, from);
                select(app, to);
            }
        }
    }
}

impl Clicked for kawu::lessons::JunqiClassic {
    fn click(app: &mut App, action: Action) {
        <kawu::lessons::Junqi as Clicked>::click(app, action);
    }
}

impl Clicked for kawu::lessons::Xiangqi {
    fn click(app: &mut App, mv: kawu::rules::xiangqi::Move) {
        let (from, to) = XiangqiMatch::ends(mv);
        xq_select(app, from);
        xq_select(app, to);
    }
}

impl Clicked for kawu::lessons::Qiguo {
    fn click(app: &mut App, mv: kawu::rules::qiguo::Move) {
        let (from, to) = QiguoMatch::ends(mv);
        for point in [from, to] {
            app.world_mut()
                .write_message(PointsCommand::<QiguoBoard>::Select(point));
            app.update();
        }
    }
}

/// Walks every step of `L`'s lesson by clicks: a legal move that misses the goal is answered
/// with what went wrong and taken back after a moment, then the step's own right move is
/// accepted. Returns how many steps had a wrong move to try.
fn walk_lesson<L: Clicked>(app: &mut App) -> usize {
    let lesson = lesson::<L>().expect("the lesson loads");
    let mut wrong_tried = 0;
    for (index, step) in lesson.steps().iter().enumerate() {
        lesson_step(app, L::KIND, index);
        let start_ply = app.world().resource::<MatchStatus>().key.ply;
        let start = step.start();
        let wrong = L::legal_moves(&start)
            .into_iter()
            .find(|&mv| !step.judge(mv).is_right());
        if let Some(mv) = wrong {
            L::click(app, mv);
            app.update();
            let Verdict::Wrong { what } = step.judge(mv) else {
                panic!("a legal move is judged wrong");
            };
            assert_eq!(
                lesson_answer(app),
                Some((false, what.to_string())),
                "{:?} step {}: {mv}",
                L::KIND,
                step.id()
            );
            // The wrong move is taken back after a moment: the step is on the table again.
            for _ in 0..120 {
                app.update();
            }
            assert_eq!(
                app.world().resource::<MatchStatus>().key.ply,
                start_ply,
                "{:?} step {} is back at its start",
                L::KIND,
                step.id()
            );
            wrong_tried += 1;
        }
        L::click(app, step.solution());
        app.update();
        assert_eq!(
            lesson_answer(app).map(|(right, _)| right),
            Some(true),
            "{:?} step {}: {} is right",
            L::KIND,
            step.id(),
            step.solution()
        );
    }
    wrong_tried
}

#[test]
fn every_lesson_step_takes_its_right_move_and_answers_a_wrong_one() {
    let mut app = app();
    let junqi = walk_lesson::<kawu::lessons::Junqi>(&mut app);
    let classic = walk_lesson::<kawu::lessons::JunqiClassic>(&mut app);
    let xiangqi = walk_lesson::<kawu::lessons::Xiangqi>(&mut app);
    let qiguo = walk_lesson::<kawu::lessons::Qiguo>(&mut app);
    // Most steps can be missed by a legal move; the rest are tried as refused moves below.
    assert!(
        junqi + classic + xiangqi + qiguo >= 26,
        "{junqi} {classic} {xiangqi} {qiguo}"
    );
    // Each finished lesson counts in the player's progress, which starts again from the top.
    let settings = app.world().resource::<kawu::client::Settings>().clone();
    for kind in [
        GameKind::Junqi,
        GameKind::JunqiClassic,
        GameKind::Xiangqi,
        GameKind::Qiguo,
    ] {
        let steps = kawu::lessons::outline(kind)
            .expect("a lesson")
            .expect("an outline")
            .step_ids
            .len();
        assert_eq!(settings.lessons_done.get(&kind), Some(&steps), "{kind:?}");
    }
}

#[test]
fn a_move_the_rules_refuse_in_a_lesson_says_why() {
    let mut app = app();
    let steps = kawu::lessons::outline(GameKind::Xiangqi)
        .expect("a lesson")
        .expect("an outline");
    let general = steps
        .step_ids
        .iter()
        .position(|id| *id == "general")
        .expect("the general's step");
    lesson_step(&mut app, GameKind::Xiangqi, general);
    // The general may not leave the palace: the click is refused and answered.
    xq_select(&mut app, square("d1"));
    xq_select(&mut app, square("c1"));
    assert_eq!(
        lesson_answer(&app),
        Some((false, "lesson-xiangqi-general-palace".to_string()))
    );
    assert!(xq_model(&app).game.moves().is_empty(), "nothing was played");
    // A new game ends the lesson.
    app.world_mut().write_message(kawu::client::NewMatch {
        game: GameKind::Xiangqi,
        seats: Seats::hot_seat(),
        deal: Deal::default(),
        attract: false,
    });
    app.update();
    app.update();
    assert_eq!(app.world().resource::<LessonOn>().0, None);
}

/// Runs updates until the review on the table has judged every step.
fn review_done(app: &mut App) -> ReviewView {
    for _ in 0..3000 {
        app.update();
        let view = app.world().resource::<ReviewView>();
        if view.done() {
            return view.clone();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!(
        "the review never finished: {:?}",
        app.world().resource::<ReviewView>()
    );
}

/// The pictures shared so far whose file names start with `prefix` and end with `extension`.
fn pictures_saved(prefix: &str, extension: &str) -> Vec<std::path::PathBuf> {
    let folder = dirs::picture_dir()
        .or_else(dirs::home_dir)
        .expect("a folder for pictures");
    std::fs::read_dir(&folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            name.starts_with(prefix) && name.ends_with(extension)
        })
        .collect()
}

#[test]
fn a_replay_is_shared_as_a_gif_of_the_game_and_a_png_of_the_position_shown() {
    use kawu::client::play::ShareRequest;
    let mut app = app();
    let fen = "3k5/9/2n6/9/9/9/9/1R7/9/4K4 w - - 0 1";
    assert!(
        watch_text(
            &mut app,
            GameKind::Xiangqi,
            format!("{fen} moves b2b5 c7b5")
        )
        .is_empty()
    );
    settle(&mut app);
    let saved = |extension: &str| pictures_saved("kawu-xiangqi-", extension);
    let before: Vec<_> = [saved(".gif"), saved(".png")].concat();
    app.world_mut().write_message(ShareRequest::Game);
    app.world_mut().write_message(ShareRequest::Position);
    app.update();
    let new = |extension: &str| -> std::path::PathBuf {
        let found: Vec<_> = saved(extension)
            .into_iter()
            .filter(|path| !before.contains(path))
            .collect();
        assert_eq!(found.len(), 1, "{found:?}");
        found[0].clone()
    };
    let (gif, png) = (new(".gif"), new(".png"));
    let bytes = std::fs::read(&gif).unwrap();
    let mut decoder = gif::DecodeOptions::new()
        .read_info(bytes.as_slice())
        .unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, 3, "the start and two moves");
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
    std::fs::remove_file(gif).unwrap();
    std::fs::remove_file(png).unwrap();
}

#[test]
fn a_replays_review_judges_each_step_as_the_engine_does_and_can_be_left() {
    use kawu::ai::review::Class;
    let mut app = app();
    // Red's chariot steps into the horse's reach (`kawu-cli xiangqi review` calls it a
    // blunder), and the horse takes it.
    let fen = "3k5/9/2n6/9/9/9/9/1R7/9/4K4 w - - 0 1";
    assert!(
        watch_text(
            &mut app,
            GameKind::Xiangqi,
            format!("{fen} moves b2b5 c7b5")
        )
        .is_empty()
    );
    settle(&mut app);
    assert_eq!(replay_progress(&app).map(|p| p.total), Some(2));
    assert!(
        !app.world().resource::<ReviewView>().on,
        "no review until asked"
    );
    app.world_mut().write_message(ReviewRequest::Start);
    let view = review_done(&mut app);
    assert_eq!(view.lines.len(), 2);
    let blunder = &view.lines[0];
    assert_eq!(blunder.class, Class::Blunder, "{view:?}");
    // Named as the move list names them (WXF in English).
    use kawu::rules::xiangqi::{Notation, move_name};
    let game =
        kawu::rules::xiangqi::Game::new(kawu::rules::xiangqi::Position::from_fen(fen).unwrap());
    let played = "b2b5".parse().unwrap();
    let direct = kawu::ai::xiangqi::judge_move(&game, played, Level::Medium).unwrap();
    let name = |mv| move_name(game.position(), mv, Notation::Wxf);
    assert_eq!(
        (blunder.mover, blunder.played.clone()),
        (Seat(0), name(played))
    );
    assert_eq!(
        (blunder.best.clone(), blunder.loss),
        (name(direct.best), direct.loss)
    );
    // And why, in the player's words: b2d2 mates within a few moves.
    assert_eq!(direct.reason, Some(kawu::ai::review::Reason::MissesMate));
    assert_eq!(blunder.reason.as_deref(), Some("misses a mate"));
    assert_eq!(view.lines[1].reason, None, "the horse's capture is best");
    assert_eq!(view.lines[1].mover, Seat(1));
    assert_eq!(view.accuracy.len(), 2);
    assert!(
        view.accuracy[0].1 < 50.0 && view.accuracy[1].1 > 90.0,
        "{view:?}"
    );

    // Leaving: Stop clears it; another replay replaces it.
    app.world_mut().write_message(ReviewRequest::Stop);
    app.update();
    assert_eq!(*app.world().resource::<ReviewView>(), ReviewView::default());
    app.world_mut().write_message(ReviewRequest::Start);
    app.update();
    app.update();
    assert!(app.world().resource::<ReviewView>().on);
    assert!(watch_text(&mut app, GameKind::Xiangqi, format!("{fen} moves b2b3")).is_empty());
    app.update();
    assert!(
        !app.world().resource::<ReviewView>().on,
        "a new replay ends the old review"
    );
}

#[test]
fn a_finished_junqi_game_is_reviewed_from_what_each_mover_saw_and_again_from_replays() {
    let mut app = app();
    start(&mut app, 11, Seats::hot_seat());
    play_actions(&mut app, 10);
    let played = game(&app);
    app.world_mut().write_message(MatchRequest::Resign);
    app.update();
    app.update();
    // The result panel's Review: the game on the table as a replay, then its review.
    app.world_mut().write_message(WatchReplay {
        kind: GameKind::Junqi,
        record: RecordSource::OnTable,
    });
    app.world_mut().write_message(ReviewRequest::Start);
    let view = review_done(&mut app);
    assert_eq!(view.lines.len(), 10);
    let mut public = PublicGame::new(played.start().clone());
    for (line, step) in view.lines.iter().zip(played.history()) {
        let direct =
            kawu::ai::junqi::judge_action(public.view(), step.action, Level::Medium).unwrap();
        assert_eq!(line.played, step.action.to_string());
        assert_eq!(
            (line.best.clone(), line.loss, line.class),
            (direct.best.to_string(), direct.loss, direct.class)
        );
        public.play(*step).unwrap();
    }
    // The same game opened from Replays (the menu's button: the kept record) reviews the same.
    let kept = app.world().resource::<FinishedGames>().0[0].record.clone();
    app.world_mut().write_message(ReviewRequest::Stop);
    app.world_mut().write_message(WatchReplay {
        kind: GameKind::Junqi,
        record: RecordSource::Kept(kept),
    });
    app.update();
    settle(&mut app);
    app.update();
    assert_eq!(replay_progress(&app).map(|p| p.total), Some(10));
    app.world_mut().write_message(ReviewRequest::Start);
    assert_eq!(review_done(&mut app).lines, view.lines);
}

/// Plays `mv` in the Xiangqi exercise on the table; how the try went once judged.
fn try_move(app: &mut App, mv: &str) -> Attempt {
    let table = *app.world().resource::<TableState<XiangqiMatch>>();
    app.world_mut()
        .write_message(PlayRequest::new(mv.parse().unwrap(), &table));
    let mut judging = false;
    for _ in 0..3000 {
        app.update();
        let attempt = app.world().resource::<PracticeView>().attempt.clone();
        judging |= attempt == Attempt::Judging;
        if judging && attempt != Attempt::Judging {
            settle(app);
            app.update();
            app.update();
            return attempt;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    panic!("the exercise's move was never judged");
}

/// Replays a game where Red hangs its chariot (`b2b5`) in `fen`, reviews it, and opens Red's
/// exercise.
fn practise_red_blunder(app: &mut App, fen: &str) {
    let text = format!("{fen} moves b2b5 c7b5");
    assert!(watch_text(app, GameKind::Xiangqi, text).is_empty());
    app.world_mut().write_message(ReviewRequest::Start);
    review_done(app);
    app.world_mut()
        .write_message(PracticeRequest::Start(Seat(0)));
    app.update();
    app.update();
    settle(app);
}

#[test]
fn a_reviewed_mistake_is_practised_two_tries_then_answered() {
    use kawu::client::xiangqi::XiangqiMatch;
    let mut app = app();
    let fen = "3k5/9/2n6/9/9/9/9/1R7/9/4K4 w - - 0 1";
    practise_red_blunder(&mut app, fen);
    let view = app.world().resource::<PracticeView>().clone();
    assert!(view.on && view.total == 1 && view.index == 0, "{view:?}");
    assert_eq!(
        replay_progress(&app),
        None,
        "the exercise is a position to play"
    );
    assert_eq!(app.world().resource::<XiangqiMatch>().plies(), 0);

    // The mistake again, and another hung chariot: taken back each time, then the answer.
    assert!(matches!(try_move(&mut app, "b2b5"), Attempt::Wrong { .. }));
    assert_eq!(
        app.world().resource::<XiangqiMatch>().plies(),
        0,
        "taken back"
    );
    let Attempt::Shown { answer } = try_move(&mut app, "b2b9") else {
        panic!("the answer is shown after two tries");
    };
    assert!(!answer.is_empty());
    assert_eq!(app.world().resource::<XiangqiMatch>().plies(), 0);
    app.world_mut().write_message(PracticeRequest::Next);
    app.update();
    let view = app.world().resource::<PracticeView>().clone();
    assert_eq!((view.index, view.solved), (1, 0), "done, none solved");

    // From the start again: the engine's own move is right.
    let game =
        kawu::rules::xiangqi::Game::new(kawu::rules::xiangqi::Position::from_fen(fen).unwrap());
    let best = kawu::ai::xiangqi::judge_move(&game, "b2b5".parse().unwrap(), Level::Medium)
        .unwrap()
        .best;
    practise_red_blunder(&mut app, fen);
    assert!(matches!(
        try_move(&mut app, &best.to_string()),
        Attempt::Right { .. }
    ));
    assert_eq!(app.world().resource::<PracticeView>().solved, 1);
    app.world_mut().write_message(PracticeRequest::Stop);
    app.update();
    assert!(!app.world().resource::<PracticeView>().on);
}
