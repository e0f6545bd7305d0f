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
        ("docs_path", opt(&c.docs_page.as_ref().map(|d| d.path.clone()))),
        ("json_content_type", opt(&c.json_content_type)),
        ("pagination", format!("{:?}", c.pagination)),
        ("unknown_options", c.ignore_unknown_options.to_string()),
        ("rate_limit_headers", format!("{:?}", c.rate_limit_headers)),
        ("gzip_errors", (!c.never_gzip_errors).to_string()),
        ("cors", format!("{:?}", c.cors)),
        ("request_id_header", opt(&c.request_id_header)),
        ("request_bodies", opt(&c.request_bodies)),
        ("idempotency", format!("{:?}", c.idempotency)),
    ]
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
            // Serving the OpenAPI document or the docs page where none was served takes
            // nothing away.
            let newly_served = matches!(*name, "openapi_path" | "docs_path") && was == NONE;
            out.push(Change::new(
                ChangeKind::ConventionChanged,
                if newly_served {
                    Verdict::Compatible
                } else {
                    Verdict::Breaking(Who::Clients)
                },
                format!("convention {name}"),
                if newly_served {
                    let what = if *name == "docs_path" {
                        "the docs page is"
                    } else {
                        "the OpenAPI document is"
                    };
                    format!("{what} now served at `{now}`")
                } else {
                    format!("`{was}` became `{now}`: clients written for the old convention break")
                },
                Some(service_file(old)),
                Some(service_file(new)),
            ));
        }
    }
}
