//! Procedural images: textures drawn pixel by pixel at start-up, so the game ships no image
//! files. Colours are sRGB with straight alpha.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Draws an image by calling `shade` for each pixel centre (origin in the middle, y up).
pub fn paint(size: UVec2, mut shade: impl FnMut(Vec2) -> [f32; 4]) -> Image {
    let mut data = Vec::with_capacity((size.x * size.y * 4) as usize);
    let half = size.as_vec2() / 2.0;
    for y in 0..size.y {
        for x in 0..size.x {
            let p = Vec2::new(x as f32 + 0.5 - half.x, half.y - (y as f32 + 0.5));
            data.extend(shade(p).map(|v| (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8));
        }
    }
    Image::new(
        Extent3d {
            width: size.x,
            height: size.y,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

/// Signed distance from `p` to a rounded box of half size `half` and corner radius `r`.
pub fn rounded_box(p: Vec2, half: Vec2, r: f32) -> f32 {
    let q = p.abs() - half + Vec2::splat(r);
    q.max(Vec2::ZERO).length() + q.x.max(q.y).min(0.0) - r
}

/// Coverage of a shape at signed distance `d` (antialiased over one pixel).
pub fn fill(d: f32) -> f32 {
    (0.5 - d).clamp(0.0, 1.0)
}

/// Coverage of an outline of width `w` lying just inside a shape's edge.
pub fn stroke(d: f32, w: f32) -> f32 {
    (0.5 - ((d + w / 2.0).abs() - w / 2.0)).clamp(0.0, 1.0)
}

/// White at this opacity (tinted by the sprite's colour).
pub fn white(alpha: f32) -> [f32; 4] {
    [1.0, 1.0, 1.0, alpha]
}

/// The colour a fraction `t` of the way from `a` to `b`.
pub fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

/// The pixel size of an image covering `v` world units.
pub fn size_of(v: Vec2) -> UVec2 {
    UVec2::new(v.x.round() as u32, v.y.round() as u32)
}

/// A wooden board of `size` world units with rounded corners and a darker rim (the Xiangqi and
/// Qiguo boards).
pub fn wood(size: Vec2) -> Image {
    paint(size_of(size), |p| {
        let d = rounded_box(p, size / 2.0, 22.0);
        let warp = 9.0 * ops::sin(p.x * 0.011 + 0.7) + 4.0 * ops::sin(p.x * 0.029 + 2.1);
        let grain = 0.5 + 0.5 * ops::sin((p.y + warp) * 0.085);
        let mut c = mix([0.91, 0.76, 0.52], [0.82, 0.64, 0.41], grain * 0.55);
        c = mix(c, [0.55, 0.36, 0.19], (1.0 - fill(d + 16.0)) * 0.85);
        c = mix(c, [0.36, 0.22, 0.10], stroke(d + 16.0, 2.0));
        [c[0], c[1], c[2], fill(d)]
    })
}
