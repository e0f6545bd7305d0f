//! Lowering `error_format`: the conventions' and a status row's, one of
//! [`ErrorFormat`]'s words.

use super::words::word;
use crate::diag::Diagnostics;
use crate::model::{ErrorFormat, SpecWords};
use crate::read::decode::Spanned;

/// The conventions' `error_format` (`plain` when left out), and whether the spec's word was
/// one. A misspelt format is one message: the model takes the closest format (`JSON` as
/// `json`), but neither `error_body` nor the examples' error bodies are judged against a
/// format the spec does not say.
pub(super) fn lower_error_format(
    raw: Option<&Spanned<String>>,
    diags: &mut Diagnostics,
) -> (ErrorFormat, bool) {
    let Some(spanned) = raw else {
        return (ErrorFormat::Plain, true);
    };
    match error_format_named(spanned, diags) {
        Some(format) => (format, true),
        None => {
            let closest = crate::diag::closest(&spanned.value, ErrorFormat::words())
                .and_then(ErrorFormat::from_word)
                .unwrap_or(ErrorFormat::Plain);
            (closest, false)
        }
    }
}

/// The error format `named` spells (`json`), else `None` with a located error naming the
/// closest: the conventions' `error_format` and a row's alike.
pub(super) fn error_format_named(
    named: &Spanned<String>,
    diags: &mut Diagnostics,
) -> Option<ErrorFormat> {
    word(named, "error format", "", diags)
}
