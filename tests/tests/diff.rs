//! `restspec diff`: each kind of change between two versions of a spec, made by editing a
//! copy of a fixture, with the classification it must get; and the CLI's exit status and
//! JSON on the example's own spec against an edited copy.

use std::path::Path;

use restspec_codegen::diff::{ChangeKind as K, Verdict, Who, diff};
use restspec_tests::spec_sources::spec_sources;

pub(crate) const CLIENTS: Verdict = Verdict::Breaking(Who::Clients);
const OPERATORS: Verdict = Verdict::Breaking(Who::Operators);
pub(crate) const OK: Verdict = Verdict::Compatible;

/// An enumeration read by clients (in `ThingInfo`) and one only sent (in `ThingInput`),
/// added to both versions of the cases that need them.
const ENUMS: &[(&str, &str)] = &[
    (
        "  ThingInput:\n    fields:\n",
        "  Color:\n    values: [red, green]\n  Size:\n    values: [small, large]\n  ThingInput:\n    fields:\n      size: { type: Size, optional: true }\n",
    ),
    (
        "      created: { type: timestamp }\n",
        "      created: { type: timestamp }\n      color: { type: Color }\n",
    ),
];

/// The conventions fixture with `edits` (text replaced once each) applied.
pub(crate) fn version(edits: &[(&str, &str)]) -> restspec_codegen::model::Service {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/conventions");
    let mut sources = spec_sources(&dir);
    for (from, to) in edits {
        let file = sources
            .iter_mut()
            .find(|s| s.text.contains(from))
            .unwrap_or_else(|| panic!("no file holds {from:?}"));
        file.text = file.text.replacen(from, to, 1);
    }
    match restspec_codegen::Loader::sources(sources).load() {
        Ok(loaded) => loaded.service,
        Err(errors) => panic!("the edited fixture should be valid:\n{errors}"),
    }
}

/// One case: what the old and new versions add to the fixture, and every change expected.
pub(crate) fn case(
    name: &str,
    old: &[(&str, &str)],
    new: &[(&str, &str)],
    expected: &[(K, Verdict)],
) {
    let changes = diff(&version(old), &version(new));
    let got: Vec<(K, Verdict)> = changes.iter().map(|c| (c.kind, c.verdict)).collect();
    assert_eq!(got, expected, "{name}: {changes:#?}");
    for change in &changes {
        let at = change
            .new
            .as_ref()
            .or(change.old.as_ref())
            .expect("a position");
        let file = at.file.to_string_lossy();
        assert!(file.ends_with(".yaml"), "{name}: {change}");
    }
}

#[test]
fn identical_versions_have_no_changes() {
    case("identical", &[], &[], &[]);
}

/// Renaming an endpoint's key, with its method and path kept, is the same endpoint for
/// clients: one compatible change naming the new handler method, not "gone" and "new".
#[test]
fn a_renamed_endpoint_is_one_compatible_change() {
    let rename = [("\n  get_big:\n", "\n  fetch_big:\n")];
    let changes = diff(&version(&[]), &version(&rename));
    let got: Vec<(K, Verdict)> = changes.iter().map(|c| (c.kind, c.verdict)).collect();
    assert_eq!(got, [(K::EndpointRenamed, OK)], "{changes:#?}");
    assert!(
        changes[0].explanation.contains("renamed `fetch_big`")
            && changes[0].explanation.contains("none for its clients"),
        "{}",
        changes[0]
    );
    // With its path changed too, it is another endpoint: one gone, one new.
    let moved = [(
        "\n  get_big:\n    method: GET\n    path: /things/{thing-id}/big\n",
        "\n  fetch_big:\n    method: GET\n    path: /things/{thing-id}/large\n",
    )];
    let changes = diff(&version(&[]), &version(&moved));
    let kinds: Vec<K> = changes.iter().map(|c| c.kind).collect();
    assert!(
        kinds.contains(&K::EndpointRemoved) && kinds.contains(&K::EndpointAdded),
        "{changes:#?}"
    );
}

/// An allowance that matches nothing is told the breaking change it most likely means.
#[test]
fn an_allowance_with_a_typo_is_told_the_change_it_means() {
    let removed = [(
        "  get_big:\n    method: GET\n    path: /things/{thing-id}/big\n    summary: A large body, for compression\n    response: list<string>\n",
        "",
    )];
    let changes = diff(&version(&[]), &version(&removed));
    let at = changes[0].old.clone().expect("a position");
    let allowance = |change: &str, subject: &str| restspec_codegen::model::AllowedBreak {
        change: change.to_owned(),
        subject: subject.to_owned(),
        reason: "planned".to_owned(),
        location: at.clone(),
    };
    assert_eq!(
        restspec_codegen::diff::closest_break(
            &allowance("endpoint_remove", "endpoint get_big"),
            &changes
        )
        .as_deref(),
        Some("endpoint_removed endpoint get_big")
    );
    assert_eq!(
        restspec_codegen::diff::closest_break(
            &allowance("quota_group_changed", "type Other"),
            &changes
        ),
        None,
        "nothing close: no guess"
    );
}

