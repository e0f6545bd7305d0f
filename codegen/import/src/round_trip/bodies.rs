//! Request bodies and responses: presence, `required`, status codes, media types (the
//! JSON family taken as one), their schemas, and response headers.

use serde_json::Value;

use super::Difference;
use super::flatten::Part;
use super::media::{essence, is_textual, json_alias, kind};
use super::memo::Comparer;
use super::op::Op;
use super::refs::{Doc, push};

/// The schema of a parameter, header or media type object: its `schema`, or its first
/// `content` entry's (none: "any").
pub(crate) fn schema_parts<'a>(holder: &'a Value, ptr: &str) -> Vec<Part<'a>> {
    if let Some(schema) = holder.get("schema") {
        return vec![Part {
            value: schema,
            ptr: push(ptr, "schema"),
        }];
    }
    let first = holder
        .get("content")
        .and_then(Value::as_object)
        .and_then(|c| c.iter().next());
    match first {
        Some((media, m)) => schema_parts(m, &push(&push(ptr, "content"), media)),
        None => Vec::new(),
    }
}

/// `holder[key]` through references: `None` when absent, `Err` with a difference when
/// the reference does not resolve.
fn member<'a>(
    doc: Doc<'a>,
    holder: &'a Value,
    ptr: &str,
    key: &str,
) -> Option<Result<(&'a Value, String), Difference>> {
    let value = holder.get(key)?;
    Some(doc.resolve(value, push(ptr, key)).map_err(|b| {
        Difference::wire(b.at, "$ref", format!("unresolvable $ref `{}`", b.reference))
    }))
}

/// Compares the request bodies of `a` (original) and `b` (export).
pub(crate) fn request<'a>(c: &mut Comparer<'a>, a: &Op<'a>, b: &Op<'a>, out: &mut Vec<Difference>) {
    let ours = match member(c.a, a.op, &a.ptr, "requestBody") {
        Some(Err(d)) => return out.push(d),
        Some(Ok(found)) => Some(found),
        None => None,
    };
    let theirs = member(c.b, b.op, &b.ptr, "requestBody").and_then(Result::ok);
    let category = "request body";
    match (ours, theirs) {
        (None, None) => {}
        // A body holding nothing a client could send is none (Stripe's GET forms).
        (Some((ra, _)), None) if super::refs::empty_optional_body(ra) => {}
        (Some((_, at)), None) => {
            out.push(Difference::wire(
                at,
                category,
                "request body missing".into(),
            ));
        }
        (None, Some(_)) => {
            let what = "request body added in the export".to_owned();
            out.push(Difference::wire(&a.ptr, category, what));
        }
        (Some((ra, at)), Some((rb, their_at))) => {
            let required = |r: &Value| r.get("required").and_then(Value::as_bool) == Some(true);
            if required(ra) != required(rb) {
                let what = if required(ra) {
                    "request body required, exported optional"
                } else {
                    "request body optional, exported required"
                };
                let ptr = match ra.get("required") {
                    Some(_) => push(&at, "required"),
                    None => at.clone(),
                };
                out.push(Difference::wire(ptr, "request body required", what.into()));
            }
            content(c, (ra, &at), (rb, &their_at), Side::Request, out);
        }
    }
}

