//! Operations: each original operation compared with its exported counterpart (`op.rs`
//! lists and pairs them), the operation-level parts here (deprecation, security);
//! parameters, bodies and responses have modules of their own.

use std::collections::BTreeSet;

use serde_json::Value;

use super::bodies;
use super::memo::{Comparer, finish};
use super::op::{Index, Op, operations};
use super::parameters;
use super::refs::{Doc, push};
use super::schemes::{Requirement, Sent, requirement};
use super::{Difference, Kind, Verdict};

/// The verdicts for every operation of `original`.
pub(crate) fn compare_documents(original: &Value, exported: &Value) -> Vec<Verdict> {
    let a = Doc::new(original);
    let b = Doc::new(exported);
    let exported = operations(b);
    let index = Index::new(&exported);
    let mut comparer = Comparer::new(a, b);
    operations(a)
        .iter()
        .map(|op| {
            let mut differences = Vec::new();
            match index.counterpart(op) {
                None => {
                    let what = "operation missing from the export".to_owned();
                    differences.push(Difference::wire(&op.ptr, "operation", what));
                }
                Some((other, slash)) => {
                    if slash {
                        let what = format!("path `{}` exported as `{}`", op.path, other.path);
                        differences.push(Difference::faithful(&op.item_ptr, "path", what));
                    }
                    operation(&mut comparer, op, other, &mut differences);
                }
            }
            let differences = finish(differences);
            let on_wire = !differences.iter().any(|d| d.kind == Kind::Wire);
            Verdict {
                method: op.method.to_owned(),
                path: op.path.to_owned(),
                on_wire,
                faithful: differences.is_empty(),
                differences,
            }
        })
        .collect()
}

fn operation<'a>(c: &mut Comparer<'a>, a: &Op<'a>, b: &Op<'a>, out: &mut Vec<Difference>) {
    let deprecated = |op: &Op<'_>| op.op.get("deprecated").and_then(Value::as_bool) == Some(true);
    if deprecated(a) != deprecated(b) {
        let (at, what) = if deprecated(a) {
            (
                push(&a.ptr, "deprecated"),
                "deprecated operation exported as current",
            )
        } else {
            (a.ptr.clone(), "operation exported as deprecated")
        };
        out.push(Difference::faithful(at, "deprecated", what.to_owned()));
    }
    parameters::compare(c, a, b, out);
    bodies::request(c, a, b, out);
    bodies::responses(c, a, b, out);
    security(c, a, b, out);
}

fn security<'a>(c: &Comparer<'a>, a: &Op<'a>, b: &Op<'a>, out: &mut Vec<Difference>) {
    let (ra, at) = requirement(c.a, a, Sent::AsDescribed);
    let (rb, _) = requirement(c.b, b, Sent::AsDescribed);
    if ra == rb {
        return;
    }
    let what = format!("security {}, exported {}", describe(&ra), describe(&rb));
    // What a client sends: an OAuth 2 or OpenID Connect access token is a bearer token in
    // `Authorization` (RFC 6750); and where anyone may call in both, accepting credentials
    // besides changes no request that worked.
    let (wa, _) = requirement(c.a, a, Sent::OnTheWire);
    let (wb, _) = requirement(c.b, b, Sent::OnTheWire);
    let anyone = |r: &Requirement| r.is_empty() || r.iter().any(BTreeSet::is_empty);
    if wa == wb || (anyone(&wa) && anyone(&wb)) {
        out.push(Difference::faithful(at, "security", what));
    } else {
        out.push(Difference::wire(at, "security", what));
    }
}

fn describe(r: &Requirement) -> String {
    if r.is_empty() {
        return "none".to_owned();
    }
    r.iter()
        .map(|all| {
            if all.is_empty() {
                "anonymous".to_owned()
            } else {
                all.iter().cloned().collect::<Vec<_>>().join(" + ")
            }
        })
        .collect::<Vec<_>>()
        .join(" | ")
}
