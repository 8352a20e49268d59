//! Where rooms live between restarts: a small [`Storage`] trait and its two backends. SQLite
//! ([`sqlite`]: one file, one server, the default) is a thread that owns the database and
//! batches the rooms' writes into shared transactions; PostgreSQL ([`postgres`]: several server
//! nodes on one database) commits each node's pending writes together. Both share one list of
//! migrations and a schema version table, here.

mod postgres;
mod sqlite;
#[cfg(test)]
mod tests;

pub use postgres::PostgresStorage;
pub use sqlite::{SqliteStorage, SqliteWriter};

use super::record::{QiguoRoom, RoomGame, RoomRecord, TokenHash};
use crate::protocol::{QiguoSetup, RoomEvent, RoomSeat};
use crate::rules::GameKind;
use crate::rules::junqi::Ruleset;
use std::future::Future;
use std::pin::Pin;

/// One change to storage.
#[derive(Clone, PartialEq, Debug)]
pub enum Write {
    /// A new room.
    CreateRoom(RoomRecord),
    /// The room's next event; a taken seat brings its token's hash.
    AppendEvent {
        code: String,
        version: u64,
        event: RoomEvent,
        seat_token: Option<(RoomSeat, TokenHash)>,
    },
    /// The room expired: forget it.
    DeleteRoom { code: String },
}

/// A room read back: its record, its seats' token hashes and its events in version order (all
/// of them, or those after a given version).
#[derive(Clone, PartialEq, Debug)]
pub struct StoredRoom {
    pub record: RoomRecord,
    pub seat_tokens: Vec<(RoomSeat, TokenHash)>,
    pub events: Vec<(u64, RoomEvent)>,
}

/// Why storage failed.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("database: {0}")]
    Database(#[from] rusqlite::Error),
    #[error("PostgreSQL: {0}")]
    Postgres(#[from] tokio_postgres::Error),
    #[error("PostgreSQL connection pool: {0}")]
    Pool(String),
    /// A room's code or the version of one of its events is taken already: another writer (in
    /// a cluster, another node) was first.
    #[error("taken already: {0}")]
    Conflict(String),
    /// An event's version is not its room's next one (the previous version is not stored): the
    /// writer is out of step with the room.
    #[error("not the next version: {0}")]
    NotNext(String),
    #[error("stored data of room {code} is unreadable: {reason}")]
    Corrupt { code: String, reason: String },
    #[error("cannot create the data folder {path}: {source}")]
    Folder {
        path: String,
        source: std::io::Error,
    },
    #[error("the database in {path} is in use by another server")]
    InUse { path: String },
    #[error(
        "the database has schema version {found}, and this kawu-server knows versions up to \
         {known} only: run a newer kawu-server"
    )]
    NewerSchema { found: i64, known: i64 },
    #[error("the storage writer has stopped")]
    WriterStopped,
}

/// What a storage call answers, once it is done.
pub type Pending<'a, T> = Pin<Box<dyn Future<Output = Result<T, StorageError>> + Send + 'a>>;

/// What the server needs of a database. Both backends implement it, and every storage test
/// runs against both.
pub trait Storage: Send + Sync {
    /// Applies every write of `writes`, or none of them. A room code or event version that is
    /// taken already fails with [`StorageError::Conflict`], an event whose previous version is
    /// not stored with [`StorageError::NotNext`].
    fn write(&self, writes: Vec<Write>) -> Pending<'_, ()>;
    /// Every stored room.
    fn load(&self) -> Pending<'_, Vec<StoredRoom>>;
    /// Room `code` with its events after version `after` (0: all), if it is stored.
    fn load_room(&self, code: String, after: u64) -> Pending<'_, Option<StoredRoom>>;
    /// Room `code` with all its events, read where it never waits behind the rooms' writes nor
    /// delays them (for pictures); it may miss writes not committed yet.
    fn read_room(&self, code: String) -> Pending<'_, Option<StoredRoom>> {
        self.load_room(code, 0)
    }
}

/// One step of the schema, written for each backend with the same meaning.
struct Migration {
    version: i64,
    sqlite: &'static str,
    postgres: &'static str,
}

