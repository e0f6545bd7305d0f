//! The ready authenticator for API tokens: a fixed list of tokens, each stored as its
//! SHA-256 digest, read from a file or an environment variable at start-up.
//!
//! [`FixedUsers`](crate::FixedUsers) checks passwords, which people choose and which are
//! guessable, so it hashes them slowly (argon2id). A token is different: the service (or
//! `restspec new-token`) draws it at random, 256 bits, so no attacker can search the space
//! of tokens whatever the hash costs. A fast hash is then the usual choice (GitHub and
//! GitLab store their tokens' SHA-256 digests): a token costs one SHA-256 of a few dozen
//! bytes per request, no blocking pool and no cache, and a leaked list still gives nobody
//! a token. The presented token's digest is compared with every listed digest in constant
//! time, without stopping at the first match, so the time an answer takes says nothing
//! about how much of a digest matched, nor which line it was.
//!
//! A line is `name:sha256:HEX` (the 64 hex digits of the token's SHA-256 digest),
//! optionally followed by `:capability,capability`, the shape of [`FixedUsers`]'s lines:
//!
//! ```text
//! # who may call the API (restspec new-token --user ci >> tokens.txt)
//! ci:sha256:5f2b...e1:admin
//! deploy-bot:sha256:9a0c...77
//! ```
//!
//! [`FixedUsers`]: crate::FixedUsers

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use base64::Engine as _;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::authenticator::Authenticator;
use super::list_error::FixedListError;
use crate::message::context::Identity;

/// API tokens stored as SHA-256 digests, fixed at start-up: see the module documentation.
///
/// It answers the credentials the spec's `credentials` declare as tokens (`{scheme:
/// bearer}`, `{header: PRIVATE-TOKEN}`, `{query: private_token}`...); HTTP basic
/// authentication finds nobody. Each line's name becomes the caller's [`Identity`] (its id
/// and user name both), with the line's capabilities:
///
/// ```
/// use restspec_runtime::{Authenticator, FixedTokens, Identity, Settings};
///
/// // `restspec new-token --user ci` prints such a line (and the token, once); this one is
/// // made here for the example.
/// let line = FixedTokens::line("ci", "the-token-ci-was-given", &["admin"]);
/// let tokens = FixedTokens::parse(&format!("# API callers\n{line}\n"))?;
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// let ci = tokens.token("the-token-ci-was-given").await.expect("a listed token");
/// assert_eq!(*ci, Identity::new("ci", "ci").with_capability("admin"));
/// assert!(tokens.token("a-guess").await.is_none());
/// # });
/// let settings = Settings::default().authenticator(tokens);
/// # let _ = settings;
/// # Ok::<(), restspec_runtime::FixedListError>(())
/// ```
#[derive(Debug)]
pub struct FixedTokens {
    tokens: Vec<Token>,
}

#[derive(Debug)]
struct Token {
    digest: [u8; 32],
    identity: Arc<Identity>,
}

/// What a line of a token list must start with after its name.
const ALGORITHM: &str = "sha256:";

impl FixedTokens {
    /// Reads the token list from a file: one token per line, `name:sha256:HEX` or
    /// `name:sha256:HEX:capability,capability`; blank lines and lines starting with `#` are
    /// skipped.
    pub fn from_file(path: impl AsRef<Path>) -> Result<Self, FixedListError> {
        let path = path.as_ref();
        let source = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| FixedListError::new(&source, 0, format!("cannot read it: {e}")))?;
        Self::parse_from(&source, &text)
    }

    /// Reads the token list from the environment variable `name`: the same lines as a
    /// file, separated by newlines or `;`.
    pub fn from_env(name: &str) -> Result<Self, FixedListError> {
        let source = format!("${name}");
        let text =
            std::env::var(name).map_err(|e| FixedListError::new(&source, 0, e.to_string()))?;
        Self::parse_from(&source, &text.replace(';', "\n"))
    }

    /// Reads a token list from text, as [`from_file`](Self::from_file) reads a file.
    pub fn parse(text: &str) -> Result<Self, FixedListError> {
        Self::parse_from("tokens", text)
    }

    fn parse_from(source: &str, text: &str) -> Result<Self, FixedListError> {
        let mut tokens: Vec<Token> = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = index + 1;
            let token = parse_line(line).map_err(|m| FixedListError::new(source, at, m))?;
            if tokens.iter().any(|t| t.digest == token.digest) {
                return Err(FixedListError::new(
                    source,
                    at,
                    "this token is listed twice: give each caller a token of its own",
                ));
            }
            tokens.push(token);
        }
        Ok(FixedTokens { tokens })
    }

    /// A new token: 32 random bytes from the operating system, in URL-safe base64 without
    /// padding (43 characters, safe in a header, a query and a shell). `None` when the
    /// operating system has no randomness to give.
    pub fn new_token() -> Option<String> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).ok()?;
        Some(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))
    }

    /// The hash a list stores for `token`: `sha256:` and the 64 lowercase hex digits of its
    /// SHA-256 digest.
    pub fn hash_token(token: &str) -> String {
        let mut hash = String::with_capacity(ALGORITHM.len() + 64);
        hash.push_str(ALGORITHM);
        for byte in Sha256::digest(token.as_bytes()) {
            let _ = write!(hash, "{byte:02x}");
        }
        hash
    }

    /// A whole line of a token list: `name:sha256:HEX`, then `:capabilities` when there
    /// are any.
    pub fn line(name: &str, token: &str, capabilities: &[&str]) -> String {
        let mut line = format!("{name}:{}", Self::hash_token(token));
        if !capabilities.is_empty() {
            line.push(':');
            line.push_str(&capabilities.join(","));
        }
        line
    }

    /// A list that admits no token.
    pub fn none() -> Self {
        FixedTokens { tokens: Vec::new() }
    }

    /// How many tokens the list holds.
    pub fn len(&self) -> usize {
        self.tokens.len()
    }

    /// True when the list holds none (every request with a token is then refused).
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty()
    }
}

