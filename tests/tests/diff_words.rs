//! `restspec diff` on query options' enumerations and defaults, credential places,
//! pagination and every convention: each change said in words, with the line and column
//! of the key in both versions.

use restspec_codegen::diff::{ChangeKind as K, diff};

use super::diff::{CLIENTS, OK, case, version};

/// An enumeration only a query option of `list_things` takes, with a default.
const ORDER: &[(&str, &str)] = &[
    (
        "  ThingInput:\n    fields:\n",
        "  Order:\n    values: [name, title]\n  ThingInput:\n    fields:\n",
    ),
    (
        "      d: { type: boolean,",
        "      o: { type: Order, field: order, default: name, description: Sort. }\n      d: { type: boolean,",
    ),
];

fn with(extra: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    ORDER.iter().copied().chain(extra.iter().copied()).collect()
}

/// `?order=title` is refused once `title` is gone, though no body carries the type.
#[test]
fn a_value_removed_from_an_enumeration_a_query_option_takes_breaks_clients() {
    case(
        "query enumeration value removed",
        &with(&[]),
        &with(&[("values: [name, title]", "values: [name]")]),
        &[(K::EnumValueRemoved, CLIENTS)],
    );
    case(
        "query enumeration value added",
        &with(&[]),
        &with(&[("values: [name, title]", "values: [name, title, created]")]),
        &[(K::EnumValueAdded, OK)],
    );
}

#[test]
fn a_changed_option_default_is_reported() {
    case(
        "default changed",
        &with(&[]),
        &with(&[("default: name,", "default: title,")]),
        &[(K::QueryOptionDefaultChanged, CLIENTS)],
    );
    case(
        "default removed",
        &with(&[]),
        &with(&[("default: name, ", "")]),
        &[(K::QueryOptionDefaultChanged, CLIENTS)],
    );
    case(
        "default added",
        &with(&[("default: name, ", "")]),
        &with(&[]),
        &[(K::QueryOptionDefaultChanged, OK)],
    );
    let changes = diff(
        &version(&with(&[])),
        &version(&with(&[("default: name,", "default: title,")])),
    );
    assert_eq!(
        changes[0].explanation,
        "its default changed from `name` to `title`: clients leaving it out get another answer"
    );
    assert_eq!(changes[0].subject, "option o of list_things");
}

/// A map option read another way (`deep_object` and back) takes other keys than clients
/// send: it breaks them both ways.
#[test]
fn a_map_read_by_other_keys_breaks_clients() {
    let n = "n: { type: integer, field: limit,";
    let form = "n: { type: integer, field: limit, description: N. }\n      f: { type: map<string>, field: filter,";
    let deep = "n: { type: integer, field: limit, description: N. }\n      f: { type: map<string>, style: deep_object, field: filter,";
    case(
        "map now deep",
        &[(n, form)],
        &[(n, deep)],
        &[(K::QueryOptionTypeChanged, CLIENTS)],
    );
    case(
        "map no longer deep",
        &[(n, deep)],
        &[(n, form)],
        &[(K::QueryOptionTypeChanged, CLIENTS)],
    );
}

#[test]
fn a_narrower_range_refuses_values_clients_sent() {
    let n = "n: { type: integer, field: limit,";
    case(
        "maximum lowered",
        &[(n, "n: { type: integer, field: limit, maximum: 100,")],
        &[(n, "n: { type: integer, field: limit, maximum: 50,")],
        &[(K::QueryOptionTypeChanged, CLIENTS)],
    );
    case(
        "maximum raised",
        &[(n, "n: { type: integer, field: limit, maximum: 50,")],
        &[(n, "n: { type: integer, field: limit, maximum: 100,")],
        &[],
    );
}

const BASIC: (&str, &str) = (
    "  access_token_parameter: access_token\n",
    "  access_token_parameter: access_token\n  credentials:\n    - { scheme: basic }\n",
);
const BASIC_AND_BEARER: (&str, &str) = (
    "  access_token_parameter: access_token\n",
    "  access_token_parameter: access_token\n  credentials:\n    - { scheme: basic }\n    - { scheme: bearer }\n",
);

