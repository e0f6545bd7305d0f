//! `fixtures/segments`: several parameters in one path segment with fixed text between
//! them (`{name}-{version}.zip`, `getCalls(from={from},to={to})`): each request reaches the
//! endpoint whose texts it has, every parameter reaches the handler typed and checked by
//! its own rules (a number's `values` among them), the typed client writes the texts, and OpenAPI keeps the template.

use restspec_runtime::{RequestContext, Settings};

use super::{client, send};

restspec_runtime::generate!(mod depot = "fixtures/segments");
restspec_client::generate!(mod depot_client = "fixtures/segments");

use depot::types::{Archive, Calls, Notebooks, Package};
use depot::{Error, PackagesHandlers};

/// Every package exists; an archive's version says which it is.
struct Depot;

#[allow(refining_impl_trait)]
impl PackagesHandlers for Depot {
    async fn get_package(&self, _: RequestContext<'_>, name: &str) -> Result<Package, Error> {
        Ok(Package {
            name: name.to_owned(),
        })
    }

    async fn get_archive(
        &self,
        _: RequestContext<'_>,
        name: &str,
        version: i64,
    ) -> Result<Archive, Error> {
        if version > 9 {
            return Err(Error::NotFound(
                format!("{name} has no version {version}").into(),
            ));
        }
        Ok(Archive {
            name: name.to_owned(),
            version,
        })
    }

    async fn get_calls(
        &self,
        _: RequestContext<'_>,
        name: &str,
        from: restspec_runtime::Date,
        to: restspec_runtime::Date,
    ) -> Result<Calls, Error> {
        Ok(Calls {
            name: name.to_owned(),
            from,
            to,
        })
    }

    async fn get_notebooks(
        &self,
        _: RequestContext<'_>,
        name: &str,
        personal: bool,
    ) -> Result<Notebooks, Error> {
        Ok(Notebooks {
            name: name.to_owned(),
            personal,
        })
    }
}

async fn start() -> String {
    let app = depot::router(Depot, Settings::default());
    restspec_runtime::example_tests::serve_on_loopback(app)
        .await
        .expect("a loopback server starts")
}

#[tokio::test]
async fn each_parameter_of_a_segment_reaches_the_handler_typed() {
    let base = start().await;
    let get = |path: &str| send(client().get(format!("{base}/packages/{path}")));
    let whole = get("tools").await;
    assert_eq!(whole.text(), "{\"name\":\"tools\"}\n");
    let archive = get("tools-3.zip").await;
    assert_eq!(archive.text(), "{\"name\":\"tools\",\"version\":3}\n");
    // The name ends at the first `-`: the rest is the version, which is no number here.
    let dashed = get("my-tools-3.zip").await;
    assert_eq!(dashed.status, 404, "{}", dashed.text());
    // Each value is decoded after the segment is split: an encoded `-` stays in the name.
    let encoded = get("my%2Dtools-3.zip").await;
    assert_eq!(encoded.text(), "{\"name\":\"my-tools\",\"version\":3}\n");
    // Each parameter's own rules: the version one of its values from 1, the name at most
    // 12 characters.
    for unpublished in ["tools-0.zip", "tools-4.zip"] {
        let answer = get(unpublished).await;
        assert_eq!(answer.status, 404, "{unpublished}: {}", answer.text());
        assert!(!answer.text().contains("no version"), "{}", answer.text());
    }
    let long = get("abcdefghijklm-1.zip").await;
    assert_eq!(long.status, 404, "{}", long.text());
    // The handler's own 404 is the handler's.
    let missing = get("tools-10.zip").await;
    assert!(
        missing.text().contains("no version 10"),
        "{}",
        missing.text()
    );
    // Without its texts, or with nothing between them, the segment is the package's name.
    assert_eq!(
        get("tools-.zip").await.text(),
        "{\"name\":\"tools-.zip\"}\n"
    );
    let calls = get("tools/getCalls(from=2026-11-01,to=2026-11-30)").await;
    assert_eq!(
        calls.text(),
        "{\"name\":\"tools\",\"from\":\"2026-11-01\",\"to\":\"2026-11-30\"}\n"
    );
    // A switch: `true` or `false`, nothing else.
    for (path, personal) in [("true", true), ("false", false)] {
        let notebooks = get(&format!("tools/notebooks/getRecent(personal={path})")).await;
        assert_eq!(
            notebooks.text(),
            format!("{{\"name\":\"tools\",\"personal\":{personal}}}\n")
        );
    }
    for bad in [
        "tools/notebooks/getRecent(personal=yes)",
        "tools/notebooks/getRecent(personal=1)",
        "tools/getCalls(from=2026-11-01)",
        "tools/getCalls(from=,to=2026-11-30)",
        "tools/getCalls(from=yesterday,to=2026-11-30)",
    ] {
        let answer = get(bad).await;
        assert_eq!(answer.status, 404, "{bad}: {}", answer.text());
    }
}

#[tokio::test]
async fn the_typed_client_writes_the_texts_between_the_parameters() {
    let base = start().await;
    let client = depot_client::client::Client::new(&base).expect("a client");
    let archive = client.get_archive("tools", 3).await.expect("an archive");
    assert_eq!((archive.name.as_str(), archive.version), ("tools", 3));
    let day = |text: &str| text.parse().expect("a day");
    let calls = client
        .get_calls("tools", day("2026-01-02"), day("2026-03-04"))
        .await
        .expect("calls");
    assert_eq!(
        (calls.from.to_string(), calls.to.to_string()),
        ("2026-01-02".to_owned(), "2026-03-04".to_owned())
    );
    let notebooks = client
        .get_notebooks("tools", true)
        .await
        .expect("notebooks");
    assert!(notebooks.personal);
}

#[test]
fn openapi_keeps_the_template_and_declares_each_parameter() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/segments");
    let Ok(loaded) = restspec_codegen::load(&dir) else {
        panic!("the fixture loads");
    };
    let document = restspec_codegen::openapi::document(&loaded.service);
    let calls = &document["paths"]["/packages/{name}/getCalls(from={from},to={to})"]["get"];
    let names: Vec<&str> = calls["parameters"]
        .as_array()
        .expect("parameters")
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(names, ["name", "from", "to"]);
    let archive = &document["paths"]["/packages/{name}-{version}.zip"]["get"];
    let version = &archive["parameters"][1]["schema"];
    assert_eq!(
        (&version["minimum"], &version["enum"]),
        (&serde_json::json!(1), &serde_json::json!([1, 2, 3, 10, 20]))
    );
}
