//! An example of an endpoint made from what a document shows of it: the answer it documents
//! for the endpoint's success, the request body it documents if any, and the least values
//! for the rest of the request (its path's ids, its required options and headers, a
//! required body it shows none of). What `restspec import` writes as an endpoint's
//! `examples:` entry, so that a mock answers the document's example and its crate's
//! `cargo test` sends the request and compares the answer.

use serde_json::Value;

use super::value::Values;
use crate::model::{
    Anonymous, Bound, Endpoint, Family, FieldRules, Method, OptionType, ParamType, Segment,
    SelectorPlace, Service, TypeRef,
};

/// What a document shows of one exchange of an endpoint.
#[derive(Debug, Clone, Default)]
pub struct Shown {
    /// The request body the document shows, if any.
    pub request_body: Option<Value>,
    /// The body the document shows the endpoint answering with its success status.
    pub response_body: Option<Value>,
}

/// An example ready to be written into the spec: the request as sent, the answer expected.
#[derive(Debug, Clone, PartialEq)]
pub struct Exchange {
    /// The path with every id filled in, as the spec's examples write it (without the
    /// base path).
    pub path: String,
    /// The query options the request must carry, by name, as text.
    pub query: Vec<(String, String)>,
    /// The headers the request must carry, by name, as text.
    pub headers: Vec<(String, String)>,
    /// The request's JSON body, if it sends one.
    pub body: Option<Value>,
    /// The request needs credentials: it is sent as a user (whose secret the test's start
    /// function registers), where anonymous callers may not call the endpoint.
    pub signed_in: bool,
    /// The status it answers: the endpoint's success.
    pub status: u16,
    /// The answer's body: what the document shows.
    pub response_body: Option<Value>,
}

/// The example of `endpoint` (of `family` in `service`) that `shown` makes, or why there is
/// none: a body that does not have the shape of the endpoint's type (a document's example
/// that its own schema refuses, or one the spec reads differently) is no example, since
/// the crate's test would fail on it.
pub fn exchange(
    service: &Service,
    family: &Family,
    endpoint: &Endpoint,
    shown: &Shown,
) -> Result<Exchange, String> {
    let values = Values::new(service);
    let conforms = |value: &Value, ty: &TypeRef, nullable: bool| {
        if value.is_null() && nullable {
            return Ok(());
        }
        crate::check::conforms(
            value,
            ty,
            &service.types,
            service.conventions.timestamp_format,
            true,
        )
    };
    let response_body = match (&shown.response_body, &endpoint.response) {
        (Some(body), Some(ty)) => {
            let mut body = unquoted(body, ty);
            conforms(&body, ty, endpoint.response_nullable)
                .map_err(|problem| format!("the answer's example does not fit: {problem}"))?;
            // As the service writes it: defaults filled in, write-only fields left out.
            as_written(&mut body, ty, service, 0);
            Some(body)
        }
        (None, _) | (_, None) => None,
    };
    let body = match (&endpoint.request, &shown.request_body) {
        (Some(ty), Some(body)) => {
            let body = unquoted(body, ty);
            conforms(&body, ty, endpoint.request_nullable)
                .map_err(|problem| format!("the request's example does not fit: {problem}"))?;
            Some(body)
        }
        (Some(ty), None) if !endpoint.request_optional => {
            let least = values.of(ty, &FieldRules::default());
            // Not every type has a least value that fits (a tag naming its own record).
            conforms(&least, ty, false).map_err(|problem| {
                format!(
                    "the document shows no request body, and the least one does not fit: {problem}"
                )
            })?;
            Some(least)
        }
        _ => None,
    };
    let path = path(family, endpoint, &values)?;
    let text_of = |option: &crate::model::QueryOption| {
        (
            option.wire.clone(),
            option_text(&option.ty, &option.rules, &values),
        )
    };
    let mut query: Vec<(String, String)> = Vec::new();
    for option in endpoint.query.iter().filter(|o| o.required) {
        match &option.ty {
            OptionType::Nested(ty) => {
                let mut value = values.of(ty, &option.rules);
                // A list given holds one value at least, or it is not given.
                if let (Value::Array(items), TypeRef::List(item)) = (&mut value, &**ty)
                    && items.is_empty()
                {
                    items.push(values.of(item, &FieldRules::default()));
                }
                bracket_pairs(option.wire.clone(), value, &mut query);
            }
            _ => query.push(text_of(option)),
        }
    }
    let required = endpoint.headers.iter().filter(|h| h.required);
    let (cookies, headers): (Vec<_>, Vec<_>) = required.partition(|h| h.cookie);
    let mut headers: Vec<(String, String)> = headers.into_iter().map(text_of).collect();
    // The required cookies in one `Cookie` header.
    let cookies: Vec<String> = (cookies.into_iter().map(text_of))
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    if !cookies.is_empty() {
        headers.push(("Cookie".to_owned(), cookies.join("; ")));
    }
    // What tells the endpoint apart from others of its path (AWS's `X-Amz-Target`).
    // (An option that selects by being there is among the required options already.)
    if let Some(selector) = &endpoint.selected_by
        && let Some(value) = &selector.value
    {
        let pair = (selector.name.clone(), value.clone());
        match selector.place {
            SelectorPlace::Header => headers.insert(0, pair),
            SelectorPlace::Query => query.insert(0, pair),
        }
    }
    let signed_in = match endpoint.anonymous {
        Anonymous::All => false,
        Anonymous::Reads => !matches!(endpoint.method, Method::Get | Method::Head),
        Anonymous::None => true,
    };
    Ok(Exchange {
        path,
        query,
        headers,
        body,
        signed_in: signed_in && !service.conventions.credentials.is_empty(),
        status: endpoint.status,
        response_body,
    })
}

