//! The pieces: one entity per piece on the board, keyed by its point ([`PieceSprite`]), and
//! their looks (tile, rim, face or back, labels).

use super::board::Art;
use super::layout::{FACE, JunqiBoard};
use super::table::{Face, JunqiTable, Viewer};
use crate::client::ClientSet;
use crate::client::matches::on_table_any;
use crate::client::points::{OnPoint, pieces_rebuilt, placed_on_turn, resting_place};
use crate::client::settings::{LabelStyle, Settings};
use crate::client::table_colours::{Palette, TablePalette};
use crate::client::tabletop::{Label, TableView, on_table_of};
use crate::client::theme::palette;
use crate::client::timeline::{Anim, Opacity, Step, TurnedOver};
use crate::rules::junqi::{Color as Side, Kind, Piece, Point};
use bevy::prelude::*;

/// A piece on the board, at the point the rules have it on (its transform may lag behind
/// while it animates). A piece that has just been removed loses this and gets [`Dying`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSprite {
    /// Where the piece stands.
    pub point: Point,
}

impl OnPoint for PieceSprite {
    type Board = JunqiBoard;

    fn point(&self) -> Point {
        self.point
    }
}

/// What the tile shows now: `None` is the back. During a flip it changes half-way.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceFace(pub Option<Piece>);

/// The side a face-down piece is known to belong to (its rim shows it); `None` for the backs
/// of Junqi flip, which nobody can tell apart.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owner(pub Option<Side>);

impl Face {
    /// The components a piece showing this face has.
    fn parts(self) -> (PieceFace, Owner) {
        match self {
            Face::Back => (PieceFace(None), Owner(None)),
            Face::Unknown(side) => (PieceFace(None), Owner(Some(side))),
            Face::Up(piece) => (PieceFace(Some(piece)), Owner(Some(piece.color))),
        }
    }
}

/// What a face-down piece shows once it has turned over (set when its flip starts).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Underside(pub Piece);

/// A piece that was removed from the game and is playing its last animation.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Dying;

/// Rebuilding the pieces from the model (runs before animations start).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SyncPieces;

pub(super) fn logic_plugin(app: &mut App) {
    app.init_resource::<Viewer>().add_observer(show_underside);
}

/// The pieces of `M`'s board, rebuilt from its model, while `M` is on the table.
pub(super) fn table_logic<M: JunqiTable>(app: &mut App) {
    app.add_systems(
        Update,
        (
            (
                rebuild_pieces::<M>.run_if(pieces_rebuilt::<M>),
                placed_on_turn::<PieceSprite>(),
            )
                .chain()
                .in_set(SyncPieces)
                .in_set(ClientSet::Animate),
            // Once the step's animations have started, which keep their pieces' faces.
            show_faces::<M>.in_set(ClientSet::Present),
        )
            .distributive_run_if(on_table_any(M::KINDS)),
    );
}

/// The looks of `M`'s pieces, while `M` is on the table.
pub(super) fn table_looks<M: JunqiTable>(app: &mut App) {
    app.add_systems(
        Update,
        (add_piece_looks, style_pieces, fade_pieces)
            .chain()
            .distributive_run_if(on_table_any(M::KINDS))
            .in_set(ClientSet::Present),
    );
}

/// Half-way through a flip, the piece shows what it turned out to be.
fn show_underside(turned: On<TurnedOver>, mut pieces: Query<(&Underside, &mut PieceFace)>) {
    if let Ok((underside, mut face)) = pieces.get_mut(turned.entity) {
        face.0 = Some(underside.0);
    }
}

/// Every piece entity, living or dying.
type AnyPiece = Or<(With<PieceSprite>, With<Dying>)>;

