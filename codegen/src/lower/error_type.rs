//! `error_type`: the record (or union of records) an API documents its error body as. The body itself is still
//! `error_body` (the runtime writes it from a few constant strings); this checks that every
//! body written from it is an instance of the record, so that the OpenAPI document may name
//! the record for every error answer.

use serde_json::Value;

use crate::diag::{Diagnostic, Diagnostics, did_you_mean, suggest};
use crate::model::error_body::Shape;
use crate::model::{Conventions, ErrorFormat, Field, Scalar, TypeDef, TypeKind, TypeRef};
use crate::read::raw;

/// The name `error_type` gives, when it names a record that every body `error_body`
/// writes fits.
///
/// ```yaml
/// error_format: json
/// error_body: { message: "{message}", status: "{status}" }
/// error_type: Error          # Error: { message: string, status: integer, title: string }
///                            # `title` is required but the body never writes it
/// ```
pub(super) fn lower_error_type(
    raw: &raw::Conventions,
    conventions: &Conventions,
    types: &[TypeDef],
    diags: &mut Diagnostics,
) -> Option<String> {
    let named = raw.error_type.as_ref()?;
    let at = &named.location;
    if conventions.error_format != ErrorFormat::Json(()) {
        diags.push(
            Diagnostic::new(
                at.clone(),
                "`error_type` names the record `error_body` writes; it goes with `error_format: json`",
            )
            .hint("add `error_format: json` and `error_body`, or remove `error_type`"),
        );
        return None;
    }
    let records = error_records(&named.value, at, types, diags)?;
    // Without a readable body, `error_body`'s own error is the one to report.
    let Some(Shape::Object(members)) = &conventions.error_body else {
        return None;
    };
    fits_one(members, (&named.value, &records), types, at, diags).then(|| named.value.clone())
}

/// Whether `members` fit one of `records` (the record an error type names, or the records
/// of its union): the record's problems said where it is one; the closest record's, after a
/// line saying so, where none of several fits.
fn fits_one(
    members: &[(String, Shape)],
    (name, records): (&str, &[Record<'_>]),
    types: &[TypeDef],
    at: &crate::diag::Location,
    diags: &mut Diagnostics,
) -> bool {
    if let [record] = records {
        let mut fits = true;
        check_members(members, record, types, at, &mut fits, diags);
        return fits;
    }
    let mut closest: Option<(&str, Diagnostics)> = None;
    for record in records {
        let mut fits = true;
        let mut unsaid = Diagnostics::default();
        check_members(members, record, types, at, &mut fits, &mut unsaid);
        if fits {
            return true;
        }
        if closest
            .as_ref()
            .is_none_or(|(_, c)| unsaid.count() < c.count())
        {
            closest = Some((record.name, unsaid));
        }
    }
    if let Some((record, problems)) = closest {
        diags.push(
            Diagnostic::new(
                at.clone(),
                format!("`error_body` fits none of the records `{name}` is one of"),
            )
            .hint(format!(
                "write it as one of them; the closest, `{record}`, says why it does not fit"
            )),
        );
        for problem in problems.into_sorted() {
            diags.push(problem);
        }
    }
    false
}

/// An endpoint's own `error_type` (at `at`) names a record every body its own `error_body`
/// writes fits, as the service's does.
///
/// ```yaml
/// error_body: { ok: false, error: "{name}" }
/// error_type: SlackError     # SlackError: { ok: boolean, error: string, warning: string }
/// ```
pub(super) fn check_own_error_type(
    named: &str,
    body: &Shape,
    at: &crate::diag::Location,
    types: &[TypeDef],
    diags: &mut Diagnostics,
) {
    let Some(records) = error_records(named, at, types, diags) else {
        return;
    };
    let Shape::Object(members) = body else {
        return;
    };
    fits_one(members, (named, &records), types, at, diags);
}

/// The records an error type names (`at`): [`records_of`]; a located error when it is
/// neither a record nor a union of them, or no type.
fn error_records<'t>(
    name: &'t str,
    at: &crate::diag::Location,
    types: &'t [TypeDef],
    diags: &mut Diagnostics,
) -> Option<Vec<Record<'t>>> {
    if let Some(records) = records_of(name, types) {
        return Some(records);
    }
    let diagnostic = if types.iter().any(|t| t.name == name) {
        Diagnostic::new(
            at.clone(),
            format!("`{name}` is not a record, so it cannot be an error body"),
        )
        .hint("an error body is a record type (`fields`), or a `one_of` or `any_of` of records")
    } else {
        let records = (types.iter())
            .filter(|t| matches!(t.kind, TypeKind::Record(_)))
            .map(|t| t.name.as_str());
        Diagnostic::new(at.clone(), format!("unknown error type `{name}`"))
            .hint(suggest(name, records))
    };
    diags.push(diagnostic);
    None
}

