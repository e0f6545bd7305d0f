//! The status table (every error status a service answers, by name, with the conditions
//! it is raised for) and the shape errors are written in (`error_body`).

use super::identifiers::{Case, check_name, key_spanned};
use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::model::error_body::Shape;
use crate::model::{ERROR_BODY_PLACEHOLDERS, ErrorFormat, Status};
use crate::names::RESERVED_STATUS_NAMES;
use crate::read::raw;

/// Conditions the runtime detects on its own and answers with a status from the table.
/// Kept in step with `restspec_runtime::Condition` by a test.
pub const RUNTIME_CONDITIONS: &[&str] = &[
    "malformed_request",
    "wrong_content_type",
    "malformed_json",
    "invalid_input",
    "not_authenticated",
    "authentication_required",
    "invalid_xsrf_token",
    "capability_missing",
    "anonymous_self",
    "run_as_refused",
    "not_found",
    "method_not_allowed",
    "precondition_failed",
    "quota_exhausted",
    "internal_error",
    "idempotency_key_reused",
    "idempotency_key_in_use",
];

/// The HTTP code a status named `name` usually has, by the reason phrases of RFC 9110 and
/// the names APIs commonly give them (`gone` is 410, `unprocessable_entity` 422): what a
/// hint suggests for a status an endpoint names but the table lacks.
pub(super) fn usual_code(name: &str) -> Option<u16> {
    Some(match name {
        "bad_request" | "invalid_request" | "invalid" => 400,
        "unauthorized" | "unauthenticated" => 401,
        "payment_required" => 402,
        "forbidden" | "permission_denied" => 403,
        "not_found" | "missing" => 404,
        "method_not_allowed" => 405,
        "not_acceptable" => 406,
        "request_timeout" => 408,
        "conflict" | "already_exists" => 409,
        "gone" => 410,
        "length_required" => 411,
        "precondition_failed" => 412,
        "payload_too_large" | "content_too_large" => 413,
        "uri_too_long" => 414,
        "unsupported_media_type" => 415,
        "range_not_satisfiable" => 416,
        "expectation_failed" => 417,
        "misdirected_request" => 421,
        "unprocessable_entity"
        | "unprocessable_content"
        | "unprocessable"
        | "validation_failed" => 422,
        "locked" => 423,
        "failed_dependency" => 424,
        "too_early" => 425,
        "upgrade_required" => 426,
        "precondition_required" => 428,
        "too_many_requests" | "rate_limited" => 429,
        "request_header_fields_too_large" => 431,
        "unavailable_for_legal_reasons" => 451,
        "internal_server_error" => 500,
        "not_implemented" => 501,
        "bad_gateway" => 502,
        "service_unavailable" | "unavailable" => 503,
        "gateway_timeout" => 504,
        _ => return None,
    })
}

