//! `GET /changes/?q=...`: the change query language, the part of it this service knows.
//!
//! A query is terms joined by blanks (and optionally `AND`), each negated by a leading
//! `-` or a preceding `NOT`. Values may be quoted with `"..."` or `{...}`. Operators:
//! `status:` (`open`/`new`/`pending`, `merged`, `abandoned`, `closed`), `is:` (those
//! states, `private`, `wip`, `owner`, `reviewer`), `owner:` and `reviewer:` (`self` or
//! an account), `project:`, `branch:`, `topic:`, `hashtag:`, `change:` (number or
//! Change-Id), `message:`/`subject:` and free text (in the subject). `OR` and
//! parentheses are not supported (400), nor are other operators.
//!
//! Without `q` the query is `status:open`. Several `q` answer one list (the spec's
//! `list<ChangeInfo>`), not one list per query as the real service does: the changes
//! that match any of them, each once. The list is ordered by last update, newest first;
//! `S` and `n` apply to it, and its last change carries `_more_changes` when `n` cut
//! some off. Without `n` a query answers at most 500 changes, and a larger `n` is cut
//! to 500 (the real service's default query limit), so that an anonymous
//! `GET /changes/` cannot read the whole database in one request.

use std::collections::BTreeMap;

use super::render::{Fields, Renderer};
use super::*;
use crate::api::ChangesQueryHandlers;
use crate::storage::{ChangeQuery, ChangeStatus, PrivateFilter, short_branch};

/// Which states a `status:` term matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum States {
    Open,
    Merged,
    Abandoned,
    Closed,
}

/// One term of a query.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Term {
    Status(States),
    Owner(i64),
    Reviewer(i64),
    Project(String),
    Branch(String),
    Topic(String),
    Hashtag(String),
    Private,
    Wip,
    Change(String),
    Text(String),
}

/// A term, possibly negated.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Predicate {
    negated: bool,
    term: Term,
}

#[allow(refining_impl_trait)]
impl ChangesQueryHandlers for ReviewService {
    /// Answers the changes the queries match that the caller may see.
    async fn query_changes(
        &self,
        ctx: RequestContext<'_>,
        options: options::QueryChangesOptions,
    ) -> Result<Vec<types::ChangeInfo>, Error> {
        let fields = Fields::parse(&options.options)?;
        let svc = self.clone();
        let caller = ctx.caller.clone();
        // Many storage calls: off the runtime's threads.
        tokio::task::spawn_blocking(move || run(&svc, &caller, &options, fields))
            .await
            .map_err(|err| Error::Internal(format!("query failed: {err}").into()))?
    }
}

fn run(
    svc: &ReviewService,
    caller: &Caller,
    options: &options::QueryChangesOptions,
    fields: Fields,
) -> Result<Vec<types::ChangeInfo>, Error> {
    let default = ["status:open".to_owned()];
    let queries = if options.queries.is_empty() {
        &default[..]
    } else {
        &options.queries[..]
    };
    let window = Window::new(options.skip, options.limit, Some(QUERY_LIMIT)).at_most(QUERY_LIMIT);
    // Enough of each query's matches to fill the window and tell whether more follow.
    let wanted = window
        .skip
        .saturating_add(window.limit.unwrap_or(QUERY_LIMIT))
        .saturating_add(1);
    let mut found: BTreeMap<i64, Change> = BTreeMap::new();
    for query in queries {
        let predicates = parse(svc, caller, query)?;
        for change in matching(svc, caller, &predicates, wanted)? {
            found.insert(change.number, change);
        }
    }
    let mut changes: Vec<Change> = found.into_values().collect();
    changes.sort_by(|a, b| b.updated.cmp(&a.updated).then(b.number.cmp(&a.number)));
    let more = window.has_more(changes.len());
    let page: Vec<Change> = window.apply(changes).collect();

    let mut render = Renderer::new(svc, caller);
    let mut out = page
        .iter()
        .map(|c| render.change_info(c, fields))
        .collect::<Result<Vec<_>, _>>()?;
    if more && let Some(last) = out.last_mut() {
        last.more_changes = Some(true);
    }
    Ok(out)
}

