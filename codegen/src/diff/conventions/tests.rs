//! Every field of the vocabulary's records is compared: changed, its key is among the
//! entries whose values differ. Taking each record apart whole makes a field added to it
//! fail to compile until it has an entry; this checks that the entry shows the value.

use super::entry::Shown;
use super::keys::entries;
use crate::model::{
    ConventionKeys, Conventions, Cors, Credential, EarlyRefusals, EchoHeader, Idempotency,
    RateLimitHeaders, ResetFormat, RunAs, Sessions, Trace,
};

/// The keys under `block` whose shown values differ between `old` and `new`, and every
/// key under it.
fn changed_under(old: &Conventions, new: &Conventions, block: &str) -> (Vec<String>, Vec<String>) {
    let (before, after) = (entries(old), entries(new));
    let prefix = format!("{block}.");
    let under: Vec<String> = after
        .iter()
        .map(|e| e.key)
        .filter(|k| k.starts_with(&prefix))
        .map(str::to_owned)
        .collect();
    let shown = |list: &[super::entry::Entry], key: &str| {
        list.iter()
            .find(|e| e.key == key)
            .map_or(Shown::One(None), |e| e.shown.clone())
    };
    let changed = under
        .iter()
        .filter(|k| shown(&before, k) != shown(&after, k))
        .cloned()
        .collect();
    (changed, under)
}

fn text(value: &str) -> String {
    value.to_owned()
}

#[test]
fn every_field_of_each_record_shows_its_change() {
    let old = Conventions {
        keys: ConventionKeys {
            rate_limit_headers: Some(RateLimitHeaders::default()),
            idempotency: Some(Idempotency {
                header: text("Idempotency-Key"),
                expire_after_seconds: 60,
            }),
            sessions: Some(Sessions {
                cookie: text("a"),
                xsrf_cookie: text("b"),
                login_path: text("/in"),
                logout_path: text("/out"),
            }),
            run_as: Some(RunAs {
                header: text("X-As"),
                capability: text("runAs"),
            }),
            trace: Some(Trace {
                parameter: Some(text("trace")),
                header: Some(text("X-Trace")),
            }),
            ..ConventionKeys::default()
        },
        cors: Some(Cors {
            expose_headers: vec![],
            allow_headers: vec![],
            any_origin: false,
        }),
        ..Conventions::default()
    };
    let new = Conventions {
        keys: ConventionKeys {
            rate_limit_headers: Some(RateLimitHeaders {
                limit: Some(text("L")),
                remaining: Some(text("R")),
                reset: Some(text("T")),
                reset_format: ResetFormat::UnixSeconds,
                ietf_policy: Some(text("p")),
                used: Some(text("U")),
                resource: Some(text("C")),
                default_resource: Some(text("core")),
                early_refusals: EarlyRefusals::Charged,
            }),
            idempotency: Some(Idempotency {
                header: text("Key"),
                expire_after_seconds: 61,
            }),
            sessions: Some(Sessions {
                cookie: text("c"),
                xsrf_cookie: text("d"),
                login_path: text("/login"),
                logout_path: text("/logout"),
            }),
            run_as: Some(RunAs {
                header: text("X-Run-As"),
                capability: text("impersonate"),
            }),
            trace: Some(Trace {
                parameter: Some(text("debug")),
                header: Some(text("X-Debug")),
            }),
            ..ConventionKeys::default()
        },
        cors: Some(Cors {
            expose_headers: vec![text("X-Total")],
            allow_headers: vec![text("X-Key")],
            any_origin: true,
        }),
        ..Conventions::default()
    };
    for block in [
        "rate_limit_headers",
        "idempotency",
        "sessions",
        "run_as",
        "trace",
        "cors",
    ] {
        let (changed, under) = changed_under(&old, &new, block);
        assert!(!under.is_empty(), "`{block}` has no keys");
        assert_eq!(changed, under, "`{block}`: a field's change is not shown");
    }
}

/// A list of the vocabulary's values (credential places, echoed headers) shows each as the
/// spec writes it.
#[test]
fn lists_show_their_members_as_written() {
    let c = Conventions {
        credentials: vec![Credential::Together(vec![
            Credential::Header(text("X-Api-Key")),
            Credential::Query(text("key")),
        ])],
        echo_headers: vec![EchoHeader {
            name: text("Stripe-Version"),
            default: Some(text("2024-06-20")),
        }],
        ..Conventions::default()
    };
    let shown = |key: &str| {
        entries(&c)
            .into_iter()
            .find(|e| e.key == key)
            .map(|e| e.shown)
    };
    assert_eq!(
        shown("credentials"),
        Some(Shown::Many(vec![text(
            "together: header: X-Api-Key + query: key"
        )]))
    );
    assert_eq!(
        shown("echo_headers"),
        Some(Shown::Many(vec![text(
            "Stripe-Version (default 2024-06-20)"
        )]))
    );
}
