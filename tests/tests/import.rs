//! `restspec import`: an OpenAPI document becomes a spec that checks, exports again, and
//! says every loss at its JSON pointer (`tests/openapi-documents/pets.yaml` uses a little of
//! everything real documents do).

use std::path::PathBuf;
use std::sync::Arc;

use restspec_codegen::SourceFile;
use restspec_import::{Imported, Options, Severity};

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("openapi-documents/pets.yaml")
}

fn imported() -> Imported {
    let text = std::fs::read_to_string(fixture()).expect("the fixture");
    let document = restspec_import::parse(&text).expect("YAML");
    restspec_import::import(&document, &Options::default()).expect("an OpenAPI 3 document")
}

pub(crate) fn file<'a>(imported: &'a Imported, name: &str) -> &'a str {
    &imported
        .files
        .iter()
        .find(|(path, _)| path.to_str() == Some(name))
        .unwrap_or_else(|| panic!("no {name}"))
        .1
}

/// Every imported file's text, one after the other: for what may stand in any of them.
pub(crate) fn all_files(imported: &Imported) -> String {
    imported
        .files
        .iter()
        .map(|(_, text)| text.as_str())
        .collect()
}

/// The imported files validate as a spec read from a folder would.
pub(crate) fn load(imported: &Imported) -> restspec_codegen::Loaded {
    let sources = imported
        .files
        .iter()
        .map(|(path, text)| SourceFile {
            display: Arc::new(path.clone()),
            path: path.clone(),
            text: text.clone(),
        })
        .collect();
    restspec_codegen::Loader::sources(sources)
        .load()
        .unwrap_or_else(|errors| panic!("{errors}"))
}

#[test]
fn a_document_becomes_a_spec_that_checks() {
    let imported = imported();
    assert_eq!(imported.operations, 5);
    let loaded = load(&imported);
    let family = &loaded.service.families[0];
    let names: Vec<&str> = family.endpoints.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "list_pets",
            "create_pet",
            "get_photo",
            "get_pet",
            "delete_pet"
        ]
    );
    let service = file(&imported, "service.yaml");
    // The server's path is the base path; its origin the base URL.
    assert!(
        service.contains("base_url: https://pets.example.com/\n"),
        "{service}"
    );
    assert!(service.contains("base_path: /v1\n"), "{service}");
    // The bearer scheme is the credential; the document asks for it by default.
    assert!(
        service.contains("credentials:\n    - { scheme: bearer }\n  anonymous: none\n"),
        "{service}"
    );
    // `allOf` of a record and members is a record that includes it, with those members.
    assert!(
        service.contains(
            "  Pet:\n    includes: [NewPet]\n    fields:\n      born: { type: timestamp, optional: true, nullable: true }\n"
        ),
        "{service}"
    );
    assert!(service.contains("      id: { type: int64 }\n"), "{service}");
    // A shared error schema is the rows' body.
    assert!(
        service.contains("    raised_for: [not_found]\n    body: Problem\n"),
        "{service}"
    );
    // A tree of records refers to itself; alternatives are a `one_of`.
    assert!(
        service.contains("friends: { type: list<Person>, optional: true }"),
        "{service}"
    );
    assert!(
        service.contains("Owner: { one_of: [string, Person] }"),
        "{service}"
    );
    let pets = file(&imported, "pets.yaml");
    // Parameters at one position take one name (`{petId}` and `{id}` are one place).
    assert!(
        pets.contains("    id: { description: The id., type: integer }\n"),
        "{pets}"
    );
    assert!(
        pets.contains("path: \"/pets/{id}\"\n    summary: \"GET /pets/{petId}\""),
        "{pets}"
    );
    // A cookie parameter is the endpoint's.
    assert!(
        pets.contains("    cookies:\n      session: { type: string }\n"),
        "{pets}"
    );
    // What an option carries is said once, as the option.
    assert!(
        pets.contains("limit: { type: integer, default: 20, minimum: 1, maximum: 100 }"),
        "{pets}"
    );
    assert!(
        pets.contains("tags: { type: list<string>, style: comma }"),
        "{pets}"
    );
    // An operation that needs no credentials says so.
    assert!(
        pets.contains("    status: 200\n    anonymous: all\n"),
        "{pets}"
    );
    assert!(
        pets.contains("    status: 201\n    errors: [bad_request]\n"),
        "{pets}"
    );
}

