//! Junqi classic's deployment screen, headless: swaps by tap, drag, keys and controller, each
//! broken rule named, styles, saved layouts, and Ready only for a legal army.

use super::*;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use kawu::client::junqi::classic::{
    ArmyReady, DeploymentCommand, DeploymentScreen, SavedLayout, SavedLayouts,
};
use kawu::rules::junqi::Color;
use kawu::rules::junqi::classic::{Deployment, DeploymentDraft, DeploymentStyle};

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