pub(super) fn lower_status(
    key: &crate::read::yaml::Key,
    status: &raw::Status,
    type_names: &std::collections::BTreeMap<String, crate::diag::Location>,
    diags: &mut Diagnostics,
) -> Status {
    check_name(&key_spanned(key), "status name", Case::Snake, diags);
    if RESERVED_STATUS_NAMES.contains(&key.name.as_str()) {
        diags.push(
            Diagnostic::new(
                key.location.clone(),
                format!(
                    "status name `{}` is taken by the generated `Error` type",
                    key.name
                ),
            )
            .hint(format!(
                "choose another name (`{}` are reserved; a 500 is always `Error::Internal`)",
                RESERVED_STATUS_NAMES.join("`, `")
            )),
        );
    }
    if !is_row_code(status.code.value.0) {
        diags.push(
            Diagnostic::new(
                status.code.location.clone(),
                format!(
                    "status `{}` has code {}, which is not an error code",
                    key.name, status.code.value.0
                ),
            )
            .hint(
                "the status table lists error statuses (a code from 400 to 599) and \
                 redirects a handler answers as it does errors, with a body (300 to 399, \
                 not 304); a 2xx or 3xx answer of one endpoint goes under its \
                 `other_successes`",
            ),
        );
    }
    let mut raised_for = Vec::new();
    for condition in status.raised_for.iter().flatten() {
        if RUNTIME_CONDITIONS.contains(&condition.value.as_str()) {
            raised_for.push(condition.value.clone());
        } else {
            diags.push(
                Diagnostic::new(
                    condition.location.clone(),
                    format!("unknown runtime condition `{}`", condition.value),
                )
                .hint(suggest(
                    &condition.value,
                    RUNTIME_CONDITIONS.iter().copied(),
                )),
            );
        }
    }
    let mut messages = Vec::new();
    for (condition, wording) in status.messages.iter().flatten() {
        if !raised_for.contains(&condition.name) {
            let hint = if RUNTIME_CONDITIONS.contains(&condition.name.as_str()) {
                format!("add `{}` to this status's `raised_for`", condition.name)
            } else {
                suggest(&condition.name, raised_for.iter().map(String::as_str))
            };
            diags.push(
                Diagnostic::new(
                    condition.location.clone(),
                    format!(
                        "`{}` words a condition this status is not raised for",
                        condition.name
                    ),
                )
                .hint(hint),
            );
            continue;
        }
        messages.push((condition.name.clone(), wording.value.clone()));
    }
    if let Some(template) = &status.message_for
        && !template.value.contains("{name}")
    {
        diags.push(
            Diagnostic::new(
                template.location.clone(),
                format!("`message_for` of `{}` does not say `{{name}}`", key.name),
            )
            .hint(format!(
                "write where the name goes, for example `\"{}: {{name}}\"`",
                status.message
            )),
        );
    }
    Status {
        name: key.name.clone(),
        code: status.code.value.0,
        message: status.message.clone(),
        message_for: status.message_for.as_ref().map(|m| m.value.clone()),
        when: status.when.clone(),
        raised_for,
        messages,
        body: (status.body.as_ref()).and_then(|b| {
            super::type_refs::parse_named_among(b.value.trim(), b, type_names, diags)
        }),
        body_nullable: body_nullable(status, diags),
        values: status
            .values
            .iter()
            .flatten()
            .map(|(name, value)| (name.name.clone(), value.value.clone()))
            .collect(),
        // Filled in by `lower_row_formats`, once the conventions' body is known.
        error_format: None,
        error_body: None,
        body_is_error_body: false,
        own_body_is_record: false,
        // Filled in once the types are known (`parameters::lower_row_headers`).
        headers: Vec::new(),
        location: key.location.clone(),
    }
}

/// `error_body` goes with `error_format: json` (and only with it), is a mapping, and its
/// strings name only known placeholders.
///
/// ```yaml
/// error_format: json
/// error_body: { message: "{mesage}" }   # unknown placeholder
/// ```
pub(super) fn lower_error_body(
    raw: &raw::Conventions,
    format: ErrorFormat,
    statuses: &[(crate::read::yaml::Key, raw::Status)],
    diags: &mut Diagnostics,
) -> Option<Shape> {
    let format_at = raw.error_format.as_ref().map(|f| f.location.clone());
    let Some(node) = &raw.error_body else {
        if format == ErrorFormat::Json(())
            && let Some(at) = format_at
        {
            diags.push(
                Diagnostic::new(
                    at,
                    "`error_format: json` needs the body's shape in `error_body`",
                )
                .hint("add `error_body: { message: \"{message}\" }` (or the shape your API sends)"),
            );
        }
        return None;
    };
    if format != ErrorFormat::Json(()) {
        diags.push(
            Diagnostic::new(
                node.anchor().clone(),
                "`error_body` is read only with `error_format: json`",
            )
            .hint("add `error_format: json`, or remove `error_body`"),
        );
        return None;
    }
    // The body's own placeholders are those some row gives a value; a row with a body of
    // its own fills that one.
    let given: Vec<&str> = statuses
        .iter()
        .flat_map(|(_, s)| s.values.iter().flatten())
        .map(|(name, _)| name.name.as_str())
        .collect();
    let (body, own) = body_shape(node, Whose::Errors, &given, diags)?;
    // A row's value for a placeholder the body does not hold says nothing.
    let rows = statuses.iter().filter(|(_, s)| s.error_body.is_none());
    check_values(
        rows.flat_map(|(_, s)| s.values.iter().flatten()),
        &own,
        diags,
    );
    Some(body)
}

