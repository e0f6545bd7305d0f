//! `/projects/` of the example service.

use reqwest::{RequestBuilder, Response, StatusCode};
use serde_json::{Value, json as j};

use super::{PASSWORD, Server, json};

fn admin(request: RequestBuilder) -> RequestBuilder {
    request.basic_auth("admin", Some(PASSWORD))
}

fn user(request: RequestBuilder, name: &str) -> RequestBuilder {
    request.basic_auth(name, Some(format!("{name}-pw")))
}

/// Asserts the status and answers the JSON body.
async fn expect(response: Response, status: u16) -> Value {
    let url = response.url().clone();
    let actual = response.status();
    if actual.as_u16() != status {
        let text = response.text().await.unwrap_or_default();
        panic!("{url}: expected {status}, got {actual}: {text}");
    }
    json(response).await.1
}

/// Asserts the status and answers the plain-text body.
async fn expect_text(response: Response, status: u16) -> String {
    let url = response.url().clone();
    assert_eq!(response.status().as_u16(), status, "{url}");
    response.text().await.expect("body")
}

async fn send(request: RequestBuilder) -> Response {
    request.send().await.expect("request")
}

/// Creates a project as admin and answers its `ProjectInfo`.
async fn create(server: &Server, path_name: &str, input: Value) -> Value {
    let response = send(admin(server.put(&format!("/a/projects/{path_name}"))).json(&input)).await;
    expect(response, 201).await
}

#[tokio::test]
async fn the_root_projects_exist_and_the_list_is_a_map_keyed_by_name() {
    let server = Server::start().await;
    let list = expect(send(server.get("/projects/")).await, 200).await;
    assert_eq!(
        list,
        j!({
            "All-Projects": { "id": "All-Projects", "state": "ACTIVE" },
            "All-Users": { "id": "All-Users", "state": "ACTIVE" }
        })
    );
    let without_slash = expect(send(server.get("/projects")).await, 200).await;
    assert_eq!(without_slash, list);

    let root = expect(send(server.get("/projects/All-Projects")).await, 200).await;
    assert_eq!(
        root,
        j!({
            "id": "All-Projects",
            "name": "All-Projects",
            "description": "Access inherited by all other projects.",
            "state": "ACTIVE"
        })
    );
    let users = expect(send(server.get("/projects/All-Users/")).await, 200).await;
    assert_eq!(users["parent"], "All-Projects");
    let parent = expect(send(server.get("/projects/All-Projects/parent")).await, 200).await;
    assert_eq!(parent, "");
}

#[tokio::test]
async fn creating_a_project_answers_201_and_its_id_goes_back_into_urls() {
    let server = Server::start().await;
    let created = create(
        &server,
        "a%2Fb",
        j!({ "description": "Nested", "create_empty_commit": true }),
    )
    .await;
    assert_eq!(
        created,
        j!({
            "id": "a%2Fb", "name": "a/b", "parent": "All-Projects",
            "description": "Nested", "state": "ACTIVE"
        })
    );
    let id = created["id"].as_str().expect("an id");
    let fetched = expect(send(server.get(&format!("/projects/{id}"))).await, 200).await;
    assert_eq!(fetched, created);

    let list = expect(send(server.get("/projects/?d")).await, 200).await;
    assert_eq!(
        list["a/b"],
        j!({ "id": "a%2Fb", "description": "Nested", "state": "ACTIVE" })
    );

    // create_empty_commit gives it refs/heads/master, which HEAD points to.
    let head = expect(send(server.get("/projects/a%2Fb/HEAD")).await, 200).await;
    assert_eq!(head, "refs/heads/master");
    let branches = expect(send(server.get("/projects/a%2Fb/branches/")).await, 200).await;
    let refs: Vec<&str> = branches
        .as_array()
        .expect("a list")
        .iter()
        .map(|b| b["ref"].as_str().expect("a ref"))
        .collect();
    assert_eq!(refs, ["HEAD", "refs/heads/master"]);
    assert_eq!(branches[0]["revision"], "master");

    // Without it: no branch, but the input's branches decide HEAD; `.git` is dropped.
    let bare = create(&server, "bare.git", j!({ "branches": ["main", "dev"] })).await;
    assert_eq!(bare["name"], "bare");
    let head = expect(send(server.get("/projects/bare/HEAD")).await, 200).await;
    assert_eq!(head, "refs/heads/main");
    let none = expect(send(server.get("/projects/bare/branches/")).await, 200).await;
    assert_eq!(none, j!([]));

    // A child of another project, and a permissions-only project.
    let child = create(&server, "child", j!({ "parent": "a/b", "name": "child" })).await;
    assert_eq!(child["parent"], "a/b");
    create(&server, "rights", j!({ "permissions_only": true })).await;
    let permissions = expect(send(server.get("/projects/?type=PERMISSIONS")).await, 200).await;
    assert_eq!(
        permissions,
        j!({ "rights": { "id": "rights", "state": "ACTIVE" } })
    );
    let code = expect(send(server.get("/projects/?type=code&p=r")).await, 200).await;
    assert_eq!(code, j!({}));
}

