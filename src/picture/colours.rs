//! The colours that tell the games' things apart — the sides, Qiguo's seven armies and the
//! Zhou emperor, and the markers on the boards — in two palettes: [`CLASSIC`], the colours the
//! games have always had, and [`COLOUR_SAFE`], chosen so that every pair stays apart under
//! protanopia, deuteranopia and tritanopia too. Also the surfaces they are seen on (the boards,
//! a piece's paper face, the HUD panel), which the tests measure against.
//!
//! Plain data, shared by the game's table (whose theme turns [`Rgb`] into egui's and Bevy's
//! colours, and whose resource `TablePalette` chooses between the palettes) and the pictures
//! of games (`crate::picture`). The tests that measure the palettes (colour
//! differences as the three dichromacies see them, contrast) are in `tests/client/colours.rs`. Qiguo's armies are in turn order — Qin, Chu, Han, Qi, Wei, Zhao, Yan —
//! so `armies[state.index()]` is a state's army.
//!
//! The colour-blind-safe colours are Okabe–Ito and Paul Tol's published values; where one had
//! to move to clear the wooden board or to keep its character legible, it moved by at most
//! 6 ΔE2000 from its source (named at each colour). The measurements are in `docs/colours.md`.

/// An sRGB colour, eight bits a channel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// An army's colours: its pieces' face, the ink of their rim and character, and its name as
/// text on the dark interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Army {
    pub face: Rgb,
    pub ink: Rgb,
    pub text: Rgb,
}

/// The two-sided games' sides: Junqi's red and blue, Xiangqi's red and black, as ink on a
/// piece's paper face and as text on the dark interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sides {
    pub red_ink: Rgb,
    pub blue_ink: Rgb,
    pub black_ink: Rgb,
    pub red_text: Rgb,
    pub blue_text: Rgb,
    pub black_text: Rgb,
}

/// The markers drawn on a board. All can show at once, except `check` and `ruler_to_move`,
/// which belong to different games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Markers {
    /// Rings on the last move's two points.
    pub last_move: Rgb,
    /// The keyboard's (and a controller's) cursor ring.
    pub cursor: Rgb,
    /// The ring round the selected piece.
    pub selected_piece: Rgb,
    /// The ring on a destination that takes a piece.
    pub target_attack: Rgb,
    /// The dot on a free destination.
    pub target_move: Rgb,
    /// The glow under a Xiangqi general in check.
    pub check: Rgb,
    /// The glow under the Qiguo Ruler whose army moves.
    pub ruler_to_move: Rgb,
    /// The glow on a lesson's points.
    pub lesson_hint: Rgb,
    /// The ring under the mouse.
    pub hover: Rgb,
}

impl Markers {
    /// Every marker with its name, `check` and `ruler_to_move` last.
    pub const fn named(&self) -> [(&'static str, Rgb); 9] {
        [
            ("last move", self.last_move),
            ("cursor", self.cursor),
            ("selected piece", self.selected_piece),
            ("target attack", self.target_attack),
            ("target move", self.target_move),
            ("lesson hint", self.lesson_hint),
            ("hover", self.hover),
            ("check", self.check),
            ("ruler to move", self.ruler_to_move),
        ]
    }
}

/// The colours of every side, army and marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    pub sides: Sides,
    /// Qiguo's armies in turn order: Qin, Chu, Han, Qi, Wei, Zhao, Yan.
    pub armies: [Army; 7],
    /// The Zhou emperor in the middle of the Qiguo board.
    pub zhou: Army,
    pub markers: Markers,
}

impl Palette {
    /// The seven armies and Zhou, each with its state's name.
    pub const fn named_armies(&self) -> [(&'static str, Army); 8] {
        let a = &self.armies;
        [
            ("Qin", a[0]),
            ("Chu", a[1]),
            ("Han", a[2]),
            ("Qi", a[3]),
            ("Wei", a[4]),
            ("Zhao", a[5]),
            ("Yan", a[6]),
            ("Zhou", self.zhou),
        ]
    }
}

/// The palette the colour-blind setting picks.
pub const fn palette(colour_safe: bool) -> &'static Palette {
    if colour_safe { &COLOUR_SAFE } else { &CLASSIC }
}

/// A piece's paper face (Junqi, Xiangqi).
pub const PAPER: Rgb = Rgb(252, 245, 224);
/// The HUD panel, behind the sides' and armies' names.
pub const PANEL: Rgb = Rgb(38, 30, 24);
/// The wood of the Xiangqi and Qiguo boards at both ends of its grain (`tabletop::paint::wood`,
/// whose `mix` goes at most 0.55 of the way from the first to the second).
pub const POINTS_WOOD: [Rgb; 2] = [Rgb(232, 194, 133), Rgb(219, 177, 117)];
/// The wood of the Junqi board at both ends of its grain (its board's `spawn_wood`, at most 0.67
/// of the way).
pub const JUNQI_WOOD: [Rgb; 2] = [Rgb(230, 189, 128), Rgb(212, 168, 109)];
/// The posts on the Junqi board, under its markers.
pub const JUNQI_POST: Rgb = Rgb(245, 222, 173);
/// Ink on the boards (lines, words), and the rim of face-down Junqi pieces.
pub const BOARD_INK: Rgb = Rgb(66, 38, 18);
pub const BACK_RIM: Rgb = Rgb(15, 46, 36);
/// The Junqi board's railways.
pub const RAIL: Rgb = Rgb(43, 31, 23);

