//! The rate-limit headers a document declares on its answers (DigitalOcean's
//! `ratelimit-limit`, `ratelimit-remaining`, `ratelimit-reset`; `X-RateLimit-*`): the
//! spec's `rate_limit_headers`, which the runtime writes on every answer, the errors
//! included, rather than each endpoint's `response_headers`, which its errors cannot carry.

use serde_json::Value;

use crate::round_trip::refs;
use crate::yaml_out::Yaml;

/// The names a document gives its rate-limit headers, by what each says.
#[derive(Default)]
pub(crate) struct RateLimitHeaders {
    limit: Option<String>,
    remaining: Option<String>,
    reset: Option<String>,
    used: Option<String>,
    /// `reset` is a moment (Unix seconds, "epoch"), not seconds from now.
    unix: bool,
}

impl RateLimitHeaders {
    /// The rate-limit headers of `document`'s answers, where it declares what is left of
    /// the budget (`...ratelimit-remaining`) on some error answer, each a whole number: on
    /// successes alone, or of another type, they are the endpoints' own
    /// `response_headers`, typed as declared.
    pub(crate) fn read(document: &Value) -> Option<RateLimitHeaders> {
        let mut found = RateLimitHeaders::default();
        let mut on_errors = false;
        let doc = refs::Doc::new(document);
        for operation in crate::path_items::every_operation(document) {
            let responses = operation.get("responses").and_then(Value::as_object);
            for (code, response) in responses.into_iter().flatten() {
                let Ok((response, _)) = doc.resolve(response, String::new()) else {
                    continue;
                };
                let headers = response.get("headers").and_then(Value::as_object);
                for (name, header) in headers.into_iter().flatten() {
                    if !is_rate_limit(name) {
                        continue;
                    }
                    let header = doc.resolve(header, String::new()).ok().map(|(h, _)| h);
                    // The runtime writes whole numbers: a header of another type is the
                    // document's own (zuora's text and numbers).
                    let kind = header
                        .and_then(|h| h.pointer("/schema/type"))
                        .and_then(Value::as_str);
                    if kind.is_some_and(|k| k != "integer") {
                        return None;
                    }
                    let lower = name.to_ascii_lowercase();
                    on_errors |= !code.starts_with('2') && lower.ends_with("remaining");
                    let description =
                        header.and_then(|h| h.get("description").and_then(Value::as_str));
                    found.add(&lower, name, description.unwrap_or_default());
                }
            }
        }
        (found.remaining.is_some() && on_errors).then_some(found)
    }

    /// `name` (`lower` in lower case) as the header of what its ending says.
    fn add(&mut self, lower: &str, name: &str, description: &str) {
        let role = if lower.ends_with("remaining") {
            &mut self.remaining
        } else if lower.ends_with("reset") {
            let words = description.to_ascii_lowercase();
            self.unix |= words.contains("epoch") || words.contains("unix");
            &mut self.reset
        } else if lower.ends_with("used") {
            &mut self.used
        } else if lower.ends_with("limit") {
            &mut self.limit
        } else {
            return;
        };
        role.get_or_insert_with(|| name.to_owned());
    }

    /// Whether `name` is one of them (what the convention writes, so no endpoint declares
    /// it and no answer loses it).
    pub(crate) fn covers(&self, name: &str) -> bool {
        [&self.limit, &self.remaining, &self.reset, &self.used]
            .into_iter()
            .flatten()
            .any(|n| n.eq_ignore_ascii_case(name))
    }

    /// `rate_limit_headers:`, on every answer (`early_refusals: shown`), as the document
    /// declares them on its errors too.
    pub(crate) fn convention(&self) -> Yaml {
        let mut out = Yaml::map();
        for (key, name) in [
            ("limit", &self.limit),
            ("remaining", &self.remaining),
            ("reset", &self.reset),
            ("used", &self.used),
        ] {
            if let Some(name) = name {
                out.push(key, Yaml::str(name.clone()));
            }
        }
        if self.unix && self.reset.is_some() {
            out.push("reset_format", Yaml::str("unix_seconds"));
        }
        out.push("early_refusals", Yaml::str("shown"));
        out
    }
}

/// Whether `name` is a rate-limit header's (`ratelimit-limit`, `X-RateLimit-Reset`,
/// `X-Rate-Limit-Remaining`).
fn is_rate_limit(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.contains("ratelimit") || lower.contains("rate-limit")
}
