//! One call: the request a generated method builds, sent (with retries of 429) and its
//! answer decoded in the protocol's terms.

use std::future::{Future, IntoFuture};
use std::marker::PhantomData;
use std::pin::Pin;
use std::time::Duration;

use serde::de::DeserializeOwned;

use super::Client;
use super::error::{ApiFailure, ClientError, StatusTable};
use super::retry::unit_random;
use crate::validate::Violations;

mod parts;

/// A successful answer with what came with it.
#[derive(Debug, Clone)]
pub struct Answer<T> {
    /// The decoded body.
    pub body: T,
    /// The success status (200, 201, 204...).
    pub status: u16,
    /// The trace id the service answered with, for a traced call.
    pub trace: Option<String>,
    /// The answer's headers.
    pub headers: http::HeaderMap,
    /// Where the next page starts, for a list paginated in the `cursor` style that has
    /// one (the answer's cursor field, or the last item's `cursor_from` field).
    pub next_cursor: Option<String>,
}

/// A call being built. Await it for the body, or [`send`](Call::send) it for the whole
/// [`Answer`]; [`trace`](Call::trace) and [`create_only`](Call::create_only) add the
/// protocol's per-call options.
#[must_use = "a call does nothing until it is awaited"]
pub struct Call<T, E> {
    client: Client,
    method: http::Method,
    url: String,
    /// The query options by name: a map option's keys are the request's own.
    query: Vec<(std::borrow::Cow<'static, str>, String)>,
    /// Header parameters.
    headers: Vec<(&'static str, String)>,
    /// The query of a link being followed, as the service wrote it.
    followed: Vec<(String, String)>,
    body: Option<Result<Vec<u8>, Unsendable>>,
    trace: Option<String>,
    create_only: bool,
    decode: bool,
    /// The answer is one value written as text (`response_media: text/plain`), not JSON.
    text: bool,
    /// A paginated endpoint's call: in the `cursor` style its items come inside an object.
    pub(super) paginated: bool,
    /// The places of the service's `credentials` the endpoint reads, where it reads some.
    places: Option<&'static [u8]>,
    /// The media types the endpoint reads its body in, where they differ from the
    /// service's.
    request_bodies: Option<crate::conventions::RequestBodies>,
    /// Where the message stands in the endpoint's own error bodies (its `error_body`, the
    /// 400 row it lists), read before the service's.
    message_pointers: &'static [&'static str],
    answer: PhantomData<fn() -> (T, E)>,
}

impl<T, E> std::fmt::Debug for Call<T, E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Call")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("query", &self.query)
            .finish_non_exhaustive()
    }
}

impl<T, E> Call<T, E> {
    pub(super) fn new(client: Client, method: http::Method, url: String, decode: bool) -> Self {
        Call {
            client,
            method,
            url,
            query: Vec::new(),
            headers: Vec::new(),
            followed: Vec::new(),
            body: None,
            trace: None,
            create_only: false,
            decode,
            text: false,
            paginated: false,
            places: None,
            request_bodies: None,
            message_pointers: &[],
            answer: PhantomData,
        }
    }

