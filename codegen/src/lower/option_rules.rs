//! What an option (a query option, a header parameter, a response header) must be beyond
//! its type: `required`, `default`, `minimum`, `maximum`, each checked against the type;
//! and the rules it shares with fields (lengths, a pattern, counts, a format).

use super::context::Context;
use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{FieldRules, TypeRef};
use crate::read::decode::Spanned;
use crate::read::raw;

/// What an option must be beyond its type: `required`, `default`, `minimum`, `maximum`.
pub(super) struct OptionRules {
    pub(super) required: bool,
    pub(super) default: Option<String>,
    pub(super) minimum: Option<i64>,
    pub(super) maximum: Option<i64>,
}

/// An option's rules: `required` for text, numbers, enumerations and lists, a default only
/// for the first three (both
/// together: the service requires it, the typed client sends the default), a default that
/// is a value of the type, bounds only on numbers, in order, with the default inside them.
///
/// ```yaml
/// per_page: { type: integer, default: many, minimum: 100, maximum: 1 }
/// ```
pub(super) fn lower(
    raw: &raw::QueryOption,
    ty: &crate::model::OptionType,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> OptionRules {
    use crate::model::OptionType;
    let mut problem = |location: &crate::diag::Location, message: String, hint: &str| {
        diags.push(Diagnostic::new(location.clone(), message).hint(hint.to_owned()));
    };
    let required = raw.required.unwrap_or(false);
    let mut default = raw
        .default
        .as_ref()
        .map(|d| (d.value.0.clone(), d.location.clone()));
    let scalar = matches!(
        ty,
        OptionType::String
            | OptionType::Integer
            | OptionType::Number
            | OptionType::Enum(_)
            | OptionType::Scalar(_)
            | OptionType::Timestamp
    );
    // A switch may default to on (or say off, as absent is).
    let flag = *ty == OptionType::Boolean;
    if let Some((text, at)) = &default {
        if flag && !matches!(text.as_str(), "true" | "false") {
            problem(
                at,
                format!("`{text}` is not a default of a `boolean` option"),
                "write `default: true` or `default: false`",
            );
            default = None;
        } else if !scalar && !flag {
            problem(
                at,
                format!("a `{}` option has no default", ty.name()),
                "defaults are for text, numbers, switches and enumerations; leave it out",
            );
            default = None;
        }
    }
    // A list is required to hold one value at least (YouTube's `part`); a required switch
    // must be given, on or off (AWS's `ShouldDecrementDesiredCapacity`); a map is empty
    // when no key is sent, never missing.
    let requirable = scalar
        || flag
        || matches!(
            ty,
            OptionType::List(_) | OptionType::Json(_) | OptionType::Nested(_)
        );
    let required = required && requirable;
    if raw.required == Some(true) && !requirable {
        problem(
            &raw.location,
            format!("a `{}` option cannot be required", ty.name()),
            "only text, numbers, switches, enumerations and lists can be required",
        );
    }
    let mut number = |given: &Option<Spanned<crate::read::decode::ScalarText>>| {
        let given = given.as_ref()?;
        let whole = match ty {
            OptionType::Integer => true,
            OptionType::Scalar(scalar) => {
                scalar.is_integer() && *scalar != crate::model::Scalar::Uint64
            }
            _ => false,
        };
        if !whole {
            problem(
                &given.location,
                "only a whole-number option (`integer`, `int32`, `int64`, `uint32`) has bounds"
                    .to_owned(),
                "remove `minimum` and `maximum`",
            );
            return None;
        }
        match given.value.0.parse::<i64>() {
            Ok(n) => Some(n),
            Err(_) => {
                problem(
                    &given.location,
                    format!("`{}` is not a whole number", given.value.0),
                    "write a bound such as `1` or `100`",
                );
                None
            }
        }
    };
    let (minimum, maximum) = (number(&raw.minimum), number(&raw.maximum));
    if let (Some(min), Some(max), Some(at)) = (minimum, maximum, raw.maximum.as_ref())
        && min > max
    {
        problem(
            &at.location,
            format!("the maximum {max} is below the minimum {min}"),
            "swap them",
        );
    }
    if let Some((text, at)) = &default {
        let fits = match ty {
            OptionType::Integer => text.parse::<i64>().is_ok_and(|n| {
                minimum.is_none_or(|min| n >= min) && maximum.is_none_or(|max| n <= max)
            }),
            OptionType::Number => text.parse::<f64>().is_ok_and(f64::is_finite),
            OptionType::Scalar(scalar) if scalar.is_integer() => {
                text.parse::<i128>().is_ok_and(|n| {
                    let fits = match scalar {
                        crate::model::Scalar::Int32 => i32::try_from(n).is_ok(),
                        crate::model::Scalar::Uint32 => u32::try_from(n).is_ok(),
                        crate::model::Scalar::Uint64 => u64::try_from(n).is_ok(),
                        _ => i64::try_from(n).is_ok(),
                    };
                    fits && minimum.is_none_or(|min| n >= i128::from(min))
                        && maximum.is_none_or(|max| n <= i128::from(max))
                })
            }
            OptionType::Scalar(scalar) if scalar.is_number() => {
                text.parse::<f64>().is_ok_and(f64::is_finite)
            }
            // Text of a format is read when the request comes: a default the service
            // could not read would refuse every request that leaves the option out.
            OptionType::Scalar(_) | OptionType::Timestamp => false,
            OptionType::Enum(name) => cx
                .enum_values
                .get(name)
                .is_some_and(|values| values.contains(text)),
            _ => true,
        };
        if !fits {
            // An enumeration's values are few and named: the closest, then all of them.
            let hint = match ty {
                OptionType::Enum(name) => enum_default_hint(
                    text,
                    name,
                    cx.enum_values.get(name).map_or(&[][..], Vec::as_slice),
                ),
                _ => "write a value of its type, within its bounds".to_owned(),
            };
            problem(
                at,
                format!("`{text}` is not a value this option may take"),
                &hint,
            );
            default = None;
        }
    }
    OptionRules {
        required,
        default: default.map(|(text, _)| text),
        minimum,
        maximum,
    }
}

/// The hint for an enumeration option's `default` that is none of its values: the closest
/// value, then every value.
///
/// ```yaml
/// order: { type: Order, default: newset }   # Order's values: newest, oldest
/// ```
fn enum_default_hint(text: &str, name: &str, values: &[String]) -> String {
    let list = values
        .iter()
        .map(|v| format!("`{v}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match crate::diag::did_you_mean(text, values.iter().map(String::as_str)) {
        Some(guess) => format!("{guess} (`{name}`'s values: {list})"),
        None => format!("write one of `{name}`'s values: {list}"),
    }
}

/// The rules of a query option or header parameter besides its bounds and default:
/// lengths and a pattern on text, counts and uniqueness on lists, a format without a
/// type, deprecation.
pub(super) fn lower_option(
    raw: &raw::QueryOption,
    ty: &crate::model::OptionType,
    diags: &mut Diagnostics,
) -> FieldRules {
    use crate::model::OptionType;
    // The option's type as a field's, for what applies to it.
    let as_field = match ty {
        OptionType::String => TypeRef::String,
        OptionType::Integer => TypeRef::Integer,
        OptionType::Number => TypeRef::Number,
        OptionType::Scalar(scalar) => TypeRef::Scalar(*scalar),
        OptionType::Timestamp => TypeRef::Timestamp,
        // Only whether it is a list matters for the rules of lists.
        OptionType::List(_) => TypeRef::List(Box::new(TypeRef::String)),
        OptionType::Boolean | OptionType::Enum(_) | OptionType::Map(_) => TypeRef::Boolean,
        OptionType::Json(ty) | OptionType::Nested(ty) => (**ty).clone(),
    };
    let mut rules = FieldRules::default();
    for (key, given, into, kind) in [
        (
            "min_length",
            &raw.min_length,
            &mut rules.min_length,
            super::applies::Applies::Text,
        ),
        (
            "max_length",
            &raw.max_length,
            &mut rules.max_length,
            super::applies::Applies::Text,
        ),
        (
            "min_items",
            &raw.min_items,
            &mut rules.min_items,
            super::applies::Applies::List,
        ),
        (
            "max_items",
            &raw.max_items,
            &mut rules.max_items,
            super::applies::Applies::List,
        ),
    ] {
        *into = given
            .as_ref()
            .filter(|n| super::applies::applies(key, &n.location, kind, &as_field, diags))
            .map(|n| n.value);
    }
    for (min, max, at, (min_key, max_key)) in [
        (
            rules.min_length,
            rules.max_length,
            &raw.max_length,
            ("min_length", "max_length"),
        ),
        (
            rules.min_items,
            rules.max_items,
            &raw.max_items,
            ("min_items", "max_items"),
        ),
    ] {
        super::field_rules::check_count_order(min, max, at.as_ref(), (min_key, max_key), diags);
    }
    if let Some(unique) = &raw.unique_items {
        rules.unique_items = unique.value
            && super::applies::applies(
                "unique_items",
                &unique.location,
                super::applies::Applies::List,
                &as_field,
                diags,
            );
    }
    if let Some(pattern) = &raw.pattern
        && super::applies::applies(
            "pattern",
            &pattern.location,
            super::applies::Applies::Written,
            &as_field,
            diags,
        )
    {
        rules.pattern = super::field_rules::checked_pattern(pattern, diags);
    }
    rules.format = raw
        .format
        .as_ref()
        .and_then(|f| super::field_rules::format(f, &as_field, diags));
    rules.deprecated = raw.deprecated.unwrap_or(false);
    // An enumeration's values are its own; a list's are each item's, which `values` does
    // not say.
    let listed_as = match ty {
        OptionType::Enum(_) | OptionType::List(_) => TypeRef::String,
        _ => as_field,
    };
    rules.values = super::listed_values::listed_values(raw.values.as_ref(), &listed_as, diags);
    rules
}
