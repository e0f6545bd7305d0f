//! Media types as the judge and the import read them: a type's essence (lower case, no
//! parameters), the JSON family as one kind, and JSON by other names (ASP.NET's
//! `text/json`).

/// Names JSON goes by besides `application/json` and the `+json` types.
const JSON_ALIASES: &[&str] = &["text/json", "text/x-json", "application/x-json"];

/// A media type lower case, without its parameters (`application/json; charset=utf-8` is
/// `application/json`).
pub(crate) fn essence(media: &str) -> String {
    let bare = media.split(';').next().unwrap_or("");
    bare.trim().to_ascii_lowercase()
}

/// The kind a media type counts as: its essence, the JSON family as `application/json`.
pub(super) fn kind(media: &str) -> String {
    let bare = essence(media);
    if bare == "application/json" || (bare.starts_with("application/") && bare.ends_with("+json")) {
        "application/json".to_owned()
    } else {
        bare
    }
}

/// Whether an answer in `media` is JSON by one of its names, which a client reading JSON
/// reads whichever of them the server sends.
pub(super) fn json_alias(media: &str) -> bool {
    let kind = kind(media);
    kind == "application/json" || JSON_ALIASES.contains(&kind.as_str())
}

/// Whether `media` is JSON by another name than `application/json` and the `+json` types
/// (`text/json`), which a service reads only where it reads JSON of any type.
pub(crate) fn json_by_another_name(media: &str) -> bool {
    JSON_ALIASES.contains(&essence(media).as_str())
}

/// Whether a body of `media` is text a value can be written as (`text/plain`, `text/csv`,
/// XML, YAML, JavaScript): not JSON by any name, not a form, not bytes
/// (`application/pdf`, images). Without a schema, such a body is any text: a string.
pub(crate) fn is_textual(media: &str) -> bool {
    let essence = essence(media);
    !json_alias(media)
        && (essence.starts_with("text/")
            || essence.ends_with("/xml")
            || essence.ends_with("+xml")
            || essence.contains("yaml")
            || essence == "application/javascript")
}
