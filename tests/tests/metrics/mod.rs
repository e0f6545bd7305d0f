//! The operator's paths of the example service (`metrics_path: /metrics`,
//! `liveness_path: /healthz`, `readiness_path: /readyz`) over loopback, and the spec errors
//! of a probe path that another path hides.

mod health;
mod scrape;
mod spec_errors;
mod unread;

use crate::example::Server;

/// The metrics page of `server`, scraped anonymously.
async fn scrape(server: &Server) -> String {
    let response = server.get("/metrics").send().await.expect("request");
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    response.text().await.expect("body")
}

/// The value of the series `name{labels}` on `page` (`0` when it is not written).
fn value(page: &str, series: &str) -> f64 {
    page.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .map_or(0.0, |v| v.parse().expect("a number"))
}
