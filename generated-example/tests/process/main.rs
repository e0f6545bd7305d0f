//! The example service as a process: the tests that need the binary itself (hostile
//! requests over raw TCP, data kept across restarts, what it logs, how it treats slow
//! clients). They live in this package
//! so that cargo builds the binary for them (`CARGO_BIN_EXE_review-service`) with the
//! features of the rest of the build, instead of a nested `cargo build`.

mod binary;
mod hostile;
mod logs;
mod persistence;
mod slow_clients;

use serde_json::Value;

/// The status line's JSON prefix and the JSON after it.
pub async fn json(response: reqwest::Response) -> (String, Value) {
    let text = response.text().await.expect("body");
    let (prefix, rest) = text.split_once('\n').expect("a prefix line");
    (
        prefix.to_owned(),
        serde_json::from_str(rest).expect("JSON after the prefix"),
    )
}
