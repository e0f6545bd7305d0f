//! Rules about quota groups.

use std::collections::{BTreeMap, BTreeSet};

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Endpoint, Service};

/// Two endpoints deriving the same quota group draw on one quota, which is rarely meant:
/// it happens when templates differ only by id segments. Both must say
/// `shared_quota_group: true` to accept it.
///
/// ```yaml
/// list_emails: { method: GET, path: /accounts/{account-id}/emails }
/// get_email:   { method: GET, path: /accounts/{account-id}/emails/{email-id} }
/// # both derive /restapi/accounts/emails:GET
/// ```
pub(crate) fn distinct_groups(service: &Service, diags: &mut Diagnostics) {
    if !service.quota_template_valid {
        return;
    }
    let mut seen: BTreeMap<&str, &Endpoint> = BTreeMap::new();
    let mut routes = BTreeSet::new();
    for endpoint in service.families.iter().flat_map(|f| &f.endpoints) {
        // The same method and route is reported as a duplicate endpoint already: one
        // mistake, one message.
        if !routes.insert((endpoint.method, endpoint.path.route())) {
            continue;
        }
        match seen.get(endpoint.quota_group.as_str()) {
            Some(first) if !(first.shared_quota_group && endpoint.shared_quota_group) => {
                diags.push(
                    Diagnostic::new(
                        endpoint.location.clone(),
                        format!(
                            "`{}` and `{}` both derive the quota group `{}`",
                            first.name, endpoint.name, endpoint.quota_group
                        ),
                    )
                    .related(first.location.clone(), format!("`{}` is declared here", first.name))
                    .hint("if they should draw on one quota, set `shared_quota_group: true` on both; otherwise add a fixed segment that tells them apart"),
                );
            }
            Some(_) => {}
            None => {
                seen.insert(&endpoint.quota_group, endpoint);
            }
        }
    }
}

/// `shared_quota_group: true` acknowledges a group another endpoint derives too; on an
/// endpoint whose group no other endpoint derives it says nothing, and is most likely left
/// over from a template that has changed since.
///
/// ```yaml
/// get_email: { method: GET, path: /accounts/{account-id}/mail/{email-id}, shared_quota_group: true }
/// # nothing else derives /restapi/accounts/mail:GET
/// ```
pub(crate) fn shared_groups_are_shared(service: &Service, diags: &mut Diagnostics) {
    if !service.quota_template_valid {
        return;
    }
    let endpoints: Vec<&Endpoint> = service.families.iter().flat_map(|f| &f.endpoints).collect();
    for endpoint in endpoints.iter().filter(|e| e.shared_quota_group) {
        let shared = endpoints
            .iter()
            .any(|other| other.name != endpoint.name && other.quota_group == endpoint.quota_group);
        if !shared {
            diags.push(
                Diagnostic::new(
                    endpoint.location.clone(),
                    format!(
                        "`{}` says `shared_quota_group: true`, but no other endpoint derives its quota group `{}`",
                        endpoint.name, endpoint.quota_group
                    ),
                )
                .hint("remove `shared_quota_group`: the endpoint has a quota group of its own"),
            );
        }
    }
}
