//! The memo behind schema comparison. Large documents share schemas thousands of times
//! and make them recursive (Microsoft Graph: 22,000 operations over one graph of 4,000
//! schemas), so each pair of schemas is compared once per document, and what it found is
//! kept as a graph: each comparison's own differences plus the comparisons it included.
//!
//! Recursion is handled as Tarjan's algorithm does: a comparison reached again while
//! under way is assumed to find nothing for the decisions taken meanwhile (which union
//! alternative matches), and once the strongly connected group of comparisons it belongs
//! to is complete, every member's differences are settled exactly (a fixpoint over the
//! inclusions), so that no result depends on which operation reached a schema first.
//!
//! Each comparison keeps at most [`MAX_PER_CATEGORY`] differences of one kind and
//! category: a schema deep in a large graph may carry hundreds of the same sort, and every
//! operation reaching it would list them all.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::families::Families;
use super::refs::Doc;
use super::{Difference, Kind};

/// How many schema comparisons may nest (properties of items of properties…) before the
/// deeper ones are assumed equal: it bounds the stack on any input.
pub const MAX_DEPTH: usize = 100;

/// The most differences of one kind and category listed for one operation (or kept for
/// one schema comparison). Whether an operation is on the wire or faithful, and which
/// categories it shows, are exact regardless.
pub const MAX_PER_CATEGORY: usize = 10;

/// A comparison's identity: where both sides' schemas are.
pub(crate) type Key = (String, String);

enum State {
    /// Under way.
    Running,
    /// Finished, but part of a recursive group not yet complete.
    Pending,
    /// Settled.
    Done,
}

struct Node {
    state: State,
    /// The differences found by the comparison itself (interned).
    local: Vec<u32>,
    /// The comparisons whose differences are its own too.
    included: Vec<usize>,
    /// All its differences (capped), sorted by kind, category and identifier.
    closure: Rc<[u32]>,
}

struct Frame {
    /// The lowest node id under way that this comparison reached (Tarjan's lowlink).
    low: usize,
    included: Vec<usize>,
}

/// Compares schemas of one original with one exported document (the comparisons
/// themselves are in `schemas.rs`).
pub(crate) struct Comparer<'a> {
    pub(crate) a: Doc<'a>,
    pub(crate) b: Doc<'a>,
    nodes: Vec<Node>,
    ids: HashMap<Key, usize>,
    /// Nodes whose group is not complete, in the order they began.
    open: Vec<usize>,
    frames: Vec<Frame>,
    /// Every difference found, once.
    table: Vec<Difference>,
    interned: HashMap<Difference, u32>,
    empty: Rc<[u32]>,
    /// Which schemas include which, in each document: read once, when a discriminator on a
    /// base schema is first compared.
    families: Option<(Families, Families)>,
    /// The export's security schemes by what a client sends: read once, for the first
    /// operation whose parameters are compared.
    export_schemes: Option<Rc<std::collections::BTreeSet<String>>>,
    /// Comparing a parameter's schema: values are text on the wire, where `null` has no
    /// spelling, its list's items' included (Unicourt's nullable items of a query list).
    pub(crate) text_values: bool,
}

impl<'a> Comparer<'a> {
    pub(crate) fn new(a: Doc<'a>, b: Doc<'a>) -> Self {
        Comparer {
            a,
            b,
            nodes: Vec::new(),
            ids: HashMap::new(),
            open: Vec::new(),
            frames: Vec::new(),
            table: Vec::new(),
            interned: HashMap::new(),
            empty: Rc::from(Vec::new()),
            families: None,
            export_schemes: None,
            text_values: false,
        }
    }

    /// The export's security schemes by what a client sends (`schemes::declared_schemes`),
    /// read once a document.
    pub(crate) fn export_schemes(&mut self) -> Rc<std::collections::BTreeSet<String>> {
        let b = self.b;
        Rc::clone(
            self.export_schemes
                .get_or_insert_with(|| Rc::new(super::schemes::declared_schemes(b))),
        )
    }

    /// Both documents' families (the original's, then the export's).
    pub(crate) fn families(&mut self) -> &(Families, Families) {
        let (a, b) = (self.a, self.b);
        self.families
            .get_or_insert_with(|| (Families::of(a), Families::of(b)))
    }

