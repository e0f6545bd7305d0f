//! `conventions.cors`: what a spec says of cross-origin use beyond the allowed origins.
//!
//! Only the generator reads this record: the runtime's form (`CorsConventions` in
//! `restspec-client`) is computed from it and from other keys (the methods the endpoints
//! use, the headers `credentials` and `echo_headers` name, the pagination and rate-limit
//! headers to expose), and holds `http::Method`s, which this crate does not depend on.

use crate::Text;

/// The names of a list, as text.
fn names<'a, S: Text + 'a>(list: &'a S::Names) -> Vec<&'a str> {
    let list: &[S] = list.as_ref();
    list.iter().map(|name| name.as_ref()).collect()
}

/// Cross-origin use as the spec says it (`conventions.cors`).
pub struct Cors<S: Text = &'static str> {
    /// Response headers exposed, as the spec spells them (the generator adds the
    /// pagination, rate-limit and echoed headers).
    pub expose_headers: S::Names,
    /// Request headers allowed besides the usual ones and the credential headers.
    pub allow_headers: S::Names,
    /// `Access-Control-Allow-Origin: *`.
    pub any_origin: bool,
}

impl Clone for Cors<String> {
    fn clone(&self) -> Self {
        Cors {
            expose_headers: self.expose_headers.clone(),
            allow_headers: self.allow_headers.clone(),
            any_origin: self.any_origin,
        }
    }
}

impl<S: Text> PartialEq for Cors<S> {
    fn eq(&self, other: &Self) -> bool {
        names::<S>(&self.expose_headers) == names::<S>(&other.expose_headers)
            && names::<S>(&self.allow_headers) == names::<S>(&other.allow_headers)
            && self.any_origin == other.any_origin
    }
}

impl<S: Text> std::fmt::Debug for Cors<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cors")
            .field("expose_headers", &names::<S>(&self.expose_headers))
            .field("allow_headers", &names::<S>(&self.allow_headers))
            .field("any_origin", &self.any_origin)
            .finish()
    }
}
