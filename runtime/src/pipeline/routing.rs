//! The route table: from a normalised path and a method to the endpoint, with its path
//! parameters borrowed from the path (decoded only where they are percent-encoded).
//!
//! Built once at start-up from the generated endpoint descriptions; a lookup is one radix
//! tree walk (`matchit`, the matcher axum uses) and allocates nothing.

use std::collections::HashMap;

use http::request::Parts;
use http::{HeaderValue, Method};

use crate::spec::{EndpointSpec, Selector, ServiceSpec};

/// Most path parameters one endpoint may have (the generator refuses more).
pub const MAX_PATH_PARAMS: usize = 8;

/// The path parameters of one request, in template order: each where its text lies, not a
/// copy of it, so that the request's future (which keeps them from routing to the handler)
/// carries a few offsets rather than eight strings. A parameter is read from the path as
/// sent, or, when it was percent-encoded, from one buffer of the decoded values (allocated
/// only for a request that has such a value), or it is the caller's id the self alias
/// became.
#[derive(Debug, Clone, Default)]
pub struct PathParams<'p> {
    /// The path the parameters were found in.
    path: &'p str,
    /// The decoded values of the percent-encoded parameters, one after another.
    decoded: Option<Box<str>>,
    /// The caller's id, for the parameters that named the self alias.
    caller_id: &'p str,
    /// Each parameter's offsets, in the text its [`Source`] names.
    spans: [(u16, u16); MAX_PATH_PARAMS],
    /// Each parameter's [`Source`], two bits each.
    sources: u16,
    len: u8,
}

/// Which text a parameter's offsets are in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u16)]
enum Source {
    Path = 0,
    Decoded = 1,
    CallerId = 2,
}

impl<'p> PathParams<'p> {
    /// Every parameter, in template order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        (0..usize::from(self.len)).map(|index| self.get(index))
    }

    /// How many parameters there are.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// True when the path has none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The parameter at `index`, `""` past the end.
    pub fn get(&self, index: usize) -> &str {
        let Some(&(start, end)) = self.spans[..self.len()].get(index) else {
            return "";
        };
        let range = usize::from(start)..usize::from(end);
        match self.source(index) {
            Source::Path => self.path.get(range),
            Source::Decoded => self.decoded.as_deref().and_then(|d| d.get(range)),
            Source::CallerId => Some(self.caller_id),
        }
        .unwrap_or("")
    }

    /// Makes the parameter at `index` the caller's `id` (the self alias). Every parameter
    /// set so shares the one id.
    pub fn set_to_caller(&mut self, index: usize, id: &'p str) {
        if index < self.len() {
            self.caller_id = id;
            self.set_source(index, Source::CallerId);
        }
    }

    fn source(&self, index: usize) -> Source {
        match (self.sources >> (2 * index)) & 0b11 {
            1 => Source::Decoded,
            2 => Source::CallerId,
            _ => Source::Path,
        }
    }

    fn set_source(&mut self, index: usize, source: Source) {
        let shift = 2 * index;
        self.sources = (self.sources & !(0b11 << shift)) | ((source as u16) << shift);
    }

    /// Keeps `raw`, a slice of the path, decoding it into `decoded` when it is
    /// percent-encoded. `Err` when it decodes to no text, or there is no room (more
    /// parameters than the generator allows, a path longer than a URI may be).
    fn push(&mut self, raw: &'p str, decoded: &mut String) -> Result<(), Pushed> {
        let index = self.len();
        if index >= MAX_PATH_PARAMS {
            return Err(Pushed::NoRoom);
        }
        // Where `raw` begins in the path, by address, when it is the path's own text.
        let start = (raw.as_ptr() as usize).wrapping_sub(self.path.as_ptr() as usize);
        let end = start.wrapping_add(raw.len());
        let in_path = self.path.get(start..end).map(str::as_ptr) == Some(raw.as_ptr());
        let (source, start, end) = if in_path && !raw.contains('%') {
            (Source::Path, start, end)
        } else {
            let value = percent_encoding::percent_decode_str(raw)
                .decode_utf8()
                .map_err(|_| Pushed::BadEncoding)?;
            let start = decoded.len();
            decoded.push_str(&value);
            (Source::Decoded, start, decoded.len())
        };
        let (Ok(start), Ok(end)) = (u16::try_from(start), u16::try_from(end)) else {
            return Err(Pushed::NoRoom);
        };
        self.spans[index] = (start, end);
        self.set_source(index, source);
        self.len += 1;
        Ok(())
    }
}

