//! `gitlab-subset [ADDR] [PUBLIC-URL]`: serves the GitLab subset (default
//! `127.0.0.1:8082`) under `/api/v4`. Links and `web_url`s start with `PUBLIC-URL` when
//! given, else with `http://` and the `Host` each request names.

use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let address = args.next().unwrap_or_else(|| "127.0.0.1:8082".to_owned());
    let public_url = args.next();
    let listener = match tokio::net::TcpListener::bind(&address).await {
        Ok(listener) => listener,
        Err(err) => {
            eprintln!("gitlab-subset: cannot listen on {address}: {err}");
            return ExitCode::FAILURE;
        }
    };
    let gitlab = gitlab_subset::Gitlab::seeded();
    let mut settings = gitlab_subset::settings(gitlab.clone());
    if let Some(url) = &public_url {
        settings = settings.public_url(url);
    }
    let app = gitlab_subset::api::router(gitlab, settings);
    println!("gitlab-subset serving on http://{address}/api/v4 (tokens: alice-token, bob-token)");
    match restspec_runtime::serve(listener, app).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("gitlab-subset: {err}");
            ExitCode::FAILURE
        }
    }
}
