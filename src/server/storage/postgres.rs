//! PostgreSQL as the [`Storage`]: several nodes on one database. The database decides each
//! event's version; the nodes tell each other what they stored themselves
//! ([`crate::server::cluster`]).

use super::{
    Pending, RoomRow, SCHEMA_TABLE, SCHEMA_VERSION, Storage, StorageError, StoredRoom, Write,
    options_json, pending_migrations, to_json,
};
use std::sync::Arc;
use tokio::sync::{Mutex, mpsc, oneshot};

/// Connections one node keeps to PostgreSQL: its writers', and a few for reads and the
/// cluster's heartbeat. Each backend costs the database memory and processor, and more would
/// not commit faster: the writers batch.
const POOL_SIZE: usize = 6;

/// Tasks that commit this node's queued writes, each a batch at a time on a connection of its
/// own: while one waits for its commit, the next batch is being sent.
const WRITERS: usize = 2;

/// The most write requests one batch takes.
const BATCH_LIMIT: usize = 256;

/// The first part of both insert statements: the batch's events (`$1`, `$2`, `$3`: their rooms'
/// codes, versions and texts) and those of them out of order, neither their room's first
/// event nor following an event stored or stored with them. The statement refuses a hole
/// itself (see [`insert`]); a trigger doing the same costs the database about a quarter of its
/// processor per action.
macro_rules! new_events {
    () => {
        "WITH new_events AS (
            SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[]) AS new (code, version, event)
        ), out_of_order AS (
            SELECT FROM new_events AS new
            WHERE version <> 1
                AND NOT EXISTS (SELECT FROM new_events AS earlier
                    WHERE earlier.code = new.code AND earlier.version = new.version - 1)
                AND NOT EXISTS (SELECT FROM room_events AS stored
                    WHERE stored.code = new.code AND stored.version = new.version - 1)
        )"
    };
}

/// A batch of events alone, the usual batch, in order or not at all: [`INSERT_BATCH`]'s empty
/// inserts would cost the database about a third more processor per action.
const INSERT_EVENTS: &str = concat!(
    new_events!(),
    "
    INSERT INTO room_events (code, version, event)
    SELECT * FROM new_events WHERE NOT EXISTS (SELECT FROM out_of_order)"
);

/// One event alone, the usual write of a cluster at a light load, in order or not at all:
/// [`INSERT_EVENTS`]'s arrays and its check across a batch cost the database about a fifth
/// more processor for the statement.
const INSERT_EVENT: &str = "INSERT INTO room_events (code, version, event)
    SELECT $1::text, $2::bigint, $3::text
    WHERE $2 = 1 OR EXISTS (SELECT FROM room_events WHERE code = $1 AND version = $2 - 1)";

/// A batch of events, rooms and seats in one statement, so one round trip and one commit; none
/// of it goes in when an event is out of order.
const INSERT_BATCH: &str = concat!(
    new_events!(),
    ", new_rooms AS (
        INSERT INTO rooms (code, game, rules, clock, creator)
        SELECT * FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
        WHERE NOT EXISTS (SELECT FROM out_of_order)
    ), new_seats AS (
        INSERT INTO seats (code, seat, token_hash)
        SELECT * FROM unnest($9::text[], $10::int[], $11::text[])
        WHERE NOT EXISTS (SELECT FROM out_of_order)
    )
    INSERT INTO room_events (code, version, event)
    SELECT * FROM new_events WHERE NOT EXISTS (SELECT FROM out_of_order)"
);

/// Room `$1`, its seats (in seat order) and its events after version `$2` (in version order),
/// as one row; a room with no seats or no such events has `NULL` for their arrays.
const READ_ROOM: &str = "SELECT game, rules, clock, creator,
        held.seats, held.hashes, stored.versions, stored.events
    FROM rooms
    CROSS JOIN LATERAL (
        SELECT array_agg(seat ORDER BY seat) AS seats,
            array_agg(token_hash ORDER BY seat) AS hashes
        FROM seats WHERE seats.code = rooms.code
    ) AS held
    CROSS JOIN LATERAL (
        SELECT array_agg(version ORDER BY version) AS versions,
            array_agg(event ORDER BY version) AS events
        FROM room_events WHERE room_events.code = rooms.code AND room_events.version > $2
    ) AS stored
    WHERE rooms.code = $1";

