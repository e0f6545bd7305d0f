//! Attacks on the conventions: echoed values, authentication, overrides and content
//! types, CORS and XSRF, methods, versions and message framing.

use super::fixture::Fixture;
use super::table::Expect::{Status, StatusOrClosed, Statuses};
use super::table::{Case, Expect, JSON, case, h, request};

pub(super) fn echoed_values(f: &Fixture) -> Vec<Case> {
    let mut cases = vec![
        case(
            "CR/LF in the trace parameter",
            request("GET", "/projects/?trace=a%0D%0AInjected:%20yes", &[], b""),
            Status(200),
        ),
        case(
            "CR/LF in the method override",
            request("POST", "/projects/?$m=GET%0D%0AInjected:%20yes", &[], b""),
            Status(400),
        ),
        case(
            "CR/LF in the content type override",
            request(
                "POST",
                "/a/projects/victim/description?$m=PUT&$ct=application/json%0D%0AInjected:%20yes",
                &[h("Authorization", &f.admin)],
                br#"{"description":"x"}"#,
            ),
            Status(400),
        ),
        case(
            "CR/LF in a created project's name",
            request(
                "PUT",
                "/a/projects/x%0D%0AInjected:%20yes",
                &[h("Authorization", &f.admin), JSON.to_owned()],
                b"{}",
            ),
            Status(400),
        ),
        case(
            "CR/LF in an Origin",
            request(
                "GET",
                "/projects/",
                &[h("Origin", "https://good.example.com%0D%0AInjected: yes")],
                b"",
            ),
            Status(200),
        ),
        case(
            "CR/LF in a not-found id",
            request("GET", "/changes/a%0D%0AInjected:%20yes", &[], b""),
            Status(404),
        ),
        case(
            "CR/LF in a run-as target",
            request(
                "GET",
                "/a/accounts/self",
                &[
                    h("Authorization", &f.admin),
                    h("X-Service-RunAs", "a%0D%0AInjected: yes"),
                ],
                b"",
            ),
            Status(403),
        ),
    ];
    for c in &mut cases {
        c.absent_from_head = Some("Injected:");
    }
    cases
}

pub(super) fn authentication(f: &Fixture) -> Vec<Case> {
    let b64 = |s: &[u8]| base64::Engine::encode(&base64::engine::general_purpose::STANDARD, s);
    let mut cases: Vec<Case> = [
        "Basic !!!not-base64!!!".to_owned(),
        "Basic ".to_owned(),
        "Basic".to_owned(),
        format!("Basic {}", b64(b"no-colon")),
        format!("Basic {}", b64(b"admin:")),
        format!("Basic {}", b64(b":persist-pw")),
        format!("Basic {}", b64(&[b'a'; 10_000])),
        format!("Basic {}", b64(b"admin:\xff\xfe")),
        format!("Basic {}", b64(b"\xff:persist-pw")),
        format!("Basic {}=", b64(b"admin:persist-pw")),
        "Bearer abc.def.ghi".to_owned(),
        "Digest username=\"admin\"".to_owned(),
        format!("Basic {}", b64(b"admin:persist-pw\0")),
        format!("Basic {}", b64(b"ADMIN:persist-pw")),
    ]
    .into_iter()
    .enumerate()
    .map(|(n, value)| {
        case(
            format!("malformed basic credentials #{n}"),
            request(
                "GET",
                "/a/accounts/self",
                &[h("Authorization", &value)],
                b"",
            ),
            Status(401),
        )
    })
    .collect();
    let tampered = {
        let mut s = f.session.clone();
        let last = if s.ends_with('0') { "1" } else { "0" };
        s.pop();
        s + last
    };
    cases.extend([
        case(
            "tampered session cookie (anonymous)",
            request(
                "GET",
                "/accounts/self",
                &[h("Cookie", &format!("ReviewSession={tampered}"))],
                b"",
            ),
            Status(403),
        ),
        case(
            "tampered session cookie mutation",
            request(
                "PUT",
                "/projects/victim/description",
                &[
                    h("Cookie", &format!("ReviewSession={tampered}")),
                    h("X-Service-Auth", &f.xsrf),
                    JSON.to_owned(),
                ],
                br#"{"description":"x"}"#,
            ),
            Status(403),
        ),
        case(
            "session cookie of 10 KB",
            request(
                "GET",
                "/projects/",
                &[h(
                    "Cookie",
                    &format!("ReviewSession={}", "s".repeat(10_000)),
                )],
                b"",
            ),
            Status(200),
        ),
        case(
            "garbage cookie header",
            request(
                "GET",
                "/projects/",
                &[h("Cookie", ";;;=;==\"\";ReviewSession")],
                b"",
            ),
            Status(200),
        ),
        case(
            "tampered access token",
            request(
                "PUT",
                &format!("/projects/victim/description?access_token={tampered}"),
                &[JSON.to_owned()],
                br#"{"description":"x"}"#,
            ),
            Status(403),
        ),
    ]);
    cases
}

