//! Unions told apart by a field and families of records (`fixtures/all_types`: `Payment`,
//! a `one_of` with a `discriminator`; `Animal`, a record others include, with one): read by
//! the field's value, written back as read, checked inside the alternative, and stated in
//! OpenAPI as `discriminator`, `oneOf` and `allOf`; and lists whose items may be `null`.

use std::path::Path;

use restspec_runtime::Validate;
use restspec_tests::build_script::all_types::types::{Animal, Cat, Payment};
use serde_json::{Value, json};

#[test]
fn the_field_names_the_alternative_and_each_is_written_back_as_read() {
    let card = json!({ "kind": "card", "last4": "4242" });
    let read: Payment = serde_json::from_value(card.clone()).expect("a card payment");
    let Payment::CardPayment(payment) = &read else {
        panic!("read as {read:?}");
    };
    assert_eq!(
        payment.kind, "card",
        "the alternative declares the field, and reads it"
    );
    assert_eq!(serde_json::to_value(&read).expect("writes"), card);

    // `Transfer` does not declare `kind`: its value is the type's name (no mapping names
    // it), and the union writes it.
    let transfer = json!({ "kind": "Transfer", "iban": "DE02120300000000202051" });
    let read: Payment = serde_json::from_value(transfer.clone()).expect("a transfer");
    assert!(matches!(read, Payment::Transfer(_)), "{read:?}");
    assert_eq!(serde_json::to_value(&read).expect("writes"), transfer);
}

#[test]
fn a_value_without_the_field_or_naming_no_alternative_is_refused_in_words() {
    let unknown = serde_json::from_value::<Payment>(json!({ "kind": "cash", "last4": "4242" }))
        .expect_err("no alternative is `cash`")
        .to_string();
    assert!(
        unknown.contains(
            "`kind` is `cash`, which names no type here: expected one of `card`, `Transfer`"
        ),
        "{unknown}"
    );
    let missing = serde_json::from_value::<Payment>(json!({ "last4": "4242" }))
        .expect_err("no kind")
        .to_string();
    assert!(missing.contains("missing field `kind`"), "{missing}");
    // Shape alone no longer decides: a card's fields under a transfer's kind are no transfer.
    let wrong = serde_json::from_value::<Payment>(json!({ "kind": "Transfer", "last4": "4242" }))
        .expect_err("a transfer needs its iban")
        .to_string();
    assert!(wrong.contains("iban"), "{wrong}");
}

#[test]
fn the_alternative_named_is_the_one_checked() {
    let read: Payment =
        serde_json::from_value(json!({ "kind": "card", "last4": "42" })).expect("reads");
    let violations = read.violations();
    let found: Vec<(&str, &str)> = violations.iter().collect();
    assert_eq!(
        found,
        [("last4", "does not match the pattern `^[0-9]{4}$`")]
    );
}

#[test]
fn a_family_member_read_as_its_base_keeps_what_the_base_does_not_declare() {
    let json = json!({ "name": "Tom", "species": "cat", "lives": 7 });
    // The member itself has the base's fields first, then its own.
    let cat: Cat = serde_json::from_value(json.clone()).expect("a cat");
    assert_eq!(
        (cat.name.as_str(), cat.species.as_str(), cat.lives),
        ("Tom", "cat", 7)
    );
    // Read as the base, its own fields are kept aside and written back.
    let animal: Animal = serde_json::from_value(json.clone()).expect("an animal");
    assert_eq!(animal.name, "Tom");
    assert_eq!(animal.derived_fields.get("lives"), Some(&json!(7)));
    assert_eq!(serde_json::to_value(&animal).expect("writes"), json);
    // Its checks are the member's own: nine lives at most.
    let cat: Cat = serde_json::from_value(json!({ "name": "Tom", "species": "cat", "lives": 10 }))
        .expect("reads");
    let violations = cat.violations();
    let found: Vec<(&str, &str)> = violations.iter().collect();
    assert_eq!(found, [("lives", "greater than 9")]);
    // A field declared again as a record including the base's (`Den` includes `Place`)
    // holds the narrower record here.
    let json = json!({ "name": "Tom", "species": "cat", "lives": 7,
        "home": { "city": "Oslo", "depth": 2 } });
    let cat: Cat = serde_json::from_value(json.clone()).expect("a cat at home");
    let den = cat.home.as_ref().expect("a den");
    assert_eq!((den.city.as_str(), den.depth), ("Oslo", 2));
    assert_eq!(serde_json::to_value(&cat).expect("writes"), json);
}

fn schemas() -> Value {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = "fixtures/all_types";
    let loaded = restspec_codegen::Loader::dir(manifest.join(dir))
        .display_dir(dir)
        .load()
        .expect("valid");
    restspec_codegen::openapi::document(&loaded.service)["components"]["schemas"].clone()
}

#[test]
fn openapi_states_the_discriminators_mappings_and_includes() {
    let schemas = schemas();
    assert_eq!(
        schemas["Payment"]["discriminator"],
        json!({
            "propertyName": "kind",
            "mapping": {
                "card": "#/components/schemas/CardPayment",
                "Transfer": "#/components/schemas/Transfer",
            }
        })
    );
    assert_eq!(
        schemas["Payment"]["oneOf"],
        json!([
            { "$ref": "#/components/schemas/CardPayment" },
            { "$ref": "#/components/schemas/Transfer" },
        ])
    );
    assert_eq!(
        schemas["Animal"]["discriminator"]["mapping"],
        json!({ "cat": "#/components/schemas/Cat", "Animal": "#/components/schemas/Animal" })
    );
    // A member states its own fields beside the base it includes, and the field it declares
    // again (`species`, with its own stated default).
    let cat = &schemas["Cat"];
    assert_eq!(
        cat["allOf"][0],
        json!({ "$ref": "#/components/schemas/Animal" })
    );
    let own: Vec<&String> = cat["allOf"][1]["properties"]
        .as_object()
        .expect("its own fields")
        .keys()
        .collect();
    assert_eq!(own, ["home", "lives", "species"]);
    assert_eq!(cat["allOf"][1]["properties"]["species"]["default"], "cat");
    assert_eq!(
        cat["allOf"][1]["properties"]["home"]["$ref"],
        "#/components/schemas/Den"
    );
}

/// A list field whose items may be `null` (`nullable_items`) reads and writes them, and
/// OpenAPI says so of its items.
#[test]
fn a_lists_items_may_be_null_where_the_field_says_so() {
    use restspec_tests::build_script::all_types::types::Measure;
    let json = json!({ "ratio": 0.5, "readings": [1, null, 3] });
    let measure: Measure = serde_json::from_value(json.clone()).expect("null items read");
    assert_eq!(measure.readings, Some(vec![Some(1), None, Some(3)]));
    assert_eq!(serde_json::to_value(&measure).expect("writes"), json);
    assert_eq!(
        schemas()["Measure"]["properties"]["readings"]["items"],
        json!({ "type": ["integer", "null"] })
    );
}