/// The first `wanted` visible changes (newest update first) that match every predicate,
/// narrowed by the storage first and read from it a batch at a time, so that a query
/// matching the whole database reads only what it answers.
fn matching(
    svc: &ReviewService,
    caller: &Caller,
    predicates: &[Predicate],
    wanted: usize,
) -> Result<Vec<Change>, Error> {
    let mut query = ChangeQuery {
        private: match caller_id(caller) {
            _ if is_admin(caller) => PrivateFilter::Include,
            Some(me) => PrivateFilter::VisibleTo(me),
            None => PrivateFilter::Exclude,
        },
        ..ChangeQuery::default()
    };
    for p in predicates {
        match (&p.term, p.negated) {
            (Term::Status(States::Open), false) => set(&mut query.status, ChangeStatus::New),
            (Term::Status(States::Merged), false) => set(&mut query.status, ChangeStatus::Merged),
            (Term::Status(States::Abandoned), false) => {
                set(&mut query.status, ChangeStatus::Abandoned);
            }
            (Term::Owner(id), false) => set(&mut query.owner, *id),
            (Term::Reviewer(id), false) => set(&mut query.reviewer, *id),
            (Term::Project(name), false) => set(&mut query.project, name.clone()),
            (Term::Branch(name), false) => set(&mut query.branch, name.clone()),
            (Term::Topic(name), false) => set(&mut query.topic, name.clone()),
            (Term::Text(text), false) => set(&mut query.subject, text.clone()),
            (Term::Wip, negated) => set(&mut query.work_in_progress, !negated),
            _ => {}
        }
    }
    let batch = wanted.clamp(1, QUERY_LIMIT);
    query.limit = Some(batch);
    let mut out = Vec::new();
    loop {
        let page = svc.storage.query_changes(&query)?;
        query.skip += page.items.len();
        for change in page.items {
            if visible(&change, caller) && matches_all(svc, &change, predicates)? {
                out.push(change);
                if out.len() == wanted {
                    return Ok(out);
                }
            }
        }
        if !page.more {
            return Ok(out);
        }
    }
}

