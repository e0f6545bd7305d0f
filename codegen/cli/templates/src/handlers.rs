//! The handlers: one file per family of the spec, each implementing that family's trait
//! (`api::NotesHandlers` in `notes.rs`) on [`Store`], which holds what they keep.

mod notes;

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::api::types::Note;

/// What the service keeps, in memory: gone when it stops. A new family adds its field here
/// and its file beside `notes.rs`.
#[derive(Debug, Default)]
pub struct Store {
    notes: Mutex<Notes>,
}

/// The notes by number, and the last number given.
#[derive(Debug, Default)]
struct Notes {
    by_id: BTreeMap<i64, Note>,
    last_id: i64,
}

impl Store {
    /// The notes, locked for this request (still usable after a handler panicked).
    fn notes(&self) -> MutexGuard<'_, Notes> {
        self.notes.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
