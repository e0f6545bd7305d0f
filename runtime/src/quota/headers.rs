//! What the quota enforcers know about a caller's budget (limit, remaining, reset), and the
//! response headers a spec names for it (`conventions.rate_limit_headers`), written on
//! admitted and refused answers alike.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use http::{HeaderName, HeaderValue};

use super::{QuotaResponse, QuotaStatus};

/// A caller's budget for one request, as the tightest enforcer sees it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct QuotaState {
    /// How many requests the budget holds when full.
    pub limit: Option<u64>,
    /// How many are left after this one.
    pub remaining: Option<u64>,
    /// How long until the budget is full again.
    pub reset: Option<Duration>,
}

impl QuotaState {
    /// The state the answers describe: the granting answer with the fewest tokens left,
    /// or, when some enforcer refused, nothing left and the longest wait.
    pub fn of(responses: &[QuotaResponse]) -> Self {
        let refused: Vec<&QuotaResponse> = responses
            .iter()
            .filter(|r| r.status == QuotaStatus::Error)
            .collect();
        if !refused.is_empty() {
            return QuotaState {
                limit: refused.iter().filter_map(|r| r.limit).min(),
                remaining: Some(0),
                reset: refused
                    .iter()
                    .filter_map(|r| r.reset.or(r.retry_after))
                    .max(),
            };
        }
        responses
            .iter()
            .filter(|r| r.status == QuotaStatus::Ok && r.available_tokens.is_some())
            .min_by_key(|r| r.available_tokens)
            .map(|r| QuotaState {
                limit: r.limit,
                remaining: r.available_tokens,
                reset: r.reset,
            })
            .unwrap_or_default()
    }

    /// True when no enforcer said anything about the budget.
    pub fn is_unknown(&self) -> bool {
        *self == QuotaState::default()
    }
}

pub use restspec_client::conventions::{EarlyRefusals, RateLimitHeaders, ResetFormat};

/// The answer headers of a budget, written as the spec's `rate_limit_headers` say.
pub(crate) trait BudgetHeaders {
    /// The headers for `state` of the budget `resource` names (the endpoint's
    /// `rate_limit_resource`): only what the enforcers know is written.
    fn headers(
        &self,
        state: &QuotaState,
        resource: Option<&'static str>,
    ) -> Vec<(HeaderName, HeaderValue)>;
}

impl BudgetHeaders for RateLimitHeaders {
    fn headers(
        &self,
        state: &QuotaState,
        resource: Option<&'static str>,
    ) -> Vec<(HeaderName, HeaderValue)> {
        let reset = state.reset.map(|wait| {
            // A partial second rounds up: a client waiting that long finds room.
            let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            match self.reset_format {
                ResetFormat::Seconds => seconds,
                ResetFormat::UnixSeconds => SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0, |now| now.as_secs())
                    .saturating_add(seconds),
            }
        });
        let used = match (state.limit, state.remaining) {
            (Some(limit), Some(remaining)) => Some(limit.saturating_sub(remaining)),
            _ => None,
        };
        let mut out: Vec<(HeaderName, HeaderValue)> = [
            (self.limit, state.limit),
            (self.remaining, state.remaining),
            (self.reset, reset),
            (self.used, used),
        ]
        .into_iter()
        .filter_map(|(name, value)| {
            let name = HeaderName::from_bytes(name?.as_bytes()).ok()?;
            Some((name, HeaderValue::from(value?)))
        })
        .collect();
        // The category is a constant the generator checked; checked again here so that a
        // hand-written description cannot make `from_static` panic.
        if let (Some(name), Some(category)) = (self.resource, resource)
            && let Ok(name) = HeaderName::from_bytes(name.as_bytes())
            && !category.is_empty()
            && category.bytes().all(|b| b.is_ascii_graphic())
        {
            out.push((name, HeaderValue::from_static(category)));
        }
        if let Some(policy) = self.ietf_policy {
            let mut field = format!("\"{policy}\"");
            if let Some(remaining) = state.remaining {
                field.push_str(&format!(";r={remaining}"));
            }
            if let Some(wait) = state.reset {
                let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
                field.push_str(&format!(";t={seconds}"));
            }
            if let Ok(value) = HeaderValue::try_from(field) {
                out.push((HeaderName::from_static("ratelimit"), value));
            }
            if let Some(limit) = state.limit
                && let Ok(value) = HeaderValue::try_from(format!("\"{policy}\";q={limit}"))
            {
                out.push((HeaderName::from_static("ratelimit-policy"), value));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tightest_granting_enforcer_describes_the_budget() {
        let loose = QuotaResponse::ok_with_tokens(90).with_limit(100, Duration::from_secs(10));
        let tight = QuotaResponse::ok_with_tokens(4).with_limit(5, Duration::from_millis(1500));
        let state = QuotaState::of(&[loose, QuotaResponse::no_op(), tight]);
        assert_eq!(
            state,
            QuotaState {
                limit: Some(5),
                remaining: Some(4),
                reset: Some(Duration::from_millis(1500))
            }
        );
        let headers = RateLimitHeaders {
            limit: Some("RateLimit-Limit"),
            remaining: Some("RateLimit-Remaining"),
            reset: Some("RateLimit-Reset"),
            reset_format: ResetFormat::Seconds,
            ietf_policy: Some("burst"),
            used: Some("X-RateLimit-Used"),
            resource: Some("X-RateLimit-Resource"),
            ..RateLimitHeaders::NONE
        }
        .headers(&state, Some("search"));
        let text: Vec<String> = headers
            .iter()
            .map(|(n, v)| format!("{n}: {}", v.to_str().unwrap_or_default()))
            .collect();
        assert_eq!(
            text,
            [
                "ratelimit-limit: 5",
                "ratelimit-remaining: 4",
                "ratelimit-reset: 2",
                "x-ratelimit-used: 1",
                "x-ratelimit-resource: search",
                "ratelimit: \"burst\";r=4;t=2",
                "ratelimit-policy: \"burst\";q=5"
            ]
        );
    }

    #[test]
    fn a_refusal_leaves_nothing_and_the_reset_may_be_a_unix_time() {
        let refused = QuotaResponse::error("slow down").with_retry_after(Duration::from_secs(30));
        let state = QuotaState::of(&[QuotaResponse::ok_with_tokens(9), refused]);
        assert_eq!(state.remaining, Some(0));
        let headers = RateLimitHeaders {
            limit: None,
            remaining: None,
            reset: Some("X-RateLimit-Reset"),
            reset_format: ResetFormat::UnixSeconds,
            resource: Some("X-RateLimit-Resource"),
            ..RateLimitHeaders::NONE
        }
        .headers(&state, None);
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let reset: u64 = headers[0]
            .1
            .to_str()
            .unwrap_or_default()
            .parse()
            .unwrap_or(0);
        assert!((now + 29..=now + 31).contains(&reset), "{reset} vs {now}");
        assert_eq!(headers.len(), 1, "no category, no resource header");
        assert!(QuotaState::of(&[QuotaResponse::ok()]).is_unknown());
    }
}
