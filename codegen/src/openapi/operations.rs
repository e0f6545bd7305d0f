//! Paths, operations, parameters and request bodies (`responses.rs` writes the answers).

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use super::BASIC_SCHEME;
use super::schemas::schema;
use crate::model::{Endpoint, Family, Service, TypeKind, TypeRef};

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
                .entry(endpoint.path.routed())
                .or_insert(endpoint.path.raw.as_str());
            // Endpoints sharing a method and path are told apart by a fragment naming what
            // selects each, as AWS's documents write them (`/#X-Amz-Target=...`): OpenAPI
            // holds one operation per method and path.
            let selected;
            let path = match &endpoint.selected_by {
                Some(s) => {
                    selected = format!("{path}#{}", s.fragment());
                    selected.as_str()
                }
                None => path,
            };
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
        || endpoint.anonymous.allows_method(endpoint.method.as_str())
        || !c.credentials.is_empty()
}

/// Whether a request without a body is refused: with `empty_request_body: refuse`, always;
/// else the runtime reads an empty body without a content type as `{}`
/// (`restspec_runtime`'s `parse_json`), which only an object whose fields may all be
/// absent (or a map) accepts; anything else answers 400.
fn body_required(service: &Service, ty: &TypeRef) -> bool {
    service.conventions.empty_request_body == crate::model::EmptyRequestBody::Refuse
        || !accepts_empty_object(service, ty, &mut Vec::new())
}

fn accepts_empty_object<'s>(
    service: &'s Service,
    ty: &'s TypeRef,
    seen: &mut Vec<&'s str>,
) -> bool {
    match ty {
        TypeRef::Map(_) | TypeRef::Any => true,
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
                Some(TypeKind::Union(union)) => union
                    .alternatives
                    .iter()
                    .any(|alternative| accepts_empty_object(service, alternative, seen)),
                Some(TypeKind::Enum(_)) | None => false,
            }
        }
        TypeRef::String
        | TypeRef::Integer
        | TypeRef::Number
        | TypeRef::Boolean
        | TypeRef::Timestamp
        | TypeRef::Scalar(_)
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
    if endpoint.deprecated {
        op.insert("deprecated".into(), json!(true));
    }
    if let Some(d) = &endpoint.description {
        op.insert("description".into(), json!(d));
    }
    op.insert(
        "parameters".into(),
        Value::Array(parameters(service, family, endpoint)),
    );
    if let Some(request) = &endpoint.request {
        op.insert(
            "requestBody".into(),
            request_body(service, endpoint, request),
        );
    }
    op.insert(
        "responses".into(),
        super::responses::responses(service, family, endpoint, authenticated),
    );
    super::examples::attach(&mut op, service, endpoint, authenticated);
    // Stated on every operation: basic on the authenticated form; elsewhere any of the
    // spec's credentials, or none where anonymous callers may call.
    if authenticated {
        op.insert("security".into(), json!([{ BASIC_SCHEME: [] }]));
    } else {
        let mut options: Vec<Value> = Vec::new();
        if endpoint.anonymous.allows_method(endpoint.method.as_str())
            && !service.conventions.credentials.is_empty()
        {
            options.push(json!({}));
        }
        let read = |index: &usize| {
            endpoint
                .credentials
                .as_ref()
                .is_none_or(|r| r.contains(index))
        };
        let places = service.conventions.credentials.iter().enumerate();
        for (_, credential) in places.filter(|(index, _)| read(index)) {
            // Keys carried together are one requirement of all their schemes.
            let requirement: serde_json::Map<String, Value> = credential
                .keys()
                .iter()
                .map(|part| {
                    let name = super::scheme_name(part, &service.conventions.credentials);
                    (name, json!([]))
                })
                .collect();
            options.push(Value::Object(requirement));
            // Tokens the issuer did not issue: the plain bearer scheme, as an alternative.
            if let Some(name) = super::plain_twin(credential, &service.conventions) {
                options.push(json!({ name: [] }));
            }
        }
        op.insert("security".into(), Value::Array(options));
    }
    op.insert("x-quota-group".into(), json!(endpoint.quota_group));
    if let Some(capability) = &endpoint.capability {
        op.insert("x-capability".into(), json!(capability));
    }
    Value::Object(op)
}

