//! Mistakes a newcomer makes that once gave no error, a false second error, or only a rustc
//! error in their `impl`: each is now one located error saying what to write. Every test
//! asserts the whole message (file, line, column, message, notes and hint).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use restspec_codegen::SourceFile;

/// The minimal fixture's service file with `families` (file name and text) beside it.
fn sources(families: &[(&str, &str)]) -> Vec<SourceFile> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/minimal");
    let service = dir.join("service.yaml");
    let mut sources = vec![SourceFile {
        display: Arc::new(PathBuf::from("service.yaml")),
        text: std::fs::read_to_string(&service).expect("readable"),
        path: service,
    }];
    sources.extend(families.iter().map(|(name, text)| SourceFile {
        display: Arc::new(PathBuf::from(name)),
        text: (*text).to_owned(),
        path: dir.join(name),
    }));
    sources
}

/// Every error of the spec made of the minimal service and `families`, as front doors show
/// them.
fn errors(families: &[(&str, &str)]) -> String {
    match restspec_codegen::Loader::sources(sources(families)).load() {
        Ok(_) => panic!("the spec is refused"),
        Err(errors) => errors.to_string(),
    }
}

fn accepted(families: &[(&str, &str)]) {
    if let Err(errors) = restspec_codegen::Loader::sources(sources(families)).load() {
        panic!("the fixed spec is accepted: {errors}");
    }
}

const SHELVES: &str = "\
family:
  name: shelves
  prefix: /shelves/
  covers: shelves
  id: shelf-id
  params:
    shelf-id: A shelf.

endpoints:
  get_shelf:
    method: GET
    path: /shelves/{shelf-id}
    summary: Get Shelf
    response: Shelf
    examples:
      - name: reads a shelf
        request: { path: /shelves/1 }
        response:
          status: 200
          body: { name: Fiction, label: novels }
          fields: { name: Fiction }
  put_shelf:
    method: PUT
    path: /shelves/{shelf-id}
    summary: Put Shelf
    request: Shelf
    response: Shelf
    examples:
      - name: replaces a shelf
        request: { path: /shelves/1, body: { name: Fiction } }
        response: { status: 200, body: { name: Fiction } }

types:
  Shelf:
    fields:
      name: { type: string }
      label: { type: string, optional: true }
";

/// `SHELVES` with `from` replaced by `to` (once, where it first appears after `after`).
fn shelves_with(after: &str, from: &str, to: &str) -> String {
    let start = SHELVES.find(after).expect("the anchor");
    let at = start + SHELVES[start..].find(from).expect("the text to replace");
    format!("{}{to}{}", &SHELVES[..at], &SHELVES[at + from.len()..])
}

#[test]
fn the_shelves_spec_is_accepted() {
    accepted(&[("shelves.yaml", SHELVES)]);
}

/// Once, the endpoint lost its response: a second error said its example "answers without
/// a body" and the fields check said it "does not answer a record".
#[test]
fn a_misspelt_response_type_is_one_error() {
    let spec = shelves_with("get_shelf:", "response: Shelf", "response: Shelff");
    assert_eq!(
        errors(&[("shelves.yaml", &spec)]),
        "error: shelves.yaml:14:15: unknown type `Shelff`\n  hint: did you mean `Shelf`?"
    );
}

/// Once, the endpoint lost its request: its example's body "takes no request body".
#[test]
fn a_misspelt_request_type_is_one_error() {
    let spec = shelves_with("put_shelf:", "request: Shelf", "request: Shlef");
    assert_eq!(
        errors(&[("shelves.yaml", &spec)]),
        "error: shelves.yaml:26:14: unknown type `Shlef`\n  hint: did you mean `Shelf`?"
    );
}

/// Once, the record lost the field: the example's body "has `label`, which `Shelf` does
/// not have".
#[test]
fn a_misspelt_field_type_is_one_error() {
    let spec = shelves_with("      label: {", "type: string", "type: strin");
    assert_eq!(
        errors(&[("shelves.yaml", &spec)]),
        "error: shelves.yaml:37:22: unknown type `strin`\n  hint: did you mean `string`?"
    );
}

const NOTES: &str = "\
family:
  name: notes
  prefix: /notes/
  covers: notes
  id: note-id
  params:
    note-id: A note.

