//! The `config` handlers (the server itself: version, info, capabilities, caches, summary,
//! tasks), and those of `/access/` (here), `/plugins/` ([`plugins`]) and
//! `/Documentation/` ([`docs`]).
//!
//! Caches and plugins live in [`ServerState`](super::ServerState): the service has no real
//! ones, but clients list, flush, enable and disable them. There are no background tasks.

mod summary;

use std::collections::BTreeMap;

use restspec_runtime::RequestContext;

use super::ReviewService;
use super::common::{CacheState, server};
use crate::api::{ConfigHandlers, Error, SERVICE, capabilities, types};
use crate::storage::{ALL_PROJECTS, ALL_USERS};

/// The version the server reports: the real service's API version it follows.
pub(crate) const SERVER_VERSION: &str = "3.13.0-restspec";

fn download_info() -> types::DownloadInfo {
    let base = SERVICE.base_url.trim_end_matches('/');
    let fetch = format!("git fetch \"{base}/${{project}}\" ${{ref}}");
    let commands = BTreeMap::from([
        (
            "Checkout".to_owned(),
            format!("{fetch} && git checkout FETCH_HEAD"),
        ),
        (
            "Cherry Pick".to_owned(),
            format!("{fetch} && git cherry-pick FETCH_HEAD"),
        ),
        (
            "Format Patch".to_owned(),
            format!("{fetch} && git format-patch -1 --stdout FETCH_HEAD"),
        ),
        (
            "Pull".to_owned(),
            format!("git pull \"{base}/${{project}}\" ${{ref}}"),
        ),
    ]);
    let clone_commands = BTreeMap::from([(
        "Clone".to_owned(),
        format!("git clone \"{base}/${{project}}\""),
    )]);
    let http = types::DownloadSchemeInfo {
        url: format!("{base}/${{project}}"),
        is_auth_required: None,
        is_auth_supported: Some(true),
        commands,
        clone_commands,
    };
    types::DownloadInfo {
        schemes: BTreeMap::from([("http".to_owned(), http)]),
        archives: Vec::new(),
    }
}

/// Core caches may also be named with the `gerrit-` prefix of plugin caches.
fn cache_key(name: &str) -> &str {
    name.strip_prefix("gerrit-").unwrap_or(name)
}

/// A cache as the real service shows it: zero counts and an undefined hit ratio are left
/// out (`"entries": {}`, `"hit_ratio": {}`).
fn cache_info(name: Option<&str>, cache: &CacheState) -> types::CacheInfo {
    let requests = cache.hits.saturating_add(cache.misses);
    types::CacheInfo {
        name: name.map(str::to_owned),
        type_: types::CacheType::Mem,
        entries: types::EntriesInfo {
            mem: (cache.entries != 0).then_some(cache.entries),
            disk: None,
            space: None,
        },
        average_get: None,
        hit_ratio: types::HitRatioInfo {
            mem: (requests > 0).then(|| cache.hits.saturating_mul(100) / requests),
            disk: None,
        },
    }
}

fn flush(cache: &mut CacheState) {
    *cache = CacheState {
        entries: 0,
        hits: 0,
        misses: 0,
    };
}

#[allow(refining_impl_trait)]
impl ConfigHandlers for ReviewService {
    async fn get_server_version(&self, _ctx: RequestContext<'_>) -> Result<String, Error> {
        Ok(SERVER_VERSION.to_owned())
    }

