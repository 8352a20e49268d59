//! Text on the table (the pieces' characters, the board's words and coordinates): each glyph of
//! the embedded font is drawn once into an image with the font stack egui already carries
//! (skrifa's outlines, vello_cpu's rasteriser) and shown as a sprite. The game so carries one
//! text stack, not Bevy's beside egui's.

use crate::picture::text::Font;
use bevy::asset::RenderAssetUsages;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use vello_cpu::kurbo::{Affine, BezPath, Shape};

/// Pixels per em a glyph is drawn at: sharp up to about that size on the screen.
const RASTER_EM: f32 = 96.0;

/// A line of text on the table, in the embedded font.
#[derive(Component, Clone, Debug, PartialEq)]
#[require(Transform, Visibility)]
pub struct Label {
    pub text: String,
    /// The font size, in world units per em.
    pub size: f32,
    pub colour: Color,
    pub anchor: LabelAnchor,
}

/// Which point of a label its entity stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LabelAnchor {
    /// The middle of the line.
    #[default]
    Centre,
    /// The top-left corner of the line.
    TopLeft,
}

impl Label {
    /// `text` centred on its entity, `size` world units per em, in `colour`.
    pub fn new(text: impl Into<String>, size: f32, colour: Color) -> Label {
        Label {
            text: text.into(),
            size,
            colour,
            anchor: LabelAnchor::Centre,
        }
    }

    /// The same label hung from its top-left corner.
    pub fn top_left(self) -> Label {
        Label {
            anchor: LabelAnchor::TopLeft,
            ..self
        }
    }
}

/// One glyph drawn: its image (white, the coverage in alpha) and where it stands, in ems from
/// the pen's position on the baseline (y up).
#[derive(Clone)]
struct GlyphImage {
    image: Handle<Image>,
    centre: Vec2,
    size: Vec2,
}

/// A character's advance and, unless it draws nothing (a space), its image.
#[derive(Clone)]
struct Glyph {
    advance: f32,
    image: Option<GlyphImage>,
}

/// The embedded font and the glyphs drawn from it so far.
#[derive(Resource)]
struct Glyphs {
    font: Font,
    drawn: HashMap<char, Glyph>,
}

impl Glyphs {
    fn new() -> Glyphs {
        Glyphs {
            font: Font::embedded(),
            drawn: HashMap::default(),
        }
    }

    /// The glyph of `c`, drawn the first time it is asked for (a character the font lacks
    /// draws nothing).
    fn glyph(&mut self, c: char, images: &mut Assets<Image>) -> Glyph {
        if let Some(glyph) = self.drawn.get(&c) {
            return glyph.clone();
        }
        let glyph = match self.font.glyph(c, RASTER_EM) {
            None => Glyph {
                advance: 0.0,
                image: None,
            },
            Some(outline) => Glyph {
                advance: outline.advance,
                image: draw(&outline.path).map(|(image, centre, size)| GlyphImage {
                    image: images.add(image),
                    centre: centre / RASTER_EM,
                    size: size / RASTER_EM,
                }),
            },
        };
        self.drawn.insert(c, glyph.clone());
        glyph
    }
}

