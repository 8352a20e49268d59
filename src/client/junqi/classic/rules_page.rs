//! Junqi classic's rules, illustrated: the board and pieces are Junqi flip's, the deployment
//! and the referee are its own.

use super::model::QUIET_LIMIT;
use crate::client::junqi::rules_page::{Variant, sections};
use crate::client::rules_page::RulesPage;

/// Junqi classic's rules page.
pub const RULES: RulesPage = RulesPage {
    goal: "classic-rules-goal",
    sections: |ui, settings| {
        let variant = Variant {
            pieces: None,
            play: &[
                ("classic-rules-deploy-title", "classic-rules-deploy"),
                ("classic-rules-referee-title", "classic-rules-referee"),
            ],
            end: "classic-rules-end",
            quiet_limit: QUIET_LIMIT,
        };
        sections(ui, settings, &variant);
    },
    controls: None,
};