/// Compares the responses of `a` (original) and `b` (export).
pub(crate) fn responses<'a>(
    c: &mut Comparer<'a>,
    a: &Op<'a>,
    b: &Op<'a>,
    out: &mut Vec<Difference>,
) {
    let listed = |op: &'a Value| -> Vec<(&'a String, &'a Value)> {
        op.get("responses")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .collect()
    };
    let (ours, theirs) = (listed(a.op), listed(b.op));
    let their_at = push(&b.ptr, "responses");
    let at = match a.op.get("responses") {
        Some(_) => push(&a.ptr, "responses"),
        None => a.ptr.clone(),
    };
    let category = "response status";
    // `default` with no success listed beside it is every answer: the export's successes
    // are its instances, each of whose bodies must fit it (a document writing its only
    // answer as `default`, Betfair's).
    let default_answers = !ours
        .iter()
        .any(|(k, _)| k.starts_with('2') || k.starts_with('3'));
    let successes_of_default = |code: &str| {
        default_answers
            && code.eq_ignore_ascii_case("default")
            && theirs.iter().any(|(k, _)| k.starts_with('2'))
    };
    for &(code, response) in &ours {
        let (response, ptr) = match c.a.resolve(response, push(&at, code)) {
            Ok(found) => found,
            Err(b) => {
                let what = format!("unresolvable $ref `{}`", b.reference);
                out.push(Difference::wire(b.at, "$ref", what));
                continue;
            }
        };
        // A range (`4XX`) is every answer of the export in it, each of which must fit.
        if let Some(class) = range_class(code) {
            let in_range: Vec<(&String, &Value)> = theirs
                .iter()
                .filter(|(k, _)| k.len() == 3 && k.starts_with(class))
                .map(|(k, r)| (*k, *r))
                .collect();
            if in_range.is_empty() {
                let what = format!("response status `{code}` missing");
                out.push(Difference::wire(ptr, category, what));
                continue;
            }
            for (k, r) in in_range {
                if let Ok((other, other_at)) = c.b.resolve(r, push(&their_at, k)) {
                    let side = if class == '2' {
                        Side::Answer
                    } else {
                        Side::Error
                    };
                    content(c, (response, &ptr), (other, &other_at), side, out);
                }
            }
            continue;
        }
        if successes_of_default(code) {
            for (k, r) in theirs.iter().filter(|(k, _)| k.starts_with('2')) {
                if let Ok((other, other_at)) = c.b.resolve(r, push(&their_at, k)) {
                    content(c, (response, &ptr), (other, &other_at), Side::Answer, out);
                    headers(c, (response, &ptr), (other, &other_at), out);
                }
            }
            continue;
        }
        let found = theirs
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(code))
            .and_then(|(k, r)| c.b.resolve(r, push(&their_at, k)).ok());
        let Some((other, other_at)) = found else {
            let what = format!("response status `{code}` missing");
            out.push(Difference::wire(ptr, category, what));
            continue;
        };
        let side = match code.chars().next() {
            Some('4' | '5' | 'd' | 'D') => Side::Error,
            _ => Side::Answer,
        };
        // A 204, 205 or 304 ends with its header section (RFC 9110): content a document lists
        // for it never reaches a client, so neither side's is compared.
        if !matches!(code.as_str(), "204" | "205" | "304") {
            content(c, (response, &ptr), (other, &other_at), side, out);
        }
        headers(c, (response, &ptr), (other, &other_at), out);
    }
    // An operation the original lists no success for (BigOven's scan, only its errors):
    // the export's one success contradicts nothing it says.
    let says_no_success = !ours
        .iter()
        .any(|(k, _)| k.starts_with(['1', '2', '3']) || k.eq_ignore_ascii_case("default"));
    for (code, _) in &theirs {
        let refusal = code.starts_with('4') || code.starts_with('5') || *code == "default";
        let unsaid = says_no_success && code.starts_with('2');
        let listed = unsaid
            || ours.iter().any(|(k, _)| {
                k.eq_ignore_ascii_case(code)
                    || range_class(k).is_some_and(|c| code.starts_with(c))
                    || (successes_of_default(k) && code.starts_with('2'))
            });
        if !refusal && !listed {
            let what = format!("extra response status `{code}` in the export");
            out.push(Difference::wire(&at, category, what));
        }
    }
}

/// The class of a range of codes (`4XX` → `4`), if `code` is one.
fn range_class(code: &str) -> Option<char> {
    let mut chars = code.chars();
    let class = chars.next().filter(|c| ('1'..='5').contains(c))?;
    chars
        .all(|c| c.eq_ignore_ascii_case(&'x'))
        .then_some(class)
        .filter(|_| code.len() == 3)
}

/// What a `content` belongs to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    /// A request body: a client may send any media type it lists.
    Request,
    /// A success answer.
    Answer,
    /// An error answer (4xx, 5xx or `default`): where the original describes no body, a
    /// body in the export breaks no client.
    Error,
}

