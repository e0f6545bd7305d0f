//! `restspec import` on the security documents write: API keys in the `Authorization`
//! header beside schemes, and keys required together; each the same on the wire after the
//! round trip.

use restspec_import::Options;

use super::import::{
    assert_every_operation_faithful, assert_every_operation_on_the_wire, file, load,
};

/// An API key that is the whole `Authorization` header (NetBox's `Token abc`) stays one,
/// and is the same on the wire after the round trip, beside an HTTP scheme (which reads
/// the header too) as well.
#[test]
fn an_api_key_in_the_authorization_header_is_the_whole_header() {
    let document = |with_basic: bool| {
        let mut schemes = serde_json::json!({
            "Token": { "type": "apiKey", "in": "header", "name": "Authorization" }
        });
        let mut security = serde_json::json!([{ "Token": [] }]);
        if with_basic {
            schemes["Basic"] = serde_json::json!({ "type": "http", "scheme": "basic" });
            security = serde_json::json!([{ "Token": [] }, { "Basic": [] }]);
        }
        serde_json::json!({
            "openapi": "3.0.0",
            "info": { "title": "T", "version": "1" },
            "security": security,
            "paths": { "/x": { "get": { "responses": { "204": { "description": "ok" } } } } },
            "components": { "securitySchemes": schemes }
        })
    };
    let alone = document(false);
    let imported = restspec_import::import(&alone, &Options::default()).expect("imported");
    assert!(imported.losses.is_empty(), "{:#?}", imported.losses);
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("    - { header: Authorization }\n"),
        "{service}"
    );
    let loaded = load(&imported);
    let exported = restspec_codegen::openapi::document(&loaded.service);
    let trip = restspec_import::round_trip::compare(&alone, &exported);
    assert!(
        trip.operations.iter().all(|v| v.on_wire),
        "{:#?}",
        trip.operations
    );

    // Beside basic: what basic does not read is the key, the same on the wire.
    let beside = document(true);
    let imported = restspec_import::import(&beside, &Options::default()).expect("imported");
    assert!(imported.losses.is_empty(), "{:#?}", imported.losses);
    assert_every_operation_on_the_wire(&beside, &imported);
}

