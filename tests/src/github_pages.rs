//! An in-memory implementation of `fixtures/github_pages` (lists paged as GitHub does, with
//! no `Link` header when everything fits one page), and a loopback server to run it.

use restspec_runtime::{Page, PageRequest, RequestContext, Settings};

use crate::build_script::github_pages::{Error, StargazersHandlers, router};

/// Stargazers `user1` to `user<count>`.
#[derive(Debug, Clone)]
pub struct GithubPages {
    count: usize,
}

impl GithubPages {
    /// A service whose list holds `count` logins.
    pub fn new(count: usize) -> Self {
        GithubPages { count }
    }

    /// Serves the service on a loopback port until the test's runtime ends; answers its
    /// base URL.
    pub async fn serve(self) -> std::io::Result<String> {
        let app = router(self, Settings::default());
        restspec_runtime::example_tests::serve_on_loopback(app).await
    }
}

impl StargazersHandlers for GithubPages {
    async fn list_stargazers(
        &self,
        _: RequestContext<'_>,
        page: PageRequest,
    ) -> Result<Page<String>, Error> {
        let all: Vec<String> = (1..=self.count).map(|n| format!("user{n}")).collect();
        Ok(page.slice(&all))
    }
}