    pub(super) fn conventions(&self) -> &'static crate::conventions::Conventions {
        self.client.inner.conventions
    }

    /// The media types the endpoint reads its request body in: its own, else the
    /// service's.
    pub(super) fn bodies(&self) -> crate::conventions::RequestBodies {
        self.request_bodies
            .unwrap_or(self.conventions().request_bodies)
    }

    /// Sets a query parameter, replacing what the call sent under that name.
    pub(super) fn set_query(&mut self, name: &'static str, value: String) {
        self.query.retain(|(n, _)| n != name);
        self.query.push((name.into(), value));
    }

    /// Stops sending query parameter `name`.
    pub(super) fn remove_query(&mut self, name: &str) {
        self.query.retain(|(n, _)| n != name);
    }

    /// The value the call sends for query parameter `name`, when it sends one.
    pub(super) fn query_value(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The same call again, to send once more.
    pub(super) fn clone_request(&self) -> Self {
        self.retyped()
    }

    /// The same call, its answer decoded as `U` (the items of a page as JSON values, to
    /// read a marker the item type does not name for the runtime).
    pub(super) fn retyped<U>(&self) -> Call<U, E> {
        Call {
            client: self.client.clone(),
            method: self.method.clone(),
            url: self.url.clone(),
            query: self.query.clone(),
            headers: self.headers.clone(),
            followed: self.followed.clone(),
            body: self.body.clone(),
            trace: self.trace.clone(),
            create_only: self.create_only,
            decode: self.decode,
            text: self.text,
            paginated: self.paginated,
            places: self.places,
            request_bodies: self.request_bodies,
            message_pointers: self.message_pointers,
            answer: PhantomData,
        }
    }

    /// Points the call at `url`, a link the service answered with: its query replaces the
    /// call's, except the parameters every request of this client adds itself (the pretty
    /// parameter, query tokens), which are not sent twice.
    pub(super) fn follow(&mut self, url: &str) {
        let conventions = self.conventions();
        let own = [
            conventions.pretty_parameter,
            conventions.access_token_parameter,
        ];
        let own = |key: &str| own.contains(&Some(key)) || conventions.is_token_parameter(key);
        let (path, query) = url.split_once('?').unwrap_or((url, ""));
        let kept: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
            .filter(|(key, _)| !own(key))
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        self.url = path.to_owned();
        self.query.clear();
        self.followed = kept;
    }

    /// The URL without its query (the authenticated prefix and encoded identifiers in it).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Traces the call with `id` (the service's trace header); the answer carries the id
    /// the service used.
    pub fn trace(mut self, id: impl Into<String>) -> Self {
        self.trace = Some(id.into());
        self
    }

    /// Sends the client's credentials at one of these places of the service's
    /// `credentials` (by index), the ones the endpoint reads.
    pub fn credentials_at(mut self, places: &'static [u8]) -> Self {
        self.places = Some(places);
        self
    }

    /// Reads an error answer's message at these JSON pointers first (`/error`): where the
    /// endpoint writes its errors in bodies of its own.
    pub fn error_messages_at(mut self, pointers: &'static [&'static str]) -> Self {
        self.message_pointers = pointers;
        self
    }

    /// Reads the answer as one value written as text (`42`, `open`), as an endpoint whose
    /// `response_media` is text answers, rather than as JSON.
    pub fn text_answer(mut self) -> Self {
        self.text = true;
        self
    }

    /// Sends the body as an endpoint reading these media types wants it (a form for
    /// `form_or_json` or `form`, else JSON), where they differ from the service's
    /// `request_bodies`. Call it before giving the body.
    pub fn request_bodies(mut self, reads: crate::conventions::RequestBodies) -> Self {
        self.request_bodies = Some(reads);
        self
    }

    /// Makes the call create-only (`If-None-Match: *`): the service answers 412 instead of
    /// changing something that exists.
    pub fn create_only(mut self) -> Self {
        self.create_only = true;
        self
    }

    fn request(&self) -> reqwest::RequestBuilder {
        let inner = &self.client.inner;
        let conventions = inner.conventions;
        let mut request = inner
            .http
            .request(self.method.clone(), &self.url)
            .query(&self.followed)
            .query(&self.query);
        // The cookie parameters in one `Cookie` header (RFC 6265: a client sends one).
        let mut cookies: Vec<&str> = Vec::new();
        for (name, value) in &self.headers {
            match *name == parts::COOKIE {
                true => cookies.push(value),
                false => request = request.header(*name, value),
            }
        }
        if !cookies.is_empty() {
            request = request.header(http::header::COOKIE, cookies.join("; "));
        }
        if let Some(accept) = conventions.compact_when_accept {
            request = request.header(http::header::ACCEPT, accept);
        } else if let Some(pretty) = conventions.pretty_parameter {
            request = request.query(&[(pretty, "0")]);
        }
        request = super::credentials::attach(
            request,
            inner.credentials.as_ref(),
            conventions,
            self.places,
        );
        if let (Some(id), Some(header)) = (&self.trace, conventions.trace.and_then(|t| t.header)) {
            request = request.header(header, id);
        }
        if let (true, Some(header)) = (self.create_only, conventions.create_only_header) {
            request = request.header(header, "*");
        }
        if let Some(Ok(body)) = &self.body {
            let content_type = if self.bodies().sends_form() {
                "application/x-www-form-urlencoded"
            } else {
                "application/json; charset=UTF-8"
            };
            request = request
                .header(http::header::CONTENT_TYPE, content_type)
                .body(body.clone());
        }
        if let Some(timeout) = inner.timeout {
            request = request.timeout(timeout);
        }
        request
    }

    /// Sends the call, retrying answers 429 within the client's [`RetryPolicy`](super::RetryPolicy),
    /// and returns the whole answer.
    pub async fn send(self) -> Result<Answer<T>, ClientError<E>>
    where
        T: DeserializeOwned,
        E: StatusTable,
    {
        match self.body {
            Some(Err(Unsendable::Encode(reason))) => return Err(ClientError::Encode(reason)),
            Some(Err(Unsendable::Invalid(violations))) => {
                return Err(ClientError::Invalid(violations));
            }
            _ => {}
        }
        let policy = self.client.inner.retry;
        let (mut attempt, mut waited) = (0, Duration::ZERO);
        loop {
            let response = self
                .request()
                .send()
                .await
                .map_err(ClientError::Transport)?;
            let status = response.status().as_u16();
            let retry_after = response
                .headers()
                .get(http::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<u64>().ok())
                .map(Duration::from_secs);
            if status == 429
                && let Some(wait) = policy.delay(attempt, waited, retry_after, unit_random())
            {
                tokio::time::sleep(wait).await;
                (attempt, waited) = (attempt + 1, waited + wait);
                continue;
            }
            let trace = self
                .client
                .inner
                .conventions
                .trace
                .and_then(|t| t.header)
                .and_then(|name| response.headers().get(name))
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned);
            let headers = response.headers().clone();
            let bytes = response.bytes().await.map_err(ClientError::Transport)?;
            // A redirect the HTTP client does not follow (its `Location` among the
            // headers) is the answer of an endpoint whose status it is, read as one: with
            // nothing to read, or a body of the call's type (Jira's 303 with the task). A
            // redirect the status table lists is one of its rows, a failure (GitHub's 301
            // of a renamed repository).
            let redirect = (300..400).contains(&status)
                && status != 304
                && E::from_status(status, "").is_none();
            let read =
                (redirect || (200..300).contains(&status)).then(|| self.decode(status, &bytes));
            let read = match read {
                Some(Err(_)) if redirect => None,
                read => read,
            };
            if let Some(read) = read {
                let (body, next_cursor) = read?;
                return Ok(Answer {
                    body,
                    status,
                    trace,
                    headers,
                    next_cursor,
                });
            }
            let message = self.message(&bytes);
            return Err(ClientError::Api(ApiFailure {
                status,
                error: E::from_body(status, &bytes).or_else(|| E::from_status(status, &message)),
                message,
                trace,
                retry_after,
                headers: Box::new(headers),
            }));
        }
    }

    /// The body of a success, its JSON prefix line stripped, with the next page's cursor
    /// of a `cursor`-style list (whose items come inside an object); an endpoint without a
    /// response type decodes nothing (its `T` is `()`), and a text answer is read as the
    /// value it writes.
    fn decode(&self, status: u16, bytes: &[u8]) -> Result<(T, Option<String>), ClientError<E>>
    where
        T: DeserializeOwned,
    {
        let conventions = self.client.inner.conventions;
        if self.text && self.decode {
            return std::str::from_utf8(bytes)
                .map_err(|e| e.to_string())
                .and_then(|text| serde_plain::from_str(text).map_err(|e| e.to_string()))
                .map(|body| (body, None))
                .map_err(|reason| ClientError::Decode { status, reason });
        }
        let json = if self.decode {
            strip_prefix(bytes, conventions.json_prefix)
        } else {
            b"null".as_slice()
        };
        let decoded = match conventions.pagination {
            Some(crate::conventions::Pagination::Cursor(c)) if self.paginated => {
                // Paging backwards, the next page is before this page's first item.
                let backwards = c
                    .before_parameter
                    .is_some_and(|b| self.query_value(b).is_some());
                super::envelope::decode(json, &c, backwards)
            }
            _ => serde_json::from_slice(json).map(|body| (body, None)),
        };
        decoded.map_err(|err| ClientError::Decode {
            status,
            reason: err.to_string(),
        })
    }

    /// The plaintext message of an error answer (the `detail`, or else the `title`, of
    /// problem details), without its line end.
    fn message(&self, bytes: &[u8]) -> String {
        let text = String::from_utf8_lossy(bytes);
        // Where the message stands in a JSON error body: the problem's `detail` (or its
        // `title`), or wherever the spec's own body puts it.
        let pointers: &[&str] = match self.client.inner.conventions.error_format {
            crate::conventions::ErrorFormat::Plain | crate::conventions::ErrorFormat::Empty => &[],
            crate::conventions::ErrorFormat::ProblemJson => &["/detail", "/title"],
            crate::conventions::ErrorFormat::Json(body) => {
                std::slice::from_ref(&body.message_pointer)
            }
        };
        let pointers = || self.message_pointers.iter().chain(pointers);
        if pointers().next().is_some()
            && let Ok(answer) = serde_json::from_slice::<serde_json::Value>(bytes)
            && let Some(message) =
                pointers().find_map(|pointer| answer.pointer(pointer).and_then(|v| v.as_str()))
        {
            return message.to_owned();
        }
        text.trim_end_matches(['\r', '\n']).to_owned()
    }
}

