//! [`Pool`]: the instance's PostgreSQL connections, lent one storage call at a time.
//!
//! A connection is opened on the thread of the call that first needs it and driven by the
//! thread of each call that borrows it ([`PgConn`]): idle, it is only a socket. It goes back
//! to the pool only when the call says it is in a known state ([`Lease::give_back`]); a
//! lease dropped otherwise (a timeout, a panic) closes the connection, and the pool opens a
//! new one when a call needs it.

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio_postgres::Config;

use super::Deadline;
use super::conn::PgConn;
use crate::storage::{StorageError, StorageResult};

/// At most `max` connections, idle ones kept newest last (the next call takes the one used
/// most recently: its statements are prepared).
pub(super) struct Pool {
    config: Config,
    /// `postgres://user@host:port/dbname`: for messages.
    target: String,
    max: usize,
    /// How long a call waits for a connection (free or new) at most.
    wait: Duration,
    state: Mutex<State>,
    freed: Condvar,
}

struct State {
    idle: Vec<PgConn>,
    /// Connections open or being opened, lent or idle.
    open: usize,
}

impl Pool {
    pub(super) fn new(config: Config, target: String, max: usize, wait: Duration) -> Pool {
        Pool {
            config,
            target,
            max,
            wait,
            state: Mutex::new(State {
                idle: Vec::with_capacity(max),
                open: 0,
            }),
            freed: Condvar::new(),
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A connection: an idle one that is still open, else a new one while fewer than `max`
    /// are open, else the first one given back, by `deadline` and within the pool's wait.
    pub(super) fn take(&self, deadline: Deadline) -> StorageResult<Lease<'_>> {
        let waited = deadline.sooner(self.wait);
        let mut state = self.state();
        loop {
            if let Some(mut conn) = state.idle.pop() {
                drop(state);
                if conn.is_open() {
                    return Ok(Lease {
                        pool: self,
                        conn: Some(conn),
                    });
                }
                drop(conn);
                state = self.state();
                state.open -= 1;
                continue;
            }
            if state.open < self.max {
                state.open += 1;
                drop(state);
                return match PgConn::connect(&self.config, waited) {
                    Ok(conn) => Ok(Lease {
                        pool: self,
                        conn: Some(conn),
                    }),
                    Err(err) => {
                        self.closed();
                        Err(self.unreachable(err))
                    }
                };
            }
            let Some(left) = waited.left() else {
                return Err(if deadline.left().is_none() {
                    deadline.passed()
                } else {
                    StorageError::Unavailable(format!(
                        "cannot reach the database at {}: no connection within {:?}",
                        self.target, self.wait
                    ))
                });
            };
            state = self
                .freed
                .wait_timeout(state, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// One connection fewer: a waiting call may open one.
    fn closed(&self) {
        self.state().open -= 1;
        self.freed.notify_one();
    }

    /// A connection that could not be opened, as an error naming the database.
    fn unreachable(&self, err: StorageError) -> StorageError {
        let target = &self.target;
        match err {
            StorageError::Unavailable(why) => {
                StorageError::Unavailable(format!("cannot reach the database at {target}: {why}"))
            }
            other => StorageError::Database(format!(
                "cannot reach the database at {target}: {}",
                super::plain(&other)
            )),
        }
    }
}

/// A connection lent to one call. Dropped without [`give_back`](Lease::give_back), it is
/// closed.
pub(super) struct Lease<'p> {
    pool: &'p Pool,
    conn: Option<PgConn>,
}

impl Lease<'_> {
    /// The connection.
    pub(super) fn conn(&mut self) -> &mut PgConn {
        self.conn
            .as_mut()
            .unwrap_or_else(|| unreachable!("taken only on drop"))
    }

    /// Puts the connection back for the next call, unless it has ended.
    pub(super) fn give_back(mut self) {
        let Some(conn) = self.conn.take() else {
            return;
        };
        if conn.has_ended() {
            drop(conn);
            self.pool.closed();
            return;
        }
        self.pool.state().idle.push(conn);
        self.pool.freed.notify_one();
    }
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take() {
            drop(conn);
            self.pool.closed();
        }
    }
}
