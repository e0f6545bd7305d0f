//! `PostgresIdempotencyStore` against a real PostgreSQL: two stores, each with a pool of its
//! own, stand for two instances of a service sharing one database. Each test keeps its keys
//! in a table of its own (dropped at its end), so the tests run side by side.
//!
//! The server is the one `REVIEW_TEST_POSTGRES` names (`postgres://user@host:port`, a user
//! who may create tables in its default database), as for the example's PostgreSQL tests:
//! `bash .ci/postgres-tests` starts a throwaway cluster, sets it and runs these with
//! `--include-ignored`. Without a server they are ignored.
#![cfg(feature = "postgres-idempotency")]

use std::time::{Duration, Instant};

use bytes::Bytes;
use http::{HeaderName, HeaderValue};
use restspec_runtime::idempotency::{
    Begun, IdempotencyStore, PostgresIdempotencyStore, StoredAnswer,
};

const DAY: Duration = Duration::from_secs(86_400);
const ONE: [u8; 32] = [1; 32];
const TWO: [u8; 32] = [2; 32];

/// The server's URL; a test that needs one and runs without it fails saying so.
fn server() -> String {
    std::env::var("REVIEW_TEST_POSTGRES").expect(
        "REVIEW_TEST_POSTGRES must name a PostgreSQL server (postgres://user@host:port); \
         bash .ci/postgres-tests starts one and sets it",
    )
}

/// A table name of this test and process.
fn table(name: &str) -> String {
    format!("idem_{name}_{}", std::process::id())
}

/// A store on a pool of its own: one instance.
async fn instance(table: &str) -> PostgresIdempotencyStore {
    let pool = PostgresIdempotencyStore::connection_pool(&server()).unwrap();
    PostgresIdempotencyStore::with_table(pool, table)
        .await
        .unwrap()
}

/// Two instances on one table of their own, left empty by an earlier run.
async fn instances(name: &str) -> (PostgresIdempotencyStore, PostgresIdempotencyStore) {
    let table = table(name);
    sql(&format!("DROP TABLE IF EXISTS {table}")).await;
    (instance(&table).await, instance(&table).await)
}

/// Runs `statement` on a connection of its own, behind the stores' backs.
async fn sql(statement: &str) {
    let pool = PostgresIdempotencyStore::connection_pool(&server()).unwrap();
    let client = pool.get().await.unwrap();
    client.batch_execute(statement).await.unwrap();
}

async fn drop_table(store: &PostgresIdempotencyStore) {
    sql(&format!("DROP TABLE {}", store.table())).await;
}

async fn begin(store: &PostgresIdempotencyStore, key: &str, print: [u8; 32], d: Duration) -> Begun {
    store.begin(key, print, d).await.unwrap()
}

