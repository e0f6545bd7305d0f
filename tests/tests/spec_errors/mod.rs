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
    assert!(text.contains("`conflict: { code: 409,"), "{text}");
}

/// The code the hint suggests is the name's own: `gone` is 410, not the 409 every name
/// used to get; a name no reason phrase has gets a placeholder, not a wrong code.
#[test]
fn the_hint_for_an_unknown_status_suggests_its_usual_code() {
    let text = only_error_with("    errors: [gone]\n");
    assert!(text.contains("`gone: { code: 410,"), "{text}");
    let text = only_error_with("    errors: [card_declined]\n");
    assert!(
        text.contains("`card_declined: { code: <its HTTP code>,"),
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

/// Cursor pagination as a payments API writes it, for the tests below.
const CURSOR_PAGES: &str = "  pagination:
    style: cursor
    cursor_parameter: starting_after
    before_parameter: ending_before
    next_cursor_field: next_page
";

/// The pagination's parameters are reserved on paginated endpoints only: another
/// endpoint may have its own `limit` (before, it was refused, and the handler's
/// `options.limit` failed to compile after the message).
#[test]
fn a_pagination_parameter_is_reserved_only_where_lists_are_paged() {
    let own_limit = "    query:\n      limit: { type: integer }\n";
    assert!(
        minimal_with(CURSOR_PAGES, own_limit).is_none(),
        "a non-paginated endpoint's own `limit` is its option"
    );
    let errors =
        minimal_with(CURSOR_PAGES, &format!("    paginated: true\n{own_limit}")).expect("refused");
    let text = errors.to_string();
    assert_eq!(errors.diagnostics.len(), 1, "{text}");
    assert!(
        text.contains("`limit` is a pagination parameter of this paginated endpoint")
            && text.contains("remove the option"),
        "{text}"
    );
    let before = "    paginated: true\n    query:\n      ending_before: { type: string }\n";
    let text = minimal_with(CURSOR_PAGES, before)
        .expect("refused")
        .to_string();
    assert!(
        text.contains("`ending_before` is a pagination parameter"),
        "{text}"
    );
}

/// The cursor style's new keys: a constant field or the `url_field` named like another
/// field of the answer, and `before_parameter` named like the cursor, are located errors;
/// `link_on_single_page` belongs to the `pages` style.
#[test]
fn cursor_envelope_fields_are_named_apart() {
    let clash =
        format!("{CURSOR_PAGES}    constant_fields: {{ items: list }}\n    url_field: next_page\n");
    let errors = minimal_with(&clash, "").expect("refused");
    let text = errors.to_string();
    assert_eq!(errors.diagnostics.len(), 2, "{text}");
    assert!(
        text.contains("the answer's field `next_page` is named twice"),
        "{text}"
    );
    assert!(
        text.contains("the answer's field `items` is named twice"),
        "{text}"
    );
    let same = CURSOR_PAGES.replace("ending_before", "starting_after");
    let text = minimal_with(&same, "").expect("refused").to_string();
    assert!(
        text.contains("`before_parameter` is `starting_after`") && text.contains("name it apart"),
        "{text}"
    );
    let pages_key = format!("{CURSOR_PAGES}    link_on_single_page: false\n");
    let text = minimal_with(&pages_key, "").expect("refused").to_string();
    assert!(
        text.contains("`link_on_single_page` belongs to `style: pages`"),
        "{text}"
    );
}

mod error_types;
mod first_service;
mod newcomer;
mod types;

/// The request-body conventions are each one of two words: another is located, with the
/// closest word, and both words are accepted.
#[test]
fn a_request_body_policy_is_one_of_its_two_words() {
    let errors = minimal_with("  unknown_fields: rejects\n", "")
        .expect("the spec is refused")
        .to_string();
    assert!(
        errors.contains("service.yaml:11:19: unknown `unknown_fields` `rejects`")
            && errors.contains("did you mean `reject`?"),
        "{errors}"
    );
    let errors = minimal_with("  request_content_type: json\n", "")
        .expect("the spec is refused")
        .to_string();
    assert!(
        errors.contains("unknown `request_content_type` `json`")
            && errors.contains("`checked`, `any`"),
        "{errors}"
    );
    for lines in [
        "  unknown_fields: ignore\n  null_optional_fields: absent\n  request_content_type: checked\n",
        "  unknown_fields: reject\n  null_optional_fields: reject\n  request_content_type: any\n",
    ] {
        assert!(minimal_with(lines, "").is_none(), "{lines} is accepted");
    }
}

/// A status row's `message_for` without `{name}` would word every 404 alike, naming
/// nothing: refused at the line, with the row's own message as the start of a fix.
#[test]
fn a_message_for_without_its_name_is_refused() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/minimal");
    let mut sources = restspec_tests::spec_sources::spec_sources(&dir);
    let service = &mut sources[0];
    service.text = service.text.replacen(
        "statuses: {}\n",
        "statuses:\n  not_found:\n    code: 404\n    message: Not Found\n    message_for: No such thing\n    when: Nothing there.\n    raised_for: [not_found]\n",
        1,
    );
    let errors = restspec_codegen::Loader::sources(sources)
        .load()
        .expect_err("refused");
    let text = errors.to_string();
    assert_eq!(errors.diagnostics.len(), 1, "{text}");
    assert!(
        text.contains("service.yaml:16:18: `message_for` of `not_found` does not say `{name}`")
            && text
                .contains("hint: write where the name goes, for example `\"Not Found: {name}\"`"),
        "{text}"
    );
}

/// A header parameter must be a header name the runtime does not read itself: HTTP's own
/// (`Authorization`, `Content-Type`) and the conventions' (a credential header) are
/// refused at the key, and so is a name with a space.
#[test]
fn a_header_parameter_the_runtime_reads_or_that_is_no_header_is_refused() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/minimal");
    let mut sources = restspec_tests::spec_sources::spec_sources(&dir);
    let service = &mut sources[0];
    service.text = service.text.replacen(
        "  timestamp_format: rfc3339\n",
        "  timestamp_format: rfc3339\n  credentials:\n    - { header: PRIVATE-TOKEN }\n",
        1,
    );
    let things = &mut sources[1];
    things.text.push_str(
        "    headers:\n      Authorization: { type: string }\n      private-token: { type: string }\n      X Version: { type: integer }\n      X-Version: { type: integer }\n",
    );
    let errors = restspec_codegen::Loader::sources(sources)
        .load()
        .expect_err("refused");
    let text = errors.to_string();
    assert_eq!(errors.diagnostics.len(), 3, "{text}");
    for expected in [
        "things.yaml:16:7: `Authorization` is a header the runtime reads itself",
        "things.yaml:17:7: `private-token` is a header the runtime reads itself",
        "things.yaml:18:7: `X Version` is not a header name",
    ] {
        assert!(text.contains(expected), "{expected}\n{text}");
    }
}

/// `request_optional` without a `request` has nothing to leave out, and
/// `empty_request_body` is one of its two words: both refused where written.
#[test]
fn request_optional_without_a_body_and_an_unknown_empty_body_word_are_refused() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/minimal");
    let mut sources = restspec_tests::spec_sources::spec_sources(&dir);
    sources[0].text = sources[0].text.replacen(
        "  timestamp_format: rfc3339\n",
        "  timestamp_format: rfc3339\n  empty_request_body: reject\n",
        1,
    );
    sources[1].text.push_str("    request_optional: true\n");
    let errors = restspec_codegen::Loader::sources(sources)
        .load()
        .expect_err("refused");
    let text = errors.to_string();
    assert_eq!(errors.diagnostics.len(), 2, "{text}");
    assert!(
        text.contains("service.yaml:11:23: unknown `empty_request_body` `reject`")
            && text.contains("things.yaml:15:23: `request_optional` without a `request`"),
        "{text}"
    );
}
