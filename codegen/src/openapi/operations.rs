//! Paths, operations, parameters and responses.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use super::BASIC_SCHEME;
use super::schemas::schema;
use crate::model::{
    Endpoint, ErrorFormat, Family, OptionType, Service, TypeKind, TypeRef, UnknownCredentials,
};

/// Conditions any operation may meet: an option it does not know, a resource that is not
/// there, a refused quota, a failure of the service.
const ANY_OPERATION: &[&str] = &[
    "malformed_request",
    "not_found",
    "quota_exhausted",
    "internal_error",
];
/// Conditions of every mutation: a cookie without its XSRF token.
const MUTATIONS: &[&str] = &["invalid_xsrf_token"];
/// Conditions of a request body.
const BODIES: &[&str] = &["malformed_json", "wrong_content_type", "invalid_input"];

/// Statuses the runtime answers on its own, outside the status table.
const RUNTIME_STATUSES: &[(u16, &str, Option<&str>)] = &[
    (
        408,
        "The request body did not arrive in time.",
        Some("body"),
    ),
    (
        413,
        "The request body is larger than the service accepts.",
        Some("body"),
    ),
    (
        429,
        "Too many failed authentication attempts, or the quota is spent; see Retry-After.",
        None,
    ),
    (
        503,
        "The request took longer than the service allows.",
        None,
    ),
];

/// The status the runtime answers a condition with when the spec's status table does not
/// raise it (the runtime's `Condition::default_status`; a test keeps the two alike).
pub fn default_status(condition: &str) -> Option<u16> {
    Some(match condition {
        "malformed_request" | "wrong_content_type" | "malformed_json" | "invalid_input" => 400,
        "not_authenticated" => 401,
        "authentication_required"
        | "invalid_xsrf_token"
        | "capability_missing"
        | "anonymous_self"
        | "run_as_refused" => 403,
        "not_found" => 404,
        "method_not_allowed" => 405,
        "precondition_failed" => 412,
        "quota_exhausted" => 429,
        "internal_error" => 500,
        "idempotency_key_reused" => 422,
        "idempotency_key_in_use" => 409,
        _ => return None,
    })
}

/// `paths`: each endpoint under the authenticated prefix when the service has one, and under
/// its template where a caller without the prefix can use it ([`plain_form_usable`]).
pub(super) fn paths(service: &Service) -> Value {
    let mut paths: BTreeMap<String, Map<String, Value>> = BTreeMap::new();
    let prefix = service
        .conventions
        .authenticated_prefix
        .as_deref()
        .map(|p| p.trim_end_matches('/'));
    // Templates that differ only in a trailing slash (`GET /changes/{id}/reviewers/`,
    // `POST /changes/{id}/reviewers`) are one resource to the service, which routes both
    // alike: one path item holds their methods, under the template declared first, so that
    // a path's methods are exactly those the service allows there.
    let mut written: BTreeMap<String, &str> = BTreeMap::new();
    for family in &service.families {
        for endpoint in &family.endpoints {
            let path = *written
                .entry(endpoint.path.route())
                .or_insert(endpoint.path.raw.as_str());
            let method = endpoint.method.as_str().to_ascii_lowercase();
            if prefix.is_none() || plain_form_usable(service, endpoint) {
                let anonymous = operation(service, family, endpoint, false);
                paths
                    .entry(path.to_owned())
                    .or_default()
                    .insert(method.clone(), anonymous);
            }
            if let Some(prefix) = prefix {
                paths
                    .entry(format!("{prefix}{path}"))
                    .or_default()
                    .insert(method, operation(service, family, endpoint, true));
            }
        }
    }
    Value::Object(
        paths
            .into_iter()
            .map(|(path, item)| (path, Value::Object(item)))
            .collect(),
    )
}

