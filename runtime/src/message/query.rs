//! The query string, read once and borrowed: the runtime's own parameters (protocol 4.2) are
//! picked out in one pass, decoded only when they are percent- or plus-encoded, and the
//! endpoint's declared options are parsed later only for endpoints that declare some.

use std::borrow::Cow;

use super::option_keys::{bracketed, deep_map, is_known, member_of, nested_member};
use crate::error::{ApiError, Condition};
use crate::spec::{Conventions, EndpointSpec, UnknownOptions};

/// The runtime's parameters of one request's query string.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QueryParams<'q> {
    /// The raw query string.
    pub raw: Option<&'q str>,
    /// The access token, when given once.
    pub access_token: Option<Cow<'q, str>>,
    /// The tokens and keys of the spec's query credentials (`private_token`), each given
    /// once.
    pub tokens: QueryTokens<'q>,
    /// The method override, when given once.
    pub method: Option<Cow<'q, str>>,
    /// The content-type override, when given once.
    pub content_type: Option<Cow<'q, str>>,
    /// The first value of the pretty-printing parameter.
    pub pretty: Option<Cow<'q, str>>,
    /// The first value of the trace parameter (`""` for a bare `?trace`).
    pub trace: Option<Cow<'q, str>>,
    /// True when some parameter is not one of the runtime's: an endpoint option, or a
    /// mistake that endpoints without that option refuse.
    pub has_others: bool,
}

/// The most query parameters the spec's credentials are read from (its lowering refuses
/// more).
const MAX_QUERY_TOKENS: usize = 4;

/// The values of the spec's query credentials in one request (Trello's `key` and `token`),
/// each by its parameter's name: kept in place, nothing allocated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QueryTokens<'q>([Option<(&'static str, Cow<'q, str>)>; MAX_QUERY_TOKENS]);

impl<'q> QueryTokens<'q> {
    /// None given.
    pub const NONE: QueryTokens<'static> = QueryTokens([None, None, None, None]);

    /// The value of parameter `name`, when the request gives it.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .flatten()
            .find(|(n, _)| *n == name)
            .map(|(_, value)| value.as_ref())
    }

    /// The value of parameter `name`, when the request gives it, as long as the query it
    /// was read from (a value that was percent-encoded is copied).
    pub fn get_value(&self, name: &str) -> Option<Cow<'q, str>> {
        self.0
            .iter()
            .flatten()
            .find(|(n, _)| *n == name)
            .map(|(_, value)| value.clone())
    }

    /// Keeps `value` of parameter `name`: given twice, it is a 400 (which of two tokens
    /// would be meant is not for the service to guess); beyond the spec's number, ignored.
    fn set_once(&mut self, name: &'static str, value: Cow<'q, str>) -> Result<(), ApiError> {
        if self.get(name).is_some() {
            return Err(malformed(format!("duplicate {name}")));
        }
        if let Some(slot) = self.0.iter_mut().find(|slot| slot.is_none()) {
            *slot = Some((name, value));
        }
        Ok(())
    }
}

fn malformed(message: impl Into<Cow<'static, str>>) -> ApiError {
    ApiError::condition(Condition::MalformedRequest).with_message(message)
}

impl<'q> QueryParams<'q> {
    /// Reads the runtime's parameters from `query`. The access token and both overrides may
    /// appear once only.
    pub fn read(query: Option<&'q str>, conventions: &Conventions) -> Result<Self, ApiError> {
        let mut params = QueryParams {
            raw: query,
            ..QueryParams::default()
        };
        let Some(query) = query.filter(|q| !q.is_empty()) else {
            return Ok(params);
        };
        for (key, value) in form_urlencoded::parse(query.as_bytes()) {
            let key = key.as_ref();
            let is = |name: Option<&str>| name == Some(key);
            if is(conventions.access_token_parameter) {
                set_once(&mut params.access_token, value, key)?;
            } else if let Some(name) = conventions.token_parameters().find(|n| *n == key) {
                params.tokens.set_once(name, value)?;
            } else if is(conventions.method_override_parameter) {
                set_once(&mut params.method, value, key)?;
            } else if is(conventions.content_type_override_parameter) {
                set_once(&mut params.content_type, value, key)?;
            } else if is(conventions.pretty_parameter) {
                params.pretty.get_or_insert(value);
            } else if is(conventions.trace.and_then(|t| t.parameter)) {
                params.trace.get_or_insert(value);
            } else {
                params.has_others = true;
            }
        }
        Ok(params)
    }

