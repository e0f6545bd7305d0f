//! Comparing an answer with what an example expects, into a message that says what differs.

use super::{Example, QuotaRecorder};

/// `Ok` when the answer is what `example` expects.
pub(super) fn answer(
    example: &Example,
    status: u16,
    headers: &reqwest::header::HeaderMap,
    body: &str,
    recorder: &QuotaRecorder,
) -> Result<(), String> {
    let expected = &example.response;
    if status != expected.status {
        return Err(format!(
            "expected status {}, got {status}: {}",
            expected.status,
            shorten(body)
        ));
    }
    for (name, value) in expected.headers {
        let got = headers.get(*name).and_then(|v| v.to_str().ok());
        if got != Some(value) {
            return Err(format!(
                "expected header `{name}: {value}`, got {}",
                got.map_or("none".to_owned(), |g| format!("`{g}`"))
            ));
        }
    }
    if let Some(text) = expected.text
        && body.trim_end() != text
    {
        return Err(format!(
            "expected the body `{text}`, got `{}`",
            shorten(body)
        ));
    }
    if expected.body.is_some() || !expected.fields.is_empty() {
        let json = without_prefix(body, example.json_prefix);
        let got: serde_json::Value = serde_json::from_str(json)
            .map_err(|err| format!("the body is not JSON ({err}): {}", shorten(body)))?;
        if let Some(whole) = expected.body {
            let want: serde_json::Value = serde_json::from_str(whole).map_err(|e| e.to_string())?;
            if got != want {
                return Err(format!("expected the body {want}, got {got}"));
            }
        }
        for (field, value) in expected.fields {
            let want: serde_json::Value = serde_json::from_str(value).map_err(|e| e.to_string())?;
            match got.get(field) {
                Some(found) if *found == want => {}
                Some(found) => {
                    return Err(format!("expected `{field}` to be {want}, got {found}"));
                }
                None => {
                    return Err(format!(
                        "expected `{field}` ({want}), the body has none: {got}"
                    ));
                }
            }
        }
    }
    if let Some(group) = expected.quota_group {
        let seen = recorder.groups();
        if seen.is_empty() {
            return Err("the example names a quota group, but the service asked no quota enforcer: register `setup.quota_recorder()` in its `QuotaBackend`".to_owned());
        }
        if !seen.iter().any(|g| g == group) {
            return Err(format!("expected the quota group `{group}`, got {seen:?}"));
        }
    }
    Ok(())
}

/// The body without the JSON prefix line.
fn without_prefix<'a>(body: &'a str, prefix: Option<&str>) -> &'a str {
    match prefix.and_then(|p| body.strip_prefix(p)) {
        Some(rest) => rest.trim_start_matches(['\r', '\n']),
        None => body,
    }
}

fn shorten(body: &str) -> String {
    let body = body.trim_end();
    match body.char_indices().nth(400) {
        Some((cut, _)) => format!("{}...", &body[..cut]),
        None => body.to_owned(),
    }
}
