//! The colours that tell the games' things apart — the sides, Qiguo's seven armies and the
//! Zhou emperor, and the markers on the boards — in two palettes: [`CLASSIC`], the colours the
//! games have always had, and [`COLOUR_SAFE`], chosen so that every pair stays apart under
//! protanopia, deuteranopia and tritanopia too. Also the surfaces they are seen on (the boards,
//! a piece's paper face, the HUD panel), which the tests measure against.
//!
//! Plain data on std alone, without Bevy or egui, so that its tests run standalone
//! (`rustc --edition 2024 --test src/client/table_colours.rs`); the theme turns [`Rgb`] into egui's
//! and Bevy's colours. Qiguo's armies are in turn order — Qin, Chu, Han, Qi, Wei, Zhao, Yan —
//! so `armies[state.index()]` is a state's army.
//!
//! The colour-blind-safe colours are Okabe–Ito and Paul Tol's published values; where one had
//! to move to clear the wooden board or to keep its character legible, it moved by at most
//! 6 ΔE2000 from its source (named at each colour). The measurements are in `docs/colours.md`.

use std::sync::atomic::{AtomicBool, Ordering};

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

/// Whether the table is drawn in [`COLOUR_SAFE`] now.
static COLOUR_SAFE_CHOSEN: AtomicBool = AtomicBool::new(false);

/// The palette the table is drawn in now. One choice for the whole program, as the player's
/// setting makes it: the pure functions that give pieces, markers and names their colours (on
/// the table and in the HUD) read it, so the setting needs no parameter in each of them.
pub fn active() -> &'static Palette {
    palette(COLOUR_SAFE_CHOSEN.load(Ordering::Relaxed))
}

