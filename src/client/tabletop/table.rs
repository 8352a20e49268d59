//! What every game's table shares: the gestures played on it, the art it draws with, the
//! scope of its entities, and its pieces' fading and colours.

use super::camera::TableView;
use super::label::Label;
use super::paint;
use crate::client::matches::TableGame;
use crate::client::settings::Settings;
use crate::client::table_colours::TablePalette;
use crate::client::timeline::Opacity;
use crate::rules::GameKind;
use bevy::prelude::*;

/// What a player does at the table, whatever the device.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum TableGesture {
    /// A click or tap at this world position.
    Press(Vec2),
    /// A drag (mouse or finger) that began with a press ended at this world position: move
    /// what the press selected here, if it may go there.
    Drop(Vec2),
    /// Move the keyboard or gamepad cursor one step in this screen direction (x right, y up).
    Step(IVec2),
    /// Act on the cursor's point.
    Confirm,
    /// Drop the selection.
    Cancel,
}

/// What every game's table draws with: a soft white glow (flashes, smoke, highlights). Made
/// once, when the plugin is built.
#[derive(Resource, Clone)]
pub struct TableArt {
    /// A soft white glow, 128 pixels across.
    pub glow: Handle<Image>,
}

impl FromWorld for TableArt {
    fn from_world(world: &mut World) -> TableArt {
        let glow =
            world
                .resource_mut::<Assets<Image>>()
                .add(paint::paint(UVec2::splat(128), |p| {
                    let t = (p.length() / 64.0).min(1.0);
                    paint::white((1.0 - t) * (1.0 - t))
                }));
        TableArt { glow }
    }
}

/// Scopes an entity to the table of `game` (board, pieces, markers): it goes when another
/// game's table comes.
pub fn on_table_of(game: GameKind) -> DespawnOnExit<TableGame> {
    DespawnOnExit(TableGame(game))
}

/// A straight line as a rotated rectangle (board lines, roads, railways).
pub fn line(a: Vec2, b: Vec2, width: f32, color: Color, z: f32) -> impl Bundle {
    let d = b - a;
    (
        Name::new("Line"),
        Sprite::from_color(color, Vec2::new(d.length(), width)),
        Transform::from_translation(((a + b) / 2.0).extend(z))
            .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
    )
}

/// The pieces were rebuilt from the model (a game was loaded or taken back): nothing animates
/// across it, and a click in flight does not land on the new board.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct TableReset;

/// The table takes the palette the player chose: its pieces and markers are drawn again.
pub(super) fn follow_colour_setting(
    settings: Res<Settings>,
    mut palette: ResMut<TablePalette>,
    mut view: ResMut<TableView>,
    mut resets: MessageWriter<TableReset>,
) {
    let chosen = TablePalette {
        colour_safe: settings.colour_safe,
    };
    if palette.set_if_neq(chosen) {
        view.set_changed();
        resets.write(TableReset);
    }
}

/// The sprites and texts a piece is drawn with, faded with its [`Opacity`] (a sprite drawn
/// half-transparent, a shadow, keeps its share).
#[derive(Component, Clone, Debug)]
pub struct FadingParts(pub Vec<Entity>);

/// Applies each piece's [`Opacity`] to its [`FadingParts`].
pub(super) fn fade_parts(
    pieces: Query<(&Opacity, &FadingParts), Changed<Opacity>>,
    mut sprites: Query<&mut Sprite>,
    mut texts: Query<&mut Label>,
) {
    for (opacity, parts) in &pieces {
        for &part in &parts.0 {
            if let Ok(mut sprite) = sprites.get_mut(part) {
                let base = if sprite.color.alpha() < 0.5 {
                    0.35
                } else {
                    1.0
                };
                sprite.color.set_alpha(base * opacity.0);
            }
            if let Ok(mut label) = texts.get_mut(part) {
                label.colour.set_alpha(opacity.0);
            }
        }
    }
}
