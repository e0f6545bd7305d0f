//! Refusals of the types a spec declares and of what its fields and parameters say of
//! them: rules against a field's type, includes and discriminators, nullable items,
//! formats, and bounds.

use super::only_error_with;
use restspec_tests::spec_sources::minimal_with;

/// The minimal fixture with `types` added under `service.yaml`.
fn with_types(types: &str) -> Vec<restspec_codegen::SourceFile> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/minimal");
    let mut sources = restspec_tests::spec_sources::spec_sources(&dir);
    sources[0].text.push_str(&format!("\ntypes:\n{types}"));
    sources
}

/// A field's rules are checked against its type, each at its key with what to write: a
/// constraint for another kind of value, a pattern the service cannot check, bounds that
/// leave no value, a default of the wrong type, a format that has a type of its own, a
/// pattern on a value not written as text, item rules off a list or wrong for its items.
#[test]
fn a_fields_rules_are_checked_against_its_type() {
    let types = r#"  Thing:
    fields:
      name: { type: integer, max_length: 5 }
      code: { type: string, pattern: "(?<=a" }
      size: { type: integer, minimum: 10, maximum: 5 }
      colour: { type: string, optional: true, default: 5 }
      id: { type: string, format: uuid }
      both: { type: number, minimum: 1, exclusive_minimum: 1 }
      parent: { type: Thing, read_only: true }
      flag: { type: boolean, pattern: "^t" }
      nums: { type: list<integer>, items: { pattern: "^1" } }
      limit: { type: integer, default: null }
      kinds: { type: list<integer>, default: [a] }
      word: { type: string, items: { max_length: 3 } }
"#;
    let errors = restspec_codegen::Loader::sources(with_types(types))
        .load()
        .expect_err("refused");
    let text = errors.to_string();
    for expected in [
        "service.yaml:20:42: `max_length` is for text (`string`, `uri`, `email`), not `integer`",
        "service.yaml:21:38: `(?<=a` is not a regular expression",
        "service.yaml:22:52: the maximum 5 leaves no value above the minimum 10",
        "service.yaml:23:56: default `5` is not a value of `string` the service can fill in",
        "hint: write a value of type `string`",
        "service.yaml:24:35: format `uuid` has a type of its own",
        "hint: write `type: uuid` and remove `format`",
        "`minimum` and `exclusive_minimum` are both given",
        "service.yaml:27:39: `pattern` is for text and values written as text (`timestamp`, `date`, `uuid`), not `boolean`",
        "service.yaml:28:54: `pattern` is for text and values written as text (`timestamp`, `date`, `uuid`), not `integer`",
        "service.yaml:31:29: `items` is for lists and maps, not `string`",
        // `null` fills nothing: only a field that may be absent or `null` says it.
        "service.yaml:29:40: default `null` is not a value of `integer`",
        "service.yaml:30:46: default `[\"a\"]` is not a value of `list<integer>`",
        "hint: write a list of `integer` values, such as `[]`",
    ] {
        assert!(text.contains(expected), "{expected}\n{text}");
    }
    assert_eq!(errors.diagnostics.len(), 11, "{text}");
}

/// `oauth2` describes bearer tokens: beside another place it is refused, and a flow
/// without the URLs OAuth 2 gives it is refused naming them; `plain_tokens` without an
/// issuer is refused.
#[test]
fn an_oauth2_issuer_is_checked() {
    let conventions = "  credentials:\n    - header: X-Token\n      oauth2: { implicit: { authorization_url: https://example.com/a } }\n    - scheme: bearer\n      oauth2: { authorization_code: { authorization_url: https://example.com/a }, device: {} }\n    - { scheme: token, plain_tokens: true }\n";
    let errors = minimal_with(conventions, "").expect("refused");
    let text = errors.to_string();
    for expected in [
        "`oauth2` and `openid_connect` describe bearer tokens",
        "the `authorization_code` flow needs `token_url`",
        "`device` is not an OAuth 2 flow",
        "`plain_tokens` says bearer tokens an issuer did not issue are taken too, but no issuer is named",
    ] {
        assert!(text.contains(expected), "{expected}\n{text}");
    }
    assert_eq!(errors.diagnostics.len(), 4, "{text}");
}

