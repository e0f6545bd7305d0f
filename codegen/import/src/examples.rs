//! The examples a document shows of its operations, as the spec's `examples:`: for each
//! operation that documents a JSON answer for its success, an example whose request fills
//! in what the document leaves open (the least value of each id, required option and
//! header, and of a required body it shows none of) and whose answer is the document's.
//! A mock made from the spec answers it (`restspec_codegen::mock`), and the crate's
//! `cargo test` sends the request and compares.
//!
//! What each operation shows is read with it (`documented.rs`); the request is filled in
//! from the spec's own types, so the examples are settled after the rest of the spec is
//! written: it is loaded once more, and an example whose body does not have the shape of
//! its type (a document's example its own schema refuses) is left out and said.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use restspec_codegen::mock::{Exchange, Shown};

use crate::operations::Family;
use crate::report::{Loss, Losses};
use crate::yaml_out::Yaml;

/// The user an example that needs credentials is sent as: the test's start function
/// registers its secret (`setup.user("caller", ...)`).
pub(crate) const USER: &str = "caller";

/// The largest example carried, as JSON text: a larger one would bury its spec file.
const MOST_BYTES: usize = 16 * 1024;

/// Adds to `families` the examples of what each documents, checked against the spec the
/// files (`service` and `families`, rendered by `render`) make; says each left out.
pub(crate) fn settle(
    families: &mut [Family],
    service: &(PathBuf, String),
    render: impl Fn(&Family) -> (PathBuf, String),
    losses: &mut Losses,
) {
    if families.iter().all(|f| f.documented.is_empty()) {
        return;
    }
    let display = Arc::new(PathBuf::from("spec"));
    let source = |(path, text): (PathBuf, String)| restspec_codegen::SourceFile {
        display: Arc::new(display.join(&path)),
        path: Path::new("spec").join(path),
        text,
    };
    let sources = std::iter::once(service.clone())
        .chain(families.iter().map(&render))
        .map(source)
        .collect();
    // A spec that does not check is the import's mistake, which its check reports; it
    // has no examples to add.
    let Ok(loaded) = restspec_codegen::Loader::sources(sources).load() else {
        return;
    };
    let model = &loaded.service;
    // Each example's test is named after its endpoint and itself, across the crate.
    let mut tests = std::collections::BTreeSet::new();
    for family in families.iter_mut() {
        let Some(spec_family) = model.families.iter().find(|f| f.name == family.name) else {
            continue;
        };
        for shown in std::mem::take(&mut family.documented) {
            let Some(endpoint) = spec_family
                .endpoints
                .iter()
                .find(|e| e.name == shown.endpoint)
            else {
                continue;
            };
            let response_body = shown.answers.get(&endpoint.status).cloned();
            if response_body.is_none() {
                losses.push(Loss::faithful(
                    shown.at.clone(),
                    "example",
                    format!(
                        "its example is of another success than the one its endpoint answers ({}): not carried over",
                        endpoint.status
                    ),
                ));
                continue;
            }
            let exchange = restspec_codegen::mock::exchange(
                model,
                spec_family,
                endpoint,
                &Shown {
                    request_body: shown.request.clone(),
                    response_body,
                },
            );
            let example = exchange.and_then(|exchange| {
                let size = exchange.response_body.as_ref().map_or(0, |b| b.to_string().len());
                if size > MOST_BYTES {
                    return Err(format!(
                        "the answer's example is {size} bytes of JSON, more than the {MOST_BYTES} a spec file carries"
                    ));
                }
                let test = format!(
                    "{}_{}",
                    shown.endpoint,
                    restspec_codegen::naming::snake(&shown.name)
                );
                if !tests.insert(test.clone()) {
                    return Err(format!(
                        "its test would be named `{test}`, as another example's is"
                    ));
                }
                Ok(example(&shown.name, &exchange))
            });
            match example {
                Ok(example) => {
                    if let Some((_, yaml)) = family
                        .endpoints
                        .iter_mut()
                        .find(|(name, _)| *name == shown.endpoint)
                    {
                        yaml.push("examples", Yaml::List(vec![example]));
                    }
                }
                Err(problem) => losses.push(Loss::faithful(
                    shown.at.clone(),
                    "example",
                    format!("{problem}: the example is not carried over"),
                )),
            }
        }
    }
}

/// The spec's example of `exchange`, named `name`.
fn example(name: &str, exchange: &Exchange) -> Yaml {
    let texts = |pairs: &[(String, String)]| {
        Yaml::Map(
            pairs
                .iter()
                .map(|(k, v)| (k.clone(), Yaml::str(v.clone())))
                .collect(),
        )
    };
    let mut request = Yaml::map();
    request.push("path", Yaml::str(exchange.path.clone()));
    if !exchange.query.is_empty() {
        request.push("query", texts(&exchange.query));
    }
    if !exchange.headers.is_empty() {
        request.push("headers", texts(&exchange.headers));
    }
    request.push_some("body", exchange.body.as_ref().map(Yaml::from_json));
    if exchange.signed_in {
        request.push("user", Yaml::str(USER));
    }
    let mut response = Yaml::map();
    response.push("status", Yaml::Int(i64::from(exchange.status)));
    response.push_some("body", exchange.response_body.as_ref().map(Yaml::from_json));
    let mut example = Yaml::map();
    example.push("name", Yaml::str(name));
    example.push("request", request);
    example.push("response", response);
    example
}
