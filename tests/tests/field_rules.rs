//! Widths, formats and constraints on fields (`fixtures/all_types`: `Formats` and
//! `Constrained`), read by the generated types: a value of the wrong width or format is
//! refused by serde, constraints are checked afterwards with every violation at its path,
//! defaults fill what a body leaves out, and read-only and write-only fields behave so
//! inside a service only.

use restspec_runtime::__private::direction::{Direction, within};
use restspec_runtime::Validate;
use restspec_tests::build_script::all_types::types::{Colour, Constrained, Formats};

const FORMATS: &str = r#"{
    "small": -5, "large": 9007199254740993, "count": 7, "total": 18446744073709551615,
    "ratio": 0.5, "precise": 2.25, "born": "1815-12-10",
    "id": "67e55044-10b1-426f-9247-bb680e5fe0c8", "home": "https://example.com/ada",
    "mail": "ada@example.com", "blob": "aGk=", "duration": "3.5s"
}"#;

fn formats_with(field: &str, value: serde_json::Value) -> serde_json::Value {
    let mut json: serde_json::Value = serde_json::from_str(FORMATS).expect("JSON");
    json[field] = value;
    json
}

#[test]
fn each_width_and_format_reads_its_values_and_writes_them_back_as_read() {
    let formats: Formats = serde_json::from_str(FORMATS).expect("every value fits");
    assert_eq!(formats.total, u64::MAX);
    assert_eq!(formats.born.to_string(), "1815-12-10");
    assert_eq!(&*formats.blob, b"hi");
    assert_eq!(formats.mail.as_str(), "ada@example.com");
    let written = serde_json::to_value(&formats).expect("writes");
    let read: serde_json::Value = serde_json::from_str(FORMATS).expect("JSON");
    assert_eq!(written, read);
}

#[test]
fn a_value_outside_its_width_or_format_is_refused() {
    for (field, value) in [
        ("small", serde_json::json!(3_000_000_000_i64)),
        ("count", serde_json::json!(-1)),
        ("born", serde_json::json!("1815-13-10")),
        ("id", serde_json::json!("not-a-uuid")),
        ("home", serde_json::json!("no scheme")),
        ("mail", serde_json::json!("ada")),
        ("blob", serde_json::json!("*")),
    ] {
        let json = formats_with(field, value.clone());
        assert!(
            serde_json::from_value::<Formats>(json).is_err(),
            "{field}: {value} should be refused"
        );
    }
}

fn constrained(json: serde_json::Value) -> Constrained {
    within(Direction::Request, || serde_json::from_value(json)).expect("reads")
}

#[test]
fn every_violation_is_reported_at_its_path_at_once() {
    let body = constrained(serde_json::json!({
        "name": "",
        "code": "abcd",
        "handle": "   ",
        "digits": "١٢",
        "age": 150,
        "step": 0.3,
        "level": 3,
        "live": false,
        "tags": ["a", "b", "a", "c"],
        "labels": {},
        "size": 101,
        "when": "1999-12-31 23:59:59.000000000",
        "day": "1999-12-31",
        "ref": "67E55044-10B1-426F-9247-BB680E5FE0C8",
        "codes": ["AB", "abc", "ABCD"],
        "counts": [1, null, -1],
        "big": ["12345678901234567890"],
        "children": [{ "name": "ok" }, { "name": "much too long a name" }],
    }));
    let violations = body.violations();
    let found: Vec<(&str, &str)> = violations.iter().collect();
    assert_eq!(
        found,
        [
            ("name", "shorter than 1 character"),
            ("code", "does not match the pattern `^[A-Z]{3}$`"),
            ("handle", "does not match the pattern `^(?!\\s*$).+`"),
            ("digits", "does not match the pattern `^\\d+$`"),
            ("age", "not less than 150"),
            ("step", "not a multiple of 0.5"),
            ("level", "not one of 1, 2, 5"),
            ("live", "not true"),
            ("tags", "more than 3 items"),
            ("tags", "item 2 repeats an earlier one"),
            ("labels", "fewer than 1 member"),
            ("size", "greater than 100"),
            ("when", "does not match the pattern `^20`"),
            ("day", "does not match the pattern `^20`"),
            ("ref", "does not match the pattern `^0`"),
            ("codes[1]", "does not match the pattern `^[A-Z]+$`"),
            ("codes[2]", "longer than 3 characters"),
            ("counts[2]", "less than 0"),
            ("children[1].name", "longer than 10 characters"),
        ]
    );
    let fine = constrained(serde_json::json!({
        "name": "Ada", "code": "ADA", "handle": " x", "digits": "2026", "age": 0, "level": 5, "live": true,
        "day": "2026-11-29", "ref": "0e55044a-10b1-426f-9247-bb680e5fe0c8",
    }));
    assert!(fine.violations().is_empty(), "{}", fine.violations());
}

