//! The YAML quota configuration (`--quota-config FILE`) and its errors.

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;
use serde_saphyr::{
    DefaultMessageFormatter, Location, MessageFormatter, NonFiniteFloatPolicy, Options, Spanned,
};

use super::QuotaRule;
use super::value::Value;

/// A quota configuration that could not be read or is malformed.
///
/// Displays as `<file>:<line>:<column>: <problem>` (1-based), or `<file>: <problem>` when
/// the problem has no position (an unreadable file, for instance).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotaConfigError {
    file: String,
    position: Option<(u64, u64)>,
    problem: String,
}

impl QuotaConfigError {
    /// An error at a 1-based line and column of `file`.
    pub fn at(file: impl Into<String>, line: u64, column: u64, problem: impl Into<String>) -> Self {
        QuotaConfigError {
            file: file.into(),
            position: Some((line, column)),
            problem: problem.into(),
        }
    }

    /// An error about `file` as a whole.
    pub fn whole_file(file: impl Into<String>, problem: impl Into<String>) -> Self {
        QuotaConfigError {
            file: file.into(),
            position: None,
            problem: problem.into(),
        }
    }

    /// The file name, as given to the parser.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The 1-based line of the problem, when known.
    pub fn line(&self) -> Option<u64> {
        self.position.map(|(line, _)| line)
    }

    /// The 1-based column of the problem, when known.
    pub fn column(&self) -> Option<u64> {
        self.position.map(|(_, column)| column)
    }

    /// What is wrong, without the file and position.
    pub fn problem(&self) -> &str {
        &self.problem
    }
}

impl fmt::Display for QuotaConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, column)) => write!(f, "{}:{line}:{column}: {}", self.file, self.problem),
            None => write!(f, "{}: {}", self.file, self.problem),
        }
    }
}

impl std::error::Error for QuotaConfigError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    rules: Spanned<Option<Vec<Spanned<RawRule>>>>,
}

/// Missing fields are reported by `validate`, at the rule rather than at its last key.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRule {
    #[serde(default = "missing")]
    group: Spanned<Value>,
    #[serde(default = "missing")]
    burst: Spanned<Value>,
    #[serde(default = "missing")]
    refill_per_second: Spanned<Value>,
}

fn missing() -> Spanned<Value> {
    Spanned::new(Value::Missing, Location::UNKNOWN, Location::UNKNOWN)
}

/// Parses and validates a configuration; `file` only names it in errors.
pub(super) fn parse_rules(file: &str, text: &str) -> Result<Vec<QuotaRule>, QuotaConfigError> {
    let mut options = Options::default();
    // Let `.inf` and `.nan` through to `validate`, which says what is wrong with them.
    options.non_finite_float_policy = NonFiniteFloatPolicy::PassThrough;
    let raw: RawConfig =
        serde_saphyr::from_str_with_options(text, options).map_err(|e| syntax_error(file, &e))?;
    let Some(rules) = raw.rules.value else {
        let at = &raw.rules.referenced;
        let problem = "`rules` must be a list of rules, not null";
        return Err(QuotaConfigError::at(file, at.line(), at.column(), problem));
    };
    let rules: Vec<QuotaRule> = rules
        .into_iter()
        .map(|rule| validate(file, rule))
        .collect::<Result<_, _>>()?;
    // The enforcer compiles them again; here a set too large to compile is reported.
    super::glob::compile(rules.iter().map(|r| r.group.as_str())).map_err(|err| {
        QuotaConfigError::whole_file(file, format!("the groups cannot be compiled: {err}"))
    })?;
    Ok(rules)
}

