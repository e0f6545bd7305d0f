//! Echoed headers (`conventions.echo_headers`): a request header the answer carries back,
//! the request's value when it is sensible, else the spec's default (an API version a
//! client pins, `Stripe-Version`). Handlers read the same value through
//! `RequestContext::echoed`.

use http::{HeaderMap, HeaderName, HeaderValue};

use crate::spec::EchoHeader;

/// One echoed header, parsed once at start-up: its name and its default as header values.
#[derive(Debug)]
pub(crate) struct Echo {
    name: HeaderName,
    default: Option<HeaderValue>,
}

impl Echo {
    /// The spec's echoed headers, parsed; a name or default that is no header's is left
    /// out (the generator refuses both).
    pub(crate) fn parse(echoes: &[EchoHeader]) -> Box<[Echo]> {
        echoes
            .iter()
            .filter_map(|echo| {
                Some(Echo {
                    name: HeaderName::from_bytes(echo.name.as_bytes()).ok()?,
                    default: echo
                        .default
                        .filter(|d| EchoHeader::sensible(d.as_bytes()))
                        .map(HeaderValue::from_static),
                })
            })
            .collect()
    }
}

/// Writes each echoed header onto an answer: the request's value (shared, not copied) or
/// the default; nothing when the request sent none and there is no default.
pub(crate) fn answer(echoes: &[Echo], request: &HeaderMap, answer: &mut HeaderMap) {
    for echo in echoes {
        let sent = request
            .get(&echo.name)
            .filter(|v| EchoHeader::sensible(v.as_bytes()));
        if let Some(value) = sent.or(echo.default.as_ref()) {
            answer.insert(echo.name.clone(), value.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sent_value_or_the_default_is_answered() {
        let echoes = Echo::parse(&[
            EchoHeader {
                name: "stripe-version",
                default: Some("2024-06-20"),
            },
            EchoHeader {
                name: "x-plan",
                default: None,
            },
        ]);
        let mut request = HeaderMap::new();
        let mut out = HeaderMap::new();
        answer(&echoes, &request, &mut out);
        assert_eq!(
            out.get("stripe-version").map(|v| v.as_bytes()),
            Some(&b"2024-06-20"[..])
        );
        assert!(out.get("x-plan").is_none());
        request.insert("stripe-version", HeaderValue::from_static("2020-08-27"));
        request.insert("x-plan", HeaderValue::from_static("pro"));
        let mut out = HeaderMap::new();
        answer(&echoes, &request, &mut out);
        assert_eq!(
            out.get("stripe-version").map(|v| v.as_bytes()),
            Some(&b"2020-08-27"[..])
        );
        assert_eq!(out.get("x-plan").map(|v| v.as_bytes()), Some(&b"pro"[..]));
        request.insert("stripe-version", HeaderValue::from_static(""));
        let mut out = HeaderMap::new();
        answer(&echoes, &request, &mut out);
        assert_eq!(
            out.get("stripe-version").map(|v| v.as_bytes()),
            Some(&b"2024-06-20"[..]),
            "an empty value is none"
        );
    }
}
