//! The paths the runtime answers itself, outside the endpoints (`metrics_path`,
//! `liveness_path`, `readiness_path`): each is a path, and none is also an endpoint's path
//! or another such convention's, since the runtime answers it before routing and the
//! endpoint or the other convention would never be reached there.

use crate::diag::{Diagnostic, Diagnostics, Location};
use crate::model::{Family, Segment};
use crate::read::decode::Spanned;
use crate::read::raw::Conventions;

/// A convention naming a path the runtime answers, with where it is written.
struct ServedPath<'a> {
    convention: &'static str,
    path: &'a Spanned<String>,
}

/// The conventions of `named` that the spec writes.
fn served<'a, const N: usize>(
    named: [(&'static str, Option<&'a Spanned<String>>); N],
) -> Vec<ServedPath<'a>> {
    named
        .into_iter()
        .filter_map(|(convention, path)| {
            Some(ServedPath {
                convention,
                path: path?,
            })
        })
        .collect()
}

/// Each probe and metrics path starts with `/`, is not an endpoint's path and differs from
/// every other path a convention names.
///
/// ```yaml
/// conventions:
///   metrics_path: /projects/          # the list_projects endpoint's path
///   readiness_path: /openapi.json     # the OpenAPI document's path
/// ```
pub(super) fn check_served_paths(
    conventions: &Conventions,
    families: &[Family],
    diags: &mut Diagnostics,
) {
    let probes = served([
        ("metrics_path", conventions.metrics_path.as_ref()),
        ("liveness_path", conventions.liveness_path.as_ref()),
        ("readiness_path", conventions.readiness_path.as_ref()),
    ]);
    let sessions = conventions.sessions.as_ref();
    let others = served([
        ("openapi_path", conventions.openapi_path.as_ref()),
        ("docs_path", conventions.docs_path.as_ref()),
        ("sessions.login_path", sessions.map(|s| &s.login_path)),
        ("sessions.logout_path", sessions.map(|s| &s.logout_path)),
    ]);

    for (at, probe) in probes.iter().enumerate() {
        let value = probe.path.value.as_str();
        if !value.starts_with('/') {
            diags.push(
                Diagnostic::new(
                    probe.path.location.clone(),
                    format!("`{}` `{value}` is not a path", probe.convention),
                )
                .hint(format!("write it from the root: `/{value}`")),
            );
            continue;
        }
        let earlier = probes[..at].iter().chain(&others);
        if let Some(other) = earlier.into_iter().find(|o| hides(o, value)) {
            diags.push(clash(
                probe,
                &format!("`{}`", other.convention),
                other.path.location.clone(),
            ));
            continue;
        }
        let endpoint = families
            .iter()
            .flat_map(|f| &f.endpoints)
            .find(|e| routes_to(&e.path.segments, value));
        if let Some(endpoint) = endpoint {
            diags.push(clash(
                probe,
                &format!("endpoint `{}` (`{}`)", endpoint.name, endpoint.path.raw),
                endpoint.path.location.clone(),
            ));
        }
    }
}

/// The error of `probe` whose path is also `what`'s, written at `there`.
fn clash(probe: &ServedPath<'_>, what: &str, there: Location) -> Diagnostic {
    Diagnostic::new(
        probe.path.location.clone(),
        format!(
            "`{}` `{}` is also the path of {what}, which would never be reached there: the \
             runtime answers `{}` before routing",
            probe.convention, probe.path.value, probe.convention
        ),
    )
    .related(there, "that path is written here")
    .hint(format!(
        "choose a path of its own for `{}`, such as `/{}`",
        probe.convention,
        match probe.convention {
            "metrics_path" => "metrics",
            "liveness_path" => "healthz",
            _ => "readyz",
        }
    ))
}

/// Whether `other` answers requests for `path`: the same path (the runtime ignores a
/// trailing slash), or one beneath the docs page, whose files it serves.
fn hides(other: &ServedPath<'_>, path: &str) -> bool {
    let theirs = other.path.value.trim_end_matches('/');
    theirs == path.trim_end_matches('/')
        || (other.convention == "docs_path"
            && path
                .strip_prefix(theirs)
                .is_some_and(|rest| rest.starts_with('/')))
}

/// Whether a request for `path` would route to the template of `segments`: the same number
/// of segments, literals equal, a parameter matching any one segment.
fn routes_to(segments: &[Segment], path: &str) -> bool {
    let parts: Vec<&str> = path
        .trim_matches('/')
        .split('/')
        .filter(|s| !s.is_empty())
        .collect();
    parts.len() == segments.len()
        && segments
            .iter()
            .zip(&parts)
            .all(|(segment, part)| segment.matches(part))
}
