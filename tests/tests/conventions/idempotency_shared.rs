//! Idempotency keys shared by two instances of one service over real HTTP: the payments
//! service (`fixtures/payments`, whose spec switches keys on with `Idempotency-Key`) served
//! twice on two loopback ports, each instance with a `PostgresIdempotencyStore` on a pool
//! of its own, both on one PostgreSQL database, and one customer store between them (as
//! two instances of a real service share their data). A retry sent to the other instance
//! replays the first answer instead of creating a second customer; another request with the
//! key is the spec's idempotency error on either instance.
//!
//! Needs the PostgreSQL server `REVIEW_TEST_POSTGRES` names (`postgres://user@host:port`,
//! a user who may create databases): ignored without one. `bash .ci/postgres-tests` starts a
//! throwaway cluster, sets it and runs this with `--include-ignored`.

use restspec_runtime::Settings;
use restspec_runtime::idempotency::PostgresIdempotencyStore;
use restspec_tests::build_script::payments::router;
use restspec_tests::payments::Payments;

use super::{Answer, client, send};

/// A new, empty database on the server `REVIEW_TEST_POSTGRES` names; fails saying what is
/// missing when it names none.
fn fresh_database() -> String {
    let server = std::env::var("REVIEW_TEST_POSTGRES").expect(
        "REVIEW_TEST_POSTGRES must name a PostgreSQL server (postgres://user@host:port); \
         bash .ci/postgres-tests starts one and sets it",
    );
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let name = format!("idempotency_{}_{nanos}", std::process::id());
    review_service::storage::PgStorage::create_database(&server, &name)
        .expect("REVIEW_TEST_POSTGRES names a server where databases can be created")
}

/// One instance: `payments` served on a loopback port with its own store (its own pool)
/// on `database`; answers its base URL.
async fn instance(payments: Payments, database: &str) -> String {
    let store = PostgresIdempotencyStore::connect(database)
        .await
        .expect("the idempotency store starts");
    let app = router(payments, Settings::default().idempotency_store(store));
    restspec_runtime::example_tests::serve_on_loopback(app)
        .await
        .expect("a loopback port")
}

/// Creates a customer on the instance at `base`, with an idempotency key when given.
async fn create(base: &str, key: Option<&str>, form: &'static str) -> Answer {
    let mut request = client()
        .post(format!("{base}/v1/customers"))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body(form);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    send(request).await
}

fn json(answer: &Answer) -> serde_json::Value {
    serde_json::from_slice(&answer.body).expect("a JSON body")
}

#[tokio::test]
#[ignore = "needs PostgreSQL: REVIEW_TEST_POSTGRES=postgres://user@host:port (bash .ci/postgres-tests)"]
async fn a_retry_on_another_instance_replays_the_first_answer_and_another_request_is_refused() {
    let database = fresh_database();
    let payments = Payments::new();
    let a = instance(payments.clone(), &database).await;
    let b = instance(payments, &database).await;

    let first = create(&a, Some("order-7"), "email=ada%40example.com&balance=5").await;
    assert_eq!(first.status, 200, "{}", first.text());
    assert_eq!(first.header("idempotent-replayed"), None);
    assert_eq!(json(&first)["id"], "cus_2", "cus_1 is there from the start");

    let retry = create(&b, Some("order-7"), "email=ada%40example.com&balance=5").await;
    assert_eq!(retry.status, 200, "{}", retry.text());
    assert_eq!(retry.header("idempotent-replayed"), Some("true"));
    assert_eq!(
        retry.text(),
        first.text(),
        "the first answer, byte for byte"
    );
    assert_eq!(retry.header("content-type"), first.header("content-type"));

    // One customer was made, not two: the next one is cus_3, on either instance.
    let next = send(client().get(format!("{b}/v1/customers/cus_3"))).await;
    assert_eq!(next.status, 404, "{}", next.text());
    let unkeyed = create(&b, None, "email=ada%40example.com&balance=5").await;
    assert_eq!(json(&unkeyed)["id"], "cus_3");

    for base in [&b, &a] {
        let other = create(base, Some("order-7"), "email=grace%40example.com").await;
        assert_eq!(other.status, 400, "{}", other.text());
        assert_eq!(
            json(&other),
            serde_json::json!({
                "error": {
                    "code": null,
                    "message": "This idempotency key was used with another request",
                    "type": "idempotency_error",
                    "param": null,
                }
            })
        );
        assert_eq!(other.header("idempotent-replayed"), None);
    }
    let after = send(client().get(format!("{a}/v1/customers/cus_4"))).await;
    assert_eq!(after.status, 404, "the refused requests made no customer");

    // Another key runs anew, whichever instance gets it.
    let fresh = create(&b, Some("order-8"), "email=grace%40example.com").await;
    assert_eq!(fresh.status, 200, "{}", fresh.text());
    assert_eq!(fresh.header("idempotent-replayed"), None);
    assert_eq!(json(&fresh)["id"], "cus_4");
}
