//! Whether a JSON value (an example's body) has the shape of a spec type.

use serde_json::Value;

use super::written_back;
use crate::model::{TimestampFormat, TypeDef, TypeKind, TypeRef};

/// Checks `value` against `ty`. The error names where in the value it went wrong, as a JSON
/// pointer (`/owner/name`), and what was expected there.
///
/// With `written_back`, text of a format must also be what the service writes back after
/// reading it (`2026-01-02` for a date, not a timestamp): an example the service must
/// answer exactly holds only such text.
pub(crate) fn conforms(
    value: &Value,
    ty: &TypeRef,
    types: &[TypeDef],
    timestamps: TimestampFormat,
    written_back: bool,
) -> Result<(), String> {
    let known = Known {
        types,
        timestamps,
        written_back,
    };
    check(value, ty, &known, &mut String::new())
}

/// What a value is checked against besides its type: the spec's types, how its timestamps
/// are written, and whether text of a format must be as the service writes it.
struct Known<'a> {
    types: &'a [TypeDef],
    timestamps: TimestampFormat,
    written_back: bool,
}

fn at(pointer: &str) -> String {
    if pointer.is_empty() {
        "the body".to_owned()
    } else {
        format!("`{pointer}`")
    }
}

fn found(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a mapping",
    }
}

fn check(
    value: &Value,
    ty: &TypeRef,
    types: &Known<'_>,
    pointer: &mut String,
) -> Result<(), String> {
    let unix_seconds = types.timestamps == TimestampFormat::UnixSeconds;
    let expected = match ty {
        TypeRef::Timestamp if unix_seconds && value.is_i64() => return Ok(()),
        TypeRef::Timestamp if unix_seconds => "a timestamp (whole seconds since 1970)",
        TypeRef::Timestamp
            if value.as_str().is_some_and(|text| {
                !types.written_back || written_back::timestamp(types.timestamps, text)
            }) =>
        {
            return Ok(());
        }
        TypeRef::Timestamp if types.written_back && value.is_string() => {
            "a timestamp as the service writes it"
        }
        TypeRef::String if value.is_string() => return Ok(()),
        TypeRef::Integer if value.is_i64() => return Ok(()),
        TypeRef::Number if value.is_number() => return Ok(()),
        TypeRef::Any => return Ok(()),
        TypeRef::Boolean if value.is_boolean() => return Ok(()),
        TypeRef::Scalar(scalar)
            if scalar_fits(*scalar, value)
                && value.as_str().is_none_or(|text| {
                    !types.written_back || written_back::scalar(*scalar, text)
                }) =>
        {
            return Ok(());
        }
        TypeRef::Scalar(scalar) if types.written_back && value.is_string() => {
            scalar_written(*scalar)
        }
        TypeRef::Scalar(scalar) => scalar_expected(*scalar),
        TypeRef::String => "a string",
        TypeRef::Timestamp => "a timestamp (a string)",
        TypeRef::Integer => "a whole number",
        TypeRef::Number => "a number",
        TypeRef::Boolean => "`true` or `false`",
        TypeRef::List(item) => {
            let Value::Array(items) = value else {
                return Err(format!(
                    "{} should be a list, not {}",
                    at(pointer),
                    found(value)
                ));
            };
            for (index, item_value) in items.iter().enumerate() {
                nested(pointer, &index.to_string(), |p| {
                    check(item_value, item, types, p)
                })?;
            }
            return Ok(());
        }
        TypeRef::Map(item) => {
            let Value::Object(entries) = value else {
                return Err(format!(
                    "{} should be a mapping, not {}",
                    at(pointer),
                    found(value)
                ));
            };
            for (key, entry) in entries {
                nested(pointer, key, |p| check(entry, item, types, p))?;
            }
            return Ok(());
        }
        TypeRef::Named(name) => {
            let Some(def) = types.types.iter().find(|t| &t.name == name) else {
                // An unknown type is reported where it is used.
                return Ok(());
            };
            return named(value, def, types, pointer);
        }
    };
    Err(format!(
        "{} should be {expected}, not {}",
        at(pointer),
        found(value)
    ))
}

