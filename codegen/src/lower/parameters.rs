//! Lowering what a request's query options and header parameters may be, and the headers
//! its answers carry: option types, names and styles (their rules are in
//! `option_rules.rs`; path parameters are `path_params.rs`').

use super::context::Context;
use super::identifiers::{Case, check_name};
use super::reserved::{refused_cookie, refused_header};
use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::names;
use crate::read::raw;

/// Reads an endpoint's query options: known types, Rust field names that are snake_case,
/// distinct and not taken by the path parameters or the body, and no option named like a
/// parameter the runtime reserves (`pp`, `trace`, `access_token`, ...; on a `paginated`
/// endpoint, the pagination's). A reserved option is reported and still lowered, so that
/// the module emitted beside the error keeps the field the handler reads.
///
/// ```yaml
/// list_customers:
///   paginated: true
///   query:
///     limit: { type: integer }   # the pagination's `limit_parameter`
/// ```
pub(super) fn lower_query(
    raw: &raw::Endpoint,
    paginated: bool,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Vec<crate::model::QueryOption> {
    lower_options(raw.query.as_ref(), Place::Query { paginated }, cx, diags)
}

/// Reads an endpoint's header parameters as query options are read, besides: each is a
/// header name, none is a header the runtime reads itself, and a list is comma-separated
/// (as HTTP joins a repeated header).
///
/// ```yaml
/// update_note:
///   headers:
///     Authorization: { type: string }   # the runtime reads the credentials
///     X Version: { type: integer }      # not a header name
/// ```
///
/// Its cookie parameters (`cookies:`) are read the same way, each a cookie name, into the
/// same struct: a field is one header's or one cookie's.
pub(super) fn lower_headers(
    raw: &raw::Endpoint,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Vec<crate::model::QueryOption> {
    let mut out = Vec::new();
    lower_options_into(raw.headers.as_ref(), Place::Header, cx, &mut out, diags);
    lower_options_into(raw.cookies.as_ref(), Place::Cookie, cx, &mut out, diags);
    out
}

/// Reads the headers an endpoint's success answers carry, as header parameters are read,
/// besides: none is a header HTTP's framing writes (`Content-Type`, `Content-Length`),
/// and none has a default (the handler gives every value).
///
/// ```yaml
/// read_note:
///   response_headers:
///     ETag: { type: string, required: true }
///     Content-Length: { type: integer }        # the runtime writes it
/// ```
pub(super) fn lower_response_headers(
    raw: &raw::Endpoint,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Vec<crate::model::QueryOption> {
    lower_options(raw.response_headers.as_ref(), Place::Response, cx, diags)
}

/// Reads the headers a status row's answers may carry, as an endpoint's response headers
/// are read, besides: none is `required`, for the runtime's own refusals of the row carry
/// none of them.
///
/// ```yaml
/// too_many_requests:
///   headers:
///     Retry-After: { type: integer, required: true }   # the runtime's 429s have none
/// ```
pub(super) fn lower_row_headers(
    raw: &raw::Status,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Vec<crate::model::QueryOption> {
    lower_options(raw.headers.as_ref(), Place::ErrorResponse, cx, diags)
}

/// The headers any error answer may carry (`conventions.error_headers`), read as a row's
/// are.
///
/// ```yaml
/// error_headers:
///   Content-Length: { type: integer }   # the framing's
/// ```
pub(super) fn lower_error_headers(
    raw: &raw::Conventions,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Vec<crate::model::QueryOption> {
    lower_options(raw.error_headers.as_ref(), Place::ErrorResponse, cx, diags)
}

/// Where options are read from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// The query; a paginated endpoint's page parameters are reserved.
    Query { paginated: bool },
    /// The request's headers.
    Header,
    /// The cookies of the request's `Cookie` header.
    Cookie,
    /// The headers of a success answer.
    Response,
    /// The headers of an error answer (a status row's).
    ErrorResponse,
}

/// Reads `options` at `place`: query options, header or cookie parameters, response
/// headers, each typed, bounded and named for Rust, each mistake located at its key.
fn lower_options(
    options: Option<&crate::read::decode::Named<raw::QueryOption>>,
    place: Place,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Vec<crate::model::QueryOption> {
    let mut out = Vec::new();
    lower_options_into(options, place, cx, &mut out, diags);
    out
}

/// [`lower_options`], after the options in `out` (whose fields they do not take).
fn lower_options_into(
    options: Option<&crate::read::decode::Named<raw::QueryOption>>,
    place: Place,
    cx: &Context<'_>,
    out: &mut Vec<crate::model::QueryOption>,
    diags: &mut Diagnostics,
) {
    use crate::model::{OptionType, QueryOption};
    let paginated = matches!(place, Place::Query { paginated: true });
    for (key, option) in options.into_iter().flatten() {
        let name = key.name.as_str();
        let query = matches!(place, Place::Query { .. });
        if place == Place::Cookie {
            if let Some((why, hint)) = refused_cookie(name, cx) {
                diags.push(Diagnostic::new(key.location.clone(), why).hint(hint));
                continue;
            }
        } else if !query && let Some((why, hint)) = refused_header(name, place == Place::Header, cx)
        {
            diags.push(Diagnostic::new(key.location.clone(), why).hint(hint));
            continue;
        }
        let answer = matches!(place, Place::Response | Place::ErrorResponse);
        if place == Place::ErrorResponse && option.required == Some(true) {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!("an error answer's header `{name}` cannot be required"),
                )
                .hint(
                    "remove `required`: the runtime's own refusals answer without it; \
                     handlers give it with `.with_headers(..)`",
                ),
            );
        }
        if answer && let Some(default) = &option.default {
            diags.push(
                Diagnostic::new(
                    default.location.clone(),
                    format!("response header `{name}` has a default"),
                )
                .hint(
                    "remove `default`: the handler gives each value; make it `required: \
                     true` if every answer carries it",
                ),
            );
        } else if query && cx.reserved_parameters.contains(&name) {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!("`{name}` is a parameter the runtime reads itself"),
                )
                .hint(
                    "choose another option name; the conventions in service.yaml reserve this one",
                ),
            );
        } else if paginated && cx.page_parameters.contains(&name) {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!("`{name}` is a pagination parameter of this paginated endpoint"),
                )
                .hint(
                    "remove the option: the runtime reads it and gives the handler the page \
                     asked for; or choose another name",
                ),
            );
        }
        let spelled = option.r#type.value.as_str();
        // `list<T>`: the option repeated, each value a `T` (a list of lists is no option).
        let item = spelled
            .strip_prefix("list<")
            .and_then(|s| s.strip_suffix('>'))
            .map(str::trim)
            .filter(|item| !item.starts_with("list<"));
        let scalar = |text: &str| match text {
            "string" => Some(OptionType::String),
            "integer" => Some(OptionType::Integer),
            "number" => Some(OptionType::Number),
            "boolean" => Some(OptionType::Boolean),
            "timestamp" => Some(OptionType::Timestamp),
            name if cx.enum_names.iter().any(|e| e == name) => {
                Some(OptionType::Enum(name.to_owned()))
            }
            other => crate::model::Scalar::from_spelled(other).map(OptionType::Scalar),
        };
        // `map<T>`: a query option's members by key (`deepObject`, or every other key).
        let map_item = spelled
            .strip_prefix("map<")
            .and_then(|s| s.strip_suffix('>'))
            .map(str::trim)
            .filter(|_| query);
        // `style: json`: the value is JSON text of any type of the spec's (OpenAPI's
        // `content: application/json`, Superset's `q`).
        let json = query && option.style.as_ref().is_some_and(|s| s.value == "json");
        // `style: deep_object` on a type of the spec's that holds members (a record, a list
        // of records; not a map or list of values): its members' keys in brackets, nested
        // (Sinao's `data[0][name]=x`, Visma's `sortings[0].key=x`).
        let nested = query
            && map_item.is_none()
            && option
                .style
                .as_ref()
                .is_some_and(|s| s.value == "deep_object")
            && item.and_then(scalar).is_none()
            && scalar(spelled).is_none();
        let said = diags.count();
        let read = match (item, map_item) {
            // A type that names nothing declared is said, and the option left out of what
            // the handler's skeleton is generated from.
            _ if json || nested => super::type_refs::lower_type_ref(&option.r#type, cx, diags)
                .filter(|_| diags.count() == said)
                .map(|ty| match nested {
                    true => OptionType::Nested(Box::new(ty)),
                    false => OptionType::Json(Box::new(ty)),
                }),
            (Some(i), _) => scalar(i).map(|t| OptionType::List(Box::new(t))),
            (None, Some(i)) => scalar(i).map(|t| OptionType::Map(Box::new(t))),
            (None, None) => scalar(spelled),
        };
        let ty = match read {
            Some(ty) => ty,
            // Said where the type was read.
            None if json || nested => continue,
            None => {
                let other = spelled;
                let known = OptionType::NAMES
                    .iter()
                    .copied()
                    .chain(cx.enum_names.iter().map(String::as_str));
                let hint = if cx.type_names.contains_key(other) {
                    format!(
                        "`{other}` is a record; an option is `string`, `integer`, `number`, \
                         `boolean`, a string enumeration (`values`), or a list of one \
                         (`list<string>`)"
                    )
                } else {
                    suggest(other, known)
                };
                diags.push(
                    Diagnostic::new(
                        option.r#type.location.clone(),
                        format!(
                            "`{other}` is not a {} type",
                            match place {
                                Place::Query { .. } => "query option",
                                Place::Header => "header parameter",
                                Place::Cookie => "cookie parameter",
                                Place::Response | Place::ErrorResponse => "response header",
                            }
                        ),
                    )
                    .hint(hint),
                );
                continue;
            }
        };
        let (field, location) = match &option.field {
            Some(field) => {
                check_name(field, "option field", Case::Snake, diags);
                (field.value.clone(), field.location.clone())
            }
            None => (names::field_ident(&key.name), key.location.clone()),
        };
        if !names::is_snake_case(&field)
            || names::KEYWORDS.contains(&field.as_str())
            || field.ends_with('_')
        {
            if option.field.is_none() {
                diags.push(
                    Diagnostic::new(
                        key.location.clone(),
                        format!("option `{}` needs a Rust name", key.name),
                    )
                    .hint(format!(
                        "add `field: <snake_case name>`, such as `field: {}_option`",
                        names::snake(&key.name)
                    )),
                );
            }
            continue;
        }
        if let Some(other) = out.iter().find(|o| o.field == field) {
            diags.push(
                Diagnostic::new(
                    location,
                    format!(
                        "options `{}` and `{}` both become the field `{field}`",
                        other.wire, key.name
                    ),
                )
                .hint("give one of them another `field:` name"),
            );
            continue;
        }
        let map = matches!(ty, OptionType::Map(_));
        let deep_object = match option.style.as_ref().map(|s| (s, s.value.as_str())) {
            _ if json => false,
            _ if nested => true,
            Some((_, "deep_object")) if map => true,
            Some((style, "deep_object")) => {
                diags.push(
                    Diagnostic::new(
                        style.location.clone(),
                        format!("a `{spelled}` option is no `deep_object`"),
                    )
                    .hint(
                        "remove `style`; a `deep_object` is a map (`map<string>`), a record \
                         or a list of records, written in brackets (`filter[status]=open`)",
                    ),
                );
                false
            }
            Some((style, other)) if map && other != "form" => {
                diags.push(
                    Diagnostic::new(style.location.clone(), format!("unknown map style `{other}`"))
                        .hint("write `deep_object` (`filter[status]=open`), or `form` (every key no other option names, the default)"),
                );
                // Not the map of every other key as well: said once.
                true
            }
            _ => false,
        };
        if map
            && !deep_object
            && let Some(other) = out
                .iter()
                .find(|o| matches!(o.ty, OptionType::Map(_)) && !o.deep_object)
        {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!(
                        "`{}` and `{}` would both hold every key no other option names",
                        other.wire, key.name
                    ),
                )
                .hint("give one of them `style: deep_object`, or keep one"),
            );
            continue;
        }
        let comma_separated = match option.style.as_ref().map(|s| (s, s.value.as_str())) {
            _ if map || json || nested => false,
            // Said above.
            Some((_, "deep_object")) => false,
            // HTTP joins a repeated header's values with commas.
            None if !query => ty.list_item().is_some(),
            None | Some((_, "repeat")) => false,
            Some((_, "comma")) if ty.list_item().is_some() => true,
            Some((style, "comma")) => {
                diags.push(
                    Diagnostic::new(
                        style.location.clone(),
                        "only a list (`list<string>`, `list<integer>`, ...) has a `style`",
                    )
                    .hint("remove `style`, or make the option's type a list"),
                );
                false
            }
            Some((style, other)) => {
                diags.push(
                    Diagnostic::new(
                        style.location.clone(),
                        format!("unknown list style `{other}`"),
                    )
                    .hint(suggest(other, ["repeat", "comma"])),
                );
                false
            }
        };
        let rules = super::option_rules::lower(option, &ty, cx, diags);
        let text_rules = super::option_rules::lower_option(option, &ty, diags);
        out.push(QueryOption {
            rules: text_rules,
            wire: key.name.clone(),
            field,
            comma_separated,
            deep_object,
            required: rules.required,
            default: rules.default,
            minimum: rules.minimum,
            maximum: rules.maximum,
            ty,
            description: option.description.clone(),
            location: key.location.clone(),
            cookie: place == Place::Cookie,
        });
    }
}
