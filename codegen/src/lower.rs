//! Phase two: raw records to the validated [`model`](crate::model).
//!
//! Lowering converts each value on its own (a method name, a template, a type expression)
//! and reports what cannot be converted; rules that compare several values live in
//! [`check`](crate::check).

use std::collections::BTreeMap;

use crate::diag::{Diagnostic, Diagnostics, Location, did_you_mean, suggest};
use crate::model::{
    Capability, Conventions, Endpoint, Family, Field, Method, Param, PathTemplate, Segment,
    Service, Status, TimestampFormat, TypeDef, TypeKind, TypeRef,
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

/// Names the generated `Error` type already uses: its `Internal` variant and its methods.
const RESERVED_STATUS_NAMES: &[&str] = &["internal", "code", "message", "into_message"];

fn lower_status(
    key: &crate::spec::yaml::Key,
    status: &raw::Status,
    diags: &mut Diagnostics,
) -> Status {
    check_name(&key_spanned(key), "status name", Case::Snake, diags);
    if RESERVED_STATUS_NAMES.contains(&key.name.as_str()) {
        diags.push(
            Diagnostic::new(
                key.location.clone(),
                format!(
                    "status name `{}` is taken by the generated `Error` type",
                    key.name
                ),
            )
            .hint(format!(
                "choose another name (`{}` are reserved; a 500 is always `Error::Internal`)",
                RESERVED_STATUS_NAMES.join("`, `")
            )),
        );
    }
    if !(400..=599).contains(&status.code.value) {
        diags.push(
            Diagnostic::new(
                status.code.location.clone(),
                format!(
                    "status `{}` has code {}, which is not an error code",
                    key.name, status.code.value
                ),
            )
            .hint("the status table lists error statuses: use a code from 400 to 599"),
        );
    }
    let mut raised_for = Vec::new();
    for condition in status.raised_for.iter().flatten() {
        if RUNTIME_CONDITIONS.contains(&condition.value.as_str()) {
            raised_for.push(condition.value.clone());
        } else {
            diags.push(
                Diagnostic::new(
                    condition.location.clone(),
                    format!("unknown runtime condition `{}`", condition.value),
                )
                .hint(suggest(
                    &condition.value,
                    RUNTIME_CONDITIONS.iter().copied(),
                )),
            );
        }
    }
    Status {
        name: key.name.clone(),
        code: status.code.value,
        message: status.message.clone(),
        when: status.when.clone(),
        raised_for,
        location: key.location.clone(),
    }
}

fn lower_conventions(raw: &raw::Conventions, diags: &mut Diagnostics) -> Conventions {
    let value = |s: &Option<Spanned<String>>| s.as_ref().map(|s| s.value.clone());
    if let Some(prefix) = &raw.authenticated_prefix {
        let inner = prefix.value.trim_matches('/');
        if !prefix.value.starts_with('/')
            || !prefix.value.ends_with('/')
            || inner.is_empty()
            || inner.contains('/')
        {
            diags.push(
                Diagnostic::new(
                    prefix.location.clone(),
                    format!(
                        "`authenticated_prefix` `{}` is not one path segment between slashes",
                        prefix.value
                    ),
                )
                .hint("write it like `/a/`"),
            );
        }
    }
    let pretty_by_default = match raw.pretty_printing.default.value.as_str() {
        "pretty" => true,
        "compact" => false,
        other => {
            diags.push(
                Diagnostic::new(
                    raw.pretty_printing.default.location.clone(),
                    format!("unknown pretty-printing default `{other}`"),
                )
                .hint(suggest(other, ["pretty", "compact"])),
            );
            true
        }
    };
    let mut methods = Vec::new();
    for m in raw.method_override.iter().flat_map(|m| &m.methods) {
        match lower_method(m, diags) {
            Some(method) => methods.push(method),
            None => continue,
        }
    }
    let timestamp_format = match raw.timestamp_format.value.as_str() {
        "yyyy-mm-dd hh:mm:ss.fffffffff" => TimestampFormat::Nanos,
        "rfc3339" => TimestampFormat::Rfc3339,
        other => {
            diags.push(
                Diagnostic::new(
                    raw.timestamp_format.location.clone(),
                    format!("unknown timestamp format `{other}`"),
                )
                .hint(suggest(other, TimestampFormat::NAMES.iter().copied())),
            );
            TimestampFormat::Nanos
        }
    };
    let headers = [
        &raw.create_only_header,
        &raw.xsrf_header,
        &raw.trace.as_ref().and_then(|t| t.header.clone()),
    ];
    for header in headers.into_iter().flatten() {
        let valid = !header.value.is_empty()
            && header
                .value
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if !valid {
            diags.push(
                Diagnostic::new(
                    header.location.clone(),
                    format!("`{}` is not a valid header name", header.value),
                )
                .hint("header names are letters, digits and `-`, such as `X-Service-Auth`"),
            );
        }
    }
    Conventions {
        authenticated_prefix: value(&raw.authenticated_prefix),
        json_prefix: raw.json_prefix.clone(),
        pretty_by_default,
        pretty_parameter: value(&raw.pretty_printing.parameter),
        compact_when_accept: value(&raw.pretty_printing.compact_when_accept),
        method_override_parameter: raw
            .method_override
            .as_ref()
            .map(|m| m.parameter.value.clone()),
        method_override_methods: methods,
        content_type_override_parameter: value(&raw.content_type_override),
        create_only_header: value(&raw.create_only_header),
        trace_parameter: raw.trace.as_ref().and_then(|t| value(&t.parameter)),
        trace_header: raw.trace.as_ref().and_then(|t| value(&t.header)),
        xsrf_header: value(&raw.xsrf_header),
        access_token_parameter: value(&raw.access_token_parameter),
        self_alias: value(&raw.self_alias),
        self_alias_params: raw
            .self_alias_params
            .iter()
            .flatten()
            .map(|p| p.value.clone())
            .collect(),
        sessions: raw.sessions.as_ref().map(|s| lower_sessions(s, diags)),
        timestamp_format,
        cors_setting: value(&raw.cors_setting),
    }
}

/// Checks the group template has `{endpoint}` and `{method}` and no other placeholder;
/// answers whether it is well formed.
/// Every parameter named in `self_alias_params` is a path parameter of some family, and
/// the alias itself is set.
fn check_self_alias_params(raw: &raw::Conventions, families: &[Family], diags: &mut Diagnostics) {
    let declared: Vec<&str> = families
        .iter()
        .flat_map(|f| f.params.iter().map(|p| p.name.as_str()))
        .collect();
    for param in raw.self_alias_params.iter().flatten() {
        if !declared.contains(&param.value.as_str()) {
            diags.push(
                Diagnostic::new(
                    param.location.clone(),
                    format!("`{}` is not a path parameter of any family", param.value),
                )
                .hint(crate::diag::suggest(&param.value, declared.iter().copied())),
            );
        }
    }
    if let (None, Some(first)) = (
        &raw.self_alias,
        raw.self_alias_params.iter().flatten().next(),
    ) {
        diags.push(
            Diagnostic::new(
                first.location.clone(),
                "`self_alias_params` without `self_alias`",
            )
            .hint("add `self_alias: self`, or remove `self_alias_params`"),
        );
    }
}

fn lower_sessions(raw: &raw::Sessions, diags: &mut Diagnostics) -> crate::model::Sessions {
    for path in [&raw.login_path, &raw.logout_path] {
        let valid = path.value.starts_with('/')
            && !path.value.ends_with('/')
            && !path.value.contains(['{', '}', '?', ' ']);
        if !valid {
            diags.push(
                Diagnostic::new(
                    path.location.clone(),
                    format!("`{}` is not a fixed path", path.value),
                )
                .hint("write a path such as `/login`"),
            );
        }
    }
    for cookie in [&raw.cookie, &raw.xsrf_cookie] {
        let valid = !cookie.value.is_empty()
            && cookie
                .value
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
        if !valid {
            diags.push(
                Diagnostic::new(
                    cookie.location.clone(),
                    format!("`{}` is not a valid cookie name", cookie.value),
                )
                .hint("cookie names are letters, digits, `-`, `_` and `.`, such as `XSRF_TOKEN`"),
            );
        }
    }
    crate::model::Sessions {
        cookie: raw.cookie.value.clone(),
        xsrf_cookie: raw.xsrf_cookie.value.clone(),
        login_path: raw.login_path.value.clone(),
        logout_path: raw.logout_path.value.clone(),
    }
}

fn check_quota_template(template: &Spanned<String>, diags: &mut Diagnostics) -> bool {
    let t = &template.value;
    let mut rest = t.as_str();
    let mut placeholders = Vec::new();
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        placeholders.push(&rest[open + 1..open + close]);
        rest = &rest[open + close + 1..];
    }
    let known = ["endpoint", "method"];
    if let Some(p) = placeholders.iter().find(|p| !known.contains(p)) {
        diags.push(
            Diagnostic::new(
                template.location.clone(),
                format!("unknown placeholder `{{{p}}}` in `group_template`"),
            )
            .hint(match did_you_mean(p, known) {
                Some(hint) => hint,
                None => "the placeholders are `{endpoint}` and `{method}`".to_owned(),
            }),
        );
        return false;
    }
    if !known.iter().all(|k| placeholders.contains(k)) {
        diags.push(
            Diagnostic::new(
                template.location.clone(),
                "`group_template` must contain `{endpoint}` and `{method}`",
            )
            .hint("write `/restapi{endpoint}:{method}`"),
        );
        return false;
    }
    true
}