/// A body written as the text of its JSON (`"{ \"id\": 1 }"`, as some documents give
/// examples) read as that JSON, where its type is not text.
fn unquoted(body: &Value, ty: &TypeRef) -> Value {
    match body {
        Value::String(text) if !matches!(ty, TypeRef::String) => {
            serde_json::from_str(text).unwrap_or_else(|_| body.clone())
        }
        _ => body.clone(),
    }
}

/// `value` (of `ty`, which it fits) as the service writes it: the default of each field a
/// record of it leaves out filled in (what the service reads it as), and each write-only
/// field left out.
fn as_written(value: &mut Value, ty: &TypeRef, service: &Service, depth: usize) {
    if depth > 64 {
        return;
    }
    match (ty, value) {
        (TypeRef::List(item), Value::Array(items)) => {
            for value in items {
                as_written(value, item, service, depth + 1);
            }
        }
        (TypeRef::Map(member), Value::Object(members)) => {
            for value in members.values_mut() {
                as_written(value, member, service, depth + 1);
            }
        }
        (TypeRef::Named(name), value @ Value::Object(_)) => {
            let Some(mut def) = service.types.iter().find(|t| &t.name == name) else {
                return;
            };
            // A tag naming another type: the value is of that one.
            if let Some(discriminator) = &def.discriminator {
                let tag = value.get(&discriminator.field).and_then(Value::as_str);
                let target = discriminator
                    .mapping
                    .iter()
                    .find(|(v, _)| Some(v.as_str()) == tag);
                if let Some(derived) =
                    target.and_then(|(_, target)| service.types.iter().find(|t| &t.name == target))
                {
                    def = derived;
                }
            }
            let (crate::model::TypeKind::Record(fields), Value::Object(members)) =
                (&def.kind, value)
            else {
                return;
            };
            for field in fields {
                // Sent by clients only: the service never writes it.
                if field.rules.write_only {
                    members.remove(&field.json_name);
                    continue;
                }
                match members.get_mut(&field.json_name) {
                    Some(member) => as_written(member, &field.ty, service, depth + 1),
                    None => {
                        if let Some(default) = field.rules.filled_default() {
                            members.insert(field.json_name.clone(), default.clone());
                        }
                    }
                }
            }
        }
        _ => {}
    }
}

