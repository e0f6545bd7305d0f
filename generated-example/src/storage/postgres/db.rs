//! [`Db`] over a PostgreSQL transaction: the common SQL translated to PostgreSQL's, the
//! values converted both ways, and each statement waited for on the calling thread.
//!
//! Statements are pipelined where nothing waits for their answer: the transaction's
//! `BEGIN` (with the writers' lock, for a write) goes with its first statement, and
//! statements [queued](Db::queue) go with the next one or with the `COMMIT`, in one round
//! trip. Their answers are still read and checked, in order, before that statement's: a
//! failure among them is the transaction's failure (and its `COMMIT` then rolls back, as
//! PostgreSQL ends a failed transaction).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::future::{Future, poll_fn};
use std::pin::Pin;
use std::task::Poll;

use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, Statement};

use super::Deadline;
use super::conn::{Driver, PgConn};
use super::values::{OwnedParam, translate};
use crate::storage::sql::db::{Db, Param, Row};
use crate::storage::{StorageError, StorageResult};

/// A request sent: waiting for its answer, or answered when it was sent (a closed
/// connection fails it at once), and never polled again then.
enum Sent<'a, E = tokio_postgres::Error> {
    Waiting(Pin<Box<dyn Future<Output = Result<u64, E>> + 'a>>),
    Answered(Result<u64, E>),
}

/// A request of this transaction, as its first poll left it.
type Request<'a> = Pin<Box<dyn Future<Output = Result<u64, tokio_postgres::Error>> + 'a>>;

/// Sends `request` on `driver`; see [`Sent`].
fn start<'a>(driver: &mut Driver, mut request: Request<'a>) -> Sent<'a> {
    match driver.start(request.as_mut()) {
        Poll::Ready(answer) => Sent::Answered(answer),
        Poll::Pending => Sent::Waiting(request),
    }
}

/// One transaction, as the table modules see it.
pub(super) struct PgDb<'a> {
    client: &'a Client,
    driver: RefCell<&'a mut Driver>,
    statements: RefCell<&'a mut HashMap<String, Statement>>,
    /// The `BEGIN …` still to send, with the first statement; `None` once sent, or for a
    /// statement run alone.
    begin: Cell<Option<&'static str>>,
    /// Whether the `BEGIN` was sent: the transaction must then end.
    began: Cell<bool>,
    /// A statement run alone (no transaction): a second one is refused.
    alone: bool,
    /// Whether a statement ran.
    ran: Cell<bool>,
    /// Requests sent and not answered yet, oldest first.
    sent: RefCell<Vec<Sent<'a>>>,
    deadline: Deadline,
}

impl<'a> PgDb<'a> {
    /// A transaction on `conn` that `begin` starts, sent with its first statement; or,
    /// without `begin`, one statement alone, which is its own transaction.
    pub(super) fn new(
        conn: &'a mut PgConn,
        begin: Option<&'static str>,
        deadline: Deadline,
    ) -> Self {
        PgDb {
            client: &conn.client,
            driver: RefCell::new(&mut conn.driver),
            statements: RefCell::new(&mut conn.statements),
            begin: Cell::new(begin),
            began: Cell::new(false),
            alone: begin.is_none(),
            ran: Cell::new(false),
            sent: RefCell::new(Vec::new()),
            deadline,
        }
    }

    /// Whether the transaction has begun (a statement was sent): it must then end.
    pub(super) fn begun(&self) -> bool {
        self.began.get()
    }

    /// Counts a statement; a second one of a statement run alone is a mistake of the
    /// caller's (it would not see the first one's snapshot).
    fn count(&self) -> StorageResult<()> {
        if self.alone && self.ran.replace(true) {
            return Err(StorageError::Database(
                "a second statement in a one-statement read".into(),
            ));
        }
        Ok(())
    }

    /// Sends the `BEGIN`, unless it was sent.
    fn begin(&self, driver: &mut Driver) {
        if let Some(begin) = self.begin.take() {
            self.began.set(true);
            let client = self.client;
            let request: Request<'a> =
                Box::pin(async move { client.batch_execute(begin).await.map(|()| 0) });
            let sent = start(driver, request);
            self.sent.borrow_mut().push(sent);
        }
    }