fn lower_method(method: &Spanned<String>, diags: &mut Diagnostics) -> Option<Method> {
    let found = Method::parse(&method.value);
    if found.is_none() {
        let names = Method::ALL.map(Method::as_str);
        let upper = method.value.to_ascii_uppercase();
        let hint = if Method::parse(&upper).is_some() {
            format!("methods are upper case: write `{upper}`")
        } else {
            suggest(&method.value, names)
        };
        diags.push(
            Diagnostic::new(
                method.location.clone(),
                format!("unknown HTTP method `{}`", method.value),
            )
            .hint(hint),
        );
    }
    found
}

fn lower_family(file: &raw::FamilyFile, cx: &Context<'_>, diags: &mut Diagnostics) -> Family {
    let family = &file.family;
    check_name(&family.name, "family name", Case::Snake, diags);
    let prefix = &family.prefix.value;
    let inner = prefix.trim_matches('/');
    if !prefix.starts_with('/') || !prefix.ends_with('/') || inner.is_empty() || inner.contains('/')
    {
        diags.push(
            Diagnostic::new(
                family.prefix.location.clone(),
                format!("family prefix `{prefix}` is not one path segment between slashes"),
            )
            .hint(format!(
                "write it like `/{}/`",
                names::snake(&family.name.value)
            )),
        );
    }
    if !names::is_param_name(&family.id.value) {
        diags.push(
            Diagnostic::new(
                family.id.location.clone(),
                format!("`{}` is not a valid parameter name", family.id.value),
            )
            .hint(format!(
                "use lower-case words joined by `-`, such as `{}-id`",
                names::snake(&family.name.value).trim_end_matches('s')
            )),
        );
    }
    for meta in family.quota_metadata.iter().flatten() {
        let valid = meta
            .value
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
            && meta
                .value
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_');
        if !valid {
            diags.push(
                Diagnostic::new(
                    meta.location.clone(),
                    format!("`{}` is not a metadata name", meta.value),
                )
                .hint("metadata names are words joined by `.`, such as `Change.Id`"),
            );
        }
    }
    let endpoints = file
        .endpoints
        .iter()
        .filter_map(|(key, endpoint)| lower_endpoint(key, endpoint, cx, diags))
        .collect();
    Family {
        name: family.name.value.clone(),
        prefix: prefix.clone(),
        covers: family.covers.clone(),
        description: family.description.clone(),
        id_param: family.id.value.clone(),
        params: family
            .params
            .iter()
            .map(|(key, description)| Param {
                name: key.name.clone(),
                description: description.clone(),
                location: key.location.clone(),
            })
            .collect(),
        quota_metadata: family
            .quota_metadata
            .iter()
            .flatten()
            .map(|m| m.value.clone())
            .collect(),
        endpoints,
        file: family
            .location
            .file
            .display()
            .to_string()
            .replace('\\', "/"),
        location: family.location.clone(),
        id_location: family.key_location("id"),
        params_location: family.key_location("params"),
        prefix_location: family.key_location("prefix"),
    }
}

