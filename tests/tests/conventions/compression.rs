//! Protocol 4.2: `Accept-Encoding: gzip` gzips responses worth compressing (256 bytes or
//! more, errors too), with `Vary: Accept-Encoding`.

use std::io::Read;

use super::{client, send, server};

fn gunzip(bytes: &[u8]) -> String {
    let mut out = String::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_string(&mut out)
        .expect("valid gzip");
    out
}

#[tokio::test]
async fn large_bodies_are_gzipped_when_the_client_accepts_it() {
    let s = server().await;
    let plain = send(client().get(s.url("/things/x/big?pp=0"))).await;
    assert_eq!(plain.status, 200);
    assert_eq!(plain.header("content-encoding"), None);
    assert!(plain.body.len() >= 256);

    let zipped = send(
        client()
            .get(s.url("/things/x/big?pp=0"))
            .header("Accept-Encoding", "gzip"),
    )
    .await;
    assert_eq!(zipped.status, 200);
    assert_eq!(zipped.header("content-encoding"), Some("gzip"));
    assert!(
        zipped
            .headers_named("vary")
            .iter()
            .any(|v| v.eq_ignore_ascii_case("accept-encoding"))
    );
    assert!(zipped.body.len() < plain.body.len());
    assert_eq!(gunzip(&zipped.body), plain.text());
}

#[tokio::test]
async fn small_bodies_are_sent_as_they_are() {
    let s = server().await;
    let a = send(
        client()
            .get(s.url("/things/x"))
            .header("Accept-Encoding", "gzip"),
    )
    .await;
    assert_eq!(a.status, 200);
    assert_eq!(a.header("content-encoding"), None);
    assert!(a.text().starts_with(")]}'\n"));
}

#[tokio::test]
async fn large_errors_are_gzipped_too() {
    let s = server().await;
    let long = "n".repeat(300);
    let a = send(
        client()
            .get(s.url(&format!("/things/{long}")))
            .header("Accept-Encoding", "gzip"),
    )
    .await;
    assert_eq!(a.status, 404);
    assert_eq!(a.header("content-encoding"), Some("gzip"));
    assert_eq!(gunzip(&a.body), format!("No such thing: {long}\n"));
}
