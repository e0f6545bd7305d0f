//! The spec's examples (`examples:` in `spec/*.yaml`), each run as a test against a service
//! of its own over loopback HTTP.

use restspec_runtime::FixedUsers;
use restspec_runtime::example_tests::Setup;

{{example_tests}}

/// An empty service where `alice`, whom the examples' writes are sent as, has a password.
async fn start_service(setup: Setup) -> {{lib}}::App {
    setup.user("alice", "alice-password");
    let hash = FixedUsers::hash_password("alice-password");
    let users = FixedUsers::parse(&format!("alice:{hash}")).expect("a valid user list");
    {{lib}}::app(users)
}
