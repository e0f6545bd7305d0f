//! What a call sends besides its path: query options, header parameters and the body,
//! each written as the service reads it.

use std::fmt::Display;

use super::{Call, Unsendable};
use crate::form::wire_text;
use crate::validate::Validate;

/// Where the cookie parameters wait among the header parameters, joined into one `Cookie`
/// header when the request is built.
pub(super) const COOKIE: &str = "cookie";

impl<T, E> Call<T, E> {
    /// An option written as JSON writes its value, sent when `Some`: text as it is (an
    /// enumeration's value, a date, a UUID), a number as its digits.
    pub fn option_value<V: serde::Serialize>(
        mut self,
        name: &'static str,
        value: Option<&V>,
    ) -> Self {
        if let Some(text) = value.and_then(wire_text) {
            self.query.push((name.into(), text));
        }
        self
    }

    /// An option written as its value displays, sent when `Some`.
    fn option_displayed(mut self, name: &'static str, value: Option<impl Display>) -> Self {
        if let Some(value) = value {
            self.query.push((name.into(), value.to_string()));
        }
        self
    }

    /// A text option, sent when `Some`.
    pub fn option_str(self, name: &'static str, value: Option<&str>) -> Self {
        self.option_displayed(name, value)
    }

    /// A whole-number option, sent when `Some`.
    pub fn option_int(self, name: &'static str, value: Option<i64>) -> Self {
        self.option_displayed(name, value)
    }

    /// A number option, sent when `Some`.
    pub fn option_number(self, name: &'static str, value: Option<f64>) -> Self {
        self.option_displayed(name, value)
    }

    /// A switch, sent as `true` or `false` when `Some`.
    pub fn option_flag(self, name: &'static str, value: Option<bool>) -> Self {
        self.option_displayed(name, value)
    }

    /// A comma-separated option (`labels=a,b`), sent when it has values.
    pub fn option_comma_list<V: serde::Serialize>(
        mut self,
        name: &'static str,
        values: &[V],
    ) -> Self {
        let texts: Vec<String> = values.iter().filter_map(wire_text).collect();
        if !texts.is_empty() {
            self.query.push((name.into(), texts.join(",")));
        }
        self
    }

    /// A repeated option, once per value.
    pub fn option_list<V: serde::Serialize>(mut self, name: &'static str, values: &[V]) -> Self {
        self.query.extend(
            values
                .iter()
                .filter_map(wire_text)
                .map(|text| (name.into(), text)),
        );
        self
    }

    /// A header parameter, sent when `Some`: text as it is, a number or a switch as JSON
    /// writes it, an enumeration's value by its name.
    pub fn header_value<V: serde::Serialize + ?Sized>(
        mut self,
        name: &'static str,
        value: Option<&V>,
    ) -> Self {
        if let Some(text) = value.and_then(wire_text) {
            self.headers.push((name, text));
        }
        self
    }

    /// A map option's members, each a key of its own: `name[key]=value` where it is read in
    /// OpenAPI's `deepObject` style (`deep`), else `key=value`.
    pub fn option_map<V: serde::Serialize>(
        mut self,
        name: &'static str,
        deep: bool,
        members: &crate::QueryMap<V>,
    ) -> Self {
        for (key, value) in members.iter() {
            let Some(text) = wire_text(value) else {
                continue;
            };
            let key = match deep {
                true => format!("{name}[{key}]"),
                false => key.clone(),
            };
            self.query.push((key.into(), text));
        }
        self
    }

    /// An option of JSON text (`style: json`), sent when `Some`: its value as JSON writes it.
    pub fn option_json<V: serde::Serialize>(
        mut self,
        name: &'static str,
        value: Option<&V>,
    ) -> Self {
        if let Some(text) = value.and_then(|v| serde_json::to_string(v).ok()) {
            self.query.push((name.into(), text));
        }
        self
    }

    /// An option of a record or list written in brackets (`style: deep_object`), sent when
    /// `Some`: each member a key of its own (`filters[0][name]=a`).
    pub fn option_nested<V: serde::Serialize>(
        mut self,
        name: &'static str,
        value: Option<&V>,
    ) -> Self {
        let pairs = value.and_then(|v| crate::form::nested_pairs(name, v).ok());
        for (key, text) in pairs.into_iter().flatten() {
            self.query.push((key.into(), text));
        }
        self
    }

    /// A cookie parameter, sent when `Some` in the request's one `Cookie` header
    /// (`name=value`), its value written as a header parameter's is.
    pub fn cookie_value<V: serde::Serialize + ?Sized>(
        mut self,
        name: &'static str,
        value: Option<&V>,
    ) -> Self {
        if let Some(text) = value.and_then(wire_text) {
            self.headers.push((COOKIE, format!("{name}={text}")));
        }
        self
    }

    /// A list cookie parameter, its values joined with commas, sent when it has values.
    pub fn cookie_list<V: serde::Serialize>(mut self, name: &'static str, values: &[V]) -> Self {
        let texts: Vec<String> = values.iter().filter_map(wire_text).collect();
        if !texts.is_empty() {
            self.headers
                .push((COOKIE, format!("{name}={}", texts.join(","))));
        }
        self
    }

    /// A list header parameter, its values joined with commas, sent when it has values.
    pub fn header_list<V: serde::Serialize>(mut self, name: &'static str, values: &[V]) -> Self {
        let texts: Vec<String> = values.iter().filter_map(wire_text).collect();
        if !texts.is_empty() {
            self.headers.push((name, texts.join(", ")));
        }
        self
    }

    /// The request body, as JSON, or as a form where the spec's client sends forms
    /// (`request_bodies: form_or_json` or `form`).
    /// A body that breaks its type's constraints is not sent: the call fails with
    /// [`ClientError::Invalid`](super::ClientError::Invalid) naming every violation.
    pub fn json<B: serde::Serialize + Validate + ?Sized>(mut self, body: &B) -> Self {
        let violations = body.violations();
        self.body = Some(if !violations.is_empty() {
            Err(Unsendable::Invalid(violations))
        } else if self.bodies().sends_form() {
            crate::form::to_form(body)
                .map(String::into_bytes)
                .map_err(Unsendable::Encode)
        } else {
            serde_json::to_vec(body).map_err(|err| Unsendable::Encode(err.to_string()))
        });
        self
    }

    /// The request body when `Some` (an endpoint whose body may be left out), else none.
    pub fn json_if<B: serde::Serialize + Validate + ?Sized>(self, body: Option<&B>) -> Self {
        match body {
            Some(body) => self.json(body),
            None => self,
        }
    }

    /// [`json`](Self::json) of `body`, or a body of `null` for `None` (an endpoint whose
    /// request may be `null`; a form body cannot say it, and is left out).
    pub fn json_or_null<B: serde::Serialize + Validate + ?Sized>(
        mut self,
        body: Option<&B>,
    ) -> Self {
        match body {
            Some(body) => self.json(body),
            None if self.bodies().sends_form() => self,
            None => {
                self.body = Some(Ok(b"null".to_vec()));
                self
            }
        }
    }
}
