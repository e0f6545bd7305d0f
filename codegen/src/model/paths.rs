//! Methods, path templates and path parameters: what a request's method and path must be
//! to reach an endpoint, and the route and quota keys derived from a template.

use super::ParamType;
use crate::diag::Location;

/// HTTP methods an endpoint may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Method {
    /// GET
    Get,
    /// POST
    Post,
    /// PUT
    Put,
    /// DELETE
    Delete,
    /// PATCH (a partial update)
    Patch,
    /// HEAD, declared explicitly (otherwise a `GET` endpoint serves it)
    Head,
    /// OPTIONS, declared explicitly (an API's own answer to it, as AWS API Gateway's mock
    /// integrations document); a CORS preflight is the runtime's whatever the spec says
    Options,
}

impl Method {
    /// Every method, in the order routes list them.
    pub const ALL: [Method; 7] = [
        Method::Get,
        Method::Post,
        Method::Put,
        Method::Delete,
        Method::Patch,
        Method::Head,
        Method::Options,
    ];

    /// The method's name as HTTP writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Delete => "DELETE",
            Method::Patch => "PATCH",
            Method::Head => "HEAD",
            Method::Options => "OPTIONS",
        }
    }

    /// Parses an upper-case method name.
    pub fn parse(s: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.as_str() == s)
    }

    /// True for the methods that change nothing (`GET`, `HEAD`, `OPTIONS`): anonymous
    /// callers may use them where the spec lets anonymous callers read.
    pub fn is_read(self) -> bool {
        matches!(self, Method::Get | Method::Head | Method::Options)
    }
}

/// A parsed path template such as `/changes/{change-id}/revisions/{revision-id}/detail`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathTemplate {
    /// The template as written.
    pub raw: String,
    /// Its segments, without empty ones.
    pub segments: Vec<Segment>,
    /// Written with a trailing slash (a collection, `/changes/`).
    pub trailing_slash: bool,
    /// Where the template is written.
    pub location: Location,
}

/// What is wrong with a template segment, and what to write instead.
pub type SegmentRefusal = (&'static str, &'static str);

/// One segment of a path template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    /// A fixed segment (`revisions`).
    Literal(String),
    /// An id parameter (`{revision-id}` gives `revision-id`).
    Param(String),
    /// Parameters with fixed text around or between them in their segment (`{name}:move`,
    /// `{sid}.json`, `page-{n}.atom`, `{name}-{version}.zip`,
    /// `getPstnCalls(from={from},to={to})`): the router matches the segment as one
    /// parameter, and the runtime keeps the requests whose segment has this text, each
    /// parameter taking what lies up to the next text's first occurrence.
    Affixed {
        /// The fixed texts: before the first parameter, between each two (never empty:
        /// nothing would tell two parameters apart), after the last; one more than
        /// `names`. The first and the last may be empty.
        texts: Vec<String>,
        /// The parameters' names, in order.
        names: Vec<String>,
    },
}

impl Segment {
    /// A template segment's fixed texts and parameters (`v{major}.{minor}` gives
    /// `["v", ".", ""]` and `["major", "minor"]`; a fixed segment is one text and no
    /// parameter), or what is wrong with it and what to write instead. The generator's
    /// reading, and `restspec import`'s of the documents' templates.
    pub fn parts(part: &str) -> Result<(Vec<String>, Vec<String>), SegmentRefusal> {
        const WRITE: &str = "write a parameter as `{change-id}`";
        let mut texts = Vec::new();
        let mut names = Vec::new();
        let mut rest = part;
        while let Some(open) = rest.find('{') {
            let (text, inner) = rest.split_at(open);
            if text.contains('}') {
                return Err(("closes `}` without opening it", WRITE));
            }
            let close = inner
                .find('}')
                .filter(|close| !inner[1..*close].contains('{'))
                .ok_or(("opens `{` without closing it", WRITE))?;
            // Nothing would tell where the first ends and the second begins.
            if !names.is_empty() && text.is_empty() {
                return Err((
                    "has two parameters with no text between them",
                    "put fixed text between them (`{name}-{version}.zip`), or give each a segment of its own",
                ));
            }
            texts.push(text.to_owned());
            names.push(inner[1..close].to_owned());
            rest = &inner[close + 1..];
        }
        if rest.contains('}') {
            return Err(("closes `}` without opening it", WRITE));
        }
        texts.push(rest.to_owned());
        Ok((texts, names))
    }

    /// The parameters of a segment, in order: none for a fixed one.
    pub fn params(&self) -> &[String] {
        match self {
            Segment::Literal(_) => &[],
            Segment::Param(name) => std::slice::from_ref(name),
            Segment::Affixed { names, .. } => names,
        }
    }

