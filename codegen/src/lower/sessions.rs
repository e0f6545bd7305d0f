//! Lowering `sessions`: cookie sessions' paths and cookie names.

use crate::diag::{Diagnostic, Diagnostics};
use crate::read::raw;

/// `sessions`: fixed paths and valid cookie names.
pub(super) fn lower_sessions(
    raw: &raw::Sessions,
    diags: &mut Diagnostics,
) -> crate::model::Sessions {
    for path in [&raw.login_path, &raw.logout_path] {
        let valid = path.value.starts_with('/')
            && !path.value.ends_with('/')
            && !path.value.contains(['{', '}', '?', ' ']);
        if !valid {
            diags.push(
                Diagnostic::new(
                    path.location.clone(),
                    format!("`{}` is not a fixed path", path.value),
                )
                .hint("write a path such as `/login`"),
            );
        }
    }
    for cookie in [&raw.cookie, &raw.xsrf_cookie] {
        let valid = !cookie.value.is_empty()
            && cookie
                .value
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
        if !valid {
            diags.push(
                Diagnostic::new(
                    cookie.location.clone(),
                    format!("`{}` is not a valid cookie name", cookie.value),
                )
                .hint("cookie names are letters, digits, `-`, `_` and `.`, such as `XSRF_TOKEN`"),
            );
        }
    }
    crate::model::Sessions {
        cookie: raw.cookie.value.clone(),
        xsrf_cookie: raw.xsrf_cookie.value.clone(),
        login_path: raw.login_path.value.clone(),
        logout_path: raw.logout_path.value.clone(),
    }
}