endpoints:
  list_notes:
    method: GET
    path: /notes/
    summary: List Notes
    response: list<string>
  update_note:
    method: PUT
    path: /notes/{note-id}
    summary: Update Note
    request: string
    response: string
    examples:
      - name: replaces a note
        request: { path: /notes/1, body: Buy milk }
        response: { status: 200, body: Buy milk }
";

/// Once accepted: the handler took no `note_id` and rustc reported E0050 (wrong number of
/// parameters) in the user's `impl`, and the family lost its resolver. The example's path
/// holds the id: it is not a second error.
#[test]
fn a_put_on_the_collection_lacks_the_family_id() {
    accepted(&[("notes.yaml", NOTES)]);
    let spec = NOTES.replace("    path: /notes/{note-id}", "    path: /notes/");
    assert_eq!(
        errors(&[("notes.yaml", &spec)]),
        "error: notes.yaml:17:11: `update_note` is a `PUT`, which acts on one resource of \
         `notes`, but its path `/notes/` lacks the family's id `{note-id}`\
         \n  note: notes.yaml:5:3: the family's `id` is declared here\
         \n  hint: write `path: /notes/{note-id}`"
    );
}

/// Another example's set-up step that calls it with the id is not a second error.
#[test]
fn a_set_up_step_calling_it_with_the_id_is_not_a_second_error() {
    let delete = "  delete_note:\n    method: DELETE\n    path: /notes/{note-id}\n    summary: Delete Note\n    \
                  examples:\n      - name: deletes a note\n        setup:\n          \
                  - { method: PUT, path: /notes/1, body: Buy milk }\n        \
                  request: { path: /notes/1 }\n        response: { status: 204 }\n";
    let spec = format!("{NOTES}{delete}");
    accepted(&[("notes.yaml", &spec)]);
    assert_eq!(
        errors(&[(
            "notes.yaml",
            &spec.replace(
                "    path: /notes/{note-id}\n    summary: Update",
                "    path: /notes/\n    summary: Update"
            )
        )]),
        "error: notes.yaml:17:11: `update_note` is a `PUT`, which acts on one resource of \
         `notes`, but its path `/notes/` lacks the family's id `{note-id}`\
         \n  note: notes.yaml:5:3: the family's `id` is declared here\
         \n  hint: write `path: /notes/{note-id}`"
    );
}

/// `creates: true` on the collection said only "remove `creates`"; the path is what lacks.
#[test]
fn a_post_that_creates_on_the_collection_lacks_the_family_id() {
    let spec = NOTES
        .replace("    path: /notes/{note-id}", "    path: /notes/")
        .replace("    method: PUT", "    method: POST\n    creates: true");
    assert_eq!(
        errors(&[("notes.yaml", &spec)]),
        "error: notes.yaml:18:11: `update_note` creates the resource its path names, but its \
         path `/notes/` lacks the family's id `{note-id}`\
         \n  note: notes.yaml:5:3: the family's `id` is declared here\
         \n  hint: write `path: /notes/{note-id}`"
    );
}

/// `NOTES` and a second family carrying `quota_metadata`.
fn with_metadata(notes: &str, tags: &str) -> String {
    let tags_family = format!(
        "family:\n  name: tags\n  prefix: /tags/\n  covers: tags\n  quota_metadata: [{tags}]\n\n\
         endpoints:\n  list_tags: {{ method: GET, path: /tags/, summary: List Tags }}\n"
    );
    errors(&[
        (
            "notes.yaml",
            &NOTES.replace(
                "  id: note-id\n",
                &format!("  id: note-id\n  quota_metadata: [{notes}]\n"),
            ),
        ),
        ("tags.yaml", &tags_family),
    ])
}

/// Quota enforcers look metadata up by name: a name spelt otherwise than where more
/// families carry it was accepted silently, and the enforcer never saw it.
#[test]
fn quota_metadata_spelt_two_ways_is_refused() {
    assert_eq!(
        with_metadata("Note.Id, Project.NameKey", "Project.Namekey"),
        "error: tags.yaml:5:20: quota metadata `Project.Namekey` of `tags` and \
         `Project.NameKey` of `notes` are one name spelt two ways\
         \n  note: notes.yaml:6:29: `Project.NameKey` is written here\
         \n  hint: spell both `Project.NameKey`, or both `Project.Namekey` (a quota enforcer \
         looks metadata up by name)"
    );
}