/// Fills `path` into a white image with a pixel of margin; its centre and size in pixels from
/// the pen's position (y up). None for an empty outline.
fn draw(path: &BezPath) -> Option<(Image, Vec2, Vec2)> {
    let bounds = path.bounding_box().inflate(1.0, 1.0).expand();
    let (width, height) = (bounds.width() as u16, bounds.height() as u16);
    if path.is_empty() || width <= 2 || height <= 2 {
        return None;
    }
    let mut context = vello_cpu::RenderContext::new(width, height);
    context.set_transform(Affine::translate((-bounds.x0, -bounds.y0)));
    context.set_paint(vello_cpu::color::OpaqueColor::<vello_cpu::color::Srgb>::WHITE);
    context.fill_path(path);
    let mut pixmap = vello_cpu::Pixmap::new(width, height);
    context.render(&mut pixmap, &mut vello_cpu::Resources::new());
    // Premultiplied white: the alpha is the coverage; the sprite's colour tints the white.
    let data = pixmap
        .data_as_u8_slice()
        .chunks_exact(4)
        .flat_map(|pixel| [255, 255, 255, pixel[3]])
        .collect();
    let image = Image::new(
        Extent3d {
            width: u32::from(width),
            height: u32::from(height),
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    let size = Vec2::new(f32::from(width), f32::from(height));
    let centre = Vec2::new(
        (bounds.x0 + bounds.x1) as f32 / 2.0,
        -(bounds.y0 + bounds.y1) as f32 / 2.0,
    );
    Some((image, centre, size))
}

/// The glyph sprites a label shows now, and what they were laid out for.
#[derive(Component)]
struct LaidOut {
    text: String,
    size: f32,
    anchor: LabelAnchor,
    glyphs: Vec<Entity>,
}

/// Lays out each new or changed label as glyph sprites, its children; a change of colour alone
/// only tints them.
fn lay_out_labels(
    mut commands: Commands,
    mut glyphs: ResMut<Glyphs>,
    mut images: ResMut<Assets<Image>>,
    labels: Query<(Entity, &Label, Option<&LaidOut>), Changed<Label>>,
    mut sprites: Query<&mut Sprite>,
) {
    for (entity, label, laid_out) in &labels {
        if let Some(laid_out) = laid_out
            && (laid_out.text.as_str(), laid_out.size, laid_out.anchor)
                == (label.text.as_str(), label.size, label.anchor)
        {
            for &glyph in &laid_out.glyphs {
                if let Ok(mut sprite) = sprites.get_mut(glyph) {
                    sprite.color = label.colour;
                }
            }
            continue;
        }
        if let Some(laid_out) = laid_out {
            for &glyph in &laid_out.glyphs {
                commands.entity(glyph).despawn();
            }
        }
        let line: Vec<Glyph> = label
            .text
            .chars()
            .map(|c| glyphs.glyph(c, &mut images))
            .collect();
        let width: f32 = line.iter().map(|glyph| glyph.advance).sum::<f32>() * label.size;
        let mut pen = match label.anchor {
            LabelAnchor::Centre => Vec2::new(
                -width / 2.0,
                -(glyphs.font.ascent + glyphs.font.descent) / 2.0 * label.size,
            ),
            LabelAnchor::TopLeft => Vec2::new(0.0, -glyphs.font.ascent * label.size),
        };
        let mut spawned = Vec::new();
        for glyph in line {
            if let Some(image) = glyph.image {
                let at = pen + image.centre * label.size;
                let sprite = Sprite {
                    image: image.image,
                    color: label.colour,
                    custom_size: Some(image.size * label.size),
                    ..default()
                };
                spawned.push(
                    commands
                        .spawn((sprite, Transform::from_translation(at.extend(0.0))))
                        .id(),
                );
            }
            pen.x += glyph.advance * label.size;
        }
        commands
            .entity(entity)
            .add_children(&spawned)
            .insert(LaidOut {
                text: label.text.clone(),
                size: label.size,
                anchor: label.anchor,
                glyphs: spawned,
            });
    }
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Glyphs::new()).add_systems(
        PostUpdate,
        lay_out_labels.before(bevy::transform::TransformSystems::Propagate),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_character_is_drawn_once_with_ink_in_its_box() {
        let mut glyphs = Glyphs::new();
        let mut images = Assets::<Image>::default();
        let general = glyphs.glyph('帥', &mut images);
        let image = general.image.expect("the font has 帥");
        assert!(
            general.advance > 0.8 && general.advance < 1.2,
            "{}",
            general.advance
        );
        assert!(image.size.x > 0.5 && image.size.y > 0.5, "{:?}", image.size);
        let pixels = images.get(&image.image).unwrap().data.as_ref().unwrap();
        let inked = pixels.chunks_exact(4).filter(|p| p[3] > 128).count();
        assert!(inked * 10 > pixels.len() / 4, "a tenth of the box is ink");
        // Asked again, the same image; a space has an advance and no image.
        let again = glyphs.glyph('帥', &mut images).image.unwrap();
        assert_eq!(again.image, image.image);
        assert_eq!(images.len(), 1);
        let space = glyphs.glyph(' ', &mut images);
        assert!(space.image.is_none() && space.advance > 0.0);
    }
}
