//! Lowering who issues bearer tokens (`credentials`' `oauth2`, `openid_connect` and
//! `plain_tokens`), and header names as every key naming one checks them. The places
//! credentials are read are `credentials.rs`'s.

use crate::diag::{Diagnostic, Diagnostics, suggest};
use crate::model::{OAuthFlow, TokenIssuer};
use crate::names::is_header_name;
use crate::read::decode::Spanned;
use crate::read::raw;

/// `oauth2:` or `openid_connect:` beside `scheme: bearer` (once in all): who issues the
/// bearer tokens. Each flow is one OAuth 2 names, with the URLs it needs.
///
/// ```yaml
/// credentials:
///   - scheme: bearer
///     oauth2:
///       authorization_code: { authorization_url: https://example.com/authorize }   # and token_url
/// ```
pub(super) fn lower_token_issuer(
    raw: &[raw::CredentialPlace],
    diags: &mut Diagnostics,
) -> Option<TokenIssuer> {
    let mut found: Option<TokenIssuer> = None;
    // Each place, and each key of the places carrying several together.
    let places = raw.iter().flat_map(|place| {
        let own = (
            &place.scheme,
            &place.oauth2,
            &place.openid_connect,
            &place.location,
        );
        let keys = place.together.iter().flatten();
        std::iter::once(own)
            .chain(keys.map(|k| (&k.scheme, &k.oauth2, &k.openid_connect, &k.location)))
    });
    for (scheme, oauth2, openid_connect, location) in places {
        let bearer = scheme
            .as_ref()
            .is_some_and(|s| s.value.eq_ignore_ascii_case("bearer"));
        let issuer = match (oauth2, openid_connect) {
            (None, None) => continue,
            (Some(_), Some(url)) => {
                diags.push(
                    Diagnostic::new(url.location.clone(), "bearer tokens come from one issuer")
                        .hint("keep `oauth2` or `openid_connect`"),
                );
                continue;
            }
            (None, Some(url)) => TokenIssuer::OpenIdConnect(url.value.clone()),
            (Some(flows), None) => TokenIssuer::OAuth2(lower_flows(flows, diags)),
        };
        if !bearer {
            diags.push(
                Diagnostic::new(
                    location.clone(),
                    "`oauth2` and `openid_connect` describe bearer tokens",
                )
                .hint("write them beside `scheme: bearer`"),
            );
            continue;
        }
        if found.is_some() {
            diags.push(
                Diagnostic::new(location.clone(), "a second issuer of bearer tokens")
                    .hint("the service reads one bearer scheme: keep one issuer"),
            );
            continue;
        }
        found = Some(issuer);
    }
    found
}

/// `plain_tokens: true` beside an issuer: bearer tokens it did not issue are taken too.
///
/// ```yaml
/// credentials:
///   - { scheme: bearer, plain_tokens: true }   # no issuer beside it
/// ```
pub(super) fn lower_plain_tokens(raw: &[raw::CredentialPlace], diags: &mut Diagnostics) -> bool {
    let mut found = false;
    for place in raw {
        let Some(plain) = place.plain_tokens.as_ref().filter(|p| p.value) else {
            continue;
        };
        if place.oauth2.is_none() && place.openid_connect.is_none() {
            diags.push(
                Diagnostic::new(
                    plain.location.clone(),
                    "`plain_tokens` says bearer tokens an issuer did not issue are taken too, but no issuer is named",
                )
                .hint("write it beside `oauth2` or `openid_connect`, or remove it: a bearer scheme alone takes every token"),
            );
            continue;
        }
        found = true;
    }
    found
}

fn lower_flows(
    flows: &crate::read::decode::Named<raw::OAuthFlow>,
    diags: &mut Diagnostics,
) -> Vec<OAuthFlow> {
    let mut out = Vec::new();
    for (key, flow) in flows {
        let Some((kind, needs)) = OAuthFlow::KINDS.iter().find(|(k, _)| *k == key.name) else {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!("`{}` is not an OAuth 2 flow", key.name),
                )
                .hint(suggest(&key.name, OAuthFlow::KINDS.iter().map(|(k, _)| *k))),
            );
            continue;
        };
        let url = |given: &Option<Spanned<String>>| given.as_ref().map(|u| u.value.clone());
        let flow = OAuthFlow {
            kind: (*kind).to_owned(),
            authorization_url: url(&flow.authorization_url),
            token_url: url(&flow.token_url),
            refresh_url: url(&flow.refresh_url),
            scopes: flow
                .scopes
                .iter()
                .flatten()
                .map(|(k, v)| (k.name.clone(), v.clone()))
                .collect(),
        };
        let missing: Vec<&str> = needs
            .iter()
            .copied()
            .filter(|need| match *need {
                "authorization_url" => flow.authorization_url.is_none(),
                _ => flow.token_url.is_none(),
            })
            .collect();
        if !missing.is_empty() {
            diags.push(
                Diagnostic::new(
                    key.location.clone(),
                    format!("the `{kind}` flow needs `{}`", missing.join("` and `")),
                )
                .hint("write where tokens are asked for, such as `token_url: https://example.com/token`"),
            );
            continue;
        }
        out.push(flow);
    }
    out
}

/// Header names are letters, digits and `-` (what every header name of a spec may be).
/// A header name the spec gives (`X-Total`), or a located error saying what one looks like
/// (`example` is the one the hint shows).
pub(super) fn header_name(
    given: &Spanned<String>,
    example: &str,
    diags: &mut Diagnostics,
) -> Option<String> {
    if is_header_name(&given.value) {
        return Some(given.value.clone());
    }
    diags.push(
        Diagnostic::new(
            given.location.clone(),
            format!("`{}` is not a valid header name", given.value),
        )
        .hint(format!(
            "header names are letters, digits and `-`, such as `{example}`"
        )),
    );
    None
}

/// A header name a convention gives (`xsrf_header: X-Service-Auth`), kept as written even
/// when it is not one (the located error is reported; nothing is generated then).
pub(super) fn checked_header(
    given: &Option<Spanned<String>>,
    diags: &mut Diagnostics,
) -> Option<String> {
    let given = given.as_ref()?;
    header_name(given, "X-Service-Auth", diags);
    Some(given.value.clone())
}
