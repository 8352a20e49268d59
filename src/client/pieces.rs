//! The pieces: one entity per piece on the board, keyed by its point ([`PieceSprite`]), and
//! their looks (tile, rim, face or back, labels), plus the effects of combat (shards, blasts).

use super::ClientSet;
use super::animation::{Anim, Cue, CueKind};
use super::board::{Art, BoardView, FACE, TILE, Z_FX, Z_PIECE, point_to_world};
use super::game::{ActionPlayed, ActiveGame, BoardReset};
use super::settings::{LabelStyle, Settings};
use crate::rules::junqi::{Cell, Color as Side, Kind, Piece, Point};
use bevy::prelude::*;
use bevy::sprite::Anchor;

/// A piece on the board, at the point the rules have it on (its transform may lag behind
/// while it animates). A piece that has just been removed loses this and gets [`Dying`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSprite {
    /// Where the piece stands.
    pub point: Point,
}

/// What the tile shows now: `None` is the back. During a flip it changes half-way.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceFace(pub Option<Piece>);

/// The tile's opacity (fades when the piece dies).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct PieceAlpha(pub f32);

/// A piece that was removed from the game and is playing its last animation.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Dying;

/// Rebuilding the pieces from the model (runs before animations start).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SyncPieces;

pub(super) fn logic_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            rebuild_pieces,
            place_pieces.run_if(resource_changed::<BoardView>),
        )
            .chain()
            .in_set(SyncPieces)
            .in_set(ClientSet::Animate),
    );
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            add_piece_looks,
            style_pieces,
            fade_pieces,
            spawn_effects,
            run_particles,
        )
            .chain()
            .in_set(ClientSet::Present),
    );
}

/// Every piece entity, living or dying.
type AnyPiece = Or<(With<PieceSprite>, With<Dying>)>;

/// On a reset, every piece entity is replaced by fresh ones matching the model. So are they
/// when several actions were played in one frame (never in play), instead of animating them.
fn rebuild_pieces(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    mut played: MessageReader<ActionPlayed>,
    active: Res<ActiveGame>,
    board_view: Res<BoardView>,
    pieces: Query<Entity, AnyPiece>,
) {
    let (resets, played) = (resets.read().count(), played.read().count());
    if resets == 0 && played <= 1 {
        return;
    }
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    let view = active.game.view();
    for point in Point::all() {
        let face = match view.cell(point) {
            Cell::Empty => continue,
            Cell::Hidden => None,
            Cell::Up(piece) => Some(piece),
        };
        commands.spawn((
            Name::new(format!("Piece {point}")),
            PieceSprite { point },
            PieceFace(face),
            PieceAlpha(1.0),
            Transform::from_translation(point_to_world(point, board_view.rotated).extend(Z_PIECE)),
            Visibility::default(),
        ));
    }
}

/// When the board turns, resting pieces jump to their new places.
fn place_pieces(
    board_view: Res<BoardView>,
    mut pieces: Query<(&PieceSprite, &mut Transform), Without<Anim>>,
) {
    for (piece, mut transform) in &mut pieces {
        transform.translation = point_to_world(piece.point, board_view.rotated).extend(Z_PIECE);
    }
}

/// The parts a piece is drawn with.
#[derive(Component, Clone, Copy)]
struct PieceLooks {
    shadow: Entity,
    rim: Entity,
    face: Entity,
    label: Entity,
    corner: Entity,
}

fn add_piece_looks(mut commands: Commands, art: Res<Art>, new: Query<Entity, Added<PieceFace>>) {
    for entity in &new {
        let shadow = commands
            .spawn((
                Sprite {
                    image: art.tile.clone(),
                    color: Color::srgba(0.1, 0.05, 0.0, 0.35),
                    ..default()
                },
                Transform::from_xyz(2.5, -3.5, -0.2),
            ))
            .id();
        let rim = commands
            .spawn((
                Sprite::from_image(art.tile.clone()),
                Transform::from_xyz(0.0, 0.0, 0.0),
            ))
            .id();
        let face = commands
            .spawn((
                Sprite::from_image(art.face.clone()),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ))
            .id();
        let label = commands
            .spawn((
                Text2d::default(),
                TextFont {
                    font: art.font.clone().into(),
                    font_size: FontSize::Px(24.0),
                    ..default()
                },
                TextColor::WHITE,
                Transform::from_xyz(0.0, 0.0, 0.3),
            ))
            .id();
        let corner = commands
            .spawn((
                Text2d::default(),
                TextFont {
                    font: art.font.clone().into(),
                    font_size: FontSize::Px(11.0),
                    ..default()
                },
                TextColor::WHITE,
                Anchor::TOP_LEFT,
                Transform::from_xyz(-FACE.x / 2.0 + 2.0, FACE.y / 2.0 - 1.0, 0.3),
            ))
            .id();
        commands
            .entity(entity)
            .add_children(&[shadow, rim, face, label, corner])
            .insert(PieceLooks {
                shadow,
                rim,
                face,
                label,
                corner,
            });
    }
}

