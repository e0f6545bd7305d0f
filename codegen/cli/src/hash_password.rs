//! `restspec hash-password`: a password, read as one line of standard input, hashed for a
//! user list (`restspec_runtime::FixedUsers`): argon2id with argon2's default parameters
//! (19 MiB, two passes, one lane, the ones `FixedUsers` verifies with) and a fresh random
//! salt, as a PHC string.

use std::io::BufRead;

use argon2::Argon2;
use argon2::PasswordHasher;

/// The PHC string of `password`'s argon2id hash.
pub fn hash(password: &str) -> Result<String, String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| format!("cannot hash the password: {e}"))
}

/// Reads the password: the first line of `input`, without its line ending. An empty line
/// (or none) is refused: an empty password protects nothing.
pub fn read_password(input: &mut dyn BufRead) -> Result<String, String> {
    let mut line = String::new();
    input
        .read_line(&mut line)
        .map_err(|e| format!("cannot read the password from standard input: {e}"))?;
    let password = line
        .strip_suffix('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .unwrap_or(&line);
    if password.is_empty() {
        return Err(
            "no password: type it, or pipe it in (`echo 'the password' | restspec hash-password`)"
                .into(),
        );
    }
    Ok(password.to_owned())
}

#[cfg(test)]
mod tests {
    use argon2::{PasswordHash, PasswordVerifier};

    use super::*;

    #[test]
    fn the_hash_verifies_with_argon2id_and_the_default_parameters() {
        let phc = hash("correct horse").expect("a hash");
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        let parsed = PasswordHash::new(&phc).expect("a PHC string");
        assert!(
            Argon2::default()
                .verify_password(b"correct horse", &parsed)
                .is_ok()
        );
        assert!(
            Argon2::default()
                .verify_password(b"wrong horse", &parsed)
                .is_err()
        );
    }

    #[test]
    fn the_password_is_the_first_line_without_its_ending() {
        let mut input: &[u8] = b"s3cret pass\r\nignored\n";
        assert_eq!(read_password(&mut input), Ok("s3cret pass".to_owned()));
        let mut empty: &[u8] = b"\n";
        assert!(read_password(&mut empty).is_err());
    }
}