    /// Sends `request` now (after the `BEGIN`) and keeps it to be answered later.
    fn send(&self, driver: &mut Driver, request: Request<'a>) {
        self.begin(driver);
        let sent = start(driver, request);
        self.sent.borrow_mut().push(sent);
    }

    /// Waits for `work`, and for what was sent before it (the first failure of those is
    /// the answer): all of them in one round trip.
    fn run<T>(
        &self,
        work: impl Future<Output = Result<T, tokio_postgres::Error>>,
    ) -> StorageResult<T> {
        let mut driver = self.driver.borrow_mut();
        self.begin(&mut driver);
        let sent = std::mem::take(&mut *self.sent.borrow_mut());
        Ok(driver.run(in_order(sent, work), self.deadline)??)
    }

    /// Ends the transaction: `COMMIT` (or `ROLLBACK`), waited for with what was queued.
    pub(super) fn finish(&self, sql: &'static str) -> StorageResult<()> {
        self.run(self.client.batch_execute(sql))
    }

    /// Ends a read-only transaction without waiting: the next call on this connection
    /// reads the answer (in order, before its own). A read-only transaction has nothing
    /// to lose if its end fails.
    pub(super) fn finish_unseen(&self, sql: &'static str) -> StorageResult<()> {
        if !self.sent.borrow().is_empty() {
            return self.finish(sql);
        }
        self.driver
            .borrow_mut()
            .send_only(self.client.batch_execute(sql));
        Ok(())
    }

    /// The statement for `sql` (translated), prepared once per connection.
    fn statement(&self, sql: &str) -> StorageResult<Statement> {
        if let Some(statement) = self.statements.borrow().get(sql) {
            return Ok(statement.clone());
        }
        let translated = translate(sql);
        let statement = self.run(self.client.prepare(&translated))?;
        self.statements
            .borrow_mut()
            .insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }
}

/// Waits for every request in `sent` and for `work`: the first failure among `sent` (in
/// the order sent) is the answer, else `work`'s. None of them is polled again once it has
/// answered (a finished `async fn` panics when it is): the server answers in order, but
/// when the connection closes, a request fails at once, while one sent before it may not
/// have heard yet.
async fn in_order<T, E>(
    sent: Vec<Sent<'_, E>>,
    work: impl Future<Output = Result<T, E>>,
) -> Result<T, E> {
    let mut failure = None;
    let mut sent: Vec<_> = sent
        .into_iter()
        .filter_map(|request| match request {
            Sent::Waiting(request) => Some(Some(request)),
            Sent::Answered(answer) => {
                if let (Err(err), None) = (answer, &failure) {
                    failure = Some(err);
                }
                None
            }
        })
        .collect();
    let mut done = None;
    let mut work = std::pin::pin!(work);
    let answer = poll_fn(|cx| {
        for slot in &mut sent {
            if let Some(request) = slot
                && let Poll::Ready(answer) = request.as_mut().poll(cx)
            {
                *slot = None;
                if let (Err(err), None) = (answer, &failure) {
                    failure = Some(err);
                }
            }
        }
        if done.is_none()
            && let Poll::Ready(answer) = work.as_mut().poll(cx)
        {
            done = Some(answer);
        }
        if sent.iter().any(Option::is_some) {
            return Poll::Pending;
        }
        done.take().map_or(Poll::Pending, Poll::Ready)
    })
    .await;
    match failure {
        Some(err) => Err(err),
        None => answer,
    }
}

