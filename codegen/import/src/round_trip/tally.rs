//! Counting over many comparisons: how many operations survive, and which categories of
//! difference block the most operations, so that the import work can be ordered by what
//! it would gain.

use std::collections::{BTreeMap, BTreeSet};

use super::{Comparison, Kind};

/// Operation counts of one comparison or of many added together.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Operations of the original(s).
    pub operations: usize,
    /// Of those, the ones on the wire.
    pub on_wire: usize,
    /// Of those, the ones faithful (a subset of `on_wire`).
    pub faithful: usize,
}

impl Summary {
    /// The counts of one comparison.
    pub fn of(comparison: &Comparison) -> Self {
        let ops = &comparison.operations;
        Summary {
            operations: ops.len(),
            on_wire: ops.iter().filter(|v| v.on_wire).count(),
            faithful: ops.iter().filter(|v| v.faithful).count(),
        }
    }

    /// Adds `other`'s counts (for a total over many documents).
    pub fn add(&mut self, other: Summary) {
        self.operations += other.operations;
        self.on_wire += other.on_wire;
        self.faithful += other.faithful;
    }
}

/// How one category of difference weighs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Count {
    /// Differences of the category.
    pub differences: usize,
    /// Operations with at least one of them.
    pub operations: usize,
    /// Operations for which it is the only category of its kind, so that fixing it alone
    /// would raise them a level: for [`Kind::Wire`], onto the wire; for
    /// [`Kind::Faithful`], from on-the-wire to faithful.
    pub sole: usize,
}

/// Differences counted by kind and category over any number of comparisons.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// The counts by (kind, category).
    pub categories: BTreeMap<(Kind, &'static str), Count>,
}

impl Tally {
    /// An empty tally.
    pub fn new() -> Self {
        Self::default()
    }

    /// Counts the differences of every operation of `comparison`.
    pub fn add(&mut self, comparison: &Comparison) {
        for verdict in &comparison.operations {
            let mut seen: BTreeSet<(Kind, &'static str)> = BTreeSet::new();
            for d in &verdict.differences {
                self.categories
                    .entry((d.kind, d.category))
                    .or_default()
                    .differences += 1;
                seen.insert((d.kind, d.category));
            }
            let wire = seen.iter().filter(|(k, _)| *k == Kind::Wire).count();
            let faithful = seen.len() - wire;
            for key in &seen {
                let count = self.categories.entry(*key).or_default();
                count.operations += 1;
                let sole = match key.0 {
                    Kind::Wire => wire == 1,
                    Kind::Faithful => wire == 0 && faithful == 1,
                };
                if sole {
                    count.sole += 1;
                }
            }
        }
    }

    /// The categories of `kind`, those affecting the most operations first (then the most
    /// differences, then by name).
    pub fn ranked(&self, kind: Kind) -> Vec<(&'static str, Count)> {
        let mut out: Vec<(&'static str, Count)> = self
            .categories
            .iter()
            .filter(|((k, _), _)| *k == kind)
            .map(|((_, category), count)| (*category, *count))
            .collect();
        out.sort_by(|(na, a), (nb, b)| {
            b.operations
                .cmp(&a.operations)
                .then(b.differences.cmp(&a.differences))
                .then(na.cmp(nb))
        });
        out
    }
}
