//! Names that must be unique across the whole spec.

use std::collections::BTreeMap;

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::Service;
use crate::names;

/// Two families may not share a name or a prefix: the name becomes a Rust item and the
/// prefix decides which family a request belongs to.
///
/// ```yaml
/// # changes.yaml                      # drafts.yaml
/// family: { name: changes, prefix: /changes/ }   family: { name: drafts, prefix: /changes/ }
/// ```
pub(crate) fn family_names_and_prefixes(service: &Service, diags: &mut Diagnostics) {
    let mut by_name = BTreeMap::new();
    let mut by_prefix = BTreeMap::new();
    for family in &service.families {
        if let Some(first) = by_name.insert(family.name.as_str(), family) {
            diags.push(
                Diagnostic::new(
                    family.location.clone(),
                    format!("family `{}` is declared twice", family.name),
                )
                .related(first.location.clone(), "first declared here")
                .hint("give each family file its own `name`"),
            );
        }
        if let Some(first) = by_prefix.insert(family.prefix.as_str(), family) {
            diags.push(
                Diagnostic::new(
                    family.prefix_location.clone(),
                    format!(
                        "families `{}` and `{}` share the prefix `{}`",
                        first.name, family.name, family.prefix
                    ),
                )
                .related(first.prefix_location.clone(), "the other family's prefix")
                .hint("merge them into one file, or give this one its own prefix"),
            );
        }
    }
}

/// Each family and each section of a family becomes a handler trait named after it, so a
/// section may not give the name of another family's trait.
///
/// ```yaml
/// section: { family: changes, name: reviewers }    # ChangesReviewersHandlers
/// family: { name: changes_reviewers, ... }         # ChangesReviewersHandlers
/// ```
pub(crate) fn handler_trait_names(service: &Service, diags: &mut Diagnostics) {
    let mut seen = BTreeMap::new();
    for family in &service.families {
        seen.insert(names::handler_trait(&family.name, None), &family.location);
    }
    for family in &service.families {
        for section in &family.sections {
            let name = names::handler_trait(&family.name, Some(&section.name));
            if let Some(first) = seen.insert(name.clone(), &section.location) {
                diags.push(
                    Diagnostic::new(
                        section.location.clone(),
                        format!(
                            "the section `{}` of `{}` gives the handler trait `{name}`, which is already taken",
                            section.name, family.name
                        ),
                    )
                    .related(first.clone(), "the trait's other source")
                    .hint("give the section another name"),
                );
            }
        }
    }
}

/// Endpoint names become handler methods of one trait, so they are unique service-wide.
///
/// ```yaml
/// endpoints:
///   get_detail: { method: GET, path: /changes/{change-id}/detail }
/// # and in accounts.yaml
///   get_detail: { method: GET, path: /accounts/{account-id}/detail }
/// ```
pub(crate) fn endpoint_names(service: &Service, diags: &mut Diagnostics) {
    let mut seen = BTreeMap::new();
    for family in &service.families {
        for endpoint in &family.endpoints {
            if let Some(first) = seen.insert(endpoint.name.as_str(), endpoint) {
                diags.push(
                    Diagnostic::new(endpoint.location.clone(), format!("endpoint name `{}` is used twice", endpoint.name))
                        .related(first.location.clone(), "first used here")
                        .hint(format!(
                            "endpoint names become methods of one handler trait; rename one, for example to `{}_{}`",
                            family.name, endpoint.name
                        )),
                );
            }
        }
    }
    // The trait also has one resolver per family.
    for family in &service.families {
        let resolver = format!("resolve_{}", crate::names::snake(&family.name));
        for endpoint in service.families.iter().flat_map(|f| &f.endpoints) {
            if endpoint.name == resolver {
                diags.push(
                    Diagnostic::new(
                        endpoint.location.clone(),
                        format!(
                            "endpoint name `{}` is the name of the resolver of family `{}`",
                            endpoint.name, family.name
                        ),
                    )
                    .hint("choose another name; `resolve_<family>` is generated for every family"),
                );
            }
        }
    }
    // The typed client's struct has its constructors beside the endpoint methods.
    for endpoint in service.families.iter().flat_map(|f| &f.endpoints) {
        if names::CLIENT_METHODS.contains(&endpoint.name.as_str()) {
            diags.push(
                Diagnostic::new(
                    endpoint.location.clone(),
                    format!(
                        "endpoint name `{}` is taken by the generated client",
                        endpoint.name
                    ),
                )
                .hint(format!(
                    "choose another name; `{}` are the client's own methods",
                    names::CLIENT_METHODS.join("`, `")
                )),
            );
        }
    }
}

/// A runtime condition answers with one status only.
///
/// ```yaml
/// statuses:
///   bad_request: { code: 400, raised_for: [malformed_json] }
///   unprocessable: { code: 422, raised_for: [malformed_json] }
/// ```
pub(crate) fn status_conditions(service: &Service, diags: &mut Diagnostics) {
    let mut seen = BTreeMap::new();
    for status in &service.statuses {
        for condition in &status.raised_for {
            if let Some(first) = seen.insert(condition.as_str(), status) {
                diags.push(
                    Diagnostic::new(
                        status.location.clone(),
                        format!(
                            "condition `{condition}` is raised for both `{}` and `{}`",
                            first.name, status.name
                        ),
                    )
                    .related(first.location.clone(), "first listed here")
                    .hint(format!("keep `{condition}` under one status only")),
                );
            }
        }
    }
}
