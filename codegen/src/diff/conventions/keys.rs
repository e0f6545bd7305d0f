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
use crate::model::{
    Anonymous, Conventions, ErrorFormat, Idempotency, PageStyle, RateLimitHeaders, SpecWords,
    TimestampFormat, UnknownCredentials,
};

/// How a change to one convention is judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Rule {
    /// Any change breaks clients written for the old value.
    Breaks,
    /// Setting it where it was not takes nothing away (`added` says what it brings);
    /// changing or removing it breaks `who`.
    Optional { added: &'static str, who: Who },
    /// A choice of two: changing it to `safe` takes nothing away, the other way breaks
    /// clients.
    OneWay { safe: &'static str },
    /// Alternatives (credential places, overridable methods, exposed headers): one added
    /// takes nothing away, one lost breaks the clients using it.
    Members,
    /// What it changes is reported endpoint by endpoint (who may call anonymously).
    PerEndpoint,
    /// Read only by the endpoints marked `paginated`: a change breaks their clients; added
    /// or removed, the endpoints' own changes say which are paged.
    Paging,
    /// No client can tell (gzipped or plain error answers both decode).
    Unseen,
}

/// One convention's value, as the spec spells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Shown {
    /// One value, `None` when not set.
    One(Option<String>),
    /// A block of keys (`rate_limit_headers`): only whether it is there; its keys are
    /// entries of their own.
    Block(bool),
    /// A list of alternatives, in written order.
    Many(Vec<String>),
}

/// One convention.
#[derive(Debug, Clone)]
pub(super) struct Entry {
    /// The key as written under `conventions:` (`rate_limit_headers.reset`).
    pub key: &'static str,
    /// Its value.
    pub shown: Shown,
    /// How a change is judged.
    pub rule: Rule,
    /// The entry whose change says this one's too, when not the key's parent.
    pub within: Option<&'static str>,
}

impl Entry {
    fn new(key: &'static str, shown: Shown, rule: Rule) -> Self {
        Entry {
            key,
            shown,
            rule,
            within: None,
        }
    }

    /// Folded into `key`'s change.
    fn within(self, key: &'static str) -> Self {
        Entry {
            within: Some(key),
            ..self
        }
    }

    /// The entry whose change says this one's too: `within`, else the key's parent.
    pub(super) fn container(&self) -> Option<&'static str> {
        let key: &'static str = self.key;
        self.within
            .or_else(|| key.rfind('.').map(|dot| &key[..dot]))
    }
}

fn one(key: &'static str, value: &Option<String>, rule: Rule) -> Entry {
    Entry::new(key, Shown::One(value.clone()), rule)
}

fn text(key: &'static str, value: impl ToString, rule: Rule) -> Entry {
    Entry::new(key, Shown::One(Some(value.to_string())), rule)
}

/// A convention spelt as a word (`reset_format: unix_seconds`), shown as the spec words it.
fn word(key: &'static str, value: impl SpecWords, rule: Rule) -> Entry {
    text(key, value.word(), rule)
}

fn block(key: &'static str, present: bool, rule: Rule) -> Entry {
    Entry::new(key, Shown::Block(present), rule)
}

fn many(key: &'static str, values: impl IntoIterator<Item = String>) -> Entry {
    Entry::new(
        key,
        Shown::Many(values.into_iter().collect()),
        Rule::Members,
    )
}

/// A parameter clients may send: a new one takes nothing away.
const PARAMETER: Rule = Rule::Optional {
    added: "clients may send it",
    who: Who::Clients,
};
/// A header clients may send or read: a new one takes nothing away.
const HEADER: Rule = Rule::Optional {
    added: "a header clients may use",
    who: Who::Clients,
};
/// A block of behaviour clients may use: new, it takes nothing away.
const FEATURE: Rule = Rule::Optional {
    added: "clients may use it; nothing they did before changes",
    who: Who::Clients,
};

