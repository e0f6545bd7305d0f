//! A typed client as a user writes it: generated alone (`restspec_client::generate!`, no
//! server stack), private to a binary that calls one
//! of its methods. The client is a library surface (most binaries use a few of its
//! methods), so the rest must not add a single warning either (`deny(warnings)`).
// (`dead_code` is named because trybuild allows it on its command line.)
#![deny(warnings, dead_code)]

restspec_client::generate!(mod api = "../../fixtures/conventions");

fn main() {
    let client = api::client::Client::new("http://127.0.0.1:1").expect("a base URL");
    let _call = client.list_things(&Default::default());
}