/// Why a parameter could not be kept.
enum Pushed {
    BadEncoding,
    NoRoom,
}

/// What a path and method lead to.
#[derive(Debug)]
pub enum Lookup<'p> {
    /// An endpoint, with its path parameters.
    Found(&'static EndpointSpec, PathParams<'p>),
    /// The path exists, but not with this method; the value is the `Allow` header.
    MethodNotAllowed(HeaderValue),
    /// A parameter of the endpoint the request reaches is not valid percent-encoded UTF-8.
    BadEncoding(&'static EndpointSpec),
    /// No such path.
    NotFound,
}

/// One path: the endpoints serving it, by method.
#[derive(Debug)]
struct PathEntry {
    methods: Vec<(Method, &'static EndpointSpec)>,
    allow: HeaderValue,
}

/// Every route of a service.
#[derive(Debug)]
pub struct RouteTable {
    paths: matchit::Router<usize>,
    entries: Vec<PathEntry>,
}

impl RouteTable {
    /// The routes of `service`. A route the matcher refuses (the generator's checks rule
    /// that out) is logged and left out rather than taking the service down.
    pub fn new(service: &'static ServiceSpec) -> Self {
        let mut table = RouteTable {
            paths: matchit::Router::new(),
            entries: Vec::new(),
        };
        let mut known: HashMap<&'static str, usize> = HashMap::new();
        for &endpoint in service.endpoints {
            let index = match known.get(endpoint.route) {
                Some(&index) => index,
                None => {
                    let index = table.entries.len();
                    if let Err(error) = table.paths.insert(endpoint.route, index) {
                        tracing::error!(route = endpoint.route, %error, "route left out");
                        continue;
                    }
                    table.entries.push(PathEntry {
                        methods: Vec::new(),
                        allow: HeaderValue::from_static(""),
                    });
                    known.insert(endpoint.route, index);
                    index
                }
            };
            if let Some(entry) = table.entries.get_mut(index) {
                entry.methods.push((endpoint.method.clone(), endpoint));
            }
        }
        for entry in &mut table.entries {
            entry.allow = allow_header(&entry.methods);
            // An endpoint whose segment has fixed text around its parameter is tried before
            // one taking the whole segment (`{name}:move` before `{name}`).
            entry
                .methods
                .sort_by_key(|(_, endpoint)| endpoint.param_affixes.is_empty());
        }
        table
    }

