//! Security schemes as the spec's credential places, and who may call without credentials.

use restspec_codegen::naming;
use serde_json::Value;

use crate::report::{Loss, Losses};
use crate::round_trip::refs;
use crate::security_groups::{carry_together, distinct_places, same_place, together};
use crate::yaml_out::Yaml;

/// The document's security, as conventions and per-endpoint `anonymous`.
pub(crate) struct Security {
    /// `credentials:` entries (`{ scheme: bearer }`, `{ header: X-Api-Key }`).
    pub(crate) credentials: Vec<Yaml>,
    /// Whether the document's own `security` lets a caller without credentials in.
    anonymous_by_default: bool,
    /// Each scheme's place, by the scheme's name, as the spec writes it.
    schemes: Vec<(String, Yaml)>,
    /// The document's own `security`: its alternatives, each the schemes it takes.
    default: Option<Vec<Vec<String>>>,
}

impl Security {
    pub(crate) fn read(document: &Value, losses: &mut Losses) -> Security {
        let mut credentials: Vec<Yaml> = Vec::new();
        // Who issues the bearer tokens (`oauth2:` or `openid_connect:`), the first found.
        let mut issuer: Option<(&'static str, Yaml)> = None;
        // An `http` bearer scheme some operation takes as an alternative to an issuer's:
        // tokens no issuer issued are taken too (Vimeo declares one that nothing takes;
        // DigiLocker's operations take one or the other, never either).
        let mut plain_bearer = false;
        let schemes_at = "/components/securitySchemes";
        let schemes = document.pointer(schemes_at).and_then(Value::as_object);
        // A key that is the whole `Authorization` header beside schemes reading the header:
        // what they do not read (`header: Authorization`), where every operation taking one
        // of them takes the key too (contract-p.fit's, Bitbucket's). Where some take only
        // the schemes (Square's and Zoom's OAuth 2 beside a client secret), the key is
        // read as a bearer token, as those operations' answers are the same then, and said.
        // Unused, it accepts nothing, and is left out.
        let readers: Vec<&str> = schemes
            .into_iter()
            .flatten()
            .filter(|(_, scheme)| {
                matches!(
                    scheme.get("type").and_then(Value::as_str),
                    Some("http" | "oauth2" | "openIdConnect")
                )
            })
            .map(|(name, _)| name.as_str())
            .collect();
        let requirements = requirements(document);
        // The schemes issuing bearer tokens, by name.
        let issuers: Vec<&str> = schemes
            .into_iter()
            .flatten()
            .filter(|(_, scheme)| {
                matches!(
                    scheme.get("type").and_then(Value::as_str),
                    Some("oauth2" | "openIdConnect")
                )
            })
            .map(|(name, _)| name.as_str())
            .collect();
        // Each scheme's place, by the scheme's name.
        let mut named: Vec<(&str, Yaml)> = Vec::new();
        for (name, scheme) in schemes.into_iter().flatten() {
            let scheme_name = name.as_str();
            let at = refs::push(schemes_at, name);
            let Ok((scheme, at)) = refs::Doc::new(document).resolve(scheme, at.clone()) else {
                continue;
            };
            let kind = scheme
                .get("type")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let place = match kind {
                "http" => match scheme
                    .get("scheme")
                    .and_then(Value::as_str)
                    .map(str::to_ascii_lowercase)
                    .as_deref()
                {
                    Some("bearer") => {
                        plain_bearer |= requirements.iter().any(|r| {
                            r.iter().any(|all| all.contains(&scheme_name))
                                && r.iter().any(|all| all.iter().any(|n| issuers.contains(n)))
                        });
                        Some(("scheme", "bearer".to_owned()))
                    }
                    Some("basic") => Some(("scheme", "basic".to_owned())),
                    Some(other) => {
                        losses.push(Loss::wire(
                            at.clone(),
                            "security scheme",
                            format!(
                                "HTTP scheme `{other}` is read as a token after the scheme word"
                            ),
                        ));
                        Some(("scheme", other.to_owned()))
                    }
                    None => None,
                },
                "apiKey" => {
                    let name = scheme
                        .get("name")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_owned();
                    match scheme.get("in").and_then(Value::as_str) {
                        Some("header")
                            if name.eq_ignore_ascii_case("authorization")
                                && !readers.is_empty() =>
                        {
                            let names =
                                |r: &Vec<Vec<&str>>, n: &str| r.iter().any(|a| a.contains(&n));
                            let used = requirements.iter().any(|r| names(r, scheme_name));
                            let apart = requirements.iter().any(|r| {
                                readers.iter().any(|s| names(r, s)) && !names(r, scheme_name)
                            });
                            match (used, apart) {
                                (false, _) => None,
                                (true, false) => Some(("header", name)),
                                // Some operations take only the other scheme: each reads
                                // its own (`credentials:` per endpoint), the key what the
                                // schemes do not.
                                (true, true) => Some(("header", name)),
                            }
                        }
                        Some("header") if !naming::is_header_name(&name) => {
                            losses.push(Loss::wire(
                                at.clone(),
                                "security scheme",
                                format!(
                                    "API key header `{name}` is left out: it is not a header name"
                                ),
                            ));
                            None
                        }
                        Some("header") => Some(("header", name)),
                        Some("query") => Some(("query", name)),
                        Some("cookie") if naming::is_header_name(&name) => Some(("cookie", name)),
                        _ => {
                            losses.push(Loss::wire(
                                at.clone(),
                                "security scheme",
                                format!("API key `{name}` is left out: it is in no place a request has, or not named as one"),
                            ));
                            None
                        }
                    }
                }
                "oauth2" | "openIdConnect" => {
                    match issuer_of(kind, scheme, &at, losses) {
                        Some(found) if issuer.is_none() => issuer = Some(found),
                        // Two OAuth 2 schemes (Google's implicit and authorization code):
                        // one issuer with the flows of both.
                        Some(("oauth2", Yaml::Map(flows)))
                            if matches!(issuer, Some(("oauth2", Yaml::Map(_)))) =>
                        {
                            if let Some((_, have @ Yaml::Map(_))) = &mut issuer {
                                for (flow, entry) in flows {
                                    if have.get(&flow).is_none() {
                                        have.push(flow, entry);
                                    }
                                }
                            }
                        }
                        Some(_) => losses.push(Loss::faithful(
                            at.clone(),
                            "security scheme",
                            format!("`{name}`, a second issuer of bearer tokens, is described as the first"),
                        )),
                        None => {}
                    }
                    Some(("scheme", "bearer".to_owned()))
                }
                other => {
                    losses.push(Loss::wire(
                        at.clone(),
                        "security scheme",
                        format!("security scheme `{name}` of type `{other}` is left out"),
                    ));
                    None
                }
            };
            let queries = credentials.iter().filter(|c| c.get("query").is_some());
            let fifth_query =
                place.as_ref().is_some_and(|(k, _)| *k == "query") && queries.count() >= 4;
            if fifth_query {
                losses.push(Loss::wire(at.clone(), "security scheme", format!("`{name}`, a fifth credential in the query, is left out: the spec reads four")));
                continue;
            }
            if let Some((key, value)) = place.filter(|(_, v)| !v.is_empty()) {
                let mut entry = Yaml::map();
                entry.push(key, Yaml::str(value));
                named.push((scheme_name, entry.clone()));
                if !credentials.contains(&entry) {
                    credentials.push(entry);
                }
            }
        }
        if let Some((key, value)) = issuer {
            let bearer = Yaml::map_of("scheme", Yaml::str("bearer"));
            if let Some(entry) = credentials.iter_mut().find(|c| **c == bearer) {
                entry.push(key, value);
                // Linode's personal access tokens beside its OAuth 2 ones.
                if plain_bearer {
                    entry.push("plain_tokens", Yaml::Bool(true));
                }
            }
        }
        let (groups, alone) = together(&requirements, &named);
        let alone: Vec<Yaml> = alone.into_iter().cloned().collect();
        for group in groups.iter().rev() {
            carry_together(&mut credentials, group, &alone);
        }
        let anonymous_by_default = allows_anonymous(document.get("security"));
        Security {
            credentials,
            anonymous_by_default,
            schemes: named.into_iter().map(|(n, e)| (n.to_owned(), e)).collect(),
            default: document.get("security").and_then(alternatives),
        }
    }

    /// An endpoint's `credentials` where its `security` (or the document's) takes only
    /// some of the service's places (Shutterstock's OAuth 2 alone beside basic
    /// credentials); `[]` where it takes none, or no `security` asks for any. `None` where
    /// it takes all, or names a scheme the service does not read (which the document's
    /// reading says).
    pub(crate) fn endpoint_credentials(&self, operation: &Value) -> Option<Yaml> {
        if self.credentials.is_empty() {
            return None;
        }
        // No `security` anywhere: the operation asks for none.
        let own = operation.get("security").and_then(alternatives);
        let alternatives = own.or_else(|| self.default.clone()).unwrap_or_default();
        let mut read: Vec<usize> = Vec::new();
        for alternative in alternatives.iter().filter(|a| !a.is_empty()) {
            let places = (alternative.iter())
                .map(|scheme| {
                    self.schemes
                        .iter()
                        .find(|(n, _)| n == scheme)
                        .map(|(_, e)| e)
                })
                .collect::<Option<Vec<&Yaml>>>()?;
            // A place two schemes name is one (FEC's `api_key`).
            let places = distinct_places(places);
            let index = self
                .credentials
                .iter()
                .position(|entry| match entry.get("together") {
                    Some(Yaml::List(keys)) => {
                        keys.len() == places.len()
                            && places.iter().all(|p| keys.iter().any(|k| same_place(k, p)))
                    }
                    _ => places.len() == 1 && same_place(entry, places[0]),
                })?;
            read.push(index);
        }
        read.sort_unstable();
        read.dedup();
        (read.len() < self.credentials.len()).then(|| {
            Yaml::List(
                read.into_iter()
                    .map(|i| bare(&self.credentials[i]))
                    .collect(),
            )
        })
    }

    /// Whether the credentials are read from the header `name` (any case).
    pub(crate) fn reads_header(&self, name: &str) -> bool {
        self.places().any(|c| match c.get("header") {
            Some(Yaml::Str(header)) => header.eq_ignore_ascii_case(name),
            _ => false,
        })
    }

    /// Whether the runtime reads query parameter `name` as a credential.
    pub(crate) fn reads_query(&self, name: &str) -> bool {
        self.places()
            .any(|c| c.get("query") == Some(&Yaml::str(name)))
    }

    /// Every place a request carries credentials in, alone or together.
    fn places(&self) -> impl Iterator<Item = &Yaml> {
        self.credentials
            .iter()
            .flat_map(|c| match c.get("together") {
                Some(Yaml::List(keys)) => keys.iter().collect(),
                _ => vec![c],
            })
    }

    /// The convention: `all` when the document asks no credentials by default.
    pub(crate) fn anonymous(&self) -> &'static str {
        if self.anonymous_by_default || self.credentials.is_empty() {
            "all"
        } else {
            "none"
        }
    }