/// The records the type `name` is: the record itself, or each record of a union of them
/// (Increase's errors, `any_of` thirteen records, each for its statuses); `None` for any
/// other type, or none.
fn records_of<'t>(name: &str, types: &'t [TypeDef]) -> Option<Vec<Record<'t>>> {
    let def = types.iter().find(|t| t.name == name)?;
    records_in(def, types).into_iter().collect()
}

/// What `def` is as records: itself, or each alternative of a union, each the record it is
/// or `None`.
fn records_in<'t>(def: &'t TypeDef, types: &'t [TypeDef]) -> Vec<Option<Record<'t>>> {
    match &def.kind {
        TypeKind::Union(union) => (union.alternatives.iter())
            .map(|alternative| match alternative {
                TypeRef::Named(alternative) => types
                    .iter()
                    .find(|t| t.name == *alternative)
                    .and_then(record_of),
                _ => None,
            })
            .collect(),
        _ => vec![record_of(def)],
    }
}

/// The record `def` is, if it is one.
fn record_of(def: &TypeDef) -> Option<Record<'_>> {
    match &def.kind {
        TypeKind::Record(fields) => Some(Record {
            name: &def.name,
            fields,
            additional: def.additional_fields.as_ref(),
        }),
        _ => None,
    }
}

/// Whether every body `body` writes is an instance of `ty`, a record or a list of them
/// (Paylocity's errors are `[{ message }]`): a status row's own `error_body` beside its
/// typed `body`. Not an error when it is not: the row's answers are then of either shape
/// (OpenAPI's `anyOf`).
pub(super) fn writes_type(body: &Shape, ty: &TypeRef, types: &[TypeDef]) -> bool {
    match (ty, body) {
        (TypeRef::Named(record), _) => writes_record(body, record, types),
        (TypeRef::List(item), Shape::Array(items)) => {
            items.iter().all(|body| writes_type(body, item, types))
        }
        _ => false,
    }
}

/// Whether every body `body` writes is an instance of the record `name`, or of one record
/// of the union `name` is.
fn writes_record(body: &Shape, name: &str, types: &[TypeDef]) -> bool {
    let (Some(def), Shape::Object(members)) = (types.iter().find(|t| t.name == name), body) else {
        return false;
    };
    records_in(def, types).iter().flatten().any(|record| {
        let mut fits = true;
        let mut unsaid = Diagnostics::default();
        check_members(
            members,
            record,
            types,
            &def.location,
            &mut fits,
            &mut unsaid,
        );
        fits
    })
}

/// A record `error_body` (or one of its members) is held to.
struct Record<'t> {
    name: &'t str,
    fields: &'t [Field],
    /// The type of members beside its fields (`additional_fields`): `error_body` may write
    /// one of its own there (Slack's `{ ok: false }` template holding the message too).
    additional: Option<&'t TypeRef>,
}