#[test]
fn endpoints() {
    let removed = [(
        "  get_big:\n    method: GET\n    path: /things/{thing-id}/big\n    summary: A large body, for compression\n    response: list<string>\n",
        "",
    )];
    case(
        "endpoint removed",
        &[],
        &removed,
        &[(K::EndpointRemoved, CLIENTS)],
    );
    case("endpoint added", &removed, &[], &[(K::EndpointAdded, OK)]);
    case(
        "path changed: other requests match, and the quota group follows the path",
        &[],
        &[(
            "path: /things/{thing-id}/big",
            "path: /things/{thing-id}/large",
        )],
        &[(K::PathChanged, CLIENTS), (K::QuotaGroupChanged, OPERATORS)],
    );
    case(
        "method changed",
        &[],
        &[(
            "    method: GET\n    path: /things/{thing-id}/big",
            "    method: POST\n    path: /things/{thing-id}/big",
        )],
        &[
            (K::MethodChanged, CLIENTS),
            (K::QuotaGroupChanged, OPERATORS),
            // A GET anyone could call became a POST, which needs credentials.
            (K::AnonymousAccessChanged, CLIENTS),
        ],
    );
    case(
        "success status changed",
        &[],
        &[(
            "    status: 201\n    creates: true",
            "    status: 200\n    creates: true",
        )],
        &[(K::SuccessStatusChanged, CLIENTS)],
    );
    case(
        "capability newly required",
        &[],
        &[(
            "    summary: A large body, for compression\n",
            "    summary: A large body, for compression\n    capability: createThing\n",
        )],
        &[(K::CapabilityRequired, CLIENTS)],
    );
    case(
        "error status added, then removed",
        &[],
        &[(
            "    errors: [bad_request]",
            "    errors: [bad_request, conflict]",
        )],
        &[(K::ErrorStatusAdded, OK)],
    );
    case(
        "error status removed",
        &[],
        &[("    errors: [bad_request]", "    errors: []")],
        &[(K::ErrorStatusRemoved, OK)],
    );
    case(
        "response type changed",
        &[],
        &[("    response: list<string>", "    response: map<string>")],
        &[(K::ResponseTypeChanged, CLIENTS)],
    );
}

#[test]
fn quota_groups() {
    case(
        "a quota group template changed breaks operators on every endpoint",
        &[],
        &[(
            "group_template: \"/restapi{endpoint}:{method}\"",
            "group_template: \"/api{endpoint}:{method}\"",
        )],
        &[(K::QuotaGroupChanged, OPERATORS); 10],
    );
}

#[test]
fn query_options() {
    let d = "      d: { type: boolean, field: descriptions, description: Include descriptions. }\n";
    case(
        "option removed",
        &[],
        &[(d, "")],
        &[(K::QueryOptionRemoved, CLIENTS)],
    );
    case(
        "option added",
        &[(d, "")],
        &[],
        &[(K::QueryOptionAdded, OK)],
    );
    case(
        "option type changed",
        &[],
        &[("d: { type: boolean,", "d: { type: string,")],
        &[(K::QueryOptionTypeChanged, CLIENTS)],
    );
}

#[test]
fn fields_of_answers_and_of_requests() {
    case(
        "a field clients read removed",
        &[],
        &[("      created: { type: timestamp }\n", "")],
        &[(K::FieldRemoved, CLIENTS)],
    );
    case(
        "a field clients read made optional",
        &[],
        &[(
            "created: { type: timestamp }",
            "created: { type: timestamp, optional: true }",
        )],
        &[(K::FieldMadeOptional, CLIENTS)],
    );
    case(
        "a field changed type",
        &[],
        &[("created: { type: timestamp }", "created: { type: string }")],
        &[(K::FieldTypeChanged, CLIENTS)],
    );
    case(
        "a request field made required",
        &[],
        &[(
            "  ThingInput:\n    fields:\n      description: { type: string, optional: true }",
            "  ThingInput:\n    fields:\n      description: { type: string }",
        )],
        &[(K::FieldMadeRequired, CLIENTS)],
    );
    case(
        "a required request field added",
        &[],
        &[(
            "  TouchInput:\n    fields:\n",
            "  TouchInput:\n    fields:\n      reason: { type: string }\n",
        )],
        &[(K::FieldAddedRequired, CLIENTS)],
    );
    case(
        "an optional request field added",
        &[],
        &[(
            "  TouchInput:\n    fields:\n",
            "  TouchInput:\n    fields:\n      reason: { type: string, optional: true }\n",
        )],
        &[(K::FieldAdded, OK)],
    );
    case(
        "a response field added",
        &[],
        &[(
            "      created: { type: timestamp }\n",
            "      created: { type: timestamp }\n      owner: { type: string }\n",
        )],
        &[(K::FieldAdded, OK)],
    );
    case(
        "a request field removed: the service ignores it from now on",
        &[],
        &[(
            "  DescriptionInput:\n    fields:\n      description: { type: string }\n",
            "  DescriptionInput:\n    fields:\n      text: { type: string, optional: true }\n",
        )],
        &[(K::FieldRemoved, OK), (K::FieldAdded, OK)],
    );
}

