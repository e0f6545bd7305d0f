//! `restspec diff` on a field's rules: a constraint that admits fewer values breaks the
//! clients that send the type, one that admits more breaks those that read it; defaults,
//! read-only and write-only are judged by which way the type travels.

use restspec_codegen::diff::ChangeKind as K;

use super::diff::{CLIENTS, OK, case};

/// `ThingInput` is sent (a request body); `ThingInfo` is read (an answer).
const SENT: &str = "      description: { type: string, optional: true }\n  DescriptionInput:";
const READ: &str = "      name: { type: string }\n      description: { type: string, optional: true }\n      created:";

fn sent(rules: &str) -> String {
    format!("      description: {{ type: string, optional: true{rules} }}\n  DescriptionInput:")
}

fn read(rules: &str) -> String {
    format!(
        "      name: {{ type: string{rules} }}\n      description: {{ type: string, optional: true }}\n      created:"
    )
}

#[test]
fn constraints_tightened_break_senders_and_loosened_break_readers() {
    let short = sent(", max_length: 10");
    let shorter = sent(", max_length: 5");
    case(
        "sent: a limit added",
        &[],
        &[(SENT, &short)],
        &[(K::FieldConstraintTightened, CLIENTS)],
    );
    case(
        "sent: a limit lowered",
        &[(SENT, &short)],
        &[(SENT, &shorter)],
        &[(K::FieldConstraintTightened, CLIENTS)],
    );
    case(
        "sent: a limit raised",
        &[(SENT, &shorter)],
        &[(SENT, &short)],
        &[(K::FieldConstraintLoosened, OK)],
    );
    let patterned = read(", pattern: \"^[a-z]+$\"");
    let other = read(", pattern: \"^[a-z0-9]+$\"");
    case(
        "read: a pattern added",
        &[],
        &[(READ, &patterned)],
        &[(K::FieldConstraintTightened, OK)],
    );
    case(
        "read: a pattern dropped",
        &[(READ, &patterned)],
        &[],
        &[(K::FieldConstraintLoosened, CLIENTS)],
    );
    case(
        "read: another pattern admits some values and refuses others",
        &[(READ, &patterned)],
        &[(READ, &other)],
        &[
            (K::FieldConstraintLoosened, CLIENTS),
            (K::FieldConstraintTightened, OK),
        ],
    );
}

#[test]
fn defaults_access_formats_and_deprecation() {
    let defaulted = sent(", default: none");
    let other = sent(", default: some");
    case(
        "sent: another default",
        &[(SENT, &defaulted)],
        &[(SENT, &other)],
        &[(K::FieldDefaultChanged, CLIENTS)],
    );
    let read_only = sent(", read_only: true");
    case(
        "sent: now read-only",
        &[],
        &[(SENT, &read_only)],
        &[(K::FieldAccessChanged, CLIENTS)],
    );
    let write_only = read(", write_only: true");
    case(
        "read: now write-only",
        &[],
        &[(READ, &write_only)],
        &[(K::FieldAccessChanged, CLIENTS)],
    );
    let formatted = read(", format: slug");
    case(
        "read: a documented format",
        &[],
        &[(READ, &formatted)],
        &[(K::FieldFormatChanged, OK)],
    );
    let deprecated = read(", deprecated: true");
    case(
        "read: deprecated",
        &[],
        &[(READ, &deprecated)],
        &[(K::FieldDeprecationChanged, OK)],
    );
}

#[test]
fn an_endpoint_made_deprecated_breaks_nobody() {
    let line = "    summary: Get Thing\n";
    let deprecated = format!("{line}    deprecated: true\n");
    case(
        "deprecated",
        &[],
        &[(line, deprecated.as_str())],
        &[(K::EndpointDeprecationChanged, OK)],
    );
    // Dating it sends a `Deprecation` header from then on: still nobody breaks.
    let dated = format!("{line}    deprecated: 2026-06-30\n");
    case(
        "dated",
        &[(line, deprecated.as_str())],
        &[(line, dated.as_str())],
        &[(K::EndpointDeprecationChanged, OK)],
    );
}

