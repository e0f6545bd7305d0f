//! The bookshop: shelves of books, served by restspec from `spec/` through the build-script
//! front door (`build.rs`). Its conventions differ from the code review service's: no
//! JSON prefix, compact JSON unless `pretty=1`, `/auth/` for basic authentication,
//! `X-Shop-Trace`, its own status messages and quota-group template.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use restspec_runtime::{
    Authenticator, Caller, Identity, RequestContext, Rfc3339Timestamp, Settings,
};

/// The generated API.
pub mod api {
    restspec_runtime::include_generated!("api");
}

use api::types::{ShelfInfo, ShelfInput};
use api::{Error, ShelvesHandlers, ShelvesResource};

/// The shop's shelves, in memory.
#[derive(Debug, Clone, Default)]
pub struct Shop {
    shelves: Arc<Mutex<BTreeMap<String, ShelfInfo>>>,
}

impl Shop {
    fn shelves(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, ShelfInfo>> {
        self.shelves.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `change` on one shelf under the lock; 404 when there is no such shelf.
    fn on_shelf<T>(
        &self,
        shelf_id: &str,
        change: impl FnOnce(&mut ShelfInfo) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let mut shelves = self.shelves();
        change(shelves.get_mut(shelf_id).ok_or_else(Error::missing)?)
    }
}

#[allow(refining_impl_trait)]
impl ShelvesHandlers for Shop {
    async fn resolve_shelves(
        &self,
        _caller: &Caller,
        shelf_id: &str,
    ) -> Result<Option<ShelvesResource>, Error> {
        Ok(self
            .shelves()
            .contains_key(shelf_id)
            .then(|| ShelvesResource {
                shelf_id: shelf_id.to_owned(),
                ..ShelvesResource::default()
            }))
    }

    async fn list_shelves(
        &self,
        _ctx: RequestContext<'_>,
    ) -> Result<BTreeMap<String, ShelfInfo>, Error> {
        Ok(self.shelves().clone())
    }

    async fn create_shelf(
        &self,
        _ctx: RequestContext<'_>,
        shelf_id: &str,
        body: ShelfInput,
    ) -> Result<ShelfInfo, Error> {
        let mut shelves = self.shelves();
        if shelves.contains_key(shelf_id) {
            return Err(Error::taken());
        }
        let shelf = ShelfInfo {
            name: shelf_id.to_owned(),
            label: body.label,
            books: Vec::new(),
            stocked: None,
        };
        shelves.insert(shelf_id.to_owned(), shelf.clone());
        Ok(shelf)
    }

    async fn add_book(
        &self,
        _ctx: RequestContext<'_>,
        shelf_id: &str,
        isbn: &str,
    ) -> Result<(), Error> {
        self.on_shelf(shelf_id, |shelf| {
            shelf.books.push(isbn.to_owned());
            shelf.stocked = Some(Rfc3339Timestamp::now());
            Ok(())
        })
    }

    async fn remove_book(
        &self,
        _ctx: RequestContext<'_>,
        shelf_id: &str,
        isbn: &str,
    ) -> Result<(), Error> {
        self.on_shelf(shelf_id, |shelf| {
            let before = shelf.books.len();
            shelf.books.retain(|b| *b != isbn);
            if shelf.books.len() == before {
                return Err(Error::Missing(
                    format!("no book {isbn} on {shelf_id}").into(),
                ));
            }
            Ok(())
        })
    }
}

/// One clerk, `clerk`, who may stock books; the password is given at start.
#[derive(Debug, Clone)]
pub struct Clerk {
    password: String,
}

impl Authenticator for Clerk {
    async fn basic(&self, username: &str, password: &str) -> Option<Arc<Identity>> {
        let ok = username == "clerk" && password == self.password;
        ok.then(|| Arc::new(Identity::new("1", "clerk").with_capability("stockBooks")))
    }
}

/// The bookshop's service: the generated API over [`Shop`], with the one clerk.
pub type App = restspec_runtime::Service<api::Api<Shop>, Clerk>;

/// The bookshop's service over an empty shop; `clerk` logs in with `clerk_password`.
pub fn app(clerk_password: &str) -> App {
    api::router(Shop::default(), settings(clerk_password))
}

/// The bookshop's settings: `clerk` logs in with `clerk_password`. Public so that a caller
/// can add to them (a quota backend, allowed origins) before building the service with
/// `api::router`.
pub fn settings(clerk_password: &str) -> Settings<Clerk> {
    Settings::default().authenticator(Clerk {
        password: clerk_password.to_owned(),
    })
}
