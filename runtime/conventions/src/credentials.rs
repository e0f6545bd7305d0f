//! `conventions.credentials`: the places a request carries credentials in on every path.

use crate::Text;

/// A place a request may carry credentials on every path (`conventions.credentials`).
pub enum Credential<S: Text = &'static str> {
    /// `Authorization: <scheme> <token>` for a scheme other than basic (`Bearer`, `token`;
    /// compared without regard to case). The token is checked by the runtime's
    /// `Authenticator::token`.
    Scheme(S),
    /// HTTP basic credentials, checked by the runtime's `Authenticator::basic`.
    Basic,
    /// A token in this request header (`PRIVATE-TOKEN`).
    Header(S),
    /// A token in this query parameter (`private_token`).
    Query(S),
    /// A token in this cookie (`token`).
    Cookie(S),
    /// Keys a request carries together, each at its place (not `Basic`), checked at once
    /// by the runtime's `Authenticator::keys`: a request carrying some of them only
    /// carries none.
    Together(S::Places),
}

// Written by hand: a derive would ask of the text alone what a list of places needs too.
impl Clone for Credential {
    fn clone(&self) -> Self {
        *self
    }
}

impl Clone for Credential<String> {
    fn clone(&self) -> Self {
        match self {
            Credential::Scheme(s) => Credential::Scheme(s.clone()),
            Credential::Basic => Credential::Basic,
            Credential::Header(s) => Credential::Header(s.clone()),
            Credential::Query(s) => Credential::Query(s.clone()),
            Credential::Cookie(s) => Credential::Cookie(s.clone()),
            Credential::Together(keys) => Credential::Together(keys.clone()),
        }
    }
}

impl Copy for Credential {}

impl<S: Text> PartialEq for Credential<S> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Credential::Scheme(a), Credential::Scheme(b))
            | (Credential::Header(a), Credential::Header(b))
            | (Credential::Query(a), Credential::Query(b))
            | (Credential::Cookie(a), Credential::Cookie(b)) => a.as_ref() == b.as_ref(),
            (Credential::Basic, Credential::Basic) => true,
            (Credential::Together(a), Credential::Together(b)) => a.as_ref() == b.as_ref(),
            _ => false,
        }
    }
}

impl<S: Text> Eq for Credential<S> {}

impl<S: Text> std::fmt::Debug for Credential<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Credential::Scheme(s) => f.debug_tuple("Scheme").field(&s.as_ref()).finish(),
            Credential::Basic => f.write_str("Basic"),
            Credential::Header(s) => f.debug_tuple("Header").field(&s.as_ref()).finish(),
            Credential::Query(s) => f.debug_tuple("Query").field(&s.as_ref()).finish(),
            Credential::Cookie(s) => f.debug_tuple("Cookie").field(&s.as_ref()).finish(),
            Credential::Together(keys) => f.debug_tuple("Together").field(&keys.as_ref()).finish(),
        }
    }
}

impl<S: Text> std::fmt::Display for Credential<S> {
    /// As the spec writes it: `scheme: bearer` (schemes in lower case, as HTTP compares
    /// them), `header: X-Key`, `query: key`, `together: header: A + header: B`; what
    /// `restspec diff` shows.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Credential::Scheme(scheme) => {
                write!(f, "scheme: {}", scheme.as_ref().to_ascii_lowercase())
            }
            Credential::Basic => f.write_str("scheme: basic"),
            Credential::Header(header) => write!(f, "header: {}", header.as_ref()),
            Credential::Query(query) => write!(f, "query: {}", query.as_ref()),
            Credential::Cookie(cookie) => write!(f, "cookie: {}", cookie.as_ref()),
            Credential::Together(keys) => {
                f.write_str("together: ")?;
                for (index, key) in keys.as_ref().iter().enumerate() {
                    if index > 0 {
                        f.write_str(" + ")?;
                    }
                    write!(f, "{key}")?;
                }
                Ok(())
            }
        }
    }
}

impl<S: Text> Credential<S> {
    /// The places a request carries it in: each key of `Together`, else itself.
    pub fn keys(&self) -> &[Credential<S>] {
        match self {
            Credential::Together(keys) => keys.as_ref(),
            one => std::slice::from_ref(one),
        }
    }
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

#[cfg(feature = "tokens")]
impl<S: Text> quote::ToTokens for Credential<S> {
    /// `rt::Credential::Header("PRIVATE-TOKEN")`, `rt::Credential::Together(&[..])`.
    fn to_tokens(&self, tokens: &mut proc_macro2::TokenStream) {
        use crate::tokens::{runtime_path, text};
        let (variant, value) = match self {
            Credential::Scheme(s) => ("Scheme", text(s)),
            Credential::Basic => {
                tokens.extend(runtime_path(&["Credential", "Basic"]));
                return;
            }
            Credential::Header(s) => ("Header", text(s)),
            Credential::Query(s) => ("Query", text(s)),
            Credential::Cookie(s) => ("Cookie", text(s)),
            Credential::Together(keys) => {
                let keys = keys.as_ref();
                ("Together", quote::quote! { &[#(#keys),*] })
            }
        };
        let path = runtime_path(&["Credential", variant]);
        tokens.extend(quote::quote! { #path(#value) });
    }
}

#[cfg(test)]
mod tests {
    use super::Credential;

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

    /// The owned form, the generator's, is written as the spec writes it.
    #[test]
    fn places_are_shown_as_the_spec_writes_them() {
        let together: Credential<String> = Credential::Together(vec![
            Credential::Header("X-Api-Key".to_owned()),
            Credential::Scheme("Bearer".to_owned()),
        ]);
        assert_eq!(
            together.to_string(),
            "together: header: X-Api-Key + scheme: bearer"
        );
        assert_eq!(together.keys().len(), 2);
        assert_eq!(together.clone(), together);
    }
}
