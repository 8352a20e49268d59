//! The title screen: main menu, new game, online, replays, settings and the rules, over the
//! demonstration game. One page a file; `page.rs` holds what the pages share and `title.rs`
//! the window that shows the page open.

mod choices;
mod main_page;
mod new_game;
mod online;
mod page;
mod replays;
mod settings;
mod title;

pub(super) use settings::settings_page;
pub(super) use title::plugin;
