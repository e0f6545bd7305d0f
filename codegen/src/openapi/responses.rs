//! An operation's responses: its successes, the statuses of the conditions it can meet
//! (`conditions.rs`), its declared `errors`, and the runtime's own answers; each code once,
//! its rows' descriptions joined and its bodies side by side (`anyOf`: an answer may fit
//! more than one), with the headers the service sends on it.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use super::conditions::{describe, row_description};
use super::schemas::schema;
pub use crate::model::answers::default_status;
use crate::model::answers::{
    Met, RUNTIME_STATUSES, checks_passwords, conditions, raising_row, refusal_rows,
    refused_before_routing,
};
use crate::model::{EarlyRefusals, Endpoint, ErrorFormat, Family, Service, Status, TypeRef};

/// The answer of a caller past its failed-password budget, where basic credentials are
/// checked (protocol 10.9).
const PASSWORD_BUDGET: &str = "Too many failed authentication attempts; see Retry-After.";

/// One status code of an operation, as its sources add to it.
#[derive(Default)]
struct Answer {
    /// Each row's (or condition's) description once, in the order they came.
    descriptions: Vec<String>,
    /// Each body schema once, by media type.
    bodies: BTreeMap<String, Vec<Value>>,
    /// Whether some source of it answers after the quota check.
    after_quota: bool,
    /// The headers its rows declare (`headers`), by name.
    own_headers: Map<String, Value>,
}

impl Answer {
    fn add(&mut self, description: String, content: &Value, after_quota: bool) {
        if !self.descriptions.contains(&description) {
            self.descriptions.push(description);
        }
        for (media, body) in content.as_object().into_iter().flatten() {
            let schemas = self.bodies.entry(media.clone()).or_default();
            let schema = body.get("schema").cloned().unwrap_or_else(|| json!({}));
            if !schemas.contains(&schema) {
                schemas.push(schema);
            }
        }
        self.after_quota |= after_quota;
    }

    /// Adds the headers `row` declares.
    fn add_headers(&mut self, row: &Status, service: &Service) {
        self.own_headers.extend(declared(service, &row.headers));
    }

    fn into_response(self, mut headers: Map<String, Value>, service: &Service) -> Value {
        headers.extend(self.own_headers);
        let mut response = Map::new();
        response.insert("description".into(), json!(self.descriptions.join("\n\n")));
        if !headers.is_empty() {
            response.insert("headers".into(), Value::Object(headers));
        }
        if !self.bodies.is_empty() {
            let content: Map<String, Value> = self
                .bodies
                .into_iter()
                .map(|(media, mut schemas)| {
                    let widest = schemas
                        .iter()
                        .position(|s| holds_the_others(s, &schemas, service));
                    let schema = match widest {
                        _ if schemas.len() == 1 => schemas.remove(0),
                        Some(widest) => schemas.remove(widest),
                        None => json!({ "anyOf": schemas }),
                    };
                    (media, json!({ "schema": schema }))
                })
                .collect();
            response.insert("content".into(), Value::Object(content));
        }
        Value::Object(response)
    }
}

/// Whether `schema` holds every value of the other `schemas`: any value (`{}`, a row's
/// `body: any`), or an object of any members (`map<any>`) beside objects and records, as a
/// runtime's refusal written in the error body beside the handler's own.
fn holds_the_others(schema: &Value, schemas: &[Value], service: &Service) -> bool {
    let any_object = json!({ "type": "object", "additionalProperties": {} });
    let object = |other: &Value| {
        other.get("type") == Some(&json!("object"))
            || other
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/components/schemas/"))
                .is_some_and(|name| {
                    service.types.iter().any(|t| {
                        t.name == name && matches!(t.kind, crate::model::TypeKind::Record(_))
                    })
                })
    };
    *schema == json!({}) || (*schema == any_object && schemas.iter().all(object))
}