/// Every construct the spec cannot say is a loss at its pointer, once, and says whether
/// the wire changes.
#[test]
fn what_cannot_be_said_is_a_loss_at_its_pointer() {
    let imported = imported();
    let said: Vec<(String, Severity)> = imported
        .losses
        .iter()
        .map(|l| (format!("{l}"), l.severity))
        .collect();
    let expected = [
        (
            "#/components/schemas/NewPet/properties/tag/pattern: `pattern` is not carried over",
            Severity::Faithful,
        ),
        (
            "#/paths/~1pets~1{id}~1photo/get/responses/200/content/image~1png: a `image/png` answer is left out: the spec answers JSON only",
            Severity::Wire,
        ),
    ];
    for (text, severity) in expected {
        assert!(
            said.contains(&(text.to_owned(), severity)),
            "{text} not among {said:#?}"
        );
    }
    // Carried over: the option's bounds and default are not losses.
    assert!(
        !said.iter().any(|(t, _)| t.contains("parameters/0/schema")),
        "{said:#?}"
    );
    // Said once, though `NewPet` is read again inside `Pet`'s `allOf`.
    let pattern = said.iter().filter(|(t, _)| t.contains("pattern")).count();
    assert_eq!(pattern, 1, "{said:#?}");
}

#[test]
fn the_command_writes_the_folder_and_strict_refuses_losses() {
    let dir = std::env::temp_dir().join(format!("restspec-import-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = |extra: &[&str]| {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let mut args = vec!["restspec".to_owned(), "import".to_owned()];
        args.push(fixture().display().to_string());
        args.extend(["-o".to_owned(), dir.display().to_string()]);
        args.extend(extra.iter().map(|s| (*s).to_owned()));
        let status = restspec_cli::run(args, &mut out, &mut err);
        (
            status,
            String::from_utf8_lossy(&out).into_owned(),
            String::from_utf8_lossy(&err).into_owned(),
        )
    };
    let (status, _, err) = run(&["--strict"]);
    assert_eq!(status, 1, "{err}");
    assert!(
        err.contains("error: ") && err.contains("nothing written"),
        "{err}"
    );
    assert!(!dir.exists());
    let (status, out, err) = run(&[]);
    assert_eq!(status, 0, "{err}");
    assert!(out.starts_with("imported 5 operations into "), "{out}");
    assert!(
        err.contains("warning: ") && err.contains("pets.yaml#/components/schemas/NewPet"),
        "{err}"
    );
    assert!(dir.join("service.yaml").is_file() && dir.join("pets.yaml").is_file());
    // A second import into the same folder asks before overwriting.
    let (status, _, err) = run(&[]);
    assert_eq!(status, 1);
    assert!(err.contains("is not empty"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn swagger_2_is_refused_with_what_to_do() {
    let document = serde_json::json!({ "swagger": "2.0", "paths": {} });
    let refused = restspec_import::import(&document, &Options::default()).expect_err("refused");
    assert!(
        refused.to_string().contains("Swagger 2.0") && refused.to_string().contains("convert it"),
        "{refused}"
    );
}

/// The round trip judges the import from outside: the spec's own OpenAPI document against
/// the original, operation by operation. What the import says it loses, the judge finds.
#[test]
fn the_round_trip_finds_what_the_import_says_it_loses() {
    use restspec_import::round_trip::{Kind, compare};
    let text = std::fs::read_to_string(fixture()).expect("the fixture");
    let original = restspec_import::parse(&text).expect("YAML");
    // The original against itself: every operation faithful.
    let itself = compare(&original, &original);
    assert_eq!(itself.summary().faithful, 5);
    let loaded = load(&imported());
    let exported = restspec_codegen::openapi::document(&loaded.service);
    let trip = compare(&original, &exported);
    assert_eq!(trip.operations.len(), 5);
    let found = |path: &str, method: &str, category: &str| {
        let verdict = trip
            .operations
            .iter()
            .find(|v| v.path == path && v.method == method)
            .unwrap_or_else(|| panic!("{method} {path}"));
        verdict
            .differences
            .iter()
            .find(|d| d.category == category)
            .map(|d| (d.kind, d.pointer.clone()))
    };
    // The header and cookie parameters are carried.
    assert_eq!(found("/pets", "get", "header parameter"), None);
    assert_eq!(found("/pets", "get", "cookie parameter"), None);
    assert_eq!(
        found("/pets", "post", "pattern"),
        Some((
            Kind::Faithful,
            "/components/schemas/NewPet/properties/tag/pattern".to_owned()
        ))
    );
    // Widths, formats and the constraints the spec says come back as written.
    for category in ["maxLength", "format"] {
        assert_eq!(found("/pets", "post", category), None, "{category}");
    }
    assert_eq!(
        found("/pets/{id}/photo", "get", "media type").map(|(kind, _)| kind),
        Some(Kind::Wire)
    );
}

/// Two ways real documents write `allOf`: AWS's `[{$ref: X}, {description: ...}]` is X
/// itself, and Azure's `allOf: [{$ref: Base}]` beside members of its own is a record of
/// them all (both were read wrong until the round trip showed members missing).
#[test]
fn annotating_parts_and_members_beside_all_of_are_read_as_written() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/things": { "get": { "responses": { "200": { "description": "ok",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Derived" } } } } } } } },
        "components": { "schemas": {
            "Mode": { "type": "string", "enum": ["on", "off"] },
            "Base": { "type": "object", "properties": { "id": { "type": "string" } } },
            "Derived": {
                "allOf": [{ "$ref": "#/components/schemas/Base" }],
                "required": ["kind"],
                "properties": {
                    "kind": { "type": "string" },
                    "mode": { "allOf": [{ "$ref": "#/components/schemas/Mode" }, { "description": "The mode.", "xml": { "name": "mode" } }] }
                }
            }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("  Derived:\n    includes: [Base]\n    fields:\n      kind: { type: string }\n      mode: { type: Mode, optional: true, description: The mode. }\n"),
        "{service}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// `restspec openapi` of the imported spec describes every operation of `document` as it
/// goes on the wire.
pub(crate) fn assert_every_operation_on_the_wire(
    document: &serde_json::Value,
    imported: &restspec_import::Imported,
) {
    for verdict in &round_trip(document, imported).operations {
        assert!(
            verdict.on_wire,
            "{}: {:#?}",
            verdict.path, verdict.differences
        );
    }
}

/// As [`assert_every_operation_on_the_wire`], and with the constraints, formats, defaults
/// and read/write-only saying the same too.
pub(crate) fn assert_every_operation_faithful(
    document: &serde_json::Value,
    imported: &restspec_import::Imported,
) {
    for verdict in &round_trip(document, imported).operations {
        assert!(
            verdict.faithful,
            "{} {}: {:#?}",
            verdict.method, verdict.path, verdict.differences
        );
    }
}

/// `restspec openapi` of the imported spec compared with `document`.
pub(crate) fn round_trip(
    document: &serde_json::Value,
    imported: &restspec_import::Imported,
) -> restspec_import::round_trip::Comparison {
    let loaded = load(imported);
    let exported = restspec_codegen::openapi::document(&loaded.service);
    restspec_import::round_trip::compare(document, &exported)
}

/// A boolean enumerating both its values (NetBox's `enum: [false, true]`) says nothing a
/// boolean does not: the round trip finds it on the wire without the enumeration.
#[test]
fn an_enumeration_of_both_booleans_is_a_boolean() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/ports": { "get": { "responses": { "200": { "description": "ok",
            "content": { "application/json": { "schema": { "type": "object",
                "properties": { "connected": { "type": "boolean", "nullable": true,
                    "enum": [false, true] } } } } } } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    assert_every_operation_on_the_wire(&document, &imported);

    // One value alone (Stripe's `deleted: [true]`) is the field's `values`, faithfully.
    let deleted = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/customers": { "delete": { "responses": { "200": { "description": "ok",
            "content": { "application/json": { "schema": { "type": "object",
                "properties": { "deleted": { "type": "boolean", "enum": [true] } },
                "required": ["deleted"] } } } } } } } }
    });
    let imported = restspec_import::import(&deleted, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("deleted: { type: boolean, values: [true] }"),
        "{service}"
    );
    assert_every_operation_faithful(&deleted, &imported);
}

