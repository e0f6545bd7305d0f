//! The spec's types as JSON Schemas (the dialect OpenAPI 3.1 uses): records are objects
//! whose optional fields are not required, enumerations are strings with `enum`, named
//! types are `$ref`s to `components/schemas`.

use serde_json::{Map, Value, json};

use crate::model::{Service, TimestampFormat, TypeKind, TypeRef};

/// `components.schemas`: one schema per named type.
pub(super) fn components(service: &Service) -> Value {
    let mut schemas = Map::new();
    for def in &service.types {
        let mut schema = match &def.kind {
            TypeKind::Record(fields) => {
                let mut properties = Map::new();
                let mut required = Vec::new();
                for field in fields {
                    let mut property = schema(&field.ty, service.conventions.timestamp_format);
                    if field.nullable {
                        property = or_null(property);
                    }
                    if let (Some(d), Value::Object(p)) = (&field.description, &mut property) {
                        // A `$ref` with siblings is allowed in 3.1.
                        p.insert("description".into(), json!(d));
                    }
                    properties.insert(field.json_name.clone(), property);
                    if !field.optional {
                        required.push(json!(field.json_name));
                    }
                }
                let mut object = Map::new();
                object.insert("type".into(), json!("object"));
                object.insert("properties".into(), Value::Object(properties));
                if !required.is_empty() {
                    object.insert("required".into(), Value::Array(required));
                }
                object
            }
            TypeKind::OneOf(alternatives) => {
                let mut object = Map::new();
                let schemas = alternatives
                    .iter()
                    .map(|a| schema(a, service.conventions.timestamp_format))
                    .collect();
                object.insert("oneOf".into(), Value::Array(schemas));
                object
            }
            TypeKind::Enum(values) => {
                let mut object = Map::new();
                object.insert("type".into(), json!("string"));
                object.insert("enum".into(), json!(values));
                object
            }
        };
        if let Some(d) = &def.description {
            schema.insert("description".into(), json!(d));
        }
        schemas.insert(def.name.clone(), Value::Object(schema));
    }
    Value::Object(schemas)
}

/// A schema that also admits `null`: `"type": ["string", "null"]` where the schema names
/// one type, else `anyOf` with `{"type": "null"}` (a `$ref` takes no `type` beside it).
fn or_null(mut schema: Value) -> Value {
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
        TypeRef::Integer => json!({ "type": "integer", "format": "int64" }),
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
