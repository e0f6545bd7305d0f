use std::collections::BTreeMap;

use serde::Deserialize;

use super::{Rules, failing_json_field};

const JSON: Rules = Rules {
    records_from_objects: true,
    deny_unknown_fields: false,
};
const REJECT: Rules = Rules {
    records_from_objects: true,
    deny_unknown_fields: true,
};

fn from_slice<'de, T: Deserialize<'de>>(input: &'de [u8]) -> serde_json::Result<T> {
    super::from_slice(input, JSON)
}

#[derive(Debug, Deserialize, PartialEq)]
struct Inner {
    a: i64,
    #[serde(default)]
    b: Option<String>,
}

#[derive(Debug, Deserialize, PartialEq)]
struct Outer {
    name: String,
    #[serde(default)]
    list: Vec<Inner>,
    #[serde(default)]
    map: BTreeMap<String, Inner>,
    #[serde(default)]
    one: Option<Inner>,
    #[serde(default)]
    kind: Option<Kind>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum Kind {
    New,
    Merged,
}

#[test]
fn objects_lists_maps_options_and_enums_still_read() {
    let outer: Outer = from_slice(
            br#"{"name":"x","list":[{"a":1}],"map":{"k":{"a":2,"b":"y"}},"one":{"a":3},"kind":"MERGED","extra":[1]}"#,
        )
        .unwrap();
    assert_eq!(outer.list, vec![Inner { a: 1, b: None }]);
    assert_eq!(
        outer.map["k"],
        Inner {
            a: 2,
            b: Some("y".into())
        }
    );
    assert_eq!(outer.one, Some(Inner { a: 3, b: None }));
    assert_eq!(outer.kind, Some(Kind::Merged));
    let kinds: Vec<Kind> = from_slice(br#"["NEW","MERGED"]"#).unwrap();
    assert_eq!(kinds, [Kind::New, Kind::Merged]);
}

#[test]
fn a_record_is_never_read_from_an_array() {
    let top = from_slice::<Inner>(br#"[1, "b"]"#).unwrap_err();
    assert!(top.to_string().contains("as a JSON object"), "{top}");
    for nested in [
        &br#"{"name":"x","list":[[1]]}"#[..],
        br#"{"name":"x","map":{"k":[1]}}"#,
        br#"{"name":"x","one":[1]}"#,
    ] {
        let err = from_slice::<Outer>(nested).unwrap_err();
        assert!(err.is_data(), "{err}");
        assert!(err.to_string().contains("invalid type: sequence"), "{err}");
    }
}

#[test]
fn scalars_and_trailing_input_behave_as_in_serde_json() {
    assert!(from_slice::<Inner>(b"42").unwrap_err().is_data());
    assert!(
        from_slice::<Inner>(br#"{"a":1} x"#)
            .unwrap_err()
            .is_syntax()
    );
}

#[test]
fn unknown_keys_are_refused_by_name_at_every_depth_when_the_rules_say() {
    let known = br#"{"name":"x","list":[{"a":1}],"map":{"any key":{"a":2}}}"#;
    assert!(
        super::from_slice::<Outer>(known, REJECT).is_ok(),
        "map keys are free"
    );
    for (input, field) in [
        (&br#"{"name":"x","nmae":"y"}"#[..], "nmae"),
        (br#"{"name":"x","one":{"a":1,"c":2}}"#, "one.c"),
        (
            br#"{"name":"x","list":[{"a":1},{"a":2,"z":0}]}"#,
            "list[1].z",
        ),
    ] {
        let err = super::from_slice::<Outer>(input, REJECT).unwrap_err();
        assert!(err.to_string().starts_with("unknown field"), "{err}");
        assert_eq!(
            failing_json_field::<Outer>(input, REJECT).as_deref(),
            Some(field)
        );
        assert!(from_slice::<Outer>(input).is_ok(), "ignored by default");
    }
}
