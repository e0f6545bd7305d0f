//! The conventions are the spec's, not the runtime's: the downstream fixture (no JSON
//! prefix, compact by default, `/auth/`, `pretty`, `_method`, `X-Shop-Trace`, its own
//! status messages and quota-group template) gets its own behaviour from the same runtime.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use restspec_runtime::{
    Authenticator, Caller, Identity, QuotaBackend, QuotaEnforcer, QuotaRequestContext,
    QuotaResponse, RequestContext, Settings,
};
use restspec_tests::build_script::downstream::types::{ShelfInfo, ShelfInput};
use restspec_tests::build_script::downstream::{Error, ShelvesHandlers, ShelvesResource, router};

use super::{client, send};

#[derive(Clone, Default)]
struct Shop(Arc<Mutex<BTreeMap<String, ShelfInfo>>>);

#[allow(refining_impl_trait)]
impl ShelvesHandlers for Shop {
    async fn resolve_shelves(
        &self,
        _caller: &Caller,
        shelf_id: &str,
    ) -> Result<Option<ShelvesResource>, Error> {
        let exists = self.0.lock().expect("lock").contains_key(shelf_id);
        Ok(exists.then(|| ShelvesResource {
            shelf_id: shelf_id.to_owned(),
        }))
    }

    async fn list_shelves(
        &self,
        _ctx: RequestContext<'_>,
    ) -> Result<BTreeMap<String, ShelfInfo>, Error> {
        Ok(self.0.lock().expect("lock").clone())
    }

    async fn create_shelf(
        &self,
        _ctx: RequestContext<'_>,
        shelf_id: &str,
        body: ShelfInput,
    ) -> Result<ShelfInfo, Error> {
        let shelf = ShelfInfo {
            name: shelf_id.to_owned(),
            label: body.label,
            books: Vec::new(),
            stocked: None,
        };
        self.0
            .lock()
            .expect("lock")
            .insert(shelf_id.to_owned(), shelf.clone());
        Ok(shelf)
    }

    async fn add_book(
        &self,
        _ctx: RequestContext<'_>,
        shelf_id: &str,
        isbn: &str,
    ) -> Result<(), Error> {
        let mut shelves = self.0.lock().expect("lock");
        let shelf = shelves.get_mut(shelf_id).ok_or_else(Error::missing)?;
        shelf.books.push(isbn.to_owned());
        Ok(())
    }

    async fn remove_book(
        &self,
        _ctx: RequestContext<'_>,
        shelf_id: &str,
        isbn: &str,
    ) -> Result<(), Error> {
        let mut shelves = self.0.lock().expect("lock");
        let shelf = shelves.get_mut(shelf_id).ok_or_else(Error::missing)?;
        let before = shelf.books.len();
        shelf.books.retain(|b| *b != isbn);
        if shelf.books.len() == before {
            Err(Error::missing())
        } else {
            Ok(())
        }
    }
}

impl Authenticator for Shop {
    async fn basic(&self, username: &str, password: &str) -> Option<Arc<Identity>> {
        let ok = username == "clerk" && password == "clerk-pw";
        ok.then(|| Arc::new(Identity::new("7", "clerk").with_capability("stockBooks")))
    }
}

struct Groups(Mutex<Vec<String>>);

impl QuotaEnforcer for Groups {
    fn request_tokens(&self, group: &str, _: &QuotaRequestContext<'_>, _: u64) -> QuotaResponse {
        self.0.lock().expect("lock").push(group.to_owned());
        QuotaResponse::ok()
    }
    fn dry_run(&self, _: &str, _: &QuotaRequestContext<'_>, _: u64) -> QuotaResponse {
        QuotaResponse::ok()
    }
    fn available_tokens(&self, _: &str, _: &QuotaRequestContext<'_>) -> QuotaResponse {
        QuotaResponse::ok()
    }
    fn refill(&self, _: &str, _: &QuotaRequestContext<'_>, _: u64) {}
}

#[tokio::test]
async fn another_spec_gets_other_behaviour_from_the_same_runtime() {
    let shop = Shop::default();
    let groups = Arc::new(Groups(Mutex::new(Vec::new())));
    let mut quota = QuotaBackend::new();
    quota.register(groups.clone());
    let app = router(
        shop.clone(),
        Settings::default().authenticator(shop).quota(quota),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind loopback");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(async move {
        let _ = restspec_runtime::serve(listener, app).await;
    });
    let url = |p: &str| format!("{base}{p}");

    let a = send(
        client()
            .put(url("/auth/shelves/poetry"))
            .basic_auth("clerk", Some("clerk-pw"))
            .json(&serde_json::json!({"label": "Poems"})),
    )
    .await;
    assert_eq!(
        (a.status, a.text()),
        (
            201,
            "{\"name\":\"poetry\",\"label\":\"Poems\",\"books\":[]}\n".to_owned()
        ),
        "no prefix line, compact by default"
    );
    let a = send(
        client()
            .get(url("/shelves/?pretty=1"))
            .header("X-Shop-Trace", "t-9"),
    )
    .await;
    assert!(a.text().starts_with("{\n  \"poetry\": {"), "{}", a.text());
    assert_eq!(a.headers_named("x-shop-trace"), ["t-9"]);
    let a = send(client().get(url("/a/shelves/"))).await;
    assert_eq!(
        (a.status, a.text()),
        (404, PROBLEM_NOT_FOUND.to_owned()),
        "`/a/` means nothing here; messages are the spec's, as problem details"
    );
    assert_eq!(a.header("content-type"), Some("application/problem+json"));
    assert_eq!(
        a.header("x-content-type-options"),
        None,
        "security headers off"
    );
    let a = send(
        client()
            .post(url("/auth/shelves/poetry/books/978-0"))
            .basic_auth("clerk", Some("wrong")),
    )
    .await;
    assert_eq!(a.status, 401);
    let a = send(
        client()
            .post(url("/auth/shelves/poetry/books/978-0"))
            .basic_auth("clerk", Some("clerk-pw")),
    )
    .await;
    assert_eq!(a.status, 204);
    let a = send(
        client()
            .delete(url("/auth/shelves/poetry/books/000"))
            .basic_auth("clerk", Some("clerk-pw")),
    )
    .await;
    assert_eq!((a.status, a.text()), (404, PROBLEM_NOT_FOUND.to_owned()));
    assert_eq!(
        *groups.0.lock().expect("lock"),
        [
            "shop/shelves#PUT",
            "shop/shelves/#GET",
            "shop/shelves/books#POST",
            "shop/shelves/books#DELETE"
        ]
    );
}

/// The spec's 404 message as RFC 9457 problem details.
const PROBLEM_NOT_FOUND: &str = "{\"type\":\"about:blank\",\"title\":\"Not Found\",\"status\":404,\"detail\":\"No such thing\"}";
