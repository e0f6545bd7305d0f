//! The route table: from a normalised path and a method to the endpoint, with its path
//! parameters borrowed from the path (decoded only where they are percent-encoded).
//!
//! Built once at start-up from the generated endpoint descriptions; a lookup is one radix
//! tree walk (`matchit`, the matcher axum uses) and allocates nothing.

use std::borrow::Cow;
use std::collections::HashMap;

use http::request::Parts;
use http::{HeaderValue, Method};

use crate::spec::{EndpointSpec, Selector, ServiceSpec};

/// Most path parameters one endpoint may have (the generator refuses more).
pub const MAX_PATH_PARAMS: usize = 8;

/// The path parameters of one request, in template order.
#[derive(Debug, Clone, Default)]
pub struct PathParams<'p> {
    values: [Cow<'p, str>; MAX_PATH_PARAMS],
    len: usize,
}

impl<'p> PathParams<'p> {
    /// Every parameter, in template order.
    pub fn as_slice(&self) -> &[Cow<'p, str>] {
        &self.values[..self.len]
    }

    /// The parameter at `index`, `""` past the end.
    pub fn get(&self, index: usize) -> &str {
        self.as_slice().get(index).map_or("", |value| value)
    }

    /// Replaces the parameter at `index` (the self alias becomes the caller's id).
    pub fn set(&mut self, index: usize, value: Cow<'p, str>) {
        if let Some(slot) = self.values[..self.len].get_mut(index) {
            *slot = value;
        }
    }

    fn push(&mut self, value: Cow<'p, str>) -> bool {
        let Some(slot) = self.values.get_mut(self.len) else {
            return false;
        };
        *slot = value;
        self.len += 1;
        true
    }
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
        let mut params = PathParams::default();
        // Each value decoded and kept; what refuses the request where one cannot be.
        let mut keep = |raw: &'p str| match percent_encoding::percent_decode_str(raw).decode_utf8()
        {
            Ok(value) => (!params.push(value)).then_some(Lookup::NotFound),
            Err(_) => Some(Lookup::BadEncoding(endpoint)),
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