    /// What clients adapt to, with the real service's defaults for HTTP authentication.
    async fn get_server_info(&self, _ctx: RequestContext<'_>) -> Result<types::ServerInfo, Error> {
        Ok(types::ServerInfo {
            accounts: types::AccountsConfigInfo {
                visibility: "ALL".into(),
                default_display_name: Some("FULL_NAME".into()),
            },
            auth: types::AuthInfo {
                auth_type: "HTTP".into(),
                use_contributor_agreements: None,
                editable_account_fields: vec!["FULL_NAME".into(), "REGISTER_NEW_EMAIL".into()],
                login_url: None,
                login_text: None,
                register_url: None,
                git_basic_auth_policy: Some("HTTP".into()),
            },
            change: types::ChangeConfigInfo {
                allow_blame: None,
                large_change: 500,
                reply_label: "Reply".into(),
                reply_tooltip: "Reply and score".into(),
                update_delay: 300,
                submit_whole_topic: None,
                disable_private_changes: None,
            },
            download: download_info(),
            gerrit: types::GerritInfo {
                all_projects: ALL_PROJECTS.into(),
                all_users: ALL_USERS.into(),
                doc_search: true,
                doc_url: None,
                report_bug_url: None,
                instance_id: None,
            },
            plugin: types::PluginConfigInfo {
                has_avatars: None,
                js_resource_paths: Vec::new(),
            },
            suggest: types::SuggestInfo { from: 0 },
            user: types::UserConfigInfo {
                anonymous_coward_name: super::common::ANONYMOUS_COWARD_NAME.into(),
            },
        })
    }

    async fn list_caches(
        &self,
        _ctx: RequestContext<'_>,
    ) -> Result<BTreeMap<String, types::CacheInfo>, Error> {
        Ok(server(self)
            .caches
            .iter()
            .map(|(name, cache)| (name.clone(), cache_info(None, cache)))
            .collect())
    }

    /// `FLUSH_ALL` (without `caches`) or `FLUSH` of the named caches; an unknown cache is 422
    /// and nothing is flushed then.
    async fn cache_operations(
        &self,
        _ctx: RequestContext<'_>,
        body: types::CacheOperationInput,
    ) -> Result<(), Error> {
        let mut state = server(self);
        match body.operation {
            types::CacheOperation::FlushAll => {
                if body.caches.is_some() {
                    return Err(Error::BadRequest(
                        "specifying caches is not allowed for operation 'FLUSH_ALL'".into(),
                    ));
                }
                state.caches.values_mut().for_each(flush);
            }
            types::CacheOperation::Flush => {
                let names = body.caches.unwrap_or_default();
                if names.is_empty() {
                    return Err(Error::BadRequest(
                        "caches must be specified for operation 'FLUSH'".into(),
                    ));
                }
                if let Some(unknown) = names
                    .iter()
                    .find(|n| !state.caches.contains_key(cache_key(n)))
                {
                    return Err(Error::UnprocessableEntity(
                        format!("cache {unknown} not found").into(),
                    ));
                }
                for name in &names {
                    if let Some(cache) = state.caches.get_mut(cache_key(name)) {
                        flush(cache);
                    }
                }
            }
        }
        Ok(())
    }

    async fn get_cache(
        &self,
        _ctx: RequestContext<'_>,
        cache_name: &str,
    ) -> Result<types::CacheInfo, Error> {
        let key = cache_key(cache_name);
        server(self)
            .caches
            .get(key)
            .map(|cache| cache_info(Some(key), cache))
            .ok_or_else(|| Error::NotFound(format!("Not found: {cache_name}").into()))
    }

    async fn flush_cache(&self, _ctx: RequestContext<'_>, cache_name: &str) -> Result<(), Error> {
        let mut state = server(self);
        let cache = state
            .caches
            .get_mut(cache_key(cache_name))
            .ok_or_else(|| Error::NotFound(format!("Not found: {cache_name}").into()))?;
        flush(cache);
        Ok(())
    }

    /// Every capability the spec declares, keyed by id, with its display name.
    async fn list_server_capabilities(
        &self,
        _ctx: RequestContext<'_>,
    ) -> Result<BTreeMap<String, types::ConfigCapabilityInfo>, Error> {
        Ok(capabilities::ALL
            .iter()
            .map(|&id| {
                let name = capabilities::description(id).unwrap_or(id);
                let info = types::ConfigCapabilityInfo {
                    id: id.to_owned(),
                    name: name.to_owned(),
                };
                (id.to_owned(), info)
            })
            .collect())
    }

    /// The service runs no background tasks.
    async fn list_tasks(&self, _ctx: RequestContext<'_>) -> Result<Vec<types::TaskInfo>, Error> {
        Ok(Vec::new())
    }

    async fn get_task(
        &self,
        _ctx: RequestContext<'_>,
        task_id: &str,
    ) -> Result<types::TaskInfo, Error> {
        Err(Error::NotFound(format!("Not found: {task_id}").into()))
    }
}
