//! The ready authenticator for the common small case: a fixed list of users, each with an
//! argon2id password hash, read from a file or an environment variable at start-up.
//!
//! A service with a handful of operators or scripts that write needs no account store:
//! it needs to check a user name and password on the authenticated form, without keeping
//! the passwords. [`FixedUsers`] reads lines of `name:PHC` (an argon2id hash in the PHC
//! string format that `restspec hash-password` and most argon2 tools print), optionally
//! followed by `:capability,capability`, and answers HTTP basic authentication. Verifying
//! an argon2id hash takes tens of milliseconds on purpose, so a verified credential is
//! remembered for a while ([`CredentialCache`]), and the hashing runs on tokio's blocking
//! pool rather than on the thread that serves other requests.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use argon2::{Algorithm, Argon2};
use argon2::{PasswordHash, PasswordHasher, PasswordVerifier};

use super::authenticator::Authenticator;
use super::credential_cache::CredentialCache;
use super::fixed_tokens::FixedTokens;
use super::list_error::FixedListError;
use crate::message::context::Identity;

/// Users with argon2id password hashes, fixed at start-up: see the module documentation.
///
/// ```
/// use restspec_runtime::{FixedUsers, Settings};
///
/// // `restspec hash-password` prints such a hash; this one is made here for the example.
/// let hash = FixedUsers::hash_password("secret");
/// let users = FixedUsers::parse(&format!("# who may write\nalice:{hash}:admin\n"))?;
/// assert_eq!(users.len(), 1);
/// let settings = Settings::default().authenticator(users);
/// # let _ = settings;
/// # Ok::<(), restspec_runtime::FixedUsersError>(())
/// ```
#[derive(Debug)]
pub struct FixedUsers {
    users: HashMap<String, User>,
    verified: CredentialCache,
    /// API tokens answered beside the passwords ([`with_tokens`](Self::with_tokens)).
    tokens: FixedTokens,
}

#[derive(Debug)]
struct User {
    identity: Arc<Identity>,
    /// The PHC string as written, which [`CredentialCache`] keys include.
    hash: String,
}

/// A line of a user list that is not `name:PHC[:capabilities]`, or a list that could not
/// be read: the error of every ready list, [`FixedListError`], under the name it had first.
pub type FixedUsersError = FixedListError;

impl FixedUsers {
    /// Reads the user list from a file: one user per line, `name:PHC` or
    /// `name:PHC:capability,capability`; blank lines and lines starting with `#` are
    /// skipped.
    pub fn from_file(path: impl AsRef<Path>) -> Result<Self, FixedUsersError> {
        let path = path.as_ref();
        let source = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| FixedUsersError::new(&source, 0, format!("cannot read it: {e}")))?;
        Self::parse_from(&source, &text)
    }

    /// Reads the user list from the environment variable `name`: the same lines as a file,
    /// separated by newlines or `;` (a PHC string contains neither).
    pub fn from_env(name: &str) -> Result<Self, FixedUsersError> {
        let source = format!("${name}");
        let text =
            std::env::var(name).map_err(|e| FixedUsersError::new(&source, 0, e.to_string()))?;
        Self::parse_from(&source, &text.replace(';', "\n"))
    }

    /// Reads a user list from text, as [`from_file`](Self::from_file) reads a file.
    pub fn parse(text: &str) -> Result<Self, FixedUsersError> {
        Self::parse_from("users", text)
    }

    fn parse_from(source: &str, text: &str) -> Result<Self, FixedUsersError> {
        let mut users = HashMap::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = index + 1;
            let user = parse_line(line).map_err(|m| FixedUsersError::new(source, at, m))?;
            let name = user.identity.username.clone();
            if users.insert(name.clone(), user).is_some() {
                return Err(FixedUsersError::new(
                    source,
                    at,
                    format!("`{name}` is listed twice: keep one line per user"),
                ));
            }
        }
        Ok(FixedUsers {
            users,
            verified: CredentialCache::default(),
            tokens: FixedTokens::none(),
        })
    }

    /// An argon2id hash of `password` with a fresh random salt and argon2's default
    /// parameters (19 MiB, two passes, one lane), as a PHC string for a user list.
    pub fn hash_password(password: &str) -> String {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
            // Hashing fails only for parameters or lengths out of range, none of which a
            // password can reach with the defaults.
            .unwrap_or_default()
    }

    /// Also admits the API tokens of `tokens` (a request's bearer token, or wherever the
    /// spec's `credentials` put tokens): people log in with passwords, scripts with
    /// tokens, through one authenticator.
    ///
    /// ```
    /// use restspec_runtime::{FixedTokens, FixedUsers, Settings};
    ///
    /// let hash = FixedUsers::hash_password("secret");
    /// let users = FixedUsers::parse(&format!("alice:{hash}"))?
    ///     .with_tokens(FixedTokens::parse(&FixedTokens::line("ci", "ci-token", &[]))?);
    /// let settings = Settings::default().authenticator(users);
    /// # let _ = settings;
    /// # Ok::<(), restspec_runtime::FixedListError>(())
    /// ```
    pub fn with_tokens(mut self, tokens: FixedTokens) -> Self {
        self.tokens = tokens;
        self
    }

    /// How many users the list holds.
    pub fn len(&self) -> usize {
        self.users.len()
    }

    /// True when the list holds nobody (every authenticated request is then a 401).
    pub fn is_empty(&self) -> bool {
        self.users.is_empty()
    }
}