/// Whether the document lists `endpoint` without the authenticated prefix as well: when an
/// anonymous caller may call it, when the spec's `credentials` work there, or when the spec
/// asks for every form (`openapi_anonymous_forms: all`). Otherwise that form answers every
/// caller the document can describe with 403 (a cookie session, which OpenAPI tools do not
/// hold, is told of in `info.description`).
pub fn plain_form_usable(service: &Service, endpoint: &Endpoint) -> bool {
    let c = &service.conventions;
    c.openapi_every_anonymous_form
        || endpoint.anonymous.allows(endpoint.method)
        || !c.credentials.is_empty()
}

/// Whether a request without a body is refused: the runtime reads an empty body without a
/// content type as `{}` (`restspec_runtime`'s `parse_json`), which only an object whose
/// fields may all be absent (or a map) accepts; anything else answers 400.
fn body_required(service: &Service, ty: &TypeRef) -> bool {
    !accepts_empty_object(service, ty, &mut Vec::new())
}

fn accepts_empty_object<'s>(
    service: &'s Service,
    ty: &'s TypeRef,
    seen: &mut Vec<&'s str>,
) -> bool {
    match ty {
        TypeRef::Map(_) => true,
        TypeRef::Named(name) => {
            if seen.contains(&name.as_str()) {
                return false;
            }
            seen.push(name);
            match service
                .types
                .iter()
                .find(|t| t.name == *name)
                .map(|t| &t.kind)
            {
                Some(TypeKind::Record(fields)) => fields.iter().all(|f| f.optional || f.nullable),
                Some(TypeKind::OneOf(alternatives)) => alternatives
                    .iter()
                    .any(|alternative| accepts_empty_object(service, alternative, seen)),
                Some(TypeKind::Enum(_)) | None => false,
            }
        }
        TypeRef::String
        | TypeRef::Integer
        | TypeRef::Boolean
        | TypeRef::Timestamp
        | TypeRef::List(_) => false,
    }
}

fn operation(
    service: &Service,
    family: &Family,
    endpoint: &Endpoint,
    authenticated: bool,
) -> Value {
    let mut op = Map::new();
    let id = if authenticated || service.conventions.authenticated_prefix.is_none() {
        endpoint.name.clone()
    } else {
        format!("{}_anonymous", endpoint.name)
    };
    op.insert("operationId".into(), json!(id));
    op.insert("tags".into(), json!([family.name]));
    op.insert("summary".into(), json!(endpoint.summary));
    if let Some(d) = &endpoint.description {
        op.insert("description".into(), json!(d));
    }
    op.insert(
        "parameters".into(),
        Value::Array(parameters(service, family, endpoint)),
    );
    if let Some(request) = &endpoint.request {
        let body = json!({ "schema": schema(request, service.conventions.timestamp_format) });
        let form = "application/x-www-form-urlencoded";
        let json_media = "application/json";
        // The media types the service reads (a JSON object is sorted: the order says nothing).
        let media: &[&str] = match service.conventions.request_bodies.as_deref() {
            None => &[json_media],
            Some("json_or_form") => &[json_media, form],
            Some("form_or_json") => &[form, json_media],
            Some(_) => &[form],
        };
        let content: Map<String, Value> = media
            .iter()
            .map(|m| ((*m).to_owned(), body.clone()))
            .collect();
        op.insert(
            "requestBody".into(),
            json!({ "required": body_required(service, request), "content": content }),
        );
    }
    op.insert(
        "responses".into(),
        responses(service, endpoint, authenticated),
    );
    super::examples::attach(&mut op, service, endpoint, authenticated);
    // Stated on every operation: basic on the authenticated form; elsewhere any of the
    // spec's credentials, or none where anonymous callers may call.
    if authenticated {
        op.insert("security".into(), json!([{ BASIC_SCHEME: [] }]));
    } else {
        let mut options: Vec<Value> = Vec::new();
        if endpoint.anonymous.allows(endpoint.method) && !service.conventions.credentials.is_empty()
        {
            options.push(json!({}));
        }
        for credential in &service.conventions.credentials {
            options.push(json!({ super::scheme_name(credential): [] }));
        }
        op.insert("security".into(), Value::Array(options));
    }
    op.insert("x-quota-group".into(), json!(endpoint.quota_group));
    if let Some(capability) = &endpoint.capability {
        op.insert("x-capability".into(), json!(capability));
    }
    Value::Object(op)
}