pub(super) fn overrides_and_types(f: &Fixture) -> Vec<Case> {
    let admin = h("Authorization", &f.admin);
    let description = "/a/projects/victim/description";
    vec![
        case(
            "method override twice",
            request(
                "POST",
                "/a/projects/victim?$m=DELETE&$m=GET",
                std::slice::from_ref(&admin),
                b"",
            ),
            Status(400),
        ),
        case(
            "method override on GET",
            request(
                "GET",
                "/a/projects/victim?$m=DELETE",
                std::slice::from_ref(&admin),
                b"",
            ),
            Status(400),
        ),
        case(
            "method override to TRACE",
            request(
                "POST",
                "/a/projects/victim?$m=TRACE",
                std::slice::from_ref(&admin),
                b"",
            ),
            Status(400),
        ),
        case(
            "content type override twice",
            request(
                "POST",
                &format!("{description}?$m=PUT&$ct=application/json&$ct=text/plain"),
                std::slice::from_ref(&admin),
                br#"{"description":"x"}"#,
            ),
            Status(400),
        ),
        case(
            "access token twice",
            request(
                "GET",
                &format!("/projects/?access_token={0}&access_token={0}", f.session),
                &[],
                b"",
            ),
            Status(400),
        ),
        case(
            "plain text body to a JSON endpoint",
            request(
                "PUT",
                description,
                &[admin.clone(), h("Content-Type", "text/plain")],
                br#"{"description":"x"}"#,
            ),
            Status(400),
        ),
        case(
            "JSON body without a content type",
            request(
                "PUT",
                description,
                std::slice::from_ref(&admin),
                br#"{"description":"x"}"#,
            ),
            Status(400),
        ),
        case(
            "a content type that only starts like JSON",
            request(
                "PUT",
                description,
                &[admin.clone(), h("Content-Type", "application/jsonx")],
                br#"{"description":"x"}"#,
            ),
            Status(400),
        ),
        case(
            "XML in a JSON body",
            request(
                "PUT",
                description,
                &[admin.clone(), JSON.to_owned()],
                b"<description>x</description>",
            ),
            Status(400),
        ),
        case(
            "form body",
            request(
                "PUT",
                description,
                &[
                    admin.clone(),
                    h("Content-Type", "application/x-www-form-urlencoded"),
                ],
                b"description=x",
            ),
            Status(400),
        ),
        case(
            "create-only on an existing project",
            request(
                "PUT",
                "/a/projects/victim",
                &[admin, JSON.to_owned(), h("If-None-Match", "*")],
                b"{}",
            ),
            Status(412),
        ),
    ]
}

pub(super) fn cors_and_xsrf(f: &Fixture) -> Vec<Case> {
    let mut cases: Vec<Case> = [
        "https://good.example.com.evil.com",
        "https://evil.com/https://good.example.com",
        "xhttps://good.example.com",
        "https://good.example.comx",
        "https://good-example.com",
        "null",
    ]
    .into_iter()
    .map(|origin| {
        let mut c = case(
            format!("origin that only partly matches: {origin}"),
            request("GET", "/projects/", &[h("Origin", origin)], b""),
            Status(200),
        );
        c.absent_from_head = Some("Access-Control-Allow-Origin");
        c
    })
    .collect();
    let preflight = |name: &str, headers: &[String], expect: Expect| {
        let mut all = vec![h("Origin", "https://good.example.com")];
        all.extend_from_slice(headers);
        case(
            name,
            request("OPTIONS", "/projects/victim", &all, b""),
            expect,
        )
    };
    cases.extend([
        preflight(
            "preflight with a non-ASCII requested header",
            &[
                h("Access-Control-Request-Method", "PUT"),
                String::from("Access-Control-Request-Headers: x-service-auth, \u{e9}"),
            ],
            Status(400),
        ),
        preflight(
            "preflight with a header not on the list",
            &[
                h("Access-Control-Request-Method", "PUT"),
                h("Access-Control-Request-Headers", "x-evil"),
            ],
            Status(400),
        ),
        preflight(
            "preflight with a method not on the list",
            &[h("Access-Control-Request-Method", "TRACE")],
            Status(400),
        ),
        case(
            "preflight from an origin not allowed",
            request(
                "OPTIONS",
                "/projects/victim",
                &[
                    h("Origin", "https://evil.com"),
                    h("Access-Control-Request-Method", "PUT"),
                ],
                b"",
            ),
            Status(400),
        ),
        case(
            "cookie mutation without the XSRF token",
            request(
                "PUT",
                "/accounts/self/name",
                &[
                    h("Cookie", &format!("ReviewSession={}", f.session)),
                    JSON.to_owned(),
                ],
                br#"{"name":"x"}"#,
            ),
            Status(403),
        ),
        case(
            "cookie mutation with a wrong XSRF token",
            request(
                "PUT",
                "/accounts/self/name",
                &[
                    h("Cookie", &format!("ReviewSession={}", f.session)),
                    h("X-Service-Auth", "forged"),
                    JSON.to_owned(),
                ],
                br#"{"name":"x"}"#,
            ),
            Status(403),
        ),
        case(
            "cookie mutation with another session's XSRF token",
            request(
                "PUT",
                "/accounts/self/name",
                &[
                    h("Cookie", &format!("ReviewSession={}", f.session)),
                    h("X-Service-Auth", &f.admin_xsrf),
                    JSON.to_owned(),
                ],
                br#"{"name":"x"}"#,
            ),
            Status(403),
        ),
        case(
            "XSRF token in the query instead of the header",
            request(
                "PUT",
                &format!("/accounts/self/name?X-Service-Auth={}", f.xsrf),
                &[
                    h("Cookie", &format!("ReviewSession={}", f.session)),
                    JSON.to_owned(),
                ],
                br#"{"name":"x"}"#,
            ),
            Status(403),
        ),
        case(
            "logout without the XSRF token",
            request(
                "POST",
                "/logout",
                &[h("Cookie", &format!("ReviewSession={}", f.session))],
                b"",
            ),
            Status(403),
        ),
    ]);
    cases
}

