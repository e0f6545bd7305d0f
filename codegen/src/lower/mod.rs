//! Phase two: raw records to the validated [`model`](crate::model).
//!
//! Lowering converts each value on its own (a method name, a template, a type expression)
//! and reports what cannot be converted; rules that compare several values live in
//! [`check`](crate::check).

mod conventions;
mod endpoints;
mod template;
mod types;

use std::collections::BTreeMap;

use conventions::*;
use endpoints::*;
pub use template::parse_template;
use types::*;

use crate::diag::{Diagnostic, Diagnostics, Location, did_you_mean, suggest};
use crate::model::{
    Capability, Conventions, Endpoint, ErrorFormat, Family, Field, Method, Param, PathTemplate,
    Segment, Service, Status, TimestampFormat, TypeDef, TypeKind, TypeRef,
};
use crate::names;
use crate::spec::RawSpec;
use crate::spec::decode::{Named, Spanned};
use crate::spec::raw;

/// Conditions the runtime detects on its own and answers with a status from the table.
/// Kept in step with `restspec_runtime::Condition` by a test.
pub const RUNTIME_CONDITIONS: &[&str] = &[
    "malformed_request",
    "wrong_content_type",
    "malformed_json",
    "invalid_input",
    "not_authenticated",
    "authentication_required",
    "invalid_xsrf_token",
    "capability_missing",
    "anonymous_self",
    "run_as_refused",
    "not_found",
    "method_not_allowed",
    "precondition_failed",
    "quota_exhausted",
    "internal_error",
];

const BUILTIN_TYPES: &[&str] = &["string", "integer", "boolean", "timestamp"];

/// Rust names the generated `types` module refers to unqualified.
const RESERVED_TYPE_NAMES: &[&str] = &[
    "String",
    "Vec",
    "Option",
    "Some",
    "None",
    "Box",
    "Result",
    "Ok",
    "Err",
    "Self",
    "Serialize",
    "Deserialize",
];

/// Lowers a raw spec. Returns the model even when problems were found, so that the checks
/// can still run and report everything at once; callers look at `diags` before emitting.
pub fn lower(spec: &RawSpec, diags: &mut Diagnostics) -> Service {
    let service = &spec.service;
    let type_names = collect_type_names(spec, diags);

    let statuses = service
        .statuses
        .iter()
        .map(|(key, status)| lower_status(key, status, diags))
        .collect::<Vec<_>>();
    let capabilities = service
        .capabilities
        .iter()
        .flatten()
        .map(|(key, description)| Capability {
            name: key.name.clone(),
            description: description.clone(),
        })
        .collect::<Vec<_>>();

    let conventions = &service.conventions;
    let reserved_parameters = [
        conventions.pretty_printing.parameter.as_ref(),
        conventions
            .trace
            .as_ref()
            .and_then(|t| t.parameter.as_ref()),
        conventions.access_token_parameter.as_ref(),
        conventions.method_override.as_ref().map(|m| &m.parameter),
        conventions.content_type_override.as_ref(),
    ]
    .into_iter()
    .flatten()
    .map(|p| p.value.as_str())
    .collect();
    let cx = Context {
        reserved_parameters,
        type_names: &type_names,
        statuses: &statuses,
        capabilities: &capabilities,
        quota_template: &service.quota.group_template.value,
    };

    let mut types = Vec::new();
    for (key, def) in service.types.iter().flatten() {
        types.extend(lower_type(key, def, &cx, diags));
    }
    let mut families = Vec::new();
    for file in &spec.families {
        for (key, def) in file.types.iter().flatten() {
            types.extend(lower_type(key, def, &cx, diags));
        }
        families.push(lower_family(file, &cx, diags));
    }

    check_self_alias_params(&service.conventions, &families, diags);
    check_run_as_capability(&service.conventions, &capabilities, diags);
    check_name(&service.service.name, "service name", Case::Snake, diags);
    if !["http://", "https://"]
        .iter()
        .any(|s| service.service.base_url.value.starts_with(s))
    {
        diags.push(
            Diagnostic::new(
                service.service.base_url.location.clone(),
                format!(
                    "`base_url` `{}` is not an http(s) URL",
                    service.service.base_url.value
                ),
            )
            .hint("write a URL such as `http://localhost:8080/`"),
        );
    }
    let quota_template_valid = check_quota_template(&service.quota.group_template, diags);

    Service {
        name: service.service.name.value.clone(),
        title: service.service.title.clone(),
        base_url: service.service.base_url.value.clone(),
        description: service.service.description.clone(),
        files: spec
            .sources
            .iter()
            .map(|s| s.display.display().to_string().replace('\\', "/"))
            .collect(),
        conventions: lower_conventions(&service.conventions, diags),
        statuses,
        capabilities,
        quota_template: service.quota.group_template.value.clone(),
        quota_template_valid,
        families,
        types,
    }
}

