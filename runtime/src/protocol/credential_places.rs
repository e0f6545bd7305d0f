//! What a request carries at each of the spec's credential places: an `Authorization`
//! scheme, a header, a query parameter, a cookie, or keys carried together.

use std::net::IpAddr;

use http::{HeaderMap, header};

use crate::message::query::QueryTokens;
use crate::spec::Credential;

/// What one request presents to authentication.
#[derive(Debug, Clone, Copy)]
pub struct Presented<'a> {
    /// The request's headers (`Authorization`, `Cookie`).
    pub headers: &'a HeaderMap,
    /// True on the authenticated form (`/a/`): basic credentials are required.
    pub authenticated_form: bool,
    /// The access token parameter, if given.
    pub access_token: Option<&'a str>,
    /// The tokens of the spec's query credentials the request gives.
    pub query_tokens: &'a QueryTokens<'a>,
    /// The client's address, which failed attempts are counted by.
    pub remote: Option<IpAddr>,
}

/// Credentials a request carries in one of the spec's places.
pub(crate) enum Found<'a> {
    /// `Authorization: Basic ...`.
    Basic,
    /// A token.
    Token(&'a str),
    /// Keys carried together, each with its place's name, the first `usize` of them.
    Keys([(&'static str, &'a str); MAX_KEYS], usize),
}

/// The most keys one `together` place holds (the spec allows no more).
const MAX_KEYS: usize = 4;

/// What the request carries at `credential`'s place, if anything.
pub(crate) fn presented_credential<'a>(
    credential: Credential,
    presented: &Presented<'a>,
) -> Option<Found<'a>> {
    let headers = presented.headers;
    match credential {
        Credential::Basic => authorization(headers, "basic").map(|_| Found::Basic),
        Credential::Scheme(scheme) => authorization(headers, scheme).map(Found::Token),
        Credential::Header(name) => headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(|v| Found::Token(v.trim())),
        Credential::Query(name) => presented.query_tokens.get(name).map(Found::Token),
        Credential::Cookie(name) => cookie(headers, name).map(Found::Token),
        Credential::Together(places) => {
            let mut keys = [("", ""); MAX_KEYS];
            for (slot, place) in keys.iter_mut().zip(places) {
                let Some(Found::Token(key)) = presented_credential(*place, presented) else {
                    return None;
                };
                *slot = (place.key_name()?, key);
            }
            Some(Found::Keys(keys, places.len().min(MAX_KEYS)))
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