/// Compares the `content` of a body or response `ours` (at `at`) with `theirs`. An
/// answer's JSON listed under several names needs one of them in the export (the server
/// sends one); a request body's each (a client may send any), and a request body the
/// export reads in more types than the original is the same on the wire.
fn content<'a>(
    c: &mut Comparer<'a>,
    (ours, at): (&'a Value, &str),
    (theirs, their_at): (&'a Value, &str),
    side: Side,
    out: &mut Vec<Difference>,
) {
    let answer = side != Side::Request;
    let entries = |holder: &'a Value| -> Vec<(String, &'a String, &'a Value)> {
        holder
            .get("content")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            // A key that is no media type (Akeneo's `code` and `message`, properties
            // written as `content`) names nothing a server sends.
            .filter(|(media, _)| media.contains('/'))
            .map(|(media, m)| (kind(media), media, m))
            .collect()
    };
    let (mine, other) = (entries(ours), entries(theirs));
    let content_at = push(at, "content");
    // An answer in a range (`*/*`, DocuSign's; `application/*`) may come in any type of
    // it: the export's types in it are its instances.
    let covers = |range: &str, media: &str| match kind(range).split_once('/') {
        Some(("*", "*")) => true,
        Some((family, "*")) => kind(media)
            .split_once('/')
            .is_some_and(|(f, _)| f == family),
        _ => false,
    };
    for (k, media, m) in &mine {
        // A media type without a schema beside one of its kind with a schema (Zuora's
        // `application/json` holding examples, `application/json; charset=utf-8` the
        // schema) shows the body its sibling describes: it is read as that one.
        let described = |(j, n, x): &(String, &String, &Value)| {
            j == k && n != media && x.get("schema").is_some()
        };
        if m.get("schema").is_none() && mine.iter().any(described) {
            continue;
        }
        let ptr = push(&content_at, media);
        // An answer the original lists in several JSON types (Twitter's errors as
        // `application/json` and `application/problem+json`) comes in one of them: where
        // the export keeps another by its name, the client's reading of it is unchanged.
        let named = |name: &str| other.iter().any(|(_, n, _)| essence(n) == essence(name));
        let sibling_kept = mine
            .iter()
            .any(|(j, n, _)| j == k && n != media && named(n));
        // (Where its schema is the kept one's, it is that answer: nothing is left out.)
        let left_out = answer && k == "application/json" && !named(media) && sibling_kept;
        let counterpart = other
            .iter()
            .find(|(_, n, _)| n.eq_ignore_ascii_case(media))
            .or_else(|| other.iter().find(|(j, _, _)| j == k));
        let counterpart = counterpart.or_else(|| {
            let alias = answer && json_alias(media);
            other.iter().find(|(_, n, _)| alias && json_alias(n))
        });
        // A request body the export reads in any type of a range (`*/*`: JSON whatever its
        // type, `request_content_type: any`) is read in this one.
        let counterpart = counterpart.or_else(|| {
            let request = side == Side::Request;
            other.iter().find(|(_, n, _)| request && covers(n, media))
        });
        // A range is compared with the export's JSON in it, else its first type in it.
        let counterpart = counterpart.or_else(|| {
            let within = || other.iter().filter(|(_, n, _)| answer && covers(media, n));
            (within().find(|(j, _, _)| j == "application/json")).or_else(|| within().next())
        });
        let Some((_, n, o)) = counterpart else {
            let what = format!("media type `{media}` missing");
            out.push(Difference::wire(ptr, "media type", what));
            continue;
        };
        // A success in a range the export narrows to one of its types: the client reads
        // it, but the document no longer says others may come.
        if side == Side::Answer && kind(media).ends_with("/*") && !kind(n).ends_with("/*") {
            let what = format!("answer in `{media}` exported as `{n}`");
            out.push(Difference::faithful(&ptr, "media type", what));
        }
        let mut sa = schema_parts(m, &ptr);
        // A text body without a schema is any text, as the export's string is.
        if sa.is_empty() && is_textual(media) {
            sa.push(Part {
                value: super::refs::text_schema(),
                ptr: ptr.clone(),
            });
        }
        // An error answer of any JSON (`schema: {}`, as ritc.io's) describes no body a
        // client could rely on, as one without `content` does: the export's breaks none.
        if side == Side::Error && sa.iter().all(|part| says_nothing(part.value)) {
            continue;
        }
        let sb = schema_parts(o, &push(&push(their_at, "content"), n));
        let mut found = Vec::new();
        c.schemas(&sa, &sb, &ptr, &mut found);
        if left_out && found.iter().any(|d| d.kind == super::Kind::Wire) {
            let what = format!("media type `{media}` left out beside another JSON type");
            out.push(Difference::faithful(ptr, "media type", what));
            continue;
        }
        out.extend(found);
    }
    // No `content`, `content: {}` or one naming no media type: no body described.
    let parent = if !mine.is_empty() {
        content_at
    } else if side == Side::Error {
        return;
    } else if ours.get("content").is_some() {
        content_at
    } else {
        at.to_owned()
    };
    for (k, media, _) in &other {
        let aliased = answer && json_alias(media) && mine.iter().any(|(_, m, _)| json_alias(m));
        let ranged = answer && mine.iter().any(|(_, range, _)| covers(range, media));
        if !aliased && !ranged && !mine.iter().any(|(j, _, _)| j == k) {
            let what = format!("extra media type `{media}` in the export");
            // A request body the export also reads in another type refuses no client of
            // the original: the document says more, the wire is the same.
            if side == Side::Request && !mine.is_empty() {
                out.push(Difference::faithful(&parent, "media type", what));
            } else {
                out.push(Difference::wire(&parent, "media type", what));
            }
        }
    }
}

