//! The protocol conventions compared one by one: any change is seen by every client that
//! was written for the old one (a prefix, a header or parameter name, a default).

use std::path::PathBuf;
use std::sync::Arc;

use super::{Change, ChangeKind, Verdict, Who};
use crate::diag::Location;
use crate::model::{Conventions, Service};

/// How a convention that is switched off is written.
const NONE: &str = "(none)";

/// Each convention by its name in `service.yaml`, with its value written out.
fn entries(c: &Conventions) -> Vec<(&'static str, String)> {
    let opt = |v: &Option<String>| v.clone().unwrap_or_else(|| NONE.to_owned());
    vec![
        ("base_path", opt(&c.base_path)),
        ("authenticated_prefix", opt(&c.authenticated_prefix)),
        ("json_prefix", opt(&c.json_prefix)),
        (
            "pretty_printing.default",
            if c.pretty_by_default {
                "pretty"
            } else {
                "compact"
            }
            .to_owned(),
        ),
        ("pretty_printing.parameter", opt(&c.pretty_parameter)),
        (
            "pretty_printing.compact_when_accept",
            opt(&c.compact_when_accept),
        ),
        (
            "method_override.parameter",
            opt(&c.method_override_parameter),
        ),
        (
            "method_override.methods",
            c.method_override_methods
                .iter()
                .map(|m| m.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        ),
        (
            "content_type_override",
            opt(&c.content_type_override_parameter),
        ),
        ("create_only_header", opt(&c.create_only_header)),
        ("trace.parameter", opt(&c.trace_parameter)),
        ("trace.header", opt(&c.trace_header)),
        ("xsrf_header", opt(&c.xsrf_header)),
        ("access_token_parameter", opt(&c.access_token_parameter)),
        ("credentials", format!("{:?}", c.credentials)),
        (
            "unknown_credentials",
            format!("{:?}", c.unknown_credentials),
        ),
        ("anonymous", c.anonymous.name().to_owned()),
        ("self_alias", opt(&c.self_alias)),
        ("self_alias_params", c.self_alias_params.join(", ")),
        ("sessions", format!("{:?}", c.sessions)),
        ("timestamp_format", format!("{:?}", c.timestamp_format)),
        ("cors_setting", opt(&c.cors_setting)),
        ("run_as", format!("{:?}", c.run_as)),
        ("security_headers", c.security_headers.to_string()),
        ("error_format", format!("{:?}", c.error_format)),
        ("openapi_path", opt(&c.openapi_path)),
        (
            "docs_path",
            opt(&c.docs_page.as_ref().map(|d| d.path.clone())),
        ),
        ("metrics_path", opt(&c.metrics_path)),
        ("liveness_path", opt(&c.liveness_path)),
        ("readiness_path", opt(&c.readiness_path)),
        ("json_content_type", opt(&c.json_content_type)),
        ("pagination", format!("{:?}", c.pagination)),
        ("unknown_options", c.ignore_unknown_options.to_string()),
        ("rate_limit_headers", format!("{:?}", c.rate_limit_headers)),
        ("gzip_errors", (!c.never_gzip_errors).to_string()),
        ("cors", format!("{:?}", c.cors)),
        ("request_id_header", opt(&c.request_id_header)),
        ("request_id_prefix", opt(&c.request_id_prefix)),
        ("echo_headers", echoed(c)),
        ("request_bodies", opt(&c.request_bodies)),
        ("idempotency", format!("{:?}", c.idempotency)),
    ]
}

/// `echo_headers` in words: `Stripe-Version (default 2024-06-20), X-Plan`.
fn echoed(c: &Conventions) -> String {
    if c.echo_headers.is_empty() {
        return NONE.to_owned();
    }
    let each = c.echo_headers.iter().map(|e| match &e.default {
        Some(default) => format!("{} (default {default})", e.header),
        None => e.header.clone(),
    });
    each.collect::<Vec<_>>().join(", ")
}

/// The conventions that name a path the runtime answers itself, outside the endpoints.
const SERVED_PATHS: [&str; 5] = [
    "openapi_path",
    "docs_path",
    "metrics_path",
    "liveness_path",
    "readiness_path",
];

/// What the path of a [`SERVED_PATHS`] convention serves, for the change's message.
fn served_what(name: &str) -> &'static str {
    match name {
        "metrics_path" => "the metrics are",
        "liveness_path" => "the liveness probe is",
        "readiness_path" => "the readiness probe is",
        "docs_path" => "the docs page is",
        _ => "the OpenAPI document is",
    }
}

/// The service file of a version, where its conventions are written.
fn service_file(service: &Service) -> Location {
    Location {
        file: Arc::new(PathBuf::from(
            service.files.first().cloned().unwrap_or_default(),
        )),
        line: 0,
        column: 0,
        offset: 0,
        len: 0,
    }
}

pub(super) fn compare(old: &Service, new: &Service, out: &mut Vec<Change>) {
    let (before, after) = (entries(&old.conventions), entries(&new.conventions));
    for ((name, was), (_, now)) in before.iter().zip(&after) {
        if was != now {
            // Serving the OpenAPI document, metrics or a health probe where none was served
            // takes nothing away.
            let newly_served = SERVED_PATHS.contains(name) && was == NONE;
            out.push(Change::new(
                ChangeKind::ConventionChanged,
                if newly_served {
                    Verdict::Compatible
                } else {
                    Verdict::Breaking(Who::Clients)
                },
                format!("convention {name}"),
                if newly_served {
                    format!("{} now served at `{now}`", served_what(name))
                } else {
                    format!("`{was}` became `{now}`: clients written for the old convention break")
                },
                Some(service_file(old)),
                Some(service_file(new)),
            ));
        }
    }
}
