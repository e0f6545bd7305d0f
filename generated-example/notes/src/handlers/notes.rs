//! The `notes` family (`spec/notes.yaml`): create, read, update, delete and list.

use restspec_runtime::{Caller, Custom, Reply, RequestContext};

use super::Store;
use crate::api::types::{Note, NoteInput};
use crate::api::{Error, NotesHandlers};

impl NotesHandlers for Store {
    /// Says whether `note_id` names a note: when it does not, the runtime answers 404
    /// before any handler with a `{note-id}` runs.
    async fn resolve_notes(&self, _caller: &Caller, note_id: &str) -> Result<bool, Error> {
        Ok(id(note_id).is_some_and(|id| self.notes().by_id.contains_key(&id)))
    }

    async fn list_notes(&self, _ctx: RequestContext<'_>) -> Result<impl Reply<Vec<Note>>, Error> {
        Ok(self.notes().by_id.values().cloned().collect::<Vec<_>>())
    }

    /// Answers with the note and where to read it (`Location`); its status, 201, is the
    /// endpoint's in the spec.
    async fn create_note(
        &self,
        _ctx: RequestContext<'_>,
        body: NoteInput,
    ) -> Result<impl Reply<Note>, Error> {
        let mut notes = self.notes();
        notes.last_id += 1;
        let note = Note {
            id: notes.last_id,
            text: body.text,
        };
        notes.by_id.insert(note.id, note.clone());
        let id = note.id.to_string();
        Ok(Custom::new(note).location("/notes/", &id))
    }

    async fn get_note(
        &self,
        _ctx: RequestContext<'_>,
        note_id: &str,
    ) -> Result<impl Reply<Note>, Error> {
        let notes = self.notes();
        let note = id(note_id).and_then(|id| notes.by_id.get(&id));
        note.cloned().ok_or_else(Error::not_found)
    }

    async fn update_note(
        &self,
        _ctx: RequestContext<'_>,
        note_id: &str,
        body: NoteInput,
    ) -> Result<impl Reply<Note>, Error> {
        let mut notes = self.notes();
        let note = id(note_id).and_then(|id| notes.by_id.get_mut(&id));
        let note = note.ok_or_else(Error::not_found)?;
        note.text = body.text;
        Ok(note.clone())
    }

    /// Answers 204: the endpoint has no response body.
    async fn delete_note(
        &self,
        _ctx: RequestContext<'_>,
        note_id: &str,
    ) -> Result<impl Reply<()>, Error> {
        let removed = id(note_id).and_then(|id| self.notes().by_id.remove(&id));
        removed.map(drop).ok_or_else(Error::not_found)
    }
}

/// The note number a path names; `None` for anything else (`/notes/first` is a 404).
fn id(note_id: &str) -> Option<i64> {
    note_id.parse().ok()
}
