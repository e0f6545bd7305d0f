//! Where a request carries the client's credentials: the places the spec's `credentials`
//! name, basic credentials on the authenticated form, an access token in its parameter.

use super::Credentials;
use crate::conventions::{Conventions, Credential};

/// `request` with `credentials` attached as the service's `conventions` say.
pub(super) fn attach(
    request: reqwest::RequestBuilder,
    credentials: Option<&Credentials>,
    conventions: &Conventions,
    read: Option<&[u8]>,
) -> reqwest::RequestBuilder {
    // The places the endpoint reads, where it reads only some.
    let readable = |index: usize| read.is_none_or(|r| r.iter().any(|p| usize::from(*p) == index));
    let places = || {
        (conventions.credentials.iter().enumerate())
            .filter(move |(index, _)| readable(*index))
            .map(|(_, place)| place)
    };
    match credentials {
        Some(Credentials::Basic { user, password }) => request.basic_auth(user, Some(password)),
        Some(Credentials::AccessToken(token)) => match conventions.access_token_parameter {
            Some(name) => request.query(&[(name, token)]),
            None => request,
        },
        Some(Credentials::Token(token)) => {
            let place =
                places().find(|c| !matches!(c, Credential::Basic | Credential::Together(_)));
            match place {
                Some(place) => with_key(request, *place, token),
                None => request.bearer_auth(token),
            }
        }
        Some(Credentials::Keys(keys)) => {
            let together = places().find_map(|c| match c {
                Credential::Together(places) => Some(*places),
                _ => None,
            });
            together
                .into_iter()
                .flatten()
                .zip(keys)
                .fold(request, |request, (place, key)| {
                    with_key(request, *place, key)
                })
        }
        None => request,
    }
}

/// `request` carrying `key` at `place` (a header, the query, or an `Authorization` scheme).
fn with_key(
    request: reqwest::RequestBuilder,
    place: Credential,
    key: &str,
) -> reqwest::RequestBuilder {
    match place {
        Credential::Header(name) => request.header(name, key),
        Credential::Query(name) => request.query(&[(name, key)]),
        Credential::Cookie(name) => request.header(http::header::COOKIE, format!("{name}={key}")),
        Credential::Scheme(scheme) => {
            request.header(http::header::AUTHORIZATION, format!("{scheme} {key}"))
        }
        Credential::Basic | Credential::Together(_) => request.bearer_auth(key),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys go to the places of the spec's `together`, in its order; a token to its first
    /// place of one key.
    #[test]
    fn keys_go_where_together_says_and_a_token_to_the_first_single_place() {
        let conventions = Conventions {
            credentials: &[
                Credential::Together(&[
                    Credential::Header("X-App-Key"),
                    Credential::Scheme("Bearer"),
                ]),
                Credential::Header("X-Token"),
                Credential::Cookie("session"),
            ],
            ..Conventions::NONE
        };
        let headers = |credentials: Credentials| {
            let request = reqwest::Client::new().get("http://localhost/");
            let request = attach(request, Some(&credentials), &conventions, None);
            request.build().expect("a request").headers().clone()
        };
        let keys = headers(Credentials::Keys(vec!["app".into(), "t1".into()]));
        assert_eq!(keys["x-app-key"], "app");
        assert_eq!(keys["authorization"], "Bearer t1");
        let token = headers(Credentials::Token("k".into()));
        assert_eq!(token["x-token"], "k");
        assert!(token.get("authorization").is_none());
        // An endpoint reading the cookie alone gets the token there.
        let request = reqwest::Client::new().get("http://localhost/");
        let request = attach(
            request,
            Some(&Credentials::Token("k".into())),
            &conventions,
            Some(&[2]),
        );
        let built = request.build().expect("a request");
        assert_eq!(built.headers()["cookie"], "session=k");
    }
}
