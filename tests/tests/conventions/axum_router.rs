//! The generated service mounted in an axum application (`Service::into_router`, the
//! runtime's `axum` feature): the application's own routes answer first, everything else
//! is the generated service with its conventions.

use axum::Router;
use axum::routing::get;
use restspec_runtime::Settings;
use restspec_tests::build_script::common_style::router;
use restspec_tests::common_style::CommonStyle;

#[tokio::test]
async fn the_service_answers_what_the_application_s_own_routes_do_not() {
    let service = CommonStyle::new();
    let generated = router(service.clone(), Settings::default().authenticator(service));
    let app = Router::new()
        .route("/uptime", get(|| async { "up" }))
        .merge(generated.into_router());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind loopback");
    let base = format!("http://{}", listener.local_addr().expect("an address"));
    tokio::spawn(async move { axum::serve(listener, app).await });

    let client = reqwest::Client::new();
    let own = client
        .get(format!("{base}/uptime"))
        .send()
        .await
        .expect("an answer");
    assert_eq!(own.status(), 200);
    assert_eq!(own.text().await.expect("a body"), "up");

    let note = client
        .get(format!("{base}/api/v1/teams/notes/1"))
        .header("X-Request-Id", "req-7")
        .send()
        .await
        .expect("an answer");
    assert_eq!(note.status(), 200, "the generated service's endpoint");
    assert_eq!(
        note.headers()
            .get("x-request-id")
            .and_then(|v| v.to_str().ok()),
        Some("req-7"),
        "with the service's conventions"
    );
    let missing = client
        .get(format!("{base}/api/v1/nothing"))
        .send()
        .await
        .expect("an answer");
    assert_eq!(missing.status(), 404, "the service's own 404");
}
