//! The protocol against its documentation: every example in `docs/protocol.md` parses, and every
//! message, event and error code has its section or mention there.

use super::*;
use std::collections::BTreeSet;

fn documentation() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/protocol.md");
    std::fs::read_to_string(path).expect("docs/protocol.md is readable")
}

/// The fenced JSON examples of the documentation.
fn examples(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        let trimmed = line.trim();
        match (&mut current, trimmed) {
            (None, "```json") => current = Some(String::new()),
            (Some(block), "```") => {
                found.push(std::mem::take(block));
                current = None;
            }
            (Some(block), _) => {
                block.push_str(line);
                block.push('\n');
            }
            (None, _) => {}
        }
    }
    found
}

/// Each message type's index; the exhaustive matches make a new variant a compile error here
/// until it is counted (and so documented).
fn client_index(message: &ClientMessage) -> usize {
    match message {
        ClientMessage::Create { .. } => 0,
        ClientMessage::Join { .. } => 1,
        ClientMessage::Watch { .. } => 2,
        ClientMessage::Resume { .. } => 3,
        ClientMessage::Act { .. } => 4,
        ClientMessage::Resign {} => 5,
        ClientMessage::OfferDraw {} => 6,
        ClientMessage::AnswerDraw { .. } => 7,
        ClientMessage::Rematch {} => 8,
        ClientMessage::Sync {} => 9,
        ClientMessage::Ping { .. } => 10,
    }
}
const CLIENT_MESSAGES: usize = 11;

fn server_index(message: &ServerMessage) -> usize {
    match message {
        ServerMessage::Hello { .. } => 0,
        ServerMessage::Seated { .. } => 1,
        ServerMessage::Watching { .. } => 2,
        ServerMessage::Sync { .. } => 3,
        ServerMessage::Event { .. } => 4,
        ServerMessage::Presence { .. } => 5,
        ServerMessage::Clock { .. } => 6,
        ServerMessage::Error { .. } => 7,
        ServerMessage::Pong { .. } => 8,
    }
}
const SERVER_MESSAGES: usize = 9;

fn event_index(event: &RoomEvent) -> usize {
    match event {
        RoomEvent::SeatTaken { .. } => 0,
        RoomEvent::Played { .. } => 1,
        RoomEvent::DrawOffered { .. } => 2,
        RoomEvent::DrawDeclined { .. } => 3,
        RoomEvent::GameEnded { .. } => 4,
        RoomEvent::RematchRequested { .. } => 5,
        RoomEvent::NewGame { .. } => 6,
    }
}
const EVENTS: usize = 7;

fn error_index(code: ErrorCode) -> usize {
    use ErrorCode::*;
    match code {
        BadFrame => 0,
        UnsupportedVersion => 1,
        TooLarge => 2,
        BinaryFrame => 3,
        RateLimited => 4,
        UnknownRoom => 5,
        RoomFull => 6,
        BadToken => 7,
        NotInRoom => 8,
        AlreadyInRoom => 9,
        NotSeated => 10,
        NotStarted => 11,
        NotYourTurn => 12,
        IllegalAction => 13,
        Stale => 14,
        GameOver => 15,
        GameNotOver => 16,
        NoDrawOffer => 17,
        TooManyRooms => 18,
        TooManySpectators => 19,
        Unavailable => 20,
    }
}
const ALL_ERROR_CODES: [ErrorCode; 21] = {
    use ErrorCode::*;
    [
        BadFrame,
        UnsupportedVersion,
        TooLarge,
        BinaryFrame,
        RateLimited,
        UnknownRoom,
        RoomFull,
        BadToken,
        NotInRoom,
        AlreadyInRoom,
        NotSeated,
        NotStarted,
        NotYourTurn,
        IllegalAction,
        Stale,
        GameOver,
        GameNotOver,
        NoDrawOffer,
        TooManyRooms,
        TooManySpectators,
        Unavailable,
    ]
};

const ALL_END_REASONS: [EndReason; 8] = [
    EndReason::FlagCaptured,
    EndReason::NoLegalAction,
    EndReason::QuietPlies,
    EndReason::NoActionBeforeColours,
    EndReason::Resignation,
    EndReason::Agreement,
    EndReason::OutOfTime,
    EndReason::Abandoned,
];

fn tag<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value).expect("serialises") {
        serde_json::Value::String(text) => text,
        serde_json::Value::Object(map) => map["type"].as_str().expect("tagged").to_string(),
        other => panic!("unexpected {other}"),
    }
}