fn lower_endpoint(
    key: &crate::spec::yaml::Key,
    raw: &raw::Endpoint,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Option<Endpoint> {
    check_name(&key_spanned(key), "endpoint name", Case::Snake, diags);
    let method = lower_method(&raw.method, diags);
    let path = parse_template(&raw.path, diags);
    let request = raw
        .request
        .as_ref()
        .and_then(|t| lower_type_ref(t, cx, diags));
    let response = raw
        .response
        .as_ref()
        .and_then(|t| lower_type_ref(t, cx, diags));
    let status = match &raw.status {
        Some(s) if !(200..=299).contains(&s.value) => {
            diags.push(
                Diagnostic::new(
                    s.location.clone(),
                    format!("success status {} is not a 2xx code", s.value),
                )
                .hint("`status` is the success status; list error statuses under `errors`"),
            );
            200
        }
        Some(s) => {
            if s.value == 204 && raw.response.is_some() {
                diags.push(
                    Diagnostic::new(
                        s.location.clone(),
                        "status 204 has no body, but the endpoint declares a `response`",
                    )
                    .hint("remove `response`, or use 200 or 201"),
                );
            }
            s.value
        }
        None if raw.response.is_none() => 204,
        None => 200,
    };
    if let Some(cap) = &raw.capability
        && !cx.capabilities.iter().any(|c| c.name == cap.value)
    {
        diags.push(
            Diagnostic::new(
                cap.location.clone(),
                format!("unknown capability `{}`", cap.value),
            )
            .hint(format!(
                "{} (capabilities are declared under `capabilities` in service.yaml)",
                suggest(&cap.value, cx.capabilities.iter().map(|c| c.name.as_str()))
            )),
        );
    }
    let mut listed: Vec<&str> = Vec::new();
    for error in raw.errors.iter().flatten() {
        if listed.contains(&error.value.as_str()) {
            diags.push(
                Diagnostic::new(
                    error.location.clone(),
                    format!("status `{}` is listed twice", error.value),
                )
                .hint("remove one of them"),
            );
        }
        listed.push(&error.value);
        if !cx.statuses.iter().any(|s| s.name == error.value) {
            let by_code = cx
                .statuses
                .iter()
                .find(|s| s.code.to_string() == error.value)
                .map(|s| format!("statuses are named: write `{}`", s.name));
            diags.push(
                Diagnostic::new(
                    error.location.clone(),
                    format!("unknown status `{}`", error.value),
                )
                .hint(by_code.unwrap_or_else(|| {
                    suggest(&error.value, cx.statuses.iter().map(|s| s.name.as_str()))
                })),
            );
        }
    }
    let (method, path) = (method?, path?);
    let quota_group = cx
        .quota_template
        .replace("{endpoint}", &path.without_ids())
        .replace("{method}", method.as_str());
    Some(Endpoint {
        name: key.name.clone(),
        method,
        path,
        summary: raw.summary.clone(),
        description: raw.description.clone(),
        request,
        response,
        status,
        capability: raw.capability.as_ref().map(|c| c.value.clone()),
        errors: raw
            .errors
            .iter()
            .flatten()
            .map(|e| e.value.clone())
            .collect(),
        creates: raw.creates.unwrap_or(false),
        quota_group,
        shared_quota_group: raw.shared_quota_group.unwrap_or(false),
        query: lower_query(raw, cx, diags),
        location: key.location.clone(),
    })
}

/// Reads an endpoint's query options: known types, Rust field names that are snake_case,
/// distinct and not taken by the path parameters or the body, and no option named like a
/// parameter the runtime reserves (`pp`, `trace`, `access_token`, ...).
fn lower_query(
    raw: &raw::Endpoint,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Vec<crate::model::QueryOption> {
    use crate::model::{OptionType, QueryOption};
    let mut out: Vec<QueryOption> = Vec::new();
    for (key, option) in raw.query.iter().flatten() {
        if cx.reserved_parameters.contains(&key.name.as_str()) {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!("`{}` is a parameter the runtime reads itself", key.name),
                )
                .hint(
                    "choose another option name; the conventions in service.yaml reserve this one",
                ),
            );
            continue;
        }
        let ty = match option.r#type.value.as_str() {
            "string" => OptionType::String,
            "integer" => OptionType::Integer,
            "boolean" => OptionType::Boolean,
            "list<string>" => OptionType::StringList,
            other => {
                diags.push(
                    Diagnostic::new(
                        option.r#type.location.clone(),
                        format!("`{other}` is not a query option type"),
                    )
                    .hint(suggest(other, OptionType::NAMES.iter().copied())),
                );
                continue;
            }
        };
        let (field, location) = match &option.field {
            Some(field) => {
                check_name(field, "option field", Case::Snake, diags);
                (field.value.clone(), field.location.clone())
            }
            None => (names::field_ident(&key.name), key.location.clone()),
        };
        if !names::is_snake_case(&field)
            || names::KEYWORDS.contains(&field.as_str())
            || field.ends_with('_')
        {
            if option.field.is_none() {
                diags.push(
                    Diagnostic::new(
                        key.location.clone(),
                        format!("option `{}` needs a Rust name", key.name),
                    )
                    .hint(format!(
                        "add `field: <snake_case name>`, such as `field: {}_option`",
                        names::snake(&key.name)
                    )),
                );
            }
            continue;
        }
        if let Some(other) = out.iter().find(|o| o.field == field) {
            diags.push(
                Diagnostic::new(
                    location,
                    format!(
                        "options `{}` and `{}` both become the field `{field}`",
                        other.wire, key.name
                    ),
                )
                .hint("give one of them another `field:` name"),
            );
            continue;
        }
        out.push(QueryOption {
            wire: key.name.clone(),
            field,
            ty,
            description: option.description.clone(),
        });
    }
    out
}