#[test]
fn defaults_fill_what_a_body_leaves_out() {
    let body = constrained(serde_json::json!({ "name": "Ada" }));
    assert_eq!(body.size, 10);
    // A field of a type declared `nullable` may be `null`: absent and `null` differ.
    let remark = constrained(serde_json::json!({ "name": "Ada", "remark": null }));
    assert!(matches!(remark.remark, restspec_runtime::Tristate::Null));
    assert!(body.remark.is_absent());
    // A list's default, `null` that fills nothing, a boolean written as text.
    assert_eq!(body.events, ["push"]);
    assert!(body.limit.is_absent());
    assert!(!body.attached);
    assert_eq!(body.colour, Colour::Green);
    let given = constrained(serde_json::json!({ "name": "Ada", "size": 3, "colour": "RED" }));
    assert_eq!((given.size, given.colour), (3, Colour::Red));
    // A nullable field's default fills it when absent; `null` is `None`, and written so.
    assert_eq!(body.secure, Some(false));
    let null = constrained(serde_json::json!({ "name": "Ada", "secure": null }));
    assert_eq!(null.secure, None);
    let written = serde_json::to_value(&null).expect("written");
    assert_eq!(written["secure"], serde_json::Value::Null);
}

/// A map whose values may be `null` keeps each `null` as `None`, and writes it back.
#[test]
fn a_maps_values_may_be_null() {
    let json = serde_json::json!({ "name": "Ada", "scores": { "a": 1, "b": null } });
    let body = constrained(json.clone());
    let scores = body.scores.as_ref().expect("given");
    assert_eq!((scores["a"], scores["b"]), (Some(1), None));
    let written = serde_json::to_value(&body).expect("written");
    assert_eq!(written["scores"], json["scores"]);
    // Each value keeps the map's `items` rules, named at its key.
    let over = constrained(serde_json::json!({ "name": "Ada", "scores": { "a": 101, "b": null } }));
    let violations = over.violations();
    let found: Vec<(&str, &str)> = violations.iter().collect();
    assert_eq!(found, [("scores.a", "greater than 100")]);
}

/// A value that names its own variant is written and read as its value.
#[test]
fn values_with_named_variants_keep_their_text() {
    use restspec_tests::build_script::all_types::types::Selection;
    let written = serde_json::to_value([Selection::Id, Selection::IdUpper, Selection::SelfValue])
        .expect("written");
    assert_eq!(written, serde_json::json!(["id", "ID", "self"]));
    let read: Selection = serde_json::from_value(serde_json::json!("self")).expect("read");
    assert_eq!(read, Selection::SelfValue);
}

#[test]
fn read_only_and_write_only_fields_differ_inside_a_service_only() {
    let json = serde_json::json!({
        "id": 7, "name": "Ada", "secret": "s3cret", "notes": ["n"], "shade_set": "RED",
        "receipt": { "number": "R1" }, "shade_given": "dark-blue",
    });
    // A service reading a request ignores the read-only `id` (`read_only_fields: ignore`),
    // and the list of read-only `notes`, which a request may leave out.
    let request = constrained(json.clone());
    assert_eq!(request.id, 0);
    assert!(request.notes.is_empty());
    assert_eq!(request.shade_set, None);
    assert_eq!(
        request.shade_given,
        Colour::Green,
        "the default, not the request's"
    );
    assert!(
        request.receipt.is_none(),
        "a field of a read-only type is read-only"
    );
    assert!(
        constrained(serde_json::json!({ "name": "Ada" }))
            .notes
            .is_empty()
    );
    assert_eq!(request.secret.as_deref(), Some("s3cret"));
    // A client reading an answer sees it.
    let answer: Constrained = serde_json::from_value(json).expect("reads");
    assert_eq!(answer.id, 7);
    assert_eq!(answer.notes, ["n"]);
    assert_eq!(answer.shade_set, Some(Colour::Red));
    assert_eq!(answer.shade_given, Colour::DarkBlue);
    assert!(answer.receipt.is_some());
    // The service's answers leave the write-only `secret` out; a client's requests keep it.
    let written = within(Direction::Answer, || serde_json::to_value(&answer)).expect("writes");
    assert!(written.get("secret").is_none(), "{written}");
    assert_eq!(written["id"], 7);
    let sent = serde_json::to_value(&answer).expect("writes");
    assert_eq!(sent["secret"], "s3cret");
}
