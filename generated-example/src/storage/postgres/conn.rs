//! [`PgConn`]: one PostgreSQL connection whose I/O runs on the thread that uses it.
//!
//! tokio-postgres splits a connection into a `Client`, which sends requests down a channel,
//! and a `Connection` future, which writes them to the socket and hands the answers back.
//! Spawned on a runtime of its own, that future runs on another thread: every round trip
//! then crossed threads twice (the request to the runtime's thread, the answer back), and
//! on a loaded machine each crossing waits for a core. Here the storage call's thread
//! polls both: its work (the statements) and the connection, over a non-blocking socket
//! with a readiness poller of its own ([`mio`]), and sleeps in that poller until the
//! server answers or the call's deadline passes. No other thread takes part, so a round
//! trip costs a `send` and a wake-up from `epoll_wait`, and it works the same from a
//! blocking thread, an async worker inside `block_in_place`, or a test.
//!
//! Requests made while polling the same future together are pipelined: the `Client`
//! queues them in order and the connection writes them at once (a `BEGIN` and the first
//! statement travel in one packet, see `db.rs`).

use std::collections::HashMap;
use std::future::Future;
use std::io::{self, Read, Write};
use std::net::ToSocketAddrs;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll, Wake, Waker};
use std::time::Duration;

use mio::{Events, Interest, Token};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_postgres::config::Host;
use tokio_postgres::tls::NoTlsStream;
use tokio_postgres::{Client, Config, Connection, NoTls, Statement};

use super::Deadline;
use crate::storage::{StorageError, StorageResult};

/// The longest the driver sleeps without looking at its futures again: a safety net only
/// (every wake-up it waits for comes from the socket or from the futures' own wakers).
const LONGEST_SLEEP: Duration = Duration::from_millis(100);

/// One connection: the client, the connection future and the poller that drives them, and
/// the statements prepared on it.
pub(super) struct PgConn {
    pub(super) client: Client,
    pub(super) driver: Driver,
    /// Prepared statements by the common SQL they were translated from: preparing and the
    /// translation happen once per connection.
    pub(super) statements: HashMap<String, Statement>,
}

impl PgConn {
    /// Opens a connection as `config` says (the first host that answers), by `deadline`.
    pub(super) fn connect(config: &Config, deadline: Deadline) -> StorageResult<PgConn> {
        let mut socket = open_socket(config, deadline)?;
        let poll = mio::Poll::new().map_err(|e| StorageError::Io(e.to_string()))?;
        let source: &mut dyn mio::event::Source = match &mut socket {
            Socket::Tcp(stream) => stream,
            Socket::Unix(stream) => stream,
        };
        poll.registry()
            .register(source, Token(0), Interest::READABLE | Interest::WRITABLE)
            .map_err(|e| StorageError::Io(e.to_string()))?;
        let mut driver = Driver {
            poll,
            events: Events::with_capacity(4),
            woken: Arc::new(Flag(AtomicBool::new(false))),
            connection: None,
        };
        let (client, connection) = driver.run(config.connect_raw(socket, NoTls), deadline)??;
        driver.connection = Some(connection);
        Ok(PgConn {
            client,
            driver,
            statements: HashMap::new(),
        })
    }

    /// Whether the connection may still be used: it reads what the server sent meanwhile
    /// (a restart's goodbye, the end of the stream) without waiting.
    pub(super) fn is_open(&mut self) -> bool {
        self.driver.poke();
        !self.has_ended()
    }

    /// Whether the connection has ended, as far as it has been read.
    pub(super) fn has_ended(&self) -> bool {
        self.driver.connection.is_none() || self.client.is_closed()
    }
}

/// Runs futures that use one connection, polling the connection with them.
pub(super) struct Driver {
    poll: mio::Poll,
    events: Events,
    /// Set when a future's waker is called: the futures are polled again before sleeping.
    woken: Arc<Flag>,
    /// `None` once it has ended (the server closed it, or a protocol error): the client's
    /// requests then fail as closed.
    connection: Option<Connection<Socket, NoTlsStream>>,
}

/// The wake-up flag.
struct Flag(AtomicBool);

impl Wake for Flag {
    fn wake(self: Arc<Self>) {
        self.0.store(true, Ordering::Release);
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.0.store(true, Ordering::Release);
    }
}

impl Driver {
    /// Polls `work` and the connection on this thread until `work` is done, sleeping in
    /// the poller meanwhile; past `deadline`, the database is unavailable.
    pub(super) fn run<F: Future>(
        &mut self,
        work: F,
        deadline: Deadline,
    ) -> StorageResult<F::Output> {
        let mut work = pin!(work);
        let waker = self.waker();
        let mut cx = Context::from_waker(&waker);
        loop {
            self.woken.0.store(false, Ordering::Release);
            if let Poll::Ready(done) = work.as_mut().poll(&mut cx) {
                return Ok(done);
            }
            self.drive(&mut cx);
            if self.woken.0.load(Ordering::Acquire) {
                continue;
            }
            let left = deadline.left().ok_or_else(|| deadline.passed())?;
            match self
                .poll
                .poll(&mut self.events, Some(left.min(LONGEST_SLEEP)))
            {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(StorageError::Io(format!("waiting for the database: {e}"))),
            }
        }
    }

