//! `/plugins/`: the in-process plugin list of [`ServerState`](crate::handlers::ServerState).
//! Every view needs `viewPlugins` or `administrateServer` (the runtime checks the spec's
//! capability before the resolver runs).

use std::collections::BTreeMap;

use restspec_runtime::{Caller, RequestContext};

use crate::api::{Error, PluginsHandlers, options, types};
use crate::handlers::ReviewService;
use crate::handlers::common::{PluginState, page, server};

fn plugin_info(id: &str, plugin: &PluginState) -> types::PluginInfo {
    types::PluginInfo {
        id: id.to_owned(),
        version: Some(plugin.version.clone()),
        api_version: None,
        index_url: Some(format!("plugins/{id}/")),
        filename: Some(format!("{id}.jar")),
        disabled: (!plugin.enabled).then_some(true),
    }
}

/// Runs `change` on the plugin and answers it afterwards; 404 when it is gone.
fn update(
    svc: &ReviewService,
    id: &str,
    change: impl FnOnce(&mut PluginState) -> Result<(), Error>,
) -> Result<types::PluginInfo, Error> {
    let mut state = server(svc);
    let plugin = state
        .plugins
        .get_mut(id)
        .ok_or_else(|| Error::not_found_for(id))?;
    change(plugin)?;
    Ok(plugin_info(id, plugin))
}

#[allow(refining_impl_trait)]
impl PluginsHandlers for ReviewService {
    /// Disabled plugins are found too (they can be enabled again).
    async fn resolve_plugins(&self, _caller: &Caller, plugin_id: &str) -> Result<bool, Error> {
        Ok(server(self).plugins.contains_key(plugin_id))
    }

    /// `r` is matched as a case-insensitive substring, like `m`: the service has no regular
    /// expression engine.
    async fn list_plugins(
        &self,
        _ctx: RequestContext<'_>,
        options: options::ListPluginsOptions,
    ) -> Result<BTreeMap<String, types::PluginInfo>, Error> {
        let matchers = [&options.prefix, &options.substring, &options.regex];
        if matchers.iter().filter(|m| m.is_some()).count() > 1 {
            return Err(Error::BadRequest("specify exactly one of p/m/r".into()));
        }
        let all = options.all.unwrap_or(false);
        let needle = options
            .substring
            .as_ref()
            .or(options.regex.as_ref())
            .map(|t| t.to_lowercase());
        let state = server(self);
        let matching = state.plugins.iter().filter(|(id, plugin)| {
            (all || plugin.enabled)
                && options.prefix.as_deref().is_none_or(|p| id.starts_with(p))
                && needle
                    .as_deref()
                    .is_none_or(|n| id.to_lowercase().contains(n))
        });
        Ok(page(matching, options.skip, options.limit)
            .into_iter()
            .map(|(id, plugin)| (id.clone(), plugin_info(id, plugin)))
            .collect())
    }

    async fn get_plugin_status(
        &self,
        _ctx: RequestContext<'_>,
        plugin_id: &str,
    ) -> Result<types::PluginInfo, Error> {
        let state = server(self);
        let plugin = state
            .plugins
            .get(plugin_id)
            .ok_or_else(|| Error::not_found_for(plugin_id))?;
        Ok(plugin_info(plugin_id, plugin))
    }

    async fn enable_plugin(
        &self,
        _ctx: RequestContext<'_>,
        plugin_id: &str,
    ) -> Result<types::PluginInfo, Error> {
        set_enabled(self, plugin_id, true)
    }

    async fn disable_plugin(
        &self,
        _ctx: RequestContext<'_>,
        plugin_id: &str,
    ) -> Result<types::PluginInfo, Error> {
        set_enabled(self, plugin_id, false)
    }

    /// The `DELETE` form of disabling: the plugin stays installed, disabled.
    async fn delete_plugin(
        &self,
        _ctx: RequestContext<'_>,
        plugin_id: &str,
    ) -> Result<types::PluginInfo, Error> {
        set_enabled(self, plugin_id, false)
    }

    /// Reloading changes nothing in-process; a disabled plugin is 409.
    async fn reload_plugin(
        &self,
        _ctx: RequestContext<'_>,
        plugin_id: &str,
    ) -> Result<types::PluginInfo, Error> {
        update(self, plugin_id, |plugin| {
            if plugin.enabled {
                Ok(())
            } else {
                Err(Error::Conflict(
                    format!("plugin {plugin_id} is disabled").into(),
                ))
            }
        })
    }
}

/// Enabling and disabling differ only in the flag's new value.
fn set_enabled(
    svc: &ReviewService,
    plugin_id: &str,
    enabled: bool,
) -> Result<types::PluginInfo, Error> {
    update(svc, plugin_id, |plugin| {
        plugin.enabled = enabled;
        Ok(())
    })
}
