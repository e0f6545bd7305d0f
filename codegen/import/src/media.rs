//! Status codes and media types: the status table's names for codes, and which bodies the
//! spec reads (JSON, forms) and how a lost one is tallied.

pub(crate) use crate::round_trip::media::{essence, is_textual, json_by_another_name};

/// `404` → 404; `default` and ranges (`4XX`) are not codes.
pub(crate) fn status_code(code: &str) -> Option<u16> {
    code.parse().ok().filter(|c| (100..600).contains(c))
}

/// The status table's name for a code: its reason phrase in snake case.
pub(crate) fn status_name(code: u16) -> String {
    let reason = match code {
        300 => "multiple_choices",
        301 => "moved_permanently",
        302 => "found",
        303 => "see_other",
        305 => "use_proxy",
        307 => "temporary_redirect",
        308 => "permanent_redirect",
        400 => "bad_request",
        401 => "unauthorized",
        402 => "payment_required",
        403 => "forbidden",
        404 => "not_found",
        405 => "method_not_allowed",
        406 => "not_acceptable",
        407 => "proxy_authentication_required",
        408 => "request_timeout",
        409 => "conflict",
        410 => "gone",
        411 => "length_required",
        412 => "precondition_failed",
        413 => "payload_too_large",
        414 => "uri_too_long",
        415 => "unsupported_media_type",
        416 => "range_not_satisfiable",
        417 => "expectation_failed",
        418 => "im_a_teapot",
        421 => "misdirected_request",
        422 => "unprocessable_entity",
        423 => "locked",
        424 => "failed_dependency",
        425 => "too_early",
        426 => "upgrade_required",
        428 => "precondition_required",
        429 => "too_many_requests",
        431 => "request_header_fields_too_large",
        451 => "unavailable_for_legal_reasons",
        500 => "internal_server_error",
        501 => "not_implemented",
        502 => "bad_gateway",
        503 => "service_unavailable",
        504 => "gateway_timeout",
        505 => "http_version_not_supported",
        507 => "insufficient_storage",
        508 => "loop_detected",
        511 => "network_authentication_required",
        _ => return format!("status_{code}"),
    };
    reason.to_owned()
}

/// What the spec makes of a media type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MediaKind {
    /// JSON, `+json` types included.
    Json,
    /// `application/x-www-form-urlencoded`.
    Form,
    /// Anything else: a loss.
    Other,
}

pub(crate) fn media_kind(media: &str) -> MediaKind {
    let essence = essence(media);
    if essence == "application/json" || essence.ends_with("+json") || json_by_another_name(media) {
        MediaKind::Json
    } else if essence == "application/x-www-form-urlencoded" {
        MediaKind::Form
    } else {
        MediaKind::Other
    }
}

/// The tally a media type's loss goes under.
pub(crate) fn media_category(media: &str) -> &'static str {
    match essence(media).as_str() {
        "text/plain" => "text body",
        "multipart/form-data" => "multipart body",
        "application/octet-stream" => "binary body",
        e if e.contains("xml") => "xml body",
        e if e.contains("yaml") => "yaml body",
        _ => "other body",
    }
}

pub(crate) fn key_category(key: &str) -> &'static str {
    match key {
        "callbacks" => "callbacks",
        _ => "operation servers",
    }
}

/// The spec's `request_bodies` words for the media types an operation lists, in its order.
pub(crate) fn media_words(read: &[MediaKind]) -> &'static str {
    let json = read.contains(&MediaKind::Json);
    match read.first() {
        Some(MediaKind::Form) if json => "form_or_json",
        Some(MediaKind::Form) => "form",
        _ if read.contains(&MediaKind::Form) => "json_or_form",
        _ => "json",
    }
}