/// How long a write or read waits for a connection, or for connecting, before it fails (and
/// the room answers `unavailable`).
const POOL_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// A write error of PostgreSQL: a taken key is a [`StorageError::Conflict`].
fn postgres_write_error(error: tokio_postgres::Error) -> StorageError {
    match error.code() {
        Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) => {
            StorageError::Conflict(error.to_string())
        }
        _ => StorageError::Postgres(error),
    }
}

fn pool_error(error: deadpool_postgres::PoolError) -> StorageError {
    StorageError::Pool(error.to_string())
}

/// Rooms in a PostgreSQL database that several nodes share.
pub struct PostgresStorage {
    pool: deadpool_postgres::Pool,
    /// The queue of the writer tasks.
    writes: mpsc::UnboundedSender<WriteRequest>,
}

/// Writes that succeed or fail together, and who waits for them.
struct WriteRequest {
    writes: Vec<Write>,
    done: oneshot::Sender<Result<(), StorageError>>,
}

impl PostgresStorage {
    /// Connects to the database at `url` (`postgres://user@host:port/name`) and brings its
    /// schema up to [`SCHEMA_VERSION`]; nodes starting together migrate one after the other.
    pub async fn open(url: &str) -> Result<PostgresStorage, StorageError> {
        PostgresStorage::open_with_delay(url, std::time::Duration::ZERO).await
    }

    /// [`PostgresStorage::open`], its writers waiting up to `commit_delay` after a batch's first
    /// write for more to join it: fewer commits (each a flush) for that much more latency.
    pub async fn open_with_delay(
        url: &str,
        commit_delay: std::time::Duration,
    ) -> Result<PostgresStorage, StorageError> {
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
        let (writes, queue) = mpsc::unbounded_channel();
        let queue = Arc::new(Mutex::new(queue));
        for _ in 0..WRITERS {
            tokio::spawn(write_batches(pool.clone(), queue.clone(), commit_delay));
        }
        Ok(PostgresStorage { pool, writes })
    }

    /// The pool, for the cluster's heartbeat and the nodes it lists.
    pub fn pool(&self) -> &deadpool_postgres::Pool {
        &self.pool
    }

    async fn write(&self, writes: Vec<Write>) -> Result<(), StorageError> {
        let (done, answer) = oneshot::channel();
        self.writes
            .send(WriteRequest { writes, done })
            .map_err(|_| StorageError::WriterStopped)?;
        answer.await.map_err(|_| StorageError::WriterStopped)?
    }

    /// Room `code` with its events after version `after`, if it is stored: one statement, so
    /// one round trip and one snapshot (a seat's token and its `seat_taken` event are read
    /// together or not at all).
    async fn read(&self, code: String, after: u64) -> Result<Option<StoredRoom>, StorageError> {
        let after = i64::try_from(after).unwrap_or(i64::MAX);
        let client = self.pool.get().await.map_err(pool_error)?;
        let statement = client.prepare_cached(READ_ROOM).await?;
        let Some(row) = client.query_opt(&statement, &[&code, &after]).await? else {
            return Ok(None);
        };
        let seats: Vec<i32> = row.try_get::<_, Option<_>>(4)?.unwrap_or_default();
        let hashes: Vec<String> = row.try_get::<_, Option<_>>(5)?.unwrap_or_default();
        let versions: Vec<i64> = row.try_get::<_, Option<_>>(6)?.unwrap_or_default();
        let events: Vec<String> = row.try_get::<_, Option<_>>(7)?.unwrap_or_default();
        let room = RoomRow {
            game: row.try_get(0)?,
            rules: row.try_get(1)?,
            clock: row.try_get(2)?,
            creator: row.try_get(3)?,
            code,
        };
        let seats = seats.into_iter().map(i64::from).zip(hashes).collect();
        Ok(Some(room.decode(
            seats,
            versions.into_iter().zip(events).collect(),
        )?))
    }

