//! `/groups/` of the example service: the system groups, listing, creating and reading
//! groups here; their properties, members and subgroups in the modules below.

mod members;
mod properties;
mod subgroups;

use reqwest::StatusCode;
use serde_json::{Value, json as body};

use crate::example::{Server, admin, send_json, send_text, user};

/// Creates a group as `admin` with `input` and answers its `GroupInfo`.
async fn create_group(server: &Server, name: &str, input: Value) -> Value {
    let (status, group) =
        send_json(admin(server.put(&format!("/a/groups/{name}"))).json(&input)).await;
    assert_eq!(status, StatusCode::CREATED, "creating {name}: {group}");
    group
}

/// The `name` fields of a list of infos.
fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|item| item["name"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// The keys of a map.
fn keys(map: &Value) -> Vec<String> {
    map.as_object().expect("a map").keys().cloned().collect()
}

#[tokio::test]
async fn the_system_groups_and_administrators_exist_from_the_start() {
    let server = Server::start().await;
    let (status, groups) = send_json(admin(server.get("/a/groups/"))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        keys(&groups),
        ["Administrators", "Anonymous Users", "Registered Users"]
    );
    assert_eq!(
        groups["Registered Users"],
        body!({"id": "global%3ARegistered-Users", "options": {"visible_to_all": true}}),
        "system groups have no owner, number or description; map entries no name"
    );
    let admins = &groups["Administrators"];
    assert_eq!(admins["group_id"], 1);
    assert_eq!(admins["description"], "Gerrit Site Administrators");
    assert_eq!(admins["owner"], "Administrators");
    assert_eq!(admins["owner_id"], admins["id"]);
    assert_eq!(admins["options"], body!({}));
    let id = admins["id"].as_str().expect("an id");
    assert_eq!(id.len(), 40);
    assert_eq!(admins["url"], format!("#/admin/groups/uuid-{id}"));

    // The id goes back into URLs as it is; groups are also found by name and number.
    for path in [
        "/groups/global%3ARegistered-Users",
        "/groups/Registered%20Users",
        "/groups/Registered Users/",
    ] {
        let (status, group) = send_json(server.get(path)).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(group["name"], "Registered Users");
    }
    for path in [
        format!("/a/groups/{id}"),
        "/a/groups/1".to_owned(),
        "/a/groups/Administrators".to_owned(),
    ] {
        let (status, group) = send_json(admin(server.get(&path))).await;
        assert_eq!(
            (status, &group["name"]),
            (StatusCode::OK, &body!("Administrators")),
            "{path}"
        );
    }

    // Administrators is not visible to all: others do not see it.
    let (status, groups) = send_json(server.get("/groups")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(keys(&groups), ["Anonymous Users", "Registered Users"]);
    let (status, text) = send_text(server.get("/groups/Administrators")).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::NOT_FOUND, "Not found: Administrators\n")
    );
    let (status, _) = send_text(server.get("/groups/no-such-group")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn creating_groups() {
    let server = Server::start().await;
    server.create_account("alice").await;

    let devs = create_group(
        &server,
        "devs",
        body!({"description": "Developers", "visible_to_all": true}),
    )
    .await;
    let id = devs["id"].as_str().expect("an id").to_owned();
    assert_eq!(devs["name"], "devs");
    assert_eq!(devs["group_id"], 2);
    assert_eq!(devs["owner"], "devs", "a new group owns itself");
    assert_eq!(devs["owner_id"], devs["id"]);
    assert_eq!(devs["options"], body!({"visible_to_all": true}));
    assert_eq!(devs["description"], "Developers");
    assert!(
        devs["created_on"].as_str().is_some_and(|t| t.len() == 29),
        "{devs}"
    );
    // Its creator is its member; everyone sees it.
    let (status, detail) = send_json(user(server.get("/a/groups/devs/detail"), "alice")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(names(&detail["members"]), ["Administrator"]);
    assert_eq!(detail["includes"], body!([]));

    let ops = create_group(
        &server,
        "ops",
        body!({"owner": "devs", "members": ["alice"]}),
    )
    .await;
    assert_eq!(ops["owner"], "devs");
    assert_eq!(ops["owner_id"], id.as_str());
    let (_, members) = send_json(admin(server.get("/a/groups/ops/members/"))).await;
    assert_eq!(names(&members), ["User alice"]);

    let (status, text) = send_text(admin(server.put("/a/groups/devs")).json(&body!({}))).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::CONFLICT, "group 'devs' already exists\n")
    );
    let (status, text) =
        send_text(admin(server.put("/a/groups/devs")).header("If-None-Match", "*")).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::PRECONDITION_FAILED, "Resource already exists\n")
    );
    let (status, text) =
        send_text(admin(server.put("/a/groups/qa")).json(&body!({"owner_id": "nope"}))).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "Group Not Found: nope\n")
    );
    let (status, text) =
        send_text(admin(server.put("/a/groups/qa")).json(&body!({"members": ["nobody"]}))).await;
    assert_eq!(
        (status, text.as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "Account 'nobody' not found\n"
        )
    );
    let (status, text) =
        send_text(admin(server.put("/a/groups/qa")).json(&body!({"name": "other"}))).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::BAD_REQUEST, "name must match URL\n")
    );
    let (status, _) = send_text(
        admin(server.put("/a/groups/qa"))
            .header("Content-Type", "application/json")
            .body("{\"description\": "),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let (status, text) =
        send_text(user(server.put("/a/groups/qa"), "alice").json(&body!({}))).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::FORBIDDEN, "not permitted: createGroup\n")
    );
    let (status, text) = send_text(server.put("/groups/qa").json(&body!({}))).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::FORBIDDEN, "Authentication required\n")
    );
    let (status, _) = send_text(admin(server.get("/a/groups/qa"))).await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "nothing was created by the refused requests"
    );

    // Deleting: a group that owns others is 409; then it goes.
    let (status, text) = send_text(admin(server.delete("/a/groups/devs"))).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::CONFLICT, "group 'devs' owns other groups\n")
    );
    let (status, _) = send_text(admin(server.delete("/a/groups/ops"))).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = send_text(admin(server.get("/a/groups/ops"))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn system_groups_refuse_member_owner_and_settings_operations() {
    let server = Server::start().await;
    server.create_account("alice").await;
    let reason = "group 'Registered Users' is a system group, not an internal group\n";
    let requests = [
        server.get("/a/groups/Registered%20Users/members/"),
        server.get("/a/groups/Registered%20Users/members/alice"),
        server.put("/a/groups/Registered%20Users/members/alice"),
        server.delete("/a/groups/Registered%20Users/members/alice"),
        server
            .post("/a/groups/Registered%20Users/members.add")
            .json(&body!({"members": ["alice"]})),
        server
            .post("/a/groups/Registered%20Users/members.delete")
            .json(&body!({"members": ["alice"]})),
        server.get("/a/groups/Registered%20Users/groups/"),
        server.put("/a/groups/Registered%20Users/groups/Administrators"),
        server.get("/a/groups/Registered%20Users/owner"),
        server
            .put("/a/groups/Registered%20Users/owner")
            .json(&body!({"owner": "Administrators"})),
        server
            .put("/a/groups/Registered%20Users/name")
            .json(&body!({"name": "Everyone"})),
        server
            .put("/a/groups/Registered%20Users/description")
            .json(&body!({"description": "x"})),
        server.delete("/a/groups/Registered%20Users/description"),
        server
            .put("/a/groups/Registered%20Users/options")
            .json(&body!({"visible_to_all": false})),
        server.delete("/a/groups/global%3ARegistered-Users"),
    ];
    for request in requests {
        let (status, text) = send_text(admin(request)).await;
        assert_eq!(
            (status, text.as_str()),
            (StatusCode::METHOD_NOT_ALLOWED, reason)
        );
    }
    // Before permissions, as the real service does; reads that apply still work.
    let (status, _) = send_text(user(
        server.put("/a/groups/Registered%20Users/members/alice"),
        "alice",
    ))
    .await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    let (status, text) = send_text(admin(
        server.put("/a/groups/Anonymous%20Users/members/alice"),
    ))
    .await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(text.contains("Anonymous Users"), "{text}");
    let (_, description) = send_json(server.get("/groups/Registered%20Users/description")).await;
    assert_eq!(description, body!(""));
    let (_, detail) = send_json(server.get("/groups/Registered%20Users/detail")).await;
    assert_eq!(
        detail,
        body!({"id": "global%3ARegistered-Users", "name": "Registered Users", "options": {"visible_to_all": true}})
    );
}

#[tokio::test]
async fn listing_options() {
    let server = Server::start().await;
    server.create_account("alice").await;
    for name in ["dev-core", "dev-web", "ops"] {
        create_group(&server, name, body!({"visible_to_all": true})).await;
    }
    create_group(
        &server,
        "alice-team",
        body!({"owner": "Administrators", "members": ["alice"]}),
    )
    .await;

    let list = |query: &str| admin(server.get(&format!("/a/groups/?{query}")));
    let (_, found) = send_json(list("m=DEV")).await;
    assert_eq!(keys(&found), ["dev-core", "dev-web"]);
    let (_, found) = send_json(list("r=dev-.*|o.s")).await;
    assert_eq!(keys(&found), ["dev-core", "dev-web", "ops"]);
    let (_, found) = send_json(list("s=De")).await;
    assert_eq!(keys(&found), ["dev-core", "dev-web"]);
    let (_, found) = send_json(list("visible-to-all")).await;
    assert_eq!(
        keys(&found),
        [
            "Anonymous Users",
            "Registered Users",
            "dev-core",
            "dev-web",
            "ops"
        ]
    );
    let (_, found) = send_json(list("u=alice")).await;
    assert_eq!(
        keys(&found),
        ["Anonymous Users", "Registered Users", "alice-team"]
    );
    let (_, found) = send_json(list("q=ops&q=global:Anonymous-Users")).await;
    assert_eq!(keys(&found), ["Anonymous Users", "ops"]);
    // `p`: the groups a project's own access rights name.
    let (_, found) = send_json(list("p=All-Projects")).await;
    assert_eq!(
        keys(&found),
        ["Administrators", "Anonymous Users", "Registered Users"]
    );
    let (_, found) = send_json(list("p=All-Users")).await;
    assert!(
        keys(&found).iter().any(|k| k == "Registered Users"),
        "{found}"
    );
    assert!(!keys(&found).iter().any(|k| k == "ops"), "{found}");

    let (_, page) = send_json(list("n=2&S=1")).await;
    assert_eq!(keys(&page), ["Anonymous Users", "Registered Users"]);
    assert_eq!(page["Registered Users"]["_more_groups"], true);
    assert_eq!(page["Anonymous Users"].get("_more_groups"), None);

    // `owned`: administrators own every internal group; alice owns none of them.
    let (_, owned) = send_json(list("owned")).await;
    assert_eq!(
        keys(&owned),
        ["Administrators", "alice-team", "dev-core", "dev-web", "ops"]
    );
    let (_, owned) = send_json(user(server.get("/a/groups/?owned&q=alice-team"), "alice")).await;
    assert_eq!(owned, body!({}));
    let (_, visible) = send_json(user(server.get("/a/groups/"), "alice")).await;
    assert_eq!(
        keys(&visible),
        [
            "Anonymous Users",
            "Registered Users",
            "alice-team",
            "dev-core",
            "dev-web",
            "ops"
        ]
    );

    for bad in [
        "o=NOPE",
        "r=(",
        "q=nope",
        "u=nobody",
        "p=nope",
        "n=x",
        "unknown=1",
    ] {
        let (status, _) = send_text(list(bad)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    }
    let (status, text) = send_text(list("q=nope")).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::BAD_REQUEST, "Group Not Found: nope\n")
    );
}