pub(super) fn methods_and_framing(f: &Fixture) -> Vec<Case> {
    let keep_alive_get = |path: &str| format!("GET {path} HTTP/1.1\r\nHost: t\r\n\r\n");
    vec![
        case("unknown method", request("FOO", "/projects/", &[], b""), Status(405)),
        case("TRACE", request("TRACE", "/projects/", &[], b""), Status(405)),
        case("lower-case method", request("get", "/projects/", &[], b""), Status(405)),
        case("PATCH", request("PATCH", "/projects/victim", &[h("Authorization", &f.admin)], b""), Status(405)),
        case("CONNECT", b"CONNECT evil.com:443 HTTP/1.1\r\nHost: evil.com:443\r\nConnection: close\r\n\r\n".to_vec(), StatusOrClosed(404)),
        case("HTTP/1.0 without Host", b"GET /config/server/version HTTP/1.0\r\n\r\n".to_vec(), Status(200)),
        case("HTTP/0.9 request", b"GET /\r\n\r\n".to_vec(), StatusOrClosed(400)),
        case("HTTP/2.0 in an HTTP/1 request line", b"GET / HTTP/2.0\r\nHost: t\r\n\r\n".to_vec(), StatusOrClosed(400)),
        case("HTTP/1.1 with a bogus version", b"GET / HTTP/1.7\r\nHost: t\r\nConnection: close\r\n\r\n".to_vec(), StatusOrClosed(400)),
        case("request line of only a method", b"GET\r\n\r\n".to_vec(), StatusOrClosed(400)),
        case(
            "pipelined requests",
            format!("{}{}GET /config/server/version HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n", keep_alive_get("/config/server/version"), keep_alive_get("/projects/nope")).into_bytes(),
            Statuses(vec![200, 404, 200]),
        ),
        case(
            "pipelined after a refused body",
            format!("PUT /a/projects/victim/description HTTP/1.1\r\nHost: t\r\nAuthorization: {}\r\nContent-Type: text/plain\r\nContent-Length: 3\r\n\r\nabc{}", f.admin, "GET /config/server/version HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").into_bytes(),
            Statuses(vec![400, 200]),
        ),
        case("Content-Length and Transfer-Encoding", format!("PUT /a/projects/victim/description HTTP/1.1\r\nHost: t\r\nAuthorization: {}\r\n{JSON}\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", f.admin).into_bytes(), StatusOrClosed(400)),
        case("two different Content-Lengths", format!("PUT /a/projects/victim/description HTTP/1.1\r\nHost: t\r\nAuthorization: {}\r\n{JSON}\r\nContent-Length: 2\r\nContent-Length: 20\r\n\r\n{{}}", f.admin).into_bytes(), StatusOrClosed(400)),
        case("negative Content-Length", b"PUT /a/projects/x HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n".to_vec(), StatusOrClosed(400)),
        case("Content-Length that is not a number", b"PUT /a/projects/x HTTP/1.1\r\nHost: t\r\nContent-Length: 1e3\r\n\r\n".to_vec(), StatusOrClosed(400)),
        case("Transfer-Encoding not chunked", format!("PUT /a/projects/victim/description HTTP/1.1\r\nHost: t\r\nAuthorization: {}\r\n{JSON}\r\nTransfer-Encoding: gzip\r\n\r\n", f.admin).into_bytes(), StatusOrClosed(400)),
        case("chunk size that overflows", format!("PUT /a/projects/victim/description HTTP/1.1\r\nHost: t\r\nAuthorization: {}\r\n{JSON}\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffffffff\r\n", f.admin).into_bytes(), StatusOrClosed(400)),
        case("chunk size that is not hex", format!("PUT /a/projects/victim/description HTTP/1.1\r\nHost: t\r\nAuthorization: {}\r\n{JSON}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", f.admin).into_bytes(), StatusOrClosed(400)),
        case(
            "smuggled request in a body",
            {
                let smuggled = b"DELETE /a/groups/victims HTTP/1.1\r\nHost: t\r\n\r\n";
                [
                    format!("PUT /a/projects/victim/description HTTP/1.1\r\nHost: t\r\nAuthorization: {}\r\n{JSON}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", f.admin, smuggled.len()).into_bytes(),
                    smuggled.to_vec(),
                ]
                .concat()
            },
            Status(400),
        ),
    ]
}
