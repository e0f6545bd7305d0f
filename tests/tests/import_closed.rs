//! Closed records from OpenAPI (`additionalProperties: false`): closed where the spec can
//! close them, written out in a record that includes them, opened (and said) where not.

use restspec_import::Options;

use super::import::file;

/// `additionalProperties: false` on a record is `closed: true`, and round-trips; a record
/// the spec cannot close (an alternative of a union told apart by a member it does not
/// declare) is left open, and the import says so. A record including a closed one is closed
/// over both, the closed one's fields written out in it (ShipEngine's responses extending
/// its closed error body), and so on up a chain of includes; an `allOf` closed beside its
/// parts is closed (ShipEngine's `link`). An object of no member at all is a closed record
/// of no fields.
#[test]
fn records_closed_by_the_document_are_closed() {
    let closed = |properties: serde_json::Value| serde_json::json!({ "type": "object", "properties": properties, "additionalProperties": false });
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": {
            "/notes": { "post": {
                "requestBody": { "required": true, "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/Note" } } } },
                "responses": { "204": { "description": "ok" } } } },
            "/payments": { "get": { "responses": { "200": { "description": "ok", "content": {
                "application/json": { "schema": { "$ref": "#/components/schemas/Payment" } } } } } } },
            "/named": { "get": { "responses": { "200": { "description": "ok", "content": {
                "application/json": { "schema": { "$ref": "#/components/schemas/Named" } } } } } } },
            "/titled": { "get": { "responses": { "200": { "description": "ok", "content": {
                "application/json": { "schema": { "$ref": "#/components/schemas/Titled" } } } } } } },
            "/links": { "get": { "responses": { "200": { "description": "ok", "content": {
                "application/json": { "schema": { "$ref": "#/components/schemas/Link" } } } } } } },
            "/stars": { "get": { "responses": { "404": { "description": "not starred",
                "content": { "application/json": { "schema": closed(serde_json::json!({})) } } },
                "204": { "description": "starred" } } } }
        },
        "components": { "schemas": {
            "Note": closed(serde_json::json!({ "title": { "type": "string" } })),
            "Payment": { "oneOf": [{ "$ref": "#/components/schemas/Card" }, { "$ref": "#/components/schemas/Cash" }],
                         "discriminator": { "propertyName": "kind" } },
            "Card": closed(serde_json::json!({ "kind": { "type": "string" }, "last4": { "type": "string" } })),
            "Cash": closed(serde_json::json!({ "amount": { "type": "integer" } })),
            "Entity": closed(serde_json::json!({ "id": { "type": "string" } })),
            "Named": { "allOf": [{ "$ref": "#/components/schemas/Entity" },
                                 { "type": "object", "properties": { "name": { "type": "string" } } }] },
            "Titled": { "allOf": [{ "$ref": "#/components/schemas/Named" },
                                  { "type": "object", "properties": { "title": { "type": "string" } } }] },
            "Link": { "allOf": [{ "$ref": "#/components/schemas/Entity" }], "required": ["id"],
                      "additionalProperties": false }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let spec = file(&imported, "service.yaml");
    // A type's lines: its name, then those indented under it.
    let declared = |name: &str| {
        let start = spec.find(&format!("\n  {name}:")).expect("declared");
        let mut lines = spec[start + 1..].lines();
        let first = lines.next().unwrap_or_default();
        let rest: Vec<&str> = lines.take_while(|l| l.starts_with("    ")).collect();
        format!("{first}\n{}", rest.join("\n"))
    };
    assert!(declared("Note").contains("closed: true"), "{spec}");
    assert!(declared("Card").contains("closed: true"), "{spec}");
    assert!(!declared("Cash").contains("closed"), "{spec}");
    assert!(declared("Entity").contains("closed: true"), "{spec}");
    for (name, fields) in [
        ("Named", &["id", "name"][..]),
        ("Titled", &["id", "name", "title"][..]),
        ("Link", &["id"][..]),
    ] {
        let declared = declared(name);
        assert!(declared.contains("closed: true"), "{name}: {spec}");
        assert!(!declared.contains("includes"), "{name}: {spec}");
        for field in fields {
            assert!(
                declared.contains(&format!("      {field}:")),
                "{name}.{field}: {spec}"
            );
        }
    }
    // No member at all (GitHub's 404 of a gist not starred): a closed record of no fields.
    assert!(
        spec.contains("    closed: true\n    fields: {}\n"),
        "{spec}"
    );
    let said: Vec<String> = imported.losses.iter().map(|l| l.to_string()).collect();
    let opened = "/components/schemas/Cash/additionalProperties";
    assert!(
        said.iter()
            .any(|s| s.contains(opened) && s.contains("does not declare `kind`")),
        "{said:#?}"
    );
    let trip = super::import::round_trip(&document, &imported);
    let note = trip
        .operations
        .iter()
        .find(|v| v.path == "/notes")
        .expect("compared");
    assert!(note.faithful, "{note:?}");
    let stars = trip
        .operations
        .iter()
        .find(|v| v.path == "/stars")
        .expect("compared");
    assert!(stars.faithful, "{stars:?}");
    assert!(
        !said
            .iter()
            .any(|s| s.contains("/components/schemas/Entity/")),
        "{said:#?}"
    );
    for path in ["/named", "/titled", "/links"] {
        let written_out = trip
            .operations
            .iter()
            .find(|v| v.path == path)
            .expect("compared");
        assert!(written_out.faithful, "{written_out:?}");
    }
    let opened = trip
        .operations
        .iter()
        .find(|v| v.path == "/payments")
        .expect("compared");
    assert!(
        !opened.on_wire,
        "the judge sees what was opened: {opened:?}"
    );
}
