//! Lowering `echo_headers`: the request headers every answer carries back.

use super::access::header_name;
use crate::diag::{Diagnostic, Diagnostics};
use crate::model::EchoHeader;
use crate::read::raw;

/// `echo_headers`: header names, each once, and defaults a header can carry.
pub(super) fn lower_echo_headers(
    raw: &raw::Conventions,
    diags: &mut Diagnostics,
) -> Vec<EchoHeader> {
    let mut out: Vec<EchoHeader> = Vec::new();
    for echo in raw.echo_headers.iter().flatten() {
        let Some(header) = header_name(&echo.header, "Stripe-Version", diags) else {
            continue;
        };
        if out.iter().any(|e| e.name.eq_ignore_ascii_case(&header)) {
            diags.push(
                Diagnostic::new(
                    echo.header.location.clone(),
                    format!("`{header}` is echoed twice"),
                )
                .hint("keep one entry for it"),
            );
            continue;
        }
        let default = echo.default.as_ref().and_then(|given| {
            let value = &given.value;
            let fits = (1..=256).contains(&value.len())
                && value.bytes().all(|b| b == b' ' || b.is_ascii_graphic())
                && value.trim() == value;
            if !fits {
                diags.push(
                    Diagnostic::new(
                        given.location.clone(),
                        format!("`{value}` is not a value a header can carry"),
                    )
                    .hint("write 1 to 256 visible characters, such as `2024-06-20`"),
                );
            }
            fits.then(|| value.clone())
        });
        out.push(EchoHeader {
            name: header,
            default,
        });
    }
    out
}