#[tokio::test]
async fn creating_a_project_fails_with_the_status_table_answers() {
    let server = Server::start().await;
    server.create_account("jane").await;

    let malformed = send(
        admin(server.put("/a/projects/p"))
            .header("Content-Type", "application/json")
            .body("{\"parent\": "),
    )
    .await;
    expect_text(malformed, 400).await;
    let mismatch = send(admin(server.put("/a/projects/p")).json(&j!({ "name": "q" }))).await;
    assert_eq!(expect_text(mismatch, 400).await, "name must match URL\n");
    let bad_name = send(admin(server.put("/a/projects/x~1")).json(&j!({}))).await;
    assert_eq!(
        expect_text(bad_name, 400).await,
        "invalid project name: x~1\n"
    );
    let bad_branch =
        send(admin(server.put("/a/projects/p")).json(&j!({ "branches": ["a..b"] }))).await;
    expect_text(bad_branch, 400).await;

    let normal_user = send(user(server.put("/a/projects/p"), "jane").json(&j!({}))).await;
    assert_eq!(
        expect_text(normal_user, 403).await,
        "not permitted: createProject\n"
    );
    let anonymous = send(server.put("/projects/p").json(&j!({}))).await;
    expect_text(anonymous, 403).await;

    let unknown_parent =
        send(admin(server.put("/a/projects/p")).json(&j!({ "parent": "nope" }))).await;
    assert_eq!(
        expect_text(unknown_parent, 422).await,
        "Parent project 'nope' not found\n"
    );
    let unknown_owner =
        send(admin(server.put("/a/projects/p")).json(&j!({ "owners": ["nobody"] }))).await;
    expect_text(unknown_owner, 422).await;

    let taken = send(admin(server.put("/a/projects/All-Projects")).json(&j!({}))).await;
    assert_eq!(expect_text(taken, 409).await, "Project already exists\n");
    let precondition = send(
        admin(server.put("/a/projects/All-Projects"))
            .header("If-None-Match", "*")
            .json(&j!({})),
    )
    .await;
    expect_text(precondition, 412).await;
    // If-None-Match: * on a free name creates it.
    let fresh = send(
        admin(server.put("/a/projects/p"))
            .header("If-None-Match", "*")
            .json(&j!({})),
    )
    .await;
    expect(fresh, 201).await;

    let missing = send(server.get("/projects/nowhere")).await;
    assert_eq!(expect_text(missing, 404).await, "Not found: nowhere\n");
    let missing_view = send(server.get("/projects/nowhere/description")).await;
    expect_text(missing_view, 404).await;
}

