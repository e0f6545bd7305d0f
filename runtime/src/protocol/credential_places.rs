//! What a request carries at each of the spec's credential places: an `Authorization`
//! scheme, a header, a query parameter, a cookie, or keys carried together.

use std::borrow::Cow;
use std::net::IpAddr;

use http::{HeaderMap, header};

use crate::message::query::QueryTokens;
use crate::spec::Credential;

/// What one request presents to authentication: its head, and the query credentials read
/// from it (`'t`, the borrow of those, may end before `'a`, the request's).
#[derive(Debug, Clone, Copy)]
pub struct PresentedCredentials<'a, 't> {
    /// The request's headers (`Authorization`, `Cookie`).
    pub headers: &'a HeaderMap,
    /// True on the authenticated form (`/a/`): basic credentials are required.
    pub authenticated_form: bool,
    /// The access token parameter, if given.
    pub access_token: Option<&'t str>,
    /// The tokens of the spec's query credentials the request gives.
    pub query_tokens: &'t QueryTokens<'a>,
    /// The client's address, which failed attempts are counted by.
    pub remote: Option<IpAddr>,
}

/// Credentials a request carries in one of the spec's places, borrowed from the request
/// (a query token that was percent-encoded is a copy), so that they outlive the query
/// credentials they were read from while they are looked up.
#[derive(Debug, Clone)]
pub(crate) enum FoundCredential<'a> {
    /// `Authorization: Basic ...`.
    Basic,
    /// A token.
    Token(Cow<'a, str>),
    /// Keys carried together, each with its place's name. Boxed: they are a few, rarer
    /// credentials, and inline they would make every request's state larger.
    Keys(Box<[(&'static str, Cow<'a, str>)]>),
}

/// The most keys one `together` place holds (the spec allows no more).
pub(crate) const MAX_KEYS: usize = 4;

/// What the request carries at `credential`'s place, if anything.
pub(crate) fn presented_credential<'a>(
    credential: Credential,
    presented: &PresentedCredentials<'a, '_>,
) -> Option<FoundCredential<'a>> {
    let headers = presented.headers;
    let token = |value: &'a str| FoundCredential::Token(Cow::Borrowed(value));
    match credential {
        Credential::Basic => authorization(headers, "basic").map(|_| FoundCredential::Basic),
        Credential::Scheme(scheme) => authorization(headers, scheme).map(token),
        Credential::Header(name) => headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(|v| token(v.trim())),
        Credential::Query(name) => presented
            .query_tokens
            .get_value(name)
            .map(FoundCredential::Token),
        Credential::Cookie(name) => cookie(headers, name).map(token),
        Credential::Together(places) => {
            // Each place is looked at before anything is kept: a request carrying some of
            // the keys only carries none, and costs no allocation.
            let carried = |place: &Credential| {
                matches!(
                    presented_credential(*place, presented),
                    Some(FoundCredential::Token(_))
                ) && place.key_name().is_some()
            };
            if !places.iter().take(MAX_KEYS).all(carried) {
                return None;
            }
            let mut keys = Vec::with_capacity(places.len().min(MAX_KEYS));
            for place in places.iter().take(MAX_KEYS) {
                if let Some(FoundCredential::Token(key)) = presented_credential(*place, presented) {
                    keys.push((place.key_name()?, key));
                }
            }
            Some(FoundCredential::Keys(keys.into_boxed_slice()))
        }
    }
}

/// The credentials of an `Authorization` header of `scheme` (compared without regard to
/// case), trimmed.
pub(crate) fn authorization<'h>(headers: &'h HeaderMap, scheme: &str) -> Option<&'h str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    // The scheme is a handful of bytes: compared in place rather than searched for a space.
    let rest = value.get(scheme.len()..)?.strip_prefix(' ')?;
    value[..scheme.len()]
        .eq_ignore_ascii_case(scheme)
        .then(|| rest.trim())
}

/// The value of cookie `name`, from any `Cookie` header, without surrounding quotes.
/// Parsed by the `cookie` crate, borrowing from the header (nothing is copied); pairs it
/// cannot parse are skipped.
pub fn cookie<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(cookie::Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name_raw() == Some(name))
        .and_then(|c| c.value_raw())
        .map(|v| {
            v.strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .unwrap_or(v)
        })
}
