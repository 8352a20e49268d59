//! Junqi's illustrated rules page, and the small piece chips the HUD shares with it.

use super::pieces::ink;
use crate::client::i18n::{tr, tr_args};
use crate::client::rules_page::{RulesPage, rules_section};
use crate::client::settings::{LabelStyle, Settings};
use crate::client::table_colours::{self, Palette};
use crate::client::theme::palette;
use crate::rules::junqi::{Color as Side, Kind, Piece, Point, Ruleset};
use bevy_egui::egui;

/// The label of a piece in the chosen style, short (for chips in the HUD and rules).
pub(super) fn short_label(kind: Kind, labels: LabelStyle) -> String {
    match labels {
        LabelStyle::Latin => kind.letter().to_string(),
        LabelStyle::Chinese | LabelStyle::Both => kind.chinese().to_string(),
    }
}

/// Paints a small piece tile; `count` is shown in its corner when given.
pub(super) fn piece_chip(
    ui: &mut egui::Ui,
    colours: &Palette,
    piece: Piece,
    labels: LabelStyle,
    count: Option<u8>,
    dim: bool,
) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(46.0, 26.0), egui::Sense::hover());
    let painter = ui.painter();
    let ink = ink(colours, piece.color).egui();
    let alpha = if dim { 90 } else { 255 };
    let fade = |c: egui::Color32| egui::Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), alpha);
    painter.rect_filled(rect, 5.0, fade(ink));
    painter.rect_filled(rect.shrink(2.5), 4.0, fade(palette::PAPER.egui()));
    painter.text(
        rect.center() - egui::vec2(if count.is_some() { 4.0 } else { 0.0 }, 0.0),
        egui::Align2::CENTER_CENTER,
        short_label(piece.kind, labels),
        egui::FontId::proportional(13.0),
        fade(ink),
    );
    if let Some(count) = count {
        painter.text(
            rect.right_bottom() - egui::vec2(4.0, 2.0),
            egui::Align2::RIGHT_BOTTOM,
            count.to_string(),
            egui::FontId::proportional(10.0),
            fade(palette::CHIP_COUNT.egui()),
        );
    }
}

/// A small drawing of the board: posts, camps, headquarters, roads, railways and the front.
pub(super) fn board_diagram(ui: &mut egui::Ui) {
    let step = egui::vec2(46.0, 24.0);
    let gap = 18.0;
    let size = egui::vec2(step.x * 4.0 + 60.0, step.y * 11.0 + gap + 40.0);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 8.0, egui::Color32::from_rgb(226, 190, 128));
    let at = |point: Point| {
        let front = if point.rank() >= 6 { 0.0 } else { gap };
        egui::pos2(
            rect.left() + 30.0 + point.file() as f32 * step.x,
            rect.top() + 20.0 + (11 - point.rank()) as f32 * step.y + front,
        )
    };
    let front_y = (at(Point::new(0, 5).expect("a6")).y + at(Point::new(0, 6).expect("a7")).y) / 2.0;
    painter.rect_filled(
        egui::Rect::from_center_size(
            egui::pos2(rect.center().x, front_y),
            egui::vec2(step.x * 4.0 + 30.0, gap + 8.0),
        ),
        3.0,
        egui::Color32::from_rgb(140, 186, 196),
    );
    let ink = palette::BOARD_INK.egui();
    for a in Point::all() {
        for &b in a.neighbours() {
            if b > a {
                let rail = a.rail_neighbours().contains(&b);
                let stroke = if rail {
                    egui::Stroke::new(3.5, egui::Color32::from_rgb(40, 30, 24))
                } else {
                    egui::Stroke::new(1.0, ink)
                };
                painter.line_segment([at(a), at(b)], stroke);
            }
        }
    }
    for file in [1u8, 3] {
        let x = at(Point::new(file, 0).expect("on board")).x;
        let base = front_y + 7.0;
        painter.add(egui::Shape::convex_polygon(
            vec![
                egui::pos2(x - 14.0, base),
                egui::pos2(x, base - 15.0),
                egui::pos2(x + 14.0, base),
            ],
            egui::Color32::from_rgb(120, 98, 74),
            egui::Stroke::new(1.0, ink),
        ));
    }
    for point in Point::all() {
        let c = at(point);
        let fill = egui::Color32::from_rgb(246, 222, 176);
        if point.is_camp() {
            painter.circle_filled(c, 9.0, fill);
            painter.circle_stroke(c, 9.0, egui::Stroke::new(1.5, ink));
        } else {
            let r = egui::Rect::from_center_size(c, egui::vec2(28.0, 14.0));
            painter.rect_filled(r, 3.0, fill);
            painter.rect_stroke(
                r,
                3.0,
                egui::Stroke::new(1.2, ink),
                egui::StrokeKind::Middle,
            );
            if point.is_headquarters() {
                painter.circle_stroke(c + egui::vec2(0.0, 2.0), 4.5, egui::Stroke::new(1.2, ink));
            }
        }
    }
}

