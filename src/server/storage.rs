//! Where rooms live between restarts: a small [`Storage`] trait, its SQLite implementation, and
//! the writer thread that batches the rooms' writes into shared transactions.

use crate::protocol::{MoveClock, RoomEvent, RoomSeat};
use crate::rules::GameKind;
use crate::rules::junqi::Ruleset;
use rusqlite::{Connection, params};
use std::path::Path;
use tokio::sync::oneshot;

/// A room as it was created: what never changes after.
#[derive(Clone, PartialEq, Debug)]
pub struct RoomRecord {
    pub code: String,
    pub game: RoomGame,
    pub clock: MoveClock,
    /// The address that opened the room (for the rooms-per-address limit).
    pub creator: String,
}

/// The game a room plays, with its options.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RoomGame {
    /// Junqi flip under these rules.
    Junqi(Ruleset),
    /// Xiangqi from the usual start.
    Xiangqi,
}

impl RoomGame {
    /// Which game this is.
    pub fn kind(self) -> GameKind {
        match self {
            RoomGame::Junqi(_) => GameKind::Junqi,
            RoomGame::Xiangqi => GameKind::Xiangqi,
        }
    }

    /// Junqi's rules, if this is Junqi.
    fn rules(self) -> Option<Ruleset> {
        match self {
            RoomGame::Junqi(rules) => Some(rules),
            RoomGame::Xiangqi => None,
        }
    }
}

/// The hex SHA-256 of a seat token: all the server keeps of it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TokenHash(pub String);

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

/// A room read back: its record, its seats' token hashes and every event in version order.
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
    #[error("stored data of room {code} is unreadable: {reason}")]
    Corrupt { code: String, reason: String },
    #[error("cannot create the data folder {path}: {source}")]
    Folder {
        path: String,
        source: std::io::Error,
    },
    #[error("the database in {path} is in use by another server")]
    InUse { path: String },
    #[error("storage refused the write: {0}")]
    Refused(String),
    #[error("the storage writer has stopped")]
    WriterStopped,
}

/// What the server needs of a database: write a batch all or nothing, read everything back.
pub trait Storage: Send {
    /// Applies every write of `batch`, or none of them.
    fn write(&mut self, batch: &[Write]) -> Result<(), StorageError>;
    /// Every stored room.
    fn load(&mut self) -> Result<Vec<StoredRoom>, StorageError>;
}

/// Rooms in one SQLite file, in write-ahead-log mode.
pub struct SqliteStorage {
    connection: Connection,
    /// Held (locked) while this storage is open: one server per database.
    _lock: std::fs::File,
    /// Dropped with the storage, which stops the checkpointing thread.
    _checkpoints: std::sync::mpsc::Sender<()>,
}

/// How often the log is copied into the database, off the write path.
const CHECKPOINT_INTERVAL: std::time::Duration = std::time::Duration::from_secs(1);

impl SqliteStorage {
    /// Opens (creating if needed) the database `kawu.sqlite3` in `folder`.
    pub fn open(folder: &Path) -> Result<SqliteStorage, StorageError> {
        std::fs::create_dir_all(folder).map_err(|source| StorageError::Folder {
            path: folder.display().to_string(),
            source,
        })?;
        // One server per database: a second one on the same folder stops here.
        let lock_path = folder.join("kawu.lock");
        let lock = std::fs::File::create(&lock_path).map_err(|source| StorageError::Folder {
            path: lock_path.display().to_string(),
            source,
        })?;
        lock.try_lock().map_err(|_| StorageError::InUse {
            path: folder.display().to_string(),
        })?;
        let path = folder.join("kawu.sqlite3");
        let connection = Connection::open(&path)?;
        connection.busy_timeout(std::time::Duration::from_millis(500))?;
        // WAL with NORMAL sync: a committed transaction survives the process being killed (it is
        // in the log the operating system holds); only a power cut may lose the last ones.
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "NORMAL")?;
        // A checkpoint (copying the log into the database, with an fsync) stalls every room's
        // writes behind it. A thread of its own copies the log every second, off the write
        // path; the writer's own checkpoints (every 1000 pages, SQLite's default) then find
        // little left to copy, and let the log start over so that it stays small.
        connection.execute_batch(
            "CREATE TABLE IF NOT EXISTS rooms (
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
        )?;
        let checkpointer = Connection::open(&path)?;
        let (checkpoints, stop) = std::sync::mpsc::channel::<()>();
        std::thread::Builder::new()
            .name("kawu-checkpoint".into())
            .spawn(move || {
                while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                    stop.recv_timeout(CHECKPOINT_INTERVAL)
                {
                    // PASSIVE: copies what it can without waiting for the writer.
                    if let Err(error) =
                        checkpointer.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))
                    {
                        eprintln!("kawu-server: checkpoint: {error}");
                    }
                }
            })
            .map_err(|source| StorageError::Folder {
                path: folder.display().to_string(),
                source,
            })?;
        Ok(SqliteStorage {
            connection,
            _lock: lock,
            _checkpoints: checkpoints,
        })
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("protocol types always serialise")
}

