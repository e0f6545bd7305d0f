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

/// One segment of a path template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    /// A fixed segment (`revisions`).
    Literal(String),
    /// An id parameter (`{revision-id}` gives `revision-id`).
    Param(String),
    /// A parameter with fixed text before or after it in its segment (`{name}:move`,
    /// `{sid}.json`, `page-{n}.atom`): the router matches the segment as a parameter, and
    /// the runtime keeps the requests whose segment has this text around it.
    Affixed {
        /// The text before the parameter (`page-`), maybe empty.
        prefix: String,
        /// The parameter's name.
        name: String,
        /// The text after it (`:move`), maybe empty.
        suffix: String,
    },
}

impl Segment {
    /// The parameter of a segment that has one, affixed or not.
    pub fn param(&self) -> Option<&str> {
        match self {
            Segment::Param(name) | Segment::Affixed { name, .. } => Some(name),
            Segment::Literal(_) => None,
        }
    }

    /// Whether a request's path segment (`part`) is one this segment matches.
    pub fn matches(&self, part: &str) -> bool {
        match self {
            Segment::Literal(literal) => literal == part,
            Segment::Param(_) => true,
            Segment::Affixed { prefix, suffix, .. } => {
                part.len() > prefix.len() + suffix.len()
                    && part.starts_with(prefix.as_str())
                    && part.ends_with(suffix.as_str())
            }
        }
    }
}

impl PathTemplate {
    /// The names of the parameters, in order.
    pub fn params(&self) -> impl Iterator<Item = &str> {
        self.segments.iter().filter_map(Segment::param)
    }

    /// The route the runtime's table matches: trailing slashes dropped (the runtime
    /// normalises request paths the same way) and parameters named in `snake_case`.
    pub fn route(&self) -> String {
        if self.segments.is_empty() {
            return "/".to_owned();
        }
        self.segments
            .iter()
            .map(|s| match s {
                Segment::Literal(l) => format!("/{l}"),
                Segment::Param(p) | Segment::Affixed { name: p, .. } => {
                    format!("/{{{}}}", crate::names::snake(p))
                }
            })
            .collect()
    }

    /// The route with each parameter's fixed text around it (`/v1/{name}:move`): the
    /// requests an endpoint answers, which two endpoints of one method must not share.
    pub fn routed(&self) -> String {
        self.segments
            .iter()
            .map(|s| match s {
                Segment::Literal(l) => format!("/{l}"),
                Segment::Param(p) => format!("/{{{}}}", crate::names::snake(p)),
                Segment::Affixed {
                    prefix,
                    name,
                    suffix,
                } => format!("/{prefix}{{{}}}{suffix}", crate::names::snake(name)),
            })
            .collect()
    }

    /// The shape used to find templates that route the same requests: parameters blanked.
    pub fn shape(&self) -> String {
        self.segments
            .iter()
            .map(|s| match s {
                Segment::Literal(l) => format!("/{l}"),
                Segment::Param(_) => "/{}".to_owned(),
                Segment::Affixed { prefix, suffix, .. } => format!("/{prefix}{{}}{suffix}"),
            })
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
    /// Its default, stated in OpenAPI only (a path always carries it).
    pub default: Option<serde_json::Value>,
    /// A format the spec has no type for, stated in OpenAPI only.
    pub format: Option<String>,
    /// Where it is declared.
    pub location: Location,
}
