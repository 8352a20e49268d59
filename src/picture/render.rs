//! Frames drawn and encoded: the board drawn once, each look of a piece and each marker once
//! as a sprite, each frame laid together from them; a PNG of one frame, or a GIF whose frames
//! after the first hold only the rectangle that changed, on one palette made for the scene.

use super::colours::{BACK_RIM, PANEL, PAPER, Palette, Rgb};
use super::draw::{Align, Canvas, Pixels};
use super::text::Font;
use super::{Board, Frame, Look, PictureError, Place, Scene, Style, junqi, qiguo, xiangqi};
use std::collections::HashMap;
use vello_cpu::kurbo::{Circle, RoundedRect};

/// The caption's height under the board, in units of the board's width.
const CAPTION: f64 = 0.075;

/// The PNG of frame `ply` (0: the start).
pub fn png(scene: &Scene, ply: usize, style: Style) -> Result<Vec<u8>, PictureError> {
    let plies = scene.frames.len().saturating_sub(1);
    let frame = scene
        .frames
        .get(ply)
        .ok_or(PictureError::NoSuchPly { ply, plies })?;
    let mut painter = Painter::new(scene, style)?;
    let pixels = painter.frame(frame);
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, painter.width as u32, painter.height as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("writing to memory");
    writer
        .write_image_data(pixels.as_flattened())
        .expect("writing to memory");
    writer.finish().expect("writing to memory");
    Ok(bytes)
}

/// The animated GIF of frames `from` to `to` (plies; 0 is the start), each shown `style.delay`
/// hundredths of a second, the last three times as long; it plays once round and again.
pub fn gif(scene: &Scene, from: usize, to: usize, style: Style) -> Result<Vec<u8>, PictureError> {
    let plies = scene.frames.len().saturating_sub(1);
    if to > plies {
        return Err(PictureError::NoSuchPly { ply: to, plies });
    }
    if from > to {
        return Err(PictureError::EmptyRange { from, to });
    }
    let mut painter = Painter::new(scene, style)?;
    let mut colours = painter.palette_for(&scene.frames[from..=to]);
    let (width, height) = (painter.width as u16, painter.height as u16);
    let mut bytes = Vec::new();
    {
        let mut encoder = gif::Encoder::new(&mut bytes, width, height, &colours.table)
            .expect("writing to memory");
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .expect("writing to memory");
        let mut previous: Option<Vec<[u8; 3]>> = None;
        for (index, frame) in scene.frames[from..=to].iter().enumerate() {
            let pixels = painter.frame(frame);
            let last = from + index == to;
            let delay = if last {
                style.delay.saturating_mul(3)
            } else {
                style.delay
            };
            let mut out = colours.frame(&pixels, previous.as_deref(), painter.width);
            out.delay = delay;
            encoder.write_frame(&out).expect("writing to memory");
            previous = Some(pixels);
        }
    }
    Ok(bytes)
}

/// Draws a scene's frames.
struct Painter<'a> {
    scene: &'a Scene,
    palette: &'static Palette,
    font: Font,
    /// Pixels a board unit.
    scale: f64,
    width: usize,
    height: usize,
    /// The board and the caption's panel, opaque.
    background: Vec<[u8; 3]>,
    sprites: HashMap<Sprite, Pixels>,
}

/// What a sprite shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Sprite {
    Piece(Look),
    /// The last move's ring: where it went (strong) or came from.
    Ring {
        strong: bool,
    },
    Glow,
}