/// One `name:PHC[:capabilities]` line, or what is wrong with it.
fn parse_line(line: &str) -> Result<User, String> {
    let (name, rest) = line
        .split_once(':')
        .ok_or("expected `name:$argon2id$...` (a user name, a colon, then the hash `restspec hash-password` prints)")?;
    if name.is_empty() || name.chars().any(char::is_whitespace) {
        return Err(format!(
            "`{name}` is not a user name: write one word before the first colon"
        ));
    }
    let (hash, capabilities) = match rest.split_once(':') {
        Some((hash, capabilities)) => (hash, Some(capabilities)),
        None => (rest, None),
    };
    let parsed = PasswordHash::new(hash).map_err(|e| {
        format!("the hash of `{name}` is not a PHC string ({e}): paste what `restspec hash-password` prints")
    })?;
    if Algorithm::try_from(parsed.algorithm.as_str()) != Ok(Algorithm::Argon2id) {
        return Err(format!(
            "the hash of `{name}` is {}, not argon2id: hash the password again with `restspec hash-password`",
            parsed.algorithm
        ));
    }
    let mut identity = Identity::new(name, name);
    for capability in capabilities.into_iter().flat_map(|c| c.split(',')) {
        let capability = capability.trim();
        if !capability.is_empty() {
            identity = identity.with_capability(capability);
        }
    }
    Ok(User {
        identity: Arc::new(identity),
        hash: hash.to_owned(),
    })
}

