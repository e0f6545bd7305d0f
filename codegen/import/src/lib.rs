//! `restspec import`: an OpenAPI 3.0 or 3.1 document (JSON or YAML) read into a spec folder
//! that `restspec check` accepts and `restspec openapi` exports again.
//!
//! The spec is a service file (the service, the conventions the document shows, the status
//! table its errors need, the types) and one family file per first path segment. Whatever
//! the document says that the spec cannot is a [`Loss`] at its JSON pointer, saying what
//! was lost and what it became: nothing is dropped silently.

mod bodies;
mod declared_types;
mod documented;
mod error_records;
mod error_values;
mod errors;
mod examples;
mod media;
mod names;
mod operations;
mod parameters;
mod path_items;
mod query;
mod rate_limits;
mod report;
mod request_media;
mod response_headers;
pub mod round_trip;
mod schemas;
mod sections;
mod security;
mod security_groups;
mod selectors;
mod service;
mod templates;
mod text_answers;
mod yaml_out;

use std::path::PathBuf;

use serde_json::Value;

pub use report::{Loss, Severity};

/// How to import.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The service's name (`snake_case`); from the document's title when absent.
    pub name: Option<String>,
    /// The document's file name, said in the files' header.
    pub source: Option<String>,
}

/// An imported spec: its files (relative paths and text) and what could not be carried.
#[derive(Debug, Clone)]
pub struct Imported {
    /// `service.yaml` first, then one file per family.
    pub files: Vec<(PathBuf, String)>,
    /// What the document says that the spec does not, in the order found.
    pub losses: Vec<Loss>,
    /// How many operations the document has.
    pub operations: usize,
}

/// A document that is not an OpenAPI document this import reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotOpenApi(pub String);

impl std::fmt::Display for NotOpenApi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotOpenApi {}

/// Reads a document's text: JSON, or YAML.
pub fn parse(text: &str) -> Result<Value, NotOpenApi> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.starts_with('{') {
        serde_json::from_str(trimmed)
            .map_err(|e| NotOpenApi(format!("{}:{}: {e}", e.line(), e.column())))
    } else {
        serde_saphyr::from_str(text).map_err(|e| NotOpenApi(e.to_string()))
    }
}

/// The stack the import runs on: schemas nest as deep as their references chain
/// (Stripe's reach 60 components deep), and each level is a few frames.
const IMPORT_STACK: usize = 256 << 20;

/// Imports `document`, on a thread with a stack deep enough for the deepest schemas (on
/// this one where no thread can be started).
pub fn import(document: &Value, options: &Options) -> Result<Imported, NotOpenApi> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("restspec-import".into())
            .stack_size(IMPORT_STACK)
            .spawn_scoped(scope, || import_here(document, options))
            .ok()
            .and_then(|thread| thread.join().ok())
    })
    .unwrap_or_else(|| import_here(document, options))
}

