//! `restspec diff` on what an endpoint reads besides its path and options: header
//! parameters, whether its request body may be left out and the media types it is read in,
//! the headers it answers with (and a status row's answers may), the media type its answer
//! is written in, and the body its errors come in.

use restspec_codegen::diff::ChangeKind as K;

use super::diff::{CLIENTS, OK, case};

/// Header parameters diff as options do, but a header the service stops reading is only
/// ignored, and one added as required breaks every client that does not send it.
#[test]
fn header_parameters() {
    let p = "      p: { type: list<string>, field: prefixes, description: Only names with one of these prefixes. }\n";
    let optional = format!("{p}    headers:\n      X-Version: {{ type: integer }}\n");
    let required =
        format!("{p}    headers:\n      X-Version: {{ type: integer, required: true }}\n");
    let text = format!("{p}    headers:\n      X-Version: {{ type: string }}\n");
    let (optional, required, text) = (
        [(p, optional.as_str())],
        [(p, required.as_str())],
        [(p, text.as_str())],
    );
    case(
        "header removed",
        &optional,
        &[],
        &[(K::HeaderParameterRemoved, OK)],
    );
    case(
        "header added",
        &[],
        &optional,
        &[(K::HeaderParameterAdded, OK)],
    );
    case(
        "required header added",
        &[],
        &required,
        &[(K::HeaderParameterAdded, CLIENTS)],
    );
    case(
        "header made required",
        &optional,
        &required,
        &[(K::HeaderParameterTypeChanged, CLIENTS)],
    );
    case(
        "header type changed",
        &optional,
        &text,
        &[(K::HeaderParameterTypeChanged, CLIENTS)],
    );
}

/// A request body made optional (or nullable) takes nothing from clients; made required
/// (or not nullable) again, it refuses those that leave it out (or send `null`).
#[test]
fn an_optional_or_nullable_request_body() {
    let body = "    request: ThingInput\n";
    let optional = [(
        body,
        "    request: ThingInput\n    request_optional: true\n",
    )];
    case(
        "body made optional",
        &[],
        &optional,
        &[(K::RequestTypeChanged, OK)],
    );
    case(
        "body made required",
        &optional,
        &[],
        &[(K::RequestTypeChanged, CLIENTS)],
    );
    let nullable = [(
        body,
        "    request: ThingInput\n    request_nullable: true\n",
    )];
    case(
        "body may be null",
        &[],
        &nullable,
        &[(K::RequestTypeChanged, OK)],
    );
    case(
        "body may no longer be null",
        &nullable,
        &[],
        &[(K::RequestTypeChanged, CLIENTS)],
    );
}

/// An endpoint that reads forms too takes nothing from clients; one that no longer reads
/// JSON refuses those sending it.
#[test]
fn a_request_body_read_in_other_media_types() {
    let body = "    request: ThingInput\n";
    let json = [(body, "    request: ThingInput\n    request_bodies: json\n")];
    let both = [(
        body,
        "    request: ThingInput\n    request_bodies: json_or_form\n",
    )];
    let form = [(body, "    request: ThingInput\n    request_bodies: form\n")];
    case("json said", &[], &json, &[]);
    case(
        "forms read too",
        &json,
        &both,
        &[(K::RequestTypeChanged, OK)],
    );
    case(
        "JSON no longer read",
        &both,
        &form,
        &[(K::RequestTypeChanged, CLIENTS)],
    );
}

/// Response headers are read by clients: one gone, retyped or no longer always there
/// breaks them; a new one does not.
#[test]
fn response_headers() {
    let p = "      p: { type: list<string>, field: prefixes, description: Only names with one of these prefixes. }\n";
    let with = |header: &str| format!("{p}    response_headers:\n      ETag: {header}\n");
    let (optional, required, number) = (
        with("{ type: string }"),
        with("{ type: string, required: true }"),
        with("{ type: integer }"),
    );
    let (optional, required, number) = (
        [(p, optional.as_str())],
        [(p, required.as_str())],
        [(p, number.as_str())],
    );
    case(
        "response header removed",
        &optional,
        &[],
        &[(K::ResponseHeaderRemoved, CLIENTS)],
    );
    case(
        "response header added",
        &[],
        &required,
        &[(K::ResponseHeaderAdded, OK)],
    );
    case(
        "response header made optional",
        &required,
        &optional,
        &[(K::ResponseHeaderChanged, CLIENTS)],
    );
    case("response header made required", &optional, &required, &[]);
    case(
        "response header retyped",
        &optional,
        &number,
        &[(K::ResponseHeaderChanged, CLIENTS)],
    );
}

