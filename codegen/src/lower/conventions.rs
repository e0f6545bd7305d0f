//! Lowering the service file's conventions: the one-value keys of `restspec-conventions`'
//! table each the usual way for its kind (a name as written, a header name checked, a word
//! by `words.rs`) or by the function the table names in the key's own file
//! (`base_path.rs`, `sessions.rs`, ...); the other keys by their own files, called here.

use super::access::checked_header;
use super::challenges::lower_challenges;
use super::credentials::lower_credentials;
use super::error_format::lower_error_format;
use super::method_override::lower_override_methods;
use super::pretty_printing::lower_pretty_by_default;
use super::words::one_of;
use crate::diag::Diagnostics;
use crate::model::{ConventionKeys, Conventions};
use crate::read::decode::Spanned;
use crate::read::raw;

/// Declares `lower_keys`, which lowers every key of the table in the table's order.
macro_rules! lower_keys {
    ({} $(
        $(#[doc = $doc:literal])* $field:ident $(as $yaml:literal)? : $kind:ident ($($arg:tt)*),
            lower($($lower:tt)*), diff($($rule:tt)*);
    )*) => {
        /// The one-value keys, each lowered and its problems reported.
        fn lower_keys(raw: &raw::Conventions, diags: &mut Diagnostics) -> ConventionKeys {
            ConventionKeys {
                $( $field: lower_keys!(@key $field $kind ($($arg)*) ($($lower)*) raw.$field, diags), )*
            }
        }
    };
    (@key $field:ident text () () $raw:expr, $diags:ident) => {
        $raw.as_ref().map(|name| name.value.clone())
    };
    (@key $field:ident header () () $raw:expr, $diags:ident) => {
        checked_header(&$raw, $diags)
    };
    (@key $field:ident word ($word:ty) () $raw:expr, $diags:ident) => {
        one_of($raw.as_ref(), concat!("`", stringify!($field), "`"), $diags)
    };
    (@key $field:ident word ($word:ty) ($($lower:tt)+) $raw:expr, $diags:ident) => {
        $raw.as_ref()
            .and_then(|word| super::$($lower)+(word, $diags))
            .unwrap_or_default()
    };
    (@key $field:ident switch ($default:literal) () $raw:expr, $diags:ident) => {
        $raw.unwrap_or($default)
    };
    // A name checked by its own function, or a record.
    (@key $field:ident $kind:ident ($($arg:tt)*) ($($lower:tt)+) $raw:expr, $diags:ident) => {
        $raw.as_ref().map(|given| super::$($lower)+(given, $diags))
    };
}

restspec_conventions::convention_keys!(lower_keys! {});

/// The conventions, every key lowered and every problem reported.
pub(super) fn lower_conventions(raw: &raw::Conventions, diags: &mut Diagnostics) -> Conventions {
    let value = |s: &Option<Spanned<String>>| s.as_ref().map(|s| s.value.clone());
    let (error_format, format_known) = lower_error_format(raw.error_format.as_ref(), diags);
    let credentials = raw.credentials.as_deref().unwrap_or_default();
    super::request_id::check_request_id_header(raw, diags);
    Conventions {
        keys: lower_keys(raw, diags),
        pretty_by_default: lower_pretty_by_default(raw.pretty_printing.as_ref(), diags),
        pretty_parameter: raw
            .pretty_printing
            .as_ref()
            .and_then(|p| value(&p.parameter)),
        compact_when_accept: raw
            .pretty_printing
            .as_ref()
            .and_then(|p| value(&p.compact_when_accept)),
        method_override_parameter: raw
            .method_override
            .as_ref()
            .map(|m| m.parameter.value.clone()),
        method_override_methods: lower_override_methods(raw.method_override.as_ref(), diags),
        credentials: lower_credentials(credentials, diags),
        token_issuer: super::access::lower_token_issuer(credentials, diags),
        plain_tokens: super::access::lower_plain_tokens(credentials, diags),
        challenges: raw
            .challenges
            .as_ref()
            .map(|schemes| lower_challenges(schemes, diags)),
        self_alias_params: raw
            .self_alias_params
            .iter()
            .flatten()
            .map(|p| p.value.clone())
            .collect(),
        // Read with the status table (its rows' `values`), in `lower`.
        error_body: None,
        // Read with the types, in `lower`.
        error_type: None,
        // Filled in once the types are known (`parameters::lower_error_headers`).
        error_headers: Vec::new(),
        error_format,
        error_format_guessed: !format_known,
        docs_page: raw.docs_path.as_ref().map(|d| crate::model::DocsPage {
            path: d.value.clone(),
            location: d.location.clone(),
        }),
        openapi_every_anonymous_form: super::openapi_anonymous_forms::lower_openapi_anonymous_forms(
            raw.openapi_anonymous_forms.as_ref(),
            diags,
        ),
        never_gzip_errors: raw.gzip_errors == Some(false),
        echo_headers: super::echo_headers::lower_echo_headers(raw, diags),
        cors: raw.cors.as_ref().map(|c| super::cors::lower_cors(c, diags)),
    }
}