struct Context<'a> {
    /// Query parameters the runtime reads itself, by their convention names.
    reserved_parameters: Vec<&'a str>,
    type_names: &'a BTreeMap<String, Location>,
    statuses: &'a [Status],
    capabilities: &'a [Capability],
    quota_template: &'a str,
}

/// The two naming styles spec names follow.
#[derive(Clone, Copy)]
enum Case {
    Snake,
    Pascal,
}

fn check_name(name: &Spanned<String>, what: &str, case: Case, diags: &mut Diagnostics) {
    if !name.value.starts_with(|c: char| c.is_ascii_alphabetic()) {
        diags.push(
            Diagnostic::new(
                name.location.clone(),
                format!("{what} `{}` does not start with a letter", name.value),
            )
            .hint("names become Rust identifiers: start with a letter, such as `not_found`"),
        );
        return;
    }
    if names::KEYWORDS.contains(&name.value.as_str()) {
        diags.push(
            Diagnostic::new(
                name.location.clone(),
                format!("{what} `{}` is a Rust keyword", name.value),
            )
            .hint(format!(
                "names become Rust identifiers: choose another, such as `{}_item`",
                name.value
            )),
        );
        return;
    }
    let (ok, style, example) = match case {
        Case::Snake => (
            names::is_snake_case(&name.value),
            "snake_case",
            names::snake(&name.value),
        ),
        Case::Pascal => (
            names::is_pascal_case(&name.value),
            "PascalCase",
            names::pascal(&name.value),
        ),
    };
    if !ok {
        diags.push(
            Diagnostic::new(
                name.location.clone(),
                format!("{what} `{}` is not {style}", name.value),
            )
            .hint(format!("write `{example}`")),
        );
    }
}

fn key_spanned(key: &crate::spec::yaml::Key) -> Spanned<String> {
    Spanned {
        value: key.name.clone(),
        location: key.location.clone(),
    }
}

/// Every type name of the spec with the place it is declared; duplicates are reported.
fn collect_type_names(spec: &RawSpec, diags: &mut Diagnostics) -> BTreeMap<String, Location> {
    let mut names = BTreeMap::new();
    let all: Vec<&Named<raw::TypeDef>> = spec
        .service
        .types
        .iter()
        .chain(spec.families.iter().filter_map(|f| f.types.as_ref()))
        .collect();
    for (key, _) in all.into_iter().flatten() {
        if let Some(first) = names.get(&key.name) {
            diags.push(
                Diagnostic::new(key.location.clone(), format!("type `{}` is declared twice", key.name))
                    .related(Location::clone(first), "first declared here")
                    .hint("rename one of them, or keep one declaration and refer to it from both families"),
            );
        } else {
            names.insert(key.name.clone(), key.location.clone());
        }
        if RESERVED_TYPE_NAMES.contains(&key.name.as_str()) {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!(
                        "type name `{}` would hide the Rust type of that name",
                        key.name
                    ),
                )
                .hint(format!(
                    "the generated types use it; choose another, such as `{}Info`",
                    key.name
                )),
            );
        }
        if BUILTIN_TYPES.contains(&key.name.as_str()) {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!("`{}` is a built-in type", key.name),
                )
                .hint("choose a PascalCase name such as `MyRecord`"),
            );
        }
    }
    names
}