    /// The endpoint serving `method` on `path` (normalised, without the authenticated
    /// prefix). `HEAD` is served by the `GET` endpoint when there is no `HEAD` one. Of
    /// several endpoints sharing the method and path (each with a selector), none is
    /// found: use [`lookup_request`](Self::lookup_request).
    pub fn lookup<'p>(&self, method: &Method, path: &'p str) -> Lookup<'p> {
        self.lookup_selecting(method, path, |_| false)
    }

    /// As [`lookup`](Self::lookup), the request's headers and query choosing among the
    /// endpoints a selector tells apart.
    pub fn lookup_request<'p>(&self, parts: &Parts, path: &'p str) -> Lookup<'p> {
        let query = parts.uri.query();
        self.lookup_selecting(&parts.method, path, |selector| {
            selector.selects(&parts.headers, query)
        })
    }

    /// The endpoint a request for `path` would be routed to, if any: for an answer given
    /// before routing, written in that endpoint's rows
    /// (`request::in_endpoint_row`).
    pub(crate) fn endpoint_for(&self, parts: &Parts, path: &str) -> Option<&'static EndpointSpec> {
        match self.lookup_request(parts, path) {
            Lookup::Found(endpoint, _) | Lookup::BadEncoding(endpoint) => Some(endpoint),
            _ => None,
        }
    }

    fn lookup_selecting<'p>(
        &self,
        method: &Method,
        path: &'p str,
        selects: impl Fn(&Selector) -> bool,
    ) -> Lookup<'p> {
        let Ok(found) = self.paths.at(path) else {
            return Lookup::NotFound;
        };
        let Some(entry) = self.entries.get(*found.value) else {
            return Lookup::NotFound;
        };
        // The endpoint of the method, or of those sharing it the one the request selects;
        // `Some(None)`: the method is served, but nothing the request says selects one.
        let serving = |wanted: &Method| {
            let mut shared = entry.methods.iter().filter(|(m, _)| m == wanted).peekable();
            shared.peek()?;
            Some(shared.map(|(_, e)| *e).find(|e| {
                e.selected_by.as_ref().is_none_or(&selects)
                    && e.param_affixes.iter().all(|&(index, texts)| {
                        found
                            .params
                            .iter()
                            .nth(index)
                            .is_some_and(|(_, raw)| Affixed::new(raw, texts).is_some())
                    })
            }))
        };
        let endpoint = match serving(method) {
            Some(Some(endpoint)) => endpoint,
            Some(None) => return Lookup::NotFound,
            None if method == Method::HEAD => match serving(&Method::GET) {
                Some(Some(endpoint)) => endpoint,
                Some(None) => return Lookup::NotFound,
                None => return Lookup::MethodNotAllowed(entry.allow.clone()),
            },
            None => return Lookup::MethodNotAllowed(entry.allow.clone()),
        };
        let mut params = PathParams {
            path,
            ..PathParams::default()
        };
        // Each value kept, decoded where it is percent-encoded; what refuses the request
        // where one cannot be.
        let mut decoded = String::new();
        let mut keep = |raw: &'p str| match params.push(raw, &mut decoded) {
            Ok(()) => None,
            Err(Pushed::NoRoom) => Some(Lookup::NotFound),
            Err(Pushed::BadEncoding) => Some(Lookup::BadEncoding(endpoint)),
        };
        for (index, (_, raw)) in found.params.iter().enumerate() {
            // A segment with fixed text holds one value or several, between its texts.
            let refused = match endpoint.param_affixes.iter().find(|a| a.0 == index) {
                Some(&(_, texts)) => {
                    (Affixed::new(raw, texts).into_iter().flatten()).find_map(&mut keep)
                }
                None => keep(raw),
            };
            if let Some(refused) = refused {
                return refused;
            }
        }
        if !decoded.is_empty() {
            params.decoded = Some(decoded.into_boxed_str());
        }
        Lookup::Found(endpoint, params)
    }
}

/// The parameters inside a path segment, given the fixed texts before, between and after
/// them, as sent (the fixed text is matched undecoded, as clients write a template's
/// text): each but the last ends at the first occurrence of the text after it, the last
/// where the final text begins. An iterator, so that reading them allocates nothing.
#[derive(Clone)]
struct Affixed<'p, 't> {
    /// What is left of the segment, between the texts read and the final one.
    left: &'p str,
    /// The texts between parameters not yet read.
    between: &'t [&'t str],
    /// Whether the last parameter was given.
    done: bool,
}

impl<'p, 't> Affixed<'p, 't> {
    /// `None` when a text is not there or a parameter would be empty.
    fn new(segment: &'p str, texts: &'t [&'t str]) -> Option<Self> {
        let (first, rest) = texts.split_first()?;
        let (last, between) = rest.split_last()?;
        let left = segment.strip_prefix(first)?.strip_suffix(last)?;
        let reading = Affixed {
            left,
            between,
            done: false,
        };
        // Checked whole before any value is used: a segment either fits or names nothing.
        (reading.clone().count() == rest.len() && reading.clone().all(|v| !v.is_empty()))
            .then_some(reading)
    }
}

impl<'p, 't> Iterator for Affixed<'p, 't> {
    type Item = &'p str;

    fn next(&mut self) -> Option<&'p str> {
        if self.done {
            return None;
        }
        let Some((text, rest)) = self.between.split_first() else {
            self.done = true;
            return Some(self.left);
        };
        // A value is never empty: the text is looked for after its first character.
        let first = self.left.chars().next()?.len_utf8();
        let end = self.left[first..].find(text)? + first;
        let value = &self.left[..end];
        self.left = &self.left[end + text.len()..];
        self.between = rest;
        Some(value)
    }
}

