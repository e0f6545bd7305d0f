//! The bookshop over loopback: the same runtime as the code review service, other
//! conventions, all from the bookshop's own spec (no JSON prefix, compact unless
//! `pretty=1`, `/auth/` for basic authentication, `X-Shop-Trace`, `_method`, its own status
//! messages and quota-group template). Nothing about the code review service is
//! hard-wired: if it were, these answers would be the code review service's.

use std::collections::BTreeMap;
use std::sync::Arc;

use restspec_runtime::QuotaBackend;
use restspec_runtime::example_tests::QuotaRecorder;

/// Serves `app` on an ephemeral loopback port and answers its base URL.
async fn start(app: bookshop::App) -> String {
    restspec_runtime::example_tests::serve_on_loopback(app)
        .await
        .expect("a loopback server starts")
}

/// Sends a request and answers its status and body.
async fn send(request: reqwest::RequestBuilder) -> (u16, String) {
    let response = request.send().await.expect("request");
    let status = response.status().as_u16();
    (status, response.text().await.expect("body"))
}

/// An error as the bookshop writes them: RFC 9457 problem details.
fn problem(status: u16, title: &str, detail: &str) -> (u16, String) {
    (
        status,
        format!(
            r#"{{"type":"about:blank","title":"{title}","status":{status},"detail":"{detail}"}}"#
        ),
    )
}

fn label(label: &'static str) -> BTreeMap<&'static str, &'static str> {
    [("label", label)].into_iter().collect()
}

#[tokio::test]
async fn the_bookshop_speaks_its_own_conventions() {
    let base = start(bookshop::app("pw")).await;
    let client = reqwest::Client::new();
    let created = client
        .put(format!("{base}/auth/shelves/poetry"))
        .basic_auth("clerk", Some("pw"))
        .json(&label("Poems"))
        .send()
        .await
        .expect("request");
    assert_eq!(created.status(), 201);
    assert_eq!(
        created.headers()["content-type"],
        "application/json; charset=UTF-8"
    );
    assert_eq!(
        created.text().await.expect("body"),
        "{\"name\":\"poetry\",\"label\":\"Poems\",\"books\":[]}\n",
        "no prefix line, compact by default"
    );
    let again = client
        .put(format!("{base}/auth/shelves/poetry"))
        .basic_auth("clerk", Some("pw"))
        .json(&label("Poems"));
    let again = again.send().await.expect("request");
    assert_eq!(again.headers()["content-type"], "application/problem+json");
    assert!(
        again.headers().get("x-content-type-options").is_none(),
        "the bookshop switches the security headers off"
    );
    let status = again.status().as_u16();
    assert_eq!(
        (status, again.text().await.expect("body")),
        problem(409, "Conflict", "Already taken")
    );

    let listed = client
        .get(format!("{base}/shelves/?pretty=1"))
        .header("X-Shop-Trace", "t-1")
        .send()
        .await
        .expect("request");
    assert_eq!(listed.headers()["x-shop-trace"], "t-1");
    let listed = listed.text().await.expect("body");
    assert!(listed.starts_with("{\n  \"poetry\": {"), "{listed}");

    let elsewhere = client.get(format!("{base}/a/shelves/"));
    assert_eq!(
        send(elsewhere).await,
        problem(404, "Not Found", "No such thing"),
        "`/a/` means nothing here; messages are the spec's"
    );
    let bad_override = client.post(format!("{base}/shelves/poetry/books/1?_method=PATCH"));
    assert_eq!(
        send(bad_override).await,
        problem(400, "Bad Request", "invalid _method"),
        "`_method`, not `$m`"
    );

    let wrong = client
        .post(format!("{base}/auth/shelves/poetry/books/978-0"))
        .basic_auth("clerk", Some("wrong"));
    assert_eq!(send(wrong).await.0, 401);
    let added = client
        .post(format!("{base}/auth/shelves/poetry/books/978-0"))
        .basic_auth("clerk", Some("pw"));
    assert_eq!(send(added).await, (204, String::new()));
    let missing = client
        .delete(format!("{base}/auth/shelves/poetry/books/000"))
        .basic_auth("clerk", Some("pw"));
    assert_eq!(
        send(missing).await,
        problem(404, "Not Found", "no book 000 on poetry")
    );
}

#[tokio::test]
async fn quota_groups_follow_the_bookshops_template() {
    let groups = Arc::new(QuotaRecorder::default());
    let mut quota = QuotaBackend::new();
    quota.register(groups.clone());
    let app = bookshop::api::router(
        bookshop::Shop::default(),
        bookshop::settings("pw").quota(quota),
    );
    let base = start(app).await;
    let client = reqwest::Client::new();
    let clerk = |request: reqwest::RequestBuilder| request.basic_auth("clerk", Some("pw"));

    let created = clerk(client.put(format!("{base}/auth/shelves/poetry"))).json(&label("Poems"));
    assert_eq!(send(created).await.0, 201);
    assert_eq!(send(client.get(format!("{base}/shelves/"))).await.0, 200);
    let added = clerk(client.post(format!("{base}/auth/shelves/poetry/books/978-0")));
    assert_eq!(send(added).await.0, 204);
    let removed = clerk(client.delete(format!("{base}/auth/shelves/poetry/books/978-0")));
    assert_eq!(send(removed).await.0, 204);
    assert_eq!(
        groups.groups(),
        [
            "shop/shelves#PUT",
            "shop/shelves/#GET",
            "shop/shelves/books#POST",
            "shop/shelves/books#DELETE"
        ]
    );
}