/// Names the generated handler methods and router glue use besides path parameters.
const RESERVED_PARAM_NAMES: &[&str] = &["ctx", "body", "handlers", "params", "caller", "options"];

/// Parses `/changes/{change-id}/topic`. Reports the first problem of a template.
pub fn parse_template(raw: &Spanned<String>, diags: &mut Diagnostics) -> Option<PathTemplate> {
    let text = &raw.value;
    let fail = |diags: &mut Diagnostics, message: String, hint: &str| {
        diags.push(
            Diagnostic::new(
                raw.location.clone(),
                format!("malformed path template `{text}`: {message}"),
            )
            .hint(hint.to_owned()),
        );
        None
    };
    if !text.starts_with('/') {
        return fail(
            diags,
            "it must start with `/`".into(),
            &format!("write `/{text}`"),
        );
    }
    let trailing_slash = text.len() > 1 && text.ends_with('/');
    let body = text.trim_start_matches('/');
    let body = body.strip_suffix('/').unwrap_or(body);
    let mut segments = Vec::new();
    if !body.is_empty() {
        for part in body.split('/') {
            if part.is_empty() {
                return fail(
                    diags,
                    "it has an empty segment (`//`)".into(),
                    "remove the doubled slash",
                );
            }
            if let Some(inner) = part.strip_prefix('{') {
                let Some(name) = inner.strip_suffix('}') else {
                    return fail(
                        diags,
                        format!("segment `{part}` opens `{{` without closing it"),
                        "write a parameter as a whole segment, like `{change-id}`",
                    );
                };
                if !names::is_param_name(name) {
                    return fail(
                        diags,
                        format!("`{{{name}}}` is not a valid parameter name"),
                        "use lower-case words joined by `-`, like `{change-id}`",
                    );
                }
                let ident = names::field_ident(name);
                let clash = segments.iter().find_map(|s| match s {
                    Segment::Param(other) if names::field_ident(other) == ident => {
                        Some(other.clone())
                    }
                    _ => None,
                });
                if let Some(other) = clash {
                    let message = if other == name {
                        format!("parameter `{{{name}}}` appears twice")
                    } else {
                        format!(
                            "parameters `{{{other}}}` and `{{{name}}}` both become `{ident}` in Rust"
                        )
                    };
                    return fail(diags, message, "give each parameter its own name");
                }
                if RESERVED_PARAM_NAMES.contains(&ident.as_str()) {
                    return fail(
                        diags,
                        format!(
                            "parameter `{{{name}}}` would be called `{ident}`, which the handler methods already use"
                        ),
                        "rename it, for example to `{thing-id}`",
                    );
                }
                segments.push(Segment::Param(name.to_owned()));
            } else if part.contains('{') || part.contains('}') {
                return fail(
                    diags,
                    format!("segment `{part}` mixes text and a parameter"),
                    "a parameter takes a whole segment, like `/{change-id}/`",
                );
            } else if !part
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-._~:".contains(&b))
            {
                return fail(
                    diags,
                    format!("segment `{part}` has characters that need URL encoding"),
                    "use letters, digits and `-._~:` in fixed segments",
                );
            } else {
                segments.push(Segment::Literal(part.to_owned()));
            }
        }
    }
    Some(PathTemplate {
        raw: text.clone(),
        segments,
        trailing_slash,
        location: raw.location.clone(),
    })
}