    /// Every stored room, each read as [`PostgresStorage::read`] reads one.
    async fn read_all(&self) -> Result<Vec<StoredRoom>, StorageError> {
        let codes: Vec<String> = {
            let client = self.pool.get().await.map_err(pool_error)?;
            let rows = client
                .query("SELECT code FROM rooms ORDER BY code", &[])
                .await?;
            rows.iter()
                .map(|row| row.try_get(0))
                .collect::<Result<_, _>>()?
        };
        let mut rooms = Vec::with_capacity(codes.len());
        for code in codes {
            // A room deleted since the listing is left out.
            if let Some(room) = self.read(code, 0).await? {
                rooms.push(room);
            }
        }
        Ok(rooms)
    }
}

impl Storage for PostgresStorage {
    fn write(&self, writes: Vec<Write>) -> Pending<'_, ()> {
        Box::pin(PostgresStorage::write(self, writes))
    }

    fn load(&self) -> Pending<'_, Vec<StoredRoom>> {
        Box::pin(self.read_all())
    }

    fn load_room(&self, code: String, after: u64) -> Pending<'_, Option<StoredRoom>> {
        Box::pin(self.read(code, after))
    }
}

/// Takes batches of queued write requests and commits each: the whole batch at once, or when
/// that fails (a request's version was taken by another node, or it deletes a room), each
/// request alone, so that one failing request fails only itself.
async fn write_batches(
    pool: deadpool_postgres::Pool,
    queue: Arc<Mutex<mpsc::UnboundedReceiver<WriteRequest>>>,
    commit_delay: std::time::Duration,
) {
    loop {
        let batch = {
            let mut queue = queue.lock().await;
            let Some(first) = queue.recv().await else {
                return;
            };
            let until = tokio::time::Instant::now() + commit_delay;
            let mut batch = vec![first];
            while batch.len() < BATCH_LIMIT {
                match queue.try_recv() {
                    Ok(next) => batch.push(next),
                    Err(_) if commit_delay.is_zero() => break,
                    Err(_) => match tokio::time::timeout_at(until, queue.recv()).await {
                        Ok(Some(next)) => batch.push(next),
                        Ok(None) | Err(_) => break,
                    },
                }
            }
            batch
        };
        let client = match pool.get().await {
            Ok(client) => client,
            Err(error) => {
                let message = error.to_string();
                for request in batch {
                    let _ = request.done.send(Err(StorageError::Pool(message.clone())));
                }
                continue;
            }
        };
        commit(client, batch).await;
    }
}

/// Commits `batch` on `client` (see [`write_batches`]).
async fn commit(mut client: deadpool_postgres::Object, batch: Vec<WriteRequest>) {
    let insertable = batch
        .iter()
        .all(|request| !request.writes.iter().any(is_deletion));
    if insertable && batch.len() > 1 {
        let all: Vec<&Write> = batch.iter().flat_map(|request| &request.writes).collect();
        if insert(&client, &all).await.is_ok() {
            for request in batch {
                let _ = request.done.send(Ok(()));
            }
            return;
        }
    }
    for request in batch {
        let result = if insertable {
            insert(&client, &request.writes.iter().collect::<Vec<_>>()).await
        } else {
            write_in_transaction(&mut client, &request.writes).await
        };
        let _ = request.done.send(result);
    }
}

