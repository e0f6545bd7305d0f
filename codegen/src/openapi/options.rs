//! A query option's, header parameter's or response header's OpenAPI form: its schema
//! (type, rules, bounds, default), and as a parameter its place, style and explode, or
//! its media type for JSON text.

use serde_json::{Map, Value, json};

use crate::model::{OptionType, QueryOption, Service};

/// The parameter `option` is in `place` (`query`, `header`).
pub(super) fn parameter(service: &Service, option: &QueryOption, place: &str) -> Value {
    let schema = option_value_schema(service, option);
    let mut param = Map::new();
    param.insert("name".into(), json!(option.wire));
    if option.rules.deprecated {
        param.insert("deprecated".into(), json!(true));
    }
    param.insert("in".into(), json!(place));
    if option.required {
        param.insert("required".into(), json!(true));
    }
    if let Some(d) = &option.description {
        param.insert("description".into(), json!(d));
    }
    // JSON text: its schema under its media type, as OpenAPI says such a value.
    match option.ty {
        OptionType::Json(_) => {
            param.insert(
                "content".into(),
                json!({ "application/json": { "schema": schema } }),
            );
        }
        _ => {
            param.insert("schema".into(), schema);
        }
    }
    if option.ty.list_item().is_some() && place == "query" {
        // Repeated (`o=A&o=B`), or comma-separated (`labels=a,b`); a header's list is
        // comma-separated (`style: simple`, OpenAPI's only one for headers).
        param.insert("explode".into(), json!(!option.comma_separated));
    }
    // A cookie's list is comma-separated: `form` without `explode` (OpenAPI's default
    // style for a cookie, whose `explode` would repeat the cookie).
    if option.ty.list_item().is_some() && place == "cookie" {
        param.insert("explode".into(), json!(false));
    }
    // A map: `name[key]=value`, or each member a key of its own (OpenAPI's default).
    // A record or list (nested): `name[0][key]=value`, deepObject's brackets nested, as
    // form-reading servers (Rails, PHP, qs) read them.
    if matches!(option.ty, OptionType::Map(_) | OptionType::Nested(_)) && option.deep_object {
        param.insert("style".into(), json!("deepObject"));
        param.insert("explode".into(), json!(true));
    }
    Value::Object(param)
}

/// The schema of an option's values (a query option, a header parameter or a response
/// header): its type, rules, bounds and default.
pub(super) fn option_value_schema(service: &Service, option: &QueryOption) -> Value {
    let mut schema = option_schema(&option.ty, service.conventions.timestamp_format);
    if let Value::Object(s) = &mut schema {
        super::schemas::rules(&option.rules, s);
        // A parameter is deprecated as a whole, beside its schema.
        s.remove("deprecated");
        for (key, bound) in [("minimum", option.minimum), ("maximum", option.maximum)] {
            if let Some(bound) = bound {
                s.insert(key.into(), json!(bound));
            }
        }
        if let Some(default) = &option.default {
            let value = match option.ty {
                OptionType::Integer => default.parse::<i64>().map_or(json!(default), |n| json!(n)),
                OptionType::Boolean => json!(default == "true"),
                OptionType::Scalar(scalar) if scalar.is_number() => {
                    serde_json::from_str::<Value>(default)
                        .ok()
                        .filter(Value::is_number)
                        .unwrap_or_else(|| json!(default))
                }
                OptionType::Number => default.parse::<f64>().map_or(json!(default), |n| json!(n)),
                _ => json!(default),
            };
            s.insert("default".into(), value);
        }
    }
    schema
}

/// The schema of a query option's or header parameter's type.
fn option_schema(ty: &OptionType, timestamps: crate::model::TimestampFormat) -> Value {
    match ty {
        OptionType::String => json!({ "type": "string" }),
        OptionType::Integer => json!({ "type": "integer" }),
        OptionType::Number => json!({ "type": "number" }),
        OptionType::Scalar(scalar) => {
            json!({ "type": scalar.json_type(), "format": scalar.format() })
        }
        OptionType::Timestamp => {
            super::schemas::schema(&crate::model::TypeRef::Timestamp, timestamps)
        }
        OptionType::Enum(name) => json!({ "$ref": format!("#/components/schemas/{name}") }),
        OptionType::Boolean => json!({ "type": "boolean" }),
        OptionType::List(item) => {
            json!({ "type": "array", "items": option_schema(item, timestamps) })
        }
        OptionType::Map(item) => {
            json!({ "type": "object", "additionalProperties": option_schema(item, timestamps) })
        }
        OptionType::Json(ty) | OptionType::Nested(ty) => super::schemas::schema(ty, timestamps),
    }
}
