//! A flood of picture requests against one server while a game plays on it: the drawing stays
//! bounded, the requests past the bound are told to come back, and the game's moves do not wait.

use super::*;
use common::flood::{FLOOD, Flood, copy_codes, finished_game};

/// Copies of room `code` stored under `count` new codes in the server's SQLite database in
/// `data`: as many finished games to draw, without playing each.
fn copies(data: &std::path::Path, code: &str, count: usize) -> Vec<String> {
    let mut database = rusqlite::Connection::open(data.join("kawu.sqlite3")).unwrap();
    database.busy_timeout(Duration::from_secs(5)).unwrap();
    let transaction = database.transaction().unwrap();
    let codes = copy_codes(count);
    for copy in &codes {
        for statement in [
            "INSERT INTO rooms SELECT ?1, game, rules, clock, creator FROM rooms WHERE code = ?2",
            "INSERT INTO seats SELECT ?1, seat, token_hash FROM seats WHERE code = ?2",
            "INSERT INTO events SELECT ?1, version, event FROM events WHERE code = ?2
             ORDER BY version",
        ] {
            transaction.execute(statement, [copy, code]).unwrap();
        }
    }
    transaction.commit().unwrap();
    codes
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_pictures_is_bounded_and_the_moves_of_another_room_do_not_wait() {
    let config = config("picture-flood");
    let data = config.data.clone();
    let address = start(config).await;
    let code = finished_game(address).await;
    let mut codes = copies(&data, &code, FLOOD - 1);
    codes.push(code);
    Flood {
        target: address,
        codes: &codes,
        players: [address, address],
        nodes: &[address],
    }
    .run()
    .await;
}
