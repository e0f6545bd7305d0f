//! What a mock service needs: the pieces `restspec new --from DOC` writes its handlers
//! with. A mock answers every operation with a value fixed when it was written (the
//! endpoint's example, or the least value its type allows), takes one secret as every
//! kind of credentials, and
//! otherwise is the service its spec describes: the same routing, validation, status table
//! and error format, so that a client, a test or a fuzzer can talk to it before a line of
//! the real handlers exists.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashSet};
use std::sync::{Arc, Mutex};

use http::{HeaderMap, HeaderName, HeaderValue};
use serde::de::DeserializeOwned;

use crate::message::context::{Identity, RequestContext};
use crate::protocol::auth::Authenticator;
use restspec_client::ResponseHeaders;

/// `json` read as a `T`: the value a mock handler answers. A text that is not a `T` is
/// the message of a 500 (`Error::Internal`), naming the type and what did not fit: the
/// handler's source, not the request, is wrong.
pub fn answer<T: DeserializeOwned>(json: &str) -> Result<T, Cow<'static, str>> {
    serde_json::from_str(json).map_err(|problem| {
        Cow::Owned(format!(
            "the mock's answer is not a {}: {problem}",
            std::any::type_name::<T>()
        ))
    })
}

/// The response headers `pairs` name, read as a generated `response_headers::*` struct
/// would be from an answer: a required header missing or a value not of its type is the
/// message of a 500, as for [`answer`].
pub fn headers<H: ResponseHeaders>(pairs: &[(&'static str, &str)]) -> Result<H, Cow<'static, str>> {
    let mut map = HeaderMap::with_capacity(pairs.len());
    for (name, value) in pairs {
        let value = HeaderValue::from_str(value)
            .map_err(|_| Cow::Owned(format!("the mock's `{name}` header is not a header value")))?;
        let name = HeaderName::from_bytes(name.as_bytes())
            .map_err(|_| Cow::Owned(format!("the mock's `{name}` is not a header name")))?;
        map.append(name, value);
    }
    H::read(&map).map_err(Cow::Owned)
}

/// An authenticator that takes one secret, whatever the spec's credentials carry it in:
/// as a token (a `Bearer` header, an API key header or query parameter), or as the
/// password of any user name. Each is the same caller (`mock`), holding every capability
/// it is given, so that a mock answers whatever the spec allows once a request carries the
/// secret; a request without credentials is anonymous, and one with another secret is
/// refused, where the spec says so, as the real service would.
#[derive(Debug, Clone)]
pub struct MockCredentials {
    secret: String,
    identity: Arc<Identity>,
}

impl MockCredentials {
    /// Takes `secret`, as a caller holding `capabilities` (a generated
    /// `capabilities::ALL`, so that no endpoint answers 403).
    pub fn new(secret: impl Into<String>, capabilities: &[&str]) -> Self {
        let mut identity = Identity::new("mock", "mock");
        identity.capabilities = capabilities
            .iter()
            .map(|c| (*c).to_owned())
            .collect::<BTreeSet<_>>();
        MockCredentials {
            secret: secret.into(),
            identity: Arc::new(identity),
        }
    }

    fn check(&self, presented: &str) -> Option<Arc<Identity>> {
        let same: bool =
            subtle::ConstantTimeEq::ct_eq(presented.as_bytes(), self.secret.as_bytes()).into();
        same.then(|| self.identity.clone())
    }
}

impl Authenticator for MockCredentials {
    async fn basic(&self, _username: &str, password: &str) -> Option<Arc<Identity>> {
        self.check(password)
    }

    async fn token(&self, token: &str) -> Option<Arc<Identity>> {
        self.check(token)
    }

    /// Keys carried together are each the secret.
    async fn keys(&self, keys: &[(&str, &str)]) -> Option<Arc<Identity>> {
        let mut found = None;
        for (_, key) in keys {
            found = Some(self.check(key)?);
        }
        found
    }
}

/// The paths a mock's `DELETE`s removed: a request for one of them, or for anything
/// beneath one, answers 404 until the mock restarts, as a deleted resource would.
#[derive(Debug, Default)]
pub struct Deleted(Mutex<HashSet<String>>);

impl Deleted {
    /// Remembers the request's path as deleted.
    pub fn record(&self, ctx: &RequestContext<'_>) {
        self.record_path(ctx.uri().path());
    }

    /// Whether the request's path was deleted, or lies beneath a deleted path.
    pub fn contains(&self, ctx: &RequestContext<'_>) -> bool {
        self.contains_path(ctx.uri().path())
    }

    /// Remembers `path` as deleted. A path ending in `/` (an empty last parameter) is
    /// deleted alone: nothing lies beneath it, and its collection stays.
    pub fn record_path(&self, path: &str) {
        self.paths().insert(path.to_owned());
    }

    /// Whether `path` was deleted, or lies beneath a deleted path.
    pub fn contains_path(&self, path: &str) -> bool {
        let paths = self.paths();
        paths.contains(path)
            || path
                .match_indices('/')
                .any(|(at, _)| paths.contains(&path[..at]))
    }

    fn paths(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_that_does_not_fit_says_what_it_should_be() {
        assert_eq!(answer::<Vec<i64>>("[1, 2]"), Ok(vec![1, 2]));
        let problem = answer::<Vec<i64>>("{}").expect_err("an object is no list");
        assert!(problem.contains("alloc::vec::Vec<i64>"), "{problem}");
    }

    #[test]
    fn the_secret_is_the_same_caller_with_every_capability_given() {
        let credentials = MockCredentials::new("mock-token", &["admin"]);
        let caller = ready(credentials.token("mock-token")).expect("the secret is taken");
        assert_eq!(caller.username, "mock");
        assert!(caller.capabilities.contains("admin"));
        assert!(ready(credentials.basic("anyone", "mock-token")).is_some());
        assert!(ready(credentials.token("another")).is_none());
        assert!(ready(credentials.basic("mock", "another")).is_none());
    }

    #[test]
    fn a_deleted_path_and_what_lies_beneath_it_are_gone() {
        let deleted = Deleted::default();
        deleted.record_path("/pets/7");
        assert!(deleted.contains_path("/pets/7"));
        assert!(deleted.contains_path("/pets/7/photo"));
        assert!(!deleted.contains_path("/pets/70"));
        assert!(!deleted.contains_path("/pets"));
        // An empty id deletes nothing but itself: the collection stays.
        deleted.record_path("/owners/");
        assert!(deleted.contains_path("/owners/"));
        assert!(!deleted.contains_path("/owners"));
        assert!(!deleted.contains_path("/owners/1"));
    }

    /// Runs a future that never waits.
    fn ready<F: std::future::Future>(future: F) -> F::Output {
        let mut future = std::pin::pin!(future);
        let waker = std::task::Waker::noop();
        let mut cx = std::task::Context::from_waker(waker);
        match future.as_mut().poll(&mut cx) {
            std::task::Poll::Ready(value) => value,
            std::task::Poll::Pending => panic!("the authenticator waited"),
        }
    }
}