/// The ink of each side.
fn ink(side: Side) -> Color {
    match side {
        Side::Red => Color::srgb(0.74, 0.09, 0.07),
        Side::Blue => Color::srgb(0.07, 0.23, 0.60),
    }
}

/// A short Latin name for the Latin label style.
fn latin_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Marshal => "Marshal",
        Kind::General => "General",
        Kind::Division => "Division",
        Kind::Brigade => "Brigade",
        Kind::Regiment => "Colonel",
        Kind::Battalion => "Major",
        Kind::Company => "Captain",
        Kind::Platoon => "Lieut.",
        Kind::Engineer => "Engineer",
        Kind::Bomb => "Bomb",
        Kind::Landmine => "Mine",
        Kind::Flag => "Flag",
    }
}

/// The corner mark in the "both" style: the letter and, for officers, the rank number.
fn corner_mark(kind: Kind) -> String {
    match kind.rank() {
        Some(rank) => format!("{}{rank}", kind.letter()),
        None => kind.letter().to_string(),
    }
}

fn style_pieces(
    settings: Res<Settings>,
    pieces: Query<(Ref<PieceFace>, Ref<PieceLooks>)>,
    mut sprites: Query<&mut Sprite, Without<Text2d>>,
    mut texts: Query<
        (&mut Text2d, &mut TextFont, &mut TextColor, &mut Visibility),
        Without<Sprite>,
    >,
    art: Res<Art>,
) {
    let relabel = settings.is_changed();
    for (face, looks) in &pieces {
        if !(relabel || face.is_changed() || looks.is_added()) {
            continue;
        }
        let (rim_colour, face_image, face_colour) = match face.0 {
            None => (
                Color::srgb(0.06, 0.18, 0.14),
                art.back.clone(),
                Color::WHITE,
            ),
            Some(piece) => (
                ink(piece.color),
                art.face.clone(),
                Color::srgb(0.99, 0.96, 0.88),
            ),
        };
        if let Ok(mut sprite) = sprites.get_mut(looks.rim) {
            sprite.color = rim_colour;
        }
        if let Ok(mut sprite) = sprites.get_mut(looks.face) {
            sprite.image = face_image;
            sprite.color = face_colour;
        }
        let (label, size, corner) = match (face.0, settings.labels) {
            (None, _) => (String::new(), 24.0, String::new()),
            (Some(piece), LabelStyle::Chinese) => {
                (piece.kind.chinese().to_string(), 24.0, String::new())
            }
            (Some(piece), LabelStyle::Latin) => {
                (latin_name(piece.kind).to_string(), 15.0, String::new())
            }
            (Some(piece), LabelStyle::Both) => (
                piece.kind.chinese().to_string(),
                23.0,
                corner_mark(piece.kind),
            ),
        };
        let colour = face.0.map_or(Color::WHITE, |piece| ink(piece.color));
        for (entity, text, px) in [(looks.label, label, size), (looks.corner, corner, 11.0)] {
            if let Ok((mut t, mut font, mut c, mut visibility)) = texts.get_mut(entity) {
                *visibility = if text.is_empty() {
                    Visibility::Hidden
                } else {
                    Visibility::Inherited
                };
                t.0 = text;
                font.font_size = FontSize::Px(px);
                c.0 = colour;
            }
        }
    }
}

fn fade_pieces(
    pieces: Query<(&PieceAlpha, &PieceLooks), Changed<PieceAlpha>>,
    mut sprites: Query<&mut Sprite>,
    mut texts: Query<&mut TextColor>,
) {
    for (alpha, looks) in &pieces {
        for entity in [looks.rim, looks.face] {
            if let Ok(mut sprite) = sprites.get_mut(entity) {
                sprite.color.set_alpha(alpha.0);
            }
        }
        if let Ok(mut sprite) = sprites.get_mut(looks.shadow) {
            sprite.color.set_alpha(0.35 * alpha.0);
        }
        for entity in [looks.label, looks.corner] {
            if let Ok(mut colour) = texts.get_mut(entity) {
                colour.0.set_alpha(alpha.0);
            }
        }
    }
}

/// A short-lived effect sprite: shards, flashes, smoke.
#[derive(Component)]
struct Particle {
    velocity: Vec2,
    spin: f32,
    growth: f32,
    life: f32,
    age: f32,
    alpha: f32,
}

