//! Every convention by the key it is written under in `conventions:`, with its value in
//! words and how a change to it is judged.
//!
//! A one-value key of `restspec-conventions`' table is compared as its kind says, by the
//! rule the table gives it ([`table_entries`]); a record's keys each by the function named
//! after it here (`rate_limit_headers`). **Any other key is one line in [`entries`]:** its
//! dotted key as written in the spec (its position in both versions is found from that
//! key), its value as the spec spells it (`None` when not set), and its [`Rule`]. A key
//! inside a block (`rate_limit_headers.used`) is folded into the block's change when the
//! block itself is added or removed; [`Entry::within`] names another containing entry (a
//! key only one pagination style reads is folded into `pagination.style`).

use super::super::Who;
use super::entry::{Entry, FEATURE, HEADER, PARAMETER, Rule, block, many, one, served, text, word};
use super::pagination::entries as pagination;
use crate::model::{
    ConventionKeys, Conventions, Idempotency, RateLimitHeaders, RunAs, Sessions, Trace,
};
use Rule::{Breaks, OneWay, PerEndpoint, Unseen};

/// Declares `table_entries`: an entry for each key of the table, as its kind is shown, and
/// for a record, its block and its keys.
macro_rules! table_entries {
    ({} $(
        $(#[doc = $doc:literal])* $field:ident $(as $yaml:literal)? : $kind:ident ($($arg:tt)*),
            lower($($lower:tt)*), diff($($rule:tt)*);
    )*) => {
        /// The one-value keys of `restspec-conventions`' table, by the rule each is given there.
        // One push per key of the table, a record's with its keys after it.
        #[allow(clippy::vec_init_then_push)]
        fn table_entries(c: &ConventionKeys) -> Vec<Entry> {
            let mut out = Vec::new();
            $(
                table_entries!(
                    @entry out c $field $kind,
                    table_entries!(@key $field $($yaml)?),
                    $($rule)*
                );
            )*
            out
        }
    };
    (@key $field:ident) => { stringify!($field) };
    (@key $field:ident $yaml:literal) => { $yaml };
    (@entry $out:ident $c:ident $field:ident word, $key:expr, $($rule:tt)*) => {
        $out.push(word($key, $c.$field, $($rule)*))
    };
    (@entry $out:ident $c:ident $field:ident switch, $key:expr, $($rule:tt)*) => {
        $out.push(text($key, $c.$field, $($rule)*))
    };
    (@entry $out:ident $c:ident $field:ident record, $key:expr, $($rule:tt)*) => {{
        $out.push(block($key, $c.$field.is_some(), $($rule)*));
        $out.extend($c.$field.iter().flat_map($field));
    }};
    // A name or a header.
    (@entry $out:ident $c:ident $field:ident $kind:ident, $key:expr, $($rule:tt)*) => {
        $out.push(one($key, &$c.$field, $($rule)*))
    };
}

restspec_conventions::convention_keys!(table_entries! {});

/// Who issues bearer tokens, as the spec writes it (`oauth2: implicit, password`).
fn issuer(issuer: &crate::model::TokenIssuer) -> String {
    match issuer {
        crate::model::TokenIssuer::OpenIdConnect(url) => format!("openid_connect: {url}"),
        crate::model::TokenIssuer::OAuth2(flows) => {
            let kinds: Vec<&str> = flows.iter().map(|f| f.kind.as_str()).collect();
            format!("oauth2: {}", kinds.join(", "))
        }
    }
}

/// Every convention of `c`, by its key.
pub(super) fn entries(c: &Conventions) -> Vec<Entry> {
    let mut out = table_entries(&c.keys);
    out.extend([
        text(
            "pretty_printing.default",
            if c.pretty_by_default {
                "pretty"
            } else {
                "compact"
            },
            Breaks,
        ),
        one("pretty_printing.parameter", &c.pretty_parameter, PARAMETER),
        one(
            "pretty_printing.compact_when_accept",
            &c.compact_when_accept,
            Breaks,
        ),
        one(
            "method_override.parameter",
            &c.method_override_parameter,
            PARAMETER,
        ),
        many(
            "method_override.methods",
            c.method_override_methods
                .iter()
                .map(|m| m.as_str().to_owned()),
        ),
        many("credentials", c.credentials.iter().map(ToString::to_string)),
        // Who issues the bearer tokens: the requests are the same, only the document says it.
        one(
            "credentials.oauth2",
            &c.token_issuer.as_ref().map(issuer),
            Unseen,
        ),
        one(
            "credentials.plain_tokens",
            &c.plain_tokens.then(|| "true".to_owned()),
            Unseen,
        ),
        one(
            "challenges",
            &c.challenges.as_ref().map(|schemes| schemes.join(", ")),
            HEADER,
        ),
        many("self_alias_params", c.self_alias_params.iter().cloned()),
        word("error_format", c.error_format, Breaks),
        one(
            "error_body",
            &c.error_body.as_ref().map(ToString::to_string),
            Breaks,
        ),
        // Only the OpenAPI document's name for the same body changes.
        one("error_type", &c.error_type, Unseen),
        one(
            "docs_path",
            &c.docs_page.as_ref().map(|d| d.path.clone()),
            served("the docs page is served there", Who::Clients),
        ),
        text(
            "openapi_anonymous_forms",
            if c.openapi_every_anonymous_form {
                "all"
            } else {
                "usable"
            },
            OneWay { safe: "all" },
        ),
        text("gzip_errors", !c.never_gzip_errors, Unseen),
        many(
            "echo_headers",
            c.echo_headers.iter().map(|e| match &e.default {
                Some(default) => format!("{} (default {default})", e.name),
                None => e.name.clone(),
            }),
        ),
    ]);
    out.push(block("cors", c.cors.is_some(), FEATURE));
    if let Some(cors) = &c.cors {
        out.extend([
            many("cors.expose_headers", cors.expose_headers.iter().cloned()),
            many("cors.allow_headers", cors.allow_headers.iter().cloned()),
            text("cors.any_origin", cors.any_origin, OneWay { safe: "true" }),
        ]);
    }
    out
}

/// The `sessions` keys, the record taken apart whole.
fn sessions(s: &Sessions) -> [Entry; 4] {
    let Sessions {
        cookie,
        xsrf_cookie,
        login_path,
        logout_path,
    } = s;
    [
        text("sessions.cookie", cookie, Rule::Breaks),
        text("sessions.xsrf_cookie", xsrf_cookie, Rule::Breaks),
        text("sessions.login_path", login_path, Rule::Breaks),
        text("sessions.logout_path", logout_path, Rule::Breaks),
    ]
}

/// The `trace` keys, the record taken apart whole.
fn trace(t: &Trace) -> [Entry; 2] {
    let Trace { parameter, header } = t;
    [
        one("trace.parameter", parameter, PARAMETER),
        one("trace.header", header, HEADER),
    ]
}

/// The `run_as` keys, the record taken apart whole.
fn run_as(r: &RunAs) -> [Entry; 2] {
    let RunAs { header, capability } = r;
    [
        text("run_as.header", header, Rule::Breaks),
        text("run_as.capability", capability, Rule::Breaks),
    ]
}

/// The `rate_limit_headers` keys, one a field. The record is taken apart whole, so that a
/// field added to it is not compiled until its key is compared here too.
fn rate_limit_headers(r: &RateLimitHeaders) -> [Entry; 9] {
    let RateLimitHeaders {
        limit,
        remaining,
        reset,
        reset_format,
        ietf_policy,
        used,
        resource,
        default_resource,
        early_refusals,
    } = r;
    [
        one("rate_limit_headers.limit", limit, HEADER),
        one("rate_limit_headers.remaining", remaining, HEADER),
        one("rate_limit_headers.reset", reset, HEADER),
        word(
            "rate_limit_headers.reset_format",
            *reset_format,
            Rule::Breaks,
        ),
        one("rate_limit_headers.ietf_policy", ietf_policy, HEADER),
        one("rate_limit_headers.used", used, HEADER),
        one("rate_limit_headers.resource", resource, HEADER),
        one(
            "rate_limit_headers.default_resource",
            default_resource,
            HEADER,
        ),
        word(
            "rate_limit_headers.early_refusals",
            *early_refusals,
            Rule::Unseen,
        ),
    ]
}

/// The `idempotency` keys, the record taken apart whole.
fn idempotency(i: &Idempotency) -> [Entry; 2] {
    let Idempotency {
        header,
        expire_after_seconds,
    } = i;
    [
        text("idempotency.header", header, Rule::Breaks),
        text(
            "idempotency.expire_after_seconds",
            expire_after_seconds,
            Rule::Breaks,
        ),
    ]
}
