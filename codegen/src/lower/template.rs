//! Parsing path templates.

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{PathTemplate, Segment};
use crate::names;

/// Names the generated handler methods and router glue use besides path parameters.
const RESERVED_PARAM_NAMES: &[&str] = &["ctx", "body", "handlers", "params", "caller", "options"];
use crate::read::decode::Spanned;

/// Parses `/changes/{change-id}/topic`. Reports the first problem of a template.
pub(super) fn parse_template(
    raw: &Spanned<String>,
    diags: &mut Diagnostics,
) -> Option<PathTemplate> {
    let text = &raw.value;
    let fail = |diags: &mut Diagnostics, message: String, hint: &str| {
        diags.push(
            Diagnostic::new(
                raw.location.clone(),
                format!("malformed path template `{text}`: {message}"),
            )
            .hint(hint.to_owned()),
        );
        None
    };
    if !text.starts_with('/') {
        return fail(
            diags,
            "it must start with `/`".into(),
            &format!("write `/{text}`"),
        );
    }
    let trailing_slash = text.len() > 1 && text.ends_with('/');
    let body = text.trim_start_matches('/');
    let body = body.strip_suffix('/').unwrap_or(body);
    let mut segments = Vec::new();
    if !body.is_empty() {
        for part in body.split('/') {
            if part.is_empty() {
                return fail(
                    diags,
                    "it has an empty segment (`//`)".into(),
                    "remove the doubled slash",
                );
            }
            if part.contains('{') {
                let (texts, names) = match Segment::parts(part) {
                    Ok(split) => split,
                    Err((problem, hint)) => {
                        return fail(diags, format!("segment `{part}` {problem}"), hint);
                    }
                };
                if let Some(bad) = texts
                    .iter()
                    .find(|t| !t.bytes().all(|b| names::is_path_char(b as char)))
                {
                    return fail(
                        diags,
                        format!(
                            "the text `{bad}` beside a parameter has characters that need URL encoding"
                        ),
                        "use letters, digits and `-._~:@!$&'()*+,;=` around a parameter",
                    );
                }
                for (i, name) in names.iter().enumerate() {
                    let earlier = segments.iter().flat_map(Segment::params);
                    if let Err((message, hint)) = fits_beside(name, earlier.chain(&names[..i])) {
                        return fail(diags, message, hint);
                    }
                }
                segments.push(match (&texts[..], &names[..]) {
                    ([before, after], [name]) if before.is_empty() && after.is_empty() => {
                        Segment::Param(name.clone())
                    }
                    _ => Segment::Affixed { texts, names },
                });
            } else if part.contains('}') {
                return fail(
                    diags,
                    format!("segment `{part}` closes `}}` without opening it"),
                    "write a parameter as `{change-id}`",
                );
            } else if !part.bytes().all(|b| names::is_path_char(b as char)) {
                return fail(
                    diags,
                    format!("segment `{part}` has characters that need URL encoding"),
                    "use letters, digits and `-._~:@!$&'()*+,;=` in fixed segments",
                );
            } else {
                segments.push(Segment::Literal(part.to_owned()));
            }
        }
    }
    Some(PathTemplate {
        raw: text.clone(),
        segments,
        trailing_slash,
        location: raw.location.clone(),
    })
}

/// Whether parameter `name` may join a template whose parameters so far are `earlier`: a
/// valid name, used once, not one the handler methods already use.
fn fits_beside<'a>(
    name: &str,
    mut earlier: impl Iterator<Item = &'a String>,
) -> Result<(), (String, &'static str)> {
    if !names::is_param_name(name) {
        return Err((
            format!("`{{{name}}}` is not a valid parameter name"),
            "use lower-case words joined by `-`, like `{change-id}`",
        ));
    }
    let ident = names::field_ident(name);
    if let Some(other) = earlier.find(|other| names::field_ident(other) == ident) {
        let message = if other == name {
            format!("parameter `{{{name}}}` appears twice")
        } else {
            format!("parameters `{{{other}}}` and `{{{name}}}` both become `{ident}` in Rust")
        };
        return Err((message, "give each parameter its own name"));
    }
    if RESERVED_PARAM_NAMES.contains(&ident.as_str()) {
        return Err((
            format!(
                "parameter `{{{name}}}` would be called `{ident}`, which the handler methods already use"
            ),
            "rename it, for example to `{thing-id}`",
        ));
    }
    Ok(())
}
