//! Rules about which endpoint a request reaches.

use std::collections::BTreeMap;

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Endpoint, Method, Segment, Service};

/// Every endpoint lives under its family's prefix.
///
/// ```yaml
/// family: { name: changes, prefix: /changes/ }
/// endpoints:
///   list_projects: { method: GET, path: /projects/ }   # belongs in projects.yaml
/// ```
pub(crate) fn inside_family_prefix(service: &Service, diags: &mut Diagnostics) {
    for family in &service.families {
        for endpoint in &family.endpoints {
            let segments = &endpoint.path.segments;
            let inside = family.prefix_segments().count() <= segments.len()
                && family
                    .prefix_segments()
                    .zip(segments)
                    .all(|(p, s)| matches!(s, Segment::Literal(l) if l == p));
            if !inside {
                diags.push(
                    Diagnostic::new(
                        endpoint.path.location.clone(),
                        format!(
                            "endpoint `{}` has path `{}`, outside its family's prefix `{}`",
                            endpoint.name, endpoint.path.raw, family.prefix
                        ),
                    )
                    .related(
                        family.prefix_location.clone(),
                        "the family's prefix is written here",
                    )
                    .hint(format!(
                        "start the path with `{}`, or move the endpoint to the family that owns it",
                        family.prefix
                    )),
                );
            }
        }
    }
}

fn all_endpoints(service: &Service) -> Vec<&Endpoint> {
    service.families.iter().flat_map(|f| &f.endpoints).collect()
}

/// The same method and path twice is one endpoint written twice, unless each says what
/// selects it (`selected_by`), differently.
///
/// ```yaml
/// get_topic: { method: GET, path: /changes/{change-id}/topic }
/// read_topic: { method: GET, path: /changes/{change-id}/topic/ }
/// ```
pub(crate) fn duplicate_endpoints(service: &Service, diags: &mut Diagnostics) {
    let mut seen: BTreeMap<(Method, String), Vec<&Endpoint>> = BTreeMap::new();
    for endpoint in all_endpoints(service) {
        let key = (endpoint.method, endpoint.path.routed());
        let sharing = seen.entry(key).or_default();
        let told_apart = |other: &&Endpoint| match (&other.selected_by, &endpoint.selected_by) {
            (Some(a), Some(b)) => (a.place, &a.name, &a.value) != (b.place, &b.name, &b.value),
            _ => false,
        };
        let first = sharing.iter().find(|other| !told_apart(other)).copied();
        sharing.push(endpoint);
        if let Some(first) = first {
            diags.push(
                Diagnostic::new(
                    endpoint.location.clone(),
                    format!(
                        "`{} {}` is declared twice (`{}` and `{}`)",
                        endpoint.method.as_str(),
                        endpoint.path.raw,
                        first.name,
                        endpoint.name
                    ),
                )
                .related(
                    first.location.clone(),
                    format!("`{}` is declared here", first.name),
                )
                .hint(
                    "remove one of them (a trailing slash does not make a path different), or \
                     give each its own `selected_by` (a header's or query parameter's value, \
                     or a query option that is there)",
                ),
            );
        }
    }
}

/// Two templates that differ only in parameter names route the same requests, and so do
/// templates whose parameters at one position are named differently (the router needs one
/// name per position).
///
/// ```yaml
/// get_reviewer: { method: GET, path: /changes/{change-id}/reviewers/{account-id} }
/// get_voter:    { method: GET, path: /changes/{change-id}/reviewers/{voter-id} }
/// ```
pub(crate) fn ambiguous_templates(service: &Service, diags: &mut Diagnostics) {
    let endpoints = all_endpoints(service);
    let mut by_shape: BTreeMap<(Method, String), &Endpoint> = BTreeMap::new();
    // Endpoints already reported, so that one mistake is one message.
    let mut reported: Vec<&str> = Vec::new();
    for endpoint in &endpoints {
        let key = (endpoint.method, endpoint.path.shape());
        match by_shape.get(&key) {
            Some(first) if first.path.route() != endpoint.path.route() => {
                reported.push(&endpoint.name);
                diags.push(
                    Diagnostic::new(
                        endpoint.path.location.clone(),
                        format!(
                            "`{} {}` and `{} {}` would route the same requests",
                            endpoint.method.as_str(),
                            endpoint.path.raw,
                            first.method.as_str(),
                            first.path.raw
                        ),
                    )
                    .related(first.path.location.clone(), format!("`{}` is declared here", first.name))
                    .hint("name the parameters alike and keep one endpoint, or add a fixed segment that tells them apart"),
                );
            }
            Some(_) => {}
            None => {
                by_shape.insert(key, endpoint);
            }
        }
    }
    // One parameter name per position under the same fixed prefix.
    let mut names: BTreeMap<String, (&str, &Endpoint)> = BTreeMap::new();
    for endpoint in &endpoints {
        let mut prefix = String::new();
        for segment in &endpoint.path.segments {
            match segment {
                Segment::Literal(l) => prefix.push_str(&format!("/{l}")),
                Segment::Param(_) | Segment::Affixed { .. } => {
                    // The router's parameter of the segment is named after its first.
                    let p = &segment.params()[0];
                    if let Some((other, first)) = names.get(&prefix) {
                        if *other != p.as_str() && !reported.contains(&endpoint.name.as_str()) {
                            diags.push(
                                Diagnostic::new(
                                    endpoint.path.location.clone(),
                                    format!(
                                        "`{{{p}}}` stands where `{}` names it `{{{other}}}`",
                                        first.path.raw
                                    ),
                                )
                                .related(
                                    first.path.location.clone(),
                                    format!("`{}` is declared here", first.name),
                                )
                                .hint(format!(
                                    "write `{{{other}}}` here too: one position, one name"
                                )),
                            );
                        }
                    } else {
                        names.insert(prefix.clone(), (p.as_str(), endpoint));
                    }
                    prefix.push_str("/{}");
                }
            }
        }
    }
}
