//! What HTTP basic authentication on `/a/` costs the example service per request: its
//! authenticator over its real storage (SQLite in memory), checking the administrator's
//! password. `repeated` is a client sending the same credentials on every request (the
//! usual case); `wrong` is a failed attempt. Both run on a current-thread tokio runtime,
//! since a password not verified recently is checked on a blocking thread.
//!
//! Run: `cargo bench -p restspec-benches --bench basic_auth`.

use std::sync::Arc;

use divan::Bencher;
use restspec_runtime::Authenticator;
use review_service::auth::StorageAuthenticator;
use review_service::passwords::PasswordHash;
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

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

#[divan::bench]
fn repeated(bencher: Bencher<'_, '_>) {
    let (runtime, authenticator) = (runtime(), authenticator());
    bencher.bench_local(|| {
        let identity = runtime.block_on(authenticator.basic("admin", PASSWORD));
        assert!(identity.is_some());
    });
}

#[divan::bench(sample_count = 20)]
fn wrong(bencher: Bencher<'_, '_>) {
    let (runtime, authenticator) = (runtime(), authenticator());
    bencher.bench_local(|| {
        let identity = runtime.block_on(authenticator.basic("admin", "not-the-password"));
        assert!(identity.is_none());
    });
}