/// A format the spec has no type for, on a map, a list or a switch (Twilio's `uri-map`),
/// or said of an enumeration's values or a record (Twilio's `http-method`, Loket's
/// `metadata`), is stated as the document states it: the round trip finds it faithfully.
#[test]
fn formats_of_maps_lists_and_switches_are_kept() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/faxes": { "get": { "responses": { "200": { "description": "ok",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Fax" } } } } } } } },
        "components": { "schemas": { "Fax": { "type": "object", "properties": {
            "links": { "type": "object", "format": "uri-map", "additionalProperties": { "type": "string" } },
            "codes": { "type": "array", "format": "csv", "items": { "type": "string" } },
            "sent": { "type": "boolean", "format": "flag" },
            "method": { "type": "string", "format": "http-method", "enum": ["GET", "POST"] },
            "country": { "type": "object", "format": "metadata",
                "properties": { "key": { "type": "integer" } } }
        } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    assert_every_operation_faithful(&document, &imported);
}

/// A default of a field requests must send anyway (`required` beside `default`) is kept,
/// with `required: true`: the round trip finds it faithfully.
#[test]
fn a_required_or_nullable_field_keeps_its_default() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/a": { "post": {
            "requestBody": { "required": true, "content": { "application/json": {
                "schema": { "$ref": "#/components/schemas/S" } } } },
            "responses": { "204": { "description": "ok" } } } } },
        "components": { "schemas": { "S": { "type": "object", "required": ["kind"],
            "properties": { "kind": { "type": "string", "default": "x" },
                "secure": { "type": "boolean", "nullable": true, "default": false } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    assert!(said.is_empty(), "{said:#?}");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("kind: { type: string, required: true, default: x }"),
        "{service}"
    );
    // A nullable field keeps its default too (Microsoft Graph's action parameters).
    assert!(
        service
            .contains("secure: { type: boolean, optional: true, nullable: true, default: false }"),
        "{service}"
    );
    assert_every_operation_faithful(&document, &imported);
}

/// An enumeration of numbers (an integer field that is `0` or `1`) is the field's
/// `values`, refused otherwise, and round-trips faithfully.
#[test]
fn an_enumeration_of_numbers_is_the_fields_values() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/holidays": { "get": { "responses": { "200": { "description": "ok",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Holiday" } } } } } } } },
        "components": { "schemas": { "Holiday": { "type": "object", "required": ["optional"],
            "properties": { "optional": { "type": "integer", "enum": [0, 1] } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("optional: { type: integer, values: [0, 1] }"),
        "{service}"
    );
    assert!(imported.losses.is_empty(), "{:?}", imported.losses);
    assert_every_operation_faithful(&document, &imported);
}

/// A name `required` without a property (GitHub's `expires_at` on `authorization`) is a
/// field of any value, required: the key must be there, as JSON Schema reads it, and the
/// round trip finds it so.
#[test]
fn a_required_name_without_a_property_is_a_field_of_any_value() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/tokens": { "get": { "responses": { "200": { "description": "ok",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Token" } } } } } } } },
        "components": { "schemas": { "Token": { "type": "object", "required": ["id", "expires_at"],
            "properties": { "id": { "type": "integer" } } } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("      expires_at: { type: any }\n"),
        "{service}"
    );
    assert_every_operation_faithful(&document, &imported);
}
