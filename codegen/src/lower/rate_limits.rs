//! Lowering the conventions that are response and request headers: `rate_limit_headers`
//! (header names that are header names, a known reset format, quota categories a header
//! can carry, named by endpoints and families only when a header carries them), `cors`
//! (header names), `json_content_type` (a JSON media type), `request_id_prefix` and
//! `echo_headers`.

use super::access::header_name;
use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::model::{Conventions, Cors, EarlyRefusals, EchoHeader, RateLimitHeaders};
use crate::spec::decode::Spanned;
use crate::spec::raw;

/// ```yaml
/// rate_limit_headers:
///   limit: "RateLimit Limit"      # not a header name
///   reset_format: epoch           # write `seconds` or `unix_seconds`
/// ```
pub(super) fn lower_rate_limit_headers(
    raw: &raw::RateLimitHeaders,
    diags: &mut Diagnostics,
) -> RateLimitHeaders {
    let mut header =
        |given: &Option<Spanned<String>>| header_name(given.as_ref()?, "RateLimit-Limit", diags);
    let (limit, remaining, reset, used, resource) = (
        header(&raw.limit),
        header(&raw.remaining),
        header(&raw.reset),
        header(&raw.used),
        header(&raw.resource),
    );
    let default_resource = raw.default_resource.as_ref().and_then(|given| {
        if resource.is_none() && raw.resource.is_none() {
            diags.push(
                Diagnostic::new(
                    given.location.clone(),
                    "`default_resource` names a category no header carries",
                )
                .hint("add `resource: X-RateLimit-Resource` beside it, or remove it"),
            );
            return None;
        }
        category(given, diags)
    });
    let early_refusals = match raw.early_refusals.as_ref() {
        None => EarlyRefusals::None,
        Some(given) => match given.value.as_str() {
            "none" => EarlyRefusals::None,
            "shown" => EarlyRefusals::Shown,
            "charged" => EarlyRefusals::Charged,
            other => {
                diags.push(
                    Diagnostic::new(
                        given.location.clone(),
                        format!("unknown `early_refusals` `{other}`"),
                    )
                    .hint(suggest(other, EarlyRefusals::NAMES)),
                );
                EarlyRefusals::None
            }
        },
    };
    let reset_unix = match raw.reset_format.as_ref().map(|f| (f, f.value.as_str())) {
        None | Some((_, "seconds")) => false,
        Some((_, "unix_seconds")) => true,
        Some((format, other)) => {
            diags.push(
                Diagnostic::new(
                    format.location.clone(),
                    format!("unknown `reset_format` `{other}`"),
                )
                .hint(suggest(other, ["seconds", "unix_seconds"])),
            );
            false
        }
    };
    let ietf_policy = raw.ietf_policy.as_ref().and_then(|p| {
        let name = &p.value;
        // A structured-field string: printable ASCII without `"` or `\`.
        let fits = !name.is_empty()
            && name
                .bytes()
                .all(|b| (b' '..=b'~').contains(&b) && b != b'"' && b != b'\\');
        if !fits {
            diags.push(
                Diagnostic::new(
                    p.location.clone(),
                    format!("`{name}` is not a policy name a header can carry"),
                )
                .hint("write a word such as `burst` or `default`"),
            );
        }
        fits.then(|| name.clone())
    });
    RateLimitHeaders {
        limit,
        remaining,
        reset,
        reset_unix,
        ietf_policy,
        used,
        resource,
        default_resource,
        early_refusals,
    }
}

/// A quota category (`core`, `search`, `code_scanning_upload`): a header value of
/// letters, digits, `_`, `-` and `.`.
fn category(given: &Spanned<String>, diags: &mut Diagnostics) -> Option<String> {
    let name = &given.value;
    let fits = (1..=64).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'));
    if !fits {
        diags.push(
            Diagnostic::new(
                given.location.clone(),
                format!("`{name}` is not a quota category a header can carry"),
            )
            .hint("write a word of letters, digits, `_`, `-` or `.`, such as `core` or `search`"),
        );
    }
    fits.then(|| name.clone())
}