impl Storage for SqliteStorage {
    fn write(&mut self, batch: &[Write]) -> Result<(), StorageError> {
        let transaction = self.connection.transaction()?;
        for write in batch {
            match write {
                Write::CreateRoom(record) => {
                    transaction
                        .prepare_cached(
                            "INSERT INTO rooms (code, game, rules, clock, creator)
                             VALUES (?1, ?2, ?3, ?4, ?5)",
                        )?
                        .execute(params![
                            record.code,
                            to_json(&record.game.kind()),
                            to_json(&record.game.rules()),
                            to_json(&record.clock),
                            record.creator,
                        ])?;
                }
                Write::AppendEvent {
                    code,
                    version,
                    event,
                    seat_token,
                } => {
                    transaction
                        .prepare_cached(
                            "INSERT INTO events (code, version, event) VALUES (?1, ?2, ?3)",
                        )?
                        .execute(params![code, version, to_json(event)])?;
                    if let Some((seat, hash)) = seat_token {
                        transaction
                            .prepare_cached(
                                "INSERT INTO seats (code, seat, token_hash) VALUES (?1, ?2, ?3)",
                            )?
                            .execute(params![code, seat.0, hash.0])?;
                    }
                }
                Write::DeleteRoom { code } => {
                    for table in ["events", "seats", "rooms"] {
                        transaction
                            .prepare_cached(&format!("DELETE FROM {table} WHERE code = ?1"))?
                            .execute(params![code])?;
                    }
                }
            }
        }
        transaction.commit()?;
        Ok(())
    }

    fn load(&mut self) -> Result<Vec<StoredRoom>, StorageError> {
        let mut rooms = Vec::new();
        let mut statement = self
            .connection
            .prepare("SELECT code, game, rules, clock, creator FROM rooms ORDER BY code")?;
        let records = statement.query_map([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(2)?,
                row.get::<_, String>(3)?,
                row.get::<_, String>(4)?,
            ))
        })?;
        for record in records {
            let (code, game, rules, clock, creator) = record?;
            let corrupt = |reason: serde_json::Error| StorageError::Corrupt {
                code: code.clone(),
                reason: reason.to_string(),
            };
            // The rules column holds Junqi's ruleset, `null` for Xiangqi; rooms stored before
            // Xiangqi came are Junqi rooms written the same way.
            let game = match serde_json::from_str(&game).map_err(corrupt)? {
                GameKind::Junqi => RoomGame::Junqi(serde_json::from_str(&rules).map_err(corrupt)?),
                GameKind::Xiangqi => RoomGame::Xiangqi,
                // The server never opens a Qiguo room, so a stored one is damage.
                GameKind::Qiguo => {
                    return Err(StorageError::Corrupt {
                        code: code.clone(),
                        reason: "a Qiguo room, which the server never opens".to_string(),
                    });
                }
            };
            let record = RoomRecord {
                game,
                clock: serde_json::from_str(&clock).map_err(corrupt)?,
                code: code.clone(),
                creator,
            };
            let mut seats = self
                .connection
                .prepare_cached("SELECT seat, token_hash FROM seats WHERE code = ?1")?;
            let seat_tokens = seats
                .query_map(params![code], |row| {
                    Ok((RoomSeat(row.get(0)?), TokenHash(row.get(1)?)))
                })?
                .collect::<Result<Vec<_>, _>>()?;
            let mut events = self.connection.prepare_cached(
                "SELECT version, event FROM events WHERE code = ?1 ORDER BY version",
            )?;
            let events = events
                .query_map(params![code], |row| {
                    Ok((row.get::<_, u64>(0)?, row.get::<_, String>(1)?))
                })?
                .map(|row| {
                    let (version, text) = row?;
                    Ok((version, serde_json::from_str(&text).map_err(corrupt)?))
                })
                .collect::<Result<Vec<_>, StorageError>>()?;
            rooms.push(StoredRoom {
                record,
                seat_tokens,
                events,
            });
        }
        Ok(rooms)
    }
}

