//! `GET /groups/`: the groups a caller can see, filtered, paged and suggested.

use super::*;
use crate::api::GroupsListHandlers;

/// Suggestions answer this many groups unless `n` says otherwise.
pub(crate) const SUGGEST_LIMIT: usize = 10;

#[allow(refining_impl_trait)]
impl GroupsListHandlers for ReviewService {
    async fn list_groups(
        &self,
        ctx: RequestContext<'_>,
        options: options::ListGroupsOptions,
    ) -> Result<BTreeMap<String, types::GroupInfo>, Error> {
        let mut members = false;
        let mut includes = false;
        for option in &options.options {
            match option.to_ascii_uppercase().as_str() {
                "MEMBERS" => members = true,
                "INCLUDES" => includes = true,
                _ => {
                    return Err(Error::BadRequest(
                        format!("\"{option}\" is not a valid value for \"-o\"").into(),
                    ));
                }
            }
        }
        let matcher = options
            .regex
            .as_deref()
            .map(|r| {
                pattern::Pattern::new(r)
                    .map_err(|e| Error::BadRequest(format!("invalid regex '{r}': {e}").into()))
            })
            .transpose()?;
        let viewer = Viewer::of(self, ctx.caller)?;

        let mut groups: Vec<Group> = if options.groups.is_empty() {
            self.storage.list_groups(&GroupQuery::default())?.items
        } else {
            let mut named: Vec<Group> = Vec::new();
            for id in &options.groups {
                let group = self
                    .storage
                    .find_group(id)?
                    .filter(|g| viewer.can_see(g))
                    .ok_or_else(|| Error::BadRequest(format!("Group Not Found: {id}").into()))?;
                if !named.iter().any(|g| g.id == group.id) {
                    named.push(group);
                }
            }
            named.sort_by(|a, b| a.name.cmp(&b.name));
            named
        };
        groups.retain(|g| viewer.can_see(g));
        if options.owned == Some(true) {
            groups.retain(|g| viewer.owns(g));
        }
        if options.visible_to_all == Some(true) {
            groups.retain(|g| g.visible_to_all);
        }
        if let Some(user) = &options.user {
            let account = self
                .storage
                .find_account(user)?
                .ok_or_else(|| Error::BadRequest(format!("Account '{user}' not found").into()))?;
            let of_user = self.storage.account_groups(account.id)?;
            groups.retain(|g| of_user.contains(&g.id));
        }
        if let Some(text) = &options.substring {
            let text = text.to_lowercase();
            groups.retain(|g| g.name.to_lowercase().contains(&text));
        }
        if let Some(matcher) = &matcher {
            groups.retain(|g| matcher.matches(&g.name));
        }
        if let Some(prefix) = &options.suggest {
            let prefix = prefix.to_lowercase();
            groups.retain(|g| g.name.to_lowercase().starts_with(&prefix));
        }
        if !options.projects.is_empty() {
            // Groups named in any of the projects' own access rights, as the real service lists.
            let mut named = Vec::new();
            for name in &options.projects {
                let Some(project) = self.storage.project(name)? else {
                    return Err(Error::BadRequest(
                        format!("Project Not Found: {name}").into(),
                    ));
                };
                named.extend(crate::handlers::projects::groups_with_rights(
                    self, &project,
                )?);
            }
            groups.retain(|g| named.contains(&g.id));
        }

        let default_limit = options.suggest.as_ref().map(|_| SUGGEST_LIMIT);
        let window = Window::new(options.skip, options.limit, default_limit);
        let more = window.has_more(groups.len());
        let shown: Vec<&Group> = window.apply(&groups).collect();

        let mut answer = BTreeMap::new();
        for (index, group) in shown.iter().enumerate() {
            let mut info = group_info(self, &viewer, group, members, includes)?;
            info.name = None;
            if more && index + 1 == shown.len() {
                info.more_groups = Some(true);
            }
            answer.insert(group.name.clone(), info);
        }
        Ok(answer)
    }
}

/// The regular expressions of the `r` option, matched against the whole name as the real
/// service does (`test.*` finds names starting with `test`). The `regex` crate matches in
/// time linear in the name, and the compiled size is limited, so no pattern can hold up
/// the server.
mod pattern {
    /// A compiled `r` option.
    #[derive(Debug, Clone)]
    pub(crate) struct Pattern(regex::Regex);

    /// The largest compiled pattern accepted, in bytes.
    const SIZE_LIMIT: usize = 1 << 20;

    impl Pattern {
        /// Compiles `source`, anchored at both ends.
        pub(crate) fn new(source: &str) -> Result<Pattern, String> {
            regex::RegexBuilder::new(&format!("^(?:{source})$"))
                .size_limit(SIZE_LIMIT)
                .build()
                .map(Pattern)
                .map_err(|e| e.to_string())
        }

        /// True when the whole of `text` matches.
        pub(crate) fn matches(&self, text: &str) -> bool {
            self.0.is_match(text)
        }
    }

    #[cfg(test)]
    mod tests {
        use super::Pattern;

        fn matches(pattern: &str, text: &str) -> bool {
            Pattern::new(pattern).expect("valid pattern").matches(text)
        }

        #[test]
        fn whole_names_match() {
            assert!(matches("test.*", "testers"));
            assert!(!matches("test", "testers"));
            assert!(matches(".*ers", "testers"));
            assert!(matches("^(dev|ops)-[a-z]+\\d{1,2}$", "ops-team42"));
            assert!(!matches("(dev|ops)-[a-z]+\\d{1,2}", "qa-team42"));
            assert!(matches("[^ ]+ Users", "Registered Users"));
            assert!(matches("a{2,}b?", "aaa"));
            assert!(matches("(a*)*b", "aaab"));
            assert!(!matches("(a*)*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac"));
            assert!(matches("x[-a]y", "x-y"));
        }

        #[test]
        fn malformed_patterns_are_refused() {
            for bad in ["(a", "a)", "[a", "*a", "a{3,1}", "\\"] {
                assert!(Pattern::new(bad).is_err(), "{bad}");
            }
        }
    }
}
