//! Who calls: tokens to users, the calling user, the user list, and the version.

use std::sync::Arc;

use restspec_runtime::{Authenticator, Identity, Page, PageRequest, RequestContext};

use crate::Gitlab;
use crate::api::options::ListUsersOptions;
use crate::api::types::{CurrentUser, UserBasic, Version};
use crate::api::{Error, UserHandlers, UsersHandlers, VersionHandlers};
use crate::store::{UserRecord, caller_id};
use crate::views::Views;

fn identity(user: &UserRecord) -> Arc<Identity> {
    Arc::new(Identity::new(user.id.to_string(), user.username.clone()))
}

impl Authenticator for Gitlab {
    /// A personal access token, wherever the spec's credentials put it.
    async fn token(&self, token: &str) -> Option<Arc<Identity>> {
        let data = self.store.lock();
        data.users.iter().find(|u| u.token == token).map(identity)
    }

    /// HTTP basic, with the token as the password (as GitLab takes a token there).
    async fn basic(&self, username: &str, password: &str) -> Option<Arc<Identity>> {
        let data = self.store.lock();
        data.users
            .iter()
            .find(|u| u.username == username && u.token == password)
            .map(identity)
    }
}

#[allow(refining_impl_trait)]
impl VersionHandlers for Gitlab {
    async fn get_version(&self, _ctx: RequestContext<'_>) -> Result<Version, Error> {
        Ok(Version {
            version: "17.0.0-restspec".to_owned(),
            revision: env!("CARGO_PKG_VERSION").to_owned(),
        })
    }
}

#[allow(refining_impl_trait)]
impl UserHandlers for Gitlab {
    async fn get_current_user(&self, ctx: RequestContext<'_>) -> Result<CurrentUser, Error> {
        let data = self.store.lock();
        let base = ctx.public_url();
        let user = caller_id(ctx.caller)
            .and_then(|id| data.user(id))
            .ok_or_else(|| Error::Unauthorized("Unauthorized".into()))?;
        Ok(Views {
            data: &data,
            base: &base,
        }
        .current_user(user))
    }
}

impl UsersHandlers for Gitlab {
    async fn list_users(
        &self,
        ctx: RequestContext<'_>,
        page: PageRequest,
        options: ListUsersOptions,
    ) -> Result<Page<UserBasic>, Error> {
        let data = self.store.lock();
        let base = ctx.public_url();
        let views = Views {
            data: &data,
            base: &base,
        };
        let search = options.search.map(|s| s.to_lowercase());
        let found: Vec<UserBasic> = data
            .users
            .iter()
            .filter(|u| {
                options
                    .username
                    .as_ref()
                    .is_none_or(|name| u.username == *name)
            })
            .filter(|u| {
                search.as_ref().is_none_or(|s| {
                    u.username.to_lowercase().contains(s) || u.name.to_lowercase().contains(s)
                })
            })
            .map(|u| views.user(u))
            .collect();
        Ok(page.slice(&found))
    }
}
