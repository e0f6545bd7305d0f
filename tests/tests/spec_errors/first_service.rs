//! Mistakes a new user made building a CRUD service from the README (the notes example's
//! spec, `generated-example/notes/spec`), each once blamed on the wrong line, answered
//! with advice that made it worse, or followed by errors that were not theirs: each is now
//! one located message saying what to write. Every test asserts the whole message.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use restspec_codegen::SourceFile;

/// The notes example's spec files, `(name, text)`.
fn notes() -> [(&'static str, String); 2] {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated-example/notes/spec");
    ["service.yaml", "notes.yaml"].map(|name| {
        (
            name,
            std::fs::read_to_string(dir.join(name)).expect("readable"),
        )
    })
}

/// The notes spec with `from` replaced by `to` (once) in the file `name`.
fn notes_with(name: &str, from: &str, to: &str) -> Vec<SourceFile> {
    notes()
        .into_iter()
        .map(|(file, text)| {
            let text = if file == name {
                assert!(text.contains(from), "{from:?} is in {file}");
                text.replacen(from, to, 1)
            } else {
                text
            };
            SourceFile {
                display: Arc::new(PathBuf::from(file)),
                path: PathBuf::from(file),
                text,
            }
        })
        .collect()
}

/// Every error of the spec, as front doors show them.
fn errors(sources: Vec<SourceFile>) -> String {
    match restspec_codegen::Loader::sources(sources).load() {
        Ok(_) => panic!("the spec is refused"),
        Err(errors) => errors.to_string(),
    }
}

fn accepted(sources: Vec<SourceFile>) {
    if let Err(errors) = restspec_codegen::Loader::sources(sources).load() {
        panic!("the fixed spec is accepted: {errors}");
    }
}

/// The first field of a type at the column of `fields:`: YAML gives up on the next field,
/// which was once blamed ("indented 6 spaces where its siblings are 4: align it", which
/// moves the right line to the wrong column).
#[test]
fn a_dedented_first_field_is_the_line_named() {
    let spec = notes_with(
        "notes.yaml",
        "      id: { type: integer, description: Its number. }",
        "    id: { type: integer, description: Its number. }",
    );
    assert_eq!(
        errors(spec),
        "error: notes.yaml:102:5: invalid YAML: the key `id` is not indented under `fields:`\
         \n  hint: indent it under `fields:`, 6 spaces like `text`"
    );
}

/// An endpoint at the column of `endpoints:` between two others: YAML gives up at the
/// next endpoint, once told to align *that* one with the dedented endpoint's keys.
#[test]
fn a_dedented_endpoint_is_the_line_named() {
    let spec = notes_with("notes.yaml", "  create_note:\n", "create_note:\n");
    assert_eq!(
        errors(spec),
        "error: notes.yaml:27:1: invalid YAML: the key `create_note` is not indented under `endpoints:`\
         \n  hint: indent it under `endpoints:`, 2 spaces like `get_note`"
    );
}

#[test]
fn a_dedented_first_endpoint_is_the_line_named() {
    let spec = notes_with("notes.yaml", "  list_notes:\n", "list_notes:\n");
    assert_eq!(
        errors(spec),
        "error: notes.yaml:13:1: invalid YAML: the key `list_notes` is not indented under `endpoints:`\
         \n  hint: indent it under `endpoints:`, 2 spaces like `create_note`"
    );
}

const TEXT_FIELD: &str = "      text: { type: string, description: The note's text. }";

/// `{ description: The note's text, in UTF-8 }` is, to YAML, a key `in UTF-8` without a
/// value: once "unknown key `in UTF-8` in a field".
#[test]
fn a_comma_in_a_plain_value_inside_braces_says_to_quote_it() {
    let comma = "      text: { type: string, description: The note's text, in UTF-8 }";
    assert_eq!(
        errors(notes_with("notes.yaml", TEXT_FIELD, comma)),
        "error: notes.yaml:98:42: invalid YAML: the value of `description` holds `,`, which \
         ends a value inside `{ }`\
         \n  hint: quote the value: description: \"The note's text, in UTF-8\""
    );
    let commas = "      text: { description: A text, in UTF-8, or not, type: string }";
    assert_eq!(
        errors(notes_with("notes.yaml", TEXT_FIELD, commas)),
        "error: notes.yaml:98:28: invalid YAML: the value of `description` holds `,`, which \
         ends a value inside `{ }`\
         \n  hint: quote the value: description: \"A text, in UTF-8, or not\""
    );
    let quoted = "      text: { type: string, description: \"The note's text, in UTF-8\" }";
    accepted(notes_with("notes.yaml", TEXT_FIELD, quoted));
}

const PLAIN: &str = "  timestamp_format: rfc3339\n";

/// `error_format: JSON` once also said "`error_body` is read only with `error_format:
/// json`: add `error_format: json`, or remove `error_body`", and the examples' error
/// bodies were judged against plain text.
#[test]
fn a_misspelt_error_format_is_one_error() {
    let json = "  timestamp_format: rfc3339\n  error_format: JSON\n  error_body: { message: \"{message}\" }\n";
    assert_eq!(
        errors(notes_with("service.yaml", PLAIN, json)),
        "error: service.yaml:20:17: unknown error format `JSON`\n  hint: did you mean `json`?"
    );
    let alone = "  timestamp_format: rfc3339\n  error_format: JASON\n";
    assert_eq!(
        errors(notes_with("service.yaml", PLAIN, alone)),
        "error: service.yaml:20:17: unknown error format `JASON`\n  hint: did you mean `json`?"
    );
}

/// `status: 201 Created` once said "expected a whole number from 0 to 65535", and the
/// endpoint it dropped made every example's set-up step `POST /notes/` "match no
/// endpoint".
#[test]
fn a_status_with_its_reason_is_one_error() {
    let spec = notes_with(
        "notes.yaml",
        "    status: 201\n",
        "    status: 201 Created\n",
    );
    assert_eq!(
        errors(spec),
        "error: notes.yaml:34:13: expected an HTTP status code from 100 to 599, found `201 Created`\
         \n  hint: write the code alone, `201`: the status table names it"
    );
    let spec = notes_with("notes.yaml", "    status: 201\n", "    status: 2010\n");
    let text = errors(spec);
    assert!(
        text.contains(
            "error: notes.yaml:34:13: expected an HTTP status code from 100 to 599, found `2010`\
             \n  hint: write a code such as `200`, `201` or `404`"
        ),
        "a code out of range is not read as one: {text}"
    );
}

/// A misspelt default of an enumeration option once said only "write a value of its
/// type, within its bounds".
#[test]
fn a_misspelt_enumeration_default_lists_the_values() {
    let order = "    description: Every note, by number.\n    query:\n      order: { type: Order, default: newset }\n";
    let spec = notes_with(
        "notes.yaml",
        "    description: Every note, by number.\n",
        order,
    );
    let spec: Vec<SourceFile> = spec
        .into_iter()
        .map(|mut file| {
            if file.path.ends_with("notes.yaml") {
                file.text = file.text.replacen(
                    "types:\n",
                    "types:\n  Order:\n    values: [newest, oldest]\n",
                    1,
                );
            }
            file
        })
        .collect();
    assert_eq!(
        errors(spec),
        "error: notes.yaml:19:38: `newset` is not a value this option may take\
         \n  hint: did you mean `newest`? (`Order`'s values: `newest`, `oldest`)"
    );
}

const JSON_ERRORS: &str = "  timestamp_format: rfc3339\n  error_format: json\n  error_body: { error: { code: \"{status}\" }, message: \"{message}\" }\n";

/// After switching to `error_format: json`, the examples' `text: "Not found: 7"` can never
/// match: once only `cargo test` said so, one failed request at a time.
#[test]
fn text_error_examples_do_not_fit_a_json_error_format() {
    let spec = notes_with("service.yaml", PLAIN, JSON_ERRORS);
    let hint = "\n  hint: write the message as a field: `fields: { message: \"Not found: 7\" }`";
    assert_eq!(
        errors(spec),
        format!(
            "error: notes.yaml:62:40: with `error_format: json` an error's body is JSON, not text{hint}\
             \nerror: notes.yaml:92:40: with `error_format: json` an error's body is JSON, not text{hint}"
        )
    );
}

/// The fixed examples pass the check; a field the error body does not have does not.
#[test]
fn error_example_fields_are_the_error_bodys() {
    let fixed = |spec: Vec<SourceFile>, field: &str| -> Vec<SourceFile> {
        spec.into_iter()
            .map(|mut file| {
                let fields = format!("fields: {{ {field}: \"Not found: 7\" }}");
                file.text = file.text.replace("text: \"Not found: 7\"", &fields);
                file
            })
            .collect()
    };
    accepted(fixed(
        notes_with("service.yaml", PLAIN, JSON_ERRORS),
        "message",
    ));
    assert_eq!(
        errors(fixed(
            notes_with("service.yaml", PLAIN, JSON_ERRORS),
            "mesage"
        )),
        "error: notes.yaml:62:44: an error's body has no field `mesage` with `error_format: json`\
         \n  hint: did you mean `message`? (its fields: `error`, `message`)\
         \nerror: notes.yaml:92:44: an error's body has no field `mesage` with `error_format: json`\
         \n  hint: did you mean `message`? (its fields: `error`, `message`)"
    );
    let problem = "  timestamp_format: rfc3339\n  error_format: problem_json\n";
    accepted(fixed(notes_with("service.yaml", PLAIN, problem), "detail"));
    assert_eq!(
        errors(notes_with("service.yaml", PLAIN, problem)),
        "error: notes.yaml:62:40: with `error_format: problem_json` an error's body is JSON, not text\
         \n  hint: write the message as a field: `fields: { detail: \"Not found: 7\" }`\
         \nerror: notes.yaml:92:40: with `error_format: problem_json` an error's body is JSON, not text\
         \n  hint: write the message as a field: `fields: { detail: \"Not found: 7\" }`"
    );
}