/// The parameters as the driver takes them.
fn driver_params<'p>(params: &'p [Param<'_>]) -> Vec<&'p (dyn ToSql + Sync)> {
    params.iter().map(|p| p as &(dyn ToSql + Sync)).collect()
}

impl Db for PgDb<'_> {
    fn each_row(
        &self,
        sql: &str,
        params: &[Param<'_>],
        each: &mut dyn FnMut(Row<'_>) -> StorageResult<()>,
    ) -> StorageResult<()> {
        self.count()?;
        let statement = self.statement(sql)?;
        let rows = self.run(self.client.query(&statement, &driver_params(params)))?;
        for row in &rows {
            each(Row::new(row))?;
        }
        Ok(())
    }

    fn execute(&self, sql: &str, params: &[Param<'_>]) -> StorageResult<usize> {
        self.count()?;
        let statement = self.statement(sql)?;
        let changed = self.run(self.client.execute(&statement, &driver_params(params)))?;
        Ok(usize::try_from(changed).unwrap_or(usize::MAX))
    }

    fn statements_are_round_trips(&self) -> bool {
        true
    }

    fn queue(&self, sql: &str, params: &[Param<'_>]) -> StorageResult<()> {
        self.count()?;
        let statement = self.statement(sql)?;
        // The request outlives the caller's borrows: its parameters are its own.
        let params: Vec<OwnedParam> = params.iter().map(OwnedParam::from).collect();
        let client = self.client;
        let request = Box::pin(async move {
            let params: Vec<&(dyn ToSql + Sync)> =
                params.iter().map(|p| p as &(dyn ToSql + Sync)).collect();
            client.execute(&statement, &params).await
        });
        self.send(&mut self.driver.borrow_mut(), request);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::future::Future;
    use std::pin::pin;
    use std::task::{Context, Poll, Waker};

    use super::{Sent, in_order, translate};

    /// A request whose answer comes on the second poll.
    fn answered_later(
        answer: Result<u64, &'static str>,
    ) -> impl Future<Output = Result<u64, &'static str>> {
        let mut polled = false;
        std::future::poll_fn(move |cx| {
            if std::mem::replace(&mut polled, true) {
                Poll::Ready(answer)
            } else {
                cx.waker().wake_by_ref();
                Poll::Pending
            }
        })
    }

    fn poll_twice<T>(future: impl Future<Output = T>) -> (bool, Option<T>) {
        let mut future = pin!(future);
        let mut cx = Context::from_waker(Waker::noop());
        let first = future.as_mut().poll(&mut cx).is_pending();
        match future.as_mut().poll(&mut cx) {
            Poll::Ready(answer) => (first, Some(answer)),
            Poll::Pending => (first, None),
        }
    }

    /// When the connection closes, the statement being waited for can fail at once while
    /// one sent before it has not heard yet: the finished statement must not be polled
    /// again (an `async fn` panics when it is), and the earlier answer still comes first.
    #[test]
    fn a_statement_that_fails_first_is_not_polled_again() {
        let sent = vec![Sent::Waiting(Box::pin(answered_later(Ok(1))))];
        let work = async { Err::<(), _>("closed") };
        assert_eq!(
            poll_twice(in_order(sent, work)),
            (true, Some(Err("closed")))
        );

        let sent: Vec<Sent<'_, _>> = vec![Sent::Waiting(Box::pin(answered_later(Err(
            "queued insert failed",
        ))))];
        let work = async { Ok::<_, &'static str>(7) };
        assert_eq!(
            poll_twice(in_order(sent, work)),
            (true, Some(Err("queued insert failed"))),
            "a failure sent earlier is the answer"
        );

        // A request that failed as it was sent is not polled again: its failure is kept.
        let sent = vec![
            Sent::Answered(Err("closed when sent")),
            Sent::Waiting(Box::pin(answered_later(Err("closed later")))),
        ];
        let work = async { Ok::<_, &'static str>(7) };
        assert_eq!(
            poll_twice(in_order(sent, work)),
            (true, Some(Err("closed when sent"))),
            "the first failure in the order sent"
        );
    }

    #[test]
    fn translates_placeholders_and_like_but_not_quoted_text() {
        assert_eq!(
            translate("SELECT 1 FROM t WHERE a = ?1 AND b LIKE ?12 ESCAPE '\\' AND c = '?3 LIKE'"),
            "SELECT 1 FROM t WHERE a = $1 AND b ILIKE $12 ESCAPE '\\' AND c = '?3 LIKE'"
        );
        assert_eq!(
            translate("SELECT likes, ALIKE, LIKELY"),
            "SELECT likes, ALIKE, LIKELY"
        );
    }
}