/// A status row's headers diff as an endpoint's response headers do, said of the row.
#[test]
fn a_rows_headers() {
    let row = "    raised_for: [not_authenticated]\n";
    let with = |header: &str| format!("{row}    headers:\n      Retry-After: {header}\n");
    let (seconds, date) = (with("{ type: integer }"), with("{ type: string }"));
    let (seconds, date) = ([(row, seconds.as_str())], [(row, date.as_str())]);
    case(
        "row header removed",
        &seconds,
        &[],
        &[(K::ResponseHeaderRemoved, CLIENTS)],
    );
    case(
        "row header added",
        &[],
        &seconds,
        &[(K::ResponseHeaderAdded, OK)],
    );
    case(
        "row header retyped",
        &seconds,
        &date,
        &[(K::ResponseHeaderChanged, CLIENTS)],
    );
    let changes = restspec_codegen::diff::diff(
        &super::diff::version(&seconds),
        &super::diff::version(&date),
    );
    assert_eq!(
        changes[0].subject, "response header Retry-After of status unauthorized",
        "{changes:#?}"
    );
}

/// Cookie parameters diff as header parameters do, said of the cookie, and a header
/// moved into a cookie of its name is one gone and another come.
#[test]
fn cookie_parameters() {
    let p = "      p: { type: list<string>, field: prefixes, description: Only names with one of these prefixes. }\n";
    let cookie = |c: &str| format!("{p}    cookies:\n      theme: {c}\n");
    let (optional, required) = (
        cookie("{ type: string }"),
        cookie("{ type: string, required: true }"),
    );
    let header = format!("{p}    headers:\n      theme: {{ type: string }}\n");
    let (optional, required, header) = (
        [(p, optional.as_str())],
        [(p, required.as_str())],
        [(p, header.as_str())],
    );
    case(
        "cookie removed",
        &optional,
        &[],
        &[(K::HeaderParameterRemoved, OK)],
    );
    case(
        "required cookie added",
        &[],
        &required,
        &[(K::HeaderParameterAdded, CLIENTS)],
    );
    case(
        "cookie made required",
        &optional,
        &required,
        &[(K::HeaderParameterTypeChanged, CLIENTS)],
    );
    case(
        "header moved into a cookie",
        &header,
        &optional,
        &[
            (K::HeaderParameterRemoved, OK),
            (K::HeaderParameterAdded, OK),
        ],
    );
    let changes =
        restspec_codegen::diff::diff(&super::diff::version(&[]), &super::diff::version(&required));
    assert!(
        changes[0].subject.starts_with("cookie theme of "),
        "{changes:#?}"
    );
}

/// The headers any error answer may carry (`error_headers`) diff as a row's, said of
/// every error answer.
#[test]
fn every_error_answer_s_headers() {
    let at = "conventions:\n";
    let with = |header: &str| format!("{at}  error_headers:\n    X-Request-Id: {header}\n");
    let (text, number) = (with("{ type: string }"), with("{ type: integer }"));
    let (text, number) = ([(at, text.as_str())], [(at, number.as_str())]);
    case(
        "error header removed",
        &text,
        &[],
        &[(K::ResponseHeaderRemoved, CLIENTS)],
    );
    case(
        "error header added",
        &[],
        &text,
        &[(K::ResponseHeaderAdded, OK)],
    );
    case(
        "error header retyped",
        &text,
        &number,
        &[(K::ResponseHeaderChanged, CLIENTS)],
    );
    let changes =
        restspec_codegen::diff::diff(&super::diff::version(&text), &super::diff::version(&number));
    assert_eq!(
        changes[0].subject, "response header X-Request-Id of every error answer",
        "{changes:#?}"
    );
}

/// What selects an endpoint among those of its method and path: another value, or one
/// where there was none, leaves clients sending the old request unanswered.
#[test]
fn selectors() {
    let p = "      p: { type: list<string>, field: prefixes, description: Only names with one of these prefixes. }\n";
    let by =
        |value: &str| format!("{p}    selected_by: {{ header: X-Amz-Target, value: {value} }}\n");
    let (one, other) = (by("Store.List"), by("Store.ListAll"));
    let (one, other) = ([(p, one.as_str())], [(p, other.as_str())]);
    case(
        "selector changed",
        &one,
        &other,
        &[(K::SelectorChanged, CLIENTS)],
    );
    case(
        "selector added",
        &[],
        &one,
        &[(K::SelectorChanged, CLIENTS)],
    );
    case("selector dropped", &one, &[], &[(K::SelectorChanged, OK)]);
}