fn answer() -> StoredAnswer {
    StoredAnswer {
        status: 201,
        headers: vec![
            (
                http::header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            ),
            // Two of one name, in their order, and a value that is not UTF-8.
            (
                HeaderName::from_static("x-made"),
                HeaderValue::from_static("first"),
            ),
            (
                HeaderName::from_static("x-made"),
                HeaderValue::from_bytes(b"second \xff").unwrap(),
            ),
        ],
        body: Bytes::from_static(b"{\"id\":\"cus_2\"}\n\x00binary"),
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL: REVIEW_TEST_POSTGRES=postgres://user@host:port (bash .ci/postgres-tests)"]
async fn a_key_running_on_one_instance_is_in_use_on_the_other_until_freed() {
    let (a, b) = instances("in_use").await;
    assert_eq!(begin(&a, "k", ONE, DAY).await, Begun::First);
    assert_eq!(begin(&b, "k", ONE, DAY).await, Begun::InUse);
    assert_eq!(
        begin(&a, "k", ONE, DAY).await,
        Begun::InUse,
        "on its own instance too"
    );
    assert_eq!(
        begin(&b, "k", TWO, DAY).await,
        Begun::Reused,
        "another request"
    );
    assert_eq!(
        begin(&b, "other", ONE, DAY).await,
        Begun::First,
        "keys are apart"
    );
    a.abandon("k").await.unwrap();
    assert_eq!(
        begin(&b, "k", TWO, DAY).await,
        Begun::First,
        "freed: anyone's again"
    );
    b.abandon("k").await.unwrap();
    assert_eq!(begin(&a, "k", ONE, DAY).await, Begun::First);
    drop_table(&a).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: REVIEW_TEST_POSTGRES=postgres://user@host:port (bash .ci/postgres-tests)"]
async fn simultaneous_first_uses_on_two_instances_let_exactly_one_run() {
    let (a, b) = instances("race").await;
    let mut wins = [0; 2];
    for round in 0..100 {
        // Half the rounds race for a new key (both insert), half for an expired one (both
        // replace the same row).
        let key = format!("race-{round}");
        if round % 2 == 1 {
            assert_eq!(begin(&a, &key, ONE, Duration::ZERO).await, Begun::First);
        }
        let (on_a, on_b) = tokio::join!(a.begin(&key, ONE, DAY), b.begin(&key, ONE, DAY));
        let (on_a, on_b) = (on_a.unwrap(), on_b.unwrap());
        match (&on_a, &on_b) {
            (Begun::First, Begun::InUse) => wins[0] += 1,
            (Begun::InUse, Begun::First) => wins[1] += 1,
            _ => panic!("round {round}: A {on_a:?}, B {on_b:?}: exactly one must run"),
        }
    }
    assert_eq!(wins[0] + wins[1], 100);
    println!("first uses won: A {}, B {}", wins[0], wins[1]);
    drop_table(&a).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: REVIEW_TEST_POSTGRES=postgres://user@host:port (bash .ci/postgres-tests)"]
async fn an_answer_kept_on_one_instance_is_replayed_by_the_other() {
    let (a, b) = instances("replay").await;
    // As the pipeline makes them (caller, endpoint and the client's key between NULs,
    // which PostgreSQL's text cannot hold), one with a backslash, and one longer than an
    // index entry may be.
    let long = format!("42\0create_customer\0{}", "k".repeat(5_000));
    for key in ["42\0create_customer\0order-7", "42\\0create\\", &long] {
        assert_eq!(begin(&a, key, ONE, DAY).await, Begun::First);
        a.finish(key, answer()).await.unwrap();
        assert_eq!(begin(&b, key, ONE, DAY).await, Begun::Replay(answer()));
        assert_eq!(begin(&a, key, ONE, DAY).await, Begun::Replay(answer()));
        assert_eq!(begin(&b, key, TWO, DAY).await, Begun::Reused);
        assert_eq!(
            begin(&b, key, ONE, DAY).await,
            Begun::Replay(answer()),
            "a refused reuse changes nothing"
        );
    }
    let (near, other) = (&long[..long.len() - 1], format!("{long}k"));
    assert_eq!(begin(&b, near, TWO, DAY).await, Begun::First, "another key");
    assert_eq!(
        begin(&b, &other, TWO, DAY).await,
        Begun::First,
        "another key"
    );
    drop_table(&a).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: REVIEW_TEST_POSTGRES=postgres://user@host:port (bash .ci/postgres-tests)"]
async fn keys_expire_finished_or_not() {
    let (a, b) = instances("expiry").await;
    let short = Duration::from_millis(300);
    // An instance takes a key and dies before finishing: the key is held until it expires.
    assert_eq!(begin(&a, "k", ONE, short).await, Begun::First);
    assert_eq!(begin(&b, "k", ONE, DAY).await, Begun::InUse);
    tokio::time::sleep(short + Duration::from_millis(100)).await;
    // Long enough for a loaded machine to finish and ask again before it expires.
    let kept_for = Duration::from_millis(1500);
    assert_eq!(
        begin(&b, "k", ONE, kept_for).await,
        Begun::First,
        "no longer"
    );
    b.finish("k", answer()).await.unwrap();
    assert_eq!(begin(&a, "k", ONE, DAY).await, Begun::Replay(answer()));
    tokio::time::sleep(kept_for + Duration::from_millis(100)).await;
    assert_eq!(
        begin(&a, "k", TWO, DAY).await,
        Begun::First,
        "an expired answer is forgotten: another request may use the key"
    );
    drop_table(&a).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: REVIEW_TEST_POSTGRES=postgres://user@host:port (bash .ci/postgres-tests)"]
async fn remove_expired_deletes_only_the_rows_of_expired_keys() {
    let (a, b) = instances("sweep").await;
    let soon = Duration::from_secs(1);
    for key in ["gone-1", "gone-2"] {
        assert_eq!(begin(&a, key, ONE, soon).await, Begun::First);
    }
    assert_eq!(begin(&a, "gone-3", ONE, soon).await, Begun::First);
    a.finish("gone-3", answer()).await.unwrap();
    assert_eq!(begin(&b, "live", ONE, DAY).await, Begun::First);
    tokio::time::sleep(soon + Duration::from_millis(200)).await;
    assert_eq!(a.remove_expired().await.unwrap(), 3);
    assert_eq!(
        b.remove_expired().await.unwrap(),
        0,
        "nothing left to remove"
    );
    assert_eq!(begin(&a, "live", ONE, DAY).await, Begun::InUse, "kept");
    assert_eq!(begin(&b, "gone-3", TWO, DAY).await, Begun::First);
    drop_table(&a).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: REVIEW_TEST_POSTGRES=postgres://user@host:port (bash .ci/postgres-tests)"]
async fn instances_starting_together_create_the_table_once() {
    for round in 0..5 {
        let table = table(&format!("create_{round}"));
        sql(&format!("DROP TABLE IF EXISTS {table}")).await;
        let pools = [(); 4].map(|()| PostgresIdempotencyStore::connection_pool(&server()).unwrap());
        let stores = futures_util::future::join_all(
            pools
                .into_iter()
                .map(|pool| PostgresIdempotencyStore::with_table(pool, &table)),
        )
        .await;
        let stores: Vec<_> = stores
            .into_iter()
            .map(|s| s.expect("every instance starts"))
            .collect();
        assert_eq!(begin(&stores[0], "k", ONE, DAY).await, Begun::First);
        assert_eq!(begin(&stores[3], "k", ONE, DAY).await, Begun::InUse);
        drop_table(&stores[0]).await;
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL: REVIEW_TEST_POSTGRES=postgres://user@host:port (bash .ci/postgres-tests)"]
async fn a_table_of_that_name_with_other_columns_is_refused_at_start() {
    let table = table("foreign");
    sql(&format!(
        "DROP TABLE IF EXISTS {table}; CREATE TABLE {table} (key text PRIMARY KEY)"
    ))
    .await;
    let pool = PostgresIdempotencyStore::connection_pool(&server()).unwrap();
    let error = PostgresIdempotencyStore::with_table(pool, &table)
        .await
        .unwrap_err()
        .to_string();
    assert!(
        error.contains(&format!("table {table} cannot hold idempotency keys: ")),
        "{error}"
    );
    assert!(error.contains("does not exist"), "which column: {error}");
    sql(&format!("DROP TABLE {table}")).await;
}

/// A database that fails under a running store (here its table is gone) is an error, which
/// the pipeline answers with 503: never a `First` that would run the request unguarded.
#[tokio::test]
#[ignore = "needs PostgreSQL: REVIEW_TEST_POSTGRES=postgres://user@host:port (bash .ci/postgres-tests)"]
async fn a_failing_database_is_an_error_never_a_first_use() {
    let (a, b) = instances("failing").await;
    assert_eq!(begin(&a, "k", ONE, DAY).await, Begun::First);
    drop_table(&a).await;
    let error = b.begin("k", ONE, DAY).await.unwrap_err().to_string();
    assert!(
        error.starts_with("idempotency store unavailable: "),
        "{error}"
    );
    assert!(
        error.contains("does not exist"),
        "the server's reason: {error}"
    );
    assert!(a.finish("k", answer()).await.is_err());
    assert!(a.abandon("k").await.is_err());
}

/// Needs no server: nothing listens on port 1.
#[tokio::test]
async fn an_unreachable_server_is_an_error_at_start_not_a_hang() {
    let started = Instant::now();
    let error = PostgresIdempotencyStore::connect("postgres://nobody:hunter2@127.0.0.1:1/none")
        .await
        .unwrap_err()
        .to_string();
    assert!(error.contains("no database connection"), "{error}");
    assert!(!error.contains("hunter2"), "the password leaked: {error}");
    assert!(started.elapsed() < Duration::from_secs(10));
}