/// A switch's default is `true` or `false`; anything else is refused with what to write.
#[test]
fn a_boolean_options_default_is_true_or_false() {
    let text = only_error_with("    query:\n      mine: { type: boolean, default: maybe }\n");
    assert!(
        text.contains("`maybe` is not a default of a `boolean` option")
            && text.contains("write `default: true` or `default: false`"),
        "{text}"
    );
}

/// Includes and discriminators are checked once every type is known, each refusal at the
/// type or the discriminator with what to write instead.
#[test]
fn includes_and_discriminators_are_checked() {
    let types = r#"  Base:
    fields:
      name: { type: string }
      kind: { type: integer }
    discriminator: { field: kind, mapping: { x: Other } }
  Other:
    fields:
      size: { type: integer }
  Derived:
    includes: [Base, Missing]
    fields:
      name: { type: integer }
  Loop1:
    includes: [Loop2]
  Loop2:
    includes: [Loop1]
  Pick:
    one_of: [Other, string]
    discriminator: { field: kind }
  Colour:
    values: [red]
    discriminator: { field: kind }
  Painted:
    includes: [Colour]
"#;
    let errors = restspec_codegen::Loader::sources(with_types(types))
        .load()
        .expect_err("refused");
    let text = errors.to_string();
    for expected in [
        "unknown type `Missing`",
        "field `name` is included from `Base` as `string`: declared again here, it must be the same",
        "`Loop1` includes itself, through its `includes`",
        "field `kind` of `Base` is `integer`, but it names a type",
        "hint: declare it as `string`, or as an enumeration of the values",
        "discriminator value `x` of `Base` names `Other`, which is not this record or one that includes it",
        "hint: name one of `Base`, `Derived`",
        "alternative `string` of `Pick` is not a record, so it has no `kind` field",
        "enumeration `Colour` has no fields to name a type in",
        "`Painted` includes `Colour`, which is not a record",
    ] {
        assert!(text.contains(expected), "{expected}\n{text}");
    }
    assert_eq!(errors.diagnostics.len(), 8, "{text}");
}

/// A field declared again may refuse the `null` its included field admits (OpenAPI's
/// `allOf` holds every part), and OpenAPI states it again there; it may not admit a `null`
/// the included field refuses.
#[test]
fn a_field_declared_again_may_refuse_null() {
    let narrowed = r#"  Base:
    fields:
      view: { type: string, nullable: true }
  Derived:
    includes: [Base]
    fields:
      view: { type: string }
"#;
    let loaded = restspec_codegen::Loader::sources(with_types(narrowed))
        .load()
        .unwrap_or_else(|errors| panic!("accepted:\n{errors}"));
    let document = restspec_codegen::openapi::document(&loaded.service);
    let derived = &document["components"]["schemas"]["Derived"]["allOf"][1];
    assert_eq!(
        derived["properties"]["view"],
        serde_json::json!({ "type": "string" }),
        "{derived:#}"
    );
    let widened = r#"  Base:
    fields:
      view: { type: string }
  Derived:
    includes: [Base]
    fields:
      view: { type: string, nullable: true }
"#;
    let errors = restspec_codegen::Loader::sources(with_types(widened))
        .load()
        .expect_err("refused");
    assert!(
        errors
            .to_string()
            .contains("field `view` is included from `Base` as `string`: declared again here"),
        "{errors}"
    );
}

