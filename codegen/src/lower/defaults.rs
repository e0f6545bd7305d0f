//! A field's or a path parameter's `default`: a value of its type the generated code can
//! write as a literal, read as the value it spells where a boolean or number is written as
//! text, else located with what to write.

use serde_json::Value;

use super::context::Context;
use crate::diag::{Diagnostic, Diagnostics, Location};
use crate::model::{Scalar, TypeRef};
use crate::read::decode::Spanned;

/// A default of a type the generated code can write as a literal: text, a number, a
/// boolean, an enumeration's value, a list of those, or an empty map. A boolean or number
/// written as text (Xero's `"false"`) is the value it spells, filled in and stated so.
pub(super) fn default(
    raw: &Spanned<crate::read::yaml::Node>,
    ty: &TypeRef,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Option<Value> {
    written_default(raw.value.to_json(), &raw.location, ty, cx, diags)
}

/// [`default`] of a value already read as JSON, written at `at`.
pub(super) fn written_default(
    value: Value,
    at: &Location,
    ty: &TypeRef,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Option<Value> {
    // Read as the value it spells: the service fills that in, and OpenAPI states it, as a
    // validator wants a default of the schema's type.
    let value = spelled_value(ty, &value);
    if !fits(ty, &value, cx) {
        let hint = match ty {
            TypeRef::Named(name) if cx.enum_values.contains_key(name) => format!(
                "write one of `{}`'s values: {}",
                name,
                cx.enum_values[name].join(", ")
            ),
            TypeRef::List(item) => {
                format!("write a list of `{}` values, such as `[]`", item.spelled())
            }
            TypeRef::Map(_) => "a map's default is empty: `{}`".to_owned(),
            TypeRef::String
            | TypeRef::Integer
            | TypeRef::Number
            | TypeRef::Boolean
            | TypeRef::Scalar(_) => {
                format!("write a value of type `{}`", ty.spelled())
            }
            _ => "defaults are for text, numbers, booleans, enumerations and empty lists or maps"
                .to_owned(),
        };
        diags.push(
            Diagnostic::new(
                at.clone(),
                format!(
                    "default `{value}` is not a value of `{}` the service can fill in",
                    ty.spelled()
                ),
            )
            .hint(hint),
        );
        return None;
    }
    Some(value)
}

/// `value` as the value it spells where a boolean or a number is written as text
/// (`"false"`, `"30"`); otherwise itself.
fn spelled_value(ty: &TypeRef, value: &Value) -> Value {
    let number = matches!(ty, TypeRef::Integer | TypeRef::Number)
        || matches!(ty, TypeRef::Scalar(s) if s.is_number());
    match value {
        Value::String(text) if *ty == TypeRef::Boolean => match text.as_str() {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => value.clone(),
        },
        Value::String(text) if number => serde_json::from_str::<serde_json::Number>(text.trim())
            .map_or_else(|_| value.clone(), Value::Number),
        _ => value.clone(),
    }
}

/// Whether `value` is one of `ty` the generated code can write as a literal.
fn fits(ty: &TypeRef, value: &Value, cx: &Context<'_>) -> bool {
    match (ty, value) {
        (TypeRef::String, Value::String(_)) | (TypeRef::Boolean, Value::Bool(_)) => true,
        (TypeRef::Integer, Value::Number(n)) => n.is_i64(),
        (TypeRef::Number, Value::Number(_)) => true,
        (TypeRef::Scalar(scalar), Value::Number(n)) if scalar.is_number() => match scalar {
            Scalar::Int32 => n.as_i64().is_some_and(|n| i32::try_from(n).is_ok()),
            Scalar::Int64 => n.is_i64(),
            Scalar::Uint32 => n.as_u64().is_some_and(|n| u32::try_from(n).is_ok()),
            Scalar::Uint64 => n.is_u64(),
            _ => true,
        },
        (TypeRef::Named(name), Value::String(v)) => cx
            .enum_values
            .get(name)
            .is_some_and(|values| values.contains(v)),
        // A list of values the item type takes (GitHub's `events: [push]`), not of lists.
        (TypeRef::List(item), Value::Array(items)) => {
            items.is_empty()
                || !matches!(**item, TypeRef::List(_) | TypeRef::Map(_))
                    && items.iter().all(|v| fits(item, v, cx))
        }
        (TypeRef::Map(_), Value::Object(members)) => members.is_empty(),
        _ => false,
    }
}