/// `responses` of `endpoint`'s operation on its authenticated form or its plain form.
pub(super) fn responses(
    service: &Service,
    family: &Family,
    endpoint: &Endpoint,
    authenticated: bool,
) -> Value {
    let mut out = Map::new();
    let c = &service.conventions;
    let paging = c.pagination.as_ref().filter(|_| endpoint.paginated);
    let success_body = super::successes::content(service, endpoint);
    for code in std::iter::once(endpoint.status).chain(endpoint.other_successes.iter().copied()) {
        let mut response = Map::new();
        response.insert("description".into(), json!(super::successes::reason(code)));
        let mut headers = Map::new();
        if let Some(p) = paging {
            headers.extend(super::headers::headers(p));
        }
        headers.extend(answer_headers(service, true));
        if let Some(since) = &endpoint.deprecated_since {
            headers.insert(
                "Deprecation".into(),
                json!({
                    "description": format!("Deprecated since {} (RFC 9745).", since.date),
                    "required": true,
                    "schema": { "type": "string", "const": since.header_value() },
                }),
            );
        }
        if code == 201 {
            // Where the created resource can be read, when the handler says
            // (`Custom::location`).
            headers.insert("Location".into(), component("Location"));
        } else if redirects(code) {
            // Where a redirect sends the client (`Custom::location_url`).
            headers.insert("Location".into(), component("RedirectLocation"));
        }
        headers.extend(declared(service, &endpoint.response_headers));
        if !headers.is_empty() {
            response.insert("headers".into(), Value::Object(headers));
        }
        // A 3xx answer carries a body only where it is the endpoint's own (not 304).
        let own_redirect = code == endpoint.status && code != 304;
        if code != 204
            && (!(300..400).contains(&code) || own_redirect)
            && !endpoint.empty_successes.contains(&code)
            && let Some(body) = &success_body
        {
            response.insert("content".into(), body.clone());
        }
        out.insert(code.to_string(), Value::Object(response));
    }

    let shape = error_content(service);
    // An answer of `code` without a body of the handler's: as the row the runtime takes
    // for it (the condition's, else the code's first) writes it.
    let written = |row: Option<&Status>, code: u16| match row
        .or_else(|| service.statuses.iter().find(|s| s.code == code))
    {
        Some(row) if row.error_format.is_some() => row_content(row),
        _ => shape.clone(),
    };
    let mut answers: BTreeMap<u16, Answer> = BTreeMap::new();
    let refusals = refusal_rows(service, endpoint);
    // An answer of the runtime's in such a row: its record, where the row's own body writes
    // one.
    let in_row = |own: &Status| match (&own.body, own.own_body_is_record) {
        (Some(record), true) => json!({ "application/json": {
            "schema": schema(record, service.conventions.timestamp_format) } }),
        _ => written(Some(own), own.code),
    };
    // An answer of the runtime's of `code` that no condition's row names.
    let content_of = |code: u16| match refusals.iter().find(|r| r.code == code) {
        Some(own) => in_row(own),
        None => written(None, code),
    };
    for Met { name, after_quota } in conditions(service, family, endpoint, authenticated) {
        let row = raising_row(service, name);
        let (code, description) = match row {
            Some(row) => (row.code, row_description(row)),
            None => match default_status(name) {
                Some(code) => (code, describe(name, endpoint)),
                None => continue,
            },
        };
        let answer = answers.entry(code).or_default();
        // A refusal in the row of that code it lists; but a malformed query refused before
        // the request is known to be the endpoint's is the service's too.
        match refusals.iter().find(|r| r.code == code) {
            Some(own) => {
                if name == "malformed_request" && refused_before_routing(service) {
                    answer.add(description.clone(), &written(row, code), after_quota);
                }
                answer.add(description, &in_row(own), after_quota);
            }
            None => answer.add(description, &written(row, code), after_quota),
        }
        if let Some(row) = row {
            answer.add_headers(row, service);
        }
    }
    // Its own error body, for its handler's errors and the statuses it does not list.
    let own = (endpoint.error_body.as_ref()).map(|body| {
        format_content(
            ErrorFormat::Json(()),
            Some(body),
            endpoint.error_type.as_deref(),
        )
    });
    // What the handler may answer: its rows, with their typed bodies. A row whose record
    // the service's error body is an instance of holds the runtime's answers of its code.
    let mut handlers: BTreeMap<u16, (bool, Vec<Value>)> = BTreeMap::new();
    for name in &endpoint.errors {
        let Some(row) = service.statuses.iter().find(|s| s.name == *name) else {
            continue;
        };
        if let Some(body) = &row.body {
            let mut schema = schema(body, service.conventions.timestamp_format);
            if row.body_nullable {
                schema = super::schemas::or_null(schema);
            }
            let (holds, schemas) = handlers.entry(row.code).or_default();
            *holds |= row.body_is_error_body;
            schemas.push(schema);
        }
        let content = match &row.body {
            Some(body) => {
                let mut schema = schema(body, service.conventions.timestamp_format);
                if row.body_nullable {
                    schema = super::schemas::or_null(schema);
                }
                json!({ "application/json": { "schema": schema } })
            }
            // In the endpoint's own format, where the row has none of its own.
            None => match (&own, row.error_format) {
                (Some(own), None) => own.clone(),
                _ => written(Some(row), row.code),
            },
        };
        let answer = answers.entry(row.code).or_default();
        answer.add(row_description(row), &content, true);
        answer.add_headers(row, service);
    }
    if checks_passwords(service, authenticated) {
        answers
            .entry(429)
            .or_default()
            .add(PASSWORD_BUDGET.to_owned(), &content_of(429), false);
    }
    for &(code, description, needs_body) in RUNTIME_STATUSES {
        if !needs_body || endpoint.request.is_some() {
            (answers.entry(code).or_default()).add(description.to_owned(), &content_of(code), true);
        }
    }
    for (code, mut answer) in answers {
        // The runtime's answers of a code some row of the handler's holds are that row's.
        if let Some((true, own)) = handlers.get(&code)
            && let Some(schemas) = answer.bodies.get_mut("application/json")
            && schemas.len() > 1
        {
            schemas.retain(|s| own.contains(s));
        }
        let mut headers = answer_headers(service, answer.after_quota);
        headers.extend(declared(service, &c.error_headers));
        out.insert(code.to_string(), answer.into_response(headers, service));
    }
    if c.openapi_default_error {
        let mut any = Answer::default();
        any.add(
            "Any other status, in the error format.".to_owned(),
            own.as_ref().unwrap_or(&shape),
            true,
        );
        let mut headers = answer_headers(service, true);
        headers.extend(declared(service, &c.error_headers));
        out.insert("default".to_owned(), any.into_response(headers, service));
    }
    Value::Object(out)
}

