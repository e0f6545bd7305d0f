//! Accounts and web sessions as the storage keeps them.

use restspec_runtime::Timestamp;

/// The id of the `admin` account, the first account; later accounts get the next ids.
pub const ADMIN_ACCOUNT_ID: i64 = 1_000_000;

/// The username of the account created on first start.
pub const ADMIN_USERNAME: &str = "admin";

/// An account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    /// `_account_id`: 1000000 for `admin`, then sequential.
    pub id: i64,
    /// Login name, unique (case-sensitive).
    pub username: String,
    /// Full name.
    pub name: Option<String>,
    /// Display name.
    pub display_name: Option<String>,
    /// Free-text status message.
    pub status: Option<String>,
    /// The preferred email, one of [`emails`](Self::emails).
    pub email: Option<String>,
    /// Every registered email, sorted; an email belongs to one account at most.
    /// `secondary_emails` are these without the preferred one.
    pub emails: Vec<String>,
    /// The HTTP password as the accounts module encodes its hash; the storage never
    /// interprets it. `None`: the account cannot use HTTP basic authentication.
    pub password_hash: Option<String>,
    /// Inactive accounts keep their data but must not be able to log in.
    pub active: bool,
    /// Global capabilities granted to the account itself, sorted.
    pub capabilities: Vec<String>,
    /// When the account was created.
    pub registered_on: Timestamp,
}

/// What a new account is made of; the storage assigns the id and the registration time.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewAccount {
    /// Login name; taken → [`Conflict`](super::StorageError::Conflict).
    pub username: String,
    /// Full name.
    pub name: Option<String>,
    /// Display name.
    pub display_name: Option<String>,
    /// Preferred email, registered with the account; taken by another account →
    /// [`Conflict`](super::StorageError::Conflict).
    pub email: Option<String>,
    /// The encoded HTTP password hash (see [`Account::password_hash`]).
    pub password_hash: Option<String>,
    /// Global capabilities to grant (duplicates are ignored).
    pub capabilities: Vec<String>,
}

/// Which accounts [`Storage::query_accounts`](super::Storage::query_accounts) answers,
/// ordered by id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccountQuery {
    /// Case-insensitive (ASCII) substring of the username, full name, display name or
    /// any registered email.
    pub text: Option<String>,
    /// Only active (`Some(true)`) or inactive (`Some(false)`) accounts.
    pub active: Option<bool>,
    /// At most this many (`n`); `None`: all.
    pub limit: Option<usize>,
    /// Skip this many first (`S`).
    pub skip: usize,
}

/// A web session (`POST /login`), kept in the database so logins survive a restart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// The session cookie's value (also accepted as `access_token`).
    pub key: String,
    /// The account logged in.
    pub account_id: i64,
    /// The value a cookie-authenticated mutation must send in `X-Service-Auth`.
    pub xsrf_token: String,
    /// When the session was created.
    pub created_on: Timestamp,
    /// When its use was last recorded ([`Storage::touch_session`](super::Storage::touch_session)).
    pub last_used: Timestamp,
}

/// The `admin` account created on first start.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AdminSeed {
    /// Its HTTP password, encoded by the accounts module (see
    /// [`Account::password_hash`]).
    pub password_hash: String,
    /// Its global capabilities: all of them.
    pub capabilities: Vec<String>,
}