/// A response that may become `null` breaks clients decoding a value; one that no longer
/// may does not.
#[test]
fn nullable_responses() {
    let p = "      p: { type: list<string>, field: prefixes, description: Only names with one of these prefixes. }\n";
    let nullable = format!("{p}    response_nullable: true\n");
    let nullable = [(p, nullable.as_str())];
    case(
        "response made nullable",
        &[],
        &nullable,
        &[(K::ResponseTypeChanged, CLIENTS)],
    );
    case(
        "response no longer nullable",
        &nullable,
        &[],
        &[(K::ResponseTypeChanged, OK)],
    );
}

/// An option's constraints diff as a request field's: fewer values admitted breaks
/// clients, more admitted breaks nobody.
#[test]
fn option_constraints() {
    let p = "      p: { type: list<string>, field: prefixes, description: Only names with one of these prefixes. }\n";
    let counted = "      p: { type: list<string>, field: prefixes, max_items: 3, unique_items: true, description: Only names with one of these prefixes. }\n";
    case(
        "option tightened",
        &[],
        &[(p, counted)],
        &[(K::FieldConstraintTightened, CLIENTS)],
    );
    case(
        "option loosened",
        &[(p, counted)],
        &[],
        &[(K::FieldConstraintLoosened, OK)],
    );
}

/// A path parameter's pattern and lengths: paths that named something may name nothing
/// once they are tighter, which breaks clients; looser breaks nobody.
#[test]
fn path_parameter_constraints() {
    let plain = "    account-id: \"An account id, or `self`.\"\n";
    let ruled = "    account-id: { description: \"An account id, or `self`.\", max_length: 20, pattern: \"[a-z0-9]+\" }\n";
    // One change per endpoint whose path holds the parameter.
    let tighter = restspec_codegen::diff::diff(
        &super::diff::version(&[]),
        &super::diff::version(&[(plain, ruled)]),
    );
    every_change_is(&tighter, K::FieldConstraintTightened, CLIENTS);
    let looser = restspec_codegen::diff::diff(
        &super::diff::version(&[(plain, ruled)]),
        &super::diff::version(&[]),
    );
    every_change_is(&looser, K::FieldConstraintLoosened, OK);
}

/// A number path parameter's `minimum`: a path that named something may name nothing
/// once it is there, which breaks clients.
#[test]
fn path_parameter_bounds() {
    let plain = "    account-id: \"An account id, or `self`.\"\n";
    let number = "    account-id: { description: An account number., type: integer }\n";
    let bounded =
        "    account-id: { description: An account number., type: integer, minimum: 1 }\n";
    let tighter = restspec_codegen::diff::diff(
        &super::diff::version(&[(plain, number)]),
        &super::diff::version(&[(plain, bounded)]),
    );
    every_change_is(&tighter, K::FieldConstraintTightened, CLIENTS);
}

/// `changes` are some, each of `kind` with `verdict` (one per endpoint the change reaches).
fn every_change_is(
    changes: &[restspec_codegen::diff::Change],
    kind: K,
    verdict: restspec_codegen::diff::Verdict,
) {
    assert!(
        !changes.is_empty()
            && changes
                .iter()
                .all(|c| c.kind == kind && c.verdict == verdict),
        "{changes:#?}"
    );
}

/// An endpoint's errors written in a body of its own, or in another, or in the service's
/// again: clients reading them find other members.
#[test]
fn an_endpoint_s_own_error_body() {
    let plain = "    summary: A large body, for compression\n    response: list<string>\n";
    let own = |body: &str| {
        [(
            plain,
            format!("{plain}    error_body: {body}\n").leak() as &str,
        )]
    };
    let ok = own("{ ok: false, error: \"{message}\" }");
    let other = own("{ ok: false, detail: \"{message}\" }");
    case(
        "own error body given",
        &[],
        &ok,
        &[(K::ErrorBodyChanged, CLIENTS)],
    );
    case(
        "own error body changed",
        &ok,
        &other,
        &[(K::ErrorBodyChanged, CLIENTS)],
    );
    case(
        "own error body removed",
        &ok,
        &[],
        &[(K::ErrorBodyChanged, CLIENTS)],
    );
}

/// An answer written as text instead of JSON, or the other way, or in another text type,
/// breaks clients reading the old form.
#[test]
fn response_media() {
    let json = "    summary: A handler that panics\n    response: string\n";
    let text = "    summary: A handler that panics\n    response: string\n    response_media: text/plain\n";
    let csv =
        "    summary: A handler that panics\n    response: string\n    response_media: text/csv\n";
    let (as_text, as_csv) = ([(json, text)], [(json, csv)]);
    let written = [(K::ResponseTypeChanged, CLIENTS)];
    case("answered as text", &[], &as_text, &written);
    case("answered as JSON again", &as_text, &[], &written);
    case("answered in another text type", &as_text, &as_csv, &written);
    case("the same text type", &as_text, &as_text, &[]);
}