/// Dark and light ink for characters on coloured faces.
const DARK_INK: Rgb = Rgb(40, 34, 30);
const LIGHT_INK: Rgb = Rgb(252, 245, 235);

/// The colours of the games before the colour-blind setting (the theme's palette of today).
pub const CLASSIC: Palette = Palette {
    sides: Sides {
        red_ink: Rgb(189, 23, 18),
        blue_ink: Rgb(18, 59, 153),
        black_ink: Rgb(30, 28, 28),
        red_text: Rgb(244, 96, 84),
        blue_text: Rgb(112, 162, 255),
        black_text: Rgb(236, 220, 190),
    },
    armies: [
        // Qin, white.
        Army {
            face: Rgb(246, 242, 230),
            ink: DARK_INK,
            text: Rgb(246, 242, 230),
        },
        // Chu, red.
        Army {
            face: Rgb(190, 30, 26),
            ink: Rgb(252, 240, 220),
            text: Rgb(244, 96, 84),
        },
        // Han, orange.
        Army {
            face: Rgb(236, 132, 30),
            ink: Rgb(48, 26, 8),
            text: Rgb(250, 160, 70),
        },
        // Qi, blue.
        Army {
            face: Rgb(32, 80, 178),
            ink: Rgb(240, 244, 252),
            text: Rgb(112, 162, 255),
        },
        // Wei, green.
        Army {
            face: Rgb(36, 124, 62),
            ink: Rgb(238, 250, 236),
            text: Rgb(110, 206, 130),
        },
        // Zhao, purple.
        Army {
            face: Rgb(112, 52, 154),
            ink: Rgb(246, 236, 252),
            text: Rgb(190, 140, 236),
        },
        // Yan, black.
        Army {
            face: Rgb(30, 28, 28),
            ink: Rgb(236, 226, 206),
            text: Rgb(168, 164, 160),
        },
    ],
    zhou: Army {
        face: Rgb(226, 178, 52),
        ink: Rgb(120, 30, 20),
        text: Rgb(236, 196, 120),
    },
    markers: Markers {
        last_move: Rgb(255, 158, 26),
        cursor: Rgb(26, 217, 255),
        selected_piece: Rgb(255, 217, 26),
        target_attack: Rgb(230, 26, 20),
        target_move: Rgb(31, 158, 51),
        check: Rgb(230, 26, 20),
        ruler_to_move: Rgb(240, 150, 60),
        lesson_hint: Rgb(150, 220, 140),
        hover: Rgb(255, 255, 255),
    },
};

/// The colour-blind-safe palette. The sides keep their classic inks (red against blue and
/// red against black already stay apart under all three simulations); the red name on the
/// panel is lighter so it stays legible under protanopia.
pub const COLOUR_SAFE: Palette = Palette {
    sides: Sides {
        red_ink: Rgb(189, 23, 18),
        blue_ink: Rgb(18, 59, 153),
        black_ink: Rgb(30, 28, 28),
        // The classic red name (244, 96, 84), lighter.
        red_text: Rgb(250, 130, 120),
        blue_text: Rgb(112, 162, 255),
        black_text: Rgb(236, 220, 190),
    },
    armies: [
        // Qin, white: as before.
        Army {
            face: Rgb(246, 242, 230),
            ink: DARK_INK,
            text: Rgb(246, 242, 230),
        },
        // Chu, red: Tol vibrant red (204, 51, 17), darker for its light character.
        Army {
            face: Rgb(190, 35, 10),
            ink: LIGHT_INK,
            text: Rgb(250, 130, 120),
        },
        // Han, orange: Tol vibrant orange (238, 119, 51), purer, off the wood.
        Army {
            face: Rgb(240, 125, 20),
            ink: DARK_INK,
            text: Rgb(250, 160, 70),
        },
        // Qi, blue: Okabe–Ito blue (0, 114, 178), darker for its light character.
        Army {
            face: Rgb(30, 105, 180),
            ink: LIGHT_INK,
            text: Rgb(119, 170, 221),
        },
        // Wei, green: Tol muted teal (68, 170, 153), lighter for its dark character.
        Army {
            face: Rgb(55, 185, 160),
            ink: DARK_INK,
            text: Rgb(55, 185, 160),
        },
        // Zhao, purple: Tol bright purple (170, 51, 119), more saturated.
        Army {
            face: Rgb(175, 5, 115),
            ink: LIGHT_INK,
            text: Rgb(230, 130, 190),
        },
        // Yan, black: as before.
        Army {
            face: Rgb(30, 28, 28),
            ink: Rgb(236, 226, 206),
            text: Rgb(168, 164, 160),
        },
    ],
    // Okabe–Ito yellow (240, 228, 66), purer, apart from Qin's white under tritanopia.
    zhou: Army {
        face: Rgb(235, 230, 30),
        ink: Rgb(120, 30, 20),
        text: Rgb(238, 221, 136),
    },
    // Unchanged published colours: Tol muted rose, wine and cyan, Tol vibrant blue, red and
    // muted teal, Okabe–Ito black. No yellow or orange: the wood is both.
    markers: Markers {
        last_move: Rgb(204, 102, 119),
        cursor: Rgb(0, 0, 0),
        selected_piece: Rgb(0, 119, 187),
        target_attack: Rgb(204, 51, 17),
        target_move: Rgb(68, 170, 153),
        check: Rgb(136, 34, 85),
        ruler_to_move: Rgb(136, 34, 85),
        lesson_hint: Rgb(136, 204, 238),
        hover: Rgb(255, 255, 255),
    },
};