/// Draws the table in the colour-blind-safe palette from now on, or in the classic one;
/// whether that changed anything.
pub fn choose(colour_safe: bool) -> bool {
    COLOUR_SAFE_CHOSEN.swap(colour_safe, Ordering::Relaxed) != colour_safe
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

/// How colours look to the three dichromacies, and how far apart two colours look.
#[cfg(test)]
mod vision {
    use super::Rgb;

    /// Normal colour vision or one of the three dichromacies.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Vision {
        Normal,
        Protanopia,
        Deuteranopia,
        Tritanopia,
    }

    impl Vision {
        pub const ALL: [Vision; 4] = [
            Vision::Normal,
            Vision::Protanopia,
            Vision::Deuteranopia,
            Vision::Tritanopia,
        ];

        /// The simulation matrix on linear sRGB, `None` for normal vision.
        ///
        /// Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for
        /// Simulation of Color Vision Deficiency", IEEE TVCG 15(6), doi:10.1109/TVCG.2009.113:
        /// the matrices of severity 1.0 (full dichromacy) from the authors' table at
        /// <https://www.inf.ufrgs.br/~oliveira/pubs_files/CVD_Simulation/CVD_Simulation.html>,
        /// applied to linear RGB and clamped to the gamut, as colorspacious and DaltonLens
        /// apply them.
        const fn matrix(self) -> Option<[[f64; 3]; 3]> {
            match self {
                Vision::Normal => None,
                Vision::Protanopia => Some([
                    [0.152286, 1.052583, -0.204868],
                    [0.114503, 0.786281, 0.099216],
                    [-0.003882, -0.048116, 1.051998],
                ]),
                Vision::Deuteranopia => Some([
                    [0.367322, 0.860646, -0.227968],
                    [0.280085, 0.672501, 0.047413],
                    [-0.011820, 0.042940, 0.968881],
                ]),
                Vision::Tritanopia => Some([
                    [1.255528, -0.076749, -0.178779],
                    [-0.078411, 0.930809, 0.147602],
                    [0.004733, 0.691367, 0.303900],
                ]),
            }
        }
    }

    /// An sRGB channel as linear light (IEC 61966-2-1).
    fn linear(channel: u8) -> f64 {
        let c = f64::from(channel) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }

    /// The linear RGB a person with `vision` sees for `colour`.
    pub fn seen(colour: Rgb, vision: Vision) -> [f64; 3] {
        let rgb = [linear(colour.0), linear(colour.1), linear(colour.2)];
        let Some(m) = vision.matrix() else {
            return rgb;
        };
        m.map(|row| (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]).clamp(0.0, 1.0))
    }

    /// Relative luminance of linear sRGB (WCAG 2).
    fn luminance(rgb: [f64; 3]) -> f64 {
        0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    }

    /// The WCAG 2 contrast ratio (1 to 21) of two colours as `vision` sees them.
    pub fn contrast(a: Rgb, b: Rgb, vision: Vision) -> f64 {
        let (la, lb) = (luminance(seen(a, vision)), luminance(seen(b, vision)));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    /// CIE L*a*b* (D65 white) of linear sRGB.
    pub fn lab(rgb: [f64; 3]) -> [f64; 3] {
        // sRGB primaries to XYZ (IEC 61966-2-1); white is the sum of each row.
        const M: [[f64; 3]; 3] = [
            [0.4124, 0.3576, 0.1805],
            [0.2126, 0.7152, 0.0722],
            [0.0193, 0.1192, 0.9505],
        ];
        let f = |row: [f64; 3]| {
            let t =
                (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]) / (row[0] + row[1] + row[2]);
            const D: f64 = 6.0 / 29.0;
            if t > D * D * D {
                t.cbrt()
            } else {
                t / (3.0 * D * D) + 4.0 / 29.0
            }
        };
        let [x, y, z] = M.map(f);
        [116.0 * y - 16.0, 500.0 * (x - y), 200.0 * (y - z)]
    }

    /// The CIEDE2000 colour difference of two L*a*b* colours (kL = kC = kH = 1), after
    /// Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula: implementation
    /// notes, supplementary test data, and mathematical observations".
    pub fn delta_e_2000(one: [f64; 3], two: [f64; 3]) -> f64 {
        let [l1, a1, b1] = one;
        let [l2, a2, b2] = two;
        let pow7 = |c: f64| c.powi(7);
        let c_mean = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
        let g = 0.5 * (1.0 - (pow7(c_mean) / (pow7(c_mean) + pow7(25.0))).sqrt());
        let (a1, a2) = ((1.0 + g) * a1, (1.0 + g) * a2);
        let (c1, c2) = (a1.hypot(b1), a2.hypot(b2));
        let hue = |b: f64, a: f64| {
            if a == 0.0 && b == 0.0 {
                0.0
            } else {
                b.atan2(a).to_degrees().rem_euclid(360.0)
            }
        };
        let (h1, h2) = (hue(b1, a1), hue(b2, a2));
        let chromatic = c1 * c2 != 0.0;
        let dh = if !chromatic {
            0.0
        } else if (h2 - h1).abs() <= 180.0 {
            h2 - h1
        } else if h2 > h1 {
            h2 - h1 - 360.0
        } else {
            h2 - h1 + 360.0
        };
        let dl = l2 - l1;
        let dc = c2 - c1;
        let dh_big = 2.0 * (c1 * c2).sqrt() * (dh / 2.0).to_radians().sin();
        let l_mean = (l1 + l2) / 2.0;
        let c_mean = (c1 + c2) / 2.0;
        let h_mean = if !chromatic {
            h1 + h2
        } else if (h1 - h2).abs() <= 180.0 {
            (h1 + h2) / 2.0
        } else if h1 + h2 < 360.0 {
            (h1 + h2 + 360.0) / 2.0
        } else {
            (h1 + h2 - 360.0) / 2.0
        };
        let cos = |degrees: f64| degrees.to_radians().cos();
        let t = 1.0 - 0.17 * cos(h_mean - 30.0)
            + 0.24 * cos(2.0 * h_mean)
            + 0.32 * cos(3.0 * h_mean + 6.0)
            - 0.20 * cos(4.0 * h_mean - 63.0);
        let rotation = 30.0 * (-((h_mean - 275.0) / 25.0).powi(2)).exp();
        let rc = 2.0 * (pow7(c_mean) / (pow7(c_mean) + pow7(25.0))).sqrt();
        let sl = 1.0 + 0.015 * (l_mean - 50.0).powi(2) / (20.0 + (l_mean - 50.0).powi(2)).sqrt();
        let sc = 1.0 + 0.045 * c_mean;
        let sh = 1.0 + 0.015 * c_mean * t;
        let rt = -(2.0 * rotation).to_radians().sin() * rc;
        let (l, c, h) = (dl / sl, dc / sc, dh_big / sh);
        (l * l + c * c + h * h + rt * c * h).sqrt()
    }

    /// How far apart two colours look to a person with `vision` (CIEDE2000).
    pub fn difference(a: Rgb, b: Rgb, vision: Vision) -> f64 {
        delta_e_2000(lab(seen(a, vision)), lab(seen(b, vision)))
    }
}

#[cfg(test)]
mod tests {
    use super::vision::{Vision, contrast, delta_e_2000, difference, lab, seen};
    use super::*;

    /// The least CIEDE2000 difference for colours to tell apart at a glance. About 1 is just
    /// noticeable in patches side by side; small rings and pieces apart on a board need far
    /// more.
    const APART: f64 = 10.0;
    /// The least WCAG contrast for a character or a name to read (the AA level for text).
    const LEGIBLE: f64 = 4.5;