    /// Runs `compare` once per `key`. Its differences go to `out` when `include` is false
    /// (a probe: the caller only decides with them) or at an operation's top level;
    /// otherwise they become the enclosing comparison's, by reference.
    pub(crate) fn memo(
        &mut self,
        key: Key,
        out: &mut Vec<Difference>,
        include: bool,
        compare: impl FnOnce(&mut Self, &mut Vec<Difference>),
    ) {
        if self.frames.len() >= MAX_DEPTH {
            return;
        }
        if let Some(&id) = self.ids.get(&key) {
            let unsettled = self
                .nodes
                .get(id)
                .is_some_and(|n| !matches!(n.state, State::Done));
            if unsettled && let Some(frame) = self.frames.last_mut() {
                frame.low = frame.low.min(id);
            }
            self.deliver(id, out, include);
            return;
        }
        let id = self.nodes.len();
        self.nodes.push(Node {
            state: State::Running,
            local: Vec::new(),
            included: Vec::new(),
            closure: self.empty.clone(),
        });
        self.ids.insert(key, id);
        self.open.push(id);
        self.frames.push(Frame {
            low: id,
            included: Vec::new(),
        });
        let mut found = Vec::new();
        compare(self, &mut found);
        let Some(frame) = self.frames.pop() else {
            return;
        };
        let local: Vec<u32> = found.into_iter().map(|d| self.intern(d)).collect();
        if let Some(node) = self.nodes.get_mut(id) {
            node.local = local;
            node.included = frame.included;
        }
        if frame.low >= id {
            let from = self
                .open
                .iter()
                .rposition(|&n| n == id)
                .unwrap_or(self.open.len());
            let group = self.open.split_off(from);
            self.settle(&group);
        } else {
            let closure = self.gather(id, |_| true);
            if let Some(node) = self.nodes.get_mut(id) {
                node.closure = closure;
                node.state = State::Pending;
            }
            if let Some(parent) = self.frames.last_mut() {
                parent.low = parent.low.min(frame.low);
            }
        }
        self.deliver(id, out, include);
    }

    fn deliver(&mut self, id: usize, out: &mut Vec<Difference>, include: bool) {
        if include && let Some(frame) = self.frames.last_mut() {
            frame.included.push(id);
            return;
        }
        if let Some(node) = self.nodes.get(id) {
            // In the order found (identifiers are given in that order).
            let mut ids = node.closure.to_vec();
            ids.sort_unstable();
            let table = &self.table;
            out.extend(ids.iter().filter_map(|&d| table.get(d as usize)).cloned());
        }
    }

    /// `id`'s own differences with the current ones of the included comparisons `take`
    /// accepts, capped.
    fn gather(&self, id: usize, take: impl Fn(usize) -> bool) -> Rc<[u32]> {
        let Some(node) = self.nodes.get(id) else {
            return self.empty.clone();
        };
        let mut all: Vec<u32> = node.local.clone();
        all.extend(node.closure.iter().copied());
        for &child in node.included.iter().filter(|&&c| take(c)) {
            if let Some(c) = self.nodes.get(child) {
                all.extend(c.closure.iter().copied());
            }
        }
        self.capped(all)
    }

    /// Settles a complete group: every member's differences are its own and those of
    /// the comparisons it includes, to a fixpoint (inclusions may form cycles).
    fn settle(&mut self, group: &[usize]) {
        let members: HashSet<usize> = group.iter().copied().collect();
        for &m in group {
            let outside = self.gather(m, |c| !members.contains(&c));
            if let Some(node) = self.nodes.get_mut(m) {
                node.closure = outside;
            }
        }
        let cyclic = group.iter().any(|&m| {
            self.nodes
                .get(m)
                .is_some_and(|n| n.included.iter().any(|c| members.contains(c)))
        });
        if cyclic {
            // Later members were mostly included by earlier ones: settle them first.
            for _ in 0..=group.len() {
                let mut changed = false;
                for &m in group.iter().rev() {
                    let closure = self.gather(m, |c| members.contains(&c));
                    if let Some(node) = self.nodes.get_mut(m)
                        && *node.closure != *closure
                    {
                        node.closure = closure;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
        }
        for &m in group {
            if let Some(node) = self.nodes.get_mut(m) {
                node.state = State::Done;
            }
        }
    }

    fn intern(&mut self, d: Difference) -> u32 {
        if let Some(&i) = self.interned.get(&d) {
            return i;
        }
        let i = u32::try_from(self.table.len()).unwrap_or(u32::MAX);
        self.table.push(d.clone());
        self.interned.insert(d, i);
        i
    }

    /// The differences sorted by kind, category and identifier (the first found first),
    /// at most [`MAX_PER_CATEGORY`] of each.
    fn capped(&self, mut all: Vec<u32>) -> Rc<[u32]> {
        if all.is_empty() {
            return self.empty.clone();
        }
        let class = |i: &u32| -> (Kind, &'static str) {
            self.table
                .get(*i as usize)
                .map_or((Kind::Faithful, ""), |d| (d.kind, d.category))
        };
        all.sort_by(|x, y| class(x).cmp(&class(y)).then(x.cmp(y)));
        all.dedup();
        let mut out = Vec::with_capacity(all.len());
        let mut run = 0;
        for (i, d) in all.iter().enumerate() {
            let same = i > 0 && all.get(i - 1).is_some_and(|p| class(p) == class(d));
            run = if same { run + 1 } else { 1 };
            if run <= MAX_PER_CATEGORY {
                out.push(*d);
            }
        }
        Rc::from(out)
    }
}

/// An operation's differences: each once, at most [`MAX_PER_CATEGORY`] of each kind and
/// category, in the order found.
pub(crate) fn finish(found: Vec<Difference>) -> Vec<Difference> {
    let mut seen: HashSet<Difference> = HashSet::new();
    let mut per: HashMap<(Kind, &'static str), usize> = HashMap::new();
    let mut out = Vec::new();
    for d in found {
        if seen.contains(&d) {
            continue;
        }
        let count = per.entry((d.kind, d.category)).or_default();
        if *count < MAX_PER_CATEGORY {
            *count += 1;
            seen.insert(d.clone());
            out.push(d);
        }
    }
    out
}
