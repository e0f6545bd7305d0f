//! The process-wide subscriber a service installs: stdout, plus traced requests' error log.

use tracing_subscriber::EnvFilter;
use tracing_subscriber::Layer as _;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::registry::LookupSpan;
use tracing_subscriber::util::SubscriberInitExt;

use super::{ErrorLogLayer, Rotation, SERVER_SPAN_TARGET};

/// Installs the process-wide subscriber of a service: events filtered by `RUST_LOG` (or
/// `default_filter` when it is unset or invalid, e.g. `"info"`) go to stdout, with ANSI
/// colours only when stdout is a terminal; and every event at `DEBUG` or above inside a
/// traced request ([`request_span`](super::request_span)) goes to that request's error log ([`ErrorLogLayer`]
/// filtered by [`TracedRequestFilter`](super::TracedRequestFilter)), whatever the stdout filter says.
///
/// Each layer has its own filter, so an `INFO` stdout does not hide the traced requests'
/// debug lines, and those lines do not show up on stdout. Records of the `log` crate are
/// forwarded as well. Calling it again (or after another global subscriber was set) does
/// nothing. The error logs rotate at [`Rotation::default`]; see [`init_logging_with`].
pub fn init_logging(default_filter: &str) {
    init_logging_with(default_filter, Rotation::default());
}

/// [`init_logging`] with the error logs rotated at `rotation`.
pub fn init_logging_with(default_filter: &str, rotation: Rotation) {
    let (stdout_filter, ansi) = stdout_settings(default_filter);
    let _already_set = logging_subscriber(stdout_filter, ansi, rotation).try_init();
}

/// The stdout filter (`RUST_LOG`, else `default_filter`, else `info`), leaving out the
/// server spans ([`SERVER_SPAN_TARGET`]) unless it names them, and whether to colour.
pub(super) fn stdout_settings(default_filter: &str) -> (EnvFilter, bool) {
    let filter = EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new(default_filter))
        .unwrap_or_else(|_| EnvFilter::new("info"));
    let filter = match format!("{SERVER_SPAN_TARGET}=off").parse() {
        Ok(off) if !filter.to_string().contains(SERVER_SPAN_TARGET) => filter.add_directive(off),
        _ => filter,
    };
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stdout());
    (filter, ansi)
}

/// The subscriber [`init_logging`] installs.
pub(super) fn logging_subscriber(
    stdout_filter: EnvFilter,
    ansi: bool,
    rotation: Rotation,
) -> impl tracing::Subscriber + for<'span> LookupSpan<'span> + Send + Sync + 'static {
    let stdout = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stdout)
        .with_ansi(ansi)
        .with_filter(stdout_filter);
    tracing_subscriber::registry()
        .with(stdout)
        .with(ErrorLogLayer::with_rotation(rotation).traced_only())
}