fn validate(file: &str, rule: Spanned<RawRule>) -> Result<QuotaRule, QuotaConfigError> {
    let fail = |at: &Location, problem: String| {
        QuotaConfigError::at(file, at.line(), at.column(), problem)
    };
    let Spanned {
        value: raw,
        referenced: rule_at,
        ..
    } = rule;
    let field = |value: Spanned<Value>, name: &str| match value.value {
        Value::Missing => Err(fail(&rule_at, format!("rule is missing `{name}`"))),
        _ => Ok(value),
    };
    let group = field(raw.group, "group")?;
    let burst = field(raw.burst, "burst")?;
    let rate = field(raw.refill_per_second, "refill_per_second")?;

    let group = match group.value {
        Value::Text(text) if !text.is_empty() => text,
        Value::Text(_) => {
            return Err(fail(&group.referenced, "`group` must not be empty".into()));
        }
        other => {
            let problem = format!("`group` must be a string, not {other}");
            return Err(fail(&group.referenced, problem));
        }
    };
    let burst = match burst.value {
        Value::Integer(b) => u32::try_from(b).ok().filter(|&b| b >= 1).ok_or(burst),
        _ => Err(burst),
    }
    .map_err(|burst| {
        let problem = format!(
            "`burst` must be an integer from 1 to {}, not {}",
            u32::MAX,
            burst.value
        );
        fail(&burst.referenced, problem)
    })?;
    let refill_per_second = match rate.value {
        Value::Integer(r) => Some(r as f64),
        Value::Float(r) => Some(r),
        _ => None,
    }
    .filter(|r| r.is_finite() && *r > 0.0)
    .ok_or_else(|| {
        let problem = format!(
            "`refill_per_second` must be a finite number greater than 0, not {}",
            rate.value
        );
        fail(&rate.referenced, problem)
    })?;
    Ok(QuotaRule {
        group,
        burst,
        refill_per_second,
    })
}

fn syntax_error(file: &str, error: &serde_saphyr::Error) -> QuotaConfigError {
    let problem = one_line(DefaultMessageFormatter.format_message(error.without_snippet()));
    match error.location() {
        Some(at) if at.line() > 0 && at.column() > 0 => {
            QuotaConfigError::at(file, at.line(), at.column(), problem)
        }
        _ => QuotaConfigError::whole_file(file, problem),
    }
}