#[test]
fn enumerations() {
    let with = |extra: &[(&'static str, &'static str)]| -> Vec<(&'static str, &'static str)> {
        ENUMS.iter().copied().chain(extra.iter().copied()).collect()
    };
    case(
        "a value removed from answers breaks nobody",
        &with(&[]),
        &with(&[("values: [red, green]", "values: [red]")]),
        &[(K::EnumValueRemoved, OK)],
    );
    case(
        "a value added to answers breaks strict decoders",
        &with(&[]),
        &with(&[("values: [red, green]", "values: [red, green, blue]")]),
        &[(K::EnumValueAdded, CLIENTS)],
    );
    case(
        "a value removed from requests breaks clients sending it",
        &with(&[]),
        &with(&[("values: [small, large]", "values: [small]")]),
        &[(K::EnumValueRemoved, CLIENTS)],
    );
    case(
        "a value added to requests breaks nobody",
        &with(&[]),
        &with(&[("values: [small, large]", "values: [small, large, huge]")]),
        &[(K::EnumValueAdded, OK)],
    );
}

#[test]
fn conventions() {
    case(
        "a header renamed",
        &[],
        &[("header: X-Service-Trace", "header: X-Trace")],
        &[(K::ConventionChanged, CLIENTS)],
    );
    case(
        "the OpenAPI document served where it was not",
        &[],
        &[(
            "  json_prefix: \")]}'\"\n",
            "  json_prefix: \")]}'\"\n  openapi_path: /openapi.json\n",
        )],
        &[(K::ConventionChanged, OK)],
    );
    case(
        "the JSON prefix dropped",
        &[],
        &[("  json_prefix: \")]}'\"\n", "")],
        &[(K::ConventionChanged, CLIENTS)],
    );
    // Personal access tokens stated beside OAuth 2's: only the document says it.
    let oauth = "  json_prefix: \")]}'\"\n  credentials:\n    - scheme: bearer\n      oauth2: { implicit: { authorization_url: https://example.com/a } }\n";
    let plain = format!("{oauth}      plain_tokens: true\n");
    case(
        "plain bearer tokens taken beside the issuer's",
        &[("  json_prefix: \")]}'\"\n", oauth)],
        &[("  json_prefix: \")]}'\"\n", &plain)],
        &[(K::ConventionChanged, OK)],
    );
}

#[test]
fn a_break_listed_in_breaking_allowed_is_allowed_once() {
    let moved = (
        "path: /things/{thing-id}/big",
        "path: /things/{thing-id}/large",
    );
    let allow = (
        "statuses:\n",
        "breaking_allowed:\n  - change: path_changed\n    subject: endpoint get_big\n    reason: Large is the word the API uses.\nstatuses:\n",
    );
    let changes = diff(&version(&[]), &version(&[moved, allow]));
    let reasons: Vec<(K, Option<&str>)> = changes
        .iter()
        .map(|c| (c.kind, c.allowed.as_deref()))
        .collect();
    assert_eq!(
        reasons,
        [
            (K::PathChanged, Some("Large is the word the API uses.")),
            (K::QuotaGroupChanged, None),
        ],
        "only the listed change is allowed"
    );
    assert!(changes[1].is_unallowed_break() && !changes[0].is_unallowed_break());
    // The next diff forgets it: listed in both versions, it allows nothing new.
    let later = diff(
        &version(&[moved, allow]),
        &version(&[
            (
                "path: /things/{thing-id}/big",
                "path: /things/{thing-id}/huge",
            ),
            allow,
        ]),
    );
    assert!(later.iter().all(|c| c.allowed.is_none()), "{later:#?}");
}

#[test]
fn an_allowance_naming_an_unknown_kind_is_a_located_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/minimal");
    let mut sources = spec_sources(&dir);
    sources[0].text.push_str(
        "breaking_allowed:\n  - change: path_moved\n    subject: endpoint x\n    reason: r\n",
    );
    let Err(errors) = restspec_codegen::Loader::sources(sources).load() else {
        panic!("an unknown change kind is refused");
    };
    let text = errors.to_string();
    assert!(
        text.contains("service.yaml:") && text.contains("unknown change kind `path_moved`"),
        "{text}"
    );
    assert!(
        text.contains("path_changed"),
        "the hint names the kind meant: {text}"
    );
}
