//! The layer that writes traced requests' events to their error log, and the filter that
//! lets only those events through.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::subscriber::Interest;
use tracing::{Event, Level, Metadata, Subscriber};
use tracing_subscriber::filter::{Filtered, LevelFilter};
use tracing_subscriber::layer::{Context, Filter, Layer};
use tracing_subscriber::registry::LookupSpan;

use super::line::format_line;
use super::log_files::{LogFiles, Rotation};
use super::{REQUEST_SPAN_NAME, REQUEST_SPAN_TARGET};

fn is_request_span(metadata: &Metadata<'_>) -> bool {
    metadata.is_span()
        && metadata.target() == REQUEST_SPAN_TARGET
        && metadata.name() == REQUEST_SPAN_NAME
}

/// What a request span says about where its events go; stored in the span's extensions.
#[derive(Debug, Default)]
struct TracedSpan {
    trace_id: String,
    log_file: Option<PathBuf>,
}

impl Visit for TracedSpan {
    fn record_str(&mut self, field: &Field, value: &str) {
        match field.name() {
            "trace_id" => value.clone_into(&mut self.trace_id),
            "log_file" => self.log_file = Some(PathBuf::from(value)),
            _ => {}
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        match field.name() {
            "trace_id" => self.trace_id = format!("{value:?}"),
            "log_file" => self.log_file = Some(PathBuf::from(format!("{value:?}"))),
            _ => {}
        }
    }
}

/// A `tracing-subscriber` layer that appends every event at `DEBUG` or above that happens
/// inside a traced request's span ([`request_span`](super::request_span)) to the error log
/// the span names, one line per event:
///
/// ```text
/// 2026-11-22 07:24:05.123456789 DEBUG [1533885943749-8257c498] restspec_runtime::dispatch: message key=value
/// ```
///
/// The time is UTC. Control characters in messages and values are escaped (`\n`), so
/// each event stays one line; fields named `password`, `authorization`, `cookie` or
/// `access_token` (in any case) are written as `*`. Events outside any traced request
/// span, and `TRACE` events, are ignored. The nearest request span counts when they nest.
///
/// The log file's directory (`<site>/logs`) is created when missing and the file is opened
/// for appending; open files are kept in a small cache keyed by path, since several
/// services in one process may log to different files. A file that reaches its size limit
/// is rotated (`error_log` becomes `error_log.1`, and so on; see [`Rotation`], by default
/// 10 MiB and five old files), so that a flood of traced requests cannot fill the disk.
/// The layer never panics: I/O errors drop the line and are reported once per file to
/// stderr.
///
/// Used on its own the layer sees every event and span; put it behind
/// [`TracedRequestFilter`] ([`traced_only`](Self::traced_only)) so that its `DEBUG` level
/// does not reach the rest of the subscriber's layers.
#[derive(Debug, Default)]
pub struct ErrorLogLayer {
    files: Mutex<LogFiles>,
}

impl ErrorLogLayer {
    /// A layer with no file open yet, rotating files at [`Rotation::default`].
    pub fn new() -> Self {
        ErrorLogLayer::default()
    }

    /// A layer that rotates its files at `rotation`.
    pub fn with_rotation(rotation: Rotation) -> Self {
        ErrorLogLayer {
            files: Mutex::new(LogFiles::new(rotation)),
        }
    }

    /// This layer behind [`TracedRequestFilter`]: the form to add to a subscriber, e.g.
    /// `tracing_subscriber::registry().with(ErrorLogLayer::new().traced_only())`.
    pub fn traced_only<S>(self) -> Filtered<Self, TracedRequestFilter, S>
    where
        S: Subscriber + for<'a> LookupSpan<'a>,
    {
        Layer::<S>::with_filter(self, TracedRequestFilter::new())
    }

    /// Closes every cached log file; the next event reopens its file.
    pub fn close_files(&self) {
        self.files
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .close_all();
    }

    fn append(&self, path: &Path, line: &str) {
        self.files
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .append(path, line);
    }
}

impl<S> Layer<S> for ErrorLogLayer
where
    S: Subscriber + for<'a> LookupSpan<'a>,
{
    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
        if !is_request_span(attrs.metadata()) {
            return;
        }
        let mut traced = TracedSpan::default();
        attrs.record(&mut traced);
        if let Some(span) = ctx.span(id) {
            // `replace`, not `insert`: a second instance of this layer must not panic.
            span.extensions_mut().replace(traced);
        }
    }