/// One request to the writer: writes that succeed or fail together, and who waits for them.
struct WriteRequest {
    writes: Vec<Write>,
    done: oneshot::Sender<Result<(), String>>,
}

/// The rooms' way to storage: a thread that owns the database and commits whatever requests
/// have queued up in one transaction (group commit), answering each once it is durable.
#[derive(Clone)]
pub struct Writer {
    requests: std::sync::mpsc::Sender<WriteRequest>,
}

/// The most requests one transaction takes.
const BATCH_LIMIT: usize = 512;

impl Writer {
    /// Starts the writer thread over `storage`.
    pub fn start(mut storage: Box<dyn Storage>) -> Writer {
        let (requests, queue) = std::sync::mpsc::channel::<WriteRequest>();
        std::thread::Builder::new()
            .name("kawu-storage".into())
            .spawn(move || {
                while let Ok(first) = queue.recv() {
                    let mut batch = vec![first];
                    while batch.len() < BATCH_LIMIT
                        && let Ok(next) = queue.try_recv()
                    {
                        batch.push(next);
                    }
                    commit(storage.as_mut(), batch);
                }
            })
            .expect("the storage thread starts");
        Writer { requests }
    }

    /// Stores `writes` together; returns once they are committed.
    pub async fn write(&self, writes: Vec<Write>) -> Result<(), StorageError> {
        let (done, answer) = oneshot::channel();
        self.requests
            .send(WriteRequest { writes, done })
            .map_err(|_| StorageError::WriterStopped)?;
        match answer.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(reason)) => Err(StorageError::Refused(reason)),
            Err(_) => Err(StorageError::WriterStopped),
        }
    }
}

