//! Lowering `rate_limit_headers`: header names that are header names, a known reset format,
//! quota categories a header can carry, named by endpoints and families only when a header
//! carries them.

use super::access::header_name;
use super::words::one_of;
use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Conventions, RateLimitHeaders};
use crate::read::decode::Spanned;
use crate::read::raw;

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
    let early_refusals = one_of(raw.early_refusals.as_ref(), "`early_refusals`", diags);
    let reset_format = one_of(raw.reset_format.as_ref(), "`reset_format`", diags);
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
        reset_format,
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
