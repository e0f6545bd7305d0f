//! Rules about quota groups.

use std::collections::BTreeMap;

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
    for endpoint in service.families.iter().flat_map(|f| &f.endpoints) {
        match seen.get(endpoint.quota_group.as_str()) {
            // The same method and route is reported as a duplicate endpoint already.
            Some(first)
                if first.method == endpoint.method
                    && first.path.route() == endpoint.path.route() => {}
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