#[tokio::test]
async fn list_options_filter_page_and_add_fields() {
    let server = Server::start().await;
    create(
        &server,
        "alpha",
        j!({ "description": "A", "create_empty_commit": true }),
    )
    .await;
    create(&server, "beta", j!({ "parent": "alpha" })).await;
    create(
        &server,
        "Gamma",
        j!({ "create_empty_commit": true, "branches": ["stable"] }),
    )
    .await;

    let names =
        |v: &Value| -> Vec<String> { v.as_object().expect("a map").keys().cloned().collect() };
    let all = expect(send(server.get("/projects/")).await, 200).await;
    assert_eq!(
        names(&all),
        ["All-Projects", "All-Users", "Gamma", "alpha", "beta"]
    );

    let limited = expect(send(server.get("/projects/?n=2")).await, 200).await;
    assert_eq!(names(&limited), ["All-Projects", "All-Users"]);
    let skipped = expect(send(server.get("/projects/?n=2&S=2")).await, 200).await;
    assert_eq!(names(&skipped), ["Gamma", "alpha"]);
    let prefix = expect(send(server.get("/projects/?p=All-")).await, 200).await;
    assert_eq!(names(&prefix), ["All-Projects", "All-Users"]);
    let substring = expect(send(server.get("/projects/?m=GAM")).await, 200).await;
    assert_eq!(names(&substring), ["Gamma"]);
    let regex_as_text = expect(send(server.get("/projects/?r=lph")).await, 200).await;
    assert_eq!(names(&regex_as_text), ["alpha"]);

    for on in ["d", "d=", "d=yes", "d=1", "d=true", "d=on"] {
        let list = expect(
            send(server.get(&format!("/projects/?p=alpha&{on}"))).await,
            200,
        )
        .await;
        assert_eq!(list["alpha"]["description"], "A", "{on}");
    }
    for off in ["d=no", "d=0", "d=false", "d=off"] {
        let list = expect(
            send(server.get(&format!("/projects/?p=alpha&{off}"))).await,
            200,
        )
        .await;
        assert!(list["alpha"].get("description").is_none(), "{off}");
    }
    let tree = expect(send(server.get("/projects/?t&p=beta")).await, 200).await;
    assert_eq!(
        tree,
        j!({ "beta": { "id": "beta", "parent": "alpha", "state": "ACTIVE" } })
    );

    let with_branch = expect(send(server.get("/projects/?b=master")).await, 200).await;
    assert_eq!(names(&with_branch), ["alpha"]);
    let revision = with_branch["alpha"]["branches"]["master"]
        .as_str()
        .expect("a sha");
    assert_eq!(revision.len(), 40);
    let stable = expect(send(server.get("/projects/?b=stable&b=master")).await, 200).await;
    assert_eq!(names(&stable), ["Gamma", "alpha"]);
    assert!(stable["Gamma"]["branches"]["stable"].is_string());

    let active = expect(
        send(server.get("/projects/?s=ACTIVE&state=active")).await,
        200,
    )
    .await;
    assert_eq!(names(&active).len(), 5);
    let hidden = expect(send(admin(server.get("/a/projects/?all"))).await, 200).await;
    assert_eq!(names(&hidden).len(), 5);

    for bad in [
        "/projects/?p=a&m=b",
        "/projects/?all&s=ACTIVE",
        "/projects/?s=SLEEPING",
        "/projects/?type=docs",
        "/projects/?n=many",
        "/projects/?d=maybe",
        "/projects/?unknown=1",
    ] {
        expect_text(send(server.get(bad)).await, 400).await;
    }
}

