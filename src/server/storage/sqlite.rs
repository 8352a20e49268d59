//! SQLite as the [`Storage`]: one file, one server. A thread owns the database and commits
//! whatever write requests have queued up in one transaction.

use super::{
    Pending, RoomRow, SCHEMA_TABLE, SCHEMA_VERSION, Storage, StorageError, StoredRoom, Write,
    options_json, pending_migrations, to_json,
};
use rusqlite::{Connection, params};
use std::path::Path;
use tokio::sync::oneshot;
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

/// A write error of SQLite: a taken key is a [`StorageError::Conflict`], an event out of
/// order (refused by the trigger `events_in_order`) a [`StorageError::NotNext`].
fn sqlite_write_error(error: rusqlite::Error) -> StorageError {
    match &error {
        rusqlite::Error::SqliteFailure(failure, _)
            if failure.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_TRIGGER =>
        {
            StorageError::NotNext(error.to_string())
        }
        _ if error.sqlite_error_code() == Some(rusqlite::ErrorCode::ConstraintViolation) => {
            StorageError::Conflict(error.to_string())
        }
        _ => StorageError::Database(error),
    }
}

impl SqliteStorage {
    /// Opens (creating if needed) the database `kawu.sqlite3` in `folder`, and brings its
    /// schema up to [`SCHEMA_VERSION`].
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
        let mut connection = Connection::open(&path)?;
        connection.busy_timeout(std::time::Duration::from_millis(500))?;
        // WAL with NORMAL sync: a committed transaction survives the process being killed (it is
        // in the log the operating system holds); only a power cut may lose the last ones.
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "NORMAL")?;
        Self::migrate(&mut connection)?;
        // A checkpoint (copying the log into the database, with an fsync) stalls every room's
        // writes behind it. A thread of its own copies the log every second, off the write
        // path; the writer's own checkpoints (every 1000 pages, SQLite's default) then find
        // little left to copy, and let the log start over so that it stays small.
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
                        tracing::warn!(%error, "checkpoint failed");
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

    /// Applies the migrations the file has not had, in one transaction.
    fn migrate(connection: &mut Connection) -> Result<(), StorageError> {
        let transaction =
            connection.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        transaction.execute_batch(SCHEMA_TABLE)?;
        let found: i64 = transaction.query_row(
            "SELECT COALESCE(MAX(version), 0) FROM schema_version",
            [],
            |row| row.get(0),
        )?;
        for migration in pending_migrations(found)? {
            transaction.execute_batch(migration.sqlite)?;
        }
        if found < SCHEMA_VERSION {
            transaction.execute("DELETE FROM schema_version", [])?;
            transaction.execute(
                "INSERT INTO schema_version (version) VALUES (?1)",
                params![SCHEMA_VERSION],
            )?;
        }
        transaction.commit()?;
        Ok(())
    }

    /// Applies every write of `batch`, or none of them.
    pub fn write(&mut self, batch: &[Write]) -> Result<(), StorageError> {
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
                            options_json(record.game),
                            to_json(&record.clock),
                            record.creator,
                        ])
                        .map_err(sqlite_write_error)?;
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
                        .execute(params![code, version, to_json(event)])
                        .map_err(sqlite_write_error)?;
                    if let Some((seat, hash)) = seat_token {
                        transaction
                            .prepare_cached(
                                "INSERT INTO seats (code, seat, token_hash) VALUES (?1, ?2, ?3)",
                            )?
                            .execute(params![code, seat.0, hash.0])
                            .map_err(sqlite_write_error)?;
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

    /// Every stored room.
    pub fn load(&mut self) -> Result<Vec<StoredRoom>, StorageError> {
        let codes = self
            .connection
            .prepare("SELECT code FROM rooms ORDER BY code")?
            .query_map([], |row| row.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        let mut rooms = Vec::with_capacity(codes.len());
        for code in codes {
            rooms.extend(self.load_room(&code, 0)?);
        }
        Ok(rooms)
    }

    /// Room `code` with its events after version `after`, if it is stored.
    pub fn load_room(
        &mut self,
        code: &str,
        after: u64,
    ) -> Result<Option<StoredRoom>, StorageError> {
        read_room(&self.connection, code, after)
    }
}

/// Room `code` with its events after version `after`, if it is stored, read on `connection`.
fn read_room(
    connection: &Connection,
    code: &str,
    after: u64,
) -> Result<Option<StoredRoom>, StorageError> {
    let mut statement = connection
        .prepare_cached("SELECT game, rules, clock, creator FROM rooms WHERE code = ?1")?;
    let mut rows = statement.query_map(params![code], |row| {
        Ok(RoomRow {
            code: code.to_string(),
            game: row.get(0)?,
            rules: row.get(1)?,
            clock: row.get(2)?,
            creator: row.get(3)?,
        })
    })?;
    let Some(row) = rows.next().transpose()? else {
        return Ok(None);
    };
    let seats = connection
        .prepare_cached("SELECT seat, token_hash FROM seats WHERE code = ?1")?
        .query_map(params![code], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<Result<Vec<(i64, String)>, _>>()?;
    let events = connection
        .prepare_cached(
            "SELECT version, event FROM events WHERE code = ?1 AND version > ?2
             ORDER BY version",
        )?
        .query_map(params![code, after], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<Result<Vec<(i64, String)>, _>>()?;
    row.decode(seats, events).map(Some)
}

/// One request to the SQLite thread.
enum Job {
    /// Writes that succeed or fail together, and who waits for them.
    Write(WriteRequest),
    /// A read: one room (after a version) or every room.
    Read {
        code: Option<String>,
        after: u64,
        done: oneshot::Sender<Result<Vec<StoredRoom>, StorageError>>,
    },
}

struct WriteRequest {
    writes: Vec<Write>,
    done: oneshot::Sender<Result<(), StorageError>>,
}

/// SQLite as a [`Storage`]: a thread that owns the database and commits whatever write
/// requests have queued up in one transaction (group commit), answering each once it is
/// durable. Reads wait for the writes queued before them.
#[derive(Clone)]
pub struct SqliteWriter {
    jobs: std::sync::mpsc::Sender<Job>,
    /// The database file, which readers open beside the writer (WAL lets them).
    path: Option<std::path::PathBuf>,
}

/// The most requests one transaction takes.
const BATCH_LIMIT: usize = 512;

impl SqliteWriter {
    /// Starts the writer thread over `storage`.
    pub fn start(mut storage: SqliteStorage) -> SqliteWriter {
        let path = storage.connection.path().map(std::path::PathBuf::from);
        let (jobs, queue) = std::sync::mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("kawu-storage".into())
            .spawn(move || {
                while let Ok(first) = queue.recv() {
                    let mut jobs = vec![first];
                    while jobs.len() < BATCH_LIMIT
                        && let Ok(next) = queue.try_recv()
                    {
                        jobs.push(next);
                    }
                    let mut batch = Vec::new();
                    for job in jobs {
                        match job {
                            Job::Write(request) => batch.push(request),
                            Job::Read { code, after, done } => {
                                commit(&mut storage, std::mem::take(&mut batch));
                                let rooms = match code {
                                    Some(code) => storage
                                        .load_room(&code, after)
                                        .map(|room| room.into_iter().collect()),
                                    None => storage.load(),
                                };
                                let _ = done.send(rooms);
                            }
                        }
                    }
                    commit(&mut storage, batch);
                }
            })
            .expect("the storage thread starts");
        SqliteWriter { jobs, path }
    }

    async fn read(
        &self,
        code: Option<String>,
        after: u64,
    ) -> Result<Vec<StoredRoom>, StorageError> {
        let (done, answer) = oneshot::channel();
        self.jobs
            .send(Job::Read { code, after, done })
            .map_err(|_| StorageError::WriterStopped)?;
        answer.await.map_err(|_| StorageError::WriterStopped)?
    }
}

impl Storage for SqliteWriter {
    fn write(&self, writes: Vec<Write>) -> Pending<'_, ()> {
        Box::pin(async move {
            let (done, answer) = oneshot::channel();
            self.jobs
                .send(Job::Write(WriteRequest { writes, done }))
                .map_err(|_| StorageError::WriterStopped)?;
            answer.await.map_err(|_| StorageError::WriterStopped)?
        })
    }

    fn load(&self) -> Pending<'_, Vec<StoredRoom>> {
        Box::pin(self.read(None, 0))
    }

    fn load_room(&self, code: String, after: u64) -> Pending<'_, Option<StoredRoom>> {
        Box::pin(async move { Ok(self.read(Some(code), after).await?.pop()) })
    }

    /// Reads on a connection of its own, on a blocking thread: never on the writer's thread.
    fn read_room(&self, code: String) -> Pending<'_, Option<StoredRoom>> {
        let Some(path) = self.path.clone() else {
            return self.load_room(code, 0);
        };
        Box::pin(async move {
            tokio::task::spawn_blocking(move || {
                let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY
                    | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX;
                let connection = Connection::open_with_flags(path, flags)?;
                connection.busy_timeout(std::time::Duration::from_millis(500))?;
                read_room(&connection, &code, 0)
            })
            .await
            .map_err(|_| StorageError::WriterStopped)?
        })
    }
}

/// Commits a batch in one transaction; if that fails, each request alone, so that one bad
/// request fails only itself.
fn commit(storage: &mut SqliteStorage, batch: Vec<WriteRequest>) {
    if batch.is_empty() {
        return;
    }
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
        let result = storage.write(&request.writes);
        let _ = request.done.send(result);
    }
}