    /// An endpoint's `anonymous` where its own `security` differs from the default.
    pub(crate) fn endpoint_anonymous(
        &self,
        operation: &Value,
        _at: &str,
        _losses: &mut Losses,
    ) -> Option<Yaml> {
        let own = operation.get("security")?;
        if self.credentials.is_empty() {
            return None;
        }
        let allows = allows_anonymous(Some(own));
        (allows != (self.anonymous() == "all"))
            .then(|| Yaml::str(if allows { "all" } else { "none" }))
    }
}

/// A place as an endpoint's `credentials` writes it: without who issues its tokens.
fn bare(place: &Yaml) -> Yaml {
    let Yaml::Map(entries) = place else {
        return place.clone();
    };
    let kept = entries
        .iter()
        .filter(|(k, _)| k != "oauth2" && k != "openid_connect");
    Yaml::Map(
        kept.map(|(k, v)| match v {
            Yaml::List(keys) if k == "together" => {
                (k.clone(), Yaml::List(keys.iter().map(bare).collect()))
            }
            v => (k.clone(), v.clone()),
        })
        .collect(),
    )
}

/// A `security` list lets a caller without credentials in when it is absent, empty, or
/// has an empty requirement among its alternatives.
fn allows_anonymous(security: Option<&Value>) -> bool {
    match security.and_then(Value::as_array) {
        None => true,
        Some(requirements) => {
            requirements.is_empty()
                || requirements
                    .iter()
                    .any(|r| r.as_object().is_some_and(serde_json::Map::is_empty))
        }
    }
}

