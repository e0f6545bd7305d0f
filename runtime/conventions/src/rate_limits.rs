//! `conventions.rate_limit_headers`: the response headers that tell a caller its quota
//! budget.

spec_words! {
    /// How the reset time is written (`rate_limit_headers.reset_format`).
    pub enum ResetFormat {
        /// Seconds from now (`RateLimit-Reset: 30`; the default).
        Seconds = "seconds",
        /// The Unix time, in seconds, at which the budget is full again (`1735689600`).
        UnixSeconds = "unix_seconds",
    }
}

spec_words! {
    /// What refusals of a routed request answered before the quota check tell of the budget
    /// (`rate_limit_headers.early_refusals`).
    pub enum EarlyRefusals {
        /// Nothing: no enforcer is asked (the default).
        Bare = "none",
        /// The budget as it stands, read without spending from it.
        Shown = "shown",
        /// The request costs a token, as an admitted one does (GitHub's way); a caller out
        /// of budget gets the quota's refusal instead.
        Charged = "charged",
    }
}

/// The response headers carrying a caller's budget (`conventions.rate_limit_headers`),
/// header names as the spec spells them (generated constants write them lower case).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimitHeaders<S = &'static str> {
    /// The budget when full (`RateLimit-Limit`, `X-RateLimit-Limit`).
    pub limit: Option<S>,
    /// What is left (`RateLimit-Remaining`).
    pub remaining: Option<S>,
    /// When it is full again (`RateLimit-Reset`).
    pub reset: Option<S>,
    /// How `reset` is written.
    pub reset_format: ResetFormat,
    /// The name of the IETF structured fields' policy, when the spec asks for them:
    /// `RateLimit: "<name>";r=<remaining>;t=<seconds>` and `RateLimit-Policy:
    /// "<name>";q=<limit>` (draft-ietf-httpapi-ratelimit-headers).
    pub ietf_policy: Option<S>,
    /// What was used of the budget, the limit minus what is left (`X-RateLimit-Used`).
    pub used: Option<S>,
    /// The budget's category, which the endpoint's `rate_limit_resource` names
    /// (`X-RateLimit-Resource: search`; the runtime's `EndpointSpec::rate_limit_resource`).
    pub resource: Option<S>,
    /// The category of endpoints and families that name none (`core`). The generator
    /// resolves it into each endpoint's `rate_limit_resource`; it is kept here because it
    /// is part of what the spec says, and compared when the spec changes.
    pub default_resource: Option<S>,
    /// Whether refusals answered before the quota check (a 401 for bad credentials, a 404
    /// for a resource that does not exist) carry the headers too, and cost a request.
    pub early_refusals: EarlyRefusals,
}

impl RateLimitHeaders {
    /// No header: generated code writes the headers a spec names and takes the rest from
    /// here (`..RateLimitHeaders::NONE`).
    pub const NONE: RateLimitHeaders = RateLimitHeaders {
        limit: None,
        remaining: None,
        reset: None,
        reset_format: ResetFormat::Seconds,
        ietf_policy: None,
        used: None,
        resource: None,
        default_resource: None,
        early_refusals: EarlyRefusals::Bare,
    };
}

impl<S> Default for RateLimitHeaders<S> {
    /// No header, as [`RateLimitHeaders::NONE`].
    fn default() -> Self {
        RateLimitHeaders {
            limit: None,
            remaining: None,
            reset: None,
            reset_format: ResetFormat::default(),
            ietf_policy: None,
            used: None,
            resource: None,
            default_resource: None,
            early_refusals: EarlyRefusals::default(),
        }
    }
}

impl<S: AsRef<str>> RateLimitHeaders<S> {
    /// The header names the spec gives, as it spells them: limit, remaining, reset, used
    /// and resource (the IETF fields have fixed names).
    pub fn names(&self) -> impl Iterator<Item = &str> {
        [
            &self.limit,
            &self.remaining,
            &self.reset,
            &self.used,
            &self.resource,
        ]
        .into_iter()
        .flatten()
        .map(AsRef::as_ref)
    }
}

#[cfg(feature = "tokens")]
impl<S: AsRef<str>> quote::ToTokens for RateLimitHeaders<S> {
    /// `rt::RateLimitHeaders { limit: Some("ratelimit-limit"), ..rt::RateLimitHeaders::NONE }`.
    fn to_tokens(&self, tokens: &mut proc_macro2::TokenStream) {
        use crate::tokens::{Record, optional_header, optional_text};
        let none = RateLimitHeaders::NONE;
        let mut record = Record::new("RateLimitHeaders", Some("NONE"));
        for (name, value, base) in [
            ("limit", &self.limit, none.limit),
            ("remaining", &self.remaining, none.remaining),
            ("reset", &self.reset, none.reset),
        ] {
            record.field(name, optional_header(value), optional_header(&base));
        }
        record.field(
            "reset_format",
            self.reset_format.to_token_stream(),
            none.reset_format.to_token_stream(),
        );
        record.field(
            "ietf_policy",
            optional_text(&self.ietf_policy),
            optional_text(&none.ietf_policy),
        );
        for (name, value, base) in [
            ("used", &self.used, none.used),
            ("resource", &self.resource, none.resource),
        ] {
            record.field(name, optional_header(value), optional_header(&base));
        }
        record.field(
            "default_resource",
            optional_text(&self.default_resource),
            optional_text(&none.default_resource),
        );
        record.field(
            "early_refusals",
            self.early_refusals.to_token_stream(),
            none.early_refusals.to_token_stream(),
        );
        tokens.extend(record.finish());
    }
}
