//! The example's real binary, started on a site directory and a free port.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The example's binary, which cargo builds for this package's tests with the same
/// features as everything else under test (no nested build).
pub(super) fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_review-service"))
}

/// The running binary, killed when dropped.
pub(super) struct Running(pub(super) Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the binary on `site` and `port` and waits until it answers.
pub(super) async fn start(bin: &Path, site: &Path, port: u16) -> Running {
    start_with(bin, site, port, Stdio::null(), &[]).await
}

/// Starts the binary with `args` besides its site, port and admin password, and waits
/// until it answers (one `GET /config/server/version`).
pub(super) async fn start_with(
    bin: &Path,
    site: &Path,
    port: u16,
    stdout: Stdio,
    args: &[&str],
) -> Running {
    let mut command = command(bin, site, port);
    command.args(args).stdout(stdout);
    start_command(command, port).await
}

/// The binary's command line for `site` and `port` with the administrator's password
/// `persist-pw`, `RUST_LOG` unset and output discarded: add to it, then [`start_command`].
pub(super) fn command(bin: &Path, site: &Path, port: u16) -> Command {
    let mut command = Command::new(bin);
    command
        .args(["--listen", &format!("127.0.0.1:{port}"), "--site"])
        .arg(site)
        .args(["--admin-password", "persist-pw"])
        .env_remove("RUST_LOG")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

/// Starts `command` and waits until it answers on `port`.
pub(super) async fn start_command(mut command: Command, port: u16) -> Running {
    let running = Running(command.spawn().expect("the binary starts"));
    for _ in 0..100 {
        if reqwest::get(format!("http://127.0.0.1:{port}/config/server/version"))
            .await
            .is_ok()
        {
            return running;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the service did not answer on port {port}");
}

pub(super) fn fresh_site(tag: &str) -> PathBuf {
    let site = std::env::temp_dir().join(format!("restspec-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&site);
    site
}

/// A port nothing listens on now.
pub(super) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}
