//! The service: the API generated from `spec/`, its handlers (`src/handlers/`, a file
//! per family) and the users who may write. `main.rs` serves it; `tests/examples.rs` runs
//! the spec's examples against it.

// The generated API: the types, a handler trait per family, `router` and the status table.
{{api_module}}

pub mod handlers;

use restspec_runtime::{FixedUsers, Service, Settings};

/// The service: the generated API over the handlers' store, with a fixed list of users.
pub type App = Service<api::Api<handlers::Store>, FixedUsers>;

/// The service over an empty store: the users `users` lists may write, anyone may read.
pub fn app(users: FixedUsers) -> App {
    api::router(
        handlers::Store::default(),
        Settings::default().authenticator(users),
    )
}
