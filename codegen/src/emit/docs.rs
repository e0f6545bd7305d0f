//! Spec prose to `///` doc comments.

use proc_macro2::TokenStream;
use quote::quote;

/// One `#[doc]` attribute per line, each starting with a space so that prettyplease prints
/// a tidy `/// text`. The lines are raw string literals: nothing in them is escaped, which
/// makes them quicker to build and to read back when the code is formatted, and prints the
/// same `///` comments.
pub(crate) fn doc(text: &str) -> TokenStream {
    let lines = text.trim_end().lines().flat_map(wrap).map(|line| {
        let line = if line.is_empty() {
            super::raw_string("")
        } else {
            super::raw_string(&format!(" {line}"))
        };
        quote! { #[doc = #line] }
    });
    quote! { #(#lines)* }
}

/// Width of doc comment text, so generated docs read like hand-written ones.
const DOC_WIDTH: usize = 88;

/// Wraps one line of prose at word boundaries; continuation lines of a list item are
/// indented under its text.
fn wrap(line: &str) -> Vec<String> {
    if line.len() <= DOC_WIDTH {
        return vec![line.to_owned()];
    }
    let indent = if line.starts_with("- ") { "  " } else { "" };
    let mut out = Vec::new();
    let mut current = String::new();
    for word in line.split(' ') {
        if !current.is_empty() && current.len() + 1 + word.len() > DOC_WIDTH {
            out.push(std::mem::take(&mut current));
            current.push_str(indent);
        }
        if !current.is_empty() && !current.ends_with(' ') {
            current.push(' ');
        }
        current.push_str(word);
    }
    out.push(current);
    out
}

/// Summary, a blank line, then the description, when there is one.
pub(crate) fn summary_and_description(summary: &str, description: Option<&str>) -> String {
    match description {
        Some(d) if !d.trim().is_empty() => format!("{summary}\n\n{}", d.trim()),
        _ => summary.to_owned(),
    }
}

/// `; may fail with 404 (not_found), 409 (conflict)`: the statuses an endpoint declares, for
/// the docs of its handler and its client method; empty when it declares none.
pub(crate) fn failures(
    service: &crate::model::Service,
    endpoint: &crate::model::Endpoint,
) -> String {
    let codes: Vec<String> = endpoint
        .errors
        .iter()
        .filter_map(|name| service.statuses.iter().find(|s| &s.name == name))
        .map(|s| format!("{} ({})", s.code, s.name))
        .collect();
    if codes.is_empty() {
        String::new()
    } else {
        format!("; may fail with {}", codes.join(", "))
    }
}
