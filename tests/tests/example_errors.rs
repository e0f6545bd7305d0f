//! Examples are validated with the rest of the spec: one that does not fit its endpoint or
//! its types is a located spec error saying what to write instead.

use std::path::Path;

use restspec_tests::spec_sources::spec_sources;

/// The errors of `fixtures/house_base` with `examples` (indented YAML) added to its one
/// endpoint, `get_note` (`GET /notes/{note-id}`, answering a `NoteInfo`).
fn errors_with(examples: &str) -> Vec<String> {
    errors_after(&format!("    examples:\n{examples}"))
}

/// The errors of `fixtures/house_base` with `text` (indented YAML) written after `get_note`'s
/// `errors`: its keys, or further endpoints.
fn errors_after(text: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/house_base");
    let mut sources = spec_sources(&root);
    let notes = sources
        .iter_mut()
        .find(|s| s.display.ends_with("notes.yaml"))
        .expect("notes.yaml");
    notes.text = notes.text.replace(
        "    errors: [not_found]\n",
        &format!("    errors: [not_found]\n{text}"),
    );
    match restspec_codegen::Loader::sources(sources).load() {
        Ok(_) => Vec::new(),
        Err(errors) => errors.diagnostics.iter().map(ToString::to_string).collect(),
    }
}

fn only(errors: Vec<String>) -> String {
    assert_eq!(errors.len(), 1, "{errors:#?}");
    errors.into_iter().next().unwrap_or_default()
}

#[test]
fn a_fitting_example_is_accepted() {
    let errors = errors_with(
        "      - name: reads a note
        setup:
          - { method: GET, path: /a/notes/1 }
        request: { path: /a/notes/1, user: admin }
        response:
          status: 200
          body: { text: hello, owner: { name: Ann } }
          quota_group: /house/notes:GET
      - name: no such note
        request: { path: /notes/2 }
        response: { status: 404, text: Not found }
",
    );
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn a_path_of_another_endpoint_is_located() {
    let error = only(errors_with(
        "      - name: wrong path
        request: { path: /notes/1/text }
        response: { status: 200 }
",
    ));
    assert!(error.starts_with("notes.yaml:18:26: the example's path `/notes/1/text` is not a path of `get_note` (/notes/{note-id})"), "{error}");
}

#[test]
fn a_set_up_step_must_call_an_endpoint() {
    let error = only(errors_with(
        "      - name: wrong step
        setup:
          - { method: DELETE, path: /a/notes/1 }
        request: { path: /notes/1 }
        response: { status: 200 }
",
    ));
    assert!(
        error.contains("set-up step `DELETE /a/notes/1` matches no endpoint of the spec"),
        "{error}"
    );
}

#[test]
fn a_body_is_checked_against_its_type() {
    let error = only(errors_with(
        "      - name: wrong body
        request: { path: /notes/1 }
        response:
          status: 200
          body: { text: 7, owner: { name: Ann } }
",
    ));
    assert!(error.starts_with("notes.yaml:21:11: the response body is not a `NoteInfo`: `/text` should be a string, not a number"), "{error}");
    let error = only(errors_with(
        "      - name: unknown field
        request: { path: /notes/1 }
        response:
          status: 200
          body: { text: hi, owner: { name: Ann, age: 3 } }
",
    ));
    assert!(
        error.contains("`/owner` has `age`, which `Owner` does not have (its fields: name, email)"),
        "{error}"
    );
    let error = only(errors_with(
        "      - name: no body here
        request: { path: /notes/1, body: { text: hi } }
        response: { status: 200 }
",
    ));
    assert!(
        error.contains("`get_note` takes no request body"),
        "{error}"
    );
    let error = only(errors_with(
        "      - name: a field
        request: { path: /notes/1 }
        response: { status: 200, fields: { txt: hi } }
",
    ));
    assert!(
        error.contains("`NoteInfo` has no field `txt`") && error.contains("did you mean `text`?"),
        "{error}"
    );
}

/// A status of the table that the endpoint does not declare (nor the runtime raise there)
/// is one it never answers: its handler's would be a 500. The hint names the row to add.
#[test]
fn an_example_expecting_an_undeclared_status_is_refused() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/house_base");
    let mut sources = spec_sources(&root);
    for source in &mut sources {
        if source.display.ends_with("service.yaml") {
            source.text = source.text.replace(
                "statuses:\n",
                "statuses:\n  conflict: { code: 409, message: Conflict, when: It exists. }\n",
            );
        } else if source.display.ends_with("notes.yaml") {
            source.text = source.text.replace(
                "    errors: [not_found]\n",
                "    errors: [not_found]\n    examples:\n      - name: taken\n        \
                 request: { path: /notes/1 }\n        response: { status: 409 }\n",
            );
        }
    }
    let errors = match restspec_codegen::Loader::sources(sources).load() {
        Ok(_) => Vec::new(),
        Err(errors) => errors.diagnostics.iter().map(ToString::to_string).collect(),
    };
    let error = only(errors);
    assert!(
        error.contains("notes.yaml:")
            && error.contains("`get_note` never answers 409")
            && error.contains("add `conflict` to the endpoint's `errors`"),
        "{error}"
    );
}