/// `header: Authorization` reads the whole header as the key: beside a scheme, which reads
/// the same header, it is what the scheme does not read, tried after it whatever the
/// order written, and OpenAPI states both.
#[test]
fn the_whole_authorization_header_as_a_key_is_tried_after_the_schemes() {
    let alone = minimal_with("  credentials:\n    - { header: Authorization }\n", "");
    assert!(alone.is_none(), "{:?}", alone.map(|e| e.to_string()));
    let both = "  credentials:\n    - { header: Authorization }\n    - { scheme: bearer }\n";
    let errors = minimal_with(both, "");
    assert!(errors.is_none(), "{:?}", errors.map(|e| e.to_string()));
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/minimal");
    let mut sources = restspec_tests::spec_sources::spec_sources(&dir);
    let anchor = "  timestamp_format: rfc3339\n";
    for source in sources.iter_mut().filter(|s| s.text.contains(anchor)) {
        source.text = source.text.replacen(anchor, &format!("{anchor}{both}"), 1);
    }
    let Ok(loaded) = restspec_codegen::Loader::sources(sources).load() else {
        panic!("accepted");
    };
    use restspec_codegen::model::Credential;
    assert_eq!(
        loaded.service.conventions.credentials,
        [
            Credential::Scheme("Bearer".into()),
            Credential::Header("Authorization".into())
        ]
    );
    let document = restspec_codegen::openapi::document(&loaded.service);
    let schemes = document["components"]["securitySchemes"].to_string();
    assert!(
        schemes.contains("\"in\":\"header\"") && schemes.contains("\"scheme\":\"Bearer\""),
        "{schemes}"
    );
}

/// `nullable_items` is for lists and maps: on anything else it is refused with what to
/// write.
#[test]
fn nullable_items_are_for_lists_and_maps() {
    let types = "  Thing:\n    fields:\n      name: { type: string, nullable_items: true }\n";
    let errors = restspec_codegen::Loader::sources(with_types(types))
        .load()
        .expect_err("refused");
    let text = errors.to_string();
    assert!(
        text.contains("`nullable_items` is for lists and maps, not `string`")
            && text.contains("write `nullable: true` for a field that may be `null` itself"),
        "{text}"
    );
    assert_eq!(errors.diagnostics.len(), 1, "{text}");
}

/// A type's `format` is said of a record or an enumeration; a union's alternatives say
/// their own.
#[test]
fn a_types_format_is_for_records_and_enumerations() {
    let types = "  Pick:\n    one_of: [string, integer]\n    format: choice\n";
    let errors = restspec_codegen::Loader::sources(with_types(types))
        .load()
        .expect_err("refused");
    let text = errors.to_string();
    assert!(
        text.contains("`format` is for records and enumerations; `Pick` is a union"),
        "{text}"
    );
    assert_eq!(errors.diagnostics.len(), 1, "{text}");
}

/// A path parameter's bounds are for numbers, are numbers, and leave a value.
#[test]
fn a_path_parameters_bounds_are_checked() {
    for (param, expected) in [
        (
            "{ description: A thing., minimum: 1 }",
            "only a number parameter has a `minimum`",
        ),
        (
            "{ description: A thing., type: integer, minimum: 5, maximum: 2 }",
            "`maximum` 2 is below `minimum` 5",
        ),
        (
            "{ description: A thing., type: int32, maximum: lots }",
            "`maximum` `lots` is not a number",
        ),
    ] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/minimal");
        let mut sources = restspec_tests::spec_sources::spec_sources(&dir);
        let things = sources
            .iter_mut()
            .find(|s| s.text.contains("thing-id: A thing."));
        let things = things.expect("the family file");
        things.text = things
            .text
            .replace("thing-id: A thing.", &format!("thing-id: {param}"));
        let errors = restspec_codegen::Loader::sources(sources)
            .load()
            .expect_err("refused");
        let text = errors.to_string();
        assert!(text.contains(expected), "{expected}\n{text}");
        assert_eq!(errors.diagnostics.len(), 1, "{text}");
    }
}