/// Stores new rooms, events and seats in one statement ([`INSERT_BATCH`], or for events alone
/// [`INSERT_EVENTS`] and for one event [`INSERT_EVENT`]), all or none: an event out of order
/// is a [`StorageError::NotNext`].
async fn insert(
    client: &impl deadpool_postgres::GenericClient,
    writes: &[&Write],
) -> Result<(), StorageError> {
    let mut rooms: [Vec<String>; 5] = Default::default();
    let (mut event_codes, mut versions, mut events) = (Vec::new(), Vec::new(), Vec::new());
    let (mut seat_codes, mut seats, mut hashes) = (Vec::new(), Vec::new(), Vec::new());
    for write in writes {
        match write {
            Write::CreateRoom(record) => {
                let row = [
                    record.code.clone(),
                    to_json(&record.game.kind()),
                    options_json(record.game),
                    to_json(&record.clock),
                    record.creator.clone(),
                ];
                for (column, value) in rooms.iter_mut().zip(row) {
                    column.push(value);
                }
            }
            Write::AppendEvent {
                code,
                version,
                event,
                seat_token,
            } => {
                event_codes.push(code.clone());
                versions.push(stored_version(code, *version)?);
                events.push(to_json(event));
                if let Some((seat, hash)) = seat_token {
                    seat_codes.push(code.clone());
                    seats.push(i32::from(seat.0));
                    hashes.push(hash.0.clone());
                }
            }
            Write::DeleteRoom { .. } => unreachable!("deletions are written in a transaction"),
        }
    }
    let [room_codes, games, rules, clocks, creators] = &rooms;
    let stored = if room_codes.is_empty() && seat_codes.is_empty() {
        if let ([code], [version], [event]) = (&event_codes[..], &versions[..], &events[..]) {
            let statement = client.prepare_cached(INSERT_EVENT).await?;
            client.execute(&statement, &[code, version, event]).await
        } else {
            let statement = client.prepare_cached(INSERT_EVENTS).await?;
            client
                .execute(&statement, &[&event_codes, &versions, &events])
                .await
        }
    } else {
        let statement = client.prepare_cached(INSERT_BATCH).await?;
        client
            .execute(
                &statement,
                &[
                    &event_codes,
                    &versions,
                    &events,
                    room_codes,
                    games,
                    rules,
                    clocks,
                    creators,
                    &seat_codes,
                    &seats,
                    &hashes,
                ],
            )
            .await
    }
    .map_err(postgres_write_error)?;
    // The statement stores every event or, when one is out of order, nothing.
    if stored != events.len() as u64 {
        event_codes.sort_unstable();
        event_codes.dedup();
        return Err(StorageError::NotNext(format!(
            "an event of room {} follows no stored version of its room",
            event_codes.join(" or ")
        )));
    }
    Ok(())
}

/// The version of an event as PostgreSQL stores it (a `BIGINT`).
fn stored_version(code: &str, version: u64) -> Result<i64, StorageError> {
    i64::try_from(version).map_err(|_| StorageError::Corrupt {
        code: code.to_string(),
        reason: format!("version {version} is too large to store"),
    })
}

/// Applies `writes` in one transaction, all or none: the way of a request that deletes a room.
/// Its insertions go through [`insert`], in order between the deletions.
async fn write_in_transaction(
    client: &mut deadpool_postgres::Object,
    writes: &[Write],
) -> Result<(), StorageError> {
    let transaction = client.transaction().await?;
    for group in writes.chunk_by(|a, b| is_deletion(a) == is_deletion(b)) {
        if !is_deletion(&group[0]) {
            insert(&transaction, &group.iter().collect::<Vec<_>>()).await?;
            continue;
        }
        for write in group {
            let Write::DeleteRoom { code } = write else {
                continue;
            };
            for table in ["room_events", "seats", "rooms"] {
                let delete = transaction
                    .prepare_cached(&format!("DELETE FROM {table} WHERE code = $1"))
                    .await?;
                transaction.execute(&delete, &[code]).await?;
            }
        }
    }
    transaction.commit().await.map_err(postgres_write_error)?;
    Ok(())
}

/// Whether `write` deletes a room (which [`insert`] does not take).
fn is_deletion(write: &Write) -> bool {
    matches!(write, Write::DeleteRoom { .. })
}
