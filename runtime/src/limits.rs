//! How long a client may take and how much it may send: the defaults every generated
//! service is safe with on the open internet, each settable through
//! [`Settings::limits`](crate::Settings::limits).
//!
//! The timeouts close what a slow or idle client holds (a connection, a descriptor, a
//! task); the connection cap keeps the process below its descriptor limit; the body
//! limit keeps a request's memory bounded.

use std::time::Duration;

/// Limits on connections and requests. [`Limits::default`] holds the defaults; each field
/// says its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// How long a connection may stay open with no request under way and no byte of the
    /// next one received: before its first request and between keep-alive requests.
    /// Default 30 s (what the real service's servlet container allows).
    pub idle_timeout: Duration,
    /// How long a request's head (request line and headers) may take from its first byte
    /// until it is complete. Default 10 s: a real client sends it in one packet; a client
    /// that trickles it a byte at a time is holding the connection, not using it.
    pub header_read_timeout: Duration,
    /// How long the server waits for the next piece of a request body. Default 15 s.
    pub body_read_timeout: Duration,
    /// How long the whole body of one request may take. Default 60 s (10 MiB at about
    /// 170 KiB/s).
    pub body_total_timeout: Duration,
    /// How long a handler may run. Past it the client gets 503 with a plaintext message
    /// and the handler's future is dropped (work it handed to another task, such as a
    /// storage call on a blocking thread, finishes there). Default 60 s.
    pub request_timeout: Duration,
    /// How long a response may wait for the client to read it: a connection whose writes
    /// make no progress for this long is closed. Default 30 s.
    pub write_timeout: Duration,
    /// How long a shutdown waits for the requests under way before it closes what is left.
    /// Default 30 s.
    pub shutdown_timeout: Duration,
    /// The most connections open at once. At the cap the connection idle the longest (a
    /// keep-alive connection, or one still sending its request head) is closed to make
    /// room; when every connection has a request under way, new ones wait in the listen
    /// backlog. Default: [`default_max_connections`].
    pub max_connections: usize,
    /// The largest request body, in bytes: a larger `Content-Length` is refused with 413
    /// before the body is read, and a chunked body is cut at the limit. Default 10 MiB.
    pub max_body_bytes: usize,
    /// The largest request head (request line and headers), in bytes: a larger one is
    /// refused with 431, or with 414 when its request line alone is that long. Default 64
    /// KiB; at least 8 KiB is used whatever is set.
    pub max_head_bytes: usize,
    /// The largest JSON request body, in bytes: a larger one is refused with 400 before it
    /// is parsed. Default 4 MiB, below [`max_body_bytes`](Self::max_body_bytes) because
    /// a JSON document costs several times its size once parsed, while a raw body does not.
    pub max_json_bytes: usize,
    /// How deeply arrays and objects may nest in a JSON request body (`{"a":[1]}` is 2):
    /// deeper is refused with 400 before it is parsed. Default 32; the deepest body of a
    /// typical API nests five or six levels.
    pub max_json_depth: usize,
    /// How long a web session (cookie or access token) may go unused before it ends.
    /// Default 12 hours (the real service's web session age).
    pub session_idle_timeout: Duration,
    /// How long a web session may last however much it is used. Default 7 days.
    pub session_max_age: Duration,
    /// How many failed password attempts one account may see from one address before
    /// further attempts wait (429 with `Retry-After`); an address gets ten times as many
    /// across all accounts. Default 10.
    pub auth_failures_allowed: u32,
    /// How often one more failed attempt is allowed once the budget is spent (ten times
    /// as often for an address). Default 30 s.
    pub auth_failure_refill: Duration,
}

/// The default [`Limits::max_body_bytes`]: 10 MiB.
pub const DEFAULT_MAX_BODY_BYTES: usize = 10 * 1024 * 1024;

/// Descriptors kept free of connections for everything else the process opens: the
/// database, log files, the listening socket.
const RESERVED_DESCRIPTORS: u64 = 64;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            idle_timeout: Duration::from_secs(30),
            header_read_timeout: Duration::from_secs(10),
            body_read_timeout: Duration::from_secs(15),
            body_total_timeout: Duration::from_secs(60),
            request_timeout: Duration::from_secs(60),
            write_timeout: Duration::from_secs(30),
            shutdown_timeout: Duration::from_secs(30),
            max_connections: default_max_connections(),
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            max_head_bytes: 64 * 1024,
            max_json_bytes: 4 * 1024 * 1024,
            max_json_depth: 32,
            session_idle_timeout: Duration::from_secs(12 * 60 * 60),
            session_max_age: Duration::from_secs(7 * 24 * 60 * 60),
            auth_failures_allowed: 10,
            auth_failure_refill: Duration::from_secs(30),
        }
    }
}

/// The process's open-file limit (its soft `RLIMIT_NOFILE`) less 64 descriptors kept
/// for everything but connections, at least 16 and at most 65,536; 960 where the limit
/// cannot be read (the common limit of 1,024 less the reserve).
pub fn default_max_connections() -> usize {
    let limit = descriptor_limit().unwrap_or(1024);
    let cap = limit.saturating_sub(RESERVED_DESCRIPTORS).clamp(16, 65_536);
    usize::try_from(cap).unwrap_or(65_536)
}

#[cfg(unix)]
fn descriptor_limit() -> Option<u64> {
    rustix::process::getrlimit(rustix::process::Resource::Nofile).current
}

#[cfg(not(unix))]
fn descriptor_limit() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_cap_stays_below_the_descriptor_limit() {
        let cap = default_max_connections() as u64;
        if let Some(limit) = descriptor_limit() {
            assert!(cap < limit.max(17), "cap {cap} for a limit of {limit}");
        }
        assert!((16..=65_536).contains(&cap));
    }
}