#[tokio::test]
async fn description_parent_and_head_are_read_and_set() {
    let server = Server::start().await;
    server.create_account("jane").await;
    create(
        &server,
        "p",
        j!({ "create_empty_commit": true, "branches": ["master", "next"] }),
    )
    .await;
    create(&server, "q", j!({ "parent": "p" })).await;

    let empty = expect(send(server.get("/projects/p/description")).await, 200).await;
    assert_eq!(empty, "");
    let set = send(
        admin(server.put("/a/projects/p/description"))
            .json(&j!({ "description": "Docs", "commit_message": "why" })),
    )
    .await;
    assert_eq!(expect(set, 200).await, "Docs");
    assert_eq!(
        expect(send(server.get("/projects/p/description")).await, 200).await,
        "Docs"
    );
    let cleared =
        send(admin(server.put("/a/projects/p/description")).json(&j!({ "description": "" }))).await;
    assert_eq!(expect(cleared, 200).await, "");
    send(admin(server.put("/a/projects/p/description")).json(&j!({ "description": "Again" })))
        .await;
    let deleted = send(admin(server.delete("/a/projects/p/description"))).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        expect(send(server.get("/projects/p/description")).await, 200).await,
        ""
    );
    let forbidden = send(
        user(server.put("/a/projects/p/description"), "jane").json(&j!({ "description": "x" })),
    )
    .await;
    expect_text(forbidden, 403).await;

    assert_eq!(
        expect(send(server.get("/projects/q/parent")).await, 200).await,
        "p"
    );
    let moved =
        send(admin(server.put("/a/projects/q/parent")).json(&j!({ "parent": "All-Users" }))).await;
    assert_eq!(expect(moved, 200).await, "All-Users");
    let unknown =
        send(admin(server.put("/a/projects/q/parent")).json(&j!({ "parent": "nope" }))).await;
    expect_text(unknown, 422).await;
    let itself = send(admin(server.put("/a/projects/q/parent")).json(&j!({ "parent": "q" }))).await;
    expect_text(itself, 409).await;
    send(admin(server.put("/a/projects/q/parent")).json(&j!({ "parent": "p" }))).await;
    let cycle = send(admin(server.put("/a/projects/p/parent")).json(&j!({ "parent": "q" }))).await;
    assert_eq!(
        expect_text(cycle, 409).await,
        "cycle exists between p and q\n"
    );
    let root =
        send(admin(server.put("/a/projects/All-Projects/parent")).json(&j!({ "parent": "p" })))
            .await;
    expect_text(root, 409).await;
    let missing_field = send(admin(server.put("/a/projects/q/parent")).json(&j!({}))).await;
    expect_text(missing_field, 400).await;
    let forbidden = send(
        user(server.put("/a/projects/q/parent"), "jane").json(&j!({ "parent": "All-Projects" })),
    )
    .await;
    expect_text(forbidden, 403).await;

    let head = send(admin(server.put("/a/projects/p/HEAD")).json(&j!({ "ref": "next" }))).await;
    assert_eq!(expect(head, 200).await, "refs/heads/next");
    assert_eq!(
        expect(send(server.get("/projects/p/HEAD")).await, 200).await,
        "refs/heads/next"
    );
    let unknown =
        send(admin(server.put("/a/projects/p/HEAD")).json(&j!({ "ref": "refs/heads/nope" }))).await;
    assert_eq!(
        expect_text(unknown, 422).await,
        "Ref Not Found: refs/heads/nope\n"
    );
    let forbidden =
        send(user(server.put("/a/projects/p/HEAD"), "jane").json(&j!({ "ref": "master" }))).await;
    expect_text(forbidden, 403).await;
}