/// Headers an endpoint's or a status row's answers carry, as OpenAPI states them.
fn declared(service: &Service, headers: &[crate::model::QueryOption]) -> Map<String, Value> {
    let mut out = Map::new();
    for declared in headers {
        let mut header = Map::new();
        if let Some(d) = &declared.description {
            header.insert("description".into(), json!(d));
        }
        if declared.required {
            header.insert("required".into(), json!(true));
        }
        if declared.rules.deprecated {
            header.insert("deprecated".into(), json!(true));
        }
        let schema = super::options::option_value_schema(service, declared);
        header.insert("schema".into(), schema);
        out.insert(declared.wire.clone(), Value::Object(header));
    }
    out
}

/// The headers every answer carries (the request id, the echoed headers), and the
/// rate-limit headers on answers given after the quota check (or on every answer, where
/// refusals before it show the budget too), as references to `components/headers`.
fn answer_headers(service: &Service, after_quota: bool) -> Map<String, Value> {
    let c = &service.conventions;
    let mut out = Map::new();
    if let Some(name) = &c.request_id_header {
        out.insert(name.clone(), component(name));
    }
    if let Some(h) = &c.rate_limit_headers
        && (after_quota || h.early_refusals != EarlyRefusals::Bare)
    {
        for name in super::headers::rate_limit(h).keys() {
            out.insert(name.clone(), component(name));
        }
    }
    for name in super::headers::echoed(&c.echo_headers).keys() {
        out.insert(name.clone(), component(name));
    }
    out
}

