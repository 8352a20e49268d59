//! Particles: short-lived sprites (shards, flashes, smoke) that [`Cue`]s ask for.

use super::table::TableArt;
use crate::client::ClientSet;
use crate::client::cues::{Burst, Cue};
use crate::client::matches::TableMode;
use crate::client::timeline::z;
use bevy::prelude::*;

/// A short-lived effect sprite.
#[derive(Component)]
struct Particle {
    velocity: Vec2,
    spin: f32,
    growth: f32,
    life: f32,
    age: f32,
    alpha: f32,
}

impl Particle {
    fn new(velocity: Vec2, growth: f32, life: f32, alpha: f32) -> Particle {
        Particle {
            velocity,
            spin: 0.0,
            growth,
            life,
            age: 0.0,
            alpha,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (spawn_bursts, run_particles)
            .chain()
            .in_set(ClientSet::Present),
    );
}

fn spawn_bursts(
    mut commands: Commands,
    mut cues: MessageReader<Cue>,
    art: Res<TableArt>,
    mode: Res<State<TableMode>>,
) {
    for cue in cues.read() {
        let Some(burst) = cue.burst else {
            continue;
        };
        let at = cue.at;
        let mut spawn = |sprite: Sprite, offset: Vec2, particle: Particle| {
            let z = z::FX + particle.growth.min(1.0) * 0.1;
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
        match burst {
            Burst::Shards(colours) => {
                // The tile breaks into pieces that fly apart and fade.
                for i in 0..10 {
                    let direction = Vec2::from_angle(i as f32 * 2.399 + 0.3);
                    let size = Vec2::new(10.0 + (i % 3) as f32 * 6.0, 7.0 + (i % 2) as f32 * 5.0);
                    spawn(
                        Sprite::from_color(colours[i % 2], size),
                        direction * Vec2::new(21.0, 10.0),
                        Particle {
                            spin: if i % 2 == 0 { 6.0 } else { -5.0 },
                            ..Particle::new(
                                direction * (70.0 + 15.0 * (i % 4) as f32),
                                0.0,
                                0.6,
                                1.0,
                            )
                        },
                    );
                }
            }
            // The demonstration behind the title screen stays calm.
            Burst::Blast if *mode.get() == TableMode::Attract => {}
            Burst::Blast => {
                for (colour, size, life, growth) in [
                    (Color::srgb(1.0, 0.95, 0.7), 120.0, 0.35, 5.0),
                    (Color::srgb(1.0, 0.55, 0.1), 200.0, 0.6, 2.5),
                    (Color::srgba(0.25, 0.2, 0.18, 0.8), 160.0, 1.0, 1.2),
                ] {
                    spawn(
                        flash(colour, size),
                        Vec2::ZERO,
                        Particle::new(Vec2::new(0.0, 12.0), growth, life, colour.alpha()),
                    );
                }
            }
            Burst::Smoke => {
                for i in 0..6 {
                    let direction = Vec2::from_angle(i as f32 * 1.047 + 0.5);
                    spawn(
                        flash(Color::srgba(0.35, 0.28, 0.2, 0.8), 46.0),
                        direction * 8.0,
                        Particle::new(direction * 60.0 + Vec2::new(0.0, 20.0), 1.5, 0.9, 0.8),
                    );
                }
                spawn(
                    flash(Color::srgb(1.0, 0.7, 0.3), 110.0),
                    Vec2::ZERO,
                    Particle::new(Vec2::ZERO, 2.0, 0.35, 1.0),
                );
            }
            Burst::Flash => spawn(
                flash(Color::srgb(1.0, 1.0, 0.85), 70.0),
                Vec2::ZERO,
                Particle::new(Vec2::ZERO, 1.5, 0.25, 0.9),
            ),
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
