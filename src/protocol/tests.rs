//! The protocol against its documentation: every example in `docs/protocol.md` parses, and every
//! message, event, game's state and played action, error code and end reason has its section,
//! example or mention there.

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
        ClientMessage::Start { .. } => 11,
        ClientMessage::Leave {} => 12,
        ClientMessage::AskTakeback {} => 13,
        ClientMessage::AnswerTakeback { .. } => 14,
        ClientMessage::WithdrawTakeback {} => 15,
        ClientMessage::Deploy { .. } => 16,
    }
}
const CLIENT_MESSAGES: usize = 17;

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
        ServerMessage::OwnDeployment { .. } => 9,
    }
}
const SERVER_MESSAGES: usize = 10;

fn event_index(event: &RoomEvent) -> usize {
    match event {
        RoomEvent::SeatTaken { .. } => 0,
        RoomEvent::Played { .. } => 1,
        RoomEvent::DrawOffered { .. } => 2,
        RoomEvent::DrawDeclined { .. } => 3,
        RoomEvent::GameEnded { .. } => 4,
        RoomEvent::RematchRequested { .. } => 5,
        RoomEvent::NewGame { .. } => 6,
        RoomEvent::ComputerSeated { .. } => 7,
        RoomEvent::Covered { .. } => 8,
        RoomEvent::Uncovered { .. } => 9,
        RoomEvent::SeatLeft { .. } => 10,
        RoomEvent::Withdrew { .. } => 11,
        RoomEvent::TakebackAsked { .. } => 12,
        RoomEvent::TakebackAccepted { .. } => 13,
        RoomEvent::TakebackDeclined { .. } => 14,
        RoomEvent::TakebackWithdrawn { .. } => 15,
        RoomEvent::TakenBack { .. } => 16,
        RoomEvent::TakebackLapsed { .. } => 17,
        RoomEvent::Deployed { .. } => 18,
        RoomEvent::Unveiled { .. } => 19,
    }
}
const EVENTS: usize = 20;

fn game_index(game: &GameState) -> usize {
    match game {
        GameState::Junqi(_) => 0,
        GameState::Xiangqi(_) => 1,
        GameState::Qiguo(_) => 2,
        GameState::JunqiClassic(_) => 3,
    }
}
fn played_index(played: &Played) -> usize {
    match played {
        Played::Junqi(_) => 0,
        Played::Xiangqi(_) => 1,
        Played::Qiguo(_) => 2,
        Played::JunqiClassic(_) => 3,
    }
}
const GAMES: usize = 4;

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
        Replaced => 21,
        Idle => 22,
        SeatTaken => 23,
        NotHost => 24,
        NotInThisGame => 25,
        NoTakeback => 26,
        TakebackPending => 27,
        TakebackAskedAlready => 28,
        NothingToTakeBack => 29,
        TakebackReveals => 30,
        BadDeployment => 31,
        AlreadyDeployed => 32,
    }
}
const ALL_ERROR_CODES: [ErrorCode; 33] = {
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
        Replaced,
        Idle,
        SeatTaken,
        NotHost,
        NotInThisGame,
        NoTakeback,
        TakebackPending,
        TakebackAskedAlready,
        NothingToTakeBack,
        TakebackReveals,
        BadDeployment,
        AlreadyDeployed,
    ]
};

const ALL_END_REASONS: [EndReason; 18] = [
    EndReason::FlagCaptured,
    EndReason::NoLegalAction,
    EndReason::QuietPlies,
    EndReason::NoActionBeforeColours,
    EndReason::Checkmate,
    EndReason::Stalemate,
    EndReason::PerpetualCheck,
    EndReason::PerpetualChase,
    EndReason::Repetition,
    EndReason::MoveLimit,
    EndReason::NoProgress,
    EndReason::Resignation,
    EndReason::Agreement,
    EndReason::OutOfTime,
    EndReason::Abandoned,
    EndReason::Hegemon,
    EndReason::LastSeat,
    EndReason::QuietLimit,
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
    let mut games = BTreeSet::new();
    let mut played = BTreeSet::new();
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
        match &frame.msg {
            ServerMessage::Event { event, .. } => {
                events.insert(event_index(event));
                assert!(text.contains(&format!("#### `{}`", tag(event))));
                if let RoomEvent::Played { played: action, .. } = event {
                    played.insert(played_index(action));
                }
            }
            ServerMessage::Sync { room } => {
                games.insert(game_index(&room.game));
                // (The Junqi example's position is abbreviated; Xiangqi's is whole.)
                if let GameState::Xiangqi(state) = &room.game {
                    let game = state.game().expect("the example's moves replay");
                    assert_eq!(game.position().to_fen(), state.position);
                }
                if let GameState::Qiguo(state) = &room.game {
                    let position = state.replay().expect("the example's history replays");
                    assert_eq!(position.to_qfen(), state.position);
                }
            }
            _ => {}
        }
    }
    assert_eq!(client, (0..CLIENT_MESSAGES).collect(), "client messages");
    assert_eq!(server, (0..SERVER_MESSAGES).collect(), "server messages");
    assert_eq!(events, (0..EVENTS).collect(), "events");
    assert_eq!(games, (0..GAMES).collect(), "a room state of each game");
    assert_eq!(played, (0..GAMES).collect(), "a played action of each game");
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
        r#"{"v":1,"msg":{"type":"act","action":9,"version":1}}"#,
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

