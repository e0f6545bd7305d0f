//! Lowering `credentials`: the places a request may carry credentials on every path (a
//! scheme, a header, the query, keys carried together), and the places an endpoint reads
//! where it reads only some.

use super::access::header_name;
use super::challenges::is_scheme_word;
use crate::diag::{Diagnostic, Diagnostics};
use crate::model::Credential;
use crate::names::is_header_name;
use crate::read::decode::Spanned;
use crate::read::raw;

/// `credentials`: each place names exactly one of `scheme`, `header`, `query` or `cookie`;
/// names are valid; at most four query parameters in all; no place twice. `header: Authorization`
/// (the whole header is the key) comes after the schemes, which read the same header: it is
/// what none of them reads (`Authorization: Basic ...` a password, `Authorization: abc` the
/// key).
///
/// ```yaml
/// credentials:
///   - { scheme: bearer, header: PRIVATE-TOKEN }   # two places in one entry
/// ```
pub(super) fn lower_credentials(
    raw: &[raw::CredentialPlace],
    diags: &mut Diagnostics,
) -> Vec<Credential> {
    let mut out: Vec<Credential> = Vec::new();
    for place in raw {
        let given = Given::from(place);
        let credential = if let Some(parts) = &place.together {
            if let Some(other) = given.first() {
                diags.push(
                    Diagnostic::new(
                        other.location.clone(),
                        "`together` lists the keys of its entry: nothing beside it",
                    )
                    .hint("write this place as an entry of its own, or among the keys `together` lists"),
                );
                continue;
            }
            match lower_together(parts, place, diags) {
                Some(together) => together,
                None => continue,
            }
        } else {
            if given.count() != 1 {
                let location = (given.all().nth(1))
                    .map_or_else(|| place.location.clone(), |s| s.location.clone());
                diags.push(
                    Diagnostic::new(
                        location,
                        "a credential place names exactly one of `scheme`, `header`, `query`, `cookie` or `together`",
                    )
                    .hint("write one entry per place, such as `- { scheme: bearer }` and `- { header: PRIVATE-TOKEN }`"),
                );
                continue;
            }
            match lower_place(given, diags) {
                Some(credential) => credential,
                None => continue,
            }
        };
        let location = given
            .first()
            .map_or_else(|| place.location.clone(), |s| s.location.clone());
        let queries = out.iter().chain([&credential]).flat_map(query_names);
        if distinct(queries) > MAX_QUERY_KEYS {
            diags.push(
                Diagnostic::new(
                    location,
                    format!("more than {MAX_QUERY_KEYS} query parameters carry credentials"),
                )
                .hint("a request carries keys in four query parameters at most: keep four"),
            );
            continue;
        }
        if out.iter().any(|c| same_place(c, &credential)) {
            let shown = given
                .first()
                .map_or_else(|| credential.to_string(), |s| s.value.clone());
            diags.push(
                Diagnostic::new(location, format!("`{shown}` is listed twice"))
                    .hint("remove one of them"),
            );
            continue;
        }
        out.push(credential);
    }
    // The whole `Authorization` header as a key: tried after the schemes.
    out.sort_by_key(
        |c| matches!(c, Credential::Header(h) if h.eq_ignore_ascii_case("authorization")),
    );
    out
}

/// An endpoint's `credentials`: each one of the service's places (by its index there),
/// once.
///
/// ```yaml
/// credentials: [{ header: X-Other-Key }]   # a place the service's `credentials` do not list
/// ```
pub(super) fn lower_endpoint_credentials(
    raw: &[raw::CredentialPlace],
    service: &[Credential],
    diags: &mut Diagnostics,
) -> Vec<usize> {
    let mut out = Vec::new();
    for place in raw {
        let lowered = lower_credentials(std::slice::from_ref(place), diags);
        let Some(credential) = lowered.first() else {
            continue;
        };
        let location = place.location.clone();
        match service.iter().position(|c| same_place(c, credential)) {
            Some(index) if out.contains(&index) => diags
                .push(Diagnostic::new(location, "a place listed twice").hint("remove one of them")),
            Some(index) => out.push(index),
            None => diags.push(
                Diagnostic::new(
                    location,
                    "the service's `credentials` do not list this place",
                )
                .hint(match service.is_empty() {
                    true => "declare it under `conventions.credentials` first".to_owned(),
                    false => suggest_places(service),
                }),
            ),
        }
    }
    out.sort_unstable();
    out
}