/// Every piece entity, living or dying, replaced by fresh ones matching the model (see
/// [`pieces_rebuilt`]).
fn rebuild_pieces<M: JunqiTable>(
    mut commands: Commands,
    (model, viewer): (Res<M>, Res<Viewer>),
    table: Res<TableView>,
    pieces: Query<Entity, AnyPiece>,
) {
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    for point in Point::all() {
        let Some(face) = model.face(point, *viewer) else {
            continue;
        };
        commands.spawn((
            Name::new(format!("Piece {point}")),
            on_table_of(model.kind()),
            PieceSprite { point },
            face.parts(),
            Opacity(1.0),
            Transform::from_translation(resting_place::<JunqiBoard>(point, &table)),
            Visibility::default(),
        ));
    }
}

/// Each resting piece shows what the one looking at the board sees (see [`Viewer`]): a piece
/// they can name now turns over, one they no longer may is shown from its back at once. A
/// moving piece keeps its face until it rests.
fn show_faces<M: JunqiTable>(
    mut commands: Commands,
    (model, viewer): (Res<M>, Res<Viewer>),
    settings: Res<Settings>,
    mut pieces: Query<(Entity, &PieceSprite, &mut PieceFace, &mut Owner), Without<Anim>>,
) {
    let turn = 0.34 * settings.animation.duration_factor();
    for (entity, piece, mut face, mut owner) in &mut pieces {
        let Some(seen) = model.face(piece.point, *viewer) else {
            continue;
        };
        let (new_face, new_owner) = seen.parts();
        owner.set_if_neq(new_owner);
        match new_face.0 {
            Some(revealed) if face.0.is_none() => {
                commands
                    .entity(entity)
                    .insert((Underside(revealed), Anim::new([Step::Turn(turn)])));
            }
            _ => {
                face.set_if_neq(new_face);
            }
        }
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
                Label::new("", 24.0, Color::WHITE),
                Transform::from_xyz(0.0, 0.0, 0.3),
            ))
            .id();
        let corner = commands
            .spawn((
                Label::new("", 11.0, Color::WHITE).top_left(),
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

/// The ink of each side in `colours`.
pub(super) fn ink(colours: &Palette, side: Side) -> crate::client::theme::Rgb {
    let sides = colours.sides;
    match side {
        Side::Red => sides.red_ink,
        Side::Blue => sides.blue_ink,
    }
}

/// A side's colour for text on the dark interface, in `colours`.
pub(super) fn side_text(colours: &Palette, side: Side) -> crate::client::theme::Rgb {
    let sides = colours.sides;
    match side {
        Side::Red => sides.red_text,
        Side::Blue => sides.blue_text,
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
    pieces: Query<(Ref<PieceFace>, Ref<Owner>, Ref<PieceLooks>)>,
    mut sprites: Query<&mut Sprite>,
    mut texts: Query<&mut Label>,
    art: Res<Art>,
    colours: Res<TablePalette>,
) {
    let relabel = settings.is_changed() || colours.is_changed();
    for (face, owner, looks) in &pieces {
        if !(relabel || face.is_changed() || owner.is_changed() || looks.is_added()) {
            continue;
        }
        let (rim_colour, face_image, face_colour) = match (face.0, owner.0) {
            (None, None) => (palette::BACK_RIM.bevy(), art.back.clone(), Color::WHITE),
            (None, Some(side)) => (ink(&colours, side).bevy(), art.back.clone(), Color::WHITE),
            (Some(piece), _) => (
                ink(&colours, piece.color).bevy(),
                art.face.clone(),
                palette::PAPER.bevy(),
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
        let colour = face
            .0
            .map_or(Color::WHITE, |piece| ink(&colours, piece.color).bevy());
        for (entity, text, px) in [(looks.label, label, size), (looks.corner, corner, 11.0)] {
            if let Ok(mut label) = texts.get_mut(entity) {
                let anchor = label.anchor;
                label.set_if_neq(Label {
                    text,
                    size: px,
                    colour,
                    anchor,
                });
            }
        }
    }
}

fn fade_pieces(
    pieces: Query<(&Opacity, &PieceLooks), Changed<Opacity>>,
    mut sprites: Query<&mut Sprite>,
    mut texts: Query<&mut Label>,
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
            if let Ok(mut label) = texts.get_mut(entity) {
                label.colour.set_alpha(alpha.0);
            }
        }
    }
}
