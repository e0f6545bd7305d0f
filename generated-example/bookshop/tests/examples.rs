//! The examples of the bookshop's spec (`spec/shelves.yaml`), each run as a test against the
//! shop over loopback HTTP: a downstream crate, with a spec that extends a base, running
//! its examples with one macro call. The build script wrote them
//! (`Config::example_tests`); `example_tests!("spec", start = start_shop)` would do the same
//! from the spec directly.

use restspec_runtime::example_tests::Setup;

restspec_runtime::include_example_tests!("api", start = start_shop);

/// An empty shop whose clerk logs in with the password the examples send, asking the quota
/// recorder on every request.
async fn start_shop(setup: Setup) -> bookshop::App {
    setup.user("clerk", "clerk-pw");
    let mut quota = restspec_runtime::QuotaBackend::new();
    quota.register(setup.quota_recorder());
    let settings = bookshop::settings("clerk-pw").quota(quota);
    bookshop::api::router(bookshop::Shop::default(), settings)
}
