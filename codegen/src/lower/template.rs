//! Parsing path templates.

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{PathTemplate, Segment};
use crate::names;

/// Names the generated handler methods and router glue use besides path parameters.
const RESERVED_PARAM_NAMES: &[&str] = &["ctx", "body", "handlers", "params", "caller", "options"];
use crate::spec::decode::Spanned;

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
            if let Some(open) = part.find('{') {
                let (prefix, inner) = part.split_at(open);
                let Some(close) = inner.find('}') else {
                    return fail(
                        diags,
                        format!("segment `{part}` opens `{{` without closing it"),
                        "write a parameter as `{change-id}`",
                    );
                };
                let (name, suffix) = (&inner[1..close], &inner[close + 1..]);
                if [prefix, suffix].iter().any(|t| t.contains(['{', '}'])) {
                    return fail(
                        diags,
                        format!("segment `{part}` holds more than one parameter"),
                        "give each parameter a segment of its own, or fixed text around one \
                         (`{name}.json`, `{name}:move`)",
                    );
                }
                if let Some(bad) = [prefix, suffix]
                    .into_iter()
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
                if !names::is_param_name(name) {
                    return fail(
                        diags,
                        format!("`{{{name}}}` is not a valid parameter name"),
                        "use lower-case words joined by `-`, like `{change-id}`",
                    );
                }
                let ident = names::field_ident(name);
                let clash = segments
                    .iter()
                    .filter_map(Segment::param)
                    .find(|other| names::field_ident(other) == ident)
                    .map(str::to_owned);
                if let Some(other) = clash {
                    let message = if other == name {
                        format!("parameter `{{{name}}}` appears twice")
                    } else {
                        format!(
                            "parameters `{{{other}}}` and `{{{name}}}` both become `{ident}` in Rust"
                        )
                    };
                    return fail(diags, message, "give each parameter its own name");
                }
                if RESERVED_PARAM_NAMES.contains(&ident.as_str()) {
                    return fail(
                        diags,
                        format!(
                            "parameter `{{{name}}}` would be called `{ident}`, which the handler methods already use"
                        ),
                        "rename it, for example to `{thing-id}`",
                    );
                }
                segments.push(if prefix.is_empty() && suffix.is_empty() {
                    Segment::Param(name.to_owned())
                } else {
                    Segment::Affixed {
                        prefix: prefix.to_owned(),
                        name: name.to_owned(),
                        suffix: suffix.to_owned(),
                    }
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