/// The service's places, as an endpoint's `credentials` writes them.
fn suggest_places(service: &[Credential]) -> String {
    let written: Vec<String> = service.iter().map(written_place).collect();
    format!("the service reads: {}", written.join(", "))
}

/// A place as the spec writes it (`{ scheme: bearer }`).
fn written_place(place: &Credential) -> String {
    match place {
        Credential::Scheme(s) => format!("{{ scheme: {} }}", s.to_ascii_lowercase()),
        Credential::Basic => "{ scheme: basic }".to_owned(),
        Credential::Header(h) => format!("{{ header: {h} }}"),
        Credential::Query(q) => format!("{{ query: {q} }}"),
        Credential::Cookie(c) => format!("{{ cookie: {c} }}"),
        Credential::Together(keys) => {
            let keys: Vec<String> = keys.iter().map(written_place).collect();
            format!("{{ together: [{}] }}", keys.join(", "))
        }
    }
}

/// Whether two places are one (schemes and headers compared without regard to case).
fn same_place(a: &Credential, b: &Credential) -> bool {
    match (a, b) {
        (Credential::Scheme(a), Credential::Scheme(b))
        | (Credential::Header(a), Credential::Header(b)) => a.eq_ignore_ascii_case(b),
        (Credential::Together(a), Credential::Together(b)) => {
            a.len() == b.len() && a.iter().all(|x| b.iter().any(|y| same_place(x, y)))
        }
        (a, b) => a == b,
    }
}

/// The keys of `together`: two to four, each a header, an `Authorization` scheme other
/// than basic (a password is not one key of several), a query parameter or a cookie; no
/// place twice and at most one scheme (a request has one `Authorization` header).
///
/// ```yaml
/// credentials:
///   - together: [{ header: X-App-Key }, { scheme: basic }]   # a password is not a key
/// ```
fn lower_together(
    parts: &[raw::KeyPart],
    place: &raw::CredentialPlace,
    diags: &mut Diagnostics,
) -> Option<Credential> {
    let mut keys: Vec<Credential> = Vec::new();
    for part in parts {
        let given = Given::from(part);
        let location = given
            .first()
            .map_or_else(|| part.location.clone(), |s| s.location.clone());
        if given.count() != 1 {
            diags.push(
                Diagnostic::new(
                    location,
                    "a key names exactly one of `scheme`, `header`, `query` or `cookie`",
                )
                .hint("write one entry per key, such as `{ header: X-App-Key }`"),
            );
            return None;
        }
        let key = lower_place(given, diags)?;
        let problem = match &key {
            Credential::Basic => Some((
                "a password (`scheme: basic`) is not a key carried with others",
                "list basic credentials as an entry of their own",
            )),
            Credential::Scheme(_) if keys.iter().any(|k| matches!(k, Credential::Scheme(_))) => {
                Some((
                    "two `Authorization` schemes in one `together`",
                    "a request has one `Authorization` header: keep one scheme",
                ))
            }
            key if keys.iter().any(|k| same_place(k, key)) => {
                Some(("a key listed twice in one `together`", "remove one of them"))
            }
            _ => None,
        };
        if let Some((what, hint)) = problem {
            diags.push(Diagnostic::new(location, what).hint(hint));
            return None;
        }
        keys.push(key);
    }
    if !(2..=4).contains(&keys.len()) {
        diags.push(
            Diagnostic::new(
                place.location.clone(),
                format!("`together` lists {} key(s)", keys.len()),
            )
            .hint("list two to four keys; one key alone is an entry of its own (`- { header: X-Key }`)"),
        );
        return None;
    }
    Some(Credential::Together(keys))
}

