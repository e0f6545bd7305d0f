//! The spec's second output: an OpenAPI 3.1 document, built from the validated model (so
//! there is no second description to keep in sync).
//!
//! An endpoint appears under the authenticated prefix (`/a/...`) with HTTP basic
//! authentication as its security requirement, since the protocol puts credentials on a
//! different path rather than on the same one, and under its path as well where a caller
//! without the prefix can use it (anonymously, or with one of the spec's `credentials`;
//! every endpoint with `openapi_anonymous_forms: all`). The authenticated form carries the
//! endpoint's name as `operationId`; the anonymous form `<name>_anonymous`. What JSON tools cannot guess (the prefix line before every JSON
//! body, pretty or compact output, the method override) is stated in `info.description`
//! and in `x-` extension fields. `schemas.rs` turns the spec's types into JSON Schemas;
//! `operations.rs` writes paths, parameters and request bodies; `responses.rs` the
//! answers, of which `conditions.rs` says which runtime conditions each operation can meet.

mod conditions;
mod examples;
mod headers;
mod nullable_refs;
mod operations;
mod options;
mod responses;
mod schemas;
mod successes;

pub use operations::plain_form_usable;
pub use responses::default_status;

use serde_json::{Map, Value, json};

use crate::model::{Credential, Service};

/// The OpenAPI version written.
pub const OPENAPI_VERSION: &str = "3.1.0";

/// The name of the HTTP basic security scheme in `components.securitySchemes`.
pub const BASIC_SCHEME: &str = "basic";

/// The name of the plain bearer scheme beside an issuer's (`plain_tokens: true`).
pub const PLAIN_BEARER_SCHEME: &str = "bearer_plain";

/// The document for `service`.
pub fn document(service: &Service) -> Value {
    let mut info = Map::new();
    info.insert("title".into(), json!(service.title));
    info.insert("version".into(), json!("1"));
    let description = description(service);
    if !description.is_empty() {
        info.insert("description".into(), json!(description));
    }
    let mut doc = Map::new();
    doc.insert("openapi".into(), json!(OPENAPI_VERSION));
    doc.insert("info".into(), Value::Object(info));
    // Paths are the spec's templates; the base path, which every one of them sits under on
    // the wire, belongs to the server's URL.
    let server = format!(
        "{}{}",
        service.base_url.trim_end_matches('/'),
        service.conventions.base_path.as_deref().unwrap_or_default()
    );
    doc.insert("servers".into(), json!([{ "url": server }]));
    if let Some(prefix) = &service.conventions.json_prefix {
        doc.insert("x-json-prefix".into(), json!(prefix));
    }
    doc.insert(
        "x-pretty-by-default".into(),
        json!(service.conventions.pretty_by_default),
    );
    doc.insert(
        "tags".into(),
        Value::Array(
            service
                .families
                .iter()
                .map(|f| {
                    let mut tag = Map::new();
                    tag.insert("name".into(), json!(f.name));
                    if let Some(d) = &f.description {
                        tag.insert("description".into(), json!(d));
                    }
                    Value::Object(tag)
                })
                .collect(),
        ),
    );
    doc.insert("paths".into(), operations::paths(service));
    let mut components = Map::new();
    components.insert("schemas".into(), schemas::components(service));
    components.insert(
        "parameters".into(),
        operations::convention_parameters(service),
    );
    let headers = responses::components(service);
    if !headers.is_empty() {
        components.insert("headers".into(), Value::Object(headers));
    }
    let schemes = security_schemes(service);
    if !schemes.is_empty() {
        components.insert("securitySchemes".into(), Value::Object(schemes));
    }
    doc.insert("components".into(), Value::Object(components));
    let mut doc = Value::Object(doc);
    nullable_refs::fold(&mut doc);
    doc
}