/// Schemes an operation requires together (Plaid's client id and secret headers; Visma's
/// key beside an OAuth 2 token) are one `together` place, who issues the token kept; the
/// round trip finds each operation faithfully. A scheme also required alone somewhere
/// stays a place of its own, after the group.
#[test]
fn schemes_required_together_are_one_place() {
    let document = |also_alone: bool| {
        let mut paths = serde_json::json!({
            "/x": { "get": { "responses": { "204": { "description": "ok" } } } }
        });
        if also_alone {
            paths["/y"] = serde_json::json!({ "get": {
                "security": [{ "Key": [] }],
                "responses": { "204": { "description": "ok" } } } });
        }
        serde_json::json!({
            "openapi": "3.0.0",
            "info": { "title": "T", "version": "1" },
            "security": [{ "Key": [], "OAuth": [] }],
            "paths": paths,
            "components": { "securitySchemes": {
                "Key": { "type": "apiKey", "in": "header", "name": "Client-Id" },
                "OAuth": { "type": "oauth2", "flows": { "clientCredentials": {
                    "tokenUrl": "https://id.example/token", "scopes": {} } } }
            } }
        })
    };
    let together = document(false);
    let imported = restspec_import::import(&together, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("    - together:\n        - { header: Client-Id }\n        - scheme: bearer\n          oauth2:\n"),
        "{service}"
    );
    assert_every_operation_faithful(&together, &imported);

    // Required alone somewhere too (API2Cart's API key without the store key): a place
    // of its own after the group, which that operation reads; the group's keys prove it.
    let apart = document(true);
    let imported = restspec_import::import(&apart, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    let group = service.find("    - together:\n").expect("the group");
    let alone = service
        .find("    - { header: Client-Id }\n")
        .expect("the key alone");
    assert!(group < alone, "{service}");
    let y = file(&imported, "y.yaml");
    assert!(
        y.contains("    credentials:\n      - { header: Client-Id }\n"),
        "{y}"
    );
    assert_every_operation_faithful(&apart, &imported);
}

/// An operation taking only some of the service's schemes (Shutterstock's OAuth 2 alone
/// beside basic credentials) reads only those (`credentials:`); one taking none reads
/// none; the round trip finds each on the wire.
#[test]
fn an_operation_taking_some_schemes_reads_those_only() {
    let ok = serde_json::json!({ "responses": { "204": { "description": "ok" } } });
    let mut oauth_only = ok.clone();
    oauth_only["security"] = serde_json::json!([{ "OAuth": [] }]);
    let mut open = ok.clone();
    open["security"] = serde_json::json!([]);
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "security": [{ "Basic": [] }, { "OAuth": [] }],
        "paths": {
            "/both": { "get": ok },
            "/collections": { "get": oauth_only },
            "/status": { "get": open }
        },
        "components": { "securitySchemes": {
            "Basic": { "type": "http", "scheme": "basic" },
            "OAuth": { "type": "http", "scheme": "bearer" }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let collections = file(&imported, "collections.yaml");
    assert!(
        collections.contains("    credentials:\n      - { scheme: bearer }\n"),
        "{collections}"
    );
    assert!(!file(&imported, "both.yaml").contains("credentials"));
    assert!(file(&imported, "status.yaml").contains("    credentials: []\n"));
    assert_every_operation_on_the_wire(&document, &imported);
}

/// An API key in a cookie (Meshery's `token`) is a place of its own, the same on the wire.
#[test]
fn an_api_key_in_a_cookie_is_read_there() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "security": [{ "Cookie": [] }],
        "paths": { "/x": { "get": { "responses": { "204": { "description": "ok" } } } } },
        "components": { "securitySchemes": {
            "Cookie": { "type": "apiKey", "in": "cookie", "name": "token" } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    assert!(imported.losses.is_empty(), "{:#?}", imported.losses);
    assert!(file(&imported, "service.yaml").contains("    - { cookie: token }\n"));
    assert_every_operation_faithful(&document, &imported);
}

/// Schemes no `security` asks for (InfluxData's, Geodesystems'): each operation reads none
/// (`credentials: []`), faithfully.
#[test]
fn schemes_nothing_asks_for_are_read_nowhere() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "paths": { "/x": { "get": { "responses": { "204": { "description": "ok" } } } } },
        "components": { "securitySchemes": {
            "Token": { "type": "http", "scheme": "bearer" } } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let family = file(&imported, "x.yaml");
    assert!(family.contains("credentials: [] }"), "{family}");
    assert_every_operation_faithful(&document, &imported);
}

/// A key in a header and in a query parameter of one name (Pendo's `auth-token`) are two
/// schemes of the OpenAPI document, the query's named for where it is; on the wire.
#[test]
fn a_header_and_a_query_parameter_of_one_name_are_two_schemes() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "security": [{ "Header": [] }, { "Query": [] }],
        "paths": { "/x": { "get": { "responses": { "204": { "description": "ok" } } } } },
        "components": { "securitySchemes": {
            "Header": { "type": "apiKey", "in": "header", "name": "auth-token" },
            "Query": { "type": "apiKey", "in": "query", "name": "auth-token" }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let loaded = load(&imported);
    let exported = restspec_codegen::openapi::document(&loaded.service);
    let schemes = &exported["components"]["securitySchemes"];
    assert_eq!(schemes["auth-token"]["in"], "header", "{schemes}");
    assert_eq!(schemes["auth-token_in_query"]["in"], "query", "{schemes}");
    assert_every_operation_on_the_wire(&document, &imported);
}

/// An API key that is the whole `Authorization` header beside basic credentials some
/// operation takes alone (obono's login): each operation reads its own place, the key what
/// basic does not read; on the wire.
#[test]
fn an_authorization_key_beside_a_scheme_taken_alone_is_still_the_key() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "security": [{ "jwt": [] }],
        "paths": {
            "/login": { "post": { "security": [{ "basic": [] }],
                "responses": { "204": { "description": "ok" } } } },
            "/receipts": { "get": { "responses": { "204": { "description": "ok" } } } }
        },
        "components": { "securitySchemes": {
            "basic": { "type": "http", "scheme": "basic" },
            "jwt": { "type": "apiKey", "in": "header", "name": "Authorization" }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    let service = file(&imported, "service.yaml");
    assert!(
        service.contains("    - { header: Authorization }\n"),
        "{service}"
    );
    assert_every_operation_on_the_wire(&document, &imported);
}

/// A plain bearer scheme beside an OAuth 2 one (Linode's personal access tokens beside its
/// OAuth 2 tokens) is one bearer place whose tokens the issuer did not issue are taken too
/// (`plain_tokens: true`): OpenAPI states both schemes again, as alternatives, and the
/// round trip finds each operation faithfully.
#[test]
fn a_plain_bearer_scheme_beside_oauth2_is_kept() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "security": [{ "personalAccessToken": [] }, { "oauth": ["read"] }],
        "paths": { "/x": { "get": { "responses": { "204": { "description": "ok" } } } } },
        "components": { "securitySchemes": {
            "personalAccessToken": { "type": "http", "scheme": "bearer" },
            "oauth": { "type": "oauth2", "flows": { "implicit": {
                "authorizationUrl": "https://example.com/authorize",
                "scopes": { "read": "Reads." } } } }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    assert!(imported.losses.is_empty(), "{:#?}", imported.losses);
    let service = file(&imported, "service.yaml");
    assert!(service.contains("      plain_tokens: true\n"), "{service}");
    let exported = restspec_codegen::openapi::document(&load(&imported).service);
    let schemes = &exported["components"]["securitySchemes"];
    assert_eq!(schemes["bearer"]["type"], "oauth2", "{schemes}");
    assert_eq!(schemes["bearer_plain"]["scheme"], "Bearer", "{schemes}");
    assert_eq!(
        exported["paths"]["/x"]["get"]["security"],
        serde_json::json!([{ "bearer": [] }, { "bearer_plain": [] }])
    );
    assert_every_operation_faithful(&document, &imported);

    // A plain scheme declared but taken by no operation (Vimeo's): OAuth 2 alone, no
    // `plain_tokens`, and still faithful.
    let mut alone = document.clone();
    alone["security"] = serde_json::json!([{ "oauth": ["read"] }]);
    let imported = restspec_import::import(&alone, &Options::default()).expect("imported");
    assert!(!file(&imported, "service.yaml").contains("plain_tokens"));
    assert_every_operation_faithful(&alone, &imported);

    // Operations taking one or the other, never either (DigiLocker's): no `plain_tokens`.
    let mut apart = document.clone();
    apart["security"] = serde_json::json!([{ "oauth": ["read"] }]);
    apart["paths"]["/y"] = serde_json::json!({ "get": {
        "security": [{ "personalAccessToken": [] }],
        "responses": { "204": { "description": "ok" } } } });
    let imported = restspec_import::import(&apart, &Options::default()).expect("imported");
    assert!(!file(&imported, "service.yaml").contains("plain_tokens"));
}

/// Keys in several query parameters (Trello's `key` and `token`, each alone), a query key
/// required with a header one (Stream's `api_key` beside `Stream-Auth-Type`), and one
/// place named by two schemes (FEC's `api_key`, as `apiKey` and `ApiKeyQueryAuth`): each
/// a place, the pair `together`, the twice-named place once; faithfully.
#[test]
fn several_query_keys_are_places_and_a_query_key_goes_together() {
    let document = serde_json::json!({
        "openapi": "3.0.0",
        "info": { "title": "T", "version": "1" },
        "security": [{ "key": [] }, { "token": [] }],
        "paths": {
            "/x": { "get": { "responses": { "204": { "description": "ok" } } } },
            "/y": { "get": { "security": [{ "authType": [], "apiKey": [], "ApiKeyQueryAuth": [] }],
                "responses": { "204": { "description": "ok" } } } }
        },
        "components": { "securitySchemes": {
            "key": { "type": "apiKey", "in": "query", "name": "key" },
            "token": { "type": "apiKey", "in": "query", "name": "token" },
            "authType": { "type": "apiKey", "in": "header", "name": "Stream-Auth-Type" },
            "apiKey": { "type": "apiKey", "in": "query", "name": "api_key" },
            "ApiKeyQueryAuth": { "type": "apiKey", "in": "query", "name": "api_key" }
        } }
    });
    let imported = restspec_import::import(&document, &Options::default()).expect("imported");
    assert!(imported.losses.is_empty(), "{:#?}", imported.losses);
    let service = file(&imported, "service.yaml");
    for place in ["    - { query: key }\n", "    - { query: token }\n"] {
        assert!(service.contains(place), "{service}");
    }
    assert!(
        service.contains("    - together:\n        - { query: api_key }\n        - { header: Stream-Auth-Type }\n"),
        "{service}"
    );
    assert_every_operation_faithful(&document, &imported);
}