fn import_here(document: &Value, options: &Options) -> Result<Imported, NotOpenApi> {
    let version = document
        .get("openapi")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if !version.starts_with("3.") {
        let found = document.get("swagger").and_then(Value::as_str).map_or_else(
            || "no `openapi` version".to_owned(),
            |v| format!("Swagger {v}"),
        );
        return Err(NotOpenApi(format!(
            "not an OpenAPI 3 document ({found}): convert it to OpenAPI 3 first (for example with swagger2openapi)"
        )));
    }
    let mut losses = Vec::new();
    let name = options
        .name
        .clone()
        .unwrap_or_else(|| service_name(document));
    let address = service::address(document, &mut losses);
    let security = security::Security::read(document, &mut losses);
    let mut types = schemas::Types::new(document);
    let mut needs = operations::Needs {
        rate_limits: rate_limits::RateLimitHeaders::read(document),
        ..operations::Needs::default()
    };
    let mut families =
        operations::families(document, &mut types, &security, &mut needs, &mut losses);
    request_media::settle_request_media(&mut families, &needs);
    request_media::settle_json_aliases(&needs, &mut losses);
    // A request without the credentials the document asks for is answered 401 (with
    // `WWW-Authenticate`), as HTTP says, even where the document lists no 401.
    if !security.credentials.is_empty() {
        needs.statuses.ensure_row(401);
    }
    types.settle_includes(&mut losses);
    types.settle_discriminators(&mut losses);
    types.settle_closed(&mut losses);
    types.settle_additional(&mut losses);
    service::unsaid(document, &mut losses);
    // A schema read twice (a record and the `allOf` that includes it) says its losses once.
    let mut seen = std::collections::BTreeSet::new();
    losses.retain(|loss: &Loss| seen.insert((loss.pointer.clone(), loss.message.clone())));
    let header = header(options, document);
    let error_body = errors::error_body(&needs.statuses, &types, &mut losses);
    needs.statuses.pinned_rows(error_body.as_ref(), &types);
    let mut opened = (needs.statuses).own_formats(error_body.as_ref(), &types, &mut losses);
    let (own, opened_by_endpoints) = errors::own_bodies(
        &needs.default_bodies,
        error_body.as_ref(),
        &types,
        &mut losses,
    );
    opened.extend(opened_by_endpoints);
    opened.extend(error_body.iter().filter_map(|b| b.written.opens.clone()));
    error_records::open_records(&mut types, opened, &mut losses);
    for own in own {
        let endpoints = &mut families[own.family].endpoints;
        if let Some((_, endpoint)) = endpoints.iter_mut().find(|(n, _)| *n == own.endpoint) {
            endpoint.push("error_body", own.shape);
            endpoint.push("error_type", Yaml::str(own.record));
        }
    }
    let service_file = service::file(
        document,
        &name,
        &address,
        &security,
        &needs,
        error_body.as_ref(),
        types.declared,
    );
    let service_file = (
        PathBuf::from("service.yaml"),
        yaml_out::render(&header, &service_file),
    );
    sections::split_all(&mut families);
    let render = |family: &operations::Family| family_file(&header, family);
    examples::settle(&mut families, &service_file, render, &mut losses);
    let files = std::iter::once(service_file)
        .chain(families.iter().map(render))
        .collect();
    Ok(Imported {
        files,
        losses,
        operations: count_operations(document),
    })
}

/// A family's file: its declaration and its endpoints.
fn family_file(header: &[String], family: &operations::Family) -> (PathBuf, String) {
    let mut declaration = Yaml::map();
    declaration.push("name", Yaml::str(family.name.clone()));
    let (prefix, covers) = if family.segment.is_empty() {
        ("/".to_owned(), "the paths at the root".to_owned())
    } else {
        (
            format!("/{}/", family.segment),
            format!("the paths under /{}", family.segment),
        )
    };
    declaration.push("prefix", Yaml::str(prefix));
    declaration.push("covers", Yaml::str(covers));
    if !family.params.is_empty() {
        declaration.push("params", Yaml::Map(family.params.clone()));
    }
    let mut file = Yaml::map();
    file.push("family", declaration);
    file.push("endpoints", Yaml::Map(family.endpoints.clone()));
    (
        PathBuf::from(format!("{}.yaml", family.name)),
        yaml_out::render(header, &file),
    )
}

use yaml_out::Yaml;

fn header(options: &Options, document: &Value) -> Vec<String> {
    let version = document
        .pointer("/info/version")
        .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
        .unwrap_or_default();
    let source = options.source.as_deref().unwrap_or("an OpenAPI document");
    vec![format!(
        "Imported from {source} (version {version}) by `restspec import`."
    )]
}

/// The service's name: the document's title in snake case.
fn service_name(document: &Value) -> String {
    let title = document
        .pointer("/info/title")
        .and_then(Value::as_str)
        .unwrap_or("api");
    names::unique_snake_name(title, &Default::default(), &[])
}

/// The operations a document has (every method of every path item).
pub fn count_operations(document: &Value) -> usize {
    document
        .get("paths")
        .and_then(Value::as_object)
        .map_or(0, |paths| {
            paths
                .values()
                .map(|item| {
                    (path_items::METHODS.iter())
                        .filter(|m| item.get(**m).is_some())
                        .count()
                })
                .sum()
        })
}