/// A room state with `game`, after `version` events, seat 1 to move.
fn room_state(game: GameState, version: u64) -> RoomState {
    RoomState {
        code: "ABCDEFGHJK".into(),
        game,
        clock: MoveClock::Off,
        version,
        game_number: 0,
        first_seat: RoomSeat(0),
        seats: vec![SeatState::default(); 2],
        spectators: 0,
        to_move: Some(RoomSeat(1)),
        draw_offer: None,
        takeback: None,
        end: None,
        clock_ms: None,
    }
}

/// `state` survives a trip through a `sync` frame.
fn assert_round_trip(state: RoomState) {
    let text = serde_json::to_string(&Frame::new(ServerMessage::Sync {
        room: state.clone(),
    }))
    .unwrap();
    let back: Frame<ServerMessage> = serde_json::from_str(&text).unwrap();
    assert_eq!(back.msg, ServerMessage::Sync { room: state });
}

#[test]
fn a_junqi_room_state_rebuilds_its_public_game() {
    let mut view = junqi_start(Ruleset::default());
    let flip: crate::rules::junqi::Action = "a1".parse().unwrap();
    let revealed = crate::rules::junqi::Piece::from_index(3);
    view.play_hypothetical(flip, Some(revealed)).unwrap();
    let junqi = JunqiState {
        rules: Ruleset::default(),
        start: junqi_start(Ruleset::default()).to_jfen(),
        actions: vec![PlayedAction {
            action: flip,
            revealed: Some(revealed),
        }],
        position: view.to_jfen(),
        colours: None,
    };
    let game = junqi.public_game().unwrap();
    assert_eq!(game.view().to_jfen(), junqi.position);
    let state = room_state(GameState::Junqi(junqi), 3);
    // Junqi's fields sit next to the room's, as before Xiangqi rooms.
    let value = serde_json::to_value(&state).unwrap();
    assert_eq!(value["game"], "junqi");
    assert_eq!(value["actions"][0]["action"], "a1");
    assert_round_trip(state);
}

#[test]
fn a_xiangqi_room_state_rebuilds_its_game() {
    let moves: Vec<xiangqi::Move> = ["h2e2", "h9g7"].map(|m| m.parse().unwrap()).to_vec();
    let mut game = xiangqi::Game::new(xiangqi::Position::start());
    for &mv in &moves {
        game.play(mv).unwrap();
    }
    let state = XiangqiState {
        start: xiangqi::START_FEN.into(),
        moves,
        position: game.position().to_fen(),
    };
    assert_eq!(state.game().unwrap().position(), game.position());
    let room = room_state(GameState::Xiangqi(state.clone()), 4);
    let value = serde_json::to_value(&room).unwrap();
    assert_eq!(value["game"], "xiangqi");
    assert_eq!(value["moves"], serde_json::json!(["h2e2", "h9g7"]));
    assert_round_trip(room);
    // A move the rules refuse does not replay.
    let broken = XiangqiState {
        moves: vec!["a0a5".parse().unwrap()],
        ..state
    };
    assert!(broken.game().is_err());
}

