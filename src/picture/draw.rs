//! Drawing with vello_cpu in a board's units: shapes, lines and text, into premultiplied
//! RGBA pixels.

use super::colours::Rgb;
use super::text::Font;
use vello_cpu::color::{AlphaColor, Srgb};
use vello_cpu::kurbo::{Affine, Shape, Stroke};

/// Where a line of text stands against the point it is drawn at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Align {
    Left,
    Centre,
    Right,
}

/// A surface to draw on, `scale` pixels a unit, its top-left corner at `origin` (in units).
pub(super) struct Canvas {
    context: vello_cpu::RenderContext,
    width: u16,
    height: u16,
    scale: f64,
    origin: (f64, f64),
}

/// Pixels drawn, premultiplied RGBA, row after row.
#[derive(Clone, Debug)]
pub(super) struct Pixels {
    pub width: usize,
    pub height: usize,
    pub data: Vec<[u8; 4]>,
}

impl Canvas {
    pub fn new(width: usize, height: usize, scale: f64, origin: (f64, f64)) -> Canvas {
        let (width, height) = (width.clamp(1, 4096) as u16, height.clamp(1, 4096) as u16);
        Canvas {
            context: vello_cpu::RenderContext::new(width, height),
            width,
            height,
            scale,
            origin,
        }
    }

    fn units(&mut self) {
        self.context.set_transform(
            Affine::scale(self.scale) * Affine::translate((-self.origin.0, -self.origin.1)),
        );
    }

    fn paint(&mut self, colour: Rgb, alpha: f32) {
        let alpha = (alpha.clamp(0.0, 1.0) * 255.0).round() as u8;
        self.context.set_paint(AlphaColor::<Srgb>::from_rgba8(
            colour.0, colour.1, colour.2, alpha,
        ));
    }

    /// Fills `shape` (in units).
    pub fn fill(&mut self, shape: &impl Shape, colour: Rgb, alpha: f32) {
        self.units();
        self.paint(colour, alpha);
        self.context.fill_path(&shape.to_path(0.01));
    }

    /// Strokes `shape` (in units) `width` units wide.
    pub fn stroke(&mut self, shape: &impl Shape, width: f64, colour: Rgb, alpha: f32) {
        self.units();
        self.paint(colour, alpha);
        self.context.set_stroke(Stroke::new(width));
        self.context.stroke_path(&shape.to_path(0.01));
    }

    /// Writes `text` `em` units per em, its middle height at `at` (in units), aligned there as
    /// `align` says.
    pub fn text(
        &mut self,
        font: &Font,
        text: &str,
        at: (f64, f64),
        em: f64,
        colour: Rgb,
        align: Align,
    ) {
        let em_pixels = (em * self.scale) as f32;
        if em_pixels < 1.0 {
            return;
        }
        let width = f64::from(font.width(text)) * em;
        let left = match align {
            Align::Left => at.0,
            Align::Centre => at.0 - width / 2.0,
            Align::Right => at.0 - width,
        };
        let baseline = at.1 + f64::from(font.ascent + font.descent) / 2.0 * em;
        let mut pen = (
            (left - self.origin.0) * self.scale,
            (baseline - self.origin.1) * self.scale,
        );
        self.paint(colour, 1.0);
        for c in text.chars() {
            let Some(glyph) = font.glyph(c, em_pixels) else {
                continue;
            };
            if !glyph.path.is_empty() {
                self.context.set_transform(Affine::translate(pen));
                self.context.fill_path(&glyph.path);
            }
            pen.0 += f64::from(glyph.advance) * em * self.scale;
        }
    }

    pub fn finish(mut self) -> Pixels {
        self.context.flush();
        let mut pixmap = vello_cpu::Pixmap::new(self.width, self.height);
        self.context
            .render(&mut pixmap, &mut vello_cpu::Resources::new());
        let data = pixmap
            .data_as_u8_slice()
            .chunks_exact(4)
            .map(|pixel| [pixel[0], pixel[1], pixel[2], pixel[3]])
            .collect();
        Pixels {
            width: usize::from(self.width),
            height: usize::from(self.height),
            data,
        }
    }
}

impl Pixels {
    /// Lays `sprite` over these pixels, its top-left corner at (`left`, `top`) (premultiplied
    /// "over"; what falls outside is cut off).
    pub fn blend(&mut self, sprite: &Pixels, left: i64, top: i64) {
        for row in 0..sprite.height {
            let y = top + row as i64;
            if y < 0 || y >= self.height as i64 {
                continue;
            }
            for column in 0..sprite.width {
                let x = left + column as i64;
                if x < 0 || x >= self.width as i64 {
                    continue;
                }
                let source = sprite.data[row * sprite.width + column];
                if source[3] == 0 {
                    continue;
                }
                let target = &mut self.data[y as usize * self.width + x as usize];
                let keep = 255 - u16::from(source[3]);
                for channel in 0..4 {
                    target[channel] = source[channel]
                        .saturating_add(((u16::from(target[channel]) * keep + 127) / 255) as u8);
                }
            }
        }
    }
}
