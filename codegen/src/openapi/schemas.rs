//! The spec's types as JSON Schemas (the dialect OpenAPI 3.1 uses): records are objects
//! whose optional fields are not required, enumerations are strings with `enum`, named
//! types are `$ref`s to `components/schemas`.

use serde_json::{Map, Value, json};

use crate::model::{FieldRules, Service, TimestampFormat, TypeKind, TypeRef};

/// `components.schemas`: one schema per named type. A `closed` record says
/// `additionalProperties: false`; where the spec refuses unknown fields in request bodies
/// (`unknown_fields: reject`), so do the records requests carry (directly or inside another
/// type), and answers may still grow fields.
pub(super) fn components(service: &Service) -> Value {
    let closed = if service.conventions.unknown_fields == crate::model::UnknownFields::Reject {
        request_types(service)
    } else {
        Vec::new()
    };
    let mut schemas = Map::new();
    for def in &service.types {
        let mut schema = match &def.kind {
            TypeKind::Record(fields) => {
                // The fields of included records are stated by them (`allOf`), but for
                // those declared again here (another default, description or rule, a
                // narrower type, never `null`).
                let included = included_fields(service, &def.includes);
                let mut properties = Map::new();
                let mut required = Vec::new();
                for field in fields.iter().filter(|f| {
                    !included.iter().any(|g| {
                        g.json_name == f.json_name
                            && g.ty == f.ty
                            && g.nullable == f.nullable
                            && g.rules == f.rules
                            && g.description == f.description
                    })
                }) {
                    let mut property = schema(&field.ty, service.conventions.timestamp_format);
                    // A list's items, or a map's values, that may be `null`.
                    let inner = match field.ty {
                        TypeRef::Map(_) => "additionalProperties",
                        _ => "items",
                    };
                    if field.nullable_items
                        && let Some(items) = property.get_mut(inner)
                    {
                        *items = or_null(items.take());
                    }
                    if field.nullable {
                        property = or_null(property);
                    }
                    if let Value::Object(p) = &mut property {
                        // A `$ref` with siblings is allowed in 3.1.
                        if let Some(d) = &field.description {
                            p.insert("description".into(), json!(d));
                        }
                        rules(&field.rules, p);
                    }
                    properties.insert(field.json_name.clone(), property);
                    if !field.optional && field.rules.filled_default().is_none() {
                        required.push(json!(field.json_name));
                    }
                }
                let mut object = Map::new();
                object.insert("type".into(), json!("object"));
                object.insert("properties".into(), Value::Object(properties));
                if !required.is_empty() {
                    object.insert("required".into(), Value::Array(required));
                }
                // A family's base takes the fields of its derived records.
                let closed = def.closed
                    || (closed.contains(&def.name.as_str())
                        && def.discriminator.is_none()
                        && def.additional_fields.is_none());
                let others = match &def.additional_fields {
                    Some(values) => Some(schema(values, service.conventions.timestamp_format)),
                    None => closed.then_some(json!(false)),
                };
                if def.includes.is_empty() {
                    if let Some(others) = others {
                        object.insert("additionalProperties".into(), others);
                    }
                    object
                } else {
                    let mut parts: Vec<Value> = def
                        .includes
                        .iter()
                        .map(|name| json!({ "$ref": format!("#/components/schemas/{name}") }))
                        .collect();
                    if object.len() > 1 {
                        parts.push(Value::Object(object));
                    }
                    let mut all = Map::new();
                    all.insert("allOf".into(), Value::Array(parts));
                    if let Some(others) = others {
                        // `additionalProperties` inside a part would hold the other
                        // parts' members to it too.
                        all.insert("unevaluatedProperties".into(), others);
                    }
                    all
                }
            }
            TypeKind::Union(union) => {
                let mut object = Map::new();
                let schemas = union
                    .alternatives
                    .iter()
                    .map(|a| schema(a, service.conventions.timestamp_format))
                    .collect();
                object.insert(union.keyword.openapi().into(), Value::Array(schemas));
                object
            }
            TypeKind::Enum(values) => {
                let mut object = Map::new();
                object.insert("type".into(), json!("string"));
                let values: Vec<&str> = values.iter().map(|v| v.value.as_str()).collect();
                object.insert("enum".into(), json!(values));
                object
            }
        };
        if let Some(d) = &def.discriminator {
            let mapping: Map<String, Value> = d
                .mapping
                .iter()
                .map(|(value, target)| {
                    (
                        value.clone(),
                        json!(format!("#/components/schemas/{target}")),
                    )
                })
                .collect();
            schema.insert(
                "discriminator".into(),
                json!({ "propertyName": d.field, "mapping": mapping }),
            );
        }
        if let Some(d) = &def.description {
            schema.insert("description".into(), json!(d));
        }
        if let Some(format) = &def.format {
            schema.insert("format".into(), json!(format));
        }
        if def.nullable {
            admit_null(&mut schema);
        }
        if def.read_only {
            schema.insert("readOnly".into(), json!(true));
        }
        schemas.insert(def.name.clone(), Value::Object(schema));
    }
    Value::Object(schemas)
}