    /// Whether a request's path segment (`part`) is one this segment matches.
    pub fn matches(&self, part: &str) -> bool {
        match self {
            Segment::Literal(literal) => literal == part,
            Segment::Param(_) => true,
            Segment::Affixed { texts, .. } => fits_affixed(part, texts),
        }
    }

    /// The segment with each parameter written by `write` (`{id}.json` from `{id}`).
    fn spelled(&self, write: impl Fn(&str) -> String) -> String {
        match self {
            Segment::Literal(literal) => literal.clone(),
            Segment::Param(name) => write(name),
            Segment::Affixed { texts, names } => {
                let mut out = texts[0].clone();
                for (name, text) in names.iter().zip(&texts[1..]) {
                    out.push_str(&write(name));
                    out.push_str(text);
                }
                out
            }
        }
    }
}

/// Whether a request's segment has the fixed texts around and between its parameters,
/// each parameter's value not empty: each but the last ends at the first occurrence of the
/// text after it, the last where the final text begins (as the runtime's router reads it).
fn fits_affixed(part: &str, texts: &[String]) -> bool {
    let [first, between @ .., last] = texts else {
        return false;
    };
    let Some(mut left) = part
        .strip_prefix(first.as_str())
        .and_then(|p| p.strip_suffix(last.as_str()))
    else {
        return false;
    };
    for text in between {
        // A value is never empty: the text is looked for after its first character.
        let Some(first) = left.chars().next().map(char::len_utf8) else {
            return false;
        };
        let Some(end) = left[first..].find(text.as_str()) else {
            return false;
        };
        left = &left[first + end + text.len()..];
    }
    !left.is_empty()
}

impl PathTemplate {
    /// The names of the parameters, in order.
    pub fn params(&self) -> impl Iterator<Item = &str> {
        self.segments
            .iter()
            .flat_map(Segment::params)
            .map(String::as_str)
    }

    /// The route the runtime's table matches: trailing slashes dropped (the runtime
    /// normalises request paths the same way) and each segment with parameters one
    /// parameter, named in `snake_case` after its first.
    pub fn route(&self) -> String {
        if self.segments.is_empty() {
            return "/".to_owned();
        }
        self.segments
            .iter()
            .map(|s| match s.params().first() {
                None => s.spelled(str::to_owned),
                Some(p) => format!("{{{}}}", crate::names::snake(p)),
            })
            .map(|s| format!("/{s}"))
            .collect()
    }

    /// The route with each parameter's fixed text around it (`/v1/{name}:move`): the
    /// requests an endpoint answers, which two endpoints of one method must not share.
    pub fn routed(&self) -> String {
        self.segments
            .iter()
            .map(|s| {
                format!(
                    "/{}",
                    s.spelled(|p| format!("{{{}}}", crate::names::snake(p)))
                )
            })
            .collect()
    }

    /// The shape used to find templates that route the same requests: parameters blanked.
    pub fn shape(&self) -> String {
        self.segments
            .iter()
            .map(|s| format!("/{}", s.spelled(|_| "{}".to_owned())))
            .collect()
    }

    /// The template exactly as written with every `{id}` segment removed (the quota rule).
    pub fn without_ids(&self) -> String {
        let mut out: String = self
            .segments
            .iter()
            .filter_map(|s| match s {
                Segment::Literal(l) => Some(format!("/{l}")),
                Segment::Param(_) | Segment::Affixed { .. } => None,
            })
            .collect();
        if self.trailing_slash || out.is_empty() {
            out.push('/');
        }
        out
    }
}

/// A declared path parameter.
#[derive(Debug, Clone)]
pub struct Param {
    /// Its name (`change-id`).
    pub name: String,
    /// What it identifies.
    pub description: String,
    /// What the runtime parses it into before the handler.
    pub ty: ParamType,
    /// A regular expression a text parameter must contain a match of, as a field's
    /// (`^...$` anchors it).
    pub pattern: Option<String>,
    /// The fewest characters a text parameter has.
    pub min_length: Option<u64>,
    /// The most characters a text parameter has.
    pub max_length: Option<u64>,
    /// The smallest value a number parameter has.
    pub minimum: Option<f64>,
    /// The largest value a number parameter has.
    pub maximum: Option<f64>,
    /// The values a number parameter may be, as written (none: any); another names
    /// nothing.
    pub values: Vec<serde_json::Value>,
    /// Its default, stated in OpenAPI only (a path always carries it).
    pub default: Option<serde_json::Value>,
    /// A format the spec has no type for, stated in OpenAPI only.
    pub format: Option<String>,
    /// Where it is declared.
    pub location: Location,
}
