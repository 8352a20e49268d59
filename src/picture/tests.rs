use super::*;
use crate::rules::junqi::{Game as JunqiGame, Point as JunqiPoint};
use crate::rules::xiangqi::{Game as XiangqiGame, Position as XiangqiPosition};

/// Each frame of a GIF as the viewer shows it (every frame laid over the ones before), RGB.
fn shown_frames(bytes: &[u8]) -> (usize, Vec<Vec<[u8; 3]>>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let (width, height) = (usize::from(decoder.width()), usize::from(decoder.height()));
    let mut canvas = vec![[0u8; 3]; width * height];
    let mut shown = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        let (left, top) = (usize::from(frame.left), usize::from(frame.top));
        for (index, pixel) in frame.buffer.chunks_exact(4).enumerate() {
            if pixel[3] == 0 {
                continue;
            }
            let (x, y) = (
                left + index % usize::from(frame.width),
                top + index / usize::from(frame.width),
            );
            canvas[y * width + x] = [pixel[0], pixel[1], pixel[2]];
        }
        shown.push(canvas.clone());
    }
    (width, shown)
}

fn xiangqi(moves: &[&str]) -> Scene {
    let mut game = XiangqiGame::new(XiangqiPosition::start());
    for mv in moves {
        game.play(mv.parse().unwrap()).unwrap();
    }
    xiangqi::scene(&game, None)
}

/// The pixel at the centre of `place` in a picture `width` pixels wide of `board`.
fn at(board: Board, width: usize, place: Place) -> usize {
    let scale = width as f32 / board.size().0;
    (place.y * scale) as usize * width + (place.x * scale) as usize
}

#[test]
fn a_gif_has_a_frame_a_ply_and_the_start_and_shows_each_move() {
    let scene = xiangqi(&["h2e2", "h9g7", "e2e6"]);
    let bytes = gif(&scene, 0, 3, Style::default()).unwrap();
    let (width, frames) = shown_frames(&bytes);
    assert_eq!(frames.len(), 4);
    // h2: the cannon's paper face before the move, the bare board after.
    let h2 = at(
        Board::Xiangqi,
        width,
        Place {
            x: 0.8 + 7.0,
            y: 0.8 + 7.0,
        },
    );
    let e2 = at(
        Board::Xiangqi,
        width,
        Place {
            x: 0.8 + 4.0,
            y: 0.8 + 7.0,
        },
    );
    assert_ne!(frames[0][h2], frames[1][h2], "the cannon left h2");
    assert_ne!(frames[0][e2], frames[1][e2], "the cannon came to e2");
    // A black move leaves the cannon on e2; h2's marker goes with the move it marked.
    assert_eq!(frames[1][e2], frames[2][e2]);
    assert_ne!(frames[1][h2], frames[2][h2]);
    assert_eq!(frames[2][h2], frames[3][h2]);
    let png = png(&scene, 3, Style::default()).unwrap();
    assert_eq!(&png[1..4], b"PNG");
}

#[test]
fn a_range_and_bad_requests() {
    let scene = xiangqi(&["h2e2", "h9g7"]);
    let (_, frames) = shown_frames(&gif(&scene, 1, 2, Style::default()).unwrap());
    assert_eq!(frames.len(), 2);
    assert_eq!(
        gif(&scene, 0, 3, Style::default()),
        Err(PictureError::NoSuchPly { ply: 3, plies: 2 })
    );
    assert_eq!(
        gif(&scene, 2, 1, Style::default()),
        Err(PictureError::EmptyRange { from: 2, to: 1 })
    );
    assert_eq!(
        png(
            &scene,
            0,
            Style {
                width: 10,
                ..Style::default()
            }
        ),
        Err(PictureError::Width)
    );
}

#[test]
fn a_junqi_picture_shows_backs_for_pieces_never_turned() {
    // The record names every identity; only a1 and a2 are ever turned.
    let start = "?R?E?B?c?T/?F?e?b?d?r/?z1?R1?P/?M?d1?p?G/?L1?E1?e/?C?D?E?z?m/?c?Z?e?c?t/?p1?C1?L/?g?f1?Z?p/?C1?r1?t/?b?l?B?l?P/?D?P?l?T?L - 0 0";
    let game = JunqiGame::from_text(&format!("{start} moves a1 a2")).unwrap();
    let scene = junqi::scene(game.public());
    assert_eq!(scene.frames.len(), 3);
    let last = scene.frames.last().unwrap();
    let turned: Vec<Place> = [(0, 0), (0, 1)]
        .into_iter()
        .map(|(file, rank)| junqi::place(JunqiPoint::new(file, rank).unwrap()))
        .collect();
    for (place, look) in &last.pieces {
        if turned.contains(place) {
            assert!(matches!(look, Look::Side { .. }), "{look:?}");
        } else {
            assert_eq!(*look, Look::Back);
        }
    }
    assert_eq!(
        last.pieces
            .iter()
            .filter(|(_, look)| *look == Look::Back)
            .count(),
        48
    );
    // Dealt differently where nothing was turned, the picture is the same.
    let other = "?R?E?B?c?T/?F?e?b?d?r/?z1?R1?P/?M?d1?p?G/?L1?E1?e/?C?D?E?z?m/?c?Z?e?c?t/?p1?C1?L/?g?f1?Z?p/?C1?r1?t/?b?l?B?l?P/?D?P?T?l?L - 0 0";
    let again = JunqiGame::from_text(&format!("{other} moves a1 a2")).unwrap();
    let style = Style::default();
    assert_eq!(
        gif(&scene, 0, 2, style).unwrap(),
        gif(&junqi::scene(again.public()), 0, 2, style).unwrap()
    );
}

#[test]
fn qiguo_draws_its_emperor_and_glows_under_the_ruler_to_move() {
    let replay = crate::rules::qiguo::Replay::from_text(&format!(
        "{} moves e10j15",
        crate::rules::qiguo::START_QFEN
    ))
    .unwrap();
    let scene = qiguo::scene(&replay);
    assert_eq!(scene.frames.len(), 2);
    assert!(
        scene.frames[0]
            .pieces
            .iter()
            .any(|(_, look)| *look == Look::Zhou)
    );
    assert!(scene.frames[1].glow.is_some());
    let (_, frames) = shown_frames(
        &gif(
            &scene,
            0,
            1,
            Style {
                width: 600,
                ..Style::default()
            },
        )
        .unwrap(),
    );
    assert_eq!(frames.len(), 2);
}