fn component(name: &str) -> Value {
    json!({ "$ref": format!("#/components/headers/{name}") })
}

/// `components.headers`: the request id, `Location`, the rate-limit and the echoed
/// headers, which many answers carry.
pub(super) fn components(service: &Service) -> Map<String, Value> {
    let c = &service.conventions;
    let mut out = Map::new();
    if let Some(name) = &c.request_id_header {
        out.insert(
            name.clone(),
            json!({
                "description": "The request's id: the one the request carried when it was \
                    sensible, else a new one. Quote it when reporting a problem.",
                "schema": { "type": "string" },
            }),
        );
    }
    let creates = service
        .families
        .iter()
        .flat_map(|f| &f.endpoints)
        .any(|e| e.status == 201 || e.other_successes.contains(&201));
    if creates {
        out.insert(
            "Location".into(),
            json!({
                "description": "Where the created resource can be read.",
                "schema": { "type": "string", "format": "uri-reference" },
            }),
        );
    }
    let sends_away = service
        .families
        .iter()
        .flat_map(|f| &f.endpoints)
        .any(|e| redirects(e.status) || e.other_successes.iter().any(|c| redirects(*c)));
    if sends_away {
        out.insert(
            "RedirectLocation".into(),
            json!({
                "description": "Where the redirect sends the client.",
                "schema": { "type": "string", "format": "uri-reference" },
            }),
        );
    }
    if let Some(h) = &c.rate_limit_headers {
        out.extend(super::headers::rate_limit(h));
    }
    out.extend(super::headers::echoed(&c.echo_headers));
    out
}

/// Whether an answer of `code` sends the client elsewhere (`Location`): the 3xx codes but
/// `304 Not Modified`, which sends it back to its own copy.
fn redirects(code: u16) -> bool {
    (300..400).contains(&code) && code != 304
}

/// The body of an error answer: plain text, RFC 9457 problem details, the spec's JSON
/// error body (as the record `error_type` names, when it names one), or none.
fn error_content(service: &Service) -> Value {
    let c = &service.conventions;
    format_content(
        c.error_format,
        c.error_body.as_ref(),
        c.error_type.as_deref(),
    )
}

/// The body of an answer of `row`, which has a format of its own: its `body` record where
/// its JSON error body is one (`body_is_error_body`).
fn row_content(row: &Status) -> Value {
    let record = match &row.body {
        Some(TypeRef::Named(name)) if row.body_is_error_body => Some(name.as_str()),
        _ => None,
    };
    format_content(
        row.error_format.unwrap_or_default(),
        row.error_body.as_ref(),
        record,
    )
}

/// The body of an error answer in `format`: JSON as `record` (a record every body written
/// from `body` is an instance of), else a schema drawn from `body`.
fn format_content(
    format: ErrorFormat,
    body: Option<&crate::model::error_body::Shape>,
    record: Option<&str>,
) -> Value {
    match format {
        ErrorFormat::Empty => json!({}),
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
        ErrorFormat::Json(()) => match record {
            Some(name) => json!({ "application/json": { "schema": {
                "$ref": format!("#/components/schemas/{name}")
            }}}),
            None => {
                let body = body.map(|b| b.to_value());
                json!({ "application/json": { "schema": body.as_ref().map(body_schema).unwrap_or(json!({})) } })
            }
        },
    }
}

/// The JSON Schema of the spec's error body: its fields required, `"{status}"` an integer,
/// other strings strings.
fn body_schema(body: &Value) -> Value {
    match body {
        Value::String(s) if s == "{status}" => json!({ "type": "integer" }),
        Value::String(s) if s == "{field}" || s == "{code}" => {
            json!({ "type": ["string", "null"] })
        }
        Value::String(s) if s == "{error_id}" => json!({ "type": "string", "format": "uuid" }),
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
