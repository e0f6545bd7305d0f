//! A small in-memory implementation of `fixtures/conventions`, for the runtime's convention
//! tests (`test_server.rs` serves it on loopback) and the fuzz targets, which include this
//! file as a module of their own (`restspec-fuzz`'s `lib.rs`) rather than linking this
//! crate with every fixture's generated code.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use restspec_runtime::http::header::LOCATION;
use restspec_runtime::http::{HeaderValue, StatusCode};
use restspec_runtime::{
    Authenticator, Caller, Custom, Identity, RequestContext, Session, Timestamp,
};

use crate::build_script::conventions::options::ListThingsOptions;
use crate::build_script::conventions::types::{
    AccountInfo, DescriptionInput, RequestEcho, ThingInfo, ThingInput, TouchInput,
};
use crate::build_script::conventions::{
    AccountsHandlers, AccountsResource, Error, ThingsHandlers, ThingsResource,
};

/// What a tower layer of the service's own puts on requests (the tests check handlers see
/// it through their context).
#[derive(Debug, Clone)]
pub struct RequestTag(pub String);

/// `alice` (1000001) may create things; `bob` (1000002) may not; `admin` (1000000) holds
/// every capability. Passwords are the user name followed by `-pw`.
pub const USERS: &[(&str, &str, &[&str])] = &[
    ("1000000", "admin", &["administrateServer", "createThing"]),
    ("1000001", "alice", &["createThing"]),
    ("1000002", "bob", &[]),
];

fn identity(id: &str) -> Option<Identity> {
    USERS
        .iter()
        .find(|(i, _, _)| *i == id)
        .map(|(id, name, caps)| {
            caps.iter()
                .fold(Identity::new(*id, *name), |i, c| i.with_capability(*c))
        })
}

/// The things, by name, and the sessions, by key.
#[derive(Debug, Default)]
pub struct State {
    /// Things by name.
    pub things: BTreeMap<String, Arc<ThingInfo>>,
    /// Live sessions by key.
    pub sessions: BTreeMap<String, Session>,
    /// Sessions made so far (to make keys).
    pub session_count: u64,
}

/// The test service and its authenticator share one state.
#[derive(Debug, Clone, Default)]
pub struct TestService {
    /// The shared state.
    pub state: Arc<Mutex<State>>,
}

impl TestService {
    /// The shared state, locked (a poisoned lock is taken over).
    pub fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A service holding one thing, `a/b` (a name with a slash).
    pub fn with_things(names: &[&str]) -> Self {
        let service = TestService::default();
        for name in names {
            service.state().things.insert(
                (*name).to_owned(),
                Arc::new(ThingInfo {
                    name: (*name).to_owned(),
                    description: None,
                    created: Timestamp::from_unix_nanos(1_533_885_943_749_000_123)
                        .unwrap_or_else(Timestamp::now),
                }),
            );
        }
        service
    }
}

#[allow(refining_impl_trait)]
impl ThingsHandlers for TestService {
    async fn resolve_things(
        &self,
        _caller: &Caller,
        thing_id: &str,
    ) -> Result<Option<ThingsResource>, Error> {
        Ok(self
            .state()
            .things
            .contains_key(thing_id)
            .then(|| ThingsResource {
                thing_name: thing_id.to_owned(),
                ..ThingsResource::default()
            }))
    }

    async fn list_things(
        &self,
        _ctx: RequestContext<'_>,
        options: ListThingsOptions,
    ) -> Result<BTreeMap<String, ThingInfo>, Error> {
        let skip = usize::try_from(options.skip.unwrap_or(0)).unwrap_or(0);
        let limit = options
            .limit
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(usize::MAX);
        let describe = options.descriptions.unwrap_or(false);
        Ok(self
            .state()
            .things
            .iter()
            .filter(|(name, _)| {
                options.prefixes.is_empty() || options.prefixes.iter().any(|p| name.starts_with(p))
            })
            .skip(skip)
            .take(limit)
            .map(|(name, thing)| {
                let mut thing = ThingInfo::clone(thing);
                if !describe {
                    thing.description = None;
                }
                (name.clone(), thing)
            })
            .collect())
    }

    async fn get_thing(
        &self,
        _ctx: RequestContext<'_>,
        thing_id: &str,
    ) -> Result<Arc<ThingInfo>, Error> {
        // A thing named `sleep-<millis>` takes that long to get: a slow or hanging handler
        // for the timeout and shutdown tests.
        if let Some(millis) = thing_id.strip_prefix("sleep-").and_then(|m| m.parse().ok()) {
            tokio::time::sleep(std::time::Duration::from_millis(millis)).await;
        }
        // Shared with the store: answered without copying the record.
        self.state()
            .things
            .get(thing_id)
            .cloned()
            .ok_or_else(Error::not_found)
    }

