//! `response_media`: an answer written as text rather than JSON. Microsoft Graph's
//! `GET /users/$count` answers `42` as `text/plain`, a service's `/health` answers `ok`,
//! a CSV export answers its text: one value of a string, number, boolean or enumeration
//! type, written as its plain text. What is not one value (a record, a list) has no text
//! form here, and is refused with what to write instead.
//!
//! ```yaml
//! count_users: { method: GET, path: /users/$count, response: integer, response_media: text/plain }
//! ```

use super::context::Context;
use crate::diag::{Diagnostic, Diagnostics};
use crate::model::TypeRef;
use crate::read::raw;

/// The endpoint's `response_media`, when it names a media type its `response` can be
/// written in as text; else located, and the endpoint answers JSON.
pub(super) fn lower_response_media(
    raw: &raw::Endpoint,
    response: Option<&TypeRef>,
    paginated: bool,
    response_nullable: bool,
    cx: &Context<'_>,
    diags: &mut Diagnostics,
) -> Option<String> {
    let given = raw.response_media.as_ref()?;
    let media = given.value.trim().to_ascii_lowercase();
    let refuse = |message: String, hint: &str, diags: &mut Diagnostics| {
        diags.push(Diagnostic::new(given.location.clone(), message).hint(hint));
        None
    };
    if !is_media_type(&media) {
        return refuse(
            format!("`response_media` `{}` is not a media type", given.value),
            "write a type and a subtype, such as `text/plain` or `text/csv`",
            diags,
        );
    }
    if media.contains("charset=") && !media.contains("charset=utf-8") {
        return refuse(
            format!("`response_media` `{}` names another charset", given.value),
            "leave the charset out: text is written in UTF-8, and the answer says so",
            diags,
        );
    }
    if is_json(&media) {
        return refuse(
            format!(
                "`response_media` `{}` is JSON, which answers are already",
                given.value
            ),
            "remove `response_media`: the response is written as JSON in the service's \
             content type",
            diags,
        );
    }
    let Some(response) = response else {
        return refuse(
            "`response_media` without a `response`: there is no body to write".to_owned(),
            "add the body's type as `response` (`string`, `integer`, ...), or remove \
             `response_media`",
            diags,
        );
    };
    if paginated || response_nullable {
        let key = if paginated {
            "paginated"
        } else {
            "response_nullable"
        };
        return refuse(
            format!("a `{key}` answer is JSON; `response_media` writes one value as text"),
            "remove one of them",
            diags,
        );
    }
    if !is_one_value(response, cx) {
        return refuse(
            format!(
                "a `{media}` answer is one value written as text, but `{}` is not one",
                response.spelled()
            ),
            "answer a `string` (the whole text), a number, a `boolean` or a string \
             enumeration; or remove `response_media` to answer JSON",
            diags,
        );
    }
    Some(media)
}

/// `type/subtype`, each a token, with optional parameters after `;`.
fn is_media_type(media: &str) -> bool {
    let essence = media.split(';').next().unwrap_or_default().trim();
    let token = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$&-^_.+*".contains(&b))
    };
    let ok = essence
        .split_once('/')
        .is_some_and(|(kind, sub)| token(kind) && token(sub));
    ok && media.bytes().all(|b| b.is_ascii_graphic() || b == b' ')
}

/// `application/json` and its `+json` kin.
fn is_json(media: &str) -> bool {
    let essence = media.split(';').next().unwrap_or_default().trim();
    essence == "application/json" || essence.ends_with("+json")
}

/// A type whose values are one scalar each: text of it is the value.
fn is_one_value(ty: &TypeRef, cx: &Context<'_>) -> bool {
    match ty {
        TypeRef::String
        | TypeRef::Integer
        | TypeRef::Number
        | TypeRef::Boolean
        | TypeRef::Timestamp
        | TypeRef::Scalar(_) => true,
        TypeRef::Named(name) => cx.enum_names.contains(name),
        TypeRef::Any | TypeRef::List(_) | TypeRef::Map(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_types_are_type_and_subtype() {
        assert!(is_media_type("text/plain"));
        assert!(is_media_type("text/csv; header=present"));
        assert!(is_media_type("application/vnd.ms-excel"));
        assert!(!is_media_type("text"));
        assert!(!is_media_type("text/"));
        assert!(!is_media_type("text/plain\n"));
        assert!(is_json("application/problem+json"));
        assert!(!is_json("text/plain"));
    }
}