#[test]
fn a_credential_place_added_beside_another_is_compatible() {
    case(
        "bearer added",
        &[BASIC],
        &[BASIC_AND_BEARER],
        &[(K::ConventionChanged, OK)],
    );
    case(
        "bearer removed",
        &[BASIC_AND_BEARER],
        &[BASIC],
        &[(K::ConventionChanged, CLIENTS)],
    );
    let changes = diff(&version(&[BASIC]), &version(&[BASIC_AND_BEARER]));
    let change = &changes[0];
    assert_eq!(
        change.explanation,
        "`credentials` gained `scheme: bearer`: nothing clients did before changes"
    );
    // Where the list is in the old version, where the new place is in the new one.
    let at = |l: &Option<restspec_codegen::Location>| l.as_ref().expect("a position").to_string();
    assert!(at(&change.old).ends_with("service.yaml:24:3"), "{change}");
    assert!(at(&change.new).ends_with("service.yaml:26:7"), "{change}");
}

/// Adding pagination pages nothing by itself: it names the endpoints now paged, each of
/// which is a change of its own.
#[test]
fn adding_pagination_reports_the_endpoints_it_changes() {
    let paging = (
        "  access_token_parameter: access_token\n",
        "  access_token_parameter: access_token\n  pagination: { style: offset }\n",
    );
    let paged = (
        "    response: list<string>\n",
        "    response: list<string>\n    paginated: true\n",
    );
    case(
        "pagination added with a paged endpoint",
        &[],
        &[paging, paged],
        &[(K::PaginationChanged, CLIENTS), (K::ConventionChanged, OK)],
    );
    let changes = diff(&version(&[]), &version(&[paging, paged]));
    assert_eq!(changes[0].subject, "endpoint get_big");
    assert_eq!(
        changes[1].explanation,
        "`pagination` added: answered a page at a time: `get_big` (each endpoint's change says so)"
    );
    case(
        "pagination added alone",
        &[],
        &[paging],
        &[(K::ConventionChanged, OK)],
    );
    // Changed under a paged endpoint: its clients break, and the change names it.
    let pages = (
        "  access_token_parameter: access_token\n",
        "  access_token_parameter: access_token\n  pagination: { style: pages, page_parameter: pg }\n",
    );
    let changes = diff(&version(&[paging, paged]), &version(&[pages, paged]));
    let said: Vec<&str> = changes.iter().map(|c| c.explanation.as_str()).collect();
    assert_eq!(
        said,
        ["`pagination.style` changed from `offset` to `pages`: clients paging `get_big` break"],
        "the style's own keys are said by the style's change"
    );
}

/// A structured convention is compared field by field: a changed field is said by its own
/// key with both values as the spec words them (`none`, not the variant's name), in the
/// order the keys are written, and a field that is the same in both versions says nothing.
#[test]
fn a_changed_field_of_a_structured_convention_is_said_by_its_key() {
    const AFTER: &str = "  access_token_parameter: access_token\n";
    let paged = (
        "    response: list<string>\n",
        "    response: list<string>\n    paginated: true\n",
    );
    let cursor = |items: &str, size: u32| {
        format!(
            "{AFTER}  pagination: {{ style: cursor, items_field: {items}, \
             next_cursor_field: next, default_per_page: {size} }}\n  \
             idempotency: {{ header: Idempotency-Key, expire_after_seconds: {} }}\n",
            size * 60
        )
    };
    let (old, new) = (cursor("data", 10), cursor("items", 25));
    let changes = diff(
        &version(&[(AFTER, old.as_str()), paged]),
        &version(&[(AFTER, new.as_str()), paged]),
    );
    let said: Vec<(&str, &str)> = changes
        .iter()
        .map(|c| (c.subject.as_str(), c.explanation.as_str()))
        .collect();
    assert_eq!(
        said,
        [
            (
                "convention pagination.items_field",
                "`pagination.items_field` changed from `data` to `items`: clients paging `get_big` break"
            ),
            (
                "convention pagination.default_per_page",
                "`pagination.default_per_page` changed from `10` to `25`: clients paging `get_big` break"
            ),
            (
                "convention idempotency.expire_after_seconds",
                "`idempotency.expire_after_seconds` changed from `600` to `1500`: clients written for the old convention break"
            ),
        ]
    );
    // The fixture's `early_refusals: shown`, and `none`, whose variant is `Bare`.
    let none = ("    early_refusals: shown\n", "    early_refusals: none\n");
    let changes = diff(&version(&[]), &version(&[none]));
    assert_eq!(
        changes
            .iter()
            .map(|c| c.explanation.as_str())
            .collect::<Vec<_>>(),
        [
            "`rate_limit_headers.early_refusals` changed from `shown` to `none`: clients decode either answer"
        ]
    );
}