#[test]
fn statuses_quota_groups_and_methods_must_be_the_endpoints() {
    let error = only(errors_with(
        "      - name: a status
        request: { path: /notes/1 }
        response: { status: 418 }
",
    ));
    assert!(
        error.contains("`get_note` never answers 418")
            && error.contains("it answers 200, 400, 401, 404, 429, 503"),
        "{error}"
    );
    let error = only(errors_with(
        "      - name: a group
        request: { path: /notes/1 }
        response: { status: 200, quota_group: /house/notes:PUT }
",
    ));
    assert!(
        error.contains("`get_note` is charged to `/house/notes:GET`, not `/house/notes:PUT`"),
        "{error}"
    );
    let error = only(errors_with(
        "      - name: a method
        request: { method: PUT, path: /notes/1 }
        response: { status: 200 }
",
    ));
    assert!(
        error.contains("an example's request uses its endpoint's method, GET"),
        "{error}"
    );
    let error = only(errors_with(
        "      - name: an error body
        request: { path: /notes/1 }
        response: { status: 404, body: { text: gone } }
",
    ));
    assert!(
        error.contains("an error's body is plain text, not JSON"),
        "{error}"
    );
}

#[test]
fn example_names_are_distinct_per_endpoint() {
    let error = only(errors_with(
        "      - name: Reads a note
        request: { path: /notes/1 }
        response: { status: 200 }
      - name: reads a note!
        request: { path: /notes/2 }
        response: { status: 200 }
",
    ));
    assert!(
        error.contains("two examples of `get_note` are both named `reads_a_note`"),
        "{error}"
    );
}

/// `example_tests!` on a spec whose examples do not fit: each problem is a compile error
/// with its located message, and no test is generated.
#[test]
fn the_example_tests_macro_turns_each_mistake_into_a_compile_error() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("bad-specs");
    let input: proc_macro2::TokenStream =
        r#""bad_example", start = start_service"#.parse().expect("tokens");
    let code = restspec_codegen::example_tests::expand(input, &manifest, None).to_string();
    assert_eq!(code.matches("compile_error !").count(), 2, "{code}");
    assert!(
        code.contains(
            "bad_example/notes.yaml:18:26: the example's path `/notes/1/text` is not a path of `get_note` (/notes/{note-id})"
        ),
        "{code}"
    );
    assert!(
        code.contains(
            "bad_example/notes.yaml:21:11: the response body is not a `NoteInfo`: `/text` should be a string, not a number"
        ),
        "{code}"
    );
    assert!(!code.contains("# [test]"), "{code}");
}

/// A quoted scalar in an example is text, whatever it looks like: `"1"` fits a string field.
#[test]
fn a_quoted_number_in_an_example_is_a_string() {
    let errors = errors_with(
        "      - name: a note whose text looks like a number
        request: { path: /a/notes/1, user: admin }
        response:
          status: 200
          fields: { text: \"1\" }
      - name: and one whose text is a quoted true
        request: { path: /a/notes/2, user: admin }
        response:
          status: 200
          fields: { text: 'true' }
",
    );
    assert!(errors.is_empty(), "{errors:#?}");
    let unquoted = only(errors_with(
        "      - name: an unquoted number is a number
        request: { path: /a/notes/1, user: admin }
        response:
          status: 200
          fields: { text: 1 }
",
    ));
    assert!(
        unquoted.contains("should be a string, not a number"),
        "{unquoted}"
    );
}

/// An example's test is named after its endpoint and itself: `get_note` with `a text` and
/// `get_note_a` with `text` would be two functions `get_note_a_text`, a located error.
#[test]
fn example_tests_are_named_once_across_endpoints() {
    let errors = errors_after(
        "    examples:
      - name: a text
        request: { path: /notes/1 }
        response: { status: 200 }
  get_note_a:
    method: GET
    path: /notes/{note-id}/a
    summary: Get a note's A
    response: NoteInfo
    examples:
      - name: text
        request: { path: /notes/1/a }
        response: { status: 200 }
",
    );
    let error = only(errors);
    assert!(
        error.contains(
            "this example's test, `get_note_a_text`, has the name of an example of `get_note`"
        ),
        "{error}"
    );
}