/// `GET,HEAD,PUT`: the methods of a path in the order the spec lists them, `HEAD` after
/// `GET` (which serves it).
fn allow_header(methods: &[(Method, &'static EndpointSpec)]) -> HeaderValue {
    let mut names: Vec<&str> = Vec::new();
    for (method, _) in methods {
        if !names.contains(&method.as_str()) {
            names.push(method.as_str());
        }
        if method == Method::GET && !methods.iter().any(|(m, _)| m == Method::HEAD) {
            names.push("HEAD");
        }
    }
    HeaderValue::from_str(&names.join(",")).unwrap_or_else(|_| HeaderValue::from_static(""))
}

#[cfg(test)]
mod tests {
    /// Fixed segments may hold RFC 3986's sub-delimiters and `:@` as they are (the spec
    /// allows them: Microsoft Graph's `/users/$count`); the matcher takes them literally,
    /// beside a parameter of the same position, and an encoded `%24` is another path.
    #[test]
    fn fixed_segments_with_sub_delimiters_match_literally() {
        let mut router = matchit::Router::new();
        for (i, route) in ["/users/$count", "/users/{id}", "/a/b(c)!*+,;=@d:e&f'g"]
            .into_iter()
            .enumerate()
        {
            router.insert(route, i).expect(route);
        }
        assert_eq!(router.at("/users/$count").map(|m| *m.value), Ok(0));
        assert_eq!(router.at("/users/%24count").map(|m| *m.value), Ok(1));
        assert_eq!(router.at("/a/b(c)!*+,;=@d:e&f'g").map(|m| *m.value), Ok(2));
    }

    /// A parameter is read from the path where it lies, from the decoded buffer when it
    /// was percent-encoded (or is not the path's text), or as the caller's id.
    #[test]
    fn parameters_are_read_where_they_lie() {
        let path = "/a/b%20c/d";
        let mut params = super::PathParams {
            path,
            ..Default::default()
        };
        let mut decoded = String::new();
        assert!(params.push(&path[1..2], &mut decoded).is_ok());
        assert!(params.push(&path[3..8], &mut decoded).is_ok());
        assert!(params.push("elsewhere", &mut decoded).is_ok());
        params.decoded = Some(decoded.into_boxed_str());
        assert_eq!(params.iter().collect::<Vec<_>>(), ["a", "b c", "elsewhere"]);
        params.set_to_caller(0, "1000");
        assert_eq!(
            (params.get(0), params.get(1), params.get(3)),
            ("1000", "b c", "")
        );
        assert!(matches!(
            params.push("%ff", &mut String::new()),
            Err(super::Pushed::BadEncoding)
        ));
    }

    /// Several parameters in one segment: each up to the next text's first occurrence, the
    /// last up to the final text; a missing text or an empty value is no match.
    #[test]
    fn a_segments_parameters_are_read_between_its_texts() {
        fn read<'p>(segment: &'p str, texts: &[&str]) -> Option<Vec<&'p str>> {
            Some(super::Affixed::new(segment, texts)?.collect())
        }
        let pair = ["getPstnCalls(from=", ",to=", ")"];
        assert_eq!(
            read("getPstnCalls(from=2026-01-01,to=2026-02-01)", &pair),
            Some(vec!["2026-01-01", "2026-02-01"])
        );
        assert_eq!(read("getPstnCalls(from=,to=x)", &pair), None);
        assert_eq!(read("getPstnCalls(from=a,to=)", &pair), None);
        assert_eq!(read("getPstnCalls(from=a)", &pair), None);
        let zip = ["", "-", ".zip"];
        assert_eq!(read("tools-1.2.zip", &zip), Some(vec!["tools", "1.2"]));
        // The first `-` ends the name: a name with one is read short.
        assert_eq!(
            read("my-tools-1.2.zip", &zip),
            Some(vec!["my", "tools-1.2"])
        );
        // A value begins with at least one character, even the text itself.
        assert_eq!(read("--1.zip", &zip), Some(vec!["-", "1"]));
        assert_eq!(read("tools.zip", &zip), None);
        assert_eq!(read("é-ü.zip", &zip), Some(vec!["é", "ü"]));
        assert_eq!(read("page-3.atom", &["page-", ".atom"]), Some(vec!["3"]));
        assert_eq!(read("page-.atom", &["page-", ".atom"]), None);
    }
}
