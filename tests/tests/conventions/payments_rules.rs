//! `fixtures/payments`: what a customer's fields and the list's options must be, checked
//! on forms, JSON and the query alike, every violation named at once; and what its path
//! parameter must be.

use super::payments::{assert_refused, json, post, start};
use super::{client, send};

#[tokio::test]
async fn a_body_breaking_constraints_is_refused_naming_every_violation_in_forms_and_json() {
    let base = start().await;
    let long = format!("{}%40example.com", "a".repeat(520));
    for body in [
        format!("email={long}&balance=-100000001"),
        format!(
            r#"{{"email":"{}@example.com","balance":-100000001}}"#,
            "a".repeat(520)
        ),
    ] {
        let refused = post(&base, "/customers", &body).await;
        assert_refused(
            &refused,
            Some("email"),
            "Invalid input: email: longer than 512 characters; balance: less than -100000000",
        );
    }
    let listed = send(client().get(format!("{base}/v1/customers?limit=100"))).await;
    let customers = json(&listed)["data"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(customers.len(), 1, "nothing refused was stored");
    let edge = post(&base, "/customers", "balance=-100000000").await;
    assert_eq!(
        edge.status,
        200,
        "the bound itself is allowed: {}",
        edge.text()
    );
}

#[tokio::test]
async fn a_query_option_of_a_format_is_read_as_its_type_and_refused_when_it_is_not_one() {
    let base = start().await;
    let list = |query: &'static str| {
        let base = base.clone();
        async move { send(client().get(format!("{base}/v1/customers?{query}"))).await }
    };
    let future = list("created_before=2999-01-01").await;
    assert_eq!(
        json(&future)["data"].as_array().map(Vec::len),
        Some(1),
        "{}",
        future.text()
    );
    let past = list("created_before=1999-12-31").await;
    assert_eq!(
        json(&past)["data"].as_array().map(Vec::len),
        Some(0),
        "{}",
        past.text()
    );
    // A switch with a default: on unless the request turns it off.
    let made = post(&base, "/customers", "metadata[plan]=pro").await;
    assert_eq!(made.status, 200, "{}", made.text());
    let metadata = |answer: &super::Answer| json(answer)["data"][1]["metadata"].clone();
    let count_of = |answer: &super::Answer| json(answer)["data"].as_array().map(Vec::len);
    let on = list("").await;
    assert_eq!(
        metadata(&on),
        serde_json::json!({ "plan": "pro" }),
        "{}",
        on.text()
    );
    let off = list("with_metadata=false").await;
    assert_eq!(metadata(&off), serde_json::json!({}), "{}", off.text());
    let after = list("created_after=1000").await;
    assert_eq!(
        json(&after)["data"].as_array().map(Vec::len),
        Some(2),
        "{}",
        after.text()
    );
    let later = list("created_after=4102444800").await;
    assert_eq!(
        json(&later)["data"].as_array().map(Vec::len),
        Some(0),
        "{}",
        later.text()
    );
    // A key of an object sent as `deepObject` (`created[gte]`), its brackets written or
    // percent-encoded; a value that is no time is refused naming the key.
    for (early, late) in [
        ("created[gte]=1000", "created[gte]=4102444800"),
        ("created%5Bgte%5D=1000", "created%5Bgte%5D=4102444800"),
    ] {
        let from = list(early).await;
        assert_eq!(
            json(&from)["data"].as_array().map(Vec::len),
            Some(2),
            "{}",
            from.text()
        );
        let none = list(late).await;
        assert_eq!(
            json(&none)["data"].as_array().map(Vec::len),
            Some(0),
            "{}",
            none.text()
        );
    }
    // A map read as `deepObject`: each key a member, beside an option named like one.
    let pro = list("metadata[plan]=pro&created[gte]=1000").await;
    assert_eq!(count_of(&pro), Some(1), "{}", pro.text());
    let free = list("metadata%5Bplan%5D=free").await;
    assert_eq!(count_of(&free), Some(0), "{}", free.text());
    let soon = list("created[gte]=soon").await;
    assert_refused(&soon, Some("created[gte]"), "invalid option created[gte]");
    // A list of numbers, comma-separated: each piece read as one.
    let count = |answer: &super::Answer| json(answer)["data"].as_array().map(Vec::len);
    let zero = list("balances=500,0").await;
    assert_eq!(count(&zero), Some(2), "{}", zero.text());
    let none = list("balances=500,7").await;
    assert_eq!(count(&none), Some(0), "{}", none.text());
    // At most three, none twice: both said at once.
    let many = list("balances=1,2,1,4").await;
    assert_refused(
        &many,
        Some("balances"),
        "invalid option: balances: more than 3 items; balances: item 2 repeats an earlier one",
    );
    let word = list("balances=0,lots").await;
    assert_refused(&word, Some("balances"), "invalid option balances");
    let noon = list("created_after=noon").await;
    assert_refused(&noon, Some("created_after"), "invalid option created_after");
    let wrong = list("created_before=2026-02-30").await;
    assert_refused(&wrong, Some("created_before"), "not a date");
    let long = send(client().get(format!("{base}/v1/customers?email={}", "a".repeat(513)))).await;
    assert_refused(
        &long,
        Some("email"),
        "invalid option: email: longer than 512 characters",
    );
}

/// A path parameter with a `pattern` and a `max_length`: what does not match, or is
/// longer, names nothing (404 naming the parameter), before the resolver or the handler is
/// asked.
#[tokio::test]
async fn a_parameter_that_does_not_match_its_pattern_names_nothing() {
    let base = start().await;
    let found = send(client().get(format!("{base}/v1/customers/cus_1"))).await;
    assert_eq!(found.status, 200, "{}", found.text());
    let other = send(client().get(format!("{base}/v1/customers/acct_1"))).await;
    assert_eq!(other.status, 404);
    assert_eq!(json(&other)["error"]["param"], "customer");
    let long = format!("cus_{}", "1".repeat(21));
    let longer = send(client().get(format!("{base}/v1/customers/{long}"))).await;
    assert_eq!(longer.status, 404, "{}", longer.text());
    assert_eq!(json(&longer)["error"]["param"], "customer");
    let longest = format!("cus_{}", "1".repeat(20));
    let fits = send(client().get(format!("{base}/v1/customers/{longest}"))).await;
    assert_ne!(json(&fits)["error"]["param"], "customer", "{}", fits.text());
}