/// Every convention change is said in words, at the key's line and column in both
/// versions; none is a dump of the model.
#[test]
fn convention_changes_are_said_in_words_where_they_are_written() {
    let changes = diff(
        &version(&[]),
        &version(&[("header: X-Service-Trace", "header: X-Trace")]),
    );
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].subject, "convention trace.header");
    assert_eq!(
        changes[0].explanation,
        "`trace.header` changed from `X-Service-Trace` to `X-Trace`: clients written for the old convention break"
    );
    for side in [&changes[0].old, &changes[0].new] {
        let at = side.as_ref().expect("a position").to_string();
        assert!(at.ends_with("service.yaml:21:5"), "{at}");
    }
    // The fixture's own block, replaced by one of these, or left out.
    const BLOCK: &str =
        "  rate_limit_headers:\n    remaining: X-RateLimit-Remaining\n    early_refusals: shown\n";
    let no_limits = (BLOCK, "");
    let limits = |format: &str| {
        (
            BLOCK,
            if format == "unix_seconds" {
                "  rate_limit_headers: { limit: X-RateLimit-Limit, reset: X-RateLimit-Reset, reset_format: unix_seconds }\n"
            } else {
                "  rate_limit_headers: { limit: X-RateLimit-Limit, reset: X-RateLimit-Reset, reset_format: seconds }\n"
            },
        )
    };
    let changes = diff(
        &version(&[limits("unix_seconds")]),
        &version(&[limits("seconds")]),
    );
    assert_eq!(
        changes
            .iter()
            .map(|c| c.explanation.as_str())
            .collect::<Vec<_>>(),
        [
            "`rate_limit_headers.reset_format` changed from `unix_seconds` to `seconds`: clients written for the old convention break"
        ]
    );
    // Added as a block: one change, not one per header.
    case(
        "rate-limit headers added",
        &[no_limits],
        &[limits("seconds")],
        &[(K::ConventionChanged, OK)],
    );
    // Many conventions at once: each in words, none a `Debug` dump.
    let many = diff(
        &version(&[BASIC, no_limits]),
        &version(&[
            ("  json_prefix: \")]}'\"\n", ""),
            ("methods: [PUT, POST, DELETE]", "methods: [PUT, POST]"),
            (
                "timestamp_format: yyyy-mm-dd hh:mm:ss.fffffffff",
                "timestamp_format: rfc3339",
            ),
            ("    cookie: TestSession\n", "    cookie: Session\n"),
            (
                "  cors_setting: site.allowOriginRegex\n",
                "  cors_setting: site.allowOriginRegex\n  metrics_path: /metrics\n  error_format: problem_json\n",
            ),
            limits("seconds"),
        ]),
    );
    assert_eq!(many.len(), 8, "{many:#?}");
    for change in &many {
        let text = change.to_string();
        for dump in ["Some(", "None", "{ ", "Credential", "Pagination"] {
            assert!(!text.contains(dump), "{text}");
        }
        let at = |l: &Option<restspec_codegen::Location>| l.as_ref().expect("a position").line;
        assert!(at(&change.old) > 0 && at(&change.new) > 0, "{text}");
    }
}