/// One `name:sha256:HEX[:capabilities]` line, or what is wrong with it.
fn parse_line(line: &str) -> Result<Token, String> {
    let (name, rest) = line.split_once(':').ok_or(
        "expected `name:sha256:HEX` (a caller's name, a colon, then the hash `restspec new-token` prints)",
    )?;
    if name.is_empty() || name.chars().any(char::is_whitespace) {
        return Err(format!(
            "`{name}` is not a caller's name: write one word before the first colon"
        ));
    }
    let Some(rest) = rest.strip_prefix(ALGORITHM) else {
        let algorithm = rest.split(':').next().unwrap_or_default();
        return Err(if algorithm.starts_with('$') {
            format!(
                "the hash of `{name}` is a password hash: a token list holds `sha256:` and the token's digest (`restspec new-token` prints the line); passwords go in a user list (`FixedUsers`)"
            )
        } else {
            format!(
                "the hash of `{name}` does not start with `sha256:`: write `{name}:sha256:` and the 64 hex digits of the token's SHA-256 digest, as `restspec new-token` prints them"
            )
        });
    };
    let (hex, capabilities) = match rest.split_once(':') {
        Some((hex, capabilities)) => (hex, Some(capabilities)),
        None => (rest, None),
    };
    let digest = parse_hex(hex).ok_or_else(|| {
        format!(
            "the digest of `{name}` is not 64 hex digits (it has {} characters): paste the SHA-256 digest of the token, never the token itself",
            hex.len()
        )
    })?;
    let mut identity = Identity::new(name, name);
    for capability in capabilities.into_iter().flat_map(|c| c.split(',')) {
        let capability = capability.trim();
        if !capability.is_empty() {
            identity = identity.with_capability(capability);
        }
    }
    Ok(Token {
        digest,
        identity: Arc::new(identity),
    })
}

/// 64 hex digits (either case) as 32 bytes.
fn parse_hex(hex: &str) -> Option<[u8; 32]> {
    if hex.len() != 64 || !hex.is_ascii() {
        return None;
    }
    let mut digest = [0u8; 32];
    for (byte, pair) in digest.iter_mut().zip(hex.as_bytes().chunks(2)) {
        let pair = std::str::from_utf8(pair).ok()?;
        *byte = u8::from_str_radix(pair, 16).ok()?;
    }
    Some(digest)
}

impl Authenticator for FixedTokens {
    /// Tokens only: a user name and password find nobody.
    async fn basic(&self, _username: &str, _password: &str) -> Option<Arc<Identity>> {
        None
    }

    async fn token(&self, token: &str) -> Option<Arc<Identity>> {
        self.listed(Sha256::digest(token.as_bytes()).into())
    }

    /// Keys carried together are one token: their values joined by `:`, in the spec's
    /// order (an app key `k` and an app token `t` are listed as the token `k:t`).
    async fn keys(&self, keys: &[(&str, &str)]) -> Option<Arc<Identity>> {
        let mut hasher = Sha256::new();
        for (index, (_, key)) in keys.iter().enumerate() {
            if index > 0 {
                hasher.update(b":");
            }
            hasher.update(key.as_bytes());
        }
        self.listed(hasher.finalize().into())
    }
}