/// `bytes` without the JSON prefix line, when it starts with it.
fn strip_prefix<'a>(bytes: &'a [u8], prefix: Option<&str>) -> &'a [u8] {
    let Some(prefix) = prefix else {
        return bytes;
    };
    match bytes.strip_prefix(prefix.as_bytes()) {
        Some(rest) => rest.strip_prefix(b"\n").unwrap_or(rest),
        None => bytes,
    }
}

impl<T, E> IntoFuture for Call<T, E>
where
    T: DeserializeOwned + Send + 'static,
    E: StatusTable + Send + 'static,
{
    type Output = Result<T, ClientError<E>>;
    type IntoFuture = Pin<Box<dyn Future<Output = Self::Output> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(async move { self.send().await.map(|answer| answer.body) })
    }
}

#[cfg(test)]
mod tests {
    use super::strip_prefix;

    #[test]
    fn the_prefix_line_is_stripped_only_when_present() {
        assert_eq!(strip_prefix(b")]}'\n{\"a\":1}", Some(")]}'")), b"{\"a\":1}");
        assert_eq!(strip_prefix(b"{\"a\":1}", Some(")]}'")), b"{\"a\":1}");
        assert_eq!(strip_prefix(b")]}'\n[]", None), b")]}'\n[]");
    }
}

/// Why a call's body cannot be sent.
#[derive(Debug, Clone)]
enum Unsendable {
    /// It cannot be written.
    Encode(String),
    /// It breaks its constraints.
    Invalid(Violations),
}