fn spawn_effects(
    mut commands: Commands,
    mut cues: MessageReader<Cue>,
    art: Res<Art>,
    active: Res<ActiveGame>,
) {
    for cue in cues.read() {
        let at = cue.at;
        let particle =
            |commands: &mut Commands, sprite: Sprite, offset: Vec2, particle: Particle| {
                let z = Z_FX + particle.growth.min(1.0) * 0.1;
                commands.spawn((
                    Name::new("Effect"),
                    sprite,
                    Transform::from_translation((at + offset).extend(z)),
                    particle,
                ));
            };
        let flash = |colour: Color, size: f32| Sprite {
            image: art.glow.clone(),
            color: colour,
            custom_size: Some(Vec2::splat(size)),
            ..default()
        };
        match cue.kind {
            CueKind::Shatter(piece) => {
                // The tile breaks into pieces that fly apart and fade.
                let colours = [ink(piece.color), Color::srgb(0.99, 0.96, 0.88)];
                for i in 0..10 {
                    let angle = i as f32 * 2.399 + 0.3;
                    let direction = Vec2::from_angle(angle);
                    let size = Vec2::new(10.0 + (i % 3) as f32 * 6.0, 7.0 + (i % 2) as f32 * 5.0);
                    particle(
                        &mut commands,
                        Sprite::from_color(colours[i % 2], size),
                        direction * Vec2::new(TILE.x / 4.0, TILE.y / 4.0),
                        Particle {
                            velocity: direction * (70.0 + 15.0 * (i % 4) as f32),
                            spin: if i % 2 == 0 { 6.0 } else { -5.0 },
                            growth: 0.0,
                            life: 0.6,
                            age: 0.0,
                            alpha: 1.0,
                        },
                    );
                }
            }
            CueKind::Bomb => {
                if active.attract {
                    continue;
                }
                for (colour, size, life, growth) in [
                    (Color::srgb(1.0, 0.95, 0.7), 120.0, 0.35, 5.0),
                    (Color::srgb(1.0, 0.55, 0.1), 200.0, 0.6, 2.5),
                    (Color::srgba(0.25, 0.2, 0.18, 0.8), 160.0, 1.0, 1.2),
                ] {
                    particle(
                        &mut commands,
                        flash(colour, size),
                        Vec2::ZERO,
                        Particle {
                            velocity: Vec2::new(0.0, 12.0),
                            spin: 0.0,
                            growth,
                            life,
                            age: 0.0,
                            alpha: colour.alpha(),
                        },
                    );
                }
            }
            CueKind::Mine => {
                for i in 0..6 {
                    let direction = Vec2::from_angle(i as f32 * 1.047 + 0.5);
                    particle(
                        &mut commands,
                        flash(Color::srgba(0.35, 0.28, 0.2, 0.8), 46.0),
                        direction * 8.0,
                        Particle {
                            velocity: direction * 60.0 + Vec2::new(0.0, 20.0),
                            spin: 0.0,
                            growth: 1.5,
                            life: 0.9,
                            age: 0.0,
                            alpha: 0.8,
                        },
                    );
                }
                particle(
                    &mut commands,
                    flash(Color::srgb(1.0, 0.7, 0.3), 110.0),
                    Vec2::ZERO,
                    Particle {
                        velocity: Vec2::ZERO,
                        spin: 0.0,
                        growth: 2.0,
                        life: 0.35,
                        age: 0.0,
                        alpha: 1.0,
                    },
                );
            }
            CueKind::Clash | CueKind::Flag => {
                particle(
                    &mut commands,
                    flash(Color::srgb(1.0, 1.0, 0.85), 70.0),
                    Vec2::ZERO,
                    Particle {
                        velocity: Vec2::ZERO,
                        spin: 0.0,
                        growth: 1.5,
                        life: 0.25,
                        age: 0.0,
                        alpha: 0.9,
                    },
                );
            }
            _ => {}
        }
    }
}

fn run_particles(
    mut commands: Commands,
    time: Res<Time>,
    mut particles: Query<(Entity, &mut Particle, &mut Transform, &mut Sprite)>,
) {
    let dt = time.delta_secs();
    for (entity, mut particle, mut transform, mut sprite) in &mut particles {
        particle.age += dt;
        let t = particle.age / particle.life;
        if t >= 1.0 {
            commands.entity(entity).despawn();
            continue;
        }
        transform.translation += (particle.velocity * dt).extend(0.0);
        particle.velocity *= 1.0 - 2.5 * dt;
        transform.rotate_z(particle.spin * dt);
        transform.scale = Vec3::splat(1.0 + particle.growth * t);
        sprite
            .color
            .set_alpha(particle.alpha * (1.0 - t) * (1.0 - t));
    }
}
