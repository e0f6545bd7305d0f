//! Rules about the docs page (`docs_path`): what it shows must be served, and its paths
//! must be its own.

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{DocsPage, Method, Service};

/// The page renders the document served at `openapi_path`, so it needs one.
///
/// ```yaml
/// conventions:
///   docs_path: /docs/      # and no openapi_path
/// ```
pub(crate) fn needs_openapi_path(service: &Service, diags: &mut Diagnostics) {
    let c = &service.conventions;
    let Some(docs) = &c.docs_page else { return };
    if c.openapi_path.is_none() {
        diags.push(
            Diagnostic::new(
                docs.location.clone(),
                format!(
                    "`docs_path: {}` shows the OpenAPI document, but the service serves none",
                    docs.path
                ),
            )
            .hint("add `openapi_path: /openapi.json` next to it, or remove `docs_path`"),
        );
    }
}

/// `GET` on the docs path, and on any path one segment beneath it (where the page's script
/// and stylesheet are), answers the page before routing: an endpoint there, or the OpenAPI
/// document, would never be reached.
///
/// ```yaml
/// conventions: { docs_path: /docs/ }
/// get_doc: { method: GET, path: /docs/{doc-id} }
/// ```
pub(crate) fn paths_are_its_own(service: &Service, diags: &mut Diagnostics) {
    let c = &service.conventions;
    let Some(docs) = &c.docs_page else { return };
    let page = segments(&docs.path);
    let taken = |path: &[&str]| path.len() == page.len() + 1 && path.starts_with(&page);
    if let Some(openapi) = &c.openapi_path
        && (segments(openapi) == page || taken(&segments(openapi)))
    {
        diags.push(collision(
            docs,
            format!("the OpenAPI document's `openapi_path: {openapi}`"),
        ));
    }
    for endpoint in service.families.iter().flat_map(|f| &f.endpoints) {
        if endpoint.method != Method::Get {
            continue;
        }
        let path = &endpoint.path.segments;
        let reached = (path.len() == page.len() || path.len() == page.len() + 1)
            && page.iter().zip(path).all(|(p, s)| s.matches(p));
        if reached {
            diags.push(
                collision(
                    docs,
                    format!("endpoint `{}` (`GET {}`)", endpoint.name, endpoint.path.raw),
                )
                .related(
                    endpoint.location.clone(),
                    format!("`{}` is declared here", endpoint.name),
                ),
            );
        }
    }
}

fn collision(docs: &DocsPage, what: String) -> Diagnostic {
    Diagnostic::new(
        docs.location.clone(),
        format!(
            "`docs_path: {}` takes `GET` on that path and one segment beneath it, where {what} is",
            docs.path
        ),
    )
    .hint("choose a docs path no endpoint uses, such as `/docs/` or `/api-docs/`")
}

fn segments(path: &str) -> Vec<&str> {
    path.split('/').filter(|s| !s.is_empty()).collect()
}
