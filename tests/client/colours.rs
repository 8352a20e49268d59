//! The palettes measured: every pair of sides, armies and markers stays apart under normal
//! vision and the three dichromacies (CIEDE2000 on simulated colours), on the boards they are
//! seen on, and every ink and name reads (WCAG contrast). `docs/colours.md` has the figures.

/// How colours look to the three dichromacies, and how far apart two colours look.
mod vision {
    use kawu::client::table_colours::Rgb;

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

mod measured {
    use super::vision::{Vision, contrast, delta_e_2000, difference, lab, seen};
    use kawu::client::table_colours::*;

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