/// Junqi flip's rules page.
pub const RULES: RulesPage = RulesPage {
    goal: "rules-goal",
    sections: |ui, settings| {
        let variant = Variant {
            pieces: Some("rules-pieces"),
            play: &[("rules-play-title", "rules-play")],
            end: "rules-end",
            // The draw limit of the games the menu starts.
            quiet_limit: Ruleset::default().quiet_ply_limit,
        };
        sections(ui, settings, &variant);
    },
    controls: None,
};

/// What a variant's rules say of its own.
pub struct Variant {
    /// The message id of a word before the table of pieces.
    pub pieces: Option<&'static str>,
    /// How the variant is played: the message ids of each section's title and words.
    pub play: &'static [(&'static str, &'static str)],
    /// The message id of how the game ends, given the quiet-move limit.
    pub end: &'static str,
    /// The quiet-move limit of the games the menu starts.
    pub quiet_limit: u16,
}

/// The sections both variants share — the board, the pieces, combat, the end — with the
/// variant's own play between them.
pub fn sections(ui: &mut egui::Ui, settings: &Settings, variant: &Variant) {
    let lang = settings.language;
    let t = |key: &'static str| tr(lang, key);
    ui.heading(t("rules-board-title"));
    ui.horizontal(|ui| {
        board_diagram(ui);
        ui.vertical(|ui| {
            ui.set_max_width(380.0);
            ui.label(t("rules-board"));
        });
    });
    ui.add_space(6.0);
    ui.heading(t("rules-pieces-title"));
    if let Some(key) = variant.pieces {
        ui.label(t(key));
    }
    pieces_grid(ui, settings);
    ui.add_space(6.0);
    for &(title, words) in variant.play {
        rules_section(ui, t(title), t(words));
    }
    rules_section(ui, t("rules-combat-title"), t("rules-combat"));
    let end = tr_args(lang, variant.end, [("limit", variant.quiet_limit)]);
    rules_section(ui, t("rules-end-title"), end);
}

/// Every kind of piece, both sides' tiles, how many each side has and its rank.
pub(super) fn pieces_grid(ui: &mut egui::Ui, settings: &Settings) {
    let colours = table_colours::palette(settings.colour_safe);
    egui::Grid::new("pieces")
        .num_columns(4)
        .spacing([10.0, 4.0])
        .show(ui, |ui| {
            for kind in Kind::ALL {
                for side in Side::ALL {
                    let piece = Piece::new(side, kind);
                    piece_chip(ui, colours, piece, settings.labels, None, false);
                }
                ui.label(format!(
                    "{} ×{}",
                    tr(settings.language, kind_key(kind)),
                    kind.count()
                ));
                ui.label(match kind.rank() {
                    Some(rank) => format!("{rank}"),
                    None => "—".to_string(),
                });
                ui.end_row();
            }
        });
}

/// The message id of a kind's name.
pub(super) fn kind_key(kind: Kind) -> &'static str {
    match kind {
        Kind::Marshal => "kind-marshal",
        Kind::General => "kind-general",
        Kind::Division => "kind-division",
        Kind::Brigade => "kind-brigade",
        Kind::Regiment => "kind-regiment",
        Kind::Battalion => "kind-battalion",
        Kind::Company => "kind-company",
        Kind::Platoon => "kind-platoon",
        Kind::Engineer => "kind-engineer",
        Kind::Bomb => "kind-bomb",
        Kind::Landmine => "kind-landmine",
        Kind::Flag => "kind-flag",
    }
}
