//! Every convention by the key it is written under in `conventions:`, with its value in
//! words and how a change to it is judged.
//!
//! **Adding a convention key to the diff is one line in [`entries`]:** its dotted key as
//! written in the spec (its position in both versions is found from that key), its value
//! as the spec spells it (`None` when not set), and its [`Rule`]. A key inside a block
//! (`rate_limit_headers.used`) is folded into the block's change when the block itself is
//! added or removed; [`Entry::within`] names another containing entry (a key only one
//! pagination style reads is folded into `pagination.style`).

use super::super::Who;
use super::entry::{Entry, FEATURE, HEADER, PARAMETER, Rule, block, many, one, served, text, word};
use crate::model::{Conventions, Idempotency, RateLimitHeaders, RunAs, Sessions};

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
    use Rule::{Breaks, OneWay, PerEndpoint, Unseen};
    let mut out = vec![
        one("base_path", &c.base_path, Breaks),
        one("authenticated_prefix", &c.authenticated_prefix, Breaks),
        one("json_prefix", &c.json_prefix, Breaks),
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
        one(
            "content_type_override",
            &c.content_type_override_parameter,
            PARAMETER,
        ),
        one("create_only_header", &c.create_only_header, HEADER),
        one("trace.parameter", &c.trace_parameter, PARAMETER),
        one("trace.header", &c.trace_header, HEADER),
        one("xsrf_header", &c.xsrf_header, Breaks),
        one(
            "access_token_parameter",
            &c.access_token_parameter,
            PARAMETER,
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
        word(
            "unknown_credentials",
            c.unknown_credentials,
            OneWay { safe: "anonymous" },
        ),
        word("anonymous", c.anonymous, PerEndpoint),
        one("self_alias", &c.self_alias, Breaks),
        many("self_alias_params", c.self_alias_params.iter().cloned()),
        block("sessions", c.sessions.is_some(), FEATURE),
        word("timestamp_format", c.timestamp_format, Breaks),
        one(
            "cors_setting",
            &c.cors_setting,
            Rule::Optional {
                added: "operators may set it",
                who: Who::Operators,
            },
        ),
        block("run_as", c.run_as.is_some(), FEATURE),
        text("security_headers", c.security_headers, Breaks),
        word("error_format", c.error_format, Breaks),
        one(
            "error_body",
            &c.error_body.as_ref().map(ToString::to_string),
            Breaks,
        ),
        // Only the OpenAPI document's name for the same body changes.
        one("error_type", &c.error_type, Unseen),
        one(
            "openapi_path",
            &c.openapi_path,
            served("the OpenAPI document is served there", Who::Clients),
        ),
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
        // Only the OpenAPI document says it: any other status was answered alike before.
        text("openapi_default_error", c.openapi_default_error, Unseen),
        one(
            "metrics_path",
            &c.metrics_path,
            served("the metrics are served there", Who::Operators),
        ),
        one(
            "liveness_path",
            &c.liveness_path,
            served("the liveness probe is answered there", Who::Operators),
        ),
        one(
            "readiness_path",
            &c.readiness_path,
            served("the readiness probe is answered there", Who::Operators),
        ),
        one("json_content_type", &c.json_content_type, Breaks),
        word(
            "unknown_options",
            c.unknown_options,
            OneWay { safe: "ignore" },
        ),
        text("gzip_errors", !c.never_gzip_errors, Unseen),
        one("request_id_header", &c.request_id_header, HEADER),
        one("request_id_prefix", &c.request_id_prefix, Unseen),
        many(
            "echo_headers",
            c.echo_headers.iter().map(|e| match &e.default {
                Some(default) => format!("{} (default {default})", e.name),
                None => e.name.clone(),
            }),
        ),
        word("request_bodies", c.request_bodies, Breaks),
        word(
            "request_content_type",
            c.request_content_type,
            OneWay { safe: "any" },
        ),
        word(
            "empty_request_body",
            c.empty_request_body,
            OneWay {
                safe: "empty_object",
            },
        ),
        word(
            "read_only_fields",
            c.read_only_fields,
            OneWay { safe: "ignore" },
        ),
        word(
            "unknown_fields",
            c.unknown_fields,
            OneWay { safe: "ignore" },
        ),
        word(
            "null_optional_fields",
            c.null_optional_fields,
            OneWay { safe: "absent" },
        ),
    ];
    out.extend(c.sessions.iter().flat_map(sessions));
    out.extend(c.run_as.iter().flat_map(run_as));
    out.push(block(
        "rate_limit_headers",
        c.rate_limit_headers.is_some(),
        FEATURE,
    ));
    out.extend(c.rate_limit_headers.iter().flat_map(rate_limit_headers));
    out.push(block("cors", c.cors.is_some(), FEATURE));
    if let Some(cors) = &c.cors {
        out.extend([
            many("cors.expose_headers", cors.expose_headers.iter().cloned()),
            many("cors.allow_headers", cors.allow_headers.iter().cloned()),
            text("cors.any_origin", cors.any_origin, OneWay { safe: "true" }),
        ]);
    }
    out.push(block("idempotency", c.idempotency.is_some(), FEATURE));
    out.extend(c.idempotency.iter().flat_map(idempotency));
    out.push(block("pagination", c.pagination.is_some(), Rule::Paging));
    out.extend(c.pagination.iter().flat_map(super::pagination::entries));
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