/// The most query parameters a service's credentials are read from, alone or together
/// (the runtime keeps that many per request, without allocating).
const MAX_QUERY_KEYS: usize = 4;

/// The query parameters `credential` reads.
fn query_names(credential: &Credential) -> Vec<&str> {
    credential
        .keys()
        .iter()
        .filter_map(|k| match k {
            Credential::Query(name) => Some(name.as_str()),
            _ => None,
        })
        .collect()
}

/// How many different names `names` holds.
fn distinct<'n>(names: impl Iterator<Item = &'n str>) -> usize {
    let mut seen: Vec<&str> = names.collect();
    seen.sort_unstable();
    seen.dedup();
    seen.len()
}

/// What one place or key names: a scheme, a header, a query parameter or a cookie.
#[derive(Clone, Copy)]
pub(super) struct Given<'r> {
    scheme: Option<&'r Spanned<String>>,
    header: Option<&'r Spanned<String>>,
    query: Option<&'r Spanned<String>>,
    cookie: Option<&'r Spanned<String>>,
}

impl<'r> From<&'r raw::CredentialPlace> for Given<'r> {
    fn from(place: &'r raw::CredentialPlace) -> Self {
        let (scheme, header) = (place.scheme.as_ref(), place.header.as_ref());
        let (query, cookie) = (place.query.as_ref(), place.cookie.as_ref());
        Given {
            scheme,
            header,
            query,
            cookie,
        }
    }
}

impl<'r> From<&'r raw::KeyPart> for Given<'r> {
    fn from(part: &'r raw::KeyPart) -> Self {
        let (scheme, header) = (part.scheme.as_ref(), part.header.as_ref());
        let (query, cookie) = (part.query.as_ref(), part.cookie.as_ref());
        Given {
            scheme,
            header,
            query,
            cookie,
        }
    }
}

impl<'r> Given<'r> {
    fn all(self) -> impl Iterator<Item = &'r Spanned<String>> {
        [self.scheme, self.header, self.query, self.cookie]
            .into_iter()
            .flatten()
    }

    fn count(self) -> usize {
        self.all().count()
    }

    fn first(self) -> Option<&'r Spanned<String>> {
        self.all().next()
    }
}

/// One place that is a scheme, a header, a query parameter or a cookie (exactly one of
/// them, checked by the caller).
///
/// ```yaml
/// credentials:
///   - { query: "api key" }   # not a query parameter's name
/// ```
fn lower_place(given: Given<'_>, diags: &mut Diagnostics) -> Option<Credential> {
    if let Some(scheme) = given.scheme {
        let word = scheme.value.as_str();
        if !is_scheme_word(word) {
            diags.push(
                Diagnostic::new(
                    scheme.location.clone(),
                    format!("`{word}` is not an authorization scheme"),
                )
                .hint("write one word, such as `bearer`, `basic` or `token`"),
            );
            return None;
        }
        return Some(match word.to_ascii_lowercase().as_str() {
            "basic" => Credential::Basic,
            "bearer" => Credential::Scheme("Bearer".to_owned()),
            _ => Credential::Scheme(word.to_owned()),
        });
    }
    if let Some(query) = given.query {
        let name = &query.value;
        if name.is_empty() || name.contains(['&', '=', '#', ' ']) {
            diags.push(
                Diagnostic::new(
                    query.location.clone(),
                    format!("`{name}` is not a query parameter name"),
                )
                .hint("write a name such as `private_token`"),
            );
            return None;
        }
        return Some(Credential::Query(name.clone()));
    }
    if let Some(cookie) = given.cookie {
        // A cookie's name is a token, as a header's is (RFC 6265).
        if !is_header_name(&cookie.value) {
            diags.push(
                Diagnostic::new(
                    cookie.location.clone(),
                    format!("`{}` is not a cookie name", cookie.value),
                )
                .hint("a cookie's name is letters, digits and `-`, such as `token`"),
            );
            return None;
        }
        return Some(Credential::Cookie(cookie.value.clone()));
    }
    header_name(given.header?, "PRIVATE-TOKEN", diags).map(Credential::Header)
}
