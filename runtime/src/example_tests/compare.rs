//! Comparing an answer with what an example expects, into a message that says what differs.

use serde_json::Value;

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
        let got: Value = serde_json::from_str(json)
            .map_err(|err| format!("the body is not JSON ({err}): {}", shorten(body)))?;
        if let Some(whole) = expected.body {
            let want: Value = serde_json::from_str(whole).map_err(|e| e.to_string())?;
            if let Some(difference) = difference(&got, &want, "") {
                return Err(format!("the body differs {difference}"));
            }
        }
        for (field, value) in expected.fields {
            let want: Value = serde_json::from_str(value).map_err(|e| e.to_string())?;
            match got.get(field) {
                Some(found) if difference(found, &want, "").is_none() => {}
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

/// Where two JSON values first differ, as a JSON pointer and the two values there; `None`
/// when they say the same: numbers as numbers (`10` is `10.0`), those with a fraction to
/// single precision, since a service may hold them as `f32` (and a double read back from
/// text may differ in its last bit).
fn difference(got: &Value, want: &Value, at: &str) -> Option<String> {
    let differs = || {
        Some(format!(
            "at `{}`: expected {want}, got {got}",
            if at.is_empty() { "/" } else { at }
        ))
    };
    match (got, want) {
        (Value::Number(a), Value::Number(b)) => {
            let same = match (a.as_i64(), b.as_i64()) {
                (Some(a), Some(b)) => a == b,
                _ => {
                    let (a, b) = (
                        a.as_f64().unwrap_or(f64::NAN),
                        b.as_f64().unwrap_or(f64::NAN),
                    );
                    a == b || (a - b).abs() <= 1e-6 * a.abs().max(b.abs())
                }
            };
            if same { None } else { differs() }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => a
            .iter()
            .zip(b)
            .enumerate()
            .find_map(|(index, (a, b))| difference(a, b, &format!("{at}/{index}"))),
        (Value::Object(a), Value::Object(b)) => {
            let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
            keys.into_iter().find_map(|key| {
                let inner = format!("{at}/{}", key.replace('~', "~0").replace('/', "~1"));
                match (a.get(key), b.get(key)) {
                    (Some(a), Some(b)) => difference(a, b, &inner),
                    (Some(a), None) => Some(format!("`{inner}` ({a}) is not expected")),
                    (None, Some(b)) => Some(format!("`{inner}` ({b}) is missing")),
                    (None, None) => None,
                }
            })
        }
        (a, b) if a == b => None,
        _ => differs(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::difference;

    #[test]
    fn numbers_are_compared_as_numbers_and_the_first_difference_is_named() {
        let same = |a: Value, b: Value| difference(&a, &b, "").is_none();
        assert!(same(
            json!({"n": 10.0, "x": [1.5]}),
            json!({"n": 10, "x": [1.5]})
        ));
        assert!(same(json!(0.1f32 as f64), json!(0.1)));
        assert!(!same(json!(10), json!(11)));
        assert!(!same(json!(0.1), json!(0.11)));
        assert!(!same(json!([1, 2]), json!([1])));
        assert!(!same(json!("10"), json!(10)));
        assert_eq!(
            difference(
                &json!({"a": {"b/c": [1, 2]}}),
                &json!({"a": {"b/c": [1, 3]}}),
                ""
            ),
            Some("at `/a/b~1c/1`: expected 3, got 2".to_owned())
        );
        assert_eq!(
            difference(&json!({"a": 1, "b": 2}), &json!({"a": 1}), ""),
            Some("`/b` (2) is not expected".to_owned())
        );
        assert_eq!(
            difference(&json!({}), &json!({"a": 1}), ""),
            Some("`/a` (1) is missing".to_owned())
        );
    }
}