    fn on_record(&self, id: &Id, values: &Record<'_>, ctx: Context<'_, S>) {
        if let Some(span) = ctx.span(id)
            && is_request_span(span.metadata())
            && let Some(traced) = span.extensions_mut().get_mut::<TracedSpan>()
        {
            values.record(traced);
        }
    }

    fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
        let metadata = event.metadata();
        if *metadata.level() > Level::DEBUG {
            return;
        }
        let Some(scope) = ctx.event_scope(event) else {
            return;
        };
        let target = scope.into_iter().find_map(|span| {
            let extensions = span.extensions();
            let traced = extensions.get::<TracedSpan>()?;
            Some((traced.log_file.clone()?, traced.trace_id.clone()))
        });
        let Some((log_file, trace_id)) = target else {
            return;
        };
        let line = format_line(event, &trace_id);
        self.append(&log_file, &line);
    }
}

/// The per-layer filter of [`ErrorLogLayer`]: it enables request spans
/// ([`request_span`](super::request_span)) and events at `DEBUG` or above whose current
/// span context contains one, nothing else.
///
/// It decides per event, from the current span, so for `DEBUG`-and-above event callsites
/// it answers [`Interest::sometimes`]: `tracing` then never caches them as disabled, even
/// while the other layers' filters (an `INFO` stdout, say) would disable them for good,
/// and asks again on every hit. Request spans are [`Interest::sometimes`] too: were they
/// `always`, a stdout filter that also enables them (any filter at `ERROR` or more
/// verbose for the target) would make the pair `always`, `tracing` would skip asking the
/// filters, and the span would be recorded with whatever per-layer filter state the
/// thread's last event left, which can hide it from this layer (the example's error log
/// stayed empty at `RUST_LOG=info`). Other spans and `TRACE` events are
/// [`Interest::never`] for this layer alone (the other layers keep their own say). Its level hint is `DEBUG`, which keeps the global maximum level at
/// `DEBUG` or more verbose while it is installed.
///
/// Because other spans are disabled for this filter, a span opened inside a traced
/// request (a database call's, say) does not hide the request span: the filtered context
/// looks through it. An event with an explicit parent is judged by the current span
/// here and by its parent in [`ErrorLogLayer`], so it is written only when both are traced.
#[derive(Debug, Clone, Copy, Default)]
pub struct TracedRequestFilter {
    _private: (),
}

impl TracedRequestFilter {
    /// The filter.
    pub fn new() -> Self {
        TracedRequestFilter::default()
    }
}

