//! The groups an account belongs to.

use reqwest::StatusCode;

use super::group_names;
use crate::example::{Server, admin, send_json, send_text};

#[tokio::test]
async fn account_groups_include_the_system_groups() {
    let server = Server::start().await;
    let (status, groups) = send_json(admin(server.get("/a/accounts/self/groups/"))).await;
    assert_eq!(status, StatusCode::OK);
    let names = group_names(&groups);
    assert_eq!(
        names,
        ["Administrators", "Anonymous Users", "Registered Users"]
    );
    assert_eq!(groups[2]["id"], "global%3ARegistered-Users");
    let (status, _) = send_text(server.get("/accounts/nobody/groups")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