/// Whose `error_body` is read: the service's or an endpoint's, or a status row's (`typed`:
/// the row names the record its answers are of, `body`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Whose {
    Errors,
    Row { typed: bool },
}

/// A JSON error body as written (an `error_body`): a mapping, a list, or a text
/// alone (Zuora's 400s are a JSON string: `"{message}"`), whose strings name only the
/// error's values and the placeholders in `given` (the rows' `values`) and say somewhere
/// what the error is (its message, reason, name or status: an API whose error record has no
/// text for the message, as `{ errorType }`, still tells errors apart); with the own
/// placeholders it holds. The own body of a row whose answers are of a record
/// ([`Whose::Row`] `typed`) may say nothing but constants (HSBC's `{ status: "429", title:
/// Too many requests }`, each field of its `body` an enumeration of one value): the row
/// says which error it is.
pub(super) fn body_shape(
    node: &crate::read::yaml::Node,
    whose: Whose,
    given: &[&str],
    diags: &mut Diagnostics,
) -> Option<(Shape, Vec<String>)> {
    let body = node.to_shape();
    if !matches!(
        body,
        Shape::Object(_) | Shape::Array(_) | Shape::Scalar(serde_json::Value::String(_))
    ) {
        diags.push(
            Diagnostic::new(
                node.anchor().clone(),
                "`error_body` is not a mapping, a list or a text",
            )
            .hint("write the body's fields, such as `{ message: \"{message}\" }`"),
        );
        return None;
    }
    let mut unknown = Vec::new();
    let mut own = Vec::new();
    let mut says_what = false;
    crate::model::error_body::placeholders(&body, &mut |name| {
        says_what |= ["message", "reason", "name", "status"].contains(&name);
        if given.contains(&name) && !ERROR_BODY_PLACEHOLDERS.contains(&name) {
            own.push(name.to_owned());
        } else if !ERROR_BODY_PLACEHOLDERS.contains(&name) {
            unknown.push(name.to_owned());
        }
    });
    for name in &unknown {
        diags.push(
            Diagnostic::new(
                node.anchor().clone(),
                format!("`{{{name}}}` is not a value of an error"),
            )
            .hint(format!(
                "{} (an error body may hold `{{{}}}`, or a placeholder of its own that status \
                 rows fill in with `values: {{ {name}: ... }}`)",
                suggest(name, ERROR_BODY_PLACEHOLDERS.iter().copied()),
                ERROR_BODY_PLACEHOLDERS.join("}`, `{")
            )),
        );
    }
    if unknown.is_empty() && !says_what && whose != (Whose::Row { typed: true }) {
        let constant = match whose {
            Whose::Row { .. } => {
                "; a row whose answers are all one document says the record it is of in `body`"
            }
            _ => "",
        };
        diags.push(
            Diagnostic::new(
                node.anchor().clone(),
                "`error_body` never says what the error is",
            )
            .hint(format!(
                "put `\"{{message}}\"` in one of its fields, such as `message: \"{{message}}\"` \
                 (or `{{reason}}`, `{{name}}`, `{{status}}` where the API's errors have no \
                 text){constant}"
            )),
        );
    }
    unknown.is_empty().then_some((body, own))
}

/// Each row value names a placeholder of the body it fills (`own`), never one every error
/// has.
fn check_values<'a>(
    values: impl Iterator<Item = &'a (crate::read::yaml::Key, crate::read::decode::Spanned<String>)>,
    own: &[String],
    diags: &mut Diagnostics,
) {
    for (key, _) in values {
        if ERROR_BODY_PLACEHOLDERS.contains(&key.name.as_str()) {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!(
                        "`{}` is a value every error has; a row cannot set it",
                        key.name
                    ),
                )
                .hint("use a placeholder of the body's own, such as `{type}`"),
            );
        } else if !own.contains(&key.name) {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!("`error_body` holds no `{{{}}}` for this value", key.name),
                )
                .hint(format!(
                    "write `\"{{{}}}\"` where the value goes in `error_body`, or remove it",
                    key.name
                )),
            );
        }
    }
}

