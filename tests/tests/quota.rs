//! The quota extension point over real HTTP: the protocol's three example calls raise
//! exactly the groups and metadata of protocol 8.1, refusals are 429, granted tokens are
//! refilled when another enforcer refuses, a panicking enforcer is a 500 that leaves the
//! server serving, and an impersonating caller is seen as the target with the real user
//! and the impersonation bit (protocol 5.9).

use std::sync::Arc;

use restspec_runtime::example_tests::{QuotaCall, QuotaRecorder};
use restspec_runtime::{
    Authenticator, Caller, Identity, QuotaBackend, QuotaEnforcer, QuotaRequestContext,
    QuotaResponse, RequestContext, Settings,
};
use restspec_tests::build_script::seed_quota::{
    AccountsHandlers, AccountsResource, ChangesHandlers, ChangesResource, Error, router,
    types::{AccountInfo, ChangeInfo, ChangeInput},
};

/// One change (42 in project `p`) and one account (1000001, `alice`).
struct Service;

#[allow(refining_impl_trait)]
impl AccountsHandlers for Service {
    async fn resolve_accounts(
        &self,
        caller: &Caller,
        account_id: &str,
    ) -> Result<Option<AccountsResource>, Error> {
        let id = match account_id {
            "self" => caller.identity().map(|i| i.id.clone()),
            "1000001" | "alice" => Some("1000001".to_owned()),
            _ => None,
        };
        Ok(id.map(|account_id| AccountsResource {
            account_id,
            ..AccountsResource::default()
        }))
    }

    async fn get_account_detail(
        &self,
        ctx: RequestContext<'_>,
        _account_id: &str,
    ) -> Result<AccountInfo, Error> {
        let id = ctx
            .resource
            .and_then(|m| m.get("Account.Id").map(str::to_owned));
        Ok(AccountInfo {
            account_id: id.and_then(|i| i.parse().ok()).unwrap_or_default(),
            name: None,
        })
    }
}

#[allow(refining_impl_trait)]
impl ChangesHandlers for Service {
    async fn resolve_changes(
        &self,
        _caller: &Caller,
        change_id: &str,
    ) -> Result<Option<ChangesResource>, Error> {
        Ok(
            (change_id == "42" || change_id == "p~42").then(|| ChangesResource {
                change_id: "42".into(),
                project_name_key: "p".into(),
                ..ChangesResource::default()
            }),
        )
    }

    async fn create_change(
        &self,
        _ctx: RequestContext<'_>,
        body: ChangeInput,
    ) -> Result<ChangeInfo, Error> {
        Ok(change(body.project, body.subject))
    }

    async fn get_revision_detail(
        &self,
        ctx: RequestContext<'_>,
        _change_id: &str,
        _revision_id: &str,
    ) -> Result<ChangeInfo, Error> {
        let meta = ctx
            .resource
            .expect("the runtime passes the resolved resource");
        Ok(change(
            meta.get("Project.NameKey").unwrap_or_default().into(),
            "s".into(),
        ))
    }
}

fn change(project: String, subject: String) -> ChangeInfo {
    ChangeInfo {
        number: 42,
        project,
        subject,
        owner: AccountInfo {
            account_id: 1_000_001,
            name: None,
        },
    }
}

/// `alice` (password `pw`), and `root` (password `root-pw`) who may act as others.
struct Alice;

impl Authenticator for Alice {
    async fn basic(&self, username: &str, password: &str) -> Option<Arc<Identity>> {
        match (username, password) {
            ("alice", "pw") => Some(Arc::new(Identity::new("1000001", "alice"))),
            ("root", "root-pw") => Some(Arc::new(
                Identity::new("1000000", "root").with_capability("runAs"),
            )),
            _ => None,
        }
    }

    async fn identity_of(&self, account: &str) -> Option<Arc<Identity>> {
        matches!(account, "alice" | "1000001" | "alice@example.com")
            .then(|| Arc::new(Identity::new("1000001", "alice")))
    }
}

struct Panicking;

