//! Malformed input: bodies, paths and ids, headers, queries.

use super::fixture::Fixture;
use super::table::Expect::{Status, StatusOrClosed};
use super::table::{Case, JSON, case, h, request};

pub(super) fn bodies(f: &Fixture) -> Vec<Case> {
    let admin = h("Authorization", &f.admin);
    let json = JSON.to_owned();
    let description = "/a/projects/victim/description";
    let deep_array = "[".repeat(5000) + &"]".repeat(5000);
    let deep_object = r#"{"description":"#.repeat(100) + "1" + &"}".repeat(100);
    let big_json = format!(r#"{{"description":"{}"}}"#, "x".repeat(20_000));
    vec![
        case(
            "announced body over the limit",
            format!("PUT {description} HTTP/1.1\r\nHost: t\r\n{admin}\r\n{JSON}\r\nContent-Length: 20000000\r\n\r\n").into_bytes(),
            Status(413),
        ),
        case(
            "chunked body over the limit",
            [
                format!("PUT {description} HTTP/1.1\r\nHost: t\r\n{admin}\r\n{JSON}\r\nTransfer-Encoding: chunked\r\n\r\n").into_bytes(),
                format!("10000\r\n{}\r\n", "x".repeat(0x10000)).into_bytes().repeat(2),
                b"0\r\n\r\n".to_vec(),
            ]
            .concat(),
            Status(413),
        ),
        case(
            "body shorter than its Content-Length",
            format!("PUT {description} HTTP/1.1\r\nHost: t\r\n{admin}\r\n{JSON}\r\nContent-Length: 100\r\n\r\n{{\"desc").into_bytes(),
            Status(408),
        ),
        case(
            "chunked body that stops halfway",
            format!("PUT {description} HTTP/1.1\r\nHost: t\r\n{admin}\r\n{JSON}\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{{\"des\r\n").into_bytes(),
            Status(408),
        ),
        case("deeply nested array", request("PUT", description, &[admin.clone(), json.clone()], deep_array.as_bytes()), Status(400)),
        case("deeply nested object", request("PUT", description, &[admin.clone(), json.clone()], deep_object.as_bytes()), Status(400)),
        case("JSON over the JSON limit", request("PUT", description, &[admin.clone(), json.clone()], big_json.as_bytes()), Status(400)),
        case("invalid UTF-8 in a JSON body", request("PUT", description, &[admin.clone(), json.clone()], b"{\"description\":\"\xff\xfe\"}"), Status(400)),
        // An escaped NUL is data (stored and answered escaped); beside a field of the wrong
        // type it must not derail the parser's refusal.
        case("escaped NUL beside a field of the wrong type", request("PUT", description, &[admin.clone(), json.clone()], br#"{"description":"a\u0000b","commit_message":1}"#), Status(400)),
        case("JSON array where an object belongs", request("PUT", description, &[admin.clone(), json.clone()], br#"["x"]"#), Status(400)),
        case("truncated JSON", request("PUT", description, &[admin.clone(), json.clone()], br#"{"description":"#), Status(400)),
        case("JSON with trailing garbage", request("PUT", description, &[admin.clone(), json.clone()], br#"{"description":"x"} {}"#), Status(400)),
        case("wrong type in JSON", request("PUT", description, &[admin.clone(), json.clone()], br#"{"description":42}"#), Status(400)),
        case("huge number in JSON", request("PUT", "/a/changes/1/topic", &[admin.clone(), json.clone()], format!(r#"{{"topic":{}}}"#, "9".repeat(5000)).as_bytes()), Status(400)),
        case(
            "gzip-encoded body (never inflated)",
            request("PUT", description, &[admin.clone(), json.clone(), h("Content-Encoding", "gzip")], &[0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]),
            Status(400),
        ),
        case("empty JSON body with JSON type", request("PUT", description, &[admin, json], b""), Status(400)),
    ]
}

pub(super) fn paths_and_ids(f: &Fixture) -> Vec<Case> {
    let admin = h("Authorization", &f.admin);
    let json = JSON.to_owned();
    let mut cases: Vec<Case> = [
        ("invalid UTF-8 percent-encoded", "/projects/%FF%FE"),
        ("bad percent-encoding", "/projects/%zz"),
        ("truncated percent-encoding", "/projects/abc%4"),
        ("encoded dot-dot", "/projects/%2e%2e"),
        (
            "encoded slashes and dot-dots",
            "/projects/..%2F..%2Fetc%2Fpasswd",
        ),
        ("encoded NUL in an id", "/projects/a%00b"),
        ("encoded slash alone", "/projects/%2F"),
        (
            "change number too large",
            "/changes/99999999999999999999999999",
        ),
        ("negative change number", "/changes/-1"),
        ("change id of another shape", "/changes/All-Projects~abc"),
        ("account id of only an at-sign", "/accounts/%40"),
        ("group id of a dot", "/groups/%2E"),
        (
            "revision of a change that does not exist",
            "/changes/424242/revisions/1/detail",
        ),
        ("account with CR/LF", "/accounts/a%0D%0Ab"),
    ]
    .into_iter()
    .map(|(name, path)| case(name, request("GET", path, &[], b""), Status(404)))
    .collect();
    cases.extend([
        case(
            "dot-dot segments",
            request("GET", "/projects/../../etc/passwd", &[], b""),
            Status(404),
        ),
        case(
            // Dot segments are literal (10.13): nothing matches them.
            "dot-dot out of the authenticated prefix",
            request(
                "GET",
                "/a/../a/../../config/server/version",
                std::slice::from_ref(&admin),
                b"",
            ),
            Status(404),
        ),
        case(
            "raw invalid UTF-8 in the path",
            b"GET /projects/\xff\xfe HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".to_vec(),
            StatusOrClosed(400),
        ),
        case(
            "space in the path",
            b"GET /projects/a b HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".to_vec(),
            StatusOrClosed(400),
        ),
        case(
            "NUL byte in the path",
            b"GET /projects/a\0b HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".to_vec(),
            StatusOrClosed(400),
        ),
        case(
            "path of 100 KB",
            request(
                "GET",
                &format!("/projects/{}", "a".repeat(100_000)),
                &[],
                b"",
            ),
            StatusOrClosed(414),
        ),
        case(
            "absolute-form target of another host",
            request("GET", "http://evil.example.com/projects/", &[], b""),
            Status(200),
        ),
        case(
            "project named with an encoded slash",
            request(
                "PUT",
                "/a/projects/%2Fetc",
                &[admin.clone(), json.clone()],
                b"{}",
            ),
            Status(400),
        ),
        case(
            "project named dot-dot",
            request(
                "PUT",
                "/a/projects/..%2F",
                &[admin.clone(), json.clone()],
                b"{}",
            ),
            Status(400),
        ),
        case(
            "project name with CR/LF",
            request(
                "PUT",
                "/a/projects/a%0D%0ASet-Cookie:x",
                &[admin.clone(), json.clone()],
                b"{}",
            ),
            Status(400),
        ),
        case(
            "project name with NUL",
            request(
                "PUT",
                "/a/projects/a%00b",
                &[admin.clone(), json.clone()],
                b"{}",
            ),
            Status(400),
        ),
        case(
            "group name with CR/LF",
            request("PUT", "/a/groups/a%0D%0Ab", &[admin.clone(), json], b"{}"),
            Status(400),
        ),
        case(
            "alice deletes a group she does not own",
            request(
                "DELETE",
                "/a/groups/victims",
                &[h("Authorization", &f.alice)],
                b"",
            ),
            Status(404),
        ),
        case(
            "group name with a NUL",
            request(
                "PUT",
                "/a/groups/a%00b",
                &[admin.clone(), JSON.to_owned()],
                b"{}",
            ),
            Status(400),
        ),
        case(
            "group renamed with CR/LF",
            request(
                "PUT",
                "/a/groups/victims/name",
                &[admin.clone(), JSON.to_owned()],
                br#"{"name":"a\r\nb"}"#,
            ),
            Status(400),
        ),
        case(
            "account named with CR/LF",
            request(
                "PUT",
                "/a/accounts/a%0D%0Ab",
                &[admin.clone(), JSON.to_owned()],
                b"{}",
            ),
            Status(400),
        ),
        case(
            "alice creates a project",
            request(
                "PUT",
                "/a/projects/mine",
                &[h("Authorization", &f.alice), JSON.to_owned()],
                b"{}",
            ),
            Status(403),
        ),
        case(
            "alice renames the administrator",
            request(
                "PUT",
                "/a/accounts/admin/name",
                &[h("Authorization", &f.alice), JSON.to_owned()],
                br#"{"name":"pwned"}"#,
            ),
            Status(403),
        ),
        case(
            "alice acts as the administrator",
            request(
                "GET",
                "/a/accounts/self",
                &[h("Authorization", &f.alice), h("X-Service-RunAs", "admin")],
                b"",
            ),
            Status(403),
        ),
        case(
            "anonymous mutation",
            request(
                "PUT",
                "/projects/victim/description",
                &[JSON.to_owned()],
                br#"{"description":"x"}"#,
            ),
            Status(403),
        ),
    ]);
    cases
}

pub(super) fn headers(f: &Fixture) -> Vec<Case> {
    let many: Vec<String> = (0..200).map(|n| h(&format!("X-Many-{n}"), "v")).collect();
    vec![
        case("200 headers", request("GET", "/projects/", &many, b""), StatusOrClosed(431)),
        case("one header of 100 KB", request("GET", "/projects/", &[h("X-Big", &"v".repeat(100_000))], b""), StatusOrClosed(431)),
        case("NUL byte in a header value", b"GET /projects/ HTTP/1.1\r\nHost: t\r\nX-A: a\0b\r\nConnection: close\r\n\r\n".to_vec(), StatusOrClosed(400)),
        case("CR without LF in a header", b"GET /projects/ HTTP/1.1\r\nHost: t\r\nX-A: a\rb\r\nConnection: close\r\n\r\n".to_vec(), StatusOrClosed(400)),
        case("space in a header name", b"GET /projects/ HTTP/1.1\r\nHost: t\r\nX A: b\r\nConnection: close\r\n\r\n".to_vec(), StatusOrClosed(400)),
        case("header without a colon", b"GET /projects/ HTTP/1.1\r\nHost: t\r\nNoColon\r\nConnection: close\r\n\r\n".to_vec(), StatusOrClosed(400)),
        case("obsolete line folding", b"GET /projects/ HTTP/1.1\r\nHost: t\r\nX-A: a\r\n b\r\nConnection: close\r\n\r\n".to_vec(), StatusOrClosed(400)),
        case("invalid UTF-8 in a header value", b"GET /projects/ HTTP/1.1\r\nHost: t\r\nConnection: close\r\nX-A: \xff\xfe\r\n\r\n".to_vec(), Status(200)),
        case("invalid UTF-8 in the trace header", [b"GET /projects/ HTTP/1.1\r\nHost: t\r\nConnection: close\r\nX-Service-Trace: \xff\xfe\r\n\r\n".as_slice()].concat(), Status(200)),
        case("trace id of 10 KB", request("GET", "/projects/", &[h("X-Service-Trace", &"t".repeat(10_000))], b""), Status(200)),
        case("run-as with invalid UTF-8", [format!("GET /a/accounts/self HTTP/1.1\r\nHost: t\r\nConnection: close\r\nAuthorization: {}\r\nX-Service-RunAs: ", f.admin).into_bytes(), b"\xff\r\n\r\n".to_vec()].concat(), Status(403)),
        case("Accept-Encoding of 8 KB", request("GET", "/projects/", &[h("Accept-Encoding", &"gzip;q=0.5, ".repeat(700))], b""), Status(200)),
    ]
}

pub(super) fn queries(_f: &Fixture) -> Vec<Case> {
    let long_query = format!("/changes/?q={}", "x:".repeat(25_000));
    let refused = [
        ("unbalanced parentheses", "/changes/?q=((((((status:open"),
        (
            "OR, not supported",
            "/changes/?q=status:open+OR+status:merged",
        ),
        ("n that is not a number", "/changes/?n=abc"),
        ("S beyond 64 bits", "/changes/?S=99999999999999999999"),
        ("unknown option", "/changes/?foo=1"),
        ("unknown o value", "/changes/?o=DETAILED_LABELS&o=BOGUS"),
        ("unknown operator", "/changes/?q=label:Code-Review%2B2"),
        ("query of 50 KB", long_query.as_str()),
    ];
    // Query values are form-decoded leniently (as the real service does): a term that does
    // not decode is read as it stands (`%zz`) or with U+FFFD, and matches nothing.
    let lenient = [
        ("invalid UTF-8 in a query", "/accounts/?q=%FF"),
        ("bad percent-encoding in a query", "/changes/?q=%zz"),
    ];
    refused
        .into_iter()
        .map(|(name, path)| case(name, request("GET", path, &[], b""), Status(400)))
        .chain(
            lenient
                .into_iter()
                .map(|(name, path)| case(name, request("GET", path, &[], b""), Status(200))),
        )
        .collect()
}
