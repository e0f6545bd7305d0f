//! The spec's examples (`examples:` in `spec/*.yaml`), each run as a test against a mock
//! of its own over loopback HTTP.

use restspec_runtime::examples::Setup;

{{example_tests}}

/// The mock; the examples' requests are sent as `alice`, with the mock's secret. (Unused
/// until the spec has an example: an imported spec has none.)
#[allow(dead_code)]
async fn start_service(setup: Setup) -> {{lib}}::App {
    setup.user("alice", {{lib}}::SECRET);
    {{lib}}::app()
}