/// Whether `schema` admits any JSON and says so only: no keyword but annotations.
fn says_nothing(schema: &Value) -> bool {
    const ANNOTATIONS: [&str; 5] = [
        "description",
        "title",
        "example",
        "examples",
        "externalDocs",
    ];
    match schema {
        Value::Bool(admits) => *admits,
        Value::Object(keywords) => keywords
            .keys()
            .all(|k| ANNOTATIONS.contains(&k.as_str()) || k.starts_with("x-")),
        _ => false,
    }
}

/// Compares a response's headers: each of the original's must be in the export.
fn headers<'a>(
    c: &mut Comparer<'a>,
    (ours, at): (&'a Value, &str),
    (theirs, their_at): (&'a Value, &str),
    out: &mut Vec<Difference>,
) {
    let Some(Value::Object(mine)) = ours.get("headers") else {
        return;
    };
    let other = theirs.get("headers").and_then(Value::as_object);
    let headers_at = push(at, "headers");
    for (name, header) in mine {
        if restspec_codegen::naming::is_framing_header(name) {
            continue;
        }
        let (header, ptr) = match c.a.resolve(header, push(&headers_at, name)) {
            Ok(found) => found,
            Err(b) => {
                let what = format!("unresolvable $ref `{}`", b.reference);
                out.push(Difference::wire(b.at, "$ref", what));
                continue;
            }
        };
        let found = other
            .into_iter()
            .flatten()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .and_then(|(n, h)| c.b.resolve(h, push(&push(their_at, "headers"), n)).ok());
        let Some((theirs, tptr)) = found else {
            let what = format!("response header `{name}` missing");
            out.push(Difference::wire(ptr, "response header", what));
            continue;
        };
        // A header without a schema is text, as every header is.
        let text = |parts: Vec<Part<'a>>, ptr: &str| match parts.is_empty() {
            true => vec![Part {
                value: super::refs::text_schema(),
                ptr: ptr.to_owned(),
            }],
            false => parts,
        };
        let sa = text(schema_parts(header, &ptr), &ptr);
        let sb = text(schema_parts(theirs, &tptr), &tptr);
        c.schemas(&sa, &sb, &ptr, out);
    }
}