impl<S> Filter<S> for TracedRequestFilter
where
    S: Subscriber + for<'a> LookupSpan<'a>,
{
    fn enabled(&self, metadata: &Metadata<'_>, cx: &Context<'_, S>) -> bool {
        if metadata.is_span() {
            return is_request_span(metadata);
        }
        *metadata.level() <= Level::DEBUG
            && cx
                .lookup_current()
                .is_some_and(|span| is_request_span(span.metadata()))
    }

    fn callsite_enabled(&self, metadata: &'static Metadata<'static>) -> Interest {
        if metadata.is_span() {
            if is_request_span(metadata) {
                Interest::sometimes()
            } else {
                Interest::never()
            }
        } else if *metadata.level() <= Level::DEBUG {
            Interest::sometimes()
        } else {
            Interest::never()
        }
    }

    fn max_level_hint(&self) -> Option<LevelFilter> {
        Some(LevelFilter::DEBUG)
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use http::Method;
    use tracing_subscriber::EnvFilter;
    use tracing_subscriber::layer::SubscriberExt;

    use super::*;
    use crate::trace::logging::logging_subscriber;
    use crate::trace::{error_log_path, generate_trace_id, request_span};

    /// A fresh directory under the system's temporary directory, removed on drop.
    struct TempSite(PathBuf);

    impl TempSite {
        fn new(name: &str) -> Self {
            let dir = std::env::temp_dir().join(format!(
                "restspec-trace-{name}-{}-{}",
                std::process::id(),
                generate_trace_id()
            ));
            TempSite(dir)
        }

        fn log(&self) -> PathBuf {
            error_log_path(&self.0)
        }

        fn lines(&self) -> Vec<String> {
            std::fs::read_to_string(self.log())
                .unwrap_or_default()
                .lines()
                .map(str::to_owned)
                .collect()
        }
    }

    impl Drop for TempSite {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn span(id: &str, log: &Path) -> tracing::Span {
        request_span(
            id,
            log,
            &Method::GET,
            "/changes/?access_token=secret",
            &["access_token"],
        )
    }

    #[test]
    fn traced_events_reach_the_error_log_and_others_do_not() {
        let site = TempSite::new("e2e");
        let subscriber = tracing_subscriber::registry()
            .with(ErrorLogLayer::new().with_filter(TracedRequestFilter::new()));
        tracing::subscriber::with_default(subscriber, || {
            tracing::debug!("outside before");
            span("1533885943749-8257c498", &site.log()).in_scope(|| {
                tracing::debug!(key = 5, "inside {}", "first");
                tracing::trace!("too verbose");
                tracing::info_span!("nested").in_scope(|| {
                    tracing::warn!(password = "hunter2", name = "multi\nline", "nested event");
                });
            });
            tracing::debug!("outside after");
        });
        let lines = site.lines();
        assert_eq!(lines.len(), 2, "{lines:#?}");
        let first = &lines[0];
        assert!(
            first.contains(" DEBUG [1533885943749-8257c498] restspec_runtime::trace::layer::tests: inside first key=5"),
            "{first}"
        );
        let (date, _) = first.split_once(' ').unwrap();
        assert_eq!(date.len(), "2026-11-22".len(), "{first}");
        let second = &lines[1];
        assert!(
            second.contains(" WARN [1533885943749-8257c498] "),
            "{second}"
        );
        assert!(
            second.ends_with(r#": nested event password=* name="multi\nline""#),
            "{second}"
        );
        let all = lines.join("\n");
        for absent in ["outside", "too verbose", "hunter2", "secret"] {
            assert!(!all.contains(absent), "{absent} in {all}");
        }
    }

    #[test]
    fn each_request_span_writes_to_its_own_file() {
        let (one, two) = (TempSite::new("one"), TempSite::new("two"));
        let subscriber = tracing_subscriber::registry().with(ErrorLogLayer::new().traced_only());
        tracing::subscriber::with_default(subscriber, || {
            let first = span("id-one", &one.log());
            let second = span("id-two", &two.log());
            first.in_scope(|| tracing::debug!("event one"));
            second.in_scope(|| {
                tracing::debug!("event two");
                // The nearest request span wins.
                span("id-three", &one.log()).in_scope(|| tracing::info!("event three"));
            });
            first.in_scope(|| tracing::error!("event four"));
        });
        let one = one.lines();
        let two = two.lines();
        assert_eq!(one.len(), 3, "{one:#?}");
        assert!(one[0].contains("[id-one]") && one[0].ends_with("event one"));
        assert!(one[1].contains("[id-three]") && one[1].ends_with("event three"));
        assert!(one[2].contains(" ERROR [id-one]") && one[2].ends_with("event four"));
        assert_eq!(two.len(), 1, "{two:#?}");
        assert!(two[0].contains("[id-two]") && two[0].ends_with("event two"));
    }

    #[test]
    fn an_info_stdout_does_not_hide_debug_lines_of_traced_requests() {
        let site = TempSite::new("stdout");
        let subscriber = logging_subscriber(EnvFilter::new("info"), false, Rotation::default());
        tracing::subscriber::with_default(subscriber, || {
            span("traced", &site.log()).in_scope(|| {
                tracing::debug!("debug inside");
            });
            tracing::debug!("debug outside");
        });
        let lines = site.lines();
        assert_eq!(lines.len(), 1, "{lines:#?}");
        assert!(lines[0].contains(" DEBUG [traced] ") && lines[0].ends_with("debug inside"));
    }

    #[test]
    fn unwritable_log_is_ignored() {
        let site = TempSite::new("unwritable");
        std::fs::create_dir_all(&site.0).unwrap();
        // `logs` is a file, so `logs/error_log` cannot be created.
        std::fs::write(site.0.join("logs"), "").unwrap();
        let subscriber = tracing_subscriber::registry().with(ErrorLogLayer::new().traced_only());
        tracing::subscriber::with_default(subscriber, || {
            span("x", &site.log()).in_scope(|| {
                tracing::debug!("lost");
                tracing::debug!("lost again");
            });
        });
        assert!(site.log().metadata().is_err());
    }

    #[test]
    fn the_layer_alone_still_writes_only_traced_debug_events() {
        let site = TempSite::new("unfiltered");
        let layer = ErrorLogLayer::new();
        let subscriber = tracing_subscriber::registry().with(layer);
        tracing::subscriber::with_default(subscriber, || {
            tracing::debug!("outside");
            span("alone", &site.log()).in_scope(|| {
                tracing::trace!("trace inside");
                tracing::debug!("debug inside");
            });
        });
        let lines = site.lines();
        assert_eq!(lines.len(), 1, "{lines:#?}");
        assert!(lines[0].ends_with("[alone] restspec_runtime::trace::layer::tests: debug inside"));
    }
}