    /// The query, when some parameter in it is not one of the runtime's: what
    /// [`QueryParams::check_options`] reads.
    pub fn others(&self) -> Option<&'q str> {
        self.raw.filter(|_| self.has_others)
    }

    /// Refuses a parameter of `others` (the query, when [`QueryParams::others`] found some)
    /// that is neither the runtime's nor one of `endpoint`'s options, as the real service
    /// refuses unknown options. Free when the query has none of those.
    pub fn check_options(
        others: Option<&str>,
        endpoint: &EndpointSpec,
        conventions: &Conventions,
    ) -> Result<(), ApiError> {
        let Some(query) = others else {
            return Ok(());
        };
        if conventions.unknown_options == UnknownOptions::Ignore {
            return Ok(());
        }
        // A map of every other key leaves none unknown.
        if endpoint.query_maps.iter().any(|(_, deep)| !deep) {
            return Ok(());
        }
        for (key, _) in form_urlencoded::parse(query.as_bytes()) {
            let key = key.as_ref();
            if !is_known(key, endpoint, conventions)
                && deep_map(key, endpoint).is_none()
                && nested_member(key, endpoint).is_none()
            {
                return Err(malformed(format!("\"{key}\" is not a valid option")));
            }
        }
        Ok(())
    }
}

/// The query with every bracket spelling of a list option (`expand[]=a&expand[1]=c&expand[0]=b`)
/// written as the option's plain name (`expand=a&expand=b&expand=c`), indexed values in
/// the order of their indices after the unindexed ones, for the options' reader; `None`
/// (nothing allocated) when the query has none.
pub fn unbracket(query: &str, options: &[&str]) -> Option<String> {
    let has_bracket = |q: &str| q.contains('[') || q.contains("%5B") || q.contains("%5b");
    if !options.iter().any(|o| o.ends_with("[]")) || !has_bracket(query) {
        return None;
    }
    let pairs: Vec<(Cow<'_, str>, Cow<'_, str>)> =
        form_urlencoded::parse(query.as_bytes()).collect();
    if !pairs
        .iter()
        .any(|(key, _)| bracketed(key, options).is_some())
    {
        return None;
    }
    // (plain name or key, index for indexed spellings, value), sorted stably by index so
    // that `name[1]` follows `name[0]` wherever it was written.
    let mut keyed: Vec<(&str, Option<u64>, &str)> = pairs
        .iter()
        .map(|(key, value)| match bracketed(key, options) {
            Some(name) => {
                let index = key[name.len() + 1..key.len() - 1].parse().ok();
                (name, index, value.as_ref())
            }
            None => (key.as_ref(), None, value.as_ref()),
        })
        .collect();
    keyed.sort_by_key(|(_, index, _)| *index);
    let mut out = form_urlencoded::Serializer::new(String::with_capacity(query.len()));
    for (key, _, value) in keyed {
        out.append_pair(key, value);
    }
    Some(out.finish())
}

fn set_once<'q>(
    slot: &mut Option<Cow<'q, str>>,
    value: Cow<'q, str>,
    name: &str,
) -> Result<(), ApiError> {
    if slot.is_some() {
        return Err(malformed(format!("duplicate {name}")));
    }
    *slot = Some(value);
    Ok(())
}

/// Applies an endpoint's option rules to its query string: a missing required option is a
/// 400 naming it, a missing option with a default gets it, a number outside its bounds is
/// a 400 naming it and the bound. Answers the completed query when a default was added
/// (so that a query needing none is read where it lies).
pub fn apply_option_rules(
    query: &str,
    rules: &[crate::spec::OptionRule],
) -> Result<Option<String>, ApiError> {
    apply_rules(query, rules, "option")
}

/// [`apply_option_rules`] for parameters read from `what` (`option`, `header`), as the
/// messages name them.
pub fn apply_rules(
    query: &str,
    rules: &[crate::spec::OptionRule],
    what: &str,
) -> Result<Option<String>, ApiError> {
    let mut completed: Option<String> = None;
    for rule in rules {
        let mut present = false;
        for (key, value) in form_urlencoded::parse(query.as_bytes()) {
            if key != rule.name {
                // A member gives it too: a list's bracket spelling (`expand[]`), a nested
                // option's (`filters[0][name]`, `sortings[0].key`).
                present |= member_of(&key).is_some_and(|(name, _)| name == rule.name);
                continue;
            }
            present = true;
            if rule.minimum.is_none() && rule.maximum.is_none() {
                continue;
            }
            let refuse = |why: String| {
                ApiError::condition(Condition::MalformedRequest)
                    .with_message(format!("invalid {what} {}: {why}", rule.name))
                    .with_field(rule.name)
            };
            let number: i64 = value
                .parse()
                .map_err(|_| refuse(format!("\"{value}\" is not a whole number")))?;
            if let Some(min) = rule.minimum.filter(|min| number < *min) {
                return Err(refuse(format!("{number} is below {min}")));
            }
            if let Some(max) = rule.maximum.filter(|max| number > *max) {
                return Err(refuse(format!("{number} is above {max}")));
            }
        }
        if present {
            continue;
        }
        if rule.required {
            return Err(ApiError::condition(Condition::MalformedRequest)
                .with_message(format!("{what} {} is missing", rule.name))
                .with_field(rule.name));
        }
        if let Some(default) = rule.default {
            let out = completed.get_or_insert_with(|| query.to_owned());
            if !out.is_empty() {
                out.push('&');
            }
            out.extend(form_urlencoded::byte_serialize(rule.name.as_bytes()));
            out.push('=');
            out.extend(form_urlencoded::byte_serialize(default.as_bytes()));
        }
    }
    Ok(completed)
}

