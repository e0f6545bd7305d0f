//! What HTTP basic authentication on `/a/` costs the example service per request: its
//! authenticator over its real storage (SQLite in memory), checking the administrator's
//! password. `repeated` is a client sending the same credentials on every request (the
//! usual case); `wrong` is a failed attempt.
//!
//! Run: `cargo bench -p restspec-benches --bench basic_auth`.

use std::sync::Arc;

use divan::Bencher;
use futures_util::FutureExt;
use restspec_runtime::Authenticator;
use review_service::accounts::PasswordHash;
use review_service::auth::StorageAuthenticator;
use review_service::storage::{AdminSeed, SqliteStorage};

fn main() {
    divan::main();
}

const PASSWORD: &str = "bench-admin-password";

fn authenticator() -> StorageAuthenticator {
    let (storage, _) = SqliteStorage::open_in_memory(&AdminSeed {
        password_hash: PasswordHash::new(PASSWORD).encode(),
        capabilities: Vec::new(),
    })
    .expect("an in-memory database");
    StorageAuthenticator::new(Arc::new(storage))
}

#[divan::bench]
fn repeated(bencher: Bencher<'_, '_>) {
    let authenticator = authenticator();
    bencher.bench_local(|| {
        let identity = authenticator.basic("admin", PASSWORD).now_or_never();
        assert!(matches!(identity, Some(Some(_))));
    });
}

#[divan::bench]
fn wrong(bencher: Bencher<'_, '_>) {
    let authenticator = authenticator();
    bencher.bench_local(|| {
        let identity = authenticator
            .basic("admin", "not-the-password")
            .now_or_never();
        assert!(matches!(identity, Some(None)));
    });
}