/// A request body in the media types the service reads. A form's record fields that are
/// records or maps are written in bracket notation (`metadata[plan]=pro`), which OpenAPI
/// calls `style: deepObject`; lists as repeated keys (`expand=a&expand=b`, which the
/// service reads as it reads `expand[]=a&expand[]=b`).
fn request_body(service: &Service, endpoint: &Endpoint, request: &TypeRef) -> Value {
    let (optional, nullable) = (endpoint.request_optional, endpoint.request_nullable);
    let body = json!({ "schema": schema(request, service.conventions.timestamp_format) });
    let form = crate::model::FORM_MEDIA;
    // The media types the endpoint reads (a JSON object is sorted: the order says nothing);
    // JSON whatever its type too, where the service reads it so (`*/*`).
    let mut media = endpoint
        .request_bodies(&service.conventions)
        .media_types()
        .to_vec();
    if service.conventions.request_content_type == crate::model::RequestContentType::Any
        && media.contains(&crate::model::JSON_MEDIA)
    {
        media.push("*/*");
    }
    let content: Map<String, Value> = media
        .iter()
        .map(|m| {
            let mut body = body.clone();
            // JSON may say `null`; a form cannot.
            if nullable && *m != form {
                body["schema"] = super::schemas::or_null(body["schema"].take());
            }
            let encoding = form_encoding(service, request);
            if *m == form
                && !encoding.is_empty()
                && let Value::Object(b) = &mut body
            {
                b.insert("encoding".into(), Value::Object(encoding));
            }
            ((*m).to_owned(), body)
        })
        .collect();
    let mut out = Map::new();
    if media.contains(&form) {
        out.insert(
            "description".into(),
            json!(
                "As a form, nested fields are written in bracket notation \
                 (`metadata[plan]=pro`, `items[0][price]=5`) and lists as repeated keys, \
                 with or without brackets (`expand[]=a&expand[]=b`)."
            ),
        );
    }
    out.insert(
        "required".into(),
        json!(!optional && body_required(service, request)),
    );
    out.insert("content".into(), Value::Object(content));
    Value::Object(out)
}

/// The `encoding` of a form body of type `request`: each field of the record that holds a
/// record or a map as `deepObject`, each list as repeated keys (`form`, exploded).
fn form_encoding(service: &Service, request: &TypeRef) -> Map<String, Value> {
    let mut out = Map::new();
    let TypeRef::Named(name) = request else {
        return out;
    };
    let Some(TypeKind::Record(fields)) = service
        .types
        .iter()
        .find(|t| t.name == *name)
        .map(|t| &t.kind)
    else {
        return out;
    };
    for field in fields {
        let encoding = match &field.ty {
            TypeRef::Map(_) => json!({ "style": "deepObject", "explode": true }),
            TypeRef::Named(inner)
                if service
                    .types
                    .iter()
                    .any(|t| t.name == *inner && matches!(t.kind, TypeKind::Record(_))) =>
            {
                json!({ "style": "deepObject", "explode": true })
            }
            TypeRef::List(_) => json!({ "style": "form", "explode": true }),
            _ => continue,
        };
        out.insert(field.json_name.clone(), encoding);
    }
    out
}

fn parameters(service: &Service, family: &Family, endpoint: &Endpoint) -> Vec<Value> {
    let mut out = Vec::new();
    for name in endpoint.path.params() {
        let declared = family.param_of(endpoint, name);
        let description =
            declared.map_or_else(|| format!("The {name}."), |p| p.description.clone());
        let mut schema = match family.param_type_of(endpoint, name) {
            crate::model::ParamType::String => json!({ "type": "string" }),
            crate::model::ParamType::Integer => json!({ "type": "integer" }),
            crate::model::ParamType::Number => json!({ "type": "number" }),
            crate::model::ParamType::Boolean => json!({ "type": "boolean" }),
            crate::model::ParamType::Scalar(scalar) => {
                json!({ "type": scalar.json_type(), "format": scalar.format() })
            }
            crate::model::ParamType::Enum(ty) => {
                json!({ "$ref": format!("#/components/schemas/{ty}") })
            }
        };
        // What the parameter says besides its type (lowering keeps lengths and a pattern
        // to text, bounds to numbers).
        if let Some(param) = declared {
            for (key, value) in [
                ("minLength", param.min_length.map(|n| json!(n))),
                ("maxLength", param.max_length.map(|n| json!(n))),
                ("pattern", param.pattern.as_ref().map(|p| json!(p))),
                ("minimum", param.minimum.map(super::schemas::number)),
                ("maximum", param.maximum.map(super::schemas::number)),
                (
                    "enum",
                    (!param.values.is_empty()).then(|| json!(param.values)),
                ),
                ("default", param.default.clone()),
                ("format", param.format.as_ref().map(|f| json!(f))),
            ] {
                if let Some(value) = value {
                    schema[key] = value;
                }
            }
        }
        out.push(json!({
            "name": name,
            "in": "path",
            "required": true,
            "description": description,
            "schema": schema,
        }));
    }
    // A value that selects; an option that selects by being there is listed as one.
    if let Some(s) = &endpoint.selected_by
        && let Some(value) = &s.value
    {
        let place = match s.place {
            crate::model::SelectorPlace::Header => "header",
            crate::model::SelectorPlace::Query => "query",
        };
        out.push(json!({
            "name": s.name,
            "in": place,
            "required": true,
            "description": "Selects this operation among those of its method and path.",
            "schema": { "type": "string", "enum": [value] },
        }));
    }
    let query = endpoint.query.iter().map(|o| (o, "query"));
    let headers =
        (endpoint.headers.iter()).map(|h| (h, if h.cookie { "cookie" } else { "header" }));
    for (option, place) in query.chain(headers) {
        out.push(super::options::parameter(service, option, place));
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
    if c.trace.as_ref().is_some_and(|t| t.parameter.is_some()) {
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
    if let Some(trace) = c.trace.as_ref().and_then(|t| t.parameter.as_ref()) {
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

/// The spec's idempotency keys, when `endpoint` takes one (a `POST` or `PATCH`).
pub(super) fn idempotent<'s>(
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
