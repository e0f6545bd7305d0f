//! The seam between the runtime and generated code: the [`Api`] trait a generated module
//! implements (a statically dispatched table of its endpoints), and the [`Call`] each
//! endpoint's arm of that table reads its inputs from and writes its answer with.
//!
//! Everything generic in a request (options, body and response types) happens inside an
//! arm; everything else (conventions, routing, authentication, resolution, quota) is the
//! runtime's and is compiled once per service, not once per endpoint.

use std::future::Future;
use std::net::SocketAddr;

use bytes::Bytes;
use http::StatusCode;
use http::request::Parts;
use restspec_client::validate::Validate;
use restspec_client::validate::direction::{self, Direction};
use serde::de::DeserializeOwned;

use crate::error::{ApiError, Condition};
use crate::limits::Limits;
use crate::message::body::{Response, empty};
use crate::message::context::{Caller, RequestContext, ResourceMetadata};
use crate::message::json::SizeHint;
use crate::message::reply::Reply;
use crate::pipeline::routing::PathParams;
use crate::spec::{EndpointSpec, FamilySpec, ServiceSpec};
use crate::trace::TraceRequest;

mod paginated_arms;

/// What an endpoint's arm answers: the response, or the error the status table renders.
pub type Answer = Result<Response, ApiError>;

/// The outcome of resolving a top-level resource: `None` when it does not exist or the
/// caller cannot see it.
pub type Resolution = Result<Option<ResourceMetadata>, ApiError>;

/// A generated API over the service's handlers: the generator implements it with one
/// `match` arm per endpoint and one per family with a resolver.
pub trait Api: Send + Sync + 'static {
    /// The service's description.
    const SERVICE: &'static ServiceSpec;

    /// Finds the top-level resource `id` of `family` for `caller`.
    fn resolve(
        &self,
        family: &'static FamilySpec,
        caller: &Caller,
        id: &str,
    ) -> impl Future<Output = Resolution> + Send;

    /// Finds the top-level resource `id` within `owner` of a `family` whose resources two
    /// segments name (`/repos/{owner}/{repo}`); generated only for such families.
    fn resolve_owned(
        &self,
        family: &'static FamilySpec,
        caller: &Caller,
        owner: &str,
        id: &str,
    ) -> impl Future<Output = Resolution> + Send {
        let _ = (caller, owner, id);
        std::future::ready(crate::__private::no_resolver(family))
    }

    /// Runs the handler of `call.endpoint()`.
    fn call(&self, call: &Call<'_>) -> impl Future<Output = Answer> + Send;
}

/// One request, routed and admitted (authenticated, resolved, within quota), as an
/// endpoint's arm sees it. It borrows what the request's steps keep (a few words each)
/// rather than copying it: it lives beside the handler's future, in the request's.
#[derive(Debug)]
pub struct Call<'a> {
    pub(crate) endpoint: &'static EndpointSpec,
    pub(crate) service: &'static ServiceSpec,
    pub(crate) parts: &'a Parts,
    pub(crate) caller: &'a Caller,
    pub(crate) trace: Option<&'a TraceRequest<'a>>,
    pub(crate) resource: Option<&'a ResourceMetadata>,
    pub(crate) params: &'a PathParams<'a>,
    pub(crate) body: Bytes,
    pub(crate) pretty: bool,
    pub(crate) size_hint: &'a SizeHint,
    pub(crate) remote_addr: &'a Option<SocketAddr>,
    pub(crate) limits: &'a Limits,
    /// [`Settings::public_url`](crate::Settings::public_url).
    pub(crate) public_url: Option<&'a str>,
    /// [`Settings::trust_forwarded_headers`](crate::Settings::trust_forwarded_headers).
    pub(crate) trust_forwarded: bool,
}