/// True when `password` matches the PHC string `hash`; slow on purpose.
fn verify(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

impl Authenticator for FixedUsers {
    async fn basic(&self, username: &str, password: &str) -> Option<Arc<Identity>> {
        let user = self.users.get(username)?;
        let key = self.verified.key(username, password, &user.hash);
        if self.verified.contains(&key) {
            return Some(user.identity.clone());
        }
        let (password, hash) = (password.to_owned(), user.hash.clone());
        // Off the serving thread: tens of milliseconds of hashing would stall every other
        // request that thread holds. Without a tokio runtime (a plain test), inline.
        let matches = match tokio::runtime::Handle::try_current() {
            Ok(handle) => handle
                .spawn_blocking(move || verify(&password, &hash))
                .await
                .unwrap_or(false),
            Err(_) => verify(&password, &hash),
        };
        if !matches {
            return None;
        }
        self.verified.insert(key);
        Some(user.identity.clone())
    }

    async fn token(&self, token: &str) -> Option<Arc<Identity>> {
        self.tokens.token(token).await
    }

    async fn keys(&self, keys: &[(&str, &str)]) -> Option<Arc<Identity>> {
        self.tokens.keys(keys).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn users() -> (FixedUsers, String) {
        let hash = FixedUsers::hash_password("pw one");
        let text = format!("# comment\n\nalice:{hash}:admin, runAs\nbob:{hash}\n");
        (FixedUsers::parse(&text).expect("a valid list"), hash)
    }

    #[tokio::test]
    async fn checks_passwords_and_reads_capabilities() {
        let (users, _) = users();
        assert_eq!(users.len(), 2);
        let alice = users
            .basic("alice", "pw one")
            .await
            .expect("right password");
        assert_eq!(alice.username, "alice");
        assert!(alice.capabilities.contains("admin") && alice.capabilities.contains("runAs"));
        assert!(
            users
                .basic("bob", "pw one")
                .await
                .unwrap()
                .capabilities
                .is_empty()
        );
        assert!(
            users.basic("alice", "pw two").await.is_none(),
            "wrong password"
        );
        assert!(
            users.basic("carol", "pw one").await.is_none(),
            "unknown user"
        );
        // The second time comes from the cache, and the wrong password still fails.
        assert!(users.basic("alice", "pw one").await.is_some());
        assert!(users.basic("alice", "pw one ").await.is_none());
    }

    #[tokio::test]
    async fn admits_the_tokens_it_is_given_beside_the_passwords() {
        let (users, _) = users();
        assert!(
            users.token("ci-token").await.is_none(),
            "no tokens by default"
        );
        let tokens = FixedTokens::parse(&FixedTokens::line("ci", "ci-token", &["admin"]));
        let users = users.with_tokens(tokens.expect("a token list"));
        let ci = users.token("ci-token").await.expect("ci's token");
        assert!(ci.username == "ci" && ci.capabilities.contains("admin"));
        assert!(
            users.token("pw one").await.is_none(),
            "a password is no token"
        );
        assert!(
            users.basic("alice", "pw one").await.is_some(),
            "passwords still work"
        );
    }

    #[test]
    fn names_the_line_and_says_what_to_write() {
        let hash = FixedUsers::hash_password("x");
        let cases = [
            (
                "alice\n".to_owned(),
                "users:1: expected `name:$argon2id$...`",
            ),
            (
                format!("\nalice:{hash}\nalice:{hash}"),
                "users:3: `alice` is listed twice",
            ),
            (
                "bob:plain-password".to_owned(),
                "users:1: the hash of `bob` is not a PHC string",
            ),
            (
                "bob:$argon2i$v=19$m=16,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA".to_owned(),
                "users:1: the hash of `bob` is argon2i, not argon2id",
            ),
            (format!("a b:{hash}"), "users:1: `a b` is not a user name"),
        ];
        for (text, start) in cases {
            let error = FixedUsers::parse(&text).expect_err(&text).to_string();
            assert!(error.starts_with(start), "{error}");
        }
        let missing = FixedUsers::from_file("/nonexistent/users.txt").unwrap_err();
        assert!(
            missing
                .to_string()
                .starts_with("/nonexistent/users.txt: cannot read it")
        );
        assert_eq!(missing.line(), 0);
    }

    #[test]
    fn an_unset_variable_is_named() {
        // Setting a variable is `unsafe` in this edition (other threads may read the
        // environment), and the crate forbids `unsafe`: `from_env` shares `parse_from`
        // with the file and text doors above, once `;` became newlines.
        let error = FixedUsers::from_env("RESTSPEC_FIXED_USERS_UNSET").unwrap_err();
        assert_eq!(
            error.to_string(),
            "$RESTSPEC_FIXED_USERS_UNSET: environment variable not found"
        );
    }
}
