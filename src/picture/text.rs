//! The embedded font (`assets/fonts/kawu-cjk.ttf`, see its `LICENSE.md`) and its glyphs as
//! outlines, read with skrifa: the one text stack of the game's table and of the pictures.

use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};
use vello_cpu::kurbo::BezPath;

/// The font every text of the game is drawn in: Latin, Cyrillic and the CJK characters kawu
/// uses (`scripts/make_font.py` keeps them).
pub const FONT_TTF: &[u8] = include_bytes!("../../assets/fonts/kawu-cjk.ttf");

/// The embedded font, ready to give outlines.
pub struct Font {
    font: FontRef<'static>,
    /// Ascent and descent (negative below the baseline), in ems.
    pub ascent: f32,
    pub descent: f32,
}

/// A character's outline and how far it moves the pen.
pub struct Glyph {
    /// The advance, in ems.
    pub advance: f32,
    /// The outline in pixels from the pen's position on the baseline, y down (as image rows
    /// go); empty for a space.
    pub path: BezPath,
}

impl Font {
    /// The embedded font.
    pub fn embedded() -> Font {
        let font = FontRef::new(FONT_TTF).expect("the embedded font parses");
        let metrics = font.metrics(Size::unscaled(), LocationRef::default());
        let em = f32::from(metrics.units_per_em);
        Font {
            font,
            ascent: metrics.ascent / em,
            descent: metrics.descent / em,
        }
    }

    /// The glyph of `c` at `em` pixels per em; none for a character the font lacks.
    pub fn glyph(&self, c: char, em: f32) -> Option<Glyph> {
        let id = self.font.charmap().map(c)?;
        let size = Size::new(em);
        let location = LocationRef::default();
        let advance = self
            .font
            .glyph_metrics(size, location)
            .advance_width(id)
            .unwrap_or_default()
            / em;
        let mut path = BezPath::new();
        if let Some(outline) = self.font.outline_glyphs().get(id) {
            let settings = skrifa::outline::DrawSettings::unhinted(size, location);
            // An outline that does not draw leaves the path empty: nothing shows.
            let _ = outline.draw(settings, &mut PathPen(&mut path));
        }
        Some(Glyph { advance, path })
    }

    /// The width of `text` in ems (characters the font lacks take no room).
    pub fn width(&self, text: &str) -> f32 {
        text.chars()
            .filter_map(|c| self.glyph(c, 1.0))
            .map(|glyph| glyph.advance)
            .sum()
    }
}

/// Collects an outline as a path, y flipped to point down.
struct PathPen<'a>(&'a mut BezPath);

impl skrifa::outline::OutlinePen for PathPen<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to((f64::from(x), -f64::from(y)));
    }

    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to((f64::from(x), -f64::from(y)));
    }

    fn quad_to(&mut self, cx: f32, cy: f32, x: f32, y: f32) {
        self.0.quad_to(
            (f64::from(cx), -f64::from(cy)),
            (f64::from(x), -f64::from(y)),
        );
    }

    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        self.0.curve_to(
            (f64::from(cx0), -f64::from(cy0)),
            (f64::from(cx1), -f64::from(cy1)),
            (f64::from(x), -f64::from(y)),
        );
    }

    fn close(&mut self) {
        self.0.close_path();
    }
}
