//! A metrics or health path that an endpoint or another convention also names is a
//! located spec error: the runtime answers it before routing, so one of the two would
//! never be reached.

use restspec_tests::spec_sources::minimal_with;

/// The errors of the minimal fixture with `lines` added to its conventions.
fn errors_with(lines: &str) -> String {
    minimal_with(lines, "")
        .unwrap_or_else(|| panic!("the spec with {lines:?} is refused"))
        .to_string()
}

#[test]
fn a_probe_path_that_is_an_endpoints_path_is_refused() {
    assert_eq!(
        errors_with("  metrics_path: /things/\n"),
        "error: service.yaml:11:17: `metrics_path` `/things/` is also the path of endpoint \
         `list_things` (`/things/`), which would never be reached there: the runtime answers \
         `metrics_path` before routing\n  \
         note: things.yaml:12:11: that path is written here\n  \
         hint: choose a path of its own for `metrics_path`, such as `/metrics`"
    );
}

#[test]
fn two_conventions_naming_one_path_are_refused() {
    assert_eq!(
        errors_with("  openapi_path: /status\n  liveness_path: /status/\n"),
        "error: service.yaml:12:18: `liveness_path` `/status/` is also the path of \
         `openapi_path`, which would never be reached there: the runtime answers \
         `liveness_path` before routing\n  \
         note: service.yaml:11:17: that path is written here\n  \
         hint: choose a path of its own for `liveness_path`, such as `/healthz`"
    );
}

#[test]
fn a_probe_path_must_start_at_the_root() {
    assert_eq!(
        errors_with("  liveness_path: healthz\n"),
        "error: service.yaml:11:18: `liveness_path` `healthz` is not a path\n  \
         hint: write it from the root: `/healthz`"
    );
}
