//! `{{name}} [ADDRESS]`: serves the service (default `127.0.0.1:3000`).
//!
//! Who may write is read at start-up: from the variable `{{USERS_VARIABLE}}` when it is set,
//! otherwise from the file `users.txt`. Each line is `name:HASH`, the hash from
//! `restspec hash-password`; without either, anyone may read and nobody may write.

use std::process::ExitCode;

use restspec_runtime::{FixedUsers, FixedUsersError};

/// The variable that may hold the user list itself.
const USERS_VARIABLE: &str = "{{USERS_VARIABLE}}";
/// The file that holds the user list otherwise.
const USERS_FILE: &str = "users.txt";

#[tokio::main]
async fn main() -> ExitCode {
    let address = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:3000".to_owned());
    let users = match users() {
        Ok(users) => users,
        Err(problem) => {
            eprintln!("{{name}}: {problem}");
            return ExitCode::FAILURE;
        }
    };
    let listener = match tokio::net::TcpListener::bind(&address).await {
        Ok(listener) => listener,
        Err(problem) => {
            eprintln!("{{name}}: cannot listen on {address}: {problem}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{{name}}: serving on http://{address}/ ({} may write)",
        users.len()
    );
    match restspec_runtime::serve(listener, {{lib}}::app(users)).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(problem) => {
            eprintln!("{{name}}: {problem}");
            ExitCode::FAILURE
        }
    }
}

/// The users from `{{USERS_VARIABLE}}`, else from `users.txt`, else nobody.
fn users() -> Result<FixedUsers, FixedUsersError> {
    if std::env::var_os(USERS_VARIABLE).is_some() {
        FixedUsers::from_env(USERS_VARIABLE)
    } else if std::path::Path::new(USERS_FILE).exists() {
        FixedUsers::from_file(USERS_FILE)
    } else {
        eprintln!(
            "{{name}}: no {USERS_FILE} and no {USERS_VARIABLE}: nobody may write \
             (add a user with `restspec hash-password --user alice >> {USERS_FILE}`)"
        );
        FixedUsers::parse("")
    }
}
