//! Schema comparison: two flattened views ([`super::flatten`]) keyword by keyword,
//! recursing into properties, items, union alternatives and discriminator targets
//! through the memo ([`super::memo`]) that keeps recursive and heavily shared schemas
//! from looping or being compared more than once.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::slice;

use serde_json::Value;

use super::flatten::{Additional, Flat, Part, Union, flatten};
use super::keywords::{effective_types, enums, facets, mapping, types};
use super::memo::{Comparer, Key};
use super::refs::{Doc, push};
use super::{Difference, Kind};

impl<'a> Comparer<'a> {
    /// Compares the conjunction of the original's `a` with that of the export's `b`
    /// (empty: "any"); `at` is where the original's schema is, or its parent. The
    /// differences are the caller's own.
    pub(crate) fn schemas(
        &mut self,
        a: &[Part<'a>],
        b: &[Part<'a>],
        at: &str,
        out: &mut Vec<Difference>,
    ) {
        self.compare(a, b, at, out, true, false);
    }

    /// As [`Comparer::schemas`], whether either admits `null` aside (a parameter's value,
    /// which is text on the wire).
    pub(crate) fn schemas_without_null(
        &mut self,
        a: &[Part<'a>],
        b: &[Part<'a>],
        at: &str,
        out: &mut Vec<Difference>,
    ) {
        self.compare(a, b, at, out, true, true);
    }

    /// The differences between two schemas, for a decision only (which union
    /// alternative matches): the caller does not take them as its own. `null_aside`: as
    /// [`Comparer::compare`] says.
    fn probe(&mut self, a: &Part<'a>, b: &Part<'a>, null_aside: bool) -> Vec<Difference> {
        let mut found = Vec::new();
        self.compare(
            slice::from_ref(a),
            slice::from_ref(b),
            &a.ptr,
            &mut found,
            false,
            null_aside,
        );
        found
    }

    /// `null_aside`: whether either admits `null` is no difference: they are alternatives
    /// of unions, whose `null` the unions admit as a whole (compared where the unions are:
    /// `anyOf: [{ $ref: X, nullable: true }]` against a nullable field of `oneOf: [X]`), or
    /// parameters, text on the wire.
    fn compare(
        &mut self,
        a: &[Part<'a>],
        b: &[Part<'a>],
        at: &str,
        out: &mut Vec<Difference>,
        include: bool,
        null_aside: bool,
    ) {
        let mut key = self.key(a, b, at);
        if null_aside {
            // A parameter's text sets its items' `null` aside too: another comparison.
            key.0.push_str(match self.text_values {
                true => " (text)",
                false => " (null aside)",
            });
        }
        self.memo(key, out, include, |c, found| {
            let fa = flatten(c.a, a, at);
            let fb = flatten(c.b, b, at);
            c.flat(&fa, &fb, found, null_aside);
        });
    }

    /// The identity of a comparison: where both sides' parts are (references resolved),
    /// or for an empty original side, where its parent is (its differences point there).
    /// Every comparison is memoised, inline ones too: a property wrapping a reference in
    /// an `allOf` (as many generated documents do) recurs and is shared like a reference.
    fn key(&self, a: &[Part<'a>], b: &[Part<'a>], at: &str) -> Key {
        // A conjunction is a set: order and repetition do not matter.
        let side = |doc: Doc<'a>, parts: &[Part<'a>]| {
            let mut at: Vec<String> = parts
                .iter()
                .map(|part| match doc.resolve(part.value, part.ptr.clone()) {
                    Ok((_, at)) => at,
                    Err(broken) => broken.at,
                })
                .collect();
            at.sort();
            at.dedup();
            at.join(" ")
        };
        let ours = if a.is_empty() {
            format!("@{at}")
        } else {
            side(self.a, a)
        };
        (ours, side(self.b, b))
    }

    fn flat(&mut self, a: &Flat<'a>, b: &Flat<'a>, out: &mut Vec<Difference>, null_aside: bool) {
        for (at, reference) in &a.broken {
            let what = format!("unresolvable $ref `{reference}`");
            out.push(Difference::wire(at, "$ref", what));
        }
        for (_, reference) in &b.broken {
            let what = format!("the export's $ref `{reference}` does not resolve");
            out.push(Difference::wire(&a.ptr, "$ref", what));
        }
        // Unions first: where their alternatives do not pair up on the wire, the types
        // they admit differ as a consequence, which is not reported again.
        let mut unions_out = Vec::new();
        let mut unions_differ = false;
        for i in 0..a.unions.len().max(b.unions.len()) {
            match (a.unions.get(i), b.unions.get(i)) {
                (Some(ua), Some(ub)) => unions_differ |= !self.union(ua, ub, &mut unions_out),
                (Some(ua), None) => {
                    let what = format!(
                        "{} of {} alternatives is not one in the export",
                        ua.keyword,
                        ua.alternatives.len()
                    );
                    unions_out.push(Difference::wire(&ua.ptr, ua.keyword, what));
                    unions_differ = true;
                }
                (None, Some(ub)) => {
                    let what = format!(
                        "exported as {} of {} alternatives",
                        ub.keyword,
                        ub.alternatives.len()
                    );
                    unions_out.push(Difference::wire(&a.ptr, ub.keyword, what));
                    unions_differ = true;
                }
                (None, None) => {}
            }
        }
        let mut ta = effective_types(self.a, a, 0);
        let mut tb = effective_types(self.b, b, 0);
        if null_aside {
            for t in [&mut ta, &mut tb].into_iter().flatten() {
                t.remove("null");
            }
        }
        if ta != tb && !unions_differ {
            let what = format!("type {}, exported {}", types(&ta), types(&tb));
            out.push(Difference::wire(&a.type_ptr, "type", what));
        }
        // Members said of a value that is never an object (xtrf's `properties` beside
        // `type: array`) constrain nothing: JSON Schema applies them to objects only.
        let no_object =
            |t: &Option<BTreeSet<&'static str>>| t.as_ref().is_some_and(|t| !t.contains("object"));
        if !(no_object(&ta) && no_object(&tb)) {
            self.objects(a, b, out);
        }
        // Items said of a value that is never an array (Azure's `items` beside `type:
        // object`) constrain nothing either.
        let no_array =
            |t: &Option<BTreeSet<&'static str>>| t.as_ref().is_some_and(|t| !t.contains("array"));
        let items_said = !a.items.is_empty() || !b.items.is_empty();
        let never_arrays = no_array(&ta) && no_array(&tb);
        if items_said && !never_arrays {
            let at = a.items_ptr.as_deref().unwrap_or(&a.ptr);
            // A parameter's items are text on the wire, as its value is.
            let text_items = null_aside && self.text_values;
            self.compare(&a.items, &b.items, at, out, true, text_items);
        }
        enums(a, b, out);
        out.extend(unions_out);
        self.discriminator(a, b, out);
        match (a.not.is_empty(), b.not.is_empty()) {
            (true, true) => {}
            (false, false) => self.schemas(&a.not, &b.not, &a.ptr, out),
            (false, true) => {
                let at = a.not.first().map_or(&a.ptr, |p| &p.ptr);
                out.push(Difference::wire(at, "not", "`not` missing".into()));
            }
            (true, false) => {
                out.push(Difference::wire(&a.ptr, "not", "`not` added".into()));
            }
        }
        facets(a, b, out);
    }

    fn objects(&mut self, a: &Flat<'a>, b: &Flat<'a>, out: &mut Vec<Difference>) {
        let open = |f: &Flat<'_>| matches!(&f.additional, Additional::Schemas(p) if p.is_empty());
        let relevant =
            |f: &Flat<'_>| !f.properties.is_empty() || !f.required.is_empty() || !open(f);
        if !relevant(a) && !relevant(b) {
            return;
        }
        for (name, parts) in &a.properties {
            match b.properties.iter().find(|(n, _)| n == name) {
                Some((_, theirs)) => self.schemas(parts, theirs, &a.ptr, out),
                None => {
                    let at = parts.first().map_or(&a.ptr, |p| &p.ptr);
                    let what = format!("property `{name}` missing");
                    out.push(Difference::wire(at, "property", what));
                }
            }
        }
        let parent = a.properties_ptr.as_deref().unwrap_or(&a.ptr);
        // A name the original requires without a property is one of any value.
        let any = |parts: &[crate::round_trip::flatten::Part<'_>]| {
            parts.iter().all(|p| {
                p.value
                    .as_object()
                    .is_some_and(|o| o.keys().all(|k| k == "description"))
            })
        };
        for (name, parts) in &b.properties {
            let declared = a.properties.iter().any(|(n, _)| n == name);
            let required_any = a.required.contains(name) && any(parts);
            if !(declared || required_any) {
                let what = format!("extra property `{name}` in the export");
                out.push(Difference::wire(parent, "property", what));
            }
        }
        let at = a.required_ptr.as_deref().unwrap_or(&a.ptr);
        for name in a.required.difference(&b.required) {
            let what = format!("`{name}` required, exported optional");
            out.push(Difference::wire(at, "required", what));
        }
        for name in b.required.difference(&a.required) {
            let what = format!("`{name}` optional, exported required");
            out.push(Difference::wire(at, "required", what));
        }
        let at = a.additional_ptr.as_deref().unwrap_or(&a.ptr);
        let category = "additionalProperties";
        match (&a.additional, &b.additional) {
            (Additional::Closed(_), Additional::Closed(_)) => {}
            (Additional::Closed(p), Additional::Schemas(_)) => {
                let what = "additionalProperties false, exported open".to_owned();
                out.push(Difference::wire(p, category, what));
            }
            (Additional::Schemas(_), Additional::Closed(_)) => {
                let what = "additional properties allowed, exported false".to_owned();
                out.push(Difference::wire(at, category, what));
            }
            (Additional::Schemas(pa), Additional::Schemas(pb)) => {
                if !pa.is_empty() || !pb.is_empty() {
                    self.schemas(pa, pb, at, out);
                }
            }
        }
    }

    /// Each original alternative needs its own wire-equal alternative in the export
    /// (greedily: an exact one first, else the one with the fewest faithful differences).
    /// Whether every alternative found a wire-equal partner, none left over.
    fn union(&mut self, ua: &Union<'a>, ub: &Union<'a>, out: &mut Vec<Difference>) -> bool {
        if ua.keyword != ub.keyword {
            let what = format!("{} exported as {}", ua.keyword, ub.keyword);
            out.push(Difference::faithful(&ua.ptr, "union keyword", what));
        }
        let mut used = vec![false; ub.alternatives.len()];
        let mut pairs: Vec<Option<usize>> = vec![None; ua.alternatives.len()];
        // First each original alternative takes a wire-equal one (the closest); then the
        // rest take the closest left, whose differences say why (an alternative of the
        // original's own that cannot equal anything, through a broken reference, is
        // reported as such rather than as unmatched).
        let mut paired_on_wire = 0;
        for wire_equal_only in [true, false] {
            for (i, alternative) in ua.alternatives.iter().enumerate() {
                if pairs.get(i).is_some_and(Option::is_some) {
                    continue;
                }
                let mut best: Option<(usize, (usize, usize))> = None;
                for (j, theirs) in ub.alternatives.iter().enumerate() {
                    if used.get(j).copied().unwrap_or(true) {
                        continue;
                    }
                    let found = self.probe(alternative, theirs, true);
                    let wire = found.iter().filter(|d| d.kind == Kind::Wire).count();
                    if wire_equal_only && wire > 0 {
                        continue;
                    }
                    let distance = (wire, found.len());
                    if best.is_none_or(|(_, d)| d > distance) {
                        best = Some((j, distance));
                    }
                    if found.is_empty() {
                        break;
                    }
                }
                if let Some((j, _)) = best {
                    if wire_equal_only {
                        paired_on_wire += 1;
                    }
                    if let Some(u) = used.get_mut(j) {
                        *u = true;
                    }
                    if let Some(p) = pairs.get_mut(i) {
                        *p = Some(j);
                    }
                }
            }
        }
        for (alternative, pair) in ua.alternatives.iter().zip(&pairs) {
            match pair.and_then(|j| ub.alternatives.get(j)) {
                Some(theirs) => {
                    let (ours, theirs) = (slice::from_ref(alternative), slice::from_ref(theirs));
                    self.compare(ours, theirs, &alternative.ptr, out, true, true);
                }
                None => {
                    let what = "alternative has no counterpart in the export".into();
                    out.push(Difference::wire(&alternative.ptr, ua.keyword, what));
                }
            }
        }
        let extra = used.iter().filter(|u| !**u).count();
        if extra > 0 {
            let what = format!("{extra} extra alternative(s) in the export");
            out.push(Difference::wire(&ua.ptr, ua.keyword, what));
        }
        extra == 0 && paired_on_wire == ua.alternatives.len()
    }

    fn discriminator(&mut self, a: &Flat<'a>, b: &Flat<'a>, out: &mut Vec<Difference>) {
        let category = "discriminator";
        let (da, db) = match (&a.discriminator, &b.discriminator) {
            (None, None) => return,
            // Inherited by a schema whose property holds none of its values (Bitbucket's
            // `pipeline_selector`, a `type` of `branches` or `tags` under a base mapping
            // type names), it selects nothing there: readers pass such values by.
            (Some(d), None) if self.selects_nothing(d, a) => return,
            (Some(d), None) => {
                out.push(Difference::wire(
                    &d.ptr,
                    category,
                    "discriminator missing".into(),
                ));
                return;
            }
            (None, Some(_)) => {
                out.push(Difference::wire(
                    &a.ptr,
                    category,
                    "discriminator added".into(),
                ));
                return;
            }
            (Some(da), Some(db)) => (da, db),
        };
        fn name<'v>(d: &Part<'v>) -> Option<&'v str> {
            d.value.get("propertyName").and_then(Value::as_str)
        }
        if name(da) != name(db) {
            let what = format!(
                "discriminator property `{}`, exported `{}`",
                name(da).unwrap_or(""),
                name(db).unwrap_or("")
            );
            out.push(Difference::wire(
                push(&da.ptr, "propertyName"),
                category,
                what,
            ));
        }
        // The mapping is compared once per pair of discriminators: every schema deriving
        // from a base (through `allOf`) inherits its discriminator, whose mapping may hold
        // thousands of values.
        let source = |d: &Part<'_>, f: &Flat<'_>| match d.value.get("mapping") {
            Some(_) => d.ptr.clone(),
            None => f.unions.first().map_or_else(String::new, |u| u.ptr.clone()),
        };
        let key = (
            format!("mapping {} {}", da.ptr, source(da, a)),
            format!("mapping {} {}", db.ptr, source(db, b)),
        );
        self.memo(key, out, true, |c, found| c.mappings(da, a, db, b, found));
    }

    /// Whether `flat`'s own discriminator property lists values none of which `d` maps.
    fn selects_nothing(&mut self, d: &Part<'a>, flat: &Flat<'a>) -> bool {
        let Some(property) = d.value.get("propertyName").and_then(Value::as_str) else {
            return false;
        };
        let listed: Vec<&str> = flat
            .properties
            .iter()
            .filter(|(name, _)| name == property)
            .flat_map(|(_, parts)| parts)
            .filter_map(|part| part.value.get("enum").and_then(Value::as_array))
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        if listed.is_empty() {
            return false;
        }
        let doc = self.a;
        let (families, _) = self.families();
        let mapped = mapping(d, flat, families, &doc);
        !listed
            .iter()
            .any(|value| mapped.iter().any(|(key, _, _)| key == value))
    }

    /// Compares the values of two discriminators' mappings, and where they lead.
    fn mappings(
        &mut self,
        da: &Part<'a>,
        a: &Flat<'a>,
        db: &Part<'a>,
        b: &Flat<'a>,
        out: &mut Vec<Difference>,
    ) {
        let category = "discriminator";
        let (doc_a, doc_b) = (self.a, self.b);
        let (fa, fb) = self.families();
        let (ma, mb) = (mapping(da, a, fa, &doc_a), mapping(db, b, fb, &doc_b));
        // Mappings of large documents hold thousands of values.
        let theirs_by_key: HashMap<&str, &str> = mb
            .iter()
            .map(|(k, t, _)| (k.as_str(), t.as_str()))
            .collect();
        let ours_by_key: HashSet<&str> = ma.iter().map(|(k, _, _)| k.as_str()).collect();
        for (key, target, at) in &ma {
            let Some(theirs) = theirs_by_key.get(key.as_str()) else {
                let what = format!("discriminator value `{key}` missing");
                out.push(Difference::wire(at, category, what));
                continue;
            };
            let (Some((va, pa)), Some((vb, pb))) = (self.a.lookup(target), self.b.lookup(theirs))
            else {
                let what = format!("discriminator value `{key}` maps to no schema");
                out.push(Difference::wire(at, category, what));
                continue;
            };
            let pa = Part { value: va, ptr: pa };
            let pb = Part { value: vb, ptr: pb };
            let scratch = self.probe(&pa, &pb, false);
            if scratch.iter().any(|d| d.kind == Kind::Wire) {
                let what = format!("discriminator value `{key}` maps to a different schema");
                out.push(Difference::wire(at, category, what));
            }
        }
        for (key, _, _) in &mb {
            if !ours_by_key.contains(key.as_str()) {
                let what = format!("discriminator value `{key}` added");
                out.push(Difference::wire(&da.ptr, category, what));
            }
        }
    }
}