/// Commits a batch in one transaction; if that fails, each request alone, so that one bad
/// request fails only itself.
fn commit(storage: &mut dyn Storage, batch: Vec<WriteRequest>) {
    let all: Vec<Write> = batch
        .iter()
        .flat_map(|r| r.writes.iter().cloned())
        .collect();
    if storage.write(&all).is_ok() {
        for request in batch {
            let _ = request.done.send(Ok(()));
        }
        return;
    }
    for request in batch {
        let result = storage.write(&request.writes).map_err(|e| e.to_string());
        let _ = request.done.send(result);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(code: &str) -> RoomRecord {
        RoomRecord {
            code: code.into(),
            game: RoomGame::Junqi(Ruleset::default()),
            clock: MoveClock::Seconds60,
            creator: "127.0.0.1".into(),
        }
    }

    fn event(code: &str, version: u64, seat: u8) -> Write {
        Write::AppendEvent {
            code: code.into(),
            version,
            event: RoomEvent::SeatTaken {
                seat: RoomSeat(seat),
            },
            seat_token: Some((RoomSeat(seat), TokenHash(format!("hash{seat}")))),
        }
    }

    fn folder(name: &str) -> std::path::PathBuf {
        let folder =
            std::env::temp_dir().join(format!("kawu-storage-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        folder
    }

    #[test]
    fn rooms_read_back_as_written_and_expired_rooms_are_gone() {
        let folder = folder("round-trip");
        {
            let mut storage = SqliteStorage::open(&folder).unwrap();
            storage
                .write(&[
                    Write::CreateRoom(record("AAAAAAAAAA")),
                    event("AAAAAAAAAA", 1, 0),
                ])
                .unwrap();
            storage
                .write(&[
                    Write::CreateRoom(record("BBBBBBBBBB")),
                    event("BBBBBBBBBB", 1, 0),
                ])
                .unwrap();
            storage.write(&[event("AAAAAAAAAA", 2, 1)]).unwrap();
            storage
                .write(&[Write::DeleteRoom {
                    code: "BBBBBBBBBB".into(),
                }])
                .unwrap();
        }
        let rooms = SqliteStorage::open(&folder).unwrap().load().unwrap();
        assert_eq!(rooms.len(), 1);
        assert_eq!(rooms[0].record, record("AAAAAAAAAA"));
        assert_eq!(rooms[0].events.len(), 2);
        assert_eq!(rooms[0].events[1].0, 2);
        assert_eq!(rooms[0].seat_tokens.len(), 2);
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn a_batch_is_all_or_nothing_and_one_bad_request_fails_alone() {
        let folder = folder("batch");
        let mut storage = SqliteStorage::open(&folder).unwrap();
        storage
            .write(&[
                Write::CreateRoom(record("AAAAAAAAAA")),
                event("AAAAAAAAAA", 1, 0),
            ])
            .unwrap();
        // Version 1 again: the whole batch fails, its first write too.
        let duplicate = [event("AAAAAAAAAA", 2, 1), event("AAAAAAAAAA", 1, 0)];
        assert!(storage.write(&duplicate).is_err());
        assert_eq!(storage.load().unwrap()[0].events.len(), 1);

        let writer = Writer::start(Box::new(storage));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            let (good, bad) = tokio::join!(
                writer.write(vec![event("AAAAAAAAAA", 2, 1)]),
                writer.write(vec![event("AAAAAAAAAA", 1, 0)]),
            );
            assert!(good.is_ok());
            assert!(matches!(bad, Err(StorageError::Refused(_))));
        });
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn a_xiangqi_room_reads_back_with_its_moves() {
        let folder = folder("xiangqi");
        let record = RoomRecord {
            game: RoomGame::Xiangqi,
            ..record("CCCCCCCCCC")
        };
        let played = RoomEvent::Played {
            seat: RoomSeat(0),
            played: crate::protocol::Played::Xiangqi(crate::protocol::XiangqiPlayed {
                mv: "h2e2".parse().unwrap(),
            }),
        };
        {
            let mut storage = SqliteStorage::open(&folder).unwrap();
            storage
                .write(&[
                    Write::CreateRoom(record.clone()),
                    event("CCCCCCCCCC", 1, 0),
                    event("CCCCCCCCCC", 2, 1),
                    Write::AppendEvent {
                        code: "CCCCCCCCCC".into(),
                        version: 3,
                        event: played.clone(),
                        seat_token: None,
                    },
                ])
                .unwrap();
        }
        let rooms = SqliteStorage::open(&folder).unwrap().load().unwrap();
        assert_eq!(rooms[0].record, record);
        assert_eq!(rooms[0].events[2], (3, played));
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn rooms_stored_before_xiangqi_still_load() {
        // A Junqi room row and a flip event exactly as the server wrote them before rooms
        // named other games.
        let folder = folder("before-xiangqi");
        drop(SqliteStorage::open(&folder).unwrap());
        let connection = Connection::open(folder.join("kawu.sqlite3")).unwrap();
        connection
            .execute_batch(
                r#"INSERT INTO rooms VALUES ('DDDDDDDDDD', '"junqi"',
                    '{"colours":"TwoInARow","headquarters_lock":false,"flag_after_mines":false,"only_engineers_take_flag":false,"quiet_ply_limit":60}',
                    '"30s"', '127.0.0.1');
                INSERT INTO events VALUES ('DDDDDDDDDD', 1, '{"type":"seat_taken","seat":0}');
                INSERT INTO events VALUES ('DDDDDDDDDD', 2, '{"type":"played","seat":0,"played":{"action":"c3","revealed":{"color":"Blue","kind":"Engineer"}}}');"#,
            )
            .unwrap();
        drop(connection);
        let rooms = SqliteStorage::open(&folder).unwrap().load().unwrap();
        let RoomGame::Junqi(rules) = rooms[0].record.game else {
            panic!("{:?}", rooms[0].record.game);
        };
        assert_eq!(rules.quiet_ply_limit, 60);
        assert_eq!(rooms[0].record.clock, MoveClock::Seconds30);
        assert!(matches!(
            rooms[0].events[1].1,
            RoomEvent::Played {
                played: crate::protocol::Played::Junqi(_),
                ..
            }
        ));
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn a_second_server_cannot_open_the_same_database() {
        let folder = folder("exclusive");
        let _first = SqliteStorage::open(&folder).unwrap();
        assert!(SqliteStorage::open(&folder).is_err());
        let _ = std::fs::remove_dir_all(&folder);
    }
}