    async fn create_thing(
        &self,
        _ctx: RequestContext<'_>,
        thing_id: &str,
        body: ThingInput,
    ) -> Result<Custom<Arc<ThingInfo>>, Error> {
        let mut state = self.state();
        if state.things.contains_key(thing_id) {
            return Err(Error::Conflict(
                format!("Thing \"{thing_id}\" already exists").into(),
            ));
        }
        let thing = Arc::new(ThingInfo {
            name: thing_id.to_owned(),
            description: body.description,
            created: Timestamp::now(),
        });
        state.things.insert(thing_id.to_owned(), thing.clone());
        let location = HeaderValue::from_str(&format!("/things/{thing_id}"))
            .map_err(|e| Error::Internal(e.to_string().into()))?;
        Ok(Custom::new(thing).header(LOCATION, location))
    }

    async fn describe_thing(
        &self,
        _ctx: RequestContext<'_>,
        thing_id: &str,
        body: DescriptionInput,
    ) -> Result<String, Error> {
        let mut state = self.state();
        let thing = state
            .things
            .get_mut(thing_id)
            .ok_or_else(Error::not_found)?;
        Arc::make_mut(thing).description = Some(body.description.clone());
        Ok(body.description)
    }

    async fn delete_thing(&self, _ctx: RequestContext<'_>, thing_id: &str) -> Result<(), Error> {
        self.state()
            .things
            .remove(thing_id)
            .map(|_| ())
            .ok_or_else(Error::not_found)
    }

    async fn get_big(
        &self,
        _ctx: RequestContext<'_>,
        _thing_id: &str,
    ) -> Result<Vec<String>, Error> {
        Ok((0..100)
            .map(|i| format!("line {i:03} of a long answer"))
            .collect())
    }

    async fn explode(&self, _ctx: RequestContext<'_>, _thing_id: &str) -> Result<String, Error> {
        panic!("the explode handler always panics")
    }

    async fn touch_thing(
        &self,
        _ctx: RequestContext<'_>,
        thing_id: &str,
        body: TouchInput,
    ) -> Result<Custom<Arc<ThingInfo>>, Error> {
        let thing = self
            .state()
            .things
            .get(thing_id)
            .cloned()
            .ok_or_else(Error::not_found)?;
        let status = u16::try_from(body.status)
            .ok()
            .and_then(|s| StatusCode::from_u16(s).ok())
            .ok_or_else(Error::bad_request)?;
        Ok(Custom::new(thing).status(status))
    }

    async fn echo_request(
        &self,
        ctx: RequestContext<'_>,
        _thing_id: &str,
    ) -> Result<RequestEcho, Error> {
        Ok(RequestEcho {
            remote_addr: ctx.remote_addr().map(|a| a.ip().to_string()),
            user_agent: ctx
                .headers()
                .get("user-agent")
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned),
            tag: ctx.extensions().get::<RequestTag>().map(|t| t.0.clone()),
        })
    }
}

#[allow(refining_impl_trait)]
impl AccountsHandlers for TestService {
    async fn resolve_accounts(
        &self,
        _caller: &Caller,
        account_id: &str,
    ) -> Result<Option<AccountsResource>, Error> {
        Ok(identity(account_id).map(|i| AccountsResource {
            account_id: i.id,
            ..AccountsResource::default()
        }))
    }

    async fn get_account(
        &self,
        _ctx: RequestContext<'_>,
        account_id: &str,
    ) -> Result<AccountInfo, Error> {
        let identity = identity(account_id).ok_or_else(Error::not_found)?;
        Ok(AccountInfo {
            account_id: identity.id.parse().unwrap_or_default(),
            username: identity.username,
        })
    }
}

impl Authenticator for TestService {
    async fn basic(&self, username: &str, password: &str) -> Option<Arc<Identity>> {
        USERS
            .iter()
            .find(|(_, name, _)| *name == username && password == format!("{name}-pw"))
            .and_then(|(id, _, _)| identity(id))
            .map(Arc::new)
    }

    async fn session(&self, key: &str) -> Option<Session> {
        self.state().sessions.get(key).cloned()
    }

    async fn create_session(&self, identity: &Identity) -> Option<Session> {
        let mut state = self.state();
        state.session_count += 1;
        let session = Session {
            key: format!("session-{}-{}", identity.id, state.session_count),
            identity: Arc::new(identity.clone()),
            xsrf_token: format!("xsrf-{}-{}", identity.id, state.session_count),
            created: std::time::SystemTime::now(),
            last_used: std::time::SystemTime::now(),
        };
        state.sessions.insert(session.key.clone(), session.clone());
        Some(session)
    }

    async fn end_session(&self, key: &str) {
        self.state().sessions.remove(key);
    }

    async fn touch_session(&self, key: &str, at: std::time::SystemTime) {
        if let Some(session) = self.state().sessions.get_mut(key) {
            session.last_used = at;
        }
    }

    async fn end_expired_sessions(
        &self,
        used_before: std::time::SystemTime,
        created_before: std::time::SystemTime,
    ) {
        self.state()
            .sessions
            .retain(|_, s| s.last_used >= used_before && s.created >= created_before);
    }
}