/// Parses a type expression: `string`, `list<AccountInfo>`, `map<ProjectInfo>`, `ChangeInfo`.
fn lower_type_ref(
    raw: &Spanned<String>,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Option<TypeRef> {
    parse_type_ref(raw.value.trim(), raw, cx, diags)
}

fn parse_type_ref(
    text: &str,
    raw: &Spanned<String>,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Option<TypeRef> {
    for (wrapper, make) in [
        ("list<", TypeRef::List as fn(Box<TypeRef>) -> TypeRef),
        ("map<", TypeRef::Map),
    ] {
        if let Some(inner) = text.strip_prefix(wrapper) {
            let Some(inner) = inner.strip_suffix('>') else {
                diags.push(
                    Diagnostic::new(
                        raw.location.clone(),
                        format!("type `{}` opens `<` without closing it", raw.value),
                    )
                    .hint(format!("write `{wrapper}Item>`")),
                );
                return None;
            };
            if inner.trim().is_empty() {
                diags.push(
                    Diagnostic::new(
                        raw.location.clone(),
                        format!("type `{}` names no item type", raw.value),
                    )
                    .hint(format!(
                        "write the item type inside, such as `{wrapper}string>`"
                    )),
                );
                return None;
            }
            return parse_type_ref(inner.trim(), raw, cx, diags).map(|t| make(Box::new(t)));
        }
    }
    match text {
        "string" => Some(TypeRef::String),
        "integer" => Some(TypeRef::Integer),
        "boolean" => Some(TypeRef::Boolean),
        "timestamp" => Some(TypeRef::Timestamp),
        name if cx.type_names.contains_key(name) => Some(TypeRef::Named(name.to_owned())),
        name => {
            let known = BUILTIN_TYPES
                .iter()
                .copied()
                .chain(cx.type_names.keys().map(String::as_str));
            let hint = did_you_mean(name, known.clone()).unwrap_or_else(|| {
                "declare it under `types`, or use `string`, `integer`, `boolean`, `timestamp`, `list<T>` or `map<T>`".to_owned()
            });
            diags.push(
                Diagnostic::new(raw.location.clone(), format!("unknown type `{name}`")).hint(hint),
            );
            None
        }
    }
}

fn lower_type(
    key: &crate::spec::yaml::Key,
    raw: &raw::TypeDef,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Option<TypeDef> {
    check_name(&key_spanned(key), "type name", Case::Pascal, diags);
    let kind = match (&raw.fields, &raw.values) {
        (Some(fields), None) => {
            let mut out = Vec::new();
            let mut rust_names: BTreeMap<String, &str> = BTreeMap::new();
            for (field_key, field) in fields {
                let rust_name = names::field_ident(&field_key.name);
                if let Some(other) = rust_names.insert(rust_name.clone(), &field_key.name) {
                    diags.push(
                        Diagnostic::new(
                            field_key.location.clone(),
                            format!(
                                "fields `{other}` and `{}` both become `{rust_name}` in Rust",
                                field_key.name
                            ),
                        )
                        .hint("rename one of them"),
                    );
                }
                if let Some(ty) = lower_type_ref(&field.r#type, cx, diags) {
                    out.push(Field {
                        json_name: field_key.name.clone(),
                        rust_name,
                        ty,
                        optional: field.optional.unwrap_or(false),
                        description: field.description.clone(),
                    });
                }
            }
            TypeKind::Record(out)
        }
        (None, Some(values)) => {
            let mut out: Vec<String> = Vec::new();
            for value in values {
                let variant = names::pascal(&value.value);
                let clash = out
                    .iter()
                    .find(|o| names::pascal(o) == variant && **o != value.value);
                if let Some(other) = clash {
                    diags.push(
                        Diagnostic::new(
                            value.location.clone(),
                            format!(
                                "values `{other}` and `{}` both become the variant `{variant}`",
                                value.value
                            ),
                        )
                        .hint("enumeration values must differ in more than case and punctuation"),
                    );
                } else if variant == "Self" {
                    diags.push(
                        Diagnostic::new(
                            value.location.clone(),
                            format!("value `{}` would be the variant `Self`", value.value),
                        )
                        .hint("`Self` is a Rust keyword; choose another value"),
                    );
                } else if out.contains(&value.value) {
                    diags.push(
                        Diagnostic::new(
                            value.location.clone(),
                            format!("value `{}` is listed twice", value.value),
                        )
                        .hint("remove one of them"),
                    );
                } else if names::pascal(&value.value).is_empty() {
                    diags.push(
                        Diagnostic::new(
                            value.location.clone(),
                            format!("value `{}` has no letters or digits", value.value),
                        )
                        .hint("enumeration values are words such as `NEW`"),
                    );
                } else {
                    out.push(value.value.clone());
                }
            }
            TypeKind::Enum(out)
        }
        _ => {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!(
                        "type `{}` needs exactly one of `fields` or `values`",
                        key.name
                    ),
                )
                .hint("a record has `fields`; a string enumeration has `values`"),
            );
            return None;
        }
    };
    Some(TypeDef {
        name: key.name.clone(),
        description: raw.description.clone(),
        kind,
        location: key.location.clone(),
    })
}
