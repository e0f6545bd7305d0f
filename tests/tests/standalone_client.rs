//! A client generated alone (`restspec_client::generate!`), in a crate that does not hold the
//! server: its types are its own, generated from the same spec, and it drives the bookshop
//! (served by the bookshop crate) over loopback.

// Generated code must add no warning to a crate that uses a few of the client's methods:
// the client is a library surface.
restspec_client::generate!(#[deny(warnings, dead_code)] mod shop = "../generated-example/bookshop/spec");

use shop::client::{Client, ClientConfig};

#[tokio::test]
async fn a_standalone_client_drives_a_server_built_elsewhere() {
    let base = restspec_runtime::example_tests::serve_on_loopback(bookshop::app("pw"))
        .await
        .expect("a loopback server starts");
    let clerk =
        Client::with_config(ClientConfig::new(&base).basic_auth("clerk", "pw")).expect("a URL");
    let shelf: shop::types::ShelfInfo = clerk
        .create_shelf("travel", &shop::types::ShelfInput::default())
        .await
        .expect("created");
    assert_eq!((shelf.name.as_str(), shelf.books.len()), ("travel", 0));
    let anonymous = Client::new(&base).expect("a URL");
    let refused = anonymous
        .create_shelf("atlases", &shop::types::ShelfInput::default())
        .await
        .expect_err("the clerk's capability is needed");
    assert!(
        matches!(refused.status(), Some(401 | 403)),
        "anonymous creation refused: {refused}"
    );
    let shelves = anonymous.list_shelves().await.expect("the shelves");
    assert_eq!(shelves.keys().collect::<Vec<_>>(), ["travel"]);
}