/// The schema, step by step. Version 1 is the schema of the servers from before this table
/// (`IF NOT EXISTS`: an old SQLite file has its tables already, and gets version 1 recorded).
const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        sqlite: "CREATE TABLE IF NOT EXISTS rooms (
            code TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            rules TEXT NOT NULL,
            clock TEXT NOT NULL,
            creator TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS seats (
            code TEXT NOT NULL,
            seat INTEGER NOT NULL,
            token_hash TEXT NOT NULL,
            PRIMARY KEY (code, seat)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS events (
            code TEXT NOT NULL,
            version INTEGER NOT NULL,
            event TEXT NOT NULL,
            PRIMARY KEY (code, version)
        ) WITHOUT ROWID;",
        postgres: "CREATE TABLE IF NOT EXISTS rooms (
            code TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            rules TEXT NOT NULL,
            clock TEXT NOT NULL,
            creator TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS seats (
            code TEXT NOT NULL,
            seat INTEGER NOT NULL,
            token_hash TEXT NOT NULL,
            PRIMARY KEY (code, seat)
        );
        CREATE TABLE IF NOT EXISTS events (
            code TEXT NOT NULL,
            version BIGINT NOT NULL,
            event TEXT NOT NULL,
            PRIMARY KEY (code, version)
        );",
    },
    // The nodes of a cluster and the secret they show each other (PostgreSQL only: one SQLite
    // node has no peers).
    Migration {
        version: 2,
        sqlite: "",
        postgres: "CREATE TABLE IF NOT EXISTS nodes (
            node BIGINT PRIMARY KEY,
            address TEXT NOT NULL,
            seen TIMESTAMPTZ NOT NULL
        );
        CREATE TABLE IF NOT EXISTS cluster_secret (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            secret TEXT NOT NULL
        );",
    },
    // A room's events follow each other: an event is refused unless it is the room's first or
    // its previous version is stored (the key refuses one stored twice). A writer out of step
    // with the room, or a bad notice written back, cannot leave a hole.
    Migration {
        version: 3,
        sqlite: "CREATE TRIGGER IF NOT EXISTS events_in_order BEFORE INSERT ON events
            WHEN NEW.version <> 1 AND NOT EXISTS (
                SELECT 1 FROM events WHERE code = NEW.code AND version = NEW.version - 1
            )
            BEGIN SELECT RAISE(ABORT, 'not the room''s next version'); END;",
        postgres: "CREATE OR REPLACE FUNCTION events_in_order() RETURNS trigger
            LANGUAGE plpgsql AS $$
            BEGIN
                IF NEW.version <> 1 AND NOT EXISTS (
                    SELECT 1 FROM events WHERE code = NEW.code AND version = NEW.version - 1
                ) THEN
                    RAISE EXCEPTION 'version % is not the next one of room %',
                        NEW.version, NEW.code
                        USING ERRCODE = 'integrity_constraint_violation';
                END IF;
                RETURN NEW;
            END $$;
        DROP TRIGGER IF EXISTS events_in_order ON events;
        CREATE TRIGGER events_in_order BEFORE INSERT ON events
            FOR EACH ROW EXECUTE FUNCTION events_in_order();",
    },
    // On PostgreSQL the insert statements themselves refuse an event out of order
    // (`postgres.rs`), for a fraction of what the trigger's call per row costs the database.
    Migration {
        version: 4,
        sqlite: "",
        postgres: "DROP TRIGGER IF EXISTS events_in_order ON events;
            DROP FUNCTION IF EXISTS events_in_order();",
    },
    // The events move to `room_events`, which this build's inserts write to, checking the
    // order themselves. `events` becomes a view of it for nodes of older versions, still
    // running while the nodes are upgraded one at a time (migrations 4 and 5 run in one
    // transaction, so they never see a moment without a check): their reads read through it,
    // and their inserts, which do not check the order, go through a trigger that refuses an
    // event whose previous version is not stored.
    Migration {
        version: 5,
        sqlite: "",
        postgres: "ALTER TABLE events RENAME TO room_events;
        CREATE VIEW events AS SELECT code, version, event FROM room_events;
        CREATE FUNCTION events_insert_in_order() RETURNS trigger
            LANGUAGE plpgsql AS $$
            BEGIN
                IF NEW.version <> 1 AND NOT EXISTS (
                    SELECT 1 FROM room_events
                    WHERE code = NEW.code AND version = NEW.version - 1
                ) THEN
                    RAISE EXCEPTION 'version % is not the next one of room %',
                        NEW.version, NEW.code
                        USING ERRCODE = 'integrity_constraint_violation';
                END IF;
                INSERT INTO room_events (code, version, event)
                    VALUES (NEW.code, NEW.version, NEW.event);
                RETURN NEW;
            END $$;
        CREATE TRIGGER events_insert_in_order INSTEAD OF INSERT ON events
            FOR EACH ROW EXECUTE FUNCTION events_insert_in_order();",
    },
];

