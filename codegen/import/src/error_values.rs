//! The value of an enumeration an error body's field holds for an answer of a status,
//! where the document's error record requires one (InfluxDB's `code`, one of `not found`,
//! `unauthorized`, `internal error` ...): the value whose words are the status's, else the
//! first.

use crate::yaml_out::Yaml;

/// The values of the enumeration `name` declares, if it is one.
pub(crate) fn enumeration(name: &str, declared: &[(String, Yaml)]) -> Option<Vec<String>> {
    let (_, definition) = declared.iter().find(|(n, _)| n == name)?;
    let Some(Yaml::List(values)) = definition.get("values") else {
        return None;
    };
    let values: Vec<String> = values
        .iter()
        .filter_map(|v| match v {
            Yaml::Str(text) => Some(text.clone()),
            entry => match entry.get("value") {
                Some(Yaml::Str(text)) => Some(text.clone()),
                _ => None,
            },
        })
        .collect();
    (!values.is_empty()).then_some(values)
}

/// The value of `values` an answer of `status` holds (any error's where `None`): one that
/// says the status's reason phrase or a word of the kind APIs use for it (`not found`,
/// `NOT_FOUND`, `notFound`), else the first.
pub(crate) fn for_status(values: &[String], status: Option<u16>) -> String {
    let words: &[&str] = match status {
        Some(400) => &["bad request", "invalid", "validation", "malformed"],
        Some(401) => &["unauthorized", "unauthenticated", "authentication"],
        Some(403) => &["forbidden", "permission denied", "access denied"],
        Some(404) => &["not found", "missing", "no such"],
        Some(405) => &["method not allowed"],
        Some(409) => &["conflict", "already exists"],
        Some(413) => &["too large", "request too large", "payload too large"],
        Some(415) => &["unsupported media type"],
        Some(422) => &["unprocessable", "invalid", "validation"],
        Some(429) => &["too many requests", "rate limit", "throttl"],
        Some(503) => &["unavailable", "service unavailable"],
        _ => &["internal", "server error", "unknown", "error"],
    };
    let plain = |text: &str| -> String {
        text.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    ' '
                }
            })
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    // `notFound` says `not found` too.
    let spaced = |text: &str| -> String {
        let mut out = String::new();
        let mut after_lower = false;
        for c in text.chars() {
            if after_lower && c.is_ascii_uppercase() {
                out.push(' ');
            }
            after_lower = c.is_ascii_lowercase();
            out.push(c);
        }
        plain(&out)
    };
    words
        .iter()
        .find_map(|word| values.iter().find(|v| spaced(v).contains(word)))
        .unwrap_or(&values[0])
        .clone()
}

#[cfg(test)]
mod tests {
    use super::for_status;

    #[test]
    fn the_value_saying_the_status_is_chosen() {
        let values: Vec<String> = ["internal error", "not found", "unauthorized", "invalid"]
            .map(str::to_owned)
            .into();
        assert_eq!(for_status(&values, Some(404)), "not found");
        assert_eq!(for_status(&values, Some(400)), "invalid");
        assert_eq!(for_status(&values, None), "internal error");
        let screaming: Vec<String> = ["UNKNOWN", "NOT_FOUND"].map(str::to_owned).into();
        assert_eq!(for_status(&screaming, Some(404)), "NOT_FOUND");
        let camel: Vec<String> = ["badRequest", "notFound"].map(str::to_owned).into();
        assert_eq!(for_status(&camel, Some(404)), "notFound");
        assert_eq!(
            for_status(&camel, Some(409)),
            "badRequest",
            "none says it: the first"
        );
    }
}