fn served(what: &'static str, who: Who) -> Rule {
    Rule::Optional { added: what, who }
}

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
        text(
            "unknown_credentials",
            UnknownCredentials::NAMES[c.unknown_credentials as usize],
            OneWay { safe: "anonymous" },
        ),
        text("anonymous", Anonymous::name(c.anonymous), PerEndpoint),
        one("self_alias", &c.self_alias, Breaks),
        many("self_alias_params", c.self_alias_params.iter().cloned()),
        block("sessions", c.sessions.is_some(), FEATURE),
        text(
            "timestamp_format",
            TimestampFormat::NAMES[c.timestamp_format as usize],
            Breaks,
        ),
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
        text(
            "error_format",
            ErrorFormat::NAMES[c.error_format as usize],
            Breaks,
        ),
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
                Some(default) => format!("{} (default {default})", e.header),
                None => e.header.clone(),
            }),
        ),
        one("request_bodies", &c.request_bodies, Breaks),
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
    if let Some(s) = &c.sessions {
        out.extend([
            text("sessions.cookie", &s.cookie, Breaks),
            text("sessions.xsrf_cookie", &s.xsrf_cookie, Breaks),
            text("sessions.login_path", &s.login_path, Breaks),
            text("sessions.logout_path", &s.logout_path, Breaks),
        ]);
    }
    if let Some(r) = &c.run_as {
        out.extend([
            text("run_as.header", &r.header, Breaks),
            text("run_as.capability", &r.capability, Breaks),
        ]);
    }
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
    if let Some(p) = &c.pagination {
        out.extend(pagination(p));
    }
    out
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

/// The `pagination` keys: the style's own are folded into a change of style.
fn pagination(p: &crate::model::Pagination) -> Vec<Entry> {
    use Rule::Paging;
    let style = |key, value: &String| text(key, value, Paging).within("pagination.style");
    let field = |key, value: &Option<String>| one(key, value, Paging).within("pagination.style");
    let mut out = vec![
        text(
            "pagination.style",
            match p.style {
                PageStyle::Pages { .. } => "pages",
                PageStyle::Offset { .. } => "offset",
                PageStyle::Cursor(_) => "cursor",
            },
            Paging,
        ),
        text("pagination.default_per_page", p.default_per_page, Paging),
        text("pagination.max_per_page", p.max_per_page, Paging),
    ];
    match &p.style {
        PageStyle::Pages {
            page_parameter,
            per_page_parameter,
            link_header,
            link_on_single_page,
            headers,
        } => {
            out.extend([
                style("pagination.page_parameter", page_parameter),
                style("pagination.per_page_parameter", per_page_parameter),
                text("pagination.link_header", link_header, Paging).within("pagination.style"),
                text(
                    "pagination.link_on_single_page",
                    link_on_single_page,
                    Paging,
                )
                .within("pagination.style"),
            ]);
            let keys = [
                "pagination.headers.total",
                "pagination.headers.total_pages",
                "pagination.headers.page",
                "pagination.headers.per_page",
                "pagination.headers.next_page",
                "pagination.headers.prev_page",
            ];
            for (key, value) in keys.into_iter().zip(headers.in_order()) {
                out.push(field(key, value));
            }
        }
        PageStyle::Offset {
            offset_parameter,
            limit_parameter,
            more_field,
        } => out.extend([
            style("pagination.offset_parameter", offset_parameter),
            style("pagination.limit_parameter", limit_parameter),
            field("pagination.more_field", more_field),
        ]),
        PageStyle::Cursor(c) => out.extend([
            style("pagination.cursor_parameter", &c.cursor_parameter),
            style("pagination.limit_parameter", &c.limit_parameter),
            style("pagination.items_field", &c.items_field),
            field("pagination.has_more_field", &c.has_more_field),
            field("pagination.next_cursor_field", &c.next_cursor_field),
            field("pagination.cursor_from", &c.cursor_from),
            field("pagination.before_parameter", &c.before_parameter),
            field("pagination.url_field", &c.url_field),
            text(
                "pagination.constant_fields",
                c.constant_fields
                    .iter()
                    .map(|(k, v)| format!("{k}: {v}"))
                    .collect::<Vec<_>>()
                    .join(", "),
                Paging,
            )
            .within("pagination.style"),
        ]),
    }
    out
}