fn named(
    value: &Value,
    def: &TypeDef,
    types: &Known<'_>,
    pointer: &mut String,
) -> Result<(), String> {
    if let Some(d) = &def.discriminator {
        let tag = value.get(&d.field).and_then(Value::as_str);
        let target = tag.and_then(|tag| d.mapping.iter().find(|(v, _)| v == tag));
        match (tag, target) {
            (Some(_), Some((_, target))) if *target != def.name => {
                let Some(derived) = types.types.iter().find(|t| &t.name == target) else {
                    return Ok(());
                };
                return named(value, derived, types, pointer);
            }
            (Some(tag), None) => {
                return Err(format!(
                    "{} has `{}: {tag}`, a value that names no type of `{}` (its values: {})",
                    at(pointer),
                    d.field,
                    def.name,
                    d.mapping
                        .iter()
                        .map(|(v, _)| v.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            (None, _) if matches!(def.kind, TypeKind::Union(_)) => {
                return Err(format!(
                    "{} lacks `{}`, which names the type of a `{}`",
                    at(pointer),
                    d.field,
                    def.name
                ));
            }
            _ => {}
        }
    }
    match &def.kind {
        TypeKind::Union(union) => {
            if union
                .alternatives
                .iter()
                .any(|a| check(value, a, types, &mut pointer.clone()).is_ok())
            {
                Ok(())
            } else {
                Err(format!(
                    "{} should be one of the alternatives of `{}`, not {}",
                    at(pointer),
                    def.name,
                    found(value)
                ))
            }
        }
        TypeKind::Enum(values) => match value {
            Value::String(s) if values.iter().any(|v| &v.value == s) => Ok(()),
            _ => Err(format!(
                "{} should be one of the values of `{}` ({}), not {value}",
                at(pointer),
                def.name,
                values
                    .iter()
                    .map(|v| v.value.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        },
        TypeKind::Record(fields) => {
            let Value::Object(entries) = value else {
                return Err(format!(
                    "{} should be a `{}` (a mapping), not {}",
                    at(pointer),
                    def.name,
                    found(value)
                ));
            };
            for field in fields {
                match entries.get(&field.json_name) {
                    Some(Value::Null) if field.nullable => {}
                    // Items that may be `null`: the others are checked as the list's.
                    Some(Value::Array(items)) if field.nullable_items => {
                        let kept: Vec<Value> =
                            items.iter().filter(|i| !i.is_null()).cloned().collect();
                        let list = Value::Array(kept);
                        nested(pointer, &field.json_name, |p| {
                            check(&list, &field.ty, types, p)
                        })?
                    }
                    // Values that may be `null`: likewise for a map.
                    Some(Value::Object(members)) if field.nullable_items => {
                        let kept: serde_json::Map<String, Value> = members
                            .iter()
                            .filter(|(_, v)| !v.is_null())
                            .map(|(k, v)| (k.clone(), v.clone()))
                            .collect();
                        let map = Value::Object(kept);
                        nested(pointer, &field.json_name, |p| {
                            check(&map, &field.ty, types, p)
                        })?
                    }
                    Some(v) => {
                        nested(pointer, &field.json_name, |p| check(v, &field.ty, types, p))?
                    }
                    None if field.optional => {}
                    None => {
                        return Err(format!(
                            "{} lacks `{}`, which `{}` requires",
                            at(pointer),
                            field.json_name,
                            def.name
                        ));
                    }
                }
            }
            let others = entries
                .iter()
                .filter(|(k, _)| !fields.iter().any(|f| &f.json_name == *k));
            if let Some(values) = &def.additional_fields {
                for (key, value) in others {
                    nested(pointer, key, |p| check(value, values, types, p))?;
                }
                return Ok(());
            }
            if let Some((unknown, _)) = others.clone().next() {
                return Err(format!(
                    "{} has `{unknown}`, which `{}` does not have (its fields: {})",
                    at(pointer),
                    def.name,
                    fields
                        .iter()
                        .map(|f| f.json_name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            Ok(())
        }
    }
}

/// Runs `inner` with `key` appended to the pointer, then takes it off again.
fn nested(
    pointer: &mut String,
    key: &str,
    inner: impl FnOnce(&mut String) -> Result<(), String>,
) -> Result<(), String> {
    let len = pointer.len();
    pointer.push('/');
    pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
    let result = inner(pointer);
    pointer.truncate(len);
    result
}

/// Whether `value` is one of `scalar`'s: a number in its range, or text (formats are the
/// runtime's to read; an example that breaks one fails its own test).
fn scalar_fits(scalar: crate::model::Scalar, value: &Value) -> bool {
    use crate::model::Scalar;
    match scalar {
        Scalar::Int32 => value.as_i64().is_some_and(|n| i32::try_from(n).is_ok()),
        Scalar::Int64 => value.is_i64(),
        Scalar::Uint32 => value.as_u64().is_some_and(|n| u32::try_from(n).is_ok()),
        Scalar::Uint64 => value.is_u64(),
        Scalar::Float | Scalar::Double => value.is_number(),
        Scalar::Date | Scalar::Uuid | Scalar::Uri | Scalar::Email | Scalar::Base64 => {
            value.is_string()
        }
    }
}

/// What text of `scalar` the service writes, for the message of an example's that it
/// would not write back the same.
fn scalar_written(scalar: crate::model::Scalar) -> &'static str {
    use crate::model::Scalar;
    match scalar {
        Scalar::Date => "a date (`2026-01-31`)",
        Scalar::Uuid => "a UUID in lower case (`67e55044-10b1-426f-9247-bb680e5fe0c8`)",
        Scalar::Uri => "an absolute URI",
        Scalar::Email => "an e-mail address",
        Scalar::Base64 => "padded base64 text",
        other => scalar_expected(other),
    }
}

/// What a value of `scalar` is, for the message of one that is not.
fn scalar_expected(scalar: crate::model::Scalar) -> &'static str {
    use crate::model::Scalar;
    match scalar {
        Scalar::Int32 => "a whole number of 32 bits",
        Scalar::Int64 => "a whole number of 64 bits",
        Scalar::Uint32 => "a whole number from 0 to 4294967295",
        Scalar::Uint64 => "a whole number from 0",
        Scalar::Float | Scalar::Double => "a number",
        Scalar::Date => "a date (a string)",
        Scalar::Uuid => "a UUID (a string)",
        Scalar::Uri => "a URI (a string)",
        Scalar::Email => "an e-mail address (a string)",
        Scalar::Base64 => "base64 text (a string)",
    }
}
