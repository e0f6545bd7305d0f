//! What the generator writes once however many endpoints need it, so that the largest
//! APIs compile (Microsoft Graph's 11,422 operations): an endpoint whose query options or
//! header parameters are another's, word for word, has a type alias of the other's struct;
//! and the dispatch table is one function per handler trait, none with more than
//! `MOST_ARMS` (128) endpoints.

use std::path::PathBuf;
use std::sync::Arc;

use restspec_codegen::SourceFile;

const SERVICE: &str = "service:
  name: notes
  title: Notes
  base_url: http://localhost/
conventions:
  pretty_printing: { default: compact }
  timestamp_format: rfc3339
statuses: {}
quota:
  group_template: \"{name}\"
";

fn source(name: &str, text: String) -> SourceFile {
    SourceFile {
        display: Arc::new(PathBuf::from(name)),
        path: PathBuf::from(name),
        text,
    }
}

/// The server's code for a service of one family, `notes`, whose `endpoints:` are these.
fn generated(endpoints: &str) -> String {
    let family = format!(
        "family:\n  name: notes\n  prefix: /notes/\n  covers: notes\n\nendpoints:\n{endpoints}"
    );
    let sources = vec![
        source("service.yaml", SERVICE.to_owned()),
        source("notes.yaml", family),
    ];
    let loaded = match restspec_codegen::Loader::sources(sources).load() {
        Ok(loaded) => loaded,
        Err(errors) => panic!("the spec loads:\n{errors}"),
    };
    let tokens = loaded.tokens(
        restspec_codegen::Outputs::SERVER,
        restspec_codegen::OpenapiDocument::Embedded,
    );
    restspec_codegen::render(&tokens)
}

#[test]
fn the_same_options_are_one_struct() {
    let code = generated(
        "  list_notes:
    method: GET
    path: /notes/
    summary: Notes
    query:
      limit: { type: integer, description: How many. }
      q: { type: string, description: Words to find. }
    headers:
      X-Trace: { type: string, description: Whose request. }
    response: list<string>
  list_archived:
    method: GET
    path: /notes/archived
    summary: Archived notes
    query:
      limit: { type: integer, description: How many. }
      q: { type: string, description: Words to find. }
    headers:
      X-Trace: { type: string, description: Whose request. }
    response: list<string>
  list_drafts:
    method: GET
    path: /notes/drafts
    summary: Drafts
    query:
      limit: { type: integer, description: How many drafts. }
      q: { type: string, description: Words to find. }
    response: list<string>
",
    );
    assert_eq!(
        code.matches("pub struct ListNotesOptions {").count(),
        1,
        "{code}"
    );
    assert!(
        code.contains("pub type ListArchivedOptions = ListNotesOptions;"),
        "{code}"
    );
    assert!(
        code.contains("pub type ListArchivedHeaders = ListNotesHeaders;"),
        "{code}"
    );
    // Another description is another struct: its documentation is its own.
    assert!(code.contains("pub struct ListDraftsOptions {"), "{code}");
    assert!(
        code.contains(
            "/// Query options of `GET /notes/archived`. The same as [`ListNotesOptions`]."
        ),
        "{code}"
    );
    // The alias is what the handler takes.
    assert!(
        code.contains("options: options::ListArchivedOptions,"),
        "{code}"
    );
}

#[test]
fn no_dispatch_function_has_more_than_128_arms() {
    let endpoints: String = (0..300)
        .map(|n| {
            format!(
                "  read_{n}:\n    method: GET\n    path: /notes/{n}\n    summary: Note {n}\n    response: string\n"
            )
        })
        .collect();
    let code = generated(&endpoints);
    let ranges = [
        ("0..=127", "call_notes_handlers"),
        ("128..=255", "call_notes_handlers_2"),
        ("256..=299", "call_notes_handlers_3"),
    ];
    for (range, function) in ranges {
        assert!(
            code.contains(&format!("{range} => {function}(handlers, call).await,")),
            "{range} {function}"
        );
        assert!(
            code.contains(&format!("async fn {function}<H: NotesHandlers>(")),
            "{function}"
        );
    }
    assert!(!code.contains("call_notes_handlers_4"));
    // Each arm in one function only.
    assert_eq!(code.matches("\n        299 => {").count(), 1);
}
