//! Unions read by trying their alternatives in order (`one_of` and `any_of` without a
//! discriminator, `fixtures/all_types`): each alternative read from JSON and written back
//! as it came, several of one JSON kind among them.

/// A `one_of` type reads each alternative from JSON and writes it back as it came.
#[test]
fn a_one_of_type_reads_and_writes_each_alternative() {
    use restspec_tests::build_script::all_types::types::Labels;
    let list: Labels = serde_json::from_str(r#"["bug","ui"]"#).expect("a list");
    assert_eq!(list, Labels::List(vec!["bug".to_owned(), "ui".to_owned()]));
    let text: Labels = serde_json::from_str(r#""bug,ui""#).expect("a string");
    assert_eq!(text, Labels::String("bug,ui".to_owned()));
    assert!(
        serde_json::from_str::<Labels>("7").is_err(),
        "neither alternative"
    );
    assert_eq!(
        serde_json::to_string(&list).ok().as_deref(),
        Some(r#"["bug","ui"]"#)
    );
}

/// An `any_of` type reads a value as the first alternative it fits: an object that is a
/// child reads as the child, any other object as the map.
#[test]
fn an_any_of_type_reads_the_first_alternative_a_value_fits() {
    use restspec_tests::build_script::all_types::types::{Child, Origin};
    let child: Origin = serde_json::from_str(r#"{"name":"a"}"#).expect("a child");
    assert!(
        matches!(&child, Origin::Child(Child { name, .. }) if name == "a"),
        "{child:?}"
    );
    let other: Origin = serde_json::from_str(r#"{"colour":"red"}"#).expect("any object");
    assert!(
        matches!(&other, Origin::Map(map) if map.get("colour") == Some(&serde_json::json!("red"))),
        "{other:?}"
    );
    assert!(serde_json::from_str::<Origin>("[1]").is_err(), "no list");
}

/// Alternatives of one JSON kind are read in order, the first a value fits: a list of text
/// is the list of text, a list of objects the second list, each its own Rust variant.
#[test]
fn alternatives_of_one_kind_read_in_order() {
    use restspec_tests::build_script::all_types::types::Values;
    let text: Values = serde_json::from_str(r#"["a","b"]"#).expect("a list of text");
    assert_eq!(text, Values::List(vec!["a".to_owned(), "b".to_owned()]));
    let objects: Values = serde_json::from_str(r#"[{"a":1}]"#).expect("a list of objects");
    assert!(
        matches!(&objects, Values::ListOfMapOfAny(items) if items.len() == 1 && items[0].get("a") == Some(&serde_json::json!(1))),
        "{objects:?}"
    );
    assert!(
        serde_json::from_str::<Values>("[1]").is_err(),
        "a list of neither"
    );
    assert_eq!(
        serde_json::to_string(&objects).ok().as_deref(),
        Some(r#"[{"a":1}]"#)
    );
}