impl FixedTokens {
    /// The identity of the token whose digest is `digest`, if one is listed.
    fn listed(&self, digest: [u8; 32]) -> Option<Arc<Identity>> {
        let mut found = None;
        // Every digest is compared, in constant time, whatever matched before.
        for listed in &self.tokens {
            if bool::from(listed.digest.ct_eq(&digest)) {
                found = Some(&listed.identity);
            }
        }
        found.cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn finds_the_caller_of_a_listed_token_and_nobody_else() {
        let text = format!(
            "# comment\n\n{}\n  {}  \n",
            FixedTokens::line("ci", "token-one", &["admin", "runAs"]),
            FixedTokens::line("bot", "token-two", &[]),
        );
        let tokens = FixedTokens::parse(&text).expect("a valid list");
        assert_eq!(tokens.len(), 2);
        let ci = tokens.token("token-one").await.expect("ci's token");
        assert_eq!(
            *ci,
            Identity::new("ci", "ci")
                .with_capability("admin")
                .with_capability("runAs")
        );
        let bot = tokens.token("token-two").await.expect("bot's token");
        assert_eq!((bot.username.as_str(), bot.capabilities.len()), ("bot", 0));
        for wrong in ["token-one ", "token-", "", "TOKEN-ONE"] {
            assert!(tokens.token(wrong).await.is_none(), "{wrong:?}");
        }
        assert!(tokens.basic("ci", "token-one").await.is_none());
    }

    /// Keys carried together are listed as one token, their values joined by `:`.
    #[tokio::test]
    async fn keys_carried_together_are_one_listed_token() {
        let tokens = FixedTokens::parse(&FixedTokens::line("app", "key-1:secret-1", &[]))
            .expect("a valid list");
        let found = tokens
            .keys(&[("X-App-Key", "key-1"), ("X-App-Secret", "secret-1")])
            .await;
        assert_eq!(found.map(|i| i.username.clone()).as_deref(), Some("app"));
        for wrong in [
            [("X-App-Key", "key-1"), ("X-App-Secret", "secret-2")],
            [("X-App-Key", "secret-1"), ("X-App-Secret", "key-1")],
        ] {
            assert!(tokens.keys(&wrong).await.is_none(), "{wrong:?}");
        }
    }

    #[test]
    fn the_hash_is_sha256_in_lowercase_hex() {
        // The SHA-256 of "abc" (FIPS 180-2, appendix B.1).
        assert_eq!(
            FixedTokens::hash_token("abc"),
            "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        // Upper-case digits, as some tools print them, are read too.
        let upper = format!("ci:{}", FixedTokens::hash_token("abc").to_uppercase());
        let upper = upper.replacen("SHA256", "sha256", 1);
        assert_eq!(FixedTokens::parse(&upper).map(|t| t.len()), Ok(1));
    }

    #[test]
    fn new_tokens_are_43_url_safe_characters_and_differ() {
        let (one, two) = (FixedTokens::new_token(), FixedTokens::new_token());
        let one = one.expect("randomness");
        assert_eq!(one.len(), 43);
        assert!(
            one.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        );
        assert_ne!(Some(one), two);
    }

    #[test]
    fn names_the_line_and_says_what_to_write() {
        let hash = FixedTokens::hash_token("t");
        let cases = [
            ("ci\n".to_owned(), "tokens:1: expected `name:sha256:HEX`"),
            (
                format!("\nci:{hash}\nbot:{hash}"),
                "tokens:3: this token is listed twice",
            ),
            (
                "ci:the-token-itself".to_owned(),
                "tokens:1: the hash of `ci` does not start with `sha256:`",
            ),
            (
                "ci:$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".to_owned(),
                "tokens:1: the hash of `ci` is a password hash",
            ),
            (
                "ci:sha256:abc".to_owned(),
                "tokens:1: the digest of `ci` is not 64 hex digits (it has 3 characters)",
            ),
            (
                format!("ci:sha256:{}", "g".repeat(64)),
                "tokens:1: the digest of `ci` is not 64 hex digits",
            ),
            (
                format!("a b:{hash}"),
                "tokens:1: `a b` is not a caller's name",
            ),
        ];
        for (text, start) in cases {
            let error = FixedTokens::parse(&text).expect_err(&text).to_string();
            assert!(error.starts_with(start), "{error}");
        }
        let missing = FixedTokens::from_file("/nonexistent/tokens.txt").unwrap_err();
        assert!(
            missing
                .to_string()
                .starts_with("/nonexistent/tokens.txt: cannot read it")
        );
        let unset = FixedTokens::from_env("RESTSPEC_FIXED_TOKENS_UNSET").unwrap_err();
        assert_eq!(
            unset.to_string(),
            "$RESTSPEC_FIXED_TOKENS_UNSET: environment variable not found"
        );
    }
}