    /// Polls `work` once, so that it sends its request, and lets it go: its answer will be
    /// read and dropped by whoever uses the connection next (the connection answers in
    /// order). Then writes the request out, without waiting.
    pub(super) fn send_only<F: Future>(&mut self, work: F) {
        let waker = self.waker();
        let mut cx = Context::from_waker(&waker);
        let _ = pin!(work).poll(&mut cx);
        self.drive(&mut cx);
    }

    /// Polls `work` once, so that it sends its request, and writes the request out without
    /// waiting; `work` is polled again later, to read its answer, unless this poll answered
    /// already (a request on a closed connection fails at once): a finished future must not
    /// be polled again.
    pub(super) fn start<F: Future + ?Sized>(&mut self, work: Pin<&mut F>) -> Poll<F::Output> {
        let waker = self.waker();
        let mut cx = Context::from_waker(&waker);
        let answer = work.poll(&mut cx);
        self.drive(&mut cx);
        answer
    }

    /// Polls the connection once, without waiting.
    fn poke(&mut self) {
        let waker = self.waker();
        self.drive(&mut Context::from_waker(&waker));
    }

    /// The waker every future run here gets: it sets the wake-up flag.
    fn waker(&self) -> Waker {
        Waker::from(self.woken.clone())
    }

    /// Polls the connection: it reads what arrived, writes what the client queued.
    fn drive(&mut self, cx: &mut Context<'_>) {
        if let Some(connection) = &mut self.connection
            && let Poll::Ready(ended) = Pin::new(connection).poll(cx)
        {
            if let Err(err) = ended {
                tracing::debug!(%err, "a database connection ended");
            }
            // Dropped: the client's waiting requests fail as closed (and wake their task).
            self.connection = None;
            self.woken.0.store(true, Ordering::Release);
        }
    }
}

/// Connects to the first of the configuration's hosts that accepts, by `deadline`.
fn open_socket(config: &Config, deadline: Deadline) -> StorageResult<Socket> {
    let ports = config.get_ports();
    let mut last = None;
    for (i, host) in config.get_hosts().iter().enumerate() {
        let port = ports.get(i).or(ports.first()).copied().unwrap_or(5432);
        let opened = match host {
            Host::Tcp(name) => open_tcp(name, port, deadline),
            #[cfg(unix)]
            Host::Unix(dir) => {
                std::os::unix::net::UnixStream::connect(dir.join(format!(".s.PGSQL.{port}")))
                    .and_then(|s| s.set_nonblocking(true).map(|()| s))
                    .map(|s| Socket::Unix(mio::net::UnixStream::from_std(s)))
            }
        };
        match opened {
            Ok(socket) => return Ok(socket),
            Err(err) => last = Some(err),
        }
    }
    let err = last.unwrap_or_else(|| io::Error::other("no host to connect to"));
    Err(StorageError::Unavailable(format!(
        "error connecting to server: {err}"
    )))
}

fn open_tcp(name: &str, port: u16, deadline: Deadline) -> io::Result<Socket> {
    let mut last = io::Error::other(format!("{name} has no address"));
    for addr in (name, port).to_socket_addrs()? {
        let left = deadline
            .left()
            .ok_or_else(|| io::Error::from(io::ErrorKind::TimedOut))?;
        match std::net::TcpStream::connect_timeout(&addr, left) {
            Ok(stream) => {
                // Requests are small and answered one by one: no Nagle delay.
                stream.set_nodelay(true)?;
                stream.set_nonblocking(true)?;
                return Ok(Socket::Tcp(mio::net::TcpStream::from_std(stream)));
            }
            Err(err) => last = err,
        }
    }
    Err(last)
}

/// A non-blocking socket as tokio-postgres reads and writes it. A read or write that would
/// block answers `Pending` without a waker: the [`Driver`] waits for the socket itself.
pub(super) enum Socket {
    Tcp(mio::net::TcpStream),
    #[cfg(unix)]
    Unix(mio::net::UnixStream),
}

impl Socket {
    fn io<T>(
        &mut self,
        mut op: impl FnMut(&mut dyn ReadWrite) -> io::Result<T>,
    ) -> Poll<io::Result<T>> {
        let stream: &mut dyn ReadWrite = match self {
            Socket::Tcp(s) => s,
            #[cfg(unix)]
            Socket::Unix(s) => s,
        };
        loop {
            match op(stream) {
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Poll::Pending,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                done => return Poll::Ready(done),
            }
        }
    }
}

trait ReadWrite: Read + Write {}
impl<T: Read + Write> ReadWrite for T {}

impl AsyncRead for Socket {
    fn poll_read(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let read = self.get_mut().io(|s| s.read(buf.initialize_unfilled()));
        read.map_ok(|n| buf.advance(n))
    }
}

impl AsyncWrite for Socket {
    fn poll_write(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.get_mut().io(|s| s.write(buf))
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.get_mut().io(|s| s.flush())
    }

    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        let shut = match self.get_mut() {
            Socket::Tcp(s) => s.shutdown(std::net::Shutdown::Write),
            #[cfg(unix)]
            Socket::Unix(s) => s.shutdown(std::net::Shutdown::Write),
        };
        Poll::Ready(shut)
    }
}
