//! Who may call: the query parameters the places of `credentials` make secrets of (the
//! places themselves, what unknown credentials and anonymous callers get, and
//! impersonation, are `restspec-conventions`').

/// A place a request may carry credentials on every path: the vocabulary's, its text
/// `&'static str`. Named here as an alias so that a constant writes
/// `Credential::Together(&[..])` without saying its type: through the generic type, the
/// list's type is not known when the array would be coerced to a slice.
pub type Credential = restspec_conventions::Credential;

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
    use crate::conventions::ConventionKeys;
    use crate::conventions::Conventions;
    use crate::conventions::Credential;

    /// Every query parameter carrying credentials, alone or beside other keys, is a secret
    /// beside the access token.
    #[test]
    fn every_query_key_is_a_secret() {
        let conventions = Conventions {
            keys: ConventionKeys {
                access_token_parameter: Some("access_token"),
                ..ConventionKeys::NONE
            },
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
}
