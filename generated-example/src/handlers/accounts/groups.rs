//! The groups an account belongs to.

use super::*;

pub(crate) async fn list_account_groups(
    svc: &ReviewService,
    ctx: RequestContext<'_>,
    account_id: &str,
) -> Result<Vec<types::GroupInfo>, Error> {
    let account = load(svc, account_id)?;
    let viewer = Viewer::of(svc, ctx.caller)?;
    let mut groups = Vec::new();
    for id in svc.storage.account_groups(account.id)? {
        if let Some(group) = svc.storage.group(&id)?.filter(|g| viewer.can_see(g)) {
            groups.push(group);
        }
    }
    groups.sort_by(|a, b| a.name.cmp(&b.name));
    groups
        .iter()
        .map(|group| group_info(svc, &viewer, group, false, false))
        .collect()
}
