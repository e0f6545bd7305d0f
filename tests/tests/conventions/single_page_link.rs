//! `link_on_single_page: false` on `fixtures/github_pages`: as GitHub, no `Link` header
//! when every item fits one page, and the usual links as soon as there are pages to go to.

use restspec_tests::github_pages::GithubPages;

use super::{client, send};

#[tokio::test]
async fn a_list_that_fits_one_page_has_no_link() {
    let base = GithubPages::new(3)
        .serve()
        .await
        .expect("a loopback server starts");
    let one = send(client().get(format!("{base}/stargazers/"))).await;
    assert_eq!(one.status, 200, "{}", one.text());
    let body: serde_json::Value = serde_json::from_slice(&one.body).expect("JSON");
    assert_eq!(body, serde_json::json!(["user1", "user2", "user3"]));
    assert_eq!(one.header("link"), None, "everything fits one page");
    let exact = send(client().get(format!("{base}/stargazers/?per_page=3"))).await;
    assert_eq!(exact.header("link"), None, "a page exactly full");
}

#[tokio::test]
async fn a_list_of_several_pages_links_them() {
    let base = GithubPages::new(5)
        .serve()
        .await
        .expect("a loopback server starts");
    let first = send(client().get(format!("{base}/stargazers/?per_page=2"))).await;
    let link = first.header("link").expect("a Link header").to_owned();
    assert!(
        link.contains("page=2&per_page=2>; rel=\"next\"")
            && link.contains("page=3&per_page=2>; rel=\"last\""),
        "{link}"
    );
    let last = send(client().get(format!("{base}/stargazers/?per_page=2&page=3"))).await;
    let link = last.header("link").expect("a Link header").to_owned();
    assert!(
        link.contains("rel=\"prev\"") && !link.contains("rel=\"next\""),
        "{link}"
    );
}