#[test]
fn quota_metadata_listed_twice_is_refused() {
    assert_eq!(
        with_metadata("Note.Id, note_id", "Tag.Id"),
        "error: notes.yaml:6:29: quota metadata `Note.Id` and `note_id` both become the field \
         `note_id` of the family's resource\n  hint: remove one of them"
    );
}

/// The resource struct keeps `found` for what the resolver hands on to the handler.
#[test]
fn quota_metadata_named_found_is_refused() {
    assert_eq!(
        with_metadata("Note.Id, Found", "Tag.Id"),
        "error: notes.yaml:6:29: quota metadata `Found` becomes the field `found`, which the \
         family's resource keeps for what its resolver hands on\n  hint: name it more closely, \
         such as `Change.Found`"
    );
}

/// `NOTES` with `lines` added to its `list_notes` endpoint.
fn list_notes_with(lines: &str) -> String {
    let anchor = "    response: list<string>\n";
    errors(&[(
        "notes.yaml",
        &NOTES.replacen(anchor, &format!("{anchor}{lines}"), 1),
    )])
}

/// Combinations the spec accepted and that mean nothing: a body on a `GET` (HTTP gives it
/// no meaning, and clients and proxies drop it), 201 Created on what creates nothing, and
/// `creates` on what cannot create.
#[test]
fn a_get_with_a_request_body_is_refused() {
    assert_eq!(
        list_notes_with("    request: string\n"),
        "error: notes.yaml:15:14: a `GET` carries no request body, but the endpoint declares a \
         `request`\n  hint: remove `request` and read the input from the path or `query` \
         options, or make the endpoint a `POST` (a search that takes a body is a `POST`)"
    );
}

#[test]
fn a_get_answering_201_is_refused() {
    assert_eq!(
        list_notes_with("    status: 201\n"),
        "error: notes.yaml:15:13: a `GET` creates nothing, so it never answers 201 Created\
         \n  hint: answer 200 (leave `status` out); 201 is for the `POST` or `PUT` that creates"
    );
}

#[test]
fn a_delete_that_creates_is_refused() {
    let spec = NOTES.replace("    method: PUT", "    method: DELETE\n    creates: true");
    assert_eq!(
        errors(&[("notes.yaml", &spec)]),
        "error: notes.yaml:15:3: `update_note` is a `DELETE`, which creates nothing, but it \
         says `creates: true`\n  hint: remove `creates`; it is for the `PUT` or `POST` that \
         creates the resource its path names"
    );
}

/// `NOTES` with its `list_notes` summary written as `summary` (as it stands in the file).
fn with_summary(summary: &str) -> String {
    errors(&[(
        "notes.yaml",
        &NOTES.replace("summary: List Notes", &format!("summary: {summary}")),
    )])
}

/// The parser's words ("mapping values are not allowed in this context") become what to
/// write, pointed at the value to quote.
#[test]
fn an_unquoted_value_with_a_colon_is_told_to_be_quoted() {
    assert_eq!(
        with_summary("List: every note"),
        "error: notes.yaml:13:14: invalid YAML: the value of `summary` holds `: `, which YAML \
         reads as a key and its value\n  hint: quote the value: summary: \"List: every note\""
    );
}

#[test]
fn an_unquoted_value_starting_with_a_reserved_character_is_told_to_be_quoted() {
    for (value, why) in [
        ("@notes", "starts with `@`, which YAML reserves"),
        ("`notes`", "starts with a backquote, which YAML reserves"),
        ("*notes*", "starts with `*`, which YAML reads as an alias"),
        ("&notes", "starts with `&`, which YAML reads as an anchor"),
        ("!notes", "starts with `!`, which YAML reads as a tag"),
        ("%notes", "starts with `%`, which starts a YAML directive"),
        (
            "[all] notes",
            "starts with `[`, which YAML reads as the start of a list or mapping",
        ),
        (
            "| notes",
            "starts with `|`, which YAML reads as the start of a block of text",
        ),
        (
            "> notes",
            "starts with `>`, which YAML reads as the start of a block of text",
        ),
    ] {
        assert_eq!(
            with_summary(value),
            format!(
                "error: notes.yaml:13:14: invalid YAML: the value of `summary` {why}\
                 \n  hint: quote the value: summary: \"{value}\""
            )
        );
    }
}