/// Each of `members` is a field of `record` its value fits (an object member the record
/// field's own fields, in turn), and each field `record` requires is there.
fn check_members(
    members: &[(String, Shape)],
    record: &Record<'_>,
    types: &[TypeDef],
    at: &crate::diag::Location,
    fits: &mut bool,
    diags: &mut Diagnostics,
) {
    let Record {
        name,
        fields,
        additional,
    } = record;
    for (key, value) in members {
        let Some(field) = fields.iter().find(|f| f.json_name == *key) else {
            // A member of its own, where the record has members beside its fields.
            if let Some(ty) = additional {
                if let Some(expected) = misfit(value, (ty, false), types) {
                    *fits = false;
                    diags.push(
                        Diagnostic::new(
                            at.clone(),
                            format!(
                                "`error_body`'s `{key}` does not fit `{name}`'s \
                                 `additional_fields` (`{}`)",
                                ty.spelled()
                            ),
                        )
                        .hint(format!(
                            "in `error_body`, `{key}` is {expected}; write it as \
                             `additional_fields` says, or make it a field"
                        )),
                    );
                }
                continue;
            }
            *fits = false;
            diags.push(
                Diagnostic::new(
                    at.clone(),
                    format!("`error_body`'s member `{key}` is not a field of `{name}`"),
                )
                .hint(
                    did_you_mean(key, fields.iter().map(|f| f.json_name.as_str())).unwrap_or_else(
                        || {
                            format!(
                                "add `{key}` to `{name}`'s fields (or give `{name}` \
                                 `additional_fields: any`), or remove it from `error_body`"
                            )
                        },
                    ),
                ),
            );
            continue;
        };
        // A record member, or a list of records (JSON:API's `errors: [{ detail }]`).
        // (An item is `null` only where the field says its items may be.)
        let (value, ty, nullable) = match (value, &field.ty) {
            (Shape::Array(items), TypeRef::List(item)) if items.len() == 1 => {
                (&items[0], &**item, field.nullable_items)
            }
            _ => (value, &field.ty, field.nullable),
        };
        let inner = match (value, ty) {
            (Shape::Object(inner), TypeRef::Named(type_name)) => (types.iter())
                .find(|t| t.name == *type_name)
                .and_then(record_of)
                .map(|nested| (inner, nested)),
            _ => None,
        };
        if let Some((inner, nested)) = inner {
            check_members(inner, &nested, types, at, fits, diags);
        } else if let Some(expected) = misfit(value, (ty, nullable), types) {
            *fits = false;
            diags.push(
                Diagnostic::new(
                    at.clone(),
                    format!(
                        "`error_body`'s `{key}` does not fit `{name}`'s field `{key}` (`{}`)",
                        field.ty.spelled()
                    ),
                )
                .hint(format!(
                    "in `error_body`, `{key}` is {expected}; write it as the field's type \
                     says, or change the field"
                )),
            );
        }
    }
    for field in fields.iter().filter(|f| !f.optional) {
        if !members.iter().any(|(key, _)| *key == field.json_name) {
            *fits = false;
            diags.push(
                Diagnostic::new(
                    at.clone(),
                    format!(
                        "`{name}`'s field `{}` is required, but `error_body` never writes it",
                        field.json_name
                    ),
                )
                .hint(format!(
                    "write it in `error_body` (`{}: \"{{reason}}\"`, say), or make it `optional: true`",
                    field.json_name
                )),
            );
        }
    }
}

/// What the member `value` of `error_body` is, when a field (or a list field's item) of
/// type `ty`, `nullable` or not, cannot hold it.
fn misfit(
    value: &Shape,
    (ty, nullable): (&TypeRef, bool),
    types: &[TypeDef],
) -> Option<&'static str> {
    if *ty == TypeRef::Any {
        return None;
    }
    // A value of an enumeration, written as it is (`code: not found`).
    let of_enumeration = |text: &str| {
        match ty {
        TypeRef::Named(name) => types.iter().any(|t| {
            t.name == *name
                && matches!(&t.kind, TypeKind::Enum(values) if values.iter().any(|v| v.value == text))
        }),
        _ => false,
    }
    };
    let fits = match value {
        Shape::Scalar(Value::String(text)) if of_enumeration(text) => true,
        Shape::Scalar(Value::String(text)) => match text.as_str() {
            // A number when it is the whole value.
            "{status}" => match ty {
                TypeRef::Integer | TypeRef::Number => true,
                TypeRef::Scalar(scalar) => scalar.is_number(),
                _ => false,
            },
            // A string, or `null` when the error has none.
            "{field}" | "{code}" => *ty == TypeRef::String && nullable,
            // A new UUID: text, or a `uuid`.
            "{error_id}" => matches!(ty, TypeRef::String | TypeRef::Scalar(Scalar::Uuid)),
            _ => *ty == TypeRef::String,
        },
        Shape::Scalar(Value::Null) => nullable,
        Shape::Scalar(Value::Bool(_)) => *ty == TypeRef::Boolean,
        Shape::Scalar(Value::Number(n)) => match ty {
            TypeRef::Number => true,
            TypeRef::Integer => n.is_i64(),
            TypeRef::Scalar(scalar) if scalar.is_integer() => n.is_i64() || n.is_u64(),
            TypeRef::Scalar(scalar) => scalar.is_number(),
            _ => false,
        },
        Shape::Scalar(Value::Array(_) | Value::Object(_)) => false,
        Shape::Array(_) => matches!(ty, TypeRef::List(_)),
        // A record's members are checked field by field (`check_members`).
        Shape::Object(_) => matches!(ty, TypeRef::Map(_)),
    };
    (!fits).then(|| match value {
        Shape::Scalar(Value::String(text)) if text == "{status}" => "a number",
        Shape::Scalar(Value::String(text)) if text == "{field}" || text == "{code}" => {
            "a string or `null`, for a field with `nullable: true`"
        }
        Shape::Scalar(Value::String(_)) => "a string",
        Shape::Scalar(Value::Null) => "`null`, for a field with `nullable: true`",
        Shape::Scalar(Value::Bool(_)) => "a boolean",
        Shape::Scalar(Value::Number(_)) => "a number",
        Shape::Array(_) | Shape::Scalar(Value::Array(_)) => "a list",
        _ => "an object",
    })
}
