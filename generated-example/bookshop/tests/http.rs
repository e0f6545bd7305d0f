//! The bookshop over loopback: its own conventions, from its own spec.

async fn start() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind loopback");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(async move {
        let _ = restspec_runtime::serve(listener, bookshop::app("pw")).await;
    });
    base
}

#[tokio::test]
async fn the_bookshop_speaks_its_own_conventions() {
    let base = start().await;
    let client = reqwest::Client::new();
    let created = client
        .put(format!("{base}/auth/shelves/poetry"))
        .basic_auth("clerk", Some("pw"))
        .json(&serde_json_value())
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
        .json(&serde_json_value())
        .send()
        .await
        .expect("request");
    assert_eq!(again.status(), 409);
    assert_eq!(again.text().await.expect("body"), "Already taken\n");
    let listed = client
        .get(format!("{base}/shelves/?pretty=1"))
        .header("X-Shop-Trace", "t-1")
        .send()
        .await
        .expect("request");
    assert_eq!(listed.headers()["x-shop-trace"], "t-1");
    assert!(
        listed
            .text()
            .await
            .expect("body")
            .starts_with("{\n  \"poetry\"")
    );
    let missing = client
        .get(format!("{base}/a/shelves/"))
        .send()
        .await
        .expect("request");
    assert_eq!(missing.status(), 404);
    assert_eq!(missing.text().await.expect("body"), "No such thing\n");
}

fn serde_json_value() -> std::collections::BTreeMap<&'static str, &'static str> {
    [("label", "Poems")].into_iter().collect()
}
