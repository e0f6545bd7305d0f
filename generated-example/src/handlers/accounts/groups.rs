//! The groups an account belongs to.

use super::*;
use crate::api::AccountsGroupsHandlers;

#[allow(refining_impl_trait)]
impl AccountsGroupsHandlers for ReviewService {
    async fn list_account_groups(
        &self,
        ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<Vec<types::GroupInfo>, Error> {
        let account = load(self, account_id)?;
        let viewer = Viewer::of(self, ctx.caller)?;
        let mut groups = Vec::new();
        for id in self.storage.account_groups(account.id)? {
            if let Some(group) = self.storage.group(&id)?.filter(|g| viewer.can_see(g)) {
                groups.push(group);
            }
        }
        groups.sort_by(|a, b| a.name.cmp(&b.name));
        groups
            .iter()
            .map(|group| group_info(self, &viewer, group, false, false))
            .collect()
    }
}