/// `pairs` (`name=value&...`, as a query writes them) read as `T`: a value that does not
/// fit is a 400 naming the parameter read from `what` (`invalid option n: ...`, `invalid
/// header X-Page-Limit: ...`).
pub fn read_pairs<T: serde::de::DeserializeOwned + restspec_client::Validate>(
    pairs: &str,
    what: &str,
) -> Result<T, ApiError> {
    let read: T = read_unchecked(pairs, what)?;
    // Lengths and patterns, every violation at once, named by the parameter.
    let violations = read.violations();
    if violations.is_empty() {
        return Ok(read);
    }
    let lead = format!("invalid {what}");
    Err(ApiError::violations(
        Condition::MalformedRequest,
        &lead,
        &violations,
    ))
}

fn read_unchecked<T: serde::de::DeserializeOwned>(pairs: &str, what: &str) -> Result<T, ApiError> {
    serde_html_form::from_str(pairs).map_err(|plain| {
        // Parsed again with the path tracked, to name the parameter: only on failure.
        let deserializer = serde_html_form::Deserializer::from_bytes(pairs.as_bytes());
        let name = serde_path_to_error::deserialize::<_, T>(deserializer)
            .err()
            .map(|e| e.path().to_string())
            .filter(|path| !path.is_empty() && path != ".");
        let error = ApiError::condition(Condition::MalformedRequest);
        match name {
            Some(name) => error
                .with_message(format!("invalid {what} {name}: {plain}"))
                .with_field(name),
            None => error.with_message(format!("invalid {what}: {plain}")),
        }
    })
}

#[cfg(test)]
mod bracket_tests {
    use super::{bracketed, unbracket};

    const OPTIONS: &[&str] = &["expand", "expand[]", "state"];

    #[test]
    fn a_list_option_is_read_under_every_bracket_spelling() {
        assert_eq!(bracketed("expand[]", OPTIONS), Some("expand"));
        assert_eq!(bracketed("expand[12]", OPTIONS), Some("expand"));
        assert_eq!(bracketed("state[]", OPTIONS), None, "not a list option");
        assert_eq!(bracketed("expand[x]", OPTIONS), None);
        assert_eq!(bracketed("expand", OPTIONS), None);
        assert_eq!(unbracket("state=open&expand=a", OPTIONS), None);
        assert_eq!(
            unbracket("expand%5B1%5D=c&state=open&expand[]=a&expand[0]=b", OPTIONS).as_deref(),
            Some("state=open&expand=a&expand=b&expand=c")
        );
        assert_eq!(unbracket("expand[]=a", &["expand"]), None);
    }
}

#[cfg(test)]
mod rule_tests {
    use super::apply_option_rules;
    use crate::spec::OptionRule;

    const RULES: &[OptionRule] = &[
        OptionRule {
            name: "state",
            required: true,
            default: None,
            minimum: None,
            maximum: None,
        },
        OptionRule {
            name: "limit",
            required: false,
            default: Some("20"),
            minimum: Some(1),
            maximum: Some(100),
        },
    ];

    #[test]
    fn required_options_defaults_and_bounds() {
        let missing = apply_option_rules("limit=5", RULES).expect_err("state is required");
        assert_eq!(missing.field(), Some("state"));
        assert_eq!(
            apply_option_rules("state=open&limit=5", RULES).ok(),
            Some(None)
        );
        assert_eq!(
            apply_option_rules("state=open", RULES).ok(),
            Some(Some("state=open&limit=20".to_owned()))
        );
        let high = apply_option_rules("state=open&limit=500", RULES).expect_err("too many");
        assert_eq!(
            high.message(),
            Some("invalid option limit: 500 is above 100")
        );
        assert!(apply_option_rules("state=open&limit=x", RULES).is_err());
        // A member gives it (a list's `state[]`, a nested option's `state[0][key]` or
        // `state.key`); a longer name does not.
        for given in ["state[]=open", "state[0][key]=a", "state.key=a"] {
            assert!(apply_option_rules(given, RULES).is_ok(), "{given}");
        }
        assert!(apply_option_rules("stateful=1", RULES).is_err());
    }
}
