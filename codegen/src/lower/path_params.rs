//! Lowering path parameters, as a family or an endpoint declares them: their type, and
//! for text a pattern and lengths, for numbers bounds (what does not fit names nothing,
//! 404); a default and a
//! format stated in OpenAPI only (a path always carries its parameters), checked as a
//! field's of the same type.

use super::context::Context;
use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::model::{Param, ParamType};
use crate::read::decode::{ScalarText, Spanned};
use crate::read::raw;

/// Path parameters as a family or an endpoint declares them.
pub(super) fn lower_params(
    raw: Option<&crate::read::decode::Named<raw::ParamDecl>>,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Vec<Param> {
    raw.into_iter()
        .flatten()
        .map(|(key, param)| {
            let ty = lower_param_type(param.r#type.as_ref(), cx, diags);
            let as_field = ty.as_field_type();
            Param {
                name: key.name.clone(),
                description: param.description.clone(),
                pattern: lower_param_pattern(param, diags),
                min_length: lower_param_length(
                    param.min_length.as_ref(),
                    "min_length",
                    param,
                    diags,
                ),
                max_length: lower_param_length(
                    param.max_length.as_ref(),
                    "max_length",
                    param,
                    diags,
                ),
                minimum: lower_param_bound(param, "minimum", &ty, diags),
                maximum: lower_param_bound(param, "maximum", &ty, diags),
                // As a field's of its type: numbers (whole ones for whole types), none twice.
                values: super::listed_values::listed_values(
                    param.values.as_ref(),
                    &as_field,
                    diags,
                )
                .unwrap_or_default(),
                default: (param.default.as_ref())
                    .and_then(|given| super::defaults::default(given, &as_field, cx, diags)),
                format: (param.format.as_ref())
                    .and_then(|format| super::field_rules::format(format, &as_field, diags)),
                ty,
                location: key.location.clone(),
            }
        })
        .collect()
}

/// An endpoint's own path parameters: each one of its path's, declared again where it
/// differs from its family's (another type, pattern or lengths here).
///
/// ```yaml
/// get_thing: { path: /things/{thing-id}, params: { part-id: { description: A part., type: integer } } }
/// ```
pub(super) fn lower_endpoint_params(
    raw: &raw::Endpoint,
    path: &crate::model::PathTemplate,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Vec<Param> {
    let mut params = lower_params(raw.params.as_ref(), cx, diags);
    params.retain(|param| {
        let in_path = path.params().any(|p| p == param.name);
        if !in_path {
            diags.push(
                Diagnostic::new(
                    param.location.clone(),
                    format!(
                        "`{}` is not a parameter of the path `{}`",
                        param.name, path.raw
                    ),
                )
                .hint(
                    "an endpoint declares only its own path's parameters again; the family's \
                     `params` declare them for all its endpoints",
                ),
            );
        }
        in_path
    });
    params
}

/// A path parameter's `type`: `string`, `integer`, `number`, `boolean`, a width or format,
/// or a string enumeration of the spec's.
pub(super) fn lower_param_type(
    raw: Option<&Spanned<String>>,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> crate::model::ParamType {
    let Some(raw) = raw else {
        return ParamType::String;
    };
    match raw.value.as_str() {
        "string" => ParamType::String,
        "integer" => ParamType::Integer,
        "number" => ParamType::Number,
        "boolean" => ParamType::Boolean,
        name if cx.enum_names.iter().any(|e| e == name) => ParamType::Enum(name.to_owned()),
        // Base64 text holds `/`, which a path segment cannot.
        scalar
            if crate::model::Scalar::from_spelled(scalar)
                .is_some_and(|s| s != crate::model::Scalar::Base64) =>
        {
            crate::model::Scalar::from_spelled(scalar).map_or(ParamType::String, ParamType::Scalar)
        }
        other => {
            let scalars = crate::model::Scalar::ALL
                .into_iter()
                .filter(|s| *s != crate::model::Scalar::Base64)
                .map(crate::model::Scalar::spelled);
            let known: Vec<String> = ["string", "integer", "number", "boolean"]
                .into_iter()
                .chain(scalars)
                .map(str::to_owned)
                .chain(cx.enum_names.iter().cloned())
                .collect();
            diags.push(
                Diagnostic::new(
                    raw.location.clone(),
                    format!("`{other}` is not a path parameter type"),
                )
                .hint(suggest(other, known.iter().map(String::as_str))),
            );
            ParamType::String
        }
    }
}

/// A path parameter's `pattern`: a regular expression, on a text parameter.
///
/// ```yaml
/// params:
///   slug: { description: A slug., pattern: "[a-z" }   # not a regular expression
/// ```
pub(super) fn lower_param_pattern(
    param: &raw::ParamDecl,
    diags: &mut Diagnostics,
) -> Option<String> {
    let pattern = param.pattern.as_ref()?;
    if param.r#type.as_ref().is_some_and(|t| t.value != "string") {
        diags.push(
            Diagnostic::new(
                pattern.location.clone(),
                "only a text parameter has a `pattern`",
            )
            .hint("remove `pattern`, or the parameter's `type`"),
        );
        return None;
    }
    // Searched for, as a field's: `^...$` anchors it.
    super::field_rules::checked_pattern(pattern, diags)
}

/// A text path parameter's `min_length` or `max_length`; the most below the fewest leaves
/// no value.
///
/// ```yaml
/// params:
///   name: { description: A name., type: integer, max_length: 3 }   # lengths are for text
/// ```
pub(super) fn lower_param_length(
    given: Option<&Spanned<u64>>,
    key: &str,
    param: &raw::ParamDecl,
    diags: &mut Diagnostics,
) -> Option<u64> {
    let given = given?;
    if param.r#type.as_ref().is_some_and(|t| t.value != "string") {
        diags.push(
            Diagnostic::new(
                given.location.clone(),
                format!("only a text parameter has a `{key}`"),
            )
            .hint(format!("remove `{key}`, or the parameter's `type`")),
        );
        return None;
    }
    if key == "max_length"
        && let Some(min) = &param.min_length
        && given.value < min.value
    {
        diags.push(
            Diagnostic::new(
                given.location.clone(),
                format!(
                    "`max_length` {} is below `min_length` {}",
                    given.value, min.value
                ),
            )
            .hint("no value could fit: swap them, or correct one"),
        );
        return None;
    }
    Some(given.value)
}

/// A number path parameter's `minimum` or `maximum` (inclusive): a value outside names
/// nothing (404). A bound on another type, one that is no number, or a maximum below the
/// minimum is refused.
///
/// ```yaml
/// params:
///   article_id: { description: An article., type: integer, minimum: 1 }
///   slug: { description: A slug., minimum: 1 }   # text has no bounds
/// ```
pub(super) fn lower_param_bound(
    param: &raw::ParamDecl,
    key: &str,
    ty: &ParamType,
    diags: &mut Diagnostics,
) -> Option<f64> {
    let read = |given: &Spanned<ScalarText>| {
        given
            .value
            .0
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite())
    };
    let given = match key {
        "minimum" => param.minimum.as_ref(),
        _ => param.maximum.as_ref(),
    }?;
    let number = matches!(ty, ParamType::Integer | ParamType::Number)
        || matches!(ty, ParamType::Scalar(s) if s.is_number());
    if !number {
        diags.push(
            Diagnostic::new(
                given.location.clone(),
                format!("only a number parameter has a `{key}`"),
            )
            .hint(format!(
                "remove `{key}`, or give the parameter a number type (`type: integer`)"
            )),
        );
        return None;
    }
    let least = param.minimum.as_ref().and_then(read);
    match read(given) {
        Some(most) if key == "maximum" && least.is_some_and(|least| most < least) => {
            diags.push(
                Diagnostic::new(
                    given.location.clone(),
                    format!(
                        "`maximum` {most} is below `minimum` {}",
                        least.unwrap_or(most)
                    ),
                )
                .hint("no value could fit: swap them, or correct one"),
            );
            None
        }
        Some(bound) => Some(bound),
        None => {
            diags.push(
                Diagnostic::new(
                    given.location.clone(),
                    format!("`{key}` `{}` is not a number", given.value.0),
                )
                .hint(format!("write a number, such as `{key}: 1`")),
            );
            None
        }
    }
}
