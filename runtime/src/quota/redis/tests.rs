//! What needs no Redis: rule identities, redacted URLs, option checks.

use std::time::Duration;

use super::options::redact;
use super::{QuotaRule, RedisQuotaEnforcer, RedisQuotaError, RedisQuotaOptions, rule_id};

fn rule(group: &str, burst: u32, refill_per_second: f64) -> QuotaRule {
    QuotaRule {
        group: group.to_owned(),
        burst,
        refill_per_second,
    }
}

#[test]
fn rule_ids_are_stable_and_change_with_the_rule() {
    let id = rule_id(0, &rule("/restapi/*", 5, 0.5));
    assert_eq!(id, rule_id(0, &rule("/restapi/*", 5, 0.5)));
    assert!(id.starts_with("r0-") && id.len() == 3 + 12, "{id}");
    assert!(!id.contains(':') && !id.contains('{'), "{id}");
    let others = [
        rule_id(1, &rule("/restapi/*", 5, 0.5)),
        rule_id(0, &rule("/restapi/x", 5, 0.5)),
        rule_id(0, &rule("/restapi/*", 6, 0.5)),
        rule_id(0, &rule("/restapi/*", 5, 0.25)),
    ];
    for other in others {
        assert_ne!(id, other);
    }
}

#[test]
fn urls_are_shown_without_credentials() {
    assert_eq!(
        redact("redis://user:secret@host:6379/2"),
        "redis://***@host:6379/2"
    );
    assert_eq!(redact("redis://:p@ss@h/0?x=@"), "redis://***@h/0?x=@");
    assert_eq!(redact("redis://host:6379"), "redis://host:6379");
    assert_eq!(redact("no scheme@all"), "no scheme@all");
    let options = RedisQuotaOptions::new("redis://:secret@localhost");
    assert!(!format!("{options:?}").contains("secret"));
}

#[test]
fn bad_urls_and_options_are_refused_at_construction() {
    let error = |url: &str| {
        RedisQuotaEnforcer::new(vec![], RedisQuotaOptions::new(url))
            .map(|_| ())
            .unwrap_err()
    };
    for url in ["http://localhost", "localhost:6379", "redis://", ""] {
        assert!(
            matches!(error(url), RedisQuotaError::InvalidUrl { .. }),
            "{url}"
        );
    }
    let tls = error("rediss://:secret@localhost").to_string();
    assert!(tls.contains("rediss://***@localhost"), "{tls}");
    assert!(!tls.contains("secret"), "{tls}");
    let mut options = RedisQuotaOptions::new("redis://127.0.0.1:1");
    options.timeout = Duration::ZERO;
    assert!(matches!(
        RedisQuotaEnforcer::new(vec![], options),
        Err(RedisQuotaError::InvalidOption(_))
    ));
    // Constructing does not connect.
    let enforcer = RedisQuotaEnforcer::new(vec![], RedisQuotaOptions::new("redis://127.0.0.1:1"));
    assert!(enforcer.is_ok());
}