impl<'a> Painter<'a> {
    fn new(scene: &'a Scene, style: Style) -> Result<Painter<'a>, PictureError> {
        if !Style::WIDTHS.contains(&style.width) {
            return Err(PictureError::Width);
        }
        let (board_width, board_height) = scene.board.size();
        let scale = f64::from(style.width) / f64::from(board_width);
        let width = style.width as usize;
        let board_pixels = (f64::from(board_height) * scale).round() as usize;
        let caption = (f64::from(style.width) * CAPTION).round() as usize;
        let height = board_pixels + caption;
        let palette = style.palette();
        let mut canvas = Canvas::new(width, height, scale, (0.0, 0.0));
        match scene.board {
            Board::Xiangqi => xiangqi::draw_board(&mut canvas, &Font::embedded()),
            Board::Qiguo => qiguo::draw_board(&mut canvas),
            Board::Junqi => junqi::draw_board(&mut canvas),
        }
        let top = f64::from(board_height);
        let caption_units = caption as f64 / scale;
        canvas.fill(
            &vello_cpu::kurbo::Rect::new(
                0.0,
                top,
                f64::from(board_width),
                top + caption_units + 1.0,
            ),
            PANEL,
            1.0,
        );
        let background = canvas
            .finish()
            .data
            .into_iter()
            .map(|[r, g, b, _]| [r, g, b])
            .collect();
        Ok(Painter {
            scene,
            palette,
            font: Font::embedded(),
            scale,
            width,
            height,
            background,
            sprites: HashMap::new(),
        })
    }

    /// The sprite of `sprite`, drawn the first time it is asked for.
    fn sprite(&mut self, sprite: &Sprite) -> &Pixels {
        if !self.sprites.contains_key(sprite) {
            let pixels = self.draw_sprite(sprite);
            self.sprites.insert(sprite.clone(), pixels);
        }
        &self.sprites[sprite]
    }

    fn draw_sprite(&self, sprite: &Sprite) -> Pixels {
        let (piece_width, piece_height) = self.scene.board.piece();
        let (w, h) = (f64::from(piece_width), f64::from(piece_height));
        // Room for a ring round the piece.
        let (span_x, span_y) = (w * 1.3, h * 1.3 + (w - h) * 0.3);
        let pixels = |units: f64| (units * self.scale).ceil() as usize + 2;
        let mut canvas = Canvas::new(
            pixels(span_x),
            pixels(span_y),
            self.scale,
            (-span_x / 2.0, -span_y / 2.0),
        );
        let palette = self.palette;
        let tile = self.scene.board == Board::Junqi;
        let outline = |grow: f64| {
            RoundedRect::new(
                -w / 2.0 - grow,
                -h / 2.0 - grow,
                w / 2.0 + grow,
                h / 2.0 + grow,
                if tile {
                    h * 0.18 + grow
                } else {
                    w / 2.0 + grow
                },
            )
        };
        match sprite {
            Sprite::Glow => canvas.fill(
                &Circle::new((0.0, 0.0), w * 0.62),
                glow_colour(self.scene.board, palette),
                0.75,
            ),
            Sprite::Ring { strong: true } => {
                canvas.stroke(&outline(w * 0.07), w * 0.09, palette.markers.last_move, 0.9);
            }
            // Where the move came from: a dot, small for the GIF's sake (each frame sends it
            // and takes the last one's away).
            Sprite::Ring { strong: false } => {
                canvas.fill(
                    &Circle::new((0.0, 0.0), w * 0.16),
                    palette.markers.last_move,
                    0.9,
                );
            }
            Sprite::Piece(look) => {
                let (face, ink, text) = match look {
                    Look::Back => (junqi::BACK, BACK_RIM, ""),
                    Look::Side { side, text } => (PAPER, side.ink(palette), text.as_str()),
                    Look::Army { army, text } => {
                        let army = palette.armies[(*army).min(6)];
                        (army.face, army.ink, text.as_str())
                    }
                    Look::Zhou => (palette.zhou.face, palette.zhou.ink, "周"),
                };
                canvas.fill(&outline(0.0), face, 1.0);
                let rim = (w.min(h) * 0.07).max(1.0 / self.scale);
                canvas.stroke(&outline(-rim * 1.2), rim, ink, 1.0);
                if *look == Look::Back {
                    canvas.stroke(&outline(-rim * 3.0), rim * 0.5, junqi::BACK_LATTICE, 0.8);
                }
                let count = text.chars().count().max(1) as f64;
                let em = if tile {
                    (h * 0.62).min(w * 0.8 / count)
                } else {
                    w * if count > 1.0 { 0.36 } else { 0.58 }
                };
                canvas.text(&self.font, text, (0.0, 0.0), em, ink, Align::Centre);
            }
        }
        canvas.finish()
    }

    /// Lays `sprite` with its centre on `place`.
    fn lay(&mut self, canvas: &mut Pixels, sprite: Sprite, place: Place) {
        let scale = self.scale;
        let pixels = self.sprite(&sprite);
        let left = (f64::from(place.x) * scale - pixels.width as f64 / 2.0).round() as i64;
        let top = (f64::from(place.y) * scale - pixels.height as f64 / 2.0).round() as i64;
        canvas.blend(pixels, left, top);
    }

    /// One frame, opaque RGB.
    fn frame(&mut self, frame: &Frame) -> Vec<[u8; 3]> {
        let mut canvas = Pixels {
            width: self.width,
            height: self.height,
            data: self
                .background
                .iter()
                .map(|&[r, g, b]| [r, g, b, 255])
                .collect(),
        };
        if let Some(place) = frame.glow {
            self.lay(&mut canvas, Sprite::Glow, place);
        }
        for (place, look) in &frame.pieces {
            self.lay(&mut canvas, Sprite::Piece(look.clone()), *place);
        }
        for (index, &place) in frame.last_move.iter().enumerate() {
            let strong = index + 1 == frame.last_move.len();
            self.lay(&mut canvas, Sprite::Ring { strong }, place);
        }
        let caption = self.caption(frame);
        let top = (self.height - caption.height) as i64;
        canvas.blend(&caption, 0, top);
        canvas
            .data
            .into_iter()
            .map(|[r, g, b, _]| [r, g, b])
            .collect()
    }

    /// The caption's words, on a transparent strip as wide as the picture.
    fn caption(&self, frame: &Frame) -> Pixels {
        let (board_width, board_height) = self.scene.board.size();
        let height = self.height - (f64::from(board_height) * self.scale).round() as usize;
        let units = height as f64 / self.scale;
        let mut canvas = Canvas::new(self.width, height, self.scale, (0.0, 0.0));
        let em = units * 0.5;
        let margin = units * 0.4;
        let middle = units / 2.0;
        canvas.text(
            &self.font,
            &self.scene.title,
            (margin, middle),
            em,
            PAPER,
            Align::Left,
        );
        canvas.text(
            &self.font,
            &frame.caption,
            (f64::from(board_width) - margin, middle),
            em,
            PAPER,
            Align::Right,
        );
        canvas.finish()
    }

    /// A palette of 255 colours for `frames` (the 256th is transparent): the board, every
    /// look and marker they show over the board's colour, and their captions.
    fn palette_for(&mut self, frames: &[Frame]) -> Colours {
        let mut sample: Vec<u8> = self
            .background
            .iter()
            .step_by(3)
            .flat_map(|&[r, g, b]| [r, g, b, 255])
            .collect();
        let mut sprites = vec![
            Sprite::Glow,
            Sprite::Ring { strong: true },
            Sprite::Ring { strong: false },
        ];
        for frame in frames {
            for (_, look) in &frame.pieces {
                let sprite = Sprite::Piece(look.clone());
                if !sprites.contains(&sprite) {
                    sprites.push(sprite);
                }
            }
        }
        let under = self.background[self.width * (self.height / 2) + self.width / 2];
        for sprite in sprites {
            let pixels = self.sprite(&sprite);
            for &[r, g, b, a] in &pixels.data {
                let keep = 255 - u16::from(a);
                let over = |source: u8, target: u8| {
                    source.saturating_add(((u16::from(target) * keep) / 255) as u8)
                };
                // Each sprite counts several times: its few pixels must get colours of their own.
                for _ in 0..4 {
                    sample.extend([over(r, under[0]), over(g, under[1]), over(b, under[2]), 255]);
                }
            }
        }
        for frame in [frames.first(), frames.last()].into_iter().flatten() {
            for &[r, g, b, a] in &self.caption(frame).data {
                let keep = 255 - u16::from(a);
                let over = |source: u8, target: u8| {
                    source.saturating_add(((u16::from(target) * keep) / 255) as u8)
                };
                sample.extend([over(r, PANEL.0), over(g, PANEL.1), over(b, PANEL.2), 255]);
            }
        }
        let quantizer = color_quant::NeuQuant::new(10, COLOURS, &sample);
        let mut table = quantizer.color_map_rgb();
        table.resize((COLOURS + 1) * 3, 0);
        Colours {
            quantizer,
            table,
            cache: HashMap::new(),
        }
    }
}

fn glow_colour(board: Board, palette: &Palette) -> Rgb {
    match board {
        Board::Qiguo => palette.markers.ruler_to_move,
        _ => palette.markers.check,
    }
}

/// The colours of a GIF's palette, and the index of its transparent colour after them: fewer
/// than 256, so that LZW finds longer runs (the size of a game's GIF, `benches/picture.rs`).
const COLOURS: usize = 64;
const TRANSPARENT: u8 = COLOURS as u8;

/// A GIF's colours and the nearest of them to each colour met so far.
struct Colours {
    quantizer: color_quant::NeuQuant,
    table: Vec<u8>,
    cache: HashMap<[u8; 3], u8>,
}

impl Colours {
    fn index(&mut self, colour: [u8; 3]) -> u8 {
        let quantizer = &self.quantizer;
        *self
            .cache
            .entry(colour)
            .or_insert_with(|| quantizer.index_of(&[colour[0], colour[1], colour[2], 255]) as u8)
    }