impl QuotaEnforcer for Panicking {
    fn request_tokens(
        &self,
        _group: &str,
        _ctx: &QuotaRequestContext<'_>,
        _tokens: u64,
    ) -> QuotaResponse {
        panic!("this enforcer is broken")
    }
    fn dry_run(&self, _group: &str, _ctx: &QuotaRequestContext<'_>, _tokens: u64) -> QuotaResponse {
        QuotaResponse::ok()
    }
    fn available_tokens(&self, _group: &str, _ctx: &QuotaRequestContext<'_>) -> QuotaResponse {
        QuotaResponse::ok()
    }
    fn refill(&self, _group: &str, _ctx: &QuotaRequestContext<'_>, _tokens: u64) {}
}

async fn serve(enforcers: Vec<Arc<dyn QuotaEnforcer>>) -> String {
    let mut backend = QuotaBackend::new();
    for enforcer in enforcers {
        backend.register(enforcer);
    }
    let app = router(
        Service,
        Settings::default().authenticator(Alice).quota(backend),
    );
    restspec_runtime::example_tests::serve_on_loopback(app)
        .await
        .expect("a loopback server starts")
}

async fn call(base: &str, method: &str, path: &str) -> (u16, String) {
    let client = reqwest::Client::new();
    let request = match method {
        "POST" => client
            .post(format!("{base}{path}"))
            .json(&serde_json::json!({ "project": "p", "subject": "s" })),
        _ => client.get(format!("{base}{path}")),
    };
    let response = request
        .basic_auth("alice", Some("pw"))
        .send()
        .await
        .expect("request");
    let status = response.status().as_u16();
    (status, response.text().await.expect("body"))
}

/// What alice's own request with `metadata` looks like to the enforcer.
fn entry(group: &str, metadata: &[(&str, &str)]) -> QuotaCall {
    QuotaCall {
        group: group.to_owned(),
        user: Some("1000001".to_owned()),
        impersonating: false,
        real_user: None,
        metadata: metadata
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
    }
}

#[tokio::test]
async fn the_seeds_three_calls_raise_its_groups_and_metadata() {
    let recorder = Arc::new(QuotaRecorder::default());
    let base = serve(vec![recorder.clone()]).await;
    assert_eq!(
        call(&base, "GET", "/a/changes/42/revisions/current/detail")
            .await
            .0,
        200
    );
    assert_eq!(call(&base, "POST", "/a/changes/").await.0, 201);
    assert_eq!(call(&base, "GET", "/a/accounts/self/detail").await.0, 200);
    let seen = recorder.calls();
    assert_eq!(
        seen,
        vec![
            entry(
                "/restapi/changes/revisions/detail:GET",
                &[("Change.Id", "42"), ("Project.NameKey", "p")]
            ),
            entry("/restapi/changes/:POST", &[]),
            entry("/restapi/accounts/detail:GET", &[("Account.Id", "1000001")]),
        ]
    );
}

#[tokio::test]
async fn a_missing_top_level_resource_is_404_and_consumes_nothing() {
    let recorder = Arc::new(QuotaRecorder::default());
    let base = serve(vec![recorder.clone()]).await;
    assert_eq!(
        call(&base, "GET", "/a/changes/7/revisions/1/detail")
            .await
            .0,
        404
    );
    assert!(recorder.calls().is_empty());
}

#[tokio::test]
async fn a_refusal_is_429_with_joined_messages_and_refills_the_granting_enforcers() {
    let granting = Arc::new(QuotaRecorder::default());
    let first = Arc::new(QuotaRecorder::answering(QuotaResponse::error(
        "changes quota exhausted",
    )));
    let second = Arc::new(QuotaRecorder::answering(QuotaResponse::error(
        "try tomorrow",
    )));
    let base = serve(vec![granting.clone(), first.clone(), second.clone()]).await;
    let (status, body) = call(&base, "POST", "/a/changes/").await;
    assert_eq!(status, 429);
    assert_eq!(body, "changes quota exhausted, try tomorrow\n");
    assert_eq!(granting.refilled(), ["/restapi/changes/:POST"]);
    assert!(first.refilled().is_empty(), "refusers are not refilled");
}

#[tokio::test]
async fn a_panicking_enforcer_is_a_500_and_the_server_keeps_serving() {
    let granting = Arc::new(QuotaRecorder::default());
    let base = serve(vec![granting.clone(), Arc::new(Panicking)]).await;
    let (status, body) = call(&base, "POST", "/a/changes/").await;
    assert_eq!(status, 500);
    assert_eq!(body, "Internal server error\n");
    assert_eq!(granting.refilled(), ["/restapi/changes/:POST"]);
    let again = call(&base, "POST", "/a/changes/").await;
    assert_eq!(again.0, 500, "still answering");
}

#[tokio::test]
async fn without_enforcers_nothing_is_enforced() {
    let base = serve(Vec::new()).await;
    for _ in 0..5 {
        assert_eq!(call(&base, "POST", "/a/changes/").await.0, 201);
    }
}

/// A GET of `path` as `user` with `run_as` in the run-as header.
async fn get_as(base: &str, path: &str, user: Option<(&str, &str)>, run_as: &str) -> (u16, String) {
    let mut request = reqwest::Client::new()
        .get(format!("{base}{path}"))
        .header("X-Service-RunAs", run_as);
    if let Some((name, password)) = user {
        request = request.basic_auth(name, Some(password));
    }
    let response = request.send().await.expect("request");
    let status = response.status().as_u16();
    (status, response.text().await.expect("body"))
}

#[tokio::test]
async fn an_impersonating_caller_is_the_target_with_the_real_user_and_the_bit_set() {
    let recorder = Arc::new(QuotaRecorder::default());
    let base = serve(vec![recorder.clone()]).await;
    let (status, body) = get_as(
        &base,
        "/a/accounts/self/detail",
        Some(("root", "root-pw")),
        "alice@example.com",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(
        body.contains("\"_account_id\": 1000001"),
        "self is the target: {body}"
    );
    let seen = recorder.calls();
    assert_eq!(
        seen,
        vec![QuotaCall {
            impersonating: true,
            real_user: Some("1000000".to_owned()),
            ..entry("/restapi/accounts/detail:GET", &[("Account.Id", "1000001")])
        }]
    );
}

#[tokio::test]
async fn impersonation_is_refused_without_the_capability_anonymously_or_for_nobody() {
    let recorder = Arc::new(QuotaRecorder::default());
    let base = serve(vec![recorder.clone()]).await;
    let path = "/a/accounts/self/detail";
    let (status, body) = get_as(&base, path, Some(("alice", "pw")), "root").await;
    assert_eq!(
        (status, body.as_str()),
        (
            403,
            "not permitted to use X-Service-RunAs: the runAs capability is required\n"
        )
    );
    let (status, body) = get_as(&base, "/accounts/1000001/detail", None, "alice").await;
    assert_eq!(
        (status, body.as_str()),
        (403, "X-Service-RunAs requires an authenticated caller\n")
    );
    let (status, body) = get_as(&base, path, Some(("root", "root-pw")), "nobody").await;
    assert_eq!(
        (status, body.as_str()),
        (403, "no account matches X-Service-RunAs nobody\n")
    );
    assert!(
        recorder.calls().is_empty(),
        "a refused impersonation is refused before quota"
    );
}
