//! One convention's entry in the comparison: its dotted key, its value as the spec words
//! it, and the rule that judges a change to it; and the helpers that make entries.

use super::super::Who;
use crate::model::SpecWords;

/// How a change to one convention is judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Rule {
    /// Any change breaks clients written for the old value.
    Breaks,
    /// Setting it where it was not takes nothing away (`added` says what it brings);
    /// changing or removing it breaks `who`.
    Optional { added: &'static str, who: Who },
    /// A choice of two: changing it to `safe` takes nothing away, the other way breaks
    /// clients.
    OneWay { safe: &'static str },
    /// Alternatives (credential places, overridable methods, exposed headers): one added
    /// takes nothing away, one lost breaks the clients using it.
    Members,
    /// What it changes is reported endpoint by endpoint (who may call anonymously).
    PerEndpoint,
    /// Read only by the endpoints marked `paginated`: a change breaks their clients; added
    /// or removed, the endpoints' own changes say which are paged.
    Paging,
    /// No client can tell (gzipped or plain error answers both decode).
    Unseen,
}

/// One convention's value, as the spec spells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Shown {
    /// One value, `None` when not set.
    One(Option<String>),
    /// A block of keys (`rate_limit_headers`): only whether it is there; its keys are
    /// entries of their own.
    Block(bool),
    /// A list of alternatives, in written order.
    Many(Vec<String>),
}

/// One convention.
#[derive(Debug, Clone)]
pub(super) struct Entry {
    /// The key as written under `conventions:` (`rate_limit_headers.reset`).
    pub key: &'static str,
    /// Its value.
    pub shown: Shown,
    /// How a change is judged.
    pub rule: Rule,
    /// The entry whose change says this one's too, when not the key's parent.
    pub within: Option<&'static str>,
}

impl Entry {
    pub(super) fn new(key: &'static str, shown: Shown, rule: Rule) -> Self {
        Entry {
            key,
            shown,
            rule,
            within: None,
        }
    }

    /// Folded into `key`'s change.
    pub(super) fn within(self, key: &'static str) -> Self {
        Entry {
            within: Some(key),
            ..self
        }
    }

    /// The entry whose change says this one's too: `within`, else the key's parent.
    pub(super) fn container(&self) -> Option<&'static str> {
        let key: &'static str = self.key;
        self.within
            .or_else(|| key.rfind('.').map(|dot| &key[..dot]))
    }
}

/// A key whose value is a name the spec may leave out (a header, a parameter).
pub(super) fn one(key: &'static str, value: &Option<String>, rule: Rule) -> Entry {
    Entry::new(key, Shown::One(value.clone()), rule)
}

/// A key whose value is always written, shown as its text.
pub(super) fn text(key: &'static str, value: impl ToString, rule: Rule) -> Entry {
    Entry::new(key, Shown::One(Some(value.to_string())), rule)
}

/// A convention spelt as a word (`reset_format: unix_seconds`), shown as the spec words it.
pub(super) fn word(key: &'static str, value: impl SpecWords, rule: Rule) -> Entry {
    text(key, value.word(), rule)
}

/// A block of keys (`rate_limit_headers`): only whether it is there.
pub(super) fn block(key: &'static str, present: bool, rule: Rule) -> Entry {
    Entry::new(key, Shown::Block(present), rule)
}

/// A key whose value is a list, shown as its items.
pub(super) fn many(key: &'static str, values: impl IntoIterator<Item = String>) -> Entry {
    Entry::new(
        key,
        Shown::Many(values.into_iter().collect()),
        Rule::Members,
    )
}

/// A parameter clients may send: a new one takes nothing away.
pub(super) const PARAMETER: Rule = Rule::Optional {
    added: "clients may send it",
    who: Who::Clients,
};
/// A header clients may send or read: a new one takes nothing away.
pub(super) const HEADER: Rule = Rule::Optional {
    added: "a header clients may use",
    who: Who::Clients,
};
/// A block of behaviour clients may use: new, it takes nothing away.
pub(super) const FEATURE: Rule = Rule::Optional {
    added: "clients may use it; nothing they did before changes",
    who: Who::Clients,
};

pub(super) fn served(what: &'static str, who: Who) -> Rule {
    Rule::Optional { added: what, who }
}
