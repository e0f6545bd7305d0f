//! `restspec new-token`: a fresh API token for a token list
//! (`restspec_runtime::FixedTokens`), and the line the list holds for it. The token is
//! 32 random bytes from the operating system in URL-safe base64 without padding; the list
//! holds `NAME:sha256:HEX`, the token's SHA-256 digest, never the token. A token is drawn
//! at random, so a fast hash protects it as well as a slow one would (see `FixedTokens`).

use sha2::{Digest, Sha256};

use base64::Engine as _;

/// A new token and the line of a token list for it: `(token, "name:sha256:HEX[:caps]")`.
pub fn new_token(name: &str, capabilities: &[String]) -> Result<(String, String), String> {
    if name.is_empty() || name.contains(':') || name.chars().any(char::is_whitespace) {
        return Err(format!(
            "`{name}` cannot name a caller: write one word without a colon"
        ));
    }
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| format!("the operating system gave no random bytes: {e}"))?;
    let token = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    let mut line = format!("{name}:{}", hash(&token));
    if !capabilities.is_empty() {
        line.push(':');
        line.push_str(&capabilities.join(","));
    }
    Ok((token, line))
}

/// `sha256:` and the 64 lowercase hex digits of `token`'s SHA-256 digest.
pub fn hash(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_holds_the_digest_of_the_token_and_never_the_token() {
        let (token, line) = new_token("ci", &["admin".into()]).expect("a token");
        assert_eq!(token.len(), 43);
        assert_eq!(line, format!("ci:{}:admin", hash(&token)));
        assert!(!line.contains(&token));
        let (other, _) = new_token("ci", &[]).expect("a token");
        assert_ne!(token, other, "each token is drawn afresh");
        // The SHA-256 of "abc" (FIPS 180-2, appendix B.1).
        assert_eq!(
            hash("abc"),
            "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert!(new_token("a:b", &[]).is_err());
    }
}