/// An OAuth 2 scheme's flows (`oauth2:`) or an OpenID Connect scheme's URL
/// (`openid_connect:`), as the spec writes them; a flow without the URLs it needs is a loss.
fn issuer_of(
    kind: &str,
    scheme: &Value,
    at: &str,
    losses: &mut Losses,
) -> Option<(&'static str, Yaml)> {
    if kind == "openIdConnect" {
        let url = scheme.get("openIdConnectUrl").and_then(Value::as_str)?;
        return Some(("openid_connect", Yaml::str(url)));
    }
    let flows = scheme.get("flows").and_then(Value::as_object)?;
    let mut out = Yaml::map();
    for (name, flow) in flows {
        let (spec, needs): (&str, &[&str]) = match name.as_str() {
            "authorizationCode" => ("authorization_code", &["authorizationUrl", "tokenUrl"]),
            "clientCredentials" => ("client_credentials", &["tokenUrl"]),
            "implicit" => ("implicit", &["authorizationUrl"]),
            "password" => ("password", &["tokenUrl"]),
            _ => continue,
        };
        let text = |key: &str| flow.get(key).and_then(Value::as_str);
        if needs.iter().any(|need| text(need).is_none()) {
            losses.push(Loss::faithful(
                refs::push(&refs::push(at, "flows"), name),
                "security scheme",
                format!("OAuth 2 flow `{name}` without its URLs is left out"),
            ));
            continue;
        }
        let mut entry = Yaml::map();
        for (key, spec_key) in [
            ("authorizationUrl", "authorization_url"),
            ("tokenUrl", "token_url"),
            ("refreshUrl", "refresh_url"),
        ] {
            if let Some(url) = text(key) {
                entry.push(spec_key, Yaml::str(url));
            }
        }
        let mut scopes = Yaml::map();
        for (scope, what) in flow
            .get("scopes")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            scopes.push(scope.clone(), Yaml::str(what.as_str().unwrap_or_default()));
        }
        if scopes != Yaml::map() {
            entry.push("scopes", scopes);
        }
        out.push(spec, entry);
    }
    (out != Yaml::map()).then_some(("oauth2", out))
}

/// A `security` list's alternatives, each the names of the schemes it takes together.
fn alternatives(security: &Value) -> Option<Vec<Vec<String>>> {
    let list = security.as_array()?;
    Some(
        list.iter()
            .filter_map(Value::as_object)
            .map(|r| r.keys().cloned().collect())
            .collect(),
    )
}

/// Every operation's security requirement (its own, else the document's): its
/// alternatives, each the names of the schemes it takes together.
fn requirements(document: &Value) -> Vec<Vec<Vec<&str>>> {
    fn alternatives(security: &Value) -> Option<Vec<Vec<&str>>> {
        let list = security.as_array()?;
        Some(
            list.iter()
                .filter_map(Value::as_object)
                .map(|r| r.keys().map(String::as_str).collect())
                .collect(),
        )
    }
    let default = document.get("security").and_then(alternatives);
    crate::path_items::every_operation(document)
        .into_iter()
        .filter_map(|operation| {
            operation
                .get("security")
                .and_then(alternatives)
                .or_else(|| default.clone())
        })
        .collect()
}
