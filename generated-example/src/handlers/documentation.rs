//! `/Documentation/`: search in a small built-in index of the REST documentation pages.

use restspec_runtime::RequestContext;

use crate::api::{DocumentationHandlers, Error, options, types};
use crate::handlers::ReviewService;

/// The documentation pages: title and address relative to the server.
const PAGES: &[(&str, &str)] = &[
    (
        "Code Review Service - REST API",
        "Documentation/rest-api.html",
    ),
    (
        "Code Review Service - /access/ REST API",
        "Documentation/rest-api-access.html",
    ),
    (
        "Code Review Service - /accounts/ REST API",
        "Documentation/rest-api-accounts.html",
    ),
    (
        "Code Review Service - /changes/ REST API",
        "Documentation/rest-api-changes.html",
    ),
    (
        "Code Review Service - /config/ REST API",
        "Documentation/rest-api-config.html",
    ),
    (
        "Code Review Service - /Documentation/ REST API",
        "Documentation/rest-api-documentation.html",
    ),
    (
        "Code Review Service - /groups/ REST API",
        "Documentation/rest-api-groups.html",
    ),
    (
        "Code Review Service - /plugins/ REST API",
        "Documentation/rest-api-plugins.html",
    ),
    (
        "Code Review Service - /projects/ REST API",
        "Documentation/rest-api-projects.html",
    ),
];

#[allow(refining_impl_trait)]
impl DocumentationHandlers for ReviewService {
    /// The pages whose title contains every word of `q` (case-insensitive); those containing
    /// `q` as a whole first. A missing or empty `q` is 400.
    async fn search_documentation(
        &self,
        _ctx: RequestContext<'_>,
        options: options::SearchDocumentationOptions,
    ) -> Result<Vec<types::DocResult>, Error> {
        let query = options
            .query
            .as_deref()
            .map(str::trim)
            .unwrap_or_default()
            .to_lowercase();
        if query.is_empty() {
            return Err(Error::BadRequest("missing query field".into()));
        }
        let words: Vec<&str> = query.split_whitespace().collect();
        let mut hits: Vec<(bool, &(&str, &str))> = PAGES
            .iter()
            .filter_map(|page| {
                let title = page.0.to_lowercase();
                words
                    .iter()
                    .all(|w| title.contains(w))
                    .then(|| (!title.contains(&query), page))
            })
            .collect();
        hits.sort_by_key(|(partial, _)| *partial);
        Ok(hits
            .into_iter()
            .map(|(_, (title, url))| types::DocResult {
                title: (*title).to_owned(),
                url: (*url).to_owned(),
            })
            .collect())
    }
}