/// Keeps a message on one line, as the formatter's contract asks of its callers.
fn one_line(message: Cow<'_, str>) -> String {
    message
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{QuotaConfigError, parse_rules};

    fn error(text: &str) -> String {
        match parse_rules("quota.yaml", text) {
            Ok(rules) => format!("unexpectedly parsed {rules:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn parses_the_example_config() {
        let text = r#"# Each rule: a glob over quota group names, a bucket size and a refill rate.
rules:
  - group: "/restapi/projects/*"     # '*' matches any run of characters
    burst: 5                          # tokens in a full bucket
    refill_per_second: 0.5            # tokens added per second
  - group: "/restapi/changes/:POST"
    burst: 2
    refill_per_second: 0.1
"#;
        let rules = parse_rules("quota.yaml", text).unwrap();
        assert_eq!(rules.len(), 2, "{rules:?}");
        assert_eq!(rules[0].group, "/restapi/projects/*");
        assert_eq!(rules[0].burst, 5);
        assert_eq!(rules[0].refill_per_second, 0.5);
        assert_eq!(rules[1].group, "/restapi/changes/:POST");
        assert_eq!(rules[1].burst, 2);
        assert_eq!(rules[1].refill_per_second, 0.1);
    }

    #[test]
    fn an_empty_rule_list_and_an_integer_rate_are_fine() {
        assert_eq!(parse_rules("q", "rules: []\n"), Ok(vec![]));
        let rules = parse_rules(
            "q",
            "rules:\n  - {group: x, burst: 1, refill_per_second: 3}\n",
        );
        assert_eq!(rules.map(|r| r[0].refill_per_second), Ok(3.0));
    }

    #[test]
    fn semantic_errors_point_at_the_value() {
        let rule = |group: &str, burst: &str, rate: &str| {
            format!(
                "rules:\n  - group: {group}\n    burst: {burst}\n    refill_per_second: {rate}\n"
            )
        };
        assert_eq!(
            error(&rule("\"\"", "5", "0.5")),
            "quota.yaml:2:12: `group` must not be empty"
        );
        assert_eq!(
            error(&rule("x", "0", "0.5")),
            "quota.yaml:3:12: `burst` must be an integer from 1 to 4294967295, not 0"
        );
        assert_eq!(
            error(&rule("x", "-3", "0.5")),
            "quota.yaml:3:12: `burst` must be an integer from 1 to 4294967295, not -3"
        );
        assert_eq!(
            error(&rule("x", "4294967296", "0.5")),
            "quota.yaml:3:12: `burst` must be an integer from 1 to 4294967295, not 4294967296"
        );
        assert_eq!(
            error(&rule("x", "5", "0")),
            "quota.yaml:4:24: `refill_per_second` must be a finite number greater than 0, not 0"
        );
        assert_eq!(
            error(&rule("x", "5", "-0.5")),
            "quota.yaml:4:24: `refill_per_second` must be a finite number greater than 0, not -0.5"
        );
        assert_eq!(
            error(&rule("x", "5", ".inf")),
            "quota.yaml:4:24: `refill_per_second` must be a finite number greater than 0, not inf"
        );
        assert_eq!(
            error(&rule("x", "5", ".nan")),
            "quota.yaml:4:24: `refill_per_second` must be a finite number greater than 0, not NaN"
        );
    }

    #[test]
    fn the_second_rule_is_located_too() {
        let text = "rules:\n  - {group: a, burst: 1, refill_per_second: 1}\n  - {group: b, burst: 0, refill_per_second: 1}\n";
        assert_eq!(
            error(text),
            "quota.yaml:3:23: `burst` must be an integer from 1 to 4294967295, not 0"
        );
    }

    #[test]
    fn structural_errors_carry_positions() {
        let rule = "rules:\n  - group: x\n    burst: 1\n";
        let cases = [
            (
                "rule: []\n",
                "1:1: unknown field `rule`, expected one of rules",
            ),
            (
                "rules: []\nextra: 1\n",
                "2:1: unknown field `extra`, expected one of rules",
            ),
            ("{}\n", "1:1: missing field `rules`"),
            ("rules:\n", "1:6: `rules` must be a list of rules, not null"),
            (
                "rules:\n  - {group: x, burst: 1, refill_per_second: 1,\n     rate: 2}\n",
                "3:6: unknown field `rate`, expected one of group, burst, refill_per_second",
            ),
            (rule, "2:5: rule is missing `refill_per_second`"),
            (
                "rules:\n  - {burst: 1, refill_per_second: 1}\n",
                "2:5: rule is missing `group`",
            ),
            (
                "rules:\n  -   {group: x, refill_per_second: 1}\n",
                "2:7: rule is missing `burst`",
            ),
            ("rules:\n  - null\n", "2:5: expected mapping start"),
            ("rules: [\n", "1:8: unclosed bracket '['"),
            ("", "1:1: unexpected end of input"),
            ("- 1\n", "1:1: expected mapping start"),
        ];
        for (text, expected) in cases {
            assert_eq!(error(text), format!("quota.yaml:{expected}"), "{text:?}");
        }
    }

    #[test]
    fn values_of_the_wrong_type_point_at_the_value() {
        let rule = |group: &str, burst: &str, rate: &str| {
            format!(
                "rules:\n  - group: {group}\n    burst: {burst}\n    refill_per_second: {rate}\n"
            )
        };
        let burst = "`burst` must be an integer from 1 to 4294967295, not";
        let rate = "`refill_per_second` must be a finite number greater than 0, not";
        let cases = [
            (rule("x", "2.5", "1"), format!("3:12: {burst} 2.5")),
            (rule("x", "five", "1"), format!("3:12: {burst} \"five\"")),
            (rule("x", "\"5\"", "1"), format!("3:12: {burst} \"5\"")),
            (rule("x", "true", "1"), format!("3:12: {burst} true")),
            (rule("x", "[1]", "1"), format!("3:12: {burst} a sequence")),
            (rule("x", "1", "fast"), format!("4:24: {rate} \"fast\"")),
            (rule("x", "1", "~"), format!("4:24: {rate} null")),
            (
                rule("[x]", "1", "1"),
                "2:12: `group` must be a string, not a sequence".into(),
            ),
            (
                rule("5", "1", "1"),
                "2:12: `group` must be a string, not 5".into(),
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(error(&text), format!("quota.yaml:{expected}"), "{text:?}");
        }
    }

    #[test]
    fn display_without_a_position() {
        let e = QuotaConfigError::whole_file("/etc/quota.yaml", "cannot read: not found");
        assert_eq!(e.to_string(), "/etc/quota.yaml: cannot read: not found");
        assert_eq!((e.line(), e.column()), (None, None));
        let e = QuotaConfigError::at("q.yaml", 3, 7, "bad");
        assert_eq!(e.to_string(), "q.yaml:3:7: bad");
        assert_eq!(
            (e.file(), e.line(), e.column(), e.problem()),
            ("q.yaml", Some(3), Some(7), "bad")
        );
    }
}