/// The parser reads an unclosed `{` to the end of the file and complains there.
#[test]
fn an_unclosed_brace_is_pointed_at_where_it_opens() {
    assert_eq!(
        with_summary("{notes"),
        "error: notes.yaml:13:14: invalid YAML: the value of `summary` starts with `{`, which \
         YAML reads as the start of a list or mapping, never closed\
         \n  hint: quote the value: summary: \"{notes\", or close the list or mapping"
    );
}

/// `NOTES` with the line `from` of `list_notes` written as `to`.
fn list_notes_line(from: &str, to: &str) -> String {
    let start = NOTES.find("list_notes:").expect("list_notes");
    let at = start + NOTES[start..].find(from).expect("the line");
    let spec = format!("{}{to}{}", &NOTES[..at], &NOTES[at + from.len()..]);
    errors(&[("notes.yaml", &spec)])
}

/// A key indented deeper than the one above: the parser complains at its colon.
#[test]
fn a_key_indented_too_deep_is_told_its_siblings_column() {
    assert_eq!(
        list_notes_line("    summary:", "      summary:"),
        "error: notes.yaml:13:7: invalid YAML: the key `summary` is out of line\
         \n  hint: the key `summary` is indented 6 spaces where its siblings are 4: align it"
    );
}

/// A key indented less than both its neighbours: the parser complains at the line after it,
/// which is right; the message points at the one to move.
#[test]
fn a_key_indented_too_shallow_is_pointed_at_not_the_line_after() {
    assert_eq!(
        list_notes_line("    path:", "  path:"),
        "error: notes.yaml:12:3: invalid YAML: the key `path` is out of line\
         \n  hint: the key `path` is indented 2 spaces where its siblings are 4: align it"
    );
}

/// A key between two columns: the parser "did not find expected key".
#[test]
fn a_key_between_two_columns_is_told_its_siblings_column() {
    assert_eq!(
        list_notes_line("    summary:", "   summary:"),
        "error: notes.yaml:13:4: invalid YAML: the key `summary` is out of line\
         \n  hint: the key `summary` is indented 3 spaces where its siblings are 4: align it"
    );
}

#[test]
fn a_tab_is_told_that_yaml_allows_no_tabs() {
    assert_eq!(
        list_notes_line("    summary:", "\tsummary:"),
        "error: notes.yaml:13:1: a tab indents this line; YAML indentation is spaces only\
         \n  hint: YAML does not allow tabs for indentation: replace the tab with spaces"
    );
}

/// The parser notices a key without its colon at the next key ("simple key expect ':'").
#[test]
fn a_key_without_its_colon_is_pointed_at_not_the_line_after() {
    assert_eq!(
        list_notes_line("    summary: List Notes", "    summary List Notes"),
        "error: notes.yaml:13:5: invalid YAML: `summary List Notes` is not a key and its value\
         \n  hint: write a colon and a space after the key: summary: List Notes"
    );
}

#[test]
fn an_unclosed_quote_is_told_to_be_closed() {
    assert_eq!(
        with_summary("\"List Notes"),
        "error: notes.yaml:13:14: invalid YAML: the quoted value of `summary` is never closed\
         \n  hint: close the quote: summary: \"List Notes\""
    );
}

/// A family named `name`, with one endpoint, carrying `metadata` as its `quota_metadata`.
fn metadata_family(name: &str, metadata: &str) -> String {
    format!(
        "family:\n  name: {name}\n  prefix: /{name}/\n  covers: {name}\n  quota_metadata: [{metadata}]\n\n\
         endpoints:\n  list_{name}: {{ method: GET, path: /{name}/, summary: List }}\n"
    )
}

/// Where more families carry one spelling, the other is told it as its "did you mean".
#[test]
fn quota_metadata_spelt_otherwise_than_most_families_gets_a_did_you_mean() {
    assert_eq!(
        errors(&[
            ("labels.yaml", &metadata_family("labels", "Project.NameKey")),
            ("tags.yaml", &metadata_family("tags", "Project.NameKey")),
            ("topics.yaml", &metadata_family("topics", "project.namekey")),
        ]),
        "error: topics.yaml:5:20: quota metadata `project.namekey` is spelt `Project.NameKey` \
         in `labels` and `tags`\
         \n  note: labels.yaml:5:20: `Project.NameKey` is written here\
         \n  hint: did you mean `Project.NameKey`? (a quota enforcer looks metadata up by name)"
    );
}
