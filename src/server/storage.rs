//! Where rooms live between restarts: a small [`Storage`] trait and its two backends. SQLite
//! (one file, one server: the default) is a thread that owns the database and batches the
//! rooms' writes into shared transactions; PostgreSQL (several server nodes on one database) is
//! a pool of connections, and its writes also tell the other nodes what was stored
//! (`NOTIFY`). Both share one list of migrations and a schema version table.

use super::cluster::Notice;
use crate::protocol::{MoveClock, OnLeave, QiguoSetup, RoomEvent, RoomSeat, SeatPlan};
use crate::rules::GameKind;
use crate::rules::junqi::Ruleset;
use crate::rules::qiguo::Seating;
use rusqlite::{Connection, params};
use std::future::Future;
use std::path::Path;
use std::pin::Pin;
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
    /// Qiguo Xiangqi with these seats.
    Qiguo(QiguoRoom),
}

impl RoomGame {
    /// Which game this is.
    pub fn kind(self) -> GameKind {
        match self {
            RoomGame::Junqi(_) => GameKind::Junqi,
            RoomGame::Xiangqi => GameKind::Xiangqi,
            RoomGame::Qiguo(_) => GameKind::Qiguo,
        }
    }

    /// How many seats the room has.
    pub fn seat_count(self) -> usize {
        match self {
            RoomGame::Junqi(_) | RoomGame::Xiangqi => 2,
            RoomGame::Qiguo(room) => room.seat_count(),
        }
    }

    /// The `rules` column: Junqi's ruleset, Qiguo's seats, `null` for Xiangqi.
    fn options_json(self) -> String {
        match self {
            RoomGame::Junqi(rules) => to_json(&rules),
            RoomGame::Xiangqi => to_json(&None::<Ruleset>),
            RoomGame::Qiguo(room) => to_json(&room.setup()),
        }
    }
}

/// A Qiguo room's seats as the host planned them, and what leaving does: a checked
/// [`QiguoSetup`] in a form that copies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct QiguoRoom {
    plans: [SeatPlan; 7],
    count: u8,
    pub on_leave: OnLeave,
}

impl QiguoRoom {
    /// The room `setup` asks for, or why there is none.
    pub fn new(setup: &QiguoSetup) -> Result<QiguoRoom, String> {
        setup.check()?;
        let mut plans = [SeatPlan::Friend; 7];
        plans[..setup.seats.len()].copy_from_slice(&setup.seats);
        Ok(QiguoRoom {
            plans,
            count: setup.seats.len() as u8,
            on_leave: setup.on_leave,
        })
    }

    /// The setup this room was made from.
    pub fn setup(&self) -> QiguoSetup {
        QiguoSetup {
            seats: self.plans[..self.seat_count()].to_vec(),
            on_leave: self.on_leave,
        }
    }

    /// How many seats: 3 to 7.
    pub fn seat_count(&self) -> usize {
        usize::from(self.count)
    }

    /// Who the host meant to play `seat`.
    pub fn plan(&self, seat: RoomSeat) -> SeatPlan {
        self.plans[seat.index()]
    }

    /// The game's seats and alliances.
    pub fn seating(&self) -> Seating {
        Seating::for_players(self.seat_count()).expect("a checked room has 3 to 7 seats")
    }
}

/// The hex SHA-256 of a seat token: all the server keeps of it.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
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
    /// taken already fails with [`StorageError::Conflict`].
    fn write(&self, writes: Vec<Write>) -> Pending<'_, ()>;
    /// Every stored room.
    fn load(&self) -> Pending<'_, Vec<StoredRoom>>;
    /// Room `code` with its events after version `after` (0: all), if it is stored.
    fn load_room(&self, code: String, after: u64) -> Pending<'_, Option<StoredRoom>>;
}

/// One step of the schema, written for each backend with the same meaning.
struct Migration {
    version: i64,
    sqlite: &'static str,
    postgres: &'static str,
}

