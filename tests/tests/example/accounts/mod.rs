//! `/accounts/` of the example service: finding, querying, creating and reading accounts
//! here; their profile, emails, capabilities and groups in the modules below.

mod capabilities;
mod emails;
mod groups;
mod profile;

use reqwest::StatusCode;
use serde_json::{Value, json as body};

use crate::example::{PASSWORD, Server, admin, send_json, send_text, user};

/// The `name` of each group in a list of groups.
fn group_names(groups: &Value) -> Vec<&str> {
    groups
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|g| g["name"].as_str())
        .collect()
}

#[tokio::test]
async fn accounts_are_found_by_id_username_email_and_self() {
    let server = Server::start().await;
    let alice = server.create_account("alice").await;
    assert_eq!(alice, 1_000_001, "accounts after admin get the next ids");

    for id in ["1000001", "alice", "alice@example.com"] {
        let (status, account) = send_json(
            server
                .get(&format!("/a/accounts/{id}"))
                .basic_auth("admin", Some(PASSWORD)),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{id}");
        assert_eq!(
            account,
            body!({"_account_id": 1_000_001, "name": "User alice", "email": "alice@example.com", "username": "alice"}),
            "{id}"
        );
    }
    let (status, me) = send_json(user(server.get("/a/accounts/self"), "alice")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["_account_id"], 1_000_001);

    // Anonymous callers see the account without its email; `self` needs a login.
    let (status, anonymous) = send_json(server.get("/accounts/alice/")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        anonymous,
        body!({"_account_id": 1_000_001, "name": "User alice", "username": "alice"})
    );
    let (status, text) = send_text(server.get("/accounts/self")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(text, "Resolving account 'self' requires login\n");

    for missing in ["nobody", "999", "nobody@example.com"] {
        let (status, text) = send_text(server.get(&format!("/accounts/{missing}/name"))).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
        assert_eq!(text, format!("Not found: {missing}\n"));
    }
}

#[tokio::test]
async fn creating_accounts() {
    let server = Server::start().await;
    let (status, group) = send_json(admin(server.put("/a/groups/devs")).json(&body!({}))).await;
    assert_eq!(status, StatusCode::CREATED);

    let (status, created) = send_json(admin(server.put("/a/accounts/bob")).json(&body!({
        "username": "bob",
        "name": "Bob Builder",
        "display_name": "Bob",
        "email": "bob@example.com",
        "http_password": "bob-pw",
        "groups": ["devs"],
    })))
    .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(
        created,
        body!({"_account_id": 1_000_001, "name": "Bob Builder", "email": "bob@example.com",
               "username": "bob", "display_name": "Bob"})
    );
    // The new account logs in with its HTTP password and is in the group.
    let (status, groups) = send_json(user(server.get("/a/accounts/self/groups"), "bob")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        group_names(&groups),
        ["Anonymous Users", "Registered Users", "devs"]
    );
    assert_eq!(groups[2]["id"], group["id"]);
    let (status, text) = send_text(
        server
            .get("/a/accounts/self")
            .basic_auth("bob", Some("wrong")),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(text, "Unauthorized\n");

    // An empty body is an account with a username only.
    let (status, bare) = send_json(admin(server.put("/a/accounts/carol"))).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(bare, body!({"_account_id": 1_000_002, "username": "carol"}));

    let (status, text) = send_text(admin(server.put("/a/accounts/bob")).json(&body!({}))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(text, "username 'bob' already exists\n");
    let (status, text) = send_text(
        admin(server.put("/a/accounts/bob"))
            .header("If-None-Match", "*")
            .json(&body!({})),
    )
    .await;
    assert_eq!(status, StatusCode::PRECONDITION_FAILED);
    assert_eq!(text, "Resource already exists\n");
    let (status, text) =
        send_text(admin(server.put("/a/accounts/dave")).json(&body!({"email": "bob@example.com"})))
            .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(text, "email 'bob@example.com' already exists\n");
    let (status, text) =
        send_text(admin(server.put("/a/accounts/dave")).json(&body!({"groups": ["nope"]}))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(text, "Group Not Found: nope\n");
    let (status, text) = send_text(
        admin(server.put("/a/accounts/dave")).json(&body!({"groups": ["Registered Users"]})),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(text, "Registered Users is not an internal group\n");
    let (status, text) =
        send_text(admin(server.put("/a/accounts/dave")).json(&body!({"username": "eve"}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(text, "username must match URL\n");
    let (status, text) = send_text(admin(server.put("/a/accounts/-dave")).json(&body!({}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(text, "Invalid username '-dave'\n");
    let (status, _) = send_text(
        admin(server.put("/a/accounts/dave"))
            .header("Content-Type", "application/json")
            .body("{\"name\": "),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, text) =
        send_text(admin(server.put("/a/accounts/dave")).json(&body!({"name": 7}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(text.contains("invalid type"), "{text}");

    // Creating accounts needs createAccount; anonymous mutations need a login.
    let (status, text) =
        send_text(user(server.put("/a/accounts/dave"), "bob").json(&body!({}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(text, "not permitted: createAccount\n");
    let (status, text) = send_text(server.put("/accounts/dave").json(&body!({}))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(text, "Authentication required\n");
    let (status, _) = send_text(server.get("/accounts/dave")).await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "nothing was created by the refused requests"
    );
}

#[tokio::test]
async fn querying_accounts() {
    let server = Server::start().await;
    for name in ["alice", "bob", "carol"] {
        server.create_account(name).await;
    }
    let ids = |list: &Value| -> Vec<i64> {
        list.as_array()
            .expect("a list")
            .iter()
            .filter_map(|a| a["_account_id"].as_i64())
            .collect()
    };

    let (status, found) = send_json(admin(server.get("/a/accounts/?q=name:user"))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        found,
        body!([{"_account_id": 1_000_001}, {"_account_id": 1_000_002}, {"_account_id": 1_000_003}])
    );
    let (_, found) = send_json(admin(server.get("/a/accounts?q=username:bob&o=DETAILS"))).await;
    assert_eq!(
        found,
        body!([{"_account_id": 1_000_002, "name": "User bob", "email": "bob@example.com", "username": "bob"}])
    );
    let (_, found) = send_json(admin(
        server.get("/a/accounts/?q=email:example.com%20-username:alice"),
    ))
    .await;
    assert_eq!(ids(&found), [1_000_002, 1_000_003]);
    let (_, found) = send_json(admin(server.get("/a/accounts/?q=admin%20OR%20carol"))).await;
    assert_eq!(ids(&found), [1_000_000, 1_000_003]);
    let (_, found) = send_json(admin(server.get("/a/accounts/?q=1000002"))).await;
    assert_eq!(ids(&found), [1_000_002]);

    let (_, page) = send_json(admin(server.get("/a/accounts/?q=example.com&n=2"))).await;
    assert_eq!(
        page,
        body!([{"_account_id": 1_000_001}, {"_account_id": 1_000_002, "_more_accounts": true}])
    );
    let (_, page) = send_json(admin(server.get("/a/accounts/?q=example.com&n=2&S=2"))).await;
    assert_eq!(page, body!([{"_account_id": 1_000_003}]));

    // Inactive accounts only with is:inactive; suggestions complete a prefix with details.
    let (status, _) = send_text(admin(server.delete("/a/accounts/bob/active"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, found) = send_json(admin(server.get("/a/accounts/?q=example.com"))).await;
    assert_eq!(ids(&found), [1_000_001, 1_000_003]);
    let (_, found) = send_json(admin(server.get("/a/accounts/?q=is:inactive"))).await;
    assert_eq!(ids(&found), [1_000_002]);
    let (_, found) = send_json(server.get("/accounts/?suggest&q=car")).await;
    assert_eq!(
        found,
        body!([{"_account_id": 1_000_003, "name": "User carol", "username": "carol"}])
    );

    let (status, text) = send_text(admin(server.get("/a/accounts/"))).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::BAD_REQUEST, "missing query field\n")
    );
    let (status, text) = send_text(admin(server.get("/a/accounts/?q=owner:self"))).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::BAD_REQUEST, "Unsupported operator owner:self\n")
    );
    let (status, _) = send_text(admin(server.get("/a/accounts/?q=x&o=NOPE"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = send_text(admin(server.get("/a/accounts/?q=x&n=many"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