fn parameters(service: &Service, family: &Family, endpoint: &Endpoint) -> Vec<Value> {
    let mut out = Vec::new();
    for name in endpoint.path.params() {
        let description = family
            .params
            .iter()
            .find(|p| p.name == name)
            .map_or_else(|| format!("The {name}."), |p| p.description.clone());
        let schema = match family.param_type(name) {
            crate::model::ParamType::String => match family.param_pattern(name) {
                Some(pattern) => json!({ "type": "string", "pattern": pattern }),
                None => json!({ "type": "string" }),
            },
            crate::model::ParamType::Integer => json!({ "type": "integer", "format": "int64" }),
            crate::model::ParamType::Enum(ty) => {
                json!({ "$ref": format!("#/components/schemas/{ty}") })
            }
        };
        out.push(json!({
            "name": name,
            "in": "path",
            "required": true,
            "description": description,
            "schema": schema,
        }));
    }
    for option in &endpoint.query {
        let schema = match &option.ty {
            OptionType::String => json!({ "type": "string" }),
            OptionType::Integer => json!({ "type": "integer", "format": "int64" }),
            OptionType::Enum(name) => json!({ "$ref": format!("#/components/schemas/{name}") }),
            OptionType::Boolean => json!({ "type": "boolean" }),
            OptionType::StringList => json!({ "type": "array", "items": { "type": "string" } }),
        };
        let mut schema = schema;
        if let Value::Object(s) = &mut schema {
            for (key, bound) in [("minimum", option.minimum), ("maximum", option.maximum)] {
                if let Some(bound) = bound {
                    s.insert(key.into(), json!(bound));
                }
            }
            if let Some(default) = &option.default {
                let value = match option.ty {
                    OptionType::Integer => {
                        default.parse::<i64>().map_or(json!(default), |n| json!(n))
                    }
                    _ => json!(default),
                };
                s.insert("default".into(), value);
            }
        }
        let mut param = Map::new();
        param.insert("name".into(), json!(option.wire));
        param.insert("in".into(), json!("query"));
        if option.required {
            param.insert("required".into(), json!(true));
        }
        if let Some(d) = &option.description {
            param.insert("description".into(), json!(d));
        }
        param.insert("schema".into(), schema);
        if option.ty == OptionType::StringList {
            // Repeated (`o=A&o=B`), or comma-separated (`labels=a,b`).
            param.insert("explode".into(), json!(!option.comma_separated));
        }
        out.push(Value::Object(param));
    }
    if let Some(p) = service
        .conventions
        .pagination
        .as_ref()
        .filter(|_| endpoint.paginated)
    {
        out.extend(super::headers::parameters(p));
    }
    if let Some(i) = idempotent(service, endpoint) {
        out.push(json!({
            "name": i.header,
            "in": "header",
            "description": "Sent again with the same request, answers as the first time did \
                (`Idempotent-Replayed: true`) instead of acting twice.",
            "schema": { "type": "string" },
        }));
    }
    for name in convention_parameter_names(service) {
        out.push(json!({ "$ref": format!("#/components/parameters/{name}") }));
    }
    out
}

/// The runtime's own query parameters every operation takes, by component name.
fn convention_parameter_names(service: &Service) -> Vec<&'static str> {
    let c = &service.conventions;
    let mut names = Vec::new();
    if c.pretty_parameter.is_some() {
        names.push("pretty");
    }
    if c.trace_parameter.is_some() {
        names.push("trace");
    }
    names
}