/// `one_of` and `any_of` read and write the same JSON: between them only what clients are
/// told changes, and nobody breaks; other alternatives still break clients.
#[test]
fn a_union_keyword_changed_breaks_nobody() {
    const INPUT: &str = "  ThingInput:\n    fields:\n";
    const CREATED: &str = "      created: { type: timestamp }\n";
    let declared = |keyword: &str, alternatives: &str| {
        format!("  Tag:\n    {keyword}: [{alternatives}]\n{INPUT}")
    };
    let field = format!("{CREATED}      tag: {{ type: Tag }}\n");
    let (one, any, other) = (
        declared("one_of", "string, integer"),
        declared("any_of", "string, integer"),
        declared("any_of", "string, boolean"),
    );
    let version = |union: &str| [(INPUT, union.to_owned()), (CREATED, field.clone())];
    let (one, any, other) = (version(&one), version(&any), version(&other));
    fn edits<'a>(v: &'a [(&'static str, String); 2]) -> [(&'static str, &'a str); 2] {
        [(v[0].0, v[0].1.as_str()), (v[1].0, v[1].1.as_str())]
    }
    case(
        "one_of became any_of",
        &edits(&one),
        &edits(&any),
        &[(K::UnionKeywordChanged, OK)],
    );
    case(
        "alternatives changed",
        &edits(&any),
        &edits(&other),
        &[(K::FieldTypeChanged, CLIENTS)],
    );
}

/// `closed: true` is a rule of the whole record: closing one that requests carry refuses
/// requests that fitted before; opening one that answers carry lets answers grow fields a
/// typed client of the closed version refuses; the other ways break nobody.
#[test]
fn closing_a_record_breaks_senders_and_opening_one_breaks_readers() {
    const INPUT: &str = "  ThingInput:\n    fields:\n";
    const INPUT_CLOSED: &str = "  ThingInput:\n    closed: true\n    fields:\n";
    const INFO: &str = "  ThingInfo:\n    fields:\n";
    const INFO_CLOSED: &str = "  ThingInfo:\n    closed: true\n    fields:\n";
    case(
        "sent: closed",
        &[],
        &[(INPUT, INPUT_CLOSED)],
        &[(K::FieldConstraintTightened, CLIENTS)],
    );
    case(
        "sent: opened",
        &[(INPUT, INPUT_CLOSED)],
        &[],
        &[(K::FieldConstraintLoosened, OK)],
    );
    case(
        "read: closed",
        &[],
        &[(INFO, INFO_CLOSED)],
        &[(K::FieldConstraintTightened, OK)],
    );
    case(
        "read: opened",
        &[(INFO, INFO_CLOSED)],
        &[],
        &[(K::FieldConstraintLoosened, CLIENTS)],
    );
}

/// `additional_fields` on a record: given, requests with other members of another type
/// are refused (senders break); taken away, answers may carry members of any type (readers
/// break); another type breaks both.
#[test]
fn members_beside_the_fields_break_senders_when_given_and_readers_when_taken_away() {
    const INPUT: &str = "  ThingInput:\n    fields:\n";
    const INPUT_TEXT: &str = "  ThingInput:\n    additional_fields: string\n    fields:\n";
    const INPUT_NUMBER: &str = "  ThingInput:\n    additional_fields: integer\n    fields:\n";
    const INFO: &str = "  ThingInfo:\n    fields:\n";
    const INFO_TEXT: &str = "  ThingInfo:\n    additional_fields: string\n    fields:\n";
    case(
        "sent: given",
        &[],
        &[(INPUT, INPUT_TEXT)],
        &[(K::FieldConstraintTightened, CLIENTS)],
    );
    case(
        "sent: taken away",
        &[(INPUT, INPUT_TEXT)],
        &[],
        &[(K::FieldConstraintLoosened, OK)],
    );
    case(
        "read: given",
        &[],
        &[(INFO, INFO_TEXT)],
        &[(K::FieldConstraintTightened, OK)],
    );
    case(
        "read: taken away",
        &[(INFO, INFO_TEXT)],
        &[],
        &[(K::FieldConstraintLoosened, CLIENTS)],
    );
    case(
        "sent: another type",
        &[(INPUT, INPUT_TEXT)],
        &[(INPUT, INPUT_NUMBER)],
        &[(K::FieldTypeChanged, CLIENTS)],
    );
}

/// `values` on a number: one taken away refuses requests that sent it; one added may come
/// in answers clients were told could not.
#[test]
fn values_taken_away_break_senders_and_added_break_readers() {
    let (three, two) = (
        sent(", values: [1, 2, 3]").replace("string", "integer"),
        sent(", values: [1, 2]").replace("string", "integer"),
    );
    let integer = sent("").replace("string", "integer");
    case(
        "sent: a value taken away",
        &[(SENT, &three)],
        &[(SENT, &two)],
        &[(K::FieldConstraintTightened, CLIENTS)],
    );
    case(
        "sent: values listed",
        &[(SENT, &integer)],
        &[(SENT, &two)],
        &[(K::FieldConstraintTightened, CLIENTS)],
    );
    let (read_three, read_two) = (
        read(", values: [1, 2, 3]").replace("name: { type: string", "name: { type: integer"),
        read(", values: [1, 2]").replace("name: { type: string", "name: { type: integer"),
    );
    case(
        "read: a value added",
        &[(READ, &read_two)],
        &[(READ, &read_three)],
        &[(K::FieldConstraintLoosened, CLIENTS)],
    );
}

/// A list's item rules move as a field's do: a limit on each item sent breaks senders,
/// one taken away breaks nobody sending, and read-only items break senders.
#[test]
fn item_rules_move_as_a_fields_rules_do() {
    let tags = |items: &str| {
        format!(
            "      description: {{ type: list<string>, optional: true{items} }}\n  DescriptionInput:"
        )
    };
    let (plain, limited) = (tags(""), tags(", items: { max_length: 5 }"));
    case(
        "sent: each item limited",
        &[(SENT, &plain)],
        &[(SENT, &limited)],
        &[(K::FieldConstraintTightened, CLIENTS)],
    );
    case(
        "sent: the item limit dropped",
        &[(SENT, &limited)],
        &[(SENT, &plain)],
        &[(K::FieldConstraintLoosened, OK)],
    );
    // Read-only items: requests can no longer set the list.
    case(
        "sent: the items made read-only",
        &[(SENT, &plain)],
        &[(SENT, &tags(", items: { read_only: true }"))],
        &[(K::FieldAccessChanged, CLIENTS)],
    );
}

/// A record's own `format` is documentation: another one breaks nobody.
#[test]
fn a_types_format_changed_breaks_nobody() {
    let was = "  ThingInfo:\n    fields:";
    let now = "  ThingInfo:\n    format: thing\n    fields:";
    case(
        "a record's format said",
        &[],
        &[(was, now)],
        &[(K::FieldFormatChanged, OK)],
    );
}
