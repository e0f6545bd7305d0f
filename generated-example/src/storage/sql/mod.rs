//! The storage's logic in SQL, once for every engine: the [`Storage`] handle and the seam a
//! database engine implements under it ([`Backend`], in `handle.rs`), the table modules and
//! the initial data.
//!
//! A backend (SQLite in [`super::sqlite`], PostgreSQL in [`super::postgres`]) only opens
//! transactions and runs statements ([`db::Db`]); what the statements are, which checks
//! come before them and what they answer is here, so that no behaviour differs between
//! engines.
//!
//! Each query is one method of [`Storage`], written in the table module that owns its SQL
//! (`impl Storage` in `accounts.rs`, `groups.rs`, ...): its body is the read or the
//! transaction itself. A new query is that one method; nothing else names it.

pub(crate) mod db;

mod accounts;
mod change_parts;
mod changes;
mod groups;
mod handle;
mod membership;
mod projects;
mod refs;
mod seed;
mod sessions;
mod util;

pub(crate) use db::Db;
pub use handle::Storage;
pub(crate) use handle::{Access, Backend};
pub(crate) use seed::seed;

use tokio::runtime::{Handle, RuntimeFlavor};

/// Runs `f`, which blocks (on a lock, on the disk), telling a multi-threaded tokio runtime
/// first so that it moves this worker's other tasks elsewhere; elsewhere (a current-thread
/// runtime, a blocking thread, no runtime) it just runs.
pub(crate) fn off_the_workers<T>(f: impl FnOnce() -> T) -> T {
    match Handle::try_current() {
        Ok(handle) if handle.runtime_flavor() == RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(f)
        }
        _ => f(),
    }
}