/// `components.parameters`: the runtime's own query parameters.
pub(super) fn convention_parameters(service: &Service) -> Value {
    let c = &service.conventions;
    let mut out = Map::new();
    if let Some(pp) = &c.pretty_parameter {
        out.insert(
            "pretty".into(),
            json!({
                "name": pp,
                "in": "query",
                "description": "`0` or `false` for compact JSON, `1` or `true` for pretty JSON; \
                    any other value is ignored (the `Accept` header and the service's default \
                    decide, as without it).",
                "schema": { "type": "string", "examples": ["0", "1", "false", "true"] },
            }),
        );
    }
    if let Some(trace) = &c.trace_parameter {
        out.insert(
            "trace".into(),
            json!({
                "name": trace,
                "in": "query",
                "description": "Traces the request under this id (or a generated one when empty).",
                "schema": { "type": "string" },
            }),
        );
    }
    Value::Object(out)
}

fn responses(service: &Service, endpoint: &Endpoint, authenticated: bool) -> Value {
    let mut out = Map::new();
    let json_body = endpoint.response.as_ref().map(|ty| {
        let mut media = Map::new();
        let mut body = schema(ty, service.conventions.timestamp_format);
        if let Some(p) = service
            .conventions
            .pagination
            .as_ref()
            .filter(|_| endpoint.paginated)
        {
            body = super::headers::page_body(p, body);
        }
        media.insert("schema".into(), body);
        if let Some(prefix) = &service.conventions.json_prefix {
            media.insert("x-json-prefix".into(), json!(prefix));
        }
        json!({ "application/json": Value::Object(media) })
    });
    for code in std::iter::once(endpoint.status).chain(endpoint.other_successes.iter().copied()) {
        let mut response = Map::new();
        response.insert("description".into(), json!(reason(code)));
        if code != 204
            && let Some(body) = &json_body
        {
            response.insert("content".into(), body.clone());
        }
        let mut headers = Map::new();
        if let Some(p) = service
            .conventions
            .pagination
            .as_ref()
            .filter(|_| endpoint.paginated)
        {
            headers.extend(super::headers::headers(p));
        }
        if let Some(h) = &service.conventions.rate_limit_headers {
            headers.extend(super::headers::rate_limit(h));
        }
        headers.extend(super::headers::echoed(&service.conventions.echo_headers));
        if !headers.is_empty() {
            response.insert("headers".into(), Value::Object(headers));
        }
        out.insert(code.to_string(), Value::Object(response));
    }
    let text = error_content(service);
    let mut names: Vec<&str> = endpoint.errors.iter().map(String::as_str).collect();
    let mut conditions: Vec<&str> = ANY_OPERATION.to_vec();
    if !endpoint.method.is_read() {
        conditions.extend_from_slice(MUTATIONS);
    }
    if !endpoint.anonymous.allows(endpoint.method) {
        conditions.push("authentication_required");
    }
    let c = &service.conventions;
    if !c.credentials.is_empty() && c.unknown_credentials == UnknownCredentials::Unauthorized {
        conditions.push("not_authenticated");
    }
    if endpoint.request.is_some() {
        conditions.extend_from_slice(BODIES);
    }
    if idempotent(service, endpoint).is_some() {
        conditions.extend_from_slice(&["idempotency_key_reused", "idempotency_key_in_use"]);
    }
    if authenticated {
        conditions.push("not_authenticated");
    }
    if endpoint.capability.is_some() {
        conditions.push("capability_missing");
    }
    if service.conventions.run_as.is_some() {
        conditions.push("run_as_refused");
    }
    for condition in conditions {
        match service
            .statuses
            .iter()
            .find(|s| s.raised_for.iter().any(|r| r == condition))
        {
            Some(status) => names.push(&status.name),
            None => {
                if let Some(code) = default_status(condition) {
                    out.entry(code.to_string())
                        .or_insert_with(|| json!({ "description": reason(code), "content": text }));
                }
            }
        }
    }
    // Each row once; rows with a typed body last, so that they join the spec's shape of
    // their code instead of being written over by it.
    let mut rows: Vec<&crate::model::Status> = Vec::new();
    for name in names {
        if let Some(status) = service.statuses.iter().find(|s| s.name == name)
            && !rows.iter().any(|r| r.name == status.name)
        {
            rows.push(status);
        }
    }
    rows.sort_by_key(|s| s.body.is_some());
    for status in rows {
        let description = format!("{}: {}", status.message, status.when);
        let Some(body) = &status.body else {
            out.insert(
                status.code.to_string(),
                json!({ "description": description, "content": text }),
            );
            continue;
        };
        // A typed body beside the spec's error shape (the runtime's own conditions, or
        // another row of the same code): either may come.
        let typed = json!({ "$ref": format!("#/components/schemas/{body}") });
        let code = status.code.to_string();
        let alone = status.raised_for.is_empty() && !out.contains_key(&code);
        let schema = if alone {
            typed
        } else {
            json!({ "oneOf": [typed, error_schema(&text)] })
        };
        out.insert(
            code,
            json!({
                "description": description,
                "content": { "application/json": { "schema": schema } },
            }),
        );
    }
    for (code, description, needs) in RUNTIME_STATUSES {
        if needs.is_none() || endpoint.request.is_some() {
            out.entry(code.to_string())
                .or_insert_with(|| json!({ "description": description, "content": text }));
        }
    }
    if let (Some(h), Some(Value::Object(refused))) =
        (&service.conventions.rate_limit_headers, out.get_mut("429"))
    {
        refused.insert(
            "headers".into(),
            Value::Object(super::headers::rate_limit(h)),
        );
    }
    Value::Object(out)
}

