//! A loopback server running the in-memory `fixtures/conventions` service
//! ([`TestService`]), for the runtime's convention tests.

use restspec_runtime::Settings;

use crate::build_script::conventions::router;
use crate::support::TestService;

/// A running test service on an ephemeral loopback port.
#[derive(Debug, Clone)]
pub struct TestServer {
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    /// The service, to look at its state.
    pub service: TestService,
}

impl TestServer {
    /// Serves `service` with `settings` (its authenticator is set to the service) until the
    /// test's runtime ends.
    pub async fn start(service: TestService, settings: Settings) -> std::io::Result<TestServer> {
        let app = router(service.clone(), settings.authenticator(service.clone()));
        let base = restspec_runtime::example_tests::serve_on_loopback(app).await?;
        Ok(TestServer { base, service })
    }

    /// The URL of `path` on this server.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }
}
