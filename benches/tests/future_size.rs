//! The size of one request's future, which the service boxes per request and every
//! in-flight request keeps: each of its bytes is written when the request starts and read
//! on every poll, so a large future costs cache misses (`benches/README.md`).
//!
//! `cargo test -p restspec-benches --test future_size -- --nocapture` prints it for the
//! benchmark's service (its handlers answer from memory, so the size is the runtime's
//! request path, plus a handler's small future).

use bytes::Bytes;
use http_body_util::Full;
use restspec_benches::{Fixture, generated};

/// What the request future may weigh, in bytes. It was 3,112 bytes with the nested
/// pipeline; the steps in one future brought it to 2,296, and path parameters as offsets,
/// a borrowing `Call`, credentials found before they are looked up, and the lookup as
/// async blocks (an async fn keeps its arguments twice) to 1,688. Then 1,488: the steps
/// after authentication are a future of their own (a future keeps room for every value
/// that lives across two of its waits in all of its states), authentication is one async
/// block whose credentials live in a block around their lookup (a value once borrowed keeps
/// its room to the end of its scope), and the endpoint's steps borrow the client's address and
/// read the spec and the limits where they use them. The aim is under 1,024.
const BUDGET: usize = 1_504;

#[test]
fn the_request_future_stays_within_its_budget() {
    let fixture = Fixture::new();
    let service = generated::service(&fixture);
    let request = http::Request::get("/a/accounts/self/detail")
        .body(Full::new(Bytes::new()))
        .expect("a request");
    let future = hyper::service::Service::call(&service, request);
    let size = std::mem::size_of_val(&*future);
    println!("request future: {size} bytes (budget {BUDGET})");
    assert!(
        size <= BUDGET,
        "the request future grew to {size} bytes, over its budget of {BUDGET}"
    );
}
