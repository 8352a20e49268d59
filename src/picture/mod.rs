//! Pictures of games to share: any position as a PNG, any game as an animated GIF (one frame
//! a ply, the start first, a longer last frame). Each game turns its record into a [`Scene`]
//! — its board and, frame by frame, the pieces, the last move, a check, a caption — from what
//! everyone saw (a face-down Junqi piece is drawn as its back, whatever the record holds);
//! [`render`] draws it with vello_cpu's rasteriser and the embedded font, in the table's
//! palette (the colour-blind one on request), and encodes it with the `png` and `gif` crates.
//! No Bevy: the command line, the server and the game share it.

pub mod colours;
mod draw;
pub mod junqi;
pub mod qiguo;
mod render;
pub mod text;
pub mod xiangqi;

pub use render::{gif, png};

use colours::{Palette, Rgb};

/// A game to draw: its board and its frames.
#[derive(Clone, Debug)]
pub struct Scene {
    pub board: Board,
    /// The words on the left of the caption under the board (the game, or the players).
    pub title: String,
    /// The start position, then one frame after each ply.
    pub frames: Vec<Frame>,
}

/// The boards pictures are drawn on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    Junqi,
    Xiangqi,
    Qiguo,
}

/// One position as a picture shows it. Places are in board units (see [`Board::size`]), from
/// the top-left corner.
#[derive(Clone, Debug, Default)]
pub struct Frame {
    pub pieces: Vec<(Place, Look)>,
    /// Rings on the last move's points: where it came from (faint) and where it went.
    pub last_move: Vec<Place>,
    /// A glow under a piece: a general in check, the Ruler whose army moves.
    pub glow: Option<Place>,
    /// The words on the right of the caption: the ply played, or the result.
    pub caption: String,
}

/// A point's centre in board units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Place {
    pub x: f32,
    pub y: f32,
}

/// How a piece looks, in the palette's terms (the picture's palette decides the colours).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Look {
    /// A face-down Junqi piece.
    Back,
    /// A face-up piece of a two-sided game: its side and its character(s).
    Side { side: Side, text: String },
    /// A Qiguo piece: its army (the state's index in turn order) and its character(s).
    Army { army: usize, text: String },
    /// The Zhou emperor in the middle of the Qiguo board.
    Zhou,
}

/// The ink of a side's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Red,
    Blue,
    Black,
}

/// How a picture is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// The picture's width in pixels (the height follows the board).
    pub width: u32,
    /// The colour-blind palette instead of the classic one.
    pub colour_safe: bool,
    /// Each frame's time in a GIF, in hundredths of a second; the last one shows three times
    /// as long.
    pub delay: u16,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            width: 480,
            colour_safe: false,
            delay: 100,
        }
    }
}

impl Style {
    /// The narrowest and widest pictures drawn.
    pub const WIDTHS: std::ops::RangeInclusive<u32> = 120..=2000;

    fn palette(&self) -> &'static Palette {
        colours::palette(self.colour_safe)
    }
}

impl Board {
    /// The board's width and height in its units (the caption comes below).
    pub fn size(self) -> (f32, f32) {
        match self {
            Board::Xiangqi => (9.6, 10.6),
            Board::Qiguo => (19.8, 19.8),
            Board::Junqi => (junqi::WIDTH, junqi::HEIGHT),
        }
    }

    /// A piece's size in board units: a disc's diameter, or a Junqi tile's width and height.
    fn piece(self) -> (f32, f32) {
        match self {
            Board::Xiangqi => (0.88, 0.88),
            Board::Qiguo => (0.94, 0.94),
            Board::Junqi => (junqi::TILE.0, junqi::TILE.1),
        }
    }
}

impl Side {
    fn ink(self, palette: &Palette) -> Rgb {
        match self {
            Side::Red => palette.sides.red_ink,
            Side::Blue => palette.sides.blue_ink,
            Side::Black => palette.sides.black_ink,
        }
    }
}

/// Why a picture cannot be made.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PictureError {
    #[error("ply {ply} is beyond the game's {plies} plies")]
    NoSuchPly { ply: usize, plies: usize },
    #[error("the width must be between {} and {} pixels", Style::WIDTHS.start(), Style::WIDTHS.end())]
    Width,
    #[error("no ply between {from} and {to}")]
    EmptyRange { from: usize, to: usize },
}

#[cfg(test)]
mod tests;