/// The name of a credential place in `components.securitySchemes`: the scheme in lower
/// case (`bearer`, `basic`), or the header's, query parameter's or cookie's name; a query
/// parameter or cookie named as a header of the service's `places` (Pendo's `auth-token`
/// in both) with where it is after it (`auth-token_in_query`).
pub(crate) fn scheme_name(credential: &Credential, places: &[Credential]) -> String {
    let header_named = |name: &str| {
        (places.iter().flat_map(Credential::keys))
            .any(|k| matches!(k, Credential::Header(h) if h.eq_ignore_ascii_case(name)))
    };
    match credential {
        Credential::Basic => BASIC_SCHEME.to_owned(),
        Credential::Scheme(scheme) => scheme.to_ascii_lowercase(),
        Credential::Query(name) if header_named(name) => format!("{name}_in_query"),
        Credential::Cookie(name) if header_named(name) => format!("{name}_in_cookie"),
        Credential::Header(name) | Credential::Query(name) | Credential::Cookie(name) => {
            name.clone()
        }
        // Each of its keys is a scheme of its own, required together.
        Credential::Together(keys) => (keys.iter())
            .map(|key| scheme_name(key, places))
            .collect::<Vec<_>>()
            .join("+"),
    }
}

/// `components.securitySchemes`: HTTP basic on the authenticated form, and each place the
/// spec's `credentials` name (http bearer or another scheme, http basic, apiKey in a header
/// or the query).
fn security_schemes(service: &Service) -> Map<String, Value> {
    let c = &service.conventions;
    let mut schemes = Map::new();
    if c.authenticated_prefix.is_some() {
        schemes.insert(
            BASIC_SCHEME.into(),
            json!({
                "type": "http",
                "scheme": "basic",
                "description": "HTTP basic authentication, on the authenticated form of every path only.",
            }),
        );
    }
    let places = c.credentials.iter().flat_map(Credential::keys);
    for credential in places {
        let scheme = match credential {
            Credential::Basic => json!({
                "type": "http",
                "scheme": "basic",
                "description": "HTTP basic authentication, on every path.",
            }),
            Credential::Scheme(scheme) if scheme == "Bearer" && c.token_issuer.is_some() => {
                if let Some(name) = plain_twin(credential, c) {
                    schemes.insert(
                        name.into(),
                        json!({
                            "type": "http",
                            "scheme": scheme,
                            "description": "A bearer token the issuer did not issue (a personal access token), in `Authorization: Bearer <token>`.",
                        }),
                    );
                }
                token_issuer(c.token_issuer.as_ref())
            }
            Credential::Scheme(scheme) => json!({
                "type": "http",
                "scheme": scheme,
                "description": format!("A token in `Authorization: {scheme} <token>`."),
            }),
            Credential::Header(name) => json!({
                "type": "apiKey",
                "in": "header",
                "name": name,
                "description": format!("A token in the `{name}` header."),
            }),
            Credential::Query(name) => json!({
                "type": "apiKey",
                "in": "query",
                "name": name,
                "description": format!("A token in the `{name}` query parameter."),
            }),
            Credential::Cookie(name) => json!({
                "type": "apiKey",
                "in": "cookie",
                "name": name,
                "description": format!("A token in the `{name}` cookie."),
            }),
            Credential::Together(_) => continue,
        };
        schemes.insert(scheme_name(credential, &c.credentials), scheme);
    }
    schemes
}

/// The name of the plain bearer scheme stated beside the issuer's, for the bearer place
/// where the spec takes tokens the issuer did not issue too (`plain_tokens: true`).
pub(crate) fn plain_twin(
    credential: &Credential,
    c: &crate::model::Conventions,
) -> Option<&'static str> {
    let bearer = matches!(credential, Credential::Scheme(s) if s == "Bearer");
    (bearer && c.plain_tokens && c.token_issuer.is_some()).then_some(PLAIN_BEARER_SCHEME)
}