impl<'a> Call<'a> {
    /// The endpoint being called.
    pub fn endpoint(&self) -> &'static EndpointSpec {
        self.endpoint
    }

    /// What the handler learns besides its inputs.
    pub fn context(&self) -> RequestContext<'a> {
        let mut context = RequestContext::new(self.caller, self.parts, *self.remote_addr);
        context.trace_id = self.trace.map(TraceRequest::primary_id);
        context.resource = self.resource;
        context
            .with_public_url(self.public_url_rule())
            .with_echo_headers(self.service.conventions.echo_headers)
    }

    /// How the URL clients reach the service at is found.
    pub(crate) fn public_url_rule(&self) -> crate::message::context::PublicUrl<'a> {
        crate::message::context::PublicUrl {
            fixed: self.public_url,
            trust_forwarded: self.trust_forwarded,
        }
    }

    /// The path parameter at `index` (template order), decoded, the self alias resolved.
    pub fn param(&self, index: usize) -> &'a str {
        self.params.get(index)
    }

    /// The path parameter at `index` as a whole number (a `type: integer` parameter):
    /// anything else names nothing, so it is a 404 naming the parameter.
    pub fn param_integer(&self, index: usize) -> Result<i64, ApiError> {
        let text = self.param(index);
        text.parse().map_err(|_| self.unparsed(index, text))
    }

    /// The path parameter at `index` as a number of a width (`int32`, `uint64`, `double`):
    /// anything else is a 404 naming the parameter.
    pub fn param_parsed<T: std::str::FromStr>(&self, index: usize) -> Result<T, ApiError> {
        let text = self.param(index);
        text.parse().map_err(|_| self.unparsed(index, text))
    }

    /// The path parameter at `index` as one of an enumeration's values (a parameter typed by
    /// a string enumeration): anything else is a 404 naming the parameter.
    pub fn param_value<T: DeserializeOwned>(&self, index: usize) -> Result<T, ApiError> {
        let text = self.param(index);
        let deserializer = serde::de::value::StrDeserializer::<serde::de::value::Error>::new(text);
        T::deserialize(deserializer).map_err(|_| self.unparsed(index, text))
    }

    fn unparsed(&self, index: usize, text: &str) -> ApiError {
        let name = self
            .endpoint
            .params
            .get(index)
            .copied()
            .unwrap_or("parameter");
        ApiError::not_found_naming(self.service, &format!("{name} {text}")).with_field(name)
    }

    /// The endpoint's query options (parameters it does not declare were refused already,
    /// or are ignored), a list option of `style: comma` under any bracket spelling too. A
    /// value that does not fit is a 400 naming the option.
    pub fn options<O: DeserializeOwned + Validate>(&self) -> Result<O, ApiError> {
        let raw = self.parts.uri.query().unwrap_or_default();
        let completed = crate::message::query::apply_option_rules(raw, self.endpoint.option_rules)?;
        let query = completed.as_deref().unwrap_or(raw);
        // `expand[]=a` and `expand[0]=a` read as `expand=a`: only when the query has them.
        let unbracketed = crate::message::query::unbracket(query, self.endpoint.options);
        let query = unbracketed.as_deref().unwrap_or(query);
        // A map option's keys as its one value: only for an endpoint with maps.
        let conventions = &self.service.conventions;
        let packed = crate::message::option_keys::pack_maps(query, self.endpoint, conventions);
        let query = packed.as_deref().unwrap_or(query);
        crate::message::query::read_pairs(query, "option")
    }

    /// The request body of an endpoint whose body may be left out (`request_optional`):
    /// `None` for a request without one, else as [`Call::body`] reads it.
    pub fn optional_body<B: DeserializeOwned + Validate>(&self) -> Result<Option<B>, ApiError> {
        if self.body.iter().all(u8::is_ascii_whitespace) {
            return Ok(None);
        }
        self.body().map(Some)
    }

    /// The request body of an endpoint whose body may be `null` (`request_nullable`):
    /// `None` for a JSON `null`, and, where the body may be left out too (`optional`), for
    /// a request without one; else as [`Call::body`] reads it.
    pub fn nullable_body<B: DeserializeOwned + Validate>(
        &self,
        optional: bool,
    ) -> Result<Option<B>, ApiError> {
        let text = self.body.trim_ascii();
        let form = self.request_bodies().reads_form()
            && crate::message::request::is_form(&self.parts.headers);
        if text == b"null" && !form {
            return Ok(None);
        }
        match optional {
            true => self.optional_body(),
            false => self.body().map(Some),
        }
    }

    /// The endpoint's header parameters, read as its query options are (a header the
    /// request repeats is one comma-separated value), and its cookie parameters, each the
    /// first cookie of its name in the `Cookie` headers: a value that does not fit, or a
    /// required header or cookie left out, is a 400 naming it.
    pub fn headers<H: DeserializeOwned + Validate>(&self) -> Result<H, ApiError> {
        let mut pairs = String::new();
        let mut push = |name: &str, value: &str| {
            if !pairs.is_empty() {
                pairs.push('&');
            }
            pairs.extend(form_urlencoded::byte_serialize(name.as_bytes()));
            pairs.push('=');
            pairs.extend(form_urlencoded::byte_serialize(value.as_bytes()));
        };
        for name in self.endpoint.headers {
            for value in self.parts.headers.get_all(*name) {
                let Ok(value) = value.to_str() else {
                    return Err(ApiError::condition(Condition::MalformedRequest)
                        .with_message(format!("invalid header {name}: not text"))
                        .with_field(*name));
                };
                push(name, value);
            }
        }
        for name in self.endpoint.cookies {
            if let Some(value) =
                crate::protocol::credential_places::cookie(&self.parts.headers, name)
            {
                push(name, value);
            }
        }
        // What a refusal calls the value it names.
        let what = match (
            self.endpoint.headers.is_empty(),
            self.endpoint.cookies.is_empty(),
        ) {
            (true, false) => "cookie",
            (false, false) => "header or cookie",
            _ => "header",
        };
        let completed =
            crate::message::query::apply_rules(&pairs, self.endpoint.header_rules, what)?;
        let pairs = completed.as_deref().unwrap_or(&pairs);
        crate::message::query::read_pairs(pairs, what)
    }

    /// The request body, JSON or (where the spec reads them) a form (see
    /// `parse_json` and `parse_form`), with its constraints checked. A body of a type the
    /// spec does not read is `wrong_content_type`, its message naming the types it does;
    /// a body that breaks constraints is one `invalid_input` naming every violation at
    /// its path (`items[3].name: longer than 10 characters`).
    pub fn body<B: DeserializeOwned + Validate>(&self) -> Result<B, ApiError> {
        let body: B = direction::within(Direction::Request, || self.read_body())?;
        let violations = body.violations();
        if violations.is_empty() {
            return Ok(body);
        }
        Err(ApiError::violations(
            Condition::InvalidInput,
            "Invalid input",
            &violations,
        ))
    }

    fn read_body<B: DeserializeOwned>(&self) -> Result<B, ApiError> {
        let conventions = &self.service.conventions;
        if conventions.empty_request_body == crate::spec::EmptyRequestBody::Refuse
            && self.body.iter().all(u8::is_ascii_whitespace)
        {
            return Err(ApiError::condition(Condition::MalformedRequest)
                .with_message("the request body is missing"));
        }
        let formats = self.request_bodies();
        if formats.reads_form() && crate::message::request::is_form(&self.parts.headers) {
            return crate::message::request::parse_form(&self.body, self.limits, conventions);
        }
        if !formats.reads_json() {
            return Err(
                ApiError::condition(Condition::WrongContentType).with_message(formats.expected())
            );
        }
        crate::message::request::parse_json(
            &self.parts.headers,
            &self.body,
            self.limits,
            conventions,
            formats,
        )
    }

    /// The media types this endpoint reads its request body in: its own, else the
    /// service's.
    fn request_bodies(&self) -> crate::spec::RequestBodies {
        self.endpoint
            .request_bodies
            .unwrap_or(self.service.conventions.request_bodies)
    }

    /// Turns the handler's answer into the response: on success the endpoint's status (or
    /// the reply's, when the endpoint allows it) with its body, JSON or text as the
    /// endpoint says; on failure the error.
    pub fn reply<T: ?Sized>(&self, result: Result<impl Reply<T>, impl Into<ApiError>>) -> Answer {
        let mut reply = result
            .map_err(|e| self.declared(e.into()))
            .inspect_err(|e| tracing::debug!(error = %e, "handler answered an error"))?;
        let status = self.success_status(reply.status())?;
        // 204, the 3xx answers (`304 Not Modified`, redirects) and the endpoint's empty
        // successes (`202`) carry no body; but a redirect that is the endpoint's own
        // status carries its response (Jira's `303` with the task it started).
        let own_redirect = status.as_u16() == self.endpoint.success;
        let mut response = if self.endpoint.response_body
            && status != StatusCode::NO_CONTENT
            && status != StatusCode::NOT_MODIFIED
            && (!status.is_redirection() || own_redirect)
            && !self.endpoint.empty_successes.contains(&status.as_u16())
        {
            match self.endpoint.response_media {
                Some(media) => text_response(status, media, reply.value())?,
                None => self.json_response(status, reply.value())?,
            }
        } else {
            empty(status)
        };
        let headers = reply.take_headers();
        if !headers.is_empty() {
            response.headers_mut().extend(headers);
        }
        Ok(response)
    }

    /// `value` as the endpoint's JSON body, written into a buffer sized from its previous
    /// answers.
    fn json_response<V: serde::Serialize + ?Sized>(&self, status: StatusCode, value: &V) -> Answer {
        let capacity = self.size_hint.capacity(self.pretty);
        let json = direction::within(Direction::Answer, || {
            crate::message::json::body(&self.service.conventions, value, self.pretty, capacity)
        })
        .map_err(|e| ApiError::internal(format!("cannot serialise the response: {e}")))?;
        self.size_hint.record(self.pretty, json.len());
        Ok(crate::message::json::response(
            &self.service.conventions,
            status,
            Bytes::from(json),
        ))
    }

    /// The handler's `error` if its endpoint declares its status (`EndpointSpec::error_codes`),
    /// else a 500 whose logged detail names the endpoint and the status.
    pub(crate) fn declared(&self, error: ApiError) -> ApiError {
        let code = error.code(self.service);
        // Written in the endpoint's own format, where it has one.
        let error = match self.endpoint.error_format {
            Some(format) => error.in_format(format),
            None => error,
        };
        match self.endpoint.error_codes {
            Some(codes) if code != 500 && codes.binary_search(&code).is_err() => {
                ApiError::internal(format!(
                    "{} answered {code}, which its spec's `errors:` does not declare",
                    self.endpoint.name
                ))
            }
            _ => error,
        }
    }

    fn success_status(&self, asked: Option<StatusCode>) -> Result<StatusCode, ApiError> {
        let usual = self.endpoint.success;
        let code = asked.map_or(usual, |s| s.as_u16());
        if code != usual && !self.endpoint.other_successes.contains(&code) {
            return Err(ApiError::internal(format!(
                "{} answered {code}, which its spec does not allow",
                self.endpoint.name
            )));
        }
        StatusCode::from_u16(code).map_err(|_| ApiError::internal("invalid success status"))
    }
}

/// `value`, one string, number, boolean or enumeration value, as a text body of `media`
/// (`42`, not the JSON `"42"`). The spec allows nothing else on such an endpoint; a value
/// that is not one is the service's fault (500), as a value JSON cannot write is.
fn text_response<V: serde::Serialize + ?Sized>(
    status: StatusCode,
    media: &'static str,
    value: &V,
) -> Answer {
    let text = serde_plain::to_string(&value)
        .map_err(|e| ApiError::internal(format!("cannot write the response as text: {e}")))?;
    Ok(crate::message::body::response(
        status,
        Some(http::HeaderValue::from_static(media)),
        Bytes::from(text),
    ))
}
