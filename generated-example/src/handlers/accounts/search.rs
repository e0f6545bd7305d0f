//! The account query language of `GET /accounts/?q=...` and suggestions.

use super::*;

/// One predicate of an account query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Predicate {
    /// `name:` – the full or display name contains the text.
    Name(String),
    /// `username:` – the username, exactly (ignoring case).
    Username(String),
    /// `email:` – a registered email contains the text.
    Email(String),
    /// `is:active` / `is:inactive`.
    Active(bool),
    /// Free text: the id, or a substring of the username, names or emails.
    Text(String),
}

impl Predicate {
    pub(crate) fn matches(&self, account: &Account) -> bool {
        let contains = |field: Option<&str>, text: &str| {
            field.is_some_and(|f| f.to_lowercase().contains(&text.to_lowercase()))
        };
        match self {
            Predicate::Name(text) => {
                contains(account.name.as_deref(), text)
                    || contains(account.display_name.as_deref(), text)
            }
            Predicate::Username(name) => account.username.eq_ignore_ascii_case(name),
            Predicate::Email(text) => account.emails.iter().any(|e| contains(Some(e), text)),
            Predicate::Active(active) => account.active == *active,
            Predicate::Text(text) => {
                text.parse::<i64>().is_ok_and(|id| id == account.id)
                    || contains(Some(&account.username), text)
                    || contains(account.name.as_deref(), text)
                    || contains(account.display_name.as_deref(), text)
                    || account.emails.iter().any(|e| contains(Some(e), text))
            }
        }
    }
}

/// A parsed account query: alternatives (`OR`) of conjunctions of possibly negated
/// predicates (`-name:x`, `NOT name:x`).
#[derive(Debug, Clone, Default)]
pub(crate) struct AccountSearch {
    alternatives: Vec<Vec<(bool, Predicate)>>,
}

impl AccountSearch {
    /// Parses `q`; an unknown operator is 400.
    pub(crate) fn parse(query: &str) -> Result<Self, Error> {
        let mut search = AccountSearch::default();
        let mut current = Vec::new();
        let mut negate = false;
        for token in tokens(query) {
            match token.as_str() {
                "OR" => {
                    if !current.is_empty() {
                        search.alternatives.push(std::mem::take(&mut current));
                    }
                    continue;
                }
                "AND" => continue,
                "NOT" => {
                    negate = !negate;
                    continue;
                }
                _ => {}
            }
            let (negated, token) = match token.strip_prefix('-') {
                Some(rest) if !rest.is_empty() => (!negate, rest.to_owned()),
                _ => (negate, token),
            };
            negate = false;
            let predicate = match token.split_once(':') {
                Some((operator, value)) => {
                    let value = value.to_owned();
                    match operator.to_ascii_lowercase().as_str() {
                        "name" => Predicate::Name(value),
                        "username" => Predicate::Username(value),
                        "email" => Predicate::Email(value),
                        "is" => match value.to_ascii_lowercase().as_str() {
                            "active" => Predicate::Active(true),
                            "inactive" => Predicate::Active(false),
                            _ => {
                                return Err(Error::BadRequest(
                                    format!("Unsupported query: is:{value}").into(),
                                ));
                            }
                        },
                        _ => {
                            return Err(Error::BadRequest(
                                format!("Unsupported operator {operator}:{value}").into(),
                            ));
                        }
                    }
                }
                None => Predicate::Text(token),
            };
            current.push((negated, predicate));
        }
        if !current.is_empty() {
            search.alternatives.push(current);
        }
        if search.alternatives.is_empty() {
            return Err(Error::BadRequest("missing query field".into()));
        }
        // As the real service does, a query that does not ask about the active flag only
        // finds active accounts.
        for conjunction in &mut search.alternatives {
            if !conjunction
                .iter()
                .any(|(_, p)| matches!(p, Predicate::Active(_)))
            {
                conjunction.push((false, Predicate::Active(true)));
            }
        }
        Ok(search)
    }

    /// True when the account matches; suggestions only ever find active accounts.
    pub(crate) fn matches(&self, account: &Account, suggest: bool) -> bool {
        (!suggest || account.active)
            && self.alternatives.iter().any(|all| {
                all.iter()
                    .all(|(negated, p)| p.matches(account) != *negated)
            })
    }
}

/// Splits a query into whitespace-separated tokens; double quotes keep spaces
/// (`name:"John Doe"`) and are removed.
pub(crate) fn tokens(query: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in query.chars() {
        match c {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
            }
            c => current.push(c),
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_parse_operators_quotes_and_alternatives() {
        let search = AccountSearch::parse("name:\"John Doe\" OR -email:x.org").expect("parses");
        assert_eq!(search.alternatives.len(), 2);
        assert_eq!(
            search.alternatives[0][0],
            (false, Predicate::Name("John Doe".into()))
        );
        assert_eq!(
            search.alternatives[1][0],
            (true, Predicate::Email("x.org".into()))
        );
        assert!(AccountSearch::parse("owner:self").is_err());
        assert!(AccountSearch::parse("is:inactive").is_ok());
    }
}