/// The bearer scheme as who issues its tokens describes it: `oauth2` with its flows, or
/// `openIdConnect` with its discovery URL.
fn token_issuer(issuer: Option<&crate::model::TokenIssuer>) -> Value {
    use crate::model::TokenIssuer;
    match issuer {
        Some(TokenIssuer::OpenIdConnect(url)) => json!({
            "type": "openIdConnect",
            "openIdConnectUrl": url,
            "description": "An OpenID Connect token in `Authorization: Bearer <token>`.",
        }),
        Some(TokenIssuer::OAuth2(flows)) => {
            let mut out = Map::new();
            for flow in flows {
                let mut f = Map::new();
                for (key, value) in [
                    ("authorizationUrl", &flow.authorization_url),
                    ("tokenUrl", &flow.token_url),
                    ("refreshUrl", &flow.refresh_url),
                ] {
                    if let Some(value) = value {
                        f.insert(key.into(), json!(value));
                    }
                }
                let scopes: Map<String, Value> = flow
                    .scopes
                    .iter()
                    .map(|(name, what)| (name.clone(), json!(what)))
                    .collect();
                f.insert("scopes".into(), Value::Object(scopes));
                out.insert(lower_camel(&flow.kind), Value::Object(f));
            }
            json!({
                "type": "oauth2",
                "flows": out,
                "description": "An OAuth 2 access token in `Authorization: Bearer <token>`.",
            })
        }
        None => json!({ "type": "http", "scheme": "Bearer" }),
    }
}

/// The document as pretty JSON with a final newline.
pub fn to_json(service: &Service) -> String {
    let mut text = serde_json::to_string_pretty(&document(service)).unwrap_or_default();
    text.push('\n');
    text
}

/// The document as compact JSON (what the generated module's `OPENAPI` holds).
pub fn to_compact_json(service: &Service) -> String {
    serde_json::to_string(&document(service)).unwrap_or_default()
}

/// `info.description`: the service's own, then the conventions a JSON tool must know.
fn description(service: &Service) -> String {
    let c = &service.conventions;
    let mut out = service.description.clone().unwrap_or_default();
    let mut note = |line: String| {
        if !out.is_empty() {
            out.push_str("\n\n");
        }
        out.push_str(&line);
    };
    if let Some(prefix) = &c.json_prefix {
        note(format!(
            "Every JSON body the service answers starts with the line `{prefix}` (against \
             cross-site script inclusion): strip that line before parsing. It is also given \
             as `x-json-prefix` here and on each JSON response."
        ));
    }
    if let Some(auth) = &c.authenticated_prefix {
        let auth = auth.trim_end_matches('/');
        note(format!(
            "Each path also exists under `{auth}`: the authenticated form, which needs HTTP basic \
             credentials. Without the prefix a request is anonymous (or uses a session)."
        ));
        let hidden = !c.openapi_every_anonymous_form
            && service
                .families
                .iter()
                .flat_map(|f| &f.endpoints)
                .any(|e| !operations::plain_form_usable(service, e));
        if hidden {
            note(format!(
                "An operation anonymous callers cannot use is listed under `{auth}` only{}.",
                if c.sessions.is_some() {
                    "; with a session it is called without the prefix"
                } else {
                    ""
                }
            ));
        }
    }
    if let Some(pp) = &c.pretty_parameter {
        note(format!(
            "JSON is {} by default; `{pp}=0` asks for compact output, `{pp}=1` for pretty.",
            if c.pretty_by_default {
                "pretty"
            } else {
                "compact"
            }
        ));
    }
    if let Some(m) = &c.method_override_parameter {
        let methods: Vec<&str> = c
            .method_override_methods
            .iter()
            .map(|m| m.as_str())
            .collect();
        note(format!(
            "A cross-origin POST may carry `{m}` ({}) to be handled as that method{}.",
            methods.join(", "),
            c.content_type_override_parameter
                .as_ref()
                .map(|ct| format!(", with `{ct}` giving the real content type"))
                .unwrap_or_default()
        ));
    }
    out
}

/// `authorization_code` as OpenAPI names the flow: `authorizationCode`.
fn lower_camel(snake: &str) -> String {
    let pascal = crate::names::pascal(snake);
    let mut chars = pascal.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_ascii_lowercase().to_string() + chars.as_str()
    })
}
