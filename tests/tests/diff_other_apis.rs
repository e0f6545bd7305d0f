//! `restspec diff` on what other APIs' specs say (GitHub's, GitLab's, a payments
//! API's conventions and status rows), each change with the classification it must get.

use restspec_codegen::diff::{ChangeKind as K, diff};

use super::diff::{CLIENTS, OK, case, version};

/// The constructs other APIs need: who may call anonymously, pagination, nullable fields,
/// typed path parameters.
#[test]
fn other_apis_constructs() {
    case(
        "a read now needs credentials",
        &[],
        &[(
            "    summary: A large body, for compression\n",
            "    summary: A large body, for compression\n    anonymous: none\n",
        )],
        &[(K::AnonymousAccessChanged, CLIENTS)],
    );
    case(
        "a read open to anonymous callers again",
        &[(
            "    summary: A large body, for compression\n",
            "    summary: A large body, for compression\n    anonymous: none\n",
        )],
        &[],
        &[(K::AnonymousAccessChanged, OK)],
    );
    let places = (
        "  access_token_parameter: access_token\n",
        "  access_token_parameter: access_token\n  credentials: [{ scheme: bearer }, { header: X-Key }]\n",
    );
    let bearer_only = (
        "    summary: A large body, for compression\n",
        "    summary: A large body, for compression\n    credentials: [{ scheme: bearer }]\n",
    );
    case(
        "an endpoint reads fewer of the service's places",
        &[places],
        &[places, bearer_only],
        &[(K::CredentialPlacesChanged, CLIENTS)],
    );
    case(
        "an endpoint reads all of them again",
        &[places, bearer_only],
        &[places],
        &[(K::CredentialPlacesChanged, OK)],
    );
    let paging = (
        "  access_token_parameter: access_token\n",
        "  access_token_parameter: access_token\n  pagination: {}\n",
    );
    case(
        "a list now answered a page at a time",
        &[paging],
        &[
            paging,
            (
                "    response: list<string>\n",
                "    response: list<string>\n    paginated: true\n",
            ),
        ],
        &[(K::PaginationChanged, CLIENTS)],
    );
    let paged_list = (
        "    response: list<string>\n",
        "    response: list<string>\n    paginated: true\n",
    );
    case(
        "a paginated list now paged by offset instead of page number",
        &[paging, paged_list],
        &[
            (
                "  access_token_parameter: access_token\n",
                "  access_token_parameter: access_token\n  pagination: { style: offset }\n",
            ),
            paged_list,
        ],
        &[(K::ConventionChanged, CLIENTS)],
    );
    case(
        "a field clients read may now be null",
        &[],
        &[(
            "      created: { type: timestamp }\n",
            "      created: { type: timestamp, nullable: true }\n",
        )],
        &[(K::FieldMadeNullable, CLIENTS)],
    );
    // Every endpoint of the family takes the parameter: one change each, all breaking.
    let line = "    thing-id: \"A thing's name (URL-encoded: `a%2Fb` is the thing `a/b`).\"\n";
    let changes = diff(
        &version(&[]),
        &version(&[(
            line,
            "    thing-id: { type: integer, description: A number. }\n",
        )]),
    );
    assert!(!changes.is_empty());
    assert!(
        changes
            .iter()
            .all(|c| c.kind == K::PathParameterTypeChanged && c.verdict == CLIENTS),
        "{changes:#?}"
    );
}

/// A status row written another way (its own `error_format`) breaks the clients that read
/// its answers, either way.
#[test]
fn a_row_written_another_way_breaks_readers() {
    const ROW: &str = "    when: The state does not allow it.\n";
    const EMPTY: &str = "    when: The state does not allow it.\n    error_format: empty\n";
    case(
        "row: empty",
        &[],
        &[(ROW, EMPTY)],
        &[(K::ConventionChanged, CLIENTS)],
    );
    case(
        "row: back",
        &[(ROW, EMPTY)],
        &[],
        &[(K::ConventionChanged, CLIENTS)],
    );
}