#[tokio::test]
async fn branches_are_listed_created_and_deleted() {
    let server = Server::start().await;
    server.create_account("jane").await;
    create(&server, "p", j!({ "create_empty_commit": true })).await;
    let master = expect(send(server.get("/projects/p/branches/master")).await, 200).await;
    let tip = master["revision"].as_str().expect("a sha").to_owned();
    assert_eq!(master, j!({ "ref": "refs/heads/master", "revision": tip }));
    let head = expect(send(server.get("/projects/p/branches/HEAD")).await, 200).await;
    assert_eq!(head, j!({ "ref": "HEAD", "revision": "master" }));

    // From HEAD by default, from a branch or a SHA-1 on request.
    let created = send(admin(server.put("/a/projects/p/branches/stable")).json(&j!({}))).await;
    assert_eq!(
        expect(created, 201).await,
        j!({ "ref": "refs/heads/stable", "revision": tip, "can_delete": true })
    );
    let from_sha = send(
        admin(server.put("/a/projects/p/branches/refs%2Fheads%2Ffeature"))
            .json(&j!({ "revision": tip })),
    )
    .await;
    assert_eq!(expect(from_sha, 201).await["ref"], "refs/heads/feature");
    let no_body = send(admin(server.put("/a/projects/p/branches/empty-input"))).await;
    expect(no_body, 201).await;

    let existing = send(admin(server.put("/a/projects/p/branches/stable")).json(&j!({}))).await;
    assert_eq!(
        expect_text(existing, 409).await,
        "branch \"refs/heads/stable\" already exists\n"
    );
    let bad_revision =
        send(admin(server.put("/a/projects/p/branches/other")).json(&j!({ "revision": "nope" })))
            .await;
    assert_eq!(
        expect_text(bad_revision, 422).await,
        "invalid revision \"nope\"\n"
    );
    let mismatch =
        send(admin(server.put("/a/projects/p/branches/other")).json(&j!({ "ref": "else" }))).await;
    expect_text(mismatch, 400).await;
    let forbidden =
        send(user(server.put("/a/projects/p/branches/mine"), "jane").json(&j!({}))).await;
    expect_text(forbidden, 403).await;

    // Administrators see refs/meta/config; others do not.
    let listed = expect(
        send(admin(server.get("/a/projects/p/branches/"))).await,
        200,
    )
    .await;
    let refs: Vec<&str> = listed
        .as_array()
        .expect("a list")
        .iter()
        .map(|b| b["ref"].as_str().expect("ref"))
        .collect();
    assert_eq!(
        refs,
        [
            "HEAD",
            "refs/meta/config",
            "refs/heads/empty-input",
            "refs/heads/feature",
            "refs/heads/master",
            "refs/heads/stable"
        ]
    );
    let anonymous = expect(send(server.get("/projects/p/branches/")).await, 200).await;
    assert_eq!(anonymous.as_array().expect("a list").len(), 5);
    let filtered = expect(
        send(server.get("/projects/p/branches/?m=STA&n=5")).await,
        200,
    )
    .await;
    assert_eq!(
        filtered,
        j!([{ "ref": "refs/heads/stable", "revision": tip }])
    );
    let paged = expect(send(server.get("/projects/p/branches/?S=1&n=1")).await, 200).await;
    assert_eq!(paged[0]["ref"], "refs/heads/empty-input");
    expect_text(send(server.get("/projects/p/branches/?m=a&r=b")).await, 400).await;
    expect_text(
        send(server.get("/projects/p/branches/refs%2Fmeta%2Fconfig")).await,
        404,
    )
    .await;

    let head_target = send(admin(server.delete("/a/projects/p/branches/master"))).await;
    expect_text(head_target, 409).await;
    let head_itself = send(admin(server.delete("/a/projects/p/branches/HEAD"))).await;
    assert_eq!(
        expect_text(head_itself, 409).await,
        "not allowed to delete HEAD\n"
    );
    let forbidden = send(user(server.delete("/a/projects/p/branches/stable"), "jane")).await;
    expect_text(forbidden, 403).await;
    let deleted = send(admin(server.delete("/a/projects/p/branches/feature"))).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    let gone = send(server.get("/projects/p/branches/feature")).await;
    assert_eq!(expect_text(gone, 404).await, "Not found: feature\n");
    let again = send(admin(server.delete("/a/projects/p/branches/feature"))).await;
    expect_text(again, 404).await;

    // A branch with open changes stays.
    let change = send(
        admin(server.post("/a/changes/"))
            .json(&j!({ "project": "p", "branch": "stable", "subject": "Work" })),
    )
    .await;
    expect(change, 201).await;
    let open = send(admin(server.delete("/a/projects/p/branches/stable"))).await;
    assert_eq!(
        expect_text(open, 409).await,
        "branch refs/heads/stable has open changes\n"
    );

    // An empty project has no HEAD to create branches from.
    create(&server, "empty", j!({})).await;
    let unborn = send(admin(server.put("/a/projects/empty/branches/x")).json(&j!({}))).await;
    expect_text(unborn, 422).await;
    expect_text(send(server.get("/projects/empty/branches/HEAD")).await, 404).await;
}