    /// The closest pair of `colours` as `vision` sees them.
    fn closest_pair(
        colours: &[(&'static str, Rgb)],
        vision: Vision,
    ) -> (f64, &'static str, &'static str) {
        let mut closest = (f64::INFINITY, "", "");
        for (i, &(name_a, a)) in colours.iter().enumerate() {
            for &(name_b, b) in &colours[i + 1..] {
                let d = difference(a, b, vision);
                if d < closest.0 {
                    closest = (d, name_a, name_b);
                }
            }
        }
        closest
    }

    fn faces(palette: &Palette) -> Vec<(&'static str, Rgb)> {
        palette
            .named_armies()
            .iter()
            .map(|&(name, army)| (name, army.face))
            .collect()
    }

    #[test]
    fn delta_e_2000_matches_sharmas_test_data() {
        // Nine pairs of Sharma, Wu and Dalal's (2005) table 1, among them the hue mean and
        // difference across 0° and 180° and a grey.
        let pairs = [
            ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
            ([50.0, 3.1571, -77.2803], [50.0, 0.0, -82.7485], 2.8615),
            ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
            ([50.0, 2.49, -0.001], [50.0, -2.49, 0.0009], 7.1792),
            ([50.0, 2.49, -0.001], [50.0, -2.49, 0.0011], 7.2195),
            ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
            ([50.0, 2.5, 0.0], [50.0, 3.1736, 0.5854], 1.0),
            (
                [60.2574, -34.0099, 36.2677],
                [60.4626, -34.1751, 39.4387],
                1.2644,
            ),
            (
                [22.7233, 20.0904, -46.694],
                [23.0331, 14.973, -42.5619],
                2.0373,
            ),
        ];
        for (one, two, expected) in pairs {
            for (a, b) in [(one, two), (two, one)] {
                let got = delta_e_2000(a, b);
                assert!(
                    (got - expected).abs() < 5e-5,
                    "{a:?} {b:?}: {got} ≠ {expected}"
                );
            }
        }
    }

    #[test]
    fn lab_of_white_black_and_srgb_red() {
        let round = |v: [f64; 3]| v.map(|x| (x * 100.0).round() / 100.0);
        assert_eq!(
            round(lab(seen(Rgb(255, 255, 255), Vision::Normal))),
            [100.0, 0.0, 0.0]
        );
        assert_eq!(
            round(lab(seen(Rgb(0, 0, 0), Vision::Normal))),
            [0.0, 0.0, 0.0]
        );
        // sRGB red is L*a*b* (53.24, 80.09, 67.20) with these primaries.
        let red = lab(seen(Rgb(255, 0, 0), Vision::Normal));
        let expected = [53.24, 80.09, 67.20];
        for (got, want) in red.into_iter().zip(expected) {
            assert!((got - want).abs() < 0.05, "{red:?}");
        }
    }

    #[test]
    fn simulations_keep_greys_grey_and_merge_red_with_green() {
        // Each matrix maps white to white (its rows sum to one), so greys stay grey.
        for vision in Vision::ALL {
            for grey in [Rgb(255, 255, 255), Rgb(128, 128, 128)] {
                let seen_grey = lab(seen(grey, vision));
                assert!(
                    seen_grey[1].abs() < 0.05 && seen_grey[2].abs() < 0.05,
                    "{vision:?}"
                );
            }
        }
        // The red/green confusion line: a red and a green of one lightness that differ
        // by far under normal vision all but merge for protanopes and deuteranopes,
        // and stay apart for tritanopes.
        let (red, green) = (Rgb(180, 90, 0), Rgb(110, 120, 0));
        assert!(difference(red, green, Vision::Normal) > 15.0);
        assert!(difference(red, green, Vision::Deuteranopia) < 5.0);
        assert!(difference(red, green, Vision::Protanopia) < 8.0);
        assert!(difference(red, green, Vision::Tritanopia) > 15.0);
    }

    #[test]
    fn colour_safe_armies_stay_apart() {
        let faces = faces(&COLOUR_SAFE);
        for vision in Vision::ALL {
            let (d, a, b) = closest_pair(&faces, vision);
            println!("armies, {vision:?}: closest {a}/{b} at ΔE2000 {d:.1}");
            assert!(d >= APART, "{vision:?}: {a} and {b} are {d:.1} apart");
        }
    }

    #[test]
    fn colour_safe_markers_stay_apart() {
        let named = COLOUR_SAFE.markers.named();
        // Each game's markers: `check` is Xiangqi's, `ruler to move` Qiguo's.
        let (shared, own) = named.split_at(7);
        for vision in Vision::ALL {
            let mut closest = (f64::INFINITY, "", "");
            for game in own {
                let mut markers = shared.to_vec();
                markers.push(*game);
                let pair = closest_pair(&markers, vision);
                if pair.0 < closest.0 {
                    closest = pair;
                }
            }
            let (d, a, b) = closest;
            println!("markers, {vision:?}: closest {a}/{b} at ΔE2000 {d:.1}");
            assert!(d >= APART, "{vision:?}: {a} and {b} are {d:.1} apart");
        }
    }

    #[test]
    fn colour_safe_pieces_and_markers_stand_out_from_the_boards() {
        let boards: Vec<Rgb> = POINTS_WOOD
            .into_iter()
            .chain(JUNQI_WOOD)
            .chain([JUNQI_POST])
            .collect();
        for vision in Vision::ALL {
            let mut least = (f64::INFINITY, "");
            for (name, face) in faces(&COLOUR_SAFE) {
                for wood in POINTS_WOOD {
                    least = least.min_by(difference(face, wood, vision), name);
                }
            }
            // The hover ring is white on purpose: it only follows the mouse.
            for (name, marker) in COLOUR_SAFE
                .markers
                .named()
                .into_iter()
                .filter(|m| m.0 != "hover")
            {
                for &board in &boards {
                    least = least.min_by(difference(marker, board, vision), name);
                }
            }
            println!(
                "on the boards, {vision:?}: least {} at ΔE2000 {:.1}",
                least.1, least.0
            );
            assert!(
                least.0 >= APART,
                "{vision:?}: {} is {:.1} from a board",
                least.1,
                least.0
            );
        }
    }

    #[test]
    fn colour_safe_characters_and_names_are_legible() {
        let sides = COLOUR_SAFE.sides;
        let mut pairs = vec![
            ("red ink on paper", sides.red_ink, PAPER),
            ("blue ink on paper", sides.blue_ink, PAPER),
            ("black ink on paper", sides.black_ink, PAPER),
            ("red name", sides.red_text, PANEL),
            ("blue name", sides.blue_text, PANEL),
            ("black name", sides.black_text, PANEL),
        ];
        for (name, army) in COLOUR_SAFE.named_armies() {
            pairs.push((name, army.ink, army.face));
            pairs.push((name, army.text, PANEL));
        }
        for vision in Vision::ALL {
            let (least, name) = pairs
                .iter()
                .map(|&(name, a, b)| (contrast(a, b, vision), name))
                .fold((f64::INFINITY, ""), |least, (c, name)| {
                    least.min_by(c, name)
                });
            println!("legibility, {vision:?}: least {name} at contrast {least:.2}");
            assert!(
                least >= LEGIBLE,
                "{vision:?}: {name} has contrast {least:.2}"
            );
        }
    }

    #[test]
    fn sides_stay_apart_in_both_palettes() {
        for palette in [&CLASSIC, &COLOUR_SAFE] {
            let s = palette.sides;
            for vision in Vision::ALL {
                for (name, a, b) in [
                    ("Junqi inks", s.red_ink, s.blue_ink),
                    ("Xiangqi inks", s.red_ink, s.black_ink),
                    ("Junqi names", s.red_text, s.blue_text),
                    ("Xiangqi names", s.red_text, s.black_text),
                ] {
                    let d = difference(a, b, vision);
                    assert!(d >= APART, "{vision:?}: {name} are {d:.1} apart");
                }
            }
        }
    }

    /// The test above can fail: the classic palette, measured the same way, does.
    #[test]
    fn the_classic_palette_fails_the_same_measure() {
        let faces = faces(&CLASSIC);
        // Normal vision tells every classic army apart…
        assert!(closest_pair(&faces, Vision::Normal).0 >= APART);
        // …but red against green, the classic clash, falls under the threshold for
        // deuteranopes, and blue against purple (Qi and Zhao) under it for both red-green
        // dichromacies.
        let chu_wei = difference(
            CLASSIC.armies[1].face,
            CLASSIC.armies[4].face,
            Vision::Deuteranopia,
        );
        assert!(chu_wei < APART, "Chu/Wei: {chu_wei:.1}");
        for vision in [Vision::Protanopia, Vision::Deuteranopia] {
            let (d, a, b) = closest_pair(&faces, vision);
            assert_eq!((a, b), ("Qi", "Zhao"), "{vision:?}");
            assert!(d < APART, "{vision:?}: {d:.1}");
        }
        // The attack ring and the move dot, red and green, merge for deuteranopes; the last
        // move and the Ruler's glow are two oranges even for normal vision.
        let m = CLASSIC.markers;
        assert!(difference(m.target_attack, m.target_move, Vision::Deuteranopia) < APART);
        assert!(difference(m.last_move, m.ruler_to_move, Vision::Normal) < APART);
    }

    /// `min` keeping the name of the smaller value.
    trait MinBy {
        fn min_by(self, value: f64, name: &'static str) -> Self;
    }

    impl MinBy for (f64, &'static str) {
        fn min_by(self, value: f64, name: &'static str) -> Self {
            if value < self.0 { (value, name) } else { self }
        }
    }
}
