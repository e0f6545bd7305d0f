//! Spec mistakes whose message says what to write, checked in process (the trybuild cases
//! in `tests/compile-fail` show the same messages as compile errors).

use restspec_tests::spec_sources::minimal_with;

/// The one error of the minimal fixture with `lines` added to its `list_things` endpoint.
fn only_error_with(lines: &str) -> String {
    let errors =
        minimal_with("", lines).unwrap_or_else(|| panic!("the spec with {lines:?} is refused"));
    assert_eq!(errors.diagnostics.len(), 1, "{errors}");
    errors.to_string()
}

/// A status the table does not have, and no name close to it: the hint says where to
/// declare it, not only which names there are.
#[test]
fn an_unknown_status_is_told_where_statuses_are_declared() {
    let text = only_error_with("    errors: [conflict]\n");
    assert!(
        text.contains("unknown status `conflict`")
            && text.contains("declare it in `service.yaml` under `statuses`"),
        "{text}"
    );
}

/// `shared_quota_group: true` on an endpoint whose quota group no other endpoint derives
/// says nothing: refused, with where to look.
#[test]
fn a_lone_shared_quota_group_is_refused() {
    let text = only_error_with("    shared_quota_group: true\n");
    assert!(
        text.contains("`list_things` says `shared_quota_group: true`, but no other endpoint derives its quota group")
            && text.contains("remove `shared_quota_group`"),
        "{text}"
    );
}

mod first_service;
mod newcomer;
