//! Lowering what a field says besides its type: constraints (lengths, a pattern, bounds,
//! a step, counts), a default, a format the spec has no type for, and read-only,
//! write-only and deprecated. Each key is checked against the field's type, with the
//! words to write instead.

use serde_json::Value;

use super::applies::{Applies, applies};
use super::context::Context;
use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Bound, FieldRules, Scalar, TypeRef};
use crate::read::decode::{ScalarText, Spanned};
use crate::read::raw;

/// The rules of `field` (of type `ty`), each misplaced or ill-formed key reported.
pub(super) fn lower(
    field: &raw::Field,
    ty: &TypeRef,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> FieldRules {
    let mut rules = FieldRules::default();
    let count = |key: &str, raw: &Option<Spanned<u64>>, kind: Applies, diags: &mut Diagnostics| {
        raw.as_ref()
            .filter(|n| applies(key, &n.location, kind, ty, diags))
            .map(|n| n.value)
    };
    rules.min_length = count("min_length", &field.min_length, Applies::Text, diags);
    rules.max_length = count("max_length", &field.max_length, Applies::Text, diags);
    rules.min_items = count("min_items", &field.min_items, Applies::List, diags);
    rules.max_items = count("max_items", &field.max_items, Applies::List, diags);
    rules.min_properties = count("min_properties", &field.min_properties, Applies::Map, diags);
    rules.max_properties = count("max_properties", &field.max_properties, Applies::Map, diags);
    if let Some(unique) = &field.unique_items {
        rules.unique_items =
            unique.value && applies("unique_items", &unique.location, Applies::List, ty, diags);
    }
    // A timestamp's, date's or UUID's pattern is checked against the text it is written as.
    if let Some(pattern) = &field.pattern
        && applies("pattern", &pattern.location, Applies::Written, ty, diags)
    {
        rules.pattern = checked_pattern(pattern, diags);
    }
    let number =
        |key: &str, raw: &Option<Spanned<ScalarText>>, diags: &mut Diagnostics| -> Option<f64> {
            let raw = raw.as_ref()?;
            if !applies(key, &raw.location, Applies::Number, ty, diags) {
                return None;
            }
            let parsed = raw
                .value
                .0
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|n| n.is_finite());
            if parsed.is_none() {
                diags.push(
                    Diagnostic::new(
                        raw.location.clone(),
                        format!("`{key}` `{}` is not a number", raw.value.0),
                    )
                    .hint(format!("write a number, such as `{key}: 1`")),
                );
            }
            parsed
        };
    let minimum = number("minimum", &field.minimum, diags);
    let exclusive_minimum = number("exclusive_minimum", &field.exclusive_minimum, diags);
    let maximum = number("maximum", &field.maximum, diags);
    let exclusive_maximum = number("exclusive_maximum", &field.exclusive_maximum, diags);
    rules.multiple_of = number("multiple_of", &field.multiple_of, diags);
    rules.minimum = bound(minimum, exclusive_minimum, "minimum", field, diags);
    rules.maximum = bound(maximum, exclusive_maximum, "maximum", field, diags);
    check_order(field, &rules, diags);
    if let Some(step) = rules.multiple_of.filter(|s| *s <= 0.0)
        && let Some(at) = &field.multiple_of
    {
        diags.push(
            Diagnostic::new(
                at.location.clone(),
                format!("`multiple_of` {step} is not above 0"),
            )
            .hint("write a positive step, such as `multiple_of: 5`"),
        );
        rules.multiple_of = None;
    }
    rules.values = super::listed_values::listed_values(field.values.as_ref(), ty, diags);
    // `null` fills nothing: a field that may be `null` may say it (a validator wants a
    // default to be one of the field's values).
    let may_be_null = field.nullable.unwrap_or(false) || cx.is_nullable(ty);
    rules.default = field
        .default
        .as_ref()
        .and_then(|d| match d.value.0.to_json() {
            Value::Null if may_be_null => Some(Value::Null),
            value => super::defaults::written_default(value, &d.location, ty, cx, diags),
        });
    if let Some(required) = field.required.as_ref().filter(|r| r.value) {
        if field.optional.unwrap_or(false) {
            diags.push(
                Diagnostic::new(
                    required.location.clone(),
                    "a field cannot be both `required` and `optional`",
                )
                .hint("keep one: `optional: true` lets requests leave it out"),
            );
        } else {
            rules.default_stated = rules.default.is_some();
        }
    }
    rules.format = field.format.as_ref().and_then(|f| format(f, ty, diags));
    rules.read_only = field.read_only.as_ref().is_some_and(|r| r.value);
    rules.write_only = field.write_only.as_ref().is_some_and(|w| w.value);
    if rules.read_only
        && rules.write_only
        && let Some(at) = &field.write_only
    {
        diags.push(
            Diagnostic::new(
                at.location.clone(),
                "a field cannot be both read-only and write-only",
            )
            .hint("keep one of `read_only` and `write_only`"),
        );
    }
    rules.deprecated = field.deprecated.unwrap_or(false);
    rules.items = field.items.as_ref().and_then(|items| {
        let (TypeRef::List(item) | TypeRef::Map(item)) = ty else {
            diags.push(
                Diagnostic::new(
                    items.location.clone(),
                    format!("`items` is for lists and maps, not `{}`", ty.spelled()),
                )
                .hint("remove `items`: the field's own keys say what its value must be"),
            );
            return None;
        };
        let spelled = Spanned {
            value: item.spelled(),
            location: field.r#type.location.clone(),
        };
        let rules = lower(&raw::Field::of_items(items, spelled), item, cx, diags);
        Some(Box::new(rules))
    });
    rules
}

