//! Starting on PostgreSQL: what an operator sees when the database URL is wrong, the server
//! is not there, or the schema is newer than the binary.

use super::{admin_seed, fresh_postgres_url};
use crate::storage::{PgStorage, StorageError};

fn start_error(url: &str) -> String {
    match PgStorage::connect(url, &admin_seed()) {
        Ok(_) => panic!("{url} should not start"),
        Err(StorageError::Database(message) | StorageError::Unavailable(message)) => message,
        Err(other) => panic!("{url}: {other:?}"),
    }
}

#[test]
fn a_malformed_url_is_refused_with_the_form_expected() {
    let message = start_error("postgres://review@127.0.0.1:notaport/review");
    assert!(message.starts_with("invalid database URL"), "{message}");
    assert!(
        message.contains("postgres://user:password@host:port/dbname"),
        "{message}"
    );
}

#[test]
fn an_unreachable_server_is_named_without_its_password() {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    let begun = std::time::Instant::now();
    let message = start_error("postgres://review:hunter2@127.0.0.1:1/review");
    assert!(
        message.starts_with("cannot reach the database at postgres://review@127.0.0.1:1/review"),
        "{message}"
    );
    assert!(
        !message.contains("hunter2"),
        "the password leaked: {message}"
    );
    assert!(begun.elapsed() < std::time::Duration::from_secs(10));
}

/// Needs a server, as every test that does is marked: ignored unless asked for, and then
/// failing without one rather than passing having checked nothing.
#[test]
#[ignore = "needs PostgreSQL: REVIEW_TEST_POSTGRES=postgres://user@host:port (bash .ci/postgres-tests)"]
fn a_schema_newer_than_the_binary_is_refused() {
    let url = fresh_postgres_url("newer").expect("REVIEW_TEST_POSTGRES names a server");
    let (storage, created) = PgStorage::connect(&url, &admin_seed()).unwrap();
    assert!(created);
    assert_eq!(
        storage.schema_version().unwrap(),
        PgStorage::latest_schema_version()
    );
    let (again, created) = PgStorage::connect(&url, &admin_seed()).unwrap();
    assert!(!created, "admin is created once");
    drop(again);
    storage.raw_execute("INSERT INTO schema_version VALUES (999, 'from the future', 0)");
    let message = start_error(&url);
    assert!(
        message.contains("schema version 999, newer than this build knows"),
        "{message}"
    );
}
