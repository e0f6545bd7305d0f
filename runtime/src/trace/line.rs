//! One error log line: UTC time, level, trace id, target, message and fields, with
//! control characters escaped (a value cannot forge a second line) and secret fields
//! (passwords, credentials, cookies, access tokens) written as `*`.

use std::fmt::Write as _;

use tracing::Event;
use tracing::field::{Field, Visit};

/// One error log line for `event`, newline included.
pub(super) fn format_line(event: &Event<'_>, trace_id: &str) -> String {
    let metadata = event.metadata();
    let mut fields = LineFields::default();
    event.record(&mut fields);
    let time = jiff::tz::TimeZone::UTC.to_datetime(jiff::Timestamp::now());
    let mut line = String::with_capacity(96 + fields.message.len() + fields.rest.len());
    let _infallible = write!(
        line,
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02}.{:09} {} [",
        time.year(),
        time.month(),
        time.day(),
        time.hour(),
        time.minute(),
        time.second(),
        time.subsec_nanosecond(),
        metadata.level(),
    );
    escape_into(&mut line, trace_id);
    line.push_str("] ");
    escape_into(
        &mut line,
        fields.log_target.as_deref().unwrap_or(metadata.target()),
    );
    line.push(':');
    if !fields.message.is_empty() {
        line.push(' ');
        line.push_str(&fields.message);
    }
    line.push_str(&fields.rest);
    line.push('\n');
    line
}

/// Appends `text` with control characters escaped (`\n`, `\u{1b}`).
fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
}

fn is_secret_field(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name.contains("password")
        || name == "authorization"
        || name == "cookie"
        || name == "access_token"
}

/// An event's fields as the line shows them.
#[derive(Default)]
struct LineFields {
    message: String,
    /// ` key=value` for each other field.
    rest: String,
    /// The target of a record forwarded from the `log` crate.
    log_target: Option<String>,
}

impl LineFields {
    /// Starts ` name=` and answers false when the value must not be written.
    fn start(&mut self, name: &str) -> bool {
        self.rest.push(' ');
        self.rest.push_str(name);
        self.rest.push('=');
        if is_secret_field(name) {
            self.rest.push('*');
            return false;
        }
        true
    }
}

impl Visit for LineFields {
    fn record_str(&mut self, field: &Field, value: &str) {
        match field.name() {
            "message" => escape_into(&mut self.message, value),
            "log.target" => self.log_target = Some(value.to_owned()),
            name if name.starts_with("log.") => {}
            name => {
                if self.start(name) {
                    escape_into(&mut self.rest, &format!("{value:?}"));
                }
            }
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        match field.name() {
            "message" => escape_into(&mut self.message, &format!("{value:?}")),
            name if name.starts_with("log.") => {}
            name => {
                if self.start(name) {
                    escape_into(&mut self.rest, &format!("{value:?}"));
                }
            }
        }
    }
}
