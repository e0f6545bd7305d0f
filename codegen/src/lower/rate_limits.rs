//! Lowering the conventions that are response and request headers: `rate_limit_headers`
//! (header names that are header names, a known reset format), `cors` (header names) and
//! `json_content_type` (a JSON media type).

use super::access::header_name;
use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::model::{Cors, RateLimitHeaders};
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
    let (limit, remaining, reset) = (
        header(&raw.limit),
        header(&raw.remaining),
        header(&raw.reset),
    );
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
    }
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
