//! The spec's examples (`examples:` in `spec/*.yaml`), each run as a test against a mock
//! of its own over loopback HTTP.

use restspec_runtime::example_tests::Setup;

{{example_tests}}

/// The mock; the examples' requests that need credentials are sent as `caller`, with the
/// mock's secret. (Unused where the spec has no example: a document that shows no answer.)
#[allow(dead_code)]
async fn start_service(setup: Setup) -> {{lib}}::App {
    setup.user("caller", {{lib}}::SECRET);
    {{lib}}::app()
}