/// The endpoint's path with each parameter's least value.
fn path(family: &Family, endpoint: &Endpoint, values: &Values<'_>) -> Result<String, String> {
    let mut path = String::new();
    for segment in &endpoint.path.segments {
        path.push('/');
        let (texts, names) = match segment {
            Segment::Literal(literal) => {
                path.push_str(literal);
                continue;
            }
            Segment::Param(name) => (&[][..], std::slice::from_ref(name)),
            Segment::Affixed { texts, names } => (&texts[..], &names[..]),
        };
        let mut written = texts.first().cloned().unwrap_or_default();
        for (i, name) in names.iter().enumerate() {
            let text = match family.param_of(endpoint, name) {
                Some(param) => param_text(param, values),
                None => "1".to_owned(),
            };
            // A value holding the text after it would be read as ending there.
            let next = texts
                .get(i + 1)
                .filter(|t| !t.is_empty() && i + 1 < names.len());
            if text.is_empty()
                || text.contains(['/', '?', '#', '%'])
                || next.is_some_and(|t| text.contains(t.as_str()))
            {
                return Err(format!(
                    "no value of path parameter `{name}` goes into a path as it is"
                ));
            }
            written.push_str(&text);
            written.push_str(texts.get(i + 1).map_or("", String::as_str));
        }
        path.push_str(&written);
    }
    if endpoint.path.segments.is_empty() || endpoint.path.raw.ends_with('/') {
        path.push('/');
    }
    Ok(path)
}

fn param_text(param: &crate::model::Param, values: &Values<'_>) -> String {
    let bound = |value: Option<f64>| {
        value.map(|value| Bound {
            value,
            exclusive: false,
        })
    };
    let rules = FieldRules {
        pattern: param.pattern.clone(),
        min_length: param.min_length.or(Some(1)),
        max_length: param.max_length,
        minimum: bound(param.minimum),
        maximum: bound(param.maximum),
        values: Some(param.values.clone()).filter(|v| !v.is_empty()),
        ..FieldRules::default()
    };
    let ty = match &param.ty {
        ParamType::String => TypeRef::String,
        other => other.as_field_type(),
    };
    text(values.of(&ty, &rules))
}

/// The least text of an option's or header's type.
pub(super) fn option_text(ty: &OptionType, rules: &FieldRules, values: &Values<'_>) -> String {
    let as_type = match ty {
        OptionType::List(item) | OptionType::Map(item) => {
            return option_text(item, rules.items.as_deref().unwrap_or(rules), values);
        }
        OptionType::String => TypeRef::String,
        OptionType::Integer => TypeRef::Integer,
        OptionType::Number => TypeRef::Number,
        OptionType::Boolean => TypeRef::Boolean,
        OptionType::Enum(name) => TypeRef::Named(name.clone()),
        OptionType::Scalar(scalar) => TypeRef::Scalar(*scalar),
        OptionType::Timestamp => TypeRef::Timestamp,
        // JSON text of the least value.
        OptionType::Json(ty) => return values.of(ty, rules).to_string(),
        // Sent as pairs of its own (`bracket_pairs`); its text here is the least value's.
        OptionType::Nested(ty) => return text(values.of(ty, rules)),
    };
    text(values.of(&as_type, rules))
}

/// A value as the pairs of a nested option: `name[key]=text` for each member of a record,
/// `name[0]=text` for each item of a list, nested, and `name=text` for a value of its own.
fn bracket_pairs(name: String, value: Value, out: &mut Vec<(String, String)>) {
    match value {
        Value::Object(members) => {
            for (key, member) in members {
                bracket_pairs(format!("{name}[{key}]"), member, out);
            }
        }
        Value::Array(items) => {
            for (index, item) in items.into_iter().enumerate() {
                bracket_pairs(format!("{name}[{index}]"), item, out);
            }
        }
        Value::Null => {}
        other => out.push((name, text(other))),
    }
}

fn text(value: Value) -> String {
    match value {
        Value::String(text) => text,
        other => other.to_string(),
    }
}