/// Each row's own `error_format` and `error_body`: a known format, `json` with a body (its
/// own, else the conventions'), a body only with `json`; `conventions_body` is the lowered
/// conventions' `error_body`.
///
/// ```yaml
/// statuses:
///   not_found:
///     code: 404
///     error_format: empty          # no body
///   conflict:
///     code: 409
///     body: Conflict
///     error_body: { reason: "{message}", kind: conflict }   # a `Conflict` record
/// ```
pub(super) fn lower_row_formats(
    raw: &[(crate::read::yaml::Key, raw::Status)],
    conventions_body: Option<&Shape>,
    statuses: &mut [Status],
    diags: &mut Diagnostics,
) {
    for ((key, row), status) in raw.iter().zip(statuses.iter_mut()) {
        let format = match &row.error_format {
            None if row.error_body.is_some() => ErrorFormat::Json(()),
            None => continue,
            Some(named) => match super::error_format::error_format_named(named, diags) {
                Some(format) => format,
                None => continue,
            },
        };
        let body = match (&row.error_body, format) {
            (Some(node), ErrorFormat::Json(())) => {
                let given: Vec<&str> = row
                    .values
                    .iter()
                    .flatten()
                    .map(|(name, _)| name.name.as_str())
                    .collect();
                let Some((body, own)) = body_shape(
                    node,
                    Whose::Row {
                        typed: row.body.is_some(),
                    },
                    &given,
                    diags,
                ) else {
                    continue;
                };
                check_values(row.values.iter().flatten(), &own, diags);
                Some(body)
            }
            (None, ErrorFormat::Json(())) => match conventions_body {
                Some(body) => Some(body.clone()),
                None => {
                    diags.push(
                        Diagnostic::new(
                            key.location.clone(),
                            format!("status `{}` is `error_format: json` but no body is given", key.name),
                        )
                        .hint("add the row's `error_body: { message: \"{message}\" }`, or the conventions'"),
                    );
                    continue;
                }
            },
            (Some(node), _) => {
                diags.push(
                    Diagnostic::new(
                        node.anchor().clone(),
                        "a row's `error_body` is read only with `error_format: json`",
                    )
                    .hint("remove the row's `error_format` (its `error_body` means `json`), or the body"),
                );
                continue;
            }
            (None, _) => None,
        };
        status.error_format = Some(format);
        status.error_body = body;
    }
}

/// `body_nullable: true`, beside a `body` that is not `any` (which is `null` already).
///
/// ```yaml
/// not_found: { code: 404, ..., body_nullable: true }   # no body to be `null`
/// ```
fn body_nullable(status: &raw::Status, diags: &mut Diagnostics) -> bool {
    let Some(given) = status.body_nullable.as_ref().filter(|n| n.value) else {
        return false;
    };
    let problem = match status.body.as_ref().map(|b| b.value.trim()) {
        None => "`body_nullable` without a `body`: there is no body to be `null`",
        Some("any") => "`body: any` is `null` already",
        Some(_) => return true,
    };
    diags.push(
        Diagnostic::new(given.location.clone(), problem)
            .hint("give the row a `body` of a type, or remove `body_nullable`"),
    );
    false
}

/// Whether a status table row may have `code`: an error (4xx, 5xx), or a redirect with a
/// body that a handler answers as it does errors (GitHub's `301` of a renamed repository,
/// its `message` saying so). `304` sends the client back to its own copy: it carries no
/// body, so it is no row.
fn is_row_code(code: u16) -> bool {
    (400..=599).contains(&code) || ((300..=399).contains(&code) && code != 304)
}