/// A bound as JSON: whole numbers as integers (`1`, not `1.0`).
pub(super) fn number(n: f64) -> Value {
    if n.fract() == 0.0 && n.abs() < 9e15 {
        json!(n as i64)
    } else {
        json!(n)
    }
}

/// A component every value of which may be `null` (`nullable: true`): `null` among its
/// types, its enumeration's values, or its union's alternatives.
fn admit_null(schema: &mut Map<String, Value>) {
    if let Some(Value::String(ty)) = schema.get("type").cloned() {
        schema.insert("type".into(), json!([ty, "null"]));
    }
    if let Some(Value::Array(values)) = schema.get_mut("enum") {
        values.push(Value::Null);
    }
    for union in ["oneOf", "anyOf"] {
        if let Some(Value::Array(alternatives)) = schema.get_mut(union) {
            alternatives.push(json!({ "type": "null" }));
        }
    }
}

/// The fields the records `includes` names hold.
fn included_fields<'s>(service: &'s Service, includes: &[String]) -> Vec<&'s crate::model::Field> {
    service
        .types
        .iter()
        .filter(|t| includes.contains(&t.name))
        .flat_map(|t| match &t.kind {
            TypeKind::Record(fields) => fields.iter().collect(),
            _ => Vec::new(),
        })
        .collect()
}

/// The named types a request body may hold: each endpoint's `request`, and every type
/// those reach through fields, lists and maps (not through a `one_of`'s alternatives).
fn request_types(service: &Service) -> Vec<&str> {
    let mut found: Vec<&str> = Vec::new();
    let mut pending: Vec<&TypeRef> = service
        .families
        .iter()
        .flat_map(|f| &f.endpoints)
        .filter_map(|e| e.request.as_ref())
        .collect();
    while let Some(ty) = pending.pop() {
        match ty {
            TypeRef::List(inner) | TypeRef::Map(inner) => pending.push(inner),
            TypeRef::Named(name) if !found.contains(&name.as_str()) => {
                found.push(name);
                let def = service.types.iter().find(|t| t.name == *name);
                match def.map(|t| (&t.kind, &t.additional_fields)) {
                    Some((TypeKind::Record(fields), additional)) => {
                        pending.extend(fields.iter().map(|f| &f.ty).chain(additional))
                    }
                    // The runtime matches a `one_of`'s records leniently (serde's untagged
                    // enums): they stay open.
                    Some((TypeKind::Union(_) | TypeKind::Enum(_), _)) | None => {}
                }
            }
            _ => {}
        }
    }
    found
}

/// A schema that also admits `null`: `"type": ["string", "null"]` where the schema names
/// one type, else `anyOf` with `{"type": "null"}` (a `$ref` takes no `type` beside it).
pub(super) fn or_null(mut schema: Value) -> Value {
    if let Some(Value::String(ty)) = schema.get("type").cloned() {
        schema["type"] = json!([ty, "null"]);
        schema
    } else {
        json!({ "anyOf": [schema, { "type": "null" }] })
    }
}