/// The spec's idempotency keys, when `endpoint` takes one (a `POST` or `PATCH`).
fn idempotent<'s>(
    service: &'s Service,
    endpoint: &Endpoint,
) -> Option<&'s crate::model::Idempotency> {
    use crate::model::Method;
    service
        .conventions
        .idempotency
        .as_ref()
        .filter(|_| matches!(endpoint.method, Method::Post | Method::Patch))
}

/// The schema of the spec's error shape, out of its content map.
fn error_schema(content: &Value) -> Value {
    content
        .as_object()
        .and_then(|media| media.values().next())
        .and_then(|m| m.get("schema"))
        .cloned()
        .unwrap_or_else(|| json!({ "type": "string" }))
}

/// The body of an error answer: plain text, or RFC 9457 problem details.
fn error_content(service: &Service) -> Value {
    match service.conventions.error_format {
        ErrorFormat::Plain => json!({ "text/plain": { "schema": { "type": "string" } } }),
        ErrorFormat::ProblemJson => json!({ "application/problem+json": { "schema": {
            "type": "object",
            "properties": {
                "type": { "type": "string" },
                "title": { "type": "string" },
                "status": { "type": "integer" },
                "detail": { "type": "string" },
            },
            "required": ["type", "title", "status", "detail"],
        }}}),
        ErrorFormat::Json => {
            let body = service.conventions.error_body.as_ref();
            json!({ "application/json": { "schema": body.map(body_schema).unwrap_or(json!({})) } })
        }
    }
}

/// The JSON Schema of the spec's error body: its fields required, `"{status}"` an integer,
/// other strings strings.
fn body_schema(body: &Value) -> Value {
    match body {
        Value::String(s) if s == "{status}" => json!({ "type": "integer" }),
        Value::String(s) if s == "{field}" => json!({ "type": ["string", "null"] }),
        Value::String(_) => json!({ "type": "string" }),
        Value::Object(fields) => json!({
            "type": "object",
            "properties": fields
                .iter()
                .map(|(k, v)| (k.clone(), body_schema(v)))
                .collect::<Map<String, Value>>(),
            "required": fields.keys().collect::<Vec<_>>(),
        }),
        Value::Array(_) => json!({ "type": "array" }),
        Value::Number(_) => json!({ "type": "number" }),
        Value::Bool(_) => json!({ "type": "boolean" }),
        Value::Null => json!({ "type": "null" }),
    }
}

/// The reason phrase of a status the table does not describe.
fn reason(code: u16) -> &'static str {
    match code {
        200 => "OK",
        201 => "Created",
        202 => "Accepted",
        204 => "No Content",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        412 => "Precondition Failed",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        _ if code < 300 => "Success",
        _ => "Error",
    }
}