/// The schema, step by step. Version 1 is the schema of the servers from before this table
/// (`IF NOT EXISTS`: an old SQLite file has its tables already, and gets version 1 recorded).
const MIGRATIONS: &[Migration] = &[Migration {
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
}];

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

/// A write error of SQLite: a taken key is a [`StorageError::Conflict`].
fn sqlite_write_error(error: rusqlite::Error) -> StorageError {
    if error.sqlite_error_code() == Some(rusqlite::ErrorCode::ConstraintViolation) {
        StorageError::Conflict(error.to_string())
    } else {
        StorageError::Database(error)
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
                            record.game.options_json(),
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
        let mut statement = self
            .connection
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
        let seats = self
            .connection
            .prepare_cached("SELECT seat, token_hash FROM seats WHERE code = ?1")?
            .query_map(params![code], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect::<Result<Vec<(i64, String)>, _>>()?;
        let events = self
            .connection
            .prepare_cached(
                "SELECT version, event FROM events WHERE code = ?1 AND version > ?2
                 ORDER BY version",
            )?
            .query_map(params![code, after], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect::<Result<Vec<(i64, String)>, _>>()?;
        row.decode(seats, events).map(Some)
    }
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
        // The rules column holds Junqi's ruleset, Qiguo's seats, `null` for Xiangqi; rooms
        // stored before Xiangqi came are Junqi rooms written the same way.
        let game = match serde_json::from_str(&self.game).map_err(json)? {
            GameKind::Junqi => RoomGame::Junqi(serde_json::from_str(&self.rules).map_err(json)?),
            GameKind::Xiangqi => RoomGame::Xiangqi,
            GameKind::Qiguo => {
                let setup: QiguoSetup = serde_json::from_str(&self.rules).map_err(json)?;
                RoomGame::Qiguo(QiguoRoom::new(&setup).map_err(corrupt)?)
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
}

/// The most requests one transaction takes.
const BATCH_LIMIT: usize = 512;

impl SqliteWriter {
    /// Starts the writer thread over `storage`.
    pub fn start(mut storage: SqliteStorage) -> SqliteWriter {
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
        SqliteWriter { jobs }
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

/// Connections one node keeps to PostgreSQL for its rooms' writes and reads (the fan-out
/// listens on one more).
const POOL_SIZE: usize = 16;

/// How long a write or read waits for a connection, or for connecting, before it fails (and
/// the room answers `unavailable`).
const POOL_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// The channel of `NOTIFY`: every node `LISTEN`s on it.
pub const CHANNEL: &str = "kawu";

/// A write error of PostgreSQL: a taken key is a [`StorageError::Conflict`].
fn postgres_write_error(error: tokio_postgres::Error) -> StorageError {
    if error.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) {
        StorageError::Conflict(error.to_string())
    } else {
        StorageError::Postgres(error)
    }
}

fn pool_error(error: deadpool_postgres::PoolError) -> StorageError {
    StorageError::Pool(error.to_string())
}

/// Rooms in a PostgreSQL database that several nodes share. Each committed event is also sent
/// to every node with `NOTIFY` in the same transaction, so a node hears of exactly the events
/// that were stored, once they are.
pub struct PostgresStorage {
    pool: deadpool_postgres::Pool,
}

impl PostgresStorage {
    /// Connects to the database at `url` (`postgres://user@host:port/name`) and brings its
    /// schema up to [`SCHEMA_VERSION`]; nodes starting together migrate one after the other.
    pub async fn open(url: &str) -> Result<PostgresStorage, StorageError> {
        let config: tokio_postgres::Config = url.parse()?;
        let manager = deadpool_postgres::Manager::from_config(
            config,
            tokio_postgres::NoTls,
            deadpool_postgres::ManagerConfig {
                recycling_method: deadpool_postgres::RecyclingMethod::Fast,
            },
        );
        let pool = deadpool_postgres::Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .wait_timeout(Some(POOL_TIMEOUT))
            .create_timeout(Some(POOL_TIMEOUT))
            .build()
            .map_err(|error| StorageError::Pool(error.to_string()))?;
        let mut client = pool.get().await.map_err(pool_error)?;
        let transaction = client.transaction().await?;
        // Any number: the key of the lock that keeps two nodes from migrating at once.
        transaction
            .batch_execute("SELECT pg_advisory_xact_lock(727270)")
            .await?;
        transaction.batch_execute(SCHEMA_TABLE).await?;
        let found: i64 = transaction
            .query_one(
                "SELECT COALESCE(MAX(version), 0)::BIGINT FROM schema_version",
                &[],
            )
            .await?
            .get(0);
        for migration in pending_migrations(found)? {
            transaction.batch_execute(migration.postgres).await?;
        }
        if found < SCHEMA_VERSION {
            transaction
                .batch_execute("DELETE FROM schema_version")
                .await?;
            transaction
                .execute(
                    "INSERT INTO schema_version (version) VALUES ($1)",
                    &[&SCHEMA_VERSION],
                )
                .await?;
        }
        transaction.commit().await?;
        drop(client);
        Ok(PostgresStorage { pool })
    }

    /// The pool, for the notices a node sends outside its writes (presence, heartbeats).
    pub fn pool(&self) -> &deadpool_postgres::Pool {
        &self.pool
    }

    async fn write_all(&self, writes: Vec<Write>) -> Result<(), StorageError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        let transaction = client.transaction().await?;
        let notify = transaction
            .prepare_cached("SELECT pg_notify($1, $2)")
            .await?;
        for write in &writes {
            match write {
                Write::CreateRoom(record) => {
                    let insert = transaction
                        .prepare_cached(
                            "INSERT INTO rooms (code, game, rules, clock, creator)
                             VALUES ($1, $2, $3, $4, $5)",
                        )
                        .await?;
                    transaction
                        .execute(
                            &insert,
                            &[
                                &record.code,
                                &to_json(&record.game.kind()),
                                &record.game.options_json(),
                                &to_json(&record.clock),
                                &record.creator,
                            ],
                        )
                        .await
                        .map_err(postgres_write_error)?;
                }
                Write::AppendEvent {
                    code,
                    version,
                    event,
                    seat_token,
                } => {
                    let stored_version =
                        i64::try_from(*version).map_err(|_| StorageError::Corrupt {
                            code: code.clone(),
                            reason: format!("version {version} is too large to store"),
                        })?;
                    let insert = transaction
                        .prepare_cached(
                            "INSERT INTO events (code, version, event) VALUES ($1, $2, $3)",
                        )
                        .await?;
                    transaction
                        .execute(&insert, &[code, &stored_version, &to_json(event)])
                        .await
                        .map_err(postgres_write_error)?;
                    if let Some((seat, hash)) = seat_token {
                        let insert = transaction
                            .prepare_cached(
                                "INSERT INTO seats (code, seat, token_hash) VALUES ($1, $2, $3)",
                            )
                            .await?;
                        transaction
                            .execute(&insert, &[code, &i32::from(seat.0), &hash.0])
                            .await
                            .map_err(postgres_write_error)?;
                    }
                    let notice = Notice::event(code, *version, event, seat_token.as_ref());
                    transaction.execute(&notify, &[&CHANNEL, &notice]).await?;
                }
                Write::DeleteRoom { code } => {
                    for table in ["events", "seats", "rooms"] {
                        let delete = transaction
                            .prepare_cached(&format!("DELETE FROM {table} WHERE code = $1"))
                            .await?;
                        transaction.execute(&delete, &[code]).await?;
                    }
                    let notice = Notice::Deleted { code: code.clone() }.payload();
                    transaction.execute(&notify, &[&CHANNEL, &notice]).await?;
                }
            }
        }
        transaction.commit().await.map_err(postgres_write_error)?;
        Ok(())
    }

    async fn read(
        &self,
        code: Option<String>,
        after: u64,
    ) -> Result<Vec<StoredRoom>, StorageError> {
        let after = i64::try_from(after).unwrap_or(i64::MAX);
        let mut client = self.pool.get().await.map_err(pool_error)?;
        // One snapshot: a seat's token and its `seat_taken` event are read together or not at
        // all.
        let transaction = client
            .build_transaction()
            .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()
            .await?;
        let rows = match &code {
            Some(code) => {
                transaction
                    .query(
                        "SELECT code, game, rules, clock, creator FROM rooms WHERE code = $1",
                        &[code],
                    )
                    .await?
            }
            None => {
                transaction
                    .query(
                        "SELECT code, game, rules, clock, creator FROM rooms ORDER BY code",
                        &[],
                    )
                    .await?
            }
        };
        let seats_of = transaction
            .prepare_cached("SELECT seat, token_hash FROM seats WHERE code = $1")
            .await?;
        let events_of = transaction
            .prepare_cached(
                "SELECT version, event FROM events WHERE code = $1 AND version > $2
                 ORDER BY version",
            )
            .await?;
        let mut rooms = Vec::with_capacity(rows.len());
        for row in rows {
            let row = RoomRow {
                code: row.try_get(0)?,
                game: row.try_get(1)?,
                rules: row.try_get(2)?,
                clock: row.try_get(3)?,
                creator: row.try_get(4)?,
            };
            let seats = transaction
                .query(&seats_of, &[&row.code])
                .await?
                .iter()
                .map(|seat| Ok((i64::from(seat.try_get::<_, i32>(0)?), seat.try_get(1)?)))
                .collect::<Result<Vec<_>, tokio_postgres::Error>>()?;
            let events = transaction
                .query(&events_of, &[&row.code, &after])
                .await?
                .iter()
                .map(|event| Ok((event.try_get(0)?, event.try_get(1)?)))
                .collect::<Result<Vec<_>, tokio_postgres::Error>>()?;
            rooms.push(row.decode(seats, events)?);
        }
        transaction.commit().await?;
        Ok(rooms)
    }
}

impl Storage for PostgresStorage {
    fn write(&self, writes: Vec<Write>) -> Pending<'_, ()> {
        Box::pin(self.write_all(writes))
    }

    fn load(&self) -> Pending<'_, Vec<StoredRoom>> {
        Box::pin(self.read(None, 0))
    }

    fn load_room(&self, code: String, after: u64) -> Pending<'_, Option<StoredRoom>> {
        Box::pin(async move { Ok(self.read(Some(code), after).await?.pop()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

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

    fn played(code: &str, version: u64, mv: &str) -> Write {
        Write::AppendEvent {
            code: code.into(),
            version,
            event: RoomEvent::Played {
                seat: RoomSeat(0),
                played: crate::protocol::Played::Xiangqi(crate::protocol::XiangqiPlayed {
                    mv: mv.parse().unwrap(),
                }),
            },
            seat_token: None,
        }
    }

    fn folder(name: &str) -> std::path::PathBuf {
        let folder =
            std::env::temp_dir().join(format!("kawu-storage-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        folder
    }

    /// The PostgreSQL server the tests may use: `KAWU_TEST_POSTGRES`, a URL without a database
    /// name whose user may create databases (`scripts/cluster.sh` starts one and sets it).
    fn postgres_server() -> Option<String> {
        match std::env::var("KAWU_TEST_POSTGRES") {
            Ok(url) if !url.is_empty() => Some(url.trim_end_matches('/').to_string()),
            _ => {
                eprintln!(
                    "WARNING: KAWU_TEST_POSTGRES is not set: the storage tests run on SQLite \
                     only (scripts/cluster.sh runs them on PostgreSQL too)"
                );
                None
            }
        }
    }

    /// A new, empty PostgreSQL database named after the test; its URL.
    async fn postgres_database(server: &str, name: &str) -> String {
        let database = format!("kawu_test_{name}_{}", std::process::id()).replace('-', "_");
        let (client, connection) =
            tokio_postgres::connect(&format!("{server}/postgres"), tokio_postgres::NoTls)
                .await
                .expect("the test PostgreSQL server answers");
        tokio::spawn(connection);
        // One statement at a time: several in one query would make a transaction, where
        // neither may run.
        for statement in ["DROP DATABASE IF EXISTS", "CREATE DATABASE"] {
            client
                .batch_execute(&format!("{statement} {database}"))
                .await
                .unwrap();
        }
        format!("{server}/{database}")
    }

    /// Runs `test` against a fresh SQLite database, then a fresh PostgreSQL one when the tests
    /// have a server.
    fn on_both<F, T>(name: &str, test: F)
    where
        F: Fn(Arc<dyn Storage>) -> T,
        T: Future<Output = ()>,
    {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let folder = folder(name);
        let sqlite = SqliteWriter::start(SqliteStorage::open(&folder).unwrap());
        runtime.block_on(test(Arc::new(sqlite)));
        if let Some(server) = postgres_server() {
            runtime.block_on(async {
                let url = postgres_database(&server, name).await;
                let postgres = PostgresStorage::open(&url).await.unwrap();
                test(Arc::new(postgres)).await;
            });
        }
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn rooms_read_back_as_written_and_expired_rooms_are_gone() {
        on_both("round-trip", |storage| async move {
            storage
                .write(vec![
                    Write::CreateRoom(record("AAAAAAAAAA")),
                    event("AAAAAAAAAA", 1, 0),
                ])
                .await
                .unwrap();
            storage
                .write(vec![
                    Write::CreateRoom(record("BBBBBBBBBB")),
                    event("BBBBBBBBBB", 1, 0),
                ])
                .await
                .unwrap();
            storage
                .write(vec![event("AAAAAAAAAA", 2, 1)])
                .await
                .unwrap();
            storage
                .write(vec![Write::DeleteRoom {
                    code: "BBBBBBBBBB".into(),
                }])
                .await
                .unwrap();
            let rooms = storage.load().await.unwrap();
            assert_eq!(rooms.len(), 1);
            assert_eq!(rooms[0].record, record("AAAAAAAAAA"));
            assert_eq!(rooms[0].events.len(), 2);
            assert_eq!(rooms[0].events[1].0, 2);
            assert_eq!(
                rooms[0].seat_tokens,
                vec![
                    (RoomSeat(0), TokenHash("hash0".into())),
                    (RoomSeat(1), TokenHash("hash1".into()))
                ]
            );
            assert!(
                storage
                    .load_room("BBBBBBBBBB".into(), 0)
                    .await
                    .unwrap()
                    .is_none()
            );
        });
    }

    #[test]
    fn a_taken_version_is_a_conflict_and_a_batch_is_all_or_nothing() {
        on_both("batch", |storage| async move {
            storage
                .write(vec![
                    Write::CreateRoom(record("AAAAAAAAAA")),
                    event("AAAAAAAAAA", 1, 0),
                ])
                .await
                .unwrap();
            // Version 1 again: the whole write fails as a conflict, its first event too.
            let duplicate = vec![event("AAAAAAAAAA", 2, 1), event("AAAAAAAAAA", 1, 0)];
            assert!(matches!(
                storage.write(duplicate).await,
                Err(StorageError::Conflict(_))
            ));
            // A code taken already, too.
            assert!(matches!(
                storage
                    .write(vec![Write::CreateRoom(record("AAAAAAAAAA"))])
                    .await,
                Err(StorageError::Conflict(_))
            ));
            let room = storage.load_room("AAAAAAAAAA".into(), 0).await.unwrap();
            assert_eq!(room.unwrap().events.len(), 1);
            // Two writers racing for version 2 at once: exactly one wins.
            let (first, second) = tokio::join!(
                storage.write(vec![event("AAAAAAAAAA", 2, 1)]),
                storage.write(vec![played("AAAAAAAAAA", 2, "h2e2")]),
            );
            assert!(
                first.is_ok() != second.is_ok(),
                "{first:?} and {second:?}: exactly one wins"
            );
            assert!(matches!(
                first.err().or(second.err()),
                Some(StorageError::Conflict(_))
            ));
            let room = storage.load_room("AAAAAAAAAA".into(), 0).await.unwrap();
            assert_eq!(room.unwrap().events.len(), 2);
        });
    }

    #[test]
    fn a_room_reads_back_from_a_version_on() {
        on_both("after", |storage| async move {
            let xiangqi = RoomRecord {
                game: RoomGame::Xiangqi,
                ..record("CCCCCCCCCC")
            };
            storage
                .write(vec![
                    Write::CreateRoom(xiangqi.clone()),
                    event("CCCCCCCCCC", 1, 0),
                    event("CCCCCCCCCC", 2, 1),
                    played("CCCCCCCCCC", 3, "h2e2"),
                ])
                .await
                .unwrap();
            let all = storage.load_room("CCCCCCCCCC".into(), 0).await.unwrap();
            let all = all.unwrap();
            assert_eq!(all.record, xiangqi);
            assert_eq!(all.events.len(), 3);
            let later = storage.load_room("CCCCCCCCCC".into(), 2).await.unwrap();
            let later = later.unwrap();
            assert_eq!(later.events, all.events[2..].to_vec());
            assert_eq!(later.seat_tokens.len(), 2);
            let none = storage.load_room("CCCCCCCCCC".into(), 3).await.unwrap();
            assert!(none.unwrap().events.is_empty());
        });
    }

    #[test]
    fn a_qiguo_room_reads_back_with_its_seats_and_events() {
        on_both("qiguo", |storage| async move {
            let setup: QiguoSetup = serde_json::from_str(
                r#"{"seats": ["friend", {"computer": "hard"}, "friend", "friend", "friend", {"computer": "easy"}, "friend"], "on_leave": "resign"}"#,
            )
            .unwrap();
            let qiguo = RoomRecord {
                game: RoomGame::Qiguo(QiguoRoom::new(&setup).unwrap()),
                ..record("QQQQQQQQQQ")
            };
            let withdrew = RoomEvent::Withdrew {
                seat: RoomSeat(6),
                states: "k".into(),
                reason: crate::protocol::WithdrawReason::Resigned,
            };
            storage
                .write(vec![
                    Write::CreateRoom(qiguo.clone()),
                    event("QQQQQQQQQQ", 1, 0),
                    event("QQQQQQQQQQ", 2, 6),
                    Write::AppendEvent {
                        code: "QQQQQQQQQQ".into(),
                        version: 3,
                        event: withdrew.clone(),
                        seat_token: None,
                    },
                ])
                .await
                .unwrap();
            let room = storage.load_room("QQQQQQQQQQ".into(), 0).await.unwrap();
            let room = room.unwrap();
            assert_eq!(room.record, qiguo);
            let RoomGame::Qiguo(read) = room.record.game else {
                panic!("{:?}", room.record.game);
            };
            assert_eq!(read.setup(), setup);
            assert_eq!(read.seat_count(), 7);
            assert_eq!(
                room.seat_tokens[1],
                (RoomSeat(6), TokenHash("hash6".into()))
            );
            assert_eq!(room.events[2], (3, withdrew));
        });
    }

    #[test]
    fn sqlite_rooms_survive_reopening() {
        let folder = folder("reopen");
        {
            let mut storage = SqliteStorage::open(&folder).unwrap();
            storage
                .write(&[
                    Write::CreateRoom(record("AAAAAAAAAA")),
                    event("AAAAAAAAAA", 1, 0),
                ])
                .unwrap();
        }
        let rooms = SqliteStorage::open(&folder).unwrap().load().unwrap();
        assert_eq!(rooms.len(), 1);
        assert_eq!(rooms[0].events.len(), 1);
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn rooms_stored_before_xiangqi_and_the_schema_table_still_load() {
        // The tables, a Junqi room row and a flip event exactly as the server wrote them before
        // rooms named other games, and before the schema had a version.
        let folder = folder("before-xiangqi");
        std::fs::create_dir_all(&folder).unwrap();
        let connection = Connection::open(folder.join("kawu.sqlite3")).unwrap();
        connection
            .execute_batch(
                r#"CREATE TABLE rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL,
                    rules TEXT NOT NULL, clock TEXT NOT NULL, creator TEXT NOT NULL);
                CREATE TABLE seats (code TEXT NOT NULL, seat INTEGER NOT NULL,
                    token_hash TEXT NOT NULL, PRIMARY KEY (code, seat)) WITHOUT ROWID;
                CREATE TABLE events (code TEXT NOT NULL, version INTEGER NOT NULL,
                    event TEXT NOT NULL, PRIMARY KEY (code, version)) WITHOUT ROWID;
                INSERT INTO rooms VALUES ('DDDDDDDDDD', '"junqi"',
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
        let connection = Connection::open(folder.join("kawu.sqlite3")).unwrap();
        let version: i64 = connection
            .query_row("SELECT version FROM schema_version", [], |row| row.get(0))
            .unwrap();
        assert_eq!(version, SCHEMA_VERSION);
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[test]
    fn a_database_of_a_newer_schema_is_refused_on_both_backends() {
        let folder = folder("newer");
        drop(SqliteStorage::open(&folder).unwrap());
        let connection = Connection::open(folder.join("kawu.sqlite3")).unwrap();
        connection
            .execute("UPDATE schema_version SET version = version + 1", [])
            .unwrap();
        drop(connection);
        assert!(matches!(
            SqliteStorage::open(&folder),
            Err(StorageError::NewerSchema { .. })
        ));
        let _ = std::fs::remove_dir_all(&folder);
        if let Some(server) = postgres_server() {
            let runtime = tokio::runtime::Runtime::new().unwrap();
            runtime.block_on(async {
                let url = postgres_database(&server, "newer").await;
                // Opening twice migrates once.
                drop(PostgresStorage::open(&url).await.unwrap());
                let storage = PostgresStorage::open(&url).await.unwrap();
                let client = storage.pool().get().await.unwrap();
                let rows = client
                    .query("SELECT version FROM schema_version", &[])
                    .await
                    .unwrap();
                assert_eq!(rows.len(), 1);
                assert_eq!(rows[0].get::<_, i64>(0), SCHEMA_VERSION);
                client
                    .batch_execute("UPDATE schema_version SET version = version + 1")
                    .await
                    .unwrap();
                assert!(matches!(
                    PostgresStorage::open(&url).await,
                    Err(StorageError::NewerSchema { .. })
                ));
            });
        }
    }

    #[test]
    fn corrupt_rows_are_errors_not_panics_on_both_backends() {
        on_both("corrupt", |storage| async move {
            storage
                .write(vec![
                    Write::CreateRoom(record("EEEEEEEEEE")),
                    Write::AppendEvent {
                        code: "EEEEEEEEEE".into(),
                        version: 1,
                        event: RoomEvent::SeatTaken { seat: RoomSeat(7) },
                        seat_token: Some((RoomSeat(7), TokenHash("x".into()))),
                    },
                ])
                .await
                .unwrap();
            assert!(matches!(
                storage.load_room("EEEEEEEEEE".into(), 0).await,
                Err(StorageError::Corrupt { .. })
            ));
        });
    }

    #[test]
    fn a_second_server_cannot_open_the_same_sqlite_database() {
        let folder = folder("exclusive");
        let _first = SqliteStorage::open(&folder).unwrap();
        assert!(SqliteStorage::open(&folder).is_err());
        let _ = std::fs::remove_dir_all(&folder);
    }
}