/// The schema of a type reference.
pub(super) fn schema(ty: &TypeRef, timestamps: TimestampFormat) -> Value {
    match ty {
        TypeRef::String => json!({ "type": "string" }),
        TypeRef::Integer => json!({ "type": "integer" }),
        TypeRef::Number => json!({ "type": "number" }),
        TypeRef::Scalar(scalar) => json!({ "type": scalar.json_type(), "format": scalar.format() }),
        TypeRef::Any => json!({}),
        TypeRef::Boolean => json!({ "type": "boolean" }),
        TypeRef::Timestamp => timestamp(timestamps),
        TypeRef::Named(name) => json!({ "$ref": format!("#/components/schemas/{name}") }),
        TypeRef::List(item) => json!({ "type": "array", "items": schema(item, timestamps) }),
        TypeRef::Map(value) => {
            json!({ "type": "object", "additionalProperties": schema(value, timestamps) })
        }
    }
}

/// A timestamp: a string in the service's format, described since only RFC 3339 has a
/// standard `format`.
fn timestamp(format: TimestampFormat) -> Value {
    match format {
        TimestampFormat::Rfc3339 => json!({ "type": "string", "format": "date-time" }),
        TimestampFormat::UnixSeconds => json!({
            "type": "integer",
            "format": "unix-time",
            "description": "A time: whole seconds since 1970-01-01T00:00:00Z.",
        }),
        TimestampFormat::Nanos => json!({
            "type": "string",
            "pattern": r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{9}$",
            "description": "UTC, `yyyy-mm-dd hh:mm:ss.fffffffff` (nine digits of nanoseconds).",
        }),
    }
}

/// What a field says besides its type, as JSON Schema keywords beside it.
pub(super) fn rules(rules: &FieldRules, schema: &mut Map<String, Value>) {
    let has_pattern = schema.contains_key("pattern");
    let mut put = |key: &str, value: Value| {
        schema.insert(key.into(), value);
    };
    if let Some(format) = &rules.format {
        put("format", json!(format));
    }
    for (key, n) in [
        ("minLength", rules.min_length),
        ("maxLength", rules.max_length),
        ("minItems", rules.min_items),
        ("maxItems", rules.max_items),
        ("minProperties", rules.min_properties),
        ("maxProperties", rules.max_properties),
    ] {
        if let Some(n) = n {
            put(key, json!(n));
        }
    }
    if let Some(pattern) = &rules.pattern {
        // A timestamp's own pattern (the nanosecond format's) stays; the field's joins it.
        if has_pattern {
            put("allOf", json!([{ "pattern": pattern }]));
        } else {
            put("pattern", json!(pattern));
        }
    }
    for (bound, inclusive, exclusive) in [
        (rules.minimum, "minimum", "exclusiveMinimum"),
        (rules.maximum, "maximum", "exclusiveMaximum"),
    ] {
        if let Some(bound) = bound {
            let key = if bound.exclusive {
                exclusive
            } else {
                inclusive
            };
            put(key, number(bound.value));
        }
    }
    if let Some(step) = rules.multiple_of {
        put("multipleOf", number(step));
    }
    if let Some(values) = &rules.values {
        put("enum", json!(values));
    }
    if rules.unique_items {
        put("uniqueItems", json!(true));
    }
    if let Some(default) = &rules.default {
        put("default", default.clone());
    }
    for (on, key) in [
        (rules.read_only, "readOnly"),
        (rules.write_only, "writeOnly"),
        (rules.deprecated, "deprecated"),
    ] {
        if on {
            put(key, json!(true));
        }
    }
    let inner = match schema.contains_key("additionalProperties") {
        true => "additionalProperties",
        false => "items",
    };
    if let (Some(items), Some(Value::Object(schema))) = (&rules.items, schema.get_mut(inner)) {
        self::rules(items, schema);
    }
}
