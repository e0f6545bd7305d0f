//! The typed client of the example's spec, generated here alone (the example's binary
//! does not need it), driving the example over loopback: a call per family, each kind of
//! error, `self`, an access token, a traced call, and a 429 retried until it succeeds.

use std::time::{Duration, Instant};

restspec_client::generate!(mod review = "../spec");

use review::client::{Client, ClientConfig, RetryPolicy};
use review::{Error, options, types};

use super::{PASSWORD, Server};

fn admin(server: &Server) -> Client {
    Client::with_config(ClientConfig::new(&server.base).basic_auth("admin", PASSWORD))
        .expect("a base URL")
}

fn project(parent: Option<&str>) -> types::ProjectInput {
    types::ProjectInput {
        parent: parent.map(str::to_owned),
        create_empty_commit: Some(true),
        ..Default::default()
    }
}

#[tokio::test]
async fn a_call_per_family_through_the_typed_client() {
    let server = Server::start().await;
    let admin = admin(&server);
    let anonymous = Client::new(&server.base).expect("a base URL");

    // config: anonymous, a plain JSON string behind the prefix line.
    let version = anonymous.get_server_version().await.expect("the version");
    assert!(!version.is_empty());

    // projects: a name with a slash travels encoded and comes back whole.
    let created = admin
        .create_project("team/tools", &project(None))
        .await
        .expect("created");
    assert_eq!(created.name.as_deref(), Some("team/tools"));
    let listed = anonymous
        .list_projects(&Default::default())
        .await
        .expect("the list");
    assert!(listed.contains_key("team/tools"), "{listed:?}");

    // changes: created by the administrator, read back by number.
    let change = admin
        .create_change(&types::ChangeInput {
            project: "team/tools".into(),
            branch: "master".into(),
            subject: "Typed clients".into(),
            topic: None,
            is_private: None,
            work_in_progress: None,
        })
        .await
        .expect("a change");
    let read = admin
        .get_change(&change.number.to_string(), &Default::default())
        .await
        .expect("the change");
    assert_eq!(
        (read.subject.as_str(), read.status),
        ("Typed clients", types::ChangeStatus::New)
    );

    // accounts: `self` is the caller.
    let me = admin.get_account("self").await.expect("self");
    assert_eq!(me.username.as_deref(), Some("admin"));

    // groups: created, then listed.
    admin
        .create_group("reviewers", &Default::default())
        .await
        .expect("a group");
    let groups = admin
        .list_groups(&Default::default())
        .await
        .expect("the groups");
    assert!(groups.contains_key("reviewers"), "{groups:?}");

    // plugins, access, documentation: reads with typed options.
    admin
        .list_plugins(&options::ListPluginsOptions {
            all: Some(true),
            ..Default::default()
        })
        .await
        .expect("the plugins");
    let access = admin
        .list_access(&options::ListAccessOptions {
            projects: vec!["team/tools".into()],
        })
        .await
        .expect("the access rights");
    assert!(access.contains_key("team/tools"), "{access:?}");
    admin
        .search_documentation(&options::SearchDocumentationOptions {
            query: Some("rest".into()),
        })
        .await
        .expect("the documentation search");
}

#[tokio::test]
async fn errors_come_back_as_rows_of_the_status_table() {
    let server = Server::start().await;
    let admin = admin(&server);
    admin
        .create_project("taken", &project(None))
        .await
        .expect("created");

    let failure = |err: review::client::ClientError| {
        err.api().cloned().expect("an answer with an error status")
    };

    let missing = failure(
        admin
            .get_change("4711", &Default::default())
            .await
            .expect_err("no such change"),
    );
    assert!(
        matches!(missing.error, Some(Error::NotFound(_))),
        "{missing:?}"
    );
    assert_eq!(missing.message, "Not found: 4711");

    let conflict = failure(
        admin
            .create_project("taken", &project(None))
            .await
            .expect_err("taken"),
    );
    assert!(
        matches!(conflict.error, Some(Error::Conflict(_))),
        "{conflict:?}"
    );

    let precondition = failure(
        admin
            .create_project("taken", &project(None))
            .create_only()
            .await
            .expect_err("exists"),
    );
    assert!(
        matches!(precondition.error, Some(Error::PreconditionFailed(_))),
        "{precondition:?}"
    );

    let unprocessable = failure(
        admin
            .create_project("orphan", &project(Some("no-such-parent")))
            .await
            .expect_err("unknown parent"),
    );
    assert!(
        matches!(unprocessable.error, Some(Error::UnprocessableEntity(_))),
        "{unprocessable:?}"
    );

    // Anonymous `self` is refused with the service's own words.
    let anonymous = Client::new(&server.base).expect("a base URL");
    let refused = anonymous
        .get_account("self")
        .await
        .expect_err("needs a login");
    assert_eq!(
        refused.api().map(|f| f.message.as_str()),
        Some("Resolving account 'self' requires login")
    );
}

#[tokio::test]
async fn a_traced_call_returns_the_trace_id_the_service_used() {
    let server = Server::start().await;
    let answer = admin(&server)
        .get_account("self")
        .trace("client-trace-7")
        .send()
        .await
        .expect("self");
    assert_eq!(answer.status, 200);
    assert_eq!(answer.trace.as_deref(), Some("client-trace-7"));
    assert_eq!(answer.body.username.as_deref(), Some("admin"));
}

#[tokio::test]
async fn an_access_token_from_a_login_calls_as_its_account() {
    let server = Server::start().await;
    let login = server
        .post("/login")
        .basic_auth("admin", Some(PASSWORD))
        .send()
        .await
        .expect("login");
    let session = restspec_tests::cookies::set_cookie(login.headers(), "ReviewSession")
        .expect("a session cookie");
    let client = Client::with_config(ClientConfig::new(&server.base).access_token(session))
        .expect("a base URL");
    let me = client.get_account("self").await.expect("self by token");
    assert_eq!(me.username.as_deref(), Some("admin"));
}

#[tokio::test]
async fn a_429_is_retried_after_the_time_the_service_asks_for() {
    let server = Server::start_with_quota(
        "client-quota",
        "rules:\n  - group: \"/restapi/projects:PUT\"\n    burst: 1\n    refill_per_second: 1\n",
    )
    .await;

    // Without retries the 429 comes back with the wait it asks for.
    let impatient = Client::with_config(
        ClientConfig::new(&server.base)
            .basic_auth("admin", PASSWORD)
            .retry(RetryPolicy::none()),
    )
    .expect("a base URL");
    impatient
        .create_project("first", &project(None))
        .await
        .expect("within the burst");
    let refused = impatient
        .create_project("second", &project(None))
        .await
        .expect_err("over the burst");
    let failure = refused.api().expect("an answer");
    assert!(
        matches!(failure.error, Some(Error::TooManyRequests(_))),
        "{failure:?}"
    );
    assert_eq!(failure.retry_after, Some(Duration::from_secs(1)));

    // The default policy waits what Retry-After says and succeeds.
    let patient = admin(&server);
    let started = Instant::now();
    patient
        .create_project("second", &project(None))
        .await
        .expect("retried after the refill");
    assert!(
        started.elapsed() >= Duration::from_millis(900),
        "the retry waited for the token: {:?}",
        started.elapsed()
    );
}
