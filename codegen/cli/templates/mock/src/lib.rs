//! A mock of {{title}}: the API generated from `spec/` (imported from {{document}}), its
//! handlers (`src/handlers/`, a file per family) answering fixed values, and one secret
//! taken as credentials. `main.rs` serves it; `tests/examples.rs` runs the spec's examples
//! against it.

// The generated API: the types, a handler trait per family, `router` and the status table.
{{api_module}}

pub mod handlers;

use restspec_runtime::mock::MockCredentials;
use restspec_runtime::{Service, Settings};

/// The credentials the mock takes: this secret, as whatever the spec's credentials carry
/// (a token, an API key, the password of any user name).
pub const SECRET: &str = "mock-secret";

/// The service: the generated API over the mock handlers.
pub type App = Service<api::Api<handlers::Mock>, MockCredentials>;

/// The service. A request carrying [`SECRET`] is a caller holding every capability of the
/// spec; one without credentials is anonymous, and one with others is refused, where the
/// spec says so.
pub fn app() -> App {
    let credentials = MockCredentials::new(SECRET, api::capabilities::ALL);
    api::router(
        handlers::Mock::default(),
        Settings::default().authenticator(credentials),
    )
}
