//! Who may call: the places a request carries credentials in (what unknown credentials
//! and anonymous callers get, and impersonation, are `restspec-conventions`').

/// A place a request may carry credentials on every path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Credential {
    /// `Authorization: <scheme> <token>` for a scheme other than basic (`Bearer`, `token`;
    /// compared without regard to case). The token is checked by
    /// the runtime's `Authenticator::token`.
    Scheme(&'static str),
    /// HTTP basic credentials, checked by the runtime's `Authenticator::basic`.
    Basic,
    /// A token in this request header (`PRIVATE-TOKEN`).
    Header(&'static str),
    /// A token in this query parameter (`private_token`).
    Query(&'static str),
    /// A token in this cookie (`token`).
    Cookie(&'static str),
    /// Keys a request carries together, each at its place (not `Basic`),
    /// checked at once by the runtime's `Authenticator::keys`: a request carrying some of
    /// them only carries none.
    Together(&'static [Credential]),
}

impl Credential {
    /// Where a key at this place is, for `Authenticator::keys`: the header's, query
    /// parameter's or cookie's name, or the `Authorization` scheme (`Bearer`); `None` for
    /// basic credentials.
    pub fn key_name(self) -> Option<&'static str> {
        match self {
            Credential::Scheme(name)
            | Credential::Header(name)
            | Credential::Query(name)
            | Credential::Cookie(name) => Some(name),
            Credential::Basic | Credential::Together(_) => None,
        }
    }

    /// Whether credentials found at this place prove those `other` asks for as well: keys
    /// carried together prove each of them alone, and any group of fewer of them (a caller
    /// sending an API key and a store key may call what takes the API key alone).
    pub fn covers(self, other: Credential) -> bool {
        let same = |a: &Credential, b: &Credential| match (a, b) {
            (Credential::Header(a), Credential::Header(b))
            | (Credential::Scheme(a), Credential::Scheme(b)) => a.eq_ignore_ascii_case(b),
            (a, b) => a == b,
        };
        match (self, other) {
            (Credential::Together(keys), Credential::Together(fewer)) => {
                fewer.iter().all(|f| keys.iter().any(|k| same(k, f)))
            }
            (Credential::Together(keys), one) => keys.iter().any(|k| same(k, &one)),
            (a, b) => same(&a, &b),
        }
    }
}

impl super::Conventions {
    /// The query parameters that carry tokens or keys, as the spec's `credentials` name
    /// them, alone or carried together (a name in both is given twice).
    pub fn token_parameters(&self) -> impl Iterator<Item = &'static str> + use<> {
        let places = self.credentials.iter().flat_map(|c| match c {
            Credential::Together(keys) => keys,
            one => std::slice::from_ref(one),
        });
        places.filter_map(|c| match c {
            Credential::Query(name) => Some(*name),
            _ => None,
        })
    }

    /// Whether `name` is a query parameter carrying credentials.
    pub fn is_token_parameter(&self, name: &str) -> bool {
        self.token_parameters().any(|n| n == name)
    }

    /// The query parameters whose values are secrets, which logs hide: the access token's
    /// and every one carrying credentials.
    pub fn secret_parameters(&self) -> impl Iterator<Item = &'static str> + use<> {
        (self.access_token_parameter.into_iter()).chain(self.token_parameters())
    }
}

#[cfg(test)]
mod tests {
    use super::Credential;
    use crate::conventions::Conventions;

    /// Every query parameter carrying credentials, alone or beside other keys, is a secret
    /// beside the access token.
    #[test]
    fn every_query_key_is_a_secret() {
        let conventions = Conventions {
            access_token_parameter: Some("access_token"),
            credentials: &[
                Credential::Header("X-Key"),
                Credential::Query("key"),
                Credential::Together(&[Credential::Query("api_key"), Credential::Header("X-T")]),
            ],
            ..Conventions::NONE
        };
        let secrets: Vec<&str> = conventions.secret_parameters().collect();
        assert_eq!(secrets, ["access_token", "key", "api_key"]);
        assert!(conventions.is_token_parameter("api_key"));
        assert!(!conventions.is_token_parameter("X-T"));
    }

    /// Keys carried together prove each of them, and any group of fewer of them; one key
    /// proves only itself.
    #[test]
    fn keys_together_cover_their_parts() {
        const APP: &[Credential] = &[
            Credential::Header("X-Api-Key"),
            Credential::Header("X-Store-Key"),
        ];
        const JWT: &[Credential] = &[Credential::Header("X-Api-Key")];
        let together = Credential::Together(APP);
        assert!(together.covers(Credential::Header("x-api-key")));
        assert!(together.covers(Credential::Together(JWT)));
        assert!(together.covers(together));
        assert!(!together.covers(Credential::Header("X-Other")));
        assert!(!Credential::Header("X-Api-Key").covers(together));
        assert!(!Credential::Together(JWT).covers(together));
        assert!(Credential::Scheme("Bearer").covers(Credential::Scheme("bearer")));
    }
}