#[test]
fn played_actions_take_their_game_shape() {
    let junqi: Played = serde_json::from_str(r#"{"action":"a2a11"}"#).unwrap();
    assert!(matches!(
        junqi,
        Played::Junqi(PlayedAction { revealed: None, .. })
    ));
    let xiangqi: Played = serde_json::from_str(r#"{"move":"h2e2"}"#).unwrap();
    assert_eq!(
        xiangqi,
        Played::Xiangqi(XiangqiPlayed {
            mv: "h2e2".parse().unwrap()
        })
    );
    assert_eq!(
        serde_json::to_string(&xiangqi).unwrap(),
        r#"{"move":"h2e2"}"#
    );
    for bad in [
        r#"{"move":"z9z9"}"#,
        r#"{"move":"h2e2","x":1}"#,
        r#"{}"#,
        r#""h2e2""#,
    ] {
        assert!(serde_json::from_str::<Played>(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_qiguo_room_state_rebuilds_its_game_with_withdrawals() {
    let seating = qiguo::Seating::for_players(4).unwrap();
    let mut position = qiguo::Position::start(seating);
    let mv: qiguo::Move = "e10j15".parse().unwrap();
    let mut history = vec![QiguoStep::Move {
        mv,
        state: qiguo::State::Qin,
    }];
    position.play(mv).unwrap();
    // Seat 2 (Chu + Han) resigns while Chu is to move: Qi moves next.
    history.push(QiguoStep::Withdrew {
        seat: RoomSeat(1),
        states: "ro".into(),
        reason: WithdrawReason::Resigned,
    });
    position.withdraw(qiguo::Seat::new(2).unwrap());
    assert_eq!(position.side_to_move(), qiguo::State::Qi);
    let state = QiguoState {
        seat_states: ["wk", "ro", "bg", "p"].map(String::from).to_vec(),
        on_leave: OnLeave::Resign,
        start: qiguo::Position::start(seating).to_qfen(),
        history,
        position: position.to_qfen(),
    };
    assert_eq!(state.replay().unwrap(), position);
    let mut room = room_state(GameState::Qiguo(state.clone()), 9);
    room.seats = vec![SeatState::default(); 4];
    room.seats[2].computer = Some(ComputerLevel::Easy);
    room.seats[3].covered = true;
    let value = serde_json::to_value(&room).unwrap();
    assert_eq!(value["game"], "qiguo");
    assert_eq!(
        value["history"][0],
        serde_json::json!({"type": "move", "move": "e10j15", "state": "w"})
    );
    assert_eq!(value["seats"][2]["computer"], "easy");
    // Qiguo's seat fields are left out where they say nothing, as in the two-player games.
    assert_eq!(
        value["seats"][0],
        serde_json::json!({"taken": false, "connected": false, "rematch": false})
    );
    assert_round_trip(room);
    // A move by a state not to move does not replay.
    let broken = QiguoState {
        history: vec![QiguoStep::Move {
            mv: "f5f6".parse().unwrap(),
            state: qiguo::State::Chu,
        }],
        ..state
    };
    assert!(broken.replay().is_err());
}

#[test]
fn qiguo_seats_are_checked_and_read_in_their_short_form() {
    let setup: QiguoSetup = serde_json::from_str(
        r#"{"seats": ["friend", {"computer": "hard"}, "friend"], "on_leave": "resign"}"#,
    )
    .unwrap();
    assert_eq!(
        setup.seats,
        [
            SeatPlan::Friend,
            SeatPlan::Computer(ComputerLevel::Hard),
            SeatPlan::Friend
        ]
    );
    assert!(setup.check().is_ok());
    for (seats, fault) in [
        (r#"["friend", "friend"]"#, "3 to 7"),
        (
            r#"["friend", "friend", "friend", "friend", "friend", "friend", "friend", "friend"]"#,
            "3 to 7",
        ),
        (r#"[{"computer": "easy"}, "friend", "friend"]"#, "host"),
    ] {
        let setup: QiguoSetup = serde_json::from_str(&format!(r#"{{"seats": {seats}}}"#)).unwrap();
        let error = setup.check().unwrap_err();
        assert!(error.contains(fault), "{seats}: {error}");
    }
    for bad in [
        r#"{"seats": ["robot", "friend", "friend"]}"#,
        r#"{"seats": [{"computer": "random"}, "friend", "friend"]}"#,
        r#"{"seats": "friend"}"#,
        r#"{"seats": ["friend", "friend", "friend"], "on_leave": "vanish"}"#,
        r#"{"seats": ["friend", "friend", "friend"], "extra": 1}"#,
    ] {
        assert!(serde_json::from_str::<QiguoSetup>(bad).is_err(), "{bad}");
    }
    let played: Played = serde_json::from_str(r#"{"move":"e10j15","state":"w"}"#).unwrap();
    assert!(matches!(
        played,
        Played::Qiguo(QiguoPlayed {
            state: qiguo::State::Qin,
            ..
        })
    ));
    for bad in [
        r#"{"move":"e10j15","state":"x"}"#,
        r#"{"move":"e10j15","state":"wr"}"#,
        r#"{"move":"e10","state":"w"}"#,
    ] {
        assert!(serde_json::from_str::<Played>(bad).is_err(), "{bad}");
    }
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

/// A Xiangqi room at its start, both seats taken, seat 0 to move.
fn xiangqi_view() -> RoomView {
    let state = XiangqiState {
        start: xiangqi::START_FEN.into(),
        moves: Vec::new(),
        position: xiangqi::START_FEN.into(),
    };
    let mut room = room_state(GameState::Xiangqi(state), 2);
    room.seats = vec![
        SeatState {
            taken: true,
            ..SeatState::default()
        };
        2
    ];
    RoomView::from_state(&room).unwrap()
}

fn xiangqi_move(seat: u8, mv: &str) -> RoomEvent {
    RoomEvent::Played {
        seat: RoomSeat(seat),
        played: Played::Xiangqi(XiangqiPlayed {
            mv: mv.parse().unwrap(),
        }),
    }
}

#[test]
fn a_room_view_follows_events_in_order_and_refuses_others() {
    let mut view = xiangqi_view();
    assert_eq!(view.to_move(), Some(RoomSeat(0)));
    view.apply(3, &xiangqi_move(0, "h2e2")).unwrap();
    assert_eq!(view.to_move(), Some(RoomSeat(1)));
    // A missed event, a repeated one, a move out of turn, an illegal move: refused, and the
    // view stays where it was.
    assert_eq!(
        view.apply(5, &xiangqi_move(1, "h9g7")),
        Err(ViewError::OutOfOrder { have: 3, got: 5 })
    );
    assert!(matches!(
        view.apply(3, &xiangqi_move(1, "h9g7")),
        Err(ViewError::OutOfOrder { .. })
    ));
    assert!(matches!(
        view.apply(4, &xiangqi_move(0, "h0g2")),
        Err(ViewError::Inconsistent(_))
    ));
    assert!(view.apply(4, &xiangqi_move(1, "a0a5")).is_err());
    assert!(
        view.apply(4, &RoomEvent::SeatTaken { seat: RoomSeat(2) })
            .is_err()
    );
    assert_eq!((view.version, view.table.history_len()), (3, 1));
    view.apply(4, &xiangqi_move(1, "h9g7")).unwrap();
    assert_eq!(view.table.history_len(), 2);
}

#[test]
fn a_room_view_keeps_offers_takebacks_results_and_new_games() {
    let mut view = xiangqi_view();
    let apply = |view: &mut RoomView, event: RoomEvent| view.apply(view.version + 1, &event);
    apply(&mut view, xiangqi_move(0, "h2e2")).unwrap();
    apply(&mut view, RoomEvent::DrawOffered { seat: RoomSeat(1) }).unwrap();
    assert_eq!(view.draw_offer, Some(RoomSeat(1)));
    apply(&mut view, xiangqi_move(1, "h9g7")).unwrap();
    assert_eq!(view.draw_offer, None, "a move ends the offer");
    let asked = RoomEvent::TakebackAsked {
        seat: RoomSeat(1),
        plies: 1,
        wait_ms: 30_000,
    };
    apply(&mut view, asked.clone()).unwrap();
    assert!(apply(&mut view, asked).is_err(), "one request at a time");
    // A grant of another number of steps than asked does not fit.
    let taken_back = |plies| RoomEvent::TakenBack {
        seat: RoomSeat(1),
        plies,
    };
    assert!(apply(&mut view.clone(), taken_back(2)).is_err());
    apply(&mut view, taken_back(1)).unwrap();
    assert_eq!(view.table.history_len(), 1);
    assert_eq!(view.to_move(), Some(RoomSeat(1)));
    let end = GameEnd {
        winner: Some(RoomSeat(0)),
        reason: EndReason::Resignation,
    };
    apply(&mut view, RoomEvent::GameEnded { end }).unwrap();
    assert_eq!((view.end, view.to_move()), (Some(end), None));
    apply(&mut view, RoomEvent::RematchRequested { seat: RoomSeat(0) }).unwrap();
    assert!(view.seats[0].rematch);
    let new_game = RoomEvent::NewGame {
        game_number: 1,
        first_seat: RoomSeat(1),
    };
    apply(&mut view, new_game).unwrap();
    assert_eq!(view.end, None);
    assert_eq!(view.table.history_len(), 0);
    assert!(!view.seats[0].rematch);
    assert_eq!(view.to_move(), Some(RoomSeat(1)), "the first move swapped");
}

#[test]
fn a_room_view_refuses_a_state_whose_moves_do_not_lead_to_its_position() {
    let state = XiangqiState {
        start: xiangqi::START_FEN.into(),
        moves: vec!["h2e2".parse().unwrap()],
        position: xiangqi::START_FEN.into(),
    };
    let room = room_state(GameState::Xiangqi(state), 1);
    assert!(matches!(
        RoomView::from_state(&room),
        Err(ViewError::Inconsistent(_))
    ));
}

/// The contract's example armies.
const CLASSIC_RED: &str = "CDRPT/E1G1B/ZP1EC/R1M1T/LDBEC/LFZLP";
const CLASSIC_BLUE: &str = "lfzlp/ldbec/r1m1t/zp1ec/e1g1b/cdrpt";

fn classic_move(seat: u8, moved: &str, verdict: Option<char>) -> RoomEvent {
    RoomEvent::Played {
        seat: RoomSeat(seat),
        played: Played::JunqiClassic(ClassicPlayed {
            moved: moved.parse().unwrap(),
            verdict: verdict.and_then(crate::rules::junqi::classic::Verdict::from_mark),
            flags: Vec::new(),
        }),
    }
}

#[test]
fn a_room_view_follows_a_classic_game_and_checks_the_armies_unveiled() {
    let mut room = room_state(GameState::JunqiClassic(ClassicState::new(80)), 2);
    room.seats = vec![
        SeatState {
            taken: true,
            ..SeatState::default()
        };
        2
    ];
    let mut view = RoomView::from_state(&room).unwrap();
    let apply = |view: &mut RoomView, event: &RoomEvent| view.apply(view.version + 1, event);
    assert_eq!(view.to_move(), None, "nobody deployed");
    assert!(apply(&mut view.clone(), &classic_move(0, "a6a7", Some('='))).is_err());
    let deployed = |seat| RoomEvent::Deployed {
        seat: RoomSeat(seat),
        deployment: None,
    };
    apply(&mut view, &deployed(1)).unwrap();
    assert!(apply(&mut view.clone(), &deployed(1)).is_err(), "twice");
    assert_eq!(view.to_move(), None);
    apply(&mut view, &deployed(0)).unwrap();
    assert_eq!(view.to_move(), Some(RoomSeat(0)));
    apply(&mut view, &classic_move(0, "a6a7", Some('='))).unwrap();
    apply(&mut view, &classic_move(1, "e7e6", Some('='))).unwrap();
    assert_eq!(view.to_move(), Some(RoomSeat(0)));
    // Red's line from its own army and the public record.
    let RoomTable::JunqiClassic(state) = &view.table else {
        panic!("{:?}", view.table);
    };
    let red = crate::rules::junqi::classic::Deployment::parse(CLASSIC_RED, Color::Red).unwrap();
    assert_eq!(state.line(&red).unwrap().actions().len(), 2);
    let unveiled = |red: &str, blue: &str| RoomEvent::Unveiled {
        deployments: [red.to_string(), blue.to_string()],
    };
    assert!(
        apply(&mut view.clone(), &unveiled(CLASSIC_RED, CLASSIC_BLUE)).is_err(),
        "only after the end"
    );
    let end = GameEnd {
        winner: Some(RoomSeat(1)),
        reason: EndReason::Resignation,
    };
    apply(&mut view, &RoomEvent::GameEnded { end }).unwrap();
    // Armies that do not give the announced verdicts are refused.
    let other_blue = CLASSIC_BLUE.replace("cdrpt", "tdrpc");
    assert!(apply(&mut view.clone(), &unveiled(CLASSIC_RED, &other_blue)).is_err());
    apply(&mut view, &unveiled(CLASSIC_RED, CLASSIC_BLUE)).unwrap();
    assert!(view.table.over());
}

#[test]
fn a_deployment_is_kept_from_every_frame_to_a_client() {
    let stored = RoomEvent::Deployed {
        seat: RoomSeat(1),
        deployment: Some(CLASSIC_BLUE.to_string()),
    };
    let public = serde_json::to_string(&stored.public()).unwrap();
    assert_eq!(public, r#"{"type":"deployed","seat":1}"#);
    // Storage keeps the army.
    let kept: RoomEvent = serde_json::from_str(&serde_json::to_string(&stored).unwrap()).unwrap();
    assert_eq!(kept, stored);
    let played = classic_move(0, "c8c9", Some('+'));
    assert_eq!(played.public(), played);
}