    /// The GIF frame of `pixels`: the whole picture, or, after `previous`, the rectangle that
    /// changed with what stayed the same transparent (a frame that changed nothing is one
    /// transparent pixel).
    fn frame(
        &mut self,
        pixels: &[[u8; 3]],
        previous: Option<&[[u8; 3]]>,
        width: usize,
    ) -> gif::Frame<'static> {
        let height = pixels.len() / width;
        let (mut left, mut top, mut right, mut bottom) = (0, 0, width, height);
        if let Some(previous) = previous {
            let changed = |index: usize| pixels[index] != previous[index];
            let rows: Vec<usize> = (0..height)
                .filter(|&y| (0..width).any(|x| changed(y * width + x)))
                .collect();
            let columns: Vec<usize> = (0..width)
                .filter(|&x| rows.iter().any(|&y| changed(y * width + x)))
                .collect();
            match (rows.first(), rows.last(), columns.first(), columns.last()) {
                (Some(&y0), Some(&y1), Some(&x0), Some(&x1)) => {
                    (left, top, right, bottom) = (x0, y0, x1 + 1, y1 + 1);
                }
                _ => (left, top, right, bottom) = (0, 0, 1, 1),
            }
        }
        let mut indices = Vec::with_capacity((right - left) * (bottom - top));
        for y in top..bottom {
            for x in left..right {
                let index = y * width + x;
                let same = previous.is_some_and(|previous| previous[index] == pixels[index]);
                indices.push(if same {
                    TRANSPARENT
                } else {
                    self.index(pixels[index])
                });
            }
        }
        let mut frame = gif::Frame::from_indexed_pixels(
            (right - left) as u16,
            (bottom - top) as u16,
            indices,
            Some(TRANSPARENT),
        );
        frame.left = left as u16;
        frame.top = top as u16;
        frame.dispose = gif::DisposalMethod::Keep;
        frame
    }
}
