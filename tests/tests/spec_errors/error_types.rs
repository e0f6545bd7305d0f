//! `error_type`: the record (or union of records) `error_body` is held to, a member of its
//! own where the record has `additional_fields`, and the OpenAPI document naming it.

/// The minimal spec with a JSON error body written as `body`, and `types` (YAML lines under
/// `types:`) beside its things.
fn with_error_type(body: &str, error_type: &str, types: &str) -> Vec<restspec_codegen::SourceFile> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/minimal");
    let mut sources = restspec_tests::spec_sources::spec_sources(&dir);
    let service = &mut sources[0];
    service.text = service.text.replacen(
        "  timestamp_format: rfc3339\n",
        &format!("  timestamp_format: rfc3339\n  error_format: json\n  error_body: {body}\n  error_type: {error_type}\n"),
        1,
    );
    service.text.push_str(&format!("\ntypes:\n{types}"));
    sources
}

/// `error_type` holds `error_body` to the record it names: a member the record lacks, a
/// member of the wrong kind and a required field never written are each refused at the
/// key, with what to write; an unknown type is refused with the closest record.
#[test]
fn an_error_type_the_error_body_does_not_fit_is_refused() {
    let types = "  Error:\n    fields:\n      code: { type: integer }\n      message: { type: string }\n      title: { type: string }\n";
    let sources = with_error_type(
        r#"{ code: "{message}", message: "{message}", detail: "{reason}" }"#,
        "Error",
        types,
    );
    let errors = restspec_codegen::Loader::sources(sources)
        .load()
        .expect_err("refused");
    let text = errors.to_string();
    assert_eq!(errors.diagnostics.len(), 3, "{text}");
    for expected in [
        "`error_body`'s member `detail` is not a field of `Error`",
        "`error_body`'s `code` does not fit `Error`'s field `code` (`integer`)",
        "`Error`'s field `title` is required, but `error_body` never writes it",
    ] {
        assert!(
            text.contains(&format!("service.yaml:13:15: {expected}")),
            "{expected}\n{text}"
        );
    }
    let sources = with_error_type(r#"{ message: "{message}" }"#, "Eror", types);
    let text = refused(sources);
    assert!(
        text.contains("unknown error type `Eror`") && text.contains("did you mean `Error`?"),
        "{text}"
    );
}

/// A record with members beside its fields (`additional_fields`) may have `error_body`
/// write one of its own, of that type: text in `additional_fields: any` is accepted, text in
/// `additional_fields: integer` is refused at the key, and a record without them says how
/// to allow it.
#[test]
fn an_error_body_member_of_its_own_fits_the_records_additional_fields() {
    let record = |additional: &str| {
        format!("  Error:\n{additional}    fields:\n      ok: {{ type: boolean }}\n")
    };
    let body = r#"{ ok: false, message: "{message}" }"#;
    let open = with_error_type(body, "Error", &record("    additional_fields: any\n"));
    accepted(open);
    let numbers = with_error_type(body, "Error", &record("    additional_fields: integer\n"));
    let text = refused(numbers);
    assert!(
        text.contains(
            "`error_body`'s `message` does not fit `Error`'s `additional_fields` (`integer`)"
        ),
        "{text}"
    );
    let closed = with_error_type(body, "Error", &record(""));
    let text = refused(closed);
    assert!(
        text.contains("`error_body`'s member `message` is not a field of `Error`")
            && text.contains("additional_fields: any"),
        "{text}"
    );
}

/// `error_type` may name a union of records (Increase's errors): `error_body` fits one of
/// them, or is refused with the closest record's reasons.
#[test]
fn an_error_type_may_be_a_union_of_records() {
    let types = "  NotFound:\n    fields:\n      type: { type: string }\n      detail: { type: string }\n  Invalid:\n    fields:\n      errors: { type: list<string> }\n      detail: { type: string }\n  Error:\n    any_of: [NotFound, Invalid]\n";
    let fits = with_error_type(r#"{ errors: [], detail: "{message}" }"#, "Error", types);
    accepted(fits);
    let misfit = with_error_type(r#"{ detail: "{message}", code: "{name}" }"#, "Error", types);
    let text = refused(misfit);
    assert!(
        text.contains("`error_body` fits none of the records `Error` is one of")
            && text.contains("`error_body`'s member `code` is not a field of `NotFound`"),
        "{text}"
    );
}

/// A body that fits its record is accepted (`{status}` alone in an integer field, the
/// record's optional fields left out), and the OpenAPI document names the record for every
/// error answer, the runtime's own refusals (a 404 for a thing the path names, a 500)
/// included.
#[test]
fn an_error_type_the_error_body_fits_names_every_error_answer() {
    let types = "  Error:\n    fields:\n      code: { type: integer }\n      message: { type: string }\n      details: { type: list<string>, optional: true }\n";
    let sources = with_error_type(
        r#"{ code: "{status}", message: "{message}" }"#,
        "Error",
        types,
    );
    let loaded = accepted(sources);
    assert_eq!(
        loaded.service.conventions.error_type.as_deref(),
        Some("Error")
    );
    let document = restspec_codegen::openapi::document(&loaded.service);
    let responses = &document["paths"]["/things/"]["get"]["responses"];
    let errors: Vec<_> = responses
        .as_object()
        .expect("responses")
        .iter()
        .filter(|(code, _)| code.starts_with('4') || code.starts_with('5'))
        .collect();
    assert!(errors.len() >= 2, "{responses:#}");
    for (code, answer) in errors {
        assert_eq!(
            answer["content"],
            serde_json::json!({ "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } }),
            "{code}"
        );
    }
}

/// The loaded spec of `sources`, which must check.
fn accepted(sources: Vec<restspec_codegen::SourceFile>) -> restspec_codegen::Loaded {
    restspec_codegen::Loader::sources(sources)
        .load()
        .unwrap_or_else(|errors| panic!("accepted:\n{errors}"))
}

/// Every error `sources` are refused with, as `restspec check` prints them.
fn refused(sources: Vec<restspec_codegen::SourceFile>) -> String {
    let errors = restspec_codegen::Loader::sources(sources)
        .load()
        .expect_err("refused");
    errors.to_string()
}
