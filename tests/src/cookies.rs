//! Reading the cookies a login answer sets.

use restspec_runtime::http::HeaderMap;

/// The value of cookie `name` among the `Set-Cookie` headers of `headers`, if set.
pub fn set_cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix(name)?.strip_prefix('='))
        .and_then(|rest| rest.split(';').next())
        .map(str::to_owned)
}
