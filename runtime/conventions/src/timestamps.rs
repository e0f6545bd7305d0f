//! `conventions.timestamp_format`: how the spec's timestamps are written.

spec_words! {
    /// How timestamps are written (`conventions.timestamp_format`): which of the
    /// runtime's timestamp types the generated types use (`Rfc3339Timestamp`,
    /// `Timestamp`, `UnixTimestamp`). Only the generator reads it.
    pub enum TimestampFormat {
        /// RFC 3339 (`2024-01-31T12:00:00Z`; the default).
        Rfc3339 = "rfc3339",
        /// `yyyy-mm-dd hh:mm:ss.fffffffff`, UTC.
        Nanos = "yyyy-mm-dd hh:mm:ss.fffffffff",
        /// Whole seconds since the Unix epoch, a JSON number.
        UnixSeconds = "unix_seconds",
    }
}