/// ```yaml
/// family: { name: search, rate_limit_resource: "full text" }   # not one word
/// # and, with no `resource` header in `rate_limit_headers`:
/// endpoints: { search_code: { rate_limit_resource: search } }  # carried by no header
/// ```
pub(super) fn check_resources(
    families: &[raw::FamilyFile],
    conventions: &Conventions,
    diags: &mut Diagnostics,
) {
    let carried = conventions
        .rate_limit_headers
        .as_ref()
        .is_some_and(|h| h.resource.is_some());
    let named = families.iter().flat_map(|file| {
        let endpoints = file.endpoints.iter().map(|(_, e)| &e.rate_limit_resource);
        std::iter::once(&file.family.rate_limit_resource).chain(endpoints)
    });
    for given in named.flatten() {
        if carried {
            category(given, diags);
        } else {
            diags.push(
                Diagnostic::new(
                    given.location.clone(),
                    "`rate_limit_resource` names a category no header carries",
                )
                .hint(
                    "add `resource: X-RateLimit-Resource` to `conventions.rate_limit_headers`, \
                     or remove it",
                ),
            );
        }
    }
}

/// `request_id_prefix`: visible characters, beside a `request_id_header`.
pub(super) fn lower_request_id_prefix(
    raw: &raw::Conventions,
    diags: &mut Diagnostics,
) -> Option<String> {
    let given = raw.request_id_prefix.as_ref()?;
    let fits =
        (1..=32).contains(&given.value.len()) && given.value.bytes().all(|b| b.is_ascii_graphic());
    if !fits {
        diags.push(
            Diagnostic::new(
                given.location.clone(),
                format!("`{}` is not a request id prefix", given.value),
            )
            .hint("write up to 32 visible characters without spaces, such as `req_`"),
        );
    } else if raw.request_id_header.is_none() {
        diags.push(
            Diagnostic::new(
                given.location.clone(),
                "`request_id_prefix` needs a `request_id_header` to carry the ids",
            )
            .hint("add `request_id_header: Request-Id` beside it, or remove it"),
        );
    }
    fits.then(|| given.value.clone())
}

/// `echo_headers`: header names, each once, and defaults a header can carry.
pub(super) fn lower_echo_headers(
    raw: &raw::Conventions,
    diags: &mut Diagnostics,
) -> Vec<EchoHeader> {
    let mut out: Vec<EchoHeader> = Vec::new();
    for echo in raw.echo_headers.iter().flatten() {
        let Some(header) = header_name(&echo.header, "Stripe-Version", diags) else {
            continue;
        };
        if out.iter().any(|e| e.header.eq_ignore_ascii_case(&header)) {
            diags.push(
                Diagnostic::new(
                    echo.header.location.clone(),
                    format!("`{header}` is echoed twice"),
                )
                .hint("keep one entry for it"),
            );
            continue;
        }
        let default = echo.default.as_ref().and_then(|given| {
            let value = &given.value;
            let fits = (1..=256).contains(&value.len())
                && value.bytes().all(|b| b == b' ' || b.is_ascii_graphic())
                && value.trim() == value;
            if !fits {
                diags.push(
                    Diagnostic::new(
                        given.location.clone(),
                        format!("`{value}` is not a value a header can carry"),
                    )
                    .hint("write 1 to 256 visible characters, such as `2024-06-20`"),
                );
            }
            fits.then(|| value.clone())
        });
        out.push(EchoHeader { header, default });
    }
    out
}

/// `cors`: every header it names is a header name.
pub(super) fn lower_cors(raw: &raw::Cors, diags: &mut Diagnostics) -> Cors {
    let mut names = |list: &Option<Vec<Spanned<String>>>| -> Vec<String> {
        list.iter()
            .flatten()
            .filter_map(|name| header_name(name, "X-Total", diags))
            .collect()
    };
    Cors {
        expose_headers: names(&raw.expose_headers),
        allow_headers: names(&raw.allow_headers),
        any_origin: raw.any_origin.unwrap_or(false),
    }
}

/// `json_content_type`: a JSON media type (`application/json`, `application/<x>+json`),
/// with parameters if any, that is a valid header value.
pub(super) fn lower_json_content_type(raw: &Spanned<String>, diags: &mut Diagnostics) -> String {
    let text = raw.value.trim();
    let essence = text.split(';').next().unwrap_or_default().trim();
    let lower = essence.to_ascii_lowercase();
    let json = lower == "application/json"
        || (lower.len() > "application/+json".len()
            && lower.starts_with("application/")
            && lower.ends_with("+json"));
    let printable = text
        .bytes()
        .all(|b| b == b'\t' || (b' '..=b'~').contains(&b));
    if !json || !printable {
        diags.push(
            Diagnostic::new(
                raw.location.clone(),
                format!(
                    "`json_content_type` `{}` is not a JSON media type",
                    raw.value
                ),
            )
            .hint("write `application/json`, optionally with parameters such as `; charset=utf-8`"),
        );
    }
    text.to_owned()
}