/// True when the change satisfies every predicate.
fn matches_all(
    svc: &ReviewService,
    change: &Change,
    predicates: &[Predicate],
) -> Result<bool, Error> {
    for p in predicates {
        if matches(svc, change, &p.term)? == p.negated {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Sets a storage filter the first time; later terms of the same kind are checked on
/// the results.
fn set<T>(slot: &mut Option<T>, value: T) {
    if slot.is_none() {
        *slot = Some(value);
    }
}

/// True when the change satisfies the term.
fn matches(svc: &ReviewService, change: &Change, term: &Term) -> Result<bool, Error> {
    Ok(match term {
        Term::Status(states) => match states {
            States::Open => change.status == ChangeStatus::New,
            States::Merged => change.status == ChangeStatus::Merged,
            States::Abandoned => change.status == ChangeStatus::Abandoned,
            States::Closed => change.status != ChangeStatus::New,
        },
        Term::Owner(id) => change.owner == *id,
        Term::Reviewer(id) => svc
            .storage
            .reviewers(change.number)?
            .iter()
            .any(|r| r.account_id == *id),
        Term::Project(name) => change.project == *name,
        Term::Branch(name) => change.branch == short_branch(name),
        Term::Topic(name) => change.topic.as_deref() == Some(name.as_str()),
        Term::Hashtag(tag) => change.hashtags.iter().any(|h| h.eq_ignore_ascii_case(tag)),
        Term::Private => change.is_private,
        Term::Wip => change.work_in_progress,
        Term::Change(id) => match id.parse::<i64>() {
            Ok(number) => change.number == number,
            Err(_) => id.len() > 1 && change.change_id.starts_with(id.as_str()),
        },
        Term::Text(text) => change
            .subject
            .to_ascii_lowercase()
            .contains(&text.to_ascii_lowercase()),
    })
}

/// A word of a query: its text without quotes, and where an operator name ends (the
/// first `:` before any quote).
#[derive(Debug, PartialEq, Eq)]
struct Word {
    text: String,
    colon: Option<usize>,
    /// A quote has been seen: later colons are part of the value.
    quoted: bool,
    /// The word starts with a quote: it is text, never an operator or keyword.
    starts_quoted: bool,
}

/// Splits a query into words at blanks outside quotes.
fn words(query: &str) -> Result<Vec<Word>, Error> {
    let mut out = Vec::new();
    let mut chars = query.chars().peekable();
    loop {
        while chars.next_if(|c| c.is_whitespace()).is_some() {}
        if chars.peek().is_none() {
            return Ok(out);
        }
        let mut word = Word {
            text: String::new(),
            colon: None,
            quoted: false,
            starts_quoted: matches!(chars.peek(), Some('"' | '{')),
        };
        while let Some(c) = chars.next_if(|c| !c.is_whitespace()) {
            let close = match c {
                '"' => '"',
                '{' => '}',
                ':' if !word.quoted && word.colon.is_none() => {
                    word.colon = Some(word.text.len());
                    word.text.push(c);
                    continue;
                }
                _ => {
                    word.text.push(c);
                    continue;
                }
            };
            word.quoted = true;
            loop {
                match chars.next() {
                    Some(c) if c == close => break,
                    Some(c) => word.text.push(c),
                    None => {
                        return Err(Error::BadRequest(
                            format!("unterminated quote in query: {query}").into(),
                        ));
                    }
                }
            }
        }
        out.push(word);
    }
}

/// Parses one query into predicates, resolving accounts.
fn parse(svc: &ReviewService, caller: &Caller, query: &str) -> Result<Vec<Predicate>, Error> {
    let mut out = Vec::new();
    let mut negate_next = false;
    for word in words(query)? {
        let text = word.text.as_str();
        if !word.starts_quoted {
            match text {
                "AND" => continue,
                "NOT" => {
                    negate_next = !negate_next;
                    continue;
                }
                _ => {}
            }
            if text == "OR" || text.starts_with('(') || text.ends_with(')') {
                return Err(Error::BadRequest(
                    format!("Unsupported query: {query} (OR and parentheses are not supported)")
                        .into(),
                ));
            }
        }
        let (negated, body, colon) = match text.strip_prefix('-') {
            Some(rest) if !rest.is_empty() && !word.starts_quoted => {
                (true, rest, word.colon.map(|c| c.saturating_sub(1)))
            }
            _ => (false, text, word.colon),
        };
        let term = match colon {
            Some(at) => {
                let (op, value) = (&body[..at], &body[at + 1..]);
                operator(svc, caller, op, value)?
            }
            None => Term::Text(body.to_owned()),
        };
        out.push(Predicate {
            negated: negated != negate_next,
            term,
        });
        negate_next = false;
    }
    Ok(out)
}

/// The term of `op:value`.
fn operator(svc: &ReviewService, caller: &Caller, op: &str, value: &str) -> Result<Term, Error> {
    let unrecognized = || Error::BadRequest(format!("Unrecognized value: {value}").into());
    Ok(match op.to_ascii_lowercase().as_str() {
        "status" => Term::Status(states(value).ok_or_else(unrecognized)?),
        "is" => match value.to_ascii_lowercase().as_str() {
            "private" => Term::Private,
            "wip" => Term::Wip,
            "owner" => Term::Owner(account(svc, caller, "self")?),
            "reviewer" => Term::Reviewer(account(svc, caller, "self")?),
            other => Term::Status(states(other).ok_or_else(unrecognized)?),
        },
        "owner" => Term::Owner(account(svc, caller, value)?),
        "reviewer" => Term::Reviewer(account(svc, caller, value)?),
        "project" => Term::Project(value.to_owned()),
        "branch" => Term::Branch(value.to_owned()),
        "topic" => Term::Topic(value.to_owned()),
        "hashtag" => Term::Hashtag(value.trim_start_matches('#').to_owned()),
        "change" => Term::Change(value.to_owned()),
        "message" | "subject" => Term::Text(value.to_owned()),
        _ => {
            return Err(Error::BadRequest(
                format!("Unsupported operator {op}:{value}").into(),
            ));
        }
    })
}

/// The states a `status:` (or `is:`) value names.
fn states(value: &str) -> Option<States> {
    match value.to_ascii_lowercase().as_str() {
        "open" | "new" | "pending" => Some(States::Open),
        "merged" => Some(States::Merged),
        "abandoned" => Some(States::Abandoned),
        "closed" => Some(States::Closed),
        _ => None,
    }
}

/// The account an `owner:` or `reviewer:` value names: `self` needs a signed-in caller
/// (403), an unknown account is 400, as in the real service.
fn account(svc: &ReviewService, caller: &Caller, who: &str) -> Result<i64, Error> {
    if who == "self" || who == "me" {
        return caller_id(caller)
            .ok_or_else(|| Error::Forbidden("Must be signed-in to use this operator".into()));
    }
    svc.storage
        .find_account(who)?
        .map(|a| a.id)
        .ok_or_else(|| Error::BadRequest(format!("Account '{who}' not found").into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(query: &str) -> Vec<(String, Option<usize>)> {
        words(query)
            .unwrap()
            .into_iter()
            .map(|w| (w.text, w.colon))
            .collect()
    }

    #[test]
    fn words_keep_quoted_blanks_and_find_operators() {
        assert_eq!(
            texts(r#"  topic:"a b" -is:wip {x y} "c:d" "#),
            vec![
                ("topic:a b".to_owned(), Some(5)),
                ("-is:wip".to_owned(), Some(3)),
                ("x y".to_owned(), None),
                ("c:d".to_owned(), None),
            ]
        );
        assert_eq!(words("topic:\"open").unwrap_err().code(), 400);
    }

    #[test]
    fn states_have_their_aliases() {
        assert_eq!(states("OPEN"), Some(States::Open));
        assert_eq!(states("pending"), Some(States::Open));
        assert_eq!(states("closed"), Some(States::Closed));
        assert_eq!(states("draft"), None);
    }
}