/// The schema version this build writes: the last migration's.
pub const SCHEMA_VERSION: i64 = MIGRATIONS[MIGRATIONS.len() - 1].version;

/// The table that records which migrations a database has had (one row).
const SCHEMA_TABLE: &str = "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)";

/// The migrations a database at schema version `found` still needs, or why it cannot be used.
fn pending_migrations(
    found: i64,
) -> Result<impl Iterator<Item = &'static Migration>, StorageError> {
    if found > SCHEMA_VERSION {
        return Err(StorageError::NewerSchema {
            found,
            known: SCHEMA_VERSION,
        });
    }
    Ok(MIGRATIONS.iter().filter(move |m| m.version > found))
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("protocol types always serialise")
}

/// A `rooms` row as either database holds it.
struct RoomRow {
    code: String,
    game: String,
    rules: String,
    clock: String,
    creator: String,
}

impl RoomRow {
    /// The stored room this row, its seats and its events describe; anything unreadable is
    /// [`StorageError::Corrupt`].
    fn decode(
        self,
        seats: Vec<(i64, String)>,
        events: Vec<(i64, String)>,
    ) -> Result<StoredRoom, StorageError> {
        let code = self.code;
        let corrupt = |reason: String| StorageError::Corrupt {
            code: code.clone(),
            reason,
        };
        let json = |error: serde_json::Error| corrupt(error.to_string());
        // The rules column holds Junqi's ruleset, Qiguo's seats, Junqi classic's draw limit,
        // `null` for Xiangqi; rooms stored before Xiangqi came are Junqi rooms written the
        // same way.
        let game = match serde_json::from_str(&self.game).map_err(json)? {
            GameKind::Junqi => RoomGame::Junqi(serde_json::from_str(&self.rules).map_err(json)?),
            GameKind::Xiangqi => RoomGame::Xiangqi,
            GameKind::Qiguo => {
                let setup: QiguoSetup = serde_json::from_str(&self.rules).map_err(json)?;
                RoomGame::Qiguo(QiguoRoom::new(&setup).map_err(corrupt)?)
            }
            GameKind::JunqiClassic => {
                let options: ClassicOptions = serde_json::from_str(&self.rules).map_err(json)?;
                if !(1..=crate::rules::junqi::classic::MAX_QUIET).contains(&options.quiet_limit) {
                    return Err(corrupt(format!("a draw limit of {}", options.quiet_limit)));
                }
                RoomGame::JunqiClassic {
                    quiet_limit: options.quiet_limit,
                }
            }
        };
        let record = RoomRecord {
            game,
            clock: serde_json::from_str(&self.clock).map_err(json)?,
            code: code.clone(),
            creator: self.creator,
        };
        let seat_tokens = seats
            .into_iter()
            .map(|(seat, hash)| {
                let seat = u8::try_from(seat)
                    .ok()
                    .filter(|&seat| usize::from(seat) < game.seat_count())
                    .ok_or_else(|| corrupt(format!("a token for seat {seat}")))?;
                Ok((RoomSeat(seat), TokenHash(hash)))
            })
            .collect::<Result<Vec<_>, StorageError>>()?;
        let events = events
            .into_iter()
            .map(|(version, text)| {
                let version = u64::try_from(version)
                    .map_err(|_| corrupt(format!("an event of version {version}")))?;
                Ok((version, serde_json::from_str(&text).map_err(json)?))
            })
            .collect::<Result<Vec<_>, StorageError>>()?;
        Ok(StoredRoom {
            record,
            seat_tokens,
            events,
        })
    }
}

/// The `rules` column: Junqi's ruleset, Qiguo's seats, Junqi classic's options, `null` for
/// Xiangqi.
fn options_json(game: RoomGame) -> String {
    match game {
        RoomGame::Junqi(rules) => to_json(&rules),
        RoomGame::Xiangqi => to_json(&None::<Ruleset>),
        RoomGame::Qiguo(room) => to_json(&room.setup()),
        RoomGame::JunqiClassic { quiet_limit } => to_json(&ClassicOptions { quiet_limit }),
    }
}

/// A Junqi classic room's options as the `rules` column holds them.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ClassicOptions {
    quiet_limit: u16,
}