#[test]
fn every_message_event_and_code_is_documented_and_every_example_parses() {
    let text = documentation();
    let mut client = BTreeSet::new();
    let mut server = BTreeSet::new();
    let mut events = BTreeSet::new();
    let examples = examples(&text);
    assert!(examples.len() > 20, "{} examples", examples.len());
    for example in &examples {
        if let Ok(frame) = serde_json::from_str::<Frame<ClientMessage>>(example) {
            assert_eq!(frame.v, PROTOCOL_VERSION);
            client.insert(client_index(&frame.msg));
            // Each message's section is headed by its type.
            assert!(text.contains(&format!("### `{}`", tag(&frame.msg))));
            continue;
        }
        let frame: Frame<ServerMessage> = serde_json::from_str(example)
            .unwrap_or_else(|error| panic!("example does not parse ({error}):\n{example}"));
        assert_eq!(frame.v, PROTOCOL_VERSION);
        server.insert(server_index(&frame.msg));
        assert!(text.contains(&format!("### `{}`", tag(&frame.msg))));
        if let ServerMessage::Event { event, .. } = &frame.msg {
            events.insert(event_index(event));
            assert!(text.contains(&format!("#### `{}`", tag(event))));
        }
    }
    assert_eq!(client, (0..CLIENT_MESSAGES).collect(), "client messages");
    assert_eq!(server, (0..SERVER_MESSAGES).collect(), "server messages");
    assert_eq!(events, (0..EVENTS).collect(), "events");
    for (index, code) in ALL_ERROR_CODES.into_iter().enumerate() {
        assert_eq!(error_index(code), index);
        assert!(text.contains(&format!("`{}`", tag(&code))), "{code:?}");
    }
    for reason in ALL_END_REASONS {
        assert!(text.contains(&format!("`{}`", tag(&reason))), "{reason:?}");
    }
}

#[test]
fn frames_refuse_unknown_fields_and_types() {
    let good = r#"{"v":1,"msg":{"type":"join","code":"ABCDEFGHJK"}}"#;
    assert!(serde_json::from_str::<Frame<ClientMessage>>(good).is_ok());
    for bad in [
        r#"{"v":1,"msg":{"type":"join","code":"ABCDEFGHJK","extra":1}}"#,
        r#"{"v":1,"msg":{"type":"join"}}"#,
        r#"{"v":1,"msg":{"type":"fly"}}"#,
        r#"{"v":1,"msg":{"type":"act","action":"z9","version":1}}"#,
        r#"{"v":1,"msg":{"type":"act","action":"a1","version":-1}}"#,
        r#"{"v":1,"msg":{"type":"create","game":"chess"}}"#,
        r#"{"v":1,"msg":{"type":"create","game":"junqi","clock":"10s"}}"#,
        r#"{"v":1,"msg":{"type":"resign"},"x":0}"#,
        r#"{"v":1,"msg":{"type":"resign","x":0}}"#,
        r#"{"v":1,"msg":{"type":"sync","room":{}}}"#,
        r#"{"msg":{"type":"resign"}}"#,
        r#"[1,2]"#,
        r#"{"v":1,"msg":"#,
    ] {
        assert!(
            serde_json::from_str::<Frame<ClientMessage>>(bad).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn a_room_state_rebuilds_its_public_game() {
    let mut view = junqi_start(Ruleset::default());
    let flip: Action = "a1".parse().unwrap();
    let revealed = crate::rules::junqi::Piece::from_index(3);
    view.play_hypothetical(flip, Some(revealed)).unwrap();
    let state = RoomState {
        code: "ABCDEFGHJK".into(),
        game: GameKind::Junqi,
        rules: Ruleset::default(),
        clock: MoveClock::Off,
        version: 3,
        game_number: 0,
        first_seat: Seat(0),
        seats: [SeatState::default(); 2],
        spectators: 0,
        start: junqi_start(Ruleset::default()).to_jfen(),
        actions: vec![PlayedAction {
            action: flip,
            revealed: Some(revealed),
        }],
        position: view.to_jfen(),
        to_move: Some(Seat(1)),
        colours: None,
        draw_offer: None,
        end: None,
        clock_ms: None,
    };
    let game = state.public_game().unwrap();
    assert_eq!(game.view().to_jfen(), state.position);
    let text = serde_json::to_string(&Frame::new(ServerMessage::Sync {
        room: state.clone(),
    }))
    .unwrap();
    let back: Frame<ServerMessage> = serde_json::from_str(&text).unwrap();
    assert_eq!(back.msg, ServerMessage::Sync { room: state });
}

#[test]
fn the_protocol_needs_no_async_runtime() {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/src/protocol");
    let forbidden = [
        "tokio",
        "axum",
        "rusqlite",
        "crate::server",
        "crate::client",
    ];
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        // This file names them to forbid them.
        if path.ends_with("tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for name in forbidden {
            let named = text
                .lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .any(|line| line.contains(name));
            assert!(!named, "{} names {name}", path.display());
        }
    }
}
