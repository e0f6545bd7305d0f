//! An in-memory implementation of `fixtures/common_style` (a service in the style most
//! public REST APIs share), and a loopback server to run it, for the runtime's tests of
//! those conventions.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex, PoisonError};

use restspec_runtime::{
    Authenticator, Caller, Identity, Page, PageRequest, RequestContext, Settings,
};

use crate::build_script::common_style::options::{ListNotesOptions, SearchNotesOptions};
use crate::build_script::common_style::types::{
    FieldError, Note, NoteChanges, NoteSearch, Order, SearchIn, User, ValidationFailed,
};
use crate::build_script::common_style::{Error, NotesHandlers, UserHandlers, router};

mod repos;

/// The note number whose `get_note` answers a status the endpoint does not declare (422),
/// which the runtime turns into a 500.
pub const UNDECLARED_NOTE: i64 = 422;

/// The notes, by number, every repository its resolver was asked for, and how often a
/// repository handler looked one up again.
#[derive(Debug, Clone, Default)]
pub struct CommonStyle {
    notes: Arc<Mutex<BTreeMap<i64, Note>>>,
    resolved_repos: Arc<Mutex<Vec<(String, String)>>>,
    repo_lookups_in_handlers: Arc<AtomicUsize>,
}

impl CommonStyle {
    /// A service holding notes 1 and 2.
    pub fn new() -> Self {
        let service = CommonStyle::default();
        for (id, title) in [(1, "first"), (2, "second")] {
            service.notes().insert(
                id,
                Note {
                    id,
                    title: title.to_owned(),
                    body: format!("the {title} note"),
                    due: None,
                },
            );
        }
        service
    }

    fn notes(&self) -> std::sync::MutexGuard<'_, BTreeMap<i64, Note>> {
        self.notes.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn note(&self, id: i64) -> Result<Note, Error> {
        self.notes()
            .get(&id)
            .cloned()
            .ok_or_else(|| Error::NotFound(format!("no note {id}").into()))
    }

    /// Serves the service on a loopback port until the test's runtime ends, with itself as
    /// authenticator; answers the server's base URL (`http://127.0.0.1:<port>`).
    pub async fn serve(self, settings: Settings) -> std::io::Result<String> {
        let app = router(self.clone(), settings.authenticator(self));
        restspec_runtime::example_tests::serve_on_loopback(app).await
    }

    /// Serves the service on a loopback port with `settings` as they are, authenticator
    /// included (a ready one such as `FixedTokens`, not this service's own `alice`).
    pub async fn serve_with<A: Authenticator>(
        self,
        settings: Settings<A>,
    ) -> std::io::Result<String> {
        restspec_runtime::example_tests::serve_on_loopback(router(self, settings)).await
    }
}

/// The one user, `alice`: token `alice-token`, password `alice-pw`.
pub const TOKEN: &str = "alice-token";

fn alice() -> Arc<Identity> {
    Arc::new(Identity::new("1", "alice"))
}

impl Authenticator for CommonStyle {
    async fn basic(&self, username: &str, password: &str) -> Option<Arc<Identity>> {
        (username == "alice" && password == "alice-pw").then(alice)
    }

    async fn token(&self, token: &str) -> Option<Arc<Identity>> {
        (token == TOKEN).then(alice)
    }
}

#[allow(refining_impl_trait)]
impl UserHandlers for CommonStyle {
    async fn get_user(&self, ctx: RequestContext<'_>) -> Result<User, Error> {
        let login = ctx
            .caller
            .identity()
            .map_or("anonymous", |i| i.username.as_str());
        Ok(User {
            login: login.to_owned(),
        })
    }
}

#[allow(refining_impl_trait)]
impl NotesHandlers for CommonStyle {
    async fn resolve_notes(&self, _: &Caller, note_id: &str) -> Result<bool, Error> {
        // The undeclared note resolves, so that its handler is reached.
        Ok(note_id
            .parse()
            .is_ok_and(|id| id == UNDECLARED_NOTE || self.note(id).is_ok()))
    }

    async fn list_notes(
        &self,
        _: RequestContext<'_>,
        page: PageRequest,
        options: ListNotesOptions,
    ) -> Result<Page<Note>, Error> {
        let mut notes: Vec<Note> = self
            .notes()
            .values()
            .filter(|n| options.title.is_empty() || options.title.contains(&n.title))
            .filter(|n| n.id >= options.from)
            .cloned()
            .collect();
        if options.order == Order::Desc {
            notes.reverse();
        }
        Ok(page.slice(&notes))
    }

    async fn notes_options(&self, _: RequestContext<'_>) -> Result<Vec<String>, Error> {
        Ok(["GET", "POST"].map(str::to_owned).into())
    }

    async fn search_notes(
        &self,
        _: RequestContext<'_>,
        options: SearchNotesOptions,
        body: NoteSearch,
    ) -> Result<Vec<Note>, Error> {
        let notes = self.notes();
        let found = notes.values().filter(|n| match options.within {
            SearchIn::Title => n.title.contains(&body.text),
            SearchIn::Body => n.body.contains(&body.text),
        });
        Ok(found.cloned().collect())
    }

    async fn get_note(&self, _: RequestContext<'_>, note_id: i64) -> Result<Note, Error> {
        if note_id == UNDECLARED_NOTE {
            // A mistake the runtime catches: `get_note` does not declare
            // `validation_failed`, so this is answered as a 500.
            return Err(Error::ValidationFailed(ValidationFailed {
                message: "not declared".to_owned(),
                errors: Vec::new(),
            }));
        }
        self.note(note_id)
    }

    async fn note_exists(&self, _: RequestContext<'_>, note_id: i64) -> Result<(), Error> {
        self.note(note_id).map(|_| ())
    }

    async fn update_note(
        &self,
        _: RequestContext<'_>,
        note_id: i64,
        body: NoteChanges,
    ) -> Result<Note, Error> {
        let mut note = self.note(note_id)?;
        if body.title.as_deref() == Some("") {
            // The row's typed body: the error shape's constant members are added to it.
            return Err(Error::ValidationFailed(ValidationFailed {
                message: "Validation Failed".to_owned(),
                errors: vec![FieldError {
                    resource: "Note".to_owned(),
                    field: "title".to_owned(),
                    code: "missing_field".to_owned(),
                }],
            }));
        }
        if let Some(title) = body.title {
            note.title = title;
        }
        if let Some(body) = body.body {
            note.body = body;
        }
        body.due.apply(&mut note.due);
        self.notes().insert(note.id, note.clone());
        Ok(note)
    }
}