#[tokio::test]
async fn tags_and_commits() {
    let server = Server::start().await;
    create(&server, "p", j!({ "create_empty_commit": true })).await;
    let tip = expect(send(server.get("/projects/p/branches/master")).await, 200).await["revision"]
        .as_str()
        .expect("a sha")
        .to_owned();

    let light = send(admin(server.put("/a/projects/p/tags/v1.0")).json(&j!({}))).await;
    let light = expect(light, 201).await;
    assert_eq!(light["ref"], "refs/tags/v1.0");
    assert_eq!(light["revision"], tip.as_str());
    assert!(light.get("object").is_none() && light.get("tagger").is_none());

    let annotated = send(
        admin(server.put("/a/projects/p/tags/v2.0"))
            .json(&j!({ "revision": "master", "message": "Second" })),
    )
    .await;
    let annotated = expect(annotated, 201).await;
    assert_eq!(annotated["object"], tip.as_str());
    assert_eq!(annotated["message"], "Second");
    assert_eq!(annotated["tagger"]["name"], "Administrator");
    assert_ne!(annotated["revision"], tip.as_str());

    let taken = send(admin(server.put("/a/projects/p/tags/v1.0")).json(&j!({}))).await;
    expect_text(taken, 409).await;
    let bad_revision = send(
        admin(server.put("/a/projects/p/tags/v3"))
            .json(&j!({ "revision": "0000000000000000000000000000000000000000" })),
    )
    .await;
    expect_text(bad_revision, 422).await;

    let tags = expect(send(server.get("/projects/p/tags/")).await, 200).await;
    let refs: Vec<&str> = tags
        .as_array()
        .expect("a list")
        .iter()
        .map(|t| t["ref"].as_str().expect("ref"))
        .collect();
    assert_eq!(refs, ["refs/tags/v1.0", "refs/tags/v2.0"]);
    let limited = expect(send(server.get("/projects/p/tags/?n=1&S=1")).await, 200).await;
    assert_eq!(limited[0]["ref"], "refs/tags/v2.0");
    let one = expect(
        send(server.get("/projects/p/tags/refs%2Ftags%2Fv2.0")).await,
        200,
    )
    .await;
    assert_eq!(one["message"], "Second");
    expect_text(send(server.get("/projects/p/tags/v9")).await, 404).await;

    let deleted = send(admin(server.delete("/a/projects/p/tags/v1.0"))).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    expect_text(
        send(admin(server.delete("/a/projects/p/tags/v1.0"))).await,
        404,
    )
    .await;

    let commit = expect(
        send(server.get(&format!("/projects/p/commits/{tip}"))).await,
        200,
    )
    .await;
    assert_eq!(commit["commit"], tip.as_str());
    assert_eq!(commit["subject"], "Initial empty repository");
    assert_eq!(commit["parents"], j!([]));
    assert_eq!(commit["author"]["name"], "Administrator");
    let unknown =
        send(server.get("/projects/p/commits/0123456789012345678901234567890123456789")).await;
    expect_text(unknown, 404).await;
    let other_project = send(server.get(&format!("/projects/All-Users/commits/{tip}"))).await;
    expect_text(other_project, 404).await;
}

#[tokio::test]
async fn children_and_access_rights() {
    let server = Server::start().await;
    create(&server, "parent", j!({})).await;
    create(&server, "parent%2Fchild", j!({ "parent": "parent" })).await;
    create(&server, "grandchild", j!({ "parent": "parent/child" })).await;

    let children = expect(send(server.get("/projects/parent/children/")).await, 200).await;
    assert_eq!(
        children,
        j!([{ "id": "parent%2Fchild", "name": "parent/child", "parent": "parent", "state": "ACTIVE" }])
    );
    let recursive = expect(
        send(server.get("/projects/parent/children/?recursive")).await,
        200,
    )
    .await;
    let names: Vec<&str> = recursive
        .as_array()
        .expect("a list")
        .iter()
        .map(|p| p["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["grandchild", "parent/child"]);
    let child = expect(
        send(server.get("/projects/parent/children/parent%2Fchild")).await,
        200,
    )
    .await;
    assert_eq!(child["name"], "parent/child");
    expect_text(
        send(server.get("/projects/parent/children/grandchild")).await,
        404,
    )
    .await;
    let deep = expect(
        send(server.get("/projects/parent/children/grandchild?recursive=true")).await,
        200,
    )
    .await;
    assert_eq!(deep["parent"], "parent/child");
    expect_text(
        send(server.get("/projects/parent/children/nope")).await,
        404,
    )
    .await;

    let root_access = expect(
        send(admin(server.get("/a/projects/All-Projects/access"))).await,
        200,
    )
    .await;
    assert_eq!(root_access["is_owner"], true);
    assert_eq!(root_access["owner_of"], j!(["refs/*"]));
    assert_eq!(root_access["revision"].as_str().expect("a sha").len(), 40);
    assert!(root_access.get("inherits_from").is_none());
    assert_eq!(
        root_access["local"]["refs/*"]["permissions"]["read"]["rules"]["global:Anonymous-Users"],
        j!({ "action": "ALLOW" })
    );
    assert_eq!(
        root_access["groups"]["global:Anonymous-Users"],
        j!({ "name": "Anonymous Users" })
    );

    let child_access = expect(
        send(server.get("/projects/parent%2Fchild/access")).await,
        200,
    )
    .await;
    assert_eq!(child_access["inherits_from"]["id"], "parent");
    assert_eq!(child_access["local"], j!({}));
    assert_eq!(child_access["owner_of"], j!([]));
    assert!(child_access.get("is_owner").is_none());
    expect_text(send(server.get("/projects/nope/access")).await, 404).await;
}
