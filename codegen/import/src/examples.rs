//! The examples a document shows of its operations, as the spec's `examples:`: for each
//! operation that documents a JSON answer for its success, an example whose request fills
//! in what the document leaves open (the least value of each id, required option and
//! header, and of a required body it shows none of) and whose answer is the document's.
//! A mock made from the spec answers it (`restspec_codegen::mock`), and the crate's
//! `cargo test` sends the request and compares.
//!
//! The request is filled in from the spec's own types, so the examples are settled after
//! the rest of the spec is written: it is loaded once more, and an example whose body does
//! not have the shape of its type (a document's example its own schema refuses) is left
//! out and said.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use restspec_codegen::mock::{Exchange, Shown};
use serde_json::Value;

use crate::operations::Family;
use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::yaml_out::Yaml;

/// The user an example that needs credentials is sent as: the test's start function
/// registers its secret (`setup.user("caller", ...)`).
pub(crate) const USER: &str = "caller";

/// The largest example carried, as JSON text: a larger one would bury its spec file.
const MOST_BYTES: usize = 16 * 1024;

/// What the document shows of one operation, before the spec can fill in the rest.
#[derive(Debug, Clone)]
pub(crate) struct Documented {
    /// The endpoint's name.
    pub(crate) endpoint: String,
    /// Where the operation is.
    pub(crate) at: String,
    /// The example's name: the document's, where it names it.
    pub(crate) name: String,
    /// The JSON request body it shows, if any.
    pub(crate) request: Option<Value>,
    /// The JSON answer it shows, by status.
    pub(crate) answers: BTreeMap<u16, Value>,
}

/// What `operation` (at `at`) shows: `None` when it shows no JSON answer of a success.
pub(crate) fn documented(
    document: &Value,
    operation: &Value,
    at: &str,
    endpoint: &str,
) -> Option<Documented> {
    let doc = refs::Doc::new(document);
    let mut answers = BTreeMap::new();
    let mut name = None;
    let responses = operation.get("responses").and_then(Value::as_object)?;
    for (code, response) in responses {
        let Some(status) = crate::media::status_code(code).filter(|c| (200..300).contains(c))
        else {
            continue;
        };
        let Ok((response, _)) = doc.resolve(response, String::new()) else {
            continue;
        };
        if let Some((shown_name, value)) = json_example(&doc, response) {
            name = name.or(shown_name);
            answers.insert(status, value);
        }
    }
    if answers.is_empty() {
        return None;
    }
    let request = operation
        .get("requestBody")
        .and_then(|body| doc.resolve(body, String::new()).ok())
        .and_then(|(body, _)| json_example(&doc, body))
        .map(|(_, value)| value);
    Some(Documented {
        endpoint: endpoint.to_owned(),
        at: at.to_owned(),
        name: name
            .filter(|name| usable_name(name))
            .unwrap_or_else(|| "answers the document's example".to_owned()),
        request,
        answers,
    })
}

/// A name of the document's that names a test well: a line of words, not too long.
fn usable_name(name: &str) -> bool {
    name.chars().any(char::is_alphanumeric) && name.len() <= 60 && !name.contains('\n')
}

/// The first example of a body's JSON media type (`example`, the first of `examples`, or
/// its schema's `example`), with its name where it has one.
fn json_example(doc: &refs::Doc<'_>, body: &Value) -> Option<(Option<String>, Value)> {
    let content = body.get("content").and_then(Value::as_object)?;
    let media = content
        .iter()
        .find(|(media, _)| media.contains("json"))
        .map(|(_, m)| m)?;
    if let Some(value) = media.get("example") {
        return Some((None, value.clone()));
    }
    if let Some(examples) = media.get("examples").and_then(Value::as_object) {
        for (name, example) in examples {
            let Ok((example, _)) = doc.resolve(example, String::new()) else {
                continue;
            };
            if let Some(value) = example.get("value") {
                let named = example
                    .get("summary")
                    .and_then(Value::as_str)
                    .unwrap_or(name);
                return Some((Some(named.trim().to_owned()), value.clone()));
            }
        }
    }
    let (schema, _) = doc.resolve(media.get("schema")?, String::new()).ok()?;
    schema.get("example").map(|value| (None, value.clone()))
}

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