/// A pattern the service can check (an ECMA-262 expression the matcher reads once
/// translated), else located.
pub(super) fn checked_pattern(
    pattern: &Spanned<String>,
    diags: &mut Diagnostics,
) -> Option<String> {
    match crate::pattern::for_matcher(&pattern.value) {
        Ok(_) => Some(pattern.value.clone()),
        Err(reason) => {
            diags.push(
                Diagnostic::new(
                    pattern.location.clone(),
                    format!("`{}` is not a regular expression: {reason}", pattern.value),
                )
                .hint("write an ECMA-262 regular expression, as OpenAPI does, such as `^[a-z][a-z0-9-]*$`"),
            );
            None
        }
    }
}

/// `minimum` or `exclusive_minimum` (or the maximums): at most one of the two.
fn bound(
    inclusive: Option<f64>,
    exclusive: Option<f64>,
    key: &str,
    field: &raw::Field,
    diags: &mut Diagnostics,
) -> Option<Bound> {
    match (inclusive, exclusive) {
        (Some(_), Some(_)) => {
            let at = if key == "minimum" {
                &field.exclusive_minimum
            } else {
                &field.exclusive_maximum
            };
            if let Some(at) = at {
                diags.push(
                    Diagnostic::new(
                        at.location.clone(),
                        format!("`{key}` and `exclusive_{key}` are both given"),
                    )
                    .hint(format!(
                        "keep one: `{key}` allows the value itself, `exclusive_{key}` does not"
                    )),
                );
            }
            None
        }
        (Some(value), None) => Some(Bound {
            value,
            exclusive: false,
        }),
        (None, Some(value)) => Some(Bound {
            value,
            exclusive: true,
        }),
        (None, None) => None,
    }
}

/// A fewest count (`min_length`) above its most (`max_length`, written at `at`) names no
/// value at all: reported at the most. Options and fields both say so here.
pub(super) fn check_count_order(
    min: Option<u64>,
    max: Option<u64>,
    at: Option<&crate::read::decode::Spanned<u64>>,
    (min_key, max_key): (&str, &str),
    diags: &mut Diagnostics,
) {
    if let (Some(min), Some(max), Some(at)) = (min, max, at)
        && max < min
    {
        diags.push(
            Diagnostic::new(
                at.location.clone(),
                format!("`{max_key}` {max} is below `{min_key}` {min}"),
            )
            .hint("no value could fit: swap them, or correct one"),
        );
    }
}

/// A lower bound above its upper one names no value at all.
fn check_order(field: &raw::Field, rules: &FieldRules, diags: &mut Diagnostics) {
    let pairs = [
        (
            rules.min_length,
            rules.max_length,
            &field.max_length,
            "max_length",
            "min_length",
        ),
        (
            rules.min_items,
            rules.max_items,
            &field.max_items,
            "max_items",
            "min_items",
        ),
        (
            rules.min_properties,
            rules.max_properties,
            &field.max_properties,
            "max_properties",
            "min_properties",
        ),
    ];
    for (min, max, at, max_key, min_key) in pairs {
        check_count_order(min, max, at.as_ref(), (min_key, max_key), diags);
    }
    if let (Some(min), Some(max)) = (rules.minimum, rules.maximum)
        && (max.value < min.value || (max.value == min.value && (min.exclusive || max.exclusive)))
    {
        let at = field
            .maximum
            .as_ref()
            .or(field.exclusive_maximum.as_ref())
            .map(|m| m.location.clone());
        if let Some(at) = at {
            diags.push(
                Diagnostic::new(
                    at,
                    format!(
                        "the maximum {} leaves no value above the minimum {}",
                        max.value, min.value
                    ),
                )
                .hint("no value could fit: swap them, or correct one"),
            );
        }
    }
}

/// `format`: only for a format the spec has no type for, on text or a number.
pub(super) fn format(
    raw: &Spanned<String>,
    ty: &TypeRef,
    diags: &mut Diagnostics,
) -> Option<String> {
    let json_type = match ty {
        TypeRef::String => "string",
        TypeRef::Integer => "integer",
        TypeRef::Number => "number",
        // Said of a list, a map or a switch too (Twilio's `uri-map`), never checked.
        TypeRef::Boolean => "boolean",
        TypeRef::List(_) => "array",
        TypeRef::Map(_) => "object",
        _ => {
            diags.push(
                Diagnostic::new(
                    raw.location.clone(),
                    format!(
                        "`format` is for `string`, `integer`, `number`, `boolean`, lists and \
                         maps, not `{}`, whose type says it",
                        ty.spelled()
                    ),
                )
                .hint("remove `format`"),
            );
            return None;
        }
    };
    let typed = Scalar::from_format(json_type, &raw.value)
        .map(Scalar::spelled)
        .or((raw.value == "date-time").then_some("timestamp"));
    if let Some(typed) = typed {
        diags.push(
            Diagnostic::new(
                raw.location.clone(),
                format!("format `{}` has a type of its own", raw.value),
            )
            .hint(format!("write `type: {typed}` and remove `format`")),
        );
        return None;
    }
    Some(raw.value.clone())
}
